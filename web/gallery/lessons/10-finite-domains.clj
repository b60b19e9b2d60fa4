;; title: Finite domains: numbers that narrow down
;; about: fd/in gives a variable a range of whole numbers, and arithmetic constraints cut the range down before any value is tried.

;; Plain == knows nothing about arithmetic. The fd namespace adds variables
;; that range over a finite set of integers. (fd/in x (fd/interval lo hi))
;; says x is one of lo, lo+1, ..., hi; the answers list every such value.
(println (run* [q] (fd/in q (fd/interval 1 5))))

;; fd/domain lists the allowed values one by one.
(println (run* [q] (fd/in q (fd/domain 2 3 5 7))))

;; (fd/+ x y z) says x + y = z. It runs in every direction: knowing the sum
;; and one part gives the other part.
(println (run* [q] (fd/in q (fd/interval 0 100)) (fd/+ q 4 10)))

;; Constraints narrow the domains as soon as they are posted, and again each
;; time a domain shrinks; only the values that survive are tried, one by one.
;; Two numbers from 1 to 6 that add up to 7, the smaller first:
(println (run* [x y]
           (fd/in x y (fd/interval 1 6))
           (fd/+ x y 7)
           (fd/< x y)))

;; fd/eq takes ordinary arithmetic and turns it into those constraints, one
;; per operation. Right triangles with whole sides up to 20, a <= b:
(run* [a b c]
  (fd/in a b c (fd/interval 1 20))
  (fd/<= a b)
  (fd/eq (= (+ (* a a) (* b b)) (* c c))))
