//! The pattern-matching macros of kanren: `defne`/`matche` and their `conda`/`condu` forms.
//!
//! Use them through the `kanren` crate, which re-exports them. Each expands to the clause
//! combinator of the same letter (`conde`, `conda`, `condu`) over clauses built as core.logic's
//! macros build them, `fresh` and `==` per argument (see `pattern.rs`), so answers come in
//! core.logic's order. A `defne` relation is a `kanren::clause_relation` instead: its stream
//! matches each clause's patterns, all levels at once, when the search gets to the clause,
//! and is that clause's `fresh` suspensions as a count (`clause.rs`); its depth-first search
//! matches the clauses directly against the arguments and runs their goals on a
//! continuation, for folding a depth-first query.
//!
//! Patterns and `term!` share one syntax (whitespace-separated, as in core.logic; see
//! `parse.rs` and the table on [`term!`]):
//! - `_` matches anything; a name is a variable, fresh where first mentioned in the clause,
//!   unless it names an argument, when it stands for that argument's value;
//! - `'sym` a symbol, `:k` and `:ns/k` keywords, `nil`; literals `1`, `-1`, `"s"`, `true`;
//!   `{expr}` splices any Rust expression (a term, a variable, a local);
//! - `[a b c]` a vector; `[h . t]` and `(h . t)` a list with head `h` and tail `t`;
//!   `(a b)` a proper list; `()` the empty list; `{:k p ...}` a map with these keyword keys.
//!
//! `[a b]` also matches a two-element list, and `[h . t]` a vector, as every sequence unifies
//! with every other (as in Clojure). Parentheses do not evaluate an expression (use braces).
//!
//! A goal of a clause may build closures (its own, or those of a nested `matche!`, `fresh!`
//! or `project!`) that use the clause's arguments and pattern variables by value: the macro
//! clones what they capture (see `capture.rs`).

mod capture;
mod clause;
mod db;
mod fd_eq;
mod parse;
mod pattern;
mod relation;
mod term;

use parse::parse_seq;
use pattern::{clause, solve_clause, Error, Pat, Scope};
use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};

/// Defines a relation by pattern clauses, interleaved like `conde` (core.logic's `defne`).
///
/// `defne! { fn name(a, b) { ([pattern-a pattern-b] goal, goal, ...) ... } }`. The function
/// takes `impl Into<Term>` arguments and returns a `Goal` whose body is built when it runs, so
/// it may call itself. Inside a clause the arguments are owned `Term`s (use `&a` to use one
/// twice) and pattern variables are `&Term`s, the parts of the arguments they stand for; a
/// closure built in a clause (or a nested `matche!`, `fresh!`, `project!`) that uses them
/// gets its own clones.
///
/// Patterns are written in the syntax of [`term!`] (`_`, `:k`, `'sym`, `nil`, literals,
/// `[...]`, `(h . t)`, `{:k p}`, `{expr}`), except that a bare name is a variable: fresh where
/// first mentioned in the clause, or the argument it names.
///
/// ```
/// use kanren::{defne, run_all, list};
/// defne! {
///     /// `out` is `l` followed by `s`.
///     fn appendo(l, s, out) {
///         ([() _ s])
///         ([[a . d] _ [a . r]] appendo(d, s, r))
///     }
/// }
/// let a: Vec<String> = kanren::run!(*, [x, y] => appendo(x, y, list![1, 2]))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["[() (1 2)]", "[(1) (2)]", "[(1 2) ()]"]);
/// ```
#[proc_macro]
pub fn defne(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit(define(input.into(), None))
}

/// [`defne!`] with soft-cut clauses (core.logic's `defna`, over `conda`). As in core.logic,
/// a clause's patterns and goals together are its question: the first clause that succeeds
/// is the only one whose answers are kept.
///
/// ```
/// use kanren::{defna, run_all};
/// defna! {
///     /// `out` is `:small` for 0 and `:other` for anything else.
///     fn sizeo(n, out) {
///         ([0 :small])
///         ([_ :other])
///     }
/// }
/// let a: Vec<String> = run_all(|q| sizeo(0, q)).map(|a| a.to_string()).collect();
/// assert_eq!(a, [":small"]);
/// ```
#[proc_macro]
pub fn defna(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit(define(input.into(), Some(quote!(::kanren::conda))))
}

