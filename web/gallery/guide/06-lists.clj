;; title: Lists as relations, and the zebra puzzle
;; about: The Clojure of the guide's chapter 6: core.logic's list relations in every direction, then the zebra puzzle in fourteen clues.

;; From docs/guide/06-lists.md, in its order. Queries before the last are
;; wrapped in println so their answers show; ;; => is what the chapter says
;; they print.

;; conso, firsto, resto, emptyo
(println (run* [a d] (conso a d [1 2 3])))  ;; => ([1 (2 3)])
(println (run* [q] (firsto q 1)))           ;; => ((1 . _0))
(println (run* [q] (emptyo q)))             ;; => (())

;; appendo
(println (run* [x y] (appendo x y [1 2 3])))
;; => ([() [1 2 3]] [(1) (2 3)] [(1 2) (3)] [(1 2 3) ()])
;; (the chapter writes (1 2 3) for the first y, as its Rust list prints; the
;; vector given to appendo comes back as it was, as in core.logic)

;; membero and member1o
(println (run* [q] (membero q [1 2 1])))   ;; => (1 2 1)
(println (run 2 [q] (membero 5 q)))        ;; => ((5 . _0) (_0 5 . _1))
(println (run* [q] (member1o q [1 2 1])))  ;; => (1 2)

;; rembero, permuteo, distincto
(println (run* [q] (rembero 2 [1 2 3 2] q)))  ;; => ((1 3 2))
(println (run* [q] (permuteo [1 2 3] q)))     ;; six permutations
(println (run* [q] (distincto [q 2])))        ;; => ((_0 :- (!= (_0 2))))

;; everyg
(println (run* [q] (fresh [a b] (== q [a b]) (everyg #(membero % [1 2]) [a b]) (!= a b))))
;; => ([1 2] [2 1])

;; everyg over a logic variable
(println (run* [q] (fresh [a b] (== q [a b]) (everyg #(membero % [1 2]) q) (!= a b))))
;; => ([1 2] [2 1])

;; Worked example: the zebra puzzle. A house is
;; [nationality smokes drinks pet colour]; who owns the zebra, and who drinks water?

(defne righto [x y l]
  ([_ _ [x y . r]])
  ([_ _ [_ . r]] (righto x y r)))

(defn nexto [x y l]
  (conde
    [(righto x y l)]
    [(righto y x l)]))

(defn zebrao [hs]
  (all
    (== [(lvar) (lvar) [(lvar) (lvar) 'milk (lvar) (lvar)] (lvar) (lvar)] hs)
    (firsto hs ['norwegian (lvar) (lvar) (lvar) (lvar)])
    (nexto ['norwegian (lvar) (lvar) (lvar) (lvar)] [(lvar) (lvar) (lvar) (lvar) 'blue] hs)
    (righto [(lvar) (lvar) (lvar) (lvar) 'ivory] [(lvar) (lvar) (lvar) (lvar) 'green] hs)
    (membero ['englishman (lvar) (lvar) (lvar) 'red] hs)
    (membero [(lvar) 'kools (lvar) (lvar) 'yellow] hs)
    (membero ['spaniard (lvar) (lvar) 'dog (lvar)] hs)
    (membero [(lvar) (lvar) 'coffee (lvar) 'green] hs)
    (membero ['ukrainian (lvar) 'tea (lvar) (lvar)] hs)
    (membero [(lvar) 'lucky-strikes 'oj (lvar) (lvar)] hs)
    (membero ['japanese 'parliaments (lvar) (lvar) (lvar)] hs)
    (membero [(lvar) 'oldgolds (lvar) 'snails (lvar)] hs)
    (nexto [(lvar) (lvar) (lvar) 'horse (lvar)] [(lvar) 'kools (lvar) (lvar) (lvar)] hs)
    (nexto [(lvar) (lvar) (lvar) 'fox (lvar)] [(lvar) 'chesterfields (lvar) (lvar) (lvar)] hs)))

(run* [owner drinker hs]
  (zebrao hs)
  (membero [owner (lvar) (lvar) 'zebra (lvar)] hs)
  (membero [drinker (lvar) 'water (lvar) (lvar)] hs))
;; => ([japanese norwegian [[norwegian kools water fox yellow] [ukrainian chesterfields tea horse blue] [englishman oldgolds milk snails red] [spaniard lucky-strikes oj dog ivory] [japanese parliaments coffee zebra green]]])
