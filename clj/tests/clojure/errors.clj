(ns clojure-tests.errors
  (:require [clojure.test :refer :all]))

;; Errors as Clojure raises them: each of a Java exception class, caught by that class or one
;; of its superclasses; exceptions as values.

(defn class-of-error
  "The simple name of the class of the exception `f` throws, by the first catch that takes it."
  [f]
  (try (f) :no-error
       (catch clojure.lang.ArityException _ :arity)
       (catch ArithmeticException _ :arithmetic)
       (catch ClassCastException _ :class-cast)
       (catch NullPointerException _ :null-pointer)
       (catch IndexOutOfBoundsException _ :index)
       (catch NumberFormatException _ :number-format)
       (catch IllegalArgumentException _ :illegal-argument)
       (catch clojure.lang.ExceptionInfo _ :ex-info)
       (catch RuntimeException _ :runtime)
       (catch Exception _ :exception)
       (catch AssertionError _ :assertion)
       (catch StackOverflowError _ :stack-overflow)
       (catch Throwable _ :throwable)))

(deftest the-classes-of-common-errors
  (is (= :arithmetic (class-of-error #(/ 1 0))))
  (is (= :arithmetic (class-of-error #(quot 1 0))))
  (is (= :arithmetic (class-of-error #(* 9223372036854775807 2))))
  (is (= :arithmetic (class-of-error #(inc 9223372036854775807))))
  (is (= :arity (class-of-error #((fn [x] x)))))
  (is (= :arity (class-of-error #((fn [x] x) 1 2))))
  (is (= :class-cast (class-of-error #(+ 1 :a))))
  (is (= :null-pointer (class-of-error #(+ 1 nil))))
  (is (= :index (class-of-error #(nth [1 2] 5))))
  (is (= :index (class-of-error #([1 2] 5))))
  (is (= :number-format (class-of-error #(Integer/parseInt "x"))))
  (is (= :ex-info (class-of-error #(throw (ex-info "m" {})))))
  (is (= :exception (class-of-error #(throw (Exception. "m")))))
  (is (= :illegal-argument (class-of-error #(throw (IllegalArgumentException. "m")))))
  (is (= :runtime (class-of-error #(throw (IllegalStateException. "m")))))
  (is (= :runtime (class-of-error #(throw (UnsupportedOperationException. "m")))))
  (is (= :assertion (class-of-error #(assert (= 1 2)))))
  (is (= :stack-overflow (class-of-error #(letfn [(f [n] (inc (f n)))] (f 0)))))
  (is (= :throwable (class-of-error #(throw (Throwable. "m")))))
  (is (= :no-error (class-of-error #(+ 1 2)))))

(deftest messages
  (is (= "Divide by zero" (try (/ 1 0) (catch ArithmeticException e (ex-message e)))))
  (is (= "Divide by zero" (try (/ 1 0) (catch Exception e (.getMessage e)))))
  (is (= "For input string: \"x\"" (try (Integer/parseInt "x") (catch Exception e (.getMessage e)))))
  (is (= "Assert failed: (= 1 2)" (try (assert (= 1 2)) (catch AssertionError e (.getMessage e)))))
  (is (= "Assert failed: sizes differ\n(= 1 2)"
         (try (assert (= 1 2) "sizes differ") (catch AssertionError e (.getMessage e))))))

(deftest try-catch-finally
  (testing "the first clause that matches runs"
    (is (= :first (try (/ 1 0) (catch ArithmeticException _ :first) (catch Exception _ :second))))
    (is (= :second (try (/ 1 0) (catch IllegalStateException _ :first) (catch Exception _ :second)))))
  (testing "an error no clause catches goes on"
    (is (= :outer (try (try (/ 1 0) (catch IllegalStateException _ :inner))
                       (catch ArithmeticException _ :outer)))))
  (testing "an Error is not an Exception"
    (is (= :error (try (try (assert false) (catch Exception _ :exception))
                       (catch Error _ :error)))))
  (testing "finally runs, and its value is not the try's"
    (let [log (atom [])]
      (is (= 3 (try (+ 1 2) (finally (swap! log conj :finally)))))
      (is (= :caught (try (/ 1 0) (catch Exception _ :caught) (finally (swap! log conj :again)))))
      (is (= [:finally :again] @log))))
  (testing "finally runs when the error goes on"
    (let [log (atom [])]
      (is (= :outer (try (try (/ 1 0) (finally (swap! log conj :inner)))
                         (catch Exception _ :outer))))
      (is (= [:inner] @log))))
  (testing "a try without an error is its body's value"
    (is (= 6 (try 1 2 6 (catch Exception _ 0)))))
  (testing "the value of catch is the value of the try"
    (is (= "m" (try (throw (Exception. "m")) (catch Exception e (.getMessage e)))))))

(deftest exceptions-as-values
  (let [e (ex-info "boom" {:a 1})]
    (is (= "boom" (ex-message e)))
    (is (= {:a 1} (ex-data e)))
    (is (nil? (ex-cause e)))
    (is (= e (try (throw e) (catch Exception x x))))
    (is (= {:a 1} (try (throw e) (catch clojure.lang.ExceptionInfo x (ex-data x))))))
  (let [cause (Exception. "root")
        e (ex-info "outer" {:k :v} cause)]
    (is (= cause (ex-cause e)))
    (is (= cause (.getCause e)))
    (is (= "root" (ex-message (ex-cause e)))))
  (testing "ex-message and ex-data of values that are not exceptions"
    (is (nil? (ex-message 42)))
    (is (nil? (ex-data (Exception. "m"))))
    (is (nil? (ex-data "s"))))
  (testing "Exception. with no message, a message, a cause"
    (is (nil? (.getMessage (Exception.))))
    (is (= "m" (.getMessage (RuntimeException. "m"))))
    (is (= "c" (.getMessage (.getCause (Exception. "m" (Exception. "c")))))))
  (testing "str of an exception is Java's toString"
    (is (= "java.lang.Exception: m" (str (Exception. "m"))))
    (is (= "clojure.lang.ExceptionInfo: m {:a 1}" (str (ex-info "m" {:a 1})))))
  (testing "a printed exception starts with #error"
    (is (= "#error {" (subs (pr-str (Exception. "m")) 0 8)))))

(deftest throwable->map
  (let [m (Throwable->map (ex-info "boom" {:a 1}))]
    (is (= "boom" (:cause m)))
    (is (= {:a 1} (:data m)))
    (is (= 1 (count (:via m))))
    (is (= "boom" (:message (first (:via m)))))
    (is (= {:a 1} (:data (first (:via m))))))
  (let [m (Throwable->map (ex-info "outer" {:o 1} (ex-info "inner" {:i 2})))]
    (is (= "inner" (:cause m)))
    (is (= {:i 2} (:data m)))
    (is (= ["outer" "inner"] (map :message (:via m))))))

(deftest throw-needs-a-throwable
  (is (thrown? ClassCastException (throw {:not :an-exception})))
  (is (thrown? ClassCastException (throw "s"))))
