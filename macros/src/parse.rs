//! The one literal syntax of `term!` and of `defne`/`matche` patterns: parsing token trees
//! into [`Pat`].
//!
//! Both read the same spellings: `_`, `'sym`, `:k` and `:ns/k`, `nil`, `true`/`false`,
//! numbers, strings, `[...]`, `(... . tail)`, `{:k v ...}` and the splice `{expr}`. They differ
//! in one place: a bare name is a symbol in `term!` (data, like core.logic's quoted forms) and
//! a variable in a pattern (which binds it).

use proc_macro2::{Delimiter, Group, Ident, Span, TokenStream, TokenTree};
use quote::quote;

/// What is being parsed: a pattern (bare names are variables) or `term!`'s data (bare names
/// are symbols, and map keys may be any term).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Pattern,
    Data,
}

/// A parsed pattern or data term.
pub(crate) enum Pat {
    /// `_`: in a pattern, matches anything; in data, a fresh variable.
    Blank,
    /// A name in a pattern: a variable, or an argument.
    Name(Ident),
    /// A symbol or keyword, as `Term::sym` spells it (`englishman`, `:lam`, `:ns/k`, `nil`).
    Sym(String),
    /// A literal (`1`, `-1`, `"s"`, `true`) or a spliced expression `{expr}`.
    Value(TokenStream),
    /// `[a b c]`: a vector.
    Vector(Vec<Pat>),
    /// `[a b . t]` or `(a b . t)` (tail given) or `(a b)` / `()` (tail `()`): a list.
    List(Vec<Pat>, Option<Box<Pat>>),
    /// `{:a p :b q}`: a map (in a pattern, with keyword keys only).
    Map(Vec<(Pat, Pat)>),
}

impl Pat {
    /// Adds the names the pattern mentions (variables and arguments) to `out`.
    pub(crate) fn names(&self, out: &mut Vec<Ident>) {
        match self {
            Pat::Name(id) => out.push(id.clone()),
            Pat::Vector(items) => items.iter().for_each(|p| p.names(out)),
            Pat::Map(entries) => entries.iter().for_each(|(_, p)| p.names(out)),
            Pat::List(items, tail) => {
                items.iter().for_each(|p| p.names(out));
                if let Some(t) = tail {
                    t.names(out);
                }
            }
            Pat::Blank | Pat::Sym(_) | Pat::Value(_) => {}
        }
    }
}

pub(crate) type Error = (Span, String);

/// Parses the patterns inside a clause's `[...]`.
pub(crate) fn parse_seq(tokens: TokenStream) -> Result<Vec<Pat>, Error> {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let (items, tail) = parse_items(&tts, Mode::Pattern)?;
    if let Some(t) = tail {
        return Err((t.1, "a clause's patterns cannot have a dotted tail".into()));
    }
    Ok(items)
}

/// Parses the whole input of `term!`: exactly one term.
pub(crate) fn parse_term(tokens: TokenStream) -> Result<Pat, Error> {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let (pat, used) = parse_one(&tts, Mode::Data).ok_or_else(|| {
        (
            Span::call_site(),
            "expected a term, as `[a _ :k]`".to_string(),
        )
    })??;
    match tts.get(used) {
        None => Ok(pat),
        Some(tt) => Err((
            tt.span(),
            "expected one term (wrap several in `[...]` or `(...)`)".into(),
        )),
    }
}

type Tail = Option<(Pat, Span)>;

/// Parses `p1 p2 ... [. tail]`.
fn parse_items(tts: &[TokenTree], mode: Mode) -> Result<(Vec<Pat>, Tail), Error> {
    let mut items = Vec::new();
    let mut i = 0;
    while i < tts.len() {
        if let TokenTree::Punct(p) = &tts[i] {
            if p.as_char() == '.' {
                if items.is_empty() {
                    return Err((
                        p.span(),
                        "a dotted tail needs at least one item before `.`".into(),
                    ));
                }
                let (tail, used) = parse_one(&tts[i + 1..], mode)
                    .ok_or_else(|| (p.span(), "expected one term after `.`".to_string()))??;
                if i + 1 + used != tts.len() {
                    return Err((p.span(), "expected exactly one term after `.`".into()));
                }
                return Ok((items, Some((tail, p.span()))));
            }
        }
        let (pat, used) = parse_one(&tts[i..], mode).expect("non-empty")?;
        items.push(pat);
        i += used;
    }
    Ok((items, None))
}

