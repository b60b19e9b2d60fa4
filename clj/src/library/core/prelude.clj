;; The part of clojure.core written in Clojure, evaluated the first time one of its names is
;; called (`library::core::prelude` finds the names by the lines that start with `(in-ns`,
;; `(defn`, `(defn-` and `(defmacro`). Functions here are ordinary closures; the ones a
;; program calls in its inner loops are built in (Rust) instead.

(in-ns 'clojure.core)

;; --- Reducing and transducing -------------------------------------------------------------

(defn completing
  ([f] (completing f identity))
  ([f cf] (fn ([] (f)) ([x] (cf x)) ([x y] (f x y)))))

(defn transduce
  ([xform f coll] (transduce xform f (f) coll))
  ([xform f init coll]
   (let [rf (xform f)]
     (rf (unreduced (reduce rf init coll))))))

(defn cat [rf]
  (let [keep-reduced (fn [acc x]
                       (let [ret (rf acc x)]
                         (if (reduced? ret) (reduced ret) ret)))]
    (fn
      ([] (rf))
      ([acc] (rf acc))
      ([acc input] (reduce keep-reduced acc input)))))

(defn halt-when
  ([pred] (halt-when pred nil))
  ([pred retf]
   (fn [rf]
     (fn
       ([] (rf))
       ([acc] (if (and (map? acc) (contains? acc ::halt))
                (::halt acc)
                (rf acc)))
       ([acc x] (if (pred x)
                  (reduced {::halt (if retf (retf (rf acc) x) x)})
                  (rf acc x)))))))

(defn sequence
  ([coll] (if (seq? coll) coll (or (seq coll) ())))
  ([xform coll] (kanren.impl/xf-seq xform (fn [rf x] (rf nil x)) coll))
  ([xform coll & colls]
   (kanren.impl/xf-seq xform (fn [rf xs] (apply rf nil xs)) (apply map vector coll colls))))

(defn eduction [& xforms-and-coll]
  (let [coll (last xforms-and-coll)
        xforms (butlast xforms-and-coll)]
    (sequence (apply comp xforms) coll)))

(defn reduce-kv [f init m]
  (reduce (fn [acc [k v]] (f acc k v))
          init
          (if (vector? m) (map-indexed vector m) m)))

;; --- Functions of functions ---------------------------------------------------------------
;; Their functions are made by compiled code, so they run compiled.

(defn constantly [x] (fn [& _] x))

(defn complement [f] (fn [& xs] (not (apply f xs))))

(defn partial [f & args] (fn [& xs] (apply f (concat args xs))))

(defn comp
  ([] (fn [x] x))
  ([& fs]
   (let [fs (reverse fs)]
     (fn [& xs] (reduce (fn [acc f] (f acc)) (apply (first fs) xs) (rest fs))))))

(defn juxt [& fs] (fn [& xs] (mapv (fn [f] (apply f xs)) fs)))

(defn every-pred [& ps] (fn [& xs] (every? (fn [f] (every? f xs)) ps)))

(defn fnil [f x] (fn [y & ys] (apply f (if (nil? y) x y) ys)))

(defn trampoline
  ([f] (let [ret (f)] (if (fn? ret) (recur ret) ret)))
  ([f & args] (trampoline (fn [] (apply f args)))))

(defn memoize [f]
  (let [mem (atom {})]
    (fn [& args]
      (let [e (find @mem args)]
        (if e
          (val e)
          (let [ret (apply f args)]
            (swap! mem assoc args ret)
            ret))))))

(defn some-fn [& ps]
  (fn [& args]
    (loop [checks (for [p ps x args] [p x])
           last nil]
      (if-let [[[p x] & more] (seq checks)]
        (let [r (p x)] (if r r (recur more r)))
        (when (<= (count args) 3) last)))))

(defn merge-with [f & maps]
  (when (some identity maps)
    (reduce (fn [m e]
              (reduce (fn [m [k v]]
                        (if (contains? m k) (assoc m k (f (get m k) v)) (assoc m k v)))
                      (or m {})
                      e))
            maps)))

;; --- Sequences ----------------------------------------------------------------------------

(defn nfirst [x] (next (first x)))

(defn replicate [n x] (repeat n x))

(defn distinct? [& xs]
  (= (count xs) (count (set xs))))

(defn bounded-count [n coll]
  (if (counted? coll)
    (count coll)
    (loop [i 0 s (seq coll)]
      (if (and s (< i n)) (recur (inc i) (next s)) i))))

(defn iteration [step & {:keys [somef vf kf initk]
                         :or {vf identity kf identity somef some? initk nil}}]
  ((fn next-step [k]
     (lazy-seq
      (let [ret (step k)]
        (when (somef ret)
          (cons (vf ret)
                (when-some [k (kf ret)] (next-step k)))))))
   initk))

;; --- Maps ---------------------------------------------------------------------------------

(defn update-keys [m f]
  (with-meta (into {} (map (fn [[k v]] [(f k) v]) m)) (meta m)))

(defn update-vals [m f]
  (with-meta (into {} (map (fn [[k v]] [k (f v)]) m)) (meta m)))

(defn seq-to-map-for-destructuring [s]
  (if (next s) (apply hash-map s) (if (seq s) (first s) {})))

;; --- Transients: persistent collections under the transient names ---------------------------
;; kanren's collections are persistent only; the transient functions return new
;; collections, which is all a program may rely on.

(defn transient [coll] coll)
(defn persistent! [coll] coll)
(defn conj! ([] []) ([coll] coll) ([coll x] (conj coll x)) ([coll x & xs] (apply conj coll x xs)))
(defn assoc! [coll k v & kvs] (apply assoc coll k v kvs))
(defn dissoc! [coll k & ks] (apply dissoc coll k ks))
(defn disj! [coll x & xs] (apply disj coll x xs))
(defn pop! [coll] (pop coll))

;; --- Atoms --------------------------------------------------------------------------------

(defn compare-and-set! [a old new]
  (if (identical? @a old) (do (reset! a new) true) false))

(defn swap-vals! [a f & args]
  (let [old @a] [old (apply swap! a f args)]))

(defn reset-vals! [a new]
  (let [old @a] (reset! a new) [old new]))

;; --- Concurrency without threads ------------------------------------------------------------

(defmacro delay [& body]
  (list 'kanren.impl/make-delay (apply list 'fn [] body)))

