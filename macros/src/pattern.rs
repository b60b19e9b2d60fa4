//! Patterns of `defne`/`matche` clauses (parsed by `parse.rs`): their expansion into nested `fresh` + `==`
//! for the stream (`matche` and the committed-choice forms; `defne`'s stream is `clause.rs`),
//! and (`defne` only) into matching code for the depth-first search.
//!
//! The expansion is core.logic's (`ex*` in `clojure.core.logic`): for each argument whose
//! pattern is not `_`, in order, one `(fresh [vars first seen here] (== pattern-term arg) rest)`;
//! a clause whose patterns are all `_` is its goals alone. Arguments named in a pattern stand
//! for their values (core.logic's locals), every other name is a variable, fresh where it is
//! first mentioned; a nested `_` is a new variable each time.

pub(crate) use crate::parse::{Error, Pat};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned};

/// The names of a clause's arguments, the names from around a nested `matche!` that its
/// clauses use (owned values, copied into each clause's closures), and the names seen so far.
pub(crate) struct Scope<'a> {
    pub(crate) args: &'a [Ident],
    pub(crate) outer: &'a [Ident],
    pub(crate) seen: Vec<Ident>,
}

impl Scope<'_> {
    /// Records the variables of `p` that are neither arguments nor seen, in order.
    pub(crate) fn new_vars(&mut self, p: &Pat, out: &mut Vec<Ident>) {
        match p {
            Pat::Name(id) => {
                if !self.args.contains(id) && !self.seen.contains(id) {
                    self.seen.push(id.clone());
                    out.push(id.clone());
                }
            }
            Pat::Vector(items) => items.iter().for_each(|q| self.new_vars(q, out)),
            Pat::Map(entries) => entries.iter().for_each(|(_, q)| self.new_vars(q, out)),
            Pat::List(items, tail) => {
                items.iter().for_each(|q| self.new_vars(q, out));
                if let Some(t) = tail {
                    self.new_vars(t, out);
                }
            }
            Pat::Blank | Pat::Sym(_) | Pat::Value(_) => {}
        }
    }
}

/// The pattern as `kanren::PatOp`s in prefix order (see `kanren::fresh_match`). `vars` are
/// the variables first seen in this pattern, in slot order.
/// The pattern's [`PatOp`]s (constants) and, in `values`, the terms its `Is` ops refer to.
pub(crate) struct Ops {
    pub(crate) ops: Vec<TokenStream>,
    pub(crate) values: Vec<TokenStream>,
}

