(ns clojure-tests.concurrency
  (:require [clojure.test :refer :all]))

(deftest futures
  (let [f (future (+ 1 2))]
    (is (= 3 @f))
    (is (= 3 (deref f 100 :timeout)))
    (is (future? f))
    (is (not (future? 1)))
    (is (future-done? f))
    (is (realized? f)))
  (is (= 6 @(future-call #(* 2 3))))
  (is (not (future-cancel (doto (future 1) deref)))))

(deftest parallel-maps
  (is (= [2 3 4] (pmap inc [1 2 3])))
  (is (= [5 7] (pmap + [1 2] [4 5])))
  (is (= [1 2] (pcalls (constantly 1) (constantly 2))))
  (is (= [3 :a] (pvalues (+ 1 2) :a))))

(deftest promises
  (let [p (promise)]
    (is (not (realized? p)))
    (is (= :none (deref p 10 :none)))
    (deliver p 42)
    (is (realized? p))
    (is (= 42 @p))
    (deliver p 43)
    (is (= 42 @p))))

(deftest delays
  (let [n (atom 0)
        d (delay (swap! n inc) :v)]
    (is (delay? d))
    (is (not (realized? d)))
    (is (= 0 @n))
    (is (= :v @d))
    (is (= :v (force d)))
    (is (= 1 @n))
    (is (realized? d))
    (is (= 5 (force 5)))))

(deftest lazy-realized
  (let [s (map inc [1 2])]
    (is (not (realized? s)))
    (doall s)
    (is (realized? s))))

(deftest errors
  (is (thrown? Exception @(future (throw (ex-info "boom" {})))))
  (is (thrown? Exception (vswap! (atom 1) inc)))
  (is (thrown? Exception @(delay (throw (ex-info "boom" {}))))))
