/**
 * The catalogue of bad inputs (fixtures/errors, format in its README): every case
 * runs through the TypeScript library and both CLIs (npm `js/dist/cli.js`, Rust
 * `target/debug/x-graphql`); rust/tests/errors.rs runs the same cases through the
 * Rust library. Library: same code, pointer, line and column; CLIs: same exit code,
 * the diagnostic's code and line:column on stderr, and the two CLIs give the same
 * stdout and stderr bytes and leave the same files.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClis } from '../../parity/cli-run';
import { ConversionError, Converter } from '../src/index';
import { generate, type GenSpec } from './generate-input';
import { ROOT } from './support';

const CASES = path.join(ROOT, 'fixtures', 'errors');
const JS_CLI = path.join(ROOT, 'js', 'dist', 'cli.js');
let RUST_CLI = '';
let tmp = '';

interface ExpectedError {
  code: string;
  pointer?: string;
  line?: number;
  column?: number;
  exit: number;
}

/** expected-ok.json: a success whose output is too big to commit. */
interface ExpectedOk {
  exit: number;
  /** Newline characters in the output. */
  lines: number;
  /** Code points of the longest line. */
  longestLine: number;
}

type SetupStep = { symlink: string; to: string } | { mkdir: string } | { fifo: string };

interface Args {
  options?: Record<string, unknown>;
  /** false: a CLI-only case (the library takes text, not files). */
  library?: boolean;
  /** The library's direction when the extension does not give it (an introspection result). */
  direction?: 'json-to-graphql' | 'graphql-to-json';
  cli?: string[];
  setup?: SetupStep[];
  /** A line stderr must contain (both CLIs). */
  stderr?: string;
  /** Files after the run: content, or null for "must not exist". */
  files?: Record<string, string | null>;
  /** Symbolic links after the run: path -> the link's text (a link must stay a link). */
  links?: Record<string, string>;
  /** A file of the case given as standard input (opened, not piped: `< file`). */
  stdin?: string;
}

interface Case {
  name: string;
  dir: string;
  ext: 'json' | 'graphql' | undefined;
  args: Args;
  error?: ExpectedError;
  ok?: ExpectedOk;
  /** expected.graphql / expected.json */
  output?: string;
}

function readJson<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

function loadCases(): Case[] {
  return fs
    .readdirSync(CASES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = path.join(CASES, name);
      const gen = readJson<GenSpec>(path.join(dir, 'input.gen.json'));
      const ext = gen?.ext ?? (fs.existsSync(path.join(dir, 'input.graphql')) ? 'graphql' : fs.existsSync(path.join(dir, 'input.json')) ? 'json' : undefined);
      const outFile = ['expected.graphql', 'expected.json'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
      return {
        name,
        dir,
        ext,
        args: readJson<Args>(path.join(dir, 'args.json')) ?? {},
        error: readJson<ExpectedError>(path.join(dir, 'expected-error.json')),
        ok: readJson<ExpectedOk>(path.join(dir, 'expected-ok.json')),
        output: outFile !== undefined ? fs.readFileSync(outFile, 'latin1') : undefined,
      };
    });
}

/** A fresh copy of the case in `work` (generated input written, setup done). */
function prepare(c: Case, work: string): void {
  fs.rmSync(work, { recursive: true, force: true });
  fs.cpSync(c.dir, work, { recursive: true });
  for (const f of ['expected-error.json', 'expected-ok.json', 'expected.graphql', 'expected.json', 'args.json']) {
    fs.rmSync(path.join(work, f), { force: true });
  }
  const gen = readJson<GenSpec>(path.join(work, 'input.gen.json'));
  if (gen !== undefined) {
    fs.writeFileSync(path.join(work, `input.${gen.ext}`), generate(gen));
    fs.rmSync(path.join(work, 'input.gen.json'));
  }
  if (c.args.options !== undefined) fs.writeFileSync(path.join(work, '.options.json'), JSON.stringify(c.args.options));
  for (const step of c.args.setup ?? []) {
    if ('symlink' in step) fs.symlinkSync(step.to, path.join(work, step.symlink));
    else if ('fifo' in step) execFileSync('mkfifo', [path.join(work, step.fifo)]);
    else fs.mkdirSync(path.join(work, step.mkdir), { recursive: true });
  }
}

/** The FIFOs a case's setup makes, as paths under `work`. */
function fifosOf(c: Case, work: string): string[] {
  return (c.args.setup ?? []).flatMap((s) => ('fifo' in s ? [path.join(work, s.fifo)] : []));
}

/**
 * A case with FIFOs: a reader that opens one blocks until a writer comes, and the
 * library reads synchronously, so no test timeout could stop it. This process opens
 * each FIFO for writing after a few seconds (the reader then sees an empty file and the
 * case fails instead of hanging); killed after the check.
 */
function fifoWatchdog(fifos: string[]): ChildProcess | undefined {
  if (fifos.length === 0) return undefined;
  return spawn('sh', ['-c', 'sleep 5; for f; do : > "$f"; done', 'sh', ...fifos], { stdio: 'ignore' });
}

function outputShape(text: string): { lines: number; longestLine: number } {
  const lines = text.split('\n');
  // A loop, not Math.max(...lengths): half a million arguments overflow the stack (fixture 167).
  let longestLine = 0;
  for (const l of lines) longestLine = Math.max(longestLine, [...l].length);
  return { lines: lines.length - 1, longestLine };
}

