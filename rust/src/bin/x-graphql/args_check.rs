//! The `validate` and `migrate` command lines, read the way commander 14
//! reads them (as args.rs does for `convert`): the same accepted and refused
//! command lines, the same messages, and help texts equal to commander's
//! output byte for byte (js/src/cli-check.ts defines them).
//!
//! commander's order for a leaf command: option values as they come (a missing
//! or invalid value stops the parse), then `-h`, then the first unknown
//! option, then the number of arguments. `validate` itself has only
//! subcommands: a known one is dispatched, `help [command]` prints help, no
//! argument prints its help as an error.

use crate::args::{maybe_option, negative_number, suggest_similar, Action};
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
  -s, --strict       treat warnings as errors
  --format <format>  report format (choices: "human", "json", default: "human")
  -q, --quiet        print errors only: no warnings, summary, progress or watch
                     lines
  --color <when>     colour on stderr; auto: on for a terminal unless NO_COLOR
                     is set (choices: "auto", "always", "never", default:
                     "auto")
  -h, --help         print this help

Examples:
  x-graphql validate json-schema user.schema.json
  x-graphql validate json-schema -r schemas/
  x-graphql validate json-schema -s user.schema.json
  x-graphql validate json-schema --format json user.schema.json
  x-graphql validate json-schema -r -q --color never schemas/

Exit codes: 0 every file valid, 1 a file is invalid, 2 usage error, 3 I/O error.
"#;

pub const VALIDATE_GRAPHQL_HELP: &str = r#"Usage: x-graphql validate graphql [options] <path>

check GraphQL SDL files

Options:
  -r, --recursive    check every .graphql and .gql file under the folder <path>
  -s, --strict       treat warnings as errors
  --format <format>  report format (choices: "human", "json", default: "human")
  -q, --quiet        print errors only: no warnings, summary, progress or watch
                     lines
  --color <when>     colour on stderr; auto: on for a terminal unless NO_COLOR
                     is set (choices: "auto", "always", "never", default:
                     "auto")
  -h, --help         print this help

Examples:
  x-graphql validate graphql schema.graphql
  x-graphql validate graphql -r schemas/
  x-graphql validate graphql -s schema.graphql
  x-graphql validate graphql --format json schema.graphql
  x-graphql validate graphql -r -q --color never schemas/

Exit codes: 0 every file valid, 1 a file is invalid, 2 usage error, 3 I/O error.
"#;

pub const MIGRATE_HELP: &str = r#"Usage: x-graphql migrate [options] <path>

rewrite a v1.x JSON Schema to the 2.x x-graphql attributes

Options:
  -w, --write      rewrite the file in place (atomically) instead of printing it
  -r, --recursive  migrate every .json file under the folder <path> (with -w or
                   --check)
  --check          change nothing; exit 1 when a file would change
  -q, --quiet      print errors only: no warnings, summary, progress or watch
                   lines
  --color <when>   colour on stderr; auto: on for a terminal unless NO_COLOR is
                   set (choices: "auto", "always", "never", default: "auto")
  -h, --help       print this help

Examples:
  x-graphql migrate old.schema.json
  x-graphql migrate -w old.schema.json
  x-graphql migrate -r -w schemas/
  x-graphql migrate --check -r schemas/
  x-graphql migrate --check -r -q --color never schemas/

Exit codes: 0 ok, 1 invalid input or (--check) a change, 2 usage error, 3 I/O error.
"#;

const VALIDATE_HINT: &str = "see x-graphql validate --help";
const JSON_SCHEMA_HINT: &str = "see x-graphql validate json-schema --help";
const GRAPHQL_HINT: &str = "see x-graphql validate graphql --help";
pub const MIGRATE_HINT: &str = "see x-graphql migrate --help";
const FORMATS: [&str; 2] = ["human", "json"];

/// `validate json-schema|graphql` flags.
#[derive(Debug, Clone)]
pub struct ValidateFlags {
    pub graphql: bool,
    pub path: String,
    pub recursive: bool,
    pub strict: bool,
    pub json: bool,
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
    pub check: bool,
    pub quiet: bool,
    pub color: String,
}

/// One option as commander knows it.
struct Opt {
    short: Option<&'static str>,
    long: &'static str,
    /// commander's `flags`, e.g. `--format <format>`.
    flags: &'static str,
    choices: Option<&'static [&'static str]>,
}

/// `-q, --quiet` and `--color <when>` (cli.ts withTerminalOptions), after each command's own options.
const QUIET: Opt = Opt { short: Some("-q"), long: "--quiet", flags: "-q, --quiet", choices: None };
const COLOR: Opt =
    Opt { short: None, long: "--color", flags: "--color <when>", choices: Some(&crate::terminal::COLOR_MODES) };

