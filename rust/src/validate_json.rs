//! validate_json: every problem of a JSON Schema document that the converter
//! would choke on, not just the first (record 0034). Mirrors
//! js/src/validate-json.ts step for step:
//!
//!   1. JSON syntax (load), the root must be an object;
//!   2. the meta-schema of the draft `$schema` names (meta_schema.rs);
//!   3. every `x-graphql-*` attribute against the catalog (normalize.rs, collecting),
//!      1.x names through the converter's legacy path (migrate.rs);
//!   4. the semantic checks (validate_semantics.rs);
//!   5. every `$ref` of the document (resolve.rs);
//!   6. the converter itself, as the net: its error and warnings join the
//!      report unless one with the same code and pointer is already there.

use std::rc::Rc;

use crate::convert::json_schema_to_sdl;
use crate::field_set::collecting_rule_problems;
use crate::errors::{codes, Diagnostic, Location, Severity};
use crate::load::load_json;
use crate::locate::locate_all;
use crate::meta_schema::{meta_schema_message, meta_schema_pointers};
use crate::migrate::{legacy_rewrite, may_hold_legacy, original_pointer};
use crate::normalize::scan_document_collecting;
use crate::options::{resolve_options, ConverterOptions};
use crate::loc::{Source, Tree};
use crate::resolve::Resolver;
use crate::validate::{file_report, to_problem, FileReport, Problems, ValidateOptions};
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
    let mut found = Problems::default();
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

    // The converter's legacy path: 1.x names are checked as their 2.x names, and
    // every place found in what it rewrote is named as written (original_pointer).
    let mut root = root;
    let (legacy, changes) = if may_hold_legacy(text) { legacy_rewrite(&mut root, file) } else { (Vec::new(), Vec::new()) };
    let as_written = |mut d: Diagnostic| {
        if !changes.is_empty() && d.file.as_deref() == file {
            d.pointer = d.pointer.take().map(|p| original_pointer(&p, &changes));
        }
        d
    };
    for d in legacy {
        found.add(d);
    }

    let mut errors = Vec::new();
    let scan = scan_document_collecting(&root, file, &mut errors);
    for d in errors.into_iter().chain(scan.warnings.iter().cloned()) {
        found.add(as_written(d));
    }

    for d in semantic_problems(&root, file) {
        found.add(as_written(d));
    }

    let base_dir = options.base_dir.clone().unwrap_or_else(|| ".".to_string());
    let refs = scan.refs.clone();
    // Under the root's `x-graphql-unresolved-refs: "json"` an unresolved ref is the converter's warning, below.
    let unresolved_json = crate::options::apply_root_overrides(&Default::default(), &root).unresolved_refs_json;
    let draft = crate::meta_schema::draft_of(&root);
    let main = Source {
        id: String::new(),
        file: options.file_name.clone(),
        text: None,
        root: Tree::new(root),
        dir: Some(options.input_dir.clone().unwrap_or_else(|| base_dir.clone())),
        refs: scan.refs,
        draft,
        anchors: scan.anchors,
    };
    let mut resolver = Resolver::with_unresolved_refs(main, Some(&base_dir), unresolved_json);
    let main: Rc<Source> = resolver.main.clone();
    for use_ in refs.iter() {
        if let Err(e) = resolver.resolve_from(use_.ref_, &main, use_.pointer) {
            found.add(e.to_diagnostic());
        }
    }

    let convert_options = ConverterOptions {
        file_name: options.file_name.clone(),
        base_dir: Some(base_dir),
        input_dir: options.input_dir.clone(),
        ..ConverterOptions::default()
    };
    match resolve_options(Some(&convert_options)) {
        Ok(resolved) => {
            // Record 0084: the converter's subgraph rules it alone checks give every problem, not the first.
            let more = collecting_rule_problems(|| match json_schema_to_sdl(text, &resolved, true) {
                Ok(result) => {
                    // The JSON_FIELDS summary reports what the output is, not a problem (record 0079).
                    for w in result.warnings.into_iter().filter(|w| w.code != codes::JSON_FIELDS) {
                        found.add(w);
                    }
                }
                Err(e) => found.add(e.to_diagnostic()),
            });
            for e in more {
                found.add(e.to_diagnostic());
            }
        }
        Err(e) => found.add(e.to_diagnostic()),
    }
    finish(text, options, found.list)
}

/// Positions for the problems of the file itself, then the report. All located in one
/// pass over the text (`locate_all`, as `convert` does): a pass per problem took 302 s
/// on a 100 MB schema, and 27 s for 20,000 unknown attributes in 1.3 MB.
fn finish(text: &str, options: &ValidateOptions, mut found: Vec<Diagnostic>) -> FileReport {
    let file = options.file_name.as_deref();
    let mine: Vec<usize> = (0..found.len())
        .filter(|&i| {
            let d = &found[i];
            d.line.is_none() && d.pointer.is_some() && (d.file.is_none() || d.file.as_deref() == file)
        })
        .collect();
    let pointers: Vec<&str> = mine.iter().filter_map(|&i| found[i].pointer.as_deref()).collect();
    let positions = locate_all(text, &pointers);
    for (k, &i) in mine.iter().enumerate() {
        if let Some(&Some((line, column))) = positions.get(k) {
            found[i].line = Some(line);
            found[i].column = Some(column);
        }
    }
    let problems = found.iter().map(|d| to_problem(d, options.strict)).collect();
    file_report(file.unwrap_or("<stdin>"), problems, file)
}
