;; The list relations: conso, firsto, resto, emptyo, appendo, membero, rembero, permuteo,
;; distincto, llist.
(ns conformance.lists
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(deftest lists-basic
  (is (= (run* [q] (conso 1 '(2 3) q)) '((1 2 3))))
  (is (= (run* [q] (fresh [d] (conso q d '(1 2)))) '(1)))
  (is (= (run* [q] (firsto '(1 2) q)) '(1)))
  (is (= (run* [q] (resto '(1 2) q)) '((2))))
  (is (= (run* [q] (emptyo q)) '(())))
  (is (= (run* [q] (== q (llist 1 2 '(3)))) '((1 2 3)))))

(deftest lists-appendo
  (is (= (run* [q] (appendo '(1 2) '(3 4) q)) '((1 2 3 4))))
  (is (= (run* [q] (fresh [x y] (appendo x y '(1 2)) (== q [x y])))
         '([() (1 2)] [(1) (2)] [(1 2) ()])))
  (is (= (run 2 [q] (fresh [x] (appendo x '(1) q))) '((1) (_0 1)))))

(deftest lists-membero
  (is (= (run* [q] (membero q '(1 2 3))) '(1 2 3)))
  (is (= (run* [q] (membero 2 '(1 2 3))) '(_0)))
  (is (= (pr-str (run 2 [q] (membero 5 q))) "((5 . _0) (_0 5 . _1))"))
  (is (= (run* [q] (membero q (range 3))) '(0 1 2))))

(deftest lists-rembero-permuteo
  (is (= (run 1 [q] (rembero 2 '(1 2 3 2) q)) '((1 3 2))))
  (is (= (set (run* [q] (permuteo '(1 2 3) q))) #{'(1 2 3) '(1 3 2) '(2 1 3) '(2 3 1) '(3 1 2) '(3 2 1)}))
  (is (= (run* [q] (distincto '(1 2 3))) '(_0)))
  (is (= (run* [q] (distincto '(1 2 1))) '())))

;; `lcons` and `llist` in a `defne` body, on the clause's terms and constants: a tail that
;; is a variable or a list makes the list of the terms; `nil`, a vector or a map as the tail
;; is what the built-in makes of it.
(defne wrapo [x tail o]
  ([_ _ _] (== o (lcons x tail)))
  ([_ _ _] (== o (llist :a x tail)))
  ([_ _ _] (== o (lcons x nil)))
  ([_ _ _] (== o (llist x 2.5 [1 2]))))

(deftest lcons-and-llist-in-clause-bodies
  (is (= (run* [q] (wrapo 1 '(2 3) q)) '((1 2 3) (:a 1 2 3) (1) (1 2.5 1 2))))
  (is (= (pr-str (run* [q] (fresh [t] (wrapo 1 t q))))
         "((1 . _0) (:a 1 . _0) (1) (1 2.5 1 2))"))
  (is (= (run* [q] (fresh [t] (wrapo 'x t q) (== t [7]))) '((x 7) (:a x 7) (x) (x 2.5 1 2))))
  (is (= (run* [q] (fresh [a b] (wrapo a b q) (== q [1 2 3]))) '((1 2 3))))
  (is (= (run* [q] (wrapo "s" {:k 1} q)) '(("s" [:k 1]) (:a "s" [:k 1]) ("s") ("s" 2.5 1 2)))))

;; A reified list is a seq of its values, not a list: core.logic's walk* makes each a lazy seq
;; (ground or not, ending in () or in a vector, nested or not).
(deftest lists-reified-as-seqs
  (let [a (first (run* [q] (== q '(1 2))))
        b (first (run* [q] (fresh [x] (== q (list x 2 3)) (== x 1))))
        c (first (run* [q] (fresh [x] (== q [(list 1 x)]))))
        d (first (run* [q] (fresh [x y] (== q (llist 1 x y)) (== y [3]))))]
    (is (= [true false true] [(seq? a) (list? a) (= a '(1 2))]))
    (is (= [true false true] [(seq? b) (list? b) (= b '(1 2 3))]))
    (is (= '(1 _0) (first c)))
    (is (= [true false] [(seq? (first c)) (list? (first c))]))
    (is (= [true false] [(= '(1 _0 3) d) (list? d)]))
    (is (= '(0 1 2) (conj a 0)))
    (is (= (hash '(1 2 3)) (hash b)))
    (is (= #{'(1 2)} (conj #{} a)))))
