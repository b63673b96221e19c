import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../src/errors';
import { isObject, keysOf, loadJson, own, parseStrict, pointerJoin, type JsonObject, type JsonValue } from '../src/load';
import { locate } from '../src/locate';

interface Case {
  name: string;
  in?: string;
  parts?: [string, number][];
}
interface ErrorCase extends Case {
  message: string;
  line: number;
  column: number;
}
interface ValidCase extends Case {
  value?: JsonValue;
  depth?: number;
}
interface Vectors {
  errors: ErrorCase[];
  valid: ValidCase[];
  locate: { in: string; pointer: string; line: number | null; column: number | null }[];
  order: { name: string; in: string; at?: string; keys: string[]; value?: JsonValue }[];
  numbers: { in: string; value: string; at?: string }[];
}

const vectors = JSON.parse(
  readFileSync(join(__dirname, '../../fixtures/helpers/load.json'), 'utf8'),
) as Vectors;

function textOf(c: Case): string {
  if (c.in !== undefined) return c.in;
  return (c.parts ?? []).map(([s, n]) => s.repeat(n)).join('');
}

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** Follows a JSON pointer through a loaded tree (own keys only). */
function at(v: JsonValue, pointer: string | undefined): JsonValue | undefined {
  if (!pointer) return v;
  let cur: JsonValue | undefined = v;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObject(cur)) cur = own(cur, seg);
    else return undefined;
  }
  return cur;
}

function depthOf(v: JsonValue): number {
  let depth = 0;
  let cur: JsonValue | undefined = v;
  while (typeof cur === 'object' && cur !== null) {
    depth++;
    cur = Array.isArray(cur) ? cur[0] : cur[keysOf(cur)[0]];
  }
  return depth;
}

const loaders = { loadJson, parseStrict } as const;

describe('load: shared vectors', () => {
  it('has enough error cases', () => {
    expect(vectors.errors.length).toBeGreaterThanOrEqual(30);
  });

  for (const [loaderName, load] of Object.entries(loaders)) {
    describe(loaderName, () => {
      for (const c of vectors.errors) {
        it(`error: ${c.name}`, () => {
          const e = caught(() => load(textOf(c), 'input.json'));
          expect(e).toBeInstanceOf(ConversionError);
          const err = e as ConversionError;
          expect({ code: err.code, message: err.message, line: err.line, column: err.column, file: err.file }).toEqual({
            code: 'JSON_SYNTAX',
            message: c.message,
            line: c.line,
            column: c.column,
            file: 'input.json',
          });
        });
      }

      for (const c of vectors.valid) {
        it(`valid: ${c.name}`, () => {
          const v = load(textOf(c));
          if (c.value !== undefined) expect(v).toEqual(c.value);
          if (c.depth !== undefined) expect(depthOf(v)).toBe(c.depth);
        });
      }

      for (const c of vectors.order) {
        it(`order: ${c.name}`, () => {
          const v = load(c.in);
          const obj = at(v, c.at);
          expect(isObject(obj)).toBe(true);
          expect(keysOf(obj as JsonObject)).toEqual(c.keys);
          if (c.value !== undefined) {
            expect(v).toEqual(c.value);
            for (const k of c.keys) expect(own(v as JsonObject, k)).toEqual(own(c.value as JsonObject, k));
          }
        });
      }

      for (const c of vectors.numbers) {
        it(`number: ${c.in}`, () => {
          const v = at(load(c.in), c.at);
          expect(Object.is(v, Number(c.value))).toBe(true);
        });
      }
    });
  }

  for (const c of vectors.locate) {
    it(`locate ${JSON.stringify(c.pointer)} in ${JSON.stringify(c.in.slice(0, 30))}`, () => {
      const expected = c.line === null ? undefined : { line: c.line, column: c.column };
      expect(locate(c.in, c.pointer)).toEqual(expected);
    });
  }
});

