//! normalize: one walk over every schema node of a document, in document order
//! (mirrors js/src/normalize.ts).
//!
//! It checks each `x-graphql-*` attribute against the attribute catalog (a wrong
//! value type is an error whatever the options), warns about unknown attributes
//! with a "did you mean", warns about the legacy `x-graphql-type`, and collects
//! every `$ref` for `resolve`. The walk knows which keywords hold subschemas, so
//! a property *named* `x-graphql-foo` is never mistaken for an attribute.
//! It is iterative: nesting depth cannot overflow the stack.

use crate::json::{Key, Str, Value};

use crate::catalog::{check_attribute, is_attribute, suggest};
use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::{pointer_join, push_pointer_segment};

/// How a keyword holds subschemas.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Holds {
    /// Its value is one subschema.
    One,
    /// Its value is a list of subschemas.
    List,
    /// Its value maps names to subschemas.
    Map,
}

/// The subschema keywords, and how each holds its subschemas (`items` holds a list
/// when its value is an array, else one). One `match`, which compiles to a switch on
/// the length: the walks ask this of every key of every node, and searching three
/// keyword lists was 2% of a conversion (N = 5,000, callgrind).
pub(crate) fn holds(key: &str, value: &Value) -> Option<Holds> {
    match key {
        "properties" | "patternProperties" | "definitions" | "$defs" | "dependencies" => Some(Holds::Map),
        "allOf" | "anyOf" | "oneOf" => Some(Holds::List),
        "items" if value.is_array() => Some(Holds::List),
        "items" | "additionalProperties" | "additionalItems" | "contains" | "propertyNames" | "not" | "if" | "then"
        | "else" => Some(Holds::One),
        _ => None,
    }
}

pub const ATTRIBUTE_PREFIX: &str = "x-graphql-";

/// One `$ref`: the pointer of the node holding it, and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefUse<'a> {
    pub pointer: &'a str,
    /// The tree's string, shared.
    pub ref_: &'a Str,
}

/// Every `$ref` of a document, in document order. The pointers share one string:
/// one allocation each (14,000 at N = 5,000), all held until the conversion ends,
/// cost their allocation and their free (record 0061).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RefUses {
    pointers: String,
    /// The end of each one's pointer in `pointers` (it starts where the last ends), and its text.
    uses: Vec<(usize, Str)>,
}

impl RefUses {
    pub fn push(&mut self, pointer: &str, ref_: &Str) {
        self.pointers.push_str(pointer);
        self.uses.push((self.pointers.len(), ref_.clone()));
    }

    pub fn len(&self) -> usize {
        self.uses.len()
    }

