//! `x-graphql completions bash|zsh|fish` (record 0088), the twin of
//! js/src/cli-completions.ts: a completion script made from the option tables the
//! parser reads (every command, subcommand and visible option, with the choices of
//! an option that has them), the same bytes as the npm CLI's (parity tests compare).
//!
//! Every script follows the words typed so far to a command path ("", "convert",
//! "validate json-schema"...), then offers: after an option that takes a value, its
//! choices (or files); for a word starting with `-`, the path's options; else its
//! subcommands or argument choices, or files.

use crate::args::{print_out, Action, COMMANDS, CONVERT_OPTS, PROGRAM_OPTS};
use crate::args_check::{MIGRATE_OPTS, VALIDATE_OPTS};
use crate::commander::{usage, Leaf, Opt, Takes};
use crate::UsageError;

const HINT: &str = "see x-graphql completions --help";
pub const SHELLS: [&str; 3] = ["bash", "zsh", "fish"];

pub const COMPLETIONS_HELP: &str = r#"Usage: x-graphql completions [options] <shell>

print a completion script for bash, zsh or fish (README: Shell completions)

Arguments:
  shell       the shell (choices: "bash", "zsh", "fish")

Options:
  -h, --help  print this help

Examples:
  x-graphql completions bash > ~/.local/share/bash-completion/completions/x-graphql
  x-graphql completions zsh > "${fpath[1]}/_x-graphql"
  x-graphql completions fish > ~/.config/fish/completions/x-graphql.fish

Exit codes: 0 ok, 2 usage error.
"#;

/// What an option takes: nothing, a value (completed as a file), or one of these.
enum Kind {
    Nothing,
    Value,
    OneOf(&'static [&'static str]),
}

/// One option: its short and long spellings and what it takes.
struct CompletionOption {
    short: Option<&'static str>,
    long: &'static str,
    takes: Kind,
}

/// A command path and what may follow it (`words` None: files).
struct Node {
    path: String,
    options: Vec<CompletionOption>,
    words: Option<Vec<&'static str>>,
}

const HELP_OPTION: CompletionOption = CompletionOption { short: Some("-h"), long: "--help", takes: Kind::Nothing };

/// A table's visible options (a hidden one has no long name, like convert's old `-w`), then `-h, --help`.
fn visible(opts: &[Opt]) -> Vec<CompletionOption> {
    let mut out: Vec<CompletionOption> = opts
        .iter()
        .filter(|o| o.long.starts_with("--"))
        .map(|o| CompletionOption {
            short: o.short,
            long: o.long,
            takes: match o.takes {
                Takes::Nothing => Kind::Nothing,
                Takes::OneOf(choices) => Kind::OneOf(choices),
                _ => Kind::Value,
            },
        })
        .collect();
    out.push(HELP_OPTION);
    out
}

/// The completion tree: the root, each command depth first, then `help` (cli-completions.ts completionTree).
fn tree() -> Vec<Node> {
    let names: Vec<&'static str> = COMMANDS.iter().copied().filter(|c| *c != "help").collect();
    let leaf = |path: &str, opts: &[Opt], words: Option<Vec<&'static str>>| Node { path: path.to_string(), options: visible(opts), words };
    let subs = vec!["json-schema", "graphql"];
    vec![
        Node { path: String::new(), options: visible(&PROGRAM_OPTS), words: Some(COMMANDS.to_vec()) },
        leaf("convert", &CONVERT_OPTS, None),
        leaf("describe", &crate::typesys::OPTS, None),
        leaf("build", &crate::typesys::OPTS, None),
        Node { path: "validate".to_string(), options: vec![HELP_OPTION], words: Some(vec!["json-schema", "graphql", "help"]) },
        leaf("validate json-schema", &VALIDATE_OPTS, None),
        leaf("validate graphql", &VALIDATE_OPTS, None),
        Node { path: "validate help".to_string(), options: Vec::new(), words: Some(subs) },
        leaf("migrate", &MIGRATE_OPTS, None),
        leaf("explain", &[], None),
        leaf("completions", &[], Some(SHELLS.to_vec())),
        Node { path: "help".to_string(), options: Vec::new(), words: Some(names) },
    ]
}

fn spellings(o: &CompletionOption) -> Vec<&'static str> {
    match o.short {
        Some(short) => vec![short, o.long],
        None => vec![o.long],
    }
}

/// (parent path, last word) of a path.
fn split(path: &str) -> (&str, &str) {
    match path.rfind(' ') {
        Some(i) => (&path[..i], &path[i + 1..]),
        None => ("", path),
    }
}

