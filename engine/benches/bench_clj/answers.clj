;; Prints each program's answers: `== name`, then the seq its query returns (or `!! message`
;; when it throws). compare.sh appends it to bench.clj and programs.clj (it runs in
;; programs.clj's namespace); with --oracle, core.logic's output is expected.txt.
(doseq [[name query] programs]
  (println "==" name)
  (try
    (prn (doall (query)))
    (catch Throwable e (println "!!" (ex-message e)))))