/// Parses one pattern from the front of `tts`: the pattern and how many token trees it used.
fn parse_one(tts: &[TokenTree], mode: Mode) -> Option<Result<(Pat, usize), Error>> {
    let first = tts.first()?;
    Some(match first {
        TokenTree::Ident(id) if id == "_" => Ok((Pat::Blank, 1)),
        TokenTree::Ident(id) if id == "true" || id == "false" => Ok((Pat::Value(quote!(#id)), 1)),
        TokenTree::Ident(id) if id == "nil" => Ok((Pat::Sym("nil".into()), 1)),
        TokenTree::Ident(id) => match mode {
            Mode::Pattern => Ok((Pat::Name(id.clone()), 1)),
            Mode::Data => {
                let (name, used) = symbol_name(tts);
                Ok((Pat::Sym(name), used))
            }
        },
        TokenTree::Literal(l) => Ok((Pat::Value(quote!(#l)), 1)),
        TokenTree::Punct(p) if p.as_char() == '-' => match tts.get(1) {
            Some(TokenTree::Literal(l)) => Ok((Pat::Value(quote!(-#l)), 2)),
            _ => Err((p.span(), "expected a number after `-`".into())),
        },
        // `'name` (a lifetime token to Rust): the symbol `name`.
        TokenTree::Punct(p) if p.as_char() == '\'' => match tts.get(1) {
            Some(TokenTree::Ident(_)) => {
                let (name, used) = symbol_name(&tts[1..]);
                Ok((Pat::Sym(name), 1 + used))
            }
            _ => Err((p.span(), "expected a symbol's name after `'`".into())),
        },
        TokenTree::Punct(p) if p.as_char() == ':' => match tts.get(1) {
            Some(TokenTree::Ident(_)) => {
                let (name, used) = symbol_name(&tts[1..]);
                Ok((Pat::Sym(format!(":{name}")), 1 + used))
            }
            _ => Err((p.span(), "expected a keyword's name after `:`".into())),
        },
        TokenTree::Group(g) => parse_group(g, mode).map(|p| (p, 1)),
        TokenTree::Punct(p) => Err((
            p.span(),
            format!(
                "unexpected `{}` (a symbol with it can be spliced: `{{Term::sym(\"...\")}}`)",
                p.as_char()
            ),
        )),
    })
}

/// The name of a symbol or keyword that starts with the identifier `tts[0]`: identifiers
/// joined by `-` or `/` (`lam-expr`, `ns/k`), then any `?`, `!` or `*` (`empty?`). Spaces do
/// not matter, since rustfmt writes `term!(lam-expr)` as `term!(lam - expr)`; a `.` is always
/// a list's tail marker, since rustfmt writes `(a . b)` as `(a.b)`. Returns the name and how
/// many token trees it used.
fn symbol_name(tts: &[TokenTree]) -> (String, usize) {
    let mut name = tts[0].to_string();
    let mut i = 1;
    loop {
        match (tts.get(i), tts.get(i + 1)) {
            (Some(TokenTree::Punct(p)), Some(TokenTree::Ident(id)))
                if matches!(p.as_char(), '-' | '/') =>
            {
                name.push(p.as_char());
                name.push_str(&id.to_string());
                i += 2;
            }
            (Some(TokenTree::Punct(p)), _) if matches!(p.as_char(), '?' | '!' | '*') => {
                name.push(p.as_char());
                i += 1;
            }
            _ => return (name, i),
        }
    }
}

fn parse_group(g: &Group, mode: Mode) -> Result<Pat, Error> {
    let tts: Vec<TokenTree> = g.stream().into_iter().collect();
    match g.delimiter() {
        Delimiter::Brace if starts_with_keyword(&tts) || tts.is_empty() => {
            parse_map(&tts, mode).map(Pat::Map)
        }
        Delimiter::Brace => Ok(Pat::Value(g.stream())),
        Delimiter::Bracket => {
            let (items, tail) = parse_items(&tts, mode)?;
            Ok(match tail {
                Some((t, _)) => Pat::List(items, Some(Box::new(t))),
                None => Pat::Vector(items),
            })
        }
        Delimiter::Parenthesis => {
            let (items, tail) = parse_items(&tts, mode)?;
            Ok(Pat::List(items, tail.map(|(t, _)| Box::new(t))))
        }
        Delimiter::None => Err((g.span(), "unexpected invisible group in a pattern".into())),
    }
}

/// Whether a brace group opens with a keyword `:name` (a map), not a Rust expression.
fn starts_with_keyword(tts: &[TokenTree]) -> bool {
    matches!(tts, [TokenTree::Punct(p), TokenTree::Ident(_), ..] if p.as_char() == ':')
}

/// Parses `k1 v1 k2 v2 ...` (commas allowed between entries) of a map; a pattern's keys are
/// keywords, each once.
fn parse_map(tts: &[TokenTree], mode: Mode) -> Result<Vec<(Pat, Pat)>, Error> {
    let mut entries: Vec<(Pat, Pat)> = Vec::new();
    let mut i = 0;
    while i < tts.len() {
        if matches!(&tts[i], TokenTree::Punct(p) if p.as_char() == ',') {
            i += 1;
            continue;
        }
        let span = tts[i].span();
        let (key, used) = parse_one(&tts[i..], mode).expect("non-empty")?;
        if mode == Mode::Pattern {
            let Pat::Sym(k) = &key else {
                return Err((
                    span,
                    "a map pattern's keys are keywords, as `{:a x}`".into(),
                ));
            };
            if !k.starts_with(':') {
                return Err((
                    span,
                    "a map pattern's keys are keywords, as `{:a x}`".into(),
                ));
            }
            if entries
                .iter()
                .any(|(other, _)| matches!(other, Pat::Sym(o) if o == k))
            {
                return Err((
                    span,
                    format!("the key `{k}` appears twice in a map pattern"),
                ));
            }
        }
        i += used;
        let (value, used) = parse_one(&tts[i..], mode).ok_or_else(|| {
            (
                span,
                "expected a value after the map's last key".to_string(),
            )
        })??;
        entries.push((key, value));
        i += used;
    }
    Ok(entries)
}
