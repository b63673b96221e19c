//! schemas/x-graphql.config.schema.json has every option the Rust library accepts
//! from a config file (record 0088; the TypeScript twin is js/test/config-schema.test.ts).

use x_graphql::__private::{Converter, ConverterOptions};

const NOT_IN_CONFIG: [&str; 3] = ["baseDir", "inputDir", "fileName"];

fn schema() -> serde_json::Value {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/schemas/x-graphql.config.schema.json");
    serde_json::from_str(&std::fs::read_to_string(file).expect("the config schema")).expect("JSON")
}

fn accepts(name: &str, value: serde_json::Value) -> bool {
    let mut map = serde_json::Map::new();
    map.insert(name.to_string(), value);
    ConverterOptions::from_json(&serde_json::Value::Object(map)).and_then(Converter::with_options).is_ok()
}

#[test]
fn every_option_of_the_library_is_in_the_config_schema() {
    let schema = schema();
    let properties = schema["properties"].as_object().expect("properties");
    let mut options: Vec<&str> =
        x_graphql::__private::option_names().iter().copied().filter(|n| !NOT_IN_CONFIG.contains(n)).collect();
    options.push("$schema");
    let mut keys: Vec<&str> = properties.keys().map(String::as_str).collect();
    options.sort_unstable();
    keys.sort_unstable();
    assert_eq!(keys, options);
    assert_eq!(schema["additionalProperties"], serde_json::Value::Bool(false));
    for (name, p) in properties {
        assert!(p["description"].as_str().is_some_and(|d| !d.trim().is_empty()), "{name}");
        if let Some(values) = p["enum"].as_array() {
            for v in values {
                assert!(accepts(name, v.clone()), "{name} {v}");
            }
            assert!(!accepts(name, serde_json::json!("not-one-of-them")), "{name}");
        }
        match p["type"].as_str() {
            Some("boolean") => assert!(!accepts(name, serde_json::json!(1)), "{name}"),
            Some("integer") => assert!(!accepts(name, serde_json::json!(-1)), "{name}"),
            _ => {}
        }
    }
}
