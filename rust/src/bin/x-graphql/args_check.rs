//! The `validate` and `migrate` command lines: their option tables for
//! commander.rs, which reads them the way commander 14 does (the same
//! accepted and refused command lines, the same messages), and help texts
//! equal to commander's output byte for byte (js/src/cli-check.ts defines
//! them). `validate` itself has only subcommands: a known one is dispatched,
//! `help [command]` prints help, no argument prints its help as an error.

use crate::args::{print_out, Action};
use crate::commander::{self, all_values, color_of, Leaf, Opt, Takes, COLOR, EXCLUDE, INCLUDE, NO_COLOR, QUIET};
use crate::report::{format_of, FORMATS};
use crate::UsageError;

pub const VALIDATE_HELP: &str = r#"Usage: x-graphql validate [options] [command]

check JSON Schema or GraphQL SDL files for what the converter would reject

Options:
  -h, --help                    print this help

Commands:
  json-schema [options] <path>  check JSON Schema files
  graphql [options] <path>      check GraphQL SDL files
  help [command]                display help for command

Examples:
  x-graphql validate json-schema user.schema.json
  x-graphql validate graphql -r --format json schemas/
"#;

pub const VALIDATE_JSON_SCHEMA_HELP: &str = r#"Usage: x-graphql validate json-schema [options] <path>

check JSON Schema files

Options:
  -r, --recursive    check every .json file under the folder <path>
  --include <glob>   with -r: take only the files whose path under the folder
                     matches (repeatable)
  --exclude <glob>   with -r: leave out the files whose path under the folder
                     matches (repeatable; wins over --include)
  -s, --strict       treat warnings as errors
  --format <format>  report format (human: the former name of text) (choices:
                     "text", "human", "json", "github", "sarif", default:
                     "text")
  -q, --quiet        print errors only: no warnings, summary, progress or watch
                     lines
  --color <when>     colour on stderr; auto: on for a terminal unless NO_COLOR
                     is set (choices: "auto", "always", "never", default:
                     "auto")
  --no-color         no colour on stderr: the same as --color never
  -h, --help         print this help

Examples:
  x-graphql validate json-schema user.schema.json
  x-graphql validate json-schema -r schemas/
  x-graphql validate json-schema -r --exclude 'drafts/**' schemas/
  x-graphql validate json-schema -s user.schema.json
  x-graphql validate json-schema --format json user.schema.json
  x-graphql validate json-schema -r --format sarif schemas/ > report.sarif
  x-graphql validate json-schema -r -q --color never schemas/

Exit codes: 0 every file valid, 1 a file is invalid, 2 usage error, 3 I/O error.
"#;

pub const VALIDATE_GRAPHQL_HELP: &str = r#"Usage: x-graphql validate graphql [options] <path>

check GraphQL SDL files

Options:
  -r, --recursive    check every .graphql and .gql file under the folder <path>
  --include <glob>   with -r: take only the files whose path under the folder
                     matches (repeatable)
  --exclude <glob>   with -r: leave out the files whose path under the folder
                     matches (repeatable; wins over --include)
  -s, --strict       treat warnings as errors
  --format <format>  report format (human: the former name of text) (choices:
                     "text", "human", "json", "github", "sarif", default:
                     "text")
  -q, --quiet        print errors only: no warnings, summary, progress or watch
                     lines
  --color <when>     colour on stderr; auto: on for a terminal unless NO_COLOR
                     is set (choices: "auto", "always", "never", default:
                     "auto")
  --no-color         no colour on stderr: the same as --color never
  -h, --help         print this help

Examples:
  x-graphql validate graphql schema.graphql
  x-graphql validate graphql -r schemas/
  x-graphql validate graphql -r --exclude 'drafts/**' schemas/
  x-graphql validate graphql -s schema.graphql
  x-graphql validate graphql --format json schema.graphql
  x-graphql validate graphql -r --format sarif schemas/ > report.sarif
  x-graphql validate graphql -r -q --color never schemas/

Exit codes: 0 every file valid, 1 a file is invalid, 2 usage error, 3 I/O error.
"#;

pub const MIGRATE_HELP: &str = r#"Usage: x-graphql migrate [options] <path>

rewrite a v1.x JSON Schema to the 2.x x-graphql attributes

Options:
  -w, --write       rewrite the file in place (atomically) instead of printing
                    it
  -r, --recursive   migrate every .json file under the folder <path> (with -w or
                    --check)
  --include <glob>  with -r: take only the files whose path under the folder
                    matches (repeatable)
  --exclude <glob>  with -r: leave out the files whose path under the folder
                    matches (repeatable; wins over --include)
  --check           change nothing; exit 1 when a file would change
  -q, --quiet       print errors only: no warnings, summary, progress or watch
                    lines
  --color <when>    colour on stderr; auto: on for a terminal unless NO_COLOR is
                    set (choices: "auto", "always", "never", default: "auto")
  --no-color        no colour on stderr: the same as --color never
  -h, --help        print this help

Examples:
  x-graphql migrate old.schema.json
  x-graphql migrate -w old.schema.json
  x-graphql migrate -r -w schemas/
  x-graphql migrate --check -r schemas/
  x-graphql migrate -w -r --include '**/*.schema.json' schemas/
  x-graphql migrate --check -r -q --color never schemas/

Exit codes: 0 ok, 1 invalid input or (--check) a change, 2 usage error, 3 I/O error.
"#;

