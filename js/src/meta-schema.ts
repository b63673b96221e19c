/**
 * The document against the meta-schema of the JSON Schema draft its `$schema`
 * names (record 0033): draft-04, draft-06, draft-07 (also when `$schema` is
 * absent or names no draft we know), 2019-09 and 2020-12. ajv here, the
 * `jsonschema` crate in rust/src/meta_schema.rs; both must give the same
 * verdict and the same pointers.
 *
 * - draft-07 and draft-06 use ajv's copies of the meta-schemas (draft-06 read
 *   from schemas/meta-schemas/, which the Rust side embeds too);
 * - draft-04 uses schemas/meta-schemas/draft-04.json: the draft-04 meta-schema
 *   written with draft-07 keywords (ajv 8 has no draft-04 engine), checked by
 *   the draft-07 engine on both sides;
 * - 2019-09 and 2020-12 use `ajv/dist/2019` and `ajv/dist/2020`.
 * Formats are not asserted (ajv without ajv-formats).
 *
 * The validators word and order their errors differently, so a problem names
 * its place and, in our own words, what the meta-schema expects there
 * (meta-reasons.ts, record 0089): the outermost failing pointers (a failing value inside a
 * failing value other than the root is left out: ajv also reports the
 * branches of an `anyOf` that the Rust validator folds into the `anyOf`; no
 * meta-schema has an `anyOf` at the root), in document order.
 *
 * ajv is required at first use (it costs start-up time plain conversion does
 * not need, and index.ts reaches this module through validate-json).
 */
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { ConversionError, ErrorCodes } from './errors';
import { isObject, keysOf, own, pointerJoin, type JsonValue } from './load';
import { shippedText } from './shipped';
import { locateAll } from './locate';
import { guardedSchemas, metaSchemaReason } from './meta-reasons';

export type Draft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

const DRAFT_URIS: ReadonlyArray<[string, Draft]> = [
  ['json-schema.org/draft-04/schema', 'draft-04'],
  ['json-schema.org/draft-06/schema', 'draft-06'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
];

/** The draft `$schema` names (`http` or `https`, with or without a final `#`); draft-07 otherwise. */
export function draftOf(root: JsonValue): Draft {
  return namedDraft(root) ?? 'draft-07';
}

/** The draft `$schema` names, if it names one we know (a referenced file without one reads as its referrer's). */
export function namedDraft(root: JsonValue): Draft | undefined {
  const uri = isObject(root) ? own(root, '$schema') : undefined;
  if (typeof uri !== 'string') return undefined;
  const bare = uri.replace(/^https?:\/\//, '').replace(/#$/, '');
  if (bare === uri) return undefined;
  for (const [known, draft] of DRAFT_URIS) if (bare === known) return draft;
  return undefined;
}

const validators = new Map<Draft, ValidateFunction>();

function metaSchemaFile(name: 'draft-04.json' | 'draft-06.json'): object {
  return JSON.parse(shippedText(`meta-schemas/${name}`)) as object;
}

function validatorFor(draft: Draft): ValidateFunction {
  let v = validators.get(draft);
  if (v !== undefined) return v;
  const options = { strict: false, allErrors: true, validateFormats: false } as const;
  if (draft === '2019-09' || draft === '2020-12') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Class = (draft === '2019-09' ? require('ajv/dist/2019') : require('ajv/dist/2020')).default as typeof Ajv;
    const ajv = new Class(options);
    const id = draft === '2019-09' ? 'https://json-schema.org/draft/2019-09/schema' : 'https://json-schema.org/draft/2020-12/schema';
    v = ajv.getSchema(id)!;
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Class = (require('ajv') as { default: typeof Ajv }).default;
    const ajv = new Class(options);
    if (draft === 'draft-07') v = ajv.getSchema('http://json-schema.org/draft-07/schema')!;
    else v = ajv.compile(metaSchemaFile(draft === 'draft-06' ? 'draft-06.json' : 'draft-04.json'));
  }
  validators.set(draft, v);
  return v;
}

/** The draft's name in messages. */
export function draftLabel(draft: Draft): string {
  return draft.startsWith('draft-') ? draft : `draft ${draft}`;
}

/**
 * Every outermost place where the document breaks its draft's meta-schema, in
 * document order (ties: the smaller pointer). Empty when the document is valid.
 */
export function metaSchemaPointers(root: JsonValue, text: string): { draft: Draft; pointers: string[] } {
  const draft = draftOf(root);
  return { draft, pointers: inDocumentOrder(text, outermostFailures(root, draft)) };
}

/** The outermost failing places of `value` checked as a whole document of `draft`, relative to it. */
function outermostFailures(value: JsonValue, draft: Draft): string[] {
  const validate = validatorFor(draft);
  const found = new Set<string>();
  if (!validate(value)) for (const e of validate.errors ?? []) found.add(e.instancePath);
  // ajv's uniqueItems for string arrays keys a plain object by the items, so two
  // "__proto__" entries look distinct to it; the Rust validator sees them.
  for (const p of duplicateProtoArrays(value, draft)) found.add(p);
  return [...found].filter((p) => ![...found].some((q) => q !== p && q !== '' && p.startsWith(q + '/')));
}

/** Pointers in document order (ties: the smaller pointer). */
function inDocumentOrder(text: string, pointers: string[]): string[] {
  const positions = locateAll(text, pointers);
  const keyed = pointers.map((p, i) => ({ p, pos: positions[i] ?? { line: Infinity, column: Infinity } }));
  keyed.sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column || (a.p < b.p ? -1 : a.p > b.p ? 1 : 0));
  return keyed.map((k) => k.p);
}

