;; Times the programs of programs.clj in one process, after a warm-up: for each, `== name`,
;; then one `"Elapsed time: X msecs"` line per timed run (clojure.core's `time`). A program
;; marked slow is run once to warm up and timed once; the others, three and five times. A
;; program that throws prints `!! name message` and is not timed.
;; compare.sh appends it to bench.clj and programs.clj (it runs in programs.clj's namespace)
;; and runs the whole in core.logic and in `kanren`, and keeps the least time of each program.
(doseq [[name query slow?] programs]
  (println "==" name)
  (try
    (dotimes [_ (if slow? 1 3)] (doall (query)))
    (dotimes [_ (if slow? 1 5)] (time (doall (query))))
    (catch Throwable e (println "!!" name (ex-message e)))))
(println "== end")
