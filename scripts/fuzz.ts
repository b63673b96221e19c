/**
 * `npm run fuzz -- --runs 100000 [--seed N]`: the fuzz property of issue 9
 * (scripts/fuzz-inputs.ts) over the TypeScript converter. Prints the runs, the
 * seed and the time; on a failure, the shrunk input and how to replay it.
 */
import fc from 'fast-check';
import { fuzzProperty } from './fuzz-inputs';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(flag('--runs') ?? 10000);
const seed = Number(flag('--seed') ?? Date.now() % 2 ** 31);
const started = Date.now();
const result = fc.check(fuzzProperty, { numRuns: runs, seed });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.failed) {
  console.error(fc.defaultReportMessage(result));
  console.error(`fuzz: FAILED after ${result.numRuns} runs, seed ${seed}, ${seconds} s`);
  process.exit(1);
}
console.log(`fuzz: ${result.numRuns} runs, seed ${seed}, no failure, ${seconds} s`);
