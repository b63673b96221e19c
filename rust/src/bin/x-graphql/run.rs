//! `x-graphql convert`: options, one input or a tree, output, exit codes.
//! Follows `runConvert`, `convertOne` and `convertTree` in js/src/cli.ts.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::Value;
use x_graphql::{ConversionDirection, ConversionError, Converter, ConverterOptions, Diagnostic};

use crate::args::{parse_args, Action, ConvertFlags};
use crate::files::{self, is_dir, read_input, read_stdin, stat, write_atomic};
use crate::node::{self, errno_text, Syscall};
use crate::parallel;
use crate::{
    json_parse, one_line, panic_message, say, usage_line, write_stdout, CliError, IoError, UsageError, EXIT_INVALID_INPUT,
    EXIT_IO, EXIT_OK, EXIT_USAGE, STDIN_NAME,
};

/// Runs the tool on `args` (without the program name) and returns the exit code.
pub fn main(args: &[String]) -> i32 {
    let result = match parse_args(args) {
        Err(e) => Err(CliError::Usage(e)),
        Ok(Action::Print { text, to_stderr, exit }) => {
            if to_stderr {
                eprint_text(&text);
                return exit;
            }
            return match write_stdout(&text) {
                Ok(()) => exit,
                Err(code) => code,
            };
        }
        Ok(Action::Convert(flags)) => run_convert(&flags),
    };
    match result {
        Ok(code) => code,
        Err(CliError::Usage(e)) => {
            say(&usage_line(&e));
            EXIT_USAGE
        }
        Err(CliError::Io(e)) => {
            say(&format!("{}: error[IO] {}", e.where_, one_line(&e.message)));
            EXIT_IO
        }
    }
}

fn eprint_text(text: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes());
    let _ = err.flush();
}

/// `<file>:<line>:<column>: error[CODE] message` (position left out when unknown).
pub fn format_diagnostic(d: &Diagnostic, where_: &str) -> String {
    let mut pos = String::new();
    if let Some(line) = d.line {
        pos = format!(":{line}");
        if let Some(column) = d.column {
            pos.push_str(&format!(":{column}"));
        }
    }
    format!("{where_}{pos}: {}[{}] {}", d.severity.as_str(), d.code, one_line(&d.message))
}

// ---------------------------------------------------------------------------
// Options

/// Options the CLI derives from `-i` itself; a config file may not set them.
const DERIVED_OPTIONS: [&str; 3] = ["fileName", "baseDir", "inputDir"];

