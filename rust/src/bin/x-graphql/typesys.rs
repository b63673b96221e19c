//! `x-graphql describe <file|->` and `x-graphql build <file|->` (record 0037):
//! the twin of js/src/cli-typesys.ts. The arguments are read by commander.rs
//! (one required argument, `-o`, `-q`, `--color`), with commander's messages;
//! the help texts are commander's output at 80 columns, byte for byte.

use x_graphql::ConversionError;

use crate::args::{print_out, Action};
use crate::commander::{color_of, Leaf, Opt, Takes, COLOR, NO_COLOR, QUIET};
use crate::files::{self, is_dir, read_input, read_stdin, write_atomic};
use crate::run::format_diagnostic;
use crate::terminal::{self, SourceSpot, Terminal};
use crate::{write_stdout, CliError, UsageError, EXIT_INVALID_INPUT, EXIT_IO, EXIT_OK, STDIN_NAME};

pub const DESCRIBE_HELP: &str = r#"Usage: x-graphql describe [options] <file>

describe a GraphQL SDL document as type-system JSON
(schemas/graphql-type-system.schema.json)

Arguments:
  file                 SDL file, or - for stdin (e.g. schema.graphql)

Options:
  -o, --output <file>  write the JSON to this file instead of stdout (e.g. -o
                       types.json)
  --format <format>    the JSON to write: the type-system document, or the
                       standard introspection result (e.g. --format
                       introspection) (choices: "type-system", "introspection",
                       default: "type-system")
  -q, --quiet          print errors only: no warnings, summary, progress or
                       watch lines
  --color <when>       colour on stderr; auto: on for a terminal unless NO_COLOR
                       is set (choices: "auto", "always", "never", default:
                       "auto")
  --no-color           no colour on stderr: the same as --color never
  -h, --help           print this help

Examples:
  x-graphql describe schema.graphql
  x-graphql describe schema.graphql -o types.json
  x-graphql describe schema.graphql --format introspection -o introspection.json
  cat schema.graphql | x-graphql describe -
  x-graphql describe schema.graphql -q --color never

Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error.
Errors go to stderr as <file>:<line>:<column>: error[CODE] message.
"#;

pub const BUILD_HELP: &str = r#"Usage: x-graphql build [options] <file>

build canonical GraphQL SDL from a type-system JSON document

Arguments:
  file                 type-system JSON file, or - for stdin (e.g. types.json)

Options:
  -o, --output <file>  write the SDL to this file instead of stdout (e.g. -o
                       schema.graphql)
  --format <format>    the JSON read: a type-system document, or an
                       introspection result ({"data": {"__schema": ...}} or
                       {"__schema": ...}) (e.g. --format introspection)
                       (choices: "type-system", "introspection", default:
                       "type-system")
  -q, --quiet          print errors only: no warnings, summary, progress or
                       watch lines
  --color <when>       colour on stderr; auto: on for a terminal unless NO_COLOR
                       is set (choices: "auto", "always", "never", default:
                       "auto")
  --no-color           no colour on stderr: the same as --color never
  -h, --help           print this help

Examples:
  x-graphql build types.json
  x-graphql build types.json -o schema.graphql
  x-graphql build introspection.json --format introspection
  x-graphql describe schema.graphql | x-graphql build -
  x-graphql build types.json -q --color never

Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error.
Errors go to stderr as <file>:<line>:<column>: error[CODE] message.
"#;

pub const DESCRIBE_HINT: &str = "see x-graphql describe --help";
pub const BUILD_HINT: &str = "see x-graphql build --help";

/// `describe` or `build`, with its argument and `-o`.
#[derive(Debug, Clone)]
pub struct TypeSystemFlags {
    pub command: &'static str,
    pub file: String,
    pub output: Option<String>,
    pub quiet: bool,
    /// `--color <when>`: auto, always or never.
    pub color: String,
    /// `--format <format>` (record 0091): type-system or introspection.
    pub format: String,
}

