//! The attribute catalog: `schemas/x-graphql-extensions.schema.json` is the
//! single source of attribute names, value shapes, scopes and priorities.
//!
//! `check_attribute` is a tiny evaluator of the JSON Schema subset the catalog
//! uses (type, enum, const, pattern, format "uri", minimum, minItems, items,
//! properties, required, additionalProperties, propertyNames, oneOf, anyOf,
//! local $ref). It mirrors js/src/catalog.ts: the same evaluation order, the
//! same pointers and the same messages byte for byte (checked by the shared
//! vectors in fixtures/helpers/catalog.json). See catalog.ts for the order.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use foldhash::{HashMap, HashSet};
use crate::json::{Array, Map, Str, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::OnceLock;

use crate::load::json_equal;
use crate::text::format_number;
use crate::normalize::attr;

const CATALOG_TEXT: &str = include_str!("../schemas/x-graphql-extensions.schema.json");

/// One problem with an attribute value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// JSON pointer of the offending value (for a missing property: the object).
    pub pointer: String,
    pub message: String,
}

/// The catalog document, parsed once.
pub fn catalog_schema() -> &'static Value {
    static CATALOG: OnceLock<Value> = OnceLock::new();
    CATALOG.get_or_init(|| {
        serde_json::from_str(CATALOG_TEXT).expect("the embedded catalog is valid JSON")
    })
}

/// The catalog's definitions by name, indexed once with foldhash: every attribute
/// value of a schema is checked, and finding its definition through `serde_json`'s
/// SipHash maps (three lookups, ~700 instructions) was 3% of a batch conversion.
fn definitions() -> &'static HashMap<&'static str, &'static Value> {
    static DEFINITIONS: OnceLock<HashMap<&'static str, &'static Value>> = OnceLock::new();
    DEFINITIONS.get_or_init(|| {
        let all = attr(catalog_schema(), "definitions").and_then(Value::as_object);
        all.into_iter().flatten().map(|(name, def)| (name.as_str(), def)).collect()
    })
}

fn definition(name: &str) -> Option<&'static Value> {
    definitions().get(name).copied()
}

fn top_properties() -> &'static Map {
    catalog_schema()
        .get("properties")
        .and_then(Value::as_object)
        .expect("the catalog has properties")
}

/// Every attribute name, in catalog order.
pub fn attribute_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| top_properties().keys().map(|k| k.as_str()).collect())
}

pub fn is_attribute(name: &str) -> bool {
    static NAMES: OnceLock<HashSet<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| attribute_names().iter().copied().collect()).contains(name)
}

fn attribute(name: &str) -> Option<&'static Value> {
    if is_attribute(name) {
        definition(name)
    } else {
        None
    }
}

fn str_list(value: Option<&'static Value>) -> Vec<&'static str> {
    value
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// Where the attribute is meaningful (`root`, `object`, `enum`, `property`,
/// `any-schema`); `None` for a name outside the catalog.
pub fn scope_of(name: &str) -> Option<Vec<&'static str>> {
    attribute(name).map(|d| str_list(attr(d, "x-scope")))
}

/// `P0`, `P1` or `P2`; `None` for a name outside the catalog.
pub fn priority_of(name: &str) -> Option<&'static str> {
    attribute(name)
        .and_then(|d| attr(d, "x-priority"))
        .and_then(Value::as_str)
}

pub fn is_deprecated(name: &str) -> bool {
    attribute(name).and_then(|d| attr(d, "deprecated")) == Some(&Value::Bool(true))
}

/// The attributes that replace a deprecated one (empty when not deprecated).
pub fn replaced_by(name: &str) -> Vec<&'static str> {
    str_list(attribute(name).and_then(|d| attr(d, "x-replaced-by")))
}

/// Checks one attribute value. `pointer` is the JSON pointer of the attribute
/// itself (for example `/definitions/User/x-graphql-skip`). Returns no problem
/// for a valid value and for a name outside the catalog (unknown attributes are
/// the caller's business, see [`suggest`]), else exactly one problem.
pub fn check_attribute(name: &str, value: &Value, pointer: &str) -> Vec<Problem> {
    match attribute(name) {
        None => Vec::new(),
        Some(def) => check(def, value, &Path::Root(pointer, name)).into_iter().collect(),
    }
}

// ---------------------------------------------------------------------------
// evaluator

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn number(v: &Value) -> Option<f64> {
    v.as_f64()
}

