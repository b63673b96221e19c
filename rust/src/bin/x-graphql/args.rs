//! The command line, read the way the npm CLI (commander 14) reads it.
//!
//! commander.rs does the reading (one option table per command); here are the
//! program's own parse and the `convert` command:
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

use crate::args_check::{self, MigrateFlags, ValidateFlags};
use crate::commander::{self, all_values, color_of, parse_count, Leaf, Opt, Parsed, Takes};
use crate::{UsageError, HELP_HINT};

pub const PROGRAM_HELP: &str = r#"Usage: x-graphql [options] [command]

Convert JSON Schema annotated with x-graphql-* attributes to GraphQL SDL, and
GraphQL SDL to JSON Schema.

Options:
  -V, --version                 print the version
  -h, --help                    print this help

Commands:
  convert [options] [input...]  convert a JSON Schema (or SDL) file, stdin, or
                                (-r) a folder tree
  describe [options] <file>     describe a GraphQL SDL document as type-system
                                JSON (schemas/graphql-type-system.schema.json)
  build [options] <file>        build canonical GraphQL SDL from a type-system
                                JSON document
  validate                      check JSON Schema or GraphQL SDL files for what
                                the converter would reject
  migrate [options] <path>      rewrite a v1.x JSON Schema to the 2.x x-graphql
                                attributes
  explain <code>                print what an error or warning code means
                                (docs/errors.md)
  completions <shell>           print a completion script for bash, zsh or fish
                                (README: Shell completions)
  help [command]                display help for command

Examples:
  x-graphql convert -i user.schema.json -o user.graphql
  x-graphql validate json-schema -r schemas/
  x-graphql migrate --check -r schemas/
  x-graphql describe schema.graphql -o types.json
  x-graphql explain REF_OUTSIDE
  x-graphql convert --help
  x-graphql --version
"#;

pub const CONVERT_HELP: &str = r#"Usage: x-graphql convert [options] [input...]

convert a JSON Schema (or SDL) file, stdin, or (-r) a folder tree

Arguments:
  input                              input file, folder (with -r), or - for
                                     stdin; the same as -i; several with
                                     --bundle

Options:
  -i, --input <file|dir|->           input file, folder (with -r), or - for
                                     stdin (default: stdin); repeatable with
                                     --bundle
  -o, --output <file|dir>            output file or folder (default: stdout)
  --direction <direction>            conversion direction (default:
                                     .graphql/.gql input or SDL text:
                                     graphql-to-json; -r: json-to-graphql)
                                     (choices: "json-to-graphql",
                                     "graphql-to-json")
  -r, --recursive                    convert every .json file (graphql-to-json:
                                     .graphql and .gql file) under -i into a
                                     mirror tree under -o
  --include <glob>                   with -r: take only the files whose path
                                     under the folder matches (repeatable)
  --exclude <glob>                   with -r: leave out the files whose path
                                     under the folder matches (repeatable; wins
                                     over --include)
  --bundle                           convert every input (files, and the files
                                     of folders) into one output: one SDL
                                     document, or one JSON Schema
  --config <options.json>            JSON object of converter options
                                     (camelCase); flags override it (default:
                                     x-graphql.config.json in the current folder
                                     or above)
  --description-block-threshold <N>  descriptions longer than N code points
                                     print as block strings (default: 80)
  --emit-empty-types                 keep object types without fields (with a
                                     placeholder field)
  --inline-object-threshold <N>      inline objects with at most N properties
                                     become the JSON scalar (default: 3)
  --ref-naming <mode>                how types reached through $ref are named
                                     (default: basename) (choices: "basename",
                                     "file_and_path", "hash")
  --format-scalar <format=name>      map a format to a custom scalar, e.g.
                                     date-time=DateTime (repeatable)
  --no-federation-link               do not prepend `extend schema @link(...)`
                                     for federation directives
  --federation-version <version>     the Federation 2 version the @link names,
                                     2.0 to 2.14 (default: the lowest the
                                     document needs, at least 2.3)
  -s, --strict                       treat warnings as errors
  --validate                         check the input against the draft-07
                                     meta-schema and the attribute catalog first
  --unresolved-refs <mode>           a $ref to nothing, to a remote URI or to a
                                     missing file: an error, or the JSON scalar
                                     with a warning (default: error) (choices:
                                     "error", "json")
  --mixed-unions <mode>              a oneOf/anyOf mixing objects with scalars:
                                     the JSON scalar, the JSON scalar and a type
                                     per object branch, or a union with the
                                     scalars wrapped (default: json) (choices:
                                     "json", "types", "wrap")
  --explain-json                     list every field that became the JSON
                                     scalar, with its reason
  --watch                            convert again each time an input file
                                     changes (needs -i and -o), until Ctrl-C
  --format <format>                  report format; json, github and sarif go to
                                     stdout with -o, to stderr without (human:
                                     the former name of text) (choices: "text",
                                     "human", "json", "github", "sarif",
                                     default: "text")
  -q, --quiet                        print errors only: no warnings, summary,
                                     progress or watch lines
  --color <when>                     colour on stderr; auto: on for a terminal
                                     unless NO_COLOR is set (choices: "auto",
                                     "always", "never", default: "auto")
  --no-color                         no colour on stderr: the same as --color
                                     never
  -h, --help                         print this help

