;; title: Fact databases, the unifier, and tracing
;; about: The Clojure of the guide's chapter 11: relations as tables of facts, unifying data without writing a goal, and a goal that prints what the search sees.

;; From docs/guide/11-facts-and-the-unifier.md, its clojure blocks in its
;; order. The chapter uses pldb's names unqualified, the unifier as u and a
;; constraint evenc without showing where they come from; the first forms
;; here bring them in. Queries and calls before the last are wrapped in
;; println (prn for the unifier's results) so their answers show; ;; => is
;; what the chapter says they print.
(require '[clojure.core.logic.pldb :refer [db-rel db db-fact with-db]])
(require '[clojure.core.logic.unifier :as u])
(defnc evenc [x] (even? x))

;; Fact databases (pldb): a database is a value; adding a fact makes a new one
(db-rel man p)
(db-rel woman p)
(db-rel likes p1 p2)
(db-rel fun p)
(def facts0 (db [man 'Bob] [man 'John] [woman 'Mary] [woman 'Lucy]
                [likes 'Bob 'Mary] [likes 'John 'Lucy]))
(def facts1 (db-fact facts0 fun 'Lucy))
(println (with-db facts1 (run* [q] (fresh [x y] (likes x y) (fun y) (== q [x y])))))
;; => ([John Lucy])
(println (with-db facts0 (run* [q] (fresh [x y] (likes x y) (fun y) (== q [x y])))))
;; => ()

;; Facts come back in the order core.logic's database gives them
(db-rel num p)
(println (with-db (db [num 1] [num 2] [num 3] [num 4] [num 5] [num 40] [num 'Bob] [num 'Ann])
           (run* [q] (num q))))
;; => (4 Ann 3 40 5 Bob 2 1)

;; The unifier: symbols spelled ?name are logic variables
(prn (u/unify ['(?x ?y 3) '(1 2 ?z)]))        ;; => (1 2 3)
(prn (u/unifier ['(?x 2 . ?y) '(1 2 3 4 5)])) ;; => {?y (3 4 5), ?x 1}
(prn (u/unify {:when {'?a evenc}} ['{:a ?a} {:a 1}])) ;; => nil

;; Tracing: trace-lvars prints the variables it is given as the search passes
(run* [q] (fresh [x] (== x 1) (trace-lvars "x and q" x q) (== q [x x])))
;; prints:
;; x and q
;;     x = 1
;;     q = _0
