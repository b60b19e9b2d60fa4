//! Regexes: a compiled pattern with the Java source it was written in (`#"\d+"`,
//! `re-pattern`), and the translation of Java's regex syntax to `fancy-regex`'s.
//!
//! Representation: [`Regex`] keeps the source exactly as written (it prints as `#"source"` and
//! `str` gives the source) beside the compiled matcher. Java's `\d`, `\w` and `\s` are ASCII
//! classes, so they are spelled out; an escaped punctuation character (`\#`, `\"`, `\/`) is a
//! literal in Java and becomes `\x{..}`; `\Q...\E` quotes; `\Z` is "at the end or before a
//! final newline"; POSIX classes `\p{Alpha}` and the like are ASCII ranges. Two regexes are
//! equal only when they are the same value, as Java's `Pattern`s.

use crate::value::error::{Error, Result};

/// The Java class a regex value stands for (for `class`, `instance?` and `type`).
pub const CLASS: &str = "java.util.regex.Pattern";

/// A compiled regex and its Java source.
pub struct Regex {
    /// The pattern as written (Java syntax).
    pub source: String,
    /// The compiled matcher.
    pub re: fancy_regex::Regex,
    /// The matcher of the whole text (`re-matches`), compiled when first needed.
    whole: std::sync::OnceLock<fancy_regex::Regex>,
}

impl Regex {
    /// Compiles a Java-syntax pattern; a bad pattern is Java's `PatternSyntaxException`.
    ///
    /// ```
    /// use kanren_clj::value::regex::Regex;
    /// let r = Regex::new(r"(\d+)-\#").unwrap();
    /// assert!(r.re.is_match("12-#").unwrap());
    /// let e = Regex::new("(a").err().unwrap();
    /// assert!(e.message().starts_with("java.util.regex.PatternSyntaxException"));
    /// ```
    pub fn new(source: &str) -> Result<Regex> {
        let re = build(&translate(source)).map_err(|e| {
            Error::msg(format!(
                "java.util.regex.PatternSyntaxException: {e} in the pattern {source:?}"
            ))
        })?;
        Ok(Regex {
            source: source.to_string(),
            re,
            whole: std::sync::OnceLock::new(),
        })
    }

    /// The matcher that matches only the whole text, as Java's `Matcher.matches` (which
    /// backtracks into the alternatives a plain search would stop at: `a|ab` matches `ab`).
    pub fn whole(&self) -> &fancy_regex::Regex {
        self.whole.get_or_init(|| {
            let anchored = format!(r"\A(?:{})\z", translate(&self.source));
            build(&anchored).unwrap_or_else(|_| self.re.clone())
        })
    }

    /// The number of capturing groups (group 0, the whole match, not counted).
    pub fn groups(&self) -> usize {
        self.re.captures_len().saturating_sub(1)
    }
}

fn build(pattern: &str) -> std::result::Result<fancy_regex::Regex, fancy_regex::Error> {
    fancy_regex::RegexBuilder::new(pattern)
        .backtrack_limit(10_000_000)
        .build()
}

/// The ASCII class bodies Java gives `\d`, `\w` and `\s`.
fn class_body(c: char) -> Option<&'static str> {
    Some(match c {
        'd' | 'D' => "0-9",
        'w' | 'W' => "a-zA-Z_0-9",
        's' | 'S' => r"\t\n\x0B\x0C\r ",
        'h' | 'H' => r" \t\xA0\x{1680}\x{180e}\x{2000}-\x{200a}\x{202f}\x{205f}\x{3000}",
        _ => return None,
    })
}

/// Java's POSIX classes (`\p{Alpha}`) as ASCII class bodies.
fn posix_body(name: &str) -> Option<&'static str> {
    Some(match name {
        "Lower" => "a-z",
        "Upper" => "A-Z",
        "ASCII" => r"\x00-\x7F",
        "Alpha" => "a-zA-Z",
        "Digit" => "0-9",
        "Alnum" => "a-zA-Z0-9",
        "Punct" => r"!-/:-@\[-`{-~",
        "Graph" => r"!-~",
        "Print" => r"\x20-~",
        "Blank" => r" \t",
        "Cntrl" => r"\x00-\x1F\x7F",
        "XDigit" => "0-9a-fA-F",
        "Space" => r"\t\n\x0B\x0C\r ",
        _ => return None,
    })
}

