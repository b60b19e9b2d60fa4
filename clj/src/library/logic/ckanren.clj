;; core.logic's constraint layer (cKanren) as values: the constraint store value, the
;; functions that post and run constraint values, and the constructors of core.logic's own
;; constraints. Loaded with protocols.clj when a name of it is first looked up
;; (library::logic::subst). Constraint values run on the engine's store through the natives of
;; library::logic::ckanren: a posted value is woken there when its variables change.
(in-ns 'clojure.core.logic)
(alias 'p 'clojure.core.logic.protocols)

;; -----------------------------------------------------------------------------
;; The constraint store as a value: core.logic's ConstraintStore. `(:cs s)` of a substitution
;; is one, built from the engine's store; make-cs, addc, remc, ... work on it as data.

(declare add-var)

(defn var-rands
  "The logic variables among c's operands, each its root in a."
  [a c]
  (->> (p/-rands c)
       (map #(p/root-var a %))
       (filter lvar?)
       (into [])))

(defn unbound-rands
  "The variables among c's operands that are unbound in a."
  [a c]
  (->> (var-rands a c)
       (filter #(lvar? (p/root-val a %)))))

(deftype ConstraintStore [km cm cid running]
  clojure.lang.ILookup
  (valAt [this k]
    (case k :km km :cm cm :cid cid :running running nil))
  (valAt [this k not-found]
    (case k :km km :cm cm :cid cid :running running not-found))

  clojure.lang.Counted
  (count [this] (count cm))

  p/IConstraintStore
  (addc [this a c]
    (when (or (not (satisfies? p/IVerifyConstraint c))
              (p/-verify c a this))
      (let [c  (p/with-id c cid)
            cs (reduce (fn [cs v] (add-var cs v c)) this (var-rands a c))]
        (ConstraintStore. (:km cs) (:cm cs) (inc cid) running))))
  (updatec [this a c]
    (let [oc  (cm (p/id c))
          nkm (if (satisfies? p/IEntailedVar c)
                (reduce (fn [km x] (if (p/-entailed-var? c x) (dissoc km x) km))
                        km (var-rands a oc))
                km)]
      (ConstraintStore. nkm (assoc cm (p/id c) c) cid running)))
  (remc [this a c]
    (let [ocid (p/id c)
          nkm  (reduce (fn [km v]
                         (let [vcs (disj (get km v) ocid)]
                           (if (empty? vcs) (dissoc km v) (assoc km v vcs))))
                       km (var-rands a c))]
      (ConstraintStore. nkm (dissoc cm ocid) cid running)))
  (runc [this c state]
    (ConstraintStore. km cm cid (if state (conj running (p/id c)) (disj running (p/id c)))))
  (constraints-for [this a x ws]
    (when-let [ids (get km (p/root-var a x))]
      (filter #((p/-watched-stores %) ws) (map cm (remove running ids)))))
  (migrate [this x root a]
    (ConstraintStore. (assoc (dissoc km x) root (into (km root #{}) (km x))) cm cid running)))

(defn add-var
  "cs with c under its current id, watched by the logic variable x."
  [cs x c]
  (when-not (lvar? x)
    (throw (Exception. (str "constraint store assoc expected logic var key: " x))))
  (let [cid (:cid cs)]
    (ConstraintStore. (update (:km cs) x (fnil conj #{}) cid)
                      (assoc (:cm cs) cid c)
                      cid
                      (:running cs))))

(defn make-cs
  "An empty constraint store."
  []
  (ConstraintStore. {} {} 0 #{}))

;; One of the engine's own constraints seen as a core.logic constraint: its operator, its
;; variables and the form it prints as.
(deftype EngineConstraint [id rator rands form]
  p/IConstraintOp
  (-rator [_] rator)
  (-rands [_] rands)
  p/IConstraintId
  (-id [_] id)
  p/IWithConstraintId
  (-with-id [_ id] (EngineConstraint. id rator rands form))
  p/IConstraintWatchedStores
  (-watched-stores [_] #{:clojure.core.logic/subst :clojure.core.logic/fd})
  p/IReifiableConstraint
  (-reifyc [_ v r a] (walk* r form))
  Object
  (toString [_] (pr-str form)))

;; The engine's disequality: a tree constraint whose prefix is the map of its pairs.
(deftype Disequality [id rands form]
  p/ITreeConstraint
  p/IConstraintOp
  (-rator [_] `!=)
  (-rands [_] rands)
  p/IConstraintId
  (-id [_] id)
  p/IWithConstraintId
  (-with-id [_ id] (Disequality. id rands form))
  p/IPrefix
  (-prefix [_] (into {} (map vec (rest form))))
  p/IConstraintWatchedStores
  (-watched-stores [_] #{:clojure.core.logic/subst})
  p/IReifiableConstraint
  (-reifyc [_ v r a] (walk* r form))
  Object
  (toString [_] (pr-str form)))

(defn- constraint-store
  "The constraint store of a, as core.logic's value."
  [a]
  (reduce (fn [cs [id c vars form]]
            (let [c  (cond
                       c (p/with-id c id)
                       (and (seq? form) (= '!= (first form))) (Disequality. id vars form)
                       :else (EngineConstraint. id (when (seq? form) (first form)) vars form))
                  vs (var-rands a c)]
              (ConstraintStore. (reduce (fn [km v] (update km v (fnil conj #{}) id)) (:km cs) vs)
                                (assoc (:cm cs) id c)
                                (inc id)
                                #{})))
          (make-cs)
          (kanren.logic/store-entries a)))

;; -----------------------------------------------------------------------------
;; Substitution values of variables: core.logic's SubstValue (a variable's value with its
;; domains and entangled variables; its attributes are its metadata).

(defrecord SubstValue [v doms eset]
  Object
  (toString [_] (str v)))

(defn subst-val? [x]
  (instance? SubstValue x))

(defn subst-val
  ([x] (SubstValue. x nil nil))
  ([x doms] (SubstValue. x doms nil))
  ([x doms _meta] (with-meta (SubstValue. x doms nil) _meta))
  ([x doms eset _meta] (with-meta (SubstValue. x doms eset) _meta)))

(defn- -root-val
  "x's value in s, or for an unbound variable with domains, attributes or entanglement its
  SubstValue, as core.logic's root-val."
  [s x]
  (let [v (kanren.logic/root-val s x)]
    (if (lvar? v)
      (if-let [[doms eset attrs] (kanren.logic/slot-data s v)]
        (subst-val :clojure.core.logic/unbound (not-empty doms) eset attrs)
        v)
      v)))

(defn- -ext-subst-val
  "s with x given a SubstValue: bound to its value, or, when that is ::unbound, with its
  domains."
  [s x sv]
  (let [s (if (= (:v sv) :clojure.core.logic/unbound) s (kanren.logic/ext-no-check s x (:v sv)))]
    (reduce (fn [s [kind d]] (when s (add-dom s x kind d))) s (:doms sv))))

;; walk is the native itself: goals written as functions call it on every step.
(extend clojure.core.logic.Substitutions
  p/ISubstitutions
  {:ext-no-check (fn [s x v]
                   (if (subst-val? v) (-ext-subst-val s x v) (kanren.logic/ext-no-check s x v)))
   :walk kanren.logic/walk})

(extend-protocol p/ISubstitutionsCLP
  clojure.core.logic.Substitutions
  (root-var [s x] (kanren.logic/root-var s x))
  (root-val [s x] (-root-val s x))
  (ext-run-cs [s x v] (kanren.logic/ext-run-cs s x v))
  (update-var [s x v] (kanren.logic/ext-no-check s x v)))

;; -----------------------------------------------------------------------------
;; Posting and running constraint values

(defn- watches-fd? [c]
  (and (satisfies? p/IConstraintWatchedStores c)
       (contains? (p/-watched-stores c) :clojure.core.logic/fd)))

(defn addcg
  "A goal that adds the constraint c to the store; it runs whenever a variable among its
  operands is bound (or, if it watches :clojure.core.logic/fd, narrowed)."
  [c]
  (fn [a] (kanren.logic/addc a c (p/-rands c) (watches-fd? c))))

(defn remcg
  "A goal that removes the constraint c from the store (a constraint that holds for good
  calls it on itself)."
  [c]
  (fn [a] (kanren.logic/remc a c)))

(defn updatecg
  "A goal that adds c, the new form of a constraint, to the store."
  [c]
  (addcg c))

(defn runcg [c] (fn [a] a))
(defn stopcg [c] (fn [a] a))

(defn cgoal
  "The goal of the constraint c: it runs now if it can and stays in the store until it holds
  for good."
  [c]
  (reify
    clojure.lang.IFn
    (invoke [_ a] ((addcg c) a))
    p/IUnwrapConstraint
    (-unwrap [_] c)))

(defn- -run-constraint
  "c run in a, as the engine's store runs it: :entailed, :keep, or what running it gives (a
  substitution, or nil when it fails)."
  [c a]
  (let [c' (p/-step c a)]
    (cond
      (and (satisfies? p/IEntailed c') (p/-entailed? c')) :entailed
      (p/-runnable? c') (c' a)
      :else :keep)))

(defn- -reify-constraint
  "How c prints in an answer whose value is v, given r, the substitution that names its
  variables, and a."
  [c v r a]
  (when (satisfies? p/IReifiableConstraint c)
    (p/-reifyc c v r a)))

(defn run-constraint
  "A goal that runs the constraint c once."
  [c]
  (fn [a]
    (let [r (-run-constraint c a)]
      (if (keyword? r) (if (= r :entailed) ((remcg c) a) a) r))))

(defn run-constraints*
  "A goal that runs the constraints of the store cs on the variables xs that watch the store
  ws."
  [xs cs ws]
  (if (or (zero? (count cs)) (nil? (seq xs)))
    s#
    (fn [a]
      (reduce (fn [a c] (when a ((run-constraint c) a)))
              a
              (mapcat #(p/constraints-for cs a % ws) xs)))))

(defn ext-run-csg
  "A goal that binds u to v and runs the constraints on u."
  [u v]
  (fn [a] (p/ext-run-cs a u v)))

(defn verify-all-bound
  "Throws when a variable of constrained is unbound and has no finite domain in a."
  [a constrained]
  (doseq [x constrained]
    (when (and (lvar? x) (lvar? (p/walk a x)) (nil? (get-dom a x :clojure.core.logic/fd)))
      (throw (Exception. (str "Constrained variable " x " without domain"))))))

(defn reifyg
  "A goal whose answers are x's values, reified, after its finite domains are labeled."
  [x]
  (fn [a]
    (map #(kanren.logic/reify-answer % x) (p/take* ((kanren.logic/reifyg x) a)))))

(defn solutions
  "The values of q, reified, in the answers of the goal g run from the substitution s."
  ([s g] (solutions s (lvar) g))
  ([s q g]
   (map #(kanren.logic/reify-answer % q)
        (p/take* ((composeg g (kanren.logic/reifyg q)) s)))))

;; -----------------------------------------------------------------------------
;; -run: run with options

(defn- reify-by
  "x's value in a, its unbound variables named by f, a function of a variable and the
  substitution that names the variables before it."
  [a x f]
  (let [r (reduce (fn [r u] (f u r)) empty-s (kanren.logic/vars-in a x))]
    (walk* r (walk* a x))))

(defn- -run-query
  "The answers for x of the goal (g), as -run's options ask."
  [opts x g]
  (let [rv      (get opts :reify-vars true)
        forcing (if (false? rv) kanren.logic/named-fresh (fn [f] (f)))
        s       (kanren.logic/empty-s (get opts :occurs-check true))
        answer  (cond
                  (true? rv) #(kanren.logic/reify-answer % x)
                  (false? rv) #(reify-by % x (fn [u r]
                                               (p/ext-no-check r u (or (-reify empty-s u)
                                                                       (reify-lvar-name r)))))
                  :else #(reify-by % x rv))
        step    (fn step [xs]
                  (lazy-seq
                   (forcing (fn []
                              (when-let [xs (seq xs)]
                                (cons (answer (first xs)) (step (rest xs))))))))
        xs      (step (p/take* (fn [] ((composeg (g) (kanren.logic/reifyg x)) s))))]
    (if-let [n (:n opts)] (take n xs) xs)))

(defmacro -run
  "Runs the goals as run* does, with the options of the map opts: :n, at most that many
  answers; :occurs-check (true by default); :reify-vars, true (the variables print _0, _1,
  ...), false (each prints as its name) or a function of a variable and the substitution that
  names the variables, giving that substitution extended."
  [opts [x :as bindings] & goals]
  (if (> (count bindings) 1)
    (let [[rbindings as-key [as]] (partition-by #{:as} bindings)]
      (if (seq as-key)
        `(-run ~opts [~as] (fresh [~@rbindings] (== ~as [~@rbindings]) ~@goals))
        `(-run ~opts [q#] (fresh ~bindings (== q# ~bindings) ~@goals))))
    `(let [opts# ~opts
           ~x (lvar '~x)]
       (@#'clojure.core.logic/-run-query opts# ~x (fn [] (all ~@goals))))))

;; -----------------------------------------------------------------------------
;; core.logic's own constraints as values. Each posts the engine's constraint when it runs
;; and leaves the store to it.

(deftype CoreConstraint [id rator rands stores goal runnable? entailed?]
  p/IConstraintOp
  (-rator [_] rator)
  (-rands [_] rands)
  p/IConstraintId
  (-id [_] id)
  p/IWithConstraintId
  (-with-id [_ id] (CoreConstraint. id rator rands stores goal runnable? entailed?))
  p/IConstraintWatchedStores
  (-watched-stores [_] stores)
  p/IConstraintStep
  (-step [this s]
    (reify
      clojure.lang.IFn
      (invoke [_ a] ((composeg (remcg this) goal) a))
      p/IRunnable
      (-runnable? [_] (runnable? s))
      p/IEntailed
      (-entailed? [_] (entailed? s)))))

(defn- lhs [pr] (if (map-entry? pr) (key pr) (p/lfirst pr)))
(defn- rhs [pr] (if (map-entry? pr) (val pr) (p/lnext pr)))

(defn- prefix-vars
  "The variables of a pair of a prefix."
  [pr]
  (filter lvar? (cons (lhs pr) (let [r (rhs pr)] (if (coll? r) (flatten (seq r)) [r])))))

(deftype PrefixConstraint [id prefix]
  p/ITreeConstraint
  p/IConstraintOp
  (-rator [_] `!=)
  (-rands [_] (seq (distinct (mapcat prefix-vars prefix))))
  p/IConstraintId
  (-id [_] id)
  p/IWithConstraintId
  (-with-id [_ id] (PrefixConstraint. id prefix))
  p/IPrefix
  (-prefix [_] prefix)
  p/IWithPrefix
  (-with-prefix [_ prefix] (PrefixConstraint. id prefix))
  p/IConstraintWatchedStores
  (-watched-stores [_] #{:clojure.core.logic/subst})
  p/IReifiableConstraint
  (-reifyc [_ v r a]
    `(~'!= ~@(map (fn [pr] (list (walk* r (lhs pr)) (walk* r (rhs pr)))) prefix)))
  p/IConstraintStep
  (-step [this s]
    (let [us (map lhs prefix) vs (map rhs prefix)]
      (reify
        clojure.lang.IFn
        (invoke [_ a] ((composeg (remcg this) (!= us vs)) a))
        p/IRunnable
        (-runnable? [_] (some #(not (lvar? (p/walk s %))) (p/-rands this)))
        p/IEntailed
        (-entailed? [_] (empty? prefix))))))

(defn !=c
  "The disequality of the prefix p (pairs of a variable and a term, as a map or a seq of
  pairs) as a constraint value: not every pair of p holds."
  [p]
  (PrefixConstraint. nil p))

(in-ns 'clojure.core.logic.fd)
(alias 'p 'clojure.core.logic.protocols)
(alias 'l 'clojure.core.logic)

(defn get-dom
  "x's finite domain in a, or x when it is a value."
  [a x]
  (if (l/lvar? x) (l/get-dom a x :clojure.core.logic/fd) x))

(defn singleton-dom? [x] (integer? x))

(defn process-dom
  "A goal that gives x the domain dom (already narrowed from domp, its previous domain): a
  variable is narrowed, a value checked."
  [x dom domp]
  (fn [a]
    (when dom
      (cond
        (l/lvar? x) ((clojure.core.logic.fd/dom x dom) a)
        (-member? dom x) a
        :else nil))))

(defn map-sum
  "A function of a seq of values giving the disjunction of (f v) for each."
  [f]
  (fn loop [ls]
    (if (empty? ls)
      (fn [a] nil)
      (fn [a]
        (p/mplus ((f (first ls)) a)
                 (fn [] ((loop (rest ls)) a)))))))

(defn- known? [s x]
  (let [v (p/walk s x)]
    (or (not (l/lvar? v)) (some? (get-dom s v)))))

(defn- fdc
  "core.logic's FD constraint value for the engine's goal g on the operands rands: it runs
  once each operand is a value or has a domain, and holds for good when they are all values
  for which g holds."
  [rator rands g]
  (l/->CoreConstraint
   nil rator rands #{:clojure.core.logic/subst :clojure.core.logic/fd} g
   (fn [s] (every? #(known? s %) rands))
   (fn [s] (and (every? #(integer? (p/walk s %)) rands) (some? (g s))))))

(defn domc [x] (fdc `dom [x] l/s#))
(defn ==c [u v] (fdc `== [u v] (clojure.core.logic.fd/== u v)))
(defn !=c [u v] (fdc `!= [u v] (clojure.core.logic.fd/!= u v)))
(defn <=c [u v] (fdc `<= [u v] (clojure.core.logic.fd/<= u v)))
(defn +c [u v w] (fdc `+ [u v w] (clojure.core.logic.fd/+ u v w)))
(defn *c [u v w] (fdc `* [u v w] (clojure.core.logic.fd/* u v w)))
(defn distinctc [v*] (fdc `distinct [v*] (clojure.core.logic.fd/distinct v*)))
(defn -distinctc
  "x differs from each variable of y* and from each value of n*."
  ([x y* n*] (-distinctc x y* n* nil))
  ([x y* n* _]
   (fdc `-distinct (cons x (seq y*))
        (l/everyg #(clojure.core.logic.fd/!= x %) (concat y* n*)))))
