;; The finite-domain namespace: in, interval, domain, distinct, + - * quot, comparisons, eq.
(ns conformance.fd
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.fd :as fd]))

(deftest fd-domains
  (is (= (run* [q] (fd/in q (fd/interval 1 3))) '(1 2 3)))
  (is (= (run* [q] (fd/in q (fd/interval 2))) '(0 1 2)))
  (is (= (run* [q] (fd/in q (fd/domain 1 5 9))) '(1 5 9))))

(deftest fd-arithmetic
  (is (= (run* [q] (fresh [x y] (fd/in x y (fd/interval 0 4)) (fd/+ x y 4) (== q [x y])))
         '([0 4] [1 3] [2 2] [3 1] [4 0])))
  (is (= (run* [q] (fd/in q (fd/interval 0 10)) (fd/* q q 49)) '(7)))
  (is (= (run* [q] (fd/in q (fd/interval 0 10)) (fd/- 9 q 4)) '(5)))
  (is (= (run* [q] (fd/in q (fd/interval 0 10)) (fd/quot 9 q 3)) '(3))))

(deftest fd-comparisons
  (is (= (run* [q] (fd/in q (fd/interval 0 5)) (fd/< q 2)) '(0 1)))
  (is (= (run* [q] (fd/in q (fd/interval 0 5)) (fd/>= q 4)) '(4 5)))
  (is (= (run* [q] (fd/in q (fd/interval 0 3)) (fd/!= q 1)) '(0 2 3)))
  (is (= (run* [q] (fresh [x] (fd/in q x (fd/interval 0 3)) (fd/== q x) (fd/> x 2))) '(3))))

;; core.logic's `verify-all-bound`: an answer that leaves a variable an FD constraint watches
;; unbound and without a domain throws (whether the variable is in the answer or not, in
;; `run` as in `run*`); once it is bound or has a domain, given before or after, it does not.
(deftest fd-without-domain
  (is (thrown-with-msg? Exception #"Constrained variable <lvar:.*> without domain"
        (doall (run* [q] (fd/< q 5)))))
  (is (thrown-with-msg? Exception #"Constrained variable <lvar:.*> without domain"
        (doall (run 1 [q] (fd/+ q q 6)))))
  (is (thrown-with-msg? Exception #"Constrained variable <lvar:.*> without domain"
        (doall (run* [q] (fresh [x] (fd/<= x 5) (== q 1))))))
  (is (thrown-with-msg? Exception #"Constrained variable <lvar:.*> without domain"
        (doall (run* [q] (fd/distinct [q 1])))))
  (is (thrown-with-msg? Exception #"Constrained variable <lvar:.*> without domain"
        (doall (run* [q] (fd/!= q 3)))))
  (is (thrown-with-msg? Exception #"Constrained variable <lvar:.*> without domain"
        (doall (run* [q] (fd/< q 5) (conde [(== q 1)] [succeed])))))
  (is (= (run 1 [q] (fd/< q 5) (conde [(== q 1)] [succeed])) '(1)))
  (is (= (run* [q] (fd/< q 5) (== q 3)) '(3)))
  (is (= (run* [q] (fd/!= q 3) (== q 4)) '(4)))
  (is (= (run* [q] (fd/< q 3) (fd/in q (fd/interval 0 9))) '(0 1 2)))
  (is (= (run* [q] (fd/< q 3) (fd/dom q (fd/interval 1 9))) '(1 2)))
  (is (= (run* [q] (fd/+ q 1 5)) '(4)))
  (is (= (run* [q] (fresh [x] (fd/< q 5) (fd/in x (fd/interval 0 2)) (== q x))) '(0 1 2)))
  (is (= (run* [q] (fd/< 3 5)) '(_0)))
  (is (= (run* [q] (fd/+ q 1 5) (== q 'a)) ())))

(deftest fd-distinct-and-eq
  (is (= (count (run* [q] (fresh [a b c] (fd/in a b c (fd/interval 1 3)) (fd/distinct [a b c]) (== q [a b c])))) 6))
  (is (= (run* [q] (fresh [x y] (fd/in x y (fd/interval 0 9)) (fd/eq (= (+ x y) 9) (< x y) (!= x 2)) (== q [x y])))
         '([0 9] [1 8] [3 6] [4 5]))))

;; distribute (core.logic's one strategy, first-fail) and distinct over a variable bound to
;; the vector later.
(deftest distribute-and-distinct
  (is (= (run* [q] (fresh [x y] (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))
                     (== q [x y]) (distribute q :clojure.core.logic/ff)))
         '([1 1] [1 2] [2 1] [3 1] [2 2] [3 2])))
  ;; `:as v` names the query variable, bound to [x y] before the body (bench.clj's
  ;; cryptarithmetic programs distribute it).
  (is (= (run* [x y :as v] (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))
                           (distribute v :clojure.core.logic/ff))
         '([1 1] [1 2] [2 1] [3 1] [2 2] [3 2])))
  (is (= (run 1 [q] (fresh [x y] (fd/distinct q) (== q [x y]) (== x 1) (== y 1))) '()))
  (is (= (run 1 [q] (fresh [x y] (fd/distinct q) (== q [x y]) (== x 1) (== y 2))) '([1 2]))))

(deftest fd-list-sorted
  (is (true? (clojure.core.logic.fd/list-sorted? < [1 2 3])))
  (is (true? (clojure.core.logic.fd/list-sorted? < [])))
  (is (false? (clojure.core.logic.fd/list-sorted? < [1 1 3])))
  (is (false? (clojure.core.logic.fd/list-sorted? < [1 5 4 1]))))

;; An answer whose FD constraints print nothing (its variables labeled) is built as any other:
;; its lists seqs of their values, as core.logic reifies them.
(deftest fd-labeled-answer-lists
  (let [a (first (run* [q] (fresh [x y]
                             (fd/in x y (fd/interval 1 2))
                             (fd/< x y)
                             (== q (list x y)))))]
    (is (= '(1 2) a))
    (is (= [true false] [(seq? a) (list? a)]))))
