;; The reader: #_ wherever a form may stand, #() literals, duplicate keys.
(ns clojure-tests.reader
  (:require [clojure.test :refer :all]))

(deftest discard
  (is (= [1] [1 #_2]))
  (is (= [1] [#_0 1]))
  (is (= [] [#_1]))
  (is (= '(a) '(a #_b)))
  (is (= {:a 1} {:a 1 #_:b}))
  (is (= {:a 1} {#_:b :a 1}))
  (is (= #{1} #{1 #_2}))
  (is (= [3] [#_ #_ 1 2 3]))
  (is (= [1] [1 #_ #_ 2 3]))
  (is (= [1 4] [1 #_[2 3] 4]))
  (is (= 3 (+ 1 #_100 2)))
  (is (= [1] [1 #_ (foo bar)])))

(deftest fn-literals
  (is (= 2 (count #{#(-> %) #(-> %)})))
  (is (= 2 (count [#(inc %) #(inc %)])))
  (is (= 2 (#(-> %) 2)))
  (is (= 3 (#(+ %1 %2) 1 2)))
  (is (= 3 (#(+ % %2) 1 2)))
  (is (= '(3 4) (#(map inc %&) 2 3)))
  (is (= [1 '(2 3)] (#(vector %1 %&) 1 2 3)))
  (is (= 3 (#(do %3) 1 2 3)))
  (is (= 0 (#(count %&)))))

;; Integer literals: a long when the value fits in 64 bits (and no N), else a big integer;
;; hexadecimal, octal (a leading 0) and radix (NrDIGITS) forms.
(deftest integer-literals
  (is (instance? Long -9223372036854775808))
  (is (= Long/MIN_VALUE -9223372036854775808))
  (is (instance? Long 9223372036854775807))
  (is (instance? clojure.lang.BigInt 9223372036854775808))
  (is (= 9223372036854775808N 9223372036854775808))
  (is (instance? clojure.lang.BigInt -9223372036854775809))
  (is (instance? clojure.lang.BigInt 1N))
  (is (instance? Long (read-string "-9223372036854775808")))
  (is (instance? clojure.lang.BigInt (read-string "9223372036854775808")))
  (is (= Long/MIN_VALUE -0x8000000000000000))
  (is (instance? Long -0x8000000000000000))
  (is (instance? clojure.lang.BigInt 0x8000000000000000))
  (is (= 4722366482869645213695N 0xffffffffffffffffff))
  (is (= 16N 0x10N))
  (is (= -255 -0xFF))
  (is (= 15 017))
  (is (= -15 -017))
  (is (= 7N 07N))
  (is (= 0 00 -0 +0))
  (is (= 5 2r101))
  (is (= -5 -2r101))
  (is (= 1295 36rZZ 36rzz))
  (is (= 255 16rFF))
  (is (= 8.5 08.5))
  (is (thrown? Exception (read-string "08")))
  (is (thrown? Exception (read-string "2r")))
  (is (thrown? Exception (read-string "2r102")))
  (is (thrown? Exception (read-string "0xN")))
  (is (thrown? Exception (read-string "1r0")))
  (is (thrown? Exception (read-string "37r1"))))

(defmacro caught [form]
  `(try ~form (catch Exception e# :caught)))

(deftest syntax-quote-names-imported-classes
  (is (= :caught (caught (throw (ex-info "x" {})))))
  (is (= 'java.lang.Exception `Exception))
  (is (= 'java.lang.String `String))
  (is (= 'clojure.lang.ExceptionInfo `clojure.lang.ExceptionInfo))
  (is (= 'java.util.Date `java.util.Date))
  (is (= '.foo `.foo))
  (is (= 'clojure.core/inc `inc)))
