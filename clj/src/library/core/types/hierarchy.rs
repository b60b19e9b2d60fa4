//! Hierarchies: `make-hierarchy`, `derive`, `underive`, `isa?`, `parents`, `ancestors`,
//! `descendants`, on a hierarchy value or the global one.
//!
//! A hierarchy is Clojure's map `{:parents {tag #{parent}}, :ancestors {tag #{ancestor}},
//! :descendants {tag #{descendant}}}`; `derive` keeps the three relations closed (the
//! ancestors of a tag are its parents and their ancestors). A class's place in a hierarchy
//! also counts its superclasses and interfaces (`value::class`).

use crate::library::core::{arity, reg};
use crate::value::class;
use crate::value::coll::{equal, get};
use crate::value::error::{Error, Result};
use crate::value::items::Items;
use crate::value::Value;
use std::sync::{Mutex, OnceLock};

/// One relation of a hierarchy: tag and its set.
type Relation = Vec<(Value, Vec<Value>)>;

/// A hierarchy's three relations.
struct H {
    parents: Relation,
    ancestors: Relation,
    descendants: Relation,
}

fn relation(h: &Value, key: &str) -> Result<Relation> {
    let m = get(h, &Value::kw(key))?;
    let Value::Map(m) = m else {
        return Ok(Vec::new());
    };
    m.iter()
        .map(|(k, s)| Ok((k.clone(), s.to_vec()?)))
        .collect()
}

fn set_of(r: &Relation, k: &Value) -> Vec<Value> {
    r.iter()
        .find(|(t, _)| equal(t, k))
        .map_or_else(Vec::new, |(_, s)| s.clone())
}

fn add_all(r: &mut Relation, k: &Value, items: &[Value]) {
    let slot = match r.iter().position(|(t, _)| equal(t, k)) {
        Some(i) => &mut r[i].1,
        None => {
            r.push((k.clone(), Vec::new()));
            &mut r.last_mut().expect("just pushed").1
        }
    };
    for x in items {
        if !slot.iter().any(|y| equal(x, y)) {
            slot.push(x.clone());
        }
    }
}

fn set_value(items: Vec<Value>) -> Value {
    Value::Set(Items::arc(items))
}

impl H {
    fn of(h: &Value) -> Result<H> {
        Ok(H {
            parents: relation(h, "parents")?,
            ancestors: relation(h, "ancestors")?,
            descendants: relation(h, "descendants")?,
        })
    }

    fn empty() -> H {
        H {
            parents: Vec::new(),
            ancestors: Vec::new(),
            descendants: Vec::new(),
        }
    }

    fn value(&self) -> Value {
        let rel = |r: &Relation| {
            Value::Map(Items::arc(
                r.iter()
                    .map(|(k, s)| (k.clone(), set_value(s.clone())))
                    .collect(),
            ))
        };
        Value::Map(Items::arc(vec![
            (Value::kw("parents"), rel(&self.parents)),
            (Value::kw("descendants"), rel(&self.descendants)),
            (Value::kw("ancestors"), rel(&self.ancestors)),
        ]))
    }

    /// Adds `tag -> parent`, closing the ancestors and descendants.
    fn derive(&mut self, tag: &Value, parent: &Value) -> Result<()> {
        if equal(tag, parent) {
            return Err(Error::msg("Assert failed: (not= tag parent)"));
        }
        if set_of(&self.parents, tag).iter().any(|p| equal(p, parent)) {
            return Ok(());
        }
        if set_of(&self.ancestors, tag)
            .iter()
            .any(|p| equal(p, parent))
        {
            return Err(Error::msg(format!(
                "{tag} already has {parent} as ancestor"
            )));
        }
        if set_of(&self.ancestors, parent)
            .iter()
            .any(|p| equal(p, tag))
        {
            return Err(Error::msg(format!(
                "Cyclic derivation: {parent} has {tag} as ancestor"
            )));
        }
        add_all(&mut self.parents, tag, std::slice::from_ref(parent));
        let mut up = vec![parent.clone()];
        up.extend(set_of(&self.ancestors, parent));
        let mut down = vec![tag.clone()];
        down.extend(set_of(&self.descendants, tag));
        for d in &down {
            add_all(&mut self.ancestors, d, &up);
        }
        for u in &up {
            add_all(&mut self.descendants, u, &down);
        }
        Ok(())
    }
}

fn global() -> &'static Mutex<Value> {
    static G: OnceLock<Mutex<Value>> = OnceLock::new();
    G.get_or_init(|| Mutex::new(H::empty().value()))
}

