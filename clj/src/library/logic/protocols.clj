;; clojure.core.logic.protocols: the protocols through which core.logic is extended, with
;; their implementations for kanren's own values. Loaded when the namespace is first used
;; (library::logic::subst). The stream functions run on the engine through kanren.logic's
;; natives; a program's own types extend these protocols as in core.logic.
(in-ns 'clojure.core.logic.protocols)

;; Terms
(defprotocol IUninitialized (-uninitialized [coll]))
(defprotocol IUnifyTerms (unify-terms [u v s]))
(defprotocol IUnifyWithRecord (unify-with-record [u v s]))
(defprotocol LConsSeq (lfirst [this]) (lnext [this]))
(defprotocol LConsPrint (toShortString [this]))
(defprotocol IReifyTerm (reify-term [v s]))
(defprotocol IWalkTerm (walk-term [v f]))
(defprotocol IOccursCheckTerm (occurs-check-term [v x s]))
(defprotocol IBuildTerm (build-term [u s]))
(defprotocol IUnifyWithPMap (unify-with-pmap [pmap u s]))
(defprotocol IFeature (-feature [x]))
(defprotocol IForceAnswerTerm (-force-ans [v x]))

;; Substitutions and streams
(defprotocol ISubstitutions (ext-no-check [this x v]) (walk [this x]))
(defprotocol IBind (bind [this g]))
(defprotocol IMPlus (mplus [a f]))
(defprotocol ITake (take* [a]))
(defprotocol IIfA (ifa [b gs c]))
(defprotocol IIfU (ifu [b gs c]))
(defprotocol ISuspendedStream (ready? [this]))

;; Relations and tabling
(defprotocol IRel
  (setfn [this arity f])
  (indexes-for [this arity])
  (add-indexes [this arity index]))
(defprotocol ITabled
  (-reify-tabled [this v])
  (reify-tabled [this v])
  (reuse [this argv cache start end])
  (subunify [this arg ans]))
(defprotocol IAnswerCache (-add [this x]) (-cached? [this x]))

;; Constraints
(defprotocol ISubstitutionsCLP
  (root-val [this x])
  (root-var [this x])
  (ext-run-cs [this x v])
  (queue [this c])
  (update-var [this x v]))
(defprotocol IConstraintStore
  (addc [this a c])
  (updatec [this a c])
  (remc [this a c])
  (runc [this c state])
  (constraints-for [this a x ws])
  (migrate [this x root a]))
(defprotocol IConstraintStep (-step [c s]))
(defprotocol IRunnable (-runnable? [c]))
(defprotocol IEntailed (-entailed? [c]))
(defprotocol IEntailedVar (-entailed-var? [c x]))
(defprotocol IWithConstraintId (-with-id [c id]))
(defprotocol IConstraintId (-id [c]))
(defprotocol IConstraintWatchedStores (-watched-stores [c]))
(defprotocol IConstraintOp (-rator [c]) (-rands [c]))
(defprotocol IReifiableConstraint (-reifyc [c v r a]))
(defprotocol IVerifyConstraint (-verify [c a cs]))
(defprotocol IEnforceableConstraint)
(defprotocol IUnwrapConstraint (-unwrap [c]))
(defprotocol IMergeDomains (-merge-doms [a b]))
(defprotocol IMemberCount (-member-count [dom]))
(defprotocol IDisunifyTerms (-disunify-terms [u v s cs]))
(defprotocol ITreeConstraint)
(defprotocol IPrefix (-prefix [c]))
(defprotocol IWithPrefix (-with-prefix [c p]))
(defprotocol IConstrainTree (-constrain-tree [t fc s]))
(defprotocol IJonc (-joncf [this]))
(defprotocol INonStorable)

(defn id [c] (if (satisfies? IConstraintId c) (-id c) (::id (meta c))))
(defn with-id [c id] (if (satisfies? IWithConstraintId c) (-with-id c id) (vary-meta c assoc ::id id)))
(defn non-storable? [x] (satisfies? INonStorable x))
(defn reifiable? [x] (satisfies? IReifiableConstraint x))
(defn enforceable? [x] (satisfies? IEnforceableConstraint x))
(defn tree-constraint? [x] (satisfies? ITreeConstraint x))

;; kanren's substitutions and streams
;; Substitutions extend ISubstitutions and ISubstitutionsCLP in ckanren.clj, after
;; core.logic's SubstValue.

;; Sequences as lcons cells: the first element and what follows it, an improper tail as it is.
(extend-protocol LConsSeq
  clojure.lang.ISeq
  (lfirst [c] (first c))
  (lnext [c] (kanren.logic/tail c)))

(extend-protocol IBind
  nil
  (bind [_ _] nil)
  clojure.core.logic.Substitutions
  (bind [a g] (kanren.logic/bind a g))
  clojure.core.logic.Choice
  (bind [a g] (kanren.logic/bind a g))
  clojure.lang.Fn
  (bind [a g] (kanren.logic/bind a g)))

(extend-protocol IMPlus
  nil
  (mplus [_ f] (kanren.logic/mplus nil f))
  clojure.core.logic.Substitutions
  (mplus [a f] (kanren.logic/mplus a f))
  clojure.core.logic.Choice
  (mplus [a f] (kanren.logic/mplus a f))
  clojure.lang.Fn
  (mplus [a f] (kanren.logic/mplus a f)))

(extend-protocol ITake
  nil
  (take* [_] ())
  clojure.lang.ISeq
  (take* [a] a)
  clojure.core.logic.Substitutions
  (take* [a] a)
  clojure.core.logic.Choice
  (take* [a] (kanren.logic/take* a))
  clojure.lang.Fn
  (take* [a] (kanren.logic/take* a)))

;; kanren's finite-domain values (clojure.core.logic.fd): merging two is their intersection;
;; an integer is a domain of one value.
(extend-protocol IMergeDomains
  clojure.core.logic.fd.IntervalFD
  (-merge-doms [a b] (kanren.logic/-merge-doms a b))
  clojure.core.logic.fd.FiniteDomain
  (-merge-doms [a b] (kanren.logic/-merge-doms a b))
  clojure.core.logic.fd.MultiIntervalFD
  (-merge-doms [a b] (kanren.logic/-merge-doms a b)))

(extend-protocol IMemberCount
  java.lang.Long
  (-member-count [_] 1)
  clojure.core.logic.fd.IntervalFD
  (-member-count [d] (kanren.logic/-member-count d))
  clojure.core.logic.fd.FiniteDomain
  (-member-count [d] (kanren.logic/-member-count d))
  clojure.core.logic.fd.MultiIntervalFD
  (-member-count [d] (kanren.logic/-member-count d)))

;; The term protocols on kanren's own values (and on a program's types that leave a method
;; out), for the methods of a program's types to call on their parts: core.logic's
;; implementations (library::logic::custom).
(extend-protocol IUnifyTerms
  nil (unify-terms [u v s] (kanren.logic/unify-terms u v s))
  Object (unify-terms [u v s] (kanren.logic/unify-terms u v s)))

(extend-protocol IWalkTerm
  nil (walk-term [v f] (kanren.logic/walk-term v f))
  Object (walk-term [v f] (kanren.logic/walk-term v f)))

(extend-protocol IReifyTerm
  nil (reify-term [v s] (kanren.logic/reify-term v s))
  Object (reify-term [v s] (kanren.logic/reify-term v s)))

(extend-protocol IOccursCheckTerm
  nil (occurs-check-term [v x s] (kanren.logic/occurs-check-term v x s))
  Object (occurs-check-term [v x s] (kanren.logic/occurs-check-term v x s)))
