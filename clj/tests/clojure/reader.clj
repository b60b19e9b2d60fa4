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
