//! The bundle cases of fixtures/bundle (record 0090; fixtures/bundle/README.md), also run
//! by js/test/bundle.test.ts: several inputs of one case folder converted into one
//! output, which must be the expected bytes (or the expected error, with its code, file,
//! pointer, line, column and message), whichever order the inputs are given in.

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::{BundleInput, Conversion, ConversionDirection, ConversionError};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join("bundle")
}

fn read_if(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn convert(dir: &Path, inputs: &[String], options: &Value) -> Result<Conversion, ConversionError> {
    let bundle: Vec<BundleInput> = inputs
        .iter()
        .map(|p| BundleInput { path: p.clone(), text: std::fs::read_to_string(dir.join(p)).expect("input") })
        .collect();
    let sdl = inputs.iter().all(|p| p.ends_with(".graphql") || p.ends_with(".gql"));
    let mut options: ConverterOptions = serde_json::from_value(options.clone()).expect("options");
    options.base_dir = Some(dir.to_string_lossy().into_owned());
    let converter = Converter::with_options(options)?;
    let direction =
        if sdl { ConversionDirection::GraphQLToJsonSchema } else { ConversionDirection::JsonSchemaToGraphQL };
    converter.convert_bundle(&bundle, direction)
}

fn seen(e: &ConversionError) -> Value {
    let mut m = Map::new();
    m.insert("code".into(), json!(e.code().as_str()));
    m.insert("file".into(), json!(e.file()));
    m.insert("message".into(), json!(e.message()));
    if let Some(p) = e.pointer() {
        m.insert("pointer".into(), json!(p));
    }
    if let Some(l) = e.line() {
        m.insert("line".into(), json!(l));
    }
    if let Some(c) = e.column() {
        m.insert("column".into(), json!(c));
    }
    Value::Object(m)
}

#[test]
fn bundle_fixtures() {
    let mut names: Vec<String> = std::fs::read_dir(cases_dir())
        .expect("fixtures/bundle")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.len() > 4 && n.as_bytes()[..3].iter().all(u8::is_ascii_digit) && n.as_bytes()[3] == b'-')
        .collect();
    names.sort();
    assert!(names.len() >= 11, "the cases are there");
    let mut failures = Vec::new();
    for name in &names {
        let dir = cases_dir().join(name);
        let spec: Value = serde_json::from_str(&read_if(&dir.join("bundle.json")).expect("bundle.json")).expect("json");
        let inputs: Vec<String> =
            spec["inputs"].as_array().expect("inputs").iter().map(|v| v.as_str().expect("path").to_string()).collect();
        let expected = read_if(&dir.join("expected.graphql")).or_else(|| read_if(&dir.join("expected.json")));
        let error: Option<Value> = read_if(&dir.join("expected-error.json")).map(|t| serde_json::from_str(&t).expect("json"));
        let mut reversed = inputs.clone();
        reversed.reverse();
        for order in [&inputs, &reversed] {
            let options = spec.get("options").cloned().unwrap_or_else(|| json!({}));
            match (convert(&dir, order, &options), &error, &expected) {
                (Ok(got), None, Some(want)) if got.output == *want => {}
                (Err(e), Some(want), _) if seen(&e) == *want => {}
                (Ok(got), _, _) => failures.push(format!("{name}: got output\n{}", got.output)),
                (Err(e), _, _) => failures.push(format!("{name}: got error {}", seen(&e))),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn examples_bundle_into_one_schema_that_reads_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("examples");
    let mut files = Vec::new();
    let mut stack = vec![String::new()];
    while let Some(rel) = stack.pop() {
        for e in std::fs::read_dir(root.join(&rel)).expect("examples").flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let r = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(r);
            } else if name.ends_with(".json") {
                files.push(r);
            }
        }
    }
    let bundle: Vec<BundleInput> = files
        .iter()
        .map(|p| BundleInput { path: p.clone(), text: std::fs::read_to_string(root.join(p)).expect("example") })
        .collect();
    let options = ConverterOptions { base_dir: Some(root.to_string_lossy().into_owned()), ..Default::default() };
    let converter = Converter::with_options(options).expect("options");
    let sdl = converter.convert_bundle(&bundle, ConversionDirection::JsonSchemaToGraphQL).expect("examples/ bundles").output;
    // Read back through apollo-compiler's validation (and the graphql-js rules it lacks).
    converter.convert_output(&sdl, ConversionDirection::GraphQLToJsonSchema).expect("the bundle is one valid schema");
}

#[test]
fn the_library_takes_a_bundle() {
    let dir = cases_dir().join("420-shared-file-ref");
    let text = |p: &str| std::fs::read_to_string(dir.join(p)).expect("input");
    let expected = text("expected.graphql");
    let options = ConverterOptions { base_dir: Some(dir.to_string_lossy().into_owned()), ..Default::default() };
    let converter = Converter::with_options(options).expect("options");
    // A path given twice is read once, the first text.
    let inputs = [
        BundleInput { path: "order.json".into(), text: text("order.json") },
        BundleInput { path: "customer.json".into(), text: text("customer.json") },
        BundleInput { path: "order.json".into(), text: "{ \"not\": \"read\" }".into() },
    ];
    let got = converter.convert_bundle(&inputs, ConversionDirection::JsonSchemaToGraphQL).expect("bundle");
    assert_eq!(got.output, expected);
    let plain = x_graphql::__private::json_schema_bundle_to_sdl(&inputs, &Default::default());
    assert!(plain.is_err(), "without a base folder the file ref cannot be read");
    // No input, or an input without a path: INVALID_OPTION.
    for direction in [ConversionDirection::JsonSchemaToGraphQL, ConversionDirection::GraphQLToJsonSchema] {
        let e = converter.convert_bundle(&[], direction).expect_err("no input");
        assert_eq!(e.code().as_str(), "INVALID_OPTION");
    }
    let nameless = [BundleInput { path: String::new(), text: "{}".into() }];
    let e = converter.convert_bundle(&nameless, ConversionDirection::JsonSchemaToGraphQL).expect_err("no path");
    assert_eq!(e.code().as_str(), "INVALID_OPTION");
}