/**
 * The place a message explains: `pointer`, or, when the validators report a
 * failure at an `anyOf` that checks subschemas (meta-reasons.ts,
 * `guardedSchemas`), the first failing place inside them, again and again
 * (each step goes deeper into the document, so the loop ends).
 */
function placeToExplain(root: JsonValue, text: string, draft: Draft, pointer: string): string {
  let place = pointer;
  for (;;) {
    const inner: string[] = [];
    for (const s of guardedSchemas(root, place, draft)) for (const p of outermostFailures(s.value, draft)) inner.push(s.pointer + p);
    const first = inDocumentOrder(text, inner)[0];
    if (first === undefined || first === place) return place;
    place = first;
  }
}

/**
 * The message of one meta-schema problem: the place and what the meta-schema
 * expects there (meta-reasons.ts), or the first failing place inside it when the
 * validators report a failure inside subschemas at their container.
 */
export function metaSchemaMessage(draft: Draft, pointer: string, root: JsonValue, text: string): string {
  return `not a valid ${draftLabel(draft)} JSON Schema: ${metaSchemaReason(root, placeToExplain(root, text, draft, pointer), draft)}`;
}

/** `validate: true` in a conversion: the first problem (in document order) is the error. */
export function checkMetaSchema(root: JsonValue, text: string, file: string | undefined): void {
  const { draft, pointers } = metaSchemaPointers(root, text);
  if (pointers.length === 0) return;
  const pointer = pointers[0];
  throw new ConversionError(ErrorCodes.SCHEMA_INVALID, metaSchemaMessage(draft, pointer, root, text), { file, pointer });
}

