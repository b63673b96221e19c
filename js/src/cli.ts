#!/usr/bin/env node
/**
 * The `x-graphql` command line: a thin main over the library.
 *
 *   x-graphql convert [<input> | -i <file|dir|->] [-o <file|dir>] [--direction D] [-r] [--config F] [flags]
 *
 * --direction json-to-graphql reads JSON Schema and writes SDL; graphql-to-json
 * reads SDL and writes JSON Schema (`-r`: .graphql and .gql files become .json
 * files). Without it, the input's name or first character decides (record 0083,
 * cli-direction.ts).
 *
 * It parses arguments, reads the input, calls `Converter`, writes the output
 * atomically and maps the outcome to an exit code (README "Exit codes"):
 * 0 ok, 1 invalid input, 2 usage error, 3 I/O error.
 *
 * Start-up is kept lean: only `commander` and Node built-ins load here; the
 * converter is required when `convert` actually runs (and ajv only if the
 * library is asked to `validate`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Command, CommanderError } from 'commander';
import type { ConverterOptions, Diagnostic, DirectionInput } from './index';
import { type Direction, directionOfInput, directionOfName, outputExtensionWarning } from './cli-direction';
import { type ColorFlag, type SourceSpot, type Terminal, terminalFor } from './terminal';
import { addTypeSystemCommands, commandHint } from './cli-typesys';
import { addExplainCommand } from './cli-explain';
import { addCompletionsCommand } from './cli-completions';
import { addCheckCommands } from './cli-check';
import { errnoText, IoError, isStdinFile, sameFile, statOrUndefined, writeAtomic } from './cli-write';
import { argPath } from './cli-argv';
import { buildProgram, version } from './cli-args';
import type { ReportFormat } from './cli-report';
import type { Selection } from './glob';
import { findConfig, readConfig } from './cli-config';
import { type SelectFlags, selectionOf } from './cli-select';
import { checkTreeInput, joinUnder, lossy, walkBytes } from './cli-paths';

export { errnoText, IoError, statOrUndefined, writeAtomic } from './cli-write';
// Read from here by the other commands' modules (cli-typesys.ts, cli-check.ts).
export { version, withTerminalOptions } from './cli-args';

export const EXIT = { Ok: 0, InvalidInput: 1, Usage: 2, Io: 3 } as const;
const HELP_HINT = 'see x-graphql convert --help';
const STDIN_NAME = '<stdin>';

/** A problem with how the tool was called (exit 2). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly where?: string,
    readonly code = 'USAGE',
    readonly hint = HELP_HINT,
  ) {
    super(message);
  }
}

/** Library module, loaded only when a conversion runs. */
type Library = typeof import('./index');
let library: Library | undefined;
function lib(): Library {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (library ??= require('./index') as Library);
}

// ---------------------------------------------------------------------------
// Output helpers

export function oneLine(text: string): string {
  return text.replace(/\r?\n/g, ' ');
}

/** stderr for people (colour, --quiet, the progress line); set from the flags when a command runs. */
let term: Terminal | undefined;

export function say(line: string): void {
  (term ??= terminalFor()).line(line);
}

/** Sets the terminal from a command's `--color` and `--quiet` (cli-check.ts, cli-typesys.ts) and returns it. */
export function useTerminal(flags: { color?: ColorFlag; quiet?: boolean }): Terminal {
  term = terminalFor(flags);
  return term;
}

function usageLine(message: string, where?: string, code = 'USAGE', hint = HELP_HINT): string {
  return `${where ?? 'x-graphql'}: error[${code}] ${oneLine(message).replace(/\.$/, '')}; ${hint}`;
}

