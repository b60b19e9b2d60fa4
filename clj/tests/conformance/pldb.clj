;; Fact databases (pldb), tabling and tracing goals, as core.logic 1.1.1 has them. Runs
;; through `kanren test`; the same file runs unchanged on core.logic 1.1.1 (with
;; clojure.test's run-tests).
(ns conformance.pldb
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.pldb :as pldb]))

(pldb/db-rel person p)
(pldb/db-rel knows a b)
(pldb/db-rel happy p)

(def people
  (pldb/db
   [person 'ann] [person 'bea] [person 'cal]
   [knows 'ann 'bea] [knows 'bea 'cal] [knows 'cal 'ann]))

(deftest facts-and-queries
  (is (= (set (pldb/with-db people (run* [q] (person q)))) '#{ann bea cal}))
  (is (= (pldb/with-db people (run* [q] (knows 'ann q))) '(bea)))
  (is (= (pldb/with-db people (run* [q] (happy q))) '()))
  (let [glad (pldb/db-fact people happy 'cal)]
    (is (= (pldb/with-db glad
             (run* [q] (fresh [x y] (knows x y) (happy y) (== q [x y]))))
           '([bea cal])))
    ;; the first database is unchanged
    (is (= (pldb/with-db people (run* [q] (happy q))) '()))))

(deftest retractions-and-several-databases
  (let [fewer (pldb/db-retraction people knows 'ann 'bea)]
    (is (= (set (pldb/with-db fewer (run* [q] (fresh [x y] (knows x y) (== q [x y])))))
           '#{[bea cal] [cal ann]})))
  (let [more (pldb/db [person 'dan])]
    (is (= (set (pldb/with-dbs [people more] (run* [q] (person q))))
           '#{ann bea cal dan}))
    (is (= (set (pldb/with-db people (pldb/with-db more (run* [q] (person q)))))
           '#{ann bea cal dan})))
  (let [both (pldb/db-facts pldb/empty-db [happy 'ann] [happy 'bea])
        one (pldb/db-retractions both [happy 'ann])]
    (is (= (pldb/with-db one (run* [q] (happy q))) '(bea)))))

;; Relations of facts and tabled relations called from pattern bodies, which hand them their
;; arguments' terms.
(pldb/db-rel edge ^:index a b)

(def graph
  (pldb/db [edge 1 2] [edge 2 3] [edge 3 [4 5]] [edge [4 5] 'end]))

(defne reacho [x y]
  ([_ _] (edge x y))
  ([_ _] (fresh [z] (edge x z) (reacho z y))))

(defne into-pairo [x]
  ([_] (edge x [4 5])))

(defne from-pairo [p y]
  ([[a b] _] (edge [a b] y)))

(deftest relations-of-facts-called-from-pattern-bodies
  (is (= (pldb/with-db graph (run* [q] (reacho 1 q))) '(2 3 [4 5] end)))
  (is (= (pldb/with-db graph (run* [q] (into-pairo q))) '(3)))
  (is (= (pldb/with-db graph (run* [q] (fresh [a b] (from-pairo [a b] q) (== a 4)))) '(end)))
  (is (= (pldb/with-db graph (run* [q] (fresh [a b] (from-pairo q 'end)))) '([4 5])))
  ;; no database in scope: no facts
  (is (= (run* [q] (reacho 1 q)) '()))
  ;; two databases in scope, the inner one added to the outer
  (is (= (pldb/with-db people
           (pldb/with-db graph
             (run* [q] (fresh [y p] (reacho 3 y) (knows p 'ann) (== q [y p])))))
         '([[4 5] cal] [end cal]))))

(defne arco [x y]
  ([:a :b])
  ([:b :a])
  ([:b :d]))

(def patho
  (tabled [x y]
    (conde
      [(arco x y)]
      [(fresh [z] (arco x z) (patho z y))])))

(def left-patho
  (tabled [x y]
    (conde
      [(fresh [z] (left-patho x z) (arco z y))]
      [(arco x y)])))

(defne from-ao [x y]
  ([:a _] (patho x y)))

(deftest tabled-relations-called-from-pattern-bodies
  (is (= (set (run* [q] (from-ao :a q))) #{:a :b :d}))
  (is (= (run* [q] (from-ao :b q)) '())))

(deftest tabled-relations
  (is (= (set (run* [q] (patho :a q))) #{:a :b :d}))
  (is (= (count (run* [q] (patho :a q))) 3))
  (is (= (set (run* [q] (left-patho :a q))) #{:a :b :d}))
  (is (= (set (run* [q] (left-patho q :d))) #{:a :b})))

(deftest tracing-goals-succeed
  (is (= (run* [q] (log "tracing") (== q 1)) '(1)))
  (is (= (run* [q] (fresh [x] (== x 2) (trace-lvars "x" x) (== q x))) '(2))))

(defn arc [x y] (conde [(== [x y] [:a :b])] [(== [x y] [:b :a])] [(== [x y] [:b :d])]))

(def path
  (fne [x y] :tabled
    ([_ _] (arc x y))
    ([_ _] (fresh [z] (arc x z) (path z y)))))

(deftest anonymous-tabled-pattern-relations
  (let [f (fne [x y] :tabled ([:foo :bar]))
        g (fne [x y] :tabled ([[h . t] t]))]
    (is (= (run* [q] (f :foo q)) '(:bar)))
    (is (= (run* [q] (g [1 2 3] q)) '((2 3))))
    (is (= (set (run* [q] (path :a q))) #{:a :b :d}))))
