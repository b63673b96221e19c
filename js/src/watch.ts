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
 * An input is also converted again when a file its `$ref`s reach (directly or
 * through other files) changes: its stamp is the input's and those files'
 * together, and the files are found again after each conversion, so a new `$ref`
 * adds a file and a removed one drops it.
 * A failed conversion leaves the last good output in place (writes are atomic).
 * SIGINT ends with exit 130, SIGTERM with 143, after the conversion under way.
 *
 * `runWatch` (at the end) makes the plan this loop runs, from the command line,
 * over cli.ts's per-file conversion.
 */
import * as fs from 'fs';
import * as path from 'path';
import { isObject, keysOf, loadJson, type JsonValue } from './load';
import type { Terminal } from './terminal';
import type { ConverterOptions } from './index';
import type { Direction } from './cli-direction';
import type { Selection } from './glob';
import { checkTreeInput, dirnameBytes, joinUnder, lossy, renameExtBytes, walkBytes } from './cli-paths';
import { errnoText, IoError, makeFolder, statOrUndefined, writeAtomicSync } from './cli-write';
import { convertOne, extensions, oneLine, readInput, renameExt, say, type ConvertFlags, type Job } from './cli';

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

/**
 * The files an input's relative `$ref`s reach, directly or through the files they
 * name (each once; not the input). A file that does not parse reaches nothing more.
 * Iterative: the tree is walked with a stack.
 */
export function refFiles(file: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([path.normalize(file)]);
  const queue = [file];
  while (queue.length > 0) {
    const from = queue.shift()!;
    let root: JsonValue;
    try {
      root = loadJson(fs.readFileSync(from, 'utf8'));
    } catch {
      continue;
    }
    const stack: JsonValue[] = [root];
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (Array.isArray(v)) {
        for (const item of v) stack.push(item);
      } else if (isObject(v)) {
        for (const key of keysOf(v)) {
          const value = v[key];
          if (key !== '$ref' || typeof value !== 'string') {
            stack.push(value);
            continue;
          }
          const target = value.split('#')[0];
          // Local pointers and URIs with a scheme reach no file here.
          if (target === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(target)) continue;
          const reached = path.normalize(path.join(path.dirname(from), target));
          if (seen.has(reached)) continue;
          seen.add(reached);
          out.push(reached);
          queue.push(reached);
        }
      }
    }
  }
  return out;
}

/**
 * The stamp of an input (`own`) and of the files its refs reached at its last conversion;
 * `earlier` holds stamps taken before that conversion, used where it has one.
 */
function stampAll(own: string | undefined, deps: readonly string[], earlier?: ReadonlyMap<string, string | undefined>): string | undefined {
  if (own === undefined) return undefined;
  let out = own;
  for (const d of deps) out += `|${d}:${(earlier?.has(d) ? earlier.get(d) : stamp(Buffer.from(d))) ?? '-'}`;
  return out;
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
  // The files each input's refs reached at its last conversion.
  const deps = new Map<string, string[]>();
  const converted = (pair: WatchPair): string | undefined => {
    // The stamps are taken before converting: a file saved while the conversion runs
    // then differs at a later poll and is converted again (taken after, that save would
    // pass for converted and the output would stay stale).
    const own = stamp(pair.file);
    const earlier = new Map((deps.get(keyOf(pair)) ?? []).map((d) => [d, stamp(Buffer.from(d))] as const));
    convertTimed(plan, pair, term);
    const found = refFiles(pair.file.toString());
    deps.set(keyOf(pair), found);
    return stampAll(own, found, earlier);
  };
  for (const pair of plan.list()) {
    if (stamp(pair.file) === undefined) continue;
    const now = converted(pair);
    if (now === undefined) continue;
    known.set(keyOf(pair), now);
    seen.set(keyOf(pair), now);
  }
  term.info(`watching ${plan.what} (Ctrl-C to stop)`);
  const poll = (): void => {
    const nowSeen = new Map<string, string>();
    for (const pair of plan.list()) {
      const key = keyOf(pair);
      const now = stampAll(stamp(pair.file), deps.get(key) ?? []);
      if (now === undefined) continue;
      nowSeen.set(key, now);
      const settled = seen.get(key) === now;
      if (settled && known.get(key) !== now) {
        // Found again: a new $ref adds a file, a removed one drops it.
        const after = converted(pair) ?? now;
        known.set(key, after);
        nowSeen.set(key, after);
      }
    }
    // A deleted input is forgotten (its output stays); if it comes back it is converted again.
    for (const input of [...known.keys()]) {
      if (!nowSeen.has(input)) {
        known.delete(input);
        deps.delete(input);
      }
    }
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

/**
 * `--watch`: the plan watch.ts runs, over the same per-file conversion as
 * `-i`/`-o` and `-r` (this module is loaded only for it). Ends on SIGINT (130) / SIGTERM (143).
 */
export function runWatch(
  base: ConverterOptions,
  input: string,
  output: string,
  flags: ConvertFlags & { direction: Direction },
  sel: Selection,
  term: Terminal,
): Promise<number> {
  const [from, to] = extensions(flags.direction);
  if (statOrUndefined(input) === undefined) readInput(input); // reports why (exit 3)
  const convertTo = (p: WatchPair, baseDir: string, inputDir?: string): boolean => {
    const fileName = p.input;
    if (inputDir !== undefined) {
      // A file of a -r tree: read only if it is a regular file inside the tree (cli-paths.ts).
      const check = checkTreeInput(baseDir, p.file);
      if (check.kind === 'outside') {
        term.warning(`${fileName}: warning[LINK_OUTSIDE] ${check.message}`);
        return false;
      }
      if (check.kind === 'unreadable') {
        say(`${fileName}: error[IO] ${check.message}`);
        return false;
      }
    }
    let text: string;
    try {
      text = fs.readFileSync(p.file, 'utf8');
    } catch (e) {
      say(`${fileName}: error[IO] cannot read input: ${errnoText(e)}`);
      return false;
    }
    const job: Job = { fileName, baseDir, text };
    if (inputDir !== undefined) job.inputDir = inputDir;
    const outcome = convertOne(base, job, flags.direction);
    if (!outcome.ok) return false;
    try {
      makeFolder(dirnameBytes(p.target));
    } catch (e) {
      say(`${lossy(dirnameBytes(p.target))}: error[IO] cannot create folder: ${errnoText(e)}`);
      return false;
    }
    try {
      writeAtomicSync(p.target, outcome.text);
    } catch (e) {
      if (!(e instanceof IoError)) throw e;
      say(`${e.where}: error[IO] ${oneLine(e.message)}`);
      return false;
    }
    return true;
  };
  let plan: WatchPlan;
  if (flags.recursive) {
    plan = {
      what: input,
      list: () => {
        let rels: Buffer[];
        try {
          rels = walkBytes(input, from, () => undefined, (e) => e as Error, sel);
        } catch {
          return []; // the folder went away; it may come back
        }
        return rels.map((rel) => {
          const file = joinUnder(input, rel);
          const target = joinUnder(output, renameExtBytes(rel, from, to));
          return { input: lossy(file), output: lossy(target), file, target };
        });
      },
      convert: (p) => convertTo(p, input, path.dirname(p.input)),
    };
  } else {
    const target = statOrUndefined(output)?.isDirectory()
      ? path.join(output, renameExt(path.basename(input), from, to))
      : output;
    const pair: WatchPair = { input, output: target, file: Buffer.from(input), target: Buffer.from(target) };
    plan = {
      what: input,
      list: () => [pair],
      convert: (p) => convertTo(p, path.dirname(input)),
    };
  }
  return watch(plan, term);
}
