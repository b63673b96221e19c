/**
 * Deep type nesting (aliases of arrays of aliases...) converts up to the
 * shared limits (128 lists, record 0032; 1,000 nested type lookups) and is a
 * TOO_DEEP error beyond them, never a stack overflow.
 * rust/tests/golden.rs `deep_alias_chains_convert_or_fail_cleanly` holds the same cases.
 */
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter } from '../src/index';

/** A chain of `count` definitions, each an array (`nest` levels deep) of the next. */
function aliasChain(count: number, nest: number): string {
  const defs: string[] = [];
  for (let i = 0; i < count; i++) {
    defs.push(`"D${i}":${'{"type":"array","items":'.repeat(nest)}{"$ref":"#/definitions/D${i + 1}"}${'}'.repeat(nest)}`);
  }
  defs.push(`"D${count}":{"type":"string"}`);
  return `{"properties":{"a":{"$ref":"#/definitions/D0"}},"definitions":{${defs.join(',')}}}`;
}

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(ConversionError);
    return (e as ConversionError).code;
  }
}

describe('deep type nesting', () => {
  const converter = new Converter();
  it('converts below the limit', () => {
    // 128 lists is the list limit of record 0032; a chain of 900 plain aliases is followed without recursion.
    expect(converter.convert(aliasChain(128, 1))).toBe(`type Root {\n  a: ${'['.repeat(128)}String${']'.repeat(128)}\n}\n`);
    expect(codeOf(() => converter.convert(aliasChain(2, 64)))).toBeUndefined();
    expect(converter.convert(aliasChain(900, 0))).toBe('type Root {\n  a: String\n}\n');
  });
  it('is TOO_DEEP beyond it', () => {
    expect(codeOf(() => converter.convert(aliasChain(129, 1)))).toBe('TOO_DEEP');
    expect(codeOf(() => converter.convert(aliasChain(12_000, 1)))).toBe('TOO_DEEP');
    expect(codeOf(() => converter.convert(aliasChain(60, 450)))).toBe('TOO_DEEP');
  });
});
