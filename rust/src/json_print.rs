//! The ordered JSON printer of the graphql-to-json direction (record 0028),
//! the twin of js/src/json-print.ts: byte for byte what
//! `JSON.stringify(value, null, 2) + "\n"` gives for our trees.
//!
//! - Objects print their keys in insertion order (`json::Map`), arrays in order.
//! - Two spaces per level; `key: value` with one space after the colon; an
//!   empty object is `{}` and an empty array `[]`; one trailing newline.
//! - Numbers are ECMAScript `Number::toString` (`text::format_number`): `1`,
//!   `1.5`, `1e+21`, `1e-7`, `-0` as `0`.
//! - Strings escape `"` and `\` with a backslash, \b \f \n \r \t by their short
//!   forms, the other code points below U+0020 as `\u` with four lower-case hex
//!   digits; everything else is written as it is. (A Rust string holds no lone
//!   surrogates, which `JSON.stringify` would escape too.)
//!
//! `JsonWriter` writes the same layout call by call, for callers that write
//! straight from their own data instead of building a `Value` (reverse.rs);
//! `print_json` is the writer fed one `Value`.
//!
//! Iterative, unlike the TypeScript (whose trees nest at most about 140
//! levels): no input can exhaust the stack. Shared vectors:
//! fixtures/helpers/json-print.json.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use crate::json::Value;

use crate::text::format_number;

pub fn print_json(value: &Value) -> String {
    let mut w = JsonWriter::new();
    w.value(value);
    w.finish()
}

/// Writes JSON text as `print_json` lays it out, one call per key and value,
/// so a tree need not be built first (the graphql-to-json direction writes
/// straight from the IR, issue #8). The caller writes the keys of an object in
/// the order they are to appear and each key once; a container opened and
/// closed with nothing in it prints as `{}` or `[]`.
pub struct JsonWriter {
    out: String,
    /// Depth of the open containers.
    level: usize,
    /// The innermost open container has no item yet.
    fresh: bool,
    /// A key was written: the next value follows it on the same line.
    after_key: bool,
}

impl Default for JsonWriter {
    fn default() -> Self {
        Self::new()
    }
}

impl JsonWriter {
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// A writer whose text has room for `bytes` before it grows.
    pub fn with_capacity(bytes: usize) -> Self {
        JsonWriter { out: String::with_capacity(bytes), level: 0, fresh: false, after_key: false }
    }

    /// The text, with its trailing newline.
    pub fn finish(mut self) -> String {
        self.out.push('\n');
        self.out
    }

    /// The separator before an item of the innermost container: a comma after
    /// the previous item, a line break and the indentation of its level.
    fn item(&mut self) {
        if self.fresh {
            self.fresh = false;
        } else {
            self.out.push(',');
        }
        self.out.push('\n');
        for _ in 0..self.level {
            self.out.push_str("  ");
        }
    }

    fn before_value(&mut self) {
        if self.after_key {
            self.after_key = false;
        } else if self.level > 0 {
            self.item();
        }
    }

    pub fn key(&mut self, key: &str) {
        self.item();
        write_string(key, &mut self.out);
        self.out.push_str(": ");
        self.after_key = true;
    }

    pub fn begin_object(&mut self) {
        self.open('{');
    }

    pub fn end_object(&mut self) {
        self.close('}');
    }

    pub fn begin_array(&mut self) {
        self.open('[');
    }

    pub fn end_array(&mut self) {
        self.close(']');
    }

    fn open(&mut self, bracket: char) {
        self.before_value();
        self.out.push(bracket);
        self.level += 1;
        self.fresh = true;
    }

    fn close(&mut self, bracket: char) {
        self.level -= 1;
        if self.fresh {
            self.fresh = false;
        } else {
            self.out.push('\n');
            for _ in 0..self.level {
                self.out.push_str("  ");
            }
        }
        self.out.push(bracket);
    }

    pub fn string(&mut self, s: &str) {
        self.before_value();
        write_string(s, &mut self.out);
    }

    /// A string `prefix` + `s`; `prefix` must need no escapes.
    pub fn string_with_prefix(&mut self, prefix: &str, s: &str) {
        self.before_value();
        write_string_with_prefix(prefix, s, &mut self.out);
    }

