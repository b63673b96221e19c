//! The command line, read the way the npm CLI (commander 14) reads it.
//!
//! clap defines the `convert` options (names, whether they take a value, how
//! a value is checked) and parses them. Around it sits what commander does
//! differently from clap, so that both CLIs accept, refuse and word the same
//! command lines:
//!
//! - `-V`/`--version` anywhere (before `--`) prints the version;
//! - the first non-option argument picks the command (`convert`, `help`);
//! - an unknown option does not stop the parse: value errors win over `-h`,
//!   `-h` wins over the unknown option, which wins over stray arguments;
//! - a value option takes the next argument whatever it looks like;
//! - errors are one line, `x-graphql: error[USAGE] <commander's message>; <hint>`,
//!   with commander's "Did you mean" suggestions.
//!
//! Help texts are commander's output at its default width of 80 columns.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser};

use crate::args_check::{self, MigrateFlags, ValidateFlags};
use crate::{UsageError, HELP_HINT};

pub const PROGRAM_HELP: &str = r#"Usage: x-graphql [options] [command]

Convert JSON Schema annotated with x-graphql-* attributes to GraphQL SDL, and
GraphQL SDL to JSON Schema.

Options:
  -V, --version              print the version
  -h, --help                 print this help

Commands:
  convert [options]          convert a JSON Schema (or, with --direction
                             graphql-to-json, SDL) file, stdin, or (-r) a folder
                             tree
  describe [options] <file>  describe a GraphQL SDL document as type-system JSON
                             (schemas/graphql-type-system.schema.json)
  build [options] <file>     build canonical GraphQL SDL from a type-system JSON
                             document
  validate                   check JSON Schema or GraphQL SDL files for what the
                             converter would reject
  migrate [options] <path>   rewrite a v1.x JSON Schema to the 2.x x-graphql
                             attributes
  help [command]             display help for command

Examples:
  x-graphql convert -i user.schema.json -o user.graphql
  x-graphql validate json-schema -r schemas/
  x-graphql migrate --check -r schemas/
  x-graphql describe schema.graphql -o types.json
  x-graphql convert --help
  x-graphql --version
"#;

pub const CONVERT_HELP: &str = r#"Usage: x-graphql convert [options]

convert a JSON Schema (or, with --direction graphql-to-json, SDL) file, stdin,
or (-r) a folder tree

Options:
  -i, --input <file|dir|->           input file, folder (with -r), or - for
                                     stdin (default: stdin)
  -o, --output <file|dir>            output file or folder (default: stdout)
  --direction <direction>            conversion direction (choices:
                                     "json-to-graphql", "graphql-to-json",
                                     default: "json-to-graphql")
  -r, --recursive                    convert every .json file (graphql-to-json:
                                     .graphql and .gql file) under -i into a
                                     mirror tree under -o
  --config <options.json>            JSON object of converter options
                                     (camelCase); flags override it
  --description-block-threshold <N>  descriptions longer than N code points
                                     print as block strings (default: 80)
  --emit-empty-types                 keep object types without fields (with a
                                     placeholder field)
  --inline-object-threshold <N>      inline objects with at most N properties
                                     become the JSON scalar (default: 3)
  --ref-naming <mode>                how types reached through $ref are named
                                     (default: basename) (choices: "basename",
                                     "file_and_path", "hash")
  --no-federation-link               do not prepend `extend schema @link(...)`
                                     for federation directives
  --strict                           treat warnings as errors
  --validate                         check the input against the draft-07
                                     meta-schema and the attribute catalog first
  -w, --watch                        convert again each time an input file
                                     changes (needs -i and -o), until Ctrl-C
  -q, --quiet                        print errors only: no warnings, summary,
                                     progress or watch lines
  --color <when>                     colour on stderr; auto: on for a terminal
                                     unless NO_COLOR is set (choices: "auto",
                                     "always", "never", default: "auto")
  -h, --help                         print this help