const VALIDATE_HINT: &str = "see x-graphql validate --help";
const JSON_SCHEMA_HINT: &str = "see x-graphql validate json-schema --help";
const GRAPHQL_HINT: &str = "see x-graphql validate graphql --help";
pub const MIGRATE_HINT: &str = "see x-graphql migrate --help";

/// `validate json-schema|graphql` flags.
#[derive(Debug, Clone)]
pub struct ValidateFlags {
    pub graphql: bool,
    pub path: String,
    pub recursive: bool,
    /// `--include <glob>`, repeatable (record 0088).
    pub include: Vec<String>,
    /// `--exclude <glob>`, repeatable (record 0088).
    pub exclude: Vec<String>,
    pub strict: bool,
    /// `--format`: text (also spelled human), json, github or sarif (record 0089).
    pub format: String,
    pub quiet: bool,
    /// `--color <when>`: auto, always or never.
    pub color: String,
}

/// `migrate` flags.
#[derive(Debug, Clone)]
pub struct MigrateFlags {
    pub path: String,
    pub write: bool,
    pub recursive: bool,
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub check: bool,
    pub quiet: bool,
    pub color: String,
}

pub(crate) const VALIDATE_OPTS: [Opt; 8] = [
    Opt { short: Some("-r"), long: "--recursive", flags: "-r, --recursive", takes: Takes::Nothing },
    INCLUDE,
    EXCLUDE,
    Opt { short: Some("-s"), long: "--strict", flags: "-s, --strict", takes: Takes::Nothing },
    Opt { short: None, long: "--format", flags: "--format <format>", takes: Takes::OneOf(&FORMATS) },
    QUIET,
    COLOR,
    NO_COLOR,
];

pub(crate) const MIGRATE_OPTS: [Opt; 8] = [
    Opt { short: Some("-w"), long: "--write", flags: "-w, --write", takes: Takes::Nothing },
    Opt { short: Some("-r"), long: "--recursive", flags: "-r, --recursive", takes: Takes::Nothing },
    INCLUDE,
    EXCLUDE,
    Opt { short: None, long: "--check", flags: "--check", takes: Takes::Nothing },
    QUIET,
    COLOR,
    NO_COLOR,
];

const VALIDATE_JSON_SCHEMA: Leaf = Leaf {
    name: "json-schema",
    opts: &VALIDATE_OPTS,
    arguments: &["path"],
    help: VALIDATE_JSON_SCHEMA_HELP,
    hint: JSON_SCHEMA_HINT,
};
const VALIDATE_GRAPHQL: Leaf =
    Leaf { name: "graphql", opts: &VALIDATE_OPTS, arguments: &["path"], help: VALIDATE_GRAPHQL_HELP, hint: GRAPHQL_HINT };
const MIGRATE: Leaf =
    Leaf { name: "migrate", opts: &MIGRATE_OPTS, arguments: &["path"], help: MIGRATE_HELP, hint: MIGRATE_HINT };

fn print(text: &str, to_stderr: bool) -> Action {
    Action::Print { text: text.to_string(), to_stderr, exit: if to_stderr { 2 } else { 0 } }
}

fn parse_validate_leaf(graphql: bool, operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let leaf = if graphql { VALIDATE_GRAPHQL } else { VALIDATE_JSON_SCHEMA };
    let Some(mut parsed) = leaf.parse(operands, rest)? else { return Ok(print_out(leaf.help)) };
    Ok(Action::Validate(ValidateFlags {
        graphql,
        path: parsed.operands.remove(0),
        recursive: parsed.has("--recursive"),
        include: all_values(&parsed, "--include"),
        exclude: all_values(&parsed, "--exclude"),
        strict: parsed.has("--strict"),
        format: format_of(parsed.value("--format")),
        quiet: parsed.has("--quiet"),
        color: color_of(&parsed),
    }))
}

/// `x-graphql validate ...`: `program_operands` are the operands after `validate`.
pub fn parse_validate(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    // validate has no options of its own: everything from the first option on is unknown.
    let parsed = commander::parse_options(&[], program_operands, rest, false, VALIDATE_HINT)?;
    let (operands, unknown) = (&parsed.operands, &parsed.unknown);
    match operands.first().map(String::as_str) {
        Some("json-schema") => parse_validate_leaf(false, &operands[1..], unknown),
        Some("graphql") => parse_validate_leaf(true, &operands[1..], unknown),
        Some("help") => Ok(match operands.get(1).map(String::as_str) {
            None => print(VALIDATE_HELP, false),
            Some("json-schema") => print(VALIDATE_JSON_SCHEMA_HELP, false),
            Some("graphql") => print(VALIDATE_GRAPHQL_HELP, false),
            Some(_) => print(VALIDATE_HELP, true),
        }),
        _ => commander::no_subcommand(&parsed, &["json-schema", "graphql", "help"], VALIDATE_HELP, VALIDATE_HINT, VALIDATE_HINT),
    }
}

/// `x-graphql migrate ...`.
pub fn parse_migrate(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let Some(mut parsed) = MIGRATE.parse(program_operands, rest)? else { return Ok(print_out(MIGRATE_HELP)) };
    Ok(Action::Migrate(MigrateFlags {
        path: parsed.operands.remove(0),
        write: parsed.has("--write"),
        recursive: parsed.has("--recursive"),
        include: all_values(&parsed, "--include"),
        exclude: all_values(&parsed, "--exclude"),
        check: parsed.has("--check"),
        quiet: parsed.has("--quiet"),
        color: color_of(&parsed),
    }))
}