fn hint_of(command: &str) -> &'static str {
    if command == "build" {
        BUILD_HINT
    } else {
        DESCRIBE_HINT
    }
}

fn usage(command: &str, message: String) -> UsageError {
    UsageError { message, where_: None, code: "USAGE".to_string(), hint: hint_of(command) }
}

pub fn help_of(command: &str) -> &'static str {
    if command == "build" {
        BUILD_HELP
    } else {
        DESCRIBE_HELP
    }
}

/// `--format` (record 0091): the type-system document (record 0037) or standard introspection JSON.
const FORMATS: [&str; 2] = ["type-system", "introspection"];

pub(crate) const OPTS: [Opt; 5] = [
    Opt { short: Some("-o"), long: "--output", flags: "-o, --output <file>", takes: Takes::Value },
    Opt { short: None, long: "--format", flags: "--format <format>", takes: Takes::OneOf(&FORMATS) },
    QUIET,
    COLOR,
    NO_COLOR,
];

/// commander's parse of `describe`/`build` over what the program left
/// (`program_operands` after the command name, then `rest`).
pub fn parse(command: &'static str, program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let leaf = Leaf { name: command, opts: &OPTS, arguments: &["file"], help: help_of(command), hint: hint_of(command) };
    let Some(mut parsed) = leaf.parse(program_operands, rest)? else { return Ok(print_out(leaf.help)) };
    Ok(Action::TypeSystem(TypeSystemFlags {
        command,
        file: parsed.operands.remove(0),
        output: parsed.value("--output").map(str::to_string),
        quiet: parsed.has("--quiet"),
        color: color_of(&parsed),
        format: parsed.value("--format").unwrap_or("type-system").to_string(),
    }))
}

/// Runs `describe` or `build`; prints the error (if any) to stderr.
pub fn run(flags: &TypeSystemFlags) -> Result<i32, CliError> {
    terminal::set_current(Terminal::for_flags(Some(&flags.color), flags.quiet));
    let file_name = if flags.file == "-" { None } else { Some(flags.file.as_str()) };
    if let Some(f) = file_name {
        if is_dir(f) {
            return Err(usage(flags.command, format!("{f} is a folder; {} reads one file", flags.command)).into());
        }
    }
    if let Some(out) = &flags.output {
        if is_dir(out) {
            return Err(usage(flags.command, format!("-o names a folder ({out}); give a file name")).into());
        }
        // The atomic write would replace the input with its own description or build.
        let overwrites = match file_name {
            Some(f) => files::same_file(f, out),
            None => files::is_stdin_file(out),
        };
        if overwrites {
            let input = file_name.unwrap_or(STDIN_NAME);
            return Err(usage(flags.command, format!("-o names the input file {input}; the output would overwrite it")).into());
        }
    }
    let text = match file_name {
        None => read_stdin()?,
        Some(f) => read_input(f)?,
    };
    let introspection = flags.format == "introspection";
    let result: Result<String, ConversionError> = match (flags.command == "describe", introspection) {
        (true, false) => x_graphql::describe(&text, file_name),
        (true, true) => x_graphql::introspect(&text, file_name),
        (false, false) => x_graphql::build(&text, file_name),
        (false, true) => x_graphql::sdl_from_introspection(&text, file_name),
    };
    let output = match result {
        Ok(output) => output,
        Err(e) => {
            let d = e.to_diagnostic();
            let spot = d.line().map(|_| SourceSpot { text: &text, line: d.line(), column: d.column() });
            terminal::current().error(&format_diagnostic(&d, file_name.unwrap_or(STDIN_NAME)), spot.as_ref());
            return Ok(if e.code() == "IO" { EXIT_IO } else { EXIT_INVALID_INPUT });
        }
    };
    match &flags.output {
        None => Ok(match write_stdout(&output) {
            Ok(()) => EXIT_OK,
            Err(code) => code,
        }),
        Some(target) => {
            write_atomic(target, &output)?;
            Ok(EXIT_OK)
        }
    }
}