/** Keywords whose value is one subschema, by the drafts whose meta-schema has them. */
const SCHEMA_KEYWORDS = ['additionalItems', 'additionalProperties', 'not'];
const SCHEMA_KEYWORDS_06 = ['contains', 'propertyNames'];
const SCHEMA_KEYWORDS_07 = ['if', 'then', 'else'];
const SCHEMA_KEYWORDS_2019 = ['unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
/** Keywords whose value maps names to subschemas. */
const MAP_KEYWORDS = ['properties', 'patternProperties', 'definitions'];
const MAP_KEYWORDS_2019 = ['$defs', 'dependentSchemas'];
/** Keywords whose value is a list of subschemas. */
const LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf'];

/**
 * String arrays the meta-schema wants unique (`required`, the arrays of
 * `dependencies` / `dependentRequired`) that hold "__proto__" twice. Only the
 * places the draft's meta-schema reaches are looked at (a `required` under a
 * keyword it does not know, such as `$defs` in draft-07, is not checked by it,
 * nor by the Rust validator).
 */
function duplicateProtoArrays(root: JsonValue, draft: Draft): string[] {
  const out: string[] = [];
  const twice = (v: JsonValue | undefined): boolean =>
    Array.isArray(v) && v.filter((x) => x === '__proto__').length > 1;
  const since06 = draft !== 'draft-04';
  const since07 = since06 && draft !== 'draft-06';
  const since2019 = draft === '2019-09' || draft === '2020-12';
  const single = [
    ...SCHEMA_KEYWORDS,
    ...(since06 ? SCHEMA_KEYWORDS_06 : []),
    ...(since07 ? SCHEMA_KEYWORDS_07 : []),
    ...(since2019 ? SCHEMA_KEYWORDS_2019 : []),
  ];
  const maps = [...MAP_KEYWORDS, ...(since2019 ? MAP_KEYWORDS_2019 : [])];
  const lists = [...LIST_KEYWORDS, ...(draft === '2020-12' ? ['prefixItems'] : [])];
  // Keywords whose value the meta-schema checks through an `anyOf`: a failure
  // inside it is reported once, at that value (the outermost such one), by both
  // validators (`items` before 2020-12, `dependencies` entries, and in draft-04
  // `additionalItems` / `additionalProperties`).
  const guarded = new Set([...(draft !== '2020-12' ? ['items'] : []), ...(since06 ? [] : ['additionalItems', 'additionalProperties'])]);
  // [node, its pointer, where a failure inside it is reported (undefined: in place)]
  const stack: Array<[JsonValue, string, string | undefined]> = [[root, '', undefined]];
  while (stack.length > 0) {
    const [node, ptr, surface] = stack.pop()!;
    if (!isObject(node)) continue;
    const at = (key: string): JsonValue | undefined => own(node, key);
    const child = (value: JsonValue, pointer: string, key: string): void => {
      stack.push([value, pointer, surface ?? (guarded.has(key) ? pointerJoin(ptr, key) : undefined)]);
    };
    if (twice(at('required'))) out.push(surface ?? pointerJoin(ptr, 'required'));
    for (const key of since2019 ? ['dependencies', 'dependentRequired'] : ['dependencies']) {
      const value = at(key);
      if (!isObject(value)) continue;
      for (const k of keysOf(value)) {
        const entry = own(value, k)!;
        const pointer = pointerJoin(ptr, key, k);
        if (twice(entry)) out.push(surface ?? pointer);
        else if (key === 'dependencies') stack.push([entry, pointer, surface ?? pointer]);
      }
    }
    for (const key of single) {
      const value = at(key);
      if (value !== undefined) child(value, pointerJoin(ptr, key), key);
    }
    for (const key of maps) {
      const value = at(key);
      if (isObject(value)) for (const k of keysOf(value)) child(own(value, k)!, pointerJoin(ptr, key, k), key);
    }
    // `items` is one subschema or (before 2020-12) a list of them.
    const items = at('items');
    if (Array.isArray(items)) items.forEach((v, i) => child(v, pointerJoin(ptr, 'items', i), 'items'));
    else if (items !== undefined) child(items, pointerJoin(ptr, 'items'), 'items');
    for (const key of lists) {
      const value = at(key);
      if (Array.isArray(value)) value.forEach((v, i) => child(v, pointerJoin(ptr, key, i), key));
    }
  }
  return out;
}
