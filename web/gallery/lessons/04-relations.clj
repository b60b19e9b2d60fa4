;; title: Relations are functions that return goals
;; about: Name a goal-building function and it becomes a relation you can ask about in any direction.

;; A relation is an ordinary function whose result is a goal. By convention
;; its name ends in "o". This one relates a planet to its position from the sun.
(defn planeto [name position]
  (conde [(== name :mercury) (== position 1)]
         [(== name :venus)   (== position 2)]
         [(== name :earth)   (== position 3)]
         [(== name :mars)    (== position 4)]))

;; Ask for the name, given the position...
(println (run* [q] (planeto q 3)))

;; ...or the position, given the name...
(println (run* [q] (planeto :mars q)))

;; ...or for every pair. Nothing in planeto says which argument is the input.
(println (run* [n p] (planeto n p)))

;; core.logic has relations about lists built in. (conso head tail list) says
;; that list starts with head and continues with tail; firsto and resto name
;; one part each.
(println (run* [q] (conso :a [:b :c] q)))
(println (run* [h t] (conso h t [1 2 3])))

;; Relations combine like any goals. "A list whose first element is a planet
;; in position 2, followed by the rest":
(run* [q] (fresh [p] (planeto p 2) (firsto q p)))
