/**
 * The whole-process rows of `npm run benchmark` (docs/benchmarks.md): the npm CLI
 * (`node js/dist/cli.js`) and the Rust CLI (`target/release/x-graphql`) run like
 * hyperfine runs them (warm-up runs, then medians), against their floors: `node -e 0`
 * and `cat` for cold start, 1,000 separate runs for `-r`, the runtime's idle resident
 * set for memory. The memory guard (docs/benchmarks.md, "Guards") is judged here; cold
 * start and `-r` are figures without a guard.
 *
 * Node cannot read the CPU time or peak RSS of a child, so runs go through
 * scripts/proc-stats.py (wait4) when python3 is on the PATH; without it only wall
 * times are measured, with spawnSync, and the memory guard reads "n/a".
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmtBytes, fmtMs, fmtRatio, guard, summarize, table, type Guard, type Timing } from './bench-timing';

const ROOT = path.resolve(__dirname, '..');
const CORPUS = path.join(ROOT, 'bench-corpus');
const NPM_CLI = path.join(ROOT, 'js', 'dist', 'cli.js');
const RUST_CLI = path.join(ROOT, 'target', 'release', process.platform === 'win32' ? 'x-graphql.exe' : 'x-graphql');
const PROC_STATS = path.join(ROOT, 'scripts', 'proc-stats.py');

/** Guard: peak RSS of either CLI converting the largest JSON file, above its idle process, in multiples of the file's size. */
export const MEMORY_GUARD = 12;
/** Every SAMPLE_STEP-th file of the batch folder is run as its own process; the sum is scaled to 1,000 files. */
const SAMPLE_STEP = 10;

type Measured = Timing | string;

export interface CliRow {
  name: string;
  floor: Measured | '';
  npm: Measured;
  rust: Measured;
}

export interface CliResult {
  rows: CliRow[];
  rustCli: string;
  withRusage: boolean;
  guards: Guard[];
  /** Comparisons without a guard (cold start, `-r`): name and figure. */
  figures: Array<{ name: string; value: string }>;
}

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import resource'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

type Command = [cmd: string, args: string[]];

/** The argument measureProcesses replaces with a fresh output path (as scripts/proc-stats.py). */
const FRESH = '{fresh}';

/**
 * `runs` timed runs of each command after `warmups`, the commands interleaved (one of
 * each per round, so a change of the load hits them alike), an argument FRESH replaced
 * by a path under `fresh` no run used before (outputs are removed after all runs, not
 * between them: see scripts/proc-stats.py): median wall and CPU, largest peak RSS, per
 * command.
 */
function measureProcesses(withRusage: boolean, commands: Command[], runs: number, warmups: number, fresh?: string): Measured[] {
  if (withRusage) {
    const argv = commands.flatMap(([cmd, args], i) => (i === 0 ? [cmd, ...args] : [':::', cmd, ...args]));
    const out = execFileSync('python3', [PROC_STATS, String(runs), String(warmups), fresh ?? '-', '--', ...argv], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const results = JSON.parse(out) as Array<{ wallMs: number[]; cpuMs: number[]; maxRssBytes: number[]; failure: string | null }>;
    return results.map((r) => {
      if (r.failure !== null) return `failed: ${r.failure}`;
      const t = summarize(r.wallMs, r.cpuMs);
      t.maxRssBytes = Math.max(...r.maxRssBytes);
      return t;
    });
  }
  const samples: number[][] = commands.map(() => []);
  const failures: Array<string | undefined> = commands.map(() => undefined);
  for (let i = 0; i < warmups + runs; i++) {
    commands.forEach(([cmd, template], k) => {
      if (failures[k] !== undefined) return;
      const args = fresh === undefined ? template : template.map((a) => (a === FRESH ? path.join(fresh, `${k}-${i}`) : a));
      const t = performance.now();
      const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
      const dt = performance.now() - t;
      if (r.error) failures[k] = `failed: ${r.error.message}`;
      else if (r.status !== 0) failures[k] = `failed: exit ${r.status}: ${String(r.stderr).trim().split('\n').slice(-1)[0]}`;
      else if (i >= warmups) samples[k].push(dt);
    });
  }
  return commands.map((_, k) => failures[k] ?? summarize(samples[k]));
}

/**
 * What 1,000 separate runs cost: every SAMPLE_STEP-th file of the batch folder converted
 * by its own process, the sums scaled to all files (running all 1,000 through the npm
 * CLI would take minutes). One pass: it is already many processes. A file alone is its
 * own input folder, so files with a `$ref` to a sibling folder (`../common/...`) fail
 * with REF_OUTSIDE when run alone; the sample is taken from the others.
 */
function measureSeparateRuns(withRusage: boolean, clis: Array<[cmd: string, prefix: string[]]>, files: string[], fresh: string): Measured[] {
  const alone = files.filter((f) => !fs.readFileSync(f, 'utf8').includes('"../'));
  const sample = alone.filter((_, i) => i % SAMPLE_STEP === 0);
  const wall = clis.map(() => 0);
  const cpu = clis.map(() => 0);
  const failed: Array<string | undefined> = clis.map(() => undefined);
  for (const [j, file] of sample.entries()) {
    // Each output a new file, as a loop over the files would write them (and as -r does).
    const commands: Command[] = clis.map(([cmd, prefix]) => [cmd, [...prefix, 'convert', '-i', file, '-o', FRESH]]);
    const folder = path.join(fresh, String(j));
    fs.mkdirSync(folder, { recursive: true });
    const measured = measureProcesses(withRusage, commands, 1, 0, folder);
    measured.forEach((t, k) => {
      if (typeof t === 'string') failed[k] ??= t;
      else {
        wall[k] += t.ms;
        cpu[k] += t.cpuMs ?? 0;
      }
    });
  }
  const scale = files.length / sample.length;
  return clis.map((_, k) => failed[k] ?? summarize([wall[k] * scale], withRusage ? [cpu[k] * scale] : undefined));
}

function listJson(dir: string): string[] {
  const found: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) found.push(...listJson(p));
    else if (e.name.endsWith('.json')) found.push(p);
  }
  return found.sort();
}

