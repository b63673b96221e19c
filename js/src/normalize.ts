/**
 * normalize: one walk over every schema node of a document, in document order.
 *
 * It checks each `x-graphql-*` attribute against the attribute catalog (a wrong
 * value type is an error whatever the options), warns about unknown attributes
 * with a "did you mean", warns about the legacy `x-graphql-type`, and collects
 * every `$ref` for `resolve`. The walk knows which keywords hold subschemas, so
 * a property *named* `x-graphql-foo` is never mistaken for an attribute.
 * It is iterative: nesting depth cannot overflow the stack.
 */
import { attributeNames, checkAttribute, closestOf, suggest } from './catalog';
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import { isObject, keysOf, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import type { Draft } from './meta-schema';
import type { IdUse } from './resources';

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = new Set([
  'additionalProperties', 'items', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else',
  // draft 2019-09 / 2020-12 (record 0080)
  'unevaluatedProperties', 'unevaluatedItems', 'contentSchema',
]);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'dependentSchemas']);

/**
 * Keywords that, beside a `$ref`, would define structure (record 0080): under drafts 04-07
 * a `$ref` replaces them; under 2019-09 / 2020-12 `properties` and `allOf` extend it.
 * `type` is not one: beside a `$ref` it restates the target's type (fixture 050).
 */
const REF_STRUCTURE_SIBLINGS: readonly string[] = [
  'properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems',
  'allOf', 'anyOf', 'oneOf', 'enum', 'const', 'required',
];

/** Drafts 2019-09 and 2020-12: a `$ref` is one member of a conjunction (record 0080). */
export function isModernDraft(draft: Draft): boolean {
  return draft === '2019-09' || draft === '2020-12';
}

/**
 * The reference a node makes: `$ref`, else `$dynamicRef` (read as a `$ref`, with a
 * warning at the scan, record 0080).
 */
export function refOf(node: JsonObject): string | undefined {
  const ref = own(node, '$ref');
  if (typeof ref === 'string') return ref;
  const dynamic = own(node, '$dynamicRef');
  return typeof dynamic === 'string' ? dynamic : undefined;
}

/** The keyword `refOf` read: for the pointers of diagnostics. */
export function refKeyword(node: JsonValue | undefined): string {
  return isObject(node) && typeof own(node, '$ref') !== 'string' && typeof own(node, '$dynamicRef') === 'string' ? '$dynamicRef' : '$ref';
}

/**
 * Under 2019-09 / 2020-12, a node with a reference and `properties` or `allOf` beside it
 * is an object: the conjunction of the target and its siblings, merged as an `allOf`.
 */
export function isRefConjunction(node: JsonObject, draft: Draft): boolean {
  return isModernDraft(draft) && refOf(node) !== undefined && (isObject(own(node, 'properties')) || Array.isArray(own(node, 'allOf')));
}

const ONE = 1;
const LIST = 2;
const MAP = 4;
/** The three sets above as one lookup per key (`items` is a list or one subschema). */
const KEYWORD_KIND = new Map<string, number>();
for (const k of SCHEMA_KEYWORDS) KEYWORD_KIND.set(k, (KEYWORD_KIND.get(k) ?? 0) | ONE);
for (const k of SCHEMA_LIST_KEYWORDS) KEYWORD_KIND.set(k, (KEYWORD_KIND.get(k) ?? 0) | LIST);
for (const k of SCHEMA_MAP_KEYWORDS) KEYWORD_KIND.set(k, (KEYWORD_KIND.get(k) ?? 0) | MAP);

/**
 * How a subschema keyword holds its subschemas, given its value (`items` holds a list
 * when it is an array, else one); undefined for any other key. The twin of
 * normalize.rs `holds`.
 */
export function holds(key: string, value: JsonValue | undefined): 'one' | 'list' | 'map' | undefined {
  const kind = KEYWORD_KIND.get(key);
  if (kind === undefined) return undefined;
  if (kind & MAP) return 'map';
  if (kind & LIST && (!(kind & ONE) || Array.isArray(value))) return 'list';
  return 'one';
}

