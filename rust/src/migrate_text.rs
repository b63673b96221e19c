//! migrate_text: migrate's changes applied to the text as written (record 0092).
//! The twin of js/src/migrate-text.ts; see there for the rules. Offsets are
//! bytes here and UTF-16 units in TypeScript; every edit starts and ends at an
//! ASCII character, so both give the same bytes.

use std::collections::{HashMap, HashSet};

use crate::load::Parser;
use crate::locate::offsets_of;

/// One member of a migrated node: its key and where its value comes from in the original node.
#[derive(Debug, Clone)]
pub struct PlanItem {
    pub key: String,
    /// The original member it comes from.
    pub origin: String,
    /// The value is that of this member of the origin's object value.
    pub inner: Option<String>,
    /// The origin's object value with these members left out.
    pub drop: Option<Vec<String>>,
}

impl PlanItem {
    pub fn new(key: &str, origin: &str) -> Self {
        PlanItem { key: key.to_string(), origin: origin.to_string(), inner: None, drop: None }
    }
}

/// The members of a migrated node, in order, and the node's pointer in the original document.
#[derive(Debug, Clone)]
pub struct NodePlan {
    pub pointer: String,
    pub items: Vec<PlanItem>,
}

struct Member {
    key: String,
    /// The key's opening quote, the end of the key, the value's start and end.
    start: usize,
    key_end: usize,
    value_start: usize,
    end: usize,
}

struct ObjectSpan {
    open: usize,
    members: Vec<Member>,
}

type Edit = (usize, usize, String);

/// The text with every plan applied. `text` is the text that load_json accepted.
pub fn apply_plans(text: &str, plans: &[NodePlan]) -> String {
    let (bom, body) = match text.strip_prefix('\u{feff}') {
        Some(rest) => ("\u{feff}", rest),
        None => ("", text),
    };
    let pointers: Vec<&str> = plans.iter().map(|p| p.pointer.as_str()).collect();
    let offsets = offsets_of(body, &pointers);
    let opens: Vec<Option<usize>> = offsets.into_iter().map(|at| at.map(|at| value_start(body, at))).collect();
    let mut spans = object_spans(body, &opens.iter().flatten().copied().collect());
    let mut edits: Vec<Edit> = Vec::new();
    for (plan, open) in plans.iter().zip(opens) {
        let Some(open) = open else { continue };
        if let Some(members) = spans.remove(&open) {
            node_edits(body, &ObjectSpan { open, members }, &plan.items, &mut edits);
        }
    }
    format!("{bom}{}", apply_edits(body, edits, 0, body.len()))
}

/// The members of the objects that start at `opens`, in one pass over the text
/// (iterative). Reading each node with object_at instead would skip the values
/// of its members, which hold the nodes below it: a file's size times the depth
/// of its changed nodes.
fn object_spans(text: &str, opens: &HashSet<usize>) -> HashMap<usize, Vec<Member>> {
    struct Frame {
        is_object: bool,
        /// The object's `{`, for the objects in `opens`.
        open: Option<usize>,
        pending: Option<Member>,
    }
    let bytes = text.as_bytes();
    let mut spans: HashMap<usize, Vec<Member>> = HashMap::new();
    let mut stack: Vec<Frame> = Vec::new();
    // Reads a member's key (objects) up to its value; the value's start, None when not JSON.
    let enter = |frame: &mut Frame, p: usize| -> Option<usize> {
        if !frame.is_object {
            return Some(p);
        }
        let (key, key_end) = parser(text).read_string(p).ok()?;
        let value = skip_ws(text, skip_ws(text, key_end) + 1);
        if frame.open.is_some() {
            frame.pending = Some(Member { key: key.into_owned(), start: p, key_end, value_start: value, end: value });
        }
        Some(value)
    };
    let mut p = skip_ws(text, 0);
    loop {
        // --- a value starts at p
        let mut end;
        match bytes.get(p) {
            Some(&c @ (b'{' | b'[')) => {
                let open = (c == b'{' && opens.contains(&p)).then_some(p);
                if let Some(open) = open {
                    spans.insert(open, Vec::new());
                }
                let mut frame = Frame { is_object: c == b'{', open, pending: None };
                p = skip_ws(text, p + 1);
                if bytes.get(p) != Some(if frame.is_object { &b'}' } else { &b']' }) {
                    let Some(next) = enter(&mut frame, p) else { return spans };
                    p = next;
                    stack.push(frame);
                    continue;
                }
                end = p + 1;
            }
            _ => {
                let Some(e) = skip_value(text, p) else { return spans };
                end = e;
            }
        }
        // --- after a value that ends at `end`
        loop {
            let Some(frame) = stack.last_mut() else { return spans };
            if let (Some(open), Some(mut member)) = (frame.open, frame.pending.take()) {
                member.end = end;
                spans.entry(open).or_default().push(member);
            }
            p = skip_ws(text, end);
            if bytes.get(p) == Some(&b',') {
                let Some(next) = enter(frame, skip_ws(text, p + 1)) else { return spans };
                p = next;
                break;
            }
            // the closing bracket (the text is one that load_json accepted)
            stack.pop();
            end = p + 1;
        }
    }
}

fn parser(text: &str) -> Parser<'_> {
    Parser { text, bytes: text.as_bytes(), pos: 0, file: None }
}

fn skip_ws(text: &str, at: usize) -> usize {
    let mut p = parser(text);
    p.pos = at;
    p.skip_ws();
    p.pos
}

