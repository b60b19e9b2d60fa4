;; title: Membership, and lists that are not there yet
;; about: A relation for "x is in the list" finds elements, builds lists around them, and intersects lists.

;; (elemo x l): x is one of the elements of l.
;; Either x is the first element, or it is an element of the rest.
;; (core.logic's own version is called membero.)
(defn elemo [x l]
  (conde
    [(firsto l x)]
    [(fresh [d]
       (resto l d)
       (elemo x d))]))

;; Each element comes out once per place it occupies.
(println (run* [q] (elemo q [:red :green :red])))

;; Two membership goals on the same variable: the elements the lists share.
(println (run* [q] (elemo q [1 2 3 4]) (elemo q [3 4 5])))

;; A list may be partly unknown. Here the second element is filled in so that
;; :blue becomes a member.
(println (run* [q] (elemo :blue [:red q])))

;; Ask for lists that contain :x, knowing nothing else. Each answer is a
;; list that is open at the end, with :x one step further along:
;; (:x . _0) means ":x followed by anything".
(run 3 [l] (elemo :x l))
