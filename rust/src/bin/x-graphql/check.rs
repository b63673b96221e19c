//! `x-graphql validate json-schema|graphql <path>` and `x-graphql migrate <path>`:
//! inputs, output, exit codes (record 0036). Follows js/src/cli-check.ts line
//! for line, so both CLIs print the same bytes.

use x_graphql::{
    migrate, summarize, validate_graphql, validate_json_schema, FileReport,
    Severity, ValidateOptions,
};

use crate::args_check::{MigrateFlags, ValidateFlags, MIGRATE_HINT};
use crate::argv::arg_path;
use crate::files::{self, write_atomic};
use crate::glob::Selection;
use std::path::PathBuf;
use crate::node::{self, errno_text, Syscall};
use crate::progress::Progress;
use crate::report::render_report;
use crate::run::format_diagnostic;
use crate::terminal::{self, code_frame, paint_line, use_color, SourceSpot, Terminal};
use std::collections::HashMap;
use std::io::IsTerminal;
use crate::{say, write_stdout, CliError, IoError, UsageError, EXIT_INVALID_INPUT, EXIT_IO, EXIT_OK, STDIN_NAME};

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn usage(message: String, hint: &'static str) -> UsageError {
    UsageError { message, where_: None, code: "USAGE".to_string(), hint }
}

/// An input: its name as printed and given to the library (lossy), and the path it is
/// opened and written by (its bytes when they are not UTF-8: record 0070).
struct InputFile {
    name: String,
    path: PathBuf,
    /// `-`: standard input, printed as `<stdin>` (record 0083).
    stdin: bool,
}

/// The inputs of a command: one file, or (-r) every matching file of a folder,
/// with the folder file refs may not leave, and the folders that could not be read.
fn inputs(
    target: &str,
    (recursive, include, exclude): (bool, &[String], &[String]),
    exts: &[&str],
    verb: &str,
    hint: &'static str,
) -> Result<(Vec<InputFile>, String, usize), CliError> {
    let sel = Selection::of_flags(recursive, include, exclude).map_err(|m| usage(m, hint))?;
    if target == "-" {
        // Standard input, for editors that pipe a buffer (record 0083); refs resolve from the current folder.
        if recursive {
            return Err(usage("-r needs a folder, but - is standard input".to_string(), hint).into());
        }
        let stdin = InputFile { name: STDIN_NAME.to_string(), path: PathBuf::from("-"), stdin: true };
        return Ok((vec![stdin], ".".to_string(), 0));
    }
    let st = std::fs::metadata(arg_path(target)).ok();
    if recursive {
        if st.as_ref().is_some_and(|m| !m.is_dir()) {
            return Err(usage(format!("-r needs a folder, but {target} is a file"), hint).into());
        }
        if st.is_none() {
            if let Err(e) = std::fs::read_dir(target) {
                return Err(IoError {
                    message: format!("cannot read folder: {}", errno_text(&e, Syscall::new("scandir", target))),
                    where_: target.to_string(),
                }
                .into());
            }
        }
        let mut io = 0usize;
        let term = terminal::current();
        let found = files::walk(
            target,
            exts,
            &mut |where_, e| {
                say(&format!("{where_}: error[IO] cannot read folder: {}", errno_text(e, Syscall::new("scandir", where_))));
                io += 1;
            },
            // A link out of the folder is not read (record 0070).
            &mut |where_, message| term.warning(&format!("{where_}: warning[LINK_OUTSIDE] {message}")),
            Some(&sel),
        )?;
        let list = found.into_iter().map(|(name, path)| InputFile { name, path, stdin: false }).collect();
        return Ok((list, target.to_string(), io));
    }
    if st.is_some_and(|m| m.is_dir()) {
        let word = verb.split(' ').next().unwrap_or(verb);
        return Err(usage(format!("{target} is a folder; use -r to {word} a folder"), hint).into());
    }
    let file = InputFile { name: target.to_string(), path: arg_path(target), stdin: false };
    Ok((vec![file], node::dirname(target), 0))
}

fn read_or_say(file: &InputFile) -> Option<String> {
    match files::read_path(&file.path, &file.name) {
        Ok(text) => Some(text),
        Err((e, call)) => {
            say(&format!("{}: error[IO] cannot read input: {}", file.name, errno_text(&e, call)));
            None
        }
    }
}

/// A single input that cannot be read is an I/O error of the command (exit 3).
fn read_single(file: &InputFile) -> Result<String, IoError> {
    if file.stdin {
        return files::read_stdin();
    }
    files::read_path(&file.path, &file.name).map_err(|(e, call)| IoError {
        message: format!("cannot read input: {}", errno_text(&e, call)),
        where_: file.name.clone(),
    })
}

fn stdout(text: &str) -> Result<(), i32> {
    write_stdout(text)
}

/// The human report's look on stdout (record 0050): plain lines through a
/// pipe or into a file; on a terminal coloured (the --color / NO_COLOR rule,
/// judged for stdout) with a code frame under every error. Returns (colour, frames).
fn report_style(flags: &ValidateFlags) -> (bool, bool) {
    let tty = std::io::stdout().is_terminal();
    let env = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
    (tty && use_color(Some(&flags.color), &env, true), tty)
}

/// The source text a problem points into (read once; a ref'd file is read when needed).
fn source_of<'a>(sources: &'a mut HashMap<String, Option<String>>, file: &str) -> Option<&'a str> {
    sources.entry(file.to_string()).or_insert_with(|| files::read_text(file).ok()).as_deref()
}

