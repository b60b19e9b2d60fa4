//! A `defne` clause as its stream applies it (see `kanren::clause_relation`): the patterns
//! of all its levels matched at once, by the straight-line code of the depth-first half
//! where it can, and the clause's goals built only when every level matched.

use crate::pattern::{compile_levels, fast_match, mentions, Levels, Pat};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// The expression, of type `Result<(u32, kanren::Goal, Option<kanren::State>), u32>`, that
/// matches the clause in the state `__kanren_s` (the arguments in scope as `&Term`s):
/// `Ok((levels, body, bound))` when all its `levels` pattern levels (one per pattern that is
/// not `_`, each a suspension of core.logic's) matched, the clause's goals as `body` and the
/// state after the unifications the match needed as `bound` (`None`: none); `Err(j)` when
/// level `j` (from 1) did not.
pub(crate) fn stream_clause(args: &[Ident], pats: &[Pat], goals: &[TokenStream]) -> TokenStream {
    let pairs: Vec<(&Pat, &Ident)> = pats
        .iter()
        .zip(args)
        .filter(|(p, _)| !matches!(p, Pat::Blank))
        .collect();
    // The goals see the arguments they name as owned terms, the pattern variables as
    // `&Term`s.
    let named: TokenStream = goals.iter().cloned().collect();
    let used: Vec<&Ident> = args.iter().filter(|a| mentions(&named, a)).collect();
    let body = quote!({
        #(let #used: ::kanren::Term = ::kanren::Term::from(#used);)*
        ::kanren::conj([#(#goals),*])
    });
    if pairs.is_empty() {
        return quote!(::std::result::Result::Ok((0u32, #body, ::std::option::Option::None)));
    }
    let Levels {
        vars,
        k,
        ops,
        general,
        straight,
    } = compile_levels(args, &pairs, quote!(::kanren::match_clause));
    let levels = pairs.len() as u32;
    if let Some(code) = straight {
        let prelude = fast_match(&ops, k, &vars, &code);
        return quote!('__kanren_clause: {
            #prelude
            let (__kanren_refs, __kanren_bound) = match __kanren_fast {
                ::std::result::Result::Ok(refs) => (refs, ::std::option::Option::None),
                ::std::result::Result::Err(0) => match #general {
                    ::std::result::Result::Ok((slots, bound)) => {
                        __kanren_owned = slots;
                        (__kanren_owned.each_ref(), bound)
                    }
                    ::std::result::Result::Err(level) => {
                        break '__kanren_clause ::std::result::Result::Err(level)
                    }
                },
                ::std::result::Result::Err(level) => {
                    break '__kanren_clause ::std::result::Result::Err(level)
                }
            };
            let [#(#vars),*] = __kanren_refs;
            ::std::result::Result::Ok((#levels, #body, __kanren_bound))
        });
    }
    quote!({
        const __KANREN_PATTERN: &[::kanren::PatOp] = &[#(#ops),*];
        match #general {
            ::std::result::Result::Ok((__kanren_slots, __kanren_bound)) => {
                let [#(#vars),*] = __kanren_slots;
                #(let #vars = &#vars;)*
                ::std::result::Result::Ok((#levels, #body, __kanren_bound))
            }
            ::std::result::Result::Err(level) => ::std::result::Result::Err(level),
        }
    })
}
