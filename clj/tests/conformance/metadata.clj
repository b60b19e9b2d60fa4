;; Metadata: `^meta` in source, `meta`/`with-meta`/`vary-meta`, and what core.logic reads from
;; it: `(defne ^:tabled f ...)` is tabled, `^:index` marks a `db-rel` argument to index.
(ns conformance.metadata
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.pldb :as pldb]))

(deftest meta-of-values
  (is (= (meta (with-meta [1 2] {:a 1})) {:a 1}))
  (is (= (meta (vary-meta (with-meta [1] {:a 1}) assoc :b 2)) {:a 1 :b 2}))
  (is (= (meta ^:foo [1 2]) {:foo true}))
  (is (= (meta '^:k s) {:k true}))
  (is (= (meta '^{:doc "d"} s) {:doc "d"}))
  (is (= (meta '^:a ^:b s) {:a true :b true}))
  (is (nil? (meta [1 2])))
  (is (= (with-meta [1 2] {:a 1}) [1 2]))
  (is (= (meta (with-meta 'x {:a 1})) {:a 1})))

;; A lazy seq and a vector's seq take metadata as a new seq of the same values; an answer's
;; list is such a seq.
(deftest meta-of-seqs
  (let [s (map inc [1 2])
        t (with-meta s {:a 1})]
    (is (= [nil {:a 1} true] [(meta s) (meta t) (= s t)])))
  (is (= {:a 1} (meta (with-meta (seq [1 2]) {:a 1}))))
  (is (= [{:a 1} ()] ((juxt meta identity) (with-meta (lazy-seq nil) {:a 1}))))
  (is (= {:b 2} (meta (vary-meta (map inc [1]) assoc :b 2))))
  (is (= {:a 1} (meta (with-meta (first (run* [q] (== q '(1 2)))) {:a 1})))))

;; Left recursion terminates only because the relation is tabled.
(defne arco [x y]
  ([:a :b])
  ([:b :a])
  ([:b :d]))

(defne ^:tabled patho [x y]
  ([_ _] (arco x y))
  ([_ _] (fresh [z] (patho x z) (arco z y))))

(deftest defne-tabled-by-metadata
  (is (= (set (run* [q] (patho :a q))) #{:a :b :d})))

(pldb/db-rel edge ^:index from to)

(def graph (pldb/db [edge 1 2] [edge 1 3] [edge 2 3]))

(deftest db-rel-index-metadata
  (is (= (set (pldb/with-db graph (run* [q] (edge 1 q)))) #{2 3}))
  (is (= (set (pldb/with-db graph (run* [q] (edge q 3)))) #{1 2})))

(defn ^:private documented "Adds one." [x] (inc x))

(deftest definition-metadata
  (is (= (:doc (meta #'documented)) "Adds one."))
  (is (= (:private (meta #'documented)) true))
  (is (= (:tabled (meta #'patho)) true)))
