//! The input of `build` against schemas/graphql-type-system.schema.json (the
//! `jsonschema` crate, the schema embedded); the twin of
//! js/src/type-system-schema.ts, which uses ajv.
//!
//! The two validators report different sets of errors, in different orders
//! and words, so both implementations reduce them to the same problem (record
//! 0037): the failing place that comes first in the document (ties: the
//! smaller pointer); of the errors there, the first by keyword rank; a message
//! of our own, made from the keyword and the property or pattern it names.
//! Formats are annotations (the URI is checked by a pattern), as with ajv.

use std::sync::OnceLock;

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, Validator};
use crate::json::Value;

use crate::describe::type_system_schema;
use crate::errors::{codes, ConversionError, Location};
use crate::locate::{first_in_document, locate};

/// Which error speaks for a place when several fail there.
pub const KEYWORD_RANK: [&str; 9] =
    ["additionalProperties", "required", "type", "false", "anyOf", "enum", "pattern", "minItems", "other"];

/// A validator error reduced to what both implementations can say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub pointer: String,
    pub keyword: &'static str,
    /// The property (`required`, `additionalProperties`) or pattern (`pattern`) named.
    pub detail: Option<String>,
}

fn validator() -> &'static Validator {
    static VALIDATOR: OnceLock<Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        jsonschema::options()
            .with_draft(Draft::Draft7)
            .should_validate_formats(false)
            .build(type_system_schema())
            .expect("the embedded type-system schema compiles")
    })
}

pub fn check_type_system(root: &Value, text: &str, file: Option<&str>) -> Result<(), ConversionError> {
    let mut problems: Vec<Problem> = Vec::new();
    // The validator reads serde_json's tree; type-system documents are small.
    let tree = root.to_serde();
    for e in validator().iter_errors(&tree) {
        let pointer = e.instance_path().as_str().to_string();
        let (keyword, details): (&'static str, Vec<String>) = match e.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => ("additionalProperties", unexpected.clone()),
            ValidationErrorKind::Required { property } => {
                ("required", vec![property.as_str().map_or_else(|| property.to_string(), str::to_string)])
            }
            ValidationErrorKind::Pattern { pattern } => ("pattern", vec![pattern.clone()]),
            ValidationErrorKind::FalseSchema => ("false", Vec::new()),
            ValidationErrorKind::Constant { .. } | ValidationErrorKind::Enum { .. } => ("enum", Vec::new()),
            ValidationErrorKind::AnyOf { .. }
            | ValidationErrorKind::OneOfNotValid { .. }
            | ValidationErrorKind::OneOfMultipleValid { .. } => ("anyOf", Vec::new()),
            ValidationErrorKind::Type { .. } => ("type", Vec::new()),
            ValidationErrorKind::MinItems { .. } => ("minItems", Vec::new()),
            _ => ("other", Vec::new()),
        };
        if details.is_empty() {
            problems.push(Problem { pointer, keyword, detail: None });
        } else {
            for d in details {
                problems.push(Problem { pointer: pointer.clone(), keyword, detail: Some(d) });
            }
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let p = choose_problem(&problems, root, text);
    let (line, column) = locate(text, &p.pointer).map_or((None, None), |(l, c)| (Some(l), Some(c)));
    Err(ConversionError::at(
        codes::TYPE_SYSTEM_INVALID,
        problem_message(&p),
        Location { file: file.map(str::to_string), pointer: Some(p.pointer.clone()), line, column },
    ))
}

fn rank(p: &Problem) -> usize {
    KEYWORD_RANK.iter().position(|k| *k == p.keyword).unwrap_or(KEYWORD_RANK.len())
}

/// The problem reported: first place in the document, then keyword rank, then (unknown keys) document order.
pub fn choose_problem(problems: &[Problem], root: &Value, text: &str) -> Problem {
    let pointers: Vec<String> = problems.iter().map(|p| p.pointer.clone()).collect();
    let pointer = first_in_document(text, &pointers);
    let here: Vec<&Problem> = problems.iter().filter(|p| p.pointer == pointer).collect();
    let best = here.iter().map(|p| rank(p)).min().unwrap_or(0);
    let mut top: Vec<&Problem> = here.into_iter().filter(|p| rank(p) == best).collect();
    if top[0].keyword == "additionalProperties" {
        let order: Vec<String> = match root.pointer(&pointer) {
            Some(Value::Object(map)) => map.keys().map(|k| k.to_string()).collect(),
            _ => Vec::new(),
        };
        let index = |p: &Problem| order.iter().position(|k| Some(k) == p.detail.as_ref()).map_or(-1, |i| i as i64);
        top.sort_by_key(|p| index(p));
    }
    top[0].clone()
}

/// The schema's three patterns, said in words (the URI one holds invisible characters).
fn pattern_reason(pattern: &str) -> &'static str {
    if pattern.starts_with("^[_A-Za-z]") {
        "is not a GraphQL name (^[_A-Za-z][_0-9A-Za-z]*$)"
    } else if pattern.starts_with("^\\[") {
        "is not a type expression such as [String!]!"
    } else {
        "is not an absolute URI (scheme:rest, no white space)"
    }
}

pub fn problem_message(p: &Problem) -> String {
    let place = if p.pointer.is_empty() { "the root".to_string() } else { format!("the value at {}", p.pointer) };
    let detail = p.detail.clone().unwrap_or_default();
    let reason = match p.keyword {
        "additionalProperties" => format!("has the property \"{detail}\", which is not allowed there"),
        "required" => format!("lacks the required property \"{detail}\""),
        "type" => "has the wrong JSON type".to_string(),
        "false" => "is not allowed for this kind of type".to_string(),
        "anyOf" => "is marked isBuiltIn but is not one of the built-ins exactly as the schema defines them".to_string(),
        "enum" => "is not one of the allowed values".to_string(),
        "pattern" => pattern_reason(&detail).to_string(),
        "minItems" => "must not be empty".to_string(),
        _ => "breaks the type-system schema".to_string(),
    };
    format!("not a valid type-system document: {place} {reason}")
}
