//! `validate: true`: the input against the JSON Schema draft-07 meta-schema
//! (mirrors js/src/meta-schema.ts, which uses ajv; here the `jsonschema` crate).
//!
//! The two validators word their errors differently and report them in a
//! different order, so the message names only the place: of every failing
//! place, the one that comes first in the document (ties: the smaller pointer).
//! The meta-schema is ajv's copy, and formats are not asserted, as ajv
//! (without ajv-formats, `strict: false`) ignores them.

use std::sync::OnceLock;

use jsonschema::{Draft, Validator};
use serde_json::Value;

use crate::errors::{codes, ConversionError, Location};
use crate::load::first_in_document;

/// The draft-07 meta-schema as ajv 8 ships it (`ajv/dist/refs/json-schema-draft-07.json`),
/// which differs from json-schema.org's: `enum` has `minItems: 1` and
/// `uniqueItems: true`, and there is no `writeOnly`. Its `$id` is changed so
/// that its `#` refs never resolve to the official copy the `jsonschema`
/// crate knows by the official URI.
const DRAFT_07_AS_AJV: &str = r##"{"$schema":"http://json-schema.org/draft-07/schema#","$id":"urn:x-graphql:draft-07-meta-schema-as-ajv","title":"Core schema meta-schema","definitions":{"schemaArray":{"type":"array","minItems":1,"items":{"$ref":"#"}},"nonNegativeInteger":{"type":"integer","minimum":0},"nonNegativeIntegerDefault0":{"allOf":[{"$ref":"#/definitions/nonNegativeInteger"},{"default":0}]},"simpleTypes":{"enum":["array","boolean","integer","null","number","object","string"]},"stringArray":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":[]}},"type":["object","boolean"],"properties":{"$id":{"type":"string","format":"uri-reference"},"$schema":{"type":"string","format":"uri"},"$ref":{"type":"string","format":"uri-reference"},"$comment":{"type":"string"},"title":{"type":"string"},"description":{"type":"string"},"default":true,"readOnly":{"type":"boolean","default":false},"examples":{"type":"array","items":true},"multipleOf":{"type":"number","exclusiveMinimum":0},"maximum":{"type":"number"},"exclusiveMaximum":{"type":"number"},"minimum":{"type":"number"},"exclusiveMinimum":{"type":"number"},"maxLength":{"$ref":"#/definitions/nonNegativeInteger"},"minLength":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"pattern":{"type":"string","format":"regex"},"additionalItems":{"$ref":"#"},"items":{"anyOf":[{"$ref":"#"},{"$ref":"#/definitions/schemaArray"}],"default":true},"maxItems":{"$ref":"#/definitions/nonNegativeInteger"},"minItems":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"uniqueItems":{"type":"boolean","default":false},"contains":{"$ref":"#"},"maxProperties":{"$ref":"#/definitions/nonNegativeInteger"},"minProperties":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"required":{"$ref":"#/definitions/stringArray"},"additionalProperties":{"$ref":"#"},"definitions":{"type":"object","additionalProperties":{"$ref":"#"},"default":{}},"properties":{"type":"object","additionalProperties":{"$ref":"#"},"default":{}},"patternProperties":{"type":"object","additionalProperties":{"$ref":"#"},"propertyNames":{"format":"regex"},"default":{}},"dependencies":{"type":"object","additionalProperties":{"anyOf":[{"$ref":"#"},{"$ref":"#/definitions/stringArray"}]}},"propertyNames":{"$ref":"#"},"const":true,"enum":{"type":"array","items":true,"minItems":1,"uniqueItems":true},"type":{"anyOf":[{"$ref":"#/definitions/simpleTypes"},{"type":"array","items":{"$ref":"#/definitions/simpleTypes"},"minItems":1,"uniqueItems":true}]},"format":{"type":"string"},"contentMediaType":{"type":"string"},"contentEncoding":{"type":"string"},"if":{"$ref":"#"},"then":{"$ref":"#"},"else":{"$ref":"#"},"allOf":{"$ref":"#/definitions/schemaArray"},"anyOf":{"$ref":"#/definitions/schemaArray"},"oneOf":{"$ref":"#/definitions/schemaArray"},"not":{"$ref":"#"}},"default":true}"##;

fn validator() -> Option<&'static Validator> {
    static VALIDATOR: OnceLock<Option<Validator>> = OnceLock::new();
    VALIDATOR
        .get_or_init(|| {
            let meta: Value = serde_json::from_str(DRAFT_07_AS_AJV).ok()?;
            jsonschema::options().with_draft(Draft::Draft7).should_validate_formats(false).build(&meta).ok()
        })
        .as_ref()
}

pub fn check_meta_schema(root: &Value, text: &str, file: Option<&str>) -> Result<(), ConversionError> {
    let pointers: Vec<String> = match validator() {
        Some(v) => v.iter_errors(root).map(|e| e.instance_path().as_str().to_string()).collect(),
        None => match jsonschema::draft7::meta::validate(root) {
            Ok(()) => Vec::new(),
            Err(e) => vec![e.instance_path().as_str().to_string()],
        },
    };
    if pointers.is_empty() {
        return Ok(());
    }
    let pointer = first_in_document(text, &pointers);
    let place = if pointer.is_empty() { "the root".to_string() } else { pointer.clone() };
    let message = format!("not a valid draft-07 JSON Schema: the value at {place} breaks the meta-schema");
    Err(ConversionError::at(
        codes::SCHEMA_INVALID,
        message,
        Location { file: file.map(str::to_string), pointer: Some(pointer), line: None, column: None },
    ))
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
        assert!(validator().is_some());
        assert_eq!(pointer_of(r#"{"properties": {"a": {"enum": []}}}"#), Some("/properties/a/enum".to_string()));
        assert_eq!(pointer_of(r#"{"enum": [1, 1]}"#), Some("/enum".to_string()));
        assert_eq!(pointer_of(r#"{"type": "foo", "required": "a"}"#), Some("/type".to_string()));
        assert_eq!(pointer_of(r#"{"required": "a", "type": "foo"}"#), Some("/required".to_string()));
        // formats (uri-reference, regex) are not asserted
        assert_eq!(pointer_of(r#"{"$ref": "a b", "pattern": "(", "$id": "::"}"#), None);
        assert_eq!(pointer_of(r#"{"writeOnly": 5}"#), None);
    }
}
