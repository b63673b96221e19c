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
 * The file system events (fs.watch on the input's folder, recursive for -r)
 * only wake a scan, 100 ms after the last one: the scan compares each input's
 * (mtime, size, inode) with those of its last conversion and converts the
 * files that differ, in sorted order. So a burst of events from one save
 * (editors write a temporary file and rename it) is one conversion, and what
 * is printed depends on the files, not on how the events came.
 * A failed conversion leaves the last good output in place (writes are atomic).
 * SIGINT ends with exit 130, SIGTERM with 143, after the conversion under way.
 */
import * as fs from 'fs';
import type { Terminal } from './terminal';

export interface WatchPair {
  input: string;
  output: string;
}

export interface WatchPlan {
  /** What `watching <what>` names: the -i file or folder. */
  what: string;
  /** The folder to watch (the input's own folder for a file, so renames over it are seen). */
  folder: string;
  recursive: boolean;
  /** The inputs now, in the order to convert them, each with its output path. */
  list(): WatchPair[];
  /** Converts one input (printing its diagnostics) and writes the output; false when it failed. */
  convert(pair: WatchPair): boolean;
}

const SETTLE_MS = 100;

function stamp(file: string): string | undefined {
  try {
    const st = fs.statSync(file, { bigint: true });
    return st.isFile() ? `${st.mtimeNs}:${st.size}:${st.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** Converts the pairs whose input changed since `known` saw them; prints one line each. */
export function scan(plan: WatchPlan, known: Map<string, string>, term: Terminal): void {
  const present = new Set<string>();
  for (const pair of plan.list()) {
    present.add(pair.input);
    const now = stamp(pair.input);
    if (now === undefined || known.get(pair.input) === now) continue;
    known.set(pair.input, now);
    const start = process.hrtime.bigint();
    const ok = plan.convert(pair);
    const ms = Number((process.hrtime.bigint() - start) / 1_000_000n);
    if (ok) term.info(`${term.ok('converted')} ${pair.input} -> ${pair.output} (${ms} ms)`);
    else term.info(`failed ${pair.input} (${ms} ms), ${pair.output} unchanged`);
  }
  // A deleted input is forgotten (its output stays); if it comes back it is converted again.
  for (const input of [...known.keys()]) if (!present.has(input)) known.delete(input);
}

/** Watches with fs.watch; falls back to one watcher per folder where recursive watching is missing. */
function startWatchers(folder: string, recursive: boolean, wake: () => void): fs.FSWatcher[] {
  const watchers: fs.FSWatcher[] = [];
  const add = (dir: string, rec: boolean): boolean => {
    try {
      const w = fs.watch(dir, { recursive: rec }, wake);
      w.on('error', () => wake());
      watchers.push(w);
      return true;
    } catch (e) {
      if (rec && (e as NodeJS.ErrnoException).code === 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM') return false;
      return true; // a folder that went away: the next scan reports its files
    }
  };
  if (add(folder, recursive) || !recursive) return watchers;
  const visit = (dir: string): void => {
    add(dir, false);
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) if (e.isDirectory()) visit(`${dir}/${e.name}`);
  };
  visit(folder);
  return watchers;
}

/** Runs until SIGINT/SIGTERM; resolves to the exit code (130 / 143). */
export function watch(plan: WatchPlan, term: Terminal): Promise<number> {
  const known = new Map<string, string>();
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const wake = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        scan(plan, known, term);
      }, SETTLE_MS);
    };
    // Watching starts before the first scan, so no change after `watching` is missed.
    const watchers = startWatchers(plan.folder, plan.recursive, wake);
    scan(plan, known, term);
    term.info(`watching ${plan.what} (Ctrl-C to stop)`);
    const stop = (code: number) => (): void => {
      if (timer !== undefined) clearTimeout(timer);
      for (const w of watchers) w.close();
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
