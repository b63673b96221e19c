//! Introspection (record 0091), as js/test/introspection.test.ts checks it
//! (which also compares with graphql-js, the oracle):
//!
//! - the goldens fixtures/graphql-to-json/NNN/introspection.json both ways:
//!   introspect(input.graphql) gives it, and converting it gives expected.json
//!   (or expected-from-introspection.json);
//! - round trip: introspection -> SDL -> introspection is the same bytes over the
//!   SDL fixtures;
//! - the literal parser of default values.

use std::path::{Path, PathBuf};

use x_graphql::introspect;
use x_graphql::__private::parse_literal;
use x_graphql::sdl_from_introspection;
use x_graphql::__private::json_print::print_json;
use x_graphql::__private::load::load_json;
use x_graphql::__private::ConverterOptions;
use x_graphql::__private::Converter;
use x_graphql::ConversionDirection;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures")
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn sdl_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sdl_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "graphql") {
            out.push(p);
        }
    }
}

#[test]
fn goldens_both_ways() {
    let root = fixtures().join("graphql-to-json");
    let mut dirs: Vec<_> = std::fs::read_dir(&root).unwrap().flatten().map(|e| e.path()).collect();
    dirs.sort();
    let mut failures = Vec::new();
    let mut n = 0;
    for dir in dirs.iter().filter(|d| d.join("introspection.json").exists()) {
        n += 1;
        let given = load_json(&read(&dir.join("introspection.json")), None).unwrap();
        let schema = given.pointer("/data/__schema").or_else(|| given.pointer("/__schema")).unwrap().clone();
        let mut wrapped = x_graphql::__private::json::Map::new();
        wrapped.insert("__schema", schema);
        let expected = print_json(&x_graphql::__private::json::Value::Object(wrapped));
        match introspect(&read(&dir.join("input.graphql")), None) {
            Ok(out) if out == expected => {}
            other => failures.push(format!("{}: introspect: {:?}", dir.display(), other.map(|o| o.len()))),
        }
        let expected = match dir.join("expected-from-introspection.json") {
            p if p.exists() => read(&p),
            _ => read(&dir.join("expected.json")),
        };
        let converter = Converter::with_options(ConverterOptions::default()).unwrap();
        match converter.convert(&read(&dir.join("introspection.json")), ConversionDirection::GraphQLToJsonSchema) {
            Ok(out) if out == expected => {}
            other => failures.push(format!("{}: convert: {:?}", dir.display(), other.map(|o| o.len()))),
        }
    }
    assert!(n >= 5, "goldens: {n}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn round_trip() {
    let mut files = Vec::new();
    sdl_files(&fixtures(), &mut files);
    let mut failures = Vec::new();
    let mut n = 0;
    for f in files {
        let Ok(a) = introspect(&read(&f), None) else { continue };
        // As in the TypeScript test: lists deeper than 9 levels are cut, a document's
        // own @oneOf is a specified directive's name, a self-filling default grows.
        let compact: String = a.split_whitespace().collect();
        let cut = compact.contains("\"name\":null,\"kind\":\"LIST\"}") || compact.contains("\"name\":null,\"kind\":\"NON_NULL\"}");
        let own_one_of = compact.contains("\"name\":\"oneOf\",\"description\":null");
        if cut || own_one_of || f.to_string_lossy().contains("default-of-its-own-type") {
            continue;
        }
        n += 1;
        let sdl = match sdl_from_introspection(&a, None) {
            Ok(sdl) => sdl,
            Err(e) => {
                failures.push(format!("{}: {e:?}", f.display()));
                continue;
            }
        };
        let b = if sdl.is_empty() { a.clone() } else { introspect(&sdl, None).unwrap_or_default() };
        if a != b {
            failures.push(format!("{}: differs", f.display()));
        }
    }
    assert!(n > 250, "round trips: {n}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn literals() {
    let ok = |text: &str| x_graphql::__private::json_print::print_json_compact(&parse_literal(text).unwrap());
    assert_eq!(ok("{a: [1, 2.5e1], b: \"x\\u00e9\\n\", c: RED, d: null, e: true}"), r#"{"a":[1,25],"b":"xé\n","c":{"x-graphql-enum":"RED"},"d":null,"e":true}"#);
    assert_eq!(ok("\"\\uD83D\\uDE00\""), "\"\u{1F600}\"");
    let err = |text: &str| parse_literal(text).unwrap_err();
    assert_eq!(err("$x"), "a variable is not a constant value");
    assert_eq!(err("1."), "unexpected end of the value");
    assert_eq!(err("1a"), "unexpected character \"a\"");
    assert_eq!(err("{a: 1, a: 2}"), "field \"a\" is given twice");
    assert_eq!(err("\"\"\"x\"\"\""), "block strings are not read in a default value");
    assert_eq!(err("\"\\q\""), "invalid escape sequence");
    assert_eq!(err("1e999"), "the number 1e999 is beyond the range of a JSON number (IEEE double)");
    assert_eq!(err("[1"), "unexpected end of the value");
}
