/**
 * The bundle cases of fixtures/bundle (record 0090; fixtures/bundle/README.md): several
 * inputs of one case folder converted into one output, which must be the expected bytes
 * (or the expected error, with its code, file, pointer, line, column and message). The
 * inputs are given in the order bundle.json lists them, which is not path order: the
 * output must not depend on it. Read by rust/tests/bundle.rs too.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter, graphqlToJsonSchema, jsonSchemaToGraphql, type ConverterOptions } from '../src/index';
import { graphqlJsProblems } from './support';

const ROOT = path.join(__dirname, '..', '..', 'fixtures', 'bundle');

interface Case {
  name: string;
  dir: string;
  inputs: string[];
  options: ConverterOptions;
}

function cases(): Case[] {
  return fs
    .readdirSync(ROOT)
    .filter((n) => /^\d{3}-/.test(n))
    .sort()
    .map((name) => {
      const dir = path.join(ROOT, name);
      const spec = JSON.parse(fs.readFileSync(path.join(dir, 'bundle.json'), 'utf8')) as { inputs: string[]; options?: ConverterOptions };
      return { name, dir, inputs: spec.inputs, options: spec.options ?? {} };
    });
}

function convert(c: Case, inputs: string[]) {
  const bundle = inputs.map((p) => ({ path: p, text: fs.readFileSync(path.join(c.dir, p), 'utf8') }));
  const sdl = inputs.every((p) => p.endsWith('.graphql') || p.endsWith('.gql'));
  const options = { ...c.options, baseDir: c.dir };
  return sdl ? graphqlToJsonSchema(bundle, options) : jsonSchemaToGraphql(bundle, options);
}

describe('fixtures/bundle', () => {
  for (const c of cases()) {
    it(c.name, () => {
      const read = (f: string) => {
        const p = path.join(c.dir, f);
        return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined;
      };
      const error = read('expected-error.json');
      const expected = read('expected.graphql') ?? read('expected.json');
      for (const order of [c.inputs, [...c.inputs].reverse()]) {
        if (error !== undefined) {
          const want = JSON.parse(error) as Record<string, unknown>;
          let got: ConversionError | undefined;
          try {
            convert(c, order);
          } catch (e) {
            if (!(e instanceof ConversionError)) throw e;
            got = e;
          }
          expect(got, 'expected an error').toBeDefined();
          const seen: Record<string, unknown> = { code: got!.code, file: got!.file, message: got!.message };
          if (got!.pointer !== undefined) seen.pointer = got!.pointer;
          if (got!.line !== undefined) seen.line = got!.line;
          if (got!.column !== undefined) seen.column = got!.column;
          expect(seen).toEqual(want);
        } else {
          expect(convert(c, order).output).toBe(expected);
        }
      }
      // Every SDL golden is one valid schema for graphql-js (with federation's definitions when linked).
      const sdl = read('expected.graphql');
      if (sdl !== undefined) expect(graphqlJsProblems(sdl)).toEqual([]);
    });
  }
});

describe('examples/ bundles into one valid schema', () => {
  it('every JSON Schema of examples/, one SDL document', () => {
    const root = path.join(__dirname, '..', '..', 'examples');
    const files: string[] = [];
    const walk = (rel: string) => {
      for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
        const r = rel === '' ? e.name : `${rel}/${e.name}`;
        if (e.isDirectory()) walk(r);
        else if (e.name.endsWith('.json')) files.push(r);
      }
    };
    walk('');
    const { output } = jsonSchemaToGraphql(
      files.map((p) => ({ path: p, text: fs.readFileSync(path.join(root, p), 'utf8') })),
      { baseDir: root },
    );
    expect(graphqlJsProblems(output)).toEqual([]);
    // Read back by the SDL reader (graphql-js's validation with federation's rules).
    expect(() => graphqlToJsonSchema(output)).not.toThrow();
  });
});

describe('the library takes a bundle as an array (record 0090)', () => {
  const dir = path.join(ROOT, '420-shared-file-ref');
  const text = (p: string) => fs.readFileSync(path.join(dir, p), 'utf8');
  const expected = text('expected.graphql');

  it('texts, parsed objects and Converter give the same document', () => {
    const inputs = [
      { path: 'order.json', text: text('order.json') },
      { path: 'customer.json', object: JSON.parse(text('customer.json')) as Record<string, unknown> },
    ];
    expect(jsonSchemaToGraphql(inputs, { baseDir: dir }).output).toBe(expected);
    expect(new Converter({ baseDir: dir }).convert(inputs)).toBe(expected);
  });

  it('a path given twice is read once, the first text', () => {
    const inputs = [
      { path: 'order.json', text: text('order.json') },
      { path: 'customer.json', text: text('customer.json') },
      { path: 'order.json', text: '{ "not": "read" }' },
    ];
    expect(jsonSchemaToGraphql(inputs, { baseDir: dir }).output).toBe(expected);
  });

  it('no input, or an input without a path or text, is INVALID_OPTION', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as ConversionError).code;
      }
      return undefined;
    };
    expect(code(() => jsonSchemaToGraphql([]))).toBe('INVALID_OPTION');
    expect(code(() => graphqlToJsonSchema([]))).toBe('INVALID_OPTION');
    expect(code(() => jsonSchemaToGraphql([{ path: '', text: '{}' }]))).toBe('INVALID_OPTION');
    expect(code(() => graphqlToJsonSchema([{ path: 'a.graphql', object: {} }]))).toBe('INVALID_OPTION');
  });
});
