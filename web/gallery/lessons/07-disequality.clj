;; title: Never equal: !=
;; about: A disequality is a promise that two terms stay different; when it cannot be decided yet, the answer carries it.

;; (!= a b) says a and b must never become equal. If q is still unknown,
;; the constraint cannot be checked yet, so it is kept and shown after :- in
;; the answer: "q is anything except :cat".
(println (run* [q] (!= q :cat)))

;; The constraint is re-checked whenever its variables get values, so its
;; position among the goals does not matter.
(println (run* [q] (!= q :cat) (== q :cat)))
(println (run* [q] (== q :dog) (!= q :cat)))

;; Between structures, != needs only one difference: [x y] differs from [1 2]
;; if x is not 1, or if y is not 2. Both alternatives are listed in one !=.
(println (run* [x y] (!= [x y] [1 2])))

;; Settling x to 1 removes one alternative; y must now avoid 2.
(println (run* [x y] (!= [x y] [1 2]) (== x 1)))

;; A relation built from !=: no element of l equals x.
(defn not-membero [x l]
  (conde
    [(== l ())]
    [(fresh [a d]
       (conso a d l)
       (!= x a)
       (not-membero x d))]))

;; ...and from it, "all elements of l differ": each element is absent from
;; the elements after it.
(defn all-differento [l]
  (conde
    [(== l ())]
    [(fresh [a d]
       (conso a d l)
       (not-membero a d)
       (all-differento d))]))

;; Three slots, the first fixed at 1: the two others stay open, with the three
;; constraints that keep the slots different.
(run* [q]
  (fresh [a b c]
    (== q [a b c])
    (all-differento q)
    (== a 1)))
