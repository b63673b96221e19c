/**
 * schema-shapes: the shapes of JSON Schema nodes that lowering recognizes, read
 * from the node alone: an input that applies `@oneOf`, a scalar alias, an
 * annotation-only object and a documented enum (record 0081), a string enum, and
 * the node's description (D13). rust/src/schema_shapes.rs is the same.
 */
import { isObject, keysOf, own, type JsonObject } from './load';
import { BRANCH_KEYWORDS } from './lower';
import { attr } from './normalize';

/** Whether a type's `x-graphql-type-directives` apply `@oneOf`. */
export function isOneOf(node: JsonObject): boolean {
  const list = attr(node, 'x-graphql-type-directives');
  return Array.isArray(list) && list.some((d) => isObject(d) && own(d, 'name') === 'oneOf');
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/** A schema that says only which scalar a value is: one JSON Schema scalar type (and perhaps null), no enum, const, ref or branches. */
export function isScalarAlias(node: JsonObject): boolean {
  for (const key of ['enum', 'const', '$ref', 'oneOf', 'anyOf', 'allOf', 'properties', 'items']) if (own(node, key) !== undefined) return false;
  const type = own(node, 'type');
  if (typeof type === 'string') return SCALAR_TYPES.has(type);
  if (!Array.isArray(type)) return false;
  const others = type.filter((t) => t !== 'null');
  return others.length === 1 && typeof others[0] === 'string' && SCALAR_TYPES.has(others[0]);
}

/** The keywords an annotation-only object branch may have (record 0081). */
const ANNOTATION_KEYS = new Set(['type', 'title', 'description', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly']);

/** `{"type": "object"}` with annotations only: no structure a union member could have. */
export function isAnnotationOnlyObject(node: JsonObject): boolean {
  return own(node, 'type') === 'object' && keysOf(node).every((k) => ANNOTATION_KEYS.has(k));
}

/** One value of a documented enum: its text, its branch, and where the value is written (below the enum's node). */
export interface DocumentedValue {
  value: string;
  branch?: JsonObject;
  at: Array<string | number>;
}

/**
 * Record 0081: the first non-empty `oneOf` (else `anyOf`) of a node without `properties`
 * or `enum`, whose branches (`{"type": "null"}` aside, two or more) are each a string
 * `const` or a one-value string `enum`, and no `$ref` or object: the values, else undefined.
 */
export function documentedEnum(node: JsonObject): DocumentedValue[] | undefined {
  if (isObject(own(node, 'properties')) || own(node, 'enum') !== undefined) return undefined;
  for (const keyword of BRANCH_KEYWORDS) {
    const list = own(node, keyword);
    if (!Array.isArray(list) || list.length === 0) continue;
    const values: DocumentedValue[] = [];
    for (let i = 0; i < list.length; i++) {
      const b = list[i];
      if (!isObject(b)) return undefined;
      if (own(b, 'type') === 'null') continue;
      if (own(b, '$ref') !== undefined || own(b, '$dynamicRef') !== undefined || isObject(own(b, 'properties'))) return undefined;
      const c = own(b, 'const');
      const e = own(b, 'enum');
      if (typeof c === 'string' && e === undefined) values.push({ value: c, branch: b, at: [keyword, i, 'const'] });
      else if (c === undefined && Array.isArray(e) && e.length === 1 && typeof e[0] === 'string') values.push({ value: e[0], branch: b, at: [keyword, i, 'enum', 0] });
      else return undefined;
    }
    return values.length >= 2 ? values : undefined;
  }
  return undefined;
}

/** A string `enum`: every value that is not null is a string, and there is one. */
export function isStringEnum(node: JsonObject): boolean {
  const list = own(node, 'enum');
  if (!Array.isArray(list)) return false;
  const nonNullValues = list.filter((v) => v !== null);
  return nonNullValues.length > 0 && nonNullValues.every((v) => typeof v === 'string');
}

/** `x-graphql-description` over `description` (D13); an empty text is no description. */
export function descriptionOf(node: JsonObject): string | undefined {
  let d = own(node, 'x-graphql-description');
  if (typeof d !== 'string') d = own(node, 'description');
  return typeof d === 'string' && d !== '' ? d : undefined;
}
