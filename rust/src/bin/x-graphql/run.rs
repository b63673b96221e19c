//! `x-graphql convert`: options, one input or a tree, output, exit codes.
//! Follows `runConvert` and `convertOne` in js/src/cli.ts; `-r` is tree.rs,
//! `--watch` watch.rs.

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::SystemTime;

use x_graphql::__private::locate_diagnostics;
use x_graphql::__private::{Converter, ConverterOptions};
use x_graphql::{ConversionDirection, ConversionError, Diagnostic};

use crate::args::{parse_args, Action, ConvertFlags};
use crate::direction;
use crate::argv::arg_path;
use crate::files::{self, is_dir, read_input, read_stdin, stat, write_atomic};
use crate::node;
use crate::terminal::{self, SourceSpot, Terminal};
use crate::watch;
use crate::tree::convert_tree;
use crate::{
    one_line, panic_message, say, usage_line, write_stdout, CliError, UsageError, EXIT_INVALID_INPUT,
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
        Ok(Action::TypeSystem(flags)) => crate::typesys::run(&flags),
        Ok(Action::Validate(flags)) => crate::check::run_validate(&flags),
        Ok(Action::Migrate(flags)) => crate::check::run_migrate(&flags),
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
    d.format_at(where_)
}

// ---------------------------------------------------------------------------
// Options

