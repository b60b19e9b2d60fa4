(ns clojure-tests.sets
  (:require [clojure.test :refer :all]
            [clojure.set :as set]))

(deftest union-intersection-difference
  (is (= #{} (set/union)))
  (is (= #{1 2} (set/union #{1 2})))
  (is (= #{1 2 3} (set/union #{1 2} #{2 3})))
  (is (= #{1 2 3 4} (set/union #{1} #{2} #{3 4})))
  (is (= #{2} (set/intersection #{1 2} #{2 3})))
  (is (= #{} (set/intersection #{1} #{2})))
  (is (= #{3} (set/intersection #{1 2 3} #{2 3} #{3 4})))
  (is (= #{1} (set/difference #{1 2} #{2 3})))
  (is (= #{1 2} (set/difference #{1 2})))
  (is (= #{} (set/difference #{1 2} #{2} #{1})))
  (is (sorted? (set/union (sorted-set 3 1) #{2})))
  (is (= [1 2 3] (vec (set/union (sorted-set 3 1) #{2})))))

(deftest subset-superset
  (is (set/subset? #{1} #{1 2}))
  (is (set/subset? #{} #{1}))
  (is (not (set/subset? #{3} #{1 2})))
  (is (set/superset? #{1 2} #{1}))
  (is (not (set/superset? #{1} #{1 2}))))

(def people #{{:name "ann" :dept 1} {:name "bo" :dept 2} {:name "cy" :dept 1}})
(def depts #{{:dept 1 :title "logic"} {:dept 2 :title "sets"}})

(deftest relations
  (is (= #{{:name "ann" :dept 1} {:name "cy" :dept 1}}
         (set/select #(= 1 (:dept %)) people)))
  (is (= #{{:dept 1} {:dept 2}} (set/project people [:dept])))
  (is (= {:b 1 :c 2} (set/rename-keys {:a 1 :c 2} {:a :b})))
  (is (= {:b 1 :a 2} (set/rename-keys {:a 1 :b 2} {:a :b :b :a})))
  (is (= #{{:who "bo" :dept 2}}
         (set/rename #{{:name "bo" :dept 2}} {:name :who})))
  (is (= {{:dept 1} #{{:name "ann" :dept 1} {:name "cy" :dept 1}}
          {:dept 2} #{{:name "bo" :dept 2}}}
         (set/index people [:dept])))
  (is (= {1 :a 2 :b} (set/map-invert {:a 1 :b 2}))))

(deftest joins
  (is (= #{{:name "ann" :dept 1 :title "logic"}
           {:name "cy" :dept 1 :title "logic"}
           {:name "bo" :dept 2 :title "sets"}}
         (set/join people depts)))
  (is (= #{} (set/join people #{})))
  (is (= #{{:a 1 :b 2 :c 1 :d 5}}
         (set/join #{{:a 1 :b 2}} #{{:c 1 :d 5}} {:a :c})))
  (is (= 4 (count (set/join #{{:a 1} {:a 2}} #{{:b 1} {:b 2}})))))
