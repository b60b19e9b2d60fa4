(ns clojure-tests.records
  (:require [clojure.test :refer :all]))

(defprotocol Shape
  (area [s])
  (scale [s k]))

(defrecord Rect [w h]
  Shape
  (area [_] (* w h))
  (scale [this k] (assoc this :w (* k w) :h (* k h))))

(defrecord Point [x y])

(deftest constructing-records
  (is (= (->Point 1 2) (Point. 1 2)))
  (is (= (->Point 1 2) (map->Point {:x 1 :y 2})))
  (is (= {:x 1 :y nil} (into {} (map->Point {:x 1}))))
  (is (= 3 (:z (map->Point {:x 1 :y 2 :z 3}))))
  (is (= (->Point 1 2) (new Point 1 2)))
  (is (record? (->Point 1 2)))
  (is (not (record? {:x 1 :y 2})))
  (is (map? (->Point 1 2))))

(deftest records-are-maps
  (let [p (->Point 1 2)]
    (is (= 1 (:x p)))
    (is (= 2 (get p :y)))
    (is (= :none (get p :z :none)))
    (is (= 2 (count p)))
    (is (= [:x :y] (keys p)))
    (is (= [1 2] (vals p)))
    (is (= [[:x 1] [:y 2]] (seq p)))
    (is (= {:x 1 :y 2} (into {} p)))
    (is (contains? p :x))
    (is (= 3 (let [{:keys [x y]} p] (+ x y))))
    (is (= [:x :y] (map first p)))))

(deftest updating-records
  (let [p (->Point 1 2)]
    (is (= (->Point 5 2) (assoc p :x 5)))
    (is (record? (assoc p :x 5)))
    (is (instance? Point (assoc p :z 3)))
    (is (= 3 (:z (assoc p :z 3))))
    (is (= 3 (count (assoc p :z 3))))
    (is (= {:y 2} (dissoc p :x)))
    (is (not (record? (dissoc p :x))))
    (is (record? (dissoc (assoc p :z 3) :z)))
    (is (= (->Point 9 2) (conj p [:x 9])))
    (is (= (->Point 2 2) (update p :x inc)))
    (is (= (->Point 1 3) (merge p {:y 3})))
    (is (record? (merge p {:z 3})))))

(deftest record-equality
  (is (= (->Point 1 2) (->Point 1 2)))
  (is (not= (->Point 1 2) (->Point 1 3)))
  (is (not= (->Point 1 2) {:x 1 :y 2}))
  (is (not= {:x 1 :y 2} (->Point 1 2)))
  (is (not= (->Point 1 2) (->Rect 1 2))))

(deftest record-methods
  (let [r (->Rect 2 3)]
    (is (= 6 (area r)))
    (is (= (->Rect 4 6) (scale r 2)))
    (is (= 24 (area (scale r 2))))
    (is (satisfies? Shape r))
    (is (not (satisfies? Shape (->Point 1 2))))))

(deftest printing-records
  (is (= "#clojure_tests.records.Point{:x 1, :y 2}" (pr-str (->Point 1 2))))
  (is (= "#clojure_tests.records.Point{:x 1, :y 2, :z 3}" (pr-str (assoc (->Point 1 2) :z 3))))
  (is (= "clojure_tests.records.Point" (pr-str Point)))
  (is (= "class clojure_tests.records.Point" (str Point))))

(deftype Pair [a b]
  Shape
  (area [_] (* a b))
  (scale [_ k] (Pair. (* k a) (* k b))))

(deftype Money [amount currency]
  Object
  (toString [_] (str amount " " currency))
  (equals [_ other] (and (instance? Money other)
                         (= amount (.-amount ^Money other))
                         (= currency (.-currency ^Money other))))
  (hashCode [_] (hash [amount currency])))

(deftype Adder [n]
  clojure.lang.IFn
  (invoke [_ x] (+ n x))
  (invoke [_ x y] (+ n x y)))

(deftest deftype-fields-and-methods
  (let [p (Pair. 2 5)]
    (is (= 2 (.-a p)))
    (is (= 5 (.b p)))
    (is (= 10 (area p)))
    (is (= 40 (area (scale p 2))))
    (is (= 10 (area (->Pair 2 5))))
    (is (instance? Pair p))
    (is (not (map? p)))
    (is (not (record? p)))))

