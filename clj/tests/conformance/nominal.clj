;; Nominal logic (clojure.core.logic.nominal) as core.logic 1.1.1 has it: noms, ties,
;; freshness and unification up to the renaming of bound noms, with the lambda-calculus
;; programs it is made for. Runs through `kanren test`; the same file runs unchanged on
;; core.logic 1.1.1 (with clojure.test's run-tests).
(ns conformance.nominal
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.nominal :as nom]
            [clojure.core.logic.fd :as fd]))

(deftest noms-are-names
  (is (= (run* [q] (nom/fresh [a b] (== q [b a b]))) '([a_0 a_1 a_0])))
  (is (= (run* [q] (nom/fresh [a] (conde [(== q a)] [(== q 'a)]))) '(a_0 a)))
  (is (= (run* [q] (nom/fresh [a b] (== a b))) ()))
  (is (= (run* [q] (nom/fresh [a] (== a "a"))) ()))
  (is (= (run* [q] (nom/fresh [a] (predc q nom/nom? `nom/nom?) (== q a))) '(a_0)))
  (is (= (run* [q] (nom/fresh [a] (predc q number? `number?) (== q a))) ())))

(deftest freshness
  (is (= (run* [q] (nom/fresh [a b] (nom/hash a [b 1 "s" nil]))) '(_0)))
  (is (= (run* [q] (nom/fresh [a b] (nom/hash a [b [1 a]]))) ()))
  (is (= (run* [q] (nom/fresh [a] (nom/hash a (nom/tie a [a a])))) '(_0)))
  (is (= (run* [q] (fresh [x y] (nom/fresh [a] (nom/hash a [x y]) (== q [x y a]))))
         '(([_0 _1 a_2] :- a_2#_0 a_2#_1))))
  (is (= (run* [q] (fresh [x] (nom/fresh [a] (nom/hash a x) (== x [1 a])))) ()))
  (is (= (run* [q] (fresh [x] (nom/fresh [a] (nom/hash a x) (== x [1 (nom/tie a a)]) (== q x))))
         [[1 (nom/tie 'a_0 'a_0)]]))
  ;; the nom of a freshness constraint may come later, and must be a nom
  (is (= (run* [q] (fresh [n] (nom/fresh [a] (nom/hash n q) (== n a) (== q [1 a])))) ()))
  (is (= (run* [q] (fresh [n] (nom/hash n [q]) (== n 5))) ())))

(deftest alpha-equivalence
  (is (= (run* [q] (nom/fresh [a b] (== (nom/tie a [a 1]) (nom/tie b [b 1])))) '(_0)))
  (is (= (run* [q] (nom/fresh [a b] (== (nom/tie a [a 1]) (nom/tie b [a 1])))) ()))
  (is (= (run* [q] (nom/fresh [a b c] (== (nom/tie a (nom/tie b [a b]))
                                          (nom/tie b (nom/tie c [b c])))))
         '(_0)))
  (is (= (run* [q] (nom/fresh [a b] (== (nom/tie a [a q]) (nom/tie b [b 'x])))) '(x)))
  ;; [a] [q a] = [b] [b b] when b is fresh in q and q with a and b swapped is b: q is a
  (is (= (run* [q] (nom/fresh [a b] (== (nom/tie a [q a]) (nom/tie b [b b])))) '(a_0)))
  (is (= (run* [q] (nom/fresh [a b] (fresh [x] (== (nom/tie a x) (nom/tie b [b 2])) (== q x))))
         '([a_0 2])))
  (is (= (run* [q] (nom/fresh [a b] (fresh [x y] (== (nom/tie a x) (nom/tie b y)) (== q [a b x y]))))
         '(([a_0 a_1 _2 _3] :- (swap [a_0 a_1] _3 _2) a_1#_2)))))

(deftest ties-with-other-constraints
  (is (= (run* [q] (fresh [x] (nom/fresh [a b] (== (nom/tie a x) (nom/tie b q))
                                           (fd/in x (fd/interval 4 5)))))
         '(4 5)))
  (is (= (run* [q] (nom/fresh [a b] (fresh [x] (!= x 'z) (== (nom/tie a x) (nom/tie b q)) (== q 'z))))
         ()))
  (is (= (run* [q] (nom/fresh [a b] (!= (nom/tie a [a 1]) (nom/tie b [a 1])))) '(_0))))

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

(deftest capture-avoiding-substitution
  ;; (\x. y x)[x/y] renames the bound x
  (is (= (run* [q] (nom/fresh [x y] (substo ['lam (nom/tie x ['app ['var y] ['var x]])] ['var x] y q)))
         [['lam (nom/tie 'a_0 ['app ['var 'a_1] ['var 'a_0]])]]))
  (is (= (run* [q] (nom/fresh [x y] (substo ['app ['var y] ['var y]] ['lam (nom/tie x ['var x])] y q)))
         [['app ['lam (nom/tie 'a_0 '(var a_0))] ['lam (nom/tie 'a_0 '(var a_0))]]]))
  ;; run backwards: what becomes \z. x when x is put for y?
  (is (= (run 3 [q] (nom/fresh [x y z] (substo q ['var x] y ['lam (nom/tie z ['var x])])))
         [['lam (nom/tie 'a_0 ['var 'a_1])] ['lam (nom/tie 'a_0 ['var 'a_1])]])))

(defn lookupo [x t env]
  (fresh [head rest]
    (conso head rest env)
    (conde
      [(== [x t] head)]
      [(fresh [y u] (== [y u] head) (nom/hash x y) (lookupo x t rest))])))

(defn typeo [env e t]
  (conde
    [(fresh [x] (== ['var x] e) (lookupo x t env))]
    [(fresh [f x tf tx] (== ['app f x] e) (== ['-> tx t] tf) (typeo env f tf) (typeo env x tx))]
    [(fresh [body targ tbody env*]
       (nom/fresh [x]
         (== ['lam (nom/tie x body)] e) (== ['-> targ tbody] t)
         (nom/hash x env) (conso [x targ] env env*)
         (typeo env* body tbody)))]))

(deftest type-inference
  (is (= (run* [q] (nom/fresh [f x] (typeo [] ['lam (nom/tie f ['lam (nom/tie x ['app ['var f] ['var x]])])] q)))
         '([-> [-> _0 _1] [-> _0 _1]])))
  (is (= (run* [q] (nom/fresh [x] (typeo [] ['lam (nom/tie x ['app ['var x] ['var x]])] q))) ()))
  (is (= (run 1 [q] (typeo [] q '[-> bool [-> int bool]]))
         [['lam (nom/tie 'a_0 ['lam (nom/tie 'a_1 '[var a_0])])]])))