impl Ops {
    fn is(&mut self, value: TokenStream) {
        let k = self.values.len();
        self.ops.push(quote!(::kanren::PatOp::Is(#k)));
        self.values.push(value);
    }
}

pub(crate) fn ops(p: &Pat, vars: &[Ident], out: &mut Ops, filled: &mut Vec<Ident>) {
    match p {
        Pat::Blank => out.ops.push(quote!(::kanren::PatOp::Any)),
        Pat::Name(id) => match vars.iter().position(|v| v == id) {
            Some(k) if filled.contains(id) => out.ops.push(quote!(::kanren::PatOp::Same(#k))),
            Some(k) => {
                filled.push(id.clone());
                out.ops.push(quote!(::kanren::PatOp::Slot(#k)));
            }
            None => out.is(quote!(::kanren::Term::from(&#id))),
        },
        Pat::Value(v) => out.is(quote!(::kanren::Term::from(#v))),
        Pat::Sym(name) => out.is(quote!(::kanren::Term::sym(#name))),
        Pat::Vector(items) => {
            let n = items.len();
            out.ops.push(quote!(::kanren::PatOp::Vector(#n)));
            items.iter().for_each(|q| ops(q, vars, out, filled));
        }
        Pat::Map(entries) => {
            let n = entries.len();
            out.ops.push(quote!(::kanren::PatOp::Map(#n)));
            for (key, q) in entries {
                let Pat::Sym(key) = key else {
                    unreachable!("a map pattern's keys are keywords (checked when parsed)")
                };
                out.ops.push(quote!(::kanren::PatOp::Key(#key)));
                ops(q, vars, out, filled);
            }
        }
        Pat::List(items, tail) => {
            for q in items {
                out.ops.push(quote!(::kanren::PatOp::Cons));
                ops(q, vars, out, filled);
            }
            match tail {
                Some(t) => ops(t, vars, out, filled),
                None => out.ops.push(quote!(::kanren::PatOp::Nil)),
            }
        }
    }
}

/// A clause's patterns compiled: the pattern variables that are new (neither arguments nor
/// seen before), the general matcher's ops, its call, and the straight-line code that matches
/// them in place when the patterns are structure and new variables only.
pub(crate) struct Levels {
    pub(crate) vars: Vec<Ident>,
    /// How many variables: the matcher's const parameter.
    pub(crate) k: usize,
    pub(crate) ops: Vec<TokenStream>,
    /// The call of `matcher` (`::kanren::match_args` or `::kanren::match_clause`) on
    /// `__KANREN_PATTERN` and the arguments, in the state `__kanren_s`.
    pub(crate) general: TokenStream,
    /// The straight-line code (`break '__kanren_match Err(level)` where a level fails, 0 for
    /// "ask the general matcher"), if every pattern has it.
    pub(crate) straight: Option<TokenStream>,
}

/// The start of a clause matched by its straight-line `code` (a clause's stream and its
/// depth-first half both begin so): the pattern as a constant for the general matcher, the
/// slot the general matcher's terms go in when it runs, and `__kanren_fast`, the terms of
/// the pattern's variables read in place, or `Err(level)` where `code` stopped (0: "ask the
/// general matcher").
pub(crate) fn fast_match(
    ops: &[TokenStream],
    k: usize,
    vars: &[Ident],
    code: &TokenStream,
) -> TokenStream {
    quote! {
        const __KANREN_PATTERN: &[::kanren::PatOp] = &[#(#ops),*];
        let __kanren_owned: [::kanren::Term; #k];
        let __kanren_fast: ::std::result::Result<[&::kanren::Term; #k], u32> =
            '__kanren_match: {
                #code
                ::std::result::Result::Ok([#(#vars),*])
            };
    }
}

/// Compiles the patterns of a clause, each paired with its argument (see [`Levels`]).
pub(crate) fn compile_levels(
    args: &[Ident],
    pairs: &[(&Pat, &Ident)],
    matcher: TokenStream,
) -> Levels {
    let mut scope = Scope {
        args,
        outer: &[],
        seen: Vec::new(),
    };
    let mut vars = Vec::new();
    for (p, _) in pairs {
        scope.new_vars(p, &mut vars);
    }
    let mut pattern = Ops {
        ops: Vec::new(),
        values: Vec::new(),
    };
    let (mut filled, mut lengths) = (Vec::new(), Vec::new());
    for (p, _) in pairs {
        let before = pattern.ops.len();
        ops(p, &vars, &mut pattern, &mut filled);
        lengths.push(pattern.ops.len() - before);
    }
    let Ops { ops, values } = pattern;
    let (k, a) = (vars.len(), pairs.len());
    let matched: Vec<&&Ident> = pairs.iter().map(|(_, arg)| arg).collect();
    let general = quote! {
        #matcher::<#k, #a>(
            __KANREN_PATTERN,
            &[#(#lengths),*],
            &[#(#values),*],
            [#(#matched),*],
            __kanren_s,
        )
    };
    let mut code = TokenStream::new();
    let (mut seen, mut n) = (Vec::new(), 0);
    let straight = (1..)
        .zip(pairs)
        .try_for_each(|(level, (p, arg))| {
            straight(p, quote!(#arg), level, args, &mut seen, &mut n, &mut code)
        })
        .map(|()| code);
    Levels {
        vars,
        k,
        ops,
        general,
        straight,
    }
}

/// One clause expanded: the goal expressions of a `conde` clause, one when it has patterns.
pub(crate) fn clause(
    scope: &mut Scope<'_>,
    pats: &[Pat],
    goals: &[TokenStream],
    span: Span,
) -> Result<Vec<TokenStream>, Error> {
    if pats.len() != scope.args.len() {
        return Err((
            span,
            format!(
                "this clause has {} patterns for {} arguments",
                pats.len(),
                scope.args.len()
            ),
        ));
    }
    let pairs: Vec<(&Pat, &Ident)> = pats
        .iter()
        .zip(scope.args)
        .filter(|(p, _)| !matches!(p, Pat::Blank))
        .collect();
    // The clause's own copies of the arguments (owned terms) and outer names it uses.
    let body = if pairs.is_empty() {
        quote!(::kanren::conj([#(#goals),*]))
    } else {
        nest(scope, &pairs, goals)
    };
    let args = scope.args.iter().filter(|a| mentions(&body, a));
    let outer = scope.outer.iter().filter(|a| mentions(&body, a));
    Ok(vec![quote!({
        #(let #args: ::kanren::Term = ::kanren::Term::from(&#args);)*
        #(let #outer = ::std::clone::Clone::clone(&#outer);)*
        #body
    })])
}

/// `(fresh [vs] (== t a) rest)` for the first pair, `rest` being the others nested likewise and
/// then the goals.
fn nest(scope: &mut Scope<'_>, pairs: &[(&Pat, &Ident)], goals: &[TokenStream]) -> TokenStream {
    let ((p, a), rest) = pairs.split_first().expect("at least one pair");
    let outer = scope.seen.clone();
    let mut vars = Vec::new();
    scope.new_vars(p, &mut vars);
    let mut pattern = Ops {
        ops: Vec::new(),
        values: Vec::new(),
    };
    ops(p, &vars, &mut pattern, &mut Vec::new());
    let Ops { ops, values } = pattern;
    let k = vars.len();
    let inner = if rest.is_empty() {
        // The user's goals see every pattern variable as a `&Term`.
        let all = &scope.seen;
        quote!(#(let #all = &#all;)* ::kanren::conj([#(#goals),*]))
    } else {
        nest(scope, rest, goals)
    };
    // The body closure captures (and clones for each run) only the arguments and the
    // variables of earlier levels that the code inside it names.
    let used: Vec<&Ident> = scope
        .args
        .iter()
        .chain(scope.outer)
        .chain(&outer)
        .filter(|id| mentions(&inner, id))
        .collect();
    let span = a.span();
    quote_spanned! {span=> {
        const __KANREN_PATTERN: &[::kanren::PatOp] = &[#(#ops),*];
        let __kanren_arg = ::kanren::Term::from(&#a);
        ::kanren::fresh_match(
            __KANREN_PATTERN,
            [#(#values),*],
            __kanren_arg,
            move |[#(#vars),*]: [::kanren::Term; #k]| {
                #(let #used = ::std::clone::Clone::clone(&#used);)*
                let _ = (#(&#vars,)*);
                #inner
            },
        )
    }}
}

/// One clause of a `defne` as it is searched depth-first (see `kanren::relation`): its
/// patterns matched in one pass by `kanren::match_args` (slot numbers run across the
/// arguments), then its goals run in sequence on the continuation `__kanren_k`. Every clause
/// but the last is a statement that returns early if the search stops; the last is the
/// closure's value, and hands a single goal on as a tail call.
pub(crate) fn solve_clause(
    args: &[Ident],
    pats: &[Pat],
    goals: &[TokenStream],
    last: bool,
) -> TokenStream {
    let pairs: Vec<(&Pat, &Ident)> = pats
        .iter()
        .zip(args)
        .filter(|(p, _)| !matches!(p, Pat::Blank))
        .collect();
    let Levels {
        vars,
        k,
        ops,
        general,
        straight,
    } = compile_levels(args, &pairs, quote!(::kanren::match_args));
    // The goals see the arguments they name as owned terms, as in the stream's clauses.
    let body: TokenStream = goals.iter().cloned().collect();
    let used: Vec<&Ident> = args.iter().filter(|a| mentions(&body, a)).collect();
    let state = quote!(__kanren_bound.as_ref().unwrap_or(__kanren_s));
    let run = match (goals, last) {
        ([goal], true) => quote!(::kanren::Step::Tail(#goal, __kanren_bound)),
        (_, true) => quote!(::kanren::Step::Done(::kanren::solve_all(
            &[#(#goals),*], #state, __kanren_k
        ))),
        (_, false) => quote! {
            if ::kanren::solve_all(&[#(#goals),*], #state, __kanren_k).is_break() {
                return ::kanren::Step::Done(::std::ops::ControlFlow::Break(()));
            }
        },
    };
    let run = quote! {
        #(let #used: ::kanren::Term = ::kanren::Term::from(#used);)*
        #run
    };
    if pairs.is_empty() {
        return quote!({
            let __kanren_bound: ::std::option::Option<::kanren::State> = None;
            #run
        });
    }
    // Patterns of structure and new variables only: matched by straight-line code that
    // reads the terms in place, the general matcher kept for arguments not yet built.
    if let Some(code) = straight {
        let skip = if last {
            quote!(::kanren::Step::Done(::std::ops::ControlFlow::Continue(())))
        } else {
            quote!(())
        };
        let prelude = fast_match(&ops, k, &vars, &code);
        return quote!('__kanren_clause: {
            #prelude
            let (__kanren_refs, __kanren_bound) = match __kanren_fast {
                ::std::result::Result::Ok(refs) => (refs, ::std::option::Option::None),
                ::std::result::Result::Err(1..) => break '__kanren_clause #skip,
                ::std::result::Result::Err(0) => match #general {
                    ::std::option::Option::Some((slots, bound)) => {
                        __kanren_owned = slots;
                        (__kanren_owned.each_ref(), bound)
                    }
                    ::std::option::Option::None => break '__kanren_clause #skip,
                },
            };
            let [#(#vars),*] = __kanren_refs;
            #run
        });
    }
    let otherwise = if last {
        quote!(else { ::kanren::Step::Done(::std::ops::ControlFlow::Continue(())) })
    } else {
        quote!()
    };
    quote!({
        const __KANREN_PATTERN: &[::kanren::PatOp] = &[#(#ops),*];
        if let ::std::option::Option::Some((__kanren_slots, __kanren_bound)) = #general {
            let [#(#vars),*] = __kanren_slots;
            #(let #vars = &#vars;)*
            #run
        } #otherwise
    })
}

/// Appends to `out` the statements that match `p` against the term `t` (an expression of type
/// `&Term`) in the state `__kanren_s`, binding each pattern variable to the `&Term` it stands
/// over, as `kanren::match_args` would, and leaving the block `'__kanren_match` with
/// `Err(unbuilt)` where the term does not have the pattern's shape. `None` when the pattern
/// needs unification (a literal, an argument, a variable met again), which this code does not
/// do.
pub(crate) fn straight(
    p: &Pat,
    t: TokenStream,
    level: u32,
    args: &[Ident],
    seen: &mut Vec<Ident>,
    n: &mut usize,
    out: &mut TokenStream,
) -> Option<()> {
    // `Err(0)`: not decided here (a variable where the pattern has structure, or a
    // sequence of the other kind), so the general matcher takes over; `Err(level)`: no
    // match, at this pattern level (the argument's, counted from 1 over the patterns not `_`).
    let fail = |w: &Ident| {
        quote!(
            break '__kanren_match ::std::result::Result::Err(
                if ::std::matches!(#w, ::kanren::Term::Var(_) | ::kanren::Term::Vector(_)) {
                    0u32
                } else {
                    #level
                }
            )
        )
    };
    let fail_vector = |w: &Ident| {
        quote!(
            break '__kanren_match ::std::result::Result::Err(
                if ::std::matches!(
                    #w,
                    ::kanren::Term::Var(_) | ::kanren::Term::Pair(_) | ::kanren::Term::Nil
                ) {
                    0u32
                } else {
                    #level
                }
            )
        )
    };
    match p {
        Pat::Blank => {}
        // Literals and maps are matched by the general matcher.
        Pat::Value(_) | Pat::Sym(_) | Pat::Map(_) => return None,
        Pat::Name(id) => {
            if args.contains(id) || seen.contains(id) {
                return None;
            }
            seen.push(id.clone());
            out.extend(quote!(let #id = __kanren_s.walk_ref(#t);));
        }
        Pat::Vector(items) => {
            let (w, v) = (local("t", n), local("v", n));
            let (len, fail) = (items.len(), fail_vector(&w));
            out.extend(quote! {
                let #w = __kanren_s.walk_ref(#t);
                let ::kanren::Term::Vector(#v) = #w else { #fail };
                if #v.len() != #len {
                    break '__kanren_match ::std::result::Result::Err(#level);
                }
            });
            for (i, item) in items.iter().enumerate() {
                straight(item, quote!(&#v[#i]), level, args, seen, n, out)?;
            }
        }
        Pat::List(items, tail) => {
            let mut rest = t;
            for item in items {
                let (w, pair) = (local("t", n), local("p", n));
                let fail = fail(&w);
                out.extend(quote! {
                    let #w = __kanren_s.walk_ref(#rest);
                    let ::kanren::Term::Pair(#pair) = #w else { #fail };
                });
                straight(item, quote!(&#pair.0), level, args, seen, n, out)?;
                rest = quote!(&#pair.1);
            }
            match tail {
                Some(tail) => straight(tail, rest, level, args, seen, n, out)?,
                None => {
                    let w = local("t", n);
                    let fail = fail(&w);
                    out.extend(quote! {
                        let #w = __kanren_s.walk_ref(#rest);
                        if !::std::matches!(#w, ::kanren::Term::Nil) { #fail }
                    });
                }
            }
        }
    }
    Some(())
}

/// A new local name of the generated code, out of the user's reach.
fn local(what: &str, n: &mut usize) -> Ident {
    *n += 1;
    format_ident!("__kanren_{}{}", what, *n, span = Span::mixed_site())
}

/// Whether the identifier `id` occurs anywhere in `ts` (conservatively: any token spelled
/// the same counts).
pub(crate) fn mentions(ts: &TokenStream, id: &Ident) -> bool {
    ts.clone().into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => i == *id,
        TokenTree::Group(g) => mentions(&g.stream(), id),
        _ => false,
    })
}
