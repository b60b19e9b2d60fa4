//! Closures built inside a relation's goals: the names of the clause (or of the relation's
//! body) that a closure uses are handed to it as owned clones, so that the natural code
//! compiles.
//!
//! Inside a `defne!`/`matche!` clause the arguments are owned `Term`s and the pattern
//! variables `&Term`s that borrow from the match; in a `defrel!`/`tabled!` body the arguments
//! are owned values. A closure that a goal builds (`fresh(move |[z]| ...)`, or the one inside
//! a nested `matche!`, `fresh!` or `project!`) must own what it uses (it is `'static`) and may
//! run many times (it is `Fn`), so it can neither keep a pattern variable's borrow nor move a
//! name out; and moving a name into it would take it from the code after it (another
//! `conde!` branch, another closure). So each closure gets its own copies, made where it is
//! built, and clones them again each time it runs:
//!
//! ```text
//! move |p| body   =>  { let x = copy(x); ... move |p| { let x = x.clone(); ... body } }
//! fresh!([v], g)  =>  { let x = copy(x); ... fresh!([v], { let x = x.clone(); ... g }) }
//! ```
//!
//! where `copy(x)` is `Term::from(&x)` in a clause (a pattern variable is a `&Term`) and
//! `x.clone()` in a `defrel!` body. A closure without `move` borrows the names where it is
//! built and only clones them in its body. A nested `matche!` builds one closure per clause: it is
//! told the names its clauses use (`matche!(@capture [x] [args] ...)`), and copies them per
//! clause itself. Code that builds no closure, or whose closures name none of these names, is
//! left exactly as written: the hot paths of a relation (such as `project!` over its own
//! variables) get no clone they do not need.
//!
//! The rewriting reads tokens, not Rust syntax: a closure starts with `|` where an expression
//! starts (first, after `,` `;` `=` `=>`, `move` or `return`) and its body runs to the next
//! `,` or `;` (or is the block after `-> Type`). A name counts as used unless it follows a `.`
//! or comes before `::` or `!`; a name bound by the closure's parameters, the variables of a
//! nested `fresh!`/`project!`, or the patterns and plain arguments of a nested `matche!` is
//! not one of them. Reading too much only costs a clone.

use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};
use quote::quote;

/// What the names are, which says how the site of a closure copies one.
#[derive(Clone, Copy)]
pub(crate) enum Names {
    /// A clause's: terms and `&Term`s, copied by `Term::from(&x)`.
    Terms,
    /// A `defrel!` body's: owned values of any `Clone` type, copied by `x.clone()`.
    Values,
}

/// The goal with the `names` its closures use copied into them (see the module docs); the
/// goal itself when there are none.
pub(crate) fn capture(goal: &TokenStream, names: &[Ident], copy: Names) -> TokenStream {
    let mut walker = Walker::new(names, copy);
    walker.walk(goal.clone(), &[], false)
}