Examples:
  x-graphql convert -i user.schema.json -o user.graphql
  x-graphql convert user.schema.json -o user.graphql
  x-graphql convert < user.schema.json > user.graphql
  x-graphql convert -r -i schemas -o generated
  x-graphql convert --bundle schemas -o schema.graphql
  x-graphql convert --bundle order.json customer.json -o schema.graphql
  x-graphql convert api.graphql -o api.json
  x-graphql convert --direction graphql-to-json -i api.graphql -o api.json
  x-graphql convert -i user.schema.json --config x-graphql.json
  x-graphql convert -i user.schema.json --description-block-threshold 0
  x-graphql convert -i user.schema.json --emit-empty-types
  x-graphql convert -i user.schema.json --inline-object-threshold 0
  x-graphql convert -r -i schemas -o generated --ref-naming file_and_path
  x-graphql convert -i api.schema.json --format-scalar date-time=DateTime
  x-graphql convert -i product.schema.json --no-federation-link
  x-graphql convert -i product.schema.json --federation-version 2.7
  x-graphql convert -i user.schema.json --strict --validate
  x-graphql convert -i fhir.schema.json --unresolved-refs json --explain-json
  x-graphql convert -i config.schema.json --mixed-unions wrap
  x-graphql convert --watch -i user.schema.json -o user.graphql
  x-graphql convert user.schema.json -o user.graphql --format sarif > report.sarif
  x-graphql convert -r -i schemas -o generated --include '**/*.schema.json' --exclude 'drafts/**'
  x-graphql convert -r -i schemas -o generated --quiet --color never
  x-graphql convert -i user.schema.json -o user.graphql --no-color

Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error.
Warnings and errors go to stderr as <file>:<line>:<column>: error[CODE] message.
"#;

/// The program's own option (`-h` is handled as commander does, among the unknown).
pub(crate) const PROGRAM_OPTS: [Opt; 1] =
    [Opt { short: Some("-V"), long: "--version", flags: "-V, --version", takes: Takes::Nothing }];
pub(crate) const COMMANDS: [&str; 8] = ["convert", "describe", "build", "validate", "migrate", "explain", "completions", "help"];

const DIRECTIONS: [&str; 2] = ["json-to-graphql", "graphql-to-json"];
const REF_NAMINGS: [&str; 3] = ["basename", "file_and_path", "hash"];
const UNRESOLVED_REFS: [&str; 2] = ["error", "json"];
const MIXED_UNIONS: [&str; 3] = ["json", "types", "wrap"];

/// The `convert` options, in the order of `CONVERT_HELP`.
pub(crate) const CONVERT_OPTS: [Opt; 26] = [
    Opt { short: Some("-i"), long: "--input", flags: "-i, --input <file|dir|->", takes: Takes::Value },
    Opt { short: Some("-o"), long: "--output", flags: "-o, --output <file|dir>", takes: Takes::Value },
    Opt { short: None, long: "--direction", flags: "--direction <direction>", takes: Takes::OneOf(&DIRECTIONS) },
    Opt { short: Some("-r"), long: "--recursive", flags: "-r, --recursive", takes: Takes::Nothing },
    commander::INCLUDE,
    commander::EXCLUDE,
    Opt { short: None, long: "--bundle", flags: "--bundle", takes: Takes::Nothing },
    Opt { short: None, long: "--config", flags: "--config <options.json>", takes: Takes::Value },
    Opt {
        short: None,
        long: "--description-block-threshold",
        flags: "--description-block-threshold <N>",
        takes: Takes::Count,
    },
    Opt { short: None, long: "--emit-empty-types", flags: "--emit-empty-types", takes: Takes::Nothing },
    Opt { short: None, long: "--inline-object-threshold", flags: "--inline-object-threshold <N>", takes: Takes::Count },
    Opt { short: None, long: "--ref-naming", flags: "--ref-naming <mode>", takes: Takes::OneOf(&REF_NAMINGS) },
    Opt {
        short: None,
        long: "--format-scalar",
        flags: "--format-scalar <format=name>",
        takes: Takes::FormatScalar,
    },
    Opt { short: None, long: "--no-federation-link", flags: "--no-federation-link", takes: Takes::Nothing },
    Opt {
        short: None,
        long: "--federation-version",
        flags: "--federation-version <version>",
        takes: Takes::Value,
    },
    Opt { short: Some("-s"), long: "--strict", flags: "-s, --strict", takes: Takes::Nothing },
    Opt { short: None, long: "--validate", flags: "--validate", takes: Takes::Nothing },
    Opt {
        short: None,
        long: "--unresolved-refs",
        flags: "--unresolved-refs <mode>",
        takes: Takes::OneOf(&UNRESOLVED_REFS),
    },
    Opt {
        short: None,
        long: "--mixed-unions",
        flags: "--mixed-unions <mode>",
        takes: Takes::OneOf(&MIXED_UNIONS),
    },
    Opt { short: None, long: "--explain-json", flags: "--explain-json", takes: Takes::Nothing },
    Opt { short: None, long: "--watch", flags: "--watch", takes: Takes::Nothing },
    // A short -w is --write everywhere (migrate -w, record 0088): hidden, refused with a pointer.
    Opt { short: None, long: "-w", flags: "-w", takes: Takes::Nothing },
    Opt { short: None, long: "--format", flags: "--format <format>", takes: Takes::OneOf(&crate::report::FORMATS) },
    commander::QUIET,
    commander::COLOR,
    commander::NO_COLOR,
];