export const ATTRIBUTE_PREFIX = 'x-graphql-';

export interface RefUse {
  pointer: string;
  ref: string;
}

export interface ScanResult {
  refs: RefUse[];
  warnings: Diagnostic[];
  /** Every `$id`, `id`, `$anchor` and `$dynamicAnchor` string, in document order (resources.ts reads them). */
  ids: IdUse[];
}

let knownAttributes: Set<string> | undefined;

function isKnownAttribute(name: string): boolean {
  knownAttributes ??= new Set(attributeNames());
  return knownAttributes.has(name);
}

/**
 * Walks one document (the main input or a referenced file). `file` names it in
 * diagnostics. Throws ATTRIBUTE_TYPE on the first wrong attribute value, or,
 * given `errors` (validate), adds every one there and goes on. Given the `draft` the
 * document is read by (convert), it also warns about the keywords beside a `$ref` that
 * are ignored and about `$dynamicRef` (record 0080).
 */
export function scanDocument(root: JsonValue, file: string | undefined, errors?: Diagnostic[], draft?: Draft): ScanResult {
  const refs: RefUse[] = [];
  const warnings: Diagnostic[] = [];
  const ids: IdUse[] = [];
  // Two parallel stacks (node, place) rather than a tuple and a child list per node:
  // this walk visits every schema node of the input.
  const nodes: JsonValue[] = [root];
  const places: Place[] = [place(undefined, '', undefined, '')];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const at = places.pop()!;
    if (!isObject(node)) continue;
    const first = nodes.length;
    for (const key of keysOf(node)) {
      const value = node[key];
      if (key.startsWith(ATTRIBUTE_PREFIX)) {
        checkOneAttribute(key, value, at, file, warnings, errors);
        continue;
      }
      if (key === '$ref') {
        if (typeof value === 'string') refs.push({ pointer: pointerOf(at), ref: value });
        continue;
      }
      if (key === 'type') {
        if (typeof value !== 'string' || !JSON_TYPES.includes(value)) checkTypeNames(value, at, file, warnings);
        continue;
      }
      if ((key.charCodeAt(0) === 36 /* $ */ && (key === '$dynamicRef' || key === '$anchor' || key === '$dynamicAnchor' || key === '$id')) || key === 'id') {
        if (typeof value === 'string') reference(node, key, value, at, file, draft, refs, ids, warnings);
        continue;
      }
      const kind = KEYWORD_KIND.get(key);
      if (kind === undefined) continue;
      if (kind & MAP) {
        if (isObject(value)) {
          for (const name of keysOf(value)) {
            nodes.push(value[name]);
            places.push(place(at, key, name, undefined));
          }
        }
      } else if (kind & LIST && Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          nodes.push(value[i]);
          places.push(place(at, key, i, undefined));
        }
      } else if (kind & ONE) {
        nodes.push(value);
        places.push(place(at, key, undefined, undefined));
      }
    }
    if (draft !== undefined && typeof own(node, '$ref') === 'string') refSiblings(node, at, file, draft, warnings);
    // Reverse this node's children so the stack pops them in document order.
    for (let i = first, j = nodes.length - 1; i < j; i++, j--) {
      const n = nodes[i];
      nodes[i] = nodes[j];
      nodes[j] = n;
      const p = places[i];
      places[i] = places[j];
      places[j] = p;
    }
  }
  return { refs, warnings, ids };
}

/** `$dynamicRef` (a ref, with a warning), and the names a schema is known by (`$anchor`...). */
function reference(
  node: JsonObject,
  key: string,
  value: string,
  at: Place,
  file: string | undefined,
  draft: Draft | undefined,
  refs: RefUse[],
  ids: IdUse[],
  warnings: Diagnostic[],
): void {
  if (key === '$dynamicRef') {
    if (typeof own(node, '$ref') === 'string') return;
    refs.push({ pointer: pointerOf(at), ref: value });
    if (draft !== undefined) {
      warnings.push({
        code: ErrorCodes.REF_DYNAMIC,
        severity: 'warning',
        message: `$dynamicRef is read as $ref: ${value} is resolved where it is written, not where the evaluation started`,
        ...(file !== undefined ? { file } : {}),
        pointer: pointerJoin(pointerOf(at), key),
      });
    }
    return;
  }
  // Which of them count under the document's draft is resources.ts's rule.
  ids.push({ pointer: pointerOf(at), key, value });
}

