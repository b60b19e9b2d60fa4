;; title: Fresh variables and _0
;; about: fresh introduces helper variables, and an answer that leaves a variable open shows it as _0, _1, ...

;; (fresh [x y] goal ...) makes new logic variables that only the goals inside
;; it can see. They are unknowns, like q, but are not part of the answer.
(println (run* [q] (fresh [x] (== x 5) (== q [x x]))))

;; When nothing decides a variable, any value would do. The answer says so by
;; printing it as _0: "anything at all".
(println (run* [q] s#))

;; Distinct open variables get distinct names, _0, _1, ..., numbered in the order
;; they appear in the answer. A variable used twice keeps its name: the pair
;; below is "any two things, the first repeated at the end".
(println (run* [q] (fresh [x y] (== q [x y x]))))

;; Variables can be bound to each other before either has a value; binding one
;; later settles the others too.
(println (run* [q] (fresh [x y] (== x y) (== q [x y]) (== y :moon))))

;; A variable cannot be a part of itself: q = [q] has no finite solution,
;; so unification refuses it (the occurs check).
(println (run* [q] (== q [q])))

;; (lcons 1 x) builds a list that starts with 1 and whose rest is the unknown
;; x: it prints as (1 . _0). Here q pairs such a list with another unknown, _1.
(run* [q] (fresh [x y] (== q [(lcons 1 x) y])))
