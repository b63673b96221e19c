//! The fuzz property of issue 9 for the Rust converter (the twin of
//! scripts/fuzz-inputs.ts): whatever text it is given, in either direction and
//! with any options, `Converter` returns `Ok` or `Err(ConversionError)`, never
//! panics, within a bounded time. Inputs: arbitrary JSON values, JSON values
//! whose keys are JSON Schema and x-graphql-* keywords, arbitrary text (any
//! code point), SDL token soup, and all of these with random edits.
//!
//! `cargo test --test fuzz` runs 500 cases; `FUZZ_CASES=100000` runs more
//! (`FUZZ_SEED` picks the seed; each run prints its count and time).

#[allow(dead_code)] // the part this file uses
#[path = "../src/test_corpus.rs"]
mod test_corpus;

use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Map, Number, Value};
use test_corpus::apply_edits;
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::ConversionDirection;

const TIME_LIMIT: Duration = Duration::from_secs(5);

const KEYWORDS: &[&str] = &[
    "type", "properties", "items", "$ref", "allOf", "oneOf", "anyOf", "enum", "const", "definitions", "$defs",
    "required", "title", "description", "default", "format", "minimum", "maximum", "additionalProperties",
    "x-graphql-type-name", "x-graphql-type-kind", "x-graphql-field-name", "x-graphql-field-type", "x-graphql-skip",
    "x-graphql-nullable", "x-graphql-union-types", "x-graphql-implements", "x-graphql-federation-keys",
    "x-graphql-scalar", "x-graphql-field-arguments", "x-graphql-type-directives", "x-graphql-field-directives",
    "x-graphql-directive-definitions", "x-graphql-default", "x-graphql-enum-values", "x-graphql-schema",
    "x-graphql-description", "x-graphql-type", "x-graphql-federation-link", "__proto__", "constructor", "200",
];
const VALUES: &[&str] = &[
    "object", "string", "integer", "number", "boolean", "null", "array", "OBJECT", "INPUT_OBJECT", "UNION",
    "INTERFACE", "ENUM", "SCALAR", "#", "#/definitions/A", "#/definitions/B", "#/properties/a", "a.json",
    "../x.json", "https://example.com/a.json", "A", "B", "[String!]!", "@key", "a", "b",
];
const SDL_TOKENS: &[&str] = &[
    "type", "input", "enum", "union", "interface", "scalar", "directive", "schema", "extend", "implements", "on",
    "repeatable", "query", "fragment", "Query", "User", "String", "Int", "ID", "JSON", "@key", "@deprecated", "@link",
    "{", "}", "(", ")", "[", "]", ":", "=", "!", "|", "&", "@", "$", "...", "\"a\"", "\"\"\"b\"\"\"", "1", "1.5e3",
    "true", "null", "#c\n", "\n", " ", ",", "a", "fields: \"id\"", "reason: \"x\"",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i32>().prop_map(|n| Value::Number(n.into())),
        any::<f64>().prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
        ".{0,8}".prop_map(Value::String),
        proptest::sample::select(VALUES).prop_map(|s| Value::String(s.to_string())),
    ]
}

/// JSON values; `keywords`: keys mostly from KEYWORDS.
fn json(keywords: bool) -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 48, 6, move |inner| {
        let key = if keywords {
            prop_oneof![3 => proptest::sample::select(KEYWORDS).prop_map(str::to_string), 1 => ".{0,6}"].boxed()
        } else {
            ".{0,6}".boxed()
        };
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec((key, inner), 0..6).prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Random edits: (position, characters removed, text inserted).
fn edits() -> impl Strategy<Value = Vec<(usize, usize, String)>> {
    let insert = prop_oneof![
        ".{0,3}",
        proptest::sample::select(&["{", "}", "[", "]", "\"", "\\", ",", ":", "\u{feff}", "\r\n", "\\ud800"][..])
            .prop_map(str::to_string),
    ];
    proptest::collection::vec((any::<usize>(), 0usize..4, insert), 0..4)
}

#[derive(Debug, Clone)]
struct Case {
    text: String,
    graphql: bool,
    options: Value,
}

fn options() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Object(Map::new())),
        (any::<bool>(), 0u64..5, proptest::sample::select(&["basename", "file_and_path", "hash"][..])).prop_map(
            |(strict, threshold, naming)| {
                serde_json::json!({ "strict": strict, "inlineObjectThreshold": threshold, "refNaming": naming })
            }
        ),
    ]
}

fn cases() -> impl Strategy<Value = Case> {
    let any_json = (json(false), any::<bool>(), options())
        .prop_map(|(v, graphql, options)| Case { text: v.to_string(), graphql, options });
    let schemaish = (json(true), options()).prop_map(|(v, options)| Case { text: v.to_string(), graphql: false, options });
    let edited = (json(true), edits(), any::<bool>(), options()).prop_map(|(v, e, graphql, options)| Case {
        text: apply_edits(&serde_json::to_string_pretty(&v).unwrap_or_default(), &e),
        graphql,
        options,
    });
    let text = (".{0,120}", any::<bool>(), options()).prop_map(|(text, graphql, options)| Case { text, graphql, options });
    let soup = (proptest::collection::vec(proptest::sample::select(SDL_TOKENS), 0..40), edits()).prop_map(|(t, e)| Case {
        text: apply_edits(&t.join(" "), &e),
        graphql: true,
        options: Value::Object(Map::new()),
    });
    prop_oneof![any_json, schemaish, edited, text, soup]
}

fn run_case(case: &Case, base_dir: &str) -> Result<(), TestCaseError> {
    let mut options = case.options.clone();
    if let Value::Object(map) = &mut options {
        map.insert("baseDir".into(), Value::String(base_dir.to_string()));
    }
    let direction =
        if case.graphql { ConversionDirection::GraphQLToJsonSchema } else { ConversionDirection::JsonSchemaToGraphQL };
    let started = Instant::now();
    // A ConversionError is a fine answer; a panic fails the case (proptest catches it).
    let _ = ConverterOptions::from_json(&options)
        .and_then(Converter::with_options)
        .and_then(|c| c.convert_output(&case.text, direction));
    let took = started.elapsed();
    prop_assert!(took < TIME_LIMIT, "took {took:?}");
    Ok(())
}

#[test]
fn converter_never_panics() {
    let count: u32 = std::env::var("FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(500);
    let seed: u64 = std::env::var("FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20261122);
    let world = std::env::temp_dir().join(format!("x-graphql-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(world.join("sub")).expect("temp folder");
    std::fs::write(world.join("a.json"), r#"{"type": "object", "properties": {"id": {"type": "string"}}}"#).expect("write");
    let base_dir = world.to_string_lossy().into_owned();
    let mut seed_bytes = [0u8; 32];
    seed_bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config { cases: count, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes));
    let started = Instant::now();
    let result = runner.run(&cases(), |case| run_case(&case, &base_dir));
    let _ = std::fs::remove_dir_all(&world);
    eprintln!("fuzz: {count} cases, seed {seed}, {:.1} s", started.elapsed().as_secs_f64());
    if let Err(e) = result {
        panic!("{e}");
    }
}