const VALIDATE_OPTS: [Opt; 5] = [
    Opt { short: Some("-r"), long: "--recursive", flags: "-r, --recursive", choices: None },
    Opt { short: Some("-s"), long: "--strict", flags: "-s, --strict", choices: None },
    Opt { short: None, long: "--format", flags: "--format <format>", choices: Some(&FORMATS) },
    QUIET,
    COLOR,
];

const MIGRATE_OPTS: [Opt; 5] = [
    Opt { short: Some("-w"), long: "--write", flags: "-w, --write", choices: None },
    Opt { short: Some("-r"), long: "--recursive", flags: "-r, --recursive", choices: None },
    Opt { short: None, long: "--check", flags: "--check", choices: None },
    QUIET,
    COLOR,
];

/// The last `--color` given, else commander's default `auto`.
fn color_of(parsed: &Parsed) -> String {
    parsed.set.iter().rev().find(|(l, _)| *l == "--color").and_then(|(_, v)| v.clone()).unwrap_or_else(|| "auto".to_string())
}

fn usage(message: String, hint: &'static str) -> UsageError {
    UsageError { message, where_: None, code: "USAGE".to_string(), hint }
}

fn print(text: &str, to_stderr: bool) -> Action {
    Action::Print { text: text.to_string(), to_stderr, exit: if to_stderr { 2 } else { 0 } }
}

fn is_help(a: &str) -> bool {
    a == "-h" || a == "--help"
}

