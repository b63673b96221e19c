//! `x-graphql --batch`: the Rust library behind one long-lived process, for
//! the parity harness (parity/), so thousands of cases cost one process start.
//!
//! Each line of stdin is one JSON request, each answer one JSON line on stdout:
//!
//! ```text
//! {"id": 7, "direction": "json-to-graphql", "input": "{...}", "options": {"inlineObjectThreshold": 0}}
//! {"id": 7, "ok": true, "output": "type A {...}\n", "warnings": [...]}
//! {"id": 8, "ok": false, "error": {"code": "JSON_SYNTAX", "severity": "error", "message": "...", "line": 1, "column": 2}}
//! ```
//!
//! Diagnostics have the field order of TypeScript's `diagnosticToJSON`. A panic
//! in the library is answered as `{"code": "INTERNAL"}` and the loop goes on.

use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{json, Value};
use x_graphql::__private::{codes, Converter, ConverterOptions};
use x_graphql::{Conversion, ConversionDirection, ConversionError};

use crate::{panic_message, EXIT_IO, EXIT_OK};

pub fn run() -> i32 {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return EXIT_IO };
        if line.trim().is_empty() {
            continue;
        }
        let answer = answer(&line);
        if writeln!(out, "{answer}").and_then(|()| out.flush()).is_err() {
            // The harness went away: nothing is left to answer.
            return EXIT_OK;
        }
    }
    EXIT_OK
}

fn answer(line: &str) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return failure(Value::Null, json!({"code": codes::USAGE, "severity": "error", "message": format!("bad batch request: {e}")})),
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match catch_unwind(AssertUnwindSafe(|| convert(&request))) {
        Ok(Ok(result)) => json!({"id": id, "ok": true, "output": result.output, "warnings": result.warnings}),
        Ok(Err(error)) => failure(id, serde_json::to_value(&error).unwrap_or(Value::Null)),
        Err(payload) => failure(
            id,
            json!({"code": "INTERNAL", "severity": "error", "message": panic_message(payload.as_ref())}),
        ),
    }
}

fn failure(id: Value, error: Value) -> Value {
    json!({"id": id, "ok": false, "error": error})
}

fn convert(request: &Value) -> Result<Conversion, ConversionError> {
    let direction: ConversionDirection =
        request.get("direction").and_then(Value::as_str).unwrap_or("json-to-graphql").parse()?;
    let options: ConverterOptions = match request.get("options") {
        Some(v) if !v.is_null() => serde_json::from_value(v.clone())
            .map_err(|e| ConversionError::new(codes::INVALID_OPTION, format!("bad options: {e}")))?,
        _ => ConverterOptions::default(),
    };
    let input = request.get("input").and_then(Value::as_str).unwrap_or("");
    Converter::with_options(options)?.convert_output(input, direction)
}
