//! Why a value breaks its draft's meta-schema, in our own words (record 0089);
//! mirrors js/src/meta-reasons.ts. meta_schema.rs finds the places (the
//! `jsonschema` crate here, ajv in TypeScript); the validators word their
//! errors differently, so neither's words are used: the place's role in the
//! document (which keyword's value it is, or an item of which keyword, or a
//! subschema) is read off the pointer, and a table keyed by the keyword says
//! what the meta-schema expects there. A place the table does not know keeps
//! the plain "breaks the meta-schema".

use crate::json::Value;
use crate::meta_schema::MetaDraft;

const SIMPLE_TYPES: &str = r#""array", "boolean", "integer", "null", "number", "object", "string""#;
const SCHEMA: &str = "a schema (an object or a boolean)";
const SCHEMA_04: &str = "a schema (an object)";

/// Keywords whose value is one subschema (every draft's meta-schema that has the keyword).
const SCHEMA_VALUED: [&str; 11] = [
    "additionalItems",
    "additionalProperties",
    "not",
    "contains",
    "propertyNames",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
/// Keywords whose value maps names to subschemas.
const SCHEMA_MAPS: [&str; 5] = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"];
/// Keywords whose value is a list of subschemas.
const SCHEMA_LISTS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

fn since_2019(d: MetaDraft) -> bool {
    matches!(d, MetaDraft::Draft201909 | MetaDraft::Draft202012)
}

/// What the meta-schema of `draft` expects as the value of `keyword`; `None` when the table has no entry.
fn expected_value(keyword: &str, draft: MetaDraft) -> Option<String> {
    let d04 = draft == MetaDraft::Draft04;
    let schema = if d04 { SCHEMA_04 } else { SCHEMA };
    if SCHEMA_VALUED.contains(&keyword) {
        // draft-04 allows a boolean for these two, as later drafts allow it for every subschema.
        if d04 && (keyword == "additionalItems" || keyword == "additionalProperties") {
            return Some(format!("a boolean or {SCHEMA_04}"));
        }
        return Some(schema.to_string());
    }
    if SCHEMA_MAPS.contains(&keyword) {
        return Some("an object whose values are schemas".to_string());
    }
    if SCHEMA_LISTS.contains(&keyword) {
        return Some("a non-empty array of schemas".to_string());
    }
    let text = match keyword {
        "type" => return Some(format!("one of {SIMPLE_TYPES}, or a non-empty array of them without repeats")),
        "items" if draft == MetaDraft::Draft202012 => schema,
        "items" => return Some(format!("{schema} or a non-empty array of schemas")),
        "required" if d04 => "a non-empty array of distinct strings",
        "required" => "an array of distinct strings",
        "enum" if since_2019(draft) => "an array",
        "enum" => "a non-empty array of distinct values",
        "dependencies" if d04 => "an object whose values are schemas or non-empty arrays of distinct strings",
        "dependencies" => "an object whose values are schemas or arrays of distinct strings",
        "dependentRequired" => "an object whose values are arrays of distinct strings",
        "maximum" | "minimum" => "a number",
        "exclusiveMaximum" | "exclusiveMinimum" if d04 => "a boolean",
        "exclusiveMaximum" | "exclusiveMinimum" => "a number",
        "multipleOf" => "a number greater than 0",
        "maxLength" | "minLength" | "maxItems" | "minItems" | "maxProperties" | "minProperties" | "maxContains"
        | "minContains" => "a non-negative integer",
        "uniqueItems" | "readOnly" | "writeOnly" | "deprecated" | "$recursiveAnchor" => "a boolean",
        "examples" => "an array",
        "$id" if since_2019(draft) => "a URI reference without a fragment",
        "$anchor" | "$dynamicAnchor" if draft == MetaDraft::Draft201909 => {
            r#"a name: a letter, then letters, digits, "-", "_", ":" or ".""#
        }
        "$anchor" | "$dynamicAnchor" => r#"a name: a letter or "_", then letters, digits, "-", "_" or ".""#,
        "$vocabulary" => "an object whose values are booleans",
        "$id" | "id" | "$schema" | "$ref" | "$recursiveRef" | "$dynamicRef" | "$comment" | "title" | "description"
        | "format" | "pattern" | "contentMediaType" | "contentEncoding" => "a string",
        _ => return None,
    };
    Some(text.to_string())
}

/// What the meta-schema expects of an entry of `dependencies` or `dependentRequired`.
fn expected_entry(keyword: &str, draft: MetaDraft) -> &'static str {
    if keyword == "dependentRequired" {
        "an array of distinct strings"
    } else if draft == MetaDraft::Draft04 {
        "a schema or a non-empty array of distinct strings"
    } else {
        "a schema or an array of distinct strings"
    }
}

/// The role of the value at a pointer (meta-reasons.ts's `Role`).
enum Role {
    Schema,
    Value(String),
    Entry(String),
    Item(String, String),
    Unknown,
}

