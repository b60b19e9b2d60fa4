//! Multimethods: `defmulti`, `defmethod`, `prefer-method`, `remove-method`,
//! `remove-all-methods`, `methods`, `get-method`, `prefers`.
//!
//! A multimethod is a `Value::Object` of class `clojure.lang.MultiFn` whose state is a
//! [`MultiFn`]. A call applies the dispatch function to the arguments, then picks, as
//! Clojure's `MultiFn.findAndCacheBestMethod`, among the methods whose dispatch value the
//! result `isa?` (in the multimethod's hierarchy) the one that dominates the others (is
//! preferred to them or `isa?` them); with none, the method of the default dispatch value.

use crate::eval::{apply, eval, Env};
use crate::library::core::types::hierarchy::{global_hierarchy, isa, parents};
use crate::library::core::{arity, reg};
use crate::value::class::{self, Object};
use crate::value::coll::equal;
use crate::value::error::{Error, Result};
use crate::value::Value;
use std::sync::{Arc, RwLock};

/// A multimethod's state: see the module's doc.
pub struct MultiFn {
    /// Its name (`area`), for errors.
    pub name: Arc<str>,
    /// The dispatch function.
    pub dispatch: Value,
    /// The default dispatch value (`:default` unless given).
    pub default: Value,
    /// The hierarchy given with `:hierarchy` (else the global one).
    ///
    /// DIVERGENCE: `#'h` is the value of `h` here (there are no var objects), so the
    /// hierarchy is the one `h` held when `defmulti` ran; Clojure reads the var at each call.
    pub hierarchy: Option<Value>,
    /// The methods by dispatch value, in the order defined.
    methods: RwLock<Vec<(Value, Value)>>,
    /// The preferences: (preferred, over).
    prefers: RwLock<Vec<(Value, Value)>>,
}

impl MultiFn {
    fn hierarchy(&self) -> Value {
        match &self.hierarchy {
            // `:hierarchy #'h`: the var is read at each call, as Clojure reads it.
            Some(Value::Var(name)) => crate::eval::var_get(name).unwrap_or(Value::Nil),
            Some(h) => h.clone(),
            None => global_hierarchy(),
        }
    }

