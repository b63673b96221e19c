/**
 * What one TypeScript conversion allocates, by function: V8's sampling heap profiler with
 * the objects that garbage collection has already freed kept in the samples, so the total
 * is every byte a conversion allocates, not what survives it (docs/benchmarks.md,
 * "Profiling"). Garbage collection was a fifth to a third of a conversion's CPU time, and
 * its cost follows what is allocated; this is the profile to read before cutting it.
 *
 *   npm run build && npx tsx scripts/alloc-profile.ts bench-corpus/sdl/defs-5000.graphql
 *   npx tsx scripts/alloc-profile.ts FILE [--top N] [--reps N] [--callers set,Map,keys]
 *
 * Reads the compiled library (js/dist), as the CLI and the benchmark run it. A `.graphql`
 * or `.gql` FILE converts SDL -> JSON, anything else JSON -> SDL. Prints the megabytes
 * allocated per conversion, then the top functions by their own allocations (self) and
 * with their callees (inclusive). `--callers` splits the named functions (V8 builtins such
 * as `set` or `keys` show without a file) by their callers.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { resolve } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  callFrame: CallFrame;
  selfSize: number;
  children: ProfileNode[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const file = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
if (file === undefined) {
  console.error('usage: npx tsx scripts/alloc-profile.ts FILE [--top N] [--reps N] [--callers f,g]');
  process.exit(2);
}
const top = Number(option('--top', '30'));
const reps = Number(option('--reps', '3'));
const callers = option('--callers', '').split(',').filter((s) => s !== '');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Converter } = require(resolve(__dirname, '../js/dist/index.js')) as typeof import('../js/src/index');
const text = readFileSync(file, 'utf8');
const direction = /\.(graphql|gql)$/.test(file) ? 'graphql-to-json' : 'json-to-graphql';
const converter = new Converter();

function label(frame: CallFrame): string {
  return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}`;
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((done, fail) => session.post(method, params ?? {}, (e, r) => (e ? fail(e) : done(r as T))));
}

async function main(): Promise<void> {
  // Warm: compiled code, not the interpreter's allocations, is what a long run sees.
  for (let i = 0; i < 3; i++) converter.convert(text, direction);
  const session = new Session();
  session.connect();
  await post(session, 'HeapProfiler.enable');
  await post(session, 'HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < reps; i++) converter.convert(text, direction);
  const { profile } = await post<{ profile: { head: ProfileNode } }>(session, 'HeapProfiler.stopSampling');
  session.disconnect();

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byCaller = new Map<string, number>();
  let total = 0;
  // Iterative: the call tree of a conversion is deep.
  const stack: Array<{ node: ProfileNode; path: string[]; parent: string }> = [{ node: profile.head, path: [], parent: '' }];
  while (stack.length > 0) {
    const { node, path, parent } = stack.pop()!;
    const key = label(node.callFrame);
    const bytes = node.selfSize / reps;
    total += bytes;
    self.set(key, (self.get(key) ?? 0) + bytes);
    const below = path.includes(key) ? path : [...path, key];
    for (const k of below) inclusive.set(k, (inclusive.get(k) ?? 0) + bytes);
    if (bytes > 0 && callers.includes(node.callFrame.functionName)) {
      const k = `${node.callFrame.functionName} <- ${parent}`;
      byCaller.set(k, (byCaller.get(k) ?? 0) + bytes);
    }
    for (const child of node.children) stack.push({ node: child, path: below, parent: key });
  }
  const mb = (n: number) => (n / 1e6).toFixed(2).padStart(8);
  const list = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${mb(v)}  ${k}`);
  };
  console.log(`${file} (${direction}): ${(total / 1e6).toFixed(1)} MB allocated per conversion (mean of ${reps}, sampled every 1 KB)`);
  list('self (MB)', self);
  list('inclusive (MB)', inclusive);
  if (callers.length > 0) list('by caller (MB)', byCaller);
}

void main();
