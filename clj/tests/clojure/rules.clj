(ns clojure-tests.rules
  (:require [clojure.test :refer :all]
            [clojure [string :as string]]
            [clojure.string :refer [upper-case join] :rename {upper-case up}])
  (:use [clojure.string :only [lower-case]]))

;; Clojure's rules for names and calls: what may be called as a function, prefix lists in
;; `ns`, compiler flags set with `set!` (accepted at the top of a file).

(set! *warn-on-reflection* true)
(set! *unchecked-math* false)

(deftest callable-values
  (testing "keywords and symbols look themselves up"
    (is (= 1 (:a {:a 1})))
    (is (= 2 (:b {:a 1} 2)))
    (is (= 1 ('a {'a 1})))
    (is (= :none ('b {'a 1} :none)))
    (is (nil? ('a nil))))
  (testing "maps and sets look up their argument"
    (is (= 1 ({:a 1} :a)))
    (is (= 2 ({:a 1} :b 2)))
    (is (= 1 (#{1 2} 1)))
    (is (nil? (#{1 2} 3))))
  (testing "vectors are indexed"
    (is (= 20 ([10 20 30] 1)))
    (is (thrown? IndexOutOfBoundsException ([1 2] 5)))
    (is (thrown? IndexOutOfBoundsException ([1 2] -1))))
  (testing "wrong numbers of arguments"
    (is (thrown? IllegalArgumentException (:a)))
    (is (thrown? IllegalArgumentException ({:a 1} :a 2 3)))
    (is (thrown? IllegalArgumentException ([1 2]))))
  (testing "what is not a function"
    (is (thrown? ClassCastException (1 2)))
    (is (thrown? ClassCastException ("s" 1)))))

(deftest prefix-lists
  (is (= "ABC" (string/upper-case "abc"))))

(refer 'clojure.string :only '[capitalize])

(deftest refer-rename-only
  (is (= "Ab" (capitalize "aB")))
  (is (= "AB" (up "ab")))
  (is (= "a,b" (join "," ["a" "b"])))
  (is (= "ab" (lower-case "AB"))))
