;; The constraints beyond == and != : predc, featurec, partial maps, nafc, conjo.
(ns conformance.constraints
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(deftest predc-waits-for-a-value
  (is (= (run* [q] (predc q even? `even?) (membero q [1 2 3 4])) '(2 4)))
  (is (= (run* [q] (membero q [1 2 3 4]) (predc q odd? `odd?)) '(1 3)))
  (is (= (run* [q] (predc q string? `string?)) '((_0 :- clojure.core/string?)))))

(deftest featurec-needs-the-features
  (is (= (run* [q] (featurec q {:kind :dog}) (== q {:kind :dog :name "rex"})) '({:kind :dog, :name "rex"})))
  (is (= (run* [q] (featurec q {:kind :dog}) (== q {:kind :cat})) '()))
  (is (= (run* [q] (fresh [x] (featurec x {:name q}) (== x {:name "rex" :age 3}))) '("rex"))))

(deftest partial-maps-match-a-subset
  (is (= (run* [q] (== {:x 1 :y 2} (partial-map {:y q}))) '(2)))
  (is (= (run* [q] (== {:x 1} (partial-map {:y q}))) '())))

(deftest nafc-negation
  (is (= (run* [q] (membero q [1 2 3]) (nafc membero q [2])) '(1 3)))
  (is (= (run* [q] (nafc membero q [2]) (membero q [1 2 3])) '(1 3))))

(deftest conjo-adds
  (is (= (run* [q] (conjo [:a] :b q)) '([:a :b])))
  (is (= (run* [q] (conjo q :b [:a :b])) '([:a]))))
