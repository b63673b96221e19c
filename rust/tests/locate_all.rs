//! `locate_all` (one pass, many pointers) must give exactly what `locate` gives
//! for each pointer, on every text that `load_json` accepts (the twin of
//! js/test/locate-all.test.ts).

use std::path::Path;

use x_graphql::__private::json::Value;
use x_graphql::__private::load::{load_json, pointer_join, position_at};
use x_graphql::__private::locate::{locate, locate_all, offsets_of};

/// Every member and element pointer of a tree, plus some that do not resolve.
fn pointers_of(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![(value, String::new())];
    while let Some((v, pointer)) = stack.pop() {
        for extra in ["", "/missing", "/0", "/01"] {
            out.push(format!("{pointer}{extra}"));
        }
        match v {
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    stack.push((x, pointer_join(&pointer, &[i.to_string()])));
                }
            }
            Value::Object(map) => {
                for (k, x) in map {
                    stack.push((x, pointer_join(&pointer, &[k])));
                }
            }
            _ => {}
        }
    }
    out.extend(["no-slash", "/", "//", "/~", "/~0", "/~1"].map(String::from));
    out
}

fn same(text: &str, pointers: &[String]) {
    let refs: Vec<&str> = pointers.iter().map(String::as_str).collect();
    let expected: Vec<Option<(usize, usize)>> = refs.iter().map(|p| locate(text, p)).collect();
    assert_eq!(locate_all(text, &refs), expected, "in {text:?}");
    // offsets_of (migrate's text edits, record 0092): the same places, as offsets into the text without its BOM
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let got: Vec<Option<(usize, usize)>> = offsets_of(body, &refs).into_iter().map(|at| at.map(|at| position_at(body, at))).collect();
    assert_eq!(got, expected, "offsets in {text:?}");
}

#[test]
fn agrees_with_locate_on_every_pointer_of_every_fixture_input() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/json-to-graphql");
    let mut checked = 0;
    for entry in std::fs::read_dir(root).expect("fixtures") {
        let Ok(text) = std::fs::read_to_string(entry.expect("entry").path().join("input.json")) else { continue };
        let Ok(value) = load_json(&text, None) else { continue };
        same(&text, &pointers_of(&value));
        checked += 1;
    }
    assert!(checked > 100);
}

#[test]
fn duplicate_keys_the_last_member_wins_at_every_level() {
    let text = "{\"a\": {\"b\": 1, \"c\": 2}, \"x\": 0, \"a\": {\"c\": 3},\r\n \"d\": [1, {\"e\": 1}], \"d\": {\"e\": 2}}";
    let pointers = ["/a", "/a/b", "/a/c", "/x", "/d", "/d/0", "/d/1/e", "/d/e", ""].map(String::from);
    same(text, &pointers);
}

#[test]
fn escaped_keys_surrogate_pairs_cr_and_crlf() {
    let text = "{\"\\u0061\\\"b\": {\"x\": \"\u{1F600}\u{1F600}\", \"~/\": [true, \"\\\"\", null]},\r\"k\": 1,\r\n  \"\u{1F600}\": {\"z\": 2}}";
    let pointers =
        ["/a\"b", "/a\"b/x", "/a\"b/~0~1", "/a\"b/~0~1/1", "/a\"b/~0~1/2", "/k", "/\u{1F600}", "/\u{1F600}/z"].map(String::from);
    same(text, &pointers);
}

#[test]
fn text_that_is_not_json_locates_nothing() {
    let pointers = ["", "/a"].map(String::from);
    same("{\"a\": 1,}", &pointers);
    same("", &pointers);
}
