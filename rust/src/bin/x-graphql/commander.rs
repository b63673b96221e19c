//! commander 14's option parsing, once, for every command of the Rust CLI, so
//! that it accepts, refuses and words command lines as the npm CLI does.
//!
//! A command is a table of [`Opt`]s. [`parse_options`] is commander's
//! `parseOptions`: `--` ends the options, `-qo x` is `-q -o x`, `-ofile` and
//! `--output=file` carry their value, a value option takes the next argument
//! whatever it looks like, and everything from the first unknown option on is
//! left unknown (for a subcommand, or for the error). [`Leaf::parse`] adds
//! commander's order for a command without subcommands: a missing or invalid
//! value stops the parse, then `-h`, then the first unknown option (with
//! "Did you mean"), then the number of arguments.

use crate::args::{print_out, Action};
use crate::UsageError;

/// What an option takes after it.
pub enum Takes {
    /// Nothing: a flag.
    Nothing,
    /// Any value.
    Value,
    /// One of these values (commander's `.choices()`).
    OneOf(&'static [&'static str]),
    /// A non-negative safe integer (the npm CLI's `count` argument parser).
    Count,
    /// `FORMAT=NAME`, NAME a GraphQL name (the npm CLI's `formatScalarEntry`, record 0082).
    FormatScalar,
    /// A glob of `--include` / `--exclude` (the npm CLI's `globList`, record 0088).
    Glob,
}

/// One option as commander knows it.
pub struct Opt {
    pub short: Option<&'static str>,
    pub long: &'static str,
    /// commander's `flags`, e.g. `-i, --input <file|dir|->`, as its messages quote them.
    pub flags: &'static str,
    pub takes: Takes,
}

impl Opt {
    fn takes_value(&self) -> bool {
        !matches!(self.takes, Takes::Nothing)
    }

    /// commander's `invalidArgument` reason, or `None` for a good value.
    fn refuse(&self, value: &str) -> Option<String> {
        match self.takes {
            Takes::OneOf(choices) if !choices.contains(&value) => {
                Some(format!("Allowed choices are {}.", choices.join(", ")))
            }
            Takes::Count => parse_count(value).err(),
            Takes::FormatScalar => check_format_scalar(value).err(),
            Takes::Glob => crate::glob::Glob::compile(value).err(),
            _ => None,
        }
    }
}

/// `-q, --quiet` and `--color <when>` (cli.ts withTerminalOptions), after each command's own options.
pub const QUIET: Opt = Opt { short: Some("-q"), long: "--quiet", flags: "-q, --quiet", takes: Takes::Nothing };
pub const COLOR: Opt =
    Opt { short: None, long: "--color", flags: "--color <when>", takes: Takes::OneOf(&crate::terminal::COLOR_MODES) };
/// `--no-color`, after `--color`: the same as `--color never` (record 0088).
pub const NO_COLOR: Opt = Opt { short: None, long: "--no-color", flags: "--no-color", takes: Takes::Nothing };

/// `--include <glob>` / `--exclude <glob>`, after `-r` (cli-select.ts withSelectOptions, record 0088).
pub const INCLUDE: Opt = Opt { short: None, long: "--include", flags: "--include <glob>", takes: Takes::Glob };
pub const EXCLUDE: Opt = Opt { short: None, long: "--exclude", flags: "--exclude <glob>", takes: Takes::Glob };

/// The colour mode: the last of `--color <when>` and `--no-color` (`never`), else commander's default `auto`.
pub fn color_of(parsed: &Parsed) -> String {
    let last = parsed.set.iter().rev().find(|(l, _)| *l == "--color" || *l == "--no-color");
    match last {
        Some((_, Some(when))) => when.clone(),
        Some((_, None)) => "never".to_string(),
        None => "auto".to_string(),
    }
}

/// Every value of a repeatable option, in order.
pub fn all_values(parsed: &Parsed, long: &str) -> Vec<String> {
    parsed.values(long).map(str::to_string).collect()
}

/// What commander's parseOptions leaves: the options set in order (long name,
/// value; `None` for a flag), the operands and the unknown arguments.
#[derive(Debug, Default)]
pub struct Parsed {
    pub set: Vec<(&'static str, Option<String>)>,
    pub operands: Vec<String>,
    pub unknown: Vec<String>,
}

impl Parsed {
    pub fn has(&self, long: &str) -> bool {
        self.set.iter().any(|(l, _)| *l == long)
    }

    /// The last value given to `long` (commander keeps the last).
    pub fn value(&self, long: &str) -> Option<&str> {
        self.set.iter().rev().find(|(l, _)| *l == long).and_then(|(_, v)| v.as_deref())
    }

