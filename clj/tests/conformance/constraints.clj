;; The constraints beyond == and != : predc, featurec, partial maps, nafc, conjo, fixc,
;; treec, defnc/fnc (also as the unifier's :when).
(ns conformance.constraints
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.unifier]))

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

(defn is-number? [x] (if (or (sequential? x) (map? x)) true (number? x)))

(deftest fixc-treec
  (is (= (map tree-term? [[1] (lcons 1 (lvar)) {:a 1} 1 (lvar)]) [true true true false false]))
  (is (= (run* [q] (fixc q (fn [v _ _] (== v 1)) 'one) (== q 1)) '(1)))
  (is (= (run* [q] (fixc q (fn [v _ _] (== v 1)) 'one) (== q 2)) '()))
  (is (= (run* [q] (treec q (fn [x] (predc x is-number?)) 'is-number?)
           (fresh [x y] (== q [x [2 3 y]]) (== x 1) (== y 4)))
         '([1 [2 3 4]])))
  (is (= (run* [q] (treec q (fn [x] (predc x is-number?)) 'is-number?)
           (fresh [x] (== q [x 2]) (== x 'foo)))
         '())))

(defnc evenc [x] (even? x))
(defnc complexc [a b] (and (even? a) (zero? (mod b 3))))

(deftest defnc-and-unifier-when
  (is (= (run* [q] (evenc q) (== q 2)) '(2)))
  (is (= (run* [q] (evenc q) (== q 3)) '()))
  (is (= (clojure.core.logic.unifier/unify {:when {'?a evenc}} ['{:a ?a} {:a 2}]) {:a 2}))
  (is (= (clojure.core.logic.unifier/unify {:when {'?a evenc}} ['{:a ?a} {:a 1}]) nil))
  (is (= (clojure.core.logic.unifier/unify {:when {'[?a ?b] complexc}} ['{:a ?a :b ?b} {:a 2 :b 3}]) {:a 2 :b 3}))
  (is (= (clojure.core.logic.unifier/unify {:when {'#{?a ?b} evenc}} ['{:a ?a :b ?b} {:a 1 :b 2}]) nil))
  (is (= (clojure.core.logic.unifier/unifier {:when {'?x (fnc [x] (odd? x))}} ['(?x ?y) '(3 6)]) '{?x 3 ?y 6})))

;; A predicate's error is raised by the search that ran it: the unifier's `:when` raises it,
;; and the next query neither sees it nor fails because of it.
(defnc posc [x] (pos? x))

(deftest predicate-errors-stay-in-their-search
  (is (thrown? Exception (clojure.core.logic.unifier/unify {:when {'?a posc}} ['?a :k])))
  (is (= (run* [q] (== q 1)) '(1)))
  (is (thrown? Exception (doall (run* [q] (predc q pos?) (== q :k)))))
  (is (= (run* [q] (predc q number?) (== q 1)) '(1)))
  (is (= (run* [q] (posc q) (== q 2)) '(2))))
