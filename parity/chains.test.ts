/**
 * Chains of up to 100,000 links (issue 40): both CLIs give the same stdout, stderr and
 * exit code, and neither crashes (no signal, no "internal error", no panic). The big
 * sizes are few, to keep the run short. An interface chain's output is quadratic: 1,000
 * links (the depth limit) convert, 100,000 are TOO_DEEP (record 0071).
 * scripts/bench-chains.ts times the same chains.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chain, type ChainKind } from './chains';
import { buildClis, JS_CLI, runOne } from './cli-run';

let RUST_CLI = '';
let tmp = '';

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-chains-'));
}, 900000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const CASES: Array<[ChainKind, number]> = [
  ['oneOf', 100000],
  ['anyOf', 100000],
  ['allOf', 100000],
  ['allOf-props', 100000],
  ['interfaces', 1000],
  ['interfaces', 100000],
  ['input-cycle', 100000],
  ['sdl-input-cycle', 100000],
];

describe('chains: both CLIs, the same answer, no crash', () => {
  for (const [kind, n] of CASES) {
    it(`${kind}, ${n} links`, async () => {
      const { text, ext } = chain(kind, n);
      const file = path.join(tmp, `${kind}-${n}.${ext}`);
      fs.writeFileSync(file, text);
      const args = ['convert', '-i', file, ...(ext === 'graphql' ? ['--direction', 'graphql-to-json'] : [])];
      const [js, rs] = await Promise.all([
        runOne(process.execPath, [JS_CLI, ...args], { timeoutMs: 600000 }),
        runOne(RUST_CLI, args, { timeoutMs: 600000 }),
      ]);
      for (const run of [js, rs]) {
        expect(run.signal ?? null).toBeNull();
        expect(run.stderr).not.toMatch(/internal error|panicked|Maximum call stack/);
        expect([0, 1]).toContain(run.status);
      }
      expect(rs.status).toBe(js.status);
      expect(rs.stderr).toBe(js.stderr);
      expect(rs.stdout === js.stdout).toBe(true);
      if (kind === 'interfaces') {
        // The depth limit: the link at depth 1,000 of a longer chain (record 0071).
        expect(js.status).toBe(n > 1000 ? 1 : 0);
        if (n > 1000) expect(js.stderr).toMatch(/:1002:90: error\[TOO_DEEP\] interfaces nest deeper than 1000 levels/);
      }
    }, 900000);
  }
});