fn type_matches(t: &str, v: &Value) -> bool {
    if t == "integer" {
        return number(v).is_some_and(|n| n.is_finite() && n.fract() == 0.0);
    }
    json_type(v) == t
}

/// The names in a schema's `type` (a string or a list), without collecting them:
/// this runs for every attribute value checked.
fn types_of(schema: &Value) -> Option<impl Iterator<Item = &str> + Clone> {
    let (one, list) = match attr(schema, "type")? {
        Value::String(s) => (Some(s.as_str()), None),
        Value::Array(a) => (None, Some(a.iter().filter_map(Value::as_str))),
        _ => return None,
    };
    Some(one.into_iter().chain(list.into_iter().flatten()))
}

fn resolve(schema: &'static Value) -> &'static Value {
    let mut s = schema;
    // A chain of refs is followed; the catalog has no ref cycles (tested).
    while let Some(reference) = attr(s, "$ref").and_then(Value::as_str) {
        let name = reference
            .strip_prefix("#/definitions/")
            .unwrap_or_else(|| panic!("catalog: unsupported $ref {reference}"));
        s = definition(name).unwrap_or_else(|| panic!("catalog: unresolved $ref {reference}"));
    }
    s
}

fn branches(s: &'static Value, keyword: &str) -> Option<&'static Array> {
    attr(s, keyword).and_then(Value::as_array)
}

/// Whether a schema's `type` (through refs and oneOf/anyOf branches) admits the value's JSON type.
fn admits_type(schema: &'static Value, v: &Value) -> bool {
    let s = resolve(schema);
    if let Some(mut types) = types_of(s) {
        return types.any(|t| type_matches(t, v));
    }
    if let Some(list) = branches(s, "oneOf").or_else(|| branches(s, "anyOf")) {
        return list.iter().any(|b| admits_type(b, v));
    }
    true
}

fn quote(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// `string "yes"`, `number 3`, `boolean true`, `null`, `array`, `object`.
fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(_) => format!("number {}", format_number(number(v).unwrap_or(f64::NAN))),
        Value::String(s) => format!("string {}", quote(s)),
        Value::Array(_) => "array".to_string(),
        Value::Object(_) => "object".to_string(),
    }
}

/// `"OBJ"`, `3`, `true`, `null`, `array`, `object`: a value whose type is already known to fit.
fn literal(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Number(_) => format_number(number(v).unwrap_or(f64::NAN)),
        Value::String(s) => quote(s),
        Value::Array(_) => "array".to_string(),
        Value::Object(_) => "object".to_string(),
    }
}

/// An enum or const value as listed in a message: strings bare, the rest as literals.
fn listed(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        _ => literal(v),
    }
}

fn escape_token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// ECMAScript `\s`: WhiteSpace and LineTerminator code points.
fn is_ecma_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// Absolute URI with a scheme: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/ (ECMAScript `\s`).
fn is_absolute_uri(s: &str) -> bool {
    let mut chars = s.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    for c in chars.by_ref() {
        if c == ':' {
            return !chars.any(is_ecma_space);
        }
        if !(c.is_ascii_alphanumeric() || c == '+' || c == '.' || c == '-') {
            return false;
        }
    }
    false
}

fn expected<'a>(schema: &'a Value, fallback: &'a str) -> &'a str {
    attr(schema, "x-expected")
        .and_then(Value::as_str)
        .unwrap_or(fallback)
}

/// Where a value sits while it is checked: its pointer and its label, written
/// out only for a problem. Building both for every array item and object key
/// of every valid attribute was half the cost of checking (2% of a conversion).
#[derive(Clone, Copy)]
enum Path<'a> {
    /// The attribute: its pointer and its name.
    Root(&'a str, &'a str),
    /// An array item.
    Index(&'a Path<'a>, usize),
    /// An object member.
    Key(&'a Path<'a>, &'a str),
    /// An object member's key, checked against `propertyNames`: the member's
    /// pointer, labelled `<object> key`.
    KeyName(&'a Path<'a>, &'a str),
}

impl Path<'_> {
    fn pointer(&self) -> String {
        match self {
            Path::Root(pointer, _) => pointer.to_string(),
            Path::Index(parent, i) => format!("{}/{i}", parent.pointer()),
            Path::Key(parent, key) | Path::KeyName(parent, key) => {
                format!("{}/{}", parent.pointer(), escape_token(key))
            }
        }
    }
}

/// The label of a path, for messages.
struct Label<'a>(&'a Path<'a>);

