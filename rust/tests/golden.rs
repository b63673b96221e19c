//! The golden cases of fixtures/json-to-graphql (also run by
//! js/test/golden.test.ts): the converter's output must be the expected bytes
//! (or the expected error, with its code and pointer), and the warnings the
//! codes and pointers of expected-warnings.json (none when it is absent).
//! Every case runs; the test fails at the end with one entry per mismatch.

use std::path::{Path, PathBuf};

use serde_json::Value;
use x_graphql::__private::locate_diagnostics;
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::{Conversion, ConversionDirection, ConversionError, Diagnostic};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join("json-to-graphql")
}

fn read_if(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn parse(text: &str, what: &Path) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{} is not JSON: {e}", what.display()))
}

/// `{code, pointer?}` of an expected error or warning.
fn code_and_pointer(v: &Value) -> (String, Option<String>) {
    (
        v.get("code").and_then(Value::as_str).unwrap_or("").to_string(),
        v.get("pointer").and_then(Value::as_str).map(str::to_string),
    )
}

fn show(cp: &(String, Option<String>)) -> String {
    match &cp.1 {
        Some(p) => format!("{} at {p:?}", cp.0),
        None => cp.0.clone(),
    }
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

fn convert(dir: &Path, input: &str) -> Result<Result<Conversion, ConversionError>, String> {
    let options_path = dir.join("options.json");
    let mut options = match read_if(&options_path) {
        Some(text) => parse(&text, &options_path)?,
        None => Value::Object(serde_json::Map::new()),
    };
    // `{ ...options, baseDir: dir }`
    if let Value::Object(map) = &mut options {
        map.insert("baseDir".to_string(), Value::String(dir.to_string_lossy().into_owned()));
    }
    let converter = ConverterOptions::from_json(&options).and_then(Converter::with_options);
    Ok(converter.and_then(|c| c.convert_output(input, ConversionDirection::JsonSchemaToGraphQL)))
}

/// The problems of one case (empty when it passes).
fn check_case(dir: &Path) -> Result<Vec<String>, String> {
    let input_path = dir.join("input.json");
    let input = read_if(&input_path).ok_or_else(|| format!("cannot read {}", input_path.display()))?;
    let expected = read_if(&dir.join("expected.graphql"));
    let expected_error = match read_if(&dir.join("expected-error.json")) {
        Some(text) => Some(code_and_pointer(&parse(&text, &dir.join("expected-error.json"))?)),
        None => None,
    };
    let expected_warnings = match read_if(&dir.join("expected-warnings.json")) {
        Some(text) => {
            let list = parse(&text, &dir.join("expected-warnings.json"))?;
            Some(list.as_array().map(|l| l.iter().map(code_and_pointer).collect::<Vec<_>>()).unwrap_or_default())
        }
        None => None,
    };
    let mut problems = Vec::new();
    match convert(dir, &input)? {
        Err(e) => {
            let got = (e.code().to_string(), e.pointer().map(str::to_string));
            match &expected_error {
                None => problems.push(format!("unexpected error {}: {}", show(&got), e.message())),
                Some(want) if *want != got => {
                    problems.push(format!("error {} ({}), expected {}", show(&got), e.message(), show(want)))
                }
                Some(_) => {}
            }
        }
        Ok(result) => {
            if let Some(want) = &expected_error {
                problems.push(format!("expected the error {}, got output", show(want)));
            }
            match &expected {
                Some(want) if *want != result.output => problems.push(format!("output differs\n{}", line_diff(want, &result.output))),
                None if expected_error.is_none() => problems.push("no expected.graphql".to_string()),
                _ => {}
            }
            // No expected-warnings.json means no warnings.
            let want = expected_warnings.unwrap_or_default();
            let got: Vec<(String, Option<String>)> =
                result.warnings.iter().map(|w| (w.code().to_string(), w.pointer().map(str::to_string))).collect();
            if want != got {
                let list = |l: &[(String, Option<String>)]| l.iter().map(show).collect::<Vec<_>>().join(", ");
                problems.push(format!("warnings [{}], expected [{}]", list(&got), list(&want)));
            }
        }
    }
    Ok(problems)
}

/// An input given to the converter (`convert_given`, the CLI's large files) gives the
/// same output, and its warnings, located afterwards by `locate_diagnostics` in the
/// same text, the same lines and columns as when it is lent.
#[test]
fn a_given_input_is_converted_and_located_as_a_lent_one() {
    let mut checked = 0;
    for dir in case_dirs() {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let Some(input) = read_if(&dir.join("input.json")) else { continue };
        let options = read_if(&dir.join("options.json")).map_or(Value::Object(serde_json::Map::new()), |t| {
            serde_json::from_str(&t).unwrap_or_else(|e| panic!("{name}: options.json: {e}"))
        });
        let mut options = options;
        if let Value::Object(map) = &mut options {
            map.insert("baseDir".to_string(), Value::String(dir.to_string_lossy().into_owned()));
            map.insert("fileName".to_string(), Value::String("input.json".to_string()));
        }
        let Ok(converter) = ConverterOptions::from_json(&options).and_then(Converter::with_options) else { continue };
        let lent = converter.convert_output(&input, ConversionDirection::JsonSchemaToGraphQL);
        let given = converter.convert_output_given(input.clone(), ConversionDirection::JsonSchemaToGraphQL);
        let locate = |list: Vec<Diagnostic>| locate_diagnostics(&input, Some("input.json"), list);
        match (lent, given) {
            (Ok(lent), Ok(mut given)) => {
                assert_eq!(given.output, lent.output, "{name}: output");
                given.warnings = locate(given.warnings);
                assert_eq!(given.warnings, lent.warnings, "{name}: warnings");
            }
            (Err(lent), Err(given)) => {
                assert_eq!(locate(vec![given.to_diagnostic()]), vec![lent.to_diagnostic()], "{name}: error");
            }
            (lent, given) => panic!("{name}: lent {:?}, given {:?}", lent.map(|_| ()), given.map(|_| ())),
        }
        checked += 1;
    }
    assert!(checked > 150, "only {checked} cases");
}

fn case_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs
}