(defmacro future [& body]
  (list 'clojure.core/future-call (apply list 'fn [] body)))

(defn pmap
  ([f coll] (map f coll))
  ([f coll & colls] (apply map f coll colls)))

(defn pcalls [& fns] (map (fn [f] (f)) fns))

(defmacro pvalues [& exprs]
  (apply list 'clojure.core/pcalls (map (fn [e] (list 'fn [] e)) exprs)))

;; --- Output -------------------------------------------------------------------------------

(defn printf [fmt & args] (print (apply format fmt args)))

;; --- Predicates ---------------------------------------------------------------------------

(defn any? [_] true)
(defn associative? [x] (or (map? x) (vector? x)))
(defn counted? [x] (or (vector? x) (map? x) (set? x) (list? x)))
(defn reversible? [x] (or (vector? x) (sorted? x)))
(defn indexed? [x] (vector? x))
(defn ident? [x] (or (keyword? x) (symbol? x)))
(defn qualified-ident? [x] (boolean (and (ident? x) (namespace x))))
(defn qualified-keyword? [x] (boolean (and (keyword? x) (namespace x))))
(defn qualified-symbol? [x] (boolean (and (symbol? x) (namespace x))))
(defn simple-ident? [x] (and (ident? x) (nil? (namespace x))))
(defn simple-keyword? [x] (and (keyword? x) (nil? (namespace x))))
(defn simple-symbol? [x] (and (symbol? x) (nil? (namespace x))))
(defn nat-int? [x] (and (int? x) (not (neg? x))))
(defn neg-int? [x] (and (int? x) (neg? x)))
(defn pos-int? [x] (and (int? x) (pos? x)))
(defn double? [x] (float? x))
(defn decimal? [_] false)

;; --- Names and the rest --------------------------------------------------------------------

(defn clojure-version [] "1.11.1")

