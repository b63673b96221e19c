/**
 * benchmark: the converter against its parsing floor, and the two CLIs as
 * whole processes (docs/benchmarks.md).
 *
 *   npm run benchmark [-- --reps N] [--sizes 100,1000] [--no-cli] [--no-lib]
 *
 * `npm run benchmark` builds js/dist first, then runs this file with
 * `node --expose-gc --import tsx`. It generates `bench-corpus/` when it is
 * missing or of another generator version (scripts/gen-corpus.ts), and measures:
 *
 * - in process, for every corpus size N: `JSON.parse` of the JSON text (the
 *   floor), `Converter.convert(json)` (JSON -> SDL, js/dist), graphql-js `parse`
 *   of the SDL (the floor of the reverse), `convert(sdl, 'graphql-to-json')`
 *   once it stops throwing UNSUPPORTED_DIRECTION (until then "n/a"), and each
 *   conversion / floor ratio. Warm-up first, then the median of at least
 *   `--reps` (default 5) repetitions, more for fast cases (up to about a second).
 *   A full GC runs before every repetition, so each one pays for its own garbage.
 * - whole processes (spawnSync, like hyperfine: warm-up runs, then the median):
 *   `node -e 0` (Node's own start-up), the npm CLI (`node js/dist/cli.js`) and
 *   the Rust CLI (`target/release/x-graphql`, skipped when not built) on one
 *   small file (cold start), one large file (N = 5,000) and `-r` over the
 *   1,000-file batch folder.
 *
 * It prints tables and writes them as JSON to `bench-results/` (ignored by git):
 * `benchmark-<time>.json` and `latest.json`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseGraphQL } from 'graphql';
import { CORPUS_VERSION, SIZES, generateCorpus } from './gen-corpus';

const ROOT = path.resolve(__dirname, '..');
const CORPUS = path.join(ROOT, 'bench-corpus');
const RESULTS = path.join(ROOT, 'bench-results');
const NPM_CLI = path.join(ROOT, 'js', 'dist', 'cli.js');
const RUST_CLI = path.join(ROOT, 'target', 'release', process.platform === 'win32' ? 'x-graphql.exe' : 'x-graphql');
/** The size the targets are stated at, and the size linear growth is measured from. */
const TARGET_N = 5000;
const LARGE_N = 20000;
const RATIO_TARGET = 2;
const GROWTH_TARGET = 4.5;

interface Args {
  reps: number;
  sizes: number[];
  cli: boolean;
  lib: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { reps: 5, sizes: [...SIZES], cli: true, lib: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--reps') args.reps = Math.max(1, Number(argv[++i]));
    else if (a === '--sizes') args.sizes = argv[++i].split(',').map(Number);
    else if (a === '--no-cli') args.cli = false;
    else if (a === '--no-lib') args.lib = false;
    else throw new Error(`benchmark: unknown argument ${a}`);
  }
  return args;
}

// ---------------------------------------------------------------------------
// Timing

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

interface Timing {
  /** Median wall time, milliseconds. */
  ms: number;
  min: number;
  max: number;
  reps: number;
  /** Median CPU time (user + system) of this process, milliseconds: steadier than wall time on a busy machine. */
  cpuMs?: number;
}

function summarize(samples: number[], cpu?: number[]): Timing {
  const t: Timing = { ms: median(samples), min: Math.min(...samples), max: Math.max(...samples), reps: samples.length };
  if (cpu !== undefined) t.cpuMs = median(cpu);
  return t;
}

/** Warm-up, then at least `reps` timed runs (more for fast work, up to ~1 s of runs and 50 reps). */
function measure(reps: number, fn: () => unknown): Timing {
  let sink: unknown;
  const warm = performance.now();
  let warmups = 0;
  do {
    sink = fn();
    warmups++;
  } while (warmups < 3 && performance.now() - warm < 300);
  const samples: number[] = [];
  const cpu: number[] = [];
  let spent = 0;
  while (samples.length < reps || (spent < 1000 && samples.length < 50)) {
    gc?.();
    const c = process.cpuUsage();
    const t = performance.now();
    sink = fn();
    const dt = performance.now() - t;
    const dc = process.cpuUsage(c);
    samples.push(dt);
    cpu.push((dc.user + dc.system) / 1000);
    spent += dt;
  }
  if (sink === Symbol.for('never')) console.log(sink);
  return summarize(samples, cpu);
}

