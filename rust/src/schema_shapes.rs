//! schema_shapes: the shapes of JSON Schema nodes that lowering recognizes, read
//! from the node alone: an input that applies `@oneOf`, a scalar alias, an
//! annotation-only object and a documented enum (record 0081), a string enum, and
//! the node's description (D13). Mirrors js/src/schema-shapes.ts.

use crate::json::{Str, Value};
use crate::normalize::attr;

/// Whether a type's `x-graphql-type-directives` apply `@oneOf`.
pub fn is_one_of(node: &Value) -> bool {
    matches!(attr(node, "x-graphql-type-directives"), Some(Value::Array(list))
        if list.iter().any(|d| attr(d, "name").and_then(Value::as_str) == Some("oneOf")))
}

/// The keywords an annotation-only object branch may have (record 0081).
const ANNOTATION_KEYS: [&str; 9] =
    ["type", "title", "description", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly"];

/// `{"type": "object"}` with annotations only: no structure a union member could have.
pub fn is_annotation_only_object(node: &Value) -> bool {
    let Value::Object(map) = node else { return false };
    attr(node, "type").and_then(Value::as_str) == Some("object") && map.keys().all(|k| ANNOTATION_KEYS.contains(&k.as_str()))
}

/// One value of a documented enum: its text, its branch, and where the value is
/// written (the segments below the enum's node).
pub struct DocumentedValue<'a> {
    pub value: &'a str,
    pub branch: Option<&'a Value>,
    pub at: Vec<String>,
}

/// Record 0081: the first non-empty `oneOf` (else `anyOf`) of a node without
/// `properties` or `enum`, whose branches (`{"type": "null"}` aside, two or more) are
/// each a string `const` or a one-value string `enum`, and no `$ref` or object: the
/// values, else None.
pub fn documented_enum(node: &Value) -> Option<Vec<DocumentedValue<'_>>> {
    if attr(node, "properties").is_some_and(Value::is_object) || attr(node, "enum").is_some() {
        return None;
    }
    for keyword in ["oneOf", "anyOf"] {
        let list = match attr(node, keyword) {
            Some(Value::Array(list)) if !list.is_empty() => list,
            _ => continue,
        };
        let mut values = Vec::new();
        for (i, b) in list.iter().enumerate() {
            if !b.is_object() {
                return None;
            }
            if attr(b, "type").and_then(Value::as_str) == Some("null") {
                continue;
            }
            if attr(b, "$ref").is_some() || attr(b, "$dynamicRef").is_some() || attr(b, "properties").is_some_and(Value::is_object) {
                return None;
            }
            match (attr(b, "const"), attr(b, "enum")) {
                (Some(Value::String(c)), None) => {
                    values.push(DocumentedValue { value: c.as_str(), branch: Some(b), at: vec![keyword.to_string(), i.to_string(), "const".to_string()] })
                }
                (None, Some(Value::Array(e))) if e.len() == 1 && e.first().is_some_and(Value::is_string) => {
                    values.push(DocumentedValue {
                        value: e.first().and_then(Value::as_str).unwrap_or_default(),
                        branch: Some(b),
                        at: vec![keyword.to_string(), i.to_string(), "enum".to_string(), "0".to_string()],
                    })
                }
                _ => return None,
            }
        }
        return if values.len() >= 2 { Some(values) } else { None };
    }
    None
}

/// A string `enum`: every value that is not null is a string, and there is one.
pub fn is_string_enum(node: &Value) -> bool {
    let Some(Value::Array(list)) = attr(node, "enum") else { return false };
    let mut non_null_values = list.iter().filter(|v| !v.is_null()).peekable();
    non_null_values.peek().is_some() && non_null_values.all(Value::is_string)
}

/// `x-graphql-description` over `description` (D13); an empty text is no description.
pub fn description_of(node: &Value) -> Option<Str> {
    for key in ["x-graphql-description", "description"] {
        if let Some(Value::String(d)) = attr(node, key) {
            return if d.is_empty() { None } else { Some(d.clone()) };
        }
    }
    None
}

/// A schema that says only which scalar a value is: one JSON Schema scalar type (and
/// perhaps null), no enum, const, ref or branches.
pub fn is_scalar_alias(node: &Value) -> bool {
    const SCALAR_TYPES: [&str; 4] = ["string", "integer", "number", "boolean"];
    if ["enum", "const", "$ref", "oneOf", "anyOf", "allOf", "properties", "items"].iter().any(|k| attr(node, k).is_some()) {
        return false;
    }
    match attr(node, "type") {
        Some(Value::String(t)) => SCALAR_TYPES.contains(&t.as_str()),
        Some(Value::Array(types)) => {
            let mut others = types.iter().filter(|t| t.as_str() != Some("null"));
            matches!((others.next(), others.next()), (Some(Value::String(t)), None) if SCALAR_TYPES.contains(&t.as_str()))
        }
        _ => false,
    }
}
