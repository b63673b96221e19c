import { describe, expect, it } from 'vitest';
import { findResources, resolveUri } from '../src/resources';

// The same vectors as the unit test of rust/src/resources.rs.
describe('resources', () => {
  it('resolves URIs as RFC 3986', () => {
    const base = 'https://json-schema.org/draft/2020-12/schema';
    expect(resolveUri(base, 'meta/core')).toBe('https://json-schema.org/draft/2020-12/meta/core');
    expect(resolveUri(base, '../2019-09/x')).toBe('https://json-schema.org/draft/2019-09/x');
    expect(resolveUri(base, '/a/./b')).toBe('https://json-schema.org/a/b');
    expect(resolveUri(base, '//other/x')).toBe('https://other/x');
    expect(resolveUri('https://h', 'x')).toBe('https://h/x');
    expect(resolveUri('', 'a/../../b.json')).toBe('../b.json');
    expect(resolveUri('sub/a.json', 'b.json')).toBe('sub/b.json');
    expect(resolveUri('urn:x', 'urn:y')).toBe('urn:y');
  });

  it('gives each anchor to the resource around it', () => {
    const found = findResources(
      [
        { pointer: '/$defs/a', key: '$anchor', value: 'x' },
        { pointer: '/$defs/a', key: '$id', value: 'a.json' },
        { pointer: '/$defs/b', key: '$anchor', value: 'x' },
        { pointer: '', key: 'id', value: 'http://ignored/' },
      ],
      '2020-12',
    );
    expect([...found.bases]).toEqual([['', ''], ['/$defs/a', 'a.json']]);
    expect([...found.anchors]).toEqual([['a.json#x', '/$defs/a'], ['#x', '/$defs/b']]);
  });
});
