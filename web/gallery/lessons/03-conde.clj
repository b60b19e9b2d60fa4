;; title: Choices with conde
;; about: conde offers alternatives; every line that can succeed contributes its answers.

;; (conde [g1 g2 ...] [h1 ...] ...) succeeds once for each line whose goals all
;; succeed. Inside a line the goals are combined with "and"; between lines,
;; with "or".
(println (run* [q] (conde [(== q :north)] [(== q :south)])))

;; A line that fails simply contributes nothing.
(println (run* [q] (conde [(== q :left)] [u#] [(== q :right)])))

;; Goals after the conde apply to every line: only the lines that agree with
;; them survive.
(println (run* [q] (conde [(== q 1)] [(== q 2)] [(== q 3)]) (== q 2)))

;; Lines may bind several variables at once. Here each line describes one
;; ingredient of a salad with its colour.
(println (run* [food colour]
           (conde [(== food :tomato) (== colour :red)]
                  [(== food :lettuce) (== colour :green)]
                  [(== food :carrot) (== colour :orange)])))

;; Two conde goals in a row give every combination of their lines that is
;; consistent: two drinks times two sizes make four answers.
(run* [q]
  (fresh [drink size]
    (conde [(== drink :tea)] [(== drink :juice)])
    (conde [(== size :small)] [(== size :large)])
    (== q [drink size])))
