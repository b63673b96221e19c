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
use crate::meta_schema::MetaDraft;
use crate::resources::{IdKey, IdUse};

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
        "properties" | "patternProperties" | "definitions" | "$defs" | "dependencies" | "dependentSchemas" => {
            Some(Holds::Map)
        }
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => Some(Holds::List),
        "items" if value.is_array() => Some(Holds::List),
        "items" | "additionalProperties" | "additionalItems" | "contains" | "propertyNames" | "not" | "if" | "then"
        | "else" | "unevaluatedProperties" | "unevaluatedItems" | "contentSchema" => Some(Holds::One),
        _ => None,
    }
}

pub const ATTRIBUTE_PREFIX: &str = "x-graphql-";

/// Keywords that, beside a `$ref`, would define structure (record 0080): under drafts
/// 04-07 a `$ref` replaces them; under 2019-09 / 2020-12 `properties` and `allOf`
/// extend it. `type` is not one: beside a `$ref` it restates the target's type
/// (fixture 050).
const REF_STRUCTURE_SIBLINGS: &[&str] = &[
    "properties",
    "patternProperties",
    "additionalProperties",
    "items",
    "prefixItems",
    "allOf",
    "anyOf",
    "oneOf",
    "enum",
    "const",
    "required",
];

/// Drafts 2019-09 and 2020-12: a `$ref` is one member of a conjunction (record 0080).
pub fn is_modern_draft(draft: MetaDraft) -> bool {
    matches!(draft, MetaDraft::Draft201909 | MetaDraft::Draft202012)
}

/// The reference a node makes: `$ref`, else `$dynamicRef` (read as a `$ref`, with a
/// warning at the scan, record 0080).
pub fn ref_of(node: &Value) -> Option<&Str> {
    match attr(node, "$ref") {
        Some(Value::String(r)) => Some(r),
        _ => match attr(node, "$dynamicRef") {
            Some(Value::String(r)) => Some(r),
            _ => None,
        },
    }
}

/// The keyword `ref_of` read: for the pointers of diagnostics.
pub fn ref_keyword(node: Option<&Value>) -> &'static str {
    match node {
        Some(n) if !matches!(attr(n, "$ref"), Some(Value::String(_))) && matches!(attr(n, "$dynamicRef"), Some(Value::String(_))) => {
            "$dynamicRef"
        }
        _ => "$ref",
    }
}

/// Under 2019-09 / 2020-12, a node with a reference and `properties` or `allOf` beside
/// it is an object: the conjunction of the target and its siblings, merged as an `allOf`.
pub fn is_ref_conjunction(node: &Value, draft: MetaDraft) -> bool {
    is_modern_draft(draft)
        && ref_of(node).is_some()
        && (attr(node, "properties").is_some_and(Value::is_object) || attr(node, "allOf").is_some_and(Value::is_array))
}

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
    /// Every `$id`, `id`, `$anchor` and `$dynamicAnchor` string, in document order
    /// (resources.rs reads them).
    pub ids: Vec<IdUse>,
}

/// Walks one document (the main input or a referenced file). `file` names it in
/// diagnostics. Fails with ATTRIBUTE_TYPE on the first wrong attribute value. Given the
/// `draft` the document is read by (convert), it also warns about the keywords beside
/// a `$ref` that are ignored and about `$dynamicRef` (record 0080).
pub fn scan_document(root: &Value, file: Option<&str>, draft: Option<MetaDraft>) -> Result<ScanResult, ConversionError> {
    scan(root, file, None, draft)
}

/// `scan_document` for validate: every attribute error is added to `errors`
/// and the walk goes on.
pub fn scan_document_collecting(root: &Value, file: Option<&str>, errors: &mut Vec<Diagnostic>) -> ScanResult {
    // With a list to collect into, the scan never fails.
    scan(root, file, Some(errors), None).unwrap_or_default()
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

fn scan(
    root: &Value,
    file: Option<&str>,
    mut errors: Option<&mut Vec<Diagnostic>>,
    draft: Option<MetaDraft>,
) -> Result<ScanResult, ConversionError> {
    let mut refs = RefUses::default();
    let mut warnings = Vec::new();
    let mut ids = Vec::new();
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
            } else if matches!(key.as_str(), "$dynamicRef" | "$anchor" | "$dynamicAnchor" | "$id" | "id") {
                if let Value::String(v) = value {
                    reference(node, key, v, &pointer, file, draft, &mut refs, &mut ids, &mut warnings);
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
        if let Some(draft) = draft {
            if matches!(attr(node, "$ref"), Some(Value::String(_))) {
                ref_siblings(node, &pointer, file, draft, &mut warnings);
            }
        }
        // Reverse so the stack pops children in document order.
        if let Some(children) = stack.get_mut(first_child..) {
            children.reverse();
        }
    }
    Ok(ScanResult { refs, warnings, ids })
}

/// `$dynamicRef` (a ref, with a warning), and the names a schema is known by (`$anchor`...).
#[allow(clippy::too_many_arguments)]
fn reference(
    node: &Value,
    key: &str,
    value: &Str,
    pointer: &str,
    file: Option<&str>,
    draft: Option<MetaDraft>,
    refs: &mut RefUses,
    ids: &mut Vec<IdUse>,
    warnings: &mut Vec<Diagnostic>,
) {
    if key == "$dynamicRef" {
        if matches!(attr(node, "$ref"), Some(Value::String(_))) {
            return;
        }
        refs.push(pointer, value);
        if draft.is_some() {
            warnings.push(Diagnostic::warning(
                codes::REF_DYNAMIC,
                format!(
                    "$dynamicRef is read as $ref: {} is resolved where it is written, not where the evaluation started",
                    value.as_str()
                ),
                location(file, &pointer_join(pointer, &[key])),
            ));
        }
        return;
    }
    // Which of them count under the document's draft is resources.rs's rule.
    let key = match key {
        "$id" => IdKey::Id,
        "id" => IdKey::LegacyId,
        _ => IdKey::Anchor,
    };
    ids.push(IdUse { pointer: pointer.to_string(), key, value: value.as_str().to_string() });
}

/// Record 0080: the keywords beside a `$ref` that give no structure, under the document's draft.
fn ref_siblings(node: &Value, pointer: &str, file: Option<&str>, draft: MetaDraft, warnings: &mut Vec<Diagnostic>) {
    let modern = is_modern_draft(draft);
    if modern && is_ref_conjunction(node, draft) {
        return;
    }
    let Value::Object(map) = node else { return };
    let ignored: Vec<&str> =
        map.keys().map(|k| k.as_str()).filter(|k| REF_STRUCTURE_SIBLINGS.contains(k)).collect();
    let Some(first) = ignored.first() else { return };
    let list = ignored.join(", ");
    let message = if modern {
        format!("{list} beside $ref ignored: only properties and allOf extend a $ref")
    } else {
        format!(
            "{list} beside $ref ignored: under {} a $ref replaces its siblings (put them in an allOf with the $ref, or name draft 2020-12 in $schema)",
            draft.label()
        )
    };
    warnings.push(Diagnostic::warning(codes::REF_SIBLINGS_IGNORED, message, location(file, &pointer_join(pointer, &[first]))));
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
        let scan = scan_document(&root, None, None).expect("a valid document");
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
