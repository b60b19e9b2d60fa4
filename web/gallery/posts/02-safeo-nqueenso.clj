;; title: The second post: safeo and nqueenso
;; about: The second post's relational N-queens: defne for the two loops, project for the diagonal arithmetic, membero for the columns.

;; The second post's final program (clj/examples/nqueens_cl.clj), ns form
;; included. A queen is [x y], x its column and y its row; the rows are fixed
;; from the start, and nqueenso picks each column with membero, from the last
;; queen back to the first, checking it with safeo against the queens after
;; it. project hands safeo the columns as numbers so it can subtract them.
;; The third post is written in Haskell and C++ and has no core.logic form.

(ns nqueens-cl
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic]))

(defne safeo [q others]
  ([_ ()])
  ([[x1 y1] [[x2 y2] . t]]
     (!= x1 x2)
     (!= y1 y2)
     (project [x1 x2 y1 y2]
       (!= (- x2 x1) (- y2 y1))
       (!= (- x1 y2) (- x2 y1)))
     (safeo [x1 y1] t)))

(defne nqueenso [l n]
  ([() _])
  ([[[x y] . t] _]
     (nqueenso t n)
     (membero x (range n))
     (safeo [x y] t)))

(defn solve-nqueens [n]
  (run* [q]
    (== q (map vector (repeatedly lvar) (range n)))
    (nqueenso q n)))

;; The first of the 92 boards of 8 queens (only as much of the search as one
;; answer needs).
(println (first (solve-nqueens 8)))

;; Every board of 6 queens: four.
(solve-nqueens 6)