(deftest deftype-equality-is-identity-unless-equals
  (let [p (Pair. 1 2)]
    (is (= p p))
    (is (not= p (Pair. 1 2))))
  (is (= (Money. 1 :eur) (Money. 1 :eur)))
  (is (not= (Money. 1 :eur) (Money. 2 :eur)))
  (is (= "3 :usd" (str (Money. 3 :usd)))))

(deftest callable-types
  (is (= 5 ((Adder. 2) 3)))
  (is (= 6 ((Adder. 1) 2 3)))
  (is (= [3 4] (map (Adder. 2) [1 2]))))

(deftest reify-closures
  (let [make (fn [k] (reify Shape (area [_] k) (scale [_ m] (* k m))))
        shapes (map make [1 2 3])]
    (is (= [1 2 3] (map area shapes)))
    (is (= [10 20 30] (map #(scale % 10) shapes)))))

(defprotocol Label (label [x] [x suffix]))

(extend-type Point
  Label
  (label
    ([p] (str "point " (:x p) "," (:y p)))
    ([p suffix] (str (label p) suffix))))

(deftest extending-a-record-type
  (is (= "point 1,2" (label (->Point 1 2))))
  (is (= "point 1,2!" (label (->Point 1 2) "!")))
  (is (= "point 5,2" (label (assoc (->Point 1 2) :x 5))))
  (is (satisfies? Label (->Point 1 2)))
  (is (extends? Label Point))
  (is (not (satisfies? Label {:x 1 :y 2}))))

(deftest classes-of-types
  (is (= Point (class (->Point 1 2))))
  (is (= Pair (type (Pair. 1 2))))
  (is (instance? clojure.lang.IRecord (->Point 1 2)))
  (is (not (instance? clojure.lang.IRecord (Pair. 1 2))))
  (is (instance? clojure.lang.IType (Pair. 1 2)))
  (is (= #{(->Point 1 2)} (set [(->Point 1 2) (->Point 1 2)]))))

(defprotocol Counter (count-up [c n]) (count-from [c n] [c n acc]))

(deftype Steps [limit]
  Counter
  (count-up [this n] (if (< n limit) (recur (inc n)) [n (.-limit this)]))
  (count-from [_ n] (if (zero? n) :zero (recur (dec n))))
  (count-from [_ n acc] (if (zero? n) acc (recur (dec n) (conj acc n)))))

(defrecord RSteps [limit]
  Counter
  (count-up [_ n] (if (< n limit) (recur (inc n)) n))
  (count-from [_ n] (loop [i n acc 0] (if (zero? i) acc (recur (dec i) (+ acc i)))))
  (count-from [this n acc] (if (pos? n) (recur (dec n) (+ acc (:limit this))) acc)))

(deftest recur-in-methods-rebinds-the-arguments-after-this
  (is (= [5 5] (count-up (Steps. 5) 0)))
  (is (= :zero (count-from (Steps. 0) 3)))
  (is (= [3 2 1] (count-from (Steps. 0) 3 [])))
  (is (= 7 (count-up (->RSteps 7) 2)))
  (is (= 6 (count-from (->RSteps 0) 3)))
  (is (= 30 (count-from (->RSteps 10) 3 0)))
  (let [step 2
        r (reify Counter
            (count-up [_ n] (if (< n 9) (recur (+ n step)) n))
            (count-from [_ n] (if (zero? n) :done (recur (dec n)))))]
    (is (= 10 (count-up r 0)))
    (is (= :done (count-from r 100000))))
  (is (= "xxx" (str (reify Object
                      (toString [this] (loop [s "" n 3] (if (zero? n) s (recur (str s "x") (dec n))))))))))

(deftest identical-objects
  (let [p (Pair. 1 2)
        r (->Point 1 2)
        x (reify Object)]
    (is (identical? p p))
    (is (identical? r r))
    (is (identical? x x))
    (is (not (identical? (Pair. 1 2) (Pair. 1 2))))
    (is (not (identical? (->Point 1 2) (->Point 1 2))))
    (is (not (identical? r (assoc r :x 1))))
    (is (not (identical? (reify Object) (reify Object))))
    (is (not (identical? p r)))))
