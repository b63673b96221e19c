//! load: JSON text -> order-preserving JSON tree (`json::Value`, json.rs),
//! with syntax errors that carry a line and column
//! (`position_at`); locate.rs maps a JSON pointer back to a line and column.
//!
//! Mirrors js/src/load.ts rule for rule (checked by the shared vectors in
//! fixtures/helpers/load.json):
//!
//! - Strict RFC 8259 JSON: whitespace is only space, tab, LF and CR; no comments,
//!   trailing commas, single quotes, leading zeros, NaN/Infinity, raw control
//!   characters in strings, or escapes of lone surrogates.
//! - One leading U+FEFF (BOM) is skipped; it is not a column.
//! - Positions: 1-based line and column; columns count Unicode code points.
//!   A line break is LF, CR LF (one break) or a lone CR.
//! - Nesting deeper than 1,000 levels is an error at the bracket that opens
//!   level 1,001. The parser and `locate` are iterative; the limit keeps the
//!   tree shallow enough for recursive walks: `Value` clones, compares,
//!   serializes and drops recursively (at 10,000 levels a clone of nested
//!   objects needs about 8 MiB of stack in a release build, 16+ in debug).
//! - Every number is an `f64` (as in JavaScript; integers too), read with a
//!   correctly rounded conversion; one that overflows to infinity is an error
//!   ("Number out of range").
//! - Duplicate keys: the last value wins, at the position of the first key.
//!
//! The parser is our own, iterative one for every input rather than
//! `serde_json::from_str`: serde_json's default float parsing is not correctly
//! rounded (without its `float_roundtrip` feature about a third of 17-digit
//! numbers come out one ulp off), it stops at 128 levels of nesting, and its
//! messages and positions are not ours. Ours builds `json::Value` in about
//! two thirds of the time serde_json takes to build its own tree (record 0058).


use std::borrow::Cow;

use foldhash::{HashMap, HashMapExt};

use crate::json::{repeats_a_key, Array, Key, Map, Number, Str, Value, SMALL};
use crate::json_slab::Writer;

use crate::errors::{codes, ConversionError};
use crate::text::byte_set;

/// The maximum nesting depth of arrays and objects.
pub const MAX_DEPTH: usize = 1_000;

/// Parses JSON text into a tree. The only error is `JSON_SYNTAX`, with the
/// 1-based line and column of the offending character.
pub fn load_json(text: &str, file: Option<&str>) -> Result<Value, ConversionError> {
    let text = strip_bom(text);
    Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        file,
    }
    .parse()
}

/// `base` followed by one pointer segment per item, with `~` and `/` escaped.
pub fn pointer_join<S: AsRef<str>>(base: &str, segments: &[S]) -> String {
    let mut out = String::with_capacity(base.len() + segments.iter().map(|s| s.as_ref().len() + 1).sum::<usize>());
    out.push_str(base);
    push_pointer_segments(&mut out, segments);
    out
}

/// Pushes one pointer segment per item onto `out`, with `~` and `/` escaped.
pub fn push_pointer_segments<S: AsRef<str>>(out: &mut String, segments: &[S]) {
    for s in segments {
        push_pointer_segment(out, s.as_ref());
    }
}

/// Appends `/` and one segment with `~` and `/` escaped. Most segments need no
/// escape: they are found so with a byte test and copied whole (a `char` pattern
/// search was most of this function's cost, 300 instructions a call), and the rest
/// are escaped in place, with no intermediate strings.
pub fn push_pointer_segment(out: &mut String, segment: &str) {
    out.reserve(segment.len() + 1);
    out.push('/');
    if !segment.bytes().any(|b| b == b'~' || b == b'/') {
        out.push_str(segment);
        return;
    }
    for c in segment.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// The bytes that end a run of plain string bytes: a quote, a backslash, a control character.
static ENDS_PLAIN: [bool; 256] = byte_set(0x20, b"\"\\");

/// The object of the members from `start` on the member stack: a small one without
/// a repeated key (nearly all) in a run of the slab, any other as `Map::from_members`.
fn object(slab: &mut Writer<(Key, Value)>, members: &mut Vec<(Key, Value)>, start: usize) -> Map {
    let own = members.get(start..).unwrap_or_default();
    if own.len() <= SMALL && !repeats_a_key(own) {
        Map::parsed(slab, members, start)
    } else {
        Map::from_members(members.drain(start..).collect())
    }
}

/// The shared `Key` of a key read as written (a key with escapes, rare, gets its own).
fn intern<'a>(keys: &mut HashMap<&'a str, Key>, key: Cow<'a, str>) -> Key {
    match key {
        Cow::Borrowed(text) => keys.entry(text).or_insert_with(|| Key::from(text)).clone(),
        Cow::Owned(text) => Key::from(text),
    }
}

pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}

/// An array or object being read. Their members wait on two stacks shared by
/// all frames (`Parser::parse`), from the frame's start, and become a `Vec` or
/// `Map` of exactly their size when the bracket closes: no map grows and
/// rehashes while it fills, and none keeps spare capacity (less memory).
enum Frame {
    /// Where the array's items start on the item stack.
    Array(usize),
    /// Where the object's members start on the member stack, and the key whose
    /// value is being parsed.
    Object(usize, Option<Key>),
}

pub(crate) struct Parser<'a> {
    pub(crate) text: &'a str,
    pub(crate) bytes: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) file: Option<&'a str>,
}

impl<'a> Parser<'a> {
    pub(crate) fn byte(&self, p: usize) -> Option<u8> {
        self.bytes.get(p).copied()
    }

    pub(crate) fn parse(mut self) -> Result<Value, ConversionError> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut items: Vec<Value> = Vec::new();
        let mut members: Vec<(Key, Value)> = Vec::new();
        // Every occurrence of a key shares one allocation (json.rs `Key`): a schema
        // has few distinct keys and many occurrences of each.
        let mut keys: HashMap<&'a str, Key> = HashMap::new();
        // Small objects' members, and arrays' items, go into shared chunks (json_slab.rs).
        let mut slab = Writer::default();
        let mut item_slab = Writer::default();
        self.skip_ws();
        if self.pos >= self.bytes.len() {
            return Err(self.error_at(0, "Empty input"));
        }
        let mut expected = "a value";
        loop {
            // --- a value starts here
            self.skip_ws();
            let start = self.pos;
            let mut value = match self.byte(start) {
                Some(c @ (b'{' | b'[')) => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self
                            .error_at(start, &format!("Nesting deeper than {MAX_DEPTH} levels")));
                    }
                    self.pos += 1;
                    self.skip_ws();
                    if c == b'{' {
                        if self.byte(self.pos) == Some(b'}') {
                            self.pos += 1;
                            Value::Object(Map::new())
                        } else {
                            let key = intern(&mut keys, self.read_key("a string key or '}'")?);
                            stack.push(Frame::Object(members.len(), Some(key)));
                            expected = "a value";
                            continue;
                        }
                    } else if self.byte(self.pos) == Some(b']') {
                        self.pos += 1;
                        Value::Array(Array::new())
                    } else {
                        stack.push(Frame::Array(items.len()));
                        expected = "a value or ']'";
                        continue;
                    }
                }
                Some(b'"') => {
                    let (s, end) = self.read_string(start)?;
                    self.pos = end;
                    Value::String(Str::new(s))
                }
                Some(b'-' | b'0'..=b'9') => self.read_number(start)?,
                Some(b't') => {
                    self.read_literal("true")?;
                    Value::Bool(true)
                }
                Some(b'f') => {
                    self.read_literal("false")?;
                    Value::Bool(false)
                }
                Some(b'n') => {
                    self.read_literal("null")?;
                    Value::Null
                }
                _ => return Err(self.unexpected(start, expected, true)),
            };

            // --- a value is complete: attach it, then read what follows
            loop {
                let Some(frame) = stack.last_mut() else {
                    self.skip_ws();
                    if self.pos < self.bytes.len() {
                        return Err(self.unexpected(self.pos, "end of input", false));
                    }
                    return Ok(value);
                };
                let is_object = match frame {
                    Frame::Object(_, key) => {
                        let Some(key) = key.take() else { unreachable!("a key is read before its value") };
                        members.push((key, value));
                        true
                    }
                    Frame::Array(_) => {
                        items.push(value);
                        false
                    }
                };
                self.skip_ws();
                let p = self.pos;
                let close = if is_object { b'}' } else { b']' };
                match self.byte(p) {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip_ws();
                        if self.byte(self.pos) == Some(close) {
                            return Err(self.error_at(p, "Trailing comma"));
                        }
                        if is_object {
                            let key = intern(&mut keys, self.read_key("a string key")?);
                            if let Some(Frame::Object(_, k)) = stack.last_mut() {
                                *k = Some(key);
                            }
                        }
                        expected = "a value";
                        break;
                    }
                    Some(c) if c == close => {
                        self.pos += 1;
                        value = match stack.pop() {
                            Some(Frame::Object(start, _)) => {
                                // A repeated key keeps its first position and takes the last value.
                                Value::Object(object(&mut slab, &mut members, start))
                            }
                            Some(Frame::Array(start)) => Value::Array(Array::parsed(&mut item_slab, &mut items, start)),
                            None => unreachable!("a frame was just looked at"),
                        };
                        continue;
                    }
                    _ => {
                        let what = if is_object {
                            "',' or '}'"
                        } else {
                            "',' or ']'"
                        };
                        return Err(self.unexpected(p, what, false));
                    }
                }
            }
        }
    }

    pub(crate) fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.byte(self.pos) {
            self.pos += 1;
        }
    }

    /// Reads `"key"` and the `:` after it (the position is at the key).
    pub(crate) fn read_key(&mut self, expected: &str) -> Result<Cow<'a, str>, ConversionError> {
        let p = self.pos;
        if self.byte(p) != Some(b'"') {
            return Err(self.unexpected(p, expected, true));
        }
        let (key, end) = self.read_string(p)?;
        self.pos = end;
        self.skip_ws();
        if self.byte(self.pos) != Some(b':') {
            return Err(self.unexpected(self.pos, "':'", false));
        }
        self.pos += 1;
        Ok(key)
    }

    /// Reads the string whose opening quote is at `start`; returns it and the
    /// position after the closing quote.
    pub(crate) fn read_string(&self, start: usize) -> Result<(Cow<'a, str>, usize), ConversionError> {
        let bytes = self.bytes;
        let n = bytes.len();
        let mut p = start + 1;
        let mut run = p;
        let mut out = String::new();
        loop {
            // Past the plain bytes in one `position` over the rest, with a table of the
            // bytes that end them: a slice iterator needs no bounds check per byte, and
            // indexing one byte at a time with three tests was 17 instructions a byte
            // (callgrind).
            let rest = bytes.get(p..).unwrap_or_default();
            p += rest.iter().position(|&c| ENDS_PLAIN[usize::from(c)]).unwrap_or(rest.len());
            let Some(&c) = bytes.get(p) else {
                return Err(self.error_at(n, "Unexpected end of input"));
            };
            if c == b'"' {
                // Without escapes (nearly every string) the text is borrowed as it is.
                if out.is_empty() {
                    return Ok((Cow::Borrowed(&self.text[run..p]), p + 1));
                }
                out.push_str(&self.text[run..p]);
                return Ok((Cow::Owned(out), p + 1));
            }
            if c < 0x20 {
                return Err(self.error_at(
                    p,
                    &format!(
                        "Control character {} in string",
                        code_point_name(u32::from(c))
                    ),
                ));
            }
            if c != b'\\' {
                p += 1;
                continue;
            }
            out.push_str(&self.text[run..p]);
            let Some(&e) = bytes.get(p + 1) else {
                return Err(self.error_at(n, "Unexpected end of input"));
            };
            let simple = match e {
                b'"' => Some('"'),
                b'\\' => Some('\\'),
                b'/' => Some('/'),
                b'b' => Some('\u{8}'),
                b'f' => Some('\u{c}'),
                b'n' => Some('\n'),
                b'r' => Some('\r'),
                b't' => Some('\t'),
                b'u' => None,
                _ => {
                    let ch = self.text[p + 1..].chars().next().unwrap_or('\u{FFFD}');
                    return Err(self.error_at(p, &format!("Invalid escape {}", escape_name(ch))));
                }
            };
            if let Some(ch) = simple {
                out.push(ch);
                p += 2;
            } else {
                let u = self.read_hex4(p)?;
                let lone = || self.error_at(p, &format!("Lone surrogate {}", &self.text[p..p + 6]));
                if (0xDC00..=0xDFFF).contains(&u) {
                    return Err(lone());
                }
                if (0xD800..=0xDBFF).contains(&u) {
                    let low = if bytes.get(p + 6) == Some(&b'\\') && bytes.get(p + 7) == Some(&b'u')
                    {
                        hex4(bytes, p + 8)
                    } else {
                        None
                    };
                    match low {
                        Some(low @ 0xDC00..=0xDFFF) => {
                            let cp = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                            out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
                            p += 12;
                        }
                        _ => return Err(lone()),
                    }
                } else {
                    out.push(char::from_u32(u).unwrap_or('\u{FFFD}'));
                    p += 6;
                }
            }
            run = p;
        }
    }

    /// The value of `\uXXXX` at `p` (the backslash); errors for a short or bad escape.
    pub(crate) fn read_hex4(&self, p: usize) -> Result<u32, ConversionError> {
        let n = self.bytes.len();
        for i in p + 2..p + 6 {
            match self.bytes.get(i) {
                None => return Err(self.error_at(n, "Unexpected end of input")),
                Some(c) if hex_digit(*c).is_none() => {
                    return Err(self.error_at(p, "Invalid escape \\u (expected 4 hex digits)"));
                }
                Some(_) => {}
            }
        }
        Ok(hex4(self.bytes, p + 2).unwrap_or(0))
    }

    pub(crate) fn read_number(&mut self, start: usize) -> Result<Value, ConversionError> {
        let mut p = start;
        if self.byte(p) == Some(b'-') {
            p += 1;
        }
        if self.byte(p) == Some(b'0') && matches!(self.byte(p + 1), Some(b'0'..=b'9')) {
            return Err(self.error_at(p, "Leading zeros are not allowed"));
        }
        p = self.digits(p)?;
        if self.byte(p) == Some(b'.') {
            p = self.digits(p + 1)?;
        }
        if let Some(b'e' | b'E') = self.byte(p) {
            p += 1;
            if let Some(b'+' | b'-') = self.byte(p) {
                p += 1;
            }
            p = self.digits(p)?;
        }
        let value: f64 = self.text[start..p].parse().unwrap_or(f64::INFINITY);
        match Number::from_f64(value) {
            Some(n) => {
                self.pos = p;
                Ok(Value::Number(n))
            }
            None => Err(self.error_at(start, "Number out of range")),
        }
    }

    /// At least one digit at `p`; returns the position after the digits.
    pub(crate) fn digits(&self, mut p: usize) -> Result<usize, ConversionError> {
        if !matches!(self.byte(p), Some(b'0'..=b'9')) {
            return Err(self.unexpected(p, "a digit", false));
        }
        while let Some(b'0'..=b'9') = self.byte(p) {
            p += 1;
        }
        Ok(p)
    }

    pub(crate) fn read_literal(&mut self, word: &str) -> Result<(), ConversionError> {
        let p = self.pos;
        for (i, w) in word.bytes().enumerate().skip(1) {
            match self.byte(p + i) {
                None => return Err(self.error_at(p + i, "Unexpected end of input")),
                Some(c) if c != w => return Err(self.unexpected(p + i, word, false)),
                Some(_) => {}
            }
        }
        self.pos = p + word.len();
        Ok(())
    }

    /// The error for the character at `p` (or the end of input).
    pub(crate) fn unexpected(&self, p: usize, expected: &str, value_position: bool) -> ConversionError {
        let Some(c) = self.text.get(p..).and_then(|s| s.chars().next()) else {
            return self.error_at(p, "Unexpected end of input");
        };
        if c == '/' && matches!(self.byte(p + 1), Some(b'/' | b'*')) {
            return self.error_at(p, "Comments are not allowed");
        }
        if c == '\'' && value_position {
            return self.error_at(p, "Strings must use double quotes");
        }
        self.error_at(
            p,
            &format!(
                "Unexpected character {} (expected {expected})",
                char_name(c)
            ),
        )
    }

    pub(crate) fn error_at(&self, index: usize, message: &str) -> ConversionError {
        let (line, column) = position_at(self.text, index);
        ConversionError::new(codes::JSON_SYNTAX, message)
            .with_file(self.file)
            .with_position(line, column)
    }
}

