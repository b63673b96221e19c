/**
 * Why a value breaks its draft's meta-schema, in our own words (record 0089).
 * meta-schema.ts finds the places (ajv here, the `jsonschema` crate in
 * rust/src/meta_reasons.rs); the validators word their errors differently, so
 * neither's words are used: the place's role in the document (which keyword's
 * value it is, or an item of which keyword, or a subschema) is read off the
 * pointer, and a table keyed by the keyword says what the meta-schema expects
 * there. A place the table does not know keeps the plain "breaks the
 * meta-schema".
 */
import { isObject, own, type JsonValue } from './load';
import type { Draft } from './meta-schema';

const SIMPLE_TYPES = '"array", "boolean", "integer", "null", "number", "object", "string"';
const SCHEMA = 'a schema (an object or a boolean)';
const SCHEMA_04 = 'a schema (an object)';

/** Keywords whose value is one subschema (every draft's meta-schema that has the keyword). */
const SCHEMA_VALUED = new Set([
  'additionalItems',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

const since2019 = (d: Draft) => d === '2019-09' || d === '2020-12';

/** What the meta-schema of `draft` expects as the value of `keyword`; undefined when the table has no entry. */
function expectedValue(keyword: string, draft: Draft): string | undefined {
  const schema = draft === 'draft-04' ? SCHEMA_04 : SCHEMA;
  if (SCHEMA_VALUED.has(keyword)) {
    // draft-04 allows a boolean for these two, as later drafts allow it for every subschema.
    if (draft === 'draft-04' && (keyword === 'additionalItems' || keyword === 'additionalProperties')) return `a boolean or ${SCHEMA_04}`;
    return schema;
  }
  if (SCHEMA_MAPS.has(keyword)) return 'an object whose values are schemas';
  if (SCHEMA_LISTS.has(keyword)) return 'a non-empty array of schemas';
  switch (keyword) {
    case 'type':
      return `one of ${SIMPLE_TYPES}, or a non-empty array of them without repeats`;
    case 'items':
      return draft === '2020-12' ? schema : `${schema} or a non-empty array of schemas`;
    case 'required':
      return draft === 'draft-04' ? 'a non-empty array of distinct strings' : 'an array of distinct strings';
    case 'enum':
      return since2019(draft) ? 'an array' : 'a non-empty array of distinct values';
    case 'dependencies':
      return draft === 'draft-04'
        ? 'an object whose values are schemas or non-empty arrays of distinct strings'
        : 'an object whose values are schemas or arrays of distinct strings';
    case 'dependentRequired':
      return 'an object whose values are arrays of distinct strings';
    case 'maximum':
    case 'minimum':
      return 'a number';
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return draft === 'draft-04' ? 'a boolean' : 'a number';
    case 'multipleOf':
      return 'a number greater than 0';
    case 'maxLength':
    case 'minLength':
    case 'maxItems':
    case 'minItems':
    case 'maxProperties':
    case 'minProperties':
    case 'maxContains':
    case 'minContains':
      return 'a non-negative integer';
    case 'uniqueItems':
    case 'readOnly':
    case 'writeOnly':
    case 'deprecated':
    case '$recursiveAnchor':
      return 'a boolean';
    case 'examples':
      return 'an array';
    case '$id':
      return since2019(draft) ? 'a URI reference without a fragment' : 'a string';
    case '$anchor':
    case '$dynamicAnchor':
      return draft === '2019-09' ? 'a name: a letter, then letters, digits, "-", "_", ":" or "."' : 'a name: a letter or "_", then letters, digits, "-", "_" or "."';
    case '$vocabulary':
      return 'an object whose values are booleans';
    case 'id':
    case '$schema':
    case '$ref':
    case '$recursiveRef':
    case '$dynamicRef':
    case '$comment':
    case 'title':
    case 'description':
    case 'format':
    case 'pattern':
    case 'contentMediaType':
    case 'contentEncoding':
      return 'a string';
    default:
      return undefined;
  }
}

/** What the meta-schema expects of an entry of `dependencies` or `dependentRequired`. */
function expectedEntry(keyword: string, draft: Draft): string {
  if (keyword === 'dependentRequired') return 'an array of distinct strings';
  return draft === 'draft-04' ? 'a schema or a non-empty array of distinct strings' : 'a schema or an array of distinct strings';
}

/** The value at `pointer` (a pointer of a failing place: it exists). */
function valueAt(root: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const seg of pointer === '' ? [] : pointer.slice(1).split('/').map(unescape)) {
    node = Array.isArray(node) ? node[Number(seg)] : isObject(node) ? own(node, seg) : undefined;
  }
  return node;
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The role of the value at `pointer`, read by walking the document from the
 * root: a subschema (the root, a value of `properties`, an item of `allOf`...),
 * the value of a keyword, an entry of `dependencies` / `dependentRequired`, an
 * item of `type` or of a string list (`required`, an entry of `dependencies`),
 * or unknown.
 */
type Role =
  | { kind: 'schema' }
  | { kind: 'value'; keyword: string }
  | { kind: 'entry'; keyword: string }
  | { kind: 'item'; keyword: string; expected: string }
  | { kind: 'unknown' };

/**
 * A subschema of the right kind can still break the meta-schema as a whole:
 * draft-04's has `exclusiveMaximum` need `maximum` (and `exclusiveMinimum`, `minimum`).
 */
function schemaReason(value: JsonValue | undefined, draft: Draft): string | undefined {
  if (!isObject(value)) return draft === 'draft-04' ? SCHEMA_04 : SCHEMA;
  if (draft !== 'draft-04') return undefined;
  for (const [exclusive, bound] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    if (own(value, exclusive) !== undefined && own(value, bound) === undefined) return `a schema with "${bound}" beside "${exclusive}"`;
  }
  return undefined;
}

function roleOf(root: JsonValue, pointer: string): Role {
  let role: Role = { kind: 'schema' };
  let node: JsonValue | undefined = root;
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescape);
  for (const seg of segments) {
    const parent: JsonValue | undefined = node;
    node = Array.isArray(parent) ? parent[Number(seg)] : isObject(parent) ? own(parent, seg) : undefined;
    if (role.kind === 'schema') {
      role = { kind: 'value', keyword: seg };
    } else if (role.kind === 'value') {
      const k: string = role.keyword;
      const list = Array.isArray(parent);
      if (SCHEMA_MAPS.has(k) || SCHEMA_LISTS.has(k) || (k === 'items' && list)) role = { kind: 'schema' };
      else if (SCHEMA_VALUED.has(k) || k === 'items') role = { kind: 'value', keyword: seg };
      else if (k === 'type') role = { kind: 'item', keyword: k, expected: `one of ${SIMPLE_TYPES}` };
      else if (k === 'required') role = { kind: 'item', keyword: k, expected: 'a string' };
      else if (k === 'dependencies' || k === 'dependentRequired') role = { kind: 'entry', keyword: k };
      else role = { kind: 'unknown' };
    } else if (role.kind === 'entry') {
      if (Array.isArray(parent)) role = { kind: 'item', keyword: role.keyword, expected: 'a string' };
      else if (role.keyword === 'dependencies') role = { kind: 'value', keyword: seg };
      else role = { kind: 'unknown' };
    } else {
      role = { kind: 'unknown' };
    }
  }
  return role;
}

/** The reason for one failing place: `"minimum" at /properties/a/minimum must be a number`. */
export function metaSchemaReason(root: JsonValue, pointer: string, draft: Draft): string {
  const place = pointer === '' ? 'the root' : pointer;
  const role = roleOf(root, pointer);
  let subject: string | undefined;
  let expected: string | undefined;
  if (role.kind === 'schema' && pointer !== '') {
    const value = valueAt(root, pointer);
    subject = 'the value';
    expected = typeof value === 'boolean' && draft !== 'draft-04' ? undefined : schemaReason(value, draft);
  } else if (role.kind === 'value') {
    subject = `"${role.keyword}"`;
    expected = expectedValue(role.keyword, draft);
  } else if (role.kind === 'entry') {
    subject = `an entry of "${role.keyword}"`;
    expected = expectedEntry(role.keyword, draft);
  } else if (role.kind === 'item') {
    subject = `an item of "${role.keyword}"`;
    expected = role.expected;
  }
  if (subject === undefined || expected === undefined) return `the value at ${place} breaks the meta-schema`;
  return `${subject} at ${place} must be ${expected}`;
}

/**
 * The subschemas inside a failing place that the meta-schema checks through an
 * `anyOf` (`items` before 2020-12, an entry of `dependencies`, draft-04's
 * `additionalItems` / `additionalProperties`), when the place has the shape
 * one branch wants: both validators report such a failure at the place, not
 * inside it, so meta-schema.ts looks inside for the message. Empty otherwise.
 */
export function guardedSchemas(root: JsonValue, pointer: string, draft: Draft): Array<{ pointer: string; value: JsonValue }> {
  const role = roleOf(root, pointer);
  const value = valueAt(root, pointer);
  if (value === undefined) return [];
  const d04Guarded = draft === 'draft-04' && role.kind === 'value' && (role.keyword === 'additionalItems' || role.keyword === 'additionalProperties');
  const items = role.kind === 'value' && role.keyword === 'items' && draft !== '2020-12';
  const entry = role.kind === 'entry' && role.keyword === 'dependencies';
  if (items && Array.isArray(value)) return value.map((v, i) => ({ pointer: `${pointer}/${i}`, value: v }));
  if ((items || entry || d04Guarded) && isObject(value)) return [{ pointer, value }];
  return [];
}
