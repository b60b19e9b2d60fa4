;; The programs of core.logic's bench.clj (src/main/clojure/clojure/core/logic/bench.clj at
;; 326101f) as named queries, for the oracle (core.logic) and for kanren's front end.
;;
;; bench.clj itself is loaded unchanged first (its namespace clojure.core.logic.bench); this file
;; adds what bench.clj keeps inside `comment` blocks (the Bratko N-queens, relational and FD,
;; and the 9x9 puzzles) and one query per program: `programs` lists [name query slow?], the
;; query a function of no arguments returning the answers, slow? true for the programs that
;; take seconds (timed once, not five times, by timing.clj).
(ns clojure.core.logic.bench.programs
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic]
        [clojure.core.logic.bench])
  ;; `a`: kanren's front end resolves the names in a function's body in the namespace that
  ;; calls it, so bench.clj's `a/>` needs the alias here too (core.logic does not).
  (:require [clojure.core.logic.arithmetic :as a]
            [clojure.core.logic.fd :as fd]
            [clojure.core.logic.pldb :as pldb]))

;; bench.clj's first comment block: Bratko's N-queens, relational, with `project`.
(declare noattacko)

(defne nqueenso [l]
  ([()])
  ([[[x y] . others]]
     (nqueenso others)
     (membero y [1 2 3 4 5 6 7 8])
     (noattacko [x y] others)))

(defne noattacko [q others]
  ([_ ()])
  ([[x y] [[x1 y1] . r]]
     (!= y y1)
     (project [y y1 x x1]
       (!= (- y1 y) (- x1 x))
       (!= (- y1 y) (- x x1)))
     (noattacko [x y] r)))

(defn solve-nqueens []
  (run-nc* [q]
    (fresh [y1 y2 y3 y4 y5 y6 y7 y8]
      (== q [[1 y1] [2 y2] [3 y3] [4 y4] [5 y5] [6 y6] [7 y7] [8 y8]])
      (nqueenso q))))

;; The FD version (Bratko pg 344), with the distance carried as a domain variable.
(defne noattackfd [y ys d]
  ([_ () _])
  ([y1 [y2 . yr] d]
     (fresh [x nd]
       (fd/in x nd (fd/interval 1 8))
       (fd/!= d x)
       (conde
         [(fd/< y1 y2) (fd/+ y1 x y2)]
         [(fd/< y2 y1) (fd/+ y2 x y1)])
       (fd/+ d 1 nd)
       (noattackfd y1 yr nd))))

(defne safefd-bratko [l]
  ([()])
  ([[y . ys]]
     (noattackfd y ys 1)
     (safefd-bratko ys)))

(defn nqueensfd []
  (run* [q]
    (fresh [a b c d e f g h]
      (fd/in a b c d e f g h (fd/interval 1 8))
      (== q [a b c d e f g h])
      (fd/distinct q)
      (safefd-bratko q))))

;; The 9x9 puzzles of the sudoku comment block (0 is an empty cell).
(def puzzles
  {:easy0 [0 0 3 0 2 0 6 0 0  9 0 0 3 0 5 0 0 1  0 0 1 8 0 6 4 0 0
           0 0 8 1 0 2 9 0 0  7 0 0 0 0 0 0 0 8  0 0 6 7 0 8 2 0 0
           0 0 2 6 0 9 5 0 0  8 0 0 2 0 3 0 0 9  0 0 5 0 1 0 3 0 0]
   :easy1 [2 0 0 0 8 0 3 0 0  0 6 0 0 7 0 0 8 4  0 3 0 5 0 0 2 0 9
           0 0 0 1 0 5 4 0 8  0 0 0 0 0 0 0 0 0  4 0 2 7 0 6 0 0 0
           3 0 1 0 0 7 0 4 0  7 2 0 0 4 0 0 6 0  0 0 4 0 1 0 0 0 3]
   :hard0 [0 0 0 0 0 6 0 0 0  0 5 9 0 0 0 0 0 8  2 0 0 0 0 8 0 0 0
           0 4 5 0 0 0 0 0 0  0 0 3 0 0 0 0 0 0  0 0 6 0 0 3 0 5 4
           0 0 0 3 2 5 0 0 6  0 0 0 0 0 0 0 0 0  0 0 0 0 0 0 0 0 0]
   :hard1 [0 0 0 0 0 3 0 6 0  0 0 0 0 0 0 0 1 0  0 9 7 5 0 0 0 8 0
           0 0 0 0 9 0 2 0 0  0 0 8 0 7 0 4 0 0  0 0 3 0 6 0 0 0 0
           0 1 0 0 0 2 8 9 0  0 4 0 0 0 0 0 0 0  0 5 0 1 0 0 0 0 0]
   :hard2 [1 2 0 4 0 0 3 0 0  3 0 0 0 1 0 0 5 0  0 0 6 0 0 0 1 0 0
           7 0 0 0 9 0 0 0 0  0 4 0 6 0 3 0 0 0  0 0 3 0 0 2 0 0 0
           5 0 0 0 8 0 7 0 0  0 0 7 0 0 0 0 0 5  0 0 0 0 0 0 0 9 8]
   :ciao  [0 4 3 0 8 0 2 5 0  6 0 0 0 0 0 0 0 0  0 0 0 0 0 1 0 9 4
           9 0 0 0 0 4 0 7 0  0 0 0 6 0 8 0 0 0  0 1 0 2 0 0 0 0 3
           8 2 0 5 0 0 0 0 0  0 0 0 0 0 0 0 0 5  0 3 4 0 9 0 7 1 0]
   :jacop [0 1 0 4 2 0 0 0 5  0 0 2 0 7 1 0 3 9  0 0 0 0 0 0 0 4 0
           2 0 7 1 0 0 0 0 6  0 0 0 0 4 0 0 0 0  6 0 0 0 0 7 4 0 3
           0 7 0 0 0 0 0 0 0  1 2 0 7 3 0 5 0 0  3 0 0 0 8 2 0 7 0]})

