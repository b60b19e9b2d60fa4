;; title: Eight queens, the first post's way
;; about: The Clojure of the guide's chapter 8: the first post's finite-domain model, all 92 boards, and the 4 with a queen on a1.

;; From docs/guide/08-eight-queens.md. The chapter's one clojure block is a
;; fragment: the run* inside the first post's queens-logic, with n and
;; colvars bound around it. Here it is wrapped in a function that binds
;; them, with one optional goal more: "a queen on a1" (row 0, column 0),
;; which the chapter counts in Rust. The chapter's other programs (the second
;; post's safeo/nqueenso, the third post's Haskell pipeline) are written in
;; Rust there; the second post's Clojure is in the gallery's posts group.

(defn queens [n a1?]
  (let [colvars (map (fn [i] (l/lvar (str "col-" i))) (range n))]
    (l/run* [q]
      (if a1? (l/== (first colvars) 0) s#)
      (everyg (fn [lv] (fd/in lv (fd/interval (dec n)))) colvars)
      (fd/distinct colvars)
      (and* (for [i (range n) j (range (inc i) n)
                  :let [d (- j i) ci (nth colvars i) cj (nth colvars j)]]
              (fresh [] (fd/eq (!= cj (+ ci d))) (fd/eq (!= ci (+ cj d))))))
      (l/== q colvars))))

(println (first (queens 8 false)))  ;; => (1 3 5 7 2 0 6 4), the post's (take 1 (queens-logic 8))
(println (count (queens 8 false)))  ;; => 92

;; A queen on a1: 4 of the 92 boards
(queens 8 true)
