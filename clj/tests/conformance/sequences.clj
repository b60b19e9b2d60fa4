;; Vectors, lists, lazy seqs and lcons cells are all sequences to unification; maps unify key
;; by key. Each keeps its own printed form.
(ns conformance.sequences
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(defne lasto [l x]
  ([[x] _])
  ([[_ . t] _] (lasto t x)))

(defna firsta [l x]
  ([[x . _] _])
  ([_ _] (== x :none)))

(deftest vectors-and-lists
  (is (= (run* [q] (== [1 2] '(1 2))) '(_0)))
  (is (= (run* [q] (fresh [a d] (== [1 2 3] (lcons a d)) (== q [a d]))) '([1 (2 3)])))
  (is (= (run* [q] (membero q [1 2 3])) '(1 2 3)))
  (is (= (run* [q] (appendo [1 2] [3] q)) '((1 2 3))))
  (is (= (run* [q] (== q (map inc [1 2]))) '((2 3))))
  (is (= (run* [q] (== [q 2] (range 1 3))) '(1))))

(deftest patterns-on-vectors
  (is (= (run* [q] (lasto [1 2 3] q)) '(3)))
  (is (= (run* [q] (firsta [5 6] q)) '(5)))
  (is (= (run* [q] (firsta [] q)) '(:none)))
  (is (= (run* [q] (matche [[1 2]] ([[a . b]] (== q b)))) '((2)))))

(deftest maps
  (is (= (run* [q] (== {:a q :b 2} {:a 1 :b 2})) '(1)))
  (is (= (run* [q] (== {:a 1} {:a 1 :b 2})) '()))
  (is (= (run* [q] (fresh [x] (== q {:k x}))) '({:k _0}))))

(deftest a-list-going-on-in-a-vector-prints-as-one-seq
  (is (= (pr-str (run* [q] (fresh [a] (== q (lcons 1 a)) (== a [0])))) "((1 0))"))
  (is (= (pr-str (run* [q] (fresh [a] (== q (lcons 1 a)) (== a [0 [2]])))) "((1 0 [2]))")))

(deftest interleaving-seqs-as-answers
  (is (= (interleave) ()))
  (is (= (run* [q] (== q (interleave [1 2] [:a :b]))) '((1 :a 2 :b))))
  (is (= (run* [q] (== q (take 3 (interleave (range) (repeat :x))))) '((0 :x 1)))))
