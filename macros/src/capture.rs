//! Goals that build closures inside a clause: the clause's names that a nested closure uses
//! are handed to it as owned clones, so that the natural code compiles.
//!
//! Inside a clause the arguments are owned `Term`s and the pattern variables `&Term`s that
//! borrow from the match. A closure that a goal builds (`fresh(move |[z]| ...)`, or the one
//! inside a nested `matche!`, `fresh!` or `project!`) must own what it uses (it is `'static`)
//! and may run many times (it is `Fn`), so it can neither keep a pattern variable's borrow nor
//! move an argument out; and moving an argument into it would take it from the goals after
//! it. So, for a goal that names clause names inside a closure:
//!
//! ```text
//! goal  =>  { let x: Term = Term::from(&x); ... goal' }   the closure captures this clone
//! |p| body  =>  |p| { let x = x.clone(); ... body }        a clone for each run
//! ```
//!
//! and likewise around each goal given to a nested `fresh!`, `project!` or `matche!` (whose
//! goals are the bodies of the closures they build). A goal that builds no closure, or whose
//! closures name no clause name, is left exactly as written: the hot paths of a relation
//! (such as `project!` over its own variables) get no clone they do not need.
//!
//! The rewriting reads tokens, not Rust syntax: a closure starts with `|` where an expression
//! starts (first, after `,` `;` `=` `=>` or `move`) and its body runs to the next `,` or `;`
//! (or is the block after `-> Type`). A name counts as used unless it follows a `.` or comes
//! before `::` or `!`; a name bound by the closure's parameters, the variables of a nested
//! `fresh!`/`project!`, or the patterns and plain arguments of a nested `matche!` is not the
//! clause's. Reading too much only costs a clone.

use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};
use quote::quote;

/// The goal with the clause `names` its closures use cloned into them (see the module docs);
/// the goal itself when there are none.
pub(crate) fn capture(goal: &TokenStream, names: &[Ident]) -> TokenStream {
    let mut walker = Walker {
        names,
        used: Vec::new(),
    };
    let out = walker.walk(goal.clone(), &[], false);
    if walker.used.is_empty() {
        return goal.clone();
    }
    // A pattern variable is a `&Term`, an argument a `Term`: both become owned terms.
    let used = &walker.used;
    quote!({
        #(let #used: ::kanren::Term = ::kanren::Term::from(&#used);)*
        #out
    })
}

/// `{ let x = x.clone(); ... body }`: inside a closure, each name it uses is the owned clone
/// made around the goal (or around an enclosing closure's body).
fn clones(used: &[Ident], body: TokenStream) -> TokenStream {
    quote!({
        #(let #used = ::std::clone::Clone::clone(&#used);)*
        #body
    })
}

struct Walker<'a> {
    /// The clause's names: arguments and pattern variables.
    names: &'a [Ident],
    /// The names used inside closures, in order of first use.
    used: Vec<Ident>,
}

