//! `validate: true`: the input against the JSON Schema draft-07 meta-schema
//! (mirrors js/src/meta-schema.ts, which uses ajv; here the `jsonschema` crate).
//!
//! The two validators word their errors differently and report them in a
//! different order, so the message names only the place: of every failing
//! place, the one that comes first in the document (ties: the smaller pointer).
//! Formats are not asserted, as ajv (without ajv-formats, `strict: false`)
//! ignores them.

use std::sync::OnceLock;

use jsonschema::{Draft, Validator};
use serde_json::{json, Value};

use crate::errors::{codes, ConversionError, Location};
use crate::load::locate;

fn validator() -> Option<&'static Validator> {
    static VALIDATOR: OnceLock<Option<Validator>> = OnceLock::new();
    VALIDATOR
        .get_or_init(|| {
            jsonschema::options()
                .with_draft(Draft::Draft7)
                .should_validate_formats(false)
                .build(&json!({ "$ref": "http://json-schema.org/draft-07/schema#" }))
                .ok()
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

fn first_in_document(text: &str, pointers: &[String]) -> String {
    let mut best: Option<(&String, (usize, usize))> = None;
    for p in pointers {
        let key = locate(text, p).unwrap_or((usize::MAX, usize::MAX));
        let better = match best {
            None => true,
            Some((b, bk)) => key < bk || (key == bk && js_less(p, b)),
        };
        if better {
            best = Some((p, key));
        }
    }
    best.map(|(p, _)| p.clone()).unwrap_or_default()
}

/// JavaScript's `a < b` on strings: UTF-16 code unit order.
fn js_less(a: &str, b: &str) -> bool {
    a.encode_utf16().lt(b.encode_utf16())
}
