;; The second post's relational N-queens (`safeo`/`nqueenso`, queens/src/relational.rs) in
;; faster-miniKanren, for compare.sh. Prints the number of boards `run*` finds.
;;
;;   scheme --script nqueens.scm FASTER-MINIKANREN-DIR N

(define fmk (cadr (command-line)))
(define n (string->number (caddr (command-line))))
;; faster-miniKanren's own chez.scm compiles it at optimize-level 3 (3% faster here than 0).
(optimize-level 3)
;; matche.scm names Vicare's generate-temporary; Chez has R6RS's generate-temporaries.
(define (generate-temporary x) (car (generate-temporaries (list x))))
(for-each (lambda (file) (load (string-append fmk "/" file)))
          '("mk-vicare.scm" "mk.scm" "matche.scm"))

;; x is an element of l.
(define (membero x l)
  (conde
    ((fresh (t) (== `(,x . ,t) l)))
    ((fresh (h t) (== `(,h . ,t) l) (membero x t)))))

;; The queen q, (x y), attacks none of the queens in others: no shared column, row or diagonal.
(defmatche (safeo q others)
  [(,?? ())]
  [((,x1 ,y1) ((,x2 ,y2) . ,t))
   (=/= x1 x2)
   (=/= y1 y2)
   (project (x1 x2 y1 y2)
     (=/= (- x2 x1) (- y2 y1))
     (=/= (- x1 y2) (- x2 y1)))
   (safeo `(,x1 ,y1) t)])

;; Every queen (x y) of l has a column x in 0..n-1 and is safe from the queens after it.
(defmatche (nqueenso l n)
  [(() ,??)]
  [(((,x ,y) . ,t) ,??)
   (nqueenso t n)
   (membero x (iota n))
   (safeo `(,x ,y) t)])

;; l is the board ((x0 0) (x1 1) ...) from row y on, its columns fresh.
(define (boardo l y n)
  (if (= y n)
      (== l '())
      (fresh (x t)
        (== l `((,x ,y) . ,t))
        (boardo t (+ y 1) n))))

(display (length (run* (q) (boardo q 0 n) (nqueenso q n))))
(newline)