(defmacro definline [name & decl] (apply list 'clojure.core/defn name decl))

(defn requiring-resolve [sym] (resolve sym))

(defn find-keyword
  ([name] (keyword name))
  ([ns name] (keyword ns name)))

(defn vector-of [t & xs]
  (if (#{:int :long :float :double :byte :short :char :boolean} t)
    (vec xs)
    (throw (ex-info (str "vector-of: unknown type " t) {}))))

;; --- Redefining vars for a while --------------------------------------------------------

(defn with-redefs-fn [binding-map func]
  (let [old (into {} (map (fn [[v _]] [v (var-get v)]) binding-map))]
    (doseq [[v x] binding-map] (var-set v x))
    (try (func) (finally (doseq [[v x] old] (var-set v x))))))

(defmacro with-redefs [bindings & body]
  (list 'clojure.core/with-redefs-fn
        (zipmap (map (fn [s] (list 'var s)) (take-nth 2 bindings))
                (take-nth 2 (rest bindings)))
        (list* 'fn [] body)))

;; --- Thread bindings and local vars (over `library::core::vars`) ------------------------

(defmacro with-bindings [binding-map & body]
  (list 'clojure.core/with-bindings* binding-map (list* 'fn [] body)))

(defmacro bound-fn [& fntail]
  (list 'clojure.core/bound-fn* (list* 'fn fntail)))

(defmacro with-local-vars [name-vals-vec & body]
  (when-not (vector? name-vals-vec)
    (throw (IllegalArgumentException. "with-local-vars requires a vector for its binding")))
  (when-not (even? (count name-vals-vec))
    (throw (IllegalArgumentException.
            "with-local-vars requires an even number of forms in binding vector")))
  (let [names (take-nth 2 name-vals-vec)
        inits (take-nth 2 (rest name-vals-vec))]
    (list* 'clojure.core/let
           (vec (mapcat (fn [n] [n (list 'kanren.impl/local-var)]) names))
           (concat (map (fn [n i] (list 'clojure.core/var-set n i)) names inits)
                   [(list* 'do body)]))))

;; --- The transducer arities of the sequence functions (clojure.core's `map` with one
;; argument calls `kanren.impl/map`, and so on: `library::core::xform`) -------------------------

(in-ns 'kanren.impl)

;; `sequence` with a transducer: a lazy seq that pushes input items through the transducer
;; (`step` feeds one: `(rf nil x)`, or `(apply rf nil xs)` for several collections) until
;; it has output to give.
(defn xf-seq [xform step coll]
  (let [buf (volatile! [])
        rf (xform (fn ([acc] acc) ([acc x] (vswap! buf conj x) acc)))
        drain (fn [] (let [b @buf] (vreset! buf []) b))
        more (fn more [s]
               (lazy-seq
                (loop [s s]
                  (if-let [xs (seq s)]
                    (let [r (step rf (first xs))]
                      (cond
                        (reduced? r) (do (rf nil) (seq (drain)))
                        (seq @buf) (concat (drain) (more (rest xs)))
                        :else (recur (rest xs))))
                    (do (rf nil) (seq (drain)))))))]
    (more coll)))

(defn into-xf [to xform from] (transduce xform conj to from))

(defn map [f]
  (fn [rf]
    (fn
      ([] (rf))
      ([acc] (rf acc))
      ([acc x] (rf acc (f x)))
      ([acc x & xs] (rf acc (apply f x xs))))))

(defn filter [pred]
  (fn [rf]
    (fn ([] (rf)) ([acc] (rf acc)) ([acc x] (if (pred x) (rf acc x) acc)))))

(defn remove [pred] (filter (complement pred)))

(defn keep [f]
  (fn [rf]
    (fn ([] (rf)) ([acc] (rf acc))
      ([acc x] (let [v (f x)] (if (nil? v) acc (rf acc v)))))))

(defn keep-indexed [f]
  (fn [rf]
    (let [i (volatile! -1)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x] (let [v (f (vswap! i inc) x)] (if (nil? v) acc (rf acc v))))))))

(defn map-indexed [f]
  (fn [rf]
    (let [i (volatile! -1)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x] (rf acc (f (vswap! i inc) x)))))))

(defn take [n]
  (fn [rf]
    (let [left (volatile! n)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x]
         (let [n @left
               m (vswap! left dec)
               acc (if (pos? n) (rf acc x) acc)]
           (if (pos? m) acc (ensure-reduced acc))))))))

(defn take-while [pred]
  (fn [rf]
    (fn ([] (rf)) ([acc] (rf acc))
      ([acc x] (if (pred x) (rf acc x) (reduced acc))))))

(defn drop [n]
  (fn [rf]
    (let [left (volatile! n)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x] (let [n @left] (vswap! left dec) (if (pos? n) acc (rf acc x))))))))

(defn drop-while [pred]
  (fn [rf]
    (let [dropping (volatile! true)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x]
         (if (and @dropping (pred x))
           acc
           (do (vreset! dropping false) (rf acc x))))))))

(defn take-nth [n]
  (fn [rf]
    (let [i (volatile! -1)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x] (if (zero? (rem (vswap! i inc) n)) (rf acc x) acc))))))

(defn distinct []
  (fn [rf]
    (let [seen (volatile! #{})]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x] (if (contains? @seen x)
                   acc
                   (do (vswap! seen conj x) (rf acc x))))))))

(defn dedupe []
  (fn [rf]
    (let [none (atom nil)
          prior (volatile! none)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x] (let [p @prior]
                   (vreset! prior x)
                   (if (and (not (identical? p none)) (= p x)) acc (rf acc x))))))))

(defn- flush-into [rf acc buf]
  (if (empty? @buf)
    acc
    (let [v @buf] (vreset! buf []) (unreduced (rf acc v)))))

(defn partition-all [n]
  (fn [rf]
    (let [buf (volatile! [])]
      (fn ([] (rf))
        ([acc] (rf (flush-into rf acc buf)))
        ([acc x]
         (vswap! buf conj x)
         (if (= n (count @buf))
           (let [v @buf] (vreset! buf []) (rf acc v))
           acc))))))

(defn partition-by [f]
  (fn [rf]
    (let [buf (volatile! [])
          none (atom nil)
          prior (volatile! none)]
      (fn ([] (rf))
        ([acc] (rf (flush-into rf acc buf)))
        ([acc x]
         (let [p @prior
               k (f x)]
           (vreset! prior k)
           (if (or (identical? p none) (= k p))
             (do (vswap! buf conj x) acc)
             (let [v @buf]
               (vreset! buf [])
               (let [ret (rf acc v)]
                 (when-not (reduced? ret) (vswap! buf conj x))
                 ret)))))))))

(defn mapcat [f] (comp (map f) cat))

(defn interpose [sep]
  (fn [rf]
    (let [started (volatile! false)]
      (fn ([] (rf)) ([acc] (rf acc))
        ([acc x]
         (if @started
           (let [acc (rf acc sep)] (if (reduced? acc) acc (rf acc x)))
           (do (vreset! started true) (rf acc x))))))))

(defn random-sample [prob] (filter (fn [_] (< (rand) prob))))

(defn replace [smap]
  (map (fn [x] (if-let [e (find smap x)] (val e) x))))

;; The sequence arities of names clojure.core has no built-in for.

(defn take-nth-seq [n coll]
  (lazy-seq
   (when-let [s (seq coll)]
     (cons (first s) (take-nth-seq n (clojure.core/drop n s))))))

(defn dedupe-seq [coll] (sequence (dedupe) coll))

(defn random-sample-seq [prob coll] (clojure.core/filter (fn [_] (< (rand) prob)) coll))

(defn replace-seq [smap coll]
  (let [f (fn [x] (if-let [e (find smap x)] (val e) x))]
    (if (vector? coll) (mapv f coll) (clojure.core/map f coll))))

;; partition-by over a seq, kept apart from the transducer above.
(defn partition-by-seq [f coll]
  (lazy-seq
   (when-let [s (seq coll)]
     (let [fst (first s)
           k (f fst)
           run (cons fst (clojure.core/take-while (fn [x] (= k (f x))) (next s)))]
       (cons run (partition-by-seq f (clojure.core/drop (count run) s)))))))

