/**
 * locateAll (one pass, many pointers) must give exactly what locate gives for
 * each pointer, on every text that loadJson accepts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObject, keysOf, loadJson, own, pointerJoin, positionAt, type JsonValue } from '../src/load';
import { locate, locateAll, offsetsOf } from '../src/locate';

function loads(text: string): boolean {
  try {
    loadJson(text);
    return true;
  } catch {
    return false;
  }
}

/** Every member and element pointer of a tree, plus some that do not resolve. */
function pointersOf(value: JsonValue): string[] {
  const out: string[] = [];
  const walk = (v: JsonValue, pointer: string): void => {
    out.push(pointer);
    out.push(pointer + '/missing', pointer + '/0', pointer + '/01');
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, pointerJoin(pointer, i)));
    else if (isObject(v)) for (const k of keysOf(v)) walk(own(v, k)!, pointerJoin(pointer, k));
  };
  walk(value, '');
  out.push('no-slash', '/', '//', '/~', '/~0', '/~1');
  return out;
}

function same(text: string, pointers: string[]): void {
  const expected = pointers.map((p) => locate(text, p));
  expect(locateAll(text, pointers)).toEqual(expected);
  // offsetsOf (migrate's text edits, record 0092): the same places, as offsets into the text without its BOM
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  expect(offsetsOf(body, pointers).map((at) => (at === undefined ? undefined : positionAt(body, at)))).toEqual(expected);
}

describe('locateAll', () => {
  const vectors = JSON.parse(readFileSync(join(__dirname, '../../fixtures/helpers/load.json'), 'utf8')) as {
    locate: { in: string; pointer: string }[];
  };

  it('agrees with locate on the shared vectors (texts that load)', () => {
    for (const c of vectors.locate) if (loads(c.in)) same(c.in, [c.pointer]);
  });

  it('agrees with locate on every pointer of every fixture input', () => {
    const root = join(__dirname, '../../fixtures/json-to-graphql');
    for (const name of readdirSync(root)) {
      let text: string;
      try {
        text = readFileSync(join(root, name, 'input.json'), 'utf8');
      } catch {
        continue;
      }
      if (!loads(text)) continue;
      same(text, pointersOf(loadJson(text)));
    }
  });

  it('duplicate keys: the last member wins at every level', () => {
    const text = '{"a": {"b": 1, "c": 2}, "x": 0, "a": {"c": 3},\r\n "d": [1, {"e": 1}], "d": {"e": 2}}';
    same(text, ['/a', '/a/b', '/a/c', '/x', '/d', '/d/0', '/d/1/e', '/d/e', '']);
  });

  it('escaped keys, surrogate pairs, CR and CR LF line breaks', () => {
    const text = '{"\\u0061\\"b": {"x": "\u{1F600}\u{1F600}", "~/": [true, "\\"", null]},\r"k": 1,\r\n  "\u{1F600}": {"z": 2}}';
    same(text, ['/a"b', '/a"b/x', '/a"b/~0~1', '/a"b/~0~1/1', '/a"b/~0~1/2', '/k', '/\u{1F600}', '/\u{1F600}/z']);
  });

  it('agrees with locate on random documents, pretty or not, with any line breaks', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme' }), fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' })),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.integer({ min: 0, max: 2 }),
        (value, eol, indent) => {
          const text = JSON.stringify(value, null, indent).replace(/\n/g, eol);
          if (!loads(text)) return;
          same(text, pointersOf(loadJson(text)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('warning positions and Converter.convert', () => {
  // convert() drops the warnings, so it skips locating them; strict must still report a position.
  const input = '{\n  "definitions": {\n    "A": { "type": "object", "properties": { "s": { "type": "string", "enum": ["a-b", "c"] } } }\n  }\n}\n';

  it('convertWithWarnings locates the warnings; convert gives the same output', async () => {
    const { Converter } = await import('../src/index');
    const c = new Converter();
    const r = c.convertWithWarnings(input);
    expect(r.warnings.length).toBeGreaterThan(0);
    expect(r.warnings[0]).toMatchObject({ code: 'ENUM_VALUE_RENAMED', pointer: '/definitions/A/properties/s/enum/0', line: 3, column: 80 });
    expect(c.convert(input)).toBe(r.output);
  });

  it('under strict, convert and convertWithWarnings throw the first warning with its position', async () => {
    const { Converter } = await import('../src/index');
    const c = new Converter({ strict: true });
    for (const run of [() => c.convert(input), () => c.convertWithWarnings(input)]) {
      let error: unknown;
      try {
        run();
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'ENUM_VALUE_RENAMED', pointer: '/definitions/A/properties/s/enum/0', line: 3, column: 80 });
    }
  });
});
