//! The ordered JSON printer of the graphql-to-json direction (record 0028),
//! the twin of js/src/json-print.ts: byte for byte what
//! `JSON.stringify(value, null, 2) + "\n"` gives for our trees.
//!
//! - Objects print their keys in insertion order (`serde_json` with
//!   `preserve_order`), arrays in order.
//! - Two spaces per level; `key: value` with one space after the colon; an
//!   empty object is `{}` and an empty array `[]`; one trailing newline.
//! - Numbers are ECMAScript `Number::toString` (`text::format_number`): `1`,
//!   `1.5`, `1e+21`, `1e-7`, `-0` as `0`.
//! - Strings escape `"` and `\` with a backslash, \b \f \n \r \t by their short
//!   forms, the other code points below U+0020 as `\u` with four lower-case hex
//!   digits; everything else is written as it is. (A Rust string holds no lone
//!   surrogates, which `JSON.stringify` would escape too.)
//!
//! Iterative, unlike the TypeScript (whose trees nest at most about 140
//! levels): no input can exhaust the stack. Shared vectors:
//! fixtures/helpers/json-print.json.

use serde_json::Value;

use crate::text::format_number;

pub fn print_json(value: &Value) -> String {
    enum Work<'a> {
        Value(&'a Value, usize),
        Text(&'static str),
        /// A line break and the indentation of `level`.
        Break(usize),
        Key(&'a str),
    }
    let mut out = String::new();
    let mut stack = vec![Work::Value(value, 0)];
    while let Some(work) = stack.pop() {
        match work {
            Work::Text(t) => out.push_str(t),
            Work::Break(level) => {
                out.push('\n');
                for _ in 0..level {
                    out.push_str("  ");
                }
            }
            Work::Key(k) => {
                write_string(k, &mut out);
                out.push_str(": ");
            }
            Work::Value(v, level) => match v {
                Value::Array(items) if items.is_empty() => out.push_str("[]"),
                Value::Object(map) if map.is_empty() => out.push_str("{}"),
                Value::Array(items) => {
                    out.push('[');
                    stack.push(Work::Text("]"));
                    stack.push(Work::Break(level));
                    for (i, item) in items.iter().enumerate().rev() {
                        stack.push(Work::Value(item, level + 1));
                        stack.push(Work::Break(level + 1));
                        if i > 0 {
                            stack.push(Work::Text(","));
                        }
                    }
                }
                Value::Object(map) => {
                    out.push('{');
                    stack.push(Work::Text("}"));
                    stack.push(Work::Break(level));
                    for (i, (k, item)) in map.iter().enumerate().rev() {
                        stack.push(Work::Value(item, level + 1));
                        stack.push(Work::Key(k));
                        stack.push(Work::Break(level + 1));
                        if i > 0 {
                            stack.push(Work::Text(","));
                        }
                    }
                }
                other => scalar(other, &mut out),
            },
        }
    }
    out.push('\n');
    out
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
    out.push('"');
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
