//! The load stage against the shared vectors in fixtures/helpers/load.json
//! (the same file js/test/load.test.ts reads).

use serde_json::Value;
use x_graphql::__private::codes;
use x_graphql::__private::load::{load_json, pointer_join, position_at, MAX_DEPTH};
use x_graphql::__private::locate::locate;

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/helpers/load.json");
    let text = std::fs::read_to_string(path).expect("fixtures/helpers/load.json");
    serde_json::from_str(&text).expect("the vectors are JSON")
}

fn cases<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("vectors have {key}"))
}

/// `in`, or the concatenation of `parts` ([string, count] pairs).
fn text_of(c: &Value) -> String {
    if let Some(s) = c["in"].as_str() {
        return s.to_string();
    }
    c["parts"]
        .as_array()
        .expect("in or parts")
        .iter()
        .map(|p| {
            p[0].as_str()
                .unwrap()
                .repeat(p[1].as_u64().unwrap() as usize)
        })
        .collect()
}

fn name(c: &Value) -> String {
    c["name"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| c["in"].to_string())
}

/// Integers as f64, as the loader reads every number.
fn as_f64_numbers(v: &Value) -> Value {
    match v {
        Value::Number(n) => Value::from(n.as_f64().unwrap()),
        Value::Array(a) => Value::Array(a.iter().map(as_f64_numbers).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (k.clone(), as_f64_numbers(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn depth_of(v: &x_graphql::__private::json::Value) -> usize {
    use x_graphql::__private::json::Value;
    let mut depth = 0;
    let mut cur = Some(v);
    while let Some(v) = cur {
        cur = match v {
            Value::Array(a) => a.first(),
            Value::Object(o) => o.values().next(),
            _ => break,
        };
        depth += 1;
    }
    depth
}

#[test]
fn error_vectors() {
    let v = vectors();
    let errors = cases(&v, "errors");
    assert!(errors.len() >= 30);
    let mut failures = Vec::new();
    for c in errors {
        let got = load_json(&text_of(c), Some("input.json"));
        let expected = (
            "JSON_SYNTAX",
            c["message"].as_str().unwrap().to_string(),
            c["line"].as_u64().map(|n| n as usize),
            c["column"].as_u64().map(|n| n as usize),
            Some("input.json".to_string()),
        );
        match got {
            Err(e) if e.pointer().is_none() => {
                let actual = (e.code().as_str(), e.message().to_string(), e.line(), e.column(), e.file().map(str::to_string));
                if actual != expected {
                    failures.push(format!(
                        "{}: got {actual:?}, expected {expected:?}",
                        name(c)
                    ));
                }
            }
            other => failures.push(format!("{}: got {other:?}", name(c))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn valid_vectors() {
    let v = vectors();
    for c in cases(&v, "valid") {
        let got = load_json(&text_of(c), None).unwrap_or_else(|e| panic!("{}: {e:?}", name(c)));
        if let Some(value) = c.get("value") {
            assert_eq!(got.to_serde(), as_f64_numbers(value), "{}", name(c));
        }
        if let Some(d) = c["depth"].as_u64() {
            assert_eq!(depth_of(&got), d as usize, "{}", name(c));
        }
    }
}

#[test]
fn order_vectors() {
    let v = vectors();
    for c in cases(&v, "order") {
        let got = load_json(c["in"].as_str().unwrap(), None).unwrap();
        let obj = got
            .pointer(c["at"].as_str().unwrap_or(""))
            .and_then(x_graphql::__private::json::Value::as_object)
            .expect("an object");
        let keys: Vec<&str> = obj.keys().map(|k| k.as_str()).collect();
        let expected: Vec<&str> = c["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k.as_str().unwrap())
            .collect();
        assert_eq!(keys, expected, "{}", name(c));
        if let Some(value) = c.get("value") {
            assert_eq!(got.to_serde(), as_f64_numbers(value), "{}", name(c));
        }
    }
}

#[test]
fn number_vectors() {
    let v = vectors();
    for c in cases(&v, "numbers") {
        let text = c["in"].as_str().unwrap();
        let got = load_json(text, None).unwrap();
        let n = got
            .pointer(c["at"].as_str().unwrap_or(""))
            .expect("the number");
        assert!(n.is_number(), "{text}: every number is an f64, got {n:?}");
        let expected: f64 = c["value"].as_str().unwrap().parse().unwrap();
        assert_eq!(n.as_f64().unwrap().to_bits(), expected.to_bits(), "{text}");
    }
}

#[test]
fn locate_vectors() {
    let v = vectors();
    for c in cases(&v, "locate") {
        let text = c["in"].as_str().unwrap();
        let pointer = c["pointer"].as_str().unwrap();
        let expected = c["line"]
            .as_u64()
            .map(|l| (l as usize, c["column"].as_u64().unwrap() as usize));
        assert_eq!(locate(text, pointer), expected, "{pointer:?} in {text:?}");
    }
}

fn run_with_small_stack<F: FnOnce() + Send + 'static>(f: F) {
    // 256 KiB: far less than the main thread's, so any recursion would show
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    run_with_small_stack(|| {
        for text in [
            "[".repeat(100_000),
            "[".repeat(100_000) + &"]".repeat(100_000),
            "{\"a\":".repeat(100_000),
        ] {
            let e = load_json(&text, None).unwrap_err();
            assert_eq!(e.code().as_str(), "JSON_SYNTAX");
            assert_eq!(e.message(), format!("Nesting deeper than {MAX_DEPTH} levels"));
        }
    });
}

#[test]
fn locate_is_not_recursive() {
    run_with_small_stack(|| {
        let text = "[".repeat(100_000) + "1" + &"]".repeat(100_000);
        assert_eq!(locate(&text, &"/0".repeat(100_000)), Some((1, 100_001)));
        assert_eq!(locate(&text, &"/0".repeat(100_001)), None);
    });
}

#[test]
fn the_deepest_allowed_tree_fits_a_test_thread() {
    // serde_json's Value drops, compares and serializes recursively: MAX_DEPTH
    // must fit the 2 MiB stack of a test thread, even in a debug build
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(|| {
            for text in [
                "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH),
                "{\"a\":".repeat(MAX_DEPTH) + "1" + &"}".repeat(MAX_DEPTH),
            ] {
                let v = load_json(&text, None).unwrap();
                assert_eq!(depth_of(&v), MAX_DEPTH);
                let again = load_json(&text, None).unwrap();
                assert!(v == again);
                // numbers are f64: 1 prints as 1.0
                assert_eq!(serde_json::to_string(&v).unwrap().replace("1.0", "1"), text);
                drop(v);
                drop(again);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn duplicate_keys_last_value_first_position() {
    let v = load_json(r#"{"a": 1, "b": 2, "a": {"c": 3}}"#, None).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    assert_eq!(keys, ["a", "b"]);
    assert_eq!(v["a"]["c"].as_f64(), Some(3.0));
    // serde_json with preserve_order does the same, as docs/ARCHITECTURE.md says
    let s: Value = serde_json::from_str(r#"{"a": 1, "b": 2, "a": {"c": 3}}"#).unwrap();
    let keys: Vec<&String> = s.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["a", "b"]);
}

#[test]
fn agrees_with_serde_json_on_valid_documents() {
    let doc = r#"{"$schema": "http://json-schema.org/draft-07/schema#", "title": "Ünïcode 😀",
        "definitions": {"B": {"type": "object", "properties": {"x": {"type": ["string", "null"], "maxLength": 3}}},
        "A": {"enum": [1, 2.5, -3e2, true, null, "\u00e9\n\"\\"]}}, "required": []}"#;
    let ours = load_json(doc, None).unwrap();
    let theirs: Value = serde_json::from_str(doc).unwrap();
    assert_eq!(ours.to_serde(), as_f64_numbers(&theirs));
    assert_eq!(
        ours.as_object().unwrap().keys().collect::<Vec<_>>(),
        theirs.as_object().unwrap().keys().collect::<Vec<_>>()
    );
}

#[test]
fn bom_is_not_a_column() {
    let e = load_json("\u{FEFF}[1,]", Some("f.json")).unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(1), Some(3)));
    assert_eq!(e.file(), Some("f.json"));
    assert_eq!(e.message(), "Trailing comma");
    assert_eq!(e.to_string(), "f.json:1:3: error[JSON_SYNTAX] Trailing comma");
}

#[test]
fn positions() {
    assert_eq!(position_at("", 0), (1, 1));
    assert_eq!(position_at("a\r\nb", 3), (2, 1));
    assert_eq!(position_at("a\rb", 2), (2, 1));
    assert_eq!(position_at("😀é中x", "😀é中".len()), (1, 4));
}

#[test]
fn pointer_join_escapes() {
    assert_eq!(pointer_join("", &["a/b", "c~d", "0"]), "/a~1b/c~0d/0");
    assert_eq!(pointer_join::<&str>("/x", &[]), "/x");
}

#[test]
fn error_serializes_like_the_typescript_side() {
    let e = load_json("[", Some("a.json")).unwrap_err();
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        r#"{"code":"JSON_SYNTAX","severity":"error","message":"Unexpected end of input","file":"a.json","line":1,"column":2}"#
    );
}

#[test]
fn error_codes_match_errors_ts() {
    // errors.rs mirrors ErrorCodes in js/src/errors.ts, in the same order
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../js/src/errors.ts");
    let ts = std::fs::read_to_string(path).expect("js/src/errors.ts");
    let table = &ts[ts
        .find("export const ErrorCodes = {")
        .expect("the ErrorCodes table")..];
    let table = &table[..table.find("} as const").expect("its end")];
    let ts_codes: Vec<&str> = table
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let (name, value) = l.split_once(": '")?;
            let value = value.strip_suffix("',")?;
            assert_eq!(name, value, "{l}");
            Some(value)
        })
        .collect();
    assert_eq!(codes::ALL, ts_codes.as_slice());
}
