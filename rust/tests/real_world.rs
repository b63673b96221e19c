//! The real-world JSON Schema corpus (parity/real-world.json, docs/real-world.md):
//! every document that converts gives SDL that apollo-compiler accepts. The
//! TypeScript twin (parity/real-world.test.ts) compares the two CLIs byte for
//! byte, checks graphql-js, and measures the coverage. The documents come from
//! npm devDependencies: without node_modules nothing is checked.

mod common;

use common::{apollo_compiler_problems, root};
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::ConversionDirection;

/// An OpenAPI document's `components.schemas` as the `definitions` of a schema,
/// refs to `#/components/schemas/` rewritten (parity/real-world.ts `inputPath`).
fn openapi_components(text: &str) -> String {
    fn rewrite(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Array(items) => items.iter_mut().for_each(rewrite),
            serde_json::Value::Object(map) => {
                for (key, v) in map.iter_mut() {
                    match v {
                        serde_json::Value::String(s) if key == "$ref" => {
                            if let Some(rest) = s.strip_prefix("#/components/schemas/") {
                                *s = format!("#/definitions/{rest}");
                            }
                        }
                        _ => rewrite(v),
                    }
                }
            }
            _ => {}
        }
    }
    let mut api: serde_json::Value = serde_json::from_str(text).expect("an OpenAPI document");
    let draft = if api["openapi"].as_str().unwrap_or("").starts_with("3.1") {
        "https://json-schema.org/draft/2020-12/schema"
    } else {
        "http://json-schema.org/draft-04/schema#"
    };
    let mut schemas = api["components"]["schemas"].take();
    rewrite(&mut schemas);
    serde_json::json!({ "$schema": draft, "definitions": schemas }).to_string()
}

#[test]
fn real_world_json_schemas_give_valid_sdl_for_apollo_compiler() {
    check_corpus(None);
}

/// Record 0085: the other modes of `mixedUnions` give valid SDL too.
#[test]
fn real_world_json_schemas_under_mixed_unions_types_and_wrap_give_valid_sdl() {
    check_corpus(Some("types"));
    check_corpus(Some("wrap"));
}

/// Converts every corpus document (with `mixedUnions` set to `mode`, if any) and checks
/// its SDL with apollo-compiler.
fn check_corpus(mode: Option<&str>) {
    let modules = root().join("node_modules");
    if !modules.join("vega-lite").is_dir() {
        println!("note: no node_modules/vega-lite (npm install): the real-world JSON Schemas are not checked");
        return;
    }
    let corpus: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("parity").join("real-world.json")).expect("parity/real-world.json"),
    )
    .expect("parity/real-world.json is JSON");
    let mut failures = Vec::new();
    let mut checked = 0;
    for doc in corpus["documents"].as_array().expect("documents") {
        let name = doc["name"].as_str().unwrap_or_default();
        let name = match mode {
            Some(m) => format!("{name} (--mixed-unions {m})"),
            None => name.to_string(),
        };
        let file = modules.join(doc["package"].as_str().unwrap_or_default()).join(doc["file"].as_str().unwrap_or_default());
        let Ok(mut text) = std::fs::read_to_string(&file) else {
            failures.push(format!("{name}: cannot read {}", file.display()));
            continue;
        };
        if doc["openapi"] == serde_json::Value::Bool(true) {
            text = openapi_components(&text);
        }
        let mut options = ConverterOptions {
            base_dir: file.parent().map(|p| p.to_string_lossy().into_owned()),
            file_name: file.file_name().map(|n| n.to_string_lossy().into_owned()),
            mixed_unions: mode.map(str::to_string),
            ..ConverterOptions::default()
        };
        for arg in doc["args"].as_array().into_iter().flatten().filter_map(|a| a.as_str()).collect::<Vec<_>>().chunks(2) {
            apply_flag(&mut options, arg);
        }
        let t0 = std::time::Instant::now();
        let result = Converter::with_options(options).and_then(|c| c.convert(&text, ConversionDirection::JsonSchemaToGraphQL));
        let ms = t0.elapsed().as_millis();
        match (result, doc["code"].as_str()) {
            (Err(e), Some(code)) if e.code() == code => continue,
            (Err(e), _) => failures.push(format!("{name}: {} {}", e.code(), e.message())),
            (Ok(_), Some(code)) => failures.push(format!("{name}: converts, but the corpus expects {code} (update parity/real-world.json)")),
            (Ok(sdl), None) => {
                checked += 1;
                let problems = apollo_compiler_problems(&sdl, None, "output.graphql");
                if problems.is_empty() {
                    println!("{name}: {} KiB of SDL in {ms} ms (library, debug build)", sdl.len() / 1024);
                } else {
                    failures.push(format!("{name}: {}", problems.join("; ")));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of the real-world JSON Schemas fail:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 0);
}

/// A corpus document's CLI flags, as converter options.
fn apply_flag(options: &mut ConverterOptions, flag: &[&str]) {
    match flag {
        ["--unresolved-refs", mode] => options.unresolved_refs = Some((*mode).to_string()),
        ["--mixed-unions", mode] => options.mixed_unions = Some((*mode).to_string()),
        _ => panic!("parity/real-world.json: flag {flag:?} has no option mapping in rust/tests/real_world.rs"),
    }
}
