;; title: All different: fd/distinct and a magic square
;; about: fd/distinct keeps a whole group of variables pairwise different, which with a few sums pins down a puzzle.

;; (fd/distinct [x y z]) says no two of x, y, z are equal. With three values
;; for three variables, that leaves the orderings of 1, 2 and 3.
(println (run* [q]
           (fresh [x y z]
             (== q [x y z])
             (fd/in x y z (fd/interval 1 3))
             (fd/distinct [x y z]))))

;; It propagates: once two of the variables are known, the third has one
;; value left, before anything is tried.
(println (run* [z]
           (fresh [x y]
             (fd/in x y z (fd/interval 1 3))
             (fd/distinct [x y z])
             (== x 3) (== y 1))))

;; A 3x3 magic square: the numbers 1 to 9, each used once, every row, column
;; and diagonal adding up to 15. The program is just that sentence as goals.
;; The answers are the same square turned and mirrored eight ways.
(run* [q]
  (fresh [a b c d e f g h i]
    (== q [[a b c] [d e f] [g h i]])
    (fd/in a b c d e f g h i (fd/interval 1 9))
    (fd/distinct [a b c d e f g h i])
    (fd/eq (= (+ a b c) 15) (= (+ d e f) 15) (= (+ g h i) 15)
           (= (+ a d g) 15) (= (+ b e h) 15) (= (+ c f i) 15)
           (= (+ a e i) 15) (= (+ c e g) 15))))
