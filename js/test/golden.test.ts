/**
 * The golden cases of fixtures/json-to-graphql: the converter's output must be
 * the expected bytes (or the expected error, with its code and pointer), and
 * every expected SDL must be valid. UPDATE_GOLDEN=1 rewrites expected.graphql
 * from this implementation; a person then reads the diff before committing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter } from '../src/index';
import { goldenCases, graphqlJsProblems, UPDATE } from './support';

const cases = goldenCases('json-to-graphql', 'input.json');

describe('json-to-graphql golden cases', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(80);
  });

  for (const c of cases) {
    it(c.name, () => {
      let result;
      try {
        result = new Converter(c.options).convertWithWarnings(c.input);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        expect(c.expectedError, `unexpected error ${e.code} at ${e.pointer}: ${e.message}`).toBeDefined();
        expect({ code: e.code, pointer: e.pointer }).toEqual({
          code: c.expectedError!.code,
          pointer: c.expectedError!.pointer,
        });
        return;
      }
      expect(c.expectedError, 'expected an error').toBeUndefined();
      if (UPDATE) fs.writeFileSync(path.join(c.dir, 'expected.graphql'), result.output);
      else expect(result.output).toBe(c.expected);
      // No expected-warnings.json means no warnings.
      expect(result.warnings.map((w) => ({ code: w.code, pointer: w.pointer }))).toEqual(c.expectedWarnings ?? []);
    });
  }
});

describe('every golden SDL is valid for graphql-js', () => {
  for (const c of cases) {
    // An empty expected output is the defined result of a schema without types (NO_TYPES).
    if (c.expected === undefined || c.expected === '') continue;
    it(c.name, () => {
      // federationLink: false (option or root override) leaves federation directives without @link.
      const linkOff = c.options.federationLink === false || /"x-graphql-federation-link"\s*:\s*false/.test(c.input);
      const federation = linkOff || c.expected!.startsWith('extend schema @link(');
      expect(graphqlJsProblems(c.expected!, federation)).toEqual([]);
    });
  }
});

const federated = cases.filter((c) => c.expected?.startsWith('extend schema @link(') === true);

describe.runIf(federated.length > 0)('every golden SDL that links federation builds as an Apollo subgraph', () => {
  for (const c of federated) {
    it(c.name, async () => {
      const { buildSubgraphSchema } = await import('@apollo/subgraph');
      const { parse } = await import('graphql');
      expect(() => buildSubgraphSchema({ typeDefs: parse(c.expected!) })).not.toThrow();
    });
  }
});
