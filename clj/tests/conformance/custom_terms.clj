;; A program's types that extend core.logic's term protocols (IUnifyTerms, IWalkTerm,
;; IReifyTerm, IOccursCheckTerm): `==`, `unify`, `walk*`, `run`'s answers and the occurs check
;; use their methods. Runs through `kanren test`; the same file runs unchanged on core.logic
;; 1.1.1 (tests/oracle/corpus.py).
(ns conformance.custom-terms
  (:refer-clojure :exclude [==])
  (:use [clojure.core.logic.protocols]
        [clojure.core.logic :exclude [is]]
        [clojure.test]))

;; A box unifies with a box of a unifiable content, and implements all four protocols.
(deftype Box [x]
  IUnifyTerms
  (unify-terms [u v s]
    (when (instance? Box v)
      (unify s (.-x u) (.-x v))))
  IWalkTerm
  (walk-term [v f] (Box. (walk-term (f (.-x v)) f)))
  IReifyTerm
  (reify-term [v s] (-reify* s (.-x v)))
  IOccursCheckTerm
  (occurs-check-term [v x s] (occurs-check s x (.-x v)))
  Object
  (toString [_] (str "Box(" x ")")))

;; A type that only unifies: walk* and reification leave its content as it is.
(deftype Plain [x]
  IUnifyTerms
  (unify-terms [u v s]
    (when (instance? Plain v)
      (unify s (.-x u) (.-x v)))))

;; A wrapper that unifies its content with the other side itself, through the protocol's
;; implementations for Clojure's values.
(deftype Wrap [x]
  IUnifyTerms
  (unify-terms [u v s] (unify-terms (.-x u) v s)))

;; A point that unifies with another point by x alone.
(defrecord Pt [x y]
  IUnifyTerms
  (unify-terms [u v s]
    (when (instance? Pt v)
      (unify s (:x u) (:x v))))
  IUninitialized
  (-uninitialized [_] (Pt. nil nil)))

;; A record that only walks its own way: it unifies as a map.
(defrecord W [a]
  IWalkTerm
  (walk-term [v f] (W. (walk-term (f (:a v)) f))))

;; An anonymous type: unifies with what prints as its tag.
(defn tagged [t]
  (reify
    IUnifyTerms
    (unify-terms [u v s] (when (= (str v) t) s))
    Object
    (toString [_] t)))

(defn strs [answers] (map str answers))

