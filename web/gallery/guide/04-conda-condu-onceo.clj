;; title: Cutting the search: conda, condu, onceo
;; about: The Clojure of the guide's chapter 4: committed choice, the first answer only, and why neither is relational.

;; From docs/guide/04-conda-condu-onceo.md, in its order, with one change
;; (alwayso, below). Queries before the
;; last are wrapped in println so their answers show; ;; => is what the
;; chapter says they print.

;; conda: the first question that succeeds
(println (run* [x]
  (conda
    [(== 'olive x) s#]
    [(== 'oil x) s#]
    [u#])))
;; => (olive)

(println (run* [x] (conda [(== 'virgin x) u#] [(== 'olive x) s#])))  ;; => ()

;; condu: and only its first answer
;; The chapter's alwayso, (def alwayso (fn [a] (conde [s#] [alwayso]))), is
;; marked as a sketch: run, it is a goal that returns a goal instead of a
;; stream, an error. Written as a relation of no arguments it runs:
(defn alwayso [] (conde [s#] [(alwayso)]))
(println (run 3 [q] (alwayso)))  ;; succeeds again and again: (_0 _0 _0)
(println (run* [q] (condu [(alwayso) s#] [s#]) (== true q)))  ;; => (true)

;; onceo
(defn teacupo [t] (conde [(== 'tea t)] [(== 'cup t)]))
(run* [x] (onceo (teacupo x)))  ;; => (tea)
