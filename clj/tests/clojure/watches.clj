;; Atoms' validators, watches and metadata.
(ns clojure-tests.watches
  (:require [clojure.test :refer :all]))

(deftest validators
  (let [a (atom 1 :validator pos?)]
    (is (= pos? (get-validator a)))
    (is (= 2 (swap! a inc)))
    (is (thrown-with-msg? IllegalStateException #"Invalid reference state" (reset! a 0)))
    (is (= 2 @a))
    (is (thrown-with-msg? IllegalStateException #"Invalid reference state" (swap! a - 5)))
    (is (= 2 @a))
    (is (thrown? IllegalStateException (swap-vals! a - 5)))
    (is (thrown? IllegalStateException (reset-vals! a -1)))
    (is (thrown? IllegalStateException (compare-and-set! a 2 -1)))
    (is (= 2 @a))
    (is (= [2 3] (swap-vals! a inc)))
    (is (nil? (set-validator! a nil)))
    (is (nil? (get-validator a)))
    (is (= -1 (reset! a -1)))))

(deftest a-validator-checks-the-first-value
  (is (thrown-with-msg? IllegalStateException #"Invalid reference state"
                        (atom 0 :validator pos?)))
  (is (nil? (get-validator (atom 0))))
  (let [a (atom 0)]
    (is (thrown? IllegalStateException (set-validator! a pos?)))
    (is (nil? (get-validator a)))
    (is (nil? (set-validator! a integer?)))
    (is (= integer? (get-validator a)))
    (is (thrown? IllegalStateException (reset! a :k)))))

(deftest a-validator-that-throws
  (let [a (atom 1 :validator (fn [v] (if (> v 10) (throw (ex-info "too big" {:v v})) true)))]
    (is (thrown-with-msg? clojure.lang.ExceptionInfo #"too big" (reset! a 11)))
    (is (= 1 @a))
    (is (= 10 (reset! a 10)))))

(deftest watches
  (let [a (atom 0)
        log (atom [])]
    (is (identical? a (add-watch a :w (fn [k r old new] (swap! log conj [k (identical? r a) old new])))))
    (swap! a inc)
    (reset! a 10)
    (swap! a + 5)
    (is (= [[:w true 0 1] [:w true 1 10] [:w true 10 15]] @log))
    (reset! a 15)
    (is (= [:w true 15 15] (peek @log)))
    (is (identical? a (remove-watch a :w)))
    (reset! a 20)
    (is (= 4 (count @log)))
    (is (identical? a (remove-watch a :missing)))))

(deftest watches-of-the-swap-and-reset-family
  (let [a (atom 1)
        log (atom [])]
    (add-watch a "key" (fn [_ _ old new] (swap! log conj [old new])))
    (swap-vals! a inc)
    (reset-vals! a 7)
    (is (true? (compare-and-set! a 7 8)))
    (is (false? (compare-and-set! a 7 9)))
    (is (= [[1 2] [2 7] [7 8]] @log))))

(deftest several-watches-and-replacing-one
  (let [a (atom 0)
        seen (atom #{})]
    (add-watch a :one (fn [k _ _ new] (swap! seen conj [k new])))
    (add-watch a :two (fn [k _ _ new] (swap! seen conj [k new])))
    (reset! a 1)
    (is (= #{[:one 1] [:two 1]} @seen))
    (add-watch a :one (fn [k _ _ new] (swap! seen conj [:replaced new])))
    (reset! a 2)
    (is (= #{[:one 1] [:two 1] [:two 2] [:replaced 2]} @seen))))

(deftest a-watch-does-not-run-when-the-validator-refuses
  (let [a (atom 1 :validator pos?)
        calls (atom 0)]
    (add-watch a :w (fn [& _] (swap! calls inc)))
    (is (thrown? IllegalStateException (reset! a -1)))
    (is (= 0 @calls))
    (reset! a 3)
    (is (= 1 @calls))))

(deftest atom-metadata
  (is (= {:a 1} (meta (atom 0 :meta {:a 1}))))
  (is (nil? (meta (atom 0))))
  (let [a (atom 0 :meta {:a 1} :validator number?)]
    (is (= {:a 1} (meta a)))
    (is (= number? (get-validator a)))
    (is (= {:a 2} (alter-meta! a update :a inc)))
    (is (= {:a 2} (meta a)))
    (is (= {:b 1} (reset-meta! a {:b 1})))
    (is (= {:b 1} (meta a)))))
