/**
 * Subgraphs in the documented forms of the Federation 2.0 to 2.12 directives
 * (parity/subgraphs/*.graphql, one small subgraph per form): each builds with
 * buildSubgraphSchema, and each reads with both CLIs (SDL -> JSON) to the same bytes,
 * which both CLIs print back (JSON -> SDL) to the document's own bytes. A valid
 * subgraph that the reverse direction refused would fail here (issue 35, record 0084).
 */
import { buildSubgraphSchema } from '@apollo/subgraph';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClis, JS_CLI, ROOT, runOne } from './cli-run';

const DIR = path.join(ROOT, 'parity', 'subgraphs');
const CASES = fs.readdirSync(DIR).filter((f) => f.endsWith('.graphql')).sort();

let RUST_CLI = '';
let TMP = '';

beforeAll(() => {
  RUST_CLI = buildClis();
  TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-subgraphs-'));
}, 900000);

describe('documented subgraph forms', () => {
  it('has the documents', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of CASES) {
    it(name, async () => {
      const file = path.join(DIR, name);
      const sdl = fs.readFileSync(file, 'utf8');
      expect(() => buildSubgraphSchema(parse(sdl))).not.toThrow();
      const js = await runOne('node', [JS_CLI, 'convert', file]);
      const rust = await runOne(RUST_CLI, ['convert', file]);
      expect(js.stderr).toBe('');
      expect(js.status).toBe(0);
      expect(rust.stdout).toBe(js.stdout);
      expect(rust.stderr).toBe(js.stderr);
      const json = path.join(TMP, name.replace(/\.graphql$/, '.json'));
      fs.writeFileSync(json, js.stdout, 'latin1');
      const jsBack = await runOne('node', [JS_CLI, 'convert', json]);
      const rustBack = await runOne(RUST_CLI, ['convert', json]);
      expect(jsBack.stderr).toBe('');
      expect(jsBack.stdout).toBe(sdl);
      expect(rustBack.stdout).toBe(sdl);
      expect(rustBack.stderr).toBe('');
    }, 60000);
  }
});