#[test]
fn json_to_graphql_golden_cases() {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    dirs.sort();
    assert!(!dirs.is_empty(), "no cases in {}", cases_dir().display());
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match check_case(dir) {
            Ok(problems) if problems.is_empty() => {}
            Ok(problems) => failures.push(format!("{name}:\n  {}", problems.join("\n  "))),
            Err(e) => failures.push(format!("{name}:\n  {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden cases fail:\n{}",
        failures.len(),
        dirs.len(),
        failures.join("\n")
    );
    eprintln!("{} golden cases pass", dirs.len());
}

/// A chain of `count` definitions, each an array (`nest` levels deep) of the next.
fn alias_chain(count: usize, nest: usize) -> String {
    let mut defs = Vec::new();
    for i in 0..count {
        let open = r#"{"type":"array","items":"#.repeat(nest);
        defs.push(format!(r##""D{i}":{open}{{"$ref":"#/definitions/D{}"}}{}"##, i + 1, "}".repeat(nest)));
    }
    defs.push(format!(r#""D{count}":{{"type":"string"}}"#));
    format!(r##"{{"properties":{{"a":{{"$ref":"#/definitions/D0"}}}},"definitions":{{{}}}}}"##, defs.join(","))
}

/// Lowering recurses along alias chains; both implementations stop at the same
/// depth (MAX_TYPE_DEPTH, 1,000 nested type_of calls; 128 lists, record 0032)
/// with TOO_DEEP, never a crash.
/// js/test/deep.test.ts holds the same cases.
#[test]
fn deep_alias_chains_convert_or_fail_cleanly() {
    let converter = Converter::new();
    // 128 lists is the list limit of record 0032; a chain of 900 plain aliases is followed without recursion.
    let sdl = converter.convert(&alias_chain(128, 1), ConversionDirection::JsonSchemaToGraphQL);
    assert_eq!(sdl.ok(), Some(format!("type Root {{\n  a: {}String{}\n}}\n", "[".repeat(128), "]".repeat(128))));
    let sdl = converter.convert(&alias_chain(2, 64), ConversionDirection::JsonSchemaToGraphQL);
    assert!(sdl.is_ok(), "{sdl:?}");
    let sdl = converter.convert(&alias_chain(900, 0), ConversionDirection::JsonSchemaToGraphQL);
    assert_eq!(sdl.ok().as_deref(), Some("type Root {\n  a: String\n}\n"));
    for (count, nest) in [(129, 1), (12_000, 1), (60, 450)] {
        let err = converter.convert(&alias_chain(count, nest), ConversionDirection::JsonSchemaToGraphQL);
        assert_eq!(err.map_err(|e| e.code().as_str()), Err("TOO_DEEP"), "{count} x {nest}");
    }
}
