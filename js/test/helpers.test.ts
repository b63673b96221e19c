/**
 * The determinism helpers: every pair of the shared vectors in
 * fixtures/helpers/{text,naming}.json (also run by rust/tests/helpers.rs), and
 * properties checked against graphql-js, the reference for what our printed
 * strings mean.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { Kind, parse, parseValue } from 'graphql';
import { printString as graphqlPrintString } from 'graphql/language/printString';
import { describe, expect, it } from 'vitest';
import {
  asciiLower,
  asciiUpper,
  codePointLength,
  fnv1a32,
  formatNumber,
  isBlockStringSafe,
  printBlockString,
  printDescription,
  printString,
} from '../src/text';
import {
  NameRegistry,
  isValidName,
  splitWords,
  toEnumValueName,
  toFieldName,
  toTypeName,
} from '../src/naming';

const HELPERS = path.join(__dirname, '..', '..', 'fixtures', 'helpers');
type Pair = { in: unknown; out: unknown };
const load = (name: string): Record<string, Pair[]> =>
  JSON.parse(fs.readFileSync(path.join(HELPERS, name), 'utf8')) as Record<string, Pair[]>;

type RegistryOp = ['has' | 'reserve' | 'claim', string];

const textFns: Record<string, (input: any) => unknown> = {
  codePointLength,
  asciiLower,
  asciiUpper,
  printString,
  isBlockStringSafe,
  printBlockString: (i: { text: string; indent: string }) => printBlockString(i.text, i.indent),
  printDescription: (i: { text: string; indent: string; threshold: number }) =>
    printDescription(i.text, i.indent, i.threshold),
  formatNumber,
  fnv1a32,
};

const namingFns: Record<string, (input: any) => unknown> = {
  isValidName,
  splitWords,
  toTypeName,
  toFieldName,
  toEnumValueName,
  NameRegistry: (i: { reserved: string[]; ops: RegistryOp[] }) => {
    const registry = new NameRegistry(i.reserved);
    return i.ops.map(([op, name]) => registry[op](name));
  },
};

for (const [file, fns] of [
  ['text.json', textFns],
  ['naming.json', namingFns],
] as const) {
  describe(`shared vectors ${file}`, () => {
    const vectors = load(file);
    it('has a function for every key and at least 15 pairs each', () => {
      expect(Object.keys(vectors).sort()).toEqual(Object.keys(fns).sort());
      for (const pairs of Object.values(vectors)) expect(pairs.length).toBeGreaterThanOrEqual(15);
    });
    for (const [name, pairs] of Object.entries(vectors)) {
      it(name, () => {
        const fn = fns[name]!;
        for (const pair of pairs) expect([pair.in, fn(pair.in)]).toEqual([pair.in, pair.out]);
      });
    }
  });
}

// Letters of both cases, digits, separators and non-ASCII, so that every word
// boundary rule and every prefix rule gets exercised.
const nameish = fc.string({
  unit: fc.constantFrom('a', 'b', 'Z', 'Q', 'x', 'I', 'D', '0', '7', '_', '-', ' ', '.', 'é', '😀', '\u0301'),
  maxLength: 24,
});
const anyString = fc.oneof(nameish, fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }));

describe('naming properties', () => {
  it('type and field names are valid, letter-led, and idempotent', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const t = toTypeName(s);
        const f = toFieldName(s);
        expect(t).toMatch(/^[A-Z][A-Za-z0-9]*$|^T[A-Za-z0-9]*$/);
        expect(f).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(isValidName(t) && isValidName(f)).toBe(true);
        expect(toTypeName(t)).toBe(t);
        expect(toFieldName(f)).toBe(f);
      }),
      { numRuns: 2000 },
    );
  });

  it('enum value names are valid, never a literal word, and idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(anyString, fc.constantFrom('true', 'false', 'null', '__x', '1')), (s) => {
        const v = toEnumValueName(s);
        expect(isValidName(v)).toBe(true);
        expect(['true', 'false', 'null']).not.toContain(v);
        expect(toEnumValueName(v)).toBe(v);
      }),
      { numRuns: 2000 },
    );
  });

  it('claim never hands out a taken name', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'A1', 'A2', 'B', ''), { maxLength: 20 }), (bases) => {
        const registry = new NameRegistry(['A1']);
        const seen = new Set(['A1']);
        for (const base of bases) {
          const name = registry.claim(base);
          expect(seen.has(name)).toBe(false);
          expect(name.startsWith(base)).toBe(true);
          seen.add(name);
        }
      }),
    );
  });
});

// Characters that stress block strings: quotes, backslashes, blanks, newlines.
const blockish = fc.string({
  unit: fc.constantFrom('a', 'Z', ' ', '\t', '\n', '"', '\\', 'é', '😀', '#'),
  maxLength: 40,
});

describe('text properties against graphql-js', () => {
  it('printString is graphql-js printString', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }), blockish), (s) => {
        expect(printString(s)).toBe(graphqlPrintString(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('printString parses back to the same string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary-ascii' }), blockish), (s) => {
        const node = parseValue(printString(s));
        expect(node.kind).toBe(Kind.STRING);
        expect(node.kind === Kind.STRING && node.value).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('a block-safe description round-trips through a block string', () => {
    fc.assert(
      fc.property(blockish.filter(isBlockStringSafe), fc.constantFrom('', '  ', '    '), (s, indent) => {
        const sdl = `type Q {\n${printBlockString(s, indent)}\n  f: Int\n}\n`;
        const doc = parse(sdl);
        const def = doc.definitions[0]!;
        expect(def.kind === Kind.OBJECT_TYPE_DEFINITION && def.fields?.[0]?.description?.value).toBe(s);
        expect(def.kind === Kind.OBJECT_TYPE_DEFINITION && def.fields?.[0]?.description?.block).toBe(true);
        // No printed line carries trailing blanks (D15).
        expect(sdl).not.toMatch(/[ \t]\n/);
      }),
      { numRuns: 2000 },
    );
  });

  it('any description, block or inline, round-trips', () => {
    fc.assert(
      fc.property(fc.oneof(blockish, fc.string({ unit: 'binary-ascii' })), fc.nat({ max: 20 }), (s, threshold) => {
        fc.pre(s !== '');
        const doc = parse(`${printDescription(s, '', threshold)}scalar X\n`);
        const def = doc.definitions[0]!;
        expect(def.kind === Kind.SCALAR_TYPE_DEFINITION && def.description?.value).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
