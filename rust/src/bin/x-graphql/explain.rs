//! `x-graphql explain <CODE>` (record 0083), the twin of js/src/cli-explain.ts: the
//! text of each code is made from docs/errors.md's tables by scripts/gen-error-codes.ts
//! into schemas/error-codes.json, embedded here, so both CLIs print the same bytes.

use std::sync::OnceLock;

use serde_json::Value;
use x_graphql::__private::catalog::closest_of;

use crate::args::{print_out, Action};
use crate::commander::Leaf;
use crate::UsageError;

const HINT: &str = "see x-graphql explain --help";
const TABLE: &str = include_str!("../../../schemas/error-codes.json");

pub const EXPLAIN_HELP: &str = r#"Usage: x-graphql explain [options] <code>

print what an error or warning code means (docs/errors.md)

Arguments:
  code        a code of an error or warning line, e.g. JSON_SYNTAX in
              error[JSON_SYNTAX]

Options:
  -h, --help  print this help

Examples:
  x-graphql explain REF_OUTSIDE
  x-graphql explain int_range

Exit codes: 0 ok, 2 usage error (an unknown code).
"#;

/// (code, text) in docs/errors.md's order.
fn table() -> &'static [(String, String)] {
    static CODES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    CODES.get_or_init(|| {
        let doc: Value = serde_json::from_str(TABLE).expect("schemas/error-codes.json is JSON");
        let codes = doc["codes"].as_array().map(Vec::as_slice).unwrap_or_default();
        codes
            .iter()
            .map(|c| (c["code"].as_str().unwrap_or_default().to_string(), c["text"].as_str().unwrap_or_default().to_string()))
            .collect()
    })
}

/// The text for `code` (any case); an unknown code is a usage error naming the closest one.
pub fn explain(code: &str) -> Result<&'static str, UsageError> {
    let wanted = code.to_uppercase();
    if let Some((_, text)) = table().iter().find(|(c, _)| *c == wanted) {
        return Ok(text);
    }
    let names: Vec<&str> = table().iter().map(|(c, _)| c.as_str()).collect();
    let suggestion = closest_of(&wanted, &names).map(|c| format!(" (did you mean {c}?)")).unwrap_or_default();
    let message = format!("unknown error code {code}{suggestion}; the codes are listed in docs/errors.md");
    Err(UsageError { message, where_: None, code: "USAGE".to_string(), hint: HINT })
}

/// commander's parse of `explain` over what the program left.
pub fn parse(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let leaf = Leaf { name: "explain", opts: &[], arguments: &["code"], help: EXPLAIN_HELP, hint: HINT };
    let Some(parsed) = leaf.parse(program_operands, rest)? else { return Ok(print_out(EXPLAIN_HELP)) };
    Ok(print_out(explain(&parsed.operands[0])?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_text_and_unknown_codes_a_suggestion() {
        assert!(table().len() > 40);
        assert!(explain("json_syntax").unwrap().starts_with("JSON_SYNTAX: an error (exit code 1)\n\n  "));
        assert!(explain("IO").unwrap().starts_with("IO: an error (exit code 3)"));
        let e = explain("JSON_SYNTAC").unwrap_err();
        assert_eq!(
            e.message,
            "unknown error code JSON_SYNTAC (did you mean JSON_SYNTAX?); the codes are listed in docs/errors.md"
        );
    }
}