/// [`defne!`] with committed-choice clauses (core.logic's `defnu`, over `condu`).
///
/// ```
/// use kanren::{defnu, list, run_all};
/// defnu! {
///     /// `x` is some element of `l`: only the first one.
///     fn some_membero(x, l) {
///         ([_ [x . _]])
///         ([_ [_ . t]] some_membero(x, t))
///     }
/// }
/// let a: Vec<String> = run_all(|q| some_membero(q, list![7, 8])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["7"]);
/// ```
#[proc_macro]
pub fn defnu(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit(define(input.into(), Some(quote!(::kanren::condu))))
}

/// Pattern clauses over the given terms, interleaved like `conde` (core.logic's `matche`).
///
/// `matche!([t1, t2], ([p1 p2] goal, ...) ...)`. An argument that is a plain name may be
/// named in the patterns, standing for its value; other arguments are any expressions
/// convertible into a `Term`.
///
/// ```
/// use kanren::{list, matche, run_all};
/// let a: Vec<String> = run_all(|q| matche!([q],
///     ([(x . _)])
///     ([5])
/// )).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["(_0 . _1)", "5"]);
/// ```
#[proc_macro]
pub fn matche(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit_expr(match_(input.into(), quote!(::kanren::conde)))
}

/// [`matche!`] with soft-cut clauses (core.logic's `matcha`, over `conda`).
///
/// ```
/// use kanren::{matcha, run_all};
/// let a: Vec<String> = run_all(|q| matcha!([q], ([1]) ([2]))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["1"]);
/// ```
#[proc_macro]
pub fn matcha(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit_expr(match_(input.into(), quote!(::kanren::conda)))
}

/// [`matche!`] with committed-choice clauses (core.logic's `matchu`, over `condu`).
///
/// ```
/// use kanren::{list, matchu, run_all};
/// let a: Vec<String> = run_all(|q| matchu!([list![1, 2]], ([(_ . t)] kanren::eq(q, t))))
///     .map(|a| a.to_string())
///     .collect();
/// assert_eq!(a, ["(2)"]);
/// ```
#[proc_macro]
pub fn matchu(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit_expr(match_(input.into(), quote!(::kanren::condu)))
}

/// Defines a relation: a function returning a `kanren::Goal` whose body is built only when
/// the goal runs, so the relation may call itself.
///
/// A parameter written as a bare name is a term: the function takes `impl Into<Term>` and the
/// body sees an owned `Term`. A parameter written with a type, `g: Goal` or `n: i64`, is a
/// Rust value of that type: the function takes `impl Into<T>` and the body sees an owned `T`
/// (so `T` is `Clone + Send + Sync + 'static`, and not an `impl Trait`). The body runs each
/// time the goal runs, on clones of the arguments; pass `&arg` to use a term or a goal more
/// than once. A closure the body builds (`fresh!`, `project!`, `matche!`, `|..| ...`) gets
/// its own clones of the arguments it uses, so the body needs no clone lines.
///
/// ```
/// use kanren::{conde, defrel, eq, fresh, run, Goal};
/// defrel! {
///     /// `x` is 5, infinitely often.
///     fn fives(x) { conde!([eq(&x, 5)], [fives(&x)]) }
/// }
/// assert_eq!(run(4, |q| fives(q)).count(), 4);
///
/// defrel! {
///     /// The Reasoned Schemer's `anyo`: `g` succeeds, and then again, forever.
///     fn anyo(g: Goal) { conde!([&g], [anyo(&g)]) }
/// }
/// let a: Vec<String> = run(3, |q| anyo(eq(q, 1))).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["1", "1", "1"]);
///
/// defrel! {
///     /// `x` is one of `from`, `from + 1`, ... below `to`: terms and Rust values mixed.
///     fn betweeno(x, from: i64, to: i64) {
///         if from >= to { kanren::fail() } else { conde!([eq(&x, from)], [betweeno(&x, from + 1, to)]) }
///     }
/// }
/// let a: Vec<String> = kanren::run_all(|q| betweeno(q, 2, 5)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["2", "3", "4"]);
///
/// defrel! {
///     /// `out` is `[x x]` or `[2 x]`: two closures, both using `x` and `out`.
///     fn twiceo(x, out) {
///         conde!([fresh!([a], eq(a, &x), eq(&out, vec![a, a]))],
///                [fresh!([b], eq(&out, (b, x)), eq(b, 2))])
///     }
/// }
/// let a: Vec<String> = kanren::run_all(|q| twiceo(1, q)).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["[1 1]", "[2 1]"]);
/// ```
#[proc_macro]
pub fn defrel(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit(relation::defrel(input.into()))
}

