//! json_reasons: why a field became the JSON scalar (record 0079), and the warnings that
//! say so: one JSON_FIELDS summary per conversion, or with `explainJson` one per field.
//! An explicit `x-graphql-field-type: JSON` is never counted. The twin of
//! js/src/json-reasons.ts.

use crate::errors::{codes, Diagnostic, Location};
use crate::json::Value;
use crate::loc::Loc;
use crate::normalize::attr;

/// The reasons, in the order a summary lists equal counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonReason {
    MixedUnion,
    Map,
    FreeForm,
    SmallObject,
    Untyped,
    SeveralTypes,
    UnknownType,
    UnresolvedRef,
    MixedValues,
    AllOf,
}

const REASONS: [(JsonReason, &str, &str, &str); 10] = [
    (JsonReason::MixedUnion, "a oneOf/anyOf that is not made of object types only", "mixed union", "mixed unions"),
    (JsonReason::Map, "a map (additionalProperties / patternProperties, no properties)", "map", "maps"),
    (JsonReason::FreeForm, "an object with no properties", "free-form object", "free-form objects"),
    (JsonReason::SmallObject, "an inline object within inlineObjectThreshold", "small inline object", "small inline objects"),
    (JsonReason::Untyped, "a schema with no type", "untyped", "untyped"),
    (JsonReason::SeveralTypes, "several types (or only null)", "with several types", "with several types"),
    (JsonReason::UnknownType, "a type that is not a JSON Schema type", "with an unknown type", "with unknown types"),
    (JsonReason::UnresolvedRef, "a $ref that is not resolved (unresolvedRefs: json)", "unresolved ref", "unresolved refs"),
    (JsonReason::MixedValues, "enum or const values of several kinds", "with mixed values", "with mixed values"),
    (JsonReason::AllOf, "an allOf that is neither an object nor one $ref", "allOf combination", "allOf combinations"),
];

/// A map or a free-form object: what an object schema without fields is.
pub fn object_reason(node: &Value) -> JsonReason {
    if !node.is_object() {
        return JsonReason::Untyped;
    }
    let additional = attr(node, "additionalProperties");
    if additional.is_some_and(|a| a.is_object() || a.as_bool() == Some(true))
        || attr(node, "patternProperties").is_some_and(Value::is_object)
    {
        return JsonReason::Map;
    }
    JsonReason::FreeForm
}

/// The reason of a node that has an `allOf` and no properties, else `object_reason`.
pub fn objectish_reason(node: &Value) -> JsonReason {
    if attr(node, "allOf").is_some_and(Value::is_array) && !attr(node, "properties").is_some_and(Value::is_object) {
        return JsonReason::AllOf;
    }
    object_reason(node)
}

pub struct JsonField {
    pub reason: JsonReason,
    pub loc: Loc,
}

/// The warnings for the fields that became JSON: one summary, or (`explain`) one per field.
pub fn json_field_warnings(fields: &[JsonField], explain: bool, file: Option<&str>) -> Vec<Diagnostic> {
    if fields.is_empty() {
        return Vec::new();
    }
    if explain {
        return fields
            .iter()
            .map(|f| {
                let long = REASONS.iter().find(|r| r.0 == f.reason).map_or("", |r| r.1);
                Diagnostic::warning(
                    codes::JSON_FIELDS,
                    format!("the field is the JSON scalar: {long}"),
                    Location {
                        file: f.loc.source().file.clone(),
                        pointer: Some(f.loc.pointer().into_owned()),
                        line: None,
                        column: None,
                    },
                )
            })
            .collect();
    }
    let mut counts: Vec<(usize, &str)> = REASONS
        .iter()
        .map(|(reason, _, one, many)| {
            let n = fields.iter().filter(|f| f.reason == *reason).count();
            (n, if n == 1 { *one } else { *many })
        })
        .filter(|(n, _)| *n > 0)
        .collect();
    // By count, then in the order of REASONS (a stable sort keeps it).
    counts.sort_by_key(|c| std::cmp::Reverse(c.0));
    let n = fields.len();
    let parts: Vec<String> = counts.iter().map(|(n, label)| format!("{n} {label}")).collect();
    vec![Diagnostic::warning(
        codes::JSON_FIELDS,
        format!(
            "{n} {} became the JSON scalar: {}; --explain-json (option explainJson) lists them",
            if n == 1 { "field" } else { "fields" },
            parts.join(", ")
        ),
        Location { file: file.map(str::to_string), pointer: Some(String::new()), line: None, column: None },
    )]
}
