//! `--format json|github|sarif` of `convert` and `validate` (record 0089), the
//! twin of js/src/cli-report.ts: the same bytes for the same run.
//!
//! - json: the report of `validate` (validate.rs, record 0034);
//! - github: one GitHub Actions workflow command per problem,
//!   `::error file=F,line=L,col=C,title=CODE::message` (`::warning` for a warning),
//!   with GitHub's escaping (data: `%`, CR, LF; properties also `:` and `,`);
//! - sarif: a SARIF 2.1.0 log with one run; the rules are every code of
//!   schemas/error-codes.json (generated from docs/errors.md, embedded), the
//!   results name the file by a URI relative to the current folder.

use std::sync::OnceLock;

use x_graphql::__private::json::{Map, Value};
use x_graphql::__private::json_print::print_json;
use x_graphql::__private::{file_report, to_problem};
use x_graphql::{report_to_json, summarize, Diagnostic, Severity, ValidationReport};

use crate::node;
use crate::STDIN_NAME;

const TABLE: &str = include_str!("../../../schemas/error-codes.json");
const INFORMATION_URI: &str = "https://www.npmjs.com/package/x-graphql";

/// The values `--format` takes; `human` is the former name of `text`.
pub const FORMATS: [&str; 5] = ["text", "human", "json", "github", "sarif"];

/// `--format` as one of text, json, github, sarif.
pub fn format_of(value: Option<&str>) -> String {
    match value {
        None | Some("human") => "text".to_string(),
        Some(v) => v.to_string(),
    }
}

/// A problem with the path of the file it is in, as given on the command line (`None`: standard input).
struct Located<'a> {
    where_: Option<String>,
    code: &'static str,
    severity: Severity,
    message: &'a str,
    line: usize,
    column: usize,
}

fn located<'a>(report: &'a ValidationReport, base_dir: &str) -> Vec<Located<'a>> {
    let mut out = Vec::new();
    for f in &report.files {
        for p in &f.problems {
            let where_ = match &p.file {
                Some(other) => Some(node::join(&[base_dir, other])),
                None if f.path == STDIN_NAME => None,
                None => Some(f.path.clone()),
            };
            out.push(Located { where_, code: p.code.as_str(), severity: p.severity, message: &p.message, line: p.line, column: p.column });
        }
    }
    out
}

/// `path.resolve(p)` for POSIX paths: absolute, normalized, without a trailing `/`.
fn resolve(p: &str, cwd: &str) -> String {
    let joined = if p.starts_with('/') { node::normalize(p) } else { node::join(&[cwd, p]) };
    match joined.strip_suffix('/') {
        Some(rest) if !rest.is_empty() => rest.to_string(),
        _ => joined,
    }
}

/// `path.relative(process.cwd(), path.resolve(where))`, with `.` for the folder itself.
fn relative_path(where_: &str) -> String {
    let cwd = std::env::current_dir().map(|d| d.to_string_lossy().into_owned()).unwrap_or_else(|_| "/".to_string());
    let from = resolve(&cwd, "/");
    let to = resolve(where_, &from);
    let split = |s: &str| -> Vec<String> { s.split('/').filter(|x| !x.is_empty()).map(str::to_string).collect() };
    let (a, b) = (split(&from), split(&to));
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_string(); a.len() - common];
    parts.extend(b[common..].iter().cloned());
    if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    }
}

/// GitHub's escaping of a workflow command's message.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// GitHub's escaping of a workflow command's property value.
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// `--format github`: one workflow command per problem.
pub fn report_to_github(report: &ValidationReport, base_dir: &str) -> String {
    let mut out = String::new();
    for p in located(report, base_dir) {
        let mut props = Vec::new();
        if let Some(w) = &p.where_ {
            props.push(format!("file={}", escape_property(&relative_path(w))));
        }
        props.push(format!("line={}", p.line));
        props.push(format!("col={}", p.column));
        props.push(format!("title={}", escape_property(p.code)));
        out.push_str(&format!("::{} {}::{}\n", p.severity.as_str(), props.join(","), escape_data(p.message)));
    }
    out
}

/// A relative path as a URI reference: unreserved characters, `/` and the
/// sub-delimiters stay, every other byte of its UTF-8 is percent-encoded
/// (`:` too, so that a first segment is never read as a scheme).
fn path_to_uri(p: &str) -> String {
    let mut out = String::new();
    for &b in p.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

struct Rule {
    id: String,
    level: &'static str,
    /// The code's header line, `CODE: an error (exit code 1)`.
    summary: String,
    /// The code's text in docs/errors.md.
    help: String,
}

/// The rules, from schemas/error-codes.json: each text is the header line, a
/// blank line, the meaning wrapped at 80 columns and indented by two spaces,
/// a blank line and a closing line; the meaning is unwrapped (the generator
/// wraps at single spaces, so joining the lines with one space restores it).
fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        let doc: serde_json::Value = serde_json::from_str(TABLE).expect("schemas/error-codes.json is JSON");
        let codes = doc["codes"].as_array().map(Vec::as_slice).unwrap_or_default();
        codes
            .iter()
            .map(|c| {
                let text = c["text"].as_str().unwrap_or_default();
                let lines: Vec<&str> = text.split('\n').collect();
                let body: Vec<&str> = lines.iter().skip(2).map_while(|l| l.strip_prefix("  ")).collect();
                let header = lines.first().copied().unwrap_or_default();
                Rule {
                    id: c["code"].as_str().unwrap_or_default().to_string(),
                    level: if header.contains(": a warning") { "warning" } else { "error" },
                    summary: header.to_string(),
                    help: body.join(" "),
                }
            })
            .collect()
    })
}