/// Defines a tabled relation (core.logic's `tabled`): a function as with [`defrel!`], whose
/// calls go through one table of answers per call pattern, so that left-recursive and
/// cyclic relations terminate and each answer comes once. The arguments are terms.
///
/// The table is the function's own, made at its first call and kept for the rest of the
/// process, as core.logic's `(def patho (tabled [x y] ...))` keeps its table in the var:
/// later queries read the answers earlier ones found. For a table per value (say one per
/// database, or one per test) use `kanren::Tabled::new`.
///
/// ```
/// use kanren::{conde, defne, fresh, run_all, tabled};
/// defne! {
///     fn arco(x, y) { ([:a :b]) ([:b :a]) ([:b :d]) }
/// }
/// tabled! {
///     /// `y` is reachable from `x` along `arco`: the graph has a cycle.
///     fn patho(x, y) {
///         conde!([arco(&x, &y)], [fresh!([z], arco(&x, z), patho(z, &y))])
///     }
/// }
/// let mut a: Vec<String> = run_all(|q| patho(kanren::term!(:a), q)).map(|a| a.to_string()).collect();
/// a.sort();
/// assert_eq!(a, [":a", ":b", ":d"]);
/// ```
#[proc_macro]
pub fn tabled(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit(relation::tabled(input.into()))
}

/// A data term written as core.logic writes data: `term!([englishman _ _ _ red])` is the
/// vector of the symbol `englishman`, three fresh variables and the symbol `red`. It is the
/// syntax of [`defne!`] patterns, and the term prints back as written (`Term`'s `Display`).
///
/// | `term!` | core.logic | the term |
/// | --- | --- | --- |
/// | `englishman`, `'englishman`, `lam-expr`, `empty?` | `'englishman`, ... | `Term::sym("englishman")`, ... |
/// | `:lam`, `:ns/k` | `:lam`, `:ns/k` | `Term::sym(":lam")`, `Term::sym(":ns/k")` |
/// | `_` | `(lvar)` | a fresh variable, a new one for each `_` each time the term is built |
/// | `1`, `-1`, `"s"`, `true`, `false`, `nil` | the same | `Term::Int`, `Term::Str`, `Term::Bool`, `Term::sym("nil")` |
/// | `[a b c]` | `[a b c]` | a vector |
/// | `(a b)`, `(a b . t)`, `()` | `'(a b)`, `(lcons a (lcons b t))`, `'()` | a list, a list with tail `t`, `Term::Nil` |
/// | `{:a 1, :b x}`, `{}` | `{:a 1 :b 'x}` | a map (its first key a keyword, so that braces are not a splice) |
/// | `{expr}` | an unquoted local | `Term::from(expr)`: a `Var`, a `Term`, an integer, a string, ... |
///
/// The one difference from a pattern: a bare name is a symbol here, as in a quoted form, and
/// a variable in a pattern (which binds it); `'name` is the symbol in both. A name takes in
/// the `-` and `/` that join it to the next name, with or without spaces (rustfmt spaces
/// `term!(lam-expr)` out), and a trailing `?`, `!` or `*`; a `.` always marks a list's tail
/// (rustfmt writes `term!((a . b))` as `term!((a.b))`, the same pair).
///
/// ```
/// use kanren::{membero, run, term, Term, Var};
/// let row = term!([englishman _ _ _ red]);
/// let items = row.to_vec().unwrap();
/// assert_eq!(items[0], Term::sym("englishman"));
/// assert!(items[1].as_var().is_some() && items[1] != items[2] && items[2] != items[3]);
/// assert_eq!(items[4], Term::sym("red"));
///
/// let q = Var::fresh();
/// let t = term!((:lam {q} . (lam-expr nil "s" -1 {5 + 1})));
/// assert_eq!(t, kanren::list![Term::sym(":lam"), q, Term::sym("lam-expr"),
///     Term::sym("nil"), "s", -1, 6]);
/// assert_eq!(term!({:a 1, :b [x 'y]}).to_string(), "{:a 1, :b [x y]}");
///
/// // The houses of the zebra puzzle: the englishman lives in the red house.
/// let houses = term!([_ _ [norwegian _ _ _ _]]);
/// let a: Vec<String> = run(1, |q| kanren::conj([
///     kanren::eq(q, &houses),
///     membero(term!([englishman _ _ _ red]), &houses),
/// ])).map(|a| a.to_string()).collect();
/// assert_eq!(a, ["[[englishman _0 _1 _2 red] _3 [norwegian _4 _5 _6 _7]]"]);
/// ```
#[proc_macro]
pub fn term(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit_expr(term::expand(input.into()))
}

