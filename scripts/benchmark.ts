/**
 * benchmark: the converter against its parsing floor, and the two CLIs as
 * whole processes (docs/benchmarks.md).
 *
 *   npm run benchmark [-- --reps N] [--sizes 100,1000] [--no-cli] [--no-lib] [--gc-each] [--check]
 *
 * `npm run benchmark` builds js/dist first, then runs this file with
 * `node --expose-gc --import tsx`. It generates `bench-corpus/` when it is
 * missing or of another generator version (scripts/gen-corpus.ts), and measures:
 *
 * - in process, for every corpus size N: `JSON.parse` of the JSON text (the
 *   floor), `Converter.convert(json)` (JSON -> SDL, js/dist), graphql-js `parse`
 *   of the SDL (the floor of the reverse), `convert(sdl, 'graphql-to-json')`
 *   once it stops throwing UNSUPPORTED_DIRECTION (until then "n/a"), and each
 *   conversion / floor ratio. Warm-up first, then one full GC, then the median of
 *   at least `--reps` (default 5) repetitions back to back, more for fast cases (up
 *   to about a second): each pays for about one repetition's garbage, as in a process
 *   that converts again and again. `--gc-each` runs a full GC before every
 *   repetition instead (bench-timing.ts says why that measures partly deoptimized
 *   code).
 * - growth, when N = 5,000 and 20,000 are both measured: the same four at those two
 *   sizes again, the sizes taking turns (bench-timing.ts `interleavedGrowth`), so that
 *   the machine's drift meets both alike; the growth guards are judged on these.
 * - whole processes (scripts/bench-process.ts, like hyperfine: warm-up runs, then
 *   medians; CPU time and peak RSS too when python3 is there): the idle processes
 *   (`node -e 0`, `x-graphql --version`), the npm CLI (`node js/dist/cli.js`) and
 *   the Rust CLI (`target/release/x-graphql`, skipped when not built) on one small
 *   file (cold start, `cat` of it for scale), the N = 5,000 and N = 20,000 files
 *   (peak RSS: the memory guard), `-r` over the 1,000-file batch folder, and a
 *   sample of separate runs over the same folder.
 *
 * It prints tables, then one `PASS` / `FAIL` line per guard of docs/benchmarks.md with
 * its figure (`n/a` when what it needs was not measured), and writes everything as JSON
 * to `bench-results/` (ignored by git): `benchmark-<time>.json` and `latest.json`. It
 * exits non-zero on a FAIL only with `--check`: on a loaded machine one run is noisy.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse as parseGraphQL } from 'graphql';
import { cliTable, runCli, type CliResult } from './bench-process';
import { GROWTH_BLOCKS, fmtBytes, fmtMs, fmtRatio, gc, guard, guardLine, interleavedGrowth, measure, table, timingMode, type Growth, type Guard, type Timing } from './bench-timing';
import { CORPUS_VERSION, SIZES, generateCorpus } from './gen-corpus';

const ROOT = path.resolve(__dirname, '..');
const CORPUS = path.join(ROOT, 'bench-corpus');
const RESULTS = path.join(ROOT, 'bench-results');
/** The size the ratio guards are stated at, and the size growth is measured from. */
const TARGET_N = 5000;
const LARGE_N = 20000;
/** Guards (docs/benchmarks.md): each conversion against its parser at N = TARGET_N, and its growth to N = LARGE_N. */
const JSON_RATIO_GUARD = 12;
const SDL_RATIO_GUARD = 3;
const GROWTH_GUARD = 5.5;
/** Rounds of the interleaved growth measurement (bench-timing.ts `interleavedGrowth`). */
const GROWTH_ROUNDS = 6;

