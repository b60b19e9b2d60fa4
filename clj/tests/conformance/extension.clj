;; core.logic's extension layer: goals written as functions of the substitution, the
;; substitution and the stream as values. Runs through `kanren test`; the same file runs
;; unchanged on core.logic 1.1.1 (tests/oracle/corpus.py).
(ns conformance.extension
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic.protocols]
        [clojure.core.logic :exclude [is]]
        [clojure.test]))

(deftest goals-are-functions-of-the-substitution
  (is (= '(1) (run* [q] (fn [a] (unify a q 1)))))
  (is (= '() (run* [q] (fn [a] nil))))
  (is (= '(_0) (run* [q] (fn [a] a))))
  (is (= '(1 2) (run* [q] (fn [a] (mplus (unify a q 1) (fn [] (unify a q 2)))))))
  (is (= '(1 2) (run* [q] (fn [a] (choice (unify a q 1) (fn [] (unify a q 2)))))))
  (is (= '(1) (run* [q] (fn [a] (bind (unify a q 1) (== q 1))))))
  (is (= '() (run* [q] (fn [a] (bind (unify a q 1) (== q 2))))))
  (is (= '([1 2]) (run* [q] (fresh [x y] (fn [a] (unify a [x y] [1 2])) (== q [x y])))))
  ;; a function goal between goals written in Rust, in both directions
  (is (= '(2) (run* [q] (fresh [x] (== x 1) (fn [a] (unify a q (inc (walk a x))))))))
  (is (= '(1 2 3) (run* [q] (conde [(fn [a] (unify a q 1))] [(membero q [2 3])]))))
  (is (= '(3) (run* [q] (fn [a] (bind a (membero q [1 2 3]))) (== q 3)))))

(defn later [q v] (fn [a] (-inc (unify a q v))))

(deftest streams-keep-the-order-and-stay-lazy
  (is (= '(1 2 3) (run* [q] (fn [a] (mplus* (unify a q 1) (unify a q 2) (unify a q 3))))))
  ;; -inc is used outside run's and fresh's bodies: there, core.logic's own suspensions are
  ;; functions named -inc, which the name would call instead of the macro.
  (is (= '(2) (run* [q] (later q 2))))
  (is (= '(1 3 2) (run* [q] (conde [(== q 1)] [(later q 2)] [(== q 3)]))))
  (letfn [(nats [q n] (fn [a] (mplus (unify a q n) (fn [] ((nats q (inc n)) a)))))]
    (is (= '(0 1 2 3 4) (run 5 [q] (nats q 0))))
    (is (= '(3) (run 1 [q] (nats q 0) (== q 3)))))
  (is (= '(1 2) (run* [q] (fn [a] (bind* a (membero q [1 2 3]) (fn [b] (when (< (walk b q) 3) b))))))))

(deftest goals-are-callable-on-a-substitution
  (let [x (lvar 'x)
        s ((== x 1) empty-s)]
    (is (= 1 (walk s x)))
    (is (= s (unify empty-s x 1)))
    (is (nil? ((== 1 2) empty-s)))
    (is (fn? ((fresh [y] (== y 1)) empty-s)))
    (is (= 1 (walk ((composeg (== x 1) succeed) empty-s) x)))))

(deftest the-substitution-as-a-value
  (let [x (lvar 'x)
        y (lvar 'y)]
    (is (lvar? x))
    (is (not= x (lvar 'x)))
    (is (nil? (unify empty-s 1 2)))
    (is (= (unify empty-s x 1) (to-s [[x 1]])))
    (is (not= (unify empty-s x 1) (to-s [[x 2]])))
    (is (= {x 1} (:s (unify empty-s x 1))))
    (is (= x (walk empty-s x)))
    (is (= y (walk (unify empty-s x y) x)))
    (is (= [1 2] (walk* (unify (unify empty-s x 1) y 2) [x y])))
    (is (= [1 y] (walk* (unify empty-s x 1) [x y])))
    (is (= 2 (walk (ext-no-check (ext-no-check empty-s x 1) x 2) x)))
    (is (nil? (ext empty-s x [x])))
    (is (= [1] (walk (ext empty-s x [1]) x)))
    (is (= '[x y x] (-reify empty-s [x y x])))
    (is (= '[1 y] (-reify (unify empty-s x 1) [x y])))
    (is (= '[nil] (-reify empty-s [(lvar)])))
    (is (= 'x (walk (-reify* empty-s [x y]) x)))
    (is (= (lvar 'z false) (lvar 'z false)))
    (is (not= (lvar 'z) (lvar 'z)))
    (is (= "<lvar:z>" (str (lvar 'z false))))
    (is (= '_0 (reify-lvar-name empty-s)))
    (is (= '_1 (reify-lvar-name (to-s [[x 1]]))))
    (is (= 1 (walk (take* (unify empty-s x 1)) x)))
    (is (= () (take* nil)))))

(deftest improper-lists-and-pairs
  (let [x (lvar 'x)]
    (is (lcons? (lcons 1 x)))
    (is (lcons? (lcons 1 (lcons 2 x))))
    (is (not (lcons? (lcons 1 '(2)))))
    (is (not (lcons? (lcons 1 nil))))
    (is (not (lcons? '(1 2))))
    (is (= '(1) (lcons 1 nil)))
    (is (= (pair 1 2) (pair 1 2)))
    (is (not= (pair 1 2) (pair 2 1)))
    (is (= "(1 . 2)" (pr-str (pair 1 2))))))

(deftest variable-attributes-and-domains
  (let [x (lvar 'x)
        y (lvar 'y)
        s (add-attr empty-s x :foo 'bar)]
    (is (= 'bar (get-attr s x :foo)))
    (is (nil? (get-attr s x :baz)))
    (is (nil? (get-attr (rem-attr s x :foo) x :foo)))
    (is (= 'woz (get-attr (add-attr (ext-no-check empty-s x 1) x :baz 'woz) x :baz)))
    (is (= #{:a} (get-dom (update-dom (entangle empty-s x y) x ::kind (fnil #(conj % :a) #{})) y ::kind)))
    (is (= #{:a} (get-dom (add-dom (entangle empty-s y x) y ::kind #{:a}) x ::kind)))
    (is (nil? (get-dom (add-dom empty-s y ::kind #{:a}) x ::kind)))
    (is (= 5 (get-dom (unify empty-s x 5) x ::kind)))))
