/**
 * The parity gate of `npm test`: the runner of parity/run.ts in process, over
 * every fixture (both directions) and a small seeded generated run
 * (PARITY_RUNS cases per property, default 20; PARITY_SEED). Any TS/Rust
 * mismatch or broken property fails it; the cases are in parity/failures/.
 * `npm run parity -- --seed 20261121 --runs 350 --no-fixtures` is the generated gate of .ci/run.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compare, type Outcome } from './check';
import type { BatchDiagnostic } from './rust-batch';
import { unifiedDiff } from './diff';
import { DEFAULT_SEED, rewriteFailure, runParity } from './runner';

// js/src loads its meta-schema check with a lazy `require('./meta-schema')` (validate: true),
// which Node can only resolve to a .ts file with tsx's hook; `npm run parity` runs under tsx.
(createRequire(__filename)('tsx/cjs/api') as { register: () => unknown }).register();

describe('the comparison', () => {
  const ok = (output: string, warnings: BatchDiagnostic[] = []): Outcome => ({ kind: 'ok', output, warnings });
  const err = (code: string, message: string, line = 1, column = 1): Outcome => ({ kind: 'error', error: { code, severity: 'error', message, line, column } });

  it('sees different bytes, warnings, error codes, locations and messages', () => {
    expect(compare(ok('type A {\n  a: Int\n}\n'), ok('type A {\n  a: Int\n}\n'))).toEqual([]);
    expect(compare(ok('type A {\n  a: Int\n}\n'), ok('type A {\n  a: Float\n}\n')).map((p) => p.signature)).toEqual(['output']);
    const w = { code: 'INT_RANGE', severity: 'warning', message: 'm', pointer: '/a', line: 1, column: 2 };
    expect(compare(ok('x\n', [w]), ok('x\n', [{ ...w, column: 3 }])).map((p) => p.signature)).toEqual(['warning details INT_RANGE']);
    expect(compare(ok('x\n', [w]), ok('x\n', [])).map((p) => p.signature)).toEqual(['warnings INT_RANGE / ']);
    expect(compare(err('JSON_SYNTAX', 'm'), err('JSON_ROOT', 'm')).map((p) => p.signature)).toEqual(['error JSON_SYNTAX / JSON_ROOT']);
    expect(compare(err('JSON_SYNTAX', 'm', 1, 2), err('JSON_SYNTAX', 'm', 1, 3)).map((p) => p.signature)).toEqual(['error location JSON_SYNTAX']);
    expect(compare(err('INVALID_NAME', 'a'), err('INVALID_NAME', 'b')).map((p) => p.signature)).toEqual(['error message INVALID_NAME']);
    // graphql-js and apollo-compiler word their problems differently.
    expect(compare(err('GRAPHQL_INVALID', 'a'), err('GRAPHQL_INVALID', 'b'))).toEqual([]);
    expect(compare(ok('x\n'), err('IO', 'm')).map((p) => p.signature)).toEqual(['outcome ok / IO']);
    expect(compare(ok('x\n'), { kind: 'crash', message: 'panic' }).map((p) => p.what)).toEqual(['rust-panic']);
  });

  it('prints a unified diff', () => {
    expect(unifiedDiff('a\nb\nc\n', 'a\nB\nc\n', 'ts', 'rust')).toBe('--- ts\n+++ rust\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
    expect(unifiedDiff('same\n', 'same\n')).toBe('');
    expect(unifiedDiff('a\n', 'a')).toContain('\\ No newline at end of file');
  });
});

describe('TypeScript and Rust', () => {
  // npm test gates on every fixture in both directions; .ci/run then runs the generated
  // gate (`npm run parity -- --seed 20261121 --runs 350 --no-fixtures`, parity/README.md).
  it('agree on every fixture (and on generated inputs when PARITY_RUNS is set), and every property holds', async () => {
    const lines: string[] = [];
    const summary = await runParity({
      runs: Number(process.env.PARITY_RUNS ?? 0),
      seed: Number(process.env.PARITY_SEED ?? DEFAULT_SEED),
      fixtures: true,
      shrinkSeconds: 10,
      log: (line) => lines.push(line),
    });
    // parity/cli-parity.test.ts clears parity/failures/ when it starts: write ours again if it did.
    for (const f of summary.failures) if (!fs.existsSync(f.folder)) rewriteFailure(f);
    expect(lines[lines.length - 1]).toMatch(/^\d+ passed, \d+ failed$/);
    expect(summary.passed).toBeGreaterThan(200);
    expect(summary.failed, lines.join('\n')).toBe(0);
  }, 900_000);
});
