;; title: Committing to a choice: conda, condu, onceo
;; about: conda and condu stop at the first line whose first goal succeeds, trading relational freedom for control.

;; conde explores every line. Sometimes a program means "the first line that
;; applies, and only that one", like if/else-if/else. conda says exactly that:
;; the first goal of each line is its question; the first line whose question
;; succeeds is taken, and the lines below it are never tried.
(defn signalo [light action]
  (conda
    [(== light :red) (== action :stop)]
    [(== light :green) (== action :go)]
    [(== action :wait)]))

(println (run* [q] (signalo :red q)))
(println (run* [q] (signalo :blue q)))

;; With conde, :red would also have reached the last line and answered :wait.
;; The price: run backwards, conda commits too early. With light unknown,
;; the first question (== light :red) succeeds, the line is chosen, and
;; (== action :go) then fails inside it. No answer, though :green would do.
(println (run* [q] (signalo q :go)))

;; A relation with endless answers: the counting numbers :z, [:s :z], ...
(defn peanoo [n]
  (conde
    [(== n :z)]
    [(fresh [m] (== n [:s m]) (peanoo m))]))

(println (run 3 [q] (peanoo q)))

;; condu is conda that also keeps only the first answer of the question, so a
;; question with endless answers is asked just once. onceo is the one-line
;; form: (onceo g) keeps g's first answer.
(println (run* [q] (condu [(peanoo q) s#])))

;; Used forwards, with the light known, a committed choice is safe: every
;; light gets exactly one action.
(run* [light action]
  (conde [(== light :red)] [(== light :green)] [(== light :blue)])
  (signalo light action))
