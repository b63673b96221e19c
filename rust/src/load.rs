//! load: JSON text -> order-preserving JSON tree (`serde_json::Value` with
//! `preserve_order`), with syntax errors that carry a line and column, and
//! `locate(text, pointer)` to map a JSON pointer back to a line and column.
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
//! messages and positions are not ours. Ours builds the same `Value` at a
//! comparable speed.

use foldhash::HashMap;

use serde_json::{Map, Number, Value};

use crate::errors::{codes, ConversionError};

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
        out.push('/');
        let s = s.as_ref();
        // Most segments need no escape: no two `replace` allocations for them.
        if s.contains(['~', '/']) {
            out.push_str(&s.replace('~', "~0").replace('/', "~1"));
        } else {
            out.push_str(s);
        }
    }
}

fn strip_bom(text: &str) -> &str {
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
    Object(usize, String),
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    file: Option<&'a str>,
}

impl Parser<'_> {
    fn byte(&self, p: usize) -> Option<u8> {
        self.bytes.get(p).copied()
    }

    fn parse(mut self) -> Result<Value, ConversionError> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut items: Vec<Value> = Vec::new();
        let mut members: Vec<(String, Value)> = Vec::new();
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
                            let key = self.read_key("a string key or '}'")?;
                            stack.push(Frame::Object(members.len(), key));
                            expected = "a value";
                            continue;
                        }
                    } else if self.byte(self.pos) == Some(b']') {
                        self.pos += 1;
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(items.len()));
                        expected = "a value or ']'";
                        continue;
                    }
                }
                Some(b'"') => {
                    let (s, end) = self.read_string(start)?;
                    self.pos = end;
                    Value::String(s)
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
                        members.push((std::mem::take(key), value));
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
                            let key = self.read_key("a string key")?;
                            if let Some(Frame::Object(_, k)) = stack.last_mut() {
                                *k = key;
                            }
                        }
                        expected = "a value";
                        break;
                    }
                    Some(c) if c == close => {
                        self.pos += 1;
                        value = match stack.pop() {
                            Some(Frame::Object(start, _)) => {
                                let mut map = Map::with_capacity(members.len() - start);
                                for (key, member) in members.drain(start..) {
                                    // IndexMap semantics: a repeated key keeps its first position
                                    map.insert(key, member);
                                }
                                Value::Object(map)
                            }
                            Some(Frame::Array(start)) => Value::Array(items.drain(start..).collect()),
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

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.byte(self.pos) {
            self.pos += 1;
        }
    }

    /// Reads `"key"` and the `:` after it (the position is at the key).
    fn read_key(&mut self, expected: &str) -> Result<String, ConversionError> {
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
    fn read_string(&self, start: usize) -> Result<(String, usize), ConversionError> {
        let bytes = self.bytes;
        let n = bytes.len();
        let mut p = start + 1;
        let mut run = p;
        let mut out = String::new();
        loop {
            let Some(&c) = bytes.get(p) else {
                return Err(self.error_at(n, "Unexpected end of input"));
            };
            if c == b'"' {
                out.push_str(&self.text[run..p]);
                return Ok((out, p + 1));
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
    fn read_hex4(&self, p: usize) -> Result<u32, ConversionError> {
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

    fn read_number(&mut self, start: usize) -> Result<Value, ConversionError> {
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
    fn digits(&self, mut p: usize) -> Result<usize, ConversionError> {
        if !matches!(self.byte(p), Some(b'0'..=b'9')) {
            return Err(self.unexpected(p, "a digit", false));
        }
        while let Some(b'0'..=b'9') = self.byte(p) {
            p += 1;
        }
        Ok(p)
    }

    fn read_literal(&mut self, word: &str) -> Result<(), ConversionError> {
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
    fn unexpected(&self, p: usize, expected: &str, value_position: bool) -> ConversionError {
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

    fn error_at(&self, index: usize, message: &str) -> ConversionError {
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

// ---------------------------------------------------------------------------
// locate

struct LocateFrame {
    is_object: bool,
    /// Whether the path to this container equals the pointer's first `level` segments.
    matched: bool,
    level: usize,
    index: usize,
}

/// The line and column of the value at a JSON pointer (RFC 6901), or `None`
/// when the pointer does not resolve (or the text is not valid JSON). For an
/// object member it is the member's key (the opening quote); for an array
/// element or the root, the value's first character. With duplicate keys the
/// last member counts, as in `load_json`. One linear, non-recursive pass.
pub fn locate(text: &str, pointer: &str) -> Option<(usize, usize)> {
    let text = strip_bom(text);
    let segments: Vec<String> = if pointer.is_empty() {
        Vec::new()
    } else {
        pointer
            .strip_prefix('/')?
            .split('/')
            .map(|s| s.replace("~1", "/").replace("~0", "~"))
            .collect()
    };
    let indexes: Vec<Option<usize>> = segments.iter().map(|s| array_index(s)).collect();
    let at = Locator {
        parser: Parser {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            file: None,
        },
        segments: &segments,
        indexes: &indexes,
        matched: true,
        level: 0,
        result: None,
    }
    .run()?;
    Some(position_at(text, at))
}

/// A canonical array index segment (`0` or no leading zero, at most 15 digits).
fn array_index(segment: &str) -> Option<usize> {
    let b = segment.as_bytes();
    let canonical = !b.is_empty()
        && b.len() <= 15
        && b.iter().all(u8::is_ascii_digit)
        && (b[0] != b'0' || b.len() == 1);
    if canonical {
        segment.parse().ok()
    } else {
        None
    }
}

struct Locator<'a> {
    parser: Parser<'a>,
    segments: &'a [String],
    indexes: &'a [Option<usize>],
    /// The next value's path matches the pointer up to `level` segments.
    matched: bool,
    level: usize,
    result: Option<usize>,
}

impl Locator<'_> {
    fn pos(&self) -> usize {
        self.parser.pos
    }

    /// Reads a key (at pos) and its colon; sets matched/level for its value.
    fn read_key(&mut self, frame: &LocateFrame) -> Option<()> {
        let p = &mut self.parser;
        if p.byte(p.pos) != Some(b'"') {
            return None;
        }
        let key_start = p.pos;
        let (key, end) = p.read_string(key_start).ok()?;
        p.pos = end;
        p.skip_ws();
        if p.byte(p.pos) != Some(b':') {
            return None;
        }
        p.pos += 1;
        self.matched = frame.matched && self.segments.get(frame.level) == Some(&key);
        self.level = frame.level + 1;
        if self.matched {
            self.result = if self.level == self.segments.len() {
                Some(key_start)
            } else {
                None
            };
        }
        Some(())
    }

    fn element(&mut self, frame: &LocateFrame) {
        self.matched = frame.matched && self.indexes.get(frame.level) == Some(&Some(frame.index));
        self.level = frame.level + 1;
        self.parser.skip_ws();
        if self.matched && self.level == self.segments.len() {
            self.result = Some(self.pos());
        }
    }

    fn run(mut self) -> Option<usize> {
        let n = self.parser.bytes.len();
        let target = self.segments.len();
        let mut stack: Vec<LocateFrame> = Vec::new();
        self.parser.skip_ws();
        if target == 0 && self.pos() < n {
            self.result = Some(self.pos());
        }
        loop {
            // --- a value starts at pos (after whitespace)
            self.parser.skip_ws();
            let start = self.pos();
            match self.parser.byte(start)? {
                c @ (b'{' | b'[') => {
                    let frame = LocateFrame {
                        is_object: c == b'{',
                        matched: self.matched && self.level < target,
                        level: self.level,
                        index: 0,
                    };
                    self.parser.pos += 1;
                    self.parser.skip_ws();
                    let close = if frame.is_object { b'}' } else { b']' };
                    if self.parser.byte(self.pos()) != Some(close) {
                        if frame.is_object {
                            self.read_key(&frame)?;
                        } else {
                            self.element(&frame);
                        }
                        stack.push(frame);
                        continue;
                    }
                    self.parser.pos += 1;
                }
                b'"' => {
                    let (_, end) = self.parser.read_string(start).ok()?;
                    self.parser.pos = end;
                }
                _ => {
                    // a number or literal: up to the next delimiter
                    while let Some(d) = self.parser.byte(self.pos()) {
                        if matches!(d, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                            break;
                        }
                        self.parser.pos += 1;
                    }
                    if self.pos() == start {
                        return None;
                    }
                }
            }
            // --- after a value
            loop {
                self.parser.skip_ws();
                let Some(frame) = stack.last() else {
                    return if self.pos() >= n { self.result } else { None };
                };
                let is_object = frame.is_object;
                match self.parser.byte(self.pos()) {
                    Some(b',') => {
                        self.parser.pos += 1;
                        self.parser.skip_ws();
                        let mut frame = stack.pop()?;
                        if is_object {
                            self.read_key(&frame)?;
                        } else {
                            frame.index += 1;
                            self.element(&frame);
                        }
                        stack.push(frame);
                        break;
                    }
                    Some(b'}') if is_object => {}
                    Some(b']') if !is_object => {}
                    _ => return None,
                }
                self.parser.pos += 1;
                stack.pop();
            }
        }
    }
}

/// Of several pointers into `text`, the one whose value comes first in the
/// document (ties: the smaller pointer, in JavaScript's string order): how a
/// validator's many errors become one place that both implementations agree
/// on (meta_schema, type_system_schema).
pub fn first_in_document(text: &str, pointers: &[String]) -> String {
    let mut best: Option<(&String, (usize, usize))> = None;
    for p in pointers {
        let key = locate(text, p).unwrap_or((usize::MAX, usize::MAX));
        let better = match best {
            None => true,
            Some((b, bk)) => key < bk || (key == bk && js_less(p, b)),
        };
        if better {
            best = Some((p, key));
        }
    }
    best.map(|(p, _)| p.clone()).unwrap_or_default()
}

/// JavaScript's `a < b` on strings: UTF-16 code unit order.
fn js_less(a: &str, b: &str) -> bool {
    a.encode_utf16().lt(b.encode_utf16())
}

// ---------------------------------------------------------------------------
// locate_all

/// A node of the trie of the pointers `locate_all` looks for.
#[derive(Default)]
struct PointerNode {
    children: HashMap<String, usize>,
    parent: Option<usize>,
    /// The number of the latest visit (0: never reached), and the parent's visit then.
    visit: u64,
    parent_visit: u64,
    /// Where the latest visit found the value (its key, for an object member).
    at: usize,
    /// The indexes of the pointers that end here.
    ends: Vec<usize>,
}

struct LocateAllFrame {
    node: Option<usize>,
    is_object: bool,
    index: usize,
}

/// `locate` for many pointers in one pass (the twin of `locateAll` in
/// js/src/load.ts): `result[i]` is `locate(text, pointers[i])`. Linear in the
/// text plus the pointers, whatever their number; one `locate` per warning made
/// a schema with many warnings quadratic.
pub fn locate_all(text: &str, pointers: &[&str]) -> Vec<Option<(usize, usize)>> {
    let text = strip_bom(text);
    let mut results = vec![None; pointers.len()];
    let mut nodes: Vec<PointerNode> = vec![PointerNode::default()];
    let mut terminals: Vec<usize> = Vec::new();
    for (i, pointer) in pointers.iter().enumerate() {
        let mut node = 0;
        if !pointer.is_empty() {
            let Some(rest) = pointer.strip_prefix('/') else { continue };
            for raw in rest.split('/') {
                let segment = raw.replace("~1", "/").replace("~0", "~");
                node = match nodes[node].children.get(&segment) {
                    Some(&next) => next,
                    None => {
                        nodes.push(PointerNode { parent: Some(node), ..PointerNode::default() });
                        let next = nodes.len() - 1;
                        nodes[node].children.insert(segment, next);
                        next
                    }
                };
            }
        }
        if nodes[node].ends.is_empty() {
            terminals.push(node);
        }
        nodes[node].ends.push(i);
    }
    if terminals.is_empty() || scan_pointers(text, &mut nodes).is_none() {
        return results;
    }
    // A node counts when every step down to it happened in its parent's latest
    // visit (with duplicate keys, the last member wins at every level).
    let mut found: Vec<(usize, usize)> = Vec::new();
    for &t in &terminals {
        let mut ok = nodes[t].visit != 0;
        let mut n = t;
        while ok {
            let Some(parent) = nodes[n].parent else { break };
            ok = nodes[n].visit != 0 && nodes[n].parent_visit == nodes[parent].visit;
            n = parent;
        }
        if ok {
            found.push((nodes[t].at, t));
        }
    }
    found.sort_unstable();
    // position_at for increasing offsets, resuming where the last one stopped
    let (mut from, mut line, mut column) = (0usize, 1usize, 1usize);
    for (at, t) in found {
        let (dl, dc) = position_at(&text[from..], at - from);
        if dl > 1 {
            line += dl - 1;
            column = dc;
        } else {
            column += dc - 1;
        }
        // a CR at the end of the last stretch may pair with an LF after it: start the next stretch there
        from = at;
        for &i in &nodes[t].ends {
            results[i] = Some((line, column));
        }
    }
    results
}

/// Walks the text and records, for every trie node reached, its latest visit.
fn scan_pointers(text: &str, nodes: &mut [PointerNode]) -> Option<()> {
    let mut p = Parser { text, bytes: text.as_bytes(), pos: 0, file: None };
    let n = p.bytes.len();
    let mut visits: u64 = 1;
    p.skip_ws();
    if p.pos >= n {
        return None;
    }
    nodes[0].visit = visits;
    nodes[0].at = p.pos;
    let mut stack: Vec<LocateAllFrame> = Vec::new();
    let mut node: Option<usize> = Some(0);
    // Reads a member's key (objects) up to its value, and finds the value's trie node.
    let enter = |p: &mut Parser<'_>, frame: &LocateAllFrame, nodes: &mut [PointerNode], visits: &mut u64| -> Option<Option<usize>> {
        let start = p.pos;
        let key = if frame.is_object {
            if p.byte(p.pos) != Some(b'"') {
                return None;
            }
            let (key, end) = p.read_string(start).ok()?;
            p.pos = end;
            p.skip_ws();
            if p.byte(p.pos) != Some(b':') {
                return None;
            }
            p.pos += 1;
            p.skip_ws();
            key
        } else {
            frame.index.to_string()
        };
        let Some(parent) = frame.node else { return Some(None) };
        let Some(&child) = nodes[parent].children.get(&key) else { return Some(None) };
        *visits += 1;
        nodes[child].visit = *visits;
        nodes[child].parent_visit = nodes[parent].visit;
        nodes[child].at = if frame.is_object { start } else { p.pos };
        Some(Some(child))
    };
    loop {
        // --- a value starts at pos
        p.skip_ws();
        let start = p.pos;
        match p.byte(start)? {
            c @ (b'{' | b'[') => {
                let frame = LocateAllFrame { node: node.filter(|&x| !nodes[x].children.is_empty()), is_object: c == b'{', index: 0 };
                p.pos += 1;
                p.skip_ws();
                let close = if frame.is_object { b'}' } else { b']' };
                if p.byte(p.pos) != Some(close) {
                    node = enter(&mut p, &frame, nodes, &mut visits)?;
                    stack.push(frame);
                    continue;
                }
                p.pos += 1;
            }
            b'"' => {
                let (_, end) = p.read_string(start).ok()?;
                p.pos = end;
            }
            _ => {
                while let Some(d) = p.byte(p.pos) {
                    if matches!(d, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                        break;
                    }
                    p.pos += 1;
                }
                if p.pos == start {
                    return None;
                }
            }
        }
        // --- after a value
        loop {
            p.skip_ws();
            let Some(frame) = stack.last_mut() else {
                return if p.pos >= n { Some(()) } else { None };
            };
            match p.byte(p.pos) {
                Some(b',') => {
                    p.pos += 1;
                    p.skip_ws();
                    frame.index += 1;
                    let frame = stack.pop()?;
                    node = enter(&mut p, &frame, nodes, &mut visits)?;
                    stack.push(frame);
                    break;
                }
                Some(b'}') if frame.is_object => {}
                Some(b']') if !frame.is_object => {}
                _ => return None,
            }
            p.pos += 1;
            stack.pop();
        }
    }
}
