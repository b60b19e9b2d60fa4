;; title: Pattern matching with matche and defne
;; about: The Clojure of the guide's chapter 3: relations written as rows of patterns, and how patterns see vectors, lists and locals.

;; From docs/guide/03-pattern-matching.md, in its order. Queries before the
;; last are wrapped in println so their answers show; ;; => is what the
;; chapter says they print. Where the chapter's Clojure only defines a
;; relation, the query added after it is the one its Rust example asks.

(defne appendo [x y z]
  ([() _ y])
  ([[a . d] _ [a . r]] (appendo d y r)))
(println (run* [p s] (appendo p s [1 2])))
;; => ([() [1 2]] [(1) (2)] [(1 2) ()])

;; The patterns
(defne kindo [e kind]
  ([[:lam _ _] 'function])
  ([[:app _ _] 'call])
  ([nil :nothing]))
(println (run* [q] (kindo [:app 'f 'x] q)))  ;; => (call)
(println (run* [q] (kindo q 'function)))     ;; => ([:lam _0 _1])

;; Patterns nest: the second post's safeo
(defne safeo [q others]
  ([_ ()])
  ([[x1 y1] [[x2 y2] . t]]
     (!= x1 x2)
     (!= y1 y2)
     (project [x1 x2 y1 y2]
       (!= (- x2 x1) (- y2 y1))
       (!= (- x1 y2) (- x2 y1)))
     (safeo [x1 y1] t)))
(println (run* [q] (safeo [2 3] [[0 0] [3 1]])))  ;; one answer: safe
(println (run* [q] (safeo [2 2] [[0 0] [3 1]])))  ;; none: on a diagonal with [0 0]

;; Vectors and lists are both sequences
(defne singletono [l] ([[x]]))   ; matches (1) and [1]
(println (run* [q] (singletono '(1))) (run* [q] (singletono [1])) (run* [q] (singletono [1 2])))
;; one answer, one answer, none
(println (run* [q] (matche [[1 2]] ([[_ . t]] (== q t)))))
;; => ((2))

;; A name that is already a local
(println (run* [q] (fresh [h] (== h 1) (matche [q] ([[h . _]])))))
;; => ((1 . _0))

;; matche, and the order of answers
(run* [q] (matche [q] ([[x . _]]) ([5])))
;; => ((_0 . _1) 5)