fn hex_digit(c: u8) -> Option<u32> {
    (c as char).to_digit(16)
}

/// The value of 4 hex digits at `p`, if they are.
fn hex4(bytes: &[u8], p: usize) -> Option<u32> {
    let mut v = 0;
    for i in p..p + 4 {
        v = v * 16 + hex_digit(*bytes.get(i)?)?;
    }
    Some(v)
}

/// Characters shown as `U+XXXX` in messages (invisible or confusable ones).
fn is_invisible(c: u32) -> bool {
    c <= 0x20
        || (0x7F..=0xA0).contains(&c)
        || c == 0xAD
        || (0x2000..=0x200F).contains(&c)
        || (0x2028..=0x202F).contains(&c)
        || (0x205F..=0x206F).contains(&c)
        || c == 0x3000
        || (0xD800..=0xDFFF).contains(&c)
        || c == 0xFEFF
}

fn code_point_name(c: u32) -> String {
    format!("U+{c:04X}")
}

/// `'x'` for a visible character (`"'"` for the apostrophe), else `U+XXXX`.
fn char_name(c: char) -> String {
    if is_invisible(u32::from(c)) {
        code_point_name(u32::from(c))
    } else if c == '\'' {
        format!("\"{c}\"")
    } else {
        format!("'{c}'")
    }
}

