//! `clojure.set`: `union`, `intersection`, `difference`, `select`, `project`, `rename-keys`,
//! `rename`, `index`, `join` (natural and on a key map), `map-invert`, `subset?`,
//! `superset?`, written in Clojure and evaluated when one of them is first called.
//!
//! As in Clojure, a relation is a set of maps; `union`, `intersection` and `difference` keep
//! the kind of their first argument (a sorted set stays sorted).

use crate::library::core::prelude::Source;

const SRC: &str = r#"
(in-ns 'clojure.set)

(defn union
  ([] #{})
  ([s] s)
  ([s1 s2] (if (< (count s1) (count s2)) (reduce conj s2 s1) (reduce conj s1 s2)))
  ([s1 s2 & sets] (reduce union (union s1 s2) sets)))

(defn intersection
  ([s] s)
  ([s1 s2]
   (if (< (count s2) (count s1))
     (recur s2 s1)
     (reduce (fn [acc x] (if (contains? s2 x) acc (disj acc x))) s1 s1)))
  ([s1 s2 & sets] (reduce intersection (intersection s1 s2) sets)))

(defn difference
  ([s] s)
  ([s1 s2]
   (if (< (count s1) (count s2))
     (reduce (fn [acc x] (if (contains? s2 x) (disj acc x) acc)) s1 s1)
     (reduce disj s1 s2)))
  ([s1 s2 & sets] (reduce difference (difference s1 s2) sets)))

(defn select [pred xset]
  (reduce (fn [acc x] (if (pred x) acc (disj acc x))) xset xset))

(defn project [xrel ks]
  (with-meta (set (map (fn [m] (select-keys m ks)) xrel)) (meta xrel)))

(defn rename-keys [m kmap]
  (reduce (fn [acc [old new]]
            (if (contains? m old) (assoc acc new (get m old)) acc))
          (apply dissoc m (keys kmap))
          kmap))

(defn rename [xrel kmap]
  (with-meta (set (map (fn [m] (rename-keys m kmap)) xrel)) (meta xrel)))

(defn index [xrel ks]
  (reduce (fn [m x]
            (let [ik (select-keys x ks)]
              (assoc m ik (conj (get m ik #{}) x))))
          {}
          xrel))

(defn map-invert [m]
  (reduce (fn [acc [k v]] (assoc acc v k)) {} m))

(defn join
  ([xrel yrel]
   (if (and (seq xrel) (seq yrel))
     (let [ks (intersection (set (keys (first xrel))) (set (keys (first yrel))))
           [r s] (if (<= (count xrel) (count yrel)) [xrel yrel] [yrel xrel])
           idx (index r ks)]
       (reduce (fn [acc x]
                 (if-let [found (get idx (select-keys x ks))]
                   (reduce (fn [acc y] (conj acc (merge y x))) acc found)
                   acc))
               #{}
               s))
     #{}))
  ([xrel yrel km]
   (let [[r s k] (if (<= (count xrel) (count yrel))
                   [xrel yrel (map-invert km)]
                   [yrel xrel km])
         idx (index r (vals k))]
     (reduce (fn [acc x]
               (if-let [found (get idx (rename-keys (select-keys x (keys k)) k))]
                 (reduce (fn [acc y] (conj acc (merge y x))) acc found)
                 acc))
             #{}
             s))))

(defn subset? [set1 set2]
  (and (<= (count set1) (count set2))
       (every? (fn [x] (contains? set2 x)) set1)))

(defn superset? [set1 set2]
  (and (>= (count set1) (count set2))
       (every? (fn [x] (contains? set1 x)) set2)))
"#;

/// clojure.set's source.
static SET: Source = Source {
    key: "clojure.set",
    text: SRC,
};

/// Loads `clojure.set` when the namespace is first used.
pub fn install() {
    crate::eval::ns::define_later("clojure.set", || {
        crate::library::core::prelude::ensure(&SET)
    });
}