/// A fact database written as core.logic's `db` writes one: `db![[edge :a :b] [edge :b :c]]`
/// is `(db [edge :a :b] [edge :b :c])`, each fact a relation declared by `kanren::db_rel!`
/// and its arguments in the syntax of [`term!`]. `db![base; facts...]` adds the facts to the
/// database `base` (core.logic's `db-facts`), leaving `base` as it was.
///
/// ```
/// use kanren::{db, db_rel, pldb, run_all, term};
/// db_rel!(parent(p, c), male(p));
/// let facts = db![[parent 'abe 'homer] [parent 'homer 'bart] [male 'homer]];
/// let more = db![facts; [parent 'homer 'lisa]];
/// let kids = |db: &pldb::Db| run_all(|q| pldb::with_db(db, parent(term!(homer), q))).count();
/// assert_eq!((kids(&facts), kids(&more)), (1, 2));
/// ```
#[proc_macro]
pub fn db(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit_expr(db::expand(input.into()))
}

/// FD relations written as expressions (core.logic's `fd/eq`): `fd_eq!(x + y == 9)`,
/// `fd_eq!(cj != ci + d)`, several separated by commas. Sides use `+ - * /` (with the usual
/// precedence and parentheses) over variables and integers; the relation is one of
/// `== != < <= > >=`. Expands to `kanren::fd::constrain` (one per relation,
/// in a `kanren::conj`); intermediate variables are introduced where needed.
///
/// ```
/// use kanren::{fd, fd_eq, fresh, list, run_all, eq};
/// let sols: Vec<String> = run_all(|q| fresh(move |[x, y]| kanren::conj([
///     fd::in_([x, y], fd::interval(0, 5)),
///     fd_eq!(x * 2 == y + 1, (x - y) * -1 >= 1),
///     eq(q, list![x, y]),
/// ]))).map(|a| a.to_string()).collect();
/// assert_eq!(sols, ["(2 3)", "(3 5)"]);
/// ```
#[proc_macro]
pub fn fd_eq(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    emit(fd_eq::expand(input.into()))
}

