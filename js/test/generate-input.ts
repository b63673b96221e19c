/**
 * Big inputs of fixtures/errors are generated from a small spec (input.gen.json)
 * rather than committed; rust/tests/errors.rs has the twin of `generate`.
 */

/** input.gen.json: prefix + open*depth + inner + close*depth + suffix, or prefix + item(i)*count + suffix. */
export interface GenSpec {
  ext: 'json' | 'graphql';
  prefix?: string;
  open?: string;
  depth?: number;
  inner?: string;
  close?: string;
  item?: string;
  count?: number;
  suffix?: string;
}

export function generate(spec: GenSpec): string {
  const parts: string[] = [spec.prefix ?? ''];
  if (spec.item !== undefined) {
    for (let i = 0; i < (spec.count ?? 0); i++) {
      parts.push(spec.item.replaceAll('{i}', String(i)).replaceAll('{next}', String(i + 1)));
    }
  } else {
    const depth = spec.depth ?? 0;
    parts.push((spec.open ?? '').repeat(depth), spec.inner ?? '', (spec.close ?? '').repeat(depth));
  }
  parts.push(spec.suffix ?? '');
  return parts.join('');
}
