//! `convert --bundle` (record 0090): several files, or the files of folders, into one
//! output. The twin of js/src/cli-bundle.ts.
//!
//! The inputs are the `-i`s and the arguments, in any order: a folder gives its files
//! of the direction's extensions, walked as `-r` walks (paths.rs: sorted, no
//! `node_modules` or dot-folders, a link out of the folder skipped with LINK_OUTSIDE).
//! The base folder (what file `$ref`s may not leave, and what each input's path in the
//! bundle is relative to) is the deepest folder holding every input: a folder input
//! holds itself. Diagnostics name files as the base joined to that path.

use std::path::PathBuf;

use x_graphql::__private::path_resolve;
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::{BundleInput, ConversionDirection};

use crate::argv::arg_path;
use crate::direction::{direction_of_name, output_extension_warning};
use crate::files::{self, write_atomic};
use crate::node::{self, errno_text, Syscall};
use crate::paths::{self, TreeInputCheck};
use crate::run::format_diagnostic;
use crate::terminal::{self, SourceSpot};
use crate::{say, write_stdout, CliError, IoError, UsageError, EXIT_INVALID_INPUT, EXIT_IO, EXIT_OK};

/// One input file: its name as shown, the path it is opened by, its place below the base folder.
struct Listed {
    shown: String,
    open: PathBuf,
    segments: Vec<String>,
}

fn usage(message: impl Into<String>) -> CliError {
    UsageError::new(message, None, "USAGE").into()
}

fn is_folder(input: &str) -> bool {
    std::fs::metadata(arg_path(input)).is_ok_and(|m| m.is_dir())
}

pub fn run_bundle(
    inputs: &[String],
    output: Option<&str>,
    given: Option<&str>,
    base: &ConverterOptions,
) -> Result<i32, CliError> {
    if inputs.is_empty() {
        return Err(usage("--bundle needs inputs: -i <file|folder> (repeatable) or arguments"));
    }
    if inputs.iter().any(|i| i == "-") {
        return Err(usage("--bundle reads files, not standard input"));
    }
    if let Some(output) = output.filter(|o| files::is_dir(o)) {
        return Err(usage(format!("--bundle writes one file, but -o {output} is a folder")));
    }
    let first_file = inputs.iter().find(|i| !is_folder(i));
    let direction =
        given.or_else(|| first_file.and_then(|f| direction_of_name(f))).unwrap_or("json-to-graphql");
    let exts: &[&str] = if direction == "graphql-to-json" { &[".graphql", ".gql"] } else { &[".json"] };
    let absolute = inputs.iter().any(|i| i.starts_with('/'));
    let place = |p: &str| -> Vec<String> {
        let n = if absolute { path_resolve(&[p]) } else { node::normalize(p) };
        // No empty segments (separators), and no leading `.` (normalize leaves it only alone).
        let kept = |(i, s): &(usize, &str)| !(s.is_empty() || (*i == 0 && *s == "."));
        n.split('/').enumerate().filter(kept).map(|(_, s)| s.to_string()).collect()
    };
    let term = terminal::current();
    let mut files: Vec<Listed> = Vec::new();
    // The folder each input says the base must hold.
    let mut holders: Vec<Vec<String>> = Vec::new();
    let mut io = 0;
    for input in inputs {
        if is_folder(input) {
            holders.push(place(input));
            let root_error = |e: &std::io::Error| IoError {
                message: format!("cannot read folder: {}", errno_text(e, Syscall::new("scandir", input))),
                where_: input.clone(),
            };
            let rels = paths::walk_bytes(
                input,
                exts,
                &mut |where_, e| {
                    say(&format!("{where_}: error[IO] cannot read folder: {}", errno_text(e, Syscall::new("scandir", where_))));
                    io += 1;
                },
                &root_error,
                None,
            )?;
            for rel in rels {
                let file = paths::join_under(input, &rel);
                let shown = paths::lossy(&file);
                match paths::check_tree_input(input, &file) {
                    TreeInputCheck::Outside(message) => {
                        term.warning(&format!("{shown}: warning[LINK_OUTSIDE] {message}"));
                        continue;
                    }
                    TreeInputCheck::Unreadable(message) => {
                        say(&format!("{shown}: error[IO] {message}"));
                        io += 1;
                        continue;
                    }
                    TreeInputCheck::Read => {}
                }
                let mut segments = place(input);
                segments.extend(paths::lossy(std::path::Path::new(&rel)).split('/').map(str::to_string));
                files.push(Listed { shown, open: file, segments });
            }
        } else {
            let segments = place(input);
            holders.push(segments[..segments.len().saturating_sub(1)].to_vec());
            files.push(Listed { shown: input.clone(), open: arg_path(input), segments });
        }
    }
    if io > 0 {
        return Ok(EXIT_IO);
    }
    // The deepest folder that holds every input.
    let mut common: Vec<String> = holders.first().cloned().unwrap_or_default();
    for h in holders.iter().skip(1) {
        let same = common.iter().zip(h).take_while(|(a, b)| a == b).count();
        common.truncate(same);
    }
    let base_dir = if absolute {
        format!("/{}", common.join("/"))
    } else if common.is_empty() {
        ".".to_string()
    } else {
        common.join("/")
    };
    let mut bundle: Vec<BundleInput> = Vec::new();
    for f in &files {
        let text = match files::read_path(&f.open, &f.shown) {
            Ok(text) => text,
            Err((e, call)) => {
                say(&format!("{}: error[IO] cannot read input: {}", f.shown, errno_text(&e, call)));
                return Ok(EXIT_IO);
            }
        };
        bundle.push(BundleInput { path: f.segments[common.len()..].join("/"), text });
    }
    if bundle.is_empty() {
        return Err(usage(format!("--bundle found no {} file in {}", exts.join(" or "), inputs.join(", "))));
    }
    let shown_of = |file: Option<&str>| match file {
        None => base_dir.clone(),
        Some(f) => node::join(&[&base_dir, f]),
    };
    let mut options = base.clone();
    options.base_dir = Some(base_dir.clone());
    let converter = Converter::with_options(options).map_err(|e| usage(e.message()))?;
    let direction_value: ConversionDirection = direction.parse().map_err(|e: x_graphql::ConversionError| usage(e.message()))?;
    let result = match converter.convert_bundle(&bundle, direction_value) {
        Ok(result) => result,
        Err(e) => {
            if e.code() == "INVALID_OPTION" {
                return Err(usage(e.message()));
            }
            let d = e.to_diagnostic();
            let shown = shown_of(d.file());
            let text = d.line().and_then(|_| files::read_text(&shown).ok());
            let spot = text.as_deref().map(|text| SourceSpot { text, line: d.line(), column: d.column() });
            term.error(&format_diagnostic(&d, &shown), spot.as_ref());
            return Ok(EXIT_INVALID_INPUT);
        }
    };
    for w in &result.warnings {
        term.warning(&format_diagnostic(w, &shown_of(w.file())));
    }
    let Some(output) = output else {
        return Ok(match write_stdout(&result.output) {
            Ok(()) => EXIT_OK,
            Err(code) => code,
        });
    };
    if let Some(warning) = output_extension_warning(output, direction) {
        term.warning(&warning);
    }
    write_atomic(output, &result.output)?;
    Ok(EXIT_OK)
}
