;; Thread bindings as functions, vars outside namespaces (with-local-vars) and `test`.
(ns clojure-tests.bindings
  (:require [clojure.test :refer :all]))

(def ^:dynamic *x* 1)
(def ^:dynamic *y* :y)

(deftest binding-makes-vars-thread-bound
  (is (not (thread-bound? #'*x*)))
  (is (binding [*x* 2] (thread-bound? #'*x*)))
  (is (binding [*x* 2] (thread-bound? #'*x* #'*x*)))
  (is (not (binding [*x* 2] (thread-bound? #'*x* #'*y*))))
  (is (binding [*x* 2] (binding [*y* 3] (thread-bound? #'*x* #'*y*))))
  (is (not (thread-bound? #'*x*))))

(deftest get-thread-bindings-maps-vars-to-values
  (is (= 2 (binding [*x* 2] (get (get-thread-bindings) #'*x*))))
  (is (= [3 :z] (binding [*x* 2 *y* :z]
                  (binding [*x* 3]
                    (let [m (get-thread-bindings)] [(m #'*x*) (m #'*y*)])))))
  (is (not (contains? (get-thread-bindings) #'*x*)))
  (is (= 5 (binding [*x* 4] (set! *x* 5) (get (get-thread-bindings) #'*x*)))))

(deftest push-and-pop
  (is (= 9 (do (push-thread-bindings {#'*x* 9})
               (try *x* (finally (pop-thread-bindings))))))
  (is (= 1 *x*))
  (is (= [9 :w] (do (push-thread-bindings {#'*x* 9 #'*y* :w})
                    (try [*x* *y*] (finally (pop-thread-bindings))))))
  (is (= [2 1] (do (push-thread-bindings {#'*x* 2})
                   (let [inner *x*]
                     (pop-thread-bindings)
                     [inner *x*])))))

(deftest with-bindings-runs-with-a-map-of-bindings
  (is (= 5 (with-bindings {#'*x* 5} *x*)))
  (is (= [5 :q] (with-bindings {#'*x* 5 #'*y* :q} [*x* *y*])))
  (is (= 1 (with-bindings {} *x*)))
  (is (= 1 (do (with-bindings {#'*x* 5} *x*) *x*)))
  (is (= [1 6] (with-bindings* {#'*x* 6} (fn [a] [a *x*]) 1)))
  (is (= [1 2 6] (with-bindings* {#'*x* 6} (fn [& xs] (conj (vec xs) *x*)) 1 2)))
  (is (= 1 (try (with-bindings {#'*x* 5} (throw (ex-info "out" {})))
                (catch clojure.lang.ExceptionInfo _ *x*)))))

(deftest bound-fn-keeps-the-bindings-it-was-made-in
  (let [f (binding [*x* 7] (bound-fn [] *x*))
        g (binding [*x* 7] (fn [] *x*))]
    (is (= 7 (f)))
    (is (= 1 (g)))
    (is (= 1 *x*)))
  (let [f (binding [*x* 3] (bound-fn* (fn [a b] [a b *x*])))]
    (is (= [:a :b 3] (f :a :b))))
  (let [f (binding [*x* 3] (bound-fn ([] *x*) ([a] [a *x*])))]
    (is (= 3 (f)))
    (is (= [0 3] (f 0))))
  (let [f (bound-fn* (fn [] *x*))]
    (is (= 2 (binding [*x* 2] (f)))))
  (is (= [7 7 7] (binding [*x* 7] (mapv (bound-fn* (fn [_] *x*)) [1 2 3])))))

(deftest local-vars
  (is (= 1 (with-local-vars [a 1] (var-get a))))
  (is (= 1 (with-local-vars [a 1] @a)))
  (is (= 3 (with-local-vars [a 1] (var-set a 3) @a)))
  (is (= [10 2] (with-local-vars [a 1 b 2] (var-set a 10) [(var-get a) @b])))
  (is (with-local-vars [a 1] (var? a)))
  (is (= clojure.lang.Var (with-local-vars [a 1] (class a))))
  (is (= "#<Var: --unnamed-->" (with-local-vars [a 1] (pr-str a))))
  (is (with-local-vars [a 1] (thread-bound? a)))
  (is (= 6 (with-local-vars [acc 0]
             (doseq [i [1 2 3]] (var-set acc (+ @acc i)))
             @acc)))
  (is (= :body (with-local-vars [] :body)))
  (is (thrown? Exception (eval '(with-local-vars [a] a))))
  (is (thrown? Exception (eval '(with-local-vars (a 1) a)))))

(defn with-a-test
  {:test (fn [] (assert (= 4 (with-a-test 2))))}
  [n] (* n n))

(defn without-a-test [n] n)

(deftest a-test-with-no-assertions)

(deftest test-runs-the-test-in-metadata
  (is (= :ok (test #'with-a-test)))
  (is (= :no-test (test #'without-a-test)))
  (is (= :ok (test #'a-test-with-no-assertions)))
  (is (fn? (:test (meta #'a-test-with-no-assertions))))
  (is (= :no-test (test #'*x*)))
  (is (thrown? AssertionError (test (with-meta [] {:test (fn [] (assert (= 5 (with-a-test 2))))}))))
  (is (= :ok (test (with-meta [] {:test (fn [] :ran)}))))
  (is (= :no-test (test [])))
  (is (fn? (:test (meta #'with-a-test)))))