/** Record 0080: the keywords beside a `$ref` that give no structure, under the document's draft. */
function refSiblings(node: JsonObject, at: Place, file: string | undefined, draft: Draft, warnings: Diagnostic[]): void {
  const modern = isModernDraft(draft);
  if (modern && isRefConjunction(node, draft)) return;
  const ignored = keysOf(node).filter((k) => REF_STRUCTURE_SIBLINGS.includes(k));
  if (ignored.length === 0) return;
  const list = ignored.join(', ');
  const message = modern
    ? `${list} beside $ref ignored: only properties and allOf extend a $ref`
    : `${list} beside $ref ignored: under ${draft} a $ref replaces its siblings (put them in an allOf with the $ref, or name draft 2020-12 in $schema)`;
  warnings.push({
    code: ErrorCodes.REF_SIBLINGS_IGNORED,
    severity: 'warning',
    message,
    ...(file !== undefined ? { file } : {}),
    pointer: pointerJoin(pointerOf(at), ignored[0]),
  });
}

/**
 * Where the walk found a node: its parent's place and the one or two segments below it.
 * The pointer string is made only when a `$ref`, a warning or an error asks for it: made
 * for every node, pointers were 40% of the walk (N = 5,000: 21 -> 13 ms without them).
 * Places are object literals, not class instances: once no instance is alive, a full
 * garbage collection frees a class's instance maps, and V8 discards the optimized code
 * that used them (as a class, the walk took 51 instead of 22 ms after a full GC).
 */
interface Place {
  readonly parent: Place | undefined;
  readonly key: string;
  readonly name: string | number | undefined;
  text: string | undefined;
}

function place(parent: Place | undefined, key: string, name: string | number | undefined, text: string | undefined): Place {
  return { parent, key, name, text };
}

function pointerOf(at: Place): string {
  if (at.text !== undefined) return at.text;
  // Iterative, like the walk: the places without a pointer yet, nearest first.
  const pending: Place[] = [];
  let p: Place | undefined = at;
  while (p !== undefined && p.text === undefined) {
    pending.push(p);
    p = p.parent;
  }
  let base = p === undefined ? '' : p.text!;
  for (let i = pending.length - 1; i >= 0; i--) {
    const q = pending[i];
    base = q.name === undefined ? pointerJoin(base, q.key) : pointerJoin(base, q.key, q.name);
    q.text = base;
  }
  return base;
}

/** JSON Schema's seven types, in the order a suggestion prefers them. */
const JSON_TYPES: readonly string[] = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];

/** Record 0078: a `type` name outside the seven is a typo (`"strng"`): a warning with the closest name. */
function checkTypeNames(value: JsonValue, at: Place, file: string | undefined, warnings: Diagnostic[]): void {
  const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  names.forEach((name, i) => {
    if (typeof name !== 'string' || JSON_TYPES.includes(name)) return;
    const guess = closestOf(name, JSON_TYPES);
    const pointer = typeof value === 'string' ? pointerJoin(pointerOf(at), 'type') : pointerJoin(pointerOf(at), 'type', i);
    warnings.push({
      code: ErrorCodes.UNKNOWN_TYPE,
      severity: 'warning',
      message: `type ${JSON.stringify(name)} is not one of JSON Schema's seven types${guess !== undefined ? ` (did you mean "${guess}"?)` : ''}: the field is JSON`,
      ...(file !== undefined ? { file } : {}),
      pointer,
    });
  });
}

