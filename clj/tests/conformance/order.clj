;; Answer orders that hang on where core.logic suspends: `conda` and `condu` do not suspend
;; before their first head, a `succeed` after other goals of an `all` puts a suspension after
;; each of their answers, `and*` binds its goals in turn as `all` does, and `everyg` nests
;; its goals to the right and ends with `s#`. Also `lcons` onto a map or a set, which
;; goes on with their seq. Each expected value was printed by core.logic 1.1.1.
(ns conformance.order
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic :exclude [is]]
        [clojure.test])
  (:require [clojure.core.logic.fd :as fd]))

(defn two [x] (conde [(== x 1)] [(== x 2)]))

(defn pick [x] (conde [(== x 1)] [(== x 2)] [(== x 3)]))

(deftest committed-choice-does-not-suspend-first
  (is (= (run 1 [q] (conde [(conda [(== q 0)])] [(== q 1)]) (conde [(== q 0)] [(== q 1)]))
         '(0)))
  (is (= (run* [q] (conde [(condu [(== q 0)])] [(== q 1)]) (conde [(== q 0)] [(== q 1)]))
         '(0 1)))
  (is (= (run* [q] (conde [(onceo succeed)] [(== q 1)]) (conde [(== q 0)] [(== q 1)]))
         '(0 1 1))))

(deftest committed-choice-binds-its-goals-in-turn
  (is (= (run* [q] (fresh [x y] (conda [(conde [(== x 0)] [(== x 1)])])
                          (fd/in y (fd/interval 0 2)) (== q [x y])))
         '([0 0] [1 0] [0 1] [1 1] [0 2] [1 2])))
  (is (= (run* [q] (fresh [a b c] (conde [(== c 1)] [(== c :x)])
                          (conda [(two a) (conde [(== b 1)] [(== b :x)]) (conde [(== q 1)] [(== q :x)])])))
         '(1 1 :x :x 1 1 :x :x 1 1 :x 1 :x :x 1 :x))))

(deftest succeed-after-goals-suspends
  (is (= (run* [q] (fresh [a] (conde [(== q 1)] [(== q :x)]) (all (two a) succeed)))
         '(1 :x 1 :x)))
  (is (= (run* [q] (fresh [a] (conde [(== q 1)] [(== q :x)]) (all (two a) (== 1 1))))
         '(1 :x 1 :x)))
  (is (= (run* [q] (fresh [a] (conde [(== q 1)] [(== q :x)]) (all (two a) (!= 1 2))))
         '(1 :x 1 :x)))
  (is (= (run* [q] (fresh [a] (conde [(== q 1)] [(== q :x)]) (all succeed (two a))))
         '(1 1 :x :x)))
  (is (= (run* [q] (fresh [a] (conde [(== q 1)] [(== q :x)]) (two a) succeed))
         '(1 1 :x :x)))
  (is (= (run* [q] (fresh [x y] (pick y) (all (pick x) succeed) (== q [x y])))
         '([1 1] [2 1] [1 2] [3 1] [1 3] [2 2] [2 3] [3 2] [3 3])))
  (is (= (run* [q] (fresh [x y] (pick y) (all (pick x)) (== q [x y])))
         '([1 1] [2 1] [3 1] [1 2] [2 2] [1 3] [3 2] [2 3] [3 3]))))

(deftest and-star-and-everyg
  (is (= (run* [q] (fresh [a b c] (and* [(two a) (two b) (two c)]) (== q [a b c])))
         '([1 1 1] [1 1 2] [1 2 1] [1 2 2] [2 1 1] [2 1 2] [2 2 1] [2 2 2])))
  (is (= (run* [q] (fresh [a b c] (everyg two [a b c]) (== q [a b c])))
         '([1 1 1] [2 1 1] [1 2 1] [1 1 2] [2 2 1] [2 1 2] [1 2 2] [2 2 2])))
  (is (= (run* [q] (fresh [a b c] (conde [(everyg two [a b])] [(== a 3)]) (two c) (== q [a b c])))
         '([3 _0 1] [3 _0 2] [1 1 1] [1 1 2] [2 1 1] [2 1 2] [1 2 1] [1 2 2] [2 2 1] [2 2 2])))
  (is (= (run 3 [q] (fresh [a b] (everyg #(conde [(== % 1)] [(== % :x)]) [q a b])))
         '(1 :x 1))))

(deftest lcons-onto-a-map-or-a-set
  (is (= (run* [q] (conso 1 {:k 2} q)) '((1 [:k 2]))))
  (is (= (run* [q] (== q (lcons 1 #{2}))) '((1 2))))
  (is (= (run* [q] (== (lcons 1 {:k 2}) [1 [:k 2]])) '(_0)))
  (is (= (run* [q] (fresh [d] (conso 1 d q) (== d {:k 2}))) '((1 [:k 2]))))
  (is (= (run* [q] (== q (llist 0 1 {:k 2}))) '((0 1 [:k 2])))))


;; A query's body that is one `fresh`: the suspension that starts the `fresh` interleaves with
;; nothing there (kanren leaves it out); the suspensions inside still decide the order, the
;; body's goals are built as the answers are first walked, and an error there is the seq's.
(deftest order-fresh-at-the-top-of-a-query
  (is (= '([2] [_0]) (run* [q] (fresh [a] (conde [(fresh [b] (== a b))] [(== a 2)]) (== q [a])))))
  (is (= '([1 1] [1 2] [_0 1] [_0 2])
         (run* [q] (fresh [a b]
                     (conde [(== a 1)] [(fresh [c] (== a c))])
                     (conde [(== b 1)] [(== b 2)])
                     (== q [a b])))))
  (is (= '(3 1 2) (run* [q] (fresh [a] (conde [(fresh [b] (conde [(== q 1)] [(== q 2)]))] [(== q 3)])))))
  (is (= "before built " (with-out-str
                           (let [s (run* [q] (fresh [a] (do (print "built ") (== q a))))]
                             (print "before ")
                             (doall s)))))
  (is (= "boom" (try (doall (run* [q] (fresh [a] (do (throw (ex-info "boom" {})) (== q a)))))
                     (catch clojure.lang.ExceptionInfo e (.getMessage e))))))
