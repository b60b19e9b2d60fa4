//! `defrel!` and `tabled!`: a relation written as the body of a function, whose closures get
//! the arguments they use without clone lines (see `capture.rs`).

use crate::capture::{capture, Names};
use crate::{err, Error};
use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use quote::quote;

/// A function item as the relation macros read it: `#[attr]* vis fn name(params) { body }`.
pub(crate) struct Item {
    /// The attributes and the visibility, passed through.
    pub(crate) head: TokenStream,
    pub(crate) name: Ident,
    pub(crate) params: Group,
    pub(crate) body: Group,
}

/// Reads `input` as an [`Item`]; `shape` names the expected form in the error.
pub(crate) fn item(input: TokenStream, shape: &str) -> Result<Item, Error> {
    let tts: Vec<TokenTree> = input.into_iter().collect();
    let expected = format!("expected `fn name(args) {shape}`");
    let Some(f) = tts
        .iter()
        .position(|tt| matches!(tt, TokenTree::Ident(id) if id == "fn"))
    else {
        return err(Span::call_site(), &expected);
    };
    match &tts[f + 1..] {
        [TokenTree::Ident(name), TokenTree::Group(p), TokenTree::Group(b)]
            if p.delimiter() == Delimiter::Parenthesis && b.delimiter() == Delimiter::Brace =>
        {
            Ok(Item {
                head: tts[..f].iter().cloned().collect(),
                name: name.clone(),
                params: p.clone(),
                body: b.clone(),
            })
        }
        _ => err(tts[f].span(), &expected),
    }
}

/// A parameter: its name and, for a Rust value that is not a term, its type.
struct Param {
    name: Ident,
    ty: Option<TokenStream>,
}

/// `a, n: i64, m: HashMap<K, V>`: commas inside `<...>` belong to a type.
fn params(group: &Group) -> Result<Vec<Param>, Error> {
    let mut pieces = vec![Vec::new()];
    let mut depth = 0i32;
    for tt in group.stream() {
        match &tt {
            TokenTree::Punct(p) if p.as_char() == '<' => depth += 1,
            TokenTree::Punct(p) if p.as_char() == '>' => depth -= 1,
            TokenTree::Punct(p) if p.as_char() == ',' && depth == 0 => {
                pieces.push(Vec::new());
                continue;
            }
            _ => {}
        }
        pieces.last_mut().expect("non-empty").push(tt);
    }
    pieces
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(|p| match p.as_slice() {
            [TokenTree::Ident(name)] => Ok(Param {
                name: name.clone(),
                ty: None,
            }),
            [TokenTree::Ident(name), TokenTree::Punct(colon), ty @ ..]
                if colon.as_char() == ':' && !ty.is_empty() =>
            {
                Ok(Param {
                    name: name.clone(),
                    ty: Some(ty.iter().cloned().collect()),
                })
            }
            other => err(
                other[0].span(),
                "a parameter is a name (a term) or `name: Type`",
            ),
        })
        .collect()
}

/// A relation macro's input read: the item, its parameters and their names, and the body's
/// statements with the closures they build given copies of the arguments they use.
struct Relation {
    head: TokenStream,
    name: Ident,
    params: Vec<Param>,
    names: Vec<Ident>,
    body: TokenStream,
}

fn relation(input: TokenStream) -> Result<Relation, Error> {
    let Item {
        head,
        name,
        params: group,
        body,
    } = item(input, "{ body }")?;
    let params = params(&group)?;
    let names: Vec<Ident> = params.iter().map(|p| p.name.clone()).collect();
    let body = capture(&body.stream(), &names, Names::Values);
    Ok(Relation {
        head,
        name,
        params,
        names,
        body,
    })
}

/// `defrel!`: a function returning a goal whose body is built when the goal runs.
pub(crate) fn defrel(input: TokenStream) -> Result<TokenStream, Error> {
    let Relation {
        head,
        name,
        params,
        names,
        body,
    } = relation(input)?;
    let types: Vec<TokenStream> = params
        .iter()
        .map(|p| p.ty.clone().unwrap_or_else(|| quote!(::kanren::Term)))
        .collect();
    Ok(quote! {
        #head fn #name(#(#names: impl ::std::convert::Into<#types>),*) -> ::kanren::Goal {
            #(let #names = ::std::convert::Into::<#types>::into(#names);)*
            ::kanren::Goal::lazy(move || {
                #(let #names = ::std::clone::Clone::clone(&#names);)*
                #body
            })
        }
    })
}

/// `tabled!`: a function whose calls go through one table, made when first called.
pub(crate) fn tabled(input: TokenStream) -> Result<TokenStream, Error> {
    let Relation {
        head,
        name,
        params,
        names,
        body,
    } = relation(input)?;
    if let Some(p) = params.iter().find(|p| p.ty.is_some()) {
        return err(
            p.name.span(),
            "a tabled relation's arguments are terms: write the name alone",
        );
    }
    let n = names.len();
    Ok(quote! {
        #head fn #name(#(#names: impl ::std::convert::Into<::kanren::Term>),*) -> ::kanren::Goal {
            static TABLE: ::std::sync::LazyLock<::kanren::Tabled<#n>> =
                ::std::sync::LazyLock::new(|| {
                    ::kanren::Tabled::new(|_, [#(#names),*]: [::kanren::Term; #n]| { #body })
                });
            TABLE.call([#(::std::convert::Into::<::kanren::Term>::into(#names)),*])
        }
    })
}
