/**
 * field-set-parse: a federation field set (`id owner { id }`) read into its
 * selections, as a flat list in preorder with depths, so no walk over it recurses
 * (step 1 of field-set.ts's checks; also read by from-context.ts and validate).
 * rust/src/field_set_parse.rs is the same.
 */

/** One selected field: its name and how deep it is nested (0 at the top). */
export interface Selection {
  name: string;
  depth: number;
}

const isNameStart = (c: string) => c === '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9');
/** GraphQL's ignored tokens inside a field set: white space, line ends, commas, the BOM. */
const isIgnored = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === '\uFEFF';

/**
 * How deep selections may nest: federation reads a field set with graphql-js's
 * recursive parser, so a deeper one could not build (the limit of list types
 * and values, record 0042).
 */
export const MAX_FIELD_SET_DEPTH = 128;

/**
 * A field set as its selections in preorder: `id owner { id }` gives id (0),
 * owner (0), id (1). Returns why it is not one, as a message, otherwise.
 */
export function parseFieldSet(text: string): Selection[] | string {
  const out: Selection[] = [];
  let depth = 0;
  // Whether the last token was a field name that a `{` may follow.
  let canOpen = false;
  // Code points, not UTF-16 units, so a message quotes a whole character (as Rust does).
  const chars = Array.from(text);
  let i = 0;
  while (i < chars.length) {
    const c = chars[i];
    if (isIgnored(c)) {
      i++;
    } else if (isNameStart(c)) {
      let j = i + 1;
      while (j < chars.length && isNameChar(chars[j])) j++;
      out.push({ name: chars.slice(i, j).join(''), depth });
      canOpen = true;
      i = j;
    } else if (c === '{') {
      if (!canOpen) return 'a "{" must follow a field name';
      if (depth === MAX_FIELD_SET_DEPTH) return `it nests selections more than ${MAX_FIELD_SET_DEPTH} levels deep`;
      depth++;
      canOpen = false;
      i++;
    } else if (c === '}') {
      if (depth === 0) return 'it closes a "}" that was not opened';
      if (out[out.length - 1].depth < depth) return 'it has an empty selection "{ }"';
      depth--;
      canOpen = false;
      i++;
    } else {
      const token = c === '.' && chars[i + 1] === '.' && chars[i + 2] === '.' ? '...' : c;
      return `"${token}" cannot appear in a field set`;
    }
  }
  if (depth > 0) return 'a "{" is not closed';
  if (out.length === 0) return 'it names no field';
  return out;
}

/** Whether selection `i` has a selection of its own (the next one is deeper). */
export function hasSelection(set: readonly Selection[], i: number): boolean {
  return i + 1 < set.length && set[i + 1].depth > set[i].depth;
}