describe('load: robustness', () => {
  it('100,000 nested [ give JSON_SYNTAX, not a crash', () => {
    for (const text of ['['.repeat(100000), '['.repeat(100000) + ']'.repeat(100000), '{"a":'.repeat(100000)]) {
      for (const load of Object.values(loaders)) {
        const e = caught(() => load(text));
        expect(e).toBeInstanceOf(ConversionError);
        expect((e as ConversionError).code).toBe('JSON_SYNTAX');
      }
    }
  });

  it('locate handles 100,000 nested [ without recursion', () => {
    const text = '['.repeat(100000) + '1' + ']'.repeat(100000);
    expect(locate(text, '/0'.repeat(100000))).toEqual({ line: 1, column: 100001 });
    expect(locate(text, '/0'.repeat(100001))).toBeUndefined();
  });

  it('only ever throws ConversionError', () => {
    const samples = ['', '[', '{"a":', '"\\ud800"', '\u0000', '[1e999]', '{"__proto__": ['];
    for (const s of samples) expect(caught(() => loadJson(s))).toBeInstanceOf(ConversionError);
  });

  it('__proto__ and constructor are ordinary keys (no prototype pollution)', () => {
    const text = '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}';
    // fast path, slow path (integer-like key), and our parser directly
    for (const v of [loadJson(text), loadJson(text.replace('{"__proto__"', '{"0": 1, "__proto__"')), parseStrict(text)]) {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      const obj = v as JsonObject;
      // the key did not set the prototype
      expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
      expect((obj as Record<string, unknown>).polluted).toBeUndefined();
      expect(own(obj, '__proto__')).toEqual({ polluted: true });
      expect(own(obj, 'constructor')).toEqual({ prototype: { polluted: true } });
      expect(keysOf(obj)).toContain('__proto__');
    }
  });

  it('own reads own properties only', () => {
    expect(own({}, 'constructor')).toBeUndefined();
    expect(own({}, 'toString')).toBeUndefined();
    expect(own(parseStrict('{"a": 1}') as JsonObject, 'toString')).toBeUndefined();
    expect(own({ a: null }, 'a')).toBeNull();
  });

  it('isObject', () => {
    expect(isObject({})).toBe(true);
    expect(isObject(parseStrict('{}'))).toBe(true);
    expect(isObject([])).toBe(false);
    expect(isObject(null)).toBe(false);
    expect(isObject('x')).toBe(false);
  });

  it('pointerJoin escapes ~ and /', () => {
    expect(pointerJoin('', 'a/b', 'c~d', 0)).toBe('/a~1b/c~0d/0');
    expect(pointerJoin('/definitions', '~1')).toBe('/definitions/~01');
    expect(pointerJoin('/x')).toBe('/x');
  });

  it('keysOf returns a copy', () => {
    const v = parseStrict('{"1": 1, "a": 2}') as JsonObject;
    keysOf(v).push('zzz');
    expect(keysOf(v)).toEqual(['1', 'a']);
  });

  it('the key order record is not enumerable', () => {
    const v = parseStrict('{"1": 1, "a": 2}') as JsonObject;
    expect(Object.getOwnPropertySymbols(v).every((s) => !Object.getOwnPropertyDescriptor(v, s)!.enumerable)).toBe(true);
    expect(JSON.stringify(v)).toBe('{"1":1,"a":2}');
  });
});

/** The keys of every object in `text`, in document order, through our loader. */
function allKeys(v: JsonValue, out: string[][] = []): string[][] {
  if (Array.isArray(v)) for (const x of v) allKeys(x, out);
  else if (isObject(v)) {
    const keys = keysOf(v);
    out.push(keys);
    for (const k of keys) allKeys(own(v, k)!, out);
  }
  return out;
}

describe('load: properties', () => {
  it('loadJson and parseStrict agree with JSON.parse on JSON.stringify output', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const expected = JSON.parse(text) as JsonValue;
        for (const load of Object.values(loaders)) {
          const got = load(text);
          expect(got).toEqual(expected);
          // key order: JSON.stringify wrote the keys in Object.keys order
          expect(allKeys(got)).toEqual(allKeys(expected));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('key order follows the text, also with integer-like keys', () => {
    const key = fc.oneof(fc.string(), fc.nat().map(String), fc.constantFrom('__proto__', 'constructor', '0', '01'));
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 8 }), (keys) => {
        const text = '{' + keys.map((k, i) => `${JSON.stringify(k)}: ${i}`).join(', ') + '}';
        for (const load of Object.values(loaders)) {
          const v = load(text) as JsonObject;
          expect(keysOf(v)).toEqual(keys);
          keys.forEach((k, i) => expect(own(v, k)).toBe(i));
        }
      }),
    );
  });

  it('locate finds every member key and element', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const text = JSON.stringify(value, null, 1);
        const walk = (v: JsonValue, pointer: string): void => {
          const pos = locate(text, pointer);
          expect(pos).toBeDefined();
          if (Array.isArray(v)) v.forEach((x, i) => walk(x, pointerJoin(pointer, i)));
          else if (isObject(v)) for (const k of keysOf(v)) walk(own(v, k)!, pointerJoin(pointer, k));
        };
        walk(loadJson(text), '');
      }),
      { numRuns: 100 },
    );
  });
});
