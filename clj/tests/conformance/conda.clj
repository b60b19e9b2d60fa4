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

;; Trying a clause builds its question, then its other goals (even when the question fails),
;; once however many answers the question has, as core.logic's `conda` macro builds them.
(defn noted [s g] (print s) g)

(defne pick-noted [x]
  ([_] (conda [(noted "q1 " (== x 0)) (noted "r1 " s#)]
              [(noted "q2 " (membero x [1 2])) (noted "r2 " s#)]
              [(noted "q3 " s#)])))

(deftest conda-builds-a-clause-as-it-is-tried
  (is (= (with-out-str
           (doall (run* [q] (conda [(noted "q1 " u#) (noted "r1 " s#)]
                                   [(noted "q2 " (membero q [1 2])) (noted "r2 " s#)]
                                   [(noted "q3 " s#)]))))
         "q1 r1 q2 r2 "))
  (is (= (with-out-str (doall (run* [q] (pick-noted 5))))
         "q1 r1 q2 r2 q3 "))
  (is (= (with-out-str (doall (run* [q] (pick-noted q))))
         "q1 r1 "))
  (is (= (with-out-str (doall (run* [q] (condu [(noted "q " (membero q [1 2 3])) (noted "r " s#)]))))
         "q r ")))
