//! The document against the meta-schema of the JSON Schema draft its `$schema`
//! names (record 0033); mirrors js/src/meta-schema.ts (ajv), here with the
//! `jsonschema` crate. Both give the same verdict and the same pointers:
//!
//! - draft-07: ajv's copy of the meta-schema (below), which differs from
//!   json-schema.org's; draft-06: ajv's copy (schemas/meta-schemas/draft-06.json);
//!   draft-04: schemas/meta-schemas/draft-04.json, the draft-04 meta-schema
//!   written with draft-07 keywords (ajv 8 has no draft-04 engine). All three
//!   are checked by the draft-07 engine, as ajv does;
//! - 2019-09 and 2020-12: the crate's own meta-schema validators (ajv's
//!   `ajv/dist/2019` and `ajv/dist/2020` in TypeScript).
//!
//! Formats are not asserted, as ajv (without ajv-formats) ignores them. The
//! validators word and order their errors differently, so a problem names its
//! place and, in our own words, what the meta-schema expects there
//! (meta_reasons.rs, record 0089): the outermost failing pointers (the root swallows nothing), in
//! document order.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use std::sync::OnceLock;

use jsonschema::{Draft, Validator};
use crate::json::Value;

use crate::errors::{codes, ConversionError, Location};
use crate::locate::locate;

/// The draft-07 meta-schema as ajv 8 ships it (`ajv/dist/refs/json-schema-draft-07.json`),
/// which differs from json-schema.org's: `enum` has `minItems: 1` and
/// `uniqueItems: true`, and there is no `writeOnly`. Its `$id` is changed so
/// that its `#` refs never resolve to the official copy the `jsonschema`
/// crate knows by the official URI.
const DRAFT_07_AS_AJV: &str = r##"{"$schema":"http://json-schema.org/draft-07/schema#","$id":"urn:x-graphql:draft-07-meta-schema-as-ajv","title":"Core schema meta-schema","definitions":{"schemaArray":{"type":"array","minItems":1,"items":{"$ref":"#"}},"nonNegativeInteger":{"type":"integer","minimum":0},"nonNegativeIntegerDefault0":{"allOf":[{"$ref":"#/definitions/nonNegativeInteger"},{"default":0}]},"simpleTypes":{"enum":["array","boolean","integer","null","number","object","string"]},"stringArray":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":[]}},"type":["object","boolean"],"properties":{"$id":{"type":"string","format":"uri-reference"},"$schema":{"type":"string","format":"uri"},"$ref":{"type":"string","format":"uri-reference"},"$comment":{"type":"string"},"title":{"type":"string"},"description":{"type":"string"},"default":true,"readOnly":{"type":"boolean","default":false},"examples":{"type":"array","items":true},"multipleOf":{"type":"number","exclusiveMinimum":0},"maximum":{"type":"number"},"exclusiveMaximum":{"type":"number"},"minimum":{"type":"number"},"exclusiveMinimum":{"type":"number"},"maxLength":{"$ref":"#/definitions/nonNegativeInteger"},"minLength":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"pattern":{"type":"string","format":"regex"},"additionalItems":{"$ref":"#"},"items":{"anyOf":[{"$ref":"#"},{"$ref":"#/definitions/schemaArray"}],"default":true},"maxItems":{"$ref":"#/definitions/nonNegativeInteger"},"minItems":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"uniqueItems":{"type":"boolean","default":false},"contains":{"$ref":"#"},"maxProperties":{"$ref":"#/definitions/nonNegativeInteger"},"minProperties":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"required":{"$ref":"#/definitions/stringArray"},"additionalProperties":{"$ref":"#"},"definitions":{"type":"object","additionalProperties":{"$ref":"#"},"default":{}},"properties":{"type":"object","additionalProperties":{"$ref":"#"},"default":{}},"patternProperties":{"type":"object","additionalProperties":{"$ref":"#"},"propertyNames":{"format":"regex"},"default":{}},"dependencies":{"type":"object","additionalProperties":{"anyOf":[{"$ref":"#"},{"$ref":"#/definitions/stringArray"}]}},"propertyNames":{"$ref":"#"},"const":true,"enum":{"type":"array","items":true,"minItems":1,"uniqueItems":true},"type":{"anyOf":[{"$ref":"#/definitions/simpleTypes"},{"type":"array","items":{"$ref":"#/definitions/simpleTypes"},"minItems":1,"uniqueItems":true}]},"format":{"type":"string"},"contentMediaType":{"type":"string"},"contentEncoding":{"type":"string"},"if":{"$ref":"#"},"then":{"$ref":"#"},"else":{"$ref":"#"},"allOf":{"$ref":"#/definitions/schemaArray"},"anyOf":{"$ref":"#/definitions/schemaArray"},"oneOf":{"$ref":"#/definitions/schemaArray"},"not":{"$ref":"#"}},"default":true}"##;