/// The `case` arms that follow the typed words to a command path (bash and zsh).
fn path_arms(nodes: &[Node], indent: &str) -> String {
    let mut out = String::new();
    for n in nodes.iter().filter(|n| !n.path.is_empty()) {
        let (parent, word) = split(&n.path);
        out.push_str(&format!("{indent}\"{parent}:{word}\") cmdpath=\"{}\" ;;\n", n.path));
    }
    out
}

/// `"path:-o"|"path:--output"`.
fn value_pattern(n: &Node, o: &CompletionOption) -> String {
    spellings(o).iter().map(|f| format!("\"{}:{f}\"", n.path)).collect::<Vec<_>>().join("|")
}

fn all_spellings(n: &Node) -> String {
    n.options.iter().flat_map(spellings).collect::<Vec<_>>().join(" ")
}

fn bash(nodes: &[Node]) -> String {
    let mut s = String::from("# bash completion for x-graphql (x-graphql completions bash)\n");
    s.push_str("_x_graphql() {\n");
    s.push_str("  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cmdpath=\"\" word i\n");
    s.push_str("  for ((i = 1; i < COMP_CWORD; i++)); do\n");
    s.push_str("    word=\"${COMP_WORDS[i]}\"\n");
    s.push_str("    case \"$cmdpath:$word\" in\n");
    s.push_str(&path_arms(nodes, "      "));
    s.push_str("    esac\n");
    s.push_str("  done\n");
    s.push_str("  case \"$cmdpath:$prev\" in\n");
    for n in nodes {
        for o in &n.options {
            match o.takes {
                Kind::Nothing => {}
                Kind::Value => s.push_str(&format!("    {}) return ;;\n", value_pattern(n, o))),
                Kind::OneOf(c) => s.push_str(&format!(
                    "    {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return ;;\n",
                    value_pattern(n, o),
                    c.join(" ")
                )),
            }
        }
    }
    s.push_str("  esac\n");
    s.push_str("  if [[ \"$cur\" == -* ]]; then\n");
    s.push_str("    case \"$cmdpath\" in\n");
    for n in nodes.iter().filter(|n| !n.options.is_empty()) {
        s.push_str(&format!("      \"{}\") COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")) ;;\n", n.path, all_spellings(n)));
    }
    s.push_str("    esac\n");
    s.push_str("    return\n");
    s.push_str("  fi\n");
    s.push_str("  case \"$cmdpath\" in\n");
    for n in nodes {
        if let Some(words) = &n.words {
            s.push_str(&format!("    \"{}\") COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")) ;;\n", n.path, words.join(" ")));
        }
    }
    s.push_str("  esac\n");
    s.push_str("}\n");
    s.push_str("complete -o default -F _x_graphql x-graphql\n");
    s
}

fn zsh(nodes: &[Node]) -> String {
    let mut s = String::from("#compdef x-graphql\n");
    s.push_str("# zsh completion for x-graphql (x-graphql completions zsh)\n");
    s.push_str("_x_graphql() {\n");
    s.push_str("  local cur=\"${words[CURRENT]}\" prev=\"${words[CURRENT-1]}\" cmdpath=\"\" word i\n");
    s.push_str("  for ((i = 2; i < CURRENT; i++)); do\n");
    s.push_str("    word=\"${words[i]}\"\n");
    s.push_str("    case \"$cmdpath:$word\" in\n");
    s.push_str(&path_arms(nodes, "      "));
    s.push_str("    esac\n");
    s.push_str("  done\n");
    s.push_str("  case \"$cmdpath:$prev\" in\n");
    for n in nodes {
        for o in &n.options {
            match o.takes {
                Kind::Nothing => {}
                Kind::Value => s.push_str(&format!("    {}) _files; return ;;\n", value_pattern(n, o))),
                Kind::OneOf(c) => s.push_str(&format!("    {}) compadd -- {}; return ;;\n", value_pattern(n, o), c.join(" "))),
            }
        }
    }
    s.push_str("  esac\n");
    s.push_str("  if [[ \"$cur\" == -* ]]; then\n");
    s.push_str("    case \"$cmdpath\" in\n");
    for n in nodes.iter().filter(|n| !n.options.is_empty()) {
        s.push_str(&format!("      \"{}\") compadd -- {} ;;\n", n.path, all_spellings(n)));
    }
    s.push_str("    esac\n");
    s.push_str("    return\n");
    s.push_str("  fi\n");
    s.push_str("  case \"$cmdpath\" in\n");
    for n in nodes {
        if let Some(words) = &n.words {
            s.push_str(&format!("    \"{}\") compadd -- {} ;;\n", n.path, words.join(" ")));
        }
    }
    s.push_str("    *) _files ;;\n");
    s.push_str("  esac\n");
    s.push_str("}\n");
    s.push_str("if [ \"$funcstack[1]\" = \"_x-graphql\" ]; then\n");
    s.push_str("  _x_graphql \"$@\"\n");
    s.push_str("else\n");
    s.push_str("  compdef _x_graphql x-graphql\n");
    s.push_str("fi\n");
    s
}

