(ns clojure-tests.transducers
  (:require [clojure.test :refer :all]))

(deftest transducer-arities
  (is (= [2 3 4] (into [] (map inc) [1 2 3])))
  (is (= [1 3] (into [] (filter odd?) [1 2 3])))
  (is (= [2] (into [] (remove odd?) [1 2 3])))
  (is (= [1 3] (into [] (keep #(when (odd? %) %)) [1 2 3])))
  (is (= [:b] (into [] (keep-indexed #(when (odd? %1) %2)) [:a :b :c])))
  (is (= [[0 :a] [1 :b]] (into [] (map-indexed vector) [:a :b])))
  (is (= [0 1] (into [] (take 2) (range))))
  (is (= [] (into [] (take 0) [1 2])))
  (is (= [0 1 2] (into [] (take-while #(< % 3)) (range))))
  (is (= [2 3] (into [] (drop 2) [0 1 2 3])))
  (is (= [2 3] (into [] (drop-while odd?) [1 3 2 3])))
  (is (= [3 4 1] (into [] (drop-while #(< % 3)) [1 2 3 4 1])))
  (is (= [0 3 6] (into [] (take-nth 3) (range 8))))
  (is (= [1 2 3] (into [] (distinct) [1 2 1 3 2])))
  (is (= [1 2 1] (into [] (dedupe) [1 1 2 2 1])))
  (is (= [[0 1] [2 3] [4]] (into [] (partition-all 2) (range 5))))
  (is (= [[1 3] [2 4] [5]] (into [] (partition-by odd?) [1 3 2 4 5])))
  (is (= [0 0 1] (into [] (mapcat range) [1 2])))
  (is (= [1 2 3 4] (into [] cat [[1 2] [3] [] [4]])))
  (is (= [1 :s 2 :s 3] (into [] (interpose :s) [1 2 3])))
  (is (= [] (into [] (random-sample 0) (range 10))))
  (is (= [0 1 2] (into [] (random-sample 1) (range 3))))
  (is (= [:x 2 :x] (into [] (replace {1 :x}) [1 2 1]))))

(deftest transduce-and-friends
  (is (= 9 (transduce (map inc) + [1 2 3])))
  (is (= 19 (transduce (map inc) + 10 [1 2 3])))
  (is (= 9 (transduce (filter odd?) + [1 2 3 4 5 0])))
  (is (= [2 4] (transduce (comp (filter odd?) (map inc)) conj [1 2 3 4])))
  (is (= "1-2" (transduce (interpose "-") str [1 2])))
  (is (= {:a 1} (into {} (map (fn [k] [k 1])) [:a])))
  (is (= {:a 2} (into {} (map (fn [[k v]] [k (inc v)])) {:a 1})))
  (is (= [2 4] (into [] (comp (map inc) (filter even?)) [1 2 3])))
  (is (= [1 3 5] (into [] (comp (filter odd?) (take 3)) (range))))
  (is (= [[0 1] [2]] (into [] (comp (take 3) (partition-all 2)) (range)))))

(deftest sequence-eduction
  (is (= [2 3] (sequence (map inc) [1 2])))
  (is (= () (sequence (map inc) [])))
  (is (= [1 2] (sequence [1 2])))
  (is (= () (sequence nil)))
  (is (= [1 2 3 4 5] (take 5 (sequence (map inc) (range)))))
  (is (= [[0 1] [2 3]] (take 2 (sequence (partition-all 2) (range)))))
  (is (= [0 1 2 0 1 2 3] (sequence (mapcat range) [3 4])))
  (is (= [[1 1] [2 2]] (sequence (map vector) [1 2] [1 2])))
  (is (= [2 4] (eduction (map inc) (filter even?) [1 2 3 4])))
  (is (= 6 (reduce + (eduction (map inc) [0 1 2])))))

(deftest reduced-values
  (is (= 6 (reduce (fn [a x] (if (> x 3) (reduced a) (+ a x))) 0 (range))))
  (is (reduced? (reduced 1)))
  (is (not (reduced? 1)))
  (is (= 1 @(reduced 1)))
  (is (= 1 (unreduced (reduced 1))))
  (is (= 1 (unreduced 1)))
  (is (reduced? (ensure-reduced 1)))
  (is (= 1 @(ensure-reduced (reduced 1))))
  (is (= 3 (reduce (fn [_ x] (reduced x)) 0 [3 4]))))

(deftest completing-halt-when
  (is (= 6 ((completing +) 6)))
  (is (= 10 (transduce (map inc) (completing + #(* 2 %)) [1 2])))
  (is (= 3 (into [] (halt-when #{3}) [1 2 3 4])))
  (is (= [1 2] (into [] (halt-when #{9}) [1 2])))
  (is (= [[1 2] 3] (into [] (halt-when #{3} (fn [acc x] [acc x])) [1 2 3 4]))))

(deftest volatiles
  (let [v (volatile! 1)]
    (is (volatile? v))
    (is (= 2 (vswap! v inc)))
    (is (= 12 (vswap! v + 10)))
    (is (= :x (vreset! v :x)))
    (is (= :x @v))))

(deftest composition
  (let [xf (comp (map inc) (filter odd?))]
    (is (= [3 5] (into [] xf [1 2 3 4])))
    (is (= [3 5] (sequence xf [1 2 3 4])))
    (is (= 8 (transduce xf + [1 2 3 4])))))
