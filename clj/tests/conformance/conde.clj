;; `conde`: interleaving search and fairness, and infinite relations taken lazily.
(ns conformance.conde
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(defn nato [n]
  (conde
    [(== n 'z)]
    [(fresh [m] (== n (list 's m)) (nato m))]))

(defn fiveo [x] (conde [(== x 5)] [(fiveo x)]))
(defn sixo [x] (conde [(== x 6)] [(sixo x)]))

(deftest conde-order
  (is (= (run* [q] (conde [(== q 1)] [(== q 2)] [(== q 3)])) '(1 2 3)))
  (is (= (run* [q] (conde [(== q 1) (== q 2)] [(== q 3)])) '(3)))
  (is (= (run* [q] (fresh [x y] (conde [(== x 1)] [(== x 2)]) (conde [(== y :a)] [(== y :b)]) (== q [x y])))
         '([1 :a] [1 :b] [2 :a] [2 :b]))))

(deftest conde-infinite
  (is (= (run 3 [q] (nato q)) '(z (s z) (s (s z)))))
  (is (= (run 4 [q] (conde [(fiveo q)] [(sixo q)])) '(5 6 5 6)))
  (is (= (run 2 [q] (conde [(fiveo q)] [(== q 1)])) '(1 5))))

(deftest conde-goals-as-values
  (is (= (run* [q] (or* [(== q 1) (== q 2)])) '(1 2)))
  (is (= (run* [q] (and* [(== q 1) succeed])) '(1)))
  (is (= (run* [q] (all (== q 1) s#)) '(1)))
  (is (= (run* [q] (all (== q 1) u#)) '()))
  (is (= (run* [q] (everyg #(== % q) [1 1])) '(1))))

(deftest run-with-false-or-nil-asks-for-every-answer
  (is (= (run false [q] (membero q [1 2])) '(1 2)))
  (is (= (run-nc false [q] (membero q [1 2])) '(1 2)))
  (is (= (run nil [q] (membero q [1 2])) '(1 2))))