impl Walker<'_> {
    fn note(&mut self, id: &Ident) {
        if !self.used.contains(id) {
            self.used.push(id.clone());
        }
    }

    /// `ts` rewritten; `shadow` are names bound in between (not the clause's), `inside` says
    /// whether `ts` is inside a closure.
    fn walk(&mut self, ts: TokenStream, shadow: &[Ident], inside: bool) -> TokenStream {
        let tts: Vec<TokenTree> = ts.into_iter().collect();
        let mut out = TokenStream::new();
        let mut i = 0;
        while i < tts.len() {
            match &tts[i] {
                TokenTree::Ident(id) if is_punct(tts.get(i + 1), '!') => {
                    if let Some(TokenTree::Group(g)) = tts.get(i + 2) {
                        let inner = self.macro_call(&id.to_string(), g.stream(), shadow, inside);
                        out.extend([tts[i].clone(), tts[i + 1].clone()]);
                        out.extend([regroup(g, inner)]);
                        i += 3;
                        continue;
                    }
                    out.extend([tts[i].clone()]);
                }
                TokenTree::Ident(id) => {
                    let field = i > 0 && is_punct(tts.get(i - 1), '.');
                    let path = is_punct(tts.get(i + 1), ':');
                    if inside && !field && !path && self.names.contains(id) && !shadow.contains(id)
                    {
                        self.note(id);
                    }
                    out.extend([tts[i].clone()]);
                }
                TokenTree::Punct(p) if p.as_char() == '|' && closure_starts(&tts[..i]) => {
                    i = self.closure(&tts, i, shadow, &mut out);
                    continue;
                }
                TokenTree::Group(g) => {
                    let inner = self.walk(g.stream(), shadow, inside);
                    out.extend([regroup(g, inner)]);
                }
                other => out.extend([other.clone()]),
            }
            i += 1;
        }
        out
    }

    /// The closure starting at `tts[start]` (a `|`), rewritten into `out`; the index after it.
    fn closure(
        &mut self,
        tts: &[TokenTree],
        start: usize,
        shadow: &[Ident],
        out: &mut TokenStream,
    ) -> usize {
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
        out.extend(tts[start..=close].iter().cloned());
        let k = close + 1;
        let returns = is_punct(tts.get(k), '-') && is_punct(tts.get(k + 1), '>');
        let (body, end) = if returns {
            let block = (k..tts.len()).find(
                |&j| matches!(&tts[j], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace),
            );
            let Some(b) = block else {
                out.extend(tts[k..].iter().cloned());
                return tts.len();
            };
            out.extend(tts[k..b].iter().cloned());
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
        let mut sub = Walker {
            names: self.names,
            used: Vec::new(),
        };
        let inner = sub.walk(inner, &inner_shadow, true);
        sub.used.iter().for_each(|id| self.note(id));
        let used = &sub.used;
        match block {
            Some(g) => out.extend([regroup(
                &g,
                quote!(#(let #used = ::std::clone::Clone::clone(&#used);)* #inner),
            )]),
            None if used.is_empty() => out.extend(inner),
            None => out.extend(clones(used, inner)),
        }
        end
    }

    /// The tokens of a macro call `name!(ts)`, rewritten.
    fn macro_call(
        &mut self,
        name: &str,
        ts: TokenStream,
        shadow: &[Ident],
        inside: bool,
    ) -> TokenStream {
        match name {
            // `fresh!([vars], goals...)` and `project!([vars] => goals...)`: the goals are the
            // body of a closure in which the variables are bound.
            "fresh" | "project" => {
                let tts: Vec<TokenTree> = ts.into_iter().collect();
                let Some(TokenTree::Group(vars)) = tts.first() else {
                    return self.walk(tts.into_iter().collect(), shadow, inside);
                };
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
                out.extend(self.goals(goals, &inner_shadow));
                out
            }
            // `matche!([args], ([patterns] goals...) ...)`: the arguments are evaluated in
            // place; each clause's goals are the body of closures in which its pattern
            // variables and plain arguments are bound.
            "matche" | "matcha" | "matchu" => {
                let tts: Vec<TokenTree> = ts.into_iter().collect();
                let Some(TokenTree::Group(args)) = tts.first() else {
                    return self.walk(tts.into_iter().collect(), shadow, inside);
                };
                let mut clause_shadow = shadow.to_vec();
                for arg in split_commas(args.stream()) {
                    if let [TokenTree::Ident(id)] = arg.into_iter().collect::<Vec<_>>().as_slice() {
                        clause_shadow.push(id.clone());
                    }
                }
                let mut out =
                    TokenStream::from(regroup(args, self.walk(args.stream(), shadow, inside)));
                for tt in &tts[1..] {
                    match tt {
                        TokenTree::Group(c) if c.delimiter() == Delimiter::Parenthesis => {
                            out.extend([regroup(c, self.clause(c.stream(), &clause_shadow))]);
                        }
                        other => out.extend([other.clone()]),
                    }
                }
                out
            }
            // Any other macro (`conde!`, `list!`, `vec!`, ...) is read as code in place.
            _ => self.walk(ts, shadow, inside),
        }
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

    /// Code that runs inside a closure: rewritten, and given the clones of the clause names it
    /// uses, which the closure then captures from here.
    fn in_closure(&mut self, ts: TokenStream, shadow: &[Ident]) -> TokenStream {
        let mut sub = Walker {
            names: self.names,
            used: Vec::new(),
        };
        let body = sub.walk(ts, shadow, true);
        if sub.used.is_empty() {
            return body;
        }
        sub.used.iter().for_each(|id| self.note(id));
        clones(&sub.used, body)
    }
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

    #[test]
    fn a_projection_over_its_own_variables_is_left_as_written() {
        // The relational queens' `safeo`: its hot path must not gain a clone.
        let goal: TokenStream =
            "kanren::project!([x1, x2, y1, y2] => neq(x2 - x1, y2 - y1), neq(x1 - y2, x2 - y1))"
                .parse()
                .unwrap();
        let out = capture(&goal, &names(&["q", "others", "x1", "y1", "x2", "y2", "t"]));
        assert_eq!(out.to_string(), goal.to_string());
        let plain: TokenStream = "safeo([x1, y1], t)".parse().unwrap();
        let out = capture(&plain, &names(&["x1", "y1", "t"]));
        assert_eq!(out.to_string(), plain.to_string());
    }

    #[test]
    fn a_closure_gets_clones_of_the_clause_names_it_uses() {
        let goal: TokenStream = "fresh(move |[z]| eq(z, h))".parse().unwrap();
        let out = capture(&goal, &names(&["h", "z"]));
        let want: TokenStream = "{ let h: ::kanren::Term = ::kanren::Term::from(&h);
              fresh(move |[z]| { let h = ::std::clone::Clone::clone(&h); eq(z, h) }) }"
            .parse()
            .unwrap();
        assert_eq!(out.to_string(), want.to_string());
    }

    #[test]
    fn a_block_body_gets_its_clones_inside() {
        let goal: TokenStream = "fresh(move |[z]| -> Goal { eq(z, h) })".parse().unwrap();
        let out = capture(&goal, &names(&["h"]));
        let want: TokenStream = "{ let h: ::kanren::Term = ::kanren::Term::from(&h);
              fresh(move |[z]| -> Goal { let h = ::std::clone::Clone::clone(&h); eq(z, h) }) }"
            .parse()
            .unwrap();
        assert_eq!(out.to_string(), want.to_string());
    }

    #[test]
    fn methods_paths_and_bound_names_are_not_the_clauses() {
        let goal: TokenStream = "fresh!([z], eq(z, t.h), h::f(), x.h())".parse().unwrap();
        let out = capture(&goal, &names(&["h"]));
        assert_eq!(out.to_string(), goal.to_string());
    }
}
