/**
 * Running the two CLIs as processes, for the CLI parity tests
 * (cli-parity, validate-parity, typesys-parity): one way to start a CLI, feed
 * it stdin and collect its exit status and bytes, and one way to find the
 * Rust binary cargo built.
 */
import { execFileSync, execSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
export const JS_CLI = path.join(ROOT, 'js', 'dist', 'cli.js');

export interface Run {
  status: number | null;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  /** stdin (empty when absent); a CLI that exits before reading it is fine. */
  input?: string | Buffer;
  /**
   * How output bytes become strings: latin1 (the default) keeps every byte as
   * one character, so invalid UTF-8 is compared exactly; utf8 for JSON reports.
   */
  encoding?: 'latin1' | 'utf8';
  /** A run that hangs is killed after this long. */
  timeoutMs?: number;
  /** Environment changes: a value sets the variable, undefined removes it. */
  env?: Record<string, string | undefined>;
}

export function runOne(command: string, args: string[], opts: RunOptions = {}): Promise<Run> {
  const encoding = opts.encoding ?? 'latin1';
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    for (const [name, value] of Object.entries(opts.env ?? {})) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
    const child = spawn(command, args, { cwd: opts.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: Buffer.concat(out).toString(encoding), stderr: Buffer.concat(err).toString(encoding) });
    });
    // A CLI may exit before reading stdin (usage errors): ignore EPIPE here.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}

/** The cargo target folder (CARGO_TARGET_DIR and config respected). */
function targetDir(): string {
  const meta = JSON.parse(
    execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: ROOT, encoding: 'utf8' }),
  ) as { target_directory: string };
  return meta.target_directory;
}

/** Builds both CLIs when needed (npm's dist if missing; cargo decides for Rust) and gives the Rust binary's path. */
export function buildClis(): string {
  if (!fs.existsSync(JS_CLI)) execSync('npm run build', { cwd: ROOT, stdio: 'pipe' });
  execFileSync('cargo', ['build', '-p', 'x-graphql', '--features', 'cli'], { cwd: ROOT, stdio: 'pipe' });
  const rust = path.join(targetDir(), 'debug', process.platform === 'win32' ? 'x-graphql.exe' : 'x-graphql');
  if (!fs.existsSync(rust)) throw new Error(`no Rust CLI at ${rust}`);
  return rust;
}