function ms(t: Measured | ''): number | undefined {
  return typeof t === 'object' ? t.ms : undefined;
}

/** Peak RSS above the idle process, in multiples of the input's size. */
function memoryRatio(run: Measured, idle: Measured, bytes: number): number | undefined {
  if (typeof run !== 'object' || typeof idle !== 'object' || run.maxRssBytes === undefined || idle.maxRssBytes === undefined) return undefined;
  return (run.maxRssBytes - idle.maxRssBytes) / bytes;
}

export function runCli(reps: number, targetN: number, largeN: number, warm: boolean): CliResult {
  const withRusage = hasPython();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-bench-'));
  const hasRust = fs.existsSync(RUST_CLI);
  const rustCliLabel = hasRust ? path.relative(ROOT, RUST_CLI) : 'not built (cargo build --release -p x-graphql --features cli)';
  const small = path.join(CORPUS, 'batch', 'team-00', 'service-000.json');
  const large = path.join(CORPUS, 'json', `defs-${targetN}.json`);
  const largest = path.join(CORPUS, 'json', `defs-${largeN}.json`);
  const batch = path.join(CORPUS, 'batch');
  const out = path.join(tmp, 'out.graphql');
  const outDir = path.join(tmp, 'tree');
  reps = Math.max(reps, 5);
  const node = process.execPath;
  const npmCliCmd: Command = [node, [NPM_CLI]];
  const rustCliCmd: Command = [RUST_CLI, []];
  const withArgs = ([cmd, prefix]: Command, args: string[]): Command => [cmd, [...prefix, ...args]];
  const both = (name: string, args: string[], runs: number, warmups: number, fresh?: string): CliRow => {
    const commands = hasRust ? [withArgs(npmCliCmd, args), withArgs(rustCliCmd, args)] : [withArgs(npmCliCmd, args)];
    const [npm, rust = 'not built'] = measureProcesses(withRusage, commands, runs, warmups, fresh);
    console.log(`  ${name}: npm ${fmtMs(npm)}, rust ${fmtMs(rust)}`);
    return { name, floor: '', npm, rust };
  };

  const rows: CliRow[] = [];
  // Cold start, interleaved with its floors: Node's own start-up, the Rust CLI printing
  // its version (the idle process of the memory guard), cat of the same small file.
  const coldArgs = ['convert', '-i', small, '-o', out];
  const coldCommands: Command[] = [[node, ['-e', '0']], withArgs(npmCliCmd, coldArgs), ['cat', [small]]];
  if (hasRust) coldCommands.push(withArgs(rustCliCmd, ['--version']), withArgs(rustCliCmd, coldArgs));
  const [nodeIdle, npmCold, cat, rustIdle = 'not built', rustCold = 'not built'] = measureProcesses(withRusage, coldCommands, Math.max(reps, 20), 2);
  rows.push({ name: 'idle: node -e 0 / x-graphql --version', floor: '', npm: nodeIdle, rust: rustIdle });
  const cold: CliRow = { name: 'cold start, one small file (floor: cat)', floor: cat, npm: npmCold, rust: rustCold };
  rows.push(cold);
  console.log(`  ${cold.name}: npm ${fmtMs(npmCold)}, rust ${fmtMs(rustCold)}`);
  // the in-process runs have just read the large file: no warm-up run is needed for the page cache
  rows.push(both(`one large file (N = ${targetN.toLocaleString('en-US')})`, ['convert', '-i', large, '-o', out], reps, warm ? 0 : 1));
  const big = both(`one large file (N = ${largeN.toLocaleString('en-US')})`, ['convert', '-i', largest, '-o', out], 3, 0);
  rows.push(big);
  const tree = both('-r over 1,000 small files', ['convert', '-r', '-i', batch, '-o', FRESH], reps, 1, outDir);
  rows.push(tree);
  const files = listJson(batch);
  const [npmSeparate, rustSeparate = 'not built'] = measureSeparateRuns(withRusage, hasRust ? [npmCliCmd, rustCliCmd] : [npmCliCmd], files, path.join(tmp, 'separate'));
  rows.push({ name: `${files.length.toLocaleString('en-US')} separate runs (1 in ${SAMPLE_STEP} run, scaled)`, floor: '', npm: npmSeparate, rust: rustSeparate });
  console.log(`  separate runs: npm ${fmtMs(npmSeparate)}, rust ${fmtMs(rustSeparate)}`);
  fs.rmSync(tmp, { recursive: true, force: true });

  const div = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a / b);
  const largestBytes = fs.statSync(largest).size;
  const figures = [
    { name: 'npm CLI cold start / node -e 0 (wall)', value: fmtRatio(div(ms(npmCold), ms(nodeIdle))) },
    { name: 'Rust CLI cold start / cat (wall)', value: fmtRatio(div(ms(rustCold), ms(cat))) },
    { name: 'npm CLI: separate runs / -r (wall)', value: fmtRatio(div(ms(npmSeparate), ms(tree.npm))) },
    { name: 'Rust CLI: separate runs / -r (wall)', value: fmtRatio(div(ms(rustSeparate), ms(tree.rust))) },
  ];
  const total = (t: Measured) => (typeof t === 'object' && t.maxRssBytes !== undefined ? `whole process ${fmtRatio(t.maxRssBytes / largestBytes)}` : undefined);
  const guards = [
    guard(`npm CLI peak RSS at N=${largeN}, above idle, <= ${MEMORY_GUARD}x the file`, memoryRatio(big.npm, nodeIdle, largestBytes), MEMORY_GUARD, total(big.npm)),
    guard(`Rust CLI peak RSS at N=${largeN}, above idle, <= ${MEMORY_GUARD}x the file`, memoryRatio(big.rust, rustIdle, largestBytes), MEMORY_GUARD, total(big.rust)),
  ];
  return { rows, rustCli: rustCliLabel, withRusage, guards, figures };
}

