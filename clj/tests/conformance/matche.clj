;; `matche`, `defne`, `defna`, `defnu`, `fne`: pattern clauses.
(ns conformance.matche
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test]))

(defne my-appendo [l s out]
  ([() _ s])
  ([[a . d] _ [a . r]] (my-appendo d s r)))

(defne lasto [l x]
  ([[x . ()] _])
  ([[_ . t] _] (lasto t x)))

(defna firsta [l x]
  ([[x . _] _])
  ([_ _] (== x :none)))

(defnu oneu [x]
  ([1])
  ([_] succeed))

(deftest matche-appendo
  (is (= (run* [q] (my-appendo '(1 2) '(3) q)) '((1 2 3))))
  (is (= (run* [q] (fresh [x y] (my-appendo x y '(1 2)) (== q [x y])))
         '([() (1 2)] [(1) (2)] [(1 2) ()]))))

(deftest matche-forms
  (is (= (run* [q] (lasto '(1 2 3) q)) '(3)))
  (is (= (run* [q] (matche [q] ([1]) ([2]) ([[_ _]]))) '(1 2 [_0 _1])))
  (is (= (run* [q] (let [x 7] (matche [q] ([x])))) '(7)))
  (is (= (run* [q] (matche [q] (['foo]) ([:bar]))) '(foo :bar)))
  (is (= (pr-str (run* [q] ((fne [x] ([[1 . _]])) q))) "((1 . _0))")))

(deftest matcha-matchu
  (is (= (run* [q] (firsta '(5 6) q)) '(5)))
  (is (= (run* [q] (firsta '() q)) '(:none)))
  (is (= (run* [q] (oneu q)) '(1))))

;; Patterns matched in place (the argument already built), built by unification (not yet
;; built), with repeated names, locals, literals and `_` inside: checked on core.logic 1.1.1.
(defne samo [a b]
  ([x x]))

(deftest matche-shapes
  (is (= (run* [q] (matche [[1 1]] ([[x x]] (== q x)))) '(1)))
  (is (= (run* [q] (matche [[1 2]] ([[x x]] (== q x)))) '()))
  (is (= (run* [q] (fresh [a b] (== q [a b]) (matche [q] ([[x x]] (== x 5))))) '([5 5])))
  (is (= (run* [q] (samo 3 q)) '(3)))
  (is (= (run* [q] (samo [1 q] [1 2])) '(2)))
  (is (= (run* [q] (matche ['(1 2 3)] ([[1 . t]] (== q t)))) '((2 3))))
  (is (= (run* [q] (let [k 2] (matche [[1 2]] ([[x k]] (== q x))))) '(1)))
  (is (= (run* [q] (let [k 3] (matche [[1 2]] ([[x k]] (== q x))))) '()))
  (is (= (run* [q] (matche [[1 2 3]] ([[_ y _]] (== q y)))) '(2)))
  (is (= (run* [q] (matche [[1 2]] ([[a . b]] (== q b)))) '((2))))
  (is (= (pr-str (run* [q] (fresh [t] (matche [(lcons 1 t)] ([[1 2 . r]] (== q [t r]))))))
         "([(2 . _0) _0])")))

;; `:tabled` after the parameters: a tabled relation.
(deftest tabled-fne
  (is (= (run* [q] ((fne [x y] :tabled ([[h . t] t])) '(1 2) q)) '((2))))
  (is (= (run* [q] (fresh [x y] ((fne [x y] :tabled ([_ x])) x y) (== x y))) '(_0))))
