;; title: More constraints: predc, featurec, nafc, conjo, treec
;; about: The Clojure of the guide's chapter 10: constraints that wait in the answer until their variables are bound, each printed as core.logic prints it.

;; From docs/guide/10-constraints.md, its clojure blocks in its order.
;; Queries before the last are wrapped in println so their answers show;
;; ;; => is what the chapter says they print. One difference: the waiting
;; nafc prints the function it was given, #function[==], where the chapter's
;; comment shows the name the Rust example gives it (==).

;; predc: a Clojure predicate
(println (run* [q] (predc q number? `number?)))            ;; => ((_0 :- clojure.core/number?))
(println (run* [q] (predc q number? `number?) (== q 1)))   ;; => (1)
(println (run* [q] (predc q number? `number?) (== q "a"))) ;; => ()

;; featurec and partial maps
(println (run* [q] (featurec q {:foo 1})))
;; => ((_0 :- (clojure.core.logic/featurec _0 {:foo 1})))
(println (run* [q] (featurec q {:foo 1}) (== q {:foo 1 :bar 2})))    ;; => ({:foo 1, :bar 2})
(println (run* [q] (fresh [x] (featurec x {:foo q}) (== x {:foo 1})))) ;; => (1)
(println (run* [x y] (featurec x {:foo {:bar y}}) (== x {:foo {:bar 1 :woz 2}})))
;; => ([{:foo {:bar 1, :woz 2}} 1])

(println (run* [q] (== {:a 1 :b 2} (partial-map {:a q}))))       ;; => (1)
(println (run* [q] (fresh [a] (== {:x 1} (partial-map {:a a}))))) ;; => ()
(println (run* [y] (== (partial-map {:a {:b 1}}) {:a y})))
;; => ((_0 :- (clojure.core.logic/featurec _0 {:b 1})))

;; nafc: negation as failure
(println (run* [q] (membero q '(a b c)) (nafc == q 'b)))   ;; => (a c)
(println (run* [q] (fresh [x] (membero q [:a x :c]) (nafc == q :b))))
;; => (:a (_0 :- (clojure.core.logic/nafc == _0 :b)) :c)

;; conjo: Clojure's conj as a relation
(println (run* [p q] (conjo p 2 q) (== p [1])))                        ;; => ([[1] [1 2]])
(println (run* [p q] (conjo p 2 q) (== q [1 2])))                      ;; => ([[1] [1 2]])
(println (run* [p q] (conjo p [:baz :woz] q) (== q {:foo :bar :baz :woz})))
;; => ([{:foo :bar} {:foo :bar, :baz :woz}])
(println (run* [p q] (conjo p 2 q)))
;; => (([_0 _1] :- (clojure.core.logic/conjo _0 2 _1)))    ; core.logic prints <lvar:p__..>

;; fixc and treec: core.logic's test of treec asks every leaf to be a number
(defn is-number? [x] (if-not (tree-term? x) (number? x) true))
(run* [q]
  (treec q #(predc % is-number?) 'is-number?)
  (fresh [x y] (== q [x [2 3 y]]) (== x 1)))
;; => (([1 [2 3 _0]] :- (clojure.core.logic/fixc _0 is-number?)))
