;; Namespaces: a function's body sees the names of the namespace it was written in, and
;; `in-ns` back into a namespace keeps its aliases and refers.
(ns conformance.namespaces.home
  (:refer-clojure :exclude [==])
  (:require [clojure.string :as s])
  (:use [clojure.core.logic]))

(defn helper [] :home)
(defn calls-helper [] (helper))
(defne home-rel [x] ([:home]))
(defn goal-calls-helper [q] (== q (helper)))
(defmacro home-macro [] `(helper))
(defn shout [x] (s/upper-case x))

(clojure.core/in-ns 'conformance.namespaces.elsewhere)
(clojure.core/in-ns 'conformance.namespaces.home)
(def alias-kept (s/join "-" ["a" "b"]))
(def logic-kept (run* [q] (== q 1)))

(ns conformance.namespaces
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [conformance.namespaces.home :as home]))

(defn helper [] :caller)

(deftest body-resolves-in-its-own-namespace
  (is (= (home/calls-helper) :home))
  (is (= (home/shout "x") "X"))
  (is (= (run* [q] (home/goal-calls-helper q)) '(:home)))
  (is (= (run* [q] (home/home-rel q)) '(:home)))
  (is (= (home/home-macro) :home))
  (is (= (helper) :caller)))

(deftest in-ns-keeps-aliases
  (is (= home/alias-kept "a-b"))
  (is (= home/logic-kept '(1))))
