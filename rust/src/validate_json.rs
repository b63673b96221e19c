//! validate_json: every problem of a JSON Schema document that the converter
//! would choke on, not just the first (record 0034). Mirrors
//! js/src/validate-json.ts step for step:
//!
//!   1. JSON syntax (load), the root must be an object;
//!   2. the meta-schema of the draft `$schema` names (meta_schema.rs);
//!   3. every `x-graphql-*` attribute against the catalog (normalize.rs, collecting);
//!   4. the semantic checks (validate_semantics.rs);
//!   5. every `$ref` of the document (resolve.rs);
//!   6. the converter itself, as the net: its error and warnings join the
//!      report unless one with the same code and pointer is already there.

use std::rc::Rc;

use crate::convert::json_schema_to_sdl;
use crate::errors::{codes, Diagnostic, Location, Severity};
use crate::load::{load_json, locate};
use crate::meta_schema::{meta_schema_message, meta_schema_pointers};
use crate::migrate::{is_legacy_attribute, legacy_warning};
use crate::normalize::scan_document_collecting;
use crate::options::{resolve_options, ConverterOptions};
use crate::resolve::{Loc, Resolver, Source};
use crate::validate::{add_problem, file_report, to_problem, FileReport, ValidateOptions};
use crate::validate_semantics::semantic_problems;

/// Validates one JSON Schema text.
pub fn validate_json_schema(text: &str, options: &ValidateOptions) -> FileReport {
    let file = options.file_name.as_deref();
    let at = |pointer: &str| Location {
        file: file.map(str::to_string),
        pointer: Some(pointer.to_string()),
        line: None,
        column: None,
    };
    let mut found: Vec<Diagnostic> = Vec::new();
    let root = match load_json(text, file) {
        Ok(root) => root,
        Err(e) => return finish(text, options, vec![e.to_diagnostic()]),
    };
    if !root.is_object() {
        let mut d = Diagnostic::warning(codes::JSON_ROOT, "the root of a JSON Schema must be an object", at(""));
        d.severity = Severity::Error;
        return finish(text, options, vec![d]);
    }

    let (draft, pointers) = meta_schema_pointers(&root, text);
    for p in pointers {
        let mut d = Diagnostic::warning(codes::SCHEMA_INVALID, meta_schema_message(draft, &p), at(&p));
        d.severity = Severity::Error;
        found.push(d);
    }

    let mut errors = Vec::new();
    let scan = scan_document_collecting(&root, file, &mut errors);
    for d in errors.into_iter().chain(scan.warnings.iter().cloned()) {
        let d = legacy_name(&d).unwrap_or(d);
        add_problem(&mut found, d);
    }

    for d in semantic_problems(&root, file) {
        add_problem(&mut found, d);
    }

    let base_dir = options.base_dir.clone().unwrap_or_else(|| ".".to_string());
    let refs = scan.refs.clone();
    let main = Source {
        id: String::new(),
        file: options.file_name.clone(),
        text: text.to_string(),
        root,
        dir: Some(options.input_dir.clone().unwrap_or_else(|| base_dir.clone())),
        refs: scan.refs,
    };
    let mut resolver = Resolver::new(main, Some(&base_dir));
    let main: Rc<Source> = resolver.main.clone();
    for use_ in &refs {
        let from = Loc { source: main.clone(), pointer: use_.pointer.clone() };
        if let Err(e) = resolver.resolve(&use_.ref_, &from) {
            add_problem(&mut found, e.to_diagnostic());
        }
    }

    let convert_options = ConverterOptions {
        file_name: options.file_name.clone(),
        base_dir: Some(base_dir),
        input_dir: options.input_dir.clone(),
        ..ConverterOptions::default()
    };
    match resolve_options(Some(&convert_options)) {
        Ok(resolved) => match json_schema_to_sdl(text, &resolved, true) {
            Ok(result) => {
                for w in result.warnings {
                    add_problem(&mut found, w);
                }
            }
            Err(e) => add_problem(&mut found, e.to_diagnostic()),
        },
        Err(e) => add_problem(&mut found, e.to_diagnostic()),
    }
    finish(text, options, found)
}

/// An unknown attribute that is a 1.x name: the converter's legacy path reads it (record 0035).
fn legacy_name(d: &Diagnostic) -> Option<Diagnostic> {
    if d.code != codes::UNKNOWN_ATTRIBUTE {
        return None;
    }
    let pointer = d.pointer.as_deref()?;
    let name = &pointer[pointer.rfind('/').map_or(0, |i| i + 1)..];
    is_legacy_attribute(name).then(|| legacy_warning(name, pointer, d.file.as_deref()))
}

/// Positions for the problems of the file itself, then the report.
fn finish(text: &str, options: &ValidateOptions, found: Vec<Diagnostic>) -> FileReport {
    let file = options.file_name.as_deref();
    let problems = found
        .into_iter()
        .map(|mut d| {
            let mine = d.file.is_none() || d.file.as_deref() == file;
            if d.line.is_none() && mine {
                if let Some((line, column)) = d.pointer.as_deref().and_then(|p| locate(text, p)) {
                    d.line = Some(line);
                    d.column = Some(column);
                }
            }
            to_problem(&d, options.strict)
        })
        .collect();
    file_report(file.unwrap_or("<stdin>"), problems, file)
}
