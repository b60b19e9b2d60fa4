;; `project`: stepping out of the relational world onto the values.
(ns conformance.project
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(deftest project-values
  (is (= (run* [q] (fresh [x] (== x 3) (project [x] (== q (* x x))))) '(9)))
  (is (= (run* [q] (fresh [x y] (== x 2) (== y 5) (project [x y] (== q (+ x y))))) '(7)))
  (is (= (run* [q] (fresh [x] (== x [1 2]) (project [x] (== q (count x))))) '(2)))
  (is (= (run* [q] (fresh [x] (membero x '(1 2 3)) (project [x] (if (odd? x) (== q x) fail)))) '(1 3))))

(deftest project-fresh-stays-a-variable
  (is (= (run* [q] (fresh [x] (project [x] (== q (lvar? x))))) '(true))))

;; A `project` inside a `defne` clause reads the clause's terms and its own values; one
;; nested in another reads both projections, and goals that wait (`fresh`, `conde`, `all`,
;; `conda`) read them when they are reached.
(defne sumso [l o]
  ([[a b] _]
   (project [a]
     (fresh [c]
       (project [b]
         (conde
           [(== c (+ a b)) (== o [a b c])]
           [(all (== o (- a b)))])))))
  ([[a . r] _]
   (project [a]
     (conda
       [(== a 0) (== o :zero)]
       [(sumso r o)]))))

(deftest nested-projects-read-the-clause-terms-and-their-own
  (is (= (run* [q] (sumso [3 4] q)) '([3 4 7] -1)))
  (is (= (run* [q] (sumso [0 1 2] q)) '(:zero)))
  (is (= (run* [q] (sumso [5 1 2] q)) '([1 2 3] -1))))

;; `pred` (a `project` of its value) with function literals in a `defne` clause: one that
;; reads only its own parameters (`#(> % 2)`, a named one that recurs) is made where the
;; clause's goals are built; one that reads a term of the clause (`lo`) is made by compiled
;; code in a frame of the clause's values. Each application makes a new function.
(defne picko [l lo o]
  ([[] _ []])
  ([[x . r] _ [x . o2]]
   (pred x #(> % 2))
   (pred x (fn [v] (> v lo)))
   (pred x (fn odd-one [v] (cond (neg? v) (recur (- v)) :else (odd? v))))
   (picko r lo o2))
  ([[_ . r] _ _]
   (picko r lo o)))

(defne all-oddo [l]
  ([_] (everyg #(pred % odd?) l)))

(deftest function-literals-in-clause-bodies
  (is (= (run* [q] (picko [1 5 4 3 -7] 2 q)) '([] (5) (3) (5 3))))
  (is (= (run* [q] (picko [9 4] 8 q)) '([] (9))))
  (is (= (run* [q] (all-oddo [1 3 5])) '(_0)))
  (is (= (run* [q] (all-oddo [1 2])) '()))
  (is (= (run* [q] (fresh [x] (== x 4) (pred x #(= % 4)) (== q :four))) '(:four))))