fn object(members: Vec<(&str, Value)>) -> Value {
    let mut m = Map::new();
    for (k, v) in members {
        m.insert(k, v);
    }
    Value::Object(m)
}

fn text(s: &str) -> Value {
    object(vec![("text", Value::from(s.to_string()))])
}

/// `--format sarif`: the SARIF 2.1.0 log of the run.
pub fn report_to_sarif(report: &ValidationReport, base_dir: &str) -> String {
    let table = rules();
    let results: Vec<Value> = located(report, base_dir)
        .into_iter()
        .map(|p| {
            let mut r = Map::new();
            r.insert("ruleId", Value::from(p.code));
            if let Some(i) = table.iter().position(|rule| rule.id == p.code) {
                r.insert("ruleIndex", Value::from(i));
            }
            r.insert("level", Value::from(p.severity.as_str()));
            r.insert("message", text(p.message));
            if let Some(w) = &p.where_ {
                let region = object(vec![("startLine", Value::from(p.line)), ("startColumn", Value::from(p.column))]);
                let artifact = object(vec![("uri", Value::from(path_to_uri(&relative_path(w))))]);
                let physical = object(vec![("artifactLocation", artifact), ("region", region)]);
                r.insert("locations", Value::Array(vec![object(vec![("physicalLocation", physical)])].into()));
            }
            Value::Object(r)
        })
        .collect();
    let rules: Vec<Value> = table
        .iter()
        .map(|r| {
            object(vec![
                ("id", Value::from(r.id.clone())),
                ("shortDescription", text(&r.summary)),
                ("fullDescription", text(&r.help)),
                ("help", text(&r.help)),
                ("defaultConfiguration", object(vec![("level", Value::from(r.level))])),
            ])
        })
        .collect();
    let driver = object(vec![
        ("name", Value::from("x-graphql")),
        ("version", Value::from(env!("CARGO_PKG_VERSION"))),
        ("informationUri", Value::from(INFORMATION_URI)),
        ("rules", Value::Array(rules.into())),
    ]);
    let run = object(vec![
        ("tool", object(vec![("driver", driver)])),
        ("columnKind", Value::from("unicodeCodePoints")),
        ("results", Value::Array(results.into())),
    ]);
    print_json(&object(vec![
        ("$schema", Value::from("https://json.schemastore.org/sarif-2.1.0.json")),
        ("version", Value::from("2.1.0")),
        ("runs", Value::Array(vec![run].into())),
    ]))
}

/// The report of a run in a format other than text.
pub fn render_report(format: &str, report: &ValidationReport, base_dir: &str) -> String {
    match format {
        "github" => report_to_github(report, base_dir),
        "sarif" => report_to_sarif(report, base_dir),
        _ => report_to_json(report),
    }
}

/// `convert --format`: the conversion's warnings and error as the report of
/// one file, in the shape of `validate`'s (problems in document order, then
/// those of `$ref`'d files; valid when there is no error).
pub fn convert_report(format: &str, file_name: Option<&str>, base_dir: &str, found: &[Diagnostic]) -> String {
    let problems = found.iter().map(|d| to_problem(d, false)).collect();
    let report = summarize(vec![file_report(file_name.unwrap_or(STDIN_NAME), problems, file_name)]);
    render_report(format, &report, base_dir)
}

/// The report on stderr (`convert --format` without `-o`, where stdout carries the document).
pub fn write_stderr(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    // Nothing is left to tell a reader that went away.
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_github_requires() {
        assert_eq!(escape_data("a%b\r\nc:d,e"), "a%25b%0D%0Ac:d,e");
        assert_eq!(escape_property("a%b\r\nc:d,e"), "a%25b%0D%0Ac%3Ad%2Ce");
    }

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(path_to_uri("a b/c:d#e?.json"), "a%20b/c%3Ad%23e%3F.json");
        assert_eq!(path_to_uri("ü.json"), "%C3%BC.json");
    }

    #[test]
    fn rules_come_from_docs_errors() {
        let json = rules().iter().find(|r| r.id == "JSON_ROOT").unwrap();
        assert_eq!(json.help, "the root of the document is not an object");
        assert_eq!(json.level, "error");
        assert!(rules().iter().any(|r| r.level == "warning"));
    }
}
