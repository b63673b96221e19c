/**
 * The attribute catalog: shared vectors (fixtures/helpers/catalog.json, also run
 * by rust/tests/catalog.rs), and agreement of our subset evaluator with ajv.
 */
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  attributeNames,
  catalogSchema,
  checkAttribute,
  isAttribute,
  isDeprecated,
  levenshtein,
  priorityOf,
  replacedBy,
  scopeOf,
  suggest,
} from '../src/catalog';
import type { JsonValue } from '../src/load';

interface CheckCase {
  name: string;
  pointer: string;
  value: JsonValue;
  problems: { pointer: string; message: string }[];
}
interface SuggestCase {
  in: string;
  out: string | null;
}

const root = path.join(__dirname, '..', '..');
const vectors = JSON.parse(fs.readFileSync(path.join(root, 'fixtures', 'helpers', 'catalog.json'), 'utf8')) as {
  check: CheckCase[];
  suggest: SuggestCase[];
};

const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

function label(c: CheckCase): string {
  return `${c.name} = ${JSON.stringify(c.value)}`;
}

describe('catalog vectors', () => {
  it.each(vectors.check.map((c) => [label(c), c] as const))('check %s', (_, c) => {
    expect(checkAttribute(c.name, c.value, c.pointer)).toEqual(c.problems);
  });

  it.each(vectors.suggest.map((s) => [s.in, s] as const))('suggest %s', (_, s) => {
    expect(suggest(s.in) ?? null).toBe(s.out);
  });

  it('covers every attribute with a valid and an invalid value', () => {
    for (const name of attributeNames()) {
      const cases = vectors.check.filter((c) => c.name === name);
      expect(cases.some((c) => c.problems.length === 0), `${name} valid`).toBe(true);
      expect(cases.some((c) => c.problems.length > 0), `${name} invalid`).toBe(true);
    }
  });
});

describe('catalog document', () => {
  const schema = catalogSchema() as Record<string, any>;

  it('lists every attribute once, each with its definition and annotations', () => {
    const names = attributeNames();
    expect(names.length).toBe(49);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name.startsWith('x-graphql-')).toBe(true);
      expect(schema.properties[name]).toEqual({ $ref: `#/definitions/${name}` });
      const def = schema.definitions[name];
      expect(typeof def.description, name).toBe('string');
      expect(['P0', 'P1', 'P2']).toContain(priorityOf(name));
      const scopes = scopeOf(name)!;
      expect(scopes.length).toBeGreaterThan(0);
      for (const s of scopes) expect(['root', 'object', 'enum', 'property', 'any-schema']).toContain(s);
    }
    expect(schema.additionalProperties).toBe(true);
  });

  it('knows the deprecated legacy attribute', () => {
    expect(attributeNames()).toContain('x-graphql-type');
    expect(isDeprecated('x-graphql-type')).toBe(true);
    expect(replacedBy('x-graphql-type')).toEqual(['x-graphql-type-name', 'x-graphql-type-kind']);
    expect(isDeprecated('x-graphql-type-name')).toBe(false);
    expect(replacedBy('x-graphql-type-name')).toEqual([]);
  });

  it('answers nothing for names outside the catalog (including prototype names)', () => {
    for (const name of ['x-graphql-nope', 'constructor', '__proto__', 'toString', 'graphqlName', 'directive']) {
      expect(isAttribute(name)).toBe(false);
      expect(scopeOf(name)).toBeUndefined();
      expect(priorityOf(name)).toBeUndefined();
      expect(isDeprecated(name)).toBe(false);
      expect(checkAttribute(name, 1, '/x')).toEqual([]);
    }
  });

  it('every oneOf/anyOf node names its accepted shapes (x-expected)', () => {
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const o = node as Record<string, unknown>;
      if ('oneOf' in o || 'anyOf' in o) expect(typeof o['x-expected'], where).toBe('string');
      if ('pattern' in o) expect(typeof o['x-expected'], where).toBe('string');
      for (const [k, v] of Object.entries(o)) if (k !== 'examples' && k !== 'enum') walk(v, `${where}/${k}`);
    };
    walk(schema, '');
  });

  it('accepts every example value of every attribute', () => {
    for (const name of attributeNames()) {
      const examples = schema.definitions[name].examples as JsonValue[];
      expect(examples.length, name).toBeGreaterThan(0);
      for (const ex of examples) expect(checkAttribute(name, ex, `/${name}`), name).toEqual([]);
    }
  });

  it('own keys only: an inherited name is neither a known property nor a missing one', () => {
    const value = JSON.parse('{"name": "X", "constructor": 1}') as JsonValue;
    expect(checkAttribute('x-graphql-scalar', value, '/s')).toEqual([
      { pointer: '/s/constructor', message: 'x-graphql-scalar has unknown property "constructor" (allowed: name, description, specifiedByURL)' },
    ]);
    expect(checkAttribute('x-graphql-scalar', {}, '/s')).toEqual([
      { pointer: '/s', message: 'x-graphql-scalar is missing required property "name"' },
    ]);
  });

  it('levenshtein counts code points', () => {
    expect(levenshtein('', '')).toBe(0);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('a😀b', 'ab')).toBe(1);
  });
});

describe('agreement with ajv (draft-07)', () => {
  const ajv = new Ajv({ strict: false, allErrors: false });
  // The catalog's documented meaning of format "uri": an absolute URI with a scheme.
  ajv.addFormat('uri', URI);
  const validate = ajv.compile(catalogSchema());

  it.each(vectors.check.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const ok = validate({ [c.name]: c.value });
    expect(ok, JSON.stringify(validate.errors)).toBe(c.problems.length === 0);
  });

  it('accepts the example values', () => {
    const defs = (catalogSchema() as Record<string, any>).definitions;
    for (const name of attributeNames()) {
      for (const ex of defs[name].examples) expect(validate({ [name]: ex }), name).toBe(true);
    }
  });
});