function fmtCpu(t: Measured | ''): string {
  return typeof t === 'object' && t.cpuMs !== undefined ? `${t.cpuMs.toFixed(t.cpuMs >= 100 ? 0 : 1)} ms` : '';
}

function fmtRss(t: Measured | ''): string {
  return typeof t === 'object' && t.maxRssBytes !== undefined ? fmtBytes(t.maxRssBytes) : '';
}

/** The table of the whole-process rows: wall medians, and CPU and peak RSS when measured. */
export function cliTable(cli: CliResult): string {
  const head = ['case', 'floor', 'npm CLI', 'Rust CLI'];
  const rows = cli.rows.map((r) => [r.name, r.floor === '' ? '' : fmtMs(r.floor), fmtMs(r.npm), fmtMs(r.rust)]);
  const lines = [table(head, rows)];
  if (cli.withRusage) {
    lines.push('', 'CPU time (median) and peak RSS (largest) of the same runs:', '');
    lines.push(
      table(
        ['case', 'floor CPU', 'npm CPU', 'npm RSS', 'Rust CPU', 'Rust RSS'],
        cli.rows.map((r) => [r.name, fmtCpu(r.floor), fmtCpu(r.npm), fmtRss(r.npm), fmtCpu(r.rust), fmtRss(r.rust)]),
      ),
    );
  }
  return lines.join('\n');
}
