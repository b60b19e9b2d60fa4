//! `fd_eq!`: FD relations written as arithmetic (core.logic's `fd/eq`), parsed here in one
//! pass over the tokens, so an equation of any length expands (a `macro_rules!` muncher spent
//! one level of the compiler's recursion limit per token, and cryptarithfd-2's equation of
//! bench.clj went past it).
//!
//! Input: relations separated by commas, each `side REL side` with REL one of
//! `== != < <= > >=`. A side is a Rust expression over `+ - * /` and parentheses; every run of
//! tokens between operators (a variable, an integer, `v[i]`, a call) is a leaf,
//! `kanren::fd::Expr::leaf(..)`, and the operators are `Expr`'s, so Rust's precedence applies.

use crate::err;
use crate::pattern::Error;
use proc_macro2::{Delimiter, Group, Spacing, Span, TokenStream, TokenTree};
use quote::quote;

/// The expansion of `fd_eq!(input)`.
pub fn expand(input: TokenStream) -> Result<TokenStream, Error> {
    let mut rels = Vec::new();
    for rel in split_commas(input) {
        rels.push(relation(rel)?);
    }
    if rels.is_empty() {
        return err(
            Span::call_site(),
            "fd_eq!: expected a relation: == != < <= > >=",
        );
    }
    Ok(quote!(::kanren::conj([#(#rels),*])))
}

fn split_commas(input: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut out = vec![Vec::new()];
    for t in input {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => out.push(Vec::new()),
            _ => out.last_mut().expect("one at least").push(t),
        }
    }
    out.retain(|r| !r.is_empty());
    out
}

/// `lhs REL rhs` as `kanren::fd::constrain(Rel, lhs, rhs)`.
fn relation(tokens: Vec<TokenTree>) -> Result<TokenStream, Error> {
    let span = tokens[0].span();
    for i in 0..tokens.len() {
        let TokenTree::Punct(p) = &tokens[i] else {
            continue;
        };
        let next_eq = matches!(tokens.get(i + 1), Some(TokenTree::Punct(q)) if q.as_char() == '=')
            && p.spacing() == Spacing::Joint;
        let (rel, width) = match (p.as_char(), next_eq) {
            ('=', true) => ("Eq", 2),
            ('!', true) => ("Ne", 2),
            ('<', true) => ("Le", 2),
            ('>', true) => ("Ge", 2),
            ('<', false) => ("Lt", 1),
            ('>', false) => ("Gt", 1),
            _ => continue,
        };
        let (lhs, rhs) = (&tokens[..i], &tokens[i + width..]);
        if lhs.is_empty() || rhs.is_empty() {
            return err(p.span(), "fd_eq!: a relation needs a side on each hand");
        }
        let rel = proc_macro2::Ident::new(rel, p.span());
        let (lhs, rhs) = (side(lhs)?, side(rhs)?);
        return Ok(quote!(::kanren::fd::constrain(::kanren::fd::Rel::#rel, #lhs, #rhs)));
    }
    err(span, "fd_eq!: expected a relation: == != < <= > >=")
}

/// One side: leaves wrapped in `Expr::leaf`, operators and parenthesised sides kept.
fn side(tokens: &[TokenTree]) -> Result<TokenStream, Error> {
    let mut out = TokenStream::new();
    let mut leaf: Vec<TokenTree> = Vec::new();
    let flush = |leaf: &mut Vec<TokenTree>, out: &mut TokenStream| {
        if !leaf.is_empty() {
            let l: TokenStream = leaf.drain(..).collect();
            out.extend(quote!(::kanren::fd::Expr::leaf(#l)));
        }
    };
    for t in tokens {
        match t {
            TokenTree::Punct(p) if matches!(p.as_char(), '+' | '-' | '*' | '/') => {
                flush(&mut leaf, &mut out);
                out.extend([t.clone()]);
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis && leaf.is_empty() => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                if inner.is_empty() {
                    return err(g.span(), "fd_eq!: empty parentheses");
                }
                let mut group = Group::new(Delimiter::Parenthesis, side(&inner)?);
                group.set_span(g.span());
                out.extend([TokenTree::Group(group)]);
            }
            _ => leaf.push(t.clone()),
        }
    }
    flush(&mut leaf, &mut out);
    // Parenthesised, so that `a - b` on the right of `-` keeps its meaning.
    Ok(quote!((#out)))
}