interface Args {
  reps: number;
  sizes: number[];
  cli: boolean;
  lib: boolean;
  /** A full GC before every repetition (bench-timing.ts `timingMode`). */
  gcEach: boolean;
  /** Exit 1 when a guard fails. */
  check: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { reps: 5, sizes: [...SIZES], cli: true, lib: true, gcEach: false, check: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--reps') args.reps = Math.max(1, Number(argv[++i]));
    else if (a === '--sizes') args.sizes = argv[++i].split(',').map(Number);
    else if (a === '--no-cli') args.cli = false;
    else if (a === '--no-lib') args.lib = false;
    else if (a === '--gc-each') args.gcEach = true;
    else if (a === '--check') args.check = true;
    else throw new Error(`benchmark: unknown argument ${a}`);
  }
  return args;
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
  /**
   * The same four, each run after a full GC (`--gc-each`),
   * at N = TARGET_N and LARGE_N, beside the back-to-back default; see bench-timing.ts.
   */
  afterFullGc?: { jsonParse: Timing; jsonToSdl: Timing; graphqlParse: Timing; sdlToJson?: Timing };
  /** convertWithWarnings (warnings located), at N = TARGET_N only. */
  jsonToSdlWithPositions?: Timing;
  graphqlParse: Timing;
  /** graphql-js parse with `noLocation`, as sdl->json parses a valid document (sdl-read.ts), at N = TARGET_N only. */
  graphqlParseUnlocated?: Timing;
  sdlToJson?: Timing;
  sdlToJsonRatio?: number;
  /**
   * At N = TARGET_N: the forward direction's check of the reversed tree alone (sdl-read's
   * stage 6, the subgraph rules, record 0077), the part of sdl->json a document without
   * `@key`, `@requires`, `@provides`, `@external` or `@shareable` does not pay.
   */
  subgraphRules?: Timing;
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
      row.graphqlParseUnlocated = measure(args.reps, () => parseGraphQL(sdl, { noLocation: true }));
    }
    if (reverse) {
      row.sdlToJson = measure(args.reps, () => converter.convert(sdl, 'graphql-to-json'));
      row.sdlToJsonRatio = row.sdlToJson.ms / graphqlParse.ms;
      if (n === TARGET_N) row.subgraphRules = measureSubgraphRules(args.reps, sdl);
    }
    if (!timingMode.gcEach && (n === TARGET_N || n === LARGE_N)) {
      timingMode.gcEach = true;
      row.afterFullGc = {
        jsonParse: measure(args.reps, () => JSON.parse(json)),
        jsonToSdl: measure(args.reps, () => converter.convert(json)),
        graphqlParse: measure(args.reps, () => parseGraphQL(sdl)),
      };
      if (reverse) row.afterFullGc.sdlToJson = measure(args.reps, () => converter.convert(sdl, 'graphql-to-json'));
      timingMode.gcEach = false;
    }
    rows.push(row);
    console.log(
      `  N=${n}: JSON.parse ${fmtMs(jsonParse)}, json->sdl ${fmtMs(jsonToSdl)}, graphql parse ${fmtMs(graphqlParse)}, sdl->json ${reverse ? fmtMs(row.sdlToJson) : 'n/a'}` +
        (sdlMatchesCorpus ? '' : '  (!) output differs from bench-corpus/sdl: regenerate the corpus or check the change'),
    );
  }
  return rows;
}

/** sdl-read's stage 6 alone (LibRow `subgraphRules`): the reversed tree of the document, checked. */
function measureSubgraphRules(reps: number, sdl: string): Timing | undefined {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const read = require(path.join(ROOT, 'js', 'dist', 'sdl-read.js')) as typeof import('../js/src/sdl-read');
  const reverse = require(path.join(ROOT, 'js', 'dist', 'reverse.js')) as typeof import('../js/src/reverse');
  const convert = require(path.join(ROOT, 'js', 'dist', 'convert.js')) as typeof import('../js/src/convert');
  const options = (require(path.join(ROOT, 'js', 'dist', 'options.js')) as typeof import('../js/src/options')).DEFAULT_OPTIONS;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const tree = reverse.reverseDocument(read.readSdl(sdl));
  return measure(reps, () => convert.checkJsonSchemaTree(tree, options));
}

/** The four library cases at N = TARGET_N and LARGE_N, the sizes interleaved (the growth guards). */
interface GrowthRows {
  jsonParse: Growth;
  jsonToSdl: Growth;
  graphqlParse: Growth;
  sdlToJson?: Growth;
}