Examples:
  x-graphql convert -i user.schema.json -o user.graphql
  x-graphql convert < user.schema.json > user.graphql
  x-graphql convert -r -i schemas -o generated
  x-graphql convert --direction graphql-to-json -i api.graphql -o api.json
  x-graphql convert -i user.schema.json --config x-graphql.json
  x-graphql convert -i user.schema.json --description-block-threshold 0
  x-graphql convert -i user.schema.json --emit-empty-types
  x-graphql convert -i user.schema.json --inline-object-threshold 0
  x-graphql convert -r -i schemas -o generated --ref-naming file_and_path
  x-graphql convert -i product.schema.json --no-federation-link
  x-graphql convert -i user.schema.json --strict --validate
  x-graphql convert -w -i user.schema.json -o user.graphql
  x-graphql convert -r -i schemas -o generated --quiet --color never

Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error.
Warnings and errors go to stderr as <file>:<line>:<column>: error[CODE] message.
"#;

const DIRECTIONS: [&str; 2] = ["json-to-graphql", "graphql-to-json"];
const REF_NAMINGS: [&str; 3] = ["basename", "file_and_path", "hash"];

/// `x-graphql convert` flags.
#[derive(Parser, Debug, Clone)]
#[command(
    name = "x-graphql convert",
    no_binary_name = true,
    disable_help_flag = true,
    disable_version_flag = true,
    args_override_self = true
)]
pub struct ConvertFlags {
    /// input file, folder (with -r), or - for stdin (default: stdin)
    #[arg(short = 'i', long = "input", value_name = "file|dir|-", allow_hyphen_values = true)]
    pub input: Option<String>,
    /// output file or folder (default: stdout)
    #[arg(short = 'o', long = "output", value_name = "file|dir", allow_hyphen_values = true)]
    pub output: Option<String>,
    /// conversion direction
    #[arg(
        long = "direction",
        value_name = "direction",
        allow_hyphen_values = true,
        default_value = "json-to-graphql",
        value_parser = parse_direction
    )]
    pub direction: String,
    /// convert every .json file (graphql-to-json: .graphql and .gql file) under -i into a mirror tree under -o
    #[arg(short = 'r', long = "recursive")]
    pub recursive: bool,
    /// JSON object of converter options (camelCase); flags override it
    #[arg(long = "config", value_name = "options.json", allow_hyphen_values = true)]
    pub config: Option<String>,
    /// descriptions longer than N code points print as block strings (default: 80)
    #[arg(long = "description-block-threshold", value_name = "N", allow_hyphen_values = true, value_parser = parse_count)]
    pub description_block_threshold: Option<u64>,
    /// keep object types without fields (with a placeholder field)
    #[arg(long = "emit-empty-types")]
    pub emit_empty_types: bool,
    /// inline objects with at most N properties become the JSON scalar (default: 3)
    #[arg(long = "inline-object-threshold", value_name = "N", allow_hyphen_values = true, value_parser = parse_count)]
    pub inline_object_threshold: Option<u64>,
    /// how types reached through $ref are named (default: basename)
    #[arg(long = "ref-naming", value_name = "mode", allow_hyphen_values = true, value_parser = parse_ref_naming)]
    pub ref_naming: Option<String>,
    /// do not prepend `extend schema @link(...)` for federation directives
    #[arg(long = "no-federation-link")]
    pub no_federation_link: bool,
    /// treat warnings as errors
    #[arg(long = "strict")]
    pub strict: bool,
    /// check the input against the draft-07 meta-schema and the attribute catalog first
    #[arg(long = "validate")]
    pub validate: bool,
    /// convert again each time an input file changes (needs -i and -o), until Ctrl-C
    #[arg(short = 'w', long = "watch")]
    pub watch: bool,
    /// print errors only: no warnings, summary, progress or watch lines
    #[arg(short = 'q', long = "quiet")]
    pub quiet: bool,
    /// colour on stderr; auto: on for a terminal unless NO_COLOR is set
    #[arg(long = "color", value_name = "when", allow_hyphen_values = true, default_value = "auto", value_parser = parse_color)]
    pub color: String,
}

/// commander's `count` argument parser: a non-negative safe integer.
fn parse_count(value: &str) -> Result<u64, String> {
    const BAD: &str = "expected a non-negative integer";
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BAD.to_string());
    }
    let digits = value.trim_start_matches('0');
    if digits.len() > 16 {
        return Err(BAD.to_string());
    }
    match digits.parse::<u64>() {
        Ok(n) if n <= 9_007_199_254_740_991 => Ok(n),
        Err(_) if digits.is_empty() => Ok(0),
        _ => Err(BAD.to_string()),
    }
}

