(ns clojure-tests.regex
  (:require [clojure.test :refer :all]
            [clojure.string :as str]))

(deftest literals-and-printing
  (is (= "#\"\\d+\"" (pr-str #"\d+")))
  (is (= "#\"\\w\"" (pr-str #"\w")))
  (is (= "#\"\\(\"" (pr-str #"\(")))
  (is (= "#\"\\#\"" (pr-str #"\#")))
  (is (= "#\"[a-z]+\"" (pr-str #"[a-z]+")))
  (is (= "#\"\\\"\"" (pr-str #"\"")))
  (is (= "\\d+" (str #"\d+")))
  (is (= "[#\"a.b\"]" (print-str [#"a.b"])))
  (is (= "#\"a\\\"b\"" (pr-str (re-pattern "a\"b"))))
  (is (= "#\"x\"" (pr-str (re-pattern #"x"))))
  (is (not= #"a" #"a"))
  (let [r #"a"] (is (= r r))))

(deftest re-find-cases
  (is (= "123" (re-find #"\d+" "abc123def456")))
  (is (nil? (re-find #"\d+" "abc")))
  (is (= ["a1" "a" "1"] (re-find #"(a)(\d)" "xa1")))
  (is (= ["b" nil "b"] (re-find #"(a)|(b)" "b")))
  (is (= "(" (re-find #"\(" "f(x)")))
  (is (= "#" (re-find #"\#" "a#b")))
  (is (= "\"" (re-find #"\"" "say \"hi\"")))
  (is (= "" (re-find #"x*" "abc")))
  (is (nil? (re-find #"\w" "é!")))
  (is (= "a" (re-find #"a(?=b)" "acab")))
  (is (= ["xx" "x"] (re-find #"(\w)\1" "abxxc")))
  (is (= "a.b" (re-find #"\Qa.b\E" "xa.b")))
  (is (= "hello" (re-find #"(?i)HELLO" "say hello"))))

(deftest re-matches-cases
  (is (= "123" (re-matches #"\d+" "123")))
  (is (nil? (re-matches #"\d+" "123a")))
  (is (= "ab" (re-matches #"a|ab" "ab")))
  (is (= ["2024-01" "2024" "01"] (re-matches #"(\d+)-(\d+)" "2024-01")))
  (is (= ["ab" "a" nil] (re-matches #"(a)(c)?b" "ab"))))

(deftest re-seq-cases
  (is (= ["1" "22" "333"] (re-seq #"\d+" "a1b22c333")))
  (is (nil? (re-seq #"\d" "abc")))
  (is (= [["a1" "1"] ["a2" "2"]] (re-seq #"a(\d)" "a1 a2")))
  (is (= ["" "aa" ""] (re-seq #"a*" "baa")))
  (is (= ["a" "b" "c"] (re-seq #"\w" "a b c")))
  (is (= ["0" "1"] (take 2 (re-seq #"\d" (apply str (range 1000))))))
  (is (= ["cat" "dog"] (re-seq #"[a-z]+" "cat, dog!"))))

(deftest matcher-and-groups
  (let [m (re-matcher #"(\d)(\w)" "1a 2b")]
    (is (= ["1a" "1" "a"] (re-find m)))
    (is (= ["1a" "1" "a"] (re-groups m)))
    (is (= ["2b" "2" "b"] (re-find m)))
    (is (nil? (re-find m))))
  (let [m (re-matcher #"x+" "axxbx")]
    (is (= "xx" (re-find m)))
    (is (= "x" (re-find m)))))

(deftest string-replace
  (is (= "a-b-c" (str/replace "a b c" #" " "-")))
  (is (= "a-b c" (str/replace-first "a b c" #" " "-")))
  (is (= "a1-b2-" (str/replace "a1b2" #"(\w)(\d)" "$1$2-")))
  (is (= "1a2b" (str/replace "a1b2" #"([a-z])(\d)" "$2$1")))
  (is (= "A1B2" (str/replace "a1b2" #"[a-z]" str/upper-case)))
  (is (= "[a]1b2" (str/replace-first "a1b2" #"([a-z])" (fn [[_ x]] (str "[" x "]")))))
  (is (= "x$y" (str/replace "x.y" #"\." "\\$")))
  (is (= "x$y" (str/replace "x.y" #"\." (str/re-quote-replacement "$"))))
  (is (= "a.b.c" (str/replace "a b c" " " ".")))
  (is (= "a.b c" (str/replace-first "a b c" " " ".")))
  (is (= "axc" (str/replace "abc" \b \x)))
  (is (= "-a-b-" (str/replace "ab" #"" "-")))
  (is (= "<2024>" (str/replace "2024" #"(?<y>\d+)" "<${y}>"))))

(deftest string-split
  (is (= ["a" "b" "c"] (str/split "a,b,c" #",")))
  (is (= ["a" "b,c"] (str/split "a,b,c" #"," 2)))
  (is (= ["a" "b" "" ""] (str/split "a,b,," #"," -1)))
  (is (= ["a" "b"] (str/split "a,b,," #",")))
  (is (= ["" "a" "b"] (str/split ",a,b" #",")))
  (is (= ["a" "b" "c"] (str/split "abc" #"")))
  (is (= ["abc"] (str/split "abc" #",")))
  (is (= [""] (str/split "" #",")))
  (is (= [] (str/split "," #",")))
  (is (= ["one" "two" "three"] (str/split "one  two\tthree" #"\s+")))
  (is (= ["a" "b" "c"] (str/split-lines "a\nb\r\nc")))
  (is (= ["a" "" "b"] (str/split-lines "a\n\nb\n"))))

(deftest subs-indexes
  (is (= "ab" (subs "abc" 0 5/2)))
  (is (= "bc" (subs "abc" 3/2))))

(deftest regex-errors
  (is (thrown? Exception (re-pattern "(a")))
  (is (thrown? Exception (re-find #"a" 5)))
  (is (thrown? Exception (str/replace "ab" #"(a)" "$2"))))