function checkOneAttribute(
  name: string,
  value: JsonValue,
  at: Place,
  file: string | undefined,
  warnings: Diagnostic[],
  errors: Diagnostic[] | undefined,
): void {
  if (!isKnownAttribute(name)) {
    const guess = suggest(name);
    warnings.push({
      code: ErrorCodes.UNKNOWN_ATTRIBUTE,
      severity: 'warning',
      message: `unknown attribute ${name}` + (guess ? `; did you mean ${guess}?` : ''),
      ...(file !== undefined ? { file } : {}),
      pointer: pointerJoin(pointerOf(at), name),
    });
    return;
  }
  const problems = checkAttribute(name, value, () => pointerJoin(pointerOf(at), name));
  if (problems.length > 0) {
    const p = problems[0];
    const error = new ConversionError(ErrorCodes.ATTRIBUTE_TYPE, p.message, { file, pointer: p.pointer });
    if (errors === undefined) throw error;
    errors.push(error.toJSON());
    return;
  }
  if (name === 'x-graphql-type') {
    warnings.push({
      code: ErrorCodes.DEPRECATED_ATTRIBUTE,
      severity: 'warning',
      message: 'x-graphql-type is deprecated; use x-graphql-type-name and x-graphql-type-kind',
      ...(file !== undefined ? { file } : {}),
      pointer: pointerJoin(pointerOf(at), name),
    });
  }
}

/** One subschema of a node: where it is and how to replace it (migrate). */
export interface Subschema {
  node: JsonValue;
  pointer: string;
  /** The object or array holding it, and its key there. */
  parent: JsonObject | JsonValue[];
  key: string | number;
}

/** The subschemas of one schema node, in document order (the walk above, one level). */
export function subschemas(node: JsonObject, pointer: string): Subschema[] {
  const out: Subschema[] = [];
  for (const key of keysOf(node)) {
    const value = node[key];
    const kind = key.startsWith(ATTRIBUTE_PREFIX) || key === '$ref' ? undefined : KEYWORD_KIND.get(key);
    if (kind === undefined) continue;
    if (kind & MAP) {
      if (isObject(value)) {
        for (const name of keysOf(value)) out.push({ node: value[name], pointer: pointerJoin(pointer, key, name), parent: value, key: name });
      }
    } else if (kind & LIST && Array.isArray(value)) {
      value.forEach((v, i) => out.push({ node: v, pointer: pointerJoin(pointer, key, i), parent: value, key: i }));
    } else if (kind & ONE) {
      out.push({ node: value, pointer: pointerJoin(pointer, key), parent: node, key });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Attribute accessors: the one place that knows legacy spellings and defaults.

export type TypeKind = 'OBJECT' | 'INTERFACE' | 'UNION' | 'INPUT_OBJECT' | 'ENUM';

/** `x-graphql-type-name`, else the legacy `x-graphql-type` (string, or object's name). */
export function explicitTypeName(node: JsonObject): { name: string; pointer: string } | undefined {
  const direct = attr(node, 'x-graphql-type-name');
  if (typeof direct === 'string') return { name: direct, pointer: '/x-graphql-type-name' };
  const legacy = attr(node, 'x-graphql-type');
  if (typeof legacy === 'string') return { name: legacy, pointer: '/x-graphql-type' };
  if (isObject(legacy) && typeof attr(legacy, 'name') === 'string') {
    return { name: legacy.name as string, pointer: '/x-graphql-type/name' };
  }
  return undefined;
}

/** `x-graphql-type-kind`, else the legacy `x-graphql-type.kind`. */
export function explicitKind(node: JsonObject): TypeKind | undefined {
  const direct = attr(node, 'x-graphql-type-kind');
  if (typeof direct === 'string') return direct as TypeKind;
  const legacy = attr(node, 'x-graphql-type');
  if (isObject(legacy) && typeof attr(legacy, 'kind') === 'string') return legacy.kind as TypeKind;
  return undefined;
}

/** Reads an own key (never the prototype chain). */
export function attr(node: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

export function flag(node: JsonObject, key: string): boolean {
  return attr(node, key) === true;
}
