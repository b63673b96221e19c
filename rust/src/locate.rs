//! locate: the places of JSON pointers in JSON text, for diagnostics: `locate` (a
//! pointer -> the 1-based line and column of the member or item it names),
//! `locate_all` (many pointers in one pass over the text) and `first_in_document`.
//! Read from the text itself, so they work for any tree `load` gives; lines and
//! columns are `load`'s `position_at`. The twin of js/src/locate.ts (shared vectors:
//! fixtures/helpers/load.json).

use foldhash::HashMap;

use crate::load::{position_at, strip_bom, Parser};

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
        self.matched = frame.matched && self.segments.get(frame.level).map(String::as_str) == Some(&*key);
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
    let found = offsets_all(text, pointers);
    // position_at for increasing offsets, resuming where the last one stopped
    let (mut from, mut line, mut column) = (0usize, 1usize, 1usize);
    for (at, ends) in found {
        let (dl, dc) = position_at(&text[from..], at - from);
        if dl > 1 {
            line += dl - 1;
            column = dc;
        } else {
            column += dc - 1;
        }
        // a CR at the end of the last stretch may pair with an LF after it: start the next stretch there
        from = at;
        for i in ends {
            results[i] = Some((line, column));
        }
    }
    results
}

/// `locate_all` as byte offsets into `text` (a byte order mark is not skipped
/// here, the caller strips it): for a member the opening quote of its key, for
/// an element or the root its first character. What migrate's text edits
/// start from (record 0092; offsetsOf in TypeScript).
pub fn offsets_of(text: &str, pointers: &[&str]) -> Vec<Option<usize>> {
    let mut results = vec![None; pointers.len()];
    for (at, ends) in offsets_all(text, pointers) {
        for i in ends {
            results[i] = Some(at);
        }
    }
    results
}

/// The offset of each pointer found, with the indexes of the pointers that end there, in text order.
fn offsets_all(text: &str, pointers: &[&str]) -> Vec<(usize, Vec<usize>)> {
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
        return Vec::new();
    }
    // A node counts when every step down to it happened in its parent's latest
    // visit (with duplicate keys, the last member wins at every level).
    let mut found: Vec<(usize, Vec<usize>)> = Vec::new();
    for &t in &terminals {
        let mut ok = nodes[t].visit != 0;
        let mut n = t;
        while ok {
            let Some(parent) = nodes[n].parent else { break };
            ok = nodes[n].visit != 0 && nodes[n].parent_visit == nodes[parent].visit;
            n = parent;
        }
        if ok {
            found.push((nodes[t].at, std::mem::take(&mut nodes[t].ends)));
        }
    }
    found.sort_unstable();
    found
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
            std::borrow::Cow::Owned(frame.index.to_string())
        };
        let Some(parent) = frame.node else { return Some(None) };
        let Some(&child) = nodes[parent].children.get(&*key) else { return Some(None) };
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
