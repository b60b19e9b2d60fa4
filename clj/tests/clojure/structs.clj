(ns clojure-tests.structs
  (:require [clojure.test :refer :all]))

(defstruct person :name :age)
(def point (create-struct :x :y))

(deftest struct-maps
  (is (= {:name "ann" :age 3} (struct person "ann" 3)))
  (is (= {:name "ann" :age nil} (struct person "ann")))
  (is (= {:x 1 :y 2} (struct point 1 2)))
  (is (= {:name nil :age 4} (struct-map person :age 4)))
  (is (= {:name "b" :age 1 :extra true} (struct-map person :name "b" :age 1 :extra true)))
  (is (= [:name :age] (keys (struct person "c" 2))))
  (is (map? (struct person "d" 1))))

(deftest accessors
  (let [name-of (accessor person :name)]
    (is (= "ann" (name-of (struct person "ann" 3))))
    (is (= ["a" "b"] (map name-of [(struct person "a") (struct person "b")])))))

(deftest struct-maps-update
  (is (= {:name "x" :age 2} (assoc (struct person "x" 1) :age 2)))
  (is (= 2 (:age (update (struct person "x" 1) :age inc)))))
