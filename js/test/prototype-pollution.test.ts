/**
 * `__proto__`, `constructor`, `prototype`, `toString` and `hasOwnProperty` in an
 * input are ordinary names (fixtures/errors 035): converting such inputs, in
 * both directions and through every JSON path (JSON.parse and our own parser),
 * must leave every built-in prototype untouched.
 */
import { describe, expect, it } from 'vitest';
import { Converter } from '../src/index';
import { loadJson, parseStrict } from '../src/load';

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];

function snapshot(): string[][] {
  return PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort());
}

/** `__proto__` as real keys: an object literal would set the prototype instead. */
function hostileText(extra = ''): string {
  return `{
  "title": "Widget",
  "type": "object",
  "properties": {${extra}
    "__proto__": { "type": "object", "properties": { "polluted": { "type": "boolean", "default": true } } },
    "constructor": { "type": "object", "properties": { "prototype": { "type": "object", "properties": { "polluted": { "type": "string" } } } } },
    "toString": { "type": "string" },
    "hasOwnProperty": { "type": "integer" },
    "polluted": { "$ref": "#/definitions/__proto__" }
  },
  "definitions": {
    "__proto__": { "type": "object", "properties": { "isAdmin": { "type": "boolean" } }, "x-graphql-type-name": "Proto" },
    "constructor": { "type": "object", "properties": { "prototype": { "$ref": "#/definitions/__proto__" } } }
  },
  "required": ["__proto__", "constructor"]
}`;
}

describe('no prototype pollution', () => {
  it('loadJson and parseStrict keep __proto__ as an own data property', () => {
    const text = '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "200": 1}';
    for (const value of [loadJson(text), parseStrict(text)] as Array<Record<string, unknown>>) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
      expect((value as { polluted?: unknown }).polluted).toBeUndefined();
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('converting hostile names in both directions leaves the built-in prototypes untouched', () => {
    const before = snapshot();
    const converter = new Converter();
    // JSON.parse path, and our own parser (an integer-like key sends the text there).
    for (const text of [hostileText(), hostileText('\n    "404": { "type": "string" },')]) {
      const sdl = converter.convert(text);
      expect(sdl).toContain('proto: ');
      expect(sdl).toContain('constructor: ');
      const back = converter.convert(sdl, 'graphql-to-json');
      expect(back).toContain('"constructor"');
    }
    const sdl = 'type Query {\n  constructor: String\n  toString: Int\n  hasOwnProperty: Boolean\n}\n\ntype prototype {\n  constructor(toString: String = "x"): String\n}\n';
    converter.convert(sdl, 'graphql-to-json');
    expect(snapshot()).toEqual(before);
    for (const p of PROTOTYPES) expect((p as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });
});
