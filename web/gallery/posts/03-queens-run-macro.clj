;; title: The second post: the queens-run macro
;; about: The second post's first program: a macro that writes out one membero per queen and one safeo per pair of queens, then searches.

;; From the second post (clj/examples/nqueens_macro.clj), ns form included:
;; safeo checks two queens [x y] against each other, and (queens-run n)
;; expands to a run* with n fresh columns, n membero goals and one safeo per
;; pair. It tries the columns of every queen before checking any pair, so its
;; work grows like n^n: n = 5 answers at once, and the post's later program
;; (safeo/nqueenso, the entry before this one) is the fix.
;; The third post is written in Haskell and C++ and has no core.logic form.

(ns nqueens-macro
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic]))

(defn safeo [[x1 y1] [x2 y2]]
  (all
   (!= x1 x2)
   (!= y1 y2)
   (project [x1 x2 y1 y2]
            (!= (- x2 x1) (- y2 y1))
            (!= (- x1 y2) (- x2 y1)))))

(defmacro queens-run
  "Search for all N queens solutions"
  [n]
  (let [xnames (->> (range n) (map (fn [_] (gensym "x"))) (into []))
        gen-safeos (fn []
                     (->> (range (dec n))
                          (map (fn [x] [x (range (inc x) n)]))
                          (map (fn [[s ts]]
                                 (map (fn [t] `(safeo [~(nth xnames s) ~s]
                                                      [~(nth xnames t) ~t])) ts)))
                          (apply concat)))
          ]
    `(run* [r#]
           (fresh [~@(map #(nth xnames %) (range n))]
                  ~@(map (fn [x] (list 'membero (xnames x) (into [] (range n)))) (range n))
                  ~@(gen-safeos)
                  (== r# [~@(map (fn [x] [(nth xnames x) x])
                                 (range n))])))))

;; Every board of 5 queens: ten.
(queens-run 5)