/// A subschema of the right kind can still break the meta-schema as a whole:
/// draft-04's has `exclusiveMaximum` need `maximum` (and `exclusiveMinimum`, `minimum`).
fn schema_reason(value: Option<&Value>, draft: MetaDraft) -> Option<String> {
    let Some(map) = value.and_then(Value::as_object) else {
        return Some(if draft == MetaDraft::Draft04 { SCHEMA_04 } else { SCHEMA }.to_string());
    };
    if draft != MetaDraft::Draft04 {
        return None;
    }
    for (exclusive, bound) in [("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")] {
        if map.get(exclusive).is_some() && map.get(bound).is_none() {
            return Some(format!("a schema with \"{bound}\" beside \"{exclusive}\""));
        }
    }
    None
}

fn role_of(root: &Value, pointer: &str) -> Role {
    let mut role = Role::Schema;
    let mut node: Option<&Value> = Some(root);
    let segments: Vec<String> = if pointer.is_empty() {
        Vec::new()
    } else {
        pointer[1..].split('/').map(|s| s.replace("~1", "/").replace("~0", "~")).collect()
    };
    for seg in segments {
        let parent = node;
        let list = parent.is_some_and(|v| v.as_array().is_some());
        node = match parent {
            Some(Value::Array(a)) => seg.parse::<usize>().ok().and_then(|i| a.get(i)),
            Some(Value::Object(m)) => m.get(&seg),
            _ => None,
        };
        role = match role {
            Role::Schema => Role::Value(seg),
            Role::Value(k) => {
                let k = k.as_str();
                if SCHEMA_MAPS.contains(&k) || SCHEMA_LISTS.contains(&k) || (k == "items" && list) {
                    Role::Schema
                } else if SCHEMA_VALUED.contains(&k) || k == "items" {
                    Role::Value(seg)
                } else if k == "type" {
                    Role::Item(k.to_string(), format!("one of {SIMPLE_TYPES}"))
                } else if k == "required" {
                    Role::Item(k.to_string(), "a string".to_string())
                } else if k == "dependencies" || k == "dependentRequired" {
                    Role::Entry(k.to_string())
                } else {
                    Role::Unknown
                }
            }
            Role::Entry(k) => {
                if list {
                    Role::Item(k, "a string".to_string())
                } else if k == "dependencies" {
                    Role::Value(seg)
                } else {
                    Role::Unknown
                }
            }
            _ => Role::Unknown,
        };
    }
    role
}

/// The reason for one failing place: `"minimum" at /properties/a/minimum must be a number`.
pub fn meta_schema_reason(root: &Value, pointer: &str, draft: MetaDraft) -> String {
    let place = if pointer.is_empty() { "the root" } else { pointer };
    let (subject, expected) = match role_of(root, pointer) {
        Role::Schema if !pointer.is_empty() => {
            let value = root.pointer(pointer);
            let boolean = matches!(value, Some(Value::Bool(_)));
            (Some("the value".to_string()), if boolean && draft != MetaDraft::Draft04 { None } else { schema_reason(value, draft) })
        }
        Role::Value(k) => (Some(format!("\"{k}\"")), expected_value(&k, draft)),
        Role::Entry(k) => (Some(format!("an entry of \"{k}\"")), Some(expected_entry(&k, draft).to_string())),
        Role::Item(k, expected) => (Some(format!("an item of \"{k}\"")), Some(expected)),
        _ => (None, None),
    };
    match (subject, expected) {
        (Some(subject), Some(expected)) => format!("{subject} at {place} must be {expected}"),
        _ => format!("the value at {place} breaks the meta-schema"),
    }
}

/// The subschemas inside a failing place that the meta-schema checks through an
/// `anyOf` (`items` before 2020-12, an entry of `dependencies`, draft-04's
/// `additionalItems` / `additionalProperties`), when the place has the shape
/// one branch wants: both validators report such a failure at the place, not
/// inside it, so meta_schema.rs looks inside for the message. Empty otherwise.
pub fn guarded_schemas<'a>(root: &'a Value, pointer: &str, draft: MetaDraft) -> Vec<(String, &'a Value)> {
    let role = role_of(root, pointer);
    let Some(value) = root.pointer(pointer) else { return Vec::new() };
    let keyword = match &role {
        Role::Value(k) => k.as_str(),
        _ => "",
    };
    let d04_guarded = draft == MetaDraft::Draft04 && (keyword == "additionalItems" || keyword == "additionalProperties");
    let items = keyword == "items" && draft != MetaDraft::Draft202012;
    let entry = matches!(&role, Role::Entry(k) if k == "dependencies");
    if let (true, Some(list)) = (items, value.as_array()) {
        return list.iter().enumerate().map(|(i, v)| (format!("{pointer}/{i}"), v)).collect();
    }
    if (items || entry || d04_guarded) && value.as_object().is_some() {
        return vec![(pointer.to_string(), value)];
    }
    Vec::new()
}
