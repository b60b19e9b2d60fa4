;; Disequality (`!=`) and its residual constraints.
(ns conformance.diseq
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(deftest diseq-basic
  (is (= (run* [q] (!= q 1) (== q 1)) '()))
  (is (= (run* [q] (== q 1) (!= q 1)) '()))
  (is (= (run* [q] (!= q 1) (== q 2)) '(2)))
  (is (= (run* [q] (!= 1 2)) '(_0)))
  (is (= (run* [q] (!= 1 1)) '())))

(deftest diseq-residual
  (is (= (run* [q] (!= q 1)) '((_0 :- (!= (_0 1))))))
  (is (= (run* [q] (fresh [x y] (!= [x y] [1 2]) (== q [x y])))
         '(([_0 _1] :- (!= (_0 1) (_1 2)))))))

(deftest diseq-compound
  (is (= (run* [q] (fresh [x y] (!= [x 2] [1 y]) (== x 1) (== y 2))) '()))
  (is (= (run* [q] (fresh [x y] (!= [x 2] [1 y]) (== x 1) (== y 3) (== q [x y]))) '([1 3])))
  (is (= (run* [q] (fresh [x] (!= x q) (== x q))) '())))

(deftest diseq-with-conde
  (is (= (run* [q] (conde [(== q 1)] [(== q 2)] [(== q 3)]) (!= q 2)) '(1 3))))