fn fish(nodes: &[Node]) -> String {
    let mut s = String::from("# fish completion for x-graphql (x-graphql completions fish)\n");
    s.push_str("function __x_graphql_at\n");
    s.push_str("    set -l cmdpath \"\"\n");
    s.push_str("    for word in (commandline -opc)[2..-1]\n");
    s.push_str("        switch \"$cmdpath:$word\"\n");
    for n in nodes.iter().filter(|n| !n.path.is_empty()) {
        let (parent, word) = split(&n.path);
        s.push_str(&format!("            case \"{parent}:{word}\"\n"));
        s.push_str(&format!("                set cmdpath \"{}\"\n", n.path));
    }
    s.push_str("        end\n");
    s.push_str("    end\n");
    s.push_str("    test \"$cmdpath\" = \"$argv[1]\"\n");
    s.push_str("end\n");
    s.push_str("complete -c x-graphql -f\n");
    for n in nodes {
        let at = format!("complete -c x-graphql -n '__x_graphql_at \"{}\"'", n.path);
        match &n.words {
            None => s.push_str(&format!("{at} -F\n")),
            Some(words) => s.push_str(&format!("{at} -a '{}'\n", words.join(" "))),
        }
        for o in &n.options {
            let mut line = at.clone();
            if let Some(short) = o.short {
                line.push_str(&format!(" -s {}", &short[1..]));
            }
            line.push_str(&format!(" -l {}", &o.long[2..]));
            match o.takes {
                Kind::Nothing => {}
                Kind::Value => line.push_str(" -r -F"),
                Kind::OneOf(c) => line.push_str(&format!(" -x -a '{}'", c.join(" "))),
            }
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
}

/// The completion script of `shell`.
pub fn completion_script(shell: &str) -> String {
    let nodes = tree();
    match shell {
        "bash" => bash(&nodes),
        "zsh" => zsh(&nodes),
        _ => fish(&nodes),
    }
}

/// commander's parse of `completions <shell>` (the argument's choices checked after its count).
pub fn parse(program_operands: &[String], rest: &[String]) -> Result<Action, UsageError> {
    let leaf = Leaf { name: "completions", opts: &[], arguments: &["shell"], help: COMPLETIONS_HELP, hint: HINT };
    let Some(parsed) = leaf.parse(program_operands, rest)? else { return Ok(print_out(COMPLETIONS_HELP)) };
    let shell = parsed.operands[0].as_str();
    if !SHELLS.contains(&shell) {
        let message = format!(
            "command-argument value '{shell}' is invalid for argument 'shell'. Allowed choices are {}.",
            SHELLS.join(", ")
        );
        return Err(usage(message, HINT));
    }
    Ok(print_out(&completion_script(shell)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::parse_args;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn printed(list: &[&str]) -> String {
        match parse_args(&args(list)) {
            Ok(Action::Print { text, .. }) => text,
            _ => panic!("{list:?} prints nothing"),
        }
    }

    #[test]
    fn scripts_cover_commands_flags_and_choices() {
        let bash = completion_script("bash");
        for word in ["\"validate:json-schema\") cmdpath=\"validate json-schema\"", "--include", "--no-color", "file_and_path"] {
            assert!(bash.contains(word), "{word}");
        }
        // convert's old -w is hidden: not offered.
        assert!(!bash.contains("\"convert:-w\""));
        assert!(completion_script("fish").contains("-n '__x_graphql_at \"migrate\"' -s w -l write\n"));
        assert!(completion_script("zsh").starts_with("#compdef x-graphql\n"));
    }

    #[test]
    fn help_reaches_every_command() {
        assert!(printed(&["help", "validate", "json-schema"]).starts_with("Usage: x-graphql validate json-schema "));
        assert!(printed(&["help", "completions"]).starts_with("Usage: x-graphql completions "));
        assert_eq!(printed(&["completions", "fish"]), completion_script("fish"));
    }

    #[test]
    fn short_flags_and_colour() {
        let Err(e) = parse_args(&args(&["convert", "-w"])) else { panic!("convert -w") };
        assert!(e.message.contains("use --watch"));
        let Ok(Action::Convert(flags)) = parse_args(&args(&["convert", "-s", "--color", "always", "--no-color"])) else {
            panic!("convert")
        };
        assert!(flags.strict);
        assert_eq!(flags.color, "never");
        let Ok(Action::Convert(flags)) = parse_args(&args(&["convert", "--no-color", "--color=always"])) else {
            panic!("convert")
        };
        assert_eq!(flags.color, "always");
    }
}
