; The second post's first program: `safeo` on two queens and the `queens-run` macro that
; writes out one `membero` per queen and one `safeo` per pair (the post shows these two forms;
; the ns form is the one of its final program).
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
