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