function runGrowth(): GrowthRows {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lib = require(path.join(ROOT, 'js', 'dist', 'index.js')) as Library;
  const converter = new lib.Converter();
  const read = (dir: string, n: number, ext: string) => fs.readFileSync(path.join(CORPUS, dir, `defs-${n}.${ext}`), 'utf8');
  const json = [read('json', TARGET_N, 'json'), read('json', LARGE_N, 'json')];
  const sdl = [read('sdl', TARGET_N, 'graphql'), read('sdl', LARGE_N, 'graphql')];
  const growth = (fn: (text: string) => unknown, texts: string[]) => interleavedGrowth(() => fn(texts[0]), () => fn(texts[1]), GROWTH_ROUNDS);
  const rows: GrowthRows = {
    jsonParse: growth((t) => JSON.parse(t), json),
    jsonToSdl: growth((t) => converter.convert(t), json),
    graphqlParse: growth((t) => parseGraphQL(t), sdl),
  };
  if (sdlToJsonSupported(lib)) rows.sdlToJson = growth((t) => converter.convert(t, 'graphql-to-json'), sdl);
  console.log(`  growth, interleaved: json->sdl ${fmtRatio(rows.jsonToSdl.growth)}, sdl->json ${fmtRatio(rows.sdlToJson?.growth)}`);
  return rows;
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
  timingMode.gcEach = args.gcEach;
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
    gcBetweenReps: gc !== undefined && args.gcEach,
    loadAverageAtStart: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain', '--', 'js/src']) !== '';
  console.log(`x-graphql benchmark: ${machine.cpu} x${machine.cores}, ${machine.platform}, Node ${machine.node}, commit ${commit}${dirty ? ' (js/src modified)' : ''}`);
  const load1 = machine.loadAverageAtStart[0];
  if (load1 > machine.cores * 0.75) console.log(`(!) load average ${load1} on ${machine.cores} cores: other work competes for the CPU; wall times will be noisy (CPU times are in the JSON)`);

  let lib: LibRow[] = [];
  let growth: GrowthRows | undefined;
  if (args.lib) {
    console.log('library (in process):');
    lib = runLibrary(args);
    if (args.sizes.includes(TARGET_N) && args.sizes.includes(LARGE_N)) growth = runGrowth();
  }
  let cli: CliResult | undefined;
  if (args.cli) {
    console.log('CLIs (whole processes):');
    cli = runCli(args.reps, TARGET_N, LARGE_N, args.lib);
  }

  // --- report
  const lines: string[] = [];
  const guards: Guard[] = [];
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
    // Each library guard also as measured with a full GC before every run (afterFullGc).
    const g5 = t5?.afterFullGc;
    const g20 = t20?.afterFullGc;
    const afterGc = (v: number | undefined) => (v === undefined ? undefined : `after a full GC: ${fmtRatio(v)}`);
    if (t5) {
      guards.push(guard(`TS json->sdl at N=${TARGET_N} <= ${JSON_RATIO_GUARD}x JSON.parse`, t5.jsonToSdlRatio, JSON_RATIO_GUARD, afterGc(g5 && g5.jsonToSdl.ms / g5.jsonParse.ms)));
      guards.push(guard(`TS sdl->json at N=${TARGET_N} <= ${SDL_RATIO_GUARD}x graphql parse`, t5.sdlToJsonRatio, SDL_RATIO_GUARD, afterGc(g5?.sdlToJson && g5.sdlToJson.ms / g5.graphqlParse.ms)));
    }
    if (t5 && t20) {
      // Judged on the interleaved measurement when it ran (runGrowth); the sequential one is shown beside it.
      const sequential = t20.jsonToSdl.ms / t5.jsonToSdl.ms;
      guards.push(guard(`TS json->sdl growth N=${LARGE_N} / N=${TARGET_N} <= ${GROWTH_GUARD}x`, growth?.jsonToSdl.growth ?? sequential, GROWTH_GUARD, growth ? `in turns; in sequence ${fmtRatio(sequential)}` : 'in sequence'));
      const sequentialSdl = t5.sdlToJson && t20.sdlToJson ? t20.sdlToJson.ms / t5.sdlToJson.ms : undefined;
      guards.push(guard(`TS sdl->json growth N=${LARGE_N} / N=${TARGET_N} <= ${GROWTH_GUARD}x`, growth?.sdlToJson?.growth ?? sequentialSdl, GROWTH_GUARD, growth?.sdlToJson ? `in turns; in sequence ${fmtRatio(sequentialSdl)}` : 'in sequence'));
    }
    if (growth) {
      lines.push('', `Growth N=${LARGE_N} / N=${TARGET_N}, the sizes in turns (${GROWTH_ROUNDS} rounds of ${GROWTH_BLOCKS.small} and ${GROWTH_BLOCKS.large} runs, the first of each block not counted; medians):`, '');
      const row = (label: string, g: Growth | undefined) =>
        g === undefined ? [label, 'n/a', 'n/a', 'n/a', 'n/a'] : [label, `${g.smallMs.toFixed(1)} ms`, `${g.largeMs.toFixed(1)} ms`, fmtRatio(g.growth), fmtRatio(g.roundGrowth)];
      lines.push(
        table(
          ['case', `N=${TARGET_N}`, `N=${LARGE_N}`, 'growth', 'median of rounds'],
          [
            row('JSON.parse (floor)', growth.jsonParse),
            row('TS json->sdl', growth.jsonToSdl),
            row('graphql parse (floor)', growth.graphqlParse),
            row('TS sdl->json', growth.sdlToJson),
          ],
        ),
      );
    }
    if (t5 && t20) {
      lines.push('', `(floors grow ${fmtRatio(t20.jsonParse.ms / t5.jsonParse.ms)} (JSON.parse) and ${fmtRatio(t20.graphqlParse.ms / t5.graphqlParse.ms)} (graphql parse) from N=${TARGET_N} to N=${LARGE_N})`);
    }
    const gcRows = lib.filter((r) => r.afterFullGc !== undefined);
    if (gcRows.length > 0) {
      lines.push('', 'The same with a full GC before every run (--gc-each; it measures partly deoptimized code, see scripts/bench-timing.ts):', '');
      lines.push(
        table(
          ['N', 'JSON.parse', 'TS json->sdl', 'ratio', 'graphql parse', 'TS sdl->json', 'ratio'],
          gcRows.map((r) => {
            const g = r.afterFullGc!;
            return [
              r.n.toLocaleString('en-US'),
              fmtMs(g.jsonParse),
              fmtMs(g.jsonToSdl),
              fmtRatio(g.jsonToSdl.ms / g.jsonParse.ms),
              fmtMs(g.graphqlParse),
              g.sdlToJson ? fmtMs(g.sdlToJson) : 'n/a',
              g.sdlToJson ? fmtRatio(g.sdlToJson.ms / g.graphqlParse.ms) : 'n/a',
            ];
          }),
        ),
      );
    }
    const wp = t5?.jsonToSdlWithPositions;
    if (t5 && wp) {
      lines.push('', `(N=${TARGET_N} with the warnings located, convertWithWarnings as the CLI does: ${fmtMs(wp)}, ${fmtRatio(wp.ms / t5.jsonParse.ms)} JSON.parse)`);
    }
    const unlocated = t5?.graphqlParseUnlocated;
    if (t5 && unlocated && t5.sdlToJson) {
      // The floor is graphql-js's parse as users call it; sdl->json itself parses without locations.
      lines.push('', `(N=${TARGET_N} graphql parse without node locations, as sdl->json parses a valid document: ${fmtMs(unlocated)}; sdl->json is ${fmtRatio(t5.sdlToJson.ms / unlocated.ms)} of it)`);
    }
    const rules = t5?.subgraphRules;
    if (t5 && rules && t5.sdlToJson) {
      // Record 0077: a subgraph's rules are the forward direction's, run on the reversed tree.
      const rest = t5.sdlToJson.ms - rules.ms;
      lines.push('', `(N=${TARGET_N} the subgraph rules alone, the forward direction checking the reversed tree (sdl-read stage 6, record 0077): ${fmtMs(rules)}; sdl->json without them ${rest.toFixed(0)} ms, ${fmtRatio(rest / t5.graphqlParse.ms)} graphql parse)`);
    }
    if (lib.some((r) => !r.sdlMatchesCorpus)) lines.push('', '(!) json->sdl output differs from bench-corpus/sdl for some N');
  }
  if (cli) {
    lines.push('', `CLIs, whole processes (wall median; Rust CLI: ${cli.rustCli}${cli.withRusage ? '' : '; no python3: no CPU or RSS'}):`, '');
    lines.push(cliTable(cli));
    guards.push(...cli.guards);
    lines.push('', 'Without a guard:', '', ...cli.figures.map((f) => `${f.name}: ${f.value}`));
  }
  if (guards.length > 0) {
    lines.push('', `Guards (docs/benchmarks.md; figures from one run on this machine, load average ${os.loadavg()[0].toFixed(2)}):`, '');
    lines.push(...guards.map(guardLine));
  }
  const failed = guards.filter((g) => g.pass === false).length;
  const seconds = (performance.now() - started) / 1000;
  const loadAverageAtEnd = os.loadavg().map((x) => Number(x.toFixed(2)));
  lines.push('', `(${seconds.toFixed(0)} s; load average ${machine.loadAverageAtStart[0]} at start, ${loadAverageAtEnd[0]} at the end, on ${machine.cores} cores)`);
  console.log(lines.join('\n'));

  fs.mkdirSync(RESULTS, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const result = { date: new Date().toISOString(), commit, loadAverageAtEnd, jsSrcModified: dirty, machine, args, corpusVersion: CORPUS_VERSION, library: lib, growth, cli, guards, seconds };
  const body = JSON.stringify(result, null, 2) + '\n';
  fs.writeFileSync(path.join(RESULTS, `benchmark-${stamp}.json`), body);
  fs.writeFileSync(path.join(RESULTS, 'latest.json'), body);
  console.log(`written: bench-results/benchmark-${stamp}.json`);
  if (failed > 0) {
    console.log(`${failed} guard(s) FAIL${args.check ? '' : ' (exit status 0: pass --check to fail the run)'}`);
    if (args.check) process.exitCode = 1;
  }
}

main();
