;; Vars as values: what def gives, #' and var, calling and derefing a var, binding.
(ns clojure-tests.vars
  (:require [clojure.test :refer :all]))

(def x 1)
(defn f [y] (* 2 y))
(def ^:dynamic *level* 0)

(deftest def-gives-the-var
  (is (var? (def z 3)))
  (is (= #'clojure-tests.vars/z (def z 4)))
  (is (= "#'clojure-tests.vars/z" (pr-str (def z 5))))
  (is (= "#'clojure-tests.vars/g" (pr-str (defn g [a] a))))
  (is (= 1 ((defn h [a] a) 1))))

(deftest var-forms
  (is (= #'f (var f)))
  (is (var? #'f))
  (is (not (var? f)))
  (is (not (var? 'f)))
  (is (= "#'clojure.core/inc" (pr-str #'inc)))
  (is (= "#'clojure-tests.vars/x" (pr-str #'x))))

(deftest vars-are-callable-and-derefable
  (is (= 4 (#'f 2)))
  (is (= 1 @#'x))
  (is (= 1 (deref #'x)))
  (is (= 1 (var-get #'x)))
  (is (= '(2 3) (map #'inc [1 2])))
  (is (= 6 (reduce #'+ [1 2 3])))
  (is (= 10 (apply #'f [5]))))

(deftest var-sees-the-latest-definition
  (def w 1)
  (let [v #'w]
    (def w 2)
    (is (= 2 @v))))

(deftest alter-var-root-changes-the-root
  (def counter 1)
  (is (= 2 (alter-var-root #'counter inc)))
  (is (= 2 counter))
  (is (= 12 (alter-var-root #'counter + 4 6)))
  (is (= 12 counter)))

(defn level [] *level*)

(deftest binding-rebinds-for-the-body
  (is (= 0 (level)))
  (is (= 5 (binding [*level* 5] (level))))
  (is (= 0 (level)))
  (is (= [1 2] (binding [*level* 1] [(level) (binding [*level* 2] (level))])))
  (is (= 0 (try (binding [*level* 9] (throw (ex-info "x" {}))) (catch Exception e (level))))))

(defn redef-target [x] (inc x))
(def redef-value 5)
(def ^:dynamic *settable* 1)

(deftest find-var-and-intern
  (is (= #'clojure-tests.vars/redef-target (find-var 'clojure-tests.vars/redef-target)))
  (is (nil? (find-var 'clojure-tests.vars/no-such-name)))
  (is (= #'clojure.core/map (find-var 'clojure.core/map)))
  (is (thrown? Exception (find-var 'redef-target)))
  (is (var? (intern 'clojure-tests.vars 'interned 10)))
  (is (= 10 @(intern 'clojure-tests.vars 'interned)))
  (is (= 11 (var-get (intern 'clojure-tests.vars 'interned 11))))
  (is (bound? #'redef-target #'redef-value)))

(deftest var-set-in-a-binding
  (is (= 3 (binding [*settable* 2] (var-set #'*settable* 3) *settable*)))
  (is (= 1 *settable*)))

(deftest with-redefs-cases
  (is (= [20 100] (with-redefs [redef-target (fn [x] (* 10 x)) redef-value 100]
                    [(redef-target 2) redef-value])))
  (is (= 3 (redef-target 2)))
  (is (= 5 redef-value))
  (is (= :r (with-redefs-fn {#'redef-target (fn [_] :r)} (fn [] (redef-target 1)))))
  (is (= 2 (redef-target 1)))
  (is (= 5 (try (with-redefs [redef-value 1] (throw (ex-info "out" {})))
                (catch Exception _ redef-value))))
  (is (= 2 (with-redefs [redef-value 1] (+ redef-value redef-value)))))

(def meta-target 1)

(deftest var-metadata
  (is (= 1 (:extra (alter-meta! #'meta-target assoc :extra 1))))
  (is (= 1 (:extra (meta #'meta-target))))
  (is (= {:a 1} (reset-meta! #'meta-target {:a 1})))
  (is (= {:a 1} (meta #'meta-target))))

;; *ns* while the file loads; the tests run later, in whatever namespace the runner is in.
(def ns-while-loading (ns-name *ns*))
(def ns-is-the-ns (= *ns* (the-ns 'clojure-tests.vars)))

(deftest current-namespace
  (is (= 'clojure-tests.vars ns-while-loading))
  (is (true? ns-is-the-ns)))

(deftest load-file-cases
  (let [path "/tmp/kanren-vars-load-file.clj"]
    (spit path "(ns clojure-tests.loaded-file) (def answer 41) (+ answer 1)")
    (let [before (ns-name *ns*)]
      (is (= 42 (load-file path)))
      (is (= 41 @(find-var 'clojure-tests.loaded-file/answer)))
      (is (= before (ns-name *ns*))))))
