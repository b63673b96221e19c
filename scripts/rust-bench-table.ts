/**
 * rust-bench-table: criterion's estimates from `cargo bench -p x-graphql --bench convert`
 * (target/criterion/) as the same table `npm run benchmark` prints for TypeScript,
 * with the ratios to the parsers and the guards (docs/benchmarks.md, "Guards"). Criterion
 * measures the benchmarks one after the other; `cargo bench --bench targets` measures what
 * each guard compares in turns, and is what the guards are judged by.
 *
 *   cargo bench -p x-graphql --bench convert && npx tsx scripts/rust-bench-table.ts
 *
 * Writes bench-results/rust-latest.json too. Medians (criterion's `median`
 * point estimate); a benchmark that did not run shows "n/a".
 *
 * `--mimalloc` reads the groups of `cargo bench ... --features bench-mimalloc` instead
 * (the library with the CLI's allocator; bench-results/rust-mimalloc-latest.json).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SIZES } from './gen-corpus';

const ROOT = path.resolve(__dirname, '..');
const CRITERION = path.join(ROOT, 'target', 'criterion');
const TARGET_N = 5000;
const LARGE_N = 20000;

const MIMALLOC = process.argv.includes('--mimalloc');
/** The group names' prefix: rust/benches/convert.rs GROUP_PREFIX. */
const PREFIX = MIMALLOC ? 'mimalloc-' : '';

/** Median in milliseconds, or undefined when the benchmark has no estimates. */
function median(group: string, name: string, n: number): number | undefined {
  const file = path.join(CRITERION, PREFIX + group, name, String(n), 'new', 'estimates.json');
  try {
    const e = JSON.parse(fs.readFileSync(file, 'utf8')) as { median: { point_estimate: number } };
    return e.median.point_estimate / 1e6;
  } catch {
    return undefined;
  }
}

const ms = (t: number | undefined): string =>
  t === undefined ? 'n/a' : t >= 100 ? `${t.toFixed(0)} ms` : t >= 10 ? `${t.toFixed(1)} ms` : `${t.toFixed(2)} ms`;
const ratio = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined || b === undefined ? undefined : a / b);
const x = (r: number | undefined): string => (r === undefined ? 'n/a' : `${r.toFixed(2)}x`);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  const sep = '|' + widths.map((w, i) => (i === 0 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|';
  return [line(head), sep, ...rows.map(line)].join('\n');
}

const rows = SIZES.map((n) => {
  const serde = median('json', 'parse-serde', n);
  const load = median('json', 'load', n);
  const toSdl = median('json', 'to-sdl', n);
  const apollo = median('sdl', 'parse-apollo', n);
  const toJson = median('sdl', 'to-json', n);
  return { n, serde, load, toSdl, toSdlRatio: ratio(toSdl, serde), apollo, toJson, toJsonRatio: ratio(toJson, apollo) };
});
if (rows.every((r) => r.serde === undefined)) {
  console.error(`rust-bench-table: no estimates in target/criterion; run cargo bench -p x-graphql --bench convert${MIMALLOC ? ' --features bench-mimalloc' : ''}`);
  process.exit(1);
}
console.log(
  table(
    ['N', 'serde_json', 'load_json', 'Rust json->sdl', 'ratio', 'apollo parse', 'Rust sdl->json', 'ratio'],
    rows.map((r) => [r.n.toLocaleString('en-US'), ms(r.serde), ms(r.load), ms(r.toSdl), x(r.toSdlRatio), ms(r.apollo), ms(r.toJson), x(r.toJsonRatio)]),
  ),
);
const t5 = rows.find((r) => r.n === TARGET_N);
const t20 = rows.find((r) => r.n === LARGE_N);
const targets = [
  { target: `Rust json->sdl at N=${TARGET_N} <= 2.5x serde_json`, value: t5?.toSdlRatio, limit: 2.5 },
  { target: `Rust sdl->json at N=${TARGET_N} <= 3x apollo parse`, value: t5?.toJsonRatio, limit: 3 },
  { target: `Rust json->sdl growth N=${LARGE_N} / N=${TARGET_N} <= 5.5x`, value: ratio(t20?.toSdl, t5?.toSdl), limit: 5.5 },
  { target: `Rust sdl->json growth N=${LARGE_N} / N=${TARGET_N} <= 5.5x`, value: ratio(t20?.toJson, t5?.toJson), limit: 5.5 },
];
console.log('');
console.log(table(['guard', 'measured', 'within'], targets.map((t) => [t.target, x(t.value), t.value === undefined ? 'n/a' : t.value <= t.limit ? 'yes' : 'NO'])));
// Criterion measures these minutes apart; the bench that takes turns is the one to judge by.
console.log('\n(measured one after the other; `cargo bench -p x-graphql --bench targets` measures them in turns, and judges the guards)');
fs.mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
const out = MIMALLOC ? 'rust-mimalloc-latest.json' : 'rust-latest.json';
fs.writeFileSync(path.join(ROOT, 'bench-results', out), JSON.stringify({ allocator: MIMALLOC ? 'mimalloc' : 'system', rows, targets }, null, 2) + '\n');
