;; title: core.logic without a JVM: the front end
;; about: The Clojure of the guide's chapter 9, checked by the tests: queries at the prompt, relations, plain Clojure, records, constraints in Clojure, facts and tabling.

;; From docs/guide/09-clj-front-end.md, in its order. Every example there is
;; checked by the tests (clj/tests/guide.rs); ;; => is what it prints. Here
;; each value is printed with println (prn where it holds strings), so that
;; it shows, and the last query is the chapter's tabled one. Left out: the two
;; examples of the "Errors" section, which are meant to fail
;; ((run* [q] (fd/+ 1 "a" q)) and (run* [q] (membro q [1 2]))).

;; The REPL's starting point
(println (run* [q] (conde [(== q 1)] [(== q 2)])))                      ;; => (1 2)
(println (l/run 2 [q] (membero q [:a :b :c])))                          ;; => (:a :b)
(println (run* [q] (fresh [x] (fd/in x (fd/interval 1 3)) (fd/+ x 1 q)))) ;; => (2 3 4)
(println (run* [q] (fresh [x y] (== q [x y x]))))                       ;; => ([_0 _1 _0])
(println (run 2 [q] (fresh [a d] (conso a d q))))                       ;; => ((_0 . _1))
(println (run* [q] (!= q 1)))                                           ;; => ((_0 :- (!= (_0 1))))

;; Relations written in Clojure
(defne appendo2 [l s out]
  ([() _ s])
  ([[a . d] _ [a . r]] (appendo2 d s r)))
(println (run* [x y] (appendo2 x y [1 2])))
;; => ([() [1 2]] [(1) (2)] [(1 2) ()])
(defn nato [n] (conde [(== n :z)] [(fresh [m] (== n [:s m]) (nato m))]))
(println (run 3 [q] (nato q)))
;; => (:z [:s :z] [:s [:s :z]])
(println (run* [q] (fresh [h t] (== [1 2 3] (lcons h t)) (== q {:head h :tail t}))))
;; => ({:head 1, :tail (2 3)})
(println (run* [q] (fresh [x] (membero x (range 5)) (project [x] (== q (* x x))) (fd/in q (fd/interval 5 20)))))
;; => (9 16)

;; The first post, as written
(defn queens-logic [n]
  (let [colvars (map (fn [i] (l/lvar (str "col-" i))) (range n))]
    (l/run* [q]
      (everyg (fn [lv] (fd/in lv (fd/interval (dec n)))) colvars)
      (fd/distinct colvars)
      (and* (for [i (range n) j (range (inc i) n)
                  :let [d (- j i) ci (nth colvars i) cj (nth colvars j)]]
              (fresh [] (fd/eq (!= cj (+ ci d))) (fd/eq (!= ci (+ cj d))))))
      (l/== q colvars))))
(println (take 1 (queens-logic 8)))
;; => ((1 3 5 7 2 0 6 4))
(println (count (queens-logic 6)))
;; => 4

;; Plain Clojure
(defn board [n & {:keys [mark] :or {mark "Q"}}]
  (for [r (range n)] (apply str (for [c (range n)] (if (= r c) mark ".")))))
(prn (board 3 :mark "#"))
;; => ("#.." ".#." "..#")
(println (take 5 (map * (iterate inc 1) (cycle [1 -1]))))
;; => (1 -2 3 -4 5)
(defmacro unless [c & body] `(if ~c nil (do ~@body)))
(println (unless false (sort-by - [3 1 2])))
;; => (3 2 1)
(println (loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc (* i i))) acc)))
;; => [0 1 4]
(defrecord Point [x y])
(println (run* [q] (fresh [a] (== (->Point a 2) {:x 5 :y 2}) (== q [a (Point. 1 a)]))))
;; => ([5 {:x 1, :y 5}])

;; Constraints written in Clojure
(defnc evenc [x] (even? x))
(println (run* [q] (membero q [1 2 3 4]) (evenc q)))
;; => (2 4)
(prn (clojure.core.logic.unifier/unify {:when {'?a evenc}} ['{:a ?a} {:a 3}]))
;; => nil
(println (run* [q] (fixc q (fn [v _ _] (== v [1])) 'one) (conso 1 () q)))
;; => ((1))

;; Fact databases, tabling and tracing
(require '[clojure.core.logic.pldb :as pldb])
(pldb/db-rel parent p c)
(def family (pldb/db [parent 'ann 'bob] [parent 'bob 'cid]))
(println (pldb/with-db family (run* [q] (fresh [x] (parent 'ann x) (parent x q)))))
;; => (cid)
(def ancestor
  (tabled [a d]
    (conde [(pldb/with-db family (parent a d))]
           [(fresh [x] (ancestor a x) (pldb/with-db family (parent x d)))])))
(println (pldb/with-db family (run* [q] (ancestor 'ann q))))
;; => (bob cid)

(defne ^:tabled linked "Connected by a chain of parent links." [a d]
  ([_ _] (pldb/with-db family (parent a d)))
  ([_ _] (fresh [x] (linked a x) (pldb/with-db family (parent x d)))))
(prn (select-keys (meta #'linked) [:tabled :doc :arglists]))
;; => {:tabled true, :doc "Connected by a chain of parent links.", :arglists ([a d])}
(println (meta (vary-meta (with-meta [1 2] {:a 1}) assoc :b 2)))
;; => {:a 1, :b 2}

;; A left-recursive relation that ends, because it is tabled
(pldb/with-db family (run* [q] (linked 'ann q)))
;; => (bob cid)