fn push_literal(out: &mut String, c: char) {
    if c.is_alphanumeric() || c == '_' || c == ' ' {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

/// Java regex syntax to `fancy-regex` syntax (see the module's doc).
fn translate(src: &str) -> String {
    let cs: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len() + 8);
    let mut i = 0;
    let mut in_class = 0usize;
    while i < cs.len() {
        let c = cs[i];
        match c {
            '\\' if i + 1 < cs.len() => {
                let e = cs[i + 1];
                i += 2;
                match e {
                    'Q' => {
                        while i < cs.len() && !(cs[i] == '\\' && cs.get(i + 1) == Some(&'E')) {
                            push_literal(&mut out, cs[i]);
                            i += 1;
                        }
                        i = (i + 2).min(cs.len().max(i));
                    }
                    'd' | 'w' | 's' | 'h' => {
                        let body = class_body(e).unwrap_or_default();
                        if in_class > 0 {
                            out.push_str(body);
                        } else {
                            out.push('[');
                            out.push_str(body);
                            out.push(']');
                        }
                    }
                    'D' | 'W' | 'S' | 'H' if in_class == 0 => {
                        out.push_str("[^");
                        out.push_str(class_body(e).unwrap_or_default());
                        out.push(']');
                    }
                    'Z' => out.push_str(r"(?=\n?\z)"),
                    'p' | 'P' if cs.get(i) == Some(&'{') => {
                        let end = cs[i..].iter().position(|&x| x == '}').map(|p| i + p);
                        let name: String =
                            end.map_or(String::new(), |e| cs[i + 1..e].iter().collect());
                        let name = name.strip_prefix("Is").unwrap_or(&name).to_string();
                        match (posix_body(&name), end) {
                            (Some(body), Some(end)) => {
                                let neg = if e == 'P' { "^" } else { "" };
                                if in_class > 0 && neg.is_empty() {
                                    out.push_str(body);
                                } else {
                                    out.push_str(&format!("[{neg}{body}]"));
                                }
                                i = end + 1;
                            }
                            _ => {
                                out.push('\\');
                                out.push(e);
                            }
                        }
                    }
                    e if e.is_ascii_alphanumeric() => {
                        out.push('\\');
                        out.push(e);
                    }
                    e => push_literal(&mut out, e),
                }
                continue;
            }
            '[' => {
                in_class += 1;
                out.push('[');
                if cs.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                // A `]` first in a class is a literal in Java.
                if cs.get(i + 1) == Some(&']') {
                    out.push_str(r"\]");
                    i += 1;
                }
            }
            ']' if in_class > 0 => {
                in_class -= 1;
                out.push(']');
            }
            '{' | '}' | '&' | '~' | '-' | '#' if in_class > 0 => {
                // `&&` intersections are kept; a lone `&`, `~`, `#` or brace is a literal.
                if c == '&' && cs.get(i + 1) == Some(&'&') {
                    out.push_str("&&");
                    i += 1;
                } else if c == '-' {
                    out.push('-');
                } else {
                    push_literal(&mut out, c);
                }
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regex_keeps_values_small() {
        // One pointer: `Value` stays the size of its largest variants.
        assert_eq!(std::mem::size_of::<std::sync::Arc<Regex>>(), 8);
        assert!(std::mem::size_of::<crate::value::Value>() <= 24);
    }

    #[test]
    fn java_escapes() {
        for (pat, text, hit) in [
            (r"\d+", "ab12", true),
            (r"\w", "!", false),
            (r"\(", "(", true),
            (r"\#", "#", true),
            (r#"\""#, "\"", true),
            (r"[a-z]+", "Q", false),
            (r"\Qa.b\E", "a.b", true),
            (r"\Qa.b\E", "axb", false),
            (r"(\w)\1", "xx", true),
            (r"a(?=b)", "ab", true),
            (r"\p{Alpha}+", "é", false),
            (r"[\d\s]", " ", true),
        ] {
            let r = Regex::new(pat).unwrap();
            assert_eq!(r.re.is_match(text).unwrap(), hit, "{pat} on {text}");
        }
    }
}
