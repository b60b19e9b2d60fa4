//! `clojure.core`'s output and printing to strings: `str`, `pr-str`, `prn-str`, `print-str`,
//! `println`, `print`, `prn`, `pr`, `newline`, `flush` (written through [`emit`]).

use crate::library::core::reg;
use crate::value::error::Result;
use crate::value::printer::try_pr_str;
pub use crate::value::printer::{emit, with_out_str};
use crate::value::Value;

/// `(str ...)`: the values joined: strings and characters as they are, other values as `pr`
/// prints them; `nil` is the empty string.
pub fn str_of(args: &[Value]) -> Result<String> {
    let mut s = String::new();
    for a in args {
        match a {
            Value::Nil => {}
            Value::Object(_) => s.push_str(&crate::value::printer::object_str(a)?),
            Value::Map(m) if m.tag.is_some() => s.push_str(&crate::value::printer::object_str(a)?),
            Value::Vector(v) if v.tag.is_some() => {
                s.push_str(&crate::value::printer::object_str(a)?)
            }
            Value::Class(c) => {
                s.push_str(if c.interface { "interface " } else { "class " });
                s.push_str(&c.name);
            }
            // Java's `toString`: `java.lang.Exception: m`.
            Value::Exception(t) => s.push_str(&t.to_java_string()),
            // A regex's `toString` is its source; `(str 1N)` is "1", as Java's toString
            // gives it.
            Value::Regex(re) => s.push_str(&re.source),
            Value::BigInt(n) => s.push_str(&n.to_string()),
            // A string or character joins as it is; any other value as `pr` prints it
            // (`(str ["a"])` is `["a"]`).
            Value::Str(_) | Value::Char(_) | Value::StringBuilder(_) => {
                s.push_str(&try_pr_str(a, false)?)
            }
            _ => s.push_str(&try_pr_str(a, true)?),
        }
    }
    Ok(s)
}

fn print_args(args: &[Value], readably: bool) -> Result<String> {
    let parts = args
        .iter()
        .map(|a| try_pr_str(a, readably))
        .collect::<Result<Vec<_>>>()?;
    Ok(parts.join(" "))
}

/// Registers the functions of this module.
pub fn install() {
    let c = "clojure.core";
    reg(c, "str", |a| Ok(Value::str(&str_of(&a)?)));
    reg(c, "pr-str", |a| Ok(Value::str(&print_args(&a, true)?)));
    reg(c, "prn-str", |a| {
        Ok(Value::str(&(print_args(&a, true)? + "\n")))
    });
    reg(c, "print-str", |a| Ok(Value::str(&print_args(&a, false)?)));
    reg(c, "println-str", |a| {
        Ok(Value::str(&(print_args(&a, false)? + "\n")))
    });
    reg(c, "println", |a| {
        emit(&(print_args(&a, false)? + "\n"));
        Ok(Value::Nil)
    });
    reg(c, "print", |a| {
        emit(&print_args(&a, false)?);
        Ok(Value::Nil)
    });
    reg(c, "prn", |a| {
        emit(&(print_args(&a, true)? + "\n"));
        Ok(Value::Nil)
    });
    reg(c, "pr", |a| {
        emit(&print_args(&a, true)?);
        Ok(Value::Nil)
    });
    reg(c, "newline", |_| {
        emit("\n");
        Ok(Value::Nil)
    });
    reg(c, "flush", |_| Ok(Value::Nil));
}