fn escape_name(c: char) -> String {
    if is_invisible(u32::from(c)) {
        format!("\\ followed by {}", code_point_name(u32::from(c)))
    } else {
        format!("\\{c}")
    }
}

/// The 1-based line and column of byte `index` in `text` (which has no BOM).
/// Columns count code points; LF, CR LF and a lone CR are line breaks.
pub fn position_at(text: &str, index: usize) -> (usize, usize) {
    let bytes = text.as_bytes();
    let end = index.min(bytes.len());
    let mut line = 1;
    let mut column = 1;
    for (i, &b) in bytes[..end].iter().enumerate() {
        match b {
            b'\n' => {
                line += 1;
                column = 1;
            }
            b'\r' => {
                // CR LF is one break, made by the LF
                if bytes.get(i + 1) != Some(&b'\n') {
                    line += 1;
                    column = 1;
                }
            }
            // a UTF-8 continuation byte: same code point
            0x80..=0xBF => {}
            _ => column += 1,
        }
    }
    (line, column)
}

/// Deep equality of JSON values (object key order does not matter), iteratively.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    let mut stack: Vec<(&Value, &Value)> = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        match (a, b) {
            (Value::Null, Value::Null) => {}
            (Value::Bool(x), Value::Bool(y)) if x == y => {}
            (Value::Number(x), Value::Number(y)) if x.as_f64() == y.as_f64() => {}
            (Value::String(x), Value::String(y)) if x == y => {}
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => stack.extend(x.iter().zip(y)),
            (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
                for (k, v) in x {
                    match y.get(k) {
                        Some(w) => stack.push((v, w)),
                        None => return false,
                    }
                }
            }
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::ENDS_PLAIN;

    #[test]
    fn ends_plain_holds_exactly_the_quote_the_backslash_and_control_characters() {
        for byte in 0..=255u8 {
            let expected = byte == b'"' || byte == b'\\' || byte < 0x20;
            assert_eq!(ENDS_PLAIN[usize::from(byte)], expected, "byte {byte:#x}");
        }
    }
}
