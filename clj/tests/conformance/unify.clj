;; Unification, as core.logic's `==` does it. Runs through `kanren test`; the same file runs
;; unchanged on core.logic 1.1.1 (with clojure.test's run-tests).
(ns conformance.unify
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.unifier :as u]))

(deftest unify-atoms
  (is (= (run* [q] (== q 1)) '(1)))
  (is (= (run* [q] (== 1 1)) '(_0)))
  (is (= (run* [q] (== 1 2)) '()))
  (is (= (run* [q] (== q :k)) '(:k)))
  (is (= (run* [q] (== q "s")) '("s")))
  (is (= (run* [q] (== q nil)) '(nil)))
  (is (= (run* [q] (== q 'sym)) '(sym)))
  (is (= (run* [q] (== q true)) '(true))))

(deftest unify-compound
  (is (= (run* [q] (fresh [x y] (== [x 2] [1 y]) (== q [x y]))) '([1 2])))
  (is (= (run* [q] (fresh [x y] (== q [x y]))) '([_0 _1])))
  (is (= (run* [q] (fresh [x] (== q [x x]))) '([_0 _0])))
  (is (= (run* [q] (fresh [x y] (== (list x 2) (list 1 y)) (== q (list x y)))) '((1 2))))
  (is (= (pr-str (run* [q] (fresh [x] (== (lcons 1 x) q)))) "((1 . _0))"))
  (is (= (run* [q] (fresh [x] (== (lcons 1 x) '(1 2 3)) (== q x))) '((2 3))))
  (is (= (run* [q] (== [1 2] [1 2 3])) '()))
  (is (= (run* [q] (== '() q)) '(())))
  (is (= (run* [q] (== nil '())) '())))

(deftest unify-occurs-check
  (is (= (run* [q] (fresh [x] (== x [x]))) '()))
  (is (= (run* [q] (fresh [x] (== x (lcons 1 x)))) '())))

(deftest unify-run-shapes
  (is (= (run 2 [q] (conde [(== q 1)] [(== q 2)] [(== q 3)])) '(1 2)))
  (is (= (run* [q x] (== q 1) (== x 2)) '([1 2])))
  (is (= (run* [a b :as v] (== v [1 2])) '([1 2])))
  (is (= (run* [a b :as v] (everyg #(== % 3) v)) '([3 3])))
  (is (= (run* [q] (fresh [a b] (== a b) (== b 5) (== q a))) '(5))))

(deftest the-unifier-namespace
  (is (= (u/unify ['(?a ?b) '(:x :y)]) '(:x :y)))
  (is (= (u/unifier ['[?a 2] '[1 ?b]]) '{?a 1, ?b 2}))
  (is (= (u/unify ['(1) '(2)]) nil))
  (is (= (u/unifier ['(?h . ?t) [1 2 3]]) '{?h 1, ?t (2 3)})))
