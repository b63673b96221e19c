/**
 * The `validate` and `migrate` commands of the CLI (cli.ts builds the program
 * and calls `addCheckCommands`). Output and exit codes (record 0036):
 *
 *   x-graphql validate json-schema|graphql <path> [-r] [-s] [--format text|json|github|sarif]
 *     text:  one line per problem on stdout, `path:line:column: severity[CODE] message`,
 *            then `validated N files: V valid, I invalid (E errors, W warnings)` on stderr
 *            (`human` is its former name, still accepted);
 *     json:  the report (validate.ts) on stdout; github, sarif: cli-report.ts (record 0089).
 *     exit 0 every file valid, 1 any invalid, 2 usage, 3 a file that cannot be read.
 *
 *   x-graphql migrate <path> [-w] [-r] [--check]
 *     the migrated document on stdout; -w rewrites the file in place (atomically,
 *     only when something changes); --check changes nothing and exits 1 when
 *     anything would change; -r (with -w or --check) every .json file of a folder.
 *
 * The library is loaded when a command runs, as for `convert`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Command, CommanderError, Option } from 'commander';
import type { Diagnostic, FileReport } from './index';
import type { ColorFlag, Terminal } from './terminal';
import { type SelectFlags, selectionOf, withSelectOptions } from './cli-select';
import { codeFrame, paintLine, useColor } from './terminal';
import { Progress } from './progress';
import { argPath } from './cli-argv';

type Library = typeof import('./index');
type Cli = typeof import('./cli');

function lib(): Library {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./index') as Library;
}

function cli(): Cli {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./cli') as Cli;
}

interface TerminalFlags {
  quiet?: boolean;
  color?: ColorFlag;
}

interface ValidateFlags extends TerminalFlags, SelectFlags {
  recursive?: boolean;
  strict?: boolean;
  format: 'text' | 'human' | 'json' | 'github' | 'sarif';
}

interface MigrateFlags extends TerminalFlags, SelectFlags {
  write?: boolean;
  recursive?: boolean;
  check?: boolean;
}

const EXIT = { Ok: 0, InvalidInput: 1, Usage: 2, Io: 3 } as const;

function say(line: string): void {
  process.stderr.write(line + '\n');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * An input: its name as printed and given to the library (lossy), and the path it is
 * opened and written by (its bytes when they are not UTF-8: record 0070).
 */
interface InputFile {
  name: string;
  path: string | Buffer;
  /** `-`: standard input, printed as `<stdin>` (record 0083). */
  stdin?: true;
}

const STDIN_NAME = '<stdin>';

/** The inputs of a command: one file, or (-r) every matching file of a folder, with the folder file refs may not leave. */
function inputs(
  target: string,
  flags: SelectFlags,
  exts: string[],
  verb: string,
  term: Terminal,
): { files: InputFile[]; baseDir: string; io: number } {
  const { UsageError, IoError, walk, errnoText } = cli();
  const recursive = flags.recursive;
  const sel = selectionOf(flags);
  if (typeof sel === 'string') throw new UsageError(sel, undefined, 'USAGE', `see x-graphql ${verb} --help`);
  if (target === '-') {
    // Standard input, for editors that pipe a buffer (record 0083); refs resolve from the current folder.
    if (recursive) throw new UsageError('-r needs a folder, but - is standard input', undefined, 'USAGE', `see x-graphql ${verb} --help`);
    return { files: [{ name: STDIN_NAME, path: '-', stdin: true }], baseDir: '.', io: 0 };
  }
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(argPath(target));
  } catch {
    st = undefined;
  }
  if (recursive) {
    if (st !== undefined && !st.isDirectory()) throw new UsageError(`-r needs a folder, but ${target} is a file`, undefined, 'USAGE', `see x-graphql ${verb} --help`);
    if (st === undefined) {
      try {
        fs.readdirSync(target);
      } catch (e) {
        throw new IoError(`cannot read folder: ${errnoText(e)}`, target);
      }
    }
    let io = 0;
    const files = walk(
      target,
      exts,
      (where: string, e: unknown) => {
        say(`${where}: error[IO] cannot read folder: ${errnoText(e)}`);
        io++;
      },
      // A link out of the folder is not read (record 0070).
      (where: string, message: string) => term.warning(`${where}: warning[LINK_OUTSIDE] ${message}`),
      sel,
    );
    return { files, baseDir: target, io };
  }
  if (st?.isDirectory()) throw new UsageError(`${target} is a folder; use -r to ${verb.split(' ')[0]} a folder`, undefined, 'USAGE', `see x-graphql ${verb} --help`);
  return { files: [{ name: target, path: argPath(target) }], baseDir: path.dirname(target), io: 0 };
}

function readOrSay(file: InputFile): string | undefined {
  try {
    return fs.readFileSync(file.path, 'utf8');
  } catch (e) {
    say(`${file.name}: error[IO] cannot read input: ${cli().errnoText(e)}`);
    return undefined;
  }
}

