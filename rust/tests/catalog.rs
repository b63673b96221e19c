//! The attribute catalog against the shared vectors (fixtures/helpers/catalog.json,
//! also run by js/test/catalog.test.ts).

use x_graphql::__private::json::Value;
use x_graphql::__private::catalog::{
    attribute_names, catalog_schema, check_attribute, is_attribute, is_deprecated, levenshtein,
    pattern_matches, pattern_supported, priority_of, replaced_by, scope_of, suggest, Problem,
};

fn vectors() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/helpers/catalog.json"
    );
    let text = std::fs::read_to_string(path).expect("read fixtures/helpers/catalog.json");
    serde_json::from_str(&text).expect("vectors are JSON")
}

fn s(v: &Value, key: &str) -> String {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} is a string in {v}"))
        .to_string()
}

#[test]
fn check_vectors() {
    let vectors = vectors();
    let cases = vectors["check"].as_array().expect("check list");
    assert!(cases.len() >= 40);
    let mut failures = Vec::new();
    for case in cases {
        let name = s(case, "name");
        let expected: Vec<Problem> = case["problems"]
            .as_array()
            .expect("problems list")
            .iter()
            .map(|p| Problem {
                pointer: s(p, "pointer"),
                message: s(p, "message"),
            })
            .collect();
        let got = check_attribute(&name, &case["value"], &s(case, "pointer"));
        if got != expected {
            failures.push(format!(
                "{name} = {}\n  expected {expected:?}\n  got      {got:?}",
                case["value"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn suggest_vectors() {
    let vectors = vectors();
    let cases = vectors["suggest"].as_array().expect("suggest list");
    assert!(cases.len() >= 10);
    for case in cases {
        let input = s(case, "in");
        let expected = case["out"].as_str();
        assert_eq!(suggest(&input), expected, "suggest({input})");
    }
}

#[test]
fn every_attribute_has_a_valid_and_an_invalid_vector() {
    let vectors = vectors();
    let cases = vectors["check"].as_array().expect("check list");
    for name in attribute_names() {
        let mine: Vec<&Value> = cases.iter().filter(|c| c["name"] == *name).collect();
        assert!(
            mine.iter()
                .any(|c| c["problems"].as_array().is_some_and(|a| a.is_empty())),
            "{name} valid"
        );
        assert!(
            mine.iter()
                .any(|c| c["problems"].as_array().is_some_and(|p| !p.is_empty())),
            "{name} invalid"
        );
    }
}

#[test]
fn catalog_document() {
    let names = attribute_names();
    assert_eq!(names.len(), 49);
    let schema = catalog_schema();
    for name in names {
        assert!(name.starts_with("x-graphql-"));
        assert_eq!(
            schema["properties"][*name]["$ref"],
            format!("#/definitions/{name}")
        );
        assert!(
            schema["definitions"][*name]["description"].is_string(),
            "{name}"
        );
        assert!(
            matches!(priority_of(name), Some("P0" | "P1" | "P2")),
            "{name}"
        );
        let scopes = scope_of(name).expect("scope");
        assert!(!scopes.is_empty());
        for scope in scopes {
            assert!(
                ["root", "object", "enum", "property", "any-schema"].contains(&scope),
                "{name}"
            );
        }
        for example in schema["definitions"][*name]["examples"]
            .as_array()
            .expect("examples")
        {
            assert_eq!(
                check_attribute(name, example, ""),
                Vec::new(),
                "{name} example {example}"
            );
        }
    }
    assert_eq!(names[0], "x-graphql-type-name");
    assert!(is_deprecated("x-graphql-type"));
    assert_eq!(
        replaced_by("x-graphql-type"),
        vec!["x-graphql-type-name", "x-graphql-type-kind"]
    );
    assert!(!is_deprecated("x-graphql-type-name"));
    for other in ["x-graphql-nope", "constructor", "graphqlName", "directive"] {
        assert!(!is_attribute(other));
        assert_eq!(scope_of(other), None);
        assert_eq!(priority_of(other), None);
        assert_eq!(check_attribute(other, &Value::from(1), "/x"), Vec::new());
    }
}

#[test]
fn catalog_patterns_are_in_the_supported_subset() {
    fn walk(v: &Value) {
        match v {
            Value::Object(map) => {
                if let Some(p) = map.get("pattern").and_then(Value::as_str) {
                    assert!(pattern_supported(p), "pattern {p}");
                }
                for (k, child) in map {
                    if k != "examples" && k != "enum" {
                        walk(child);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(walk),
            _ => {}
        }
    }
    walk(catalog_schema());
}

#[test]
fn pattern_matcher() {
    let name = "^[_A-Za-z][_0-9A-Za-z]*$";
    assert!(pattern_matches(name, "_a9"));
    assert!(pattern_matches(name, "Z"));
    assert!(!pattern_matches(name, ""));
    assert!(!pattern_matches(name, "9a"));
    assert!(!pattern_matches(name, "a-b"));
    assert!(!pattern_matches(name, "é"));
    assert!(pattern_matches("b+c?$", "aabbb"));
    assert!(pattern_matches("^a.c", "abcd"));
    assert!(!pattern_matches("^a[^b]c$", "abc"));
    assert!(pattern_matches("^a[^b]c$", "a😀c"));
    assert!(!pattern_supported("^(a|b)$"));
    assert!(!pattern_supported("^\\d+$"));
}

#[test]
fn levenshtein_counts_code_points() {
    assert_eq!(levenshtein("", ""), 0);
    assert_eq!(levenshtein("abc", ""), 3);
    assert_eq!(levenshtein("kitten", "sitting"), 3);
    assert_eq!(levenshtein("a😀b", "ab"), 1);
}
