(ns clojure-tests.protocols
  (:require [clojure.test :refer :all]))

(defprotocol Describe
  "Things that describe themselves."
  (describe [x] [x prefix] "A description of x.")
  (tag [x]))

(extend-type String
  Describe
  (describe
    ([s] (str "string " s))
    ([s prefix] (str prefix ": string " s)))
  (tag [_] :string))

(extend-protocol Describe
  nil
  (describe [_] "nothing")
  Number
  (describe [n] (str "number " n))
  Long
  (describe [n] (str "long " n))
  clojure.lang.Keyword
  (describe [k] (str "keyword " (name k)))
  clojure.lang.IPersistentVector
  (describe [v] (str "vector of " (count v)))
  clojure.lang.IPersistentMap
  (describe [m] (str "map of " (count m)))
  clojure.lang.Sequential
  (describe [_] "sequential")
  java.util.Collection
  (describe [_] "collection")
  Boolean
  (describe [b] (str "boolean " b))
  Character
  (describe [c] (str "char " c))
  clojure.lang.Symbol
  (describe [s] (str "symbol " s)))

(extend Object
  Describe
  {:describe (fn ([_] "some object") ([_ p] (str p ": some object")))})

(deftest method-dispatch-on-the-first-argument
  (is (= "string a" (describe "a")))
  (is (= "x: string a" (describe "a" "x")))
  (is (= :string (tag "a")))
  (is (= "nothing" (describe nil)))
  (is (= "keyword k" (describe :k)))
  (is (= "symbol s" (describe 's)))
  (is (= "boolean true" (describe true)))
  (is (= "char c" (describe \c))))

(deftest the-most-specific-class-wins
  (is (= "long 1" (describe 1)))
  (is (= "number 1.5" (describe 1.5)))
  (is (= "number 1/2" (describe 1/2)))
  (is (= "vector of 2" (describe [1 2])))
  (is (= "map of 1" (describe {:a 1})))
  (is (= "sequential" (describe '(1 2))))
  (is (= "sequential" (describe (map inc [1 2]))))
  (is (= "collection" (describe #{1})))
  (is (= "some object" (describe (atom 1))))
  (is (= "p: some object" (describe (atom 1) "p"))))

(deftest satisfies-and-extends
  (is (satisfies? Describe "a"))
  (is (satisfies? Describe nil))
  (is (satisfies? Describe (atom 1)))
  (is (extends? Describe String))
  (is (extends? Describe Long))
  (is (not (extends? Describe Integer)))
  (is (some #{String} (extenders Describe)))
  (is (some nil? (extenders Describe))))

(defprotocol Area (area [shape]))

(deftest missing-implementations
  (is (not (satisfies? Area "a")))
  (is (thrown? IllegalArgumentException (area "a")))
  (is (thrown? IllegalArgumentException (area nil)))
  (is (thrown? IllegalArgumentException (tag 1))))

(deftest protocols-are-values
  (is (map? Area))
  (is (contains? (:sigs Describe) :describe))
  (is (= '([x] [x prefix]) (:arglists (:describe (:sigs Describe)))))
  (is (= "A description of x." (:doc (:describe (:sigs Describe)))))
  (is (fn? describe)))

(defprotocol Greet (greet [x]))
(deftype Person [name]
  Greet
  (greet [_] (str "hello " name)))
(defrecord Robot [id]
  Greet
  (greet [this] (str "beep " (:id this))))

(extend-protocol Greet
  Object
  (greet [_] "hi"))

(deftest inline-implementations-come-first
  (is (= "hello ann" (greet (Person. "ann"))))
  (is (= "beep 7" (greet (->Robot 7))))
  (is (= "hi" (greet 1)))
  (is (satisfies? Greet (Person. "x")))
  (is (extends? Greet Person)))

(deftest reify-implements-protocols
  (let [n 5
        r (reify
            Area
            (area [_] (* n n))
            Object
            (toString [_] "a square"))]
    (is (= 25 (area r)))
    (is (= "a square" (str r)))
    (is (satisfies? Area r))
    (is (not (satisfies? Area 1)))))

(deftest functions-over-protocols
  (is (= ["long 1" "string a" "nothing"] (map describe [1 "a" nil])))
  (is (= "x: string b" (apply describe ["b" "x"]))))

(defprotocol Sized (size-of [x]))
(extend-protocol Sized
  String (size-of [s] (count s)))
(deftype Box [n] Sized (size-of [_] n))

(deftest find-protocol-impl-and-method
  (is (= #{:size-of} (set (keys (find-protocol-impl Sized "abc")))))
  (is (= 3 ((:size-of (find-protocol-impl Sized "abc")) "abc")))
  (is (nil? (find-protocol-impl Sized 42)))
  (let [b (Box. 7)]
    (is (= b (find-protocol-impl Sized b))))
  (is (= 3 ((find-protocol-method Sized :size-of "abc") "abc")))
  (is (nil? (find-protocol-method Sized :size-of 42))))

(defprotocol Countdown (down [x n]))
(deftype Plain [])
(deftype Other [])
(extend-type Plain
  Countdown
  (down [x n] (if (zero? n) :done (recur x (dec n)))))
(extend-protocol Countdown
  Other
  (down [x n] (if (pos? n) (recur x (dec n)) [:other n])))

(deftest recur-in-extended-methods-rebinds-every-parameter
  (is (= :done (down (Plain.) 5)))
  (is (= [:other 0] (down (Other.) 3))))