/// The global hierarchy.
pub fn global_hierarchy() -> Value {
    global().lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// `(isa? h child parent)`: equal, a subclass, derived in `h` (directly or through a
/// class's superclasses), or vectors whose elements are pairwise `isa?`.
pub fn isa(h: &Value, child: &Value, parent: &Value) -> Result<bool> {
    if equal(child, parent) {
        return Ok(true);
    }
    if let (Value::Class(c), Value::Class(p)) = (child, parent) {
        if class::is_subclass(&c.name, &p.name) {
            return Ok(true);
        }
    }
    let ancestors = relation(h, "ancestors")?;
    if set_of(&ancestors, child).iter().any(|a| equal(a, parent)) {
        return Ok(true);
    }
    if let Value::Class(c) = child {
        for s in class::ancestors_of(c) {
            if let Some(sc) = class::named(&s) {
                if set_of(&ancestors, &Value::Class(sc))
                    .iter()
                    .any(|a| equal(a, parent))
                {
                    return Ok(true);
                }
            }
        }
    }
    if let (Value::Vector(c), Value::Vector(p)) = (child, parent) {
        if c.len() == p.len() {
            for (x, y) in c.iter().zip(p.iter()) {
                if !isa(h, x, y)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// `(parents h tag)`: its parents in `h`, and a class's direct superclass and interfaces.
pub fn parents(h: &Value, tag: &Value) -> Result<Value> {
    let mut out = set_of(&relation(h, "parents")?, tag);
    if let Value::Class(c) = tag {
        for p in &c.parents {
            if let Some(pc) = class::named(p) {
                out.push(Value::Class(pc));
            }
        }
    }
    Ok(if out.is_empty() {
        Value::Nil
    } else {
        set_value(out)
    })
}

fn ancestors(h: &Value, tag: &Value) -> Result<Value> {
    let rel = relation(h, "ancestors")?;
    let mut out = set_of(&rel, tag);
    if let Value::Class(c) = tag {
        for s in class::ancestors_of(c) {
            if let Some(sc) = class::named(&s) {
                let sc = Value::Class(sc);
                for a in set_of(&rel, &sc) {
                    if !out.iter().any(|y| equal(y, &a)) {
                        out.push(a);
                    }
                }
                if !out.iter().any(|y| equal(y, &sc)) {
                    out.push(sc);
                }
            }
        }
    }
    Ok(if out.is_empty() {
        Value::Nil
    } else {
        set_value(out)
    })
}

/// Splits the optional hierarchy argument off: `(f h x...)` or `(f x...)` with the global.
fn with_h(a: &[Value], n: usize) -> (Value, &[Value]) {
    if a.len() > n {
        (a[0].clone(), &a[1..])
    } else {
        (global_hierarchy(), a)
    }
}

fn check_global_tag(v: &Value, what: &str) -> Result<()> {
    let ok = match v {
        Value::Class(_) => what == "tag",
        Value::Keyword(s) | Value::Symbol(s) => s.contains('/') && s.len() > 1,
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(Error::msg(format!(
            "Assert failed: (namespace {what}) ({what} {v} must be a namespace-qualified keyword or symbol)"
        )))
    }
}

/// Registers the hierarchy functions.
pub fn install() {
    let c = "clojure.core";
    reg(c, "make-hierarchy", |a| {
        arity(&a, 0, 0, "make-hierarchy")?;
        Ok(H::empty().value())
    });
    reg(c, "derive", |a| {
        arity(&a, 2, 3, "derive")?;
        if a.len() == 3 {
            let mut h = H::of(&a[0])?;
            h.derive(&a[1], &a[2])?;
            return Ok(h.value());
        }
        check_global_tag(&a[0], "tag")?;
        check_global_tag(&a[1], "parent")?;
        let mut g = global().lock().unwrap_or_else(|e| e.into_inner());
        let mut h = H::of(&g)?;
        h.derive(&a[0], &a[1])?;
        *g = h.value();
        Ok(Value::Nil)
    });
    reg(c, "underive", |a| {
        arity(&a, 2, 3, "underive")?;
        let (h, rest) = with_h(&a, 2);
        let old = H::of(&h)?;
        let mut new = H::empty();
        for (tag, ps) in &old.parents {
            for p in ps {
                if !(equal(tag, &rest[0]) && equal(p, &rest[1])) {
                    new.derive(tag, p)?;
                }
            }
        }
        if a.len() == 3 {
            Ok(new.value())
        } else {
            *global().lock().unwrap_or_else(|e| e.into_inner()) = new.value();
            Ok(Value::Nil)
        }
    });
    reg(c, "isa?", |a| {
        arity(&a, 2, 3, "isa?")?;
        let (h, rest) = with_h(&a, 2);
        Ok(Value::Bool(isa(&h, &rest[0], &rest[1])?))
    });
    reg(c, "parents", |a| {
        arity(&a, 1, 2, "parents")?;
        let (h, rest) = with_h(&a, 1);
        parents(&h, &rest[0])
    });
    reg(c, "ancestors", |a| {
        arity(&a, 1, 2, "ancestors")?;
        let (h, rest) = with_h(&a, 1);
        ancestors(&h, &rest[0])
    });
    reg(c, "descendants", |a| {
        arity(&a, 1, 2, "descendants")?;
        let (h, rest) = with_h(&a, 1);
        if let Value::Class(_) = rest[0] {
            return Err(Error::msg("Can't get descendants of classes"));
        }
        let out = set_of(&relation(&h, "descendants")?, &rest[0]);
        Ok(if out.is_empty() {
            Value::Nil
        } else {
            set_value(out)
        })
    });
}
