//! field_set_parse: a federation field set (`id owner { id }`) read into its
//! selections, as a flat list in preorder with depths, so no walk over it recurses
//! (step 1 of field_set.rs's checks; also read by from_context.rs and validate).
//! Mirrors js/src/field-set-parse.ts.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

/// One selected field: its name and how deep it is nested (0 at the top).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    pub name: String,
    pub depth: usize,
}

fn is_name_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic()
}

fn is_name_char(c: char) -> bool {
    is_name_start(c) || c.is_ascii_digit()
}

/// GraphQL's ignored tokens inside a field set: white space, line ends, commas, the BOM.
fn is_ignored(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | ',' | '\u{FEFF}')
}

/// How deep selections may nest: federation reads a field set with graphql-js's
/// recursive parser, so a deeper one could not build (the limit of list types
/// and values, record 0042).
pub const MAX_FIELD_SET_DEPTH: usize = 128;

/// A field set as its selections in preorder: `id owner { id }` gives id (0),
/// owner (0), id (1). Returns why it is not one, as a message, otherwise.
pub fn parse_field_set(text: &str) -> Result<Vec<Selection>, String> {
    let mut out: Vec<Selection> = Vec::new();
    let mut depth = 0usize;
    // Whether the last token was a field name that a `{` may follow.
    let mut can_open = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_ignored(c) {
            i += 1;
        } else if is_name_start(c) {
            let mut j = i + 1;
            while j < chars.len() && is_name_char(chars[j]) {
                j += 1;
            }
            out.push(Selection { name: chars[i..j].iter().collect(), depth });
            can_open = true;
            i = j;
        } else if c == '{' {
            if !can_open {
                return Err("a \"{\" must follow a field name".to_string());
            }
            if depth == MAX_FIELD_SET_DEPTH {
                return Err(format!("it nests selections more than {MAX_FIELD_SET_DEPTH} levels deep"));
            }
            depth += 1;
            can_open = false;
            i += 1;
        } else if c == '}' {
            if depth == 0 {
                return Err("it closes a \"}\" that was not opened".to_string());
            }
            if out.last().is_none_or(|s| s.depth < depth) {
                return Err("it has an empty selection \"{ }\"".to_string());
            }
            depth -= 1;
            can_open = false;
            i += 1;
        } else {
            let dots = c == '.' && chars.get(i + 1) == Some(&'.') && chars.get(i + 2) == Some(&'.');
            let token = if dots { "...".to_string() } else { c.to_string() };
            return Err(format!("\"{token}\" cannot appear in a field set"));
        }
    }
    if depth > 0 {
        return Err("a \"{\" is not closed".to_string());
    }
    if out.is_empty() {
        return Err("it names no field".to_string());
    }
    Ok(out)
}

/// Whether selection `i` has a selection of its own (the next one is deeper).
pub fn has_selection(set: &[Selection], i: usize) -> bool {
    i + 1 < set.len() && set[i + 1].depth > set[i].depth
}

#[cfg(test)]
mod tests {
    use super::{parse_field_set, Selection};

    fn sel(name: &str, depth: usize) -> Selection {
        Selection { name: name.to_string(), depth }
    }

    #[test]
    fn reads_names_and_nested_selections() {
        assert_eq!(parse_field_set("id  sku,region"), Ok(vec![sel("id", 0), sel("sku", 0), sel("region", 0)]));
        assert_eq!(parse_field_set("a { b { c } } d"), Ok(vec![sel("a", 0), sel("b", 1), sel("c", 2), sel("d", 0)]));
    }

    #[test]
    fn refuses_what_is_not_a_field_set() {
        let err = |t: &str| parse_field_set(t).err();
        assert_eq!(err("").as_deref(), Some("it names no field"));
        assert_eq!(err("{ a }").as_deref(), Some("a \"{\" must follow a field name"));
        assert_eq!(err("a }").as_deref(), Some("it closes a \"}\" that was not opened"));
        assert_eq!(err("a { }").as_deref(), Some("it has an empty selection \"{ }\""));
        assert_eq!(err("a #").as_deref(), Some("\"#\" cannot appear in a field set"));
        assert_eq!(err("a { ... on B { c } }").as_deref(), Some("\"...\" cannot appear in a field set"));
        assert_eq!(err("a(x: 1)").as_deref(), Some("\"(\" cannot appear in a field set"));
        assert_eq!(err("b: a").as_deref(), Some("\":\" cannot appear in a field set"));
    }
}