    /// Every value given to `long`, in order (a repeatable option).
    pub fn values<'a>(&'a self, long: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.set.iter().filter(move |(l, _)| *l == long).filter_map(|(_, v)| v.as_deref())
    }

    /// Whether `-h`/`--help` is among the unknown arguments.
    pub fn wants_help(&self) -> bool {
        self.unknown.iter().any(|a| a == "-h" || a == "--help")
    }
}

pub fn usage(message: String, hint: &'static str) -> UsageError {
    UsageError { message, where_: None, code: "USAGE".to_string(), hint }
}

/// commander's `parseOptions` over `args`, the operands already found
/// (`operands`) first. `leaf`: the command has no subcommands, so a negative
/// number is an operand, not an unknown option. A missing or invalid value
/// stops the parse with its error (`hint` says where to look).
pub fn parse_options(
    opts: &[Opt],
    operands: &[String],
    args: &[String],
    leaf: bool,
    hint: &'static str,
) -> Result<Parsed, UsageError> {
    let find = |arg: &str| opts.iter().find(|o| o.long == arg || o.short == Some(arg));
    let mut out = Parsed { operands: operands.to_vec(), ..Parsed::default() };
    let set_value = |o: &Opt, value: String, set: &mut Vec<(&'static str, Option<String>)>| {
        if let Some(reason) = o.refuse(&value) {
            return Err(usage(format!("option '{}' argument '{value}' is invalid. {reason}", o.flags), hint));
        }
        set.push((o.long, Some(value)));
        Ok(())
    };
    let mut to_unknown = false;
    let mut i = 0;
    // The rest of a group of short options, `-ri x` being `-r -i x`.
    let mut group: Option<String> = None;
    while i < args.len() || group.is_some() {
        let arg = match group.take() {
            Some(g) => g,
            None => {
                i += 1;
                args[i - 1].clone()
            }
        };
        if arg == "--" {
            if to_unknown {
                out.unknown.push(arg);
                out.unknown.extend(args[i..].iter().cloned());
            } else {
                out.operands.extend(args[i..].iter().cloned());
            }
            break;
        }
        if maybe_option(&arg) {
            if let Some(o) = find(&arg) {
                if o.takes_value() {
                    let Some(value) = args.get(i) else {
                        return Err(usage(format!("option '{}' argument missing", o.flags), hint));
                    };
                    i += 1;
                    set_value(o, value.clone(), &mut out.set)?;
                } else {
                    out.set.push((o.long, None));
                }
                continue;
            }
        }
        // A group of short options, `-ri x` or `-ifile`.
        if arg.len() > 2 && arg.starts_with('-') && !arg.starts_with("--") {
            let first: String = arg.chars().take(2).collect();
            if let Some(o) = find(&first) {
                let after = &arg[first.len()..];
                if o.takes_value() {
                    set_value(o, after.to_string(), &mut out.set)?;
                } else {
                    out.set.push((o.long, None));
                    group = Some(format!("-{after}"));
                }
                continue;
            }
        }
        // `--long=value` for an option that takes a value.
        if let Some(eq) = arg.find('=') {
            if arg.starts_with("--") && eq > 2 {
                if let Some(o) = find(&arg[..eq]).filter(|o| o.takes_value()) {
                    set_value(o, arg[eq + 1..].to_string(), &mut out.set)?;
                    continue;
                }
            }
        }
        if !to_unknown && maybe_option(&arg) && !(leaf && negative_number(&arg)) {
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

/// A command without subcommands.
pub struct Leaf {
    /// The name commander's "too many arguments for '<name>'" quotes.
    pub name: &'static str,
    pub opts: &'static [Opt],
    /// Its arguments, e.g. `["path"]`; an optional one is in brackets, `"[input]"`.
    pub arguments: &'static [&'static str],
    pub help: &'static str,
    pub hint: &'static str,
}

impl Leaf {
    /// commander's parse of this command over what its parent left
    /// (`operands` after the command name, then `rest`). `Ok(None)`: `-h`
    /// asked for the help.
    pub fn parse(&self, operands: &[String], rest: &[String]) -> Result<Option<Parsed>, UsageError> {
        let parsed = parse_options(self.opts, operands, rest, true, self.hint)?;
        if parsed.wants_help() {
            return Ok(None);
        }
        if let Some(flag) = parsed.unknown.first() {
            let suggestion = if flag.starts_with("--") {
                let mut candidates: Vec<&str> = self.opts.iter().map(|o| o.long).collect();
                candidates.extend(["--help", "--version"]);
                suggest_similar(flag, &candidates)
            } else {
                String::new()
            };
            return Err(usage(format!("unknown option '{flag}'{suggestion}"), self.hint));
        }
        let (expected, got) = (self.arguments.len(), parsed.operands.len());
        if let Some(missing) = self.arguments.get(got).filter(|a| !a.starts_with('[')) {
            return Err(usage(format!("missing required argument '{missing}'"), self.hint));
        }
        // A variadic last argument (`[input...]`) takes any number.
        let variadic = self.arguments.last().is_some_and(|a| a.ends_with("...]") || a.ends_with("...>"));
        if got > expected && !variadic {
            let s = if expected == 1 { "" } else { "s" };
            let message =
                format!("too many arguments for '{}'. Expected {expected} argument{s} but got {got}.", self.name);
            return Err(usage(message, self.hint));
        }
        Ok(Some(parsed))
    }
}

/// What a command with subcommands does when none of `commands` was named:
/// nothing at all prints its help as an error, `-h` its help, else the unknown
/// command (`command_hint`) or option (`option_hint`) is refused with "Did you mean".
pub fn no_subcommand(
    parsed: &Parsed,
    commands: &[&str],
    help: &str,
    command_hint: &'static str,
    option_hint: &'static str,
) -> Result<Action, UsageError> {
    if parsed.operands.is_empty() && parsed.unknown.is_empty() {
        return Ok(Action::Print { text: help.to_string(), to_stderr: true, exit: 2 });
    }
    if parsed.wants_help() {
        return Ok(print_out(help));
    }
    if let Some(name) = parsed.operands.first() {
        return Err(usage(format!("unknown command '{name}'{}", suggest_similar(name, commands)), command_hint));
    }
    let flag = parsed.unknown.first().map(String::as_str).unwrap_or_default();
    let suggestion = if flag.starts_with("--") { suggest_similar(flag, &["--help", "--version"]) } else { String::new() };
    Err(usage(format!("unknown option '{flag}'{suggestion}"), option_hint))
}

/// The npm CLI's `formatScalarEntry`: `FORMAT=NAME`, a non-empty format and a GraphQL name.
pub fn check_format_scalar(value: &str) -> Result<(), String> {
    let ok = match value.split_once('=') {
        Some((format, name)) => !format.is_empty() && crate_name_ok(name),
        None => false,
    };
    if ok {
        Ok(())
    } else {
        Err("expected FORMAT=NAME, NAME a GraphQL name".to_string())
    }
}

/// `/^[_A-Za-z][_0-9A-Za-z]*$/`.
fn crate_name_ok(name: &str) -> bool {
    let mut bytes = name.bytes();
    matches!(bytes.next(), Some(b'_' | b'A'..=b'Z' | b'a'..=b'z')) && bytes.all(|b| b == b'_' || b.is_ascii_alphanumeric())
}

/// The npm CLI's `count` argument parser: a non-negative safe integer.
pub fn parse_count(value: &str) -> Result<u64, String> {
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

/// commander's `maybeOption`.
fn maybe_option(arg: &str) -> bool {
    arg.len() > 1 && arg.starts_with('-')
}

/// commander's `negativeNumberArg`: `/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/`.
fn negative_number(arg: &str) -> bool {
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
pub fn suggest_similar(word: &str, candidates: &[&str]) -> String {
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

    const OPTS: [Opt; 3] = [
        Opt { short: Some("-r"), long: "--recursive", flags: "-r, --recursive", takes: Takes::Nothing },
        Opt { short: Some("-o"), long: "--output", flags: "-o, --output <file>", takes: Takes::Value },
        COLOR,
    ];

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn groups_values_and_unknown() {
        let args = strings(&["-ro", "x", "a", "--color=never", "-oy", "-1", "--bad", "b", "-r", "--", "c"]);
        let p = parse_options(&OPTS, &[], &args, true, "").unwrap();
        assert!(p.has("--recursive"));
        assert_eq!(p.value("--output"), Some("y"));
        assert_eq!(p.value("--color"), Some("never"));
        assert_eq!(p.operands, strings(&["a", "-1"]));
        assert_eq!(p.unknown, strings(&["--bad", "b", "--", "c"]));
        // Not a leaf: a negative number is an unknown option.
        let p = parse_options(&OPTS, &[], &strings(&["-1", "a"]), false, "").unwrap();
        assert_eq!(p.unknown, strings(&["-1", "a"]));
    }

    #[test]
    fn value_errors() {
        let e = parse_options(&OPTS, &[], &strings(&["--color", "red", "--output"]), true, "").unwrap_err();
        assert_eq!(e.message, "option '--color <when>' argument 'red' is invalid. Allowed choices are auto, always, never.");
        let e = parse_options(&OPTS, &[], &strings(&["-r", "-o"]), true, "").unwrap_err();
        assert_eq!(e.message, "option '-o, --output <file>' argument missing");
    }
}