(deftest unify-terms-through-==
  (is (= '(1) (run* [q] (== (Box. q) (Box. 1)))))
  (is (= '(6) (run* [q] (== (Box. (Box. q)) (Box. (Box. 6))))))
  (is (= '("Box(1)") (strs (run* [q] (== q (Box. 1))))))
  (is (= '("Box(1)") (strs (run* [q] (== (Box. 1) q)))))
  ;; a variable bound to a box, on either side, and two variables bound to boxes
  (is (= '(4) (run* [q] (fresh [x] (== x (Box. 4)) (== x (Box. q))))))
  (is (= '(4) (run* [q] (fresh [x] (== (Box. 4) x) (== (Box. q) x)))))
  (is (= '(5) (run* [q] (fresh [x y] (== x (Box. q)) (== y (Box. 5)) (== x y)))))
  (is (= '(5) (run* [q] (fresh [x y] (== x [(Box. q)]) (== y [(Box. 5)]) (== x y)))))
  ;; inside vectors, lists, maps and an lcons, on both sides
  (is (= '(1) (run* [q] (fresh [a b] (== [a (Box. 1) b] [2 (Box. q) 3])))))
  (is (= '([2 1 3]) (run* [q] (fresh [a b c] (== [a (Box. b) c] [2 (Box. 1) 3]) (== q [a b c])))))
  (is (= '(7) (run* [q] (== (list 1 (Box. q)) (list 1 (Box. 7))))))
  (is (= '(8) (run* [q] (== {:k (Box. q)} {:k (Box. 8)}))))
  (is (= '([9 (10)]) (run* [q] (fresh [a d] (== (lcons (Box. a) d) [(Box. 9) 10]) (== q [a d])))))
  (is (= '(2) (run* [q] (fresh [a] (== [(Box. 1) (Box. a)] (list (Box. 1) (Box. 2))) (== q a)))))
  ;; in answers' order, with other goals
  (is (= '("Box(1)" "3" "Box(2)")
         (strs (run* [q] (conde [(== q (Box. 1))] [(== q 3)] [(== q (Box. 2))])))))
  (is (= '("Box(1)" "Box(2)") (strs (run 2 [q] (fresh [a] (== q (Box. a)) (membero a [1 2 3]))))))
  (is (= '(5) (run* [q] (fresh [b] (== b (Box. 5)) (matche [b] ([x] (== x (Box. q))))))))
  ;; a reify's unify-terms
  (is (= '(_0) (run* [q] (== (tagged "a") (tagged "a")))))
  (is (= '() (run* [q] (== (tagged "a") (tagged "b")))))
  (is (= '(_0) (run* [q] (== [(tagged "a") 1] [(tagged "a") 1]))))
  ;; core.logic's unify, as a method calls it
  (let [x (lvar 'x)]
    (is (= 1 (walk (unify empty-s (Box. x) (Box. 1)) x)))
    (is (= 1 (walk (unify empty-s [(Box. x)] [(Box. 1)]) x)))
    (is (nil? (unify empty-s (Box. 1) (Box. 2))))))

(defne first-boxo [l x]
  ([[b . _] _] (== b (Box. x))))

(deftest list-relations-and-patterns-unify-through-unify-terms
  (is (= '(1) (run* [q] (membero (Box. q) [(Box. 1)]))))
  (is (= '(1 2) (run* [q] (membero (Box. q) [(Box. 1) 2 (Box. 2)]))))
  (is (= '(1) (run* [q] (member1o (Box. q) [(Box. 1)]))))
  (is (= '(1) (run* [q] (fresh [d] (conso (Box. q) d [(Box. 1)])))))
  (is (= '(1) (run* [q] (firsto [(Box. 1)] (Box. q)))))
  (is (= '(1) (run* [q] (fresh [a] (resto [a (Box. 1)] [(Box. q)])))))
  (is (= '(1) (run* [q] (appendo [(Box. q)] [] [(Box. 1)]))))
  (is (= '([0 2] [1 1] [2 0])
         (map (fn [[a b]] [(count a) (count b)])
              (run* [q] (fresh [a b] (appendo a b [(Box. 1) (Box. 2)]) (== q [a b]))))))
  (is (= '(1) (run* [q] (fresh [o] (rembero (Box. q) [(Box. 1)] o)))))
  (is (= '(2) (run* [q] (permuteo [(Box. 1) (Box. 2)] [(Box. q) (Box. 1)]))))
  (is (= '(3) (run* [q] (first-boxo [(Box. 3)] q))))
  (is (= '(3) (run* [q] (fresh [l] (== l [(Box. 3) 4]) (first-boxo l q))))))

(deftest unify-terms-that-fail
  (is (= '() (run* [q] (== (Box. 1) (Box. 2)))))
  (is (= '() (run* [q] (== (Box. 1) [1]))))
  (is (= '() (run* [q] (== [1] (Box. 1)))))
  (is (= '() (run* [q] (== (Box. 1) 1))))
  (is (= '() (run* [q] (== (Box. 1) nil))))
  (is (= '() (run* [q] (== (Box. 1) (Plain. 1)))))
  (is (= '() (run* [q] (== (Plain. 1) (Box. 1)))))
  (is (= '() (run* [q] (fresh [x] (== x (Box. 1)) (== x (Box. 2))))))
  (is (= '() (run* [q] (== [(Box. 1) q] [(Box. 2) 3]))))
  (is (= '() (run* [q] (fresh [a] (== (Box. a) (Box. 1)) (== a 2))))))

(deftest unify-terms-on-clojure-values
  (is (= '(1) (run* [q] (== (Wrap. [q 2]) [1 2]))))
  (is (= '() (run* [q] (== (Wrap. [q 2]) [1 3]))))
  (is (= '(1) (run* [q] (== (Wrap. {:a q}) {:a 1}))))
  (is (= '(1) (run* [q] (== (Wrap. (Box. q)) (Box. 1))))))

(deftest a-record-as-a-term
  (is (= '(1) (run* [q] (== (->Pt 1 2) (->Pt q 3)))))
  (is (= [(->Pt 1 2)] (run* [q] (== q (->Pt 1 2)))))
  (is (= [(->Pt 5 2)] (run* [q] (fresh [a] (== q (->Pt a 2)) (== a 5)))))
  (is (= [[(->Pt 5 2)]] (run* [q] (fresh [a] (== q [(->Pt a 2)]) (== a 5)))))
  (is (= [(->Pt '_0 2)] (run* [q] (fresh [a] (== q (->Pt a 2))))))
  ;; the record's own method on the left, a map's rule (key by key) on the right
  (is (= '() (run* [q] (== (->Pt 1 2) {:x 1 :y 2}))))
  (is (= '(1) (run* [q] (== {:x q :y 2} (->Pt 1 2)))))
  ;; without IUnifyTerms a record unifies as a map, and walks with its own walk-term
  (is (= '(1) (run* [q] (== (->W q) (->W 1)))))
  (is (= '(1) (run* [q] (== (->W q) {:a 1}))))
  (is (= [(->W '_0)] (run* [q] (fresh [z] (== q (->W z))))))
  (is (= [(->W 3)] (run* [q] (fresh [z] (== q (->W z)) (== z 3)))))
  (is (= '([4 1]) (map :a (run* [q] (fresh [z] (== q (->W [z 1])) (== z 4)))))))

(deftest walk*-through-walk-term
  (let [x (lvar 'x)
        y (lvar 'y)
        s (unify (unify empty-s x 1) y [x 2])]
    (is (= "Box(1)" (str (walk* s (Box. x)))))
    (is (= ["Box([1 2])" 1] (update (walk* s [(Box. y) x]) 0 str)))
    (is (= "Box(Box(1))" (str (walk* s (Box. (Box. x))))))
    ;; a type without IWalkTerm keeps its content as it is
    (is (= x (.-x (walk* s (Plain. x)))))
    ;; walk-term on Clojure's values calls f on each part, as core.logic's implementations do
    (is (= [3 4] (walk-term [1 2] inc)))
    (is (= '(3 4) (walk-term '(1 2) inc)))
    (is (= {3 4} (walk-term {1 2} inc)))
    (is (= 2 (walk-term 1 inc)))))

(deftest project-walks-through-walk-term
  (is (= '("Box(1)") (run* [q] (fresh [a b] (== b (Box. a)) (== a 1) (project [b] (== q (str b)))))))
  (is (= '(:walked)
         (run* [q] (fresh [a b] (== b [(Box. a)]) (== a 1)
                     (project [b] (if (lvar? (.-x (first b))) (== q :fresh) (== q :walked))))))))

(deftest reification-through-reify-term
  (is (= '("Box(_0)") (strs (run* [q] (fresh [a] (== q (Box. a)))))))
  (is (= '("Box(1)") (strs (run* [q] (fresh [a] (== q (Box. a)) (== a 1))))))
  (let [[[b box a]] (run* [q] (fresh [x y] (== q [y (Box. x) x])))]
    (is (= '_0 b))
    (is (= "Box(_1)" (str box)))
    (is (= '_1 a)))
  (let [[[box b]] (run* [q] (fresh [x y] (== q [(Box. [x y]) y])))]
    (is (= "Box([_0 _1])" (str box)))
    (is (= '_1 b)))
  (is (= '("Box((_0 . _1))") (strs (run* [q] (fresh [a d] (== q (Box. (lcons a d))))))))
  (is (= '("Box(1)" "Box(_0)" "3")
         (strs (run* [q] (fresh [a] (conde [(== q (Box. 1))] [(== q (Box. a))] [(== q 3)]))))))
  ;; with the constraints left on its variables
  (let [[[box sep c]] (run* [q] (fresh [a] (!= a 1) (== q (Box. a))))]
    (is (= "Box(_0)" (str box)))
    (is (= :- sep))
    (is (= '(!= (_0 1)) c)))
  ;; without IReifyTerm the variables inside are left as they are
  (let [[[p v]] (run* [q] (fresh [a] (== q [(Plain. a) a])))]
    (is (lvar? (.-x p)))
    (is (= '_0 v)))
  ;; -reify and -reify* name variables by reify-term too
  (let [x (lvar 'x)
        y (lvar 'y)]
    (is (= ["Box(y)" 1] (update (vec (-reify (unify empty-s x 1) [(Box. y) x])) 0 str)))
    (is (= 'y (walk (-reify* empty-s (Box. y)) y)))))

(deftest the-occurs-check-through-occurs-check-term
  (is (= '() (run* [q] (== q [(Box. q)]))))
  (is (= '() (run* [q] (fresh [x] (== q [1 (Box. [2 x])]) (== x q)))))
  (is (= 1 (count (run* [q] (== q [(Plain. q)])))))
  (is (= '() (run* [q] (== q (->Pt q 2)))))
  (let [x (lvar 'x)
        y (lvar 'y)]
    (is (true? (occurs-check empty-s x [(Box. x)])))
    (is (true? (occurs-check (unify empty-s y x) x (Box. [y]))))
    (is (false? (occurs-check empty-s x (Box. y))))
    (is (false? (occurs-check empty-s x [(Plain. x)])))
    (is (nil? (ext empty-s x [(Box. x)])))
    (is (= "Box(1)" (str (walk (ext empty-s x (Box. 1)) x))))))

;; A type whose unify-terms returns neither a substitution nor nil.
(deftype Bad [x]
  IUnifyTerms
  (unify-terms [u v s] 5))

(deftest methods-that-return-no-substitution
  (is (thrown? Exception (doall (run* [q] (== (Bad. 1) (Bad. 2)))))))
