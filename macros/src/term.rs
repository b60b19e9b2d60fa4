//! `term!`: a data term written in the pattern syntax, built as a Rust expression of type
//! `kanren::Term`.

use crate::parse::{parse_term, Error, Pat};
use proc_macro2::TokenStream;
use quote::quote;

/// The expression that builds the term `input`; each `_` is a new `Var::fresh()` every time
/// the expression is evaluated.
pub(crate) fn expand(input: TokenStream) -> Result<TokenStream, Error> {
    Ok(build(&parse_term(input)?))
}

pub(crate) fn build(p: &Pat) -> TokenStream {
    match p {
        Pat::Blank => quote!(::kanren::Term::Var(::kanren::Var::fresh())),
        Pat::Sym(name) => quote!(::kanren::Term::sym(#name)),
        Pat::Value(v) => quote!(::kanren::Term::from(#v)),
        // Data has no pattern variables: bare names are symbols (see `parse.rs`).
        Pat::Name(id) => {
            let name = id.to_string();
            quote!(::kanren::Term::sym(#name))
        }
        Pat::Vector(items) => {
            let items = items.iter().map(build);
            quote!(::kanren::Term::Vector(::std::sync::Arc::from([#(#items),*])))
        }
        Pat::List(items, None) if items.is_empty() => quote!(::kanren::Term::Nil),
        Pat::List(items, tail) => {
            let items = items.iter().map(build);
            let tail = tail
                .as_deref()
                .map_or_else(|| quote!(::kanren::Term::Nil), build);
            quote!(::kanren::Term::list_with_tail::<::kanren::Term>([#(#items),*], #tail))
        }
        Pat::Map(entries) => {
            let entries = entries.iter().map(|(k, v)| {
                let (k, v) = (build(k), build(v));
                quote!((#k, #v))
            });
            quote!(::kanren::Term::map::<::kanren::Term, ::kanren::Term>([#(#entries),*]))
        }
    }
}
