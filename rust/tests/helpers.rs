//! The determinism helpers against the shared vectors in
//! fixtures/helpers/{text,naming}.json (also run by js/test/helpers.test.ts),
//! plus properties of the naming functions.

use proptest::prelude::*;
use serde_json::{json, Value};
use x_graphql::__private::naming::{
    is_valid_name, is_verbatim_enum_value, split_words, to_enum_value_name, to_field_name, to_type_name, NameRegistry,
};
use x_graphql::__private::text::{
    ascii_lower, ascii_upper, code_point_length, fnv1a32, format_number, is_block_string_safe,
    print_block_string, print_description, print_string,
};

fn load(name: &str) -> serde_json::Map<String, Value> {
    let path = format!("{}/../fixtures/helpers/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match serde_json::from_str(&text) {
        Ok(Value::Object(map)) => map,
        other => panic!("{path}: not a JSON object: {other:?}"),
    }
}

fn s(v: &Value) -> &str {
    v.as_str()
        .unwrap_or_else(|| panic!("expected a string, got {v}"))
}

fn field<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key)
        .unwrap_or_else(|| panic!("missing {key:?} in {v}"))
}

fn run_text(name: &str, input: &Value) -> Value {
    match name {
        "codePointLength" => json!(code_point_length(s(input))),
        "asciiLower" => json!(ascii_lower(s(input))),
        "asciiUpper" => json!(ascii_upper(s(input))),
        "printString" => json!(print_string(s(input))),
        "isBlockStringSafe" => json!(is_block_string_safe(s(input))),
        "printBlockString" => json!(print_block_string(
            s(field(input, "text")),
            s(field(input, "indent"))
        )),
        "printDescription" => {
            let threshold = field(input, "threshold").as_u64().expect("threshold");
            json!(print_description(
                s(field(input, "text")),
                s(field(input, "indent")),
                usize::try_from(threshold).expect("threshold fits usize")
            ))
        }
        "formatNumber" => json!(format_number(input.as_f64().expect("number"))),
        "fnv1a32" => json!(fnv1a32(s(input))),
        other => panic!("no Rust function for text vector {other:?}"),
    }
}

fn run_naming(name: &str, input: &Value) -> Value {
    match name {
        "isValidName" => json!(is_valid_name(s(input))),
        "splitWords" => json!(split_words(s(input))),
        "toTypeName" => json!(to_type_name(s(input))),
        "toFieldName" => json!(to_field_name(s(input))),
        "toEnumValueName" => json!(to_enum_value_name(s(input))),
        "NameRegistry" => {
            let reserved: Vec<String> = field(input, "reserved")
                .as_array()
                .expect("reserved")
                .iter()
                .map(|v| s(v).to_string())
                .collect();
            let mut registry = NameRegistry::new(reserved);
            let results: Vec<Value> = field(input, "ops")
                .as_array()
                .expect("ops")
                .iter()
                .map(|op| match (s(&op[0]), s(&op[1])) {
                    ("has", n) => json!(registry.has(n)),
                    ("reserve", n) => json!(registry.reserve(n)),
                    ("claim", n) => json!(registry.claim(n.into())),
                    (other, _) => panic!("unknown registry op {other:?}"),
                })
                .collect();
            Value::Array(results)
        }
        other => panic!("no Rust function for naming vector {other:?}"),
    }
}

fn check(file: &str, run: fn(&str, &Value) -> Value) {
    let vectors = load(file);
    let mut failures = Vec::new();
    for (name, pairs) in &vectors {
        let pairs = pairs.as_array().expect("an array of pairs");
        assert!(pairs.len() >= 15, "{file} {name}: fewer than 15 pairs");
        for pair in pairs {
            let (input, expected) = (field(pair, "in"), field(pair, "out"));
            let got = run(name, input);
            // Compare numbers by value: serde_json keeps 5 and 5.0 apart.
            let same = match (got.as_f64(), expected.as_f64()) {
                (Some(a), Some(b)) => a == b,
                _ => got == *expected,
            };
            if !same {
                failures.push(format!("{name}({input}): expected {expected}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{file}:\n{}", failures.join("\n"));
}

#[test]
fn text_vectors() {
    check("text.json", run_text);
}

#[test]
fn naming_vectors() {
    check("naming.json", run_naming);
}

/// Letters of both cases, digits, separators and non-ASCII, so that every word
/// boundary rule and every prefix rule gets exercised.
fn nameish() -> impl Strategy<Value = String> {
    prop_oneof![
        "[abZQxID07_ .\u{e9}\u{1F600}\u{301}-]{0,24}",
        any::<String>(),
        "\\PC{0,16}",
    ]
}

fn is_letter_led_alnum(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn type_names_are_valid_and_idempotent(input in nameish()) {
        let t = to_type_name(&input);
        prop_assert!(is_letter_led_alnum(&t) && is_valid_name(&t), "{t:?}");
        prop_assert_eq!(to_type_name(&t), t);
    }

    #[test]
    fn field_names_are_valid_and_idempotent(input in nameish()) {
        let f = to_field_name(&input);
        prop_assert!(is_letter_led_alnum(&f) && is_valid_name(&f), "{f:?}");
        prop_assert!(f.starts_with(|c: char| c.is_ascii_lowercase()), "{f:?}");
        prop_assert_eq!(to_field_name(&f), f);
    }

    #[test]
    fn enum_value_names_are_valid_and_idempotent(input in nameish()) {
        let v = to_enum_value_name(&input);
        prop_assert!(is_valid_name(&v), "{v:?}");
        prop_assert!(!matches!(v.as_str(), "true" | "false" | "null"));
        prop_assert_eq!(to_enum_value_name(&v), v);
    }

    /// lower.rs reserves the values kept verbatim with this test instead of building each name.
    #[test]
    fn verbatim_enum_values_are_those_named_as_written(input in nameish()) {
        prop_assert_eq!(is_verbatim_enum_value(&input), to_enum_value_name(&input) == input, "{:?}", input);
    }

    #[test]
    fn format_number_is_total(bits in any::<u64>()) {
        // No panic on any double, and a finite one never prints NaN/Infinity.
        let x = f64::from_bits(bits);
        let out = format_number(x);
        prop_assert!(!x.is_finite() || out.parse::<f64>().is_ok_and(|y| y == x || (x == 0.0 && y == 0.0)), "{x:e} -> {out}");
    }
}
