//! `db!`: a fact database written as core.logic's `db` writes it, `[rel arg ...]` per fact,
//! the arguments in the syntax of `term!`.

use crate::err;
use crate::parse::{parse_seq, Error};
use crate::term::build;
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;

/// `base; [rel args...] ...` or `[rel args...] ...`: `base` (or an empty database) with the
/// facts added in order. `rel` is a relation declared by `db_rel!`, named by a path.
pub(crate) fn expand(input: TokenStream) -> Result<TokenStream, Error> {
    let tts: Vec<TokenTree> = input.into_iter().collect();
    let semi = tts
        .iter()
        .position(|tt| matches!(tt, TokenTree::Punct(p) if p.as_char() == ';'));
    let (base, facts) = match semi {
        Some(i) => {
            let base: TokenStream = tts[..i].iter().cloned().collect();
            (quote!(::std::clone::Clone::clone(&#base)), &tts[i + 1..])
        }
        None => (quote!(::kanren::pldb::Db::new()), &tts[..]),
    };
    let mut adds = Vec::new();
    for tt in facts {
        let TokenTree::Group(fact) = tt else {
            return err(tt.span(), "expected a fact `[rel arg ...]`");
        };
        if fact.delimiter() != Delimiter::Bracket {
            return err(fact.span(), "expected a fact `[rel arg ...]`");
        }
        let parts: Vec<TokenTree> = fact.stream().into_iter().collect();
        // The relation: a path `a::b::rel`.
        let mut end = 0;
        while matches!(parts.get(end), Some(TokenTree::Ident(_))) {
            end += 1;
            let colons =
                |k: usize| matches!(parts.get(k), Some(TokenTree::Punct(p)) if p.as_char() == ':');
            if colons(end) && colons(end + 1) {
                end += 2;
            } else {
                break;
            }
        }
        if end == 0 {
            return err(fact.span(), "a fact starts with its relation's name");
        }
        let rel: TokenStream = parts[..end].iter().cloned().collect();
        let args = parse_seq(parts[end..].iter().cloned().collect())?;
        let args = args.iter().map(build);
        adds.push(quote!(.fact(#rel::rel(), [#(#args),*])));
    }
    Ok(quote!(#base #(#adds)*))
}
