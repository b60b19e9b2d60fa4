;; title: Extending core.logic: goals as functions, your own constraints
;; about: The Clojure of the guide's chapter 16, checked by the tests: goals written as functions of the substitution, a type that unifies its own way, a constraint of your own.

;; From docs/guide/16-extending-core-logic.md. Every example there is checked
;; by the tests (clj/tests/guide.rs); ;; => is what it prints. Here each
;; value before the last is printed with println so it shows; the last
;; section (labeling and running with options) comes before the constraint
;; section, so that the file ends with a query whose answer carries the new
;; constraint. Left out: the example that is meant to fail,
;; (run* [q] (fn [a] 42)), a goal function returning neither nil, a
;; substitution nor a stream.

(use 'clojure.core.logic.protocols)
;; => nil

;; Goals are functions of the substitution
(println (run* [q] (fn [a] (unify a q 1))))
;; => (1)
(defn doubleo [x y]
  (fn [a]
    (let [v (walk a x)]
      (if (lvar? v) a (unify a y (* 2 v))))))
(println (run* [q] (fresh [x] (membero x [1 2 3]) (doubleo x q))))
;; => (2 4 6)
(println (run* [q] (fn [a] (mplus (unify a q :left) (fn [] (unify a q :right))))))
;; => (:left :right)

(println (let [x (lvar 'x) y (lvar 'y)]
           (walk* ((== [1 x] [y 2]) empty-s) [y x])))
;; => [1 2]

;; A type of your own that unifies: an amount of money unifies with another
;; amount, or with a number of whole units.
(defrecord Money [cents]
  IUnifyTerms
  (unify-terms [u v s]
    (cond
      (instance? Money v) (unify s (:cents u) (:cents v))
      (integer? v) (unify s (:cents u) (* 100 v))))
  IWalkTerm
  (walk-term [v f] (->Money (f (:cents v))))
  IReifyTerm
  (reify-term [v s] (-reify* s (:cents v))))
(println (run* [q] (== (->Money q) (->Money 250))))
;; => (250)
(println (run* [q] (== (->Money q) 3)))
;; => (300)
(println (run* [q] (fresh [c] (== q [(->Money c) c]) (== c 5))))
;; => ([#user.Money{:cents 5} 5])
(println (run* [q] (fresh [c] (== q (->Money c)))))
;; => (#user.Money{:cents _0})

;; Labeling and running with options
(println (let [x (lvar 'x)]
           (solutions ((fd/dom x (fd/interval 1 3)) empty-s) x (force-ans x))))
;; => (1 2 3)
(println (-run {:reify-vars false} [q] (fresh [x y] (== q [x y]))))
;; => ([x y])
(println (-run {:n 2} [q] (membero q [:a :b :c])))
;; => (:a :b)

;; The constraint store is a value, as in core.logic; != appears there with its prefix
(println (let [x (lvar 'x)
               s ((!= x 1) empty-s)]
           [(count (:cm (:cs s))) (= {x 1} (-prefix ((:cm (:cs s)) 0)))]))
;; => [1 true]

;; A constraint of your own: evenc holds once x is an even integer, and
;; waits, printed as (even x), until x is bound.
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
    (-watched-stores [_] #{:clojure.core.logic/subst})))
(println (run* [q] (cgoal (evenc q)) (membero q [1 2 3 4])))
;; => (2 4)
(run* [q] (cgoal (evenc q)))
;; => ((_0 :- (even _0)))
