(ns clojure-tests.walk
  (:require [clojure.test :refer :all]
            [clojure.walk :as w]))

(deftest walk-keeps-kinds
  (is (= [2 3] (w/walk inc identity [1 2])))
  (is (vector? (w/walk inc identity [1 2])))
  (is (= '(2 3) (w/walk inc identity '(1 2))))
  (is (list? (w/walk identity identity '(1 2))))
  (is (seq? (w/walk inc identity (map identity [1 2]))))
  (is (= #{2 3} (w/walk inc identity #{1 2})))
  (is (set? (w/walk inc identity #{1 2})))
  (is (= {:a 2} (w/walk (fn [[k v]] [k (inc v)]) identity {:a 1})))
  (is (= 5 (w/walk inc (partial apply +) [1 2])))
  (is (= :x (w/walk inc identity :x)))
  (is (= () (w/walk inc identity ()))))

(deftest postwalk-and-prewalk
  (is (= [2 [3 {:a 4}]] (w/postwalk #(if (number? %) (inc %) %) [1 [2 {:a 3}]])))
  (is (= '(+ 2 (* 3 4)) (w/postwalk #(if (number? %) (inc %) %) '(+ 1 (* 2 3)))))
  (is (= 10 (w/postwalk #(if (vector? %) (apply + %) %) [1 [2 3] [4]])))
  (is (= [[1 2] [3]] (w/prewalk #(if (and (vector? %) (= 3 (count %))) [[1 2] [3]] %) [9 9 9])))
  (is (= {"a" {"b" 1}} (w/stringify-keys {:a {:b 1}})))
  (is (= {:a {:b 1} 1 2} (w/keywordize-keys {"a" {"b" 1} 1 2})))
  (is (= [{:x 1} {:y [{:z 2}]}] (w/keywordize-keys [{"x" 1} {"y" [{"z" 2}]}])))
  (is (= {"ns-free" 1} (w/stringify-keys {:my.ns/ns-free 1}))))

(deftest walk-replace
  (is (= '(c (d c)) (w/postwalk-replace '{a c b d} '(a (b a)))))
  (is (= [:x [:x :y]] (w/prewalk-replace {1 :x 2 :y} [1 [1 2]])))
  (is (= [:z] (w/prewalk-replace {[1 2] [:z]} [1 2])))
  (is (= {:b 2} (w/postwalk-replace {:a :b} {:a 2}))))

(deftest walk-order
  (let [seen (atom [])]
    (w/postwalk (fn [x] (swap! seen conj x) x) [1 [2]])
    (is (= [1 2 [2] [1 [2]]] @seen)))
  (let [seen (atom [])]
    (w/prewalk (fn [x] (swap! seen conj x) x) [1 [2]])
    (is (= [[1 [2]] 1 [2] 2] @seen)))
  (is (= "Walked: 1\nWalked: [1]\n" (with-out-str (w/postwalk-demo [1])))))

(defmacro unless [c x] (list 'if c nil x))

(deftest macroexpand-all-cases
  (is (= '(if a nil (if b nil c))
         (w/macroexpand-all '(clojure-tests.walk/unless a (clojure-tests.walk/unless b c)))))
  (is (= [1 '(if x nil y)] (w/macroexpand-all '[1 (clojure-tests.walk/unless x y)]))))
