/**
 * Record 0084's proof: a subgraph whose custom directives are composed
 * (`x-graphql-links`, `x-graphql-compose-directives`) converts with the TypeScript
 * library and the Rust CLI to the same bytes, builds with buildSubgraphSchema, reads
 * back to the same attributes, and composes with another subgraph into a supergraph
 * that keeps the composed directives, with no errors or hints.
 */
import { composeServices } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { Converter } from '../js/src/index';
import { buildClis, ROOT, runOne } from './cli-run';

const CASE = path.join(ROOT, 'fixtures', 'json-to-graphql', '397-federation-compose-directive', 'input.json');

/** A second subgraph that contributes to the same entity. */
const INVENTORY = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])

type Product @key(fields: "id") {
  id: ID!
  inStock: Boolean
}
`;

let RUST_CLI = '';

beforeAll(() => {
  RUST_CLI = buildClis();
}, 900000);

describe('@composeDirective from attributes', () => {
  it('builds, round-trips and composes, the directives kept in the supergraph', async () => {
    const input = fs.readFileSync(CASE, 'utf8');
    const ts = new Converter({ fileName: 'input.json' }).convertWithWarnings(input);
    expect(ts.warnings).toEqual([]);
    const rust = await runOne(RUST_CLI, ['convert', '-i', CASE]);
    expect(rust.stderr).toBe('');
    expect(rust.stdout).toBe(ts.output);
    expect(() => buildSubgraphSchema(parse(ts.output))).not.toThrow();

    const back = JSON.parse(new Converter().convert(ts.output, 'graphql-to-json'));
    expect(back['x-graphql-compose-directives']).toEqual(['custom', 'logged']);
    expect(back['x-graphql-links'].map((l: { url: string }) => l.url)).toEqual(['https://myspecs.dev/myCustom/v1.0', 'https://myspecs.dev/other/v0.1']);

    const result = composeServices([
      { name: 'products', url: 'http://products.example/graphql', typeDefs: parse(ts.output) },
      { name: 'inventory', url: 'http://inventory.example/graphql', typeDefs: parse(INVENTORY) },
    ]);
    expect((result.errors ?? []).map((e) => e.message)).toEqual([]);
    expect((result.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`)).toEqual([]);
    for (const kept of ['directive @custom(level: Int) on OBJECT | FIELD_DEFINITION', 'directive @logged on FIELD_DEFINITION', '@custom(level: 1)', '@logged\n']) {
      expect(result.supergraphSdl).toContain(kept);
    }
  }, 120000);
});
