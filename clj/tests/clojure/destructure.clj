;; destructure: a binding vector rewritten into plain bindings of symbols.
(ns clojure-tests.destructure
  (:require [clojure.test :refer :all]))

(defn- bind
  "The value of `body` under the plain bindings `destructure` makes of `bindings`."
  [bindings body]
  (eval (list 'let* (destructure bindings) body)))

(defn- plain? [bindings]
  (let [out (destructure bindings)]
    (and (vector? out) (even? (count out)) (every? symbol? (take-nth 2 out)))))

(deftest symbols-are-kept-as-they-are
  (is (= '[a 1 b 2] (destructure '[a 1 b 2])))
  (is (= '[a (f x)] (destructure '[a (f x)])))
  (is (= [] (destructure []))))

(deftest vectors
  (is (= [1 2] (bind '[[a b] [1 2]] '[a b])))
  (is (= [1 nil] (bind '[[a b] [1]] '[a b])))
  (is (= [1 2 '(3 4) [1 2 3 4]] (bind '[[a b & r :as all] [1 2 3 4]] '[a b r all])))
  (is (= [1 nil] (bind '[[a & r] [1]] '[a r])))
  (is (= [1 2 3] (bind '[[a [b c]] [1 [2 3]]] '[a b c])))
  (is (= [\a \b] (bind '[[x y] "ab"] '[x y])))
  (is (= [0 1] (bind '[[x y] (range)] '[x y])))
  (is (= [1 '(2 3)] (bind '[[_ & more] '(0 1 2 3) [x & ys] more] '[x ys])))
  (is (plain? '[[a b & r :as all] v])))

(deftest maps
  (is (= [1 9 {:a 1}] (bind '[{:keys [a b] :or {b 9} :as m} {:a 1}] '[a b m])))
  (is (= [1 2] (bind '[{:strs [a] :syms [b]} {"a" 1 'b 2}] '[a b])))
  (is (= [1 2 3] (bind '[{x :x [y z] :v} {:x 1 :v [2 3]}] '[x y z])))
  (is (= [1 2 3] (bind '[{:keys [x/a :y/b] :z/keys [c]} {:x/a 1 :y/b 2 :z/c 3}] '[a b c])))
  (is (= [1 2] (bind '[{:keys [a b]} (list :a 1 :b 2)] '[a b])))
  (is (= [nil nil] (bind '[{:keys [a b]} nil] '[a b])))
  (is (= "s" (bind '[{v "k"} {"k" "s"}] 'v)))
  (is (= :d (bind '[{v :missing :or {v :d}} {}] 'v)))
  (is (plain? '[{:keys [a b] :or {b 9} :as m} x {[c] :c} y])))

(deftest vectors-and-maps-together
  (is (= [1 2] (bind '[[a & {:keys [k]}] [1 :k 2]] '[a k])))
  (is (= [1 [2 3]] (bind '[{[a] :v :as m} {:v [1]} {w :w} {:w [2 3]}] '[a w])))
  (is (plain? '[[a & {:keys [k]}] x])))

(deftest unsupported-forms
  (is (thrown-with-msg? Exception #"Unsupported binding form" (destructure '[1 2])))
  (is (thrown-with-msg? Exception #"Unsupported binding form" (destructure '[[a "s"] x]))))
