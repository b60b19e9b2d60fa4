(ns clojure-tests.files
  (:require [clojure.test :refer :all]
            [clojure.java.io :as io]))

(def path "/tmp/kanren-clojure-tests-files.txt")

(deftest spit-and-slurp
  (spit path "one\ntwo\n")
  (is (= "one\ntwo\n" (slurp path)))
  (spit path "three\n" :append true)
  (is (= "one\ntwo\nthree\n" (slurp path)))
  (spit path 42)
  (is (= "42" (slurp path)))
  (spit path [1 "a"])
  (is (= "[1 \"a\"]" (slurp path)))
  (spit path "")
  (is (= "" (slurp path))))

(deftest lines
  (spit path "a\nb\r\n\nc")
  (is (= ["a" "b" "" "c"] (with-open [r (io/reader path)] (doall (line-seq r)))))
  (is (= "a" (with-open [r (io/reader path)] (first (line-seq r)))))
  (is (= "a\nb\r\n\nc" (slurp (io/file path))))
  (spit path "")
  (is (nil? (with-open [r (io/reader path)] (line-seq r))))
  (is (= 3 (with-open [x (io/reader path) y (io/reader path)] 3))))

(deftest missing-files
  (is (thrown? Exception (slurp "/tmp/kanren-no-such-dir/none.txt")))
  (is (thrown-with-msg? Exception #"No such file or directory"
        (slurp "/tmp/kanren-no-such-dir/none.txt")))
  (is (thrown? Exception (spit "/tmp/kanren-no-such-dir/none.txt" "x")))
  (is (thrown? Exception (io/reader "/tmp/kanren-no-such-dir/none.txt"))))