    fn methods(&self) -> Vec<(Value, Value)> {
        self.methods
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn prefers(&self, x: &Value, y: &Value, h: &Value) -> Result<bool> {
        let table = self
            .prefers
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        self.prefers_in(&table, x, y, h, 0)
    }

    fn prefers_in(
        &self,
        table: &[(Value, Value)],
        x: &Value,
        y: &Value,
        h: &Value,
        depth: usize,
    ) -> Result<bool> {
        if table.iter().any(|(a, b)| equal(a, x) && equal(b, y)) {
            return Ok(true);
        }
        if depth > 64 {
            return Ok(false);
        }
        for p in parents(h, y)?.to_vec()? {
            if self.prefers_in(table, x, &p, h, depth + 1)? {
                return Ok(true);
            }
        }
        for p in parents(h, x)?.to_vec()? {
            if self.prefers_in(table, &p, y, h, depth + 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn dominates(&self, x: &Value, y: &Value, h: &Value) -> Result<bool> {
        Ok(self.prefers(x, y, h)? || isa(h, x, y)?)
    }

    /// The method for dispatch value `dv`, if any (the default method when none matches).
    pub fn method_for(&self, dv: &Value) -> Result<Option<Value>> {
        let h = self.hierarchy();
        let methods = self.methods();
        let mut best: Option<(Value, Value)> = None;
        for (k, f) in &methods {
            if !isa(&h, dv, k)? {
                continue;
            }
            best = match best {
                None => Some((k.clone(), f.clone())),
                Some((bk, bf)) => {
                    if self.dominates(k, &bk, &h)? {
                        Some((k.clone(), f.clone()))
                    } else if self.dominates(&bk, k, &h)? {
                        Some((bk, bf))
                    } else {
                        return Err(Error::ex(
                            crate::value::error::ILLEGAL_ARGUMENT,
                            format!(
                            "Multiple methods in multimethod '{}' match dispatch value: {} -> {} and {}, and neither is preferred",
                            self.name,
                            crate::value::printer::pr_str(dv),
                            crate::value::printer::pr_str(k),
                            crate::value::printer::pr_str(&bk)
                        ),
                        ));
                    }
                }
            };
        }
        if let Some((_, f)) = best {
            return Ok(Some(f));
        }
        Ok(methods
            .iter()
            .find(|(k, _)| equal(k, &self.default))
            .map(|(_, f)| f.clone()))
    }

    /// Calls the multimethod.
    pub fn invoke(&self, args: Vec<Value>) -> Result<Value> {
        let dv = apply(&self.dispatch, args.clone())?;
        match self.method_for(&dv)? {
            Some(f) => apply(&f, args),
            None => Err(Error::ex(
                crate::value::error::ILLEGAL_ARGUMENT,
                format!(
                    "No method in multimethod '{}' for dispatch value: {}",
                    self.name,
                    crate::value::printer::pr_str(&dv)
                ),
            )),
        }
    }
}

/// The multimethod a value is, if it is one.
pub fn of_value(v: &Value) -> Option<Arc<MultiFn>> {
    let Value::Object(o) = v else { return None };
    match o.state.clone()? {
        class::Payload::Shared(m) => m.downcast::<MultiFn>().ok(),
        class::Payload::State(_) => None,
    }
}

fn multi_arg(v: &Value, what: &str) -> Result<Arc<MultiFn>> {
    of_value(v).ok_or_else(|| Error::msg(format!("{what}: {v} is not a multimethod")))
}

/// `(defmulti name doc? attrs? dispatch-fn options*)`; a name already bound to a
/// multimethod keeps it and its methods, as in Clojure.
pub fn defmulti(tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    let Some(Value::Symbol(name)) = a.first() else {
        return Err(Error::msg("defmulti needs a name symbol"));
    };
    if let Some((_, v)) =
        crate::eval::ns::resolve(&format!("{}/{name}", crate::eval::ns::current()))
    {
        if of_value(&v).is_some() {
            return Ok(Value::Nil);
        }
    }
    let mut rest = &a[1..];
    if let Some(Value::Str(_)) = rest.first() {
        rest = &rest[1..];
    }
    if let (Some(Value::Map(_)), true) = (rest.first(), rest.len() > 1) {
        rest = &rest[1..];
    }
    let Some(dispatch) = rest.first() else {
        return Err(Error::msg(format!(
            "defmulti {name} needs a dispatch function"
        )));
    };
    let dispatch = eval(dispatch, env)?;
    let mut default = Value::kw("default");
    let mut hierarchy = None;
    let opts = &rest[1..];
    if opts.len() % 2 != 0 {
        return Err(Error::msg(format!(
            "defmulti {name}: options come in pairs"
        )));
    }
    for pair in opts.chunks(2) {
        match &pair[0] {
            Value::Keyword(k) if &**k == "default" => default = eval(&pair[1], env)?,
            Value::Keyword(k) if &**k == "hierarchy" => hierarchy = Some(eval(&pair[1], env)?),
            other => {
                return Err(Error::msg(format!(
                    "defmulti {name}: unknown option {other}"
                )))
            }
        }
    }
    let m = Arc::new(MultiFn {
        name: name.clone(),
        dispatch,
        default,
        hierarchy,
        methods: RwLock::new(Vec::new()),
        prefers: RwLock::new(Vec::new()),
    });
    let call = m.clone();
    let class = class::named("clojure.lang.MultiFn")
        .ok_or_else(|| Error::msg("clojure.lang.MultiFn is not a known class"))?;
    let v = Value::Object(Arc::new(Object {
        class,
        fields: Vec::new(),
        call: Some(Arc::new(move |args| call.invoke(args))),
        state: Some(class::Payload::Shared(m)),
    }));
    crate::eval::ns::define_here(name, v);
    Ok(Value::Nil)
}

/// `(defmethod name dispatch-value fn-tail...)`.
pub fn defmethod(tail: &Value, env: &Env) -> Result<Value> {
    let a = tail.to_vec()?;
    if a.len() < 3 {
        return Err(Error::msg(
            "defmethod needs a multimethod, a dispatch value and a body",
        ));
    }
    let m = eval(&a[0], env)?;
    let multi = multi_arg(&m, "defmethod")?;
    let dv = eval(&a[1], env)?;
    let mut form = vec![Value::sym("fn")];
    form.extend(a[2..].iter().cloned());
    let f = eval(&Value::list(form), env)?;
    let mut methods = multi.methods.write().unwrap_or_else(|e| e.into_inner());
    match methods.iter_mut().find(|(k, _)| equal(k, &dv)) {
        Some(slot) => slot.1 = f,
        None => methods.push((dv, f)),
    }
    Ok(m)
}

/// Registers the multimethod functions.
pub fn install() {
    let c = "clojure.core";
    reg(c, "methods", |a| {
        arity(&a, 1, 1, "methods")?;
        let m = multi_arg(&a[0], "methods")?;
        Ok(Value::Map(crate::value::items::Items::arc(m.methods())))
    });
    reg(c, "get-method", |a| {
        arity(&a, 2, 2, "get-method")?;
        Ok(multi_arg(&a[0], "get-method")?
            .method_for(&a[1])?
            .unwrap_or(Value::Nil))
    });
    reg(c, "remove-method", |a| {
        arity(&a, 2, 2, "remove-method")?;
        let m = multi_arg(&a[0], "remove-method")?;
        m.methods
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|(k, _)| !equal(k, &a[1]));
        Ok(a[0].clone())
    });
    reg(c, "remove-all-methods", |a| {
        arity(&a, 1, 1, "remove-all-methods")?;
        let m = multi_arg(&a[0], "remove-all-methods")?;
        m.methods.write().unwrap_or_else(|e| e.into_inner()).clear();
        Ok(a[0].clone())
    });
    reg(c, "prefer-method", |a| {
        arity(&a, 3, 3, "prefer-method")?;
        let m = multi_arg(&a[0], "prefer-method")?;
        if m.prefers(&a[2], &a[1], &m.hierarchy())? {
            return Err(Error::msg(format!(
                "Preference conflict in multimethod '{}': {} is already preferred to {}",
                m.name, a[2], a[1]
            )));
        }
        m.prefers
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .push((a[1].clone(), a[2].clone()));
        Ok(a[0].clone())
    });
    reg(c, "prefers", |a| {
        arity(&a, 1, 1, "prefers")?;
        let m = multi_arg(&a[0], "prefers")?;
        let table = m.prefers.read().unwrap_or_else(|e| e.into_inner()).clone();
        let mut out: Vec<(Value, Value)> = Vec::new();
        for (x, y) in table {
            match out.iter_mut().find(|(k, _)| equal(k, &x)) {
                Some((_, s)) => *s = crate::value::coll::conj1(s.clone(), y)?,
                None => out.push((x, Value::Set(crate::value::items::Items::arc(vec![y])))),
            }
        }
        Ok(Value::Map(crate::value::items::Items::arc(out)))
    });
}
