;; The divergences from core.logic 1.1.1 that docs/design.md (section 12) lists, as the front
;; end shows them: each test pins what kanren does, with core.logic 1.1.1's answer in a comment
;; (printed by it). The engine's cases are in tests/divergences.rs.
(ns conformance.divergences
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic.protocols]
        [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.fd :as fd]
            [clojure.core.logic.pldb :as pldb]
            [clojure.core.logic.protocols]
            [clojure.string :as str]))

(defn error-message
  "The message of the error that evaluating (f) raises, or nil when it returns."
  [f]
  (try (f) nil (catch Exception e (ex-message e))))

;; Divergence 21: fd/distinct naming a variable twice fails once the variable is bound.
(deftest fd-distinct-naming-a-variable-twice
  ;; core.logic: (1 2 3) and ([1 2] [2 1]) (it collects the variables into a set).
  (is (= (run* [q] (fresh [x] (fd/in x (fd/interval 1 3)) (fd/distinct [x x]) (== q x))) ()))
  (is (= (run* [q] (fresh [x y] (fd/in x y (fd/interval 1 2)) (fd/distinct [x x y]) (== q [x y])))
         ())))

;; Divergence 22: propagation to a fixpoint reorders interleaved answers (the fd/* case).
(deftest fd-times-order
  ;; core.logic: ([0 1 0] [1 1 1] [0 2 0] [0 3 0] [2 2 1] [3 3 1]).
  (is (= (run* [q]
           (fresh [x y z]
             (fd/in x (fd/interval 0 3))
             (fd/in y (fd/interval 1 3))
             (fd/in z (fd/domain 0 1))
             (fd/* z y x)
             (== q [x y z])))
         '([0 1 0] [1 1 1] [0 2 0] [2 2 1] [0 3 0] [3 3 1]))))

;; Divergence 23: conda sees kanren's stronger FD propagation: the question fails.
(deftest conda-question-refuted-by-propagation
  ;; core.logic: () for all three (it commits to the question).
  (is (= (run* [q] (fresh [x] (fd/in x (fd/interval 0 5)) (conda [(fd/!= x x)] [(== q 1)]))) '(1)))
  (is (= (run* [q] (fresh [x] (fd/in x (fd/interval 0 5)) (conda [(fd/< x x)] [(== q 1)]))) '(1)))
  (is (= (run* [q] (fresh [x] (fd/in x (fd/interval 0 5)) (conda [(fd/+ x 1 x)] [(== q 1)]))) '(1))))

;; Divergence 24: variables labeled by enforce-constraints (behind an lcons tail) go in
;; creation order.
(deftest enforce-constraints-labels-in-creation-order
  ;; core.logic: ((0 2 1)) for both (its store's hash order).
  (is (= (run* [q]
           (fresh [a t y z]
             (fd/in y z (fd/interval 1 2)) (fd/!= y z)
             (== q (lcons a t)) (== a 0) (== t [z y])))
         '((0 2 1))))
  (is (= (run* [q]
           (fresh [a t z y]
             (fd/in y z (fd/interval 1 2)) (fd/!= y z)
             (== q (lcons a t)) (== a 0) (== t [z y])))
         '((0 1 2)))))

;; Divergence 25: distribute counts an element that is neither a number nor a domain
;; variable as one value.
(deftest distribute-over-an-element-without-a-domain
  ;; core.logic throws: "No implementation of method: :-member-count ... for class:
  ;; clojure.lang.Keyword" (for the unbound w: "... for class: nil").
  (is (= (run* [q]
           (fresh [x y]
             (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))
             (== q [x :a y]) (distribute q :clojure.core.logic/ff)))
         '([1 :a 1] [1 :a 2] [2 :a 1] [3 :a 1] [2 :a 2] [3 :a 2])))
  (is (= (run* [q]
           (fresh [x y w]
             (fd/in x (fd/interval 1 3)) (fd/in y (fd/interval 1 2))
             (== q [x w y]) (distribute q :clojure.core.logic/ff)))
         '([1 _0 1] [1 _0 2] [2 _0 1] [3 _0 1] [2 _0 2] [3 _0 2]))))

;; Divergence 27: a tabled call pattern is completed before its caller sees an answer
;; (core.logic's test-112-tabling).
(def patho-112
  (tabled [graph start end]
    (conde
      [(== start end)]
      [(fresh [?via ?vias]
         (project [start graph]
           (== ?vias ((:successors graph) start)))
         (membero ?via ?vias)
         (patho-112 graph ?via end))])))

(defn solve-goals [graph curr end goals]
  (all
    (project [goals]
      (conde
        [(== true (empty? goals)) (== curr end)]
        [(== false (empty? goals))
         (fresh [goal tail via]
           (== goal (first goals))
           (== tail (rest goals))
           (project [goal]
             (goal graph curr via)
             (solve-goals graph via end tail)))]))))

(defn to-node [node]
  (cond
    (= node :foo) (seq (list :bar))
    (= node :bar) (seq (list :baz))
    (= node :baz) (seq (list :quux))))

(deftest tabled-call-completes-first
  ;; core.logic: (:foo :bar :baz :quux).
  (is (= (run* [?result]
           (fresh [?start ?end]
             (== ?start :foo)
             (== ?end :quux)
             (solve-goals {:successors to-node} ?start ?end
               (list patho-112
                     (fn [graph current next] (all (== ?result current) (== current next)))
                     patho-112))))
         '(:foo :bar :quux :baz))))

;; Divergence 29 (the engine's gap): here a db-rel call takes the databases of the with-db it
;; is built in, so a goal inside nafc or fixc sees them, as in core.logic.
(pldb/db-rel man p)

(def men (pldb/db [man 'Bob]))

(deftest front-end-constraints-see-the-databases
  (is (= (pldb/with-db men (doall (run* [q] (nafc man 'Bob)))) ()))
  (is (= (pldb/with-db men (doall (run* [q] (nafc man 'Ann)))) '(_0)))
  ;; core.logic's fixc throws here (a relation's goal gives a stream, not a substitution).
  (is (= (pldb/with-db men
           (doall (run* [q] (fresh [x] (fixc x (fn [t _ _] (man t)) 'man?) (== x 'Bob)))))
         '(_0)))
  (is (= (pldb/with-db men
           (doall (run* [q] (fresh [x] (fixc x (fn [t _ _] (man t)) 'man?) (== x 'Ann)))))
         ())))

;; Divergence 34: a lazy seq is made into a term whole; over 4 194 304 elements is an error.
(deftest lazy-seq-becomes-a-term-whole
  ;; core.logic (run-nc, no occurs check to walk the seq) realizes what unification reaches:
  ;; [(0) 2] and (0).
  (let [realized (atom 0)
        xs (map (fn [x] (swap! realized inc) x) (take 10 (iterate inc 0)))]
    (is (= [(doall (run-nc 1 [q] (fresh [d] (== (lcons q d) xs)))) @realized] ['(0) 10])))
  (is (str/includes?
        (error-message #(doall (run-nc 1 [q] (fresh [d] (== (lcons q d) (range))))))
        "more than 4194304 elements")))

;; Divergence 37: reader metadata on a string, number or keyword is dropped.
(deftest metadata-on-a-string-number-or-keyword-is-dropped
  ;; Clojure refuses these at read time: "Metadata can only be applied to IMetas".
  (is (= (meta ^:foo "s") nil))
  (is (= (meta ^{:a 1} 1) nil))
  (is (= (meta ^:x :k) nil))
  (is (= ^:foo "s" "s"))
  ;; with-meta on one is an error, as in Clojure (a ClassCastException there).
  (is (thrown? Exception (with-meta "s" {:a 1})))
  (is (thrown? Exception (with-meta 1 {:a 1}))))

;; Divergence 38: a set in unification.
(deftest a-set-in-unification
  ;; core.logic: StackOverflowError.
  (is (= (run* [q] (== q #{1 2})) '(#{1 2}))))

;; Divergence 39: a matche clause of only _.
(deftest matche-clause-of-only-a-wildcard
  ;; core.logic: ArityException (Wrong number of args (1) passed to: bind*).
  (is (= (run* [q] (matche [q] ([_]))) '(_0))))

;; Divergence 40: lcons onto a string prints it as a string; a set bound to an lcons tail.
(deftest lcons-onto-a-string-or-a-set
  ;; core.logic: "(1 . ab)", and a StackOverflowError for the set.
  (is (= (pr-str (lcons 1 "ab")) "(1 . \"ab\")"))
  (is (= (pr-str (run* [q] (fresh [t] (== q (lcons 1 t)) (== t #{2})))) "((1 . #{2}))")))

;; Divergence 43: -inc written inside a run, fresh or conde body is the macro.
(deftest inc-inside-a-fresh-body
  ;; core.logic: ArityException (the name calls the enclosing suspension, itself a function
  ;; named -inc).
  (is (= '(2) (run* [q] (fresh [x] (fn [a] (-inc (unify a q 2))))))))

;; Divergence 45: fd/-difference is the set difference.
(deftest fd-difference-is-the-set-difference
  ;; core.logic: <intervals:<interval:1..4> <interval:6..10>> (the interval less the integer).
  (is (nil? (fd/-difference 5 (fd/interval 1 10))))
  (is (= 5 (fd/-difference 5 (fd/interval 6 10))))
  ;; core.logic: <interval:3..10>, values the interval never had.
  (is (= (fd/interval 5 10) (fd/-difference (fd/interval 5 10) (fd/interval 1 2)))))

;; Divergence 46: a multi-interval's pieces are values of a domain, not nested domain objects.
(deftest fd-multi-interval-of-domains-takes-their-pieces
  ;; core.logic: <intervals:<domain:1 3> <interval:7..9>>.
  (is (= (pr-str (fd/multi-interval (fd/domain 1 3) (fd/interval 7 9)))
         "<intervals:1 3 <interval:7..9>>"))
  ;; core.logic labels an unsorted multi-interval in its pieces' order: (6 0 1 2).
  (is (= (run* [q] (fd/in q (fd/multi-interval 6 (fd/interval 0 2)))) '(0 1 2 6))))

;; Divergence 47: unify runs the constraints on the variables it binds.
(defn positive-c [x]
  (reify
    IConstraintStep
    (-step [this s]
      (let [v (walk s x)]
        (reify
          clojure.lang.IFn
          (invoke [_ s] (when (pos? v) ((remcg this) s)))
          IRunnable
          (-runnable? [_] (not (lvar? v))))))
    IConstraintOp
    (-rator [_] 'positive)
    (-rands [_] [x])
    IConstraintWatchedStores
    (-watched-stores [_] #{:clojure.core.logic/subst})))

(deftest unify-runs-the-constraints
  (let [x (lvar 'x)
        s ((cgoal (positive-c x)) empty-s)]
    ;; core.logic: a substitution binding x to -3, the constraint still in its store.
    (is (nil? (unify s x -3)))
    (is (= 3 (walk (unify s x 3) x)))))

;; Divergence 48: a tabled call's answers reach the caller once its table is complete.
(def next-48 {:w :x :x :y :y :z})

(def reach-48
  (tabled [from to]
    (conde
      [(== from to)]
      [(fresh [via]
         (project [from] (== via (get next-48 from)))
         (reach-48 via to))])))

(deftest tabled-answers-come-once-complete
  ;; core.logic: (:z :w :x :y), the second call's answers interleaved as they are found.
  (is (= '(:w :x :y :z)
         (run* [q] (fresh [m n] (reach-48 :w m) (== q m) (reach-48 m n) (== n :z))))))

;; Divergence 49: the store of fd/== holds one constraint: domains are the store's own data.
(deftest fd-equality-is-one-constraint
  (let [x (lvar 'x)
        y (lvar 'y)
        s ((fd/== x y) ((fd/dom y (fd/interval 5 10)) ((fd/dom x (fd/interval 1 6)) empty-s)))]
    ;; core.logic: 3 (a domain constraint for each variable and the equality).
    (is (= 1 (count (:cm (:cs s)))))
    (is (= (fd/interval 5 6) (fd/get-dom s x)))))

;; Divergence 50: the term protocols extended to Clojure's own types are not used.
(extend-protocol clojure.core.logic.protocols/IWalkTerm
  clojure.lang.Keyword
  (walk-term [v f] :walked))

(deftest term-protocols-on-clojure-types-are-not-used
  ;; core.logic: [:walked 1] (a vector calls walk-term on its keyword).
  (is (= [:a 1] (walk* empty-s [:a 1]))))

;; Divergence 52: stronger propagation gives a value or a domain where core.logic's leaves the
;; variable without one (and throws `Constrained variable ... without domain`).
(deftest fd-propagation-gives-a-domain
  ;; core.logic: all three throw.
  (is (= '(3) (run* [q] (fd/== q 3))))
  (is (= '(1 2 3) (run* [q] (fresh [x] (fd/in x (fd/interval 1 3)) (fd/== q x)))))
  (is (= () (run* [q] (fd/!= q q)))))

;; Divergence 53: a variable under an FD constraint bound to a non-number fails.
(deftest fd-variable-bound-to-a-non-number-fails
  ;; core.logic: IllegalArgumentException (no `-lb` of IInterval for a Symbol),
  ;; ClassCastException.
  (is (= () (run* [q] (fd/< q 5) (== q 'a))))
  (is (= () (run* [q] (fd/in q (fd/interval 0 3)) (== q 'a)))))

;; Divergence 54: fd/eq's operators are +, -, *, / and quot; any other form is an operand.
(deftest fd-eq-operands-are-clojure-forms
  ;; core.logic: both fail to compile, "Can't call nil, form: (nil ...)".
  (let [v [1 2]]
    (is (= '(3) (run* [x] (fd/in x (fd/interval 0 20)) (fd/eq (= (+ x (count v)) 5))))))
  ;; quot is fd/quot, exact division as core.logic's: 2 * 3 = x.
  (is (= '(6) (run* [x] (fd/in x (fd/interval 0 20)) (fd/eq (= (quot x 2) 3))))))