/** `<file>:<line>:<column>: error[CODE] message` (position left out when unknown). */
export function formatDiagnostic(d: Diagnostic, where: string): string {
  let pos = '';
  if (d.line !== undefined) {
    pos = `:${d.line}`;
    if (d.column !== undefined) pos += `:${d.column}`;
  }
  return `${where}${pos}: ${d.severity}[${d.code}] ${oneLine(d.message)}`;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// ---------------------------------------------------------------------------
// Files

/** `file` read by its bytes when it is an argument that is not UTF-8 (cli-argv.ts); errors name `file`. */
export function readInput(file: string, at: string | Buffer = argPath(file)): string {
  try {
    return fs.readFileSync(at, 'utf8');
  } catch (e) {
    throw new IoError(`cannot read input: ${errnoText(e)}`, file);
  }
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  } catch (e) {
    throw new IoError(`cannot read input: ${errnoText(e)}`, STDIN_NAME);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Every regular file under `root` ending in one of `exts`, relative to `root`, in
 * sorted order (`validate -r`, `migrate -r`; `convert -r` keeps the names as bytes and
 * checks each file as it reads it: cli-paths.ts). Symlinked folders are skipped; what is
 * not a regular file is left out; a link out of the tree is left out and passed to
 * `onSkip` (its path and the LINK_OUTSIDE message), never read.
 */
export function walk(
  root: string,
  exts: string[],
  onError: (where: string, e: unknown) => void,
  onSkip: (where: string, message: string) => void,
  sel?: Selection,
): Array<{ name: string; path: Buffer }> {
  const rootError = (e: unknown) => new IoError(`cannot read folder: ${errnoText(e)}`, root);
  const out: Array<{ name: string; path: Buffer }> = [];
  for (const rel of walkBytes(root, exts, onError, rootError, sel)) {
    const file = joinUnder(root, rel);
    const check = checkTreeInput(root, file);
    if (check.kind === 'outside') onSkip(lossy(file), check.message);
    // Opened by its bytes, printed lossily (record 0070).
    if (check.kind === 'read') out.push({ name: lossy(file), path: file });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Options

export interface ConvertFlags extends SelectFlags {
  input?: string;
  /** Every input given, `-i`s then arguments (`--bundle`, record 0090). */
  inputs?: string[];
  bundle?: boolean;
  output?: string;
  /** Absent: inferred (record 0083, cli-direction.ts). */
  direction?: Direction;
  recursive?: boolean;
  config?: string;
  descriptionBlockThreshold?: number;
  emitEmptyTypes?: boolean;
  inlineObjectThreshold?: number;
  refNaming?: string;
  formatScalar?: Record<string, string>;
  federationLink?: boolean;
  federationVersion?: string;
  strict?: boolean;
  validate?: boolean;
  unresolvedRefs?: string;
  mixedUnions?: string;
  explainJson?: boolean;
  color?: ColorFlag;
  quiet?: boolean;
  watch?: boolean;
  /** The report's format (record 0089); `human` is the former name of `text`. */
  format: string;
  /** The old short `-w` (now `--watch`'s long form only, record 0088): refused with a pointer. */
  w?: boolean;
}

/** Flags that are converter options, by their commander key (= the option name). */
const OPTION_FLAGS = [
  'descriptionBlockThreshold',
  'emitEmptyTypes',
  'inlineObjectThreshold',
  'refNaming',
  'federationLink',
  'federationVersion',
  'strict',
  'validate',
  'unresolvedRefs',
  'mixedUnions',
  'explainJson',
] as const;

/**
 * defaults < config file < command-line flags (only flags actually given count). The
 * config file is --config's, else x-graphql.config.json found from the current folder up
 * (record 0088, cli-config.ts).
 */
function converterOptions(flags: ConvertFlags, cmd: Command): ConverterOptions {
  const file = flags.config ?? findConfig();
  const usage = (message: string, where: string, code: string) => new UsageError(message, where, code);
  const options: Record<string, unknown> = file !== undefined ? { ...readConfig(file, usage) } : {};
  for (const key of OPTION_FLAGS) {
    if (cmd.getOptionValueSource(key) === 'cli' && flags[key] !== undefined) options[key] = flags[key];
  }
  // Record 0082: each --format-scalar adds to (or replaces one entry of) the config's map.
  if (flags.formatScalar !== undefined) {
    const base = options.formatScalars;
    options.formatScalars = { ...(base !== null && typeof base === 'object' ? base : {}), ...flags.formatScalar };
  }
  return options as ConverterOptions;
}

// ---------------------------------------------------------------------------
// Conversion

export interface Job {
  /** The input as the user wrote it; undefined for stdin. */
  fileName?: string;
  /** The folder file refs may not leave. */
  baseDir: string;
  /** The input's own folder, when it differs from baseDir (`-r`). */
  inputDir?: string;
  text: string;
}

/** How a diagnostic's `file` is shown: refs are named relative to baseDir, shown relative to the input's folder. */
function whereOf(d: Diagnostic, job: Job): string {
  const main = job.fileName ?? STDIN_NAME;
  if (d.file === undefined || d.file === job.fileName) return main;
  return path.join(job.baseDir, d.file);
}

export type Outcome = { ok: true; text: string } | { ok: false; exit: number };

/** The source text an error points into, for its code frame (a ref'd file is read again). */
function spotOf(d: Diagnostic, job: Job): SourceSpot | undefined {
  if (d.line === undefined) return undefined;
  if (d.file === undefined || d.file === job.fileName) return { text: job.text, line: d.line, column: d.column };
  try {
    return { text: fs.readFileSync(whereOf(d, job), 'utf8'), line: d.line, column: d.column };
  } catch {
    return undefined;
  }
}

/**
 * A stderr entry of one conversion: printed at once, or (`-r` on worker threads)
 * kept until the file's turn comes and replayed through the terminal then.
 */
export type Report =
  | { kind: 'line'; line: string }
  | { kind: 'warning'; line: string }
  | { kind: 'error'; line: string; spot?: SourceSpot };

export function replay(r: Report): void {
  if (r.kind === 'line') say(r.line);
  else if (r.kind === 'warning') term!.warning(r.line);
  else term!.error(r.line, r.spot);
}

/**
 * Converts one input; prints warnings and the error (if any) to stderr, or passes
 * them to `report` (`-r` on worker threads keeps them until the file's turn).
 */
export function convertOne(
  base: ConverterOptions,
  job: Job,
  direction: DirectionInput,
  report: (r: Report) => void = replay,
  collect?: Diagnostic[],
): Outcome {
  const { ConversionError, Converter: converter } = lib();
  const options: ConverterOptions = { ...base, baseDir: job.baseDir };
  if (job.inputDir !== undefined) options.inputDir = job.inputDir;
  if (job.fileName !== undefined) options.fileName = job.fileName;
  try {
    const result = new converter(options).convertWithWarnings(job.text, direction);
    if (collect !== undefined) collect.push(...result.warnings);
    else for (const w of result.warnings) report({ kind: 'warning', line: formatDiagnostic(w, whereOf(w, job)) });
    return { ok: true, text: result.output };
  } catch (e) {
    if (e instanceof ConversionError) {
      const code = e.code;
      if (code === 'INVALID_OPTION' || code === 'UNSUPPORTED_DIRECTION') {
        throw new UsageError(e.message, job.fileName ?? STDIN_NAME, code);
      }
      if (collect !== undefined) collect.push(e.toJSON());
      else report({ kind: 'error', line: formatDiagnostic(e, whereOf(e, job)), spot: spotOf(e, job) });
      return { ok: false, exit: code === 'IO' ? EXIT.Io : EXIT.InvalidInput };
    }
    report({ kind: 'line', line: `${job.fileName ?? STDIN_NAME}: internal error: ${oneLine(errorMessage(e))}` });
    return { ok: false, exit: EXIT.InvalidInput };
  }
}

/** Source file extensions and the target extension of a direction. */
export function extensions(direction: string): [string[], string] {
  return direction === 'graphql-to-json' ? [['.graphql', '.gql'], '.json'] : [['.json'], '.graphql'];
}

export function renameExt(name: string, from: string[], to: string): string {
  const ext = from.find((e) => name.endsWith(e));
  return (ext !== undefined ? name.slice(0, -ext.length) : name) + to;
}

async function runConvert(flags: ConvertFlags, cmd: Command): Promise<number> {
  term = terminalFor(flags);
  if (flags.bundle && flags.watch) throw new UsageError('--watch does not follow a --bundle');
  const input = flags.bundle ? undefined : flags.input === '-' ? undefined : flags.input;
  if (flags.watch) {
    if (input === undefined) throw new UsageError('--watch needs -i <file|folder>');
    if (flags.output === undefined) throw new UsageError('--watch needs -o <file|folder>');
  }
  const sel = selectionOf(flags);
  if (typeof sel === 'string') throw new UsageError(sel);
  if (flags.bundle) {
    // A bundle reads its folders itself (-r is implied); cli-bundle.ts checks its inputs.
  } else if (flags.recursive) {
    if (input === undefined) throw new UsageError('-r needs -i <folder>');
    if (flags.output === undefined) throw new UsageError('-r needs -o <folder>');
    const st = statOrUndefined(input);
    if (st !== undefined && !st.isDirectory()) throw new UsageError(`-r needs a folder, but ${input} is a file`);
    const ost = statOrUndefined(flags.output);
    if (ost !== undefined && !ost.isDirectory()) {
      throw new UsageError(`-r needs an output folder, but ${flags.output} is a file`);
    }
  } else if (input !== undefined && statOrUndefined(argPath(input))?.isDirectory()) {
    throw new UsageError(`${input} is a folder; use -r to convert a folder`);
  } else if (input !== undefined && flags.output !== undefined && sameFile(argPath(input), argPath(flags.output))) {
    // The atomic write would replace the input with its own conversion.
    throw new UsageError(`-o names the input file ${input}; the output would overwrite it`);
  } else if (input === undefined && flags.output !== undefined && isStdinFile(flags.output)) {
    throw new UsageError(`-o names the input file ${STDIN_NAME}; the output would overwrite it`);
  }

  const reportFormat = (flags.format === 'human' ? 'text' : flags.format) as ReportFormat;
  if (reportFormat !== 'text' && (flags.watch || flags.recursive)) {
    throw new UsageError(`--format ${reportFormat} reports one conversion; -r and --watch print text`);
  }

  const base = converterOptions(flags, cmd);
  const { Converter } = lib();
  try {
    new Converter(base);
  } catch (e) {
    throw new UsageError(errorMessage(e), undefined, (e as { code?: string }).code ?? 'USAGE');
  }
  if (flags.bundle) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runBundle } = require('./cli-bundle') as typeof import('./cli-bundle');
    const ctx = { term: term!, say, usage: (m: string) => new UsageError(m), formatDiagnostic, readInput };
    return runBundle(ctx, flags.inputs ?? [], flags.output, flags.direction, base);
  }

  // Without --direction, -r keeps its selection (.json files), a watched file goes by its name.
  const given = flags.direction ?? (flags.recursive ? 'json-to-graphql' : undefined);
  if (flags.watch) {
    const direction = given ?? (directionOfName(input!) ?? 'json-to-graphql');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runWatch } = require('./watch') as typeof import('./watch');
    return runWatch(base, input!, flags.output!, { ...flags, direction }, sel, term!);
  }
  if (flags.recursive) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { convertTree } = require('./cli-tree') as typeof import('./cli-tree');
    return convertTree(base, input!, flags.output!, given!, sel, term!);
  }

  const job: Job =
    input === undefined
      ? { baseDir: '.', text: await readStdin() }
      : { fileName: input, baseDir: path.dirname(input), text: readInput(input) };
  const direction = given ?? directionOfInput(input, job.text);
  const found: Diagnostic[] | undefined = reportFormat === 'text' ? undefined : [];
  const outcome = convertOne(base, job, direction, replay, found);
  if (found !== undefined) {
    // The report goes where the converted document does not: stdout with -o, stderr without (record 0089).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { convertReport } = require('./cli-report') as typeof import('./cli-report');
    const text = convertReport(reportFormat, job.fileName, job.baseDir, found, version());
    if (flags.output === undefined) process.stderr.write(text);
    else process.stdout.write(text);
  }
  if (!outcome.ok) return outcome.exit;

  if (flags.output === undefined) {
    process.stdout.write(outcome.text);
    return EXIT.Ok;
  }
  let target = flags.output;
  if (statOrUndefined(target)?.isDirectory()) {
    if (input === undefined) throw new UsageError('-o names a folder, but stdin has no file name to mirror');
    const [from, to] = extensions(direction);
    target = path.join(target, renameExt(path.basename(input), from, to));
  } else {
    const warning = outputExtensionWarning(target, direction);
    if (warning !== undefined) term!.warning(warning);
  }
  await writeAtomic(target, outcome.text);
  return EXIT.Ok;
}

