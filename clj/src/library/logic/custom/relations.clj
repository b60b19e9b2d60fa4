;; kanren.logic.terms: core.logic's list relations written with `==` and `defne`. Once a program
;; defines a type that extends the term protocols, clojure.core.logic's `conso`, `membero`,
;; `appendo`, ... run these instead of the engine's relations, so that the type's instances
;; unify inside them through their methods (library::logic::custom). Each is the relation
;; core.logic defines, clause for clause, so the answers come in its order.
(in-ns 'kanren.logic.terms)
(clojure.core/refer 'clojure.core :exclude '[==])
(clojure.core/refer 'clojure.core.logic :only '[== != fresh defne lcons])

(defn emptyo [a] (== '() a))

(defn conso [a d l] (== (lcons a d) l))

(defn firsto [l a] (fresh [d] (conso a d l)))

(defn resto [l d] (fresh [a] (== (lcons a d) l)))

(defne membero [x l]
  ([_ [x . tail]])
  ([_ [head . tail]] (membero x tail)))

(defne member1o [x l]
  ([_ [x . tail]])
  ([_ [head . tail]] (!= x head) (member1o x tail)))

(defne appendo [x y z]
  ([() _ y])
  ([[a . d] _ [a . r]] (appendo d y r)))

(defne rembero [x l o]
  ([_ [x . xs] xs])
  ([_ [y . ys] [y . zs]] (!= y x) (rembero x ys zs)))

(defne permuteo [xl yl]
  ([() ()])
  ([[x . xs] _] (fresh [ys] (permuteo xs ys) (rembero x yl ys))))

(defne distincto [l]
  ([()])
  ([[h]])
  ([[h0 h1 . t]]
   (!= h0 h1)
   (distincto (lcons h0 t))
   (distincto (lcons h1 t))))