fn choice(value: &str, allowed: &[&str]) -> Result<String, String> {
    if allowed.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(format!("Allowed choices are {}.", allowed.join(", ")))
    }
}

fn parse_direction(value: &str) -> Result<String, String> {
    choice(value, &DIRECTIONS)
}

fn parse_ref_naming(value: &str) -> Result<String, String> {
    choice(value, &REF_NAMINGS)
}

fn parse_color(value: &str) -> Result<String, String> {
    choice(value, &crate::terminal::COLOR_MODES)
}

/// What the command line asks for.
pub enum Action {
    /// Print a text (help, version) and end with `exit`.
    Print { text: String, to_stderr: bool, exit: i32 },
    Convert(Box<ConvertFlags>),
    /// `describe` or `build` (typesys.rs).
    TypeSystem(crate::typesys::TypeSystemFlags),
    Validate(ValidateFlags),
    Migrate(MigrateFlags),
}

fn usage(message: String, hint: &'static str) -> UsageError {
    UsageError { message, where_: None, code: "USAGE".to_string(), hint }
}

pub(crate) fn print_out(text: &str) -> Action {
    Action::Print { text: text.to_string(), to_stderr: false, exit: 0 }
}

/// commander's `maybeOption`.
pub(crate) fn maybe_option(arg: &str) -> bool {
    arg.len() > 1 && arg.starts_with('-')
}

/// commander's `negativeNumberArg`: `/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/`.
pub(crate) fn negative_number(arg: &str) -> bool {
    let Some(rest) = arg.strip_prefix('-') else { return false };
    let (mantissa, exponent) = match rest.find('e') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.find('.') {
        Some(i) => mantissa[..i].bytes().all(|b| b.is_ascii_digit()) && digits(&mantissa[i + 1..]),
        None => digits(mantissa),
    };
    let exponent_ok = match exponent {
        None => true,
        Some(e) => digits(e.strip_prefix(['+', '-']).unwrap_or(e)),
    };
    mantissa_ok && exponent_ok
}

