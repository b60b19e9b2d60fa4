;; title: Recursion: one relation, many directions
;; about: A recursive relation that joins two lists also splits a list, and fills in unknown parts.

;; (concato l s out): out is the list l followed by the list s.
;; Two cases, one per conde line:
;;   - l is empty, and then out is just s;
;;   - l has a head a and a tail d, out starts with the same a, and the rest
;;     of out, r, is d followed by s (the recursive call).
;; core.logic ships this relation as appendo; writing it once shows there is
;; nothing magic about it.
(defn concato [l s out]
  (conde
    [(== l ()) (== s out)]
    [(fresh [a d r]
       (conso a d l)
       (conso a r out)
       (concato d s r))]))

;; Forwards, it is plain concatenation.
(println (run* [q] (concato [1 2] [3] q)))

;; Backwards: which prefix, followed by [3 4], gives [1 2 3 4]?
(println (run* [q] (concato q [3 4] [1 2 3 4])))

;; With only the result known, it enumerates every way to cut the list in two.
;; (An empty part prints as (), and a part taken whole keeps its own brackets.)
(println (run* [x y] (concato x y [1 2 3])))

;; With nothing known but the end, there are infinitely many answers: lists of
;; any length, their elements left open. run* would never finish, so
;; (run n [q] ...) asks for the first n answers only.
(run 4 [x y] (concato x [:end] y))
