/**
 * `x-graphql completions bash|zsh|fish` (record 0088): a completion script for the
 * shell, made from the command tree commander knows (every command, subcommand and
 * visible option, with the choices of an option that has them), so it cannot miss a
 * flag. The Rust twin (rust/src/bin/x-graphql/completions.rs) builds the same tree
 * from its option tables and prints the same bytes; the parity tests compare them.
 *
 * Every script follows the words typed so far to a command path ("", "convert",
 * "validate json-schema"...), then offers: after an option that takes a value, its
 * choices (or files); for a word starting with `-`, the path's options; else its
 * subcommands or argument choices, or files.
 */
import { type Command, Argument, type Option } from 'commander';
import { UsageError } from './cli';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

/** One option: its short and long spellings and what it takes. */
export interface CompletionOption {
  short?: string;
  long: string;
  /** nothing, a value (completed as a file), or one of these. */
  takes: 'nothing' | 'value' | readonly string[];
}

/** A command path and what may follow it. */
export interface CompletionNode {
  path: string;
  options: CompletionOption[];
  /** Subcommands or argument choices; null: files. */
  words: readonly string[] | null;
}

const HELP_OPTION: CompletionOption = { short: '-h', long: '--help', takes: 'nothing' };

function optionOf(o: Option): CompletionOption {
  const takes = o.required || o.optional ? (o.argChoices ?? 'value') : 'nothing';
  return { ...(o.short !== undefined ? { short: o.short } : {}), long: o.long!, takes };
}

function visibleOptions(cmd: Command): CompletionOption[] {
  return [...cmd.options.filter((o) => !o.hidden && o.long !== undefined).map(optionOf), HELP_OPTION];
}

/** The completion tree of the program: the root, each command depth first, then `help`. */
export function completionTree(program: Command): CompletionNode[] {
  const names = program.commands.map((c) => c.name());
  const nodes: CompletionNode[] = [{ path: '', options: visibleOptions(program), words: [...names, 'help'] }];
  for (const cmd of program.commands) {
    const subs = cmd.commands.map((c) => c.name());
    if (subs.length > 0) {
      nodes.push({ path: cmd.name(), options: [HELP_OPTION], words: [...subs, 'help'] });
      for (const sub of cmd.commands) {
        nodes.push({ path: `${cmd.name()} ${sub.name()}`, options: visibleOptions(sub), words: null });
      }
      nodes.push({ path: `${cmd.name()} help`, options: [], words: subs });
    } else {
      const choices = cmd.registeredArguments[0]?.argChoices;
      nodes.push({ path: cmd.name(), options: visibleOptions(cmd), words: choices ?? null });
    }
  }
  nodes.push({ path: 'help', options: [], words: names });
  return nodes;
}

function spellings(o: CompletionOption): string[] {
  return o.short !== undefined ? [o.short, o.long] : [o.long];
}

/** The `case` arms that follow the typed words to a command path (bash and zsh). */
function pathArms(nodes: CompletionNode[], indent: string): string {
  let out = '';
  for (const n of nodes) {
    if (n.path === '') continue;
    const cut = n.path.lastIndexOf(' ');
    const [parent, word] = cut < 0 ? ['', n.path] : [n.path.slice(0, cut), n.path.slice(cut + 1)];
    out += `${indent}"${parent}:${word}") cmdpath="${n.path}" ;;\n`;
  }
  return out;
}

function bash(nodes: CompletionNode[]): string {
  let s = '# bash completion for x-graphql (x-graphql completions bash)\n';
  s += '_x_graphql() {\n';
  s += '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmdpath="" word i\n';
  s += '  for ((i = 1; i < COMP_CWORD; i++)); do\n';
  s += '    word="${COMP_WORDS[i]}"\n';
  s += '    case "$cmdpath:$word" in\n';
  s += pathArms(nodes, '      ');
  s += '    esac\n';
  s += '  done\n';
  s += '  case "$cmdpath:$prev" in\n';
  for (const n of nodes) {
    for (const o of n.options) {
      if (o.takes === 'nothing') continue;
      const pattern = spellings(o).map((f) => `"${n.path}:${f}"`).join('|');
      if (o.takes === 'value') s += `    ${pattern}) return ;;\n`;
      else s += `    ${pattern}) COMPREPLY=($(compgen -W "${o.takes.join(' ')}" -- "$cur")); return ;;\n`;
    }
  }
  s += '  esac\n';
  s += '  if [[ "$cur" == -* ]]; then\n';
  s += '    case "$cmdpath" in\n';
  for (const n of nodes) {
    if (n.options.length === 0) continue;
    s += `      "${n.path}") COMPREPLY=($(compgen -W "${n.options.flatMap(spellings).join(' ')}" -- "$cur")) ;;\n`;
  }
  s += '    esac\n';
  s += '    return\n';
  s += '  fi\n';
  s += '  case "$cmdpath" in\n';
  for (const n of nodes) {
    if (n.words === null) continue;
    s += `    "${n.path}") COMPREPLY=($(compgen -W "${n.words.join(' ')}" -- "$cur")) ;;\n`;
  }
  s += '  esac\n';
  s += '}\n';
  s += 'complete -o default -F _x_graphql x-graphql\n';
  return s;
}

