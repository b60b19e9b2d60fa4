;; title: Patterns: defne and matche
;; about: defne writes a relation as rows of patterns, one row per case, instead of conde, fresh and == by hand.

;; Each row of a defne lists one pattern per argument, then the goals of that
;; case. A pattern is data with holes: _ matches anything, a new name becomes a
;; fresh variable, [h . t] is a list with head h and tail t, () the empty list.
;; A row succeeds when every argument unifies with its pattern.
(defne shapeo [s kind]
  ([[:circle _] :round])
  ([[:square _] :angular])
  ([[:rect _ _] :angular]))

(println (run* [q] (shapeo [:rect 2 3] q)))

;; Run the other way, the patterns themselves come back, holes and all.
(println (run* [q] (shapeo q :angular)))

;; (lasto l x): x is the last element of l. A name that is also an argument
;; stands for that argument, so the first row reads "l is a list of exactly one
;; element, and that element is x".
(defne lasto [l x]
  ([[x] _])
  ([[_ . t] _] (lasto t x)))

(println (run* [q] (lasto [:a :b :c] q)))

;; matche is the same matching, used inline on any terms. Here it takes a pair
;; apart and swaps it.
(println (run* [q] (matche [[1 2]] ([[a b]] (== q [b a])))))

;; Lists, shortest first, that end in :z: the patterns build them.
(run 3 [q] (lasto q :z))
