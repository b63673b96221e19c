//! bundle (record 0090): several inputs that form one schema, converted into one output.
//!
//! JSON Schema -> SDL: `convert::json_schema_bundle_to_sdl` (every input a root of one
//! conversion). SDL -> JSON Schema: the documents are read as one, in path order, each
//! starting on a line of its own; a problem's line is then brought back to the file it
//! is in, and so is each "line N, column M" its message names (`type A is defined twice
//! (first at b.graphql, line 1, column 6)`). Mirrors js/src/bundle.ts.

use crate::convert::{bundle_order, json_schema_bundle_to_sdl, BundleInput, Conversion};
use crate::errors::{codes, ConversionError, Location};
use crate::load::position_at;
use crate::sdl_read::PARSER_RECURSION_LIMIT;
use crate::sdl_syntax::check_syntax;
use crate::options::ResolvedOptions;
use crate::ConversionDirection;

/// Several inputs -> one output, in either direction (record 0090).
pub fn convert_bundle(
    inputs: &[BundleInput],
    options: &ResolvedOptions,
    direction: ConversionDirection,
) -> Result<Conversion, ConversionError> {
    match direction {
        ConversionDirection::JsonSchemaToGraphQL => json_schema_bundle_to_sdl(inputs, options),
        ConversionDirection::GraphQLToJsonSchema => graphql_bundle_to_json(inputs),
    }
}

/// Where each document starts in the joined text: its path and first line (1-based).
struct Part<'a> {
    path: &'a str,
    line: usize,
}

/// Several SDL documents -> one JSON Schema.
pub fn graphql_bundle_to_json(inputs: &[BundleInput]) -> Result<Conversion, ConversionError> {
    let ordered = bundle_order(inputs)?;
    let mut parts: Vec<Part> = Vec::new();
    let mut joined = String::new();
    let mut line = 1;
    for input in &ordered {
        // A document's BOM is not part of it; each starts on a line of its own.
        let text = input.text.strip_prefix('\u{feff}').unwrap_or(&input.text);
        check_syntax_alone(&input.path, text)?;
        parts.push(Part { path: &input.path, line });
        joined.push_str(text);
        if !(text.ends_with('\n') || text.ends_with('\r')) {
            joined.push('\n');
        }
        line += count_lines(text) + usize::from(!(text.ends_with('\n') || text.ends_with('\r')));
    }
    match crate::reverse::graphql_to_json(&joined, None) {
        Ok(output) => Ok(Conversion { output, warnings: Vec::new() }),
        Err(e) => Err(placed(e, &parts)),
    }
}

/// A syntax error is its own file's: a file that is not a document alone (an unclosed
/// `{`, an unterminated string) would otherwise be reported where the next file makes
/// the joined text fail. A file of blanks and comments only is no document alone, and
/// harmless joined: it is not checked.
fn check_syntax_alone(path: &str, text: &str) -> Result<(), ConversionError> {
    if !has_token(text) {
        return Ok(());
    }
    // An executable definition is left to the joined read, as any problem but syntax.
    let Err(e) = check_syntax(text, PARSER_RECURSION_LIMIT) else { return Ok(()) };
    let (line, column) = match e.offset {
        Some(offset) => {
            let (line, column) = position_at(text, offset);
            (Some(line), Some(column))
        }
        None => (None, None),
    };
    Err(ConversionError::at(
        codes::GRAPHQL_SYNTAX,
        e.message,
        Location { file: Some(path.to_string()), pointer: None, line, column },
    ))
}

/// Whether the text has anything but blanks (space, tab, CR, LF, commas, BOM) and `#` comments.
fn has_token(text: &str) -> bool {
    let mut comment = false;
    for c in text.chars() {
        match c {
            '\n' | '\r' => comment = false,
            _ if comment => {}
            ' ' | '\t' | ',' | '\u{feff}' => {}
            '#' => comment = true,
            _ => return true,
        }
    }
    false
}

/// Line breaks as GraphQL counts them: `\r\n`, `\n` and `\r` are one each.
fn count_lines(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => n += 1,
            b'\r' => {
                n += 1;
                if bytes.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    n
}

/// The error with its file and line in that file, and the places its message names in theirs.
fn placed(mut e: ConversionError, parts: &[Part]) -> ConversionError {
    let own_index = e.line.map_or(0, |l| parts.iter().rposition(|p| p.line <= l).unwrap_or(0));
    let own = &parts[own_index];
    e.file = Some(own.path.to_string());
    if let Some(l) = e.line {
        e.line = Some(l - own.line + 1);
    }
    e.message = rewrite_places(&e.message, parts, own_index);
    e
}

/// Each `line N, column M` of a message, in the joined text, as the place in its file.
fn rewrite_places(message: &str, parts: &[Part], own_index: usize) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find("line ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let tail = &after[digits..];
        let col_digits = tail.strip_prefix(", column ").map_or(0, |t| t.bytes().take_while(u8::is_ascii_digit).count());
        if digits == 0 || col_digits == 0 {
            out.push_str("line ");
            rest = after;
            continue;
        }
        let n: usize = after[..digits].parse().unwrap_or(1);
        let column = &tail[9..9 + col_digits];
        let index = parts.iter().rposition(|p| p.line <= n).unwrap_or(0);
        let part = &parts[index];
        if index != own_index {
            out.push_str(part.path);
            out.push_str(", ");
        }
        out.push_str(&format!("line {}, column {column}", n - part.line + 1));
        rest = &tail[9 + col_digits..];
    }
    out.push_str(rest);
    out
}
