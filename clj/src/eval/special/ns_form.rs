//! `ns`, `require`, `use`, `refer` and `in-ns`: a core.logic file's namespace header runs unchanged.
//! A namespace that is not built in nor defined yet is loaded from its file on the path
//! (`ns::find_file`); one that is nowhere is an error that lists the built-in ones.

use crate::eval::ns;
use crate::eval::{eval, Env};
use crate::value::error::{Error, Result};
use crate::value::Value;

/// Evaluates `ns`, `require`, `use` or `in-ns` with argument forms `a`.
pub fn special(name: &str, a: &[Value], env: &Env) -> Result<Value> {
    match name {
        "ns" => {
            let n = a
                .first()
                .and_then(Value::as_symbol)
                .ok_or_else(|| Error::msg("ns needs a name"))?;
            ns::switch_to(n, false);
            for clause in &a[1..] {
                let Value::List(_) = clause else { continue };
                let items = clause.to_vec()?;
                let Some(Value::Keyword(k)) = items.first() else {
                    continue;
                };
                match &**k {
                    "refer-clojure" => refer_clojure(&items[1..])?,
                    "require" => {
                        for spec in items[1..]
                            .iter()
                            .filter(|s| !matches!(s, Value::Keyword(_)))
                        {
                            require(spec, false)?;
                        }
                    }
                    "use" => {
                        // Flags such as `:reload` are accepted and have nothing to do.
                        for spec in items[1..]
                            .iter()
                            .filter(|s| !matches!(s, Value::Keyword(_)))
                        {
                            require(spec, true)?;
                        }
                    }
                    "import" | "gen-class" | "load" => {}
                    other => {
                        return Err(Error::msg(format!("ns clause :{other} is not supported")))
                    }
                }
            }
            Ok(Value::Nil)
        }
        "require" | "use" => {
            for spec in a {
                let spec = eval(spec, env)?;
                if let Value::Keyword(_) = spec {
                    continue;
                }
                require(&spec, name == "use")?;
            }
            Ok(Value::Nil)
        }
        // `(refer 'ns :only '[a b])`: `use`'s referring, of one namespace whose options are
        // evaluated.
        "refer" => {
            let vals = a.iter().map(|f| eval(f, env)).collect::<Result<Vec<_>>>()?;
            if vals.is_empty() {
                return Err(Error::msg("refer needs a namespace"));
            }
            require(&Value::vector(vals), true)?;
            Ok(Value::Nil)
        }
        "in-ns" => {
            let n = eval(a.first().unwrap_or(&Value::Nil), env)?;
            let n = n
                .as_symbol()
                .ok_or_else(|| Error::msg("in-ns needs a symbol"))?;
            ns::enter(n);
            Ok(Value::Nil)
        }
        _ => Err(Error::msg(format!("{name} is not supported"))),
    }
}

fn names(v: &Value) -> Result<Vec<String>> {
    v.to_vec()?
        .iter()
        .map(|s| {
            s.as_symbol()
                .map(str::to_string)
                .ok_or_else(|| Error::msg(format!("expected a symbol, got {s}")))
        })
        .collect()
}

fn refer_clojure(opts: &[Value]) -> Result<()> {
    for pair in opts.chunks(2) {
        if let (Value::Keyword(k), Some(v)) = (&pair[0], pair.get(1)) {
            if &**k == "exclude" {
                ns::exclude_core(names(v)?);
            }
        }
    }
    Ok(())
}

/// One libspec: `clojure.string`, `[clojure.core.logic :as l :refer :all]`, `[ns :refer [a b]]`;
/// with `use`, everything is referred unless `:only` says otherwise.
fn require(spec: &Value, is_use: bool) -> Result<()> {
    let (n, opts) = match spec {
        Value::Symbol(s) => (s.to_string(), Vec::new()),
        Value::Vector(_) | Value::List(_) => {
            let items = spec.to_vec()?;
            let n = items
                .first()
                .and_then(Value::as_symbol)
                .ok_or_else(|| Error::msg(format!("bad libspec: {spec}")))?;
            // A prefix list: `[clojure [set :as s] string]`.
            if items.len() > 1 && !matches!(items[1], Value::Keyword(_)) {
                for inner in &items[1..] {
                    let inner = match inner {
                        Value::Symbol(s) => Value::sym(&format!("{n}.{s}")),
                        Value::Vector(_) | Value::List(_) => {
                            let mut parts = inner.to_vec()?;
                            let first =
                                parts.first().and_then(Value::as_symbol).ok_or_else(|| {
                                    Error::msg(format!("bad prefix list entry: {inner}"))
                                })?;
                            parts[0] = Value::sym(&format!("{n}.{first}"));
                            Value::vector(parts)
                        }
                        other => return Err(Error::msg(format!("bad prefix list entry: {other}"))),
                    };
                    require(&inner, is_use)?;
                }
                return Ok(());
            }
            (n.to_string(), items[1..].to_vec())
        }
        other => return Err(Error::msg(format!("bad libspec: {other}"))),
    };
    ns::check_known(&n)?;
    let mut referred = false;
    let mut excluded = Vec::new();
    // `:rename {from to}`: `from` is referred as `to` (and not as `from`).
    let mut renames: Vec<(String, String)> = Vec::new();
    for pair in opts.chunks(2) {
        if let (Value::Keyword(k), Some(m)) = (&pair[0], pair.get(1)) {
            if &**k == "rename" {
                let Value::Map(m) = m else {
                    return Err(Error::msg(format!(":rename needs a map, got {m}")));
                };
                for (from, to) in m.iter() {
                    match (from.as_symbol(), to.as_symbol()) {
                        (Some(f), Some(t)) => renames.push((f.into(), t.into())),
                        _ => {
                            return Err(Error::msg(format!(
                                ":rename needs symbols, got {from} {to}"
                            )))
                        }
                    }
                }
            }
        }
    }
    let renamed = |names: Vec<String>| -> Vec<String> {
        names
            .into_iter()
            .filter(|x| !renames.iter().any(|(f, _)| f == x))
            .collect()
    };
    for pair in opts.chunks(2) {
        let Value::Keyword(k) = &pair[0] else {
            return Err(Error::msg(format!("bad libspec option: {}", pair[0])));
        };
        let v = pair.get(1).cloned().unwrap_or(Value::Nil);
        match &**k {
            "as" => ns::add_alias(
                v.as_symbol()
                    .ok_or_else(|| Error::msg(":as needs a symbol"))?,
                &n,
            ),
            "refer" | "only" => {
                referred = true;
                match v {
                    Value::Keyword(ref a) if &**a == "all" => {
                        ns::add_refer_except(&n, renames.iter().map(|(f, _)| f.clone()).collect())
                    }
                    v => ns::add_refer(&n, Some(renamed(names(&v)?))),
                }
            }
            "exclude" => excluded.extend(names(&v)?),
            "rename" | "reload" | "verbose" => {}
            other => {
                return Err(Error::msg(format!(
                    "libspec option :{other} is not supported"
                )))
            }
        }
    }
    if is_use && !referred {
        excluded.extend(renames.iter().map(|(f, _)| f.clone()));
        ns::add_refer_except(&n, excluded);
    }
    for (from, to) in &renames {
        let (_, v) = ns::resolve(&format!("{n}/{from}"))
            .ok_or_else(|| Error::msg(format!("{from} does not exist in {n}")))?;
        ns::define_here(to, v);
    }
    Ok(())
}
