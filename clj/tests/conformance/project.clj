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
