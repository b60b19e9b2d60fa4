(ns clojure-tests.multimethods
  (:require [clojure.test :refer :all]))

(defmulti area :shape)
(defmethod area :square [{:keys [side]}] (* side side))
(defmethod area :rect [{:keys [w h]}] (* w h))

(deftest keyword-dispatch
  (is (= 4 (area {:shape :square :side 2})))
  (is (= 6 (area {:shape :rect :w 2 :h 3})))
  (is (thrown? IllegalArgumentException (area {:shape :circle}))))

(defmulti describe (fn [x _] (class x)))
(defmethod describe Number [x n] [:number x n])
(defmethod describe String [x n] [:string x n])
(defmethod describe :default [x n] [:other n])

(deftest class-dispatch-through-isa
  (is (= [:number 1 0] (describe 1 0)))
  (is (= [:number 1.5 0] (describe 1.5 0)))
  (is (= [:string "a" 1] (describe "a" 1)))
  (is (= [:other 2] (describe :k 2))))

(defmulti combine (fn [a b] [(type a) (type b)]))
(defmethod combine [Long Long] [a b] (+ a b))
(defmethod combine [String String] [a b] (str a b))
(defmethod combine [Number Number] [a b] :numbers)

(deftest vector-dispatch
  (is (= 3 (combine 1 2)))
  (is (= "ab" (combine "a" "b")))
  (is (= :numbers (combine 1 2.5))))

(defmulti greet :lang :default ::none)
(defmethod greet :en [_] "hello")
(defmethod greet ::none [_] "?")

(deftest custom-default
  (is (= "hello" (greet {:lang :en})))
  (is (= "?" (greet {:lang :fr}))))

(derive ::circle ::shape)
(derive ::square ::shape)
(derive ::square ::polygon)

(defmulti kind identity)
(defmethod kind ::shape [_] :shape)
(defmethod kind ::polygon [_] :polygon)

(deftest hierarchy-dispatch-and-preferences
  (is (= :shape (kind ::circle)))
  (is (thrown? IllegalArgumentException (kind ::square)))
  (prefer-method kind ::polygon ::shape)
  (is (= :polygon (kind ::square)))
  (is (= {::polygon #{::shape}} (prefers kind))))

(deftest method-tables
  (is (= #{:square :rect} (set (keys (methods area)))))
  (is (fn? (get-method area :square)))
  (is (nil? (get-method area :circle)))
  (is (= (get-method describe :default) (get-method describe Object)))
  (defmulti temp identity)
  (defmethod temp 1 [_] :one)
  (defmethod temp 2 [_] :two)
  (is (= :one (temp 1)))
  (remove-method temp 1)
  (is (thrown? IllegalArgumentException (temp 1)))
  (is (= :two (temp 2)))
  (remove-all-methods temp)
  (is (empty? (methods temp))))

(defmulti kept identity)
(defmethod kept :a [_] :a)
(defmulti kept (constantly :b))

(deftest defmulti-again-keeps-methods
  (is (= :a (kept :a))))

(deftest hierarchies
  (let [h (-> (make-hierarchy)
              (derive :dog :animal)
              (derive :cat :animal)
              (derive :animal :thing))]
    (is (isa? h :dog :animal))
    (is (isa? h :dog :thing))
    (is (not (isa? h :animal :dog)))
    (is (= #{:animal} (parents h :dog)))
    (is (= #{:animal :thing} (ancestors h :dog)))
    (is (= #{:dog :cat :animal} (descendants h :thing)))
    (is (nil? (parents h :thing)))
    (is (isa? h [:dog :cat] [:animal :animal]))
    (is (not (isa? h [:dog :cat] [:animal :dog])))
    (let [h2 (underive h :dog :animal)]
      (is (not (isa? h2 :dog :animal)))
      (is (isa? h2 :cat :thing))
      (is (nil? (parents h2 :dog))))))

(deftest global-hierarchy
  (is (isa? ::square ::shape))
  (is (= #{::shape ::polygon} (parents ::square)))
  (is (contains? (descendants ::shape) ::circle))
  (derive ::oval ::circle)
  (is (isa? ::oval ::shape))
  (underive ::oval ::circle)
  (is (not (isa? ::oval ::shape))))

(deftest classes-in-hierarchies
  (is (isa? Long Number))
  (is (isa? String Object))
  (is (isa? clojure.lang.PersistentVector clojure.lang.IPersistentVector))
  (is (not (isa? Number Long)))
  (is (contains? (ancestors Long) Number))
  (is (contains? (parents Long) Number))
  (is (isa? [Long String] [Number Object])))

(def h (-> (make-hierarchy) (derive :ns/a :ns/b)))
(defmulti with-h identity :hierarchy #'h)
(defmethod with-h :ns/b [_] :b)

(deftest hierarchy-option
  (is (= :b (with-h :ns/a))))

(derive Long ::integral)
(defmulti numeric class)
(defmethod numeric ::integral [_] :integral)
(defmethod numeric Number [_] :number)
(prefer-method numeric ::integral Number)

(deftest classes-derived-from-keywords
  (is (isa? Long ::integral))
  (is (= :integral (numeric 1)))
  (is (= :number (numeric 1.5))))
