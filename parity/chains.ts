/**
 * Chains of definitions (issue 40): each link refers to the next. Shared by
 * parity/chains.test.ts (both CLIs, the same answer, no crash) and
 * scripts/bench-chains.ts (the time of each tenfold step).
 */
export type ChainKind = 'oneOf' | 'anyOf' | 'allOf' | 'allOf-props' | 'interfaces' | 'input-cycle' | 'sdl-input-cycle';

export const CHAIN_KINDS: readonly ChainKind[] = ['oneOf', 'anyOf', 'allOf', 'allOf-props', 'interfaces', 'input-cycle', 'sdl-input-cycle'];

/** The input text of a chain of `n` links and its extension. */
export function chain(kind: ChainKind, n: number): { text: string; ext: 'json' | 'graphql' } {
  const parts: string[] = [];
  if (kind === 'sdl-input-cycle') {
    for (let i = 0; i < n; i++) parts.push(`input I${i} { n: I${(i + 1) % n}! }\n`);
    return { text: parts.join(''), ext: 'graphql' };
  }
  for (let i = 0; i < n; i++) {
    const next = `"#/$defs/D${i + 1}"`;
    switch (kind) {
      case 'oneOf':
      case 'anyOf':
      case 'allOf':
        parts.push(`"D${i}": {"${kind}": [{"$ref": ${next}}]}`);
        break;
      case 'allOf-props':
        // A property per link, the same on every link (required by the next), so the
        // output stays linear: each type has p, q and v.
        parts.push(`"D${i}": {"allOf": [{"$ref": ${next}}], "properties": {"p": {"type": "string"}}, "required": ["q"]}`);
        break;
      case 'interfaces':
        parts.push(`"D${i}": {"type": "object", "x-graphql-type-kind": "INTERFACE", "x-graphql-implements": ["D${i + 1}"], "properties": {"f${i}": {"type": "string"}}}`);
        break;
      case 'input-cycle':
        parts.push(`"D${i}": {"type": "object", "x-graphql-type-kind": "INPUT_OBJECT", "properties": {"n": {"$ref": "#/$defs/D${(i + 1) % n}"}}, "required": ["n"]}`);
        break;
    }
  }
  if (kind === 'interfaces') parts.push(`"D${n}": {"type": "object", "x-graphql-type-kind": "INTERFACE", "properties": {"f${n}": {"type": "string"}}}`);
  else if (kind === 'allOf-props') parts.push(`"D${n}": {"type": "object", "properties": {"p": {"type": "string"}, "q": {"type": "integer"}, "v": {"type": "string"}}}`);
  else if (kind !== 'input-cycle') parts.push(`"D${n}": {"type": "object", "properties": {"v": {"type": "string"}}}`);
  const root = kind === 'interfaces' || kind === 'input-cycle' ? '' : '"type": "object", "properties": {"root": {"$ref": "#/$defs/D0"}}, ';
  return { text: `{${root}"$defs": {\n${parts.join(',\n')}\n}}\n`, ext: 'json' };
}