    pub fn is_empty(&self) -> bool {
        self.uses.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = RefUse<'_>> {
        let mut start = 0;
        self.uses.iter().map(move |(end, ref_)| {
            let pointer = self.pointers.get(start..*end).unwrap_or_default();
            start = *end;
            RefUse { pointer, ref_ }
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct ScanResult {
    pub refs: RefUses,
    pub warnings: Vec<Diagnostic>,
}

/// Walks one document (the main input or a referenced file). `file` names it in
/// diagnostics. Fails with ATTRIBUTE_TYPE on the first wrong attribute value.
pub fn scan_document(root: &Value, file: Option<&str>) -> Result<ScanResult, ConversionError> {
    scan(root, file, None)
}

/// `scan_document` for validate: every attribute error is added to `errors`
/// and the walk goes on.
pub fn scan_document_collecting(root: &Value, file: Option<&str>, errors: &mut Vec<Diagnostic>) -> ScanResult {
    // With a list to collect into, the scan never fails.
    scan(root, file, Some(errors)).unwrap_or_default()
}

/// Where a node sits below the node that holds it (the walk's pointer segments).
#[derive(Clone, Copy)]
enum Step<'a> {
    Root,
    /// `keyword`: one subschema.
    One(&'a str),
    /// `keyword/name`: a member of a map keyword.
    Named(&'a str, &'a str),
    /// `keyword/index`: an item of a list keyword.
    Indexed(&'a str, usize),
}

/// The walk keeps one pointer string, cut back to the parent's and extended by a
/// node's segments when the node is visited: a pointer string for every subschema
/// and every attribute was most of the walk's cost. Pointers are copied only into
/// the refs and diagnostics that keep them.
/// JSON Schema's seven types, in the order a suggestion prefers them.
const JSON_TYPES: [&str; 7] = ["string", "integer", "number", "boolean", "object", "array", "null"];

/// Record 0078: a `type` name outside the seven is a typo (`"strng"`): a warning with the closest name.
fn check_type_names(value: &Value, pointer: &str, file: Option<&str>, warnings: &mut Vec<Diagnostic>) {
    let names: &[Value] = match value {
        Value::String(_) => std::slice::from_ref(value),
        Value::Array(items) => items,
        _ => &[],
    };
    for (i, name) in names.iter().enumerate() {
        let Some(name) = name.as_str() else { continue };
        if JSON_TYPES.contains(&name) {
            continue;
        }
        let guess = crate::catalog::closest_of(name, &JSON_TYPES);
        let at = if value.is_string() { pointer_join(pointer, &["type"]) } else { pointer_join(pointer, &["type", &i.to_string()]) };
        let hint = guess.map(|g| format!(" (did you mean \"{g}\"?)")).unwrap_or_default();
        warnings.push(Diagnostic::warning(
            codes::UNKNOWN_TYPE,
            format!("type {} is not one of JSON Schema's seven types{hint}: the field is JSON", crate::json_print::json_string(name)),
            Location { file: file.map(str::to_string), pointer: Some(at), line: None, column: None },
        ));
    }
}

fn scan(root: &Value, file: Option<&str>, mut errors: Option<&mut Vec<Diagnostic>>) -> Result<ScanResult, ConversionError> {
    let mut refs = RefUses::default();
    let mut warnings = Vec::new();
    let mut pointer = String::new();
    // (node, the length of its parent's pointer, its segments below the parent)
    let mut stack: Vec<(&Value, usize, Step)> = vec![(root, 0, Step::Root)];
    while let Some((node, parent_len, step)) = stack.pop() {
        let Value::Object(map) = node else { continue };
        pointer.truncate(parent_len);
        match step {
            Step::Root => {}
            Step::One(key) => push_pointer_segment(&mut pointer, key),
            Step::Named(key, name) => {
                push_pointer_segment(&mut pointer, key);
                push_pointer_segment(&mut pointer, name);
            }
            Step::Indexed(key, i) => {
                push_pointer_segment(&mut pointer, key);
                pointer.push('/');
                pointer.push_str(&i.to_string());
            }
        }
        let here = pointer.len();
        let first_child = stack.len();
        for (key, value) in map {
            if key.starts_with(ATTRIBUTE_PREFIX) {
                push_pointer_segment(&mut pointer, key);
                let checked = check_one_attribute(key, value, &pointer, file, &mut warnings);
                pointer.truncate(here);
                if let Err(e) = checked {
                    match errors.as_deref_mut() {
                        Some(list) => list.push(e.to_diagnostic()),
                        None => return Err(e),
                    }
                }
            } else if key == "$ref" {
                if let Value::String(r) = value {
                    refs.push(&pointer, r);
                }
            } else if key == "type" {
                if !value.as_str().is_some_and(|t| JSON_TYPES.contains(&t)) {
                    check_type_names(value, &pointer, file, &mut warnings);
                }
            } else {
                match (holds(key, value), value) {
                    (Some(Holds::Map), Value::Object(names)) => {
                        for (name, child) in names {
                            stack.push((child, here, Step::Named(key, name)));
                        }
                    }
                    (Some(Holds::List), Value::Array(items)) => {
                        for (i, item) in items.iter().enumerate() {
                            stack.push((item, here, Step::Indexed(key, i)));
                        }
                    }
                    (Some(Holds::One), _) => stack.push((value, here, Step::One(key))),
                    _ => {}
                }
            }
        }
        // Reverse so the stack pops children in document order.
        if let Some(children) = stack.get_mut(first_child..) {
            children.reverse();
        }
    }
    Ok(ScanResult { refs, warnings })
}

/// One subschema of a node: where it is, and its place in the parent (migrate).
pub struct Subschema<'a> {
    pub node: &'a Value,
    pub pointer: String,
    /// The keyword, and for a map or list keyword the member's key or index.
    pub keyword: Key,
    pub member: Option<SubschemaKey>,
}

#[derive(Debug, Clone)]
pub enum SubschemaKey {
    Name(Key),
    Index(usize),
}

/// The subschemas of one schema node, in document order (the walk above, one level).
pub fn subschemas<'a>(node: &'a Value, pointer: &str) -> Vec<Subschema<'a>> {
    let mut out = Vec::new();
    let Value::Object(map) = node else { return out };
    for (key, value) in map {
        if key.starts_with(ATTRIBUTE_PREFIX) || key == "$ref" {
            continue;
        }
        match (holds(key, value), value) {
            (Some(Holds::Map), Value::Object(names)) => {
                for (name, child) in names {
                    out.push(Subschema {
                        node: child,
                        pointer: pointer_join(pointer, &[key, name]),
                        keyword: key.clone(),
                        member: Some(SubschemaKey::Name(name.clone())),
                    });
                }
            }
            (Some(Holds::List), Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    out.push(Subschema {
                        node: item,
                        pointer: pointer_join(pointer, &[key.as_str(), &i.to_string()]),
                        keyword: key.clone(),
                        member: Some(SubschemaKey::Index(i)),
                    });
                }
            }
            (Some(Holds::One), _) => {
                out.push(Subschema { node: value, pointer: pointer_join(pointer, &[key]), keyword: key.clone(), member: None })
            }
            _ => {}
        }
    }
    out
}

fn location(file: Option<&str>, pointer: &str) -> Location {
    Location { file: file.map(str::to_string), pointer: Some(pointer.to_string()), line: None, column: None }
}

fn check_one_attribute(
    name: &str,
    value: &Value,
    pointer: &str,
    file: Option<&str>,
    warnings: &mut Vec<Diagnostic>,
) -> Result<(), ConversionError> {
    if !is_attribute(name) {
        let message = match suggest(name) {
            Some(guess) => format!("unknown attribute {name}; did you mean {guess}?"),
            None => format!("unknown attribute {name}"),
        };
        warnings.push(Diagnostic::warning(codes::UNKNOWN_ATTRIBUTE, message, location(file, pointer)));
        return Ok(());
    }
    if let Some(p) = check_attribute(name, value, pointer).into_iter().next() {
        return Err(ConversionError::at(codes::ATTRIBUTE_TYPE, p.message, location(file, &p.pointer)));
    }
    if name == "x-graphql-type" {
        warnings.push(Diagnostic::warning(
            codes::DEPRECATED_ATTRIBUTE,
            "x-graphql-type is deprecated; use x-graphql-type-name and x-graphql-type-kind",
            location(file, pointer),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Attribute accessors: the one place that knows legacy spellings and defaults.

/// `x-graphql-type-name`, else the legacy `x-graphql-type` (string, or object's name),
/// with the pointer of the name relative to the node.
pub fn explicit_type_name(node: &Value) -> Option<(String, &'static str)> {
    if let Some(Value::String(direct)) = attr(node, "x-graphql-type-name") {
        return Some((direct.to_string(), "/x-graphql-type-name"));
    }
    match attr(node, "x-graphql-type") {
        Some(Value::String(legacy)) => Some((legacy.to_string(), "/x-graphql-type")),
        Some(legacy @ Value::Object(_)) => match attr(legacy, "name") {
            Some(Value::String(name)) => Some((name.to_string(), "/x-graphql-type/name")),
            _ => None,
        },
        _ => None,
    }
}

/// `x-graphql-type-kind`, else the legacy `x-graphql-type.kind`.
pub fn explicit_kind(node: &Value) -> Option<&str> {
    if let Some(Value::String(direct)) = attr(node, "x-graphql-type-kind") {
        return Some(direct);
    }
    match attr(node, "x-graphql-type") {
        Some(legacy @ Value::Object(_)) => attr(legacy, "kind").and_then(Value::as_str),
        _ => None,
    }
}

/// Reads an own key of an object (None for anything else). Schema nodes are
/// small objects read many times by fixed keys: json.rs searches those in order
/// rather than hashing the key.
pub fn attr<'a>(node: &'a Value, key: &str) -> Option<&'a Value> {
    match node {
        Value::Object(map) => map.get(key),
        _ => None,
    }
}

/// Whether an object node has any x-graphql- attribute. One pass over its keys
/// lets a caller skip looking up attributes it would not find.
pub fn has_attributes(node: &Value) -> bool {
    match node {
        Value::Object(map) => map.keys().any(|k| k.starts_with(ATTRIBUTE_PREFIX)),
        _ => false,
    }
}

pub fn flag(node: &Value, key: &str) -> bool {
    attr(node, key) == Some(&Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan's refs share one string of pointers: each reads back as the pointer of
    /// the node holding it, escaped, in document order.
    #[test]
    fn refs_keep_their_pointers_in_document_order() {
        let root = crate::load::load_json(
            r##"{"definitions": {"A": {"properties": {"a/b": {"$ref": "#/definitions/B"}}},
                 "B": {"items": [{"$ref": "#/definitions/A"}], "$ref": "other.json"}}}"##,
            None,
        )
        .expect("valid JSON");
        let scan = scan_document(&root, None).expect("a valid document");
        let refs: Vec<(&str, &str)> = scan.refs.iter().map(|r| (r.pointer, r.ref_.as_str())).collect();
        assert_eq!(
            refs,
            [
                ("/definitions/A/properties/a~1b", "#/definitions/B"),
                ("/definitions/B", "other.json"),
                ("/definitions/B/items/0", "#/definitions/A"),
            ]
        );
        assert_eq!(scan.refs.len(), 3);
    }
}