/**
 * The human report's look on stdout (record 0050): through a pipe or into a
 * file it is the plain lines, byte for byte the same in both CLIs; on a
 * terminal the lines are coloured (the --color / NO_COLOR rule, judged for
 * stdout) and every error has its code frame under it.
 */
function reportStyle(flags: TerminalFlags): { color: boolean; frames: boolean } {
  const tty = process.stdout.isTTY === true;
  return { color: tty && useColor(flags.color, process.env, true), frames: tty };
}

/** The source text a problem points into (read once; a ref'd file is read when needed). */
function sourceOf(sources: Map<string, string | undefined>, file: string): string | undefined {
  if (!sources.has(file)) {
    try {
      sources.set(file, fs.readFileSync(file, 'utf8'));
    } catch {
      sources.set(file, undefined);
    }
  }
  return sources.get(file);
}

async function runValidate(kind: 'json-schema' | 'graphql', target: string, flags: ValidateFlags): Promise<number> {
  const term: Terminal = cli().useTerminal(flags);
  const exts = kind === 'graphql' ? ['.graphql', '.gql'] : ['.json'];
  const { files, baseDir, io: walkIo } = inputs(target, flags, exts, `validate ${kind}`, term);
  const { validateJsonSchema, validateGraphql, summarize, reportToJson } = lib();
  const reports: FileReport[] = [];
  const sources = new Map<string, string | undefined>();
  let io = walkIo;
  const progress = new Progress(term, files.length, 'validating');
  for (const input of files) {
    const file = input.name;
    const text = flags.recursive ? readOrSay(input) : await readSingle(input);
    if (text === undefined) {
      io++;
      progress.done(true);
      continue;
    }
    sources.set(file, text);
    const options = { fileName: file, baseDir, inputDir: path.dirname(file), strict: flags.strict === true };
    const report = kind === 'graphql' ? validateGraphql(text, options) : validateJsonSchema(text, options);
    reports.push(report);
    progress.done(!report.valid);
  }
  progress.finish();
  const report = summarize(reports);
  if (flags.format === 'json') {
    process.stdout.write(reportToJson(report));
  } else if (flags.format === 'github' || flags.format === 'sarif') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { renderReport } = require('./cli-report') as typeof import('./cli-report');
    process.stdout.write(renderReport(flags.format, report, baseDir, cli().version()));
  } else {
    const { formatDiagnostic } = cli();
    const style = reportStyle(flags);
    const lines: string[] = [];
    for (const f of reports) {
      for (const p of f.problems) {
        // --quiet: errors only (a warning under --strict has severity error).
        if (flags.quiet && p.severity !== 'error') continue;
        const where = p.file === undefined ? f.path : path.join(baseDir, p.file);
        lines.push(paintLine(formatDiagnostic(p as Diagnostic, where), style.color) + '\n');
        const text = style.frames && p.severity === 'error' ? sourceOf(sources, where) : undefined;
        const frame = text === undefined ? '' : codeFrame({ text, line: p.line, column: p.column }, style.color);
        if (frame !== '') lines.push(frame + '\n');
      }
    }
    process.stdout.write(lines.join(''));
    const s = report.summary;
    term.info(`validated ${plural(s.files, 'file')}: ${s.valid} valid, ${s.files - s.valid} invalid (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')})`);
  }
  if (report.summary.valid < report.summary.files) return EXIT.InvalidInput;
  return io > 0 ? EXIT.Io : EXIT.Ok;
}

/** A single input that cannot be read is an I/O error of the command (exit 3). */
async function readSingle(file: InputFile): Promise<string> {
  const { IoError, errnoText, readStdin } = cli();
  if (file.stdin) return readStdin();
  try {
    return fs.readFileSync(file.path, 'utf8');
  } catch (e) {
    throw new IoError(`cannot read input: ${errnoText(e)}`, file.name);
  }
}

async function runMigrate(target: string, flags: MigrateFlags): Promise<number> {
  const { UsageError, writeAtomic, formatDiagnostic, useTerminal } = cli();
  const term = useTerminal(flags);
  const hint = 'see x-graphql migrate --help';
  if (flags.check && flags.write) throw new UsageError('--check and -w cannot be used together', undefined, 'USAGE', hint);
  if (flags.recursive && !flags.check && !flags.write) throw new UsageError('-r needs -w or --check', undefined, 'USAGE', hint);
  if (target === '-' && flags.write) throw new UsageError('-w cannot rewrite standard input; leave -w out to print the migrated document', undefined, 'USAGE', hint);
  const { files, io: walkIo } = inputs(target, flags, ['.json'], 'migrate', term);
  const { migrate, ConversionError } = lib();
  let io = walkIo;
  let invalid = 0;
  let changed = 0;
  const progress = new Progress(term, files.length, 'migrating');
  for (const input of files) {
    const file = input.name;
    const text = flags.recursive ? readOrSay(input) : await readSingle(input);
    if (text === undefined) {
      io++;
      progress.done(true);
      continue;
    }
    let result;
    try {
      result = migrate(text, file);
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      term.error(formatDiagnostic(e, file), e.line === undefined ? undefined : { text, line: e.line, column: e.column });
      invalid++;
      progress.done(true);
      continue;
    }
    const n = result.changes.length;
    if (n > 0) changed++;
    if (flags.check) {
      // What --check is run for: kept under --quiet (record 0050).
      if (n > 0) say(`${file}: needs migration (${plural(n, 'change')})`);
    } else if (flags.write) {
      if (n > 0) {
        try {
          await writeAtomic(input.path, result.output);
        } catch (e) {
          say(`${file}: error[IO] ${(e as Error).message}`);
          io++;
          progress.done(true);
          continue;
        }
        term.info(`${file}: migrated (${plural(n, 'change')})`);
      }
    } else {
      process.stdout.write(result.output);
    }
    progress.done(false);
  }
  progress.finish();
  if (flags.recursive) {
    const verb = flags.check ? 'need migration' : 'migrated';
    term.info(`${changed} of ${plural(files.length, 'file')} ${verb}, ${invalid + io} failed`);
  }
  if (invalid > 0) return EXIT.InvalidInput;
  if (io > 0) return EXIT.Io;
  return flags.check && changed > 0 ? EXIT.InvalidInput : EXIT.Ok;
}

