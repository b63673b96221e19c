/**
 * `convert --watch`: convert everything once, then again each input file that
 * changes, until Ctrl-C. Rust twin: rust/src/bin/x-graphql/watch.rs; both print
 * the same lines (only the millisecond counts differ), decision record 0048.
 *
 *   converted a.json -> a.graphql (12 ms)
 *   watching a.json (Ctrl-C to stop)
 *   a.json:3:11: error[JSON_SYNTAX] ...          (and its code frame)
 *   failed a.json (2 ms), a.graphql unchanged
 *   converted a.json -> a.graphql (9 ms)
 *
 * The inputs are polled every 100 ms, as the Rust CLI does (record 0048): a file
 * is converted when its (mtime, size, inode) differs from its last conversion's
 * and has stayed the same for one poll, so a save in progress is not read
 * half-written. Polling sees what `fs.watch` lost: a file saved the way editors
 * save (a temporary file renamed over it) again and again, and the watched folder
 * deleted and made again, which ended the watch (and, with nothing left to wait
 * for, the process, with exit 0).
 * A failed conversion leaves the last good output in place (writes are atomic).
 * SIGINT ends with exit 130, SIGTERM with 143, after the conversion under way.
 */
import * as fs from 'fs';
import type { Terminal } from './terminal';

export interface WatchPair {
  /** The input and output as printed. */
  input: string;
  output: string;
  /** The paths opened and written, as bytes (-r: names need not be UTF-8, record 0070). */
  file: Buffer;
  target: Buffer;
}

export interface WatchPlan {
  /** What `watching <what>` names: the -i file or folder. */
  what: string;
  /** The inputs now, in the order to convert them, each with its output path. */
  list(): WatchPair[];
  /** Converts one input (printing its diagnostics) and writes the output; false when it failed. */
  convert(pair: WatchPair): boolean;
}

const POLL_MS = 100;

function stamp(file: Buffer): string | undefined {
  try {
    const st = fs.statSync(file, { bigint: true });
    return st.isFile() ? `${st.mtimeNs}:${st.size}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** An input's key: its bytes (latin1 keeps each one), not the name printed. */
const keyOf = (pair: WatchPair): string => pair.file.toString('latin1');

function convertTimed(plan: WatchPlan, pair: WatchPair, term: Terminal): void {
  const start = process.hrtime.bigint();
  const ok = plan.convert(pair);
  const ms = Number((process.hrtime.bigint() - start) / 1_000_000n);
  if (ok) term.info(`${term.ok('converted')} ${pair.input} -> ${pair.output} (${ms} ms)`);
  else term.info(`failed ${pair.input} (${ms} ms), ${pair.output} unchanged`);
}

/** Runs until SIGINT/SIGTERM; resolves to the exit code (130 / 143). */
export function watch(plan: WatchPlan, term: Terminal): Promise<number> {
  // Stamps of the last conversion of each input, and of the previous poll.
  const known = new Map<string, string>();
  let seen = new Map<string, string>();
  for (const pair of plan.list()) {
    const now = stamp(pair.file);
    if (now === undefined) continue;
    known.set(keyOf(pair), now);
    seen.set(keyOf(pair), now);
    convertTimed(plan, pair, term);
  }
  term.info(`watching ${plan.what} (Ctrl-C to stop)`);
  const poll = (): void => {
    const nowSeen = new Map<string, string>();
    for (const pair of plan.list()) {
      const now = stamp(pair.file);
      if (now === undefined) continue;
      const key = keyOf(pair);
      nowSeen.set(key, now);
      const settled = seen.get(key) === now;
      if (settled && known.get(key) !== now) {
        known.set(key, now);
        convertTimed(plan, pair, term);
      }
    }
    // A deleted input is forgotten (its output stays); if it comes back it is converted again.
    for (const input of [...known.keys()]) if (!nowSeen.has(input)) known.delete(input);
    seen = nowSeen;
  };
  return new Promise((resolve) => {
    // The timer also keeps the process alive while nothing is there to watch.
    const timer = setInterval(poll, POLL_MS);
    const stop = (code: number) => (): void => {
      clearInterval(timer);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(code);
    };
    const onInt = stop(130);
    const onTerm = stop(143);
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
}
