(ns clojure-tests.testing-inner
  (:require [clojure.test :refer :all]))

;; A namespace of passing tests that clojure-tests.testing runs with run-tests.

(def once-state (atom :before))
(def each-state (atom 0))

(use-fixtures :once (fn [f] (reset! once-state :inside) (f) (reset! once-state :after)))
(use-fixtures :each (fn [f] (swap! each-state inc) (f)))

(deftest inner-one
  (is (= :inside @once-state))
  (is (pos? @each-state)))

(deftest inner-two
  (is (= 1 1)))

(ns clojure-tests.testing
  (:require [clojure.test :refer :all]))

;; clojure.test itself: what `is` gives and accepts, `are`, `testing`, fixtures, test
;; functions, run-tests' summary, with-out-str around printing.

(deftest is-gives-its-value
  (is (= 3 (is (+ 1 2))))
  (is (= true (is (= 1 1))))
  (is (= "m" (ex-message (is (thrown? Exception (throw (Exception. "m")))))))
  (is (= 1 1) "a message is accepted")
  (is (= {:k 1} (ex-data (is (thrown-with-msg? clojure.lang.ExceptionInfo #"oom"
                                                (throw (ex-info "boom" {:k 1}))))))))

(deftest thrown-takes-superclasses
  (is (thrown? RuntimeException (/ 1 0)))
  (is (thrown? Exception (/ 1 0)))
  (is (thrown? Throwable (assert false)))
  (is (thrown? Error (assert false)))
  (is (thrown? ArithmeticException (* Long/MAX_VALUE 2))))

(deftest are-checks-each-row
  (are [x y] (= x (inc y))
    2 1
    3 2
    0 -1)
  (are [s] (string? s) "a" "b"))

(deftest nested-testing
  (testing "outer"
    (testing "inner"
      (is (= 4 (* 2 2))))))

(def state (atom nil))

(deftest test-functions-and-run-tests
  (let [summary (atom nil)]
    (with-out-str (reset! summary (run-tests 'clojure-tests.testing-inner)))
    (is (= {:test 2 :pass 3 :fail 0 :error 0 :type :summary} @summary))
    (is (successful? @summary))
    (is (not (successful? {:test 1 :pass 0 :fail 1 :error 0})))
    (is (not (successful? {:test 1 :pass 0 :fail 0 :error 1})))
    (is (= :after @clojure-tests.testing-inner/once-state))))

(deftest with-out-str-captures-printing
  (is (= "a b\n" (with-out-str (println "a" "b"))))
  (is (= "\"s\"\n" (with-out-str (prn "s"))))
  (is (= "12" (with-out-str (print 1) (print 2))))
  (is (= "" (with-out-str nil)))
  (is (= "inner\nouter\n" (with-out-str (println (str (with-out-str (print "inner")))) (println "outer")))))

(deftest function-predicate
  (is (function? inc))
  (is (function? 'map))
  (is (function? #(+ % 1)))
  (is (not (function? 1)))
  (is (not (function? 'no-such-function-anywhere))))

(deftest counts-round-up
  (is (= [2 3] (take-last 3/2 [1 2 3])))
  (is (= [3] (nthrest [1 2 3] 3/2)))
  (is (= [3] (nthnext [1 2 3] 3/2))))