;; The cliques query of bench.clj's comment, as a goal on q.
(defn cliqueo [q]
  (fresh [a b d]
    (== q (llist a b d))
    (fd/bounded-listo q 6)
    (all-connected-to-allo q)))

;; One query per program, as bench.clj's comments run them.
(def programs
  [["true"          #(run* [q] (== q true))]
   ["appendo-700"   #(run 700 [q] (fresh [x y] (appendo x y q))) true]
   ["nrev-backward" #(run 1 [q] (nrevo q (range 30)))]
   ["nrev-30"       #(run-nc 1 [q] (nrevo (into [] (range 30)) q))]
   ["zebra"         #(run 1 [q] (zebrao q))]
   ["zebra-nc"      #(run-nc 1 [q] (zebrao q))]
   ["cliques-all"   #(pldb/with-db connected-db (run-nc* [q] (cliqueo q)))]
   ["cliques-20"    #(pldb/with-db connected-db (run-nc 20 [q] (cliqueo q)))]
   ["nqueens-1"     #(take 1 (solve-nqueens))]
   ["nqueens-all"   #(solve-nqueens) true]
   ["nqueensfd"     #(nqueensfd) true]
   ["nqueensfd-2"   #(run* [q] (fresh [a b] (fd/in a b (fd/interval 1 8)) (== q [a b]) (safefd-bratko q)))]
   ["send-money"    #(run-nc 1 [q] (fresh [send more money] (send-money-quicklyo send more money) (== [send more money] q))) true]
   ["cryptarithfd-1" #(cryptarithfd-1)]
   ["cryptarithfd-2" #(cryptarithfd-2) true]
   ["hanoi-3"       #(run* [q] (moveo 3 :left :right :center))]
   ;; bench.clj's qsorto never sorts a list of two or more: partitiono has no clause for the
   ;; empty list, and the second branch of its conda is a call, not a clause, which throws when
   ;; reached (ArityException). These are the queries that core.logic answers.
   ["qsort-0"       #(run* [q] (qsorto [] q []))]
   ["qsort-1"       #(run* [q] (qsorto [1] q []))]
   ["qsort-21"      #(run* [q] (qsorto [2 1] q [3]))]
   ["dinesmanfd"    #(dinesmanfd)]
   ["simplefd"      #(simplefd)]
   ["simple-fd-eq"  #(simple-fd-eq)]
   ["times-34"      #(run* [q] (fresh [a b] (fd/* a 3 34)))]
   ["matches-40"    #(matches 40)]
   ["small-sudokufd" #(small-sudokufd)]
   ["sudoku-easy0"  #(sudokufd (:easy0 puzzles))]
   ["sudoku-easy1"  #(sudokufd (:easy1 puzzles))]
   ["sudoku-hard0"  #(sudokufd (:hard0 puzzles))]
   ["sudoku-hard1"  #(sudokufd (:hard1 puzzles))]
   ["sudoku-hard2"  #(sudokufd (:hard2 puzzles)) true]
   ["sudoku-ciao"   #(sudokufd (:ciao puzzles))]
   ["sudoku-jacop"  #(sudokufd (:jacop puzzles))]
   ["safefd"        #(safefd)]
   ["magic-3"       #(take 1 (magic 3))]
   ["magic-4"       #(take 1 (magic 4))]])