impl std::fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Path::Root(_, label) => f.write_str(label),
            Path::Index(parent, i) => write!(f, "{}/{i}", Label(parent)),
            Path::Key(parent, key) => write!(f, "{}/{}", Label(parent), escape_token(key)),
            Path::KeyName(parent, _) => write!(f, "{} key", Label(parent)),
        }
    }
}

fn check(schema: &'static Value, v: &Value, path: &Path<'_>) -> Option<Problem> {
    let s = resolve(schema);
    let label = Label(path);
    let at = |message: String| {
        Some(Problem {
            pointer: path.pointer(),
            message,
        })
    };

    if let Some(types) = types_of(s) {
        if !types.clone().any(|t| type_matches(t, v)) {
            return at(format!(
                "{label} must be {}, got {}",
                types.collect::<Vec<_>>().join(" or "),
                describe(v)
            ));
        }
    }
    if let Some(values) = attr(s, "enum").and_then(Value::as_array) {
        if !values.iter().any(|e| json_equal(e, v)) {
            let list: Vec<String> = values.iter().map(listed).collect();
            return at(format!(
                "{label} must be one of {}, got {}",
                list.join(", "),
                literal(v)
            ));
        }
    }
    if let Some(c) = attr(s, "const") {
        if !json_equal(c, v) {
            return at(format!("{label} must be {}, got {}", listed(c), literal(v)));
        }
    }
    if let Value::String(text) = v {
        if let Some(pattern) = attr(s, "pattern").and_then(Value::as_str) {
            if !pattern_matches(pattern, text) {
                let fallback = format!("a string matching {pattern}");
                return at(format!(
                    "{label} must be {}, got {}",
                    expected(s, &fallback),
                    literal(v)
                ));
            }
        }
        if attr(s, "format").and_then(Value::as_str) == Some("uri") && !is_absolute_uri(text) {
            return at(format!(
                "{label} must be an absolute URI, got {}",
                literal(v)
            ));
        }
    }
    if let (Some(n), Some(min)) = (v.as_f64(), attr(s, "minimum").and_then(Value::as_f64)) {
        if n < min {
            return at(format!(
                "{label} must be >= {}, got {}",
                format_number(min),
                format_number(n)
            ));
        }
    }
    match v {
        Value::Array(items) => {
            if let Some(min) = attr(s, "minItems").and_then(Value::as_f64) {
                if (items.len() as f64) < min {
                    let plural = if min == 1.0 { "" } else { "s" };
                    return at(format!(
                        "{label} must have at least {} item{plural}, got {}",
                        format_number(min),
                        items.len()
                    ));
                }
            }
            if let Some(item_schema) = attr(s, "items") {
                for (i, item) in items.iter().enumerate() {
                    if let Some(p) = check(item_schema, item, &Path::Index(path, i)) {
                        return Some(p);
                    }
                }
            }
        }
        Value::Object(obj) => {
            if let Some(p) = check_object(s, obj, path) {
                return Some(p);
            }
        }
        _ => {}
    }
    for keyword in ["oneOf", "anyOf"] {
        let Some(list) = branches(s, keyword) else {
            continue;
        };
        let passing = list
            .iter()
            .filter(|b| check(b, v, path).is_none())
            .count();
        let ok = if keyword == "oneOf" {
            passing == 1
        } else {
            passing >= 1
        };
        if ok {
            continue;
        }
        if passing == 0 {
            let candidates: Vec<&'static Value> =
                list.iter().filter(|b| admits_type(b, v)).collect();
            if candidates.len() == 1 {
                return check(candidates[0], v, path);
            }
        }
        let fallback = if keyword == "oneOf" {
            "exactly one of the allowed shapes"
        } else {
            "one of the allowed shapes"
        };
        return at(format!(
            "{label} must be {}, got {}",
            expected(s, fallback),
            describe(v)
        ));
    }
    None
}

