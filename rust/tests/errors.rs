//! The catalogue of bad inputs, fixtures/errors (format in its README), through
//! the Rust library: the same code, pointer, line and column as
//! js/test/error-cases.test.ts asks of the TypeScript library (which also runs
//! both CLIs over every case). CLI-only cases (`"library": false`) are skipped.
//! Every case runs; the test fails at the end with one entry per mismatch.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use x_graphql::__private::locate_diagnostics;
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::ConversionDirection;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("fixtures").join("errors")
}

fn read_json(path: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display())))
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The twin of `generate` in js/test/generate-input.ts: prefix + open*depth +
/// inner + close*depth + suffix, or prefix + item(i)*count + suffix.
fn generate(spec: &Value) -> String {
    let mut out = String::from(str_of(spec, "prefix"));
    if let Some(item) = spec.get("item").and_then(Value::as_str) {
        let count = spec.get("count").and_then(Value::as_u64).unwrap_or(0);
        for i in 0..count {
            out.push_str(&item.replace("{i}", &i.to_string()).replace("{next}", &(i + 1).to_string()));
        }
    } else {
        let depth = spec.get("depth").and_then(Value::as_u64).unwrap_or(0) as usize;
        out.push_str(&str_of(spec, "open").repeat(depth));
        out.push_str(str_of(spec, "inner"));
        out.push_str(&str_of(spec, "close").repeat(depth));
    }
    out.push_str(str_of(spec, "suffix"));
    out
}

/// The input text and its extension (`json` or `graphql`).
fn input_of(dir: &Path) -> Option<(String, String)> {
    if let Some(spec) = read_json(&dir.join("input.gen.json")) {
        return Some((generate(&spec), str_of(&spec, "ext").to_string()));
    }
    for ext in ["json", "graphql"] {
        if let Ok(bytes) = std::fs::read(dir.join(format!("input.{ext}"))) {
            return Some((String::from_utf8_lossy(&bytes).into_owned(), ext.to_string()));
        }
    }
    None
}

/// Newline characters, and the code points of the longest line.
fn shape(text: &str) -> (u64, u64) {
    let lines: Vec<&str> = text.split('\n').collect();
    let longest = lines.iter().map(|l| l.chars().count() as u64).max().unwrap_or(0);
    ((lines.len() - 1) as u64, longest)
}

fn opt_usize(v: &Value, key: &str) -> Option<usize> {
    v.get(key).and_then(Value::as_u64).map(|n| n as usize)
}

/// How the input reaches the converter: lent (`convert_with_warnings`), or given
/// (`convert_given`, the CLI's large files), its diagnostics then located by
/// `locate_diagnostics` in the same text: both must give the same positions.
#[derive(Clone, Copy, Debug)]
enum Mode {
    Lent,
    Given,
}

