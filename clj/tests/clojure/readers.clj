;; The reader as functions: read and read+string from reader objects, load-reader, tagged
;; literals, reader conditionals, default-data-readers.
(ns clojure-tests.readers
  (:require [clojure.test :refer :all]))

(defn- reader-of [s] (java.io.PushbackReader. (java.io.StringReader. s)))

(deftest read-takes-one-form-at-a-time
  (let [r (reader-of "(+ 1 2) [a b]\n  :k ; a comment\n {:m 1}")]
    (is (= '(+ 1 2) (read r)))
    (is (= '[a b] (read r)))
    (is (= :k (read r)))
    (is (= {:m 1} (read r)))
    (is (= ::done (read r false ::done)))
    (is (= ::again (read r false ::again)))))

(deftest read-at-the-end
  (is (thrown-with-msg? RuntimeException #"EOF while reading" (read (reader-of ""))))
  (is (thrown-with-msg? RuntimeException #"EOF while reading" (read (reader-of "  ; only a comment"))))
  (is (thrown-with-msg? RuntimeException #"EOF while reading" (read (reader-of "") true nil)))
  (is (nil? (read (reader-of "") false nil)))
  (is (= :end (read (reader-of "   ") false :end)))
  (is (= :end (read (reader-of "") false :end false)))
  (is (thrown? RuntimeException (read (reader-of "(1 2") false :end))))

(deftest read-with-options
  (is (= 'x (read {} (reader-of "x"))))
  (is (= :eof (read {:eof :eof} (reader-of ""))))
  (is (nil? (read {:eof nil} (reader-of ""))))
  (is (thrown? RuntimeException (read {} (reader-of ""))))
  (is (thrown? RuntimeException (read {:eof :eofthrow} (reader-of "")))))

(deftest read-reads-what-read-string-reads
  (doseq [s ["1" "1.5" "\"s\"" "\\a" "#{1}" "'q" "nil" "true" "(a (b [c]))" "^:m x" "3/4"]]
    (is (= (read-string s) (read (reader-of s))) s)))

(deftest read-from-other-readers
  (is (= [1 2] (read (java.io.PushbackReader. (java.io.BufferedReader. (java.io.StringReader. "[1 2]"))))))
  (let [r (reader-of "a b")]
    (is (= ['a 'b] [(read r) (read r)]))))

(deftest read+string-gives-the-form-and-its-text
  (let [r (clojure.lang.LineNumberingPushbackReader. (java.io.StringReader. "  (a  b)\n[1 2] x"))]
    (is (= ['(a b) "(a  b)"] (read+string r)))
    (is (= [[1 2] "[1 2]"] (read+string r)))
    (is (= ['x "x"] (read+string r)))
    (is (= [:none ""] (read+string r false :none)))
    (is (thrown? RuntimeException (read+string r)))))

(deftest read+string-with-options
  (let [r (clojure.lang.LineNumberingPushbackReader. (java.io.StringReader. ":a"))]
    (is (= [:a ":a"] (read+string {} r)))
    (is (= [:stop ""] (read+string {:eof :stop} r)))))

(deftest load-reader-evaluates-every-form
  (is (= 3 (load-reader (java.io.StringReader. "(+ 1 1) (let [x 2] (inc x))"))))
  (is (= "ab" (load-reader (java.io.StringReader. "(str \"a\" \"b\")"))))
  (is (nil? (load-reader (java.io.StringReader. ""))))
  (is (= [1 2] (load-reader (reader-of "[1 (+ 1 1)]")))))

(deftest tagged-literals
  (let [t (tagged-literal 'foo 1)]
    (is (tagged-literal? t))
    (is (= 'foo (:tag t)))
    (is (= 1 (:form t)))
    (is (= "#foo 1" (pr-str t)))
    (is (= "#foo [1 2]" (pr-str (tagged-literal 'foo [1 2]))))
    (is (= "#my.ns/tag {:a 1}" (pr-str (tagged-literal 'my.ns/tag {:a 1}))))
    (is (= t (tagged-literal 'foo 1)))
    (is (not= t (tagged-literal 'foo 2)))
    (is (not= t (tagged-literal 'bar 1)))
    (is (= clojure.lang.TaggedLiteral (class t)))
    (is (not (tagged-literal? {:tag 'foo :form 1})))
    (is (not (tagged-literal? nil)))))

(deftest reader-conditionals
  (let [c (reader-conditional '(:clj 1 :cljs 2) false)
        s (reader-conditional '(:clj [1 2]) true)]
    (is (reader-conditional? c))
    (is (reader-conditional? s))
    (is (= '(:clj 1 :cljs 2) (:form c)))
    (is (false? (:splicing? c)))
    (is (true? (:splicing? s)))
    (is (= "#?(:clj 1 :cljs 2)" (pr-str c)))
    (is (= "#?@(:clj [1 2])" (pr-str s)))
    (is (= c (reader-conditional '(:clj 1 :cljs 2) false)))
    (is (not= c (reader-conditional '(:clj 1 :cljs 2) true)))
    (is (= clojure.lang.ReaderConditional (class c)))
    (is (not (reader-conditional? (tagged-literal 'foo 1))))
    (is (not (tagged-literal? c)))
    (is (not (reader-conditional? '(:clj 1))))))

(deftest default-data-readers-names-inst-and-uuid
  (is (map? default-data-readers))
  (is (= '#{inst uuid} (set (keys default-data-readers))))
  (is (every? ifn? (vals default-data-readers))))