/// defaults < config file < command-line flags (only flags actually given count).
fn converter_options(flags: &ConvertFlags) -> Result<ConverterOptions, CliError> {
    // --config's file, else x-graphql.config.json from the current folder up (record 0088, config.rs).
    let file = flags.config.clone().or_else(crate::config::find_config);
    let mut options = match &file {
        Some(file) => crate::config::read_config(file)?,
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
    // Record 0082: each --format-scalar adds to (or replaces one entry of) the config's map.
    if !flags.format_scalar.is_empty() {
        let mut map = match options.format_scalars.take() {
            Some(x_graphql::__private::json::Value::Object(map)) => map,
            _ => x_graphql::__private::json::Map::new(),
        };
        for (format, name) in &flags.format_scalar {
            map.insert(x_graphql::__private::json::Key::from(format.as_str()), x_graphql::__private::json::Value::String(name.as_str().into()));
        }
        options.format_scalars = Some(x_graphql::__private::json::Value::Object(map));
    }
    if flags.no_federation_link {
        options.federation_link = Some(false);
    }
    if let Some(version) = &flags.federation_version {
        options.federation_version = Some(version.clone());
    }
    if flags.strict {
        options.strict = Some(true);
    }
    if flags.validate {
        options.validate = Some(true);
    }
    if let Some(mode) = &flags.unresolved_refs {
        options.unresolved_refs = Some(mode.clone());
    }
    if let Some(mode) = &flags.mixed_unions {
        options.mixed_unions = Some(mode.clone());
    }
    if flags.explain_json {
        options.explain_json = Some(true);
    }
    Ok(options)
}

// ---------------------------------------------------------------------------
// Conversion

pub(crate) struct Job {
    /// The input as the user wrote it; `None` for stdin.
    pub(crate) file_name: Option<String>,
    /// The folder file refs may not leave.
    pub(crate) base_dir: String,
    /// The input's own folder, when it differs from `base_dir` (`-r`).
    pub(crate) input_dir: Option<String>,
    pub(crate) text: String,
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

/// The error's source text for its code frame: the job's text, or a ref'd file read again.
fn spot_text(job: &Job, d: &Diagnostic) -> Option<String> {
    d.line()?;
    match d.file() {
        None => Some(job.text.clone()),
        Some(f) if Some(f) == job.file_name.as_deref() => Some(job.text.clone()),
        Some(f) => files::read_text(&job.where_of(Some(f))).ok(),
    }
}

pub(crate) enum Outcome {
    Ok(String),
    Failed(i32),
}

/// Converts one input; prints warnings and the error (if any) to stderr.
pub(crate) fn convert_one(base: &ConverterOptions, job: Job, direction: &str) -> Result<Outcome, CliError> {
    convert_one_to(base, job, direction, &mut replay, false)
}

/// Inputs larger than this are handed to the converter, which frees their text once
/// it is parsed (`Converter::convert_output_given`): at N = 20,000 the text is 32 MB of the
/// peak memory. Positions in them are then found in the file read again, only when
/// a diagnostic needs one (`locate_again`); a small input is simply kept.
const GIVE_INPUT_BYTES: usize = 1 << 20;

/// What the CLI knows of an input it handed over, to tell whether the file read
/// again holds the same text: its size, and its modification time when it was read.
struct Given {
    len: usize,
    modified: Option<SystemTime>,
}

fn modified(file: &str) -> Option<SystemTime> {
    std::fs::metadata(file).and_then(|m| m.modified()).ok()
}

/// A given input's text back in its job, from the file read again (as `spot_text`
/// reads a ref'd file again for a code frame); false when the file cannot be read
/// or was changed meanwhile, and then no position is given rather than a wrong one.
fn read_again(job: &mut Job, given: &Given) -> bool {
    let Some(name) = job.file_name.as_deref() else { return false };
    if modified(name) != given.modified {
        return false;
    }
    match files::read_text(name) {
        Ok(text) if text.len() == given.len => {
            job.text = text;
            true
        }
        _ => false,
    }
}

/// Lines and columns for the diagnostics in a given input that lack them.
fn locate_again(job: &mut Job, given: &Given, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let wanted = diagnostics.iter().any(|d| d.file() == job.file_name.as_deref() && d.pointer().is_some() && d.line().is_none());
    if !wanted || !read_again(job, given) {
        return diagnostics;
    }
    locate_diagnostics(&job.text, job.file_name.as_deref(), diagnostics)
}

/// A stderr entry of one conversion: printed at once, or (`-r` on threads) kept
/// until the file's turn comes and replayed through the terminal then.
pub(crate) enum Report {
    Line(String),
    Warning(String),
    /// The error line, the text of the file it is in (for the code frame), its line and column.
    Error { line: String, text: Option<String>, at: (Option<usize>, Option<usize>) },
    /// A warning or the error as it is, for a report in another format than text (report.rs).
    Found(Diagnostic),
}

pub(crate) fn replay(entry: Report) {
    let term = terminal::current();
    match entry {
        Report::Line(line) => say(&line),
        Report::Warning(line) => term.warning(&line),
        Report::Error { line, text, at } => {
            let spot = text.as_deref().map(|text| SourceSpot { text, line: at.0, column: at.1 });
            term.error(&line, spot.as_ref());
        }
        Report::Found(_) => {}
    }
}

/// `convert_one`, with the stderr lines passed to `report` (`-r` on threads keeps them
/// until the file's turn comes).
pub(crate) fn convert_one_to(
    base: &ConverterOptions,
    mut job: Job,
    direction: &str,
    report: &mut dyn FnMut(Report),
    collect: bool,
) -> Result<Outcome, CliError> {
    let mut options = base.clone();
    options.base_dir = Some(job.base_dir.clone());
    if let Some(dir) = &job.input_dir {
        options.input_dir = Some(dir.clone());
    }
    if let Some(name) = &job.file_name {
        options.file_name = Some(name.clone());
    }
    let given = match job.file_name.as_deref() {
        Some(name) if job.text.len() > GIVE_INPUT_BYTES => Some(Given { len: job.text.len(), modified: modified(name) }),
        _ => None,
    };
    let input = if given.is_some() {
        crate::return_freed_memory_sooner();
        std::mem::take(&mut job.text)
    } else {
        String::new()
    };
    let attempt = catch_unwind(AssertUnwindSafe(|| {
        let converter = Converter::with_options(options)?;
        let direction: ConversionDirection = direction.parse()?;
        if given.is_some() {
            converter.convert_output_given(input, direction)
        } else {
            converter.convert_output(&job.text, direction)
        }
    }));
    let result: Result<_, ConversionError> = match attempt {
        Ok(result) => result,
        Err(payload) => {
            report(Report::Line(format!("{}: internal error: {}", job.name(), one_line(&panic_message(payload.as_ref())))));
            return Ok(Outcome::Failed(EXIT_INVALID_INPUT));
        }
    };
    match result {
        Ok(mut result) => {
            if let Some(given) = &given {
                result.warnings = locate_again(&mut job, given, result.warnings);
            }
            for w in &result.warnings {
                if collect {
                    report(Report::Found(w.clone()));
                } else {
                    report(Report::Warning(format_diagnostic(w, &job.where_of(w.file()))));
                }
            }
            Ok(Outcome::Ok(result.output))
        }
        Err(e) => {
            if e.code() == "INVALID_OPTION" || e.code() == "UNSUPPORTED_DIRECTION" {
                return Err(UsageError::new(e.message(), Some(job.name().to_string()), e.code().as_str()).into());
            }
            let mut d = e.to_diagnostic();
            // A given input is read again for the error's position and for its code
            // frame, which needs the text even when the error was located before it was freed.
            let has_text = match &given {
                None => true,
                Some(given) => read_again(&mut job, given),
            };
            if given.is_some() && has_text {
                d = locate_diagnostics(&job.text, job.file_name.as_deref(), vec![d.clone()]).pop().unwrap_or(d);
            }
            if collect {
                report(Report::Found(d));
                return Ok(Outcome::Failed(if e.code() == "IO" { EXIT_IO } else { EXIT_INVALID_INPUT }));
            }
            let text = if has_text { spot_text(&job, &d) } else { None };
            report(Report::Error { line: format_diagnostic(&d, &job.where_of(e.file())), text, at: (d.line(), d.column()) });
            Ok(Outcome::Failed(if e.code() == "IO" { EXIT_IO } else { EXIT_INVALID_INPUT }))
        }
    }
}

/// Source file extensions and the target extension of a direction.
pub(crate) fn extensions(direction: &str) -> (&'static [&'static str], &'static str) {
    if direction == "graphql-to-json" {
        (&[".graphql", ".gql"], ".json")
    } else {
        (&[".json"], ".graphql")
    }
}

pub(crate) fn rename_ext(name: &str, from: &[&str], to: &str) -> String {
    let stem = from.iter().find_map(|ext| name.strip_suffix(ext)).unwrap_or(name);
    format!("{stem}{to}")
}

fn run_convert(flags: &ConvertFlags) -> Result<i32, CliError> {
    terminal::set_current(Terminal::for_flags(Some(&flags.color), flags.quiet));
    if flags.bundle && flags.watch {
        return Err(UsageError::new("--watch does not follow a --bundle", None, "USAGE").into());
    }
    let input = flags.input.as_deref().filter(|i| *i != "-" && !flags.bundle);
    if flags.watch {
        if input.is_none() {
            return Err(UsageError::new("--watch needs -i <file|folder>", None, "USAGE").into());
        }
        if flags.output.is_none() {
            return Err(UsageError::new("--watch needs -o <file|folder>", None, "USAGE").into());
        }
    }
    let sel = crate::glob::Selection::of_flags(flags.recursive, &flags.include, &flags.exclude)
        .map_err(|m| UsageError::new(m, None, "USAGE"))?;
    if flags.bundle {
        // A bundle reads its folders itself (-r is implied); bundle.rs checks its inputs.
    } else if flags.recursive {
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
        if fs::metadata(arg_path(input)).is_ok_and(|m| m.is_dir()) {
            let message = format!("{input} is a folder; use -r to convert a folder");
            return Err(UsageError::new(message, None, "USAGE").into());
        }
        if let Some(output) = flags.output.as_deref() {
            if files::same_file(arg_path(input), arg_path(output)) {
                let message = format!("-o names the input file {input}; the output would overwrite it");
                return Err(UsageError::new(message, None, "USAGE").into());
            }
        }
    } else if flags.output.as_deref().is_some_and(files::is_stdin_file) {
        let message = format!("-o names the input file {STDIN_NAME}; the output would overwrite it");
        return Err(UsageError::new(message, None, "USAGE").into());
    }

    if flags.format != "text" && (flags.watch || flags.recursive) {
        let message = format!("--format {} reports one conversion; -r and --watch print text", flags.format);
        return Err(UsageError::new(message, None, "USAGE").into());
    }

    let base = converter_options(flags)?;
    if let Err(e) = Converter::with_options(base.clone()) {
        return Err(UsageError::new(e.message(), None, e.code().as_str()).into());
    }
    if flags.bundle {
        return crate::bundle::run_bundle(&flags.inputs, flags.output.as_deref(), flags.direction.as_deref(), &base);
    }

    // Without --direction, -r keeps its selection (.json files), a watched file goes by its name.
    let given = flags.direction.as_deref().or(flags.recursive.then_some("json-to-graphql"));
    if let (Some(input), Some(output)) = (input, flags.output.as_deref()) {
        if flags.watch {
            let direction = given.or_else(|| direction::direction_of_name(input)).unwrap_or("json-to-graphql");
            return watch::run_watch(&base, input, output, flags, direction, sel);
        }
        if flags.recursive {
            return convert_tree(&base, input, output, given.unwrap_or("json-to-graphql"), &sel);
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
    let direction = given.unwrap_or_else(|| direction::direction_of_input(input, &job.text));
    let outcome = if flags.format == "text" {
        convert_one(&base, job, direction)?
    } else {
        let (file_name, base_dir) = (job.file_name.clone(), job.base_dir.clone());
        let mut found: Vec<Diagnostic> = Vec::new();
        let outcome = convert_one_to(
            &base,
            job,
            direction,
            &mut |entry| match entry {
                Report::Found(d) => found.push(d),
                other => replay(other),
            },
            true,
        )?;
        // The report goes where the converted document does not: stdout with -o, stderr without (record 0089).
        let report = crate::report::convert_report(&flags.format, file_name.as_deref(), &base_dir, &found);
        if flags.output.is_some() {
            if let Err(code) = write_stdout(&report) {
                return Ok(code);
            }
        } else {
            crate::report::write_stderr(&report);
        }
        outcome
    };
    let text = match outcome {
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
        let (from, to) = extensions(direction);
        target = node::join(&[&target, &rename_ext(&node::basename(input), from, to)]);
    } else if let Some(warning) = direction::output_extension_warning(&target, direction) {
        terminal::current().warning(&warning);
    }
    write_atomic(&target, &text)?;
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job_for(file: &std::path::Path) -> Job {
        Job { file_name: Some(file.to_string_lossy().into_owned()), base_dir: ".".to_string(), input_dir: None, text: String::new() }
    }

    /// A given input is read again for positions, unless it changed meanwhile (its size
    /// or modification time): then its diagnostics keep their pointer and get no line
    /// rather than a wrong one.
    #[test]
    fn a_given_input_is_located_from_the_file_read_again_unless_it_changed() {
        let file = std::env::temp_dir().join(format!("x-graphql-read-again-{}.json", std::process::id()));
        let text = "{\n  \"a\": 1\n}\n";
        std::fs::write(&file, text).expect("temp file");
        let warning = |pointer: &str| {
            let at = x_graphql::__private::Location { file: Some(file.to_string_lossy().into_owned()), pointer: Some(pointer.to_string()), line: None, column: None };
            Diagnostic::warning(x_graphql::__private::codes::ENUM_VALUE_RENAMED, "w", at)
        };

        let name = file.to_string_lossy().into_owned();
        let as_read = || Given { len: text.len(), modified: modified(&name) };

        let mut job = job_for(&file);
        let located = locate_again(&mut job, &as_read(), vec![warning("/a")]);
        assert_eq!((located[0].line(), located[0].column()), (Some(2), Some(3)));
        assert_eq!(job.text, text);

        for changed in [Given { len: text.len() + 1, ..as_read() }, Given { modified: None, ..as_read() }] {
            let mut job = job_for(&file);
            let unlocated = locate_again(&mut job, &changed, vec![warning("/a")]);
            assert_eq!((unlocated[0].line(), unlocated[0].column()), (None, None));
            assert_eq!(unlocated[0].pointer(), Some("/a"));
            assert!(job.text.is_empty());
        }
        let _ = std::fs::remove_file(&file);
    }
}
