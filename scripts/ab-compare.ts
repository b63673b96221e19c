/**
 * ab-compare: two builds of the TypeScript library on one input, in one process, as a ratio
 * (docs/benchmarks.md, "Comparing two builds").
 *
 *   npx tsx scripts/ab-compare.ts BASE_DIST FILE [--rounds N]
 *
 * BASE_DIST is another build's js/dist (for example that of a `git worktree` of the
 * commit before a change, built with `npx tsc -p js/tsconfig.json`); the other build is
 * this checkout's js/dist (`npm run build`). A `.graphql` or `.gql` FILE converts
 * SDL -> JSON, any other JSON -> SDL. Both builds must give the same output, or nothing is
 * timed.
 *
 * The builds run in blocks of four conversions back to back, alternating which goes first,
 * and the first conversion of each block is not counted (it pays for the other build's
 * garbage). There is no full GC between conversions: a full GC with no document alive frees
 * the hidden classes the optimized code was specialized to, and each conversion after it
 * starts half cold (scripts/bench-timing.ts). Differences under about 3% are noise here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { median } from './bench-timing';

type Library = typeof import('../js/src/index');
type Direction = 'json-to-graphql' | 'graphql-to-json';

const BLOCK = 4;

function load(dist: string): Library {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(dist, 'index.js')) as Library;
}

function main(): void {
  const argv = process.argv.slice(2);
  const roundsAt = argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Math.max(1, Number(argv[roundsAt + 1])) : 8;
  const [baseDist, file] = roundsAt < 0 ? argv : argv.filter((_, i) => i !== roundsAt && i !== roundsAt + 1);
  if (baseDist === undefined || file === undefined) {
    console.error('usage: npx tsx scripts/ab-compare.ts BASE_DIST FILE [--rounds N]');
    process.exit(2);
  }
  const text = fs.readFileSync(file, 'utf8');
  const direction: Direction = /\.(graphql|gql)$/.test(file) ? 'graphql-to-json' : 'json-to-graphql';
  const base = new (load(baseDist).Converter)();
  const head = new (load(path.join(__dirname, '..', 'js', 'dist')).Converter)();
  if (base.convert(text, direction) !== head.convert(text, direction)) {
    console.error('ab-compare: the two builds give different output; nothing timed');
    process.exit(1);
  }
  const block = (c: InstanceType<Library['Converter']>, out: number[]): void => {
    for (let i = 0; i < BLOCK; i++) {
      const t = performance.now();
      c.convert(text, direction);
      if (i > 0) out.push(performance.now() - t);
    }
  };
  // One block each to warm up, not counted.
  block(base, []);
  block(head, []);
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      block(base, a);
      block(head, b);
    } else {
      block(head, b);
      block(base, a);
    }
  }
  const ma = median(a);
  const mb = median(b);
  console.log(
    `${path.basename(file)} (${direction}): base ${ma.toFixed(1)} ms, this checkout ${mb.toFixed(1)} ms, ratio ${(mb / ma).toFixed(3)} ` +
      `(medians of ${a.length} conversions each; min ${Math.min(...a).toFixed(1)} and ${Math.min(...b).toFixed(1)} ms)`,
  );
}

main();
