;; title: Disequality and residual constraints
;; about: The Clojure of the guide's chapter 2: != as a constraint that waits, and how its leftover part prints.

;; From docs/guide/02-disequality.md. The chapter's queries run here in its
;; order; each but the last is wrapped in println so its answers show, with
;; what the chapter says it prints after ;; =>.

(println (run* [q] (!= q 1)))
;; => ((_0 :- (!= (_0 1))))

;; Order does not matter
(println (run* [q] (!= q 1) (== q 1)))  ;; => ()
(println (run* [q] (== q 1) (!= q 1)))  ;; => ()
(println (run* [q] (!= q 1) (== q 2)))  ;; => (2)

;; Several alternatives
(println (run* [q] (fresh [x y] (== q [x y]) (!= [x y] [1 2]))))
;; => (([_0 _1] :- (!= (_0 1) (_1 2))))

;; Where core.logic 1.x is wrong: three cases kanren gets right.
;; a repeated variable: core.logic loses an alternative and fails here
(println (run* [q] (fresh [p r] (!= [q q] [p r]) (== q 1) (== r 1) (== p 2))))
;; => (1)
;; a partial list against a longer proper list: core.logic drops the constraint
(println (run* [q] (fresh [a d] (!= (lcons a d) [5 6]) (== a 5) (== d [6]))))
;; => ()
;; two partial lists: core.logic throws
(run* [q] (fresh [x y] (!= (lcons 1 x) (lcons 1 y))))
;; => (_0)
