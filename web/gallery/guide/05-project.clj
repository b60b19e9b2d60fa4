;; title: Stepping outside: project
;; about: The Clojure of the guide's chapter 5: project hands the current values of variables to ordinary Clojure code.

;; From docs/guide/05-project.md, in its order. Queries before the last are
;; wrapped in println so their answers show; ;; => is what the chapter says
;; they print. The chapter's second block, the second post's diagonal check,
;; is a fragment (x1, x2, y1, y2 come from its safeo); here it runs inside a
;; query that binds them first, as the chapter's Rust example does.

(println (run* [q]
  (fresh [x y]
    (== x 3) (== y 4)
    (project [x y] (== q (+ x y))))))
;; => (7)

;; The diagonal check: queens at [0 0] and [2 1] are safe, [0 0] and [1 1] are not.
(defn diagonal-safe [a b c d]
  (run* [q]
    (fresh [x1 y1 x2 y2]
      (== x1 a) (== y1 b) (== x2 c) (== y2 d)
      (project [x1 x2 y1 y2]
        (!= (- x2 x1) (- y2 y1))
        (!= (- x1 y2) (- x2 y1))))))
(println (diagonal-safe 0 0 2 1) (diagonal-safe 0 0 1 1))
;; one answer, then none

;; Taking a vector or a list apart
(println (run* [q]
  (fresh [v]
    (== v [3 4])
    (project [v] (let [[a b] v] (== q (* a b)))))))
;; => (12)

;; A fresh variable stays a variable
(println (run* [q] (fresh [x] (project [x] (== q (lvar? x))))))  ;; => (true)

;; pred and is
(println (run* [q] (membero q [1 2 3 4]) (pred q even?)))   ;; => (2 4)
(run* [q] (fresh [n] (== n 5) (is q n inc)))                ;; => (6)