fn check_object(
    s: &'static Value,
    v: &Map,
    path: &Path<'_>,
) -> Option<Problem> {
    let label = Label(path);
    if let Some(required) = attr(s, "required").and_then(Value::as_array) {
        for name in required.iter().filter_map(Value::as_str) {
            if !v.contains_key(name) {
                return Some(Problem {
                    pointer: path.pointer(),
                    message: format!("{label} is missing required property {}", quote(name)),
                });
            }
        }
    }
    let props = attr(s, "properties").and_then(Value::as_object);
    let additional = attr(s, "additionalProperties");
    let property_names = attr(s, "propertyNames");
    for (key, child) in v {
        let child_path = Path::Key(path, key);
        if let Some(names_schema) = property_names {
            let key_value = Value::String(Str::new(key));
            if let Some(p) = check(
                names_schema,
                &key_value,
                &Path::KeyName(path, key),
            ) {
                return Some(p);
            }
        }
        if let Some(prop_schema) = props.and_then(|p| p.get(key)) {
            if let Some(p) = check(prop_schema, child, &child_path) {
                return Some(p);
            }
        } else if additional == Some(&Value::Bool(false)) {
            let allowed: Vec<&str> = props
                .map(|p| p.keys().map(|k| k.as_str()).collect())
                .unwrap_or_default();
            let list = if allowed.is_empty() {
                "none".to_string()
            } else {
                allowed.join(", ")
            };
            return Some(Problem {
                pointer: child_path.pointer(),
                message: format!(
                    "{label} has unknown property {} (allowed: {list})",
                    quote(key)
                ),
            });
        } else if let Some(extra) = additional.filter(|a| a.is_object()) {
            if let Some(p) = check(extra, child, &child_path) {
                return Some(p);
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------
// patterns: the catalog's patterns are anchored sequences of literal
// characters and character classes with `*`, `+`, `?` quantifiers, which this
// matcher evaluates like an ECMAScript `u`-flag RegExp (over code points).

#[derive(Debug)]
enum Atom {
    Literal(char),
    Class {
        negated: bool,
        ranges: Vec<(char, char)>,
    },
    Any,
}

impl Atom {
    fn matches(&self, c: char) -> bool {
        match self {
            Atom::Literal(l) => *l == c,
            Atom::Class { negated, ranges } => {
                ranges.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c)) != *negated
            }
            Atom::Any => c != '\n' && c != '\r' && c != '\u{2028}' && c != '\u{2029}',
        }
    }
}

#[derive(Debug)]
struct Piece {
    atom: Atom,
    min: usize,
    max: usize,
}

#[derive(Debug)]
struct Pattern {
    start: bool,
    end: bool,
    pieces: Vec<Piece>,
}

fn parse_pattern(source: &str) -> Option<Pattern> {
    let mut chars: Vec<char> = source.chars().collect();
    let start = chars.first() == Some(&'^');
    if start {
        chars.remove(0);
    }
    let end = chars.last() == Some(&'$') && !(chars.len() >= 2 && chars[chars.len() - 2] == '\\');
    if end {
        chars.pop();
    }
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let atom = match chars[i] {
            '[' => {
                i += 1;
                let negated = chars.get(i) == Some(&'^');
                if negated {
                    i += 1;
                }
                let mut ranges = Vec::new();
                loop {
                    let c = *chars.get(i)?;
                    if c == ']' {
                        break;
                    }
                    let lo = if c == '\\' {
                        i += 1;
                        *chars.get(i)?
                    } else {
                        c
                    };
                    if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|c| *c != ']')
                    {
                        let hi = *chars.get(i + 2)?;
                        if hi == '\\' {
                            return None;
                        }
                        ranges.push((lo, hi));
                        i += 3;
                    } else {
                        ranges.push((lo, lo));
                        i += 1;
                    }
                }
                Atom::Class { negated, ranges }
            }
            '\\' => {
                i += 1;
                let c = *chars.get(i)?;
                if c.is_ascii_alphanumeric() {
                    return None; // \d, \s, \w ...: not supported
                }
                Atom::Literal(c)
            }
            '.' => Atom::Any,
            '(' | ')' | '|' | '{' | '}' | '*' | '+' | '?' | '^' | '$' => return None,
            c => Atom::Literal(c),
        };
        i += 1;
        let (min, max) = match chars.get(i) {
            Some('*') => (0, usize::MAX),
            Some('+') => (1, usize::MAX),
            Some('?') => (0, 1),
            _ => (1, 1),
        };
        if max != 1 || min != 1 {
            i += 1;
        }
        pieces.push(Piece { atom, min, max });
    }
    Some(Pattern { start, end, pieces })
}

fn match_here(pieces: &[Piece], text: &[char], end: bool) -> bool {
    let Some((piece, rest)) = pieces.split_first() else {
        return !end || text.is_empty();
    };
    let mut count = 0;
    while count < piece.max && count < text.len() && piece.atom.matches(text[count]) {
        count += 1;
    }
    loop {
        if count >= piece.min && match_here(rest, &text[count..], end) {
            return true;
        }
        if count == 0 || count <= piece.min {
            return false;
        }
        count -= 1;
    }
}