fn read_config(file: &str) -> Result<ConverterOptions, CliError> {
    let text = files::read_text(file).map_err(|(e, call)| IoError {
        message: format!("cannot read config: {}", errno_text(&e, call)),
        where_: file.to_string(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let value = json_parse::parse(text).map_err(|m| {
        UsageError::new(format!("config file is not valid JSON: {m}"), Some(file.to_string()), "USAGE")
    })?;
    let Value::Object(map) = &value else {
        return Err(UsageError::new(
            "config file must hold a JSON object of converter options",
            Some(file.to_string()),
            "USAGE",
        )
        .into());
    };
    for key in DERIVED_OPTIONS {
        if map.contains_key(key) {
            return Err(UsageError::new(
                format!("option '{key}' cannot be set in a config file (the CLI derives it from -i)"),
                Some(file.to_string()),
                "USAGE",
            )
            .into());
        }
    }
    // The library is the one judge of option names and values.
    let checked = ConverterOptions::from_json(&value)
        .and_then(|options| Converter::with_options(options.clone()).map(|_| options))
        .map_err(|e| UsageError::new(e.message, Some(file.to_string()), e.code))?;
    Ok(checked)
}

/// defaults < config file < command-line flags (only flags actually given count).
fn converter_options(flags: &ConvertFlags) -> Result<ConverterOptions, CliError> {
    let mut options = match &flags.config {
        Some(file) => read_config(file)?,
        None => ConverterOptions::default(),
    };
    if let Some(n) = flags.description_block_threshold {
        options.description_block_threshold = Some(n as f64);
    }
    if flags.emit_empty_types {
        options.emit_empty_types = Some(true);
    }
    if let Some(n) = flags.inline_object_threshold {
        options.inline_object_threshold = Some(n as f64);
    }
    if let Some(mode) = &flags.ref_naming {
        options.ref_naming = Some(mode.clone());
    }
    if flags.no_federation_link {
        options.federation_link = Some(false);
    }
    if flags.strict {
        options.strict = Some(true);
    }
    if flags.validate {
        options.validate = Some(true);
    }
    Ok(options)
}

// ---------------------------------------------------------------------------
// Conversion

struct Job {
    /// The input as the user wrote it; `None` for stdin.
    file_name: Option<String>,
    /// The folder file refs may not leave.
    base_dir: String,
    /// The input's own folder, when it differs from `base_dir` (`-r`).
    input_dir: Option<String>,
    text: String,
}

impl Job {
    fn name(&self) -> &str {
        self.file_name.as_deref().unwrap_or(STDIN_NAME)
    }

    /// How a diagnostic's `file` is shown: refs are named relative to
    /// `base_dir`, shown relative to the working folder.
    fn where_of(&self, file: Option<&str>) -> String {
        match file {
            None => self.name().to_string(),
            Some(f) if Some(f) == self.file_name.as_deref() => self.name().to_string(),
            Some(f) => node::join(&[&self.base_dir, f]),
        }
    }
}

enum Outcome {
    Ok(String),
    Failed(i32),
}

/// Converts one input; prints warnings and the error (if any) to stderr.
fn convert_one(base: &ConverterOptions, job: &Job, direction: &str) -> Result<Outcome, CliError> {
    convert_one_to(base, job, direction, &mut |line| say(&line))
}

/// `convert_one`, with the stderr lines passed to `report` (`-r` on threads keeps them
/// until the file's turn comes).
fn convert_one_to(
    base: &ConverterOptions,
    job: &Job,
    direction: &str,
    report: &mut dyn FnMut(String),
) -> Result<Outcome, CliError> {
    let mut options = base.clone();
    options.base_dir = Some(job.base_dir.clone());
    if let Some(dir) = &job.input_dir {
        options.input_dir = Some(dir.clone());
    }
    if let Some(name) = &job.file_name {
        options.file_name = Some(name.clone());
    }
    let attempt = catch_unwind(AssertUnwindSafe(|| {
        let converter = Converter::with_options(options)?;
        let direction: ConversionDirection = direction.parse()?;
        converter.convert_with_warnings(&job.text, direction)
    }));
    let result: Result<_, ConversionError> = match attempt {
        Ok(result) => result,
        Err(payload) => {
            report(format!("{}: internal error: {}", job.name(), one_line(&panic_message(payload.as_ref()))));
            return Ok(Outcome::Failed(EXIT_INVALID_INPUT));
        }
    };
    match result {
        Ok(result) => {
            for w in &result.warnings {
                report(format_diagnostic(w, &job.where_of(w.file.as_deref())));
            }
            Ok(Outcome::Ok(result.sdl))
        }
        Err(e) => {
            if e.code == "INVALID_OPTION" || e.code == "UNSUPPORTED_DIRECTION" {
                return Err(UsageError::new(e.message, Some(job.name().to_string()), e.code).into());
            }
            report(format_diagnostic(&e.to_diagnostic(), &job.where_of(e.file.as_deref())));
            Ok(Outcome::Failed(if e.code == "IO" { EXIT_IO } else { EXIT_INVALID_INPUT }))
        }
    }
}

/// Source file extensions and the target extension of a direction.
fn extensions(direction: &str) -> (&'static [&'static str], &'static str) {
    if direction == "graphql-to-json" {
        (&[".graphql", ".gql"], ".json")
    } else {
        (&[".json"], ".graphql")
    }
}

fn rename_ext(name: &str, from: &[&str], to: &str) -> String {
    let stem = from.iter().find_map(|ext| name.strip_suffix(ext)).unwrap_or(name);
    format!("{stem}{to}")
}

fn run_convert(flags: &ConvertFlags) -> Result<i32, CliError> {
    let input = flags.input.as_deref().filter(|i| *i != "-");
    if flags.recursive {
        let Some(input) = input else {
            return Err(UsageError::new("-r needs -i <folder>", None, "USAGE").into());
        };
        let Some(output) = flags.output.as_deref() else {
            return Err(UsageError::new("-r needs -o <folder>", None, "USAGE").into());
        };
        if stat(input).is_some_and(|m| !m.is_dir()) {
            return Err(UsageError::new(format!("-r needs a folder, but {input} is a file"), None, "USAGE").into());
        }
        if stat(output).is_some_and(|m| !m.is_dir()) {
            let message = format!("-r needs an output folder, but {output} is a file");
            return Err(UsageError::new(message, None, "USAGE").into());
        }
    } else if let Some(input) = input {
        if is_dir(input) {
            let message = format!("{input} is a folder; use -r to convert a folder");
            return Err(UsageError::new(message, None, "USAGE").into());
        }
    }

    let base = converter_options(flags)?;
    if let Err(e) = Converter::with_options(base.clone()) {
        return Err(UsageError::new(e.message, None, e.code).into());
    }

    if flags.recursive {
        if let (Some(input), Some(output)) = (input, flags.output.as_deref()) {
            return convert_tree(&base, input, output, &flags.direction);
        }
    }

    let job = match input {
        None => Job { file_name: None, base_dir: ".".to_string(), input_dir: None, text: read_stdin()? },
        Some(file) => Job {
            file_name: Some(file.to_string()),
            base_dir: node::dirname(file),
            input_dir: None,
            text: read_input(file)?,
        },
    };
    let text = match convert_one(&base, &job, &flags.direction)? {
        Outcome::Ok(text) => text,
        Outcome::Failed(code) => return Ok(code),
    };

    let Some(output) = flags.output.as_deref() else {
        return Ok(match write_stdout(&text) {
            Ok(()) => EXIT_OK,
            Err(code) => code,
        });
    };
    let mut target = output.to_string();
    if is_dir(&target) {
        let Some(input) = input else {
            let message = "-o names a folder, but stdin has no file name to mirror";
            return Err(UsageError::new(message, None, "USAGE").into());
        };
        let (from, to) = extensions(&flags.direction);
        target = node::join(&[&target, &rename_ext(&node::basename(input), from, to)]);
    }
    write_atomic(&target, &text)?;
    Ok(EXIT_OK)
}

/// What became of one file of a tree, before anything is printed or written.
enum Prepared {
    /// The file could not be read (the message).
    Unreadable(String),
    Converted(Outcome),
}

struct PreparedFile {
    rel: String,
    file_name: String,
    /// Its stderr lines (warnings, the error), printed when its turn comes.
    lines: Vec<String>,
    outcome: Result<Prepared, CliError>,
}

/// Reads and converts one file of a `-r` tree; prints nothing (any thread).
fn prepare_file(base: &ConverterOptions, in_root: &str, rel: &str, direction: &str) -> PreparedFile {
    let file_name = node::join(&[in_root, rel]);
    let mut lines = Vec::new();
    let outcome = match files::read_text(&file_name) {
        Err((e, call)) => Ok(Prepared::Unreadable(format!("cannot read input: {}", errno_text(&e, call)))),
        Ok(text) => {
            // Refs resolve from each file's own folder and may reach anywhere inside the -i tree.
            let job = Job {
                input_dir: Some(node::dirname(&file_name)),
                file_name: Some(file_name.clone()),
                base_dir: in_root.to_string(),
                text,
            };
            convert_one_to(base, &job, direction, &mut |line| lines.push(line)).map(Prepared::Converted)
        }
    };
    PreparedFile { rel: rel.to_string(), file_name, lines, outcome }
}

/// `-r`: converts every input file of a tree into a mirror tree; goes on past failures.
fn convert_tree(base: &ConverterOptions, in_root: &str, out_root: &str, direction: &str) -> Result<i32, CliError> {
    let (from, to) = extensions(direction);
    let mut converted = 0usize;
    let mut invalid = 0usize;
    let mut io = 0usize;
    let io_failure = |io: &mut usize, where_: &str, message: &str| {
        say(&format!("{where_}: error[IO] {}", one_line(message)));
        *io += 1;
    };
    if stat(in_root).is_none() {
        // Reading the folder reports the reason (missing, not permitted).
        if let Err(e) = std::fs::read_dir(in_root) {
            return Err(IoError {
                message: format!("cannot read folder: {}", errno_text(&e, Syscall::new("scandir", in_root))),
                where_: in_root.to_string(),
            }
            .into());
        }
    }
    let mut walk_failures = 0usize;
    // Output path -> the input written there (`a.graphql` and `a.gql` would both give `a.json`).
    let mut written: HashMap<String, String> = HashMap::new();
    let found = files::walk(in_root, from, &mut |where_, e| {
        let message = format!("cannot read folder: {}", errno_text(e, Syscall::new("scandir", where_)));
        io_failure(&mut walk_failures, where_, &message);
    })?;
    io += walk_failures;
    // Read and convert on worker threads (parallel.rs); report and write here, in file order.
    let threads = parallel::threads_for(found.len());
    let prepare = |rel: &String| prepare_file(base, in_root, rel, direction);
    parallel::for_each_ordered(&found, threads, prepare, |prepared| -> Result<(), CliError> {
        let PreparedFile { rel, file_name, lines, outcome } = prepared;
        for line in &lines {
            say(line);
        }
        let text = match outcome? {
            Prepared::Unreadable(message) => {
                io_failure(&mut io, &file_name, &message);
                return Ok(());
            }
            Prepared::Converted(Outcome::Ok(text)) => text,
            Prepared::Converted(Outcome::Failed(code)) => {
                if code == EXIT_IO {
                    io += 1;
                } else {
                    invalid += 1;
                }
                return Ok(());
            }
        };
        let target = node::join(&[out_root, &rename_ext(&rel, from, to)]);
        if let Some(earlier) = written.get(&target) {
            let message = format!("cannot write output: {target} was already written from {earlier}");
            io_failure(&mut io, &file_name, &message);
            return Ok(());
        }
        let folder = node::dirname(&target);
        if let Err(e) = std::fs::create_dir_all(&folder) {
            let message = format!("cannot create folder: {}", errno_text(&e, Syscall::new("mkdir", &folder)));
            io_failure(&mut io, &folder, &message);
            return Ok(());
        }
        if let Err(e) = write_atomic(&target, &text) {
            io_failure(&mut io, &e.where_, &e.message);
            return Ok(());
        }
        written.insert(target, file_name);
        converted += 1;
        Ok(())
    })?;
    let failed = invalid + io;
    say(&format!("converted {converted} file{}, {failed} failed", if converted == 1 { "" } else { "s" }));
    Ok(if invalid > 0 {
        EXIT_INVALID_INPUT
    } else if io > 0 {
        EXIT_IO
    } else {
        EXIT_OK
    })
}
