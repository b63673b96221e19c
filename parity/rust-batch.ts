/**
 * A small async client for `x-graphql --batch` (rust/src/bin/x-graphql/batch.rs):
 * one long-lived Rust process, one JSON request per line on its stdin, one JSON
 * answer per line on its stdout, matched by `id`. Requests may be sent while
 * others are pending; the process answers them in order.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

export type Direction = 'json-to-graphql' | 'graphql-to-json';

export interface BatchRequest {
  direction: Direction;
  input: string;
  options?: Record<string, unknown>;
}

export interface BatchDiagnostic {
  code: string;
  severity: string;
  message: string;
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
}

export type BatchAnswer =
  | { id: number; ok: true; output: string; warnings: BatchDiagnostic[] }
  | { id: number; ok: false; error: BatchDiagnostic };

/** The cargo target folder (CARGO_TARGET_DIR and cargo config respected). */
function targetDir(): string {
  try {
    const meta = JSON.parse(
      execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    ) as { target_directory: string };
    return meta.target_directory;
  } catch {
    return path.join(ROOT, 'target');
  }
}

/**
 * The path of the debug Rust CLI, built with `cargo build -p x-graphql --features cli`
 * when it is missing (or always, with `build: true`).
 */
export function rustBinary(build = false): string {
  const bin = path.join(targetDir(), 'debug', process.platform === 'win32' ? 'x-graphql.exe' : 'x-graphql');
  if (build || !fs.existsSync(bin)) {
    execFileSync('cargo', ['build', '-p', 'x-graphql', '--features', 'cli'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  if (!fs.existsSync(bin)) throw new Error(`no Rust CLI at ${bin}`);
  const newest = newestSource(path.join(ROOT, 'rust'));
  if (newest > fs.statSync(bin).mtimeMs) {
    process.stderr.write(`parity: warning: ${path.relative(ROOT, bin)} is older than the Rust sources; rebuild it (npm run parity -- --build)\n`);
  }
  return bin;
}

/** The newest modification time of the .rs and Cargo.toml files under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.rs') || e.name === 'Cargo.toml') newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

export class RustBatch {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, { resolve: (a: BatchAnswer) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private buffer = '';
  private stderr = '';
  private exited: Error | undefined;
  /** Requests answered so far. */
  answered = 0;

  constructor(readonly binary: string) {
    this.child = spawn(binary, ['--batch'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      // Keep the tail only: a panic message, if any.
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (e) => this.fail(e));
    this.child.on('exit', (code, signal) => this.fail(new Error(`the Rust batch process exited (code ${code}, signal ${signal})${this.stderr ? `: ${this.stderr}` : ''}`)));
  }

  private fail(e: Error): void {
    this.exited ??= e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (line.trim() === '') continue;
      let answer: BatchAnswer;
      try {
        answer = JSON.parse(line) as BatchAnswer;
      } catch {
        this.fail(new Error(`the Rust batch process answered a line that is not JSON: ${line.slice(0, 200)}`));
        return;
      }
      const p = this.pending.get(answer.id);
      if (p === undefined) continue;
      this.pending.delete(answer.id);
      this.answered++;
      p.resolve(answer);
    }
  }

  /** Sends one request; resolves with its answer. */
  request(req: BatchRequest): Promise<BatchAnswer> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<BatchAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const line = JSON.stringify({ id, direction: req.direction, input: req.input, ...(req.options ? { options: req.options } : {}) });
      this.child.stdin.write(line + '\n');
    });
  }

  /** The process ended (crashed): requests fail. */
  get dead(): boolean {
    return this.exited !== undefined;
  }

  /** Closes stdin and waits for the process to end. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
    });
  }
}
