//! `x-graphql describe <file|->` and `x-graphql build <file|->` (record 0037):
//! the twin of js/src/cli-typesys.ts. The arguments are read the way
//! commander 14 reads them for a command with one required argument and one
//! value option (`-o`), with its messages; the help texts are commander's
//! output at 80 columns, byte for byte.

use x_graphql::ConversionError;

use crate::args::{maybe_option, negative_number, print_out, suggest_similar, Action};
use crate::files::{is_dir, read_input, read_stdin, write_atomic};
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
  -q, --quiet          print errors only: no warnings, summary, progress or
                       watch lines
  --color <when>       colour on stderr; auto: on for a terminal unless NO_COLOR
                       is set (choices: "auto", "always", "never", default:
                       "auto")
  -h, --help           print this help

Examples:
  x-graphql describe schema.graphql
  x-graphql describe schema.graphql -o types.json
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
  -q, --quiet          print errors only: no warnings, summary, progress or
                       watch lines
  --color <when>       colour on stderr; auto: on for a terminal unless NO_COLOR
                       is set (choices: "auto", "always", "never", default:
                       "auto")
  -h, --help           print this help

Examples:
  x-graphql build types.json
  x-graphql build types.json -o schema.graphql
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

/// commander's parse of `describe`/`build` over what the program left
/// (`program_operands` after the command name, then `rest`).
pub fn parse(command: &'static str, program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    const OUTPUT_FLAGS: &str = "-o, --output <file>";
    let mut operands: Vec<String> = program_operands.to_vec();
    let mut unknown: Vec<String> = Vec::new();
    const COLOR_FLAGS: &str = "--color <when>";
    let mut output: Option<String> = None;
    let mut quiet = false;
    let mut color = "auto".to_string();
    let color_value = |value: &str| -> Result<String, UsageError> {
        if crate::terminal::COLOR_MODES.contains(&value) {
            Ok(value.to_string())
        } else {
            let choices = crate::terminal::COLOR_MODES.join(", ");
            Err(usage(command, format!("option '{COLOR_FLAGS}' argument '{value}' is invalid. Allowed choices are {choices}.")))
        }
    };
    let mut to_unknown = false;
    let mut i = 0;
    // `-qo x` is `-q -o x` for commander: the rest of a short group comes next.
    let mut group: Option<String> = None;
    while i < rest.len() || group.is_some() {
        let arg = match group.take() {
            Some(g) => g,
            None => {
                i += 1;
                rest[i - 1].clone()
            }
        };
        if arg == "-q" || arg == "--quiet" {
            quiet = true;
            continue;
        }
        if arg == "--color" {
            match rest.get(i) {
                Some(value) => {
                    color = color_value(value)?;
                    i += 1;
                    continue;
                }
                None => return Err(usage(command, format!("option '{COLOR_FLAGS}' argument missing"))),
            }
        }
        if let Some(value) = arg.strip_prefix("--color=") {
            color = color_value(value)?;
            continue;
        }
        if arg.len() > 2 && arg.starts_with("-q") {
            quiet = true;
            group = Some(format!("-{}", &arg[2..]));
            continue;
        }
        if arg == "--" {
            if to_unknown {
                unknown.push(arg);
                unknown.extend(rest[i..].iter().cloned());
            } else {
                operands.extend(rest[i..].iter().cloned());
            }
            break;
        }
        if arg == "-o" || arg == "--output" {
            match rest.get(i) {
                Some(value) => {
                    output = Some(value.clone());
                    i += 1;
                    continue;
                }
                None => return Err(usage(command, format!("option '{OUTPUT_FLAGS}' argument missing"))),
            }
        }
        if arg.len() > 2 && arg.starts_with("-o") {
            output = Some(arg[2..].to_string());
            continue;
        }
        if let Some(value) = arg.strip_prefix("--output=") {
            output = Some(value.to_string());
            continue;
        }
        if !to_unknown && maybe_option(&arg) && !negative_number(&arg) {
            to_unknown = true;
        }
        if to_unknown {
            unknown.push(arg);
        } else {
            operands.push(arg);
        }
    }
    if unknown.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(print_out(help_of(command)));
    }
    if let Some(flag) = unknown.first() {
        let suggestion = if flag.starts_with("--") {
            suggest_similar(flag, &["--output", "--quiet", "--color", "--help", "--version", "--help"])
        } else {
            String::new()
        };
        return Err(usage(command, format!("unknown option '{flag}'{suggestion}")));
    }
    match operands.len() {
        0 => Err(usage(command, "missing required argument 'file'".to_string())),
        1 => Ok(Action::TypeSystem(TypeSystemFlags { command, file: operands.remove(0), output, quiet, color })),
        n => Err(usage(command, format!("too many arguments for '{command}'. Expected 1 argument but got {n}."))),
    }
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
    }
    let text = match file_name {
        None => read_stdin()?,
        Some(f) => read_input(f)?,
    };
    let result: Result<String, ConversionError> = if flags.command == "describe" {
        x_graphql::describe(&text, file_name)
    } else {
        x_graphql::build(&text, file_name)
    };
    let output = match result {
        Ok(output) => output,
        Err(e) => {
            let d = e.to_diagnostic();
            let spot = d.line.map(|_| SourceSpot { text: &text, line: d.line, column: d.column });
            terminal::current().error(&format_diagnostic(&d, file_name.unwrap_or(STDIN_NAME)), spot.as_ref());
            return Ok(if e.code == "IO" { EXIT_IO } else { EXIT_INVALID_INPUT });
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
