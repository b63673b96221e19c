//! validate: the report both `validate` commands print (record 0034); mirrors
//! js/src/validate.ts.
//!
//! `{ "files": [{ "path", "valid", "problems": [{ "code", "severity", "message",
//! "pointer"?, "line", "column" }] }], "summary": { "files", "valid", "errors", "warnings" } }`
//!
//! A file is valid when none of its problems is an error; under `strict` every
//! warning counts as an error (its severity says so).

use crate::json::{Map, Value};

use foldhash::HashSet;

use crate::errors::{Diagnostic, ErrorCode, Severity};
use crate::json_print::print_json;

/// One problem of a validated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The stable code.
    pub code: ErrorCode,
    /// Error or warning (every one an error under `strict`).
    pub severity: Severity,
    /// The message.
    pub message: String,
    /// A file other than the validated one (a `$ref`'d file, relative to the base folder).
    pub file: Option<String>,
    /// JSON pointer (JSON Schema input only).
    pub pointer: Option<String>,
    /// 1-based line (1 when the problem is the document as a whole).
    pub line: usize,
    /// 1-based column, in code points.
    pub column: usize,
}

/// The report of one validated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    /// The file as given (`<stdin>` for standard input).
    pub path: String,
    /// None of its problems is an error.
    pub valid: bool,
    /// Its problems, in order.
    pub problems: Vec<Problem>,
}

/// The counts over the files of a report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files validated.
    pub files: usize,
    /// Files without errors.
    pub valid: usize,
    /// Errors over all files.
    pub errors: usize,
    /// Warnings over all files.
    pub warnings: usize,
}

/// What `x-graphql validate` prints (as JSON: [`report_to_json`](crate::report_to_json)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationReport {
    /// One report a file.
    pub files: Vec<FileReport>,
    /// The counts.
    pub summary: Summary,
}

/// The options of [`validate_json_schema`](crate::validate_json_schema) and [`validate_graphql`](crate::validate_graphql).
#[derive(Debug, Clone, Default)]
pub struct ValidateOptions {
    /// The input's name, for the report and for root naming; `None` for stdin.
    pub file_name: Option<String>,
    /// The folder file `$ref`s may not leave (default: `.`).
    pub base_dir: Option<String>,
    /// The input's own folder when it differs from `base_dir`.
    pub input_dir: Option<String>,
    /// Warnings become errors.
    pub strict: bool,
}

impl Problem {
    /// The problem as a [`Diagnostic`] at its line and column (no file or pointer: the
    /// report names the file), as `x-graphql validate` prints it.
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic {
            code: self.code,
            severity: self.severity,
            message: self.message.clone(),
            file: None,
            pointer: None,
            line: Some(self.line),
            column: Some(self.column),
        }
    }
}

/// A diagnostic as a problem: position 1:1 when none is known (the document as a whole).
pub fn to_problem(d: &Diagnostic, strict: bool) -> Problem {
    Problem {
        code: d.code,
        severity: if strict { Severity::Error } else { d.severity },
        message: d.message.clone(),
        file: d.file.clone(),
        pointer: d.pointer.clone(),
        line: d.line.unwrap_or(1),
        column: d.column.unwrap_or(1),
    }
}

/// The report of one file: problems of the file itself in document order (line,
/// then column; equal places keep the order found), then those of other files.
pub fn file_report(path: &str, problems: Vec<Problem>, main_file: Option<&str>) -> FileReport {
    let is_own = |p: &Problem| p.file.is_none() || p.file.as_deref() == main_file;
    let (mut own, others): (Vec<Problem>, Vec<Problem>) = problems.into_iter().partition(is_own);
    for p in &mut own {
        p.file = None;
    }
    own.sort_by_key(|p| (p.line, p.column));
    own.extend(others);
    let valid = !own.iter().any(|p| p.severity == Severity::Error);
    FileReport { path: path.to_string(), valid, problems: own }
}

/// Code, file, pointer, and the line when there is no pointer.
type ProblemKey = (ErrorCode, Option<String>, Option<String>, Option<usize>);

/// The problems found in a file, deduped by code, file and pointer (the first one found
/// stays; without a pointer, by code, file and line). The keys met are kept in a set:
/// comparing each new problem with every earlier one made 20,000 warnings quadratic.
#[derive(Default)]
pub struct Problems {
    pub list: Vec<Diagnostic>,
    seen: HashSet<ProblemKey>,
}

impl Problems {
    fn key(d: &Diagnostic) -> ProblemKey {
        let line = if d.pointer.is_some() { None } else { d.line };
        (d.code, d.file.clone(), d.pointer.clone(), line)
    }

    /// Adds `d` even if an equal problem is there (it then counts for later ones).
    pub fn push(&mut self, d: Diagnostic) {
        self.seen.insert(Self::key(&d));
        self.list.push(d);
    }

    /// Whether a problem with the code, file and pointer of `d` is there.
    pub fn has(&self, d: &Diagnostic) -> bool {
        self.seen.contains(&Self::key(d))
    }

    /// Adds `d` unless a problem with its code, file and pointer is there.
    pub fn add(&mut self, d: Diagnostic) {
        if self.seen.insert(Self::key(&d)) {
            self.list.push(d);
        }
    }
}

/// The report of these files, with their counts.
pub fn summarize(files: Vec<FileReport>) -> ValidationReport {
    let mut summary = Summary { files: files.len(), ..Summary::default() };
    for f in &files {
        if f.valid {
            summary.valid += 1;
        }
        for p in &f.problems {
            if p.severity == Severity::Error {
                summary.errors += 1;
            } else {
                summary.warnings += 1;
            }
        }
    }
    ValidationReport { files, summary }
}

/// `--format json`: the report with the project's JSON printer (the same bytes as TypeScript).
pub fn report_to_json(report: &ValidationReport) -> String {
    let files: Vec<Value> = report
        .files
        .iter()
        .map(|f| {
            let problems: Vec<Value> = f
                .problems
                .iter()
                .map(|p| {
                    let mut o = Map::new();
                    o.insert("code", Value::from(p.code.as_str()));
                    o.insert("severity", Value::from(p.severity.as_str()));
                    o.insert("message", Value::from(p.message.clone()));
                    if let Some(file) = &p.file {
                        o.insert("file", Value::from(file.clone()));
                    }
                    if let Some(pointer) = &p.pointer {
                        o.insert("pointer", Value::from(pointer.clone()));
                    }
                    o.insert("line", Value::from(p.line));
                    o.insert("column", Value::from(p.column));
                    Value::Object(o)
                })
                .collect();
            let mut o = Map::new();
            o.insert("path", Value::from(f.path.clone()));
            o.insert("valid", Value::from(f.valid));
            o.insert("problems", Value::Array(problems.into()));
            Value::Object(o)
        })
        .collect();
    let s = &report.summary;
    let mut summary = Map::new();
    summary.insert("files", Value::from(s.files));
    summary.insert("valid", Value::from(s.valid));
    summary.insert("errors", Value::from(s.errors));
    summary.insert("warnings", Value::from(s.warnings));
    let mut root = Map::new();
    root.insert("files", Value::Array(files.into()));
    root.insert("summary", Value::Object(summary));
    print_json(&Value::Object(root))
}
