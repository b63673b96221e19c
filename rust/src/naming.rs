//! Generated GraphQL names (D1, D7) and collision suffixes (D3). The twin is
//! js/src/naming.ts, whose module comment states the exact algorithm; both are
//! checked by fixtures/helpers/naming.json.
//!
//! Only ASCII is ever classified (everything else is a separator or becomes
//! `_`), so no regex is used: `\w` and case classes differ between JS and Rust.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::json::Str;

/// A GraphQL name (`/^[_A-Za-z][_0-9A-Za-z]*$/`) not reserved for introspection.
pub fn is_valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    chars.all(|c| c == '_' || c.is_ascii_alphanumeric()) && !s.starts_with("__")
}

/// Words for D1: split at every character outside [A-Za-z0-9] (dropped), and
/// before an upper-case letter that follows a lower-case letter or digit, or
/// that follows an upper-case letter and precedes a lower-case one.
pub fn split_words(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if !word.is_empty() && c.is_ascii_uppercase() {
            // `word` is non-empty, so i > 0 and the previous char is alphanumeric.
            let prev = chars.get(i.wrapping_sub(1)).copied().unwrap_or(' ');
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            if prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_ascii_uppercase() && next_lower)
            {
                words.push(std::mem::take(&mut word));
            }
        }
        word.push(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

fn upper_first(w: &str) -> String {
    let mut chars = w.chars();
    match chars.next() {
        Some(c) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

fn lower_first(w: &str) -> String {
    let mut chars = w.chars();
    match chars.next() {
        Some(c) => c.to_ascii_lowercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Prefixes `prefix` when `name` is empty or starts with a digit.
fn guard_start(prefix: char, name: String) -> String {
    match name.chars().next() {
        Some(c) if !c.is_ascii_digit() => name,
        _ => format!("{prefix}{name}"),
    }
}

/// PascalCase type name (D1).
pub fn to_type_name(s: &str) -> String {
    // Fast paths, as in to_field_name: a PascalCase name (`OrderItem`) splits only
    // before upper-case letters, so its words joined back are the name itself; in
    // a snake_case one (`order_item`) the words are the `_`-separated pieces.
    let mut bytes = s.bytes();
    if bytes.next().is_some_and(|b| b.is_ascii_uppercase()) && bytes.all(|b| b.is_ascii_alphanumeric()) {
        return s.to_string();
    }
    if s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_') {
        let mut name = String::with_capacity(s.len());
        for w in s.split('_') {
            let mut chars = w.chars();
            if let Some(first) = chars.next() {
                name.push(first.to_ascii_uppercase());
            }
            name.push_str(chars.as_str());
        }
        return guard_start('T', name);
    }
    let name: String = split_words(s).iter().map(|w| upper_first(w)).collect();
    guard_start('T', name)
}

/// camelCase field name (D1): an all-upper-case first word (acronym) is
/// lower-cased entirely, any other only in its first character.
pub fn to_field_name(s: &str) -> Str {
    // Most keys (`id`, `price`, `createdAt`) are already field names: a lower-case
    // letter, then ASCII letters and digits. With no separator, every word boundary
    // sits before an upper-case letter, so the words below would be joined back
    // unchanged; this skips splitting (called for every property; ~5% of a conversion).
    let mut bytes = s.bytes();
    if bytes.next().is_some_and(|b| b.is_ascii_lowercase()) && bytes.all(|b| b.is_ascii_alphanumeric()) {
        return Str::new(s);
    }
    // snake_case keys (`created_at`): with no upper-case letter the only word
    // boundaries are the separators, and every word is lower case already, so
    // the words are the `_`-separated pieces, the first kept and the others with
    // an upper-case first letter (the other half of the properties; split_words
    // allocated a string per word).
    if s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_') {
        // Built inline (json.rs `Str`), with `guard_start`'s prefix pushed first.
        let mut name = smol_str::SmolStrBuilder::new();
        let mut first = true;
        for w in s.split('_').filter(|w| !w.is_empty()) {
            if first {
                if w.starts_with(|c: char| c.is_ascii_digit()) {
                    name.push('f');
                }
                name.push_str(w);
                first = false;
            } else {
                let mut chars = w.chars();
                if let Some(c) = chars.next() {
                    name.push(c.to_ascii_uppercase());
                }
                name.push_str(chars.as_str());
            }
        }
        if first {
            name.push('f');
        }
        return name.finish();
    }
    let words = split_words(s);
    let mut name = String::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            name.push_str(&upper_first(w));
        } else if w.chars().any(|c| c.is_ascii_lowercase()) {
            name.push_str(&lower_first(w));
        } else {
            name.push_str(&w.to_ascii_lowercase());
        }
    }
    guard_start('f', name).into()
}

fn is_literal_word(s: &str) -> bool {
    matches!(s, "true" | "false" | "null")
}

/// Whether `to_enum_value_name(s)` is `s` itself: a sanitized name always differs
/// (a replaced code point, or a prefix), so this answers without building it.
pub fn is_verbatim_enum_value(s: &str) -> bool {
    is_valid_name(s) && !is_literal_word(s)
}

/// Enum value name (D7): verbatim when valid and not true/false/null; else
/// each code point outside [_0-9A-Za-z] -> `_`, then `_` prefixed when empty,
/// digit-led or true/false/null, and `V` prefixed when it starts with `__`.
pub fn to_enum_value_name(s: &str) -> String {
    if is_verbatim_enum_value(s) {
        return s.to_string();
    }
    let mut name: String = s
        .chars()
        .map(|c| {
            if c == '_' || c.is_ascii_alphanumeric() {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.chars().next().is_none_or(|c| c.is_ascii_digit()) || is_literal_word(&name) {
        name.insert(0, '_');
    }
    // `__` is reserved for introspection: a leading run of underscores becomes one.
    if name.starts_with("__") {
        name = format!("_{}", name.trim_start_matches('_'));
    }
    name
}

/// Taken names of one scope (types of a document, fields of a type, values of
/// an enum). Membership only, so the set's iteration order never matters.
#[derive(Debug, Clone, Default)]
/// Names are `Str`s: nearly every name is under 24 bytes and so held inline, and
/// keeping a copy of each claimed name in the set allocates nothing.
pub struct NameRegistry {
    taken: HashSet<Str>,
    /// For each base claimed with a suffix: the suffix to try next. Names are
    /// never released, so every suffix below it is still taken; without this,
    /// n types with one base cost n^2 / 2 lookups (as in TypeScript).
    next_suffix: HashMap<Str, u64>,
}

impl NameRegistry {
    pub fn new<I, S>(reserved: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<Str>,
    {
        NameRegistry {
            taken: reserved.into_iter().map(Into::into).collect(),
            next_suffix: HashMap::new(),
        }
    }

    /// Empties the scope and keeps its tables' capacity, for the next scope.
    pub fn clear(&mut self) {
        self.taken.clear();
        self.next_suffix.clear();
    }

    pub fn has(&self, name: &str) -> bool {
        self.taken.contains(name)
    }

    /// Takes `name` as is; false when it was already taken (the caller reports the clash).
    pub fn reserve(&mut self, name: &str) -> bool {
        self.taken.insert(Str::new(name))
    }

    /// D3: `base` if free, else the first free of `base1`, `base2`, ...; takes it.
    /// Takes `base` by value: a free base (the usual case) is returned as it came,
    /// with one copy for the set instead of two.
    pub fn claim(&mut self, base: Str) -> Str {
        // Inserted first: a free base is hashed once, not twice; a taken one costs a
        // copy that is dropped (rare: a clash).
        if self.taken.insert(base.clone()) {
            return base;
        }
        let mut n = self.next_suffix.get(&base).copied().unwrap_or(1);
        let mut name = Str::from(format!("{base}{n}"));
        while self.taken.contains(&name) {
            n += 1;
            name = Str::from(format!("{base}{n}"));
        }
        self.taken.insert(name.clone());
        self.next_suffix.insert(base, n + 1);
        name
    }
}
