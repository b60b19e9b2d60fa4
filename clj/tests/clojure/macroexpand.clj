(ns clojure-tests.macroexpand
  (:require [clojure.test :refer :all]
            [clojure.walk :refer [macroexpand-all]]))

;; clojure.core's macros expand one step as clojure.core writes them. Names a macro makes
;; fresh (`and__5579__auto__`, `G__12`) differ between runs, so expansions that have them
;; are checked by their shape.

(deftest conditionals-expand-once
  (is (= '(if a (do b c)) (macroexpand-1 '(when a b c))))
  (is (= '(if a (do)) (macroexpand-1 '(when a))))
  (is (= '(if a nil (do b)) (macroexpand-1 '(when-not a b))))
  (is (= '(if (clojure.core/not a) b c) (macroexpand-1 '(if-not a b c))))
  (is (= '(clojure.core/if-not a b nil) (macroexpand-1 '(if-not a b))))
  (is (= '(if (clojure.core/not a) b nil) (macroexpand '(if-not a b))))
  (is (= '(if a b (clojure.core/cond c d)) (macroexpand-1 '(cond a b c d))))
  (is (= '(if a b (clojure.core/cond c d)) (macroexpand '(cond a b c d))))
  (is (= '(if c d (clojure.core/cond)) (macroexpand-1 '(cond c d))))
  (is (nil? (macroexpand '(cond))))
  (is (true? (macroexpand '(and))))
  (is (= 'a (macroexpand '(and a))))
  (is (nil? (macroexpand '(or))))
  (is (= 'a (macroexpand '(or a)))))

(deftest threading-expands-once
  (is (= '(d (b a c)) (macroexpand-1 '(-> a (b c) d))))
  (is (= '(d (b c a)) (macroexpand-1 '(->> a (b c) d))))
  (is (= 'a (macroexpand '(-> a))))
  (is (= '(b a) (macroexpand '(->> a (b)))))
  (is (= '(clojure.core/let [x a x (b x)] (c x)) (macroexpand-1 '(as-> a x (b x) (c x)))))
  (is (= '(clojure.core/let [x a] x) (macroexpand-1 '(as-> a x))))
  (is (= '(.. (. a b) c) (macroexpand-1 '(.. a b c))))
  (is (= '(. a b) (macroexpand-1 '(.. a b))))
  (is (= '(. (. a b) (c 1)) (macroexpand '(.. a b (c 1))))))

