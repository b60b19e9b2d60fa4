(ns clojure-tests.read-eval
  (:require [clojure.test :refer :all]
            [clojure.edn :as edn]))

(deftest read-string-cases
  (is (= 42 (read-string "42")))
  (is (= '(+ 1 2) (read-string "(+ 1 2)")))
  (is (= [1 :a "s" \c] (read-string "[1 :a \"s\" \\c]")))
  (is (= {:a 1} (read-string "{:a 1} {:b 2}")))
  (is (= 'foo (read-string "  ; comment\n foo")))
  (is (= ''x (read-string "'x")))
  (is (= :done (read-string {:eof :done} "")))
  (is (= 1 (read-string {:eof :done} "1")))
  (is (= "#\"a+\"" (pr-str (read-string "#\"a+\""))))
  (is (= 3 (count (read-string "#{1 2 3}"))))
  (is (thrown? Exception (read-string "")))
  (is (thrown? Exception (read-string "(1 2")))
  (is (thrown-with-msg? Exception #"EOF while reading" (read-string "[1 2")))
  (is (= '(1 2) (read-string "(1 2))"))))

(deftest edn-read-string
  (is (= {:a [1 2.5 "x"]} (edn/read-string "{:a [1 2.5 \"x\"]}")))
  (is (nil? (edn/read-string "")))
  (is (nil? (edn/read-string nil)))
  (is (= :none (edn/read-string {:eof :none} "")))
  (is (= #{1 2} (edn/read-string "#{1 2}"))))

(def counter (atom 0))

(deftest eval-cases
  (is (= 3 (eval '(+ 1 2))))
  (is (= 3 (eval (list '+ 1 2))))
  (is (= [2 3] (eval '(map inc [1 2]))))
  (is (= 10 (eval (read-string "(reduce + (range 5))"))))
  (is (= 5 (eval 5)))
  (is (= :k (eval :k)))
  (is (= [1 2] (eval [1 '(inc 1)])))
  (is (= 9 ((eval '(fn [x] (* x x))) 3)))
  (is (= 1 (eval '(swap! clojure-tests.read-eval/counter inc))))
  (is (thrown? Exception (eval '(/ 1 0))))
  (is (thrown? Exception (eval '(undefined-fn 1)))))

(deftest load-string-cases
  (is (= 6 (load-string "(def ls-x 2) (* ls-x 3)")))
  (is (nil? (load-string "")))
  (is (= 7 (load-string "(defn ls-f [x] (+ x 5)) (ls-f 2)")))
  (is (thrown? Exception (load-string "(+ 1"))))

(defmacro twice [x] `(do ~x ~x))

(deftest macroexpand-cases
  (is (= '(do (f) (f)) (macroexpand-1 '(clojure-tests.read-eval/twice (f)))))
  (is (= '(do (f) (f)) (macroexpand '(clojure-tests.read-eval/twice (f)))))
  (is (= '(+ 1 2) (macroexpand '(+ 1 2))))
  (is (= 5 (macroexpand 5))))

;; Forms that code builds may be any seq: a cons onto a lazy seq, a lazy seq, a seq over a
;; vector. Each evaluates as the list of its elements.
(defmacro seq-list [& xs] (cons 'list (map identity xs)))
(defmacro seq-do [& xs] (cons 'do (map identity xs)))
(defmacro seq-let [b & body] (list* 'let (vec b) (seq (vec body))))
(defmacro seq-nested [& xs] (list 'vector (cons 'list (map inc xs)) (cons '+ (seq (vec xs)))))
(defn seq-in-fn [a] (seq-list a (inc a) (seq-do a (* 2 a))))

(deftest seq-forms
  (is (= '(1 2) (seq-list 1 2)))
  (is (= '(1 2 3 4) (seq-list 1 2 3 4)))
  (is (= '() (seq-list)))
  (is (= 3 (seq-do 1 2 3)))
  (is (= '(3 4) (let [] (seq-do 1 (seq-list 3 4)))))
  (is (= 3 (seq-let [x 1 y 2] (+ x y))))
  (is (= [(list 2 3) 3] (seq-nested 1 2)))
  (is (= '(5 6 10) (seq-in-fn 5)))
  (is (= '(1 2) ((fn [] (seq-list 1 2)))))
  (is (= 6 (eval (cons '+ (map identity [1 2 3])))))
  (is (= 3 (eval (map identity '(+ 1 2)))))
  (is (= 3 (eval (seq ['+ 1 2]))))
  (is (= 7 (eval (list 'let ['x 3] (cons '+ (map identity ['x 4]))))))
  (is (= '(2 3) (eval (list 'quote (map inc [1 2]))))))