/** Runs the tool on `args` (without `node` and the script) and returns the exit code. */
export async function main(args: string[]): Promise<number> {
  term = undefined; // until a command reads --color and --quiet
  let exit: number = EXIT.Ok;
  const program = buildProgram(async (flags, cmd) => {
    exit = await runConvert(flags, cmd);
  });
  addTypeSystemCommands(program, (code) => {
    exit = code;
  });
  addCheckCommands(program, (code) => {
    exit = code;
  });
  addExplainCommand(program, (code) => {
    exit = code;
  });
  addCompletionsCommand(program, (code) => {
    exit = code;
  });
  // `help validate json-schema`: commander's help command reads one name; the rest goes to
  // validate's own help command, so every command's help is reachable (record 0088).
  if (args[0] === 'help' && args[1] === 'validate' && args.length > 2) args = ['validate', 'help', ...args.slice(2)];
  try {
    await program.parseAsync(args, { from: 'user' });
    return exit;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return EXIT.Ok;
      if (e.code === 'commander.help' || e.code === 'commander.helpDisplayed') return EXIT.Usage;
      const message = e.message.replace(/^error: /, '');
      const own = (e as CommanderError & { hint?: string }).hint;
      const hint = own ?? (e.code === 'commander.unknownCommand' ? 'see x-graphql --help' : commandHint());
      say(usageLine(message, undefined, 'USAGE', hint));
      return EXIT.Usage;
    }
    if (e instanceof UsageError) {
      say(usageLine(e.message, e.where, e.code, e.hint));
      return EXIT.Usage;
    }
    if (e instanceof IoError) {
      say(`${e.where}: error[IO] ${oneLine(e.message)}`);
      return EXIT.Io;
    }
    say(`internal error: ${oneLine(errorMessage(e))}`);
    return EXIT.InvalidInput;
  }
}

function onStdoutError(e: NodeJS.ErrnoException): void {
  // A reader that went away (`| head`) is not an error of ours.
  if (e.code === 'EPIPE') process.exit(EXIT.Ok);
  say(`<stdout>: error[IO] cannot write output: ${errnoText(e)}`);
  process.exit(EXIT.Io);
}

if (require.main === module) {
  process.stdout.on('error', onStdoutError);
  process.on('uncaughtException', (e) => {
    say(`internal error: ${oneLine(errorMessage(e))}`);
    process.exit(EXIT.InvalidInput);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      say(`internal error: ${oneLine(errorMessage(e))}`);
      process.exitCode = EXIT.InvalidInput;
    },
  );
}