    pub fn bool(&mut self, b: bool) {
        self.before_value();
        self.out.push_str(if b { "true" } else { "false" });
    }

    /// `key` and a string value.
    pub fn entry(&mut self, key: &str, s: &str) {
        self.key(key);
        self.string(s);
    }

    /// Any JSON value. Iterative: no input can exhaust the stack.
    pub fn value(&mut self, value: &Value) {
        enum Work<'a> {
            Value(&'a Value),
            Key(&'a str),
            EndObject,
            EndArray,
        }
        let mut stack = vec![Work::Value(value)];
        while let Some(work) = stack.pop() {
            match work {
                Work::Key(k) => self.key(k),
                Work::EndObject => self.end_object(),
                Work::EndArray => self.end_array(),
                Work::Value(Value::Array(items)) => {
                    self.begin_array();
                    stack.push(Work::EndArray);
                    stack.extend(items.iter().rev().map(Work::Value));
                }
                Work::Value(Value::Object(map)) => {
                    self.begin_object();
                    stack.push(Work::EndObject);
                    for (k, item) in map.iter().rev() {
                        stack.push(Work::Value(item));
                        stack.push(Work::Key(k));
                    }
                }
                Work::Value(other) => {
                    self.before_value();
                    scalar(other, &mut self.out);
                }
            }
        }
    }
}

fn scalar(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match n.as_f64() {
            Some(x) if x.is_finite() => out.push_str(&format_number(x)),
            // JSON.stringify writes a non-finite number as null.
            _ => out.push_str("null"),
        },
        Value::String(s) => write_string(s, out),
        Value::Array(_) | Value::Object(_) => {}
    }
}

/// A JSON string literal, escaped exactly as `JSON.stringify` does.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(s, &mut out);
    out
}

fn write_string(s: &str, out: &mut String) {
    write_string_with_prefix("", s, out);
}

fn write_string_with_prefix(prefix: &str, s: &str, out: &mut String) {
    out.push('"');
    out.push_str(prefix);
    if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{08}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{0c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c < '\u{20}' => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// One line of JSON text, as `JSON.stringify(value)` gives it (no spaces):
/// the `defaultValue` and applied-directive argument values of a type-system
/// document (record 0037). Recursive: these values nest at most 128 levels
/// (sdl-read's limit) or as deep as the JSON they were read from allows.
pub fn print_json_compact(value: &Value) -> String {
    let mut out = String::new();
    compact(value, &mut out);
    out
}

fn compact(v: &Value, out: &mut String) {
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                compact(item, out);
            }
            out.push('}');
        }
        other => scalar(other, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json_value as json;

    /// The writer, called key by key, gives the bytes `print_json` gives for the same tree.
    #[test]
    fn writer_calls_print_as_the_tree_does() {
        let mut w = JsonWriter::new();
        w.begin_object();
        w.entry("a\n\"b", "x\u{1}y");
        w.key("empty");
        w.begin_object();
        w.end_object();
        w.key("none");
        w.begin_array();
        w.end_array();
        w.key("list");
        w.begin_array();
        w.bool(true);
        w.begin_object();
        w.key("$ref");
        w.string_with_prefix("#/definitions/", "T\\");
        w.end_object();
        w.begin_array();
        w.end_array();
        w.value(&json!({"n": 1.5, "m": [null, {}], "z": -0.0}));
        w.end_array();
        w.key("last");
        w.value(&json!(1e21));
        w.end_object();
        let tree = json!({
            "a\n\"b": "x\u{1}y",
            "empty": {},
            "none": [],
            "list": [true, {"$ref": "#/definitions/T\\"}, [], {"n": 1.5, "m": [null, {}], "z": -0.0}],
            "last": 1e21
        });
        assert_eq!(w.finish(), print_json(&tree));
        let mut w = JsonWriter::new();
        w.begin_object();
        w.key("a");
        w.begin_array();
        w.begin_object();
        w.end_object();
        w.bool(false);
        w.end_array();
        w.key("b");
        w.begin_array();
        w.end_array();
        w.end_object();
        assert_eq!(w.finish(), "{\n  \"a\": [\n    {},\n    false\n  ],\n  \"b\": []\n}\n");
        let mut scalar = JsonWriter::new();
        scalar.string("top");
        assert_eq!(scalar.finish(), "\"top\"\n");
    }
}