/** A whole process, like hyperfine: warm-up runs, then the median of `runs` runs. */
function measureProcess(cmd: string, args: string[], runs: number, warmups: number, before?: () => void): Timing | string {
  const samples: number[] = [];
  for (let i = 0; i < warmups + runs; i++) {
    before?.();
    const t = performance.now();
    const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    const dt = performance.now() - t;
    if (r.error) return `failed: ${r.error.message}`;
    if (r.status !== 0) return `failed: exit ${r.status}: ${String(r.stderr).trim().split('\n').slice(-1)[0]}`;
    if (i >= warmups) samples.push(dt);
  }
  return summarize(samples);
}

// ---------------------------------------------------------------------------
// Formatting

function fmtMs(t: Timing | string | undefined): string {
  if (t === undefined) return 'n/a';
  if (typeof t === 'string') return t;
  const ms = t.ms;
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

function fmtRatio(r: number | undefined): string {
  return r === undefined ? 'n/a' : `${r.toFixed(2)}x`;
}

function fmtBytes(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${(n / 1e3).toFixed(0)} kB`;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  const sep = '|' + widths.map((w, i) => (i === 0 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|';
  return [line(head), sep, ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------
// Corpus

function ensureCorpus(): void {
  const manifestFile = path.join(CORPUS, 'manifest.json');
  let version: unknown;
  try {
    version = (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (version === CORPUS_VERSION) return;
  console.log(version === undefined ? 'bench-corpus/ is missing: generating it' : `bench-corpus/ is version ${String(version)}: regenerating it`);
  generateCorpus(CORPUS, (line) => console.log(line));
}

// ---------------------------------------------------------------------------
// main

interface LibRow {
  n: number;
  jsonBytes: number;
  sdlBytes: number;
  jsonParse: Timing;
  jsonToSdl: Timing;
  jsonToSdlRatio: number;
  /** convertWithWarnings (warnings located), at N = TARGET_N only. */
  jsonToSdlWithPositions?: Timing;
  graphqlParse: Timing;
  sdlToJson?: Timing;
  sdlToJsonRatio?: number;
  /** Whether convert(json) gave the corpus SDL byte for byte. */
  sdlMatchesCorpus: boolean;
}

type Library = typeof import('../js/src/index');

function sdlToJsonSupported(lib: Library): boolean {
  try {
    new lib.Converter().convert('type Query { a: Int }', 'graphql-to-json');
    return true;
  } catch (e) {
    if (e instanceof lib.ConversionError && e.code === lib.ErrorCodes.UNSUPPORTED_DIRECTION) return false;
    return true;
  }
}

function runLibrary(args: Args): LibRow[] {
  // js/dist, what users run (npm run benchmark builds it first)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lib = require(path.join(ROOT, 'js', 'dist', 'index.js')) as Library;
  const converter = new lib.Converter();
  const reverse = sdlToJsonSupported(lib);
  const rows: LibRow[] = [];
  for (const n of args.sizes) {
    const json = fs.readFileSync(path.join(CORPUS, 'json', `defs-${n}.json`), 'utf8');
    const sdl = fs.readFileSync(path.join(CORPUS, 'sdl', `defs-${n}.graphql`), 'utf8');
    const sdlMatchesCorpus = converter.convert(json) === sdl;
    const jsonParse = measure(args.reps, () => JSON.parse(json));
    const jsonToSdl = measure(args.reps, () => converter.convert(json));
    const graphqlParse = measure(args.reps, () => parseGraphQL(sdl));
    const row: LibRow = {
      n,
      jsonBytes: Buffer.byteLength(json),
      sdlBytes: Buffer.byteLength(sdl),
      jsonParse,
      jsonToSdl,
      jsonToSdlRatio: jsonToSdl.ms / jsonParse.ms,
      graphqlParse,
      sdlMatchesCorpus,
    };
    if (n === TARGET_N) {
      // convert() drops the warnings and so skips locating them; the CLI and convertWithWarnings pay for that pass
      row.jsonToSdlWithPositions = measure(args.reps, () => converter.convertWithWarnings(json));
    }
    if (reverse) {
      row.sdlToJson = measure(args.reps, () => converter.convert(sdl, 'graphql-to-json'));
      row.sdlToJsonRatio = row.sdlToJson.ms / graphqlParse.ms;
    }
    rows.push(row);
    console.log(
      `  N=${n}: JSON.parse ${fmtMs(jsonParse)}, json->sdl ${fmtMs(jsonToSdl)}, graphql parse ${fmtMs(graphqlParse)}, sdl->json ${reverse ? fmtMs(row.sdlToJson) : 'n/a'}` +
        (sdlMatchesCorpus ? '' : '  (!) output differs from bench-corpus/sdl: regenerate the corpus or check the change'),
    );
  }
  return rows;
}

interface CliRow {
  name: string;
  node: Timing | string;
  npm: Timing | string;
  rust: Timing | string;
}

function runCli(args: Args): { rows: CliRow[]; rustCli: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-bench-'));
  const hasRust = fs.existsSync(RUST_CLI);
  const rustCli = hasRust ? path.relative(ROOT, RUST_CLI) : 'not built (cargo build --release -p x-graphql --features cli)';
  const small = path.join(CORPUS, 'batch', 'team-00', 'service-000.json');
  const large = path.join(CORPUS, 'json', `defs-${TARGET_N}.json`);
  const batch = path.join(CORPUS, 'batch');
  const out = path.join(tmp, 'out.graphql');
  const outDir = path.join(tmp, 'tree');
  const clean = () => fs.rmSync(outDir, { recursive: true, force: true });
  const reps = Math.max(args.reps, 5);
  const cases: Array<{ name: string; args: string[]; runs: number; warmups: number; before?: () => void }> = [
    { name: 'cold start, one small file', args: ['convert', '-i', small, '-o', out], runs: Math.max(reps, 10), warmups: 2 },
    // the in-process runs have just read the large file: no warm-up run is needed for the page cache
    { name: `one large file (N = ${TARGET_N.toLocaleString('en-US')})`, args: ['convert', '-i', large, '-o', out], runs: reps, warmups: args.lib ? 0 : 1 },
    { name: '-r over 1,000 small files', args: ['convert', '-r', '-i', batch, '-o', outDir], runs: reps, warmups: 1, before: clean },
  ];
  const rows: CliRow[] = [];
  const nodeStart = measureProcess(process.execPath, ['-e', '0'], Math.max(reps, 10), 2);
  for (const c of cases) {
    const npm = measureProcess(process.execPath, [NPM_CLI, ...c.args], c.runs, c.warmups, c.before);
    const rust = hasRust ? measureProcess(RUST_CLI, c.args, c.runs, c.warmups, c.before) : 'not built';
    rows.push({ name: c.name, node: c === cases[0] ? nodeStart : '', npm, rust });
    console.log(`  ${c.name}: npm ${fmtMs(npm)}, rust ${fmtMs(rust)}`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  return { rows, rustCli };
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  ensureCorpus();
  if (!fs.existsSync(path.join(ROOT, 'js', 'dist', 'index.js'))) throw new Error('benchmark: js/dist is missing; run npm run build');
  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    graphql: (require('graphql/package.json') as { version: string }).version,
    gcBetweenReps: gc !== undefined,
    loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'js/src']) !== '';
  console.log(`x-graphql benchmark: ${machine.cpu} x${machine.cores}, ${machine.platform}, Node ${machine.node}, commit ${commit}${dirty ? ' (js/src modified)' : ''}`);
  const load1 = machine.loadAverageAtStart[0];
  if (load1 > machine.cores * 0.75) console.log(`(!) load average ${load1} on ${machine.cores} cores: other work competes for the CPU; wall times will be noisy (CPU times are in the JSON)`);

  let lib: LibRow[] = [];
  if (args.lib) {
    console.log('library (in process):');
    lib = runLibrary(args);
  }
  let cli: { rows: CliRow[]; rustCli: string } | undefined;
  if (args.cli) {
    console.log('CLIs (whole processes):');
    cli = runCli(args);
  }

  // --- report
  const lines: string[] = [];
  const targets: Array<{ target: string; value: string; met: boolean | undefined }> = [];
  if (lib.length > 0) {
    lines.push('', 'Library, in process (median):', '');
    lines.push(
      table(
        ['N', 'JSON', 'JSON.parse', 'TS json->sdl', 'ratio', 'SDL', 'graphql parse', 'TS sdl->json', 'ratio'],
        lib.map((r) => [
          r.n.toLocaleString('en-US'),
          fmtBytes(r.jsonBytes),
          fmtMs(r.jsonParse),
          fmtMs(r.jsonToSdl),
          fmtRatio(r.jsonToSdlRatio),
          fmtBytes(r.sdlBytes),
          fmtMs(r.graphqlParse),
          r.sdlToJson ? fmtMs(r.sdlToJson) : 'n/a (not implemented)',
          fmtRatio(r.sdlToJsonRatio),
        ]),
      ),
    );
    const at = (n: number) => lib.find((r) => r.n === n);
    const t5 = at(TARGET_N);
    const t20 = at(LARGE_N);
    if (t5) {
      targets.push({ target: `TS json->sdl at N=${TARGET_N} <= ${RATIO_TARGET}x JSON.parse`, value: fmtRatio(t5.jsonToSdlRatio), met: t5.jsonToSdlRatio <= RATIO_TARGET });
      targets.push({
        target: `TS sdl->json at N=${TARGET_N} <= ${RATIO_TARGET}x graphql parse`,
        value: t5.sdlToJsonRatio === undefined ? 'n/a (not implemented)' : fmtRatio(t5.sdlToJsonRatio),
        met: t5.sdlToJsonRatio === undefined ? undefined : t5.sdlToJsonRatio <= RATIO_TARGET,
      });
    }
    if (t5 && t20) {
      const g = t20.jsonToSdl.ms / t5.jsonToSdl.ms;
      targets.push({ target: `TS json->sdl growth N=${LARGE_N} / N=${TARGET_N} <= ${GROWTH_TARGET}x`, value: fmtRatio(g), met: g <= GROWTH_TARGET });
      const gs = t5.sdlToJson && t20.sdlToJson ? t20.sdlToJson.ms / t5.sdlToJson.ms : undefined;
      targets.push({
        target: `TS sdl->json growth N=${LARGE_N} / N=${TARGET_N} <= ${GROWTH_TARGET}x`,
        value: gs === undefined ? 'n/a (not implemented)' : fmtRatio(gs),
        met: gs === undefined ? undefined : gs <= GROWTH_TARGET,
      });
      lines.push('', `(floors grow ${fmtRatio(t20.jsonParse.ms / t5.jsonParse.ms)} (JSON.parse) and ${fmtRatio(t20.graphqlParse.ms / t5.graphqlParse.ms)} (graphql parse) from N=${TARGET_N} to N=${LARGE_N})`);
    }
    const wp = t5?.jsonToSdlWithPositions;
    if (t5 && wp) {
      lines.push('', `(N=${TARGET_N} with the warnings located, convertWithWarnings as the CLI does: ${fmtMs(wp)}, ${fmtRatio(wp.ms / t5.jsonParse.ms)} JSON.parse)`);
    }
    if (lib.some((r) => !r.sdlMatchesCorpus)) lines.push('', '(!) json->sdl output differs from bench-corpus/sdl for some N');
  }
  if (cli) {
    lines.push('', `CLIs, whole processes (median; Rust CLI: ${cli.rustCli}):`, '');
    lines.push(
      table(
        ['case', 'node -e 0', 'npm CLI', 'Rust CLI'],
        cli.rows.map((r) => [r.name, r.node === '' ? '' : fmtMs(r.node), fmtMs(r.npm), fmtMs(r.rust)]),
      ),
    );
  }
  if (targets.length > 0) {
    lines.push('', 'Targets:', '');
    lines.push(table(['target', 'measured', 'met'], targets.map((t) => [t.target, t.value, t.met === undefined ? 'n/a' : t.met ? 'yes' : 'NO'])));
  }
  const seconds = (performance.now() - started) / 1000;
  const loadAverageAtEnd = os.loadavg().map((x) => Number(x.toFixed(2)));
  lines.push('', `(${seconds.toFixed(0)} s; load average ${machine.loadAverageAtStart[0]} at start, ${loadAverageAtEnd[0]} at the end, on ${machine.cores} cores)`);
  console.log(lines.join('\n'));

  fs.mkdirSync(RESULTS, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const result = { date: new Date().toISOString(), commit, loadAverageAtEnd, jsSrcModified: dirty, machine, args, corpusVersion: CORPUS_VERSION, library: lib, cli, targets, seconds };
  const body = JSON.stringify(result, null, 2) + '\n';
  fs.writeFileSync(path.join(RESULTS, `benchmark-${stamp}.json`), body);
  fs.writeFileSync(path.join(RESULTS, 'latest.json'), body);
  console.log(`written: bench-results/benchmark-${stamp}.json`);
}

main();
