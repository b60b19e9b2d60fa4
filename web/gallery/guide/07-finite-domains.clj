;; title: Finite domains
;; about: The Clojure of the guide's chapter 7: integer domains, constraints that narrow them, the order of labeled answers, and the first post's queens.

;; From docs/guide/07-finite-domains.md, in its order: its clojure blocks,
;; and the core.logic queries its Rust examples give in comments. Queries
;; before the last are wrapped in println so their answers show; ;; => is what
;; the chapter says they print.

;; A variable that holds the sequence
(println (run* [q] (fresh [a b] (== q [a b]) (fd/in a b (fd/interval 1 3)) (fd/distinct q) (fd/< a b))))
;; => ([1 2] [2 3] [1 3])

;; The order of the answers: values of x and y take turns instead of nesting
(println (run* [x y] (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))))
;; => ([1 1] [2 1] [1 2] [3 1] [2 2] [3 2])

;; Three variables, the first four answers: the same alternation one level deeper
(println (run 4 [x y z] (fd/in x y z (fd/interval 1 2))))
;; => ([1 1 1] [2 1 1] [1 2 1] [1 1 2])

;; A variable with a domain that the answer does not show gets a value only once
(println (run* [q] (fresh [x y] (fd/in x y (fd/interval 1 3)) (fd/< x y) (== q x))))
;; => (1 2)

;; distribute: first-fail at reification (y, with two values, is labeled first)
(println (run* [x y :as q] (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))
           (distribute q ::l/ff)))
;; => ([1 1] [1 2] [2 1] [3 1] [2 2] [3 2])

;; Worked example: the first post's queens
(defn queens-logic [n]
  (let [colvars (map (fn [i] (l/lvar (str "col-" i))) (range n))]
    (l/run* [q]
      (everyg (fn [lv] (fd/in lv (fd/interval (dec n)))) colvars)
      (fd/distinct colvars)
      (and* (for [i (range n) j (range (inc i) n)
                  :let [d (- j i) ci (nth colvars i) cj (nth colvars j)]]
              (fresh [] (fd/eq (!= cj (+ ci d))) (fd/eq (!= ci (+ cj d))))))
      (l/== q colvars))))

(println (first (queens-logic 8)) (count (queens-logic 8)))
;; => (1 3 5 7 2 0 6 4) 92

;; Every board of 6 queens
(queens-logic 6)
