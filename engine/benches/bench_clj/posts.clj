;; The three posts' core.logic programs as named queries, in the form of programs.clj's
;; `programs` ([name query slow?], the query a function of no arguments returning the answers),
;; so that timing.clj times them unchanged.
;;
;; Loaded after clj/examples/eight_queens.clj (the first post's FD `queens-logic`),
;; nqueens_cl.clj (the second post's `safeo`/`nqueenso`) and nqueens_macro.clj (its
;; `queens-run` macro: one `membero` per queen, then one `safeo` per pair, so generate and
;; test over n^n placements). The third post (Haskell and C++) has no core.logic form.
;; Read by `compare.sh --posts` (core.logic and the `kanren` binary) and by the front-end
;; benchmark of the root package (benches/front_end/).
(ns clojure.core.logic.bench.posts
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic]))

(def programs
  [["queens-logic-1"   #(take 1 (eight-queens/queens-logic 8))]
   ["queens-logic-all" #(eight-queens/queens-logic 8)]
   ["nqueenso-6"       #(nqueens-cl/solve-nqueens 6)]
   ["nqueenso-8"       #(nqueens-cl/solve-nqueens 8)]
   ["queens-run-7"     #(nqueens-macro/queens-run 7) true]])
