/**
 * The input of `build` against schemas/graphql-type-system.schema.json (ajv;
 * rust/src/type_system_schema.rs does the same with the `jsonschema` crate).
 * ajv is required on the first check, so `describe` and the conversions never load it.
 *
 * The two validators report different sets of errors, in different orders and
 * words. Both implementations therefore reduce them to the same problem
 * (record 0037): ajv's `if` errors (a summary of the `then`/`else` errors,
 * which are reported too) are dropped; the failing place that comes first in
 * the document is taken (ties: the smaller pointer); of the errors there, the
 * first by keyword rank; and the message is ours, made from the keyword and
 * the property or pattern it names. Formats are annotations (the URI is
 * checked by a pattern), as in the Rust validator.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ConversionError, ErrorCodes } from './errors';
import { typeSystemSchema } from './describe';
import { isObject, keysOf, type JsonValue } from './load';
import { firstInDocument, locate } from './locate';

let validator: ValidateFunction | undefined;

/** A validator error reduced to what both implementations can say. */
export interface Problem {
  pointer: string;
  /** One of KEYWORD_RANK. */
  keyword: string;
  /** The property (`required`, `additionalProperties`) or pattern (`pattern`) named. */
  detail?: string;
}

/** Which error speaks for a place when several fail there. */
export const KEYWORD_RANK = ['additionalProperties', 'required', 'type', 'false', 'anyOf', 'enum', 'pattern', 'minItems', 'other'];

export function checkTypeSystem(root: JsonValue, text: string, file: string | undefined): void {
  if (validator === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Ajv = (require('ajv') as typeof import('ajv')).default;
    validator = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(typeSystemSchema());
  }
  if (validator(root)) return;
  const problems = (validator.errors ?? []).filter((e) => e.keyword !== 'if').map(toProblem);
  const p = chooseProblem(problems, root, text);
  const pos = locate(text, p.pointer);
  throw new ConversionError(ErrorCodes.TYPE_SYSTEM_INVALID, problemMessage(p), {
    ...(file !== undefined ? { file } : {}),
    pointer: p.pointer,
    ...(pos ?? {}),
  });
}

function toProblem(e: ErrorObject): Problem {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { pointer: e.instancePath, keyword: e.keyword, detail: String(params.additionalProperty) };
    case 'required':
      return { pointer: e.instancePath, keyword: e.keyword, detail: String(params.missingProperty) };
    case 'pattern':
      return { pointer: e.instancePath, keyword: e.keyword, detail: String(params.pattern) };
    case 'false schema':
      return { pointer: e.instancePath, keyword: 'false' };
    case 'const':
      return { pointer: e.instancePath, keyword: 'enum' };
    case 'oneOf':
      return { pointer: e.instancePath, keyword: 'anyOf' };
    case 'type':
    case 'anyOf':
    case 'enum':
    case 'minItems':
      return { pointer: e.instancePath, keyword: e.keyword };
    default:
      return { pointer: e.instancePath, keyword: 'other' };
  }
}

/** The problem reported: first place in the document, then keyword rank, then (unknown keys) document order. */
export function chooseProblem(problems: Problem[], root: JsonValue, text: string): Problem {
  const pointer = firstInDocument(text, problems.map((p) => p.pointer));
  const here = problems.filter((p) => p.pointer === pointer);
  const rank = (p: Problem) => KEYWORD_RANK.indexOf(p.keyword);
  const best = Math.min(...here.map(rank));
  const top = here.filter((p) => rank(p) === best);
  if (top[0].keyword === 'additionalProperties') {
    const value = valueAt(root, pointer);
    const order = isObject(value) ? keysOf(value) : [];
    top.sort((a, b) => order.indexOf(a.detail ?? '') - order.indexOf(b.detail ?? ''));
  }
  return top[0];
}

function valueAt(root: JsonValue, pointer: string): JsonValue | undefined {
  let v: JsonValue | undefined = root;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(v)) v = v[Number(seg)];
    else if (isObject(v)) v = v[seg];
    else return undefined;
  }
  return v;
}

const REASONS: Record<string, (p: Problem) => string> = {
  additionalProperties: (p) => `has the property "${p.detail}", which is not allowed there`,
  required: (p) => `lacks the required property "${p.detail}"`,
  type: () => 'has the wrong JSON type',
  false: () => 'is not allowed for this kind of type',
  anyOf: () => 'is marked isBuiltIn but is not one of the built-ins exactly as the schema defines them',
  enum: () => 'is not one of the allowed values',
  pattern: (p) => patternReason(p.detail ?? ''),
  minItems: () => 'must not be empty',
  other: () => 'breaks the type-system schema',
};

/** The schema's three patterns, said in words (the URI one holds invisible characters). */
function patternReason(pattern: string): string {
  if (pattern.startsWith('^[_A-Za-z]')) return 'is not a GraphQL name (^[_A-Za-z][_0-9A-Za-z]*$)';
  if (pattern.startsWith('^\\[')) return 'is not a type expression such as [String!]!';
  return 'is not an absolute URI (scheme:rest, no white space)';
}

export function problemMessage(p: Problem): string {
  const place = p.pointer === '' ? 'the root' : `the value at ${p.pointer}`;
  return `not a valid type-system document: ${place} ${REASONS[p.keyword](p)}`;
}