/// `{ let x = copy(x); ... code }`: the copies a closure built by `code` takes.
fn site(used: &[Ident], copy: Names, code: TokenStream) -> TokenTree {
    let copies = used.iter().map(|id| match copy {
        Names::Terms => quote!(let #id: ::kanren::Term = ::kanren::Term::from(&#id);),
        Names::Values => quote!(let #id = ::std::clone::Clone::clone(&#id);),
    });
    TokenTree::Group(Group::new(Delimiter::Brace, quote!(#(#copies)* #code)))
}

/// `let x = x.clone(); ...`: inside a closure, each name it uses is a clone of its copy.
fn clones(used: &[Ident]) -> TokenStream {
    quote!(#(let #used = ::std::clone::Clone::clone(&#used);)*)
}

struct Walker<'a> {
    /// The clause's names: arguments and pattern variables.
    names: &'a [Ident],
    /// How a closure's site copies them.
    copy: Names,
    /// The names used inside closures, in order of first use.
    used: Vec<Ident>,
}

impl<'a> Walker<'a> {
    fn new(names: &'a [Ident], copy: Names) -> Self {
        Walker {
            names,
            copy,
            used: Vec::new(),
        }
    }

    fn note(&mut self, id: &Ident) {
        if !self.used.contains(id) {
            self.used.push(id.clone());
        }
    }

    /// A walker for code inside a closure built here; what it finds used is used here too.
    fn sub(&self) -> Walker<'a> {
        Walker::new(self.names, self.copy)
    }

    fn absorb(&mut self, sub: &Walker<'_>) {
        sub.used.iter().for_each(|id| self.note(id));
    }

    /// `ts` rewritten; `shadow` are names bound in between (not the clause's), `inside` says
    /// whether `ts` is inside a closure.
    fn walk(&mut self, ts: TokenStream, shadow: &[Ident], inside: bool) -> TokenStream {
        let tts: Vec<TokenTree> = ts.into_iter().collect();
        let mut out: Vec<TokenTree> = Vec::new();
        let mut i = 0;
        while i < tts.len() {
            match &tts[i] {
                TokenTree::Ident(id) if is_punct(tts.get(i + 1), '!') => {
                    if let Some(TokenTree::Group(g)) = tts.get(i + 2) {
                        // A path before the name (`kanren::fresh!`) belongs to the call.
                        let mut call = path_before(&mut out);
                        call.extend([tts[i].clone(), tts[i + 1].clone()]);
                        out.extend(self.macro_call(id, call, g, shadow, inside));
                        i += 3;
                        continue;
                    }
                    out.push(tts[i].clone());
                }
                TokenTree::Ident(id) => {
                    let field = i > 0 && is_punct(tts.get(i - 1), '.');
                    let path = is_punct(tts.get(i + 1), ':');
                    if inside && !field && !path && self.names.contains(id) && !shadow.contains(id)
                    {
                        self.note(id);
                    }
                    out.push(tts[i].clone());
                }
                TokenTree::Punct(p) if p.as_char() == '|' && closure_starts(&tts[..i]) => {
                    // `move` belongs to the closure, inside its site's block.
                    let moves = matches!(out.last(), Some(TokenTree::Ident(m)) if m == "move");
                    let prefix: Vec<TokenTree> = if moves {
                        out.pop().into_iter().collect()
                    } else {
                        Vec::new()
                    };
                    let (closure, end) = self.closure(&tts, i, shadow, prefix);
                    out.extend(closure);
                    i = end;
                    continue;
                }
                TokenTree::Group(g) => {
                    let inner = self.walk(g.stream(), shadow, inside);
                    out.push(regroup(g, inner));
                }
                other => out.push(other.clone()),
            }
            i += 1;
        }
        out.into_iter().collect()
    }

    /// The closure starting at `tts[start]` (a `|`), after `prefix` (`move` or nothing),
    /// rewritten; and the index after it.
    fn closure(
        &mut self,
        tts: &[TokenTree],
        start: usize,
        shadow: &[Ident],
        prefix: Vec<TokenTree>,
    ) -> (Vec<TokenTree>, usize) {
        let close = match &tts[start] {
            TokenTree::Punct(p)
                if p.spacing() == Spacing::Joint && is_punct(tts.get(start + 1), '|') =>
            {
                start + 1
            }
            _ => (start + 1..tts.len())
                .find(|&j| is_punct(tts.get(j), '|'))
                .unwrap_or(tts.len() - 1),
        };
        let mut inner_shadow = shadow.to_vec();
        for tt in &tts[start + 1..close] {
            idents(tt, &mut inner_shadow);
        }
        let mut head: Vec<TokenTree> = prefix;
        head.extend(tts[start..=close].iter().cloned());
        let k = close + 1;
        let returns = is_punct(tts.get(k), '-') && is_punct(tts.get(k + 1), '>');
        let (body, end) = if returns {
            let block = (k..tts.len()).find(
                |&j| matches!(&tts[j], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace),
            );
            let Some(b) = block else {
                head.extend(tts[k..].iter().cloned());
                return (head, tts.len());
            };
            head.extend(tts[k..b].iter().cloned());
            (TokenStream::from(tts[b].clone()), b + 1)
        } else {
            let end = (k..tts.len())
                .find(|&j| is_punct(tts.get(j), ',') || is_punct(tts.get(j), ';'))
                .unwrap_or(tts.len());
            (tts[k..end].iter().cloned().collect(), end)
        };
        // A body that is a block gets the clones at its start, not a block around it.
        let block = match body.clone().into_iter().collect::<Vec<_>>().as_slice() {
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Brace => Some(g.clone()),
            _ => None,
        };
        let inner = block.as_ref().map_or(body, Group::stream);
        let mut sub = self.sub();
        let inner = sub.walk(inner, &inner_shadow, true);
        self.absorb(&sub);
        let used = &sub.used;
        if used.is_empty() {
            head.extend(match block {
                Some(g) => vec![regroup(&g, inner)],
                None => inner.into_iter().collect(),
            });
            return (head, end);
        }
        let clones = clones(used);
        let body = match block {
            Some(g) => regroup(&g, quote!(#clones #inner)),
            None => TokenTree::Group(Group::new(Delimiter::Brace, quote!(#clones #inner))),
        };
        // A closure without `move` borrows what it names, where it is: it needs no copies.
        let moves = !head.is_empty() && matches!(&head[0], TokenTree::Ident(m) if m == "move");
        head.push(body);
        if !moves {
            return (head, end);
        }
        let closure: TokenStream = head.into_iter().collect();
        (vec![site(used, self.copy, closure)], end)
    }

    /// The macro call `path::name!(g)` (`call` is `path::name !`), rewritten: `fresh!`,
    /// `project!` and the `match` macros build closures and get their copies at the site, any
    /// other macro's tokens are read as code in place.
    fn macro_call(
        &mut self,
        name: &Ident,
        mut call: Vec<TokenTree>,
        g: &Group,
        shadow: &[Ident],
        inside: bool,
    ) -> Vec<TokenTree> {
        let name = name.to_string();
        let builds = ["fresh", "project", "matche", "matcha", "matchu"].contains(&name.as_str());
        if !builds {
            let inner = self.walk(g.stream(), shadow, inside);
            call.push(regroup(g, inner));
            return call;
        }
        let mut sub = self.sub();
        let tts: Vec<TokenTree> = g.stream().into_iter().collect();
        let inner = match tts.first() {
            // `fresh!([vars], goals...)` and `project!([vars] => goals...)`: the goals are the
            // body of a closure in which the variables are bound.
            Some(TokenTree::Group(vars)) if name == "fresh" || name == "project" => {
                let mut inner_shadow = shadow.to_vec();
                idents(&tts[0], &mut inner_shadow);
                let mut out = TokenStream::from(TokenTree::Group(vars.clone()));
                let mut rest = 1;
                while rest < tts.len()
                    && [',', '=', '>'].iter().any(|&c| is_punct(tts.get(rest), c))
                {
                    out.extend([tts[rest].clone()]); // `,` or `=>`
                    rest += 1;
                }
                let goals = split_commas(tts[rest..].iter().cloned().collect());
                out.extend(sub.goals(goals, &inner_shadow));
                out
            }
            // `matche!([args], ([patterns] goals...) ...)`: the arguments are evaluated in
            // place; each clause's goals are the body of closures in which its pattern
            // variables and plain arguments are bound.
            Some(TokenTree::Group(args)) if args.delimiter() == Delimiter::Bracket => {
                let mut clause_shadow = shadow.to_vec();
                for arg in split_commas(args.stream()) {
                    if let [TokenTree::Ident(id)] = arg.into_iter().collect::<Vec<_>>().as_slice() {
                        clause_shadow.push(id.clone());
                    }
                }
                let args = regroup(args, self.walk(args.stream(), shadow, inside));
                let mut clauses = TokenStream::new();
                for tt in &tts[1..] {
                    clauses.extend([match tt {
                        TokenTree::Group(c) if c.delimiter() == Delimiter::Parenthesis => {
                            regroup(c, sub.clause(c.stream(), &clause_shadow))
                        }
                        other => other.clone(),
                    }]);
                }
                // Each clause is its own closure: the macro copies these names per clause.
                let used = &sub.used;
                let hint = (!used.is_empty()).then(|| quote!(@capture [#(#used),*]));
                quote!(#hint #args #clauses)
            }
            _ => self.walk(g.stream(), shadow, inside),
        };
        self.absorb(&sub);
        call.push(regroup(g, inner));
        if sub.used.is_empty() {
            return call;
        }
        vec![site(&sub.used, self.copy, call.into_iter().collect())]
    }

    /// A nested `matche!` clause `[patterns] goals...`.
    fn clause(&mut self, ts: TokenStream, shadow: &[Ident]) -> TokenStream {
        let tts: Vec<TokenTree> = ts.into_iter().collect();
        let Some(TokenTree::Group(pats)) = tts.first() else {
            return tts.into_iter().collect();
        };
        let mut inner_shadow = shadow.to_vec();
        idents(&tts[0], &mut inner_shadow);
        // Escaped expressions `{expr}` in the patterns are built inside the closures too.
        let pats = regroup(pats, self.escapes(pats.stream(), &inner_shadow));
        let mut out = TokenStream::from(pats);
        out.extend(self.goals(
            split_commas(tts[1..].iter().cloned().collect()),
            &inner_shadow,
        ));
        out
    }

    /// The `{expr}`s of a pattern, each given the clones it needs.
    fn escapes(&mut self, ts: TokenStream, shadow: &[Ident]) -> TokenStream {
        ts.into_iter()
            .map(|tt| match &tt {
                TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                    let body = self.in_closure(g.stream(), shadow);
                    regroup(g, body)
                }
                TokenTree::Group(g) => regroup(g, self.escapes(g.stream(), shadow)),
                _ => tt,
            })
            .collect()
    }

    /// Goals that are the body of a closure, joined by commas, each given its clones.
    fn goals(&mut self, goals: Vec<TokenStream>, shadow: &[Ident]) -> TokenStream {
        let goals = goals.into_iter().map(|g| self.in_closure(g, shadow));
        quote!(#(#goals),*)
    }

    /// Code that runs inside a closure: rewritten, and given the clones of the names it uses
    /// (noted here, so that the closure's site copies them).
    fn in_closure(&mut self, ts: TokenStream, shadow: &[Ident]) -> TokenStream {
        let mut sub = self.sub();
        let body = sub.walk(ts, shadow, true);
        if sub.used.is_empty() {
            return body;
        }
        self.absorb(&sub);
        let clones = clones(&sub.used);
        quote!({ #clones #body })
    }
}

/// `@capture [names]` at the start of a `matche!`'s input: the names its clauses use from
/// around it (see the module docs), and the rest of the input.
pub(crate) fn captured_names(input: TokenStream) -> (Vec<Ident>, TokenStream) {
    let tts: Vec<TokenTree> = input.clone().into_iter().collect();
    match tts.as_slice() {
        [TokenTree::Punct(at), TokenTree::Ident(kw), TokenTree::Group(names), rest @ ..]
            if at.as_char() == '@' && kw == "capture" =>
        {
            let mut ids = Vec::new();
            idents(&TokenTree::Group(names.clone()), &mut ids);
            (ids, rest.iter().cloned().collect())
        }
        _ => (Vec::new(), input),
    }
}

/// The path segments (`a::b::`, `::a::`) at the end of `out`, taken off it.
fn path_before(out: &mut Vec<TokenTree>) -> Vec<TokenTree> {
    let mut start = out.len();
    while start >= 2 && is_punct(out.get(start - 1), ':') && is_punct(out.get(start - 2), ':') {
        start -= 2;
        if matches!(out.get(start.wrapping_sub(1)), Some(TokenTree::Ident(_))) {
            start -= 1;
        }
    }
    out.split_off(start)
}

fn is_punct(tt: Option<&TokenTree>, c: char) -> bool {
    matches!(tt, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

/// Whether a `|` after the tokens `before` starts a closure: where an expression starts.
fn closure_starts(before: &[TokenTree]) -> bool {
    match before.last() {
        None => true,
        Some(TokenTree::Punct(p)) => match p.as_char() {
            ',' | ';' | '=' => true,
            '>' => before.len() >= 2 && is_punct(before.get(before.len() - 2), '='),
            _ => false,
        },
        Some(TokenTree::Ident(id)) => id == "move" || id == "return",
        _ => false,
    }
}

/// Every identifier in `tt` (names bound by a pattern, with some harmless extras).
fn idents(tt: &TokenTree, out: &mut Vec<Ident>) {
    match tt {
        TokenTree::Ident(id) => out.push(id.clone()),
        TokenTree::Group(g) => g.stream().into_iter().for_each(|t| idents(&t, out)),
        _ => {}
    }
}

fn regroup(g: &Group, stream: TokenStream) -> TokenTree {
    let mut new = Group::new(g.delimiter(), stream);
    new.set_span(g.span());
    TokenTree::Group(new)
}

fn split_commas(ts: TokenStream) -> Vec<TokenStream> {
    crate::split_commas(ts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(ns: &[&str]) -> Vec<Ident> {
        ns.iter()
            .map(|n| Ident::new(n, proc_macro2::Span::call_site()))
            .collect()
    }

    fn rewritten(code: &str, ns: &[&str]) -> String {
        capture(&code.parse().unwrap(), &names(ns), Names::Terms).to_string()
    }

    fn tokens(code: &str) -> String {
        code.parse::<TokenStream>().unwrap().to_string()
    }

    #[test]
    fn a_projection_over_its_own_variables_is_left_as_written() {
        // The relational queens' `safeo`: its hot path must not gain a clone.
        let goal =
            "kanren::project!([x1, x2, y1, y2] => neq(x2 - x1, y2 - y1), neq(x1 - y2, x2 - y1))";
        let all = ["q", "others", "x1", "y1", "x2", "y2", "t"];
        assert_eq!(rewritten(goal, &all), tokens(goal));
        assert_eq!(
            rewritten("safeo([x1, y1], t)", &all),
            tokens("safeo([x1, y1], t)")
        );
    }

    #[test]
    fn a_closure_gets_copies_of_the_names_it_uses_where_it_is_built() {
        let want = "fresh({ let h: ::kanren::Term = ::kanren::Term::from(&h);
            move |[z]| { let h = ::std::clone::Clone::clone(&h); eq(z, h) } })";
        assert_eq!(
            rewritten("fresh(move |[z]| eq(z, h))", &["h", "z"]),
            tokens(want)
        );
    }

    #[test]
    fn a_block_body_gets_its_clones_inside() {
        let want = "fresh({ let h: ::kanren::Term = ::kanren::Term::from(&h);
            move |[z]| -> Goal { let h = ::std::clone::Clone::clone(&h); eq(z, h) } })";
        let got = rewritten("fresh(move |[z]| -> Goal { eq(z, h) })", &["h"]);
        assert_eq!(got, tokens(want));
    }

    #[test]
    fn two_closures_in_one_goal_each_get_their_own_copies() {
        let got = rewritten(
            "conde!([fresh!([a], eq(a, x))], [fresh!([b], eq(b, x))])",
            &["x"],
        );
        let one = |v: &str| {
            format!(
                "{{ let x: ::kanren::Term = ::kanren::Term::from(&x);
                   fresh!([{v}], {{ let x = ::std::clone::Clone::clone(&x); eq({v}, x) }}) }}"
            )
        };
        assert_eq!(
            got,
            tokens(&format!("conde!([{}], [{}])", one("a"), one("b")))
        );
    }

    #[test]
    fn a_nested_matche_is_told_the_names_its_clauses_use() {
        let got = rewritten(
            "matche!([l], ([()] eq(x, 1)) ([[h . _]] eq(x, h)))",
            &["x", "l"],
        );
        let want = "{ let x: ::kanren::Term = ::kanren::Term::from(&x);
            matche!(@capture [x] [l],
                ([()] { let x = ::std::clone::Clone::clone(&x); eq(x, 1) })
                ([[h . _]] { let x = ::std::clone::Clone::clone(&x); eq(x, h) })) }";
        assert_eq!(got, tokens(want));
    }

    #[test]
    fn values_are_copied_by_clone() {
        let goal: TokenStream = "fresh!([z], eq(z, &n))".parse().unwrap();
        let got = capture(&goal, &names(&["n"]), Names::Values).to_string();
        let want = "{ let n = ::std::clone::Clone::clone(&n);
            fresh!([z], { let n = ::std::clone::Clone::clone(&n); eq(z, &n) }) }";
        assert_eq!(got, tokens(want));
    }

    #[test]
    fn methods_paths_and_bound_names_are_not_the_clauses() {
        let goal = "fresh!([z], eq(z, t.h), h::f(), x.h())";
        assert_eq!(rewritten(goal, &["h"]), tokens(goal));
    }
}