function zsh(nodes: CompletionNode[]): string {
  let s = '#compdef x-graphql\n';
  s += '# zsh completion for x-graphql (x-graphql completions zsh)\n';
  s += '_x_graphql() {\n';
  s += '  local cur="${words[CURRENT]}" prev="${words[CURRENT-1]}" cmdpath="" word i\n';
  s += '  for ((i = 2; i < CURRENT; i++)); do\n';
  s += '    word="${words[i]}"\n';
  s += '    case "$cmdpath:$word" in\n';
  s += pathArms(nodes, '      ');
  s += '    esac\n';
  s += '  done\n';
  s += '  case "$cmdpath:$prev" in\n';
  for (const n of nodes) {
    for (const o of n.options) {
      if (o.takes === 'nothing') continue;
      const pattern = spellings(o).map((f) => `"${n.path}:${f}"`).join('|');
      if (o.takes === 'value') s += `    ${pattern}) _files; return ;;\n`;
      else s += `    ${pattern}) compadd -- ${o.takes.join(' ')}; return ;;\n`;
    }
  }
  s += '  esac\n';
  s += '  if [[ "$cur" == -* ]]; then\n';
  s += '    case "$cmdpath" in\n';
  for (const n of nodes) {
    if (n.options.length === 0) continue;
    s += `      "${n.path}") compadd -- ${n.options.flatMap(spellings).join(' ')} ;;\n`;
  }
  s += '    esac\n';
  s += '    return\n';
  s += '  fi\n';
  s += '  case "$cmdpath" in\n';
  for (const n of nodes) {
    if (n.words === null) continue;
    s += `    "${n.path}") compadd -- ${n.words.join(' ')} ;;\n`;
  }
  s += '    *) _files ;;\n';
  s += '  esac\n';
  s += '}\n';
  s += 'if [ "$funcstack[1]" = "_x-graphql" ]; then\n';
  s += '  _x_graphql "$@"\n';
  s += 'else\n';
  s += '  compdef _x_graphql x-graphql\n';
  s += 'fi\n';
  return s;
}

function fish(nodes: CompletionNode[]): string {
  let s = '# fish completion for x-graphql (x-graphql completions fish)\n';
  s += 'function __x_graphql_at\n';
  s += '    set -l cmdpath ""\n';
  s += '    for word in (commandline -opc)[2..-1]\n';
  s += '        switch "$cmdpath:$word"\n';
  for (const n of nodes) {
    if (n.path === '') continue;
    const cut = n.path.lastIndexOf(' ');
    const [parent, word] = cut < 0 ? ['', n.path] : [n.path.slice(0, cut), n.path.slice(cut + 1)];
    s += `            case "${parent}:${word}"\n`;
    s += `                set cmdpath "${n.path}"\n`;
  }
  s += '        end\n';
  s += '    end\n';
  s += '    test "$cmdpath" = "$argv[1]"\n';
  s += 'end\n';
  s += 'complete -c x-graphql -f\n';
  for (const n of nodes) {
    const at = `complete -c x-graphql -n '__x_graphql_at "${n.path}"'`;
    if (n.words === null) s += `${at} -F\n`;
    else s += `${at} -a '${n.words.join(' ')}'\n`;
    for (const o of n.options) {
      let line = at;
      if (o.short !== undefined) line += ` -s ${o.short.slice(1)}`;
      line += ` -l ${o.long.slice(2)}`;
      if (o.takes === 'value') line += ' -r -F';
      else if (o.takes !== 'nothing') line += ` -x -a '${o.takes.join(' ')}'`;
      s += line + '\n';
    }
  }
  return s;
}

/** The completion script of `shell` for the program's tree. */
export function completionScript(shell: Shell, nodes: CompletionNode[]): string {
  if (shell === 'bash') return bash(nodes);
  if (shell === 'zsh') return zsh(nodes);
  return fish(nodes);
}

/** Adds `completions <shell>`; `done` receives the exit code. */
export function addCompletionsCommand(program: Command, done: (exit: number) => void): void {
  program
    .command('completions')
    .description('print a completion script for bash, zsh or fish (README: Shell completions)')
    .helpOption('-h, --help', 'print this help')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  x-graphql completions bash > ~/.local/share/bash-completion/completions/x-graphql\n' +
        '  x-graphql completions zsh > "${fpath[1]}/_x-graphql"\n' +
        '  x-graphql completions fish > ~/.config/fish/completions/x-graphql.fish\n' +
        '\nExit codes: 0 ok, 2 usage error.',
    )
    .action((shell: Shell) => {
      if (!SHELLS.includes(shell)) throw new UsageError(`unknown shell ${shell}`);
      process.stdout.write(completionScript(shell, completionTree(program)));
      done(0);
    });
}
