//! `clojure.pprint`: `pprint` and `print-table`.
//!
//! `pprint` lays data out as Clojure's pretty printer does with its default dispatch: a value
//! that fits in the 72 columns left of the right margin (with what must follow it on its
//! line: closing brackets, a map's `,`) prints as `pr` prints it; a collection that does not
//! fit puts each element on its own line, indented one column past its opening bracket (a
//! list, vector or set is one "linear" block); a map puts each entry on its own line, and an
//! entry that does not fit puts its value on the line after its key.

use crate::library::core::{arity, emit, get, reg, str_of};
use crate::value::error::Result;
use crate::value::printer::try_pr_str;
use crate::value::Value;

/// Clojure's `*print-right-margin*`.
const MARGIN: usize = 72;

fn width(s: &str) -> usize {
    s.chars().count()
}

fn newline(out: &mut String, col: usize) {
    out.push('\n');
    out.extend(std::iter::repeat_n(' ', col));
}

/// `v` laid out from column `col` (0-based), with `trail` columns that must follow it on its
/// last line.
fn layout(out: &mut String, v: &Value, col: usize, trail: usize) -> Result<()> {
    let flat = try_pr_str(v, true)?;
    if col + width(&flat) + trail <= MARGIN {
        out.push_str(&flat);
        return Ok(());
    }
    kanren::stack::maybe_grow(64 * 1024, 1024 * 1024, || broken(out, v, col, trail, flat))
}

/// A value that does not fit, laid out over several lines.
fn broken(out: &mut String, v: &Value, col: usize, trail: usize, flat: String) -> Result<()> {
    let (open, close) = match v {
        Value::Vector(_) => ("[", "]"),
        Value::Set(_) => ("#{", "}"),
        Value::Map(_) => ("{", "}"),
        x if x.is_seq() => ("(", ")"),
        _ => {
            out.push_str(&flat);
            return Ok(());
        }
    };
    out.push_str(open);
    let inner = col + open.len();
    if let Value::Map(m) = v {
        for (i, (k, x)) in m.iter().enumerate() {
            let last = i + 1 == m.len();
            if i > 0 {
                newline(out, inner);
            }
            let after = if last { trail + close.len() } else { 1 };
            let entry = format!("{} {}", try_pr_str(k, true)?, try_pr_str(x, true)?);
            if inner + width(&entry) + after <= MARGIN {
                out.push_str(&entry);
            } else {
                layout(out, k, inner, 0)?;
                newline(out, inner);
                layout(out, x, inner, after)?;
            }
            if !last {
                out.push(',');
            }
        }
    } else {
        let items = v.to_vec()?;
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                newline(out, inner);
            }
            let last = i + 1 == items.len();
            layout(out, x, inner, if last { trail + close.len() } else { 0 })?;
        }
    }
    out.push_str(close);
    Ok(())
}

/// `v` as `pprint` writes it, without the final newline.
pub fn pprint_str(v: &Value) -> Result<String> {
    let mut out = String::new();
    layout(&mut out, v, 0, 0)?;
    Ok(out)
}

/// `print-table`: a header of the keys, a rule, and a row per map, each column as wide as
/// its widest cell and its cells right-aligned.
fn print_table(keys: &[Value], rows: &[Value]) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let cell = |row: &Value, k: &Value| -> Result<String> { str_of(&[get(row, k)?]) };
    let mut widths = Vec::new();
    for k in keys {
        let mut w = width(&str_of(std::slice::from_ref(k))?);
        for r in rows {
            w = w.max(width(&cell(r, k)?));
        }
        widths.push(w);
    }
    let line = |cells: Vec<String>, lead: &str, div: &str, end: &str| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect();
        format!("{lead}{}{end}\n", padded.join(div))
    };
    let mut out = String::from("\n");
    let header = keys
        .iter()
        .map(|k| str_of(std::slice::from_ref(k)))
        .collect::<Result<Vec<_>>>()?;
    out.push_str(&line(header, "| ", " | ", " |"));
    let rule = widths.iter().map(|w| "-".repeat(*w)).collect();
    out.push_str(&line(rule, "|-", "-+-", "-|"));
    for r in rows {
        let cells = keys
            .iter()
            .map(|k| cell(r, k))
            .collect::<Result<Vec<_>>>()?;
        out.push_str(&line(cells, "| ", " | ", " |"));
    }
    emit(&out);
    Ok(())
}

/// Registers the functions of this module.
pub fn install() {
    let p = "clojure.pprint";
    reg(p, "pprint", |a| {
        arity(&a, 1, 2, "pprint")?;
        emit(&(pprint_str(&a[0])? + "\n"));
        Ok(Value::Nil)
    });
    reg(p, "print-table", |a| {
        arity(&a, 1, 2, "print-table")?;
        let rows = a[a.len() - 1].to_vec()?;
        let keys = match a.len() {
            2 => a[0].to_vec()?,
            _ => match rows.first() {
                Some(Value::Map(m)) => m.iter().map(|(k, _)| k.clone()).collect(),
                _ => Vec::new(),
            },
        };
        print_table(&keys, &rows)?;
        Ok(Value::Nil)
    });
}
