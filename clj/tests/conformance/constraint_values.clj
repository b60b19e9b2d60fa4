;; core.logic's constraint layer as values: constraints written against the protocols of
;; clojure.core.logic.protocols, the constraint store value, core.logic's own constraint
;; values, labeling goals, -run's options and substitution values of variables. Runs through
;; `kanren test`; the same file runs unchanged on core.logic 1.1.1 (tests/oracle/corpus.py).
(ns conformance.constraint-values
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic.protocols]
        [clojure.core.logic :exclude [is] :as l]
        [clojure.test])
  (:require [clojure.core.logic.fd :as fd]))

;; A constraint of our own: x is an even integer, checked once x is bound, shown as (even x)
;; while it waits.
(defn evenc [x]
  (reify
    IConstraintStep
    (-step [this s]
      (let [v (walk s x)]
        (reify
          clojure.lang.IFn
          (invoke [_ s] (when (and (integer? v) (even? v)) ((remcg this) s)))
          IRunnable
          (-runnable? [_] (not (lvar? v))))))
    IConstraintOp
    (-rator [_] 'even)
    (-rands [_] [x])
    IReifiableConstraint
    (-reifyc [_ v r a] (list 'even (walk* r (walk* a x))))
    IConstraintWatchedStores
    (-watched-stores [_] #{::l/subst})))

(deftest a-constraint-of-our-own-runs-when-its-variable-is-bound
  (is (= '(2) (run* [q] (cgoal (evenc q)) (== q 2))))
  (is (= '() (run* [q] (cgoal (evenc q)) (== q 3))))
  (is (= '(4) (run* [q] (== q 4) (cgoal (evenc q)))))
  (is (= '(2 4) (run* [q] (cgoal (evenc q)) (membero q [1 2 3 4 5]))))
  (is (= '((_0 :- (even _0))) (run* [q] (cgoal (evenc q)))))
  (is (= '([2 _0]) (run* [q] (fresh [x y] (cgoal (evenc x)) (== q [x y]) (== x 2))))))

(deftest the-store-as-a-value
  (let [x (lvar 'x) y (lvar 'y)]
    (let [s ((!= x 1) empty-s)]
      (is (= 1 (count (:cm (:cs s)))))
      (is (= #{x} (set (keys (:km (:cs s))))))
      (is (= {x 1} (-prefix ((:cm (:cs s)) 0)))))
    (let [s ((cgoal (evenc x)) empty-s)]
      (is (= 1 (count (:cs s))))
      (is (= [x] (var-rands s ((:cm (:cs s)) 0)))))
    (let [s ((== x 2) ((cgoal (evenc x)) empty-s))]
      (is (zero? (count (:cm (:cs s))))))
    (is (nil? ((== x 3) ((cgoal (evenc x)) empty-s))))
    (let [cs (-> (make-cs)
                 (addc empty-s (fd/+c x 1 y))
                 (addc empty-s (fd/==c y x)))]
      (is (= 2 (count cs)))
      (is (= #{0 1} (get (:km cs) x)))
      (is (= 2 (count (constraints-for cs empty-s y ::l/subst))))
      (let [cs (remc cs empty-s (get (:cm cs) 0))]
        (is (= #{1} (get (:km cs) x)))
        (is (= [1] (keys (:cm cs))))))))

(deftest core-logic-constraints-as-values
  (let [u (lvar 'u) w (lvar 'w)]
    (let [c (fd/+c u 2 w)]
      (is (= `fd/+ (-rator c)))
      (is (= [u w] (var-rands empty-s c)))
      (is (not (-runnable? (-step c empty-s))))
      (is (-entailed? (-step (fd/+c 1 2 3) empty-s)))
      (is (not (-entailed? (-step (fd/+c 1 2 4) empty-s)))))
    (is (= 3 (id (with-id (fd/==c u w) 3))))
    (let [c (!=c (list (pair u 1)))]
      (is (tree-constraint? c))
      (is (= (list (pair w 2)) (-prefix (-with-prefix c (list (pair w 2)))))))
    (is (= '(3) (run* [q] (fd/in q (fd/interval 1 5)) (cgoal (fd/+c 1 2 q)))))))

(deftest labeling-goals
  (let [x (lvar 'x)
        s ((fd/dom x (fd/interval 1 4)) empty-s)]
    (is (= '(1 2 3 4) (solutions s x (force-ans x))))
    (is (= '(1 2 3 4) (take* ((reifyg x) s))))
    (is (= '(2 4) (solutions s x (fresh [] (force-ans x) (cgoal (evenc x))))))
    (is (nil? (verify-all-bound s [x])))
    (is (thrown? Exception (verify-all-bound s [x (lvar 'y)])))))

(deftest run-with-options
  (is (= '(x) (-run {:reify-vars false} [q] (fresh [x] (== q x)))))
  (is (= '([a b 1]) (-run {:reify-vars false} [q] (fresh [a b] (== q [a b 1])))))
  (is (= '(1 2) (-run {:n 2} [q] (conde [(== q 1)] [(== q 2)] [(== q 3)]))))
  (let [x (lvar 'x)]
    (is (= (list x) (-run {:reify-vars (fn [v r] r)} [q] (== q x)))))
  (is (= '(1) (-run {:occurs-check false :n 1} [q] (membero q [1 2])))))

(deftest variables-with-attributes
  (let [x (lvar 'x)
        s (add-attr empty-s x :color 'red)]
    (is (subst-val? (root-val s x)))
    (is (= 'red (get-attr s x :color)))
    (is (not (subst-val? (root-val empty-s x))))
    (let [s (-> empty-s
                (ext-no-check x (subst-val ::l/unbound))
                (ext-run-cs x 5))]
      (is (= 5 (walk s x))))
    (is (= 2 (:v (subst-val 2))))
    (is (= (fd/domain 1 3 5) (get-dom ((fd/dom x (fd/domain 1 3 5)) empty-s) x ::l/fd)))))

(deftest custom-reifiers
  (is (= '((_0 :- (positive _0)))
         (run* [q] (predc q pos? (fn [c v r a] (list 'positive (walk* r (walk* a q))))))))
  (is (= '(([_0 _1] :- (wants _1 [_0 _1])))
         (run* [q] (fresh [x y]
                     (== q [x y])
                     (treec y (fn [t] (predc t pos?)) (fn [c x v r a] (list 'wants (walk* r x) v))))))))

(deftest goals-and-variables-carry-metadata
  (let [x (lvar 'x)
        g (with-meta (== x 1) {:doc "x is one"})]
    (is (= {:doc "x is one"} (meta g)))
    (is (= '(1) (run* [q] g (== q x))))
    (is (= 7 (id (with-id (== x 1) 7))))
    (is (= empty-s (unify empty-s x (with-meta x {:tag 'y}))))))

(deftest lcons-cells-ending-in-nil
  (is (= '((1)) (run* [q] (fresh [a b] (conso a b q) (== b nil) (== q [1])))))
  (is (= '((1)) (run* [q] (fresh [a b] (conso a b q) (== b nil) (== q '(1))))))
  (is (= '() (run* [q] (fresh [a b] (conso a b q) (== b nil) (== q [1 2])))))
  (let [x (lvar 'x) y (lvar 'y)]
    (is (= (run* [q] (conso x y q)) [(lcons x y)]))
    (is (not= (run* [q] (conso 1 y q)) [(lcons 2 y)]))))

(deftest fd-in-suspends-as-fresh-does
  (let [x (lvar 'x)]
    (is (fn? ((fd/in x (fd/interval 1 3)) empty-s)))
    (is (= (fd/interval 1 3) (get-dom (((fd/in x (fd/interval 1 3)) empty-s)) x ::l/fd)))))

(deftest lcons-cells-are-not-seqs
  (let [c (lcons 1 'x)
        d (lcons 1 (lcons 2 (lvar 'y)))]
    (is (lcons? c))
    (is (= [false false false false] [(seq? c) (list? c) (coll? c) (sequential? c)]))
    (is (= [false false false false] [(seq? d) (list? d) (coll? d) (sequential? d)])))
  (is (= [true true false] [(seq? (lcons 1 nil)) (seq? (lcons 1 '(2))) (lcons? (lcons 1 '(2)))]))
  (is (= "((1 . 2))" (pr-str (run* [q] (fresh [t] (conso 1 t q) (== t 2))))))
  (is (not (seq? (first (run* [q] (fresh [t] (conso 1 t q))))))))
