/**
 * Chains of 1,000, 10,000 and 100,000 links (issue 40; parity/chains.ts builds them)
 * through both CLIs (npm `js/dist/cli.js`, Rust `target/debug/x-graphql`, after
 * `npm run build` and `cargo build -p x-graphql --features cli`): the wall-clock time
 * of each run, the size of its output (stdout + stderr), and each tenfold step's time
 * ratio against its output ratio (a tenfold step should cost about tenfold). Where
 * /usr/bin/time exists, also each run's CPU time (user + system: on a loaded machine
 * its steps are steadier than the wall clock's) and peak memory (maximum resident set).
 *
 *   npx tsx scripts/bench-chains.ts [--timeout SECONDS] [--sizes 1000,10000,100000] [--kinds oneOf,allOf]
 *
 * A run over the timeout (default 120 s) is killed and shown as such. docs/limits.md
 * has the figures.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chain, CHAIN_KINDS, type ChainKind } from '../parity/chains';

const ROOT = path.resolve(__dirname, '..');
const CLIS: Array<[string, string, string[]]> = [
  ['npm', process.execPath, [path.join(ROOT, 'js', 'dist', 'cli.js')]],
  ['rust', path.join(ROOT, 'target', 'debug', 'x-graphql'), []],
];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const timeout = Number(arg('--timeout', '120')) * 1000;
const sizes = arg('--sizes', '1000,10000,100000').split(',').map(Number);
const kinds = arg('--kinds', CHAIN_KINDS.join(',')).split(',') as ChainKind[];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-bench-chains-'));

interface Row { seconds?: number; cpu?: number; bytes: number; exit: string }

// GNU time's report of a run: "<user> <system> <max RSS in KB>", written to its own file.
const TIME = '/usr/bin/time';
const timed = fs.existsSync(TIME);
const timeFile = path.join(tmp, 'time.txt');

console.log('| chain | links | input | CLI | time | output | exit | time step | output step | cpu | cpu step | peak |');
console.log('|---|---:|---:|---|---:|---:|---|---:|---:|---:|---:|---:|');
for (const kind of kinds) {
  const last = new Map<string, Row>();
  for (const n of sizes) {
    const { text, ext } = chain(kind, n);
    const file = path.join(tmp, `${kind}-${n}.${ext}`);
    fs.writeFileSync(file, text);
    const args = ['convert', '-i', file, ...(ext === 'graphql' ? ['--direction', 'graphql-to-json'] : [])];
    for (const [name, command, prefix] of CLIS) {
      const started = process.hrtime.bigint();
      const run = timed
        ? spawnSync(TIME, ['-f', '%U %S %M', '-o', timeFile, command, ...prefix, ...args], { timeout, maxBuffer: 1 << 30 })
        : spawnSync(command, [...prefix, ...args], { timeout, maxBuffer: 1 << 30 });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const bytes = (run.stdout?.length ?? 0) + (run.stderr?.length ?? 0);
      const timedOut = run.error !== undefined || run.signal !== null;
      let cpu: number | undefined;
      let peak = '';
      if (timed && !timedOut) {
        // The last line: time prints "Command exited with non-zero status N" first when N > 0.
        const [user, system, kb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
        cpu = user + system;
        peak = `${(kb / 1024).toFixed(0)} MB`;
      }
      const row: Row = timedOut ? { bytes, exit: run.signal === 'SIGTERM' ? 'timeout' : String(run.signal ?? run.error) } : { seconds, cpu, bytes, exit: String(run.status) };
      const prev = last.get(name);
      const step = (a?: number, b?: number) => (a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(1)}x` : '');
      console.log(
        `| ${kind} | ${n.toLocaleString('en-US')} | ${(text.length / 1e6).toFixed(2)} MB | ${name} | ${row.seconds === undefined ? '-' : `${row.seconds.toFixed(2)} s`} | ${(bytes / 1e6).toFixed(2)} MB | ${row.exit} | ${step(row.seconds, prev?.seconds)} | ${timedOut ? '' : step(bytes, prev?.bytes)} | ${row.cpu === undefined ? '' : `${row.cpu.toFixed(2)} s`} | ${step(row.cpu, prev?.cpu)} | ${peak} |`,
      );
      last.set(name, row);
    }
    fs.rmSync(file);
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