const DRAFT_06_AS_AJV: &str = include_str!("../schemas/meta-schemas/draft-06.json");
const DRAFT_04_AS_DRAFT_07: &str = include_str!("../schemas/meta-schemas/draft-04.json");

/// The drafts `$schema` can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MetaDraft {
    Draft04,
    Draft06,
    Draft07,
    Draft201909,
    Draft202012,
}

impl MetaDraft {
    /// The draft's name in messages.
    pub fn label(self) -> &'static str {
        match self {
            MetaDraft::Draft04 => "draft-04",
            MetaDraft::Draft06 => "draft-06",
            MetaDraft::Draft07 => "draft-07",
            MetaDraft::Draft201909 => "draft 2019-09",
            MetaDraft::Draft202012 => "draft 2020-12",
        }
    }
}

/// The draft `$schema` names (`http` or `https`, with or without a final `#`); draft-07 otherwise.
pub fn draft_of(root: &Value) -> MetaDraft {
    named_draft(root).unwrap_or(MetaDraft::Draft07)
}

/// The draft `$schema` names, if it names one we know (a referenced file without one
/// reads as its referrer's).
pub fn named_draft(root: &Value) -> Option<MetaDraft> {
    let Some(Value::String(uri)) = root.as_object().and_then(|m| m.get("$schema")) else {
        return None;
    };
    let bare = uri.strip_prefix("http://").or_else(|| uri.strip_prefix("https://"))?;
    let bare = bare.strip_suffix('#').unwrap_or(bare);
    match bare {
        "json-schema.org/draft-04/schema" => Some(MetaDraft::Draft04),
        "json-schema.org/draft-06/schema" => Some(MetaDraft::Draft06),
        "json-schema.org/draft-07/schema" => Some(MetaDraft::Draft07),
        "json-schema.org/draft/2019-09/schema" => Some(MetaDraft::Draft201909),
        "json-schema.org/draft/2020-12/schema" => Some(MetaDraft::Draft202012),
        _ => None,
    }
}

fn compile(text: &str) -> Option<Validator> {
    let meta: serde_json::Value = serde_json::from_str(text).ok()?;
    jsonschema::options().with_draft(Draft::Draft7).should_validate_formats(false).build(&meta).ok()
}

fn validator(draft: MetaDraft) -> Option<&'static Validator> {
    static V04: OnceLock<Option<Validator>> = OnceLock::new();
    static V06: OnceLock<Option<Validator>> = OnceLock::new();
    static V07: OnceLock<Option<Validator>> = OnceLock::new();
    match draft {
        MetaDraft::Draft04 => V04.get_or_init(|| compile(DRAFT_04_AS_DRAFT_07)).as_ref(),
        MetaDraft::Draft06 => V06.get_or_init(|| compile(DRAFT_06_AS_AJV)).as_ref(),
        MetaDraft::Draft07 => V07.get_or_init(|| compile(DRAFT_07_AS_AJV)).as_ref(),
        _ => None,
    }
}

/// Every failing place (instance pointers, possibly nested and repeated).
fn failing_pointers(root: &Value, draft: MetaDraft) -> Vec<String> {
    // The validators read serde_json's tree: a copy, made only when a document is validated.
    let root = &root.to_serde();
    let path = |e: jsonschema::ValidationError<'_>| e.instance_path().as_str().to_string();
    match draft {
        MetaDraft::Draft201909 => jsonschema::draft201909::meta::validator().iter_errors(root).map(path).collect(),
        MetaDraft::Draft202012 => jsonschema::draft202012::meta::validator().iter_errors(root).map(path).collect(),
        _ => match validator(draft) {
            Some(v) => v.iter_errors(root).map(path).collect(),
            None => match jsonschema::draft7::meta::validate(root) {
                Ok(()) => Vec::new(),
                Err(e) => vec![path(e)],
            },
        },
    }
}

/// Every outermost place where the document breaks its draft's meta-schema, in
/// document order (ties: the smaller pointer). Empty when the document is valid.
pub fn meta_schema_pointers(root: &Value, text: &str) -> (MetaDraft, Vec<String>) {
    let draft = draft_of(root);
    (draft, in_document_order(text, outermost_failures(root, draft)))
}