/// Reads the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Action, UsageError> {
    // The program's own parse: only -V/--version are its options; everything
    // from the first unknown option on is left for the command.
    let mut operands: Vec<String> = Vec::new();
    let mut unknown: Vec<String> = Vec::new();
    let mut to_unknown = false;
    for (i, arg) in args.iter().enumerate() {
        if arg == "--" {
            if to_unknown {
                unknown.push(arg.clone());
                unknown.extend(args[i + 1..].iter().cloned());
            } else {
                operands.extend(args[i + 1..].iter().cloned());
            }
            break;
        }
        let version = arg == "-V" || arg == "--version" || (arg.len() > 2 && arg.starts_with("-V"));
        if version {
            return Ok(print_out(&format!("{}\n", env!("CARGO_PKG_VERSION"))));
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

    let is_help = |a: &String| a == "-h" || a == "--help";
    match operands.first().map(String::as_str) {
        Some("convert") => parse_convert(&operands[1..], &unknown),
        Some("describe") => crate::typesys::parse("describe", &operands[1..], &unknown),
        Some("build") => crate::typesys::parse("build", &operands[1..], &unknown),
        Some("validate") => args_check::parse_validate(&operands[1..], &unknown),
        Some("migrate") => args_check::parse_migrate(&operands[1..], &unknown),
        Some("help") => Ok(match operands.get(1).map(String::as_str) {
            None => print_out(PROGRAM_HELP),
            Some("convert") => print_out(CONVERT_HELP),
            Some(c @ ("describe" | "build")) => print_out(crate::typesys::help_of(c)),
            Some("validate") => print_out(args_check::VALIDATE_HELP),
            Some("migrate") => print_out(args_check::MIGRATE_HELP),
            Some(_) => Action::Print { text: PROGRAM_HELP.to_string(), to_stderr: true, exit: 2 },
        }),
        _ if operands.is_empty() && unknown.is_empty() => {
            Ok(Action::Print { text: PROGRAM_HELP.to_string(), to_stderr: true, exit: 2 })
        }
        _ if unknown.iter().any(is_help) => Ok(print_out(PROGRAM_HELP)),
        Some(name) => Err(usage(
            format!("unknown command '{name}'{}", suggest_similar(name, &["convert", "describe", "build", "validate", "migrate", "help"])),
            "see x-graphql --help",
        )),
        None => {
            let flag = unknown.first().map(String::as_str).unwrap_or_default();
            let suggestion = if flag.starts_with("--") { suggest_similar(flag, &["--version", "--help"]) } else { String::new() };
            Err(usage(format!("unknown option '{flag}'{suggestion}"), HELP_HINT))
        }
    }
}

/// One `convert` option as commander knows it.
struct Spec {
    id: String,
    short: Option<String>,
    long: String,
    takes_value: bool,
    /// commander's `flags`, e.g. `-i, --input <file|dir|->`.
    flags: String,
}

fn specs(cmd: &clap::Command) -> Vec<Spec> {
    cmd.get_arguments()
        .filter_map(|a| {
            let long = format!("--{}", a.get_long()?);
            let short = a.get_short().map(|c| format!("-{c}"));
            let takes_value = a.get_action().takes_values();
            let mut flags = match &short {
                Some(s) => format!("{s}, {long}"),
                None => long.clone(),
            };
            if takes_value {
                let name = a.get_value_names().and_then(|v| v.first()).map(|s| s.to_string()).unwrap_or_default();
                flags.push_str(&format!(" <{name}>"));
            }
            Some(Spec { id: a.get_id().to_string(), short, long, takes_value, flags })
        })
        .collect()
}

fn parse_convert(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let cmd = ConvertFlags::command();
    let specs = specs(&cmd);
    let find = |arg: &str| specs.iter().find(|s| s.long == arg || s.short.as_deref() == Some(arg));

    // commander's parseOptions over what the program left: known options go to
    // clap (a value always in the `--long=value` form, so clap takes it as it
    // is), the rest is sorted into operands and unknown arguments.
    let mut tokens: Vec<String> = Vec::new();
    let mut operands: Vec<String> = program_operands.to_vec();
    let mut unknown: Vec<String> = Vec::new();
    let mut to_unknown = false;
    let mut missing: Option<String> = None;
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
                unknown.push(arg);
                unknown.extend(rest[i..].iter().cloned());
            } else {
                operands.extend(rest[i..].iter().cloned());
            }
            break;
        }
        if maybe_option(&arg) {
            if let Some(spec) = find(&arg) {
                if spec.takes_value {
                    match rest.get(i) {
                        Some(value) => {
                            tokens.push(format!("{}={value}", spec.long));
                            i += 1;
                        }
                        None => {
                            missing = Some(spec.flags.clone());
                            break;
                        }
                    }
                } else {
                    tokens.push(spec.long.clone());
                }
                continue;
            }
        }
        // A group of short options, `-ri x` or `-ifile`.
        if arg.len() > 2 && arg.starts_with('-') && !arg.starts_with("--") {
            let first: String = arg.chars().take(2).collect();
            if let Some(spec) = find(&first) {
                let after = &arg[first.len()..];
                if spec.takes_value {
                    tokens.push(format!("{}={after}", spec.long));
                } else {
                    tokens.push(spec.long.clone());
                    group = Some(format!("-{after}"));
                }
                continue;
            }
        }
        // `--long=value` for an option that takes a value.
        if let Some(eq) = arg.find('=') {
            if arg.starts_with("--") && eq > 2 {
                if let Some(spec) = find(&arg[..eq]) {
                    if spec.takes_value {
                        tokens.push(format!("{}={}", spec.long, &arg[eq + 1..]));
                        continue;
                    }
                }
            }
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

    let flags = match cmd.try_get_matches_from(&tokens) {
        Ok(matches) => ConvertFlags::from_arg_matches(&matches).map_err(|e| clap_error(&e, &specs))?,
        Err(e) => return Err(clap_error(&e, &specs)),
    };
    if let Some(flags) = missing {
        return Err(usage(format!("option '{flags}' argument missing"), HELP_HINT));
    }
    if unknown.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(print_out(CONVERT_HELP));
    }
    if let Some(flag) = unknown.first() {
        let suggestion = if flag.starts_with("--") {
            let mut candidates: Vec<&str> = specs.iter().map(|s| s.long.as_str()).collect();
            candidates.extend(["--help", "--version"]);
            suggest_similar(flag, &candidates)
        } else {
            String::new()
        };
        return Err(usage(format!("unknown option '{flag}'{suggestion}"), HELP_HINT));
    }
    if !operands.is_empty() {
        let n = operands.len();
        let message = format!("too many arguments for 'convert'. Expected 0 arguments but got {n}.");
        return Err(usage(message, HELP_HINT));
    }
    Ok(Action::Convert(Box::new(flags)))
}

