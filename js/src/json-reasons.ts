/**
 * json-reasons: why a field became the JSON scalar (record 0079), and the warnings that
 * say so: one JSON_FIELDS summary per conversion, or with `explainJson` one per field.
 * An explicit `x-graphql-field-type: JSON` is never counted. The twin of
 * rust/src/json_reasons.rs.
 */
import { ErrorCodes, type Diagnostic } from './errors';
import { isObject, own, type JsonObject, type JsonValue } from './load';
import type { Loc } from './loc';

/** The reasons, in the order a summary lists equal counts. */
export type JsonReason =
  | 'mixed-union'
  | 'map'
  | 'free-form'
  | 'small-object'
  | 'untyped'
  | 'several-types'
  | 'unknown-type'
  | 'unresolved-ref'
  | 'mixed-values'
  | 'all-of';

const REASONS: ReadonlyArray<[JsonReason, string, string, string]> = [
  ['mixed-union', 'a oneOf/anyOf that is not made of object types only', 'mixed union', 'mixed unions'],
  ['map', 'a map (additionalProperties / patternProperties, no properties)', 'map', 'maps'],
  ['free-form', 'an object with no properties', 'free-form object', 'free-form objects'],
  ['small-object', 'an inline object within inlineObjectThreshold', 'small inline object', 'small inline objects'],
  ['untyped', 'a schema with no type', 'untyped', 'untyped'],
  ['several-types', 'several types (or only null)', 'with several types', 'with several types'],
  ['unknown-type', 'a type that is not a JSON Schema type', 'with an unknown type', 'with unknown types'],
  ['unresolved-ref', 'a $ref that is not resolved (unresolvedRefs: json)', 'unresolved ref', 'unresolved refs'],
  ['mixed-values', 'enum or const values of several kinds', 'with mixed values', 'with mixed values'],
  ['all-of', 'an allOf that is neither an object nor one $ref', 'allOf combination', 'allOf combinations'],
];

/** A map or a free-form object: what an object schema without fields is. */
export function objectReason(node: JsonValue): JsonReason {
  if (!isObject(node)) return 'untyped';
  const additional = own(node, 'additionalProperties');
  if (isObject(additional) || additional === true || isObject(own(node, 'patternProperties'))) return 'map';
  return 'free-form';
}

/** The reason of a node that has an `allOf` and no properties, else `objectReason`. */
export function objectishReason(node: JsonObject): JsonReason {
  return Array.isArray(own(node, 'allOf')) && !isObject(own(node, 'properties')) ? 'all-of' : objectReason(node);
}

export interface JsonField {
  reason: JsonReason;
  loc: Loc;
}

/** The warnings for the fields that became JSON: one summary, or (`explain`) one per field. */
export function jsonFieldWarnings(fields: readonly JsonField[], explain: boolean, file: string | undefined): Diagnostic[] {
  if (fields.length === 0) return [];
  const where = (loc: Loc) => ({ ...(loc.source.file !== undefined ? { file: loc.source.file } : {}), pointer: loc.pointer });
  if (explain) {
    return fields.map((f) => ({
      code: ErrorCodes.JSON_FIELDS,
      severity: 'warning' as const,
      message: `the field is the JSON scalar: ${REASONS.find((r) => r[0] === f.reason)![1]}`,
      ...where(f.loc),
    }));
  }
  const counts = REASONS.map(([reason, , one, many]) => {
    const n = fields.filter((f) => f.reason === reason).length;
    return { label: n === 1 ? one : many, n };
  }).filter((c) => c.n > 0);
  // By count, then in the order of REASONS (a stable sort keeps it).
  counts.sort((a, b) => b.n - a.n);
  const n = fields.length;
  return [
    {
      code: ErrorCodes.JSON_FIELDS,
      severity: 'warning',
      message: `${n} ${n === 1 ? 'field' : 'fields'} became the JSON scalar: ${counts.map((c) => `${c.n} ${c.label}`).join(', ')}; --explain-json (option explainJson) lists them`,
      ...(file !== undefined ? { file } : {}),
      pointer: '',
    },
  ];
}
