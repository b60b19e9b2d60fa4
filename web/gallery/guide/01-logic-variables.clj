;; title: Logic variables, unification and goals
;; about: The core.logic of the guide's chapter 1: run and ==, fresh variables and reified answers, conde, and relations that interleave.

;; From docs/guide/01-logic-variables.md. The chapter is written in Rust; each
;; of its examples gives the core.logic query it stands for in a comment,
;; with what that prints. These are those queries, in the chapter's order.
;; Those before the last are wrapped in println so their answers show.

;; Terms and unification
(println (run* [q] (== q 5)))                      ;; => (5)
(println (run* [q] (== [1 q] [1 2])))              ;; => (2): unification looks inside compound terms
(println (run* [q] (== [q 'b] ['a (lvar)])))       ;; => (a)
(println (run* [q] (== 1 2)))                      ;; => (): no answers, not an error
(println (run* [q] (membero q [1 2 3])))           ;; => (1 2 3)
(println (run 2 [q] (membero q [1 2 3])))          ;; => (1 2)
(println (run* [a b] (== a 1) (membero b '(2 3)))) ;; => ([1 2] [1 3])
(println (run 1 [a b] (== a b)))                   ;; => ([_0 _0])
(println (run* [a b :as q] (membero q [[1 2] [3 4]]) (== a 3)))  ;; => ([3 4])

;; The occurs check: q cannot contain itself
(println (run* [q] (== q [q])))                    ;; => ()

;; Fresh variables and reified answers
(println (run* [q] (fresh [x y] (== q (list x y x)))))             ;; => ((_0 _1 _0))
(println (run* [q] (fresh [d] (== q (lcons 1 (lcons 2 d))))))      ;; => ((1 2 . _0))

;; Conjunction and disjunction: the middle line asks q to be 2 and 3 at once
(println (run* [q] (conde [(== q 1)] [(== q 2) (== q 3)] [(== q 4)])))  ;; => (1 4)

;; Relations, recursion and interleaving: fives and sixes, written in Rust in
;; the chapter, are here in Clojure. Each has infinitely many answers, and
;; the search takes turns between them.
(defn fives [x] (conde [(== x 5)] [(fives x)]))
(defn sixes [x] (conde [(== x 6)] [(sixes x)]))

(run 6 [q] (conde [(fives q)] [(sixes q)]))
;; => (5 6 5 6 5 6)
