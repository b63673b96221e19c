/**
 * loc.ts LocMap: the lookups lowering makes by location without building
 * `locKey` strings must give exactly what a map keyed by `locKey` gave.
 */
import { describe, expect, it } from 'vitest';
import { Converter } from '../src/index';
import type { JsonValue } from '../src/load';
import { LocMap, type Source, type Target } from '../src/loc';

function source(id: string, root: JsonValue): Source {
  return { id, text: '', root, refs: [], draft: 'draft-07', ids: [] };
}

describe('LocMap', () => {
  const node = { type: 'object' };
  const main = source('', { definitions: { A: node } });
  const other = source('other.json', {});
  const at = (src: Source, pointer: string, n: JsonValue = node): Target => ({ loc: { source: src, pointer }, node: n });

  it('finds an object node by its location, with any Loc object of that location', () => {
    const map = new LocMap<string>();
    map.set(at(main, '/definitions/A'), 'a');
    expect(map.get(at(main, '/definitions/A'))).toBe('a');
    expect(map.has(at(main, '/definitions/A'))).toBe(true);
    map.set(at(main, '/definitions/A'), 'b');
    expect(map.get(at(main, '/definitions/A'))).toBe('b');
  });

  it('keeps apart one node reached at two locations (another spelling, another source), as locKey did', () => {
    const map = new LocMap<string>();
    map.set(at(main, '/definitions/A'), 'first');
    map.set(at(main, '/definitions/~2A'), 'second');
    map.set(at(other, '/definitions/A'), 'third');
    expect(map.get(at(main, '/definitions/A'))).toBe('first');
    expect(map.get(at(main, '/definitions/~2A'))).toBe('second');
    expect(map.get(at(other, '/definitions/A'))).toBe('third');
    expect(map.get(at(main, '/definitions/B'))).toBeUndefined();
  });

  it('keys scalar nodes by location', () => {
    const map = new LocMap<number>();
    map.set(at(main, '/properties/a', true), 1);
    map.set(at(main, '/properties/b', true), 2);
    expect(map.get(at(main, '/properties/a', true))).toBe(1);
    expect(map.get(at(main, '/properties/b', true))).toBe(2);
    expect(map.get(at(main, '/properties/c', true))).toBeUndefined();
  });
});

describe('locations in warnings', () => {
  it('gives a warning in a nested property its full pointer, escapes included', () => {
    const schema = {
      definitions: {
        'a/b': { type: 'object', properties: { v: { type: 'integer', maximum: 1e12 } } },
      },
    };
    const { warnings } = new Converter().convertWithWarnings(JSON.stringify(schema));
    expect(warnings.map((w) => w.pointer)).toContain('/definitions/a~1b/properties/v/maximum');
  });
});
