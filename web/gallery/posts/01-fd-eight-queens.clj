;; title: The first post: 8 queens with finite domains
;; about: The first post's queens-logic: one finite-domain variable per row, all columns distinct, no two queens on a diagonal.

;; The first post's program as clj/examples/eight_queens.clj has it, ns form
;; included. A board is a list of columns, one per row. After it
;; comes the post's print-board, to draw the first answer, and the post's own
;; query: (take 1 (queens-logic 8)), which the post says is (1 3 5 7 2 0 6 4).
;; The posts group has the first two posts' programs; the third post is
;; written in Haskell and C++ and has no core.logic form.

(ns eight-queens
  (:refer-clojure :exclude [==])
  (:require
   [clojure.string :as str]
   [clojure.core.logic :refer :all :as l]
   [clojure.core.logic.fd :as fd]))

(defn queens-logic
  [n]
  ;; make (n=8) logic variables, for each row
  (let [colvars (map (fn [i] (l/lvar (str "col-" i))) (range n))]
    (l/run* [q]
      ;; 1. each queen is in a column 0..n-1
      (everyg (fn [lv] (fd/in lv (fd/interval (dec n)))) colvars)
      ;; 2. columns must be different; rows already are (one variable per row): a permutation
      (fd/distinct colvars)
      ;; 3. diagonal constraint
      ;; for each queen, say that the other queens are not attacking diagonally
      (and* (for [i (range n)
                  j (range (inc i) n)
                  :let [row-diff (- j i)
                        ci (nth colvars i)
                        cj (nth colvars j)]]
              (fresh []
                ;; handle south-east and north-east cases
                (fd/eq (!= cj (+ ci row-diff)))
                ;; fd domains are non-negative, so write both diagonals with + instead of -
                (fd/eq (!= ci (+ cj row-diff))))))
      (l/== q colvars))))

(defn print-board
  "Prints a visual representation of the board."
  [board-config]
  (let [n (count board-config)]
    (doseq [row (range n)]
      (let [col (nth board-config row)]
        (println (apply str (for [c (range n)]
                              (if (= c col) "Q " ". ")))))))
  (println))

;; The first answer as a board: Q is the queen of each row.
(print-board (first (queens-logic 8)))

;; There are 92 boards in all.
(println (count (queens-logic 8)))

(take 1 (queens-logic 8))
