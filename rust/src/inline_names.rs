//! The generated name of a type that a node's place implies (records 0001, 0014), read
//! from the schema structure the JSON pointer walks, never from the pointer's words: a
//! property called `items` is a property, not the array keyword. The twin of
//! js/src/inline-names.ts.

use crate::json::Value;
use crate::loc::{child_node, decode_pointer_segment, Loc};
use crate::naming::to_type_name;
use crate::normalize::{holds, Holds};

/// What one pointer segment is in the schema it walks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Role {
    /// A name in a map of schemas (`properties`, `definitions`, `$defs`, ...).
    Key,
    /// `items` holding one schema: the array's items.
    Items,
    /// An index into an `items` list (a tuple's item).
    TupleItem,
    /// An index into `oneOf`, `anyOf` or `allOf`.
    Branch,
    /// A keyword that holds schemas (`properties`, `oneOf`, `additionalProperties`, a tuple's `items`).
    Keyword,
    /// Anything else: an unknown keyword, or a place below one.
    Other,
}

/// What the segments after a place are expected to be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    Schema,
    Map,
    List,
    Tuple,
    Nothing,
}

/// The segments of `pointer` (decoded), each with its role, walking the tree from `root`
/// (a document's root is a schema). Iterative; a pointer is as deep as the tree.
fn schema_segments(root: &Value, pointer: &str) -> Vec<(String, Role)> {
    let mut out = Vec::new();
    let Some(rest) = pointer.strip_prefix('/') else { return out };
    let mut node = Some(root);
    let mut expect = Expect::Schema;
    for raw in rest.split('/') {
        let text = decode_pointer_segment(raw);
        let value = node.and_then(|n| child_node(n, &text));
        let (role, next) = match expect {
            Expect::Schema => match holds(&text, value.unwrap_or(&Value::Null)) {
                Some(Holds::Map) => (Role::Keyword, Expect::Map),
                Some(Holds::List) => (Role::Keyword, if text == "items" { Expect::Tuple } else { Expect::List }),
                Some(Holds::One) => (if text == "items" { Role::Items } else { Role::Keyword }, Expect::Schema),
                None => (Role::Other, Expect::Nothing),
            },
            Expect::Map => (Role::Key, Expect::Schema),
            Expect::List => (Role::Branch, Expect::Schema),
            Expect::Tuple => (Role::TupleItem, Expect::Schema),
            Expect::Nothing => (Role::Other, Expect::Nothing),
        };
        out.push((text.into_owned(), role));
        node = value;
        expect = next;
    }
    out
}

/// The name a place implies: the key it sits under (a property or definition key),
/// `Item` appended per array level (`items`, or an entry of a tuple's `items`); a branch
/// of `oneOf`/`anyOf`/`allOf` is the schema that holds it (with its `null` branch set
/// aside, a branch is the property's own schema); any other place, its last segment; the
/// root, the file's stem or `Root`.
pub fn inline_base_name(loc: &Loc) -> String {
    let segments = schema_segments(loc.source().root.get(), &loc.pointer());
    let mut suffix = String::new();
    let mut end = segments.len();
    while end > 0 {
        let (text, role) = &segments[end - 1];
        match role {
            Role::Items => {
                suffix.push_str("Item");
                end -= 1;
            }
            Role::TupleItem => {
                suffix.push_str("Item");
                end = end.saturating_sub(2);
            }
            Role::Branch => end = end.saturating_sub(2),
            _ => return to_type_name(text) + &suffix,
        }
    }
    let id = &loc.source().id;
    (if id.is_empty() { "Root".to_string() } else { file_stem(id) }) + &suffix
}

/// Whether a place is a property's schema (`properties/<key>`), whose description is the field's.
/// Whether a pointer walks schema keywords only (`/$defs/a/properties/b`), so the scan of
/// its document met the `$ref`s below it; a pointer into anything else
/// (`/$defs/options/preset`: `preset` is no keyword) leads below what the scan walks.
pub fn is_schema_place(root: &Value, pointer: &str) -> bool {
    schema_segments(root, pointer).iter().all(|(_, role)| *role != Role::Other)
}

pub fn is_property_place(loc: &Loc) -> bool {
    // Most places are not: no walk unless the pointer's words could say so (a place
    // made for a property is one by construction).
    if !loc.is_property() {
        return false;
    }
    if loc.property_key().is_some() {
        return true;
    }
    let segments = schema_segments(loc.source().root.get(), &loc.pointer());
    let n = segments.len();
    n >= 2 && segments[n - 1].1 == Role::Key && segments[n - 2].0 == "properties"
}

pub fn file_stem(id: &str) -> String {
    let base = id.rsplit('/').next().unwrap_or(id);
    match base.rfind('.') {
        Some(dot) if dot > 0 => to_type_name(base.get(..dot).unwrap_or(base)),
        _ => to_type_name(base),
    }
}