pub fn run_validate(flags: &ValidateFlags) -> Result<i32, CliError> {
    let term = terminal::set_current(Terminal::for_flags(Some(&flags.color), flags.quiet));
    let (kind, exts, hint): (&str, &[&str], &'static str) = if flags.graphql {
        ("graphql", &[".graphql", ".gql"], "see x-graphql validate graphql --help")
    } else {
        ("json-schema", &[".json"], "see x-graphql validate json-schema --help")
    };
    let (list, base_dir, mut io) = inputs(&flags.path, (flags.recursive, &flags.include, &flags.exclude), exts, &format!("validate {kind}"), hint)?;
    let mut reports: Vec<FileReport> = Vec::new();
    let mut sources: HashMap<String, Option<String>> = HashMap::new();
    let progress = Progress::new(&term, list.len(), "validating");
    for input in &list {
        let file = &input.name;
        let text = if flags.recursive {
            match read_or_say(input) {
                Some(text) => text,
                None => {
                    io += 1;
                    progress.done(true);
                    continue;
                }
            }
        } else {
            read_single(input)?
        };
        let options = ValidateOptions {
            file_name: Some(file.clone()),
            base_dir: Some(base_dir.clone()),
            input_dir: Some(node::dirname(file)),
            strict: flags.strict,
        };
        let one = if flags.graphql { validate_graphql(&text, &options) } else { validate_json_schema(&text, &options) };
        progress.done(!one.valid);
        reports.push(one);
        sources.insert(file.clone(), Some(text));
    }
    progress.finish();
    let report = summarize(reports);
    if flags.format != "text" {
        if let Err(code) = stdout(&render_report(&flags.format, &report, &base_dir)) {
            return Ok(code);
        }
    } else {
        let (color, frames) = report_style(flags);
        let mut lines = String::new();
        for f in &report.files {
            for p in &f.problems {
                // --quiet: errors only (a warning under --strict has severity error).
                let is_error = p.severity == Severity::Error;
                if flags.quiet && !is_error {
                    continue;
                }
                let where_ = match &p.file {
                    None => f.path.clone(),
                    Some(other) => node::join(&[&base_dir, other]),
                };
                let d = p.to_diagnostic();
                lines.push_str(&paint_line(&format_diagnostic(&d, &where_), color));
                lines.push('\n');
                if frames && is_error {
                    if let Some(text) = source_of(&mut sources, &where_) {
                        let frame = code_frame(&SourceSpot { text, line: Some(p.line), column: Some(p.column) }, color);
                        if !frame.is_empty() {
                            lines.push_str(&frame);
                            lines.push('\n');
                        }
                    }
                }
            }
        }
        if let Err(code) = stdout(&lines) {
            return Ok(code);
        }
        let s = &report.summary;
        term.info(&format!(
            "validated {}: {} valid, {} invalid ({}, {})",
            plural(s.files, "file"),
            s.valid,
            s.files - s.valid,
            plural(s.errors, "error"),
            plural(s.warnings, "warning")
        ));
    }
    Ok(if report.summary.valid < report.summary.files {
        EXIT_INVALID_INPUT
    } else if io > 0 {
        EXIT_IO
    } else {
        EXIT_OK
    })
}

pub fn run_migrate(flags: &MigrateFlags) -> Result<i32, CliError> {
    if flags.check && flags.write {
        return Err(usage("--check and -w cannot be used together".to_string(), MIGRATE_HINT).into());
    }
    if flags.recursive && !flags.check && !flags.write {
        return Err(usage("-r needs -w or --check".to_string(), MIGRATE_HINT).into());
    }
    if flags.path == "-" && flags.write {
        let message = "-w cannot rewrite standard input; leave -w out to print the migrated document";
        return Err(usage(message.to_string(), MIGRATE_HINT).into());
    }
    let term = terminal::set_current(Terminal::for_flags(Some(&flags.color), flags.quiet));
    let (list, _, mut io) = inputs(&flags.path, (flags.recursive, &flags.include, &flags.exclude), &[".json"], "migrate", MIGRATE_HINT)?;
    let mut invalid = 0usize;
    let mut changed = 0usize;
    let progress = Progress::new(&term, list.len(), "migrating");
    for input in &list {
        let file = &input.name;
        let text = if flags.recursive {
            match read_or_say(input) {
                Some(text) => text,
                None => {
                    io += 1;
                    progress.done(true);
                    continue;
                }
            }
        } else {
            read_single(input)?
        };
        let result = match migrate(&text, Some(file)) {
            Ok(result) => result,
            Err(e) => {
                let d = e.to_diagnostic();
                let spot = d.line().map(|_| SourceSpot { text: &text, line: d.line(), column: d.column() });
                term.error(&format_diagnostic(&d, file), spot.as_ref());
                invalid += 1;
                progress.done(true);
                continue;
            }
        };
        let n = result.changes.len();
        if n > 0 {
            changed += 1;
        }
        if flags.check {
            // What --check is run for: kept under --quiet (record 0050).
            if n > 0 {
                say(&format!("{file}: needs migration ({})", plural(n, "change")));
            }
        } else if flags.write {
            if n > 0 {
                if let Err(e) = write_atomic(&input.path, &result.output) {
                    say(&format!("{file}: error[IO] {}", e.message));
                    io += 1;
                    progress.done(true);
                    continue;
                }
                term.info(&format!("{file}: migrated ({})", plural(n, "change")));
            }
        } else if let Err(code) = stdout(&result.output) {
            return Ok(code);
        }
        progress.done(false);
    }
    progress.finish();
    if flags.recursive {
        let verb = if flags.check { "need migration" } else { "migrated" };
        term.info(&format!("{changed} of {} {verb}, {} failed", plural(list.len(), "file"), invalid + io));
    }
    Ok(if invalid > 0 {
        EXIT_INVALID_INPUT
    } else if io > 0 {
        EXIT_IO
    } else if flags.check && changed > 0 {
        EXIT_INVALID_INPUT
    } else {
        EXIT_OK
    })
}
