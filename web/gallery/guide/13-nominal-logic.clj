;; title: Nominal logic: names, binders and alpha-equivalence
;; about: The Clojure of the guide's chapter 13, checked by the tests: noms, ties that unify up to renaming, and capture-avoiding substitution.

;; From docs/guide/13-nominal-logic.md, in its order. Every example there is
;; checked by the tests (clj/tests/guide.rs); ;; => is what it prints. Queries
;; before the last are wrapped in println so their answers show.

(require '[clojure.core.logic.nominal :as nom])
;; => nil
(println (run* [q] (nom/fresh [a b] (== (nom/tie a a) (nom/tie b b)))))
;; => (_0)
(println (run* [q] (nom/fresh [a b] (== (nom/tie a [a q]) (nom/tie b [b 1])))))
;; => (1)
(println (run* [q] (nom/fresh [a] (nom/hash a [1 a]))))
;; => ()

;; Answers that wait: the chapter shows this one in Rust; in Clojure it reads
;; as below. The swap of a_0 and a_1 in the unbound body is suspended, and
;; a_1 must stay fresh in _2.
(println (run* [q] (nom/fresh [a b] (fresh [x y] (== (nom/tie a x) (nom/tie b y)) (== q [a b x y])))))
;; => (([a_0 a_1 _2 _3] :- (swap [a_0 a_1] _3 _2) a_1#_2))

;; Capture-avoiding substitution: out is e with new put for the free
;; occurrences of the nom a, in the lambda calculus of [var x], [app f x]
;; and [lam [x] body].
(defn substo [e new a out]
  (conde
    [(== ['var a] e) (== new out)]
    [(fresh [y] (== ['var y] e) (== ['var y] out) (nom/hash a y))]
    [(fresh [f x f* x*]
       (== ['app f x] e) (== ['app f* x*] out)
       (substo f new a f*) (substo x new a x*))]
    [(fresh [body body*]
       (nom/fresh [c]
         (== ['lam (nom/tie c body)] e) (== ['lam (nom/tie c body*)] out)
         (nom/hash c a) (nom/hash c new)
         (substo body new a body*)))]))

;; (λx. y x)[x/y]: the bound x is renamed, the free x stays free
(run* [q] (nom/fresh [x y] (substo ['lam (nom/tie x ['app ['var y] ['var x]])] ['var x] y q)))
;; => ([lam [a_0] [app [var a_1] [var a_0]]])