/// The outermost failing places of `value` checked as a whole document of `draft`, relative to it.
fn outermost_failures(value: &Value, draft: MetaDraft) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for p in failing_pointers(value, draft) {
        if !found.contains(&p) {
            found.push(p);
        }
    }
    found
        .iter()
        .filter(|p| !found.iter().any(|q| q != *p && !q.is_empty() && p.starts_with(&format!("{q}/"))))
        .cloned()
        .collect()
}

/// Pointers in document order (ties: the smaller pointer).
fn in_document_order(text: &str, pointers: Vec<String>) -> Vec<String> {
    let mut keyed: Vec<((usize, usize), String)> =
        pointers.into_iter().map(|p| (locate(text, &p).unwrap_or((usize::MAX, usize::MAX)), p)).collect();
    keyed.sort_by(|a, b| {
        a.0.cmp(&b.0).then_with(|| if js_less(&a.1, &b.1) { std::cmp::Ordering::Less } else if js_less(&b.1, &a.1) { std::cmp::Ordering::Greater } else { std::cmp::Ordering::Equal })
    });
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// The place a message explains: `pointer`, or, when the validators report a
/// failure at an `anyOf` that checks subschemas (meta_reasons.rs,
/// `guarded_schemas`), the first failing place inside them, again and again
/// (each step goes deeper into the document, so the loop ends).
fn place_to_explain(root: &Value, text: &str, draft: MetaDraft, pointer: &str) -> String {
    let mut place = pointer.to_string();
    loop {
        let mut inner: Vec<String> = Vec::new();
        for (at, value) in crate::meta_reasons::guarded_schemas(root, &place, draft) {
            for p in outermost_failures(value, draft) {
                inner.push(format!("{at}{p}"));
            }
        }
        match in_document_order(text, inner).into_iter().next() {
            Some(first) if first != place => place = first,
            _ => return place,
        }
    }
}

/// The message of one meta-schema problem: the place and what the meta-schema
/// expects there (meta_reasons.rs), or the first failing place inside it when the
/// validators report a failure inside subschemas at their container.
pub fn meta_schema_message(draft: MetaDraft, pointer: &str, root: &Value, text: &str) -> String {
    let place = place_to_explain(root, text, draft, pointer);
    format!("not a valid {} JSON Schema: {}", draft.label(), crate::meta_reasons::meta_schema_reason(root, &place, draft))
}

/// `validate: true` in a conversion: the first problem (in document order) is the error.
pub fn check_meta_schema(root: &Value, text: &str, file: Option<&str>) -> Result<(), ConversionError> {
    let (draft, pointers) = meta_schema_pointers(root, text);
    let Some(pointer) = pointers.into_iter().next() else { return Ok(()) };
    Err(ConversionError::at(
        codes::SCHEMA_INVALID,
        meta_schema_message(draft, &pointer, root, text),
        Location { file: file.map(str::to_string), pointer: Some(pointer), line: None, column: None },
    ))
}

/// JavaScript's `a < b` on strings: UTF-16 code unit order.
fn js_less(a: &str, b: &str) -> bool {
    a.encode_utf16().lt(b.encode_utf16())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pointer_of(text: &str) -> Option<String> {
        let root: Value = serde_json::from_str(text).ok()?;
        check_meta_schema(&root, text, None).err().and_then(|e| e.pointer)
    }

    #[test]
    fn uses_the_ajv_meta_schema_without_formats() {
        assert!(validator(MetaDraft::Draft07).is_some());
        assert!(validator(MetaDraft::Draft06).is_some());
        assert!(validator(MetaDraft::Draft04).is_some());
        assert_eq!(pointer_of(r#"{"properties": {"a": {"enum": []}}}"#), Some("/properties/a/enum".to_string()));
        assert_eq!(pointer_of(r#"{"enum": [1, 1]}"#), Some("/enum".to_string()));
        assert_eq!(pointer_of(r#"{"type": "foo", "required": "a"}"#), Some("/type".to_string()));
        assert_eq!(pointer_of(r#"{"required": "a", "type": "foo"}"#), Some("/required".to_string()));
        // formats (uri-reference, regex) are not asserted
        assert_eq!(pointer_of(r#"{"$ref": "a b", "pattern": "(", "$id": "::"}"#), None);
        assert_eq!(pointer_of(r#"{"writeOnly": 5}"#), None);
    }
}