function direction(c: Case): 'json-to-graphql' | 'graphql-to-json' {
  // An introspection result is JSON read in the graphql-to-json direction (record 0091).
  if (c.args.direction !== undefined) return c.args.direction;
  return c.ext === 'graphql' ? 'graphql-to-json' : 'json-to-graphql';
}

function checkLibrary(c: Case, work: string): void {
  const input = fs.readFileSync(path.join(work, `input.${c.ext}`), 'utf8');
  const options = { ...(c.args.options ?? {}), baseDir: work, fileName: `input.${c.ext}` };
  let output: string;
  try {
    output = new Converter(options).convertWithWarnings(input, direction(c)).output;
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    expect(c.error, `${c.name}: unexpected ${e.code}: ${e.message}`).toBeDefined();
    const got = { code: e.code, pointer: e.pointer, line: e.line, column: e.column };
    const want = { code: c.error!.code, pointer: c.error!.pointer, line: c.error!.line, column: c.error!.column };
    expect(got, e.message).toEqual(want);
    return;
  }
  expect(c.error, `${c.name}: expected ${c.error?.code}, got output`).toBeUndefined();
  if (c.ok !== undefined) expect(outputShape(output)).toEqual({ lines: c.ok.lines, longestLine: c.ok.longestLine });
  else expect(output).toBe(c.output);
}

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  files: Record<string, string | null>;
  links: Record<string, string | null>;
}

function runCli(command: string, argv: string[], c: Case, work: string): CliRun {
  prepare(c, work);
  const stdin = c.args.stdin !== undefined ? fs.openSync(path.join(work, c.args.stdin), 'r') : 'pipe';
  // A case with a FIFO must not hang: a CLI that opens it is stopped (and fails the case).
  const timeout = fifosOf(c, work).length > 0 ? 10000 : 120000;
  let r;
  try {
    r = spawnSync(command, argv, { cwd: work, encoding: 'latin1', timeout, maxBuffer: 1 << 30, stdio: [stdin, 'pipe', 'pipe'] });
  } finally {
    if (typeof stdin === 'number') fs.closeSync(stdin);
  }
  const files: Record<string, string | null> = {};
  for (const f of Object.keys(c.args.files ?? {})) {
    const p = path.join(work, f);
    files[f] = fs.existsSync(p) ? fs.readFileSync(p, 'latin1') : null;
  }
  const links: Record<string, string | null> = {};
  for (const f of Object.keys(c.args.links ?? {})) {
    const p = path.join(work, f);
    links[f] = fs.lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ? fs.readlinkSync(p) : null;
  }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, files, links };
}

function cliArgs(c: Case): string[] {
  if (c.args.cli !== undefined) return c.args.cli;
  const argv = ['convert', '-i', `input.${c.ext}`];
  if (c.ext === 'graphql') argv.push('--direction', 'graphql-to-json');
  if (c.args.options !== undefined) argv.push('--config', '.options.json');
  return argv;
}

function checkClis(c: Case, work: string): void {
  const argv = cliArgs(c);
  const js = runCli(process.execPath, [JS_CLI, ...argv], c, work);
  const rust = runCli(RUST_CLI, argv, c, work);
  expect(rust, `${c.name}: Rust CLI vs npm CLI`).toEqual(js);
  const exit = c.error?.exit ?? c.ok?.exit ?? 0;
  expect(js.status, js.stderr).toBe(exit);
  if (c.error !== undefined) {
    const at = c.error.line !== undefined ? `:${c.error.line}:${c.error.column}` : '';
    expect(js.stderr).toContain(`${at}: error[${c.error.code}] `);
    expect(js.stdout).toBe('');
  } else if (c.ok !== undefined) {
    expect(outputShape(Buffer.from(js.stdout, 'latin1').toString('utf8'))).toEqual({ lines: c.ok.lines, longestLine: c.ok.longestLine });
  } else if (!argv.includes('-o')) {
    expect(js.stdout).toBe(c.output);
  }
  expect(js.stderr).not.toMatch(/internal error|panicked|RangeError|    at /);
  if (c.args.stderr !== undefined) expect(js.stderr).toContain(c.args.stderr);
  expect(js.files).toEqual(c.args.files ?? {});
  expect(js.links).toEqual(c.args.links ?? {});
}

const cases = loadCases();

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-errors-'));
}, 900000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('fixtures/errors', () => {
  it('has at least 40 cases, each with one expectation', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) {
      const expectations = [c.error, c.ok, c.output].filter((x) => x !== undefined).length;
      expect(expectations, c.name).toBe(1);
    }
  });

  for (const c of cases) {
    describe(c.name, () => {
      if (c.args.library !== false) {
        it('TypeScript library', () => {
          const work = path.join(tmp, `${c.name}-lib`);
          prepare(c, work);
          const watchdog = fifoWatchdog(fifosOf(c, work));
          try {
            checkLibrary(c, work);
          } finally {
            watchdog?.kill();
          }
        });
      }
      it('npm CLI and Rust CLI', () => {
        checkClis(c, path.join(tmp, c.name));
      });
    });
  }
});
