(ns clojure-tests.pprint
  (:require [clojure.test :refer :all]
            [clojure.pprint :as pp]))

(defn pp-str [x] (with-out-str (pp/pprint x)))

(def long-string (apply str (repeat 66 "x")))

(deftest pprint-fits
  (is (= "[1 2]\n" (pp-str [1 2])))
  (is (= "{:a 1, :b [1 2 3]}\n" (pp-str {:a 1 :b [1 2 3]})))
  (is (= "\"str\"\n" (pp-str "str")))
  (is (= "nil\n" (pp-str nil)))
  (is (= "(1 2 3)\n" (pp-str (range 1 4))))
  (is (= "[\\a \"b\" :c d]\n" (pp-str [\a "b" :c 'd])))
  (is (= (str "[\"" long-string "yz\"]\n") (pp-str [(str long-string "yz")]))))

(deftest pprint-breaks
  (is (= (str "[" (apply str (interpose "\n " (range 30))) "]\n") (pp-str (vec (range 30)))))
  (is (= (str "(" (apply str (interpose "\n " (range 10 50))) ")\n") (pp-str (range 10 50))))
  (is (= (str "{:alpha [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19],\n"
              " :beta \"some long string here to push it over\",\n"
              " :gamma {:x 1, :y 2}}\n")
         (pp-str {:alpha (vec (range 20)) :beta "some long string here to push it over" :gamma {:x 1 :y 2}})))
  (is (= (str "{:k\n [" (apply str (interpose "\n  " (range 30))) "]}\n")
         (pp-str {:k (vec (range 30))})))
  (is (= (str "[{:name \"alice\", :age 30, :email \"alice@example.com\"}\n"
              " {:name \"bob\", :age 25, :email \"bob@example.com\"}]\n")
         (pp-str [{:name "alice" :age 30 :email "alice@example.com"}
                  {:name "bob" :age 25 :email "bob@example.com"}])))
  (is (= (str "(defn\n foo\n [x y]\n (+\n  x\n  y\n  [0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24]))\n")
         (pp-str (list 'defn 'foo '[x y] (list '+ 'x 'y (vec (range 25)))))))
  (is (= (str "{:a\n [\"" long-string "yy\"],\n :b 1}\n")
         (pp-str {:a [(str long-string "yy")] :b 1})))
  (is (= (str "[1\n [\"" (subs long-string 0 65) "\"]]\n")
         (pp-str [1 [(subs long-string 0 65)]]))))

(deftest print-table-cases
  (is (= "\n|  :a |  :b |\n|-----+-----|\n|   1 | xyz |\n| 100 |     |\n"
         (with-out-str (pp/print-table [{:a 1 :b "xyz"} {:a 100 :b nil}]))))
  (is (= "\n|  :b |\n|-----|\n| xyz |\n"
         (with-out-str (pp/print-table [:b] [{:a 1 :b "xyz"}]))))
  (is (= "" (with-out-str (pp/print-table [])))))
