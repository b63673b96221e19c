//! The cases of fixtures/validate (also run by js/test/validate.test.ts): each
//! report (`{valid, problems}` printed by json_print, the problems in the order
//! of the --format json report) must equal expected.json byte for byte.

use std::path::{Path, PathBuf};

use x_graphql::__private::json::{Map, Value};
use x_graphql::__private::json_print::print_json;
use x_graphql::__private::meta_schema::{meta_schema_pointers, MetaDraft};
use x_graphql::__private::field_set::parse_field_set;
use x_graphql::{report_to_json, summarize, validate_graphql, validate_json_schema, ValidateOptions};
use x_graphql::__private::{Converter, ConverterOptions};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join("validate")
}

fn run_case(dir: &Path) -> String {
    let graphql = dir.join("input.graphql").exists();
    let name = if graphql { "input.graphql" } else { "input.json" };
    let text = std::fs::read_to_string(dir.join(name)).expect("input");
    let strict = std::fs::read_to_string(dir.join("options.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|v| v.get("strict").and_then(Value::as_bool))
        .unwrap_or(false);
    let options = ValidateOptions {
        file_name: Some(name.to_string()),
        base_dir: Some(dir.to_string_lossy().into_owned()),
        input_dir: None,
        strict,
    };
    let report = if graphql { validate_graphql(&text, &options) } else { validate_json_schema(&text, &options) };
    let valid = report.valid;
    let json: Value = serde_json::from_str(&report_to_json(&summarize(vec![report]))).expect("report");
    let mut out = Map::new();
    out.insert("valid", Value::Bool(valid));
    out.insert("problems", json["files"][0]["problems"].clone());
    print_json(&Value::Object(out))
}

#[test]
fn fixtures_validate() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("fixtures/validate")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() > 20);
    let mut failures = Vec::new();
    for dir in &cases {
        let expected = std::fs::read_to_string(dir.join("expected.json")).expect("expected.json");
        let got = run_case(dir);
        if got != expected {
            failures.push(format!("{}:\n--- expected\n{expected}--- got\n{got}", dir.display()));
        }
    }
    assert!(failures.is_empty(), "{} case(s) differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn meta_schema_drafts() {
    let pointers = |text: &str| meta_schema_pointers(&serde_json::from_str(text).expect("json"), text);
    assert_eq!(
        pointers(r#"{"$schema":"http://json-schema.org/draft-04/schema","required":[]}"#),
        (MetaDraft::Draft04, vec!["/required".to_string()])
    );
    assert_eq!(pointers(r#"{"$schema":"https://json-schema.org/draft-07/schema#","required":[]}"#), (MetaDraft::Draft07, vec![]));
    assert_eq!(pointers(r#"{"$schema":"http://example.com/mine","type":"x"}"#), (MetaDraft::Draft07, vec!["/type".to_string()]));
    assert_eq!(pointers(r#"{"required":["__proto__","__proto__"]}"#).1, vec!["/required".to_string()]);
}

#[test]
fn convert_with_validate_and_another_draft() {
    let options = ConverterOptions { validate: Some(true), ..ConverterOptions::default() };
    let converter = Converter::with_options(options).expect("options");
    for uri in [
        "http://json-schema.org/draft-04/schema#",
        "https://json-schema.org/draft/2019-09/schema",
        "https://json-schema.org/draft/2020-12/schema",
    ] {
        let bad = format!(r#"{{"$schema":"{uri}","title":"T","type":"object","properties":{{"a":{{"type":5}}}}}}"#);
        let e = converter.convert(&bad, Default::default()).expect_err("invalid");
        assert_eq!((e.code().as_str(), e.pointer()), ("SCHEMA_INVALID", Some("/properties/a/type")));
        let good = format!(r#"{{"$schema":"{uri}","title":"T","type":"object","properties":{{"a":{{"type":"string"}}}}}}"#);
        assert_eq!(converter.convert(&good, Default::default()).expect("valid"), "type T {\n  a: String\n}\n");
    }
}

#[test]
fn field_sets() {
    let names = |t: &str| -> Vec<(String, usize)> {
        parse_field_set(t).expect("ok").iter().map(|s| (s.name.clone(), s.depth)).collect()
    };
    let n = |name: &str, depth: usize| (name.to_string(), depth);
    assert_eq!(names("id  sku,region"), [n("id", 0), n("sku", 0), n("region", 0)]);
    assert_eq!(names("a { b { c } } d"), [n("a", 0), n("b", 1), n("c", 2), n("d", 0)]);
    assert_eq!(parse_field_set("").err().as_deref(), Some("it names no field"));
    assert_eq!(parse_field_set("{ a }").err().as_deref(), Some("a \"{\" must follow a field name"));
    assert_eq!(parse_field_set("a }").err().as_deref(), Some("it closes a \"}\" that was not opened"));
    assert_eq!(parse_field_set("a { }").err().as_deref(), Some("it has an empty selection \"{ }\""));
    assert_eq!(parse_field_set("a #").err().as_deref(), Some("\"#\" cannot appear in a field set"));
    assert_eq!(parse_field_set("a { ... on B { c } }").err().as_deref(), Some("\"...\" cannot appear in a field set"));
}

/// The errors validate reports, as "CODE pointer".
fn errors(schema: &str) -> Vec<String> {
    let options = ValidateOptions { file_name: Some("input.json".to_string()), base_dir: None, input_dir: None, strict: false };
    let report = validate_json_schema(schema, &options);
    let json: Value = serde_json::from_str(&report_to_json(&summarize(vec![report]))).expect("report");
    let problems = json["files"][0]["problems"].as_array().expect("problems").to_vec();
    problems
        .iter()
        .filter(|p| p["severity"].as_str() == Some("error"))
        .map(|p| format!("{} {}", p["code"].as_str().unwrap_or(""), p["pointer"].as_str().unwrap_or("")))
        .collect()
}

/// The net's guesses take no problem the file does not have (record 0089); the same
/// cases as js/test/validate.test.ts.
#[test]
fn net_guesses() {
    // A definition named by its key yields its name to an explicit one: no duplicate behind a nullability guess.
    let schema = r#"{"definitions": {
        "Car": {"type": "object", "properties": {"vin": {"type": "string", "x-graphql-field-non-null": "yes"}}},
        "Truck": {"type": "object", "x-graphql-type-name": "Car", "properties": {"id": {"type": "string"}}}}}"#;
    assert_eq!(errors(schema), ["ATTRIBUTE_TYPE /definitions/Car/properties/vin/x-graphql-field-non-null"]);
    // A type guess keeps the explicit field type, so the object below it becomes no type (and no duplicate).
    let schema = r#"{"definitions": {
        "Foo": {"type": "object", "x-graphql-type-name": "Foo", "properties": {"id": {"type": "string"}}},
        "Bar": {"type": "object", "properties": {"x": {"type": "object", "x-graphql-type-name": "Foo",
            "x-graphql-field-type": "Foo!!", "properties": {"id": {"type": "string"}}}}}}}"#;
    assert_eq!(errors(schema), ["FIELD_TYPE_SYNTAX /definitions/Bar/properties/x/x-graphql-field-type"]);
    // An @external field that a broken field set names is not reported unused; one it does not name is.
    let schema = r#"{"definitions": {"Product": {"type": "object", "x-graphql-federation-keys": ["sku weight"], "properties": {
        "upc": {"type": "string"},
        "weight": {"type": "number", "x-graphql-federation-external": true},
        "size": {"type": "number", "x-graphql-federation-external": true}}}}}"#;
    assert_eq!(
        errors(schema),
        [
            "FIELD_SET /definitions/Product/x-graphql-federation-keys/0",
            "FIELD_SET /definitions/Product/properties/size/x-graphql-federation-external"
        ]
    );
    // After a type guess, names only: an unused @external waits for the type expression to be fixed.
    let schema = r#"{"definitions": {
        "Product": {"type": "object", "x-graphql-federation-keys": ["upc sku", "upc"], "properties": {
            "upc": {"type": "string"},
            "name": {"type": "string", "x-graphql-field-type": "[String!!]"},
            "weight": {"type": "number", "x-graphql-federation-external": true}}},
        "A": {"type": "object", "x-graphql-type-name": "Dup", "properties": {"id": {"type": "string"}}},
        "B": {"type": "object", "x-graphql-type-name": "Dup", "properties": {"id": {"type": "string"}}}}}"#;
    assert_eq!(
        errors(schema),
        [
            "FIELD_SET /definitions/Product/x-graphql-federation-keys/0",
            "FIELD_TYPE_SYNTAX /definitions/Product/properties/name/x-graphql-field-type",
            "DUPLICATE_NAME /definitions/B/x-graphql-type-name"
        ]
    );
}
