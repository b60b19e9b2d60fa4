% The SWI-Prolog side of engine/benches/clpfd/compare.sh: the same models as kanren's
% engine/examples/clpfd_bench.rs. `bench(Problem, N)` prints the answer and the
% milliseconds the search took (posting included), as the Rust side does.
:- use_module(library(clpfd)).
:- discontiguous answer/3.

bench(Problem, N) :-
    get_time(T0),
    answer(Problem, N, A),
    get_time(T1),
    Ms is (T1 - T0) * 1000,
    format("~w ~1f ms~n", [A, Ms]).

% SEND+MORE=MONEY, all solutions: all_distinct + one linear equation, leftmost.
answer(send, _, A) :-
    findall(Vs, send(Vs), A).
send([S,E,N,D,M,O,R,Y]) :-
    Vs = [S,E,N,D,M,O,R,Y], Vs ins 0..9, all_distinct(Vs), S #>= 1, M #>= 1,
    1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E
        #= 10000*M + 1000*O + 100*N + 10*E + Y,
    labeling([leftmost], Vs).

% Sudoku, all solutions: all_distinct on rows, columns and boxes, leftmost.
answer(sudoku, easy, C) :-
    grid(easy, G), aggregate_all(count, sudoku(G), C).
answer(sudoku, hard, C) :-
    grid(hard, G), aggregate_all(count, sudoku(G), C).
grid(easy, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79").
grid(hard, "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..").
sudoku(Str) :-
    string_chars(Str, Cs), length(Vs, 81), Vs ins 1..9,
    maplist(given, Cs, Vs),
    rows(Vs, Rows), maplist(all_distinct, Rows),
    transpose(Rows, Cols), maplist(all_distinct, Cols),
    Rows = [A,B,C,D,E,F,G,H,I],
    boxes(A,B,C), boxes(D,E,F), boxes(G,H,I),
    labeling([leftmost], Vs).
given('.', _) :- !.
given(Ch, V) :- atom_number(Ch, V).
rows([], []) :- !.
rows(Vs, [R|Rs]) :- length(R, 9), append(R, Rest, Vs), rows(Rest, Rs).
boxes([], [], []).
boxes([A,B,C|R1], [D,E,F|R2], [G,H,I|R3]) :-
    all_distinct([A,B,C,D,E,F,G,H,I]), boxes(R1, R2, R3).

% Magic square of order 4, the first: all_distinct + every line sums to 34, first-fail.
answer(magic, _, Vs) :-
    length(Vs, 16), Vs ins 1..16, all_distinct(Vs),
    Vs = [A,B,C,D, E,F,G,H, I,J,K,L, M,N,O,P],
    maplist([Xs]>>sum(Xs, #=, 34),
            [[A,B,C,D],[E,F,G,H],[I,J,K,L],[M,N,O,P],
             [A,E,I,M],[B,F,J,N],[C,G,K,O],[D,H,L,P],
             [A,F,K,P],[D,G,J,M]]),
    once(labeling([ff], Vs)).

% N-queens, every board: all_distinct columns + pairwise diagonal #\=, leftmost.
answer(queens, N, C) :-
    aggregate_all(count, queens(N, _), C).
queens(N, Qs) :-
    length(Qs, N), Qs ins 1..N, all_distinct(Qs), safe(Qs),
    labeling([leftmost], Qs).
safe([]).
safe([Q|Qs]) :- no_attack(Qs, Q, 1), safe(Qs).
no_attack([], _, _).
no_attack([Q|Qs], Q0, D) :-
    Q0 #\= Q + D, Q #\= Q0 + D, D1 is D + 1, no_attack(Qs, Q0, D1).

% N-queens, the first board by first-fail: three all_different (forward checking) over the
% columns and the two diagonals (auxiliary variables Q + i and Q - i).
answer('queens-ff', N, board_of(N)) :-
    length(Qs, N), Qs ins 1..N,
    numlist(1, N, Is),
    maplist([Q,I,U]>>(U #= Q + I), Qs, Is, Us),
    maplist([Q,I,W]>>(W #= Q - I), Qs, Is, Ws),
    all_different(Qs), all_different(Us), all_different(Ws),
    once(labeling([ff], Qs)).

% 0/1 knapsack, the optimum: branch and bound by labeling([max(V)]), leftmost.
answer(knapsack, _, V) :-
    Ws = [12, 7, 11, 8, 9, 6, 14, 5, 10, 13, 4, 15, 3, 9, 8, 7],
    Vs = [24, 13, 23, 15, 16, 11, 28, 8, 19, 25, 6, 27, 4, 17, 14, 12],
    length(Xs, 16), Xs ins 0..1,
    scalar_product(Ws, Xs, #=<, 50),
    scalar_product(Vs, Xs, #=, V),
    once(labeling([max(V)], Xs)).
