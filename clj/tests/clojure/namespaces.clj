;; Namespaces' maps (ns-map, ns-refers, ns-imports, ns-aliases) and their changes
;; (ns-unalias, ns-unmap, remove-ns).

;; A namespace for ns-unmap and ns-unalias to change (it refers clojure.core, as every `ns`
;; does).
(ns clojure-tests.ns-unmapped
  (:require [clojure.walk :as w]
            [clojure.string :as st]))
(def own 1)

(ns clojure-tests.namespaces
  (:require [clojure.test :refer :all]
            [clojure.string :as str]
            [clojure.set :refer [union]]))

(def here 1)
(defn helper [x] x)

(deftest ns-refers-maps-names-to-the-vars-of-other-namespaces
  (let [r (ns-refers 'clojure-tests.namespaces)]
    (is (= #'clojure.core/map (get r 'map)))
    (is (= #'clojure.set/union (get r 'union)))
    (is (= #'clojure.test/is (get r 'is)))
    (is (not (contains? r 'here)))
    (is (not (contains? r 'intersection)))
    (is (every? var? (vals r)))
    (is (every? symbol? (keys r)))))

(deftest ns-imports-maps-short-names-to-classes
  (let [i (ns-imports 'clojure-tests.namespaces)]
    (is (= String (get i 'String)))
    (is (= Long (get i 'Long)))
    (is (= Exception (get i 'Exception)))
    (is (every? class? (vals i)))))

(deftest ns-map-has-every-mapping
  (let [m (ns-map 'clojure-tests.namespaces)]
    (is (= #'clojure-tests.namespaces/here (get m 'here)))
    (is (= #'clojure-tests.namespaces/helper (get m 'helper)))
    (is (= #'clojure.core/map (get m 'map)))
    (is (= #'clojure.set/union (get m 'union)))
    (is (= String (get m 'String)))
    (is (not (contains? m 'nothing-by-this-name)))))

(deftest ns-aliases-and-ns-unalias
  (is (= 'clojure.string (ns-name (get (ns-aliases 'clojure-tests.namespaces) 'str))))
  (is (not (contains? (ns-aliases 'clojure-tests.namespaces) 'set)))
  (is (= '#{w st} (set (keys (ns-aliases 'clojure-tests.ns-unmapped)))))
  (is (nil? (ns-unalias 'clojure-tests.ns-unmapped 'w)))
  (is (= '#{st} (set (keys (ns-aliases 'clojure-tests.ns-unmapped)))))
  (is (nil? (ns-unalias 'clojure-tests.ns-unmapped 'not-an-alias)))
  (is (= '#{st} (set (keys (ns-aliases 'clojure-tests.ns-unmapped))))))

(deftest ns-unmap-removes-a-name
  (intern 'clojure-tests.namespaces 'doomed 5)
  (is (= 5 @(resolve 'clojure-tests.namespaces/doomed)))
  (is (nil? (ns-unmap 'clojure-tests.namespaces 'doomed)))
  (is (nil? (resolve 'clojure-tests.namespaces/doomed)))
  (is (not (contains? (ns-interns 'clojure-tests.namespaces) 'doomed)))
  (is (nil? (ns-unmap 'clojure-tests.namespaces 'never-defined))))

(deftest ns-unmap-removes-a-referred-name
  (is (= #'clojure.core/inc (ns-resolve 'clojure-tests.ns-unmapped 'inc)))
  (ns-unmap 'clojure-tests.ns-unmapped 'inc)
  (is (nil? (ns-resolve 'clojure-tests.ns-unmapped 'inc)))
  (is (not (contains? (ns-refers 'clojure-tests.ns-unmapped) 'inc)))
  (is (= #'clojure.core/dec (ns-resolve 'clojure-tests.ns-unmapped 'dec)))
  (is (= #'clojure-tests.ns-unmapped/own (ns-resolve 'clojure-tests.ns-unmapped 'own)))
  (ns-unmap 'clojure-tests.ns-unmapped 'own)
  (is (nil? (ns-resolve 'clojure-tests.ns-unmapped 'own)))
  (is (empty? (ns-interns 'clojure-tests.ns-unmapped))))

(deftest remove-ns-removes-a-namespace
  (create-ns 'clojure-tests.ns-removed)
  (intern 'clojure-tests.ns-removed 'v 1)
  (is (some? (find-ns 'clojure-tests.ns-removed)))
  (is (some? (remove-ns 'clojure-tests.ns-removed)))
  (is (nil? (find-ns 'clojure-tests.ns-removed)))
  (is (not (some #{'clojure-tests.ns-removed} (map ns-name (all-ns)))))
  (is (nil? (remove-ns 'clojure-tests.ns-removed)))
  (is (thrown-with-msg? IllegalArgumentException #"Cannot remove clojure namespace"
                        (remove-ns 'clojure.core))))