/** commander's errors of a command carry the hint to that command's help (main prints it). */
function withHint(hint: string): (err: CommanderError) => never {
  return (err) => {
    throw Object.assign(err, { hint });
  };
}

const FORMAT = () =>
  new Option('--format <format>', 'report format (human: the former name of text)').choices(['text', 'human', 'json', 'github', 'sarif']).default('text');

function validateCommand(parent: Command, kind: 'json-schema' | 'graphql', setExit: (code: number) => void): void {
  const what = kind === 'graphql' ? 'GraphQL SDL' : 'JSON Schema';
  const one = kind === 'graphql' ? '.graphql and .gql file' : '.json file';
  const file = kind === 'graphql' ? 'schema.graphql' : 'user.schema.json';
  const leaf = parent
    .command(`${kind} <path>`)
    .exitOverride(withHint(`see x-graphql validate ${kind} --help`))
    .description(`check ${what} files`)
    .helpOption('-h, --help', 'print this help')
    .option('-r, --recursive', `check every ${one} under the folder <path>`);
  withSelectOptions(leaf)
    .option('-s, --strict', 'treat warnings as errors')
    .addOption(FORMAT());
  cli()
    .withTerminalOptions(leaf)
    .addHelpText(
      'after',
      `\nExamples:\n` +
        `  x-graphql validate ${kind} ${file}\n` +
        `  x-graphql validate ${kind} -r schemas/\n` +
        `  x-graphql validate ${kind} -r --exclude 'drafts/**' schemas/\n` +
        `  x-graphql validate ${kind} -s ${file}\n` +
        `  x-graphql validate ${kind} --format json ${file}\n` +
        `  x-graphql validate ${kind} -r --format sarif schemas/ > report.sarif\n` +
        `  x-graphql validate ${kind} -r -q --color never schemas/\n` +
        `\nExit codes: 0 every file valid, 1 a file is invalid, 2 usage error, 3 I/O error.`,
    )
    .action(async (target: string, flags: ValidateFlags) => {
      setExit(await runValidate(kind, target, flags));
    });
}

/** Adds `validate json-schema`, `validate graphql` and `migrate` to the program. */
export function addCheckCommands(program: Command, setExit: (code: number) => void): void {
  const validate = program
    .command('validate')
    .exitOverride(withHint('see x-graphql validate --help'))
    .description('check JSON Schema or GraphQL SDL files for what the converter would reject')
    .helpOption('-h, --help', 'print this help')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  x-graphql validate json-schema user.schema.json\n' +
        '  x-graphql validate graphql -r --format json schemas/',
    );
  validateCommand(validate, 'json-schema', setExit);
  validateCommand(validate, 'graphql', setExit);

  const migrate = program
    .command('migrate <path>')
    .exitOverride(withHint('see x-graphql migrate --help'))
    .description('rewrite a v1.x JSON Schema to the 2.x x-graphql attributes')
    .helpOption('-h, --help', 'print this help')
    .option('-w, --write', 'rewrite the file in place (atomically) instead of printing it')
    .option('-r, --recursive', 'migrate every .json file under the folder <path> (with -w or --check)');
  withSelectOptions(migrate)
    .option('--check', 'change nothing; exit 1 when a file would change');
  cli()
    .withTerminalOptions(migrate)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  x-graphql migrate old.schema.json\n' +
        '  x-graphql migrate -w old.schema.json\n' +
        '  x-graphql migrate -r -w schemas/\n' +
        '  x-graphql migrate --check -r schemas/\n' +
        "  x-graphql migrate -w -r --include '**/*.schema.json' schemas/\n" +
        '  x-graphql migrate --check -r -q --color never schemas/\n' +
        '\nExit codes: 0 ok, 1 invalid input or (--check) a change, 2 usage error, 3 I/O error.',
    )
    .action(async (target: string, flags: MigrateFlags) => {
      setExit(await runMigrate(target, flags));
    });
}