const CONVERT: Leaf =
    Leaf { name: "convert", opts: &CONVERT_OPTS, arguments: &["[input...]"], help: CONVERT_HELP, hint: HELP_HINT };

/// `x-graphql convert` flags.
#[derive(Debug, Clone)]
pub struct ConvertFlags {
    /// input file, folder (with -r), or - for stdin (default: stdin): the last -i
    pub input: Option<String>,
    /// every input given, the -i's then the arguments (`--bundle`, record 0090)
    pub inputs: Vec<String>,
    /// convert every input (files, and the files of folders) into one output
    pub bundle: bool,
    /// output file or folder (default: stdout)
    pub output: Option<String>,
    /// conversion direction; `None`: inferred (record 0083, direction.rs)
    pub direction: Option<String>,
    /// convert every .json file (graphql-to-json: .graphql and .gql file) under -i into a mirror tree under -o
    pub recursive: bool,
    /// `--include <glob>`, repeatable (record 0088)
    pub include: Vec<String>,
    /// `--exclude <glob>`, repeatable (record 0088)
    pub exclude: Vec<String>,
    /// JSON object of converter options (camelCase); flags override it
    pub config: Option<String>,
    /// descriptions longer than N code points print as block strings (default: 80)
    pub description_block_threshold: Option<u64>,
    /// keep object types without fields (with a placeholder field)
    pub emit_empty_types: bool,
    /// inline objects with at most N properties become the JSON scalar (default: 3)
    pub inline_object_threshold: Option<u64>,
    /// how types reached through $ref are named (default: basename)
    pub ref_naming: Option<String>,
    /// map a format to a custom scalar, e.g. date-time=DateTime (repeatable): the pairs in order
    pub format_scalar: Vec<(String, String)>,
    /// do not prepend `extend schema @link(...)` for federation directives
    pub no_federation_link: bool,
    pub federation_version: Option<String>,
    /// treat warnings as errors
    pub strict: bool,
    /// check the input against the draft-07 meta-schema and the attribute catalog first
    pub validate: bool,
    /// a $ref to nothing, to a remote URI or to a missing file: an error, or the JSON scalar with a warning
    pub unresolved_refs: Option<String>,
    /// a oneOf/anyOf mixing objects with scalars: the JSON scalar, the JSON scalar and a type per object branch, or a union with the scalars wrapped
    pub mixed_unions: Option<String>,
    /// list every field that became the JSON scalar, with its reason
    pub explain_json: bool,
    /// convert again each time an input file changes (needs -i and -o), until Ctrl-C
    pub watch: bool,
    /// `--format`: the report's format, text (also spelled human), json, github or sarif (record 0089)
    pub format: String,
    /// print errors only: no warnings, summary, progress or watch lines
    pub quiet: bool,
    /// colour on stderr; auto: on for a terminal unless NO_COLOR is set (default: auto)
    pub color: String,
}