fn emit(r: Result<TokenStream, Error>) -> proc_macro::TokenStream {
    match r {
        Ok(ts) => ts.into(),
        Err((span, msg)) => {
            let msg = format!("kanren: {msg}");
            quote::quote_spanned!(span=> ::std::compile_error!(#msg);).into()
        }
    }
}

/// [`emit`] for a macro used as an expression: the error alone, with no `;` after it.
fn emit_expr(r: Result<TokenStream, Error>) -> proc_macro::TokenStream {
    match r {
        Ok(ts) => ts.into(),
        Err((span, msg)) => {
            let msg = format!("kanren: {msg}");
            quote::quote_spanned!(span=> ::std::compile_error!(#msg)).into()
        }
    }
}

fn err<T>(span: Span, msg: &str) -> Result<T, Error> {
    Err((span, msg.to_string()))
}

/// `#[attr]* vis fn name(args) { clauses }`.
/// `combinator` is `conda` or `condu`; `None` is `conde`, which becomes a
/// `kanren::clause_relation`.
fn define(input: TokenStream, combinator: Option<TokenStream>) -> Result<TokenStream, Error> {
    let relation::Item {
        head,
        name,
        params,
        body,
    } = relation::item(input, "{ clauses }")?;
    let args: Vec<Ident> = split_commas(params.stream())
        .into_iter()
        .map(|a| match a.into_iter().collect::<Vec<_>>().as_slice() {
            [TokenTree::Ident(id)] => Ok(id.clone()),
            other => err(
                other.first().map_or(params.span(), |t| t.span()),
                "an argument is a plain name",
            ),
        })
        .collect::<Result<_, _>>()?;
    let parsed = captured(&args, parse_clauses(body.stream())?);
    // Also checks each clause's number of patterns, for every form.
    let clauses = expand(&args, &[], &parsed)?;
    let signature = quote! {
        #[allow(unused_variables)]
        #head fn #name(#(#args: impl ::std::convert::Into<::kanren::Term>),*) -> ::kanren::Goal
    };
    let convert = quote!(#(let #args: ::kanren::Term = ::std::convert::Into::into(#args);)*);
    let Some(combinator) = combinator else {
        // Each clause is matched, all its pattern levels at once, when the stream gets to
        // it (`kanren::clause_relation`); searched depth-first, the clauses are matched and
        // run directly.
        let n = parsed.len();
        let arms = parsed.iter().enumerate().map(|(i, (pats, goals, _))| {
            let matched = clause::stream_clause(&args, pats, goals);
            quote!(#i => #matched,)
        });
        let solve = parsed
            .iter()
            .enumerate()
            .map(|(i, (pats, goals, _))| solve_clause(&args, pats, goals, i + 1 == n));
        let none =
            (n == 0).then(|| quote!(::kanren::Step::Done(::std::ops::ControlFlow::Continue(()))));
        let a = args.len();
        // The goal keeps the arguments; both halves see them as `&Term`s.
        return Ok(quote! {
            #signature {
                ::kanren::clause_relation::<#n, #a, _, _>(
                    [#(::std::convert::Into::<::kanren::Term>::into(#args)),*],
                    |[#(#args),*]: &[::kanren::Term; #a],
                     __kanren_i: usize,
                     __kanren_state: ::kanren::State| {
                        let __kanren_matched: ::std::result::Result<
                            (u32, ::kanren::Goal, ::std::option::Option<::kanren::State>),
                            u32,
                        > = {
                            let __kanren_s: &::kanren::State = &__kanren_state;
                            match __kanren_i {
                                #(#arms)*
                                _ => ::std::unreachable!("a clause of this relation"),
                            }
                        };
                        match __kanren_matched {
                            ::std::result::Result::Ok((levels, body, bound)) => {
                                ::kanren::Stream::delayed(
                                    levels,
                                    body,
                                    bound.unwrap_or(__kanren_state),
                                )
                            }
                            ::std::result::Result::Err(level) => ::kanren::Stream::paused(level),
                        }
                    },
                    |[#(#args),*]: &[::kanren::Term; #a],
                     __kanren_s: &::kanren::State,
                     __kanren_k: &mut ::kanren::Cont<'_>| {
                        #(#solve)*
                        #none
                    },
                )
            }
        });
    };
    let clauses = clauses.iter().map(|goals| quote!(::std::vec![#(#goals),*]));
    Ok(quote! {
        #signature {
            #convert
            ::kanren::Goal::lazy(move || {
                #(let #args = ::std::clone::Clone::clone(&#args);)*
                #combinator([#(#clauses),*])
            })
        }
    })
}

/// `[arg, ...], clauses`.
fn match_(input: TokenStream, combinator: TokenStream) -> Result<TokenStream, Error> {
    let (outer, input) = capture::captured_names(input);
    let mut tts = input.into_iter();
    let args = match tts.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Bracket => g,
        other => {
            let span = other.map_or(Span::call_site(), |t| t.span());
            return err(span, "expected `[args], clauses`");
        }
    };
    let mut names = Vec::new();
    let mut lets = Vec::new();
    for (k, a) in split_commas(args.stream()).into_iter().enumerate() {
        let single: Vec<TokenTree> = a.clone().into_iter().collect();
        if let [TokenTree::Ident(id)] = single.as_slice() {
            lets.push(quote!(let #id: ::kanren::Term =
                ::std::convert::Into::into(::std::clone::Clone::clone(&#id));));
            names.push(id.clone());
        } else {
            let id = format_ident!("__kanren_arg_{}", k, span = Span::mixed_site());
            lets.push(quote!(let #id: ::kanren::Term = ::std::convert::Into::into(#a);));
            names.push(id);
        }
    }
    let clauses = expand(
        &names,
        &outer,
        &captured(&names, parse_clauses(tts.collect())?),
    )?
    .into_iter()
    .map(|goals| quote!(::std::vec![#(#goals),*]));
    Ok(quote! {{
        #(#lets)*
        let _ = (#(&#names),*);
        #combinator([#(#clauses),*])
    }})
}

/// A parsed clause: its patterns, its goals, and where its patterns are.
type Clause = (Vec<Pat>, Vec<TokenStream>, Span);

/// The clauses expanded for their stream: the goal expressions of each. `outer` are the
/// names from around a nested `matche!` that its clauses use (see `capture.rs`).
fn expand(
    args: &[Ident],
    outer: &[Ident],
    clauses: &[Clause],
) -> Result<Vec<Vec<TokenStream>>, Error> {
    clauses
        .iter()
        .map(|(pats, goals, span)| {
            let mut scope = Scope {
                args,
                outer,
                seen: Vec::new(),
            };
            clause(&mut scope, pats, goals, *span)
        })
        .collect()
}

/// The clauses with the goals that build closures given clones of the clause's names they
/// use (see `capture.rs`).
fn captured(args: &[Ident], clauses: Vec<Clause>) -> Vec<Clause> {
    clauses
        .into_iter()
        .map(|(pats, goals, span)| {
            let mut names = args.to_vec();
            pats.iter().for_each(|p| p.names(&mut names));
            let goals = goals
                .iter()
                .map(|g| capture::capture(g, &names, capture::Names::Terms))
                .collect();
            (pats, goals, span)
        })
        .collect()
}

/// The clauses `([patterns] goals...)`, separated by nothing, commas or semicolons.
fn parse_clauses(body: TokenStream) -> Result<Vec<Clause>, Error> {
    let mut out = Vec::new();
    for tt in body {
        let g = match tt {
            TokenTree::Punct(p) if p.as_char() == ',' || p.as_char() == ';' => continue,
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => g,
            other => return err(other.span(), "expected a clause `([patterns] goals...)`"),
        };
        let mut inner = g.stream().into_iter();
        let pats = match inner.next() {
            Some(TokenTree::Group(p)) if p.delimiter() == Delimiter::Bracket => p,
            _ => return err(g.span(), "a clause starts with its patterns in `[...]`"),
        };
        let goals: Vec<TokenStream> = split_commas(inner.collect());
        out.push((parse_seq(pats.stream())?, goals, pats.span()));
    }
    Ok(out)
}

/// Splits at top-level commas, dropping empty pieces (a leading or trailing comma).
fn split_commas(ts: TokenStream) -> Vec<TokenStream> {
    let mut out = vec![TokenStream::new()];
    for tt in ts {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == ',' => out.push(TokenStream::new()),
            _ => out.last_mut().expect("non-empty").extend([tt]),
        }
    }
    out.retain(|t| !t.is_empty());
    out
}
