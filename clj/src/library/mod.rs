//! The library: the Clojure namespaces, built on the evaluator. `core/` is `clojure.core`,
//! `clojure/` Clojure's other namespaces (`clojure.string`, `clojure.test`, ...); `logic/` is
//! core.logic's (`clojure.core.logic`, `.fd`, `.pldb`, `.nominal`, `.unifier`,
//! `.arithmetic`) bound to the kanren engine; `java/` is Java interop (method calls,
//! `Math/sqrt`, `Integer/parseInt`, constructors). [`install`] defines their functions and forms
//! and registers the forms' code with the evaluator.
//!
//! May depend on: `value/`, `eval/`'s interface (`crate::eval::...`: `apply`, `eval`, the
//! environments, `ns`, the registration functions) and the reader; nothing below names
//! this layer. `logic/` may use `core/`'s helpers, `core/` never names `logic/` (the one
//! shared name, `is`, is routed here).
//!
//! Where a new function goes: a `clojure.core` function in the file of `core/` that holds its
//! kind (registered with `core::reg` in an `install` function); a new core.logic form in
//! `logic/forms.rs` (its name in `forms::FORMS`, its code in `forms::special`, and, to be
//! compiled, in `logic/compile.rs`); a core.logic function in the `logic/` file of its kind.

pub mod clojure;
pub mod core;
pub mod java;
pub mod logic;

use crate::eval::{eval, ns, Env};
use crate::value::error::{Error, Result};
use crate::value::func::Compiled;
use crate::value::Value;

/// Defines the namespaces' functions and special forms, and registers with the evaluator the
/// code that runs those forms (and compiles core.logic's).
pub fn install() {
    for f in logic::forms::FORMS {
        ns::define(
            "clojure.core.logic",
            f,
            Value::Special(format!("l:{f}").into()),
        );
    }
    for f in logic::pldb::PLDB_FORMS {
        ns::define(
            "clojure.core.logic.pldb",
            f,
            Value::Special(format!("p:{f}").into()),
        );
    }
    for f in logic::pldb::LOGIC_FORMS {
        ns::define(
            "clojure.core.logic",
            f,
            Value::Special(format!("x:{f}").into()),
        );
    }
    for f in logic::nominal::FORMS {
        ns::define(
            logic::nominal::NS,
            f,
            Value::Special(format!("n:{f}").into()),
        );
    }
    for f in clojure::test::FORMS {
        ns::define("clojure.test", f, Value::Special(format!("t:{f}").into()));
    }
    // core.logic's `is` is clojure.test's form, told apart by arity ([`test_form`]).
    ns::define("clojure.core.logic", "is", Value::Special("t:is".into()));
    ns::define(
        "clojure.core.logic.fd",
        "eq",
        Value::Special("l:fd/eq".into()),
    );
    crate::eval::register_special("l", logic_form);
    crate::eval::register_special("p", logic::pldb::pldb_special);
    crate::eval::register_special("x", logic::pldb::logic_special);
    crate::eval::register_special("n", logic::nominal::special);
    crate::eval::register_special("t", test_form);
    crate::eval::compile::register("l", |name, args, scope| {
        logic::compile::compile(name, args, scope).map(|l| Box::new(l) as Box<dyn Compiled>)
    });
    crate::eval::compile::register("x", logic::pldb::compile);
    crate::eval::compile::register("t", logic::arith::compile_is);
    core::install();
    core::meta::install();
    core::seq::install();
    core::vars::install();
    core::lazy_more::install();
    core::numbers::install();
    core::types::install();
    clojure::string::install();
    clojure::repl::install();
    core::regex::install();
    core::read_eval::install();
    core::files::install();
    clojure::walk::install();
    clojure::pprint::install();
    logic::install();
    logic::subst::install();
    logic::pldb::install();
    logic::nominal::install();
    core::misc::install();
    core::cells::install();
    core::atoms::install();
    core::reading::install();
    core::destructure::install();
    core::xform::install();
    clojure::set::install();
    clojure::test::install();
    java::install();
    // clojure.core's part in Clojure, loaded when a name of clojure.core is first looked up
    // and not found: registered after every built-in definition of clojure.core.
    ns::define_later("clojure.core", || {
        core::prelude::ensure(&core::prelude::CORE)
    });
}

/// A core.logic form (`l:name`).
fn logic_form(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    logic::forms::special(name, tail, env)?
        .ok_or_else(|| Error::msg(format!("{name} is not supported")))
}

/// A `clojure.test` form (`t:name`); `is` with three or more arguments is core.logic's
/// `(is u v op & rest)`, which shares the name.
fn test_form(name: &str, tail: &Value, env: &Env) -> Result<Value> {
    if name == "is" {
        let a = tail.to_vec()?;
        if a.len() >= 3 {
            let args = a.iter().map(|x| eval(x, env)).collect::<Result<Vec<_>>>()?;
            return logic::arith::is(args);
        }
    }
    clojure::test::special(name, tail, env)?
        .ok_or_else(|| Error::msg(format!("{name} is not supported")))
}