/// What commander's parseOptions leaves for a leaf command: the options set
/// (long name -> value, `None` for a flag) and the operands.
struct Parsed {
    set: Vec<(&'static str, Option<String>)>,
    operands: Vec<String>,
    unknown: Vec<String>,
}

fn parse_leaf(opts: &[Opt], operands: &[String], rest: &[String], hint: &'static str) -> Result<Parsed, UsageError> {
    let find = |arg: &str| opts.iter().find(|o| o.long == arg || o.short == Some(arg));
    let mut out = Parsed { set: Vec::new(), operands: operands.to_vec(), unknown: Vec::new() };
    let mut to_unknown = false;
    let value_of = |o: &Opt, value: String, set: &mut Vec<(&'static str, Option<String>)>| -> Result<(), UsageError> {
        if let Some(choices) = o.choices {
            if !choices.contains(&value.as_str()) {
                let message = format!(
                    "option '{}' argument '{value}' is invalid. Allowed choices are {}.",
                    o.flags,
                    choices.join(", ")
                );
                return Err(usage(message, hint));
            }
        }
        set.push((o.long, Some(value)));
        Ok(())
    };
    let mut i = 0;
    let mut group: Option<String> = None;
    while i < rest.len() || group.is_some() {
        let arg = match group.take() {
            Some(g) => g,
            None => {
                i += 1;
                rest[i - 1].clone()
            }
        };
        if arg == "--" {
            if to_unknown {
                out.unknown.push(arg);
                out.unknown.extend(rest[i..].iter().cloned());
            } else {
                out.operands.extend(rest[i..].iter().cloned());
            }
            break;
        }
        if maybe_option(&arg) {
            if let Some(o) = find(&arg) {
                if o.choices.is_some() {
                    let Some(value) = rest.get(i) else {
                        return Err(usage(format!("option '{}' argument missing", o.flags), hint));
                    };
                    i += 1;
                    value_of(o, value.clone(), &mut out.set)?;
                } else {
                    out.set.push((o.long, None));
                }
                continue;
            }
        }
        if arg.len() > 2 && arg.starts_with('-') && !arg.starts_with("--") {
            let first: String = arg.chars().take(2).collect();
            if let Some(o) = find(&first) {
                let after = &arg[first.len()..];
                if o.choices.is_some() {
                    value_of(o, after.to_string(), &mut out.set)?;
                } else {
                    out.set.push((o.long, None));
                    group = Some(format!("-{after}"));
                }
                continue;
            }
        }
        if let Some(eq) = arg.find('=') {
            if arg.starts_with("--") && eq > 2 {
                if let Some(o) = find(&arg[..eq]) {
                    if o.choices.is_some() {
                        value_of(o, arg[eq + 1..].to_string(), &mut out.set)?;
                        continue;
                    }
                }
            }
        }
        if !to_unknown && maybe_option(&arg) && !negative_number(&arg) {
            to_unknown = true;
        }
        if to_unknown {
            out.unknown.push(arg);
        } else {
            out.operands.push(arg);
        }
    }
    Ok(out)
}

/// After the options: `-h`, the first unknown option, then exactly one `<path>`.
fn finish_leaf(
    parsed: &Parsed,
    opts: &[Opt],
    name: &str,
    help: &str,
    hint: &'static str,
) -> Result<String, Result<Action, UsageError>> {
    if parsed.unknown.iter().any(|a| is_help(a)) {
        return Err(Ok(print(help, false)));
    }
    if let Some(flag) = parsed.unknown.first() {
        let suggestion = if flag.starts_with("--") {
            let mut candidates: Vec<&str> = opts.iter().map(|o| o.long).collect();
            candidates.extend(["--help", "--version"]);
            suggest_similar(flag, &candidates)
        } else {
            String::new()
        };
        return Err(Err(usage(format!("unknown option '{flag}'{suggestion}"), hint)));
    }
    match parsed.operands.len() {
        0 => Err(Err(usage("missing required argument 'path'".to_string(), hint))),
        1 => Ok(parsed.operands[0].clone()),
        n => Err(Err(usage(format!("too many arguments for '{name}'. Expected 1 argument but got {n}."), hint))),
    }
}

fn has(parsed: &Parsed, long: &str) -> bool {
    parsed.set.iter().any(|(l, _)| *l == long)
}

fn parse_validate_leaf(graphql: bool, operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let (name, help, hint) = if graphql {
        ("graphql", VALIDATE_GRAPHQL_HELP, GRAPHQL_HINT)
    } else {
        ("json-schema", VALIDATE_JSON_SCHEMA_HELP, JSON_SCHEMA_HINT)
    };
    let parsed = parse_leaf(&VALIDATE_OPTS, operands, rest, hint)?;
    let path = match finish_leaf(&parsed, &VALIDATE_OPTS, name, help, hint) {
        Ok(path) => path,
        Err(done) => return done,
    };
    let format = parsed.set.iter().rev().find(|(l, _)| *l == "--format").and_then(|(_, v)| v.clone());
    Ok(Action::Validate(ValidateFlags {
        graphql,
        path,
        recursive: has(&parsed, "--recursive"),
        strict: has(&parsed, "--strict"),
        json: format.as_deref() == Some("json"),
        quiet: has(&parsed, "--quiet"),
        color: color_of(&parsed),
    }))
}

/// `x-graphql validate ...`: `program_operands` are the operands after `validate`.
pub fn parse_validate(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    // validate has no options of its own: everything from the first option on is unknown.
    let mut operands: Vec<String> = program_operands.to_vec();
    let mut unknown: Vec<String> = Vec::new();
    let mut to_unknown = false;
    for (i, arg) in rest.iter().enumerate() {
        if arg == "--" {
            if to_unknown {
                unknown.push(arg.clone());
                unknown.extend(rest[i + 1..].iter().cloned());
            } else {
                operands.extend(rest[i + 1..].iter().cloned());
            }
            break;
        }
        if !to_unknown && maybe_option(arg) {
            to_unknown = true;
        }
        if to_unknown {
            unknown.push(arg.clone());
        } else {
            operands.push(arg.clone());
        }
    }
    match operands.first().map(String::as_str) {
        Some("json-schema") => return parse_validate_leaf(false, &operands[1..], &unknown),
        Some("graphql") => return parse_validate_leaf(true, &operands[1..], &unknown),
        Some("help") => {
            return Ok(match operands.get(1).map(String::as_str) {
                None => print(VALIDATE_HELP, false),
                Some("json-schema") => print(VALIDATE_JSON_SCHEMA_HELP, false),
                Some("graphql") => print(VALIDATE_GRAPHQL_HELP, false),
                Some(_) => print(VALIDATE_HELP, true),
            })
        }
        _ => {}
    }
    if operands.is_empty() && unknown.is_empty() {
        return Ok(print(VALIDATE_HELP, true));
    }
    if unknown.iter().any(|a| is_help(a)) {
        return Ok(print(VALIDATE_HELP, false));
    }
    if let Some(name) = operands.first() {
        let suggestion = suggest_similar(name, &["json-schema", "graphql", "help"]);
        return Err(usage(format!("unknown command '{name}'{suggestion}"), VALIDATE_HINT));
    }
    let flag = unknown.first().map(String::as_str).unwrap_or_default();
    let suggestion = if flag.starts_with("--") { suggest_similar(flag, &["--help", "--version"]) } else { String::new() };
    Err(usage(format!("unknown option '{flag}'{suggestion}"), VALIDATE_HINT))
}

/// `x-graphql migrate ...`.
pub fn parse_migrate(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let parsed = parse_leaf(&MIGRATE_OPTS, program_operands, rest, MIGRATE_HINT)?;
    let path = match finish_leaf(&parsed, &MIGRATE_OPTS, "migrate", MIGRATE_HELP, MIGRATE_HINT) {
        Ok(path) => path,
        Err(done) => return done,
    };
    Ok(Action::Migrate(MigrateFlags {
        path,
        write: has(&parsed, "--write"),
        recursive: has(&parsed, "--recursive"),
        check: has(&parsed, "--check"),
        quiet: has(&parsed, "--quiet"),
        color: color_of(&parsed),
    }))
}
