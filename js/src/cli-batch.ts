/**
 * `-r` on every core (decision record 0044; the Rust twin is
 * rust/src/bin/x-graphql/parallel.rs). The files of a tree are read and
 * converted on worker threads; their results come back to the main thread,
 * which prints their stderr entries and writes their outputs **in file order**.
 * So stdout, stderr and the files written are the same bytes, in the same
 * order, as one file after the other; only the timing differs.
 *
 * A worker costs a Node isolate and a fresh load of the library (about 60 ms
 * of CPU, docs/benchmarks.md "Batch"), so trees below `MIN_FILES` files are
 * converted on the main thread.
 *
 * This module is also the workers' entry point: loaded in a worker started by
 * `forEachOrdered`, it converts the files it is handed (an index shared
 * through an Atomics counter) and posts each result back.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { isMainThread, parentPort, Worker, workerData } from 'worker_threads';
import type { ConverterOptions, DirectionInput } from './index';
import type { Report } from './cli';
import { asBuffer, checkTreeInput, joinUnder, lossy } from './cli-paths';

/**
 * The file a worker starts from: this module's own compiled file. In the
 * bundled CLI (js/dist/cli.bundle.js, scripts/bundle-cli.ts) `__filename` is
 * the bundle, whose start would run the CLI again, so the worker is pointed at
 * the separately compiled js/dist/cli-batch.js next to it.
 */
const WORKER_FILE = path.basename(__filename).startsWith('cli-batch.') ? __filename : path.join(__dirname, 'cli-batch.js');

/** Below this many files the tree is converted on the main thread (measured, docs/benchmarks.md). */
export const MIN_FILES = 64;

/** What became of one file of a tree, before anything is printed or written. */
export interface PreparedFile {
  /** The path under -i, as bytes (a Uint8Array once it has crossed from a worker). */
  rel: Uint8Array;
  /** The path as printed (lossy: never opened). */
  fileName: string;
  /** Its stderr entries (warnings, the error), printed when its turn comes. */
  reports: Report[];
  result:
    | { kind: 'unreadable'; message: string }
    /** A link out of the tree: never read, a LINK_OUTSIDE warning (cli-paths.ts). */
    | { kind: 'skipped'; message: string }
    | { kind: 'converted'; text: string }
    | { kind: 'failed'; exit: number }
    /** convertOne's UsageError (a bad option met in a file), thrown again in order. */
    | { kind: 'usage'; message: string; where?: string; code: string };
}

/** What the CLI hands this module: how to convert one file (cli.ts's convertOne, bound). */
export interface TreeJob {
  base: ConverterOptions;
  inRoot: string;
  direction: DirectionInput;
}

/** Reads and converts one file of a tree; prints nothing (main thread or worker). */
export function prepareFile(job: TreeJob, relBytes: Uint8Array): PreparedFile {
  // Loaded here, not at the top: cli.ts loads this module lazily, and so do workers.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cli = require('./cli') as typeof import('./cli');
  const rel = asBuffer(relBytes);
  const file = joinUnder(job.inRoot, rel);
  const fileName = lossy(file);
  const reports: Report[] = [];
  // Checked before the open: a link out of the tree is not read, a FIFO would block it.
  const check = checkTreeInput(job.inRoot, file);
  if (check.kind === 'outside') return { rel, fileName, reports, result: { kind: 'skipped', message: check.message } };
  if (check.kind === 'unreadable') return { rel, fileName, reports, result: { kind: 'unreadable', message: check.message } };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    return { rel, fileName, reports, result: { kind: 'unreadable', message: `cannot read input: ${cli.errnoText(e)}` } };
  }
  try {
    // Refs resolve from each file's own folder and may reach anywhere inside the -i tree.
    const outcome = cli.convertOne(
      job.base,
      { fileName, baseDir: job.inRoot, inputDir: path.dirname(fileName), text },
      job.direction,
      (r) => reports.push(r),
    );
    const result = outcome.ok ? { kind: 'converted' as const, text: outcome.text } : { kind: 'failed' as const, exit: outcome.exit };
    return { rel, fileName, reports, result };
  } catch (e) {
    if (!(e instanceof cli.UsageError)) throw e;
    return { rel, fileName, reports, result: { kind: 'usage', message: e.message, where: e.where, code: e.code } };
  }
}

/** How many workers to start: one per core, none for a small tree. */
export function workersFor(files: number): number {
  if (files < MIN_FILES) return 0;
  return Math.min(os.availableParallelism?.() ?? os.cpus().length, files);
}

interface WorkerInput {
  xGraphqlBatch: true;
  job: TreeJob;
  rels: Uint8Array[];
  /** Int32Array over a SharedArrayBuffer: [next index to take, stop flag]. */
  shared: SharedArrayBuffer;
}

/**
 * Prepares every file on `workers` worker threads and passes each result to
 * `emit` on this thread, in file order, one after the other (an `emit` that
 * writes is awaited before the next starts). `emit` failing stops the run
 * (files not started are skipped) and rejects with its error.
 */
export function forEachOrdered(
  job: TreeJob,
  rels: Uint8Array[],
  workers: number,
  emit: (prepared: PreparedFile) => void | Promise<void>,
): Promise<void> {
  const shared = new SharedArrayBuffer(8);
  const control = new Int32Array(shared);
  const input: WorkerInput = { xGraphqlBatch: true, job, rels, shared };
  const started: Worker[] = [];
  return new Promise<void>((resolve, reject) => {
    const waiting = new Map<number, PreparedFile>();
    let turn = 0;
    let running = workers;
    let failed = false;
    /** The emits so far, chained in file order. */
    let emitted: Promise<void> = Promise.resolve();
    const fail = (e: unknown): void => {
      if (failed) return;
      failed = true;
      Atomics.store(control, 1, 1);
      for (const w of started) void w.terminate();
      reject(e);
    };
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(WORKER_FILE, { workerData: input });
      started.push(worker);
      worker.on('message', ([index, prepared]: [number, PreparedFile]) => {
        if (failed) return;
        waiting.set(index, prepared);
        for (let next = waiting.get(turn); next !== undefined; next = waiting.get(turn)) {
          waiting.delete(turn++);
          emitted = emitted.then(() => (failed ? undefined : emit(next)));
        }
        emitted = emitted.catch(fail);
      });
      worker.on('error', fail);
      worker.on('exit', () => {
        if (--running === 0 && !failed) {
          const all = turn === rels.length;
          void emitted.then(() => {
            if (failed) return;
            if (all) resolve();
            else fail(new Error(`a batch worker stopped after ${turn} of ${rels.length} files`));
          });
        }
      });
    }
  });
}

/** The worker's loop: take the next index, prepare that file, post it. */
function workerMain(input: WorkerInput): void {
  const control = new Int32Array(input.shared);
  for (;;) {
    if (Atomics.load(control, 1) !== 0) return;
    const i = Atomics.add(control, 0, 1);
    const rel = input.rels[i];
    if (rel === undefined) return;
    parentPort!.postMessage([i, prepareFile(input.job, rel)]);
  }
}

if (!isMainThread && (workerData as Partial<WorkerInput> | undefined)?.xGraphqlBatch === true) {
  workerMain(workerData as WorkerInput);
}
