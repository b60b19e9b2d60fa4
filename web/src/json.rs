//! The replies' JSON, written by hand (the page reads a few flat shapes; a serializer would
//! add to the download for nothing).

/// A JSON object being written.
pub struct Json {
    out: String,
    first: bool,
}

impl Json {
    /// An empty object.
    pub fn object() -> Json {
        Json {
            out: "{".into(),
            first: true,
        }
    }

    /// Adds the string field `key: value`.
    pub fn field(&mut self, key: &str, value: &str) {
        let v = quote(value);
        self.raw_field(key, &v);
    }

    /// Adds the field `key` with `raw`, already JSON.
    pub fn raw_field(&mut self, key: &str, raw: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out.push_str(&quote(key));
        self.out.push(':');
        self.out.push_str(raw);
    }

    /// The object's text.
    pub fn finish(mut self) -> String {
        self.out.push('}');
        self.out
    }

    /// An array of items already JSON.
    pub fn array(items: impl IntoIterator<Item = String>) -> String {
        let items: Vec<String> = items.into_iter().collect();
        format!("[{}]", items.join(","))
    }
}

/// `s` as a JSON string (the engine's [`kanren::search_tree::json_string`], which writes the
/// search tree's).
///
/// ```
/// assert_eq!(kanren_web::json::quote("a\"b"), r#""a\"b""#);
/// ```
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    kanren::search_tree::json_string(&mut out, s);
    out
}
