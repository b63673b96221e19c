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

use std::collections::HashMap;

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
    out
}

fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}

enum Frame {
    Array(Vec<Value>),
    /// The object being filled and the key whose value is being parsed.
    Object(Map<String, Value>, String),
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
                            stack.push(Frame::Object(Map::new(), key));
                            expected = "a value";
                            continue;
                        }
                    } else if self.byte(self.pos) == Some(b']') {
                        self.pos += 1;
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
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
                    Frame::Object(map, key) => {
                        // IndexMap semantics: a repeated key keeps its first position
                        map.insert(std::mem::take(key), value);
                        true
                    }
                    Frame::Array(items) => {
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
                            Some(Frame::Object(map, _)) => Value::Object(map),
                            Some(Frame::Array(items)) => Value::Array(items),
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

// ---------------------------------------------------------------------------
// locate_all (js/src/load.ts `locateAll`)

/// A node of the trie of the pointers being located: one per distinct prefix.
struct PointerNode {
    children: HashMap<String, usize>,
    parent: Option<usize>,
    /// The indexes of the pointers that end here.
    ends: Vec<usize>,
    /// The number of the latest visit of this node (0: never visited) and the visit
    /// number its parent had then: with duplicate keys the last member wins at every
    /// level, so a node counts only if every step down to it happened in its parent's
    /// latest visit (as `locate` resets its result when a prefix is met again).
    visit: u32,
    parent_visit: u32,
    at: usize,
}

/// `locate` for many pointers of one text in one walk of it: the positions, in
/// the order of `pointers`. The converter locates every warning of a file
/// at once; one walk per warning made the Rust CLI quadratic (15 of 19 s of
/// CPU at N = 20,000 in docs/benchmarks.md).
pub fn locate_all(text: &str, pointers: &[&str]) -> Vec<Option<(usize, usize)>> {
    let text = strip_bom(text);
    let mut results = vec![None; pointers.len()];
    let mut nodes = vec![PointerNode { children: HashMap::new(), parent: None, ends: Vec::new(), visit: 0, parent_visit: 0, at: 0 }];
    for (i, pointer) in pointers.iter().enumerate() {
        let mut node = 0;
        if !pointer.is_empty() {
            let Some(rest) = pointer.strip_prefix('/') else { continue };
            for raw in rest.split('/') {
                let segment = raw.replace("~1", "/").replace("~0", "~");
                node = match nodes.get(node).and_then(|n| n.children.get(&segment)) {
                    Some(&next) => next,
                    None => {
                        let next = nodes.len();
                        nodes.push(PointerNode {
                            children: HashMap::new(),
                            parent: Some(node),
                            ends: Vec::new(),
                            visit: 0,
                            parent_visit: 0,
                            at: 0,
                        });
                        if let Some(n) = nodes.get_mut(node) {
                            n.children.insert(segment, next);
                        }
                        next
                    }
                };
            }
        }
        if let Some(n) = nodes.get_mut(node) {
            n.ends.push(i);
        }
    }
    if !walk_pointers(text, &mut nodes) {
        return results;
    }
    let mut found: Vec<(usize, usize)> = Vec::new();
    for (id, node) in nodes.iter().enumerate() {
        if node.ends.is_empty() {
            continue;
        }
        let mut ok = node.visit != 0;
        let mut n = node;
        while ok {
            let Some(parent) = n.parent.and_then(|p| nodes.get(p)) else { break };
            ok = n.visit != 0 && parent.visit != 0 && n.parent_visit == parent.visit;
            n = parent;
        }
        if ok {
            found.push((node.at, id));
        }
    }
    // Line and column by one forward pass over the offsets in order (the rules of `position_at`).
    found.sort_unstable();
    let bytes = text.as_bytes();
    let (mut line, mut column, mut i) = (1, 1, 0);
    for (at, id) in found {
        while i < at.min(bytes.len()) {
            match bytes.get(i) {
                Some(b'\n') => (line, column) = (line + 1, 1),
                // CR LF is one break, made by the LF
                Some(b'\r') if bytes.get(i + 1) != Some(&b'\n') => (line, column) = (line + 1, 1),
                Some(b'\r') | Some(0x80..=0xBF) => {}
                _ => column += 1,
            }
            i += 1;
        }
        for &end in nodes.get(id).map_or(&[][..], |n| n.ends.as_slice()) {
            if let Some(r) = results.get_mut(end) {
                *r = Some((line, column));
            }
        }
    }
    results
}

/// The walk of `locate_all`: marks the visits of trie nodes. False when the text is not JSON.
fn walk_pointers(text: &str, nodes: &mut [PointerNode]) -> bool {
    let mut p = Parser { text, bytes: text.as_bytes(), pos: 0, file: None };
    let n = p.bytes.len();
    let mut visits: u32 = 0;
    // (is_object, the trie node of the container, the next element index)
    let mut stack: Vec<(bool, Option<usize>, usize)> = Vec::new();
    p.skip_ws();
    if p.pos < n {
        visits += 1;
        if let Some(root) = nodes.get_mut(0) {
            root.visit = visits;
            root.at = p.pos;
        }
    }
    // The trie node of the value about to start.
    let mut current: Option<usize> = Some(0);
    let mut enter = |nodes: &mut [PointerNode], parent: Option<usize>, segment: &str, at: usize| -> Option<usize> {
        let parent = parent?;
        let parent_visit = nodes.get(parent)?.visit;
        let child = *nodes.get(parent)?.children.get(segment)?;
        visits += 1;
        let node = nodes.get_mut(child)?;
        node.visit = visits;
        node.parent_visit = parent_visit;
        node.at = at;
        Some(child)
    };
    let read_key = |p: &mut Parser<'_>| -> Option<(String, usize)> {
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
        Some((key, key_start))
    };
    loop {
        // --- a value starts at pos (after whitespace)
        p.skip_ws();
        let start = p.pos;
        match p.byte(start) {
            None => return false,
            Some(c @ (b'{' | b'[')) => {
                let is_object = c == b'{';
                p.pos += 1;
                p.skip_ws();
                let close = if is_object { b'}' } else { b']' };
                if p.byte(p.pos) != Some(close) {
                    let container = current.filter(|&id| nodes.get(id).is_some_and(|n| !n.children.is_empty()));
                    if is_object {
                        let Some((key, key_start)) = read_key(&mut p) else { return false };
                        current = enter(nodes, container, &key, key_start);
                    } else {
                        p.skip_ws();
                        current = enter(nodes, container, "0", p.pos);
                    }
                    stack.push((is_object, container, 0));
                    continue;
                }
                p.pos += 1;
            }
            Some(b'"') => match p.read_string(start) {
                Ok((_, end)) => p.pos = end,
                Err(_) => return false,
            },
            Some(_) => {
                // a number or literal: up to the next delimiter
                while let Some(d) = p.byte(p.pos) {
                    if matches!(d, b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                        break;
                    }
                    p.pos += 1;
                }
                if p.pos == start {
                    return false;
                }
            }
        }
        // --- after a value
        loop {
            p.skip_ws();
            let Some(&(is_object, container, index)) = stack.last() else {
                return p.pos >= n;
            };
            match p.byte(p.pos) {
                Some(b',') => {
                    p.pos += 1;
                    p.skip_ws();
                    if is_object {
                        let Some((key, key_start)) = read_key(&mut p) else { return false };
                        current = enter(nodes, container, &key, key_start);
                    } else {
                        p.skip_ws();
                        current = enter(nodes, container, &(index + 1).to_string(), p.pos);
                    }
                    if let Some(top) = stack.last_mut() {
                        top.2 = index + 1;
                    }
                    break;
                }
                Some(b'}') if is_object => {}
                Some(b']') if !is_object => {}
                _ => return false,
            }
            p.pos += 1;
            stack.pop();
        }
    }
}

#[cfg(test)]
mod locate_all_tests {
    use super::*;

    /// Every pointer of a tree, plus ones that resolve to nothing.
    fn pointers_of(value: &Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    pointers_of(v, pointer_join(&at, &[k]), out);
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    pointers_of(v, pointer_join(&at, &[i.to_string()]), out);
                }
            }
            _ => {}
        }
    }

    fn same_as_locate(text: &str, mut pointers: Vec<String>) {
        pointers.extend(["/nope".to_string(), "x".to_string(), "/a/01".to_string(), "/a/b/c/d".to_string()]);
        let refs: Vec<&str> = pointers.iter().map(String::as_str).collect();
        let all = locate_all(text, &refs);
        for (pointer, got) in pointers.iter().zip(all) {
            assert_eq!(got, locate(text, pointer), "{pointer} in {text:?}");
        }
    }

    #[test]
    fn agrees_with_locate_on_every_fixture_pointer() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/json-to-graphql");
        let mut checked = 0;
        for entry in std::fs::read_dir(root).expect("fixtures") {
            let Ok(text) = std::fs::read_to_string(entry.expect("entry").path().join("input.json")) else { continue };
            let Ok(value) = load_json(&text, None) else { continue };
            let mut pointers = Vec::new();
            pointers_of(&value, String::new(), &mut pointers);
            same_as_locate(&text, pointers);
            checked += 1;
        }
        assert!(checked > 10);
    }

    #[test]
    fn duplicate_keys_line_breaks_and_escapes() {
        let texts = [
            "{\"a\":{\"b\":1},\"a\":{\"b\":2}}",
            "{\"a\":{\"b\":1},\"a\":{}}",
            "{\"a\":{\"b\":1,\"b\":2}}",
            "\u{FEFF}{\r\n \"a\" :\r [1, {\"b\" : \"é\\n\"},\r\n [2]],\n\"x/y~z\": {\"\": 3}}",
            " [ {\"a\": [[], {}]}, 2 ] ",
            "{\"a\": 1,}",
            "",
            "7",
        ];
        for text in texts {
            let mut pointers = vec![
                String::new(),
                "/a".to_string(),
                "/a/b".to_string(),
                "/a/0".to_string(),
                "/a/1/b".to_string(),
                "/a/2/0".to_string(),
                "/x~1y~0z".to_string(),
                "/x~1y~0z/".to_string(),
                "/0/a/1".to_string(),
                "/1".to_string(),
            ];
            if let Ok(value) = load_json(text, None) {
                pointers_of(&value, String::new(), &mut pointers);
            }
            same_as_locate(text, pointers);
        }
    }
}
