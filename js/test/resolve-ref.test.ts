/**
 * The `resolveRef` option (TypeScript only): every ref to another document goes
 * to the caller's function, which returns text or a parsed object; nothing is
 * read from disk or fetched.
 */
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter } from '../src/index';
import { joinUri } from '../src/resolve';

const ADDRESS = { definitions: { Address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } } };
const USER = JSON.stringify({
  title: 'User',
  type: 'object',
  properties: { id: { type: 'string' }, address: { $ref: 'common/address.json#/definitions/Address' } },
});
const EXPECTED = 'type User {\n  id: String\n  address: Address\n}\n\ntype Address {\n  city: String!\n}\n';

function thrown(f: () => unknown): ConversionError {
  try {
    f();
  } catch (e) {
    if (e instanceof ConversionError) return e;
    throw e;
  }
  throw new Error('nothing thrown');
}

describe('resolveRef', () => {
  it('reads a ref from returned text, and asks once per document', () => {
    const asked: Array<[string, string | undefined]> = [];
    const out = new Converter({
      resolveRef: (uri, fromUri) => {
        asked.push([uri, fromUri]);
        return JSON.stringify(ADDRESS);
      },
    }).convert(USER);
    expect(out).toBe(EXPECTED);
    expect(asked).toEqual([['common/address.json', undefined]]);
  });

  it('reads a ref from a returned object, the same as from its text', () => {
    expect(new Converter({ resolveRef: () => ADDRESS }).convert(USER)).toBe(EXPECTED);
  });

  it('gives a referenced document its id, so its own relative refs are asked from it', () => {
    const docs: Record<string, object> = {
      'common/address.json': { definitions: { Address: { type: 'object', properties: { country: { $ref: '../geo/country.json' } } } } },
      'geo/country.json': { type: 'object', title: 'Country', properties: { code: { type: 'string' } } },
    };
    const asked: Array<[string, string | undefined]> = [];
    const out = new Converter({
      resolveRef: (uri, fromUri) => {
        asked.push([uri, fromUri]);
        return docs[joinUri(fromUri, uri)];
      },
    }).convert(USER);
    expect(asked).toEqual([
      ['common/address.json', undefined],
      ['../geo/country.json', 'common/address.json'],
    ]);
    expect(out).toContain('type Address {\n  country: Country\n}');
    expect(out).toContain('type Country {\n  code: String\n}');
  });

  it('passes a remote URI to the callback too (nothing is fetched)', () => {
    const asked: string[] = [];
    const input = JSON.stringify({ title: 'T', type: 'object', properties: { a: { $ref: 'https://example.com/a.json#/definitions/Address' } } });
    const out = new Converter({
      resolveRef: (uri) => {
        asked.push(uri);
        return ADDRESS;
      },
    }).convert(input);
    expect(asked).toEqual(['https://example.com/a.json']);
    expect(out).toContain('type Address {\n  city: String!\n}');
  });

  it('turns a throw from the callback into REF_UNRESOLVED with its message', () => {
    const e = thrown(() =>
      new Converter({
        resolveRef: () => {
          throw new Error('no such document');
        },
      }).convert(USER),
    );
    expect(e.code).toBe('REF_UNRESOLVED');
    expect(e.message).toMatch(/^reference common\/address\.json#\/definitions\/Address cannot be read: no such document/);
    expect(e.pointer).toBe('/properties/address/$ref');
  });

  it('refuses a result that is neither text nor an object', () => {
    const e = thrown(() => new Converter({ resolveRef: () => 42 as unknown as string }).convert(USER));
    expect(e.code).toBe('REF_UNRESOLVED');
    expect(e.message).toMatch(/resolveRef returned neither text nor an object/);
  });

  it('under unresolvedRefs "json" a failing callback gives the JSON scalar with a warning', () => {
    const r = new Converter({
      unresolvedRefs: 'json',
      resolveRef: () => {
        throw new Error('offline');
      },
    }).convertWithWarnings(USER);
    expect(r.output).toContain('address: JSON');
    expect(r.warnings.map((w) => [w.code, w.message])).toContainEqual([
      'REF_UNRESOLVED',
      'reference common/address.json#/definitions/Address cannot be read: offline: it becomes the JSON scalar',
    ]);
  });

  it('must be a function', () => {
    const e = thrown(() => new Converter({ resolveRef: 'x' as unknown as () => string }));
    expect(e.code).toBe('INVALID_OPTION');
    expect(e.message).toBe('option resolveRef must be a function, got "x"');
  });
});

describe('joinUri', () => {
  it('joins by path rules', () => {
    expect(joinUri(undefined, 'a/b.json')).toBe('a/b.json');
    expect(joinUri('a/b.json', 'c.json')).toBe('a/c.json');
    expect(joinUri('a/b/c.json', '../d.json')).toBe('a/d.json');
    expect(joinUri('a.json', './b.json')).toBe('b.json');
    expect(joinUri('a/b.json', 'https://x.org/s.json')).toBe('https://x.org/s.json');
    expect(joinUri('https://x.org/a/b.json', '../c.json')).toBe('https://x.org/c.json');
  });
});
