/**
 * The real-world JSON Schema corpus (parity/real-world.json, docs/real-world.md):
 * for each document, both CLIs give the same bytes, warnings and exit status,
 * the SDL is valid for graphql-js (rust/tests/real_world.rs checks it with
 * apollo-compiler), and the structural coverage is measured. A document that
 * does not convert yet fails with the error code the corpus records for it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphqlJsProblems } from '../js/test/support';
import { buildClis, ROOT } from './cli-run';
import { CORPUS, coverage, optionsOf, measure } from './real-world';

let rustCli = '';
beforeAll(() => {
  rustCli = buildClis();
}, 300000);

const installed = fs.existsSync(path.join(ROOT, 'node_modules', 'vega-lite'));

describe.skipIf(!installed)('real-world JSON Schemas', () => {
  for (const doc of CORPUS) {
    it(doc.name, async () => {
      const m = await measure(doc, rustCli);
      expect(m.rust.stdout === m.ts.stdout, 'the SDL differs between TypeScript and Rust').toBe(true);
      expect(m.rust.stderr).toBe(m.ts.stderr);
      expect(m.rust.status).toBe(m.ts.status);
      if (doc.status !== undefined) {
        expect(m.ts.status).toBe(doc.status);
        expect(m.ts.stderr).toContain(`error[${doc.code}]`);
        return;
      }
      expect(m.ts.status, m.ts.stderr.slice(0, 2000)).toBe(0);
      expect(m.ts.stdout.length).toBeGreaterThan(0);
      expect(graphqlJsProblems(m.ts.stdout)).toEqual([]);
      const cov = coverage(path.join(ROOT, m.input), optionsOf(doc));
      expect(cov.types).toBeGreaterThan(0);
      console.log(`${doc.name}: ${cov.types}/${cov.objects} object schemas became types; TypeScript ${m.ts.ms} ms, Rust ${m.rust.ms} ms`);
    });
  }
});

// Record 0085: every document that converts gives the same valid SDL from both CLIs under
// the other modes of mixedUnions too.
describe.skipIf(!installed)('real-world JSON Schemas, --mixed-unions types and wrap', () => {
  for (const mode of ['types', 'wrap']) {
    for (const doc of CORPUS.filter((d) => d.status === undefined)) {
      it(`${doc.name} (${mode})`, async () => {
        const m = await measure(doc, rustCli, ['--mixed-unions', mode]);
        expect(m.rust.stdout === m.ts.stdout, 'the SDL differs between TypeScript and Rust').toBe(true);
        expect(m.rust.stderr).toBe(m.ts.stderr);
        expect(m.rust.status).toBe(m.ts.status);
        expect(m.ts.status, m.ts.stderr.slice(0, 2000)).toBe(0);
        expect(graphqlJsProblems(m.ts.stdout)).toEqual([]);
      });
    }
  }
});
