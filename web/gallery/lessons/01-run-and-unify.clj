;; title: Questions and answers: run* and ==
;; about: A query names a variable, states goals about it, and gets back every value that makes them all true.

;; A logic program does not compute a result: it describes one.
;; (run* [q] goal ...) asks "which values of q make every goal succeed?"
;; and answers with a list of all of them.

;; (== a b) is a goal that succeeds when a and b can be made equal.
;; Here there is one way: q must be :rain.
(println (run* [q] (== q :rain)))

;; == works in both directions; the order of its two sides does not matter.
(println (run* [q] (== :snow q)))

;; A goal that cannot succeed leaves no answers: the empty list () means "no".
(println (run* [q] (== 1 2)))

;; s# always succeeds and u# always fails. Several goals in a run* must
;; all succeed, so one failing goal empties the answer list.
(println (run* [q] s# (== q :sun)))
(println (run* [q] u# (== q :sun)))

;; Unification looks inside vectors and lists, matching them part by part:
;; for [a 2 3] to equal [1 b 3], a has to be 1 and b has to be 2.
;; A run* may name several variables; each answer is then a vector of their values.
(run* [a b] (== [a 2 3] [1 b 3]))
