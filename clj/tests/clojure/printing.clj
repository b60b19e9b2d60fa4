;; Printing: str, print and println print strings and characters inside collections as
;; they are (print) or readably (str of a collection, pr, prn); *print-length* and
;; *print-level* under binding.
(ns clojure-tests.printing
  (:require [clojure.test :refer :all]))

(deftest str-of-values
  (is (= "[\"a\"]" (str ["a"])))
  (is (= "a" (str "a")))
  (is (= "b" (str \b)))
  (is (= "ab" (str "a" \b)))
  (is (= "[\\b \"c\"]" (str [\b "c"])))
  (is (= "{:a \"x\"}" (str {:a "x"})))
  (is (= "(\"a\" \\b)" (str '("a" \b))))
  (is (= "#{\"a\"}" (str #{"a"})))
  (is (= "" (str nil)))
  (is (= "1nil" (str 1 nil "nil")))
  (is (= ":k" (str :k)))
  (is (= "ab" (apply str (map identity "ab")))))

(deftest print-and-pr
  (is (= "[a b]" (with-out-str (print ["a" \b]))))
  (is (= "[a b]\n" (with-out-str (println ["a" \b]))))
  (is (= "[\"a\" \\b]" (with-out-str (pr ["a" \b]))))
  (is (= "[\"a\" \\b]\n" (with-out-str (prn ["a" \b]))))
  (is (= "a b" (with-out-str (print "a" \b))))
  (is (= "\"a\" \\b" (with-out-str (pr "a" \b))))
  (is (= "(\"x\" [\"y\"])" (pr-str '("x" ["y"]))))
  (is (= "(x [y])" (print-str '("x" ["y"]))))
  (is (= "\"a\\nb\"" (pr-str "a\nb")))
  (is (= "[\\newline \\space]" (pr-str [\newline \space])))
  (is (= "{:a \"b\"}\n" (prn-str {:a "b"})))
  (is (= "{:a b}\n" (println-str {:a "b"}))))

(deftest print-length
  (is (= "(0 1 2 ...)" (binding [*print-length* 3] (pr-str (range)))))
  (is (= "[1 2 ...]" (binding [*print-length* 2] (pr-str [1 2 3]))))
  (is (= "[1 2]" (binding [*print-length* 2] (pr-str [1 2]))))
  (is (= "(...)" (binding [*print-length* 0] (pr-str '(1)))))
  (is (= "{:a 1, ...}" (binding [*print-length* 1] (pr-str {:a 1 :b 2}))))
  (is (= "[[1 ...] ...]" (binding [*print-length* 1] (pr-str [[1 2] 3]))))
  (is (= "[1 2 ...]" (binding [*print-length* 5] (set! *print-length* 2) (pr-str [1 2 3]))))
  (is (= "(0 1 2 3 4)" (pr-str (range 5)))))

(deftest print-level
  (is (= "[1 #]" (binding [*print-level* 1] (pr-str [1 [2]]))))
  (is (= "[1 [2 #]]" (binding [*print-level* 2] (pr-str [1 [2 [3]]]))))
  (is (= "#" (binding [*print-level* 0] (pr-str [1]))))
  (is (= "1" (binding [*print-level* 0] (pr-str 1))))
  (is (= "(1 #)" (binding [*print-level* 1] (pr-str '(1 {:a 1})))))
  (is (= "[1 [2 3 ...] ...]" (binding [*print-level* 2 *print-length* 2] (pr-str [1 [2 3 4] [[4]]])))))