impl ConvertFlags {
    fn from_parsed(p: &Parsed) -> Self {
        let text = |long: &str| p.value(long).map(str::to_string);
        // parse_options has checked the counts already.
        let count = |long: &str| p.value(long).and_then(|v| parse_count(v).ok());
        ConvertFlags {
            input: text("--input"),
            inputs: p.values("--input").map(str::to_string).collect(),
            bundle: p.has("--bundle"),
            output: text("--output"),
            direction: text("--direction"),
            recursive: p.has("--recursive"),
            include: all_values(p, "--include"),
            exclude: all_values(p, "--exclude"),
            config: text("--config"),
            description_block_threshold: count("--description-block-threshold"),
            emit_empty_types: p.has("--emit-empty-types"),
            inline_object_threshold: count("--inline-object-threshold"),
            ref_naming: text("--ref-naming"),
            format_scalar: p
                .values("--format-scalar")
                .filter_map(|v| v.split_once('=').map(|(f, n)| (f.to_string(), n.to_string())))
                .collect(),
            no_federation_link: p.has("--no-federation-link"),
            federation_version: text("--federation-version"),
            strict: p.has("--strict"),
            validate: p.has("--validate"),
            unresolved_refs: text("--unresolved-refs"),
            mixed_unions: text("--mixed-unions"),
            explain_json: p.has("--explain-json"),
            watch: p.has("--watch"),
            format: crate::report::format_of(p.value("--format")),
            quiet: p.has("--quiet"),
            color: color_of(p),
        }
    }
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

pub(crate) fn print_out(text: &str) -> Action {
    Action::Print { text: text.to_string(), to_stderr: false, exit: 0 }
}

/// Reads the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Action, UsageError> {
    // The program's own parse: its only option is -V/--version; everything
    // from the first unknown option on is left for the command.
    let parsed = commander::parse_options(&PROGRAM_OPTS, &[], args, false, HELP_HINT)?;
    if parsed.has("--version") {
        return Ok(print_out(&format!("{}\n", env!("CARGO_PKG_VERSION"))));
    }
    let (operands, unknown) = (&parsed.operands, &parsed.unknown);
    match operands.first().map(String::as_str) {
        Some("convert") => Ok(match CONVERT.parse(&operands[1..], unknown)? {
            Some(p) => {
                if p.has("-w") {
                    return Err(UsageError::new(
                        "-w is not --watch any more (a short -w means --write, as in migrate -w); use --watch",
                        None,
                        "USAGE",
                    ));
                }
                let mut flags = ConvertFlags::from_parsed(&p);
                // -i is repeatable for --bundle (record 0090); otherwise the last one counts, as before.
                flags.inputs.extend(p.operands.iter().cloned());
                if !flags.bundle && p.operands.len() > 1 {
                    let message =
                        format!("too many arguments for 'convert'. Expected 1 argument but got {}.", p.operands.len());
                    return Err(UsageError::new(message, None, "USAGE"));
                }
                // The input as an argument, like the other commands (record 0083); -i stays.
                if let Some(positional) = p.operands.first().filter(|_| !flags.bundle) {
                    if let Some(input) = &flags.input {
                        return Err(UsageError::new(
                            format!(
                                "the input is given twice: as the argument {positional} and with -i {input}; give one"
                            ),
                            None,
                            "USAGE",
                        ));
                    }
                    flags.input = Some(positional.clone());
                }
                Action::Convert(Box::new(flags))
            }
            None => print_out(CONVERT_HELP),
        }),
        Some("describe") => crate::typesys::parse("describe", &operands[1..], unknown),
        Some("build") => crate::typesys::parse("build", &operands[1..], unknown),
        Some("validate") => args_check::parse_validate(&operands[1..], unknown),
        Some("migrate") => args_check::parse_migrate(&operands[1..], unknown),
        Some("explain") => crate::explain::parse(&operands[1..], unknown),
        Some("completions") => crate::completions::parse(&operands[1..], unknown),
        // `help validate json-schema`: validate's own help command reads the rest (record 0088).
        Some("help") if operands.get(1).map(String::as_str) == Some("validate") && operands.len() > 2 => {
            let mut rest = vec!["help".to_string()];
            rest.extend_from_slice(&operands[2..]);
            args_check::parse_validate(&rest, unknown)
        }
        Some("help") => Ok(match operands.get(1).map(String::as_str) {
            None => print_out(PROGRAM_HELP),
            Some("convert") => print_out(CONVERT_HELP),
            Some(c @ ("describe" | "build")) => print_out(crate::typesys::help_of(c)),
            Some("validate") => print_out(args_check::VALIDATE_HELP),
            Some("migrate") => print_out(args_check::MIGRATE_HELP),
            Some("explain") => print_out(crate::explain::EXPLAIN_HELP),
            Some("completions") => print_out(crate::completions::COMPLETIONS_HELP),
            Some(_) => Action::Print { text: PROGRAM_HELP.to_string(), to_stderr: true, exit: 2 },
        }),
        _ => commander::no_subcommand(&parsed, &COMMANDS, PROGRAM_HELP, "see x-graphql --help", HELP_HINT),
    }
}
