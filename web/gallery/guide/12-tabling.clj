;; title: Tabling: paths in a graph with a cycle
;; about: The Clojure of the guide's chapter 12: a left-recursive path relation that ends because it is tabled.

;; From docs/guide/12-tabling.md, its one clojure block. The chapter uses
;; pldb's names unqualified; the first form brings them in.
(require '[clojure.core.logic.pldb :refer [db-rel db with-db]])

;; The edges are facts; the graph has a cycle (a -> b -> c -> a).
(db-rel edge x y)
(def facts (db [edge :a :b] [edge :b :c] [edge :c :a] [edge :c :d]))

;; patho asks for a path to some z before it looks at an edge from z: without
;; the table, this would search forever.
(def patho
  (tabled [x y]
    (conde
      [(edge x y)]
      [(fresh [z] (patho x z) (edge z y))])))

(with-db facts (run* [q] (patho :a q)))
;; => (:b :c :a :d), in some order