/// The problems of one case (empty when it passes).
fn check_case(dir: &Path, mode: Mode) -> Vec<String> {
    let args = read_json(&dir.join("args.json")).unwrap_or(Value::Object(Map::new()));
    if args.get("library") == Some(&Value::Bool(false)) {
        return Vec::new();
    }
    let Some((input, ext)) = input_of(dir) else {
        return vec!["no input".to_string()];
    };
    let mut options = args.get("options").cloned().unwrap_or(Value::Object(Map::new()));
    if let Value::Object(map) = &mut options {
        map.insert("baseDir".into(), Value::String(dir.to_string_lossy().into_owned()));
        map.insert("fileName".into(), Value::String(format!("input.{ext}")));
    }
    // An introspection result is JSON read in the graphql-to-json direction (record 0091).
    let direction = if ext == "graphql" || args.get("direction") == Some(&Value::String("graphql-to-json".into())) {
        ConversionDirection::GraphQLToJsonSchema
    } else {
        ConversionDirection::JsonSchemaToGraphQL
    };
    let file = format!("input.{ext}");
    let result = ConverterOptions::from_json(&options).and_then(Converter::with_options).and_then(|c| match mode {
        Mode::Lent => c.convert_output(&input, direction),
        Mode::Given => c.convert_output_given(input.clone(), direction).map_err(|mut e| {
            if let Some(d) = locate_diagnostics(&input, Some(&file), vec![e.to_diagnostic()]).pop() {
                e = d.into_error();
            }
            e
        }),
    });
    let error = read_json(&dir.join("expected-error.json"));
    match (result, error) {
        (Err(e), Some(want)) => {
            let got = (e.code().to_string(), e.pointer().map(str::to_string), e.line(), e.column());
            let want = (
                str_of(&want, "code").to_string(),
                want.get("pointer").and_then(Value::as_str).map(str::to_string),
                opt_usize(&want, "line"),
                opt_usize(&want, "column"),
            );
            if got == want {
                Vec::new()
            } else {
                vec![format!("error {got:?} ({}), expected {want:?}", e.message())]
            }
        }
        (Err(e), None) => vec![format!("unexpected error {} at {:?}: {}", e.code(), e.pointer(), e.message())],
        (Ok(_), Some(want)) => vec![format!("expected the error {}, got output", str_of(&want, "code"))],
        (Ok(result), None) => {
            if let Some(ok) = read_json(&dir.join("expected-ok.json")) {
                let want = (
                    ok.get("lines").and_then(Value::as_u64).unwrap_or(0),
                    ok.get("longestLine").and_then(Value::as_u64).unwrap_or(0),
                );
                let got = shape(&result.output);
                return if got == want { Vec::new() } else { vec![format!("output shape {got:?}, expected {want:?}")] };
            }
            let expected = ["expected.graphql", "expected.json"].iter().find_map(|f| std::fs::read_to_string(dir.join(f)).ok());
            match expected {
                Some(want) if want == result.output => Vec::new(),
                Some(want) => vec![format!("output differs:\n--- expected\n{want}\n--- got\n{}", result.output)],
                None => vec!["no expectation".to_string()],
            }
        }
    }
}

/// Copies `from` into `to` (files and folders; what a case folder holds).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("case copy");
    for entry in std::fs::read_dir(from).expect("case folder").flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("case file");
        }
    }
}

/// A case with `setup` steps (links, folders, FIFOs: nothing git can hold) runs in a
/// copy of its folder where they are done, as js/test/error-cases.test.ts's `prepare`.
fn prepared(dir: &Path) -> Option<PathBuf> {
    let args = read_json(&dir.join("args.json"))?;
    let steps = args.get("setup")?.as_array()?.clone();
    let name = dir.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let work = std::env::temp_dir().join(format!("x-graphql-errors-rs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    copy_tree(dir, &work);
    for step in steps {
        if let Some(link) = step.get("symlink").and_then(Value::as_str) {
            std::os::unix::fs::symlink(str_of(&step, "to"), work.join(link)).expect("setup symlink");
        } else if let Some(fifo) = step.get("fifo").and_then(Value::as_str) {
            let made = std::process::Command::new("mkfifo").arg(work.join(fifo)).status().expect("mkfifo");
            assert!(made.success(), "mkfifo {fifo}");
        } else if let Some(folder) = step.get("mkdir").and_then(Value::as_str) {
            std::fs::create_dir_all(work.join(folder)).expect("setup mkdir");
        }
    }
    Some(work)
}

/// `check_case` on a thread, given `limit`: a converter that blocks (opening a FIFO
/// waits for a writer) fails the case instead of hanging the test.
fn check_case_bounded(dir: &Path, mode: Mode, limit: std::time::Duration) -> Vec<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(check_case(&dir, mode));
    });
    rx.recv_timeout(limit).unwrap_or_else(|_| vec![format!("no answer within {limit:?} (blocked reading a file?)")])
}

#[test]
fn error_catalogue_cases() {
    let mut names: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("fixtures/errors")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    names.sort();
    assert!(names.len() >= 40, "only {} cases", names.len());
    let mut failures = Vec::new();
    for dir in &names {
        let work = prepared(dir);
        let case_dir = work.as_deref().unwrap_or(dir);
        for mode in [Mode::Lent, Mode::Given] {
            let problems = match work {
                Some(_) => check_case_bounded(case_dir, mode, std::time::Duration::from_secs(20)),
                None => check_case(case_dir, mode),
            };
            for problem in problems {
                failures.push(format!("{} ({mode:?}): {problem}", dir.file_name().unwrap_or_default().to_string_lossy()));
            }
        }
        if let Some(work) = work {
            let _ = std::fs::remove_dir_all(work);
        }
    }
    assert!(failures.is_empty(), "{} problem(s):\n{}", failures.len(), failures.join("\n"));
}
