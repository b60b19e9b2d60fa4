;; clojure.repl and the metadata of definitions: doc of definitions made in the file, the
;; metadata of their vars, dir of the file's namespace.
(ns clojure-tests.repl
  (:require [clojure.test :refer :all]
            [clojure.repl :refer [doc dir dir-fn apropos]]
            [clojure.string :as str]))

(defn documented
  "Adds one to x."
  [x]
  (inc x))

(defn two-ways
  "Called with one or two arguments."
  {:added "kanren"}
  ([a] a)
  ([a b] (+ a b)))

(defn- hidden [] 1)

(def answer "The answer." 42)

(defmacro twice "Evaluates the body twice." [& body] `(do ~@body ~@body))

(defn undocumented [y] y)

(deftest doc-of-definitions
  (is (= (with-out-str (doc documented))
         "-------------------------\nclojure-tests.repl/documented\n([x])\n  Adds one to x.\n"))
  (is (= (with-out-str (doc two-ways))
         "-------------------------\nclojure-tests.repl/two-ways\n([a] [a b])\n  Called with one or two arguments.\n"))
  (is (= (with-out-str (doc answer))
         "-------------------------\nclojure-tests.repl/answer\n  The answer.\n"))
  (is (= (with-out-str (doc twice))
         "-------------------------\nclojure-tests.repl/twice\n([& body])\nMacro\n  Evaluates the body twice.\n"))
  (is (= (with-out-str (doc undocumented))
         "-------------------------\nclojure-tests.repl/undocumented\n([y])\n"))
  (is (= (with-out-str (doc no-such-name)) ""))
  (is (nil? (let [r (atom :unset)] (with-out-str (reset! r (doc documented))) @r))))

(deftest doc-of-built-ins
  (is (str/starts-with? (with-out-str (doc map)) "-------------------------\nclojure.core/map\n([f] [f coll] "))
  (is (str/starts-with? (with-out-str (doc when)) "-------------------------\nclojure.core/when\n([test & body])\nMacro\n"))
  (is (str/starts-with? (with-out-str (doc if)) "-------------------------\nif\n  (if test then else?)\nSpecial Form\n")))

(deftest var-metadata
  (let [m (meta #'documented)]
    (is (= (:doc m) "Adds one to x."))
    (is (= (:arglists m) '([x])))
    (is (= (:name m) 'documented))
    (is (= (str (:ns m)) "clojure-tests.repl"))
    (is (= (:line m) 8))
    (is (= (:column m) 1))
    (is (string? (:file m))))
  (is (= (:arglists (meta #'two-ways)) '([a] [a b])))
  (is (= (:added (meta #'two-ways)) "kanren"))
  (is (true? (:private (meta #'hidden))))
  (is (true? (:macro (meta #'twice))))
  (is (= (:arglists (meta #'twice)) '([& body])))
  (is (nil? (:doc (meta #'undocumented)))))

(deftest dir-of-a-namespace
  (is (= (dir-fn 'clojure-tests.repl)
         '[answer apropos-finds-names dir-of-a-namespace doc-of-built-ins doc-of-definitions documented twice
           two-ways undocumented var-metadata]))
  (is (= (with-out-str (dir clojure-tests.repl))
         "answer\napropos-finds-names\ndir-of-a-namespace\ndoc-of-built-ins\ndoc-of-definitions\ndocumented\ntwice\ntwo-ways\nundocumented\nvar-metadata\n")))

(deftest apropos-finds-names
  (is (= (apropos "two-way") '(clojure-tests.repl/two-ways)))
  (is (some #{'clojure.core/mapcat} (apropos "mapcat"))))