/// The end of the value starting at `at` (brackets and quotes only).
fn skip_value(text: &str, at: usize) -> Option<usize> {
    let p = parser(text);
    let bytes = text.as_bytes();
    match *bytes.get(at)? {
        b'"' => p.read_string(at).ok().map(|(_, end)| end),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            while i < bytes.len() {
                match bytes[i] {
                    b'"' => {
                        i = p.read_string(i).ok()?.1;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            None
        }
        _ => {
            let mut i = at;
            while i < bytes.len() && !matches!(bytes[i], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t') {
                i += 1;
            }
            (i > at).then_some(i)
        }
    }
}

/// The value's first character, from what offsets_of gives (a member's key or a value).
fn value_start(text: &str, at: usize) -> usize {
    if text.as_bytes().get(at) != Some(&b'"') {
        return at;
    }
    let Ok((_, end)) = parser(text).read_string(at) else { return at };
    skip_ws(text, skip_ws(text, end) + 1)
}

/// The members of the object at `open` (its `{`), or `None` when there is no object
/// (for the small values of 1.x attributes).
fn object_at(text: &str, open: usize) -> Option<ObjectSpan> {
    let bytes = text.as_bytes();
    if bytes.get(open) != Some(&b'{') {
        return None;
    }
    let mut members = Vec::new();
    let mut p = skip_ws(text, open + 1);
    if bytes.get(p) == Some(&b'}') {
        return Some(ObjectSpan { open, members });
    }
    loop {
        let start = p;
        let (key, key_end) = parser(text).read_string(start).ok()?;
        p = skip_ws(text, skip_ws(text, key_end) + 1);
        let end = skip_value(text, p)?;
        members.push(Member { key: key.into_owned(), start, key_end, value_start: p, end });
        p = skip_ws(text, end);
        if bytes.get(p) != Some(&b',') {
            return Some(ObjectSpan { open, members });
        }
        p = skip_ws(text, p + 1);
    }
}

/// The edits that turn the object's members into `items`.
fn node_edits(text: &str, object: &ObjectSpan, items: &[PlanItem], edits: &mut Vec<Edit>) {
    let members = &object.members;
    let n = members.len();
    // With duplicate keys the last member is the one load_json kept: the others go.
    let last: HashMap<&str, usize> = members.iter().enumerate().map(|(j, m)| (m.key.as_str(), j)).collect();
    let mut by_origin: HashMap<&str, Vec<&PlanItem>> = HashMap::new();
    for item in items {
        by_origin.entry(item.origin.as_str()).or_default().push(item);
    }
    // The separator a member added next to member j gets: the one before j, else the one its siblings have.
    let separator = |j: usize| -> String {
        if j >= 1 {
            text[members[j - 1].end..members[j].start].to_string()
        } else if n >= 2 {
            text[members[0].end..members[1].start].to_string()
        } else {
            format!(",{}", &text[object.open + 1..members[0].start])
        }
    };
    let mut survivor_before = false;
    for (j, m) in members.iter().enumerate() {
        let its: &[&PlanItem] = match by_origin.get(m.key.as_str()) {
            Some(list) if last.get(m.key.as_str()) == Some(&j) => list,
            _ => &[],
        };
        if its.is_empty() {
            // Dropped, with the comma before it (or after it, when nothing before it stays).
            if survivor_before {
                edits.push((members[j - 1].end, m.end, String::new()));
            } else if j + 1 < n {
                edits.push((m.start, members[j + 1].start, String::new()));
            } else {
                edits.push((m.start, m.end, String::new()));
            }
            continue;
        }
        survivor_before = true;
        if its.len() == 1 && its[0].inner.is_none() && its[0].drop.is_none() {
            if its[0].key != m.key {
                edits.push((m.start, m.key_end, quote(&its[0].key)));
            }
            continue;
        }
        let rendered: Vec<String> = its.iter().map(|item| render(text, m, item)).collect();
        edits.push((m.start, m.end, rendered.join(&separator(j))));
    }
}

/// One member of a replacement, from the original member `m`.
fn render(text: &str, m: &Member, item: &PlanItem) -> String {
    if let Some(inner) = &item.inner {
        let found = object_at(text, m.value_start).and_then(|o| o.members.into_iter().rev().find(|x| &x.key == inner));
        if let Some(x) = found {
            return format!("{}{}", quote(&item.key), &text[x.key_end..x.end]);
        }
    } else if let Some(drop) = &item.drop {
        if let Some(object) = object_at(text, m.value_start) {
            let drop: HashSet<&str> = drop.iter().map(String::as_str).collect();
            let kept: Vec<PlanItem> =
                object.members.iter().filter(|x| !drop.contains(x.key.as_str())).map(|x| PlanItem::new(&x.key, &x.key)).collect();
            let mut edits = Vec::new();
            node_edits(text, &object, &kept, &mut edits);
            return format!("{}{}", quote(&item.key), apply_edits(text, edits, m.key_end, m.end));
        }
    }
    format!("{}{}", quote(&item.key), &text[m.key_end..m.end])
}

/// The attribute names migrate writes are plain ASCII: quoting is enough.
fn quote(key: &str) -> String {
    format!("\"{key}\"")
}

/// text[from..to] with the edits (inside it, not overlapping) applied.
fn apply_edits(text: &str, mut edits: Vec<Edit>, from: usize, to: usize) -> String {
    edits.sort_by_key(|e| e.0);
    let mut out = String::with_capacity(to - from);
    let mut p = from;
    for (start, end, replacement) in edits {
        if start < p {
            continue; // never for the plans migrate makes: a node's edits stay out of its kept members
        }
        out.push_str(&text[p..start]);
        out.push_str(&replacement);
        p = end;
    }
    out.push_str(&text[p..to]);
    out
}
