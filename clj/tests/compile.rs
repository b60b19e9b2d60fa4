//! The compiler (`compile.rs`) against the interpreter: each program gives the same value, or
//! the same error message, with function bodies compiled, with them compiled and run on the
//! heap stack (`compile/machine.rs`, as a page runs deep recursion), and with them
//! interpreted. Each run is on a thread of its own, so it starts from fresh namespaces.

/// The stack of each run's thread: room for the reader and printer on the deepest forms
/// of the tests in a debug build.
const STACK: usize = 64 << 20;

/// The printed value of `src`, or its error message, with the compiler on or off.
fn outcome(src: &str, compiled: bool) -> String {
    outcome_at(src, compiled, kanren_clj::eval::HEAP_DEPTH)
}

/// [`outcome`], compiled code going on on the heap stack past `heap_depth` levels.
fn outcome_at(src: &str, compiled: bool, heap_depth: usize) -> String {
    let src = src.to_string();
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(move || {
            kanren_clj::init();
            kanren_clj::compile::set_enabled(compiled);
            kanren_clj::eval::set_heap_depth(heap_depth);
            match kanren_clj::eval_str(&src).and_then(|v| kanren_clj::print_value(&v)) {
                Ok(s) => s,
                Err(e) => format!("error: {}", e.message()),
            }
        })
        .expect("a thread")
        .join()
        .expect("no panic")
}

/// Each case's source gives its expected outcome, the same the three ways ([`same`]).
fn all_same(cases: &[(&str, &str)]) {
    for (src, want) in cases {
        assert_eq!(same(src), *want, "{src}");
    }
}

/// `src` gives the same outcome the three ways; returns it.
fn same(src: &str) -> String {
    let (c, i) = (outcome(src, true), outcome(src, false));
    assert_eq!(c, i, "compiled vs interpreted: {src}");
    let h = outcome_at(src, true, 0);
    assert_eq!(h, c, "on the heap stack vs on the native stack: {src}");
    c
}