/// A clap error in commander's words. Only value errors can reach clap (the
/// options it is given are all known), worded as commander's `invalidArgument`.
fn clap_error(e: &clap::Error, specs: &[Spec]) -> UsageError {
    let context = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let arg = context(ContextKind::InvalidArg).unwrap_or_default();
    let value = context(ContextKind::InvalidValue).unwrap_or_default();
    let spec = specs.iter().find(|s| {
        arg.split([' ', '=']).next().is_some_and(|first| first == s.long || s.short.as_deref() == Some(first))
    });
    if let (ErrorKind::ValueValidation, Some(spec)) = (e.kind(), spec) {
        let reason = match spec.id.as_str() {
            "direction" => parse_direction(&value).err(),
            "ref_naming" => parse_ref_naming(&value).err(),
            "color" => parse_color(&value).err(),
            _ => parse_count(&value).err(),
        }
        .unwrap_or_default();
        return usage(format!("option '{}' argument '{value}' is invalid. {reason}", spec.flags), HELP_HINT);
    }
    let text = e.kind().as_str().unwrap_or("invalid arguments").to_string();
    usage(text, HELP_HINT)
}

// ---------------------------------------------------------------------------
// commander's suggestSimilar

fn edit_distance(a: &[char], b: &[char]) -> usize {
    const MAX: usize = 3;
    if a.len().abs_diff(b.len()) > MAX {
        return a.len().max(b.len());
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for j in 1..=b.len() {
        for i in 1..=a.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// `\n(Did you mean X?)`, or nothing.
pub(crate) fn suggest_similar(word: &str, candidates: &[&str]) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for c in candidates {
        if !unique.contains(c) {
            unique.push(c);
        }
    }
    let searching_options = word.starts_with("--");
    let strip = |s: &str| if searching_options { s.get(2..).unwrap_or_default().to_string() } else { s.to_string() };
    let w: Vec<char> = strip(word).chars().collect();
    let mut similar: Vec<String> = Vec::new();
    let mut best = 3usize;
    for candidate in unique {
        let c: Vec<char> = strip(candidate).chars().collect();
        if c.len() <= 1 {
            continue;
        }
        let distance = edit_distance(&w, &c);
        let length = w.len().max(c.len()) as f64;
        let similarity = (length - distance as f64) / length;
        if similarity > 0.4 {
            if distance < best {
                best = distance;
                similar = vec![c.iter().collect()];
            } else if distance == best {
                similar.push(c.iter().collect());
            }
        }
    }
    similar.sort();
    if searching_options {
        similar = similar.into_iter().map(|s| format!("--{s}")).collect();
    }
    match similar.len() {
        0 => String::new(),
        1 => format!("\n(Did you mean {}?)", similar[0]),
        _ => format!("\n(Did you mean one of {}?)", similar.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(parse_count("007"), Ok(7));
        assert_eq!(parse_count("0"), Ok(0));
        assert_eq!(parse_count("9007199254740991"), Ok(9_007_199_254_740_991));
        assert!(parse_count("9007199254740992").is_err());
        assert!(parse_count("-1").is_err());
        assert!(parse_count("1.5").is_err());
        assert!(parse_count("").is_err());
    }

    #[test]
    fn negative_numbers() {
        for s in ["-1", "-1.5", "-.5", "-1e5", "-1e+5", "-2.5e-3"] {
            assert!(negative_number(s), "{s}");
        }
        for s in ["-", "-x", "-1.", "-1e", "--1", "-1ex"] {
            assert!(!negative_number(s), "{s}");
        }
    }

    #[test]
    fn suggestions() {
        assert_eq!(suggest_similar("--stict", &["--strict", "--validate"]), "\n(Did you mean --strict?)");
        assert_eq!(suggest_similar("--no-fed", &["--no-federation-link"]), "");
        assert_eq!(suggest_similar("conver", &["convert", "help"]), "\n(Did you mean convert?)");
    }
}