/// Whether `text` matches the catalog pattern `source` (panics on a pattern
/// outside the supported subset; the catalog's patterns are tested).
pub fn pattern_matches(source: &str, text: &str) -> bool {
    let pattern = parsed_pattern(source);
    let chars: Vec<char> = text.chars().collect();
    if pattern.start {
        return match_here(&pattern.pieces, &chars, pattern.end);
    }
    (0..=chars.len()).any(|i| match_here(&pattern.pieces, &chars[i..], pattern.end))
}

thread_local! {
    /// Parsed patterns by source. The catalog has a handful, and parsing one took
    /// longer than matching it (about 2,600 instructions a check, 2,942 checks at
    /// N = 5,000). Per thread: nothing to lock in `convert -r`.
    static PATTERNS: RefCell<HashMap<String, Rc<Pattern>>> = RefCell::new(HashMap::default());
}

fn parsed_pattern(source: &str) -> Rc<Pattern> {
    PATTERNS.with_borrow_mut(|patterns| {
        if let Some(pattern) = patterns.get(source) {
            return pattern.clone();
        }
        let pattern = Rc::new(parse_pattern(source).unwrap_or_else(|| panic!("catalog: unsupported pattern {source}")));
        patterns.insert(source.to_string(), pattern.clone());
        pattern
    })
}

/// Whether a pattern is inside the subset [`pattern_matches`] evaluates.
pub fn pattern_supported(source: &str) -> bool {
    parse_pattern(source).is_some()
}

// ---------------------------------------------------------------------------
// did you mean

/// Levenshtein distance over Unicode code points.
pub fn levenshtein(a: &str, b: &str) -> usize {
    let x: Vec<char> = a.chars().collect();
    let y: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=y.len()).collect();
    for i in 1..=x.len() {
        let mut cur = vec![i];
        for j in 1..=y.len() {
            let cost = usize::from(x[i - 1] != y[j - 1]);
            cur.push((prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost));
        }
        prev = cur;
    }
    prev[y.len()]
}

/// `levenshtein(x, y)` if it is below `limit`, else `limit`. Bounded so that a
/// suggestion costs little whatever the name (20,000 unknown attributes with long names
/// took 15 s to convert and 109 s to validate): the distance is at least the difference
/// of the lengths, and a row's minimum never decreases, so the walk stops once it
/// reaches the limit. Exact below the limit, so the suggestions are those of the full
/// distance (the twin of `distanceBelow` in js/src/catalog.ts).
fn distance_below(x: &[char], y: &[char], limit: usize) -> usize {
    if x.len().abs_diff(y.len()) >= limit {
        return limit;
    }
    let mut prev: Vec<usize> = (0..=y.len()).collect();
    let mut cur: Vec<usize> = Vec::with_capacity(y.len() + 1);
    for (i, a) in x.iter().enumerate() {
        cur.clear();
        cur.push(i + 1);
        let mut row_min = i + 1;
        for (j, b) in y.iter().enumerate() {
            let cost = usize::from(a != b);
            let d = (prev[j + 1] + 1).min(cur[j] + 1).min(prev[j] + cost);
            cur.push(d);
            row_min = row_min.min(d);
        }
        if row_min >= limit {
            return limit;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[y.len()].min(limit)
}

/// The closest of `candidates` to `name` (distance <= 3, ties broken by their order).
pub fn closest_of<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let x: Vec<char> = name.chars().collect();
    let mut best = None;
    let mut best_distance = 4;
    for candidate in candidates {
        let y: Vec<char> = candidate.chars().collect();
        let d = distance_below(&x, &y, best_distance);
        if d < best_distance {
            best = Some(*candidate);
            best_distance = d;
        }
    }
    best
}

/// The closest catalog attribute name (distance <= 3, ties broken by catalog order).
pub fn suggest(name: &str) -> Option<&'static str> {
    static POINTS: OnceLock<Vec<(&'static str, Vec<char>)>> = OnceLock::new();
    let points = POINTS.get_or_init(|| attribute_names().iter().map(|n| (*n, n.chars().collect())).collect());
    let x: Vec<char> = name.chars().collect();
    let mut best = None;
    let mut best_distance = 4;
    for (candidate, y) in points {
        let d = distance_below(&x, y, best_distance);
        if d < best_distance {
            best = Some(*candidate);
            best_distance = d;
        }
    }
    best
}