(deftest binding-forms-expand-to-the-special-forms
  (is (= '(let* [a 1 b a] b) (macroexpand-1 '(let [a 1 b a] b))))
  (is (= '(let* [a 1] a) (macroexpand '(let [a 1] a))))
  (is (= '(fn* ([a] a)) (macroexpand-1 '(fn [a] a))))
  (is (= '(fn* f ([a] a) ([a b] b)) (macroexpand-1 '(fn f ([a] a) ([a b] b)))))
  (is (= '(fn* ([a & more] more)) (macroexpand-1 '(fn [a & more] more))))
  (is (= '(fn* ([a] (clojure.core/assert (pos? a)) (clojure.core/let [% (inc a)] (clojure.core/assert (> % 1)) %)))
         (macroexpand-1 '(fn [a] {:pre [(pos? a)] :post [(> % 1)]} (inc a)))))
  (is (= '(loop* [a 1 b 2] a) (macroexpand-1 '(loop [a 1 b 2] a))))
  (is (= '(clojure.core/loop [] (clojure.core/when a b (recur))) (macroexpand-1 '(while a b))))
  (is (nil? (macroexpand '(comment a (b c))))))

(deftest defn-expands-to-def-of-fn
  (is (= '(def f (clojure.core/fn ([a] a))) (macroexpand-1 '(defn f [a] a))))
  (is (= '(def f (clojure.core/fn ([a] a) ([a b] b))) (macroexpand-1 '(defn f "doc" ([a] a) ([a b] b)))))
  (is (= '(def f (clojure.core/fn ([a] a))) (macroexpand-1 '(defn f "doc" {:k 1} [a] a))))
  (is (= {:doc "doc" :k 1 :arglists ''([a])}
         (meta (second (macroexpand-1 '(defn f "doc" {:k 1} [a] a))))))
  (is (= {:arglists ''([a] [a b])} (meta (second (macroexpand-1 '(defn f ([a] a) ([a b] b)))))))
  (is (= '(clojure.core/defn f [a] a) (macroexpand-1 '(defn- f [a] a))))
  (is (= {:private true} (meta (second (macroexpand-1 '(defn- f [a] a))))))
  (is (= '(def f (clojure.core/fn ([a] a))) (macroexpand '(defn- f [a] a)))))

(deftest fresh-names-in-expansions
  (let [[l [g x] [i t then else]] (macroexpand-1 '(and a b))]
    (is (= ['clojure.core/let 'a 'if] [l x i]))
    (is (= g t else))
    (is (= '(clojure.core/and b) then)))
  (let [[l [g x] [i t then else]] (macroexpand-1 '(or a b c))]
    (is (= ['clojure.core/let 'a 'if] [l x i]))
    (is (= g t then))
    (is (= '(clojure.core/or b c) else)))
  (let [[l [g x] & body] (macroexpand-1 '(doto a (b 1) c))]
    (is (= 'clojure.core/let l))
    (is (= 'a x))
    (is (= [(list 'b g 1) (list 'c g) g] body)))
  (let [[l [t e] [w t2 [l2 [x t3] body]]] (macroexpand-1 '(when-let [x e] body))]
    (is (= ['clojure.core/let 'e 'clojure.core/when 'clojure.core/let 'x 'body]
           [l e w l2 x body]))
    (is (= t t2 t3)))
  (let [[l [t e] [i t2 [l2 [x t3] then] else]] (macroexpand-1 '(if-let [x e] then else))]
    (is (= ['clojure.core/let 'e 'if 'clojure.core/let 'x 'then 'else]
           [l e i l2 x then else]))
    (is (= t t2 t3)))
  (is (= '(clojure.core/if-let [x e] then nil) (macroexpand-1 '(if-let [x e] then))))
  (is (= '(clojure.core/if-some [x e] then nil) (macroexpand-1 '(if-some [x e] then))))
  (let [[l [g e g2 step] last-step] (macroexpand-1 '(some-> e f (h 1)))]
    (is (= 'clojure.core/let l))
    (is (= g g2))
    (is (= (list 'if (list 'clojure.core/nil? g) nil (list 'clojure.core/-> g 'f)) step))
    (is (= (list 'if (list 'clojure.core/nil? g) nil (list 'clojure.core/-> g '(h 1))) last-step)))
  (let [[l [g e] last-step] (macroexpand-1 '(cond->> e t f))]
    (is (= 'clojure.core/let l))
    (is (= (list 'if 't (list 'clojure.core/->> g 'f) g) last-step)))
  (let [[l [g n] [lp [i zero] [w test body recur-form]]] (macroexpand-1 '(dotimes [i 3] body))]
    (is (= ['clojure.core/let '(clojure.core/long 3) 'clojure.core/loop 'i 0 'clojure.core/when 'body]
           [l n lp i zero w body]))
    (is (= (list 'clojure.core/< 'i g) test))
    (is (= '(recur (clojure.core/unchecked-inc i)) recur-form))))

(def forms
  '[(when (pos? 1) :a :b)
    (when false :a)
    (when-not false :a :b)
    (if-not (odd? 2) :even :odd)
    (if-not true :x)
    (cond (< 2 1) :lt (> 2 1) :gt :else :eq)
    (cond false 1)
    (and 1 2 3)
    (and 1 nil 3)
    (and)
    (or nil false 3)
    (or nil false)
    (or)
    (-> 5 (- 2) inc (* 3))
    (->> [1 2 3] (map inc) (reduce +))
    (as-> 3 x (* x x) (- x 1) [x x])
    (some-> {:a {:b 2}} :a :b inc)
    (some-> {:a nil} :a :b inc)
    (some->> [1 2 3] (map inc) seq (reduce +))
    (cond-> 1 true inc false (* 10) (odd? 3) (* 3))
    (cond->> [1 2 3] true (map inc) false (map -) true (reduce +))
    (deref (doto (atom 0) (swap! inc) (swap! + 10)))
    (when-let [x (seq [1 2])] (count x))
    (when-let [x nil] :never)
    (if-let [[a b] [1 2]] (+ a b) :no)
    (if-let [x false] :yes :no)
    (if-let [x 1] :yes)
    (when-some [x false] [x])
    (if-some [x nil] :some :none)
    (if-some [x 0] x)
    (when-first [x [7 8]] (* x 2))
    (when-first [x []] :never)
    (let [acc (atom [])] (dotimes [i 4] (swap! acc conj i)) (deref acc))
    (let [n (atom 3) out (atom 0)]
      (while (pos? (deref n)) (swap! out + (deref n)) (swap! n dec))
      (deref out))
    (let [a 1 [b c] [2 3] {:keys [d]} {:d 4}] (+ a b c d))
    ((fn [x] (* x x)) 4)
    ((fn sq ([x] (sq x 2)) ([x n] (reduce * (repeat n x)))) 3)
    ((fn [[a b] {:keys [c]} & more] [a b c more]) [1 2] {:c 3} 4 5)
    ((fn [x] {:pre [(pos? x)] :post [(> % 10)]} (* x 11)) 2)
    (loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc i)) acc))
    (loop [[x & xs] [1 2 3] sum 0] (if x (recur xs (+ sum x)) sum))
    (comment anything (at all))
    (.. "abcd" toUpperCase (substring 1))
    (do (defn expansion-sq "Squares." [x] (* x x)) (expansion-sq 5))
    (do (defn- expansion-cube [x] (* x x x)) (expansion-cube 2))])

(deftest expansions-evaluate-as-the-forms
  (doseq [form forms]
    (is (= (eval form) (eval (macroexpand form))) (pr-str form))
    (is (= (eval form) (eval (macroexpand-1 form))) (pr-str form))
    (is (= (eval form) (eval (macroexpand-all form))) (pr-str form))))