#[test]
fn clojure_forms_compile_to_what_the_interpreter_computes() {
    let cases = [
        ("(defn f [x] (let [x (+ x 1) y x] [x y])) (f 1)", "[2 2]"),
        ("(defn adder [n] (fn [x] (+ x n))) ((adder 2) 3)", "5"),
        ("(defn f [a & r] (if (seq r) (recur (+ a (first r)) (next r)) a)) (f 1 2 3)", "6"),
        ("(defn f ([] (f 1)) ([x] (* 10 x))) (f)", "10"),
        ("(defn f [x] (cond (< x 0) :neg (= x 0) :zero :else :pos)) (map f [-1 0 1])", "(:neg :zero :pos)"),
        ("(defn f [x] [(and x 1) (or x 2) (when x 3) (when-not x 4) (if-not x 5 6)]) [(f nil) (f true)]",
         "[[nil 2 nil 4 5] [1 true 3 nil 6]]"),
        ("(defn f [x] (quote (a x))) (f 1)", "(a x)"),
        ("(defn f [x] {:k x :l [x]}) (f 1)", "{:k 1, :l [1]}"),
        ("(defn f [n] (loop [i 0 acc []] (if (< i n) (recur (inc i) (conj acc i)) acc))) (f 3)", "[0 1 2]"),
        ("(defn f [x] (letfn [(g [y] (* y x))] (g 3))) (f 2)", "6"),
        ("(defn f [p] (let [[a b] p {:keys [c]} {:c a}] [a b c])) (f [1 2])", "[1 2 1]"),
        ("(defn f [x] (let [g (fn self [n] (if (zero? n) x (self (dec n))))] (g 3))) (f :done)", ":done"),
        ("(defn f [xs] (for [x xs :when (odd? x)] (* x x))) (f (range 5))", "(1 9)"),
        ("(defn f [x] (-> x inc (* 2))) (f 1)", "4"),
        ("(defn f [xs] (->> xs (map inc) (filter odd?) (into []))) (f (range 6))", "[1 3 5]"),
        ("(defn f [m] (-> m :a (get :b) (->> (vector 0)))) (f {:a {:b 1}})", "[0 1]"),
        ("(defn h [] (k)) (defn k [] 1) (h) (defn k [] 2) (h)", "2"),
        ("(defn f [] (do)) (f)", "nil"),
        ("(defn f [a b] [(+ a b) (- a b) (* a b) (+ a) (- a) (+ 1.5 a) (* a 1/2)]) (f 3 4)",
         "[7 -1 12 3 -3 4.5 3/2]"),
        ("(ns mine (:refer-clojure :exclude [- +]))
          (defn - [a b] [:minus a b]) (def + (fn [a b] [:plus a b]))
          (defn f [x] [(- x 1) (+ x 2)]) (f 0)", "[[:minus 0 1] [:plus 0 2]]"),
        ("(defn f [x] (let [== (fn [a b] :shadowed)] (== x 1))) (f 0)", ":shadowed"),
        // Destructuring parameters, bound in order as the interpreter binds them.
        ("(defn f [[a b] {:keys [c d] :or {d a}} & [e]] [a b c d e]) [(f [1 2] {:c 3} 9) (f [1] {})]",
         "[[1 2 3 1 9] [1 nil nil 1 nil]]"),
        ("(defn f [[a b] a] [a b]) (f [1 2] 7)", "[7 2]"),
        ("(defn f [a [a b]] [a b]) (f 7 [1 2])", "[1 2]"),
        ("(defn f [{x :x :as m} n] (if (pos? n) (recur (assoc m :x (inc x)) (dec n)) m)) (f {:x 0} 3)",
         "{:x 3}"),
        ("(defn f [[x & xs :as all]] (fn [y] [x xs all y])) ((f [1 2]) 3)", "[1 (2) [1 2] 3]"),
        ("(defn f ([[a]] a) ([a [b]] [a b])) [(f [1]) (f 1 [2])]", "[1 [1 2]]"),
        ("(defn f [p] (let [[a [b c]] p {:strs [s] :syms [t]} {\"s\" a 't b}] [a b c s t])) (f [1 [2 3]])",
         "[1 2 3 1 2]"),
        // `loop`, with and without destructuring, nested, with a `fn` that recurs to itself.
        ("(defn f [xs] (loop [[x & more] xs acc 0] (if x (recur more (+ acc x)) acc))) (f [1 2 3])", "6"),
        ("(defn f [n] (loop [i 0 out []] (if (< i n) (recur (inc i) (loop [j 0 o out] (if (< j i) (recur (inc j) (conj o j)) o))) out))) (f 3)",
         "[0 0 1]"),
        ("(defn f [n] (loop [i n] (if (pos? i) (recur ((fn g [k] (if (> k 2) (recur (dec k)) k)) (dec i))) i))) (f 5)", "0"),
        // `recur` reached through `let`, `cond`, `do` and `when`; rounds in which a function
        // or a lazy seq closes over the loop's locals and rounds in which nothing does.
        ("(defn f [n] (loop [i 0 acc []] (let [j (* i i)] (cond (>= i n) acc (odd? i) (do (recur (inc i) (conj acc j))) :else (when true (recur (inc i) acc))))))  (f 6)", "[1 9 25]"),
        ("(defn f [n] (loop [i 0 fs []] (if (< i n) (recur (inc i) (if (even? i) (conj fs (fn [] [i (count fs)])) fs)) (map #(%) fs)))) (f 4)", "([0 0] [2 1])"),
        ("(defn f [n] (loop [i 0 s ()] (if (< i n) (recur (inc i) (lazy-seq (cons i s))) (doall s)))) (f 3)", "(2 1 0)"),
        ("(defn f [a] (loop [] (if (pos? a) :pos :not))) [(f 1) (f 0)]", "[:pos :not]"),
        ("(defn f [x & r] (let [y (inc x)] (cond (seq r) (recur y (next r)) :else y))) (f 0 :a :b :c)", "4"),
        ("(defn f [] (loop [a 1 b a] [a b])) (f)", "[1 1]"),
    ];
    all_same(&cases);
}

#[test]
fn core_logic_forms_compile_to_the_same_goals() {
    let cases = [
        ("(defn f [] (run* [q] (fresh [a b] (== q [a b]) (== a 1) (== b 2)))) (f)", "([1 2])"),
        ("(defn f [] (run* [q] (conde [(== q 1)] [(== q 2)] [(== q 3)]))) (f)", "(1 2 3)"),
        ("(defn f [] (run* [q] (conda [(== q 1)] [(== q 2)]))) (f)", "(1)"),
        ("(defn f [] (run* [q] (condu [(conde [(== q 1)] [(== q 2)])]))) (f)", "(1)"),
        ("(defn f [] (run 2 [q] (all (membero q [1 2 3])))) (f)", "(1 2)"),
        ("(defn f [] (run* [a b :as v] (== a 1) (== b 2))) (f)", "([1 2])"),
        ("(defn f [n] (run n [q] (membero q [1 2 3]))) (f 2)", "(1 2)"),
        ("(defn f [] (run* [q] (fresh [x] (== x 3) (project [x] (== q (* x x)))))) (f)", "(9)"),
        ("(defne appendo [l s out] ([() _ s]) ([[a . d] _ [a . r]] (appendo d s r)))
          (run* [x y] (appendo x y [1 2]))", "([() [1 2]] [(1) (2)] [(1 2) ()])"),
        ("(defn f [x y] (matche [x y] ([1 y]) ([2 _]))) (run* [q] (f q 5))", "(2 1)"),
        ("(defn f [k] (run* [q] (matche [q] ([[k _]])))) (f :a)", "([:a _0])"),
        ("(defn f [x] (matcha [x] ([1] s#) ([_] u#))) (run* [q] (conde [(== q 1)] [(== q 2)]) (f q))", "(1)"),
        ("(defne loopo [x] ([_] (loopo x))) (run 1 [q] (conde [(loopo q)] [(== q 1)]))", "(1)"),
        ("(defn f [] (run* [q] (fresh [a] (!= a 1) (== q a)))) (f)", "((_0 :- (!= (_0 1))))"),
        ("(defn f [] (run-nc 1 [q] (== q 1))) (f)", "(1)"),
        ("(defn f [] (run* [q] (fd/in q (fd/interval 1 3)))) (f)", "(1 2 3)"),
        ("(defn f [q] (fresh [x] (log \"at\" 1 :a (+ 1 1)) (trace-lvars \"T\" q x)
                        (trace-lvars (str \"a\" \"b\") q) (== q 2)))
          (with-out-str (doall (run* [q] (f q))))",
         "\"at 1 :a 2\\nT\\n    q = _0\\n    x = _0\\nab\\n    q = _0\\n\""),
        ("(defn f [q] (trace-lvars (do (print \"t\") \"T\") (do (print \"v\") q)))
          (with-out-str (doall (run* [q] (f q))))",
         "\"tvT\\n(do (print \\\"v\\\") q) = _0\\n\""),
    ];
    all_same(&cases);
}

/// A `defne` body is built from the terms its patterns matched (`library/logic/plan/`):
/// each program gives what the interpreter gives, for calls of relations, of `==` and `!=`,
/// arithmetic in a `project` (and past an integer's range), `fresh`, `conde`, forms left to
/// compiled code, a `matche` over some of the parameters, and names defined again.
#[test]
fn planned_clause_bodies_build_what_compiled_code_builds() {
    let cases = [
        ("(declare noattacko)
          (defne nqueenso [l] ([()])
            ([[[x y] . others]] (nqueenso others) (membero y [1 2 3 4]) (noattacko [x y] others)))
          (defne noattacko [q others] ([_ ()])
            ([[x y] [[x1 y1] . r]] (!= y y1)
              (project [y y1 x x1] (!= (- y1 y) (- x1 x)) (!= (- y1 y) (- x x1)))
              (noattacko [x y] r)))
          (run* [q] (fresh [a b c d] (== q [[1 a] [2 b] [3 c] [4 d]]) (nqueenso q)))",
         "([[1 3] [2 1] [3 4] [4 2]] [[1 2] [2 4] [3 1] [4 3]])"),
        // core.logic's `is` planned over the clause's terms, and `pred`, as bench.clj's hanoi.
        ("(defne moveo [n x y z] ([1 _ _ _] (== z [x y]))
            ([_ _ _ _] (pred n #(> % 1)) (fresh [m w] (is m n dec) (moveo m x z w) (moveo 1 x y w))))
          [(run* [q] (moveo 3 :l :r q)) (run* [q] (fresh [a] (is a 4 + 1 2) (is q a * 2)))]",
         "[([:l :r]) (14)]"),
        // Tracing forms over a clause's terms, and one left to compiled code (its title a `do`).
        ("(defne tro [l o] ([[a . d] _] (log \"at\" :k (+ 2 1)) (trace-lvars \"T\" d o)
            (trace-lvars (do (print \"t\") \"D\") a) (conda [(== o a)] [s#])))
          (with-out-str (doall (run* [q] (fresh [z] (tro [1 z] q)))))",
         "\"tat :k 3\\nT\\n    d = (_0)\\n    o = _0\\nD\\n    a = 1\\n\""),
        ("(defn locals-membero [x l] (matche [l] ([[x . tail]]) ([[head . tail]] (locals-membero x tail))))
          [(run* [q] (locals-membero 'foo [1 'foo]) (== q true)) (run* [q] (locals-membero 'foo [1 2]))]",
         "[(true) ()]"),
        ("(defne pick [l o] ([[h . t] _] (conde [(== o h)] [(fresh [x] (pick t x) (all (== o [x]) s#))])))
          (run* [q] (pick [1 2 3] q))",
         "(1 [2] [[3]])"),
        ("(defne g [x o] ([_ [a b]] (let [y x] (== a [y b])) (if (number? x) (== b :n) (== b :o))))
          [(run* [q] (g 1 q)) (run* [q] (g 'u q))]",
         "[([[1 :n] :n]) ([[u :o] :o])]"),
        ("(defne k [a b] ([_ 1] (let [z a] (== z 7))) ([_ 2] (project [b] (== a (inc b)))))
          (defne k2 [q r] ([_ _] (k q r)))
          (run* [q r] (k2 q r))",
         "([7 1] [3 2])"),
        ("(defne mapo [f l o] ([_ () ()]) ([_ [a . d] [b . e]] (f a b) (mapo f d e)))
          (run* [q] (mapo (fn [a b] (== b [a])) [1 2] q))",
         "(([1] [2]))"),
        ("(defna first-one [l o] ([[h . _] h]) ([_ :none]))
          (defne call-first [l o] ([_ _] (first-one l o)))
          (run* [q] (call-first [4 5] q))",
         "(4)"),
        ("(defne big [x o] ([_ _] (project [x] (== o [(+ x 1) (- x) (* x 2) (inc x) (dec x)]))))
          (run* [q] (big 3 q))",
         "([4 -3 6 4 2])"),
        ("(defne big [x o] ([_ _] (project [x] (== o (+ x 1))))) (run* [q] (big 9223372036854775807 q))", ""),
        ("(ns u (:refer-clojure :exclude [== -]) (:use clojure.core.logic))
          (defn - [a b] (+ a b 100))
          (defne h [x o] ([_ _] (project [x] (== o (- x 1)))))
          (run* [q] (h 5 q))",
         "(106)"),
        ("(defne r1 [o] ([_] (r2 o)))
          (defne r2 [o] ([1]))
          (def a (doall (run* [q] (r1 q))))
          (defne r2 [o] ([2]))
          [a (run* [q] (r1 q))]",
         "[(1) (2)]"),
        ("(defn f [] (run* [a b :as v] (fresh [c] (== c [1 2]) (let [w v] (== w [c b])))))
          (f)",
         "([[1 2] _0])"),
        ("(defn f [n] (run n [q] (fresh [x y] (conde [(== x 1)] [(== x 2)]) (== y (project [x] (== q (* x n))))))) (f 3)",
         "(_0 _0)"),
        ("(defn f [n] (run n [q] (fresh [x] (membero x [1 2 3]) (project [x] (== q (* x n)))))) (f 2)",
         "(2 4)"),
        ("(defn f [] (run* [q] (fresh [x] (fresh [y] (== y x) (== q [x y]))))) (f)", "([_0 _0])"),
        ("(defn f [n] (run* [q] (== q (map vector (repeatedly lvar) (range n)))))
          (defne g [n o] ([_ _] (== o (take n (map inc (range))))))
          [(count (first (f 3))) (run* [q] (g 2 q))]",
         "[3 ((1 2))]"),
        ("(defn safeo [[x1 y1] [x2 y2]] (all (!= x1 x2) (project [x1 x2 y1 y2] (!= (- x2 x1) (- y2 y1)))))
          (run* [a b] (membero a [1 2 3]) (membero b [1 2 3]) (safeo [a 1] [b 2]))",
         "([2 1] [1 3] [3 1] [3 2])"),
        ("(defn sumo [k x o] (project [x] (let [y (* x k)] (project [o] (if (number? o) (== o y) (== o [y k]))))))
          [(run* [q] (sumo 10 3 q)) (run* [q] (== q 6) (sumo 2 3 q)) (run* [q] (sumo 2 3 7))]",
         "[([30 10]) (6) ()]"),
        ("(ns u (:refer-clojure :exclude [== -]) (:use clojure.core.logic))
          (defn - [a b] (+ a b 100))
          (defn h [x o] (project [x] (== o (- x 1))))
          (run* [q] (h 5 q))",
         "(106)"),
        ("(defn p [x] (project [x] (== x (+ x :a)))) (run* [q] (p 3))", ""),
        ("(defne bad [x] ([_] 5)) (run* [q] (bad q))", ""),
        ("(defne bad2 [x] ([_] (project [x] (== x (+ x :a))))) (run* [q] (bad2 3))", ""),
        // Functions that return a goal, entered from a planned call with the terms.
        ("(defne takeouto [x l y] ([_ [x . y] _]) ([_ [h . t] [h . r]] (takeouto x t r)))
          (defn digito [x l y] (takeouto x l y))
          (defn first-digito [x l y] (all (digito x l y) (pred x pos?)))
          (run* [q] (fresh [a b r s] (first-digito a [0 1 2] r) (digito b r s) (== q [a b s])))",
         "([1 0 (2)] [1 2 (0)] [2 0 (1)] [2 1 (0)])"),
        ("(defn pairo [p a] (fresh [d] (== p [a d]) (conde [(== d a)] [(== d :x)])))
          (defne headpairo [l o] ([[h . _] _] (pairo h o)))
          (run* [q] (fresh [p] (headpairo [p] 1) (== q p)))",
         "([1 1] [1 :x])"),
        ("(defn r ([x] (r x 1)) ([x y] (project [y] (== x (* 10 y))))) (run* [q] (r q))", "(10)"),
        ("(defn counto [x n] (conde [(== x n)] [(counto x (inc n))])) (run 3 [q] (counto q 0))",
         "(0 1 2)"),
        ("(defn mk [k] (fn [x] (== x k))) (def e7 (mk 7)) (defne w [q] ([_] (e7 q))) (run* [q] (w q))",
         "(7)"),
        ("(defn mk [k] (fn self [x n] (conde [(== x [k n])] [(self x (dec n))]))) (run 2 [q] ((mk :a) q 0))",
         "([:a 0] [:a -1])"),
        ("(defn d1 [x] (== x 1)) (defne w [q] ([_] (d1 q)))
          (def a (doall (run* [q] (w q)))) (defn d1 [x] (== x 2)) [a (run* [q] (w q))]",
         "[(1) (2)]"),
        ("(defn same-goal [g] g) (run* [q] (same-goal (== q 3)))", "(3)"),
        ("(defn five [x] (+ x 5)) (defne w [q] ([_] (five q))) (run* [q] (w 1))", ""),
        ("(defn five [x] (+ x 5)) (run* [q] (five 1))", ""),
        ("(defn loopo [x] (loopo x)) (run* [q] (loopo q))", ""),
        ("(defn p [x] (project [x] (== x (+ x :a)))) (defn p2 [x] (p x)) (run* [q] (p2 3))", ""),
        // `fd/eq`: its operands read as terms in a planned body, as values in compiled code;
        // the answers are core.logic's.
        ("(run* [x y] (fd/in x y (fd/interval 0 9)) (fd/eq (= (+ x y) 9) (= (+ (* x 2) (* y 4)) 24)))",
         "([6 3])"),
        ("(defn sumo [a b c] (fd/eq (= (+ a b) c)))
          (run* [q] (fresh [a b] (fd/in a b (fd/interval 0 4)) (sumo a b 6) (== q [a b])))",
         "([2 4] [3 3] [4 2])"),
        ("(defne addo [a b c] ([_ _ _] (fd/eq (= (+ a b) c))))
          (run* [q] (fresh [a b] (fd/in a b (fd/interval 0 3)) (addo a b 5) (== q [a b])))",
         "([2 3] [3 2])"),
        ("(run* [x] (fd/in x (fd/interval 0 20)) (fd/eq (!= x 3) (<= x 4) (> x 1)))", "(2 4)"),
        ("(let [k 7] (run* [x] (fd/in x (fd/interval 0 20)) (fd/eq (= (* k 2) (+ x k)))))", "(7)"),
        ("(run 3 [x y] (fd/in x y (fd/interval 1 5)) (fd/eq (>= (- x y) 2)))",
         "([3 1] [4 1] [5 1])"),
        ("(defn f [v] (run* [x] (fd/in x (fd/interval 0 20)) (fd/eq (= (+ x (count v)) 5)))) (f [1 2])",
         "(3)"),
        ("(run* [q] (fd/eq (= q [1])))", ""),
        ("(run* [q] (fd/eq (foo q 1)))", ""),
        ("(run* [q] (fd/eq (= (+) q)))", ""),
        // The FD constraints of two and three operands get their operands' terms.
        ("(defn not-adjacento [x y]
            (fresh [f] (fd/in f (fd/interval 1 5))
              (conde [(fd/+ x f y) (fd/< 1 f)] [(fd/+ y f x) (fd/< 1 f)])))
          (run* [a b] (fd/in a b (fd/interval 1 5)) (fd/== a 2) (not-adjacento a b))",
         "([2 4] [2 5])"),
        ("(defne lto [a b] ([_ _] (fd/< a b))) (run* [a b] (fd/in a b (fd/interval 1 3)) (lto a b))",
         "([1 2] [2 3] [1 3])"),
        ("(run* [q] (fresh [a b c d] (fd/in a b c d (fd/interval 0 12))
            (fd/- 9 a 4) (fd/* a 2 b) (fd/quot b 5 c) (fd/!= c d) (fd/<= d 3) (fd/>= d 2) (fd/> d c)
            (== q [a b c d])))",
         "([5 10 2 3])"),
        ("(run* [q] (fd/< q [1]))", ""),
        ("(run* [q] (fd/+ q 1))", ""),
        ("(defne bad-fd [x] ([_] (fd/<= x :a))) (run* [q] (bad-fd q))", ""),
    ];
    for (src, want) in cases {
        let got = same(src);
        match want {
            "" => assert!(got.starts_with("error: "), "{src}: {got}"),
            want => assert_eq!(got, want, "{src}"),
        }
    }
}

#[test]
fn errors_are_the_interpreters() {
    for src in [
        "(defn f [x] (+ x :a)) (f 1)",
        "(defn f [x] (- x 9223372036854775807 10)) (f -10)",
        "(defn f [x] (* x 9223372036854775807)) (f 2)",
        "(defn f [x] (== x)) (f 1)",
        "(defn f [x] (nope x)) (f 1)",
        "(defn f [x] x) (f)",
        "(defn f [] (run* [q] 1)) (f)",
        "(defn f [] (run -1 [q] (== q 1))) (f)",
        "(defn f [] (run* [q] (matche [q] ([1 2])))) (f)",
        "(defn f [] (let [x])) (f)",
        "(defn f [] (recur 1)) (f)",
        "(defn f [] when) (f)",
        "(defne f [x y] ([_ _] (is y x inc :a))) (run* [q] (f 1 q))",
        "(defne f [x y] ([_ _] (is y x nope))) (run* [q] (f 1 q))",
        "(defn f [q] (trace-lvars)) (run* [q] (f q))",
        "(defn f [q] (trace-lvars \"t\" (nope q))) (run* [q] (f q))",
        "(defn f [[a b]] a) (f 1)",
        "(defn f [{:keys a}] a) (f {})",
        "(defn f [[a & ]] a) (f [1])",
        "(defn f [[a :as]] a) (f [1])",
        "(defn f [(a b)] a) (f [1])",
        "(defn f [] (loop [i 0] (if (< i 2) (recur (inc i) 5) i))) (f)",
        "(defn f [] (loop [[a] 1] a)) (f)",
        "(defn f [] (loop [i])) (f)",
    ] {
        assert!(same(src).starts_with("error: "), "{src}");
    }
}

#[test]
fn deeply_nested_forms_in_a_body_neither_overflow_nor_differ() {
    for depth in [100, 3_000] {
        let vector = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
        let sum = format!("{}0{}", "(+ 1 ".repeat(depth), ")".repeat(depth));
        same(&format!("(defn f [] {vector}) (count (str (f)))"));
        assert_eq!(same(&format!("(defn g [] {sum}) (g)")), depth.to_string());
    }
}

#[test]
fn a_name_that_becomes_a_macro_after_the_body_was_compiled_is_expanded() {
    let src = "(defn g [] (later 1))
               (try (g) (catch Exception e :unbound))
               (defmacro later [x] `(+ ~x 1))
               (g)";
    assert_eq!(same(src), "2");
}

#[test]
fn a_call_site_sees_each_new_definition_of_its_callee() {
    // Each site keeps what its name resolved to until the definitions change: a redefined
    // function, a value in place of a function, a name bound only later, and a name seen from
    // another namespace all run as the interpreter runs them.
    let src = "(defn f [] 1)
               (defn g [] [(f) h])
               (def a (g))
               (defn f [] 2)
               (def h :later)
               (def b (g))
               (def f (constantly 3))
               (ns other)
               (defn f [] 4)
               (ns user)
               [a b (g) (other/f)]";
    assert_eq!(
        outcome(src, true),
        "error: Unable to resolve symbol: h in this context"
    );
    let src = src.replace("(defn g [] [(f) h])", "(declare h) (defn g [] [(f) h])");
    assert_eq!(same(&src), "[[1 nil] [2 :later] [3 :later] 4]");
}

#[test]
fn a_call_of_a_compiled_function_binds_its_arguments_in_a_frame_of_its_own() {
    // Each function is called from a compiled site more than once (the first call compiles
    // the body; the later ones bind the arguments straight into the frame). A `recur` binds
    // the parameters again in place only when no closure kept the frame.
    let src = "(defn keep-fns [n acc] (if (zero? n) acc (recur (dec n) (conj acc (fn [] n)))))
               (defn count-down [n acc] (if (zero? n) acc (recur (dec n) (conj acc n))))
               (defn swap-n [[a b] n] (if (pos? n) (swap-n [b a] (dec n)) [a b]))
               (defn self-ref [n] (if (pos? n) (self-ref (dec n)) self-ref))
               (defn two ([x] [x]) ([x y] [x y]))
               (defn g [] [(mapv #(%) (keep-fns 3 [])) (count-down 4 [])
                           (swap-n [1 2] 3) (fn? (self-ref 2)) (two 1) (two 1 2)
                           (try (two 1 2 3) (catch Exception e (.getMessage e)))])
               [(g) (g) (g)]";
    let one =
        "[[3 2 1] [4 3 2 1] [2 1] true [1] [1 2] \"Wrong number of args (3) passed to: two\"]";
    assert_eq!(same(src), format!("[{one} {one} {one}]"));
}

#[test]
fn a_let_in_a_tail_position_binds_into_the_call_frame() {
    // Each function runs three times (the first call compiles it). A tail `let` of names
    // binds them into the call frame: in place when nothing else holds the frame, in a copy
    // when a function made before it did, and in a frame of its own in the branch after
    // one that took the slots, past the slots a frame holds inline, for a pattern, and
    // off a tail position. A form the interpreter runs finds the names by name.
    let src = "(defn seqn [x] (let [y (inc x) z (* y 2)] [x y z]))
               (defn branches [x] (if (pos? x) (let [a 1] [a x]) (let [b 2] [b x])))
               (defn counts [n acc] (if (zero? n) acc (let [m (dec n)] (recur m (conj acc m)))))
               (defn kept [x] (let [g (fn [] x) y 10] (let [x 20] [(g) x y])))
               (defn by-name [x] (let [x (inc x)] (let [y (* x 10)] (try [x y] (finally nil)))))
               (defn shadows [x] (if (try (pos? x) (finally nil)) (let [x :let] (try x (finally nil))) x))
               (defn fns [x] (let [y x] (fn self [] (let [z y] [x y z (fn? self)]))))
               (defn arities ([x] (let [a x] (arities a a))) ([x y] (let [b (+ x y)] b)))
               (defn many [a b c] (let [d 4 e 5] [a b c d e]))
               (defn pattern [x] (let [[a b] x] (let [c a] [a b c])))
               (defn inner [x] [(let [y 1] (+ x y)) (do (let [z 2] (* x z)))])
               (defn loops [n] (loop [i 0 acc 0] (if (< i n) (let [j (* i i)] (recur (inc i) (+ acc j))) acc)))
               (defn kept-each [n] (let [fs (atom [])] (if (pos? n) (let [k n] (swap! fs conj (fn [] k)) (mapv #(%) @fs)) [])))
               (defn deep [n] (if (zero? n) 0 (let [m (dec n)] (+ 1 (deep m)))))
               (defn g [] [(seqn 1) (branches 5) (branches -5) (counts 3 []) (kept 1) (by-name 1)
                           (shadows 1) (shadows 0) ((fns 3)) (arities 4) (many 1 2 3) (pattern [1 2])
                           (inner 3) (loops 4) (kept-each 2) (deep 500)])
               [(g) (g) (g)]";
    let one = "[[1 2 4] [1 5] [2 -5] [2 1 0] [1 20 10] [2 20] :let 0 [3 3 3 true] 8 \
               [1 2 3 4 5] [1 2 1] [4 6] 14 [2] 500]";
    assert_eq!(same(src), format!("[{one} {one} {one}]"));
}

#[test]
fn a_function_whose_body_is_one_call_of_a_built_in_runs_it_on_its_arguments() {
    // Such a body reads its parameters where the call holds them (no frame is made): each
    // parameter in its place after the function's own name, constants and the kept value of
    // a call on constants, a built-in redefined or shadowed later, a named function, errors
    // with the inner form's position, and a built-in with effects.
    let cases = [
        ("((fn [a b c] (- a b c)) 10 3 2)", "5"),
        ("((fn f [a b] (- b a)) 1 10)", "9"),
        ("(defn sq [x] (* x x)) (map sq [1 2 3])", "(1 4 9)"),
        ("(filter #(> % 1) [0 1 2 3])", "(2 3)"),
        (
            "(defn k [x] (inc x)) (def a (k 1)) (defn inc [x] :mine) [a (k 1)]",
            "[2 :mine]",
        ),
        (
            "(defn k [x] (+ x 1)) (def a (k 1)) (def + -) [a (k 1)]",
            "[2 0]",
        ),
        (
            "(defn k [x] (+ x (max 1 2 3 4))) (def a [(k 1) (k 1)]) (defn max [& xs] 0) [a (k 1)]",
            "[[5 5] 1]",
        ),
        (
            "(defn k [x] (inc x)) (k nil)",
            "error: inc: expected a number, got nil",
        ),
        (
            "(def v (atom 0)) (defn bump [n] (swap! v + n)) (bump 2) (bump 3) @v",
            "5",
        ),
    ];
    all_same(&cases);
}
#[test]
fn a_call_of_a_built_in_on_locals_and_constants_reads_them_where_they_are() {
    // A call whose arguments are locals (of this frame or outer ones) and constants, inside
    // a larger body, run more than once (a site reads its callee in place once it has
    // resolved it): one, two and three arguments, a built-in redefined later, one with
    // effects, one that reads no arguments in place, and an error with its message.
    let cases = [
        (
            "(defn f [x y] (let [z 2] (let [w 3] [(+ x z) (- y 1) (nth [x y z] 1) (+ x z w)
                                               (get {:a x} :a) (str x \"b\" y) (conj [x] w)])))
             [(f 1 2) (f 3 4) (f 5 6)]",
            "[[3 1 2 6 1 \"1b2\" [1 3]] [5 3 4 8 3 \"3b4\" [3 3]] [7 5 6 10 5 \"5b6\" [5 3]]]",
        ),
        (
            "(defn k [x] [(inc x) (first x)])
             (def a (vec (for [x [1 2]] (try (k x) (catch Exception e :caught)))))
             (defn k2 [x] [(inc x)]) (def b [(k2 1) (k2 2)]) (defn inc [x] :mine) [a b (k2 1)]",
            "[[:caught :caught] [[2] [3]] [:mine]]",
        ),
        (
            "(def v (atom 0)) (defn bump [n] (let [a v] (swap! a + n) (swap! a + 1) @a))
             [(bump 2) (bump 3) (bump 4)]",
            "[3 7 12]",
        ),
        (
            "(defn f [x] [(list x 1) (vector x) (hash-set x)]) [(f 1) (f 2)]",
            "[[(1 1) [1] #{1}] [(2 1) [2] #{2}]]",
        ),
        (
            "(defn k [x] [(inc x)]) [(k 1) (k 2) (k nil)]",
            "error: inc: expected a number, got nil",
        ),
    ];
    all_same(&cases);
}

#[test]
fn a_test_of_seq_is_answered_without_the_seq_and_a_redefined_seq_is_called() {
    // `(if (seq x) ...)` and `cond`'s tests ask whether `x` is empty: every kind of seqable
    // value, a lazy seq forced as far as its first element, the error of a value that is not
    // seqable, and a `seq` of the program's own that the test calls instead.
    let cases = [
        (
            "(defn f [x] (if (seq x) :y :n))
             (map f [[1] [] nil \"\" \"a\" {} {:a 1} #{} (range 0) (range 1) (lazy-seq nil)
                     (map inc [1]) (filter odd? [2 4]) '() '(1)])",
            "(:y :n :n :n :y :n :y :n :n :y :n :y :n :n :y)",
        ),
        (
            "(defn f [x] (cond (seq x) (count x) :else 0)) [(f [1 2]) (f nil)]",
            "[2 0]",
        ),
        (
            "(def n (atom 0))
             (defn f [x] (if (seq x) :y :n))
             [(f (map (fn [i] (swap! n inc) i) [1 2 3])) @n]",
            "[:y 3]",
        ),
        (
            "(defn f [xs] (when (seq xs) (f (rest xs)))) (f 7)",
            "error: don't know how to create a seq from integer: 7",
        ),
        (
            "(defn f [x] (if (seq x) :y :n)) (def a (f [])) (defn seq [x] true) [a (f [])]",
            "[:n :y]",
        ),
        (
            "(defn f [x] (let [seq (fn [_] nil)] (if (seq x) :y :n))) (f [1])",
            ":n",
        ),
    ];
    all_same(&cases);
}

#[test]
fn a_test_of_not_is_its_arguments_test_negated() {
    // `(if (not x) ...)`, `when-not`, `if-not` with and without an else, of every kind of
    // truth (nil, false, a value, a seq test), a `not` of the program's own, and a `not` on
    // the wrong number of arguments.
    let cases = [
        (
            "(defn f [x] (if (not x) :n :y)) (defn g [x] (if-not (seq x) :empty :some))
             (defn h [x] (when-not x :n)) (defn k [x] (if-not (zero? x) :nz))
             (defn m [x] (if (not (not x)) :y :n))
             [(map f [nil false 0 [] true]) (map g [[] nil [1] (range 0)]) (h false) (h 1)
              (k 0) (k 3) (map m [nil 1])]",
            "[(:n :n :y :y :y) (:empty :empty :some :empty) :n nil nil :nz (:n :y)]",
        ),
        (
            "(defn f [x] (if (not x) :n :y)) (def a (f nil))
             (ns other (:refer-clojure :exclude [not])) (defn not [x] x)
             (defn f [x] (if (not x) :n :y)) [user/a (f nil) (user/f nil)]",
            "[:n :y :n]",
        ),
        (
            "(defn f [x] (if (not x 1) :n :y)) (f 1)",
            "error: Wrong number of args (2) passed to: not",
        ),
    ];
    all_same(&cases);
}

#[test]
fn a_call_of_a_local_function_runs_as_a_call_of_a_global_one() {
    // A function calling itself by its own name, a `let`'s function and a parameter's,
    // compiled or not yet, framed or frameless, with a `recur` in the callee, its arguments
    // run in order and once, a local that is not a function, and an error in the callee.
    let cases = [
        (
            "(defn fact [n] (if (< n 2) 1 (* n (fact (dec n)))))
             (defn walk [xs acc] (if (seq xs) (walk (next xs) (conj acc (first xs))) acc))
             (defn twice [f x] (f (f x)))
             (defn use [] (let [sq (fn [x] (* x x)) down (fn [n] (if (pos? n) (recur (dec n)) n))
                                k :a]
                            [(sq 3) (down 4) (k {:a 1}) (twice sq 2) (twice #(+ % 1) 0)]))
             [(fact 20) (walk [1 2 3] []) (use)]",
            "[2432902008176640000 [1 2 3] [9 0 1 16 2]]",
        ),
        (
            "(def log (atom [])) (defn note [x] (swap! log conj x) x)
             (defn f [g] (g (note 1) (note 2))) [(f (fn [a b] (- a b))) (f vector) @log]",
            "[-1 [1 2] [1 2 1 2]]",
        ),
        (
            "(defn f [n] (if (zero? n) (/ 1 n) (f (dec n)))) (f 3)",
            "error: Divide by zero",
        ),
        (
            "(defn f [g] (g 1 2)) (f (fn [x] x))",
            "error: Wrong number of args (2) passed to: fn",
        ),
    ];
    all_same(&cases);
}

#[test]
fn get_in_of_a_vector_literal_reads_its_keys_where_they_are() {
    // `(get-in m [a b])` with locals and constants for keys: through vectors, maps, `nil`,
    // a missing key or index, a list or string on the way (read by `get`), no key, the
    // not-found argument, keys that are calls (a vector made), and a `get-in` of the
    // program's own that the call then calls.
    let cases = [
        (
            "(defn f [m a b] (get-in m [a b]))
             [(f [[1 2] [3 4]] 1 0) (f {:x {:y 7}} :x :y) (f {:x [5 6]} :x 1) (f nil 1 2)
              (f [[1]] 0 5) (f [[1]] -1 0) (f {:x 1} :y :z) (f {:x '(1 2)} :x 0)
              (f {:x \"ab\"} :x 1) (f [{:a 1}] 0 :a) (f [[1 2]] 0 1.0) (f {nil {nil 3}} nil nil)]",
            "[3 7 6 nil nil nil nil nil \\b 1 nil 3]",
        ),
        (
            "(defn f [m a] [(get-in m []) (get-in m [a]) (get-in m [0 a]) (get-in m [a 0] :none)
                            (get-in m [(inc a) 0])])
             (f [[1 2] [3 4]] 1)",
            "[[[1 2] [3 4]] [3 4] 2 3 nil]",
        ),
        (
            "(defn f [m a b] (get-in m [a b])) (def a (f [[1 2]] 0 1))
             (defn get-in [m ks] :mine) [a (f [[1 2]] 0 1)]",
            "[2 :mine]",
        ),
    ];
    all_same(&cases);
}

#[test]
fn a_body_of_one_call_runs_in_its_frame_or_without_one() {
    // A function whose body is one call of a built-in: on its parameters and constants (run
    // with no frame), or on nested calls, vectors and globals (run in its frame), called
    // from compiled code, from a built-in and with `apply`, named or not, the built-in
    // redefined between calls.
    let cases = [
        (
            "(defn sq1 [x] (+ (* x x) 1)) (defn p [x] (+ x 1))
             (defn g [m a] (get-in m [a 0])) (defn h [xs] (apply max xs))
             (defn k [] (p (sq1 2)))
             [(map sq1 [1 2 3]) (sq1 4) (apply sq1 [5]) (g [[7] [8]] 1) (h [3 9 2]) (k)
              ((fn self [n] (if (pos? n) (self (dec n)) (vector n :done))) 3)]",
            "[(2 5 10) 17 26 8 9 6 [0 :done]]",
        ),
        (
            "(defn f [x] (inc (inc x))) (def a (f 1))
             (ns other (:refer-clojure :exclude [inc])) (defn inc [x] (* 10 x))
             (defn f [x] (inc (inc x))) [user/a (f 1) (user/f 1)]",
            "[3 100 3]",
        ),
        (
            // Called from compiled code: the arguments run in order, once, before the body.
            "(def log (atom [])) (defn note [x] (swap! log conj x) x)
             (defn sq [x] (* x x)) (defn add [a b] (+ a b)) (defn over [a b c] (max a b c))
             (defn use [] [(sq (note 3)) (add (note 1) (note 2)) (over 1 (note 5) 2) (sq 1.5)])
             [(use) @log (map add [1 2] [10 20])]",
            "[[9 3 5 2.25] [3 1 2 5] (11 22)]",
        ),
        (
            // Called by built-ins on one and two arguments, named or not, and with another
            // arity beside the frameless one; a call not yet compiled, then compiled.
            "(defn add [a b] (+ a b)) (defn two ([x] (* 2 x)) ([x y] (list x y)))
             [(map (fn inc2 [x] (+ x 2)) [1 2]) (reduce add [1 2 3]) (filter #(odd? %) (range 5))
              (map two [1 2]) (reduce two [1 2 3]) (map #(nth [:a :b :c] %) [2 0])
              (reduce (fn [a b] (max a b)) [3 9 4])]",
            "[(3 4) 6 (1 3) (2 4) ((1 2) 3) (:c :a) 9]",
        ),
    ];
    all_same(&cases);
}

#[test]
fn a_for_over_a_range_reads_its_integers_as_the_range_gives_them() {
    // A binding over `(range ...)` of integers walks them without the range's seq: one, two
    // and three arguments, steps up and down, an empty range, the bounds of `i64`, chunks of
    // 32 (a body that prints shows how many it ran), and what is not a range of integers
    // (no argument, a step of 0, floats, a bad argument, a `range` of the program's own).
    let cases = [
        (
            "(defn f [n] (for [x (range n) y (range x (+ x 2)) z (range 0 9 (inc y))] [x y z]))
             (count (f 4))",
            "33",
        ),
        (
            "(defn f [a b s] [(for [x (range a b s)] x) (for [x (range b a (- s))] x)])
             [(f 0 10 3) (f 5 5 1) (f 3 0 1)]",
            "[[(0 3 6 9) (10 7 4 1)] [() ()] [() ()]]",
        ),
        (
            "(defn f [] (for [x (range 9223372036854775805 9223372036854775807)
                              y (range -9223372036854775808 -9223372036854775806)] [x y]))
             (f)",
            "([9223372036854775805 -9223372036854775808] [9223372036854775805 -9223372036854775807] [9223372036854775806 -9223372036854775808] [9223372036854775806 -9223372036854775807])",
        ),
        (
            "(def seen (atom 0))
             (defn f [n] (for [x (range n)] (do (swap! seen inc) x)))
             (let [s (f 100)] [(first s) @seen (nth s 40) @seen])",
            "[0 32 40 64]",
        ),
        (
            "(defn f [] [(take 3 (for [x (range)] x)) (take 2 (for [x (range 1 5 0)] x))
                         (for [x (range 0.5 2)] x) (for [x (range 1/2 2)] x)])
             (f)",
            "[(0 1 2) (1 1) (0.5 1.5) (1/2 3/2)]",
        ),
        ("(defn f [] (for [x (range 0 :a)] x)) (try (doall (f)) (catch Exception e :error))", ":error"),
        (
            "(ns user2 (:refer-clojure :exclude [range]))
             (defn range [n] [:mine n])
             (defn f [] (for [x (range 2)] x)) (f)",
            "(:mine 2)",
        ),
    ];
    all_same(&cases);
}

#[test]
fn a_for_element_bound_in_place_is_never_one_the_body_kept() {
    // The last binding's frame is bound again for the next element of a chunk only when the
    // body kept nothing of it: a function, a lazy seq, a delay or an atom holding the frame
    // sees its own element; destructuring, modifiers and a chunk's end take a frame each.
    let cases = [
        ("(defn f [n] (map #(%) (for [x (range n)] (fn [] x)))) (f 5)", "(0 1 2 3 4)"),
        (
            "(defn f [] (doall (for [x (range 40)] (lazy-seq [x])))) (map first (f))",
            "(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39)",
        ),
        ("(defn f [] (map deref (doall (for [x [1 2 3]] (delay (* 10 x)))))) (f)", "(10 20 30)"),
        (
            "(def kept (atom []))
             (defn f [] (doall (for [x [1 2 3]] (do (swap! kept conj (fn [] x)) x))))
             (f) (map #(%) @kept)",
            "(1 2 3)",
        ),
        ("(defn f [] (for [x [1 2 3] y [:a :b]] [x y])) (f)",
         "([1 :a] [1 :b] [2 :a] [2 :b] [3 :a] [3 :b])"),
        ("(defn f [] (for [[a b] [[1 2] [3 4]]] (+ a b))) (f)", "(3 7)"),
        ("(defn f [] (for [x (range 6) :let [y (* x x)] :when (even? y)] (fn [] [x y]))) (map #(%) (f))",
         "([0 0] [2 4] [4 16])"),
        ("(defn f [] (for [x (range 70)] (fn [] x))) (map #(%) (take-last 3 (f)))", "(67 68 69)"),
    ];
    all_same(&cases);
}

#[test]
fn a_function_called_by_a_macro_of_its_own_body_while_it_is_compiled() {
    // Compiling `f` expands `(m)`, which calls `f`: that call runs interpreted (no hang, no
    // endless compiling).
    let src = "(declare f)
               (defmacro m [] (f 0))
               (defn f [n] (if (zero? n) 1 (m)))
               (f 1)";
    assert_eq!(same(src), "1");
}

#[test]
fn a_compiled_body_expands_its_macros_once() {
    let src = "(def n (atom 0))
               (defmacro counted [] (swap! n inc) 1)
               (defn f [] (counted))
               (f) (f) (f)
               @n";
    assert_eq!(outcome(src, true), "1");
    assert_eq!(outcome(src, false), "3");
}

#[test]
fn comprehensions_in_a_body_are_compiled_with_it() {
    let cases = [
        "(for [x (range 4) :let [y (* x x)] :when (odd? x) z [:a :b]] [x y z])",
        "(for [x (range 5) :while (< x 3) y (range x)] [x y])",
        "(for [x [1 2 3] y [4 5] :while (< y 5)] [x y])",
        "(for [[a b] {:p 1 :q 2} :let [{:keys [k]} {:k a}]] (str k b))",
        "(take 3 (for [x (range) y [1 2]] (+ x y)))",
        "(for [x []] x)",
        // Lazy: the body runs for the results taken, and once each.
        "(let [n (atom 0) s (for [x (range 10)] (do (swap! n inc) x))] [(first s) @n (doall s) @n])",
        "(let [acc (atom [])]
           (doseq [x (range 4) :when (pos? x) :let [y (- x)] z [:u :v] :while (= z :u)]
             (swap! acc conj [x y z]))
           @acc)",
        "(let [acc (atom 0)] [(dotimes [i 5] (swap! acc + i)) @acc])",
        "(let [acc (atom [])] (dotimes [_ 2] (doseq [[k v] {:a 1}] (swap! acc conj k v))) @acc)",
        // What the interpreter reports.
        "(for [x] x)",
        "(for [:when true x [1]] x)",
        "(for [x [1] :until true] x)",
        "(doseq [x [1] :let [y]] x)",
        "(dotimes [i :a] i)",
        "(for [x (range 3)] (/ 1 (- x 1)))",
    ];
    for case in cases {
        let src = format!("(defn f [] {case}) (f)");
        let out = same(&src);
        assert!(!out.contains("internal error"), "{case}: {out}");
    }
    assert_eq!(
        same("(defn f [] (for [x (range 4) :when (even? x) y [x]] (* 10 y))) (f)"),
        "(0 20)"
    );
}

#[test]
fn a_goal_applied_in_many_branches_builds_its_body_as_core_logic_would_show() {
    // A body with an effect is built at each application, as core.logic builds it.
    let src = "(def n (atom 0))
               (defn noisy [x] (swap! n inc) (== x x))
               (defn f [] (doall (run* [q] (membero q [1 2 3]) (all (noisy q)) (conde [(noisy q)]))) @n)
               (f)";
    assert_eq!(same(src), "6");
    // A pure body kept from one application sees a definition made since.
    let src = "(def c 1)
               (defn f []
                 (run* [q]
                   (fresh [x r]
                     (membero x [1 2 3])
                     (project [x] (do (when (= x 2) (def c 2)) succeed))
                     (all (== r c))
                     (conde [(!= r 5) (== q [x r])]))))
               (f)";
    assert_eq!(same(src), "([1 1] [2 2] [3 2])");
}

/// A clause body that builds its goals from terms, locals and callees alone is built as the
/// clause matches (`plan::built_now`); one that runs Clojure code, reads a global's value or
/// meets an error is built in its turn, as the interpreter builds it: what it prints comes in
/// the interpreter's order, it reads a value defined since the clause matched (core.logic
/// gives `[:o 2]` too), and its error is the interpreter's.
#[test]
fn a_clause_body_built_as_its_clause_matches_changes_nothing_a_program_sees() {
    // The order of effects in bodies across interleaved branches: the order compiled code
    // gives with every body built in its turn. (The interpreter prints "abaabcc", core.logic,
    // which also builds the body of a clause that does not match, "aabababccc".)
    let src = "(defn noisy [x] (print (name x)) succeed)
               (defne walko [tag l] ([_ ()]) ([_ [h . t]] (noisy tag) (walko tag t)))
               (defne quieto [l o] ([() _]) ([[h . t] _] (!= h o) (quieto t o)))
               (with-out-str
                 (doall (run* [q] (conde [(walko :a [1 2 3])] [(walko :b [4 5]) (quieto [6 7] 0)]
                                         [(quieto [8 9] 1) (walko :c [10 11])]))))";
    assert_eq!(outcome(src, true), "\"aababcc\"");
    // A global read by a body, defined again by a goal of another branch that runs between
    // the clause's match and its body's turn.
    let src = "(def bound 1)
               (defne counto [l o] ([() _]) ([[h . t] _] (== o bound) (counto t o)))
               (defn f []
                 (run* [q]
                   (conde [(fresh [o] (counto [1 2 3] o) (== q [:o o]))]
                          [(project [q] (do (def bound 2) succeed)) (== q :def)])))
               (let [answers (doall (f))] [answers bound])";
    assert_eq!(same(src), "[(:def [:o 2]) 2]");
    // An error met while building a body is raised in the body's turn.
    let src = "(defne bado [x o] ([_ _] (!= o x) (== o (quot x 0))))
               (run 1 [q] (conde [(== q 1)] [(bado 1 q)]))";
    assert_eq!(same(src), "(1)");
    let src = "(defne bado [x o] ([_ _] (!= o x) (== o (quot x 0))))
               (run* [q] (conde [(== q 1)] [(bado 1 q)]))";
    assert!(same(src).starts_with("error:"), "{}", same(src));
}

#[test]
fn loops_and_destructuring_in_a_body_are_compiled_with_it() {
    // A macro in a compiled body is expanded once; left to the interpreter, at each round.
    let src = "(def n (atom 0))
               (defmacro counted [x] (swap! n inc) x)
               (defn f [[a b] {:keys [c]}]
                 (loop [[i & more] (range 3) acc []]
                   (if i (recur more (conj acc (counted [i a b c]))) acc)))
               [(f [1 2] {:c 3}) (f [4 5] {}) @n]";
    let want = "[[[0 1 2 3] [1 1 2 3] [2 1 2 3]] [[0 4 5 nil] [1 4 5 nil] [2 4 5 nil]] ";
    assert_eq!(outcome(src, true), format!("{want}1]"));
    assert_eq!(outcome(src, false), format!("{want}6]"));
}

#[test]
fn functions_a_top_level_let_makes_are_compiled_with_it() {
    let cases = [
        ("(let [a 10] (defn f [x] (+ x a))) [(f 1) (:arglists (meta #'f))]", "[11 ([x])]"),
        (
            "(let [a 2] (defn- g \"doc\" {:k 1} [x] (* a x)))
             [(g 3) (:doc (meta #'g)) (:k (meta #'g)) (:private (meta #'g))]",
            "[6 \"doc\" 1 true]",
        ),
        ("(let [q 3] (def h (fn [] (* q q)))) (h)", "9"),
        ("(def k (let [n 5] #(+ % n))) (k 1)", "6"),
        ("(let [x 1] (def ^:dynamic *d* \"doc\" 7)) [*d* (:doc (meta #'*d*))]", "[7 \"doc\"]"),
        ("(let [m 2] (defmacro twice [x] (list '* m x))) (twice 4)", "8"),
        ("(let [a 1] (let [b 2] (defn f [] [a b (fn [] (+ a b))]))) (let [[a b g] (f)] [a b (g)])", "[1 2 3]"),
        ("(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc (fn [] i))) (map #(%) acc)))", "(0 1 2)"),
        ("(let [a 1] (defn f [n] (loop [i 0 s 0] (if (< i n) (recur (inc i) (+ s a)) s)))) (f 5)", "5"),
        ("(let [a 1] (defn f ([] (f a)) ([x] (inc x)))) (f)", "2"),
        ("(let [a 1] (defn f [{:keys [b]}] (+ a b))) (f {:b 2})", "3"),
        // What the interpreter reports.
        ("(let [a 1] (defn bad [] (undefined-thing a))) (bad)", ""),
        ("(let [a 1] (defn 5 [] a))", ""),
        ("(let [a 1] (defn f))", ""),
        ("(let [a 1] (def))", ""),
        ("(let [a 1] (defn f [[x] y z] a)) (f [1] 2)", ""),
    ];
    for (case, want) in cases {
        let out = same(case);
        assert!(!out.contains("internal error"), "{case}: {out}");
        if want.is_empty() {
            assert!(out.starts_with("error: "), "{case}: {out}");
        } else {
            assert_eq!(out, want, "{case}");
        }
    }
    // Compiled: a macro in the function's body is expanded once, not at each call.
    let src = "(def n (atom 0))
               (defmacro counted [x] (swap! n inc) x)
               (let [a 1] (defn f [] (counted a)))
               (f) (f) (f)
               @n";
    assert_eq!(outcome(src, true), "1");
    assert_eq!(outcome(src, false), "3");
}

#[test]
fn an_error_in_a_compiled_body_names_the_inner_form() {
    for heap_depth in [kanren_clj::eval::HEAP_DEPTH, 0] {
        let e = std::thread::spawn(move || {
            kanren_clj::init();
            kanren_clj::eval::set_heap_depth(heap_depth);
            kanren_clj::load("(defn f [x]\n  (do\n    (+ x :a)))\n(f 1)", Some("f.clj"))
                .unwrap_err()
        })
        .join()
        .expect("no panic");
        let pos = e.pos.expect("a position");
        assert_eq!((pos.line, pos.col), (3, 5), "{e}");
    }
}

#[test]
fn deep_recursion_on_the_heap_stack_reaches_the_depth_limit_and_no_further() {
    // Three levels a call (the `if`, the `inc`, the call): 10 000 calls fit in 50 000 levels,
    // 20 000 do not, and the error is the native stack's.
    let down = "(defn down [n] (if (zero? n) 0 (inc (down (dec n)))))";
    let deep = format!("{down} (down 10000)");
    assert_eq!(outcome_at(&deep, true, 0), "10000");
    assert_eq!(outcome_at(&deep, true, 50), "10000");
    let too_deep = format!("{down} (down 20000)");
    let e = outcome_at(&too_deep, true, 0);
    assert_eq!(e, outcome(&too_deep, true));
    assert!(e.contains("stack overflow"), "{e}");
    // A recursion through a built-in (`map`) enters the heap stack again below it.
    let tree = "(defn depth [t] (if (seq? t) (inc (apply max 0 (map depth t))) 0))
                (depth (reduce (fn [t _] (list t)) () (range 300)))";
    assert_eq!(same(tree), "301");
    // `recur` with a rest parameter, `let`, `cond`, `and`/`or` and vectors, deep.
    let mixed = "(defn walk [n acc]
                   (cond (zero? n) acc
                         (and (odd? n) (or false true)) (let [m (dec n)] (walk m (conj acc [n])))
                         :else (first [(walk (dec n) acc)])))
                 (count (walk 3000 []))
                 (defn total [acc & xs] (if (seq xs) (recur (+ acc (first xs)) (rest xs)) acc))
                 [(total 0 1 2 3) (count (walk 2001 []))]";
    assert_eq!(same(mixed), "[6 1001]");
}

#[test]
fn the_fuzz_corpus_in_a_function_body_gives_the_same_outcome() {
    for line in include_str!("fuzz-corpus.clj").lines() {
        if line.starts_with(';') || kanren_clj::reader::read_all(line).is_err() {
            continue;
        }
        same(&format!("(defn fuzzed [] {line}\n) (fuzzed)"));
    }
}

#[test]
fn letfn_in_a_body_is_compiled_with_it() {
    all_same(&[
        // Mutual recursion, each function calling itself through its own frame and the
        // other through the group.
        (
            "(defn ev [n] (letfn [(e? [n] (if (zero? n) true (o? (dec n))))
                                  (o? [n] (if (zero? n) false (e? (dec n))))]
                            [(e? n) (o? n)]))
             [(ev 10) (ev 7)]",
            "[[true false] [false true]]",
        ),
        // A function that escapes the letfn still calls the others.
        (
            "(defn mk [] (letfn [(f [x] (if (zero? x) :done (g (dec x)))) (g [x] (f x))] f))
             ((mk) 5)",
            ":done",
        ),
        // A name read twice gives the same function, as in Clojure.
        (
            "(defn f [] (letfn [(g [] g)] (identical? (g) (g)))) (f)",
            "true",
        ),
        // Locals around the letfn, several arities, a rest parameter, destructuring.
        (
            "(defn f [k] (letfn [(a [x] (+ x k))
                                 (b ([] (b 1)) ([x & more] (apply + x k more)))
                                 (c [[x y] {:keys [z]}] (+ x y z k))]
                           [(a 1) (b) (b 1 2 3) (c [1 2] {:z 3})]))
             (f 10)",
            "[11 11 16 16]",
        ),
        // A letfn in a loop's body, `recur` past it; a name it shadows; a function made
        // inside one of its functions that calls another.
        (
            "(defn f [] (loop [i 0] (if (< i 3) (letfn [(g [] i)] (recur (inc (g)))) i))) (f)",
            "3",
        ),
        (
            "(defn f [] (let [g 1] [(letfn [(g [] 2)] (g)) g])) (f)",
            "[2 1]",
        ),
        (
            "(defn f [] (letfn [(g [x] (let [h2 (fn [y] (h y))] (h2 x))) (h [y] (* 2 y))] (g 21)))
             (f)",
            "42",
        ),
        // A function of the group in a matche pattern (left to the interpreter) and as a
        // goal.
        (
            "(defn f [] (letfn [(one [x] (== x 1)) (same [x] (matche [x] ([one] succeed)))]
                          [(run* [q] (one q)) (run* [q] (same one))]))
             (f)",
            "[(1) (_0)]",
        ),
        ("(defn f [] (letfn [] 1)) (f)", "1"),
    ]);
}

#[test]
fn the_functions_of_a_letfn_are_freed_with_their_last_use() {
    // The group's frame holds none of its functions, so a function and the group it calls
    // through hold no cycle of counts: once nothing holds the function, it is gone. Both
    // the compiled and the interpreted letfn.
    for src in [
        "(defn mk [] (letfn [(f [x] (if (zero? x) :done (g (dec x)))) (g [x] (f x))] f)) (mk)",
        "(letfn [(f [x] (if (zero? x) :done (g (dec x)))) (g [x] (f x))] f)",
    ] {
        let weak = std::thread::spawn(move || {
            kanren_clj::init();
            let f = kanren_clj::eval_str(src).expect("a letfn");
            let kanren_clj::Value::Fn(c) = f else {
                panic!("a function, got {f}")
            };
            assert_eq!(
                kanren_clj::print_value(
                    &kanren_clj::eval::apply(
                        &kanren_clj::Value::Fn(c.clone()),
                        vec![kanren_clj::Value::Int(3)]
                    )
                    .expect("a call")
                )
                .expect("printed"),
                ":done"
            );
            std::sync::Arc::downgrade(&c)
        })
        .join()
        .expect("no panic");
        assert!(
            weak.upgrade().is_none(),
            "{src}: the function is still held"
        );
    }
}

#[test]
fn binding_tests_in_a_body_are_compiled_with_it() {
    all_same(&[
        (
            "(defn f [x] [(if-let [y x] [:y y] :no) (if-some [y x] [:y y] :no)
                          (when-let [y x] :a [:y y]) (when-some [y x] [:y y])
                          (if-let [y x] y)])
             [(f 1) (f false) (f nil)]",
            "[[[:y 1] [:y 1] [:y 1] [:y 1] 1] [:no [:y false] nil [:y false] nil] [:no :no nil nil nil]]",
        ),
        // Destructuring, a name the test shadows, the binding seen only by the branch taken.
        (
            "(defn f [x] (let [y :outer] [(if-let [[a & more] (seq x)] [a more y] y)
                                          (if-let [y (first x)] y y)]))
             [(f [1 2 3]) (f [])]",
            "[[[1 (2 3) :outer] 1] [:outer :outer]]",
        ),
        (
            "(defn f [xs] [(when-first [x xs] [:first x]) (when-first [[a b] xs] (+ a b))])
             [(f [[1 2]]) (f [])]",
            "[[[:first [1 2]] 3] [nil nil]]",
        ),
        // In a loop, `recur` from a branch; the test runs once.
        (
            "(defn f [xs] (loop [xs xs acc 0] (if-let [[x & r] (seq xs)] (recur r (+ acc x)) acc)))
             (f (range 5))",
            "10",
        ),
        (
            "(defn f [] (let [n (atom 0)] (if-let [x (swap! n inc)] [x @n] :no))) (f)",
            "[1 1]",
        ),
    ]);
}

#[test]
fn case_and_map_and_set_literals_in_a_body_are_compiled_with_it() {
    all_same(&[
        (
            "(defn f [x] (case x 1 :one (2 3) :two-or-three \"s\" :string :k :keyword
                                 [1 2] :vector nil :nil sym :symbol (() (1)) :lists :other))
             (map f [1 2 3 \"s\" :k [1 2] nil 'sym () '(1) 9])",
            "(:one :two-or-three :two-or-three :string :keyword :vector :nil :symbol :lists :lists :other)",
        ),
        ("(defn f [x] (case x 1 :one)) [(f 1) (f 2)]", "error: no matching clause: 2"),
        ("(defn f [x] (case x :only)) (f 5)", ":only"),
        ("(defn f [x] (case x)) (f 5)", "error: no matching clause: 5"),
        (
            "(defn f [a b] [{:a a :b [b]} #{a b} {a b} {:k {:n a}} #{1 2}]) (f 1 2)",
            "[{:a 1, :b [2]} #{1 2} {1 2} {:k {:n 1}} #{1 2}]",
        ),
        (
            "(defn f [n] (let [log (atom [])] {:a (swap! log conj 1) :b (swap! log conj 2)} @log)) (f 0)",
            "[1 2]",
        ),
    ]);
    // A literal of constants is made once, as Clojure's is (the interpreter makes it anew).
    assert_eq!(
        outcome("(defn f [] {:a 1}) (identical? (f) (f))", true),
        "true"
    );
}

#[test]
fn threading_forms_that_bind_in_a_body_are_compiled_with_it() {
    all_same(&[
        (
            "(defn f [m] [(some-> m :a inc) (some->> m :b (map inc)) (some-> m :c inc)
                          (cond-> m (:a m) (assoc :x 1) false (assoc :y 2) true (dissoc :b))
                          (cond->> [1 2] (:a m) (map inc) true (into []) (:zz m))])
             [(f {:a 1 :b [1]}) (f {})]",
            "[[2 (2) nil {:a 1, :x 1} [2 3]] [nil nil nil {} [1 2]]]",
        ),
        (
            "(defn f [x] [(as-> x v (inc v) (* v 2)) (as-> x v) (as-> [x 2] [a b] (+ a b))
                          (as-> [x] [a] [a a] (+ a a))])
             (f 1)",
            "[4 1 3 2]",
        ),
        // Nested, and a step that uses a local of the same name as the interpreter's hidden one.
        (
            "(defn f [x] (let [y 10] (cond-> x true (some-> inc (+ y)) (odd? x) (as-> v (* v y)))))
             [(f 1) (f 2)]",
            "[120 13]",
        ),
        ("(defn f [x] (some-> x (get :missing) inc)) (f {})", "nil"),
        (
            "(defn f [x] (some-> x inc str)) (f \"s\")",
            "error: inc: expected a number, got string \"s\"",
        ),
        (
            "(defn f [x] (dec x)) (f :a)",
            "error: dec: expected a number, got keyword :a",
        ),
    ]);
}

#[test]
fn a_recur_of_a_function_called_from_outside_compiled_code_rebinds_its_frame_unless_kept() {
    all_same(&[
        // Called from the top level and from a built-in: the frame bound again in place.
        (
            "(defn f [n acc] (if (zero? n) acc (recur (dec n) (+ acc n))))
             [(f 100 0) (map #(f % 0) [1 2 3]) (apply f [4 0])]",
            "[5050 (1 3 6) 10]",
        ),
        // A function made in the body keeps the frame: each round binds a new one.
        (
            "(defn f [n acc] (if (zero? n) (map #(%) acc) (recur (dec n) (conj acc (fn [] n)))))
             (f 3 [])",
            "(3 2 1)",
        ),
        (
            "(defn f [n] (if (zero? n) :done (recur))) (f 2)",
            "error: mismatched arg count to recur, expected: 1 args, got: 0",
        ),
        ("(defn f [] (if (pos? 0) (recur) :bare)) (f)", ":bare"),
    ]);
}
