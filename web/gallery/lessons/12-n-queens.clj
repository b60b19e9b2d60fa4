;; title: N queens with finite domains
;; about: Place n queens on an n-by-n board so that none attacks another: one variable per row, three kinds of constraint.

;; The board is a vector of n variables, one per row; the value of row r is
;; the column of its queen. One queen per row is then true by construction,
;; and what remains to say is:
;;   - every column is in 0..n-1,
;;   - no two rows use the same column (fd/distinct),
;;   - no two queens share a diagonal: for rows i < j at distance d = j - i,
;;     column j is neither column i + d nor column i - d.
;; Finite-domain variables hold whole numbers from 0 up, so the second
;; diagonal is written with + as well: column i is not column j + d.
(defn queenso [board n]
  (let [rows (vec (repeatedly n lvar))]
    (all
      (== board rows)
      (everyg #(fd/in % (fd/interval 0 (dec n))) rows)
      (fd/distinct rows)
      (and* (for [i (range n)
                  j (range (inc i) n)
                  :let [d (- j i)
                        ci (nth rows i)
                        cj (nth rows j)]]
              (fd/eq (!= cj (+ ci d))
                     (!= ci (+ cj d))))))))

;; An answer as a picture: one line per row, Q marks the queen.
(defn show-board [cols]
  (doseq [c cols]
    (println (apply str (for [x (range (count cols))] (if (= x c) "Q " ". "))))))

;; The first answer for the classic 8 by 8 board:
(show-board (first (run 1 [q] (queenso q 8))))

;; How many boards there are for n = 4 to 8 (the 8 by 8 board has 92).
(println (for [n (range 4 9)] [n (count (run* [q] (queenso q n)))]))

;; Every solution for a 6 by 6 board: there are just four.
(run* [q] (queenso q 6))
