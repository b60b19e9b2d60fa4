;; `conda`, `condu`, `onceo`: committed choice.
(ns conformance.conda
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(deftest conda-commits-to-first-head
  (is (= (run* [q] (conda [(== q 1)] [(== q 2)])) '(1)))
  (is (= (run* [q] (conda [fail] [(== q 2)])) '(2)))
  (is (= (run* [q] (conda [(conde [(== q 1)] [(== q 2)])] [(== q 3)])) '(1 2)))
  (is (= (run* [q] (conda [(== q 1) fail] [(== q 2)])) '())))

(deftest condu-commits-to-first-answer
  (is (= (run* [q] (condu [(conde [(== q 1)] [(== q 2)])] [(== q 3)])) '(1)))
  (is (= (run* [q] (condu [fail] [(== q 3)])) '(3))))

(deftest onceo-one-answer
  (is (= (run* [q] (onceo (conde [(== q 1)] [(== q 2)]))) '(1)))
  (is (= (run* [q] (onceo fail)) '())))

;; A clause is built only when the search reaches it: a later clause that could not be
;; built (here, a function that is not a goal) is no error while an earlier one commits.
(defn not-a-goal [x] x)

(deftest conda-builds-a-clause-when-reached
  (is (= (run* [q] (conda [(== q 1)] (not-a-goal q))) '(1)))
  (is (= (run* [q] (condu [(== q 1) (== q 1)] (not-a-goal q))) '(1)))
  (is (= (run* [q] (conda [(== q 1) (== q 1)] [fail (not-a-goal q)] [(== q 2)])) '(1))))
