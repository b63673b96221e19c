/**
 * The proof that federated output is usable as it is (issue: Federation 2 complete):
 * examples/federation holds a shop of three subgraphs written as annotated JSON
 * Schemas (accounts, products, reviews: entities across subgraphs, @shareable,
 * @override, @inaccessible, @tag, @authenticated, @requires). Each converts with the
 * TypeScript library and with the Rust CLI to the same bytes, builds with
 * @apollo/subgraph's buildSubgraphSchema, and the three compose into a supergraph with
 * @apollo/composition without errors.
 *
 * Composition's only hint is the one every `@override` gets (the overridden field can be
 * removed from the subgraph it moved from: OVERRIDDEN_FIELD_CAN_BE_REMOVED, or
 * OVERRIDE_MIGRATION_IN_PROGRESS with a label); any other hint fails the test.
 */
import { composeServices } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { Converter } from '../js/src/index';
import { buildClis, ROOT, runOne } from './cli-run';

const EXAMPLES = path.join(ROOT, 'examples', 'federation');
const SUBGRAPHS = ['accounts', 'products', 'reviews'];

let RUST_CLI = '';
const sdl = new Map<string, string>();

beforeAll(() => {
  RUST_CLI = buildClis();
}, 900000);

describe('the federation example', () => {
  for (const name of SUBGRAPHS) {
    it(`${name}: both implementations give the same subgraph, and it builds`, async () => {
      const file = path.join(EXAMPLES, `${name}.schema.json`);
      const ts = new Converter({ fileName: `${name}.schema.json`, baseDir: EXAMPLES }).convertWithWarnings(fs.readFileSync(file, 'utf8'));
      expect(ts.warnings).toEqual([]);
      const rust = await runOne(RUST_CLI, ['convert', '-i', file]);
      expect(rust.stderr).toBe('');
      expect(rust.status).toBe(0);
      expect(rust.stdout).toBe(ts.output);
      expect(ts.output.startsWith('extend schema @link(url: "https://specs.apollo.dev/federation/v2.')).toBe(true);
      expect(() => buildSubgraphSchema(parse(ts.output))).not.toThrow();
      sdl.set(name, ts.output);
    }, 120000);
  }

  it('the three subgraphs compose into a supergraph', () => {
    expect([...sdl.keys()]).toEqual(SUBGRAPHS);
    const result = composeServices(SUBGRAPHS.map((name) => ({ name, url: `http://${name}.example/graphql`, typeDefs: parse(sdl.get(name)!) })));
    expect((result.errors ?? []).map((e) => e.message)).toEqual([]);
    const hints = (result.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`);
    expect(hints).toEqual(['OVERRIDDEN_FIELD_CAN_BE_REMOVED: Field "Product.averageRating" on subgraph "products" is overridden. Consider removing it.']);
    expect(result.supergraphSdl).toContain('type Review');
    // What the example exercises reaches the supergraph.
    for (const applied of ['@authenticated', '@inaccessible', '@tag(name: "pii")', '@tag(name: "public")']) {
      expect(result.supergraphSdl).toContain(applied);
    }
  });
});
