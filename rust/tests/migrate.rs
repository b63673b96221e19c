//! The cases of fixtures/migrate (also run by js/test/migrate.test.ts): the
//! output is expected.json byte for byte, migrating it again changes nothing,
//! and the migrated document converts to the same SDL as the original through
//! the converter's legacy path.

use std::path::{Path, PathBuf};

use x_graphql::__private::Converter;
use x_graphql::{migrate, ConversionDirection};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join("migrate");
    let mut list: Vec<PathBuf> =
        std::fs::read_dir(root).expect("fixtures/migrate").filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_dir()).collect();
    list.sort();
    list
}

#[test]
fn fixtures_migrate() {
    let cases = cases();
    assert!(cases.len() > 8);
    let converter = Converter::new();
    let mut failures = Vec::new();
    for dir in &cases {
        let input = std::fs::read_to_string(dir.join("input.json")).expect("input.json");
        let expected = std::fs::read_to_string(dir.join("expected.json")).expect("expected.json");
        let result = migrate(&input, None).expect("migrates");
        if result.output != expected {
            failures.push(format!("{}: output\n--- expected\n{expected}--- got\n{}", dir.display(), result.output));
        }
        let again = migrate(&expected, None).expect("migrates");
        if !again.changes.is_empty() || again.output != expected {
            failures.push(format!("{}: not idempotent", dir.display()));
        }
        let sdl = |t: &str| converter.convert(t, ConversionDirection::JsonSchemaToGraphQL).map_err(|e| e.code());
        if sdl(&input) != sdl(&expected) {
            failures.push(format!("{}: the SDL differs", dir.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// fixtures/helpers/migrate-text.json: the edits of the text as written (record 0092).
#[test]
fn migrate_text_vectors() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join("helpers").join("migrate-text.json");
    let text = std::fs::read_to_string(path).expect("migrate-text.json");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let cases = doc["cases"].as_array().expect("cases");
    assert!(cases.len() > 5);
    let mut failures = Vec::new();
    for case in cases {
        let (name, input, out) = (case["name"].as_str().unwrap(), case["in"].as_str().unwrap(), case["out"].as_str().unwrap());
        let got = migrate(input, None).expect("migrates").output;
        if got != out {
            failures.push(format!("{name}: expected {out:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A change at each of 400 levels: every key renamed in place, in one pass over the text (record 0092).
#[test]
fn a_change_at_each_of_400_levels() {
    let mut text = String::from("{\"type\": \"string\"}");
    for _ in 0..400 {
        text = format!("{{\n\t\"type\": \"object\", \"x-graphql-shareable\" : true,\r\n \"properties\": {{\"a\": {text}}}}}");
    }
    let result = migrate(&text, None).expect("migrates");
    assert_eq!(result.changes.len(), 400);
    assert_eq!(result.output, text.replace("\"x-graphql-shareable\"", "\"x-graphql-federation-shareable\""));
}

#[test]
fn bad_json_is_json_syntax() {
    let e = migrate("{\"a\": }", Some("x.json")).expect_err("bad");
    assert_eq!((e.code().as_str(), e.line(), e.column()), ("JSON_SYNTAX", Some(1), Some(7)));
}

#[test]
fn the_converter_warns_at_each_1x_attribute() {
    let text = r#"{"title":"T","type":"object","x-graphql-keys":"id","properties":{"id":{"type":"string"}}}"#;
    let result = Converter::new().convert_output(text, ConversionDirection::JsonSchemaToGraphQL).expect("converts");
    let got: Vec<(&str, Option<&str>)> = result.warnings.iter().map(|w| (w.code().as_str(), w.pointer())).collect();
    assert_eq!(got, [("DEPRECATED_ATTRIBUTE", Some("/x-graphql-keys"))]);
    assert!(result.output.contains("@key(fields: \"id\")"));
}

#[test]
fn the_converter_names_a_place_in_a_1x_attribute_as_written() {
    let text = "{\"title\":\"T\",\"type\":\"object\",\n\"x-graphql-keys\": 5,\"properties\":{\"id\":{\"type\":\"string\"}}}";
    let e = Converter::new().convert(text, ConversionDirection::JsonSchemaToGraphQL).expect_err("invalid");
    assert_eq!((e.code().as_str(), e.pointer(), e.line(), e.column()), ("ATTRIBUTE_TYPE", Some("/x-graphql-keys"), Some(2), Some(1)));
}
