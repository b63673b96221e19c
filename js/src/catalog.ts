/**
 * The attribute catalog: `schemas/x-graphql-extensions.schema.json` is the
 * single source of attribute names, value shapes, scopes and priorities.
 *
 * `checkAttribute` is a tiny evaluator of the JSON Schema subset the catalog
 * uses (type, enum, const, pattern, format "uri", minimum, minItems, items,
 * properties, required, additionalProperties, propertyNames, oneOf, anyOf,
 * local $ref). It reports at most one problem per attribute: the first one in
 * evaluation order. rust/src/catalog.rs is the same evaluator and must give
 * the same pointers and messages byte for byte (fixtures/helpers/catalog.json).
 *
 * Evaluation order on one schema node: $ref (only the target is evaluated),
 * type, enum, const, pattern, format, minimum, minItems, required (in schema
 * order), then the value's keys in document order (propertyNames, then
 * properties / additionalProperties), items (in order), oneOf, anyOf.
 * A failing oneOf/anyOf reports the problem of the one branch whose `type`
 * accepts the value's JSON type (so nested problems keep their deep pointer);
 * when no branch or several branches accept it, one message names the
 * accepted shapes with the node's `x-expected` phrase.
 */
import { isObject, jsonEqual, keysOf, own, type JsonObject, type JsonValue } from './load';
import { shippedText } from './shipped';

export type Scope = 'root' | 'object' | 'enum' | 'property' | 'any-schema';
export type Priority = 'P0' | 'P1' | 'P2';

export interface Problem {
  /** JSON pointer of the offending value (for a missing property: the object). */
  pointer: string;
  message: string;
}

/** A node of the catalog (our own trusted file, parsed with JSON.parse). */
type SchemaNode = { [key: string]: unknown };

const CATALOG_FILE = 'x-graphql-extensions.schema.json';

let catalog: SchemaNode | undefined;
let names: string[] | undefined;

/**
 * The catalog document. Read at first use from `<package>/schemas/`, which is
 * two levels above this file both in js/src (tests) and in js/dist (the
 * published package ships `schemas/` beside `js/dist`).
 */
export function catalogSchema(): SchemaNode {
  if (catalog === undefined) {
    catalog = JSON.parse(shippedText(CATALOG_FILE)) as SchemaNode;
  }
  return catalog;
}

function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function node(value: unknown): SchemaNode {
  return value as SchemaNode;
}

function definition(name: string): SchemaNode | undefined {
  const defs = node(catalogSchema().definitions);
  return hasOwn(defs, name) ? node(defs[name]) : undefined;
}

/** Every attribute name, in catalog order. */
export function attributeNames(): string[] {
  if (names === undefined) names = Object.keys(node(catalogSchema().properties));
  return names.slice();
}

export function isAttribute(name: string): boolean {
  return hasOwn(node(catalogSchema().properties), name);
}

function attribute(name: string): SchemaNode | undefined {
  return isAttribute(name) ? definition(name) : undefined;
}

/** Where the attribute is meaningful; undefined for a name outside the catalog. */
export function scopeOf(name: string): Scope[] | undefined {
  const def = attribute(name);
  return def === undefined ? undefined : (def['x-scope'] as Scope[]).slice();
}

export function priorityOf(name: string): Priority | undefined {
  const def = attribute(name);
  return def === undefined ? undefined : (def['x-priority'] as Priority);
}

export function isDeprecated(name: string): boolean {
  const def = attribute(name);
  return def !== undefined && def.deprecated === true;
}

/** The attributes that replace a deprecated one (empty when not deprecated). */
export function replacedBy(name: string): string[] {
  const def = attribute(name);
  const list = def === undefined ? undefined : def['x-replaced-by'];
  return Array.isArray(list) ? (list as string[]).slice() : [];
}

/**
 * Checks one attribute value. `pointer` is the JSON pointer of the attribute
 * itself (for example `/definitions/User/x-graphql-skip`), or a function that
 * makes it, called only for a problem. Returns no problem for a valid value and
 * for a name outside the catalog (unknown attributes are the caller's business,
 * see `suggest`), else exactly one problem.
 */
export function checkAttribute(name: string, value: JsonValue, pointer: string | (() => string)): Problem[] {
  const def = attribute(name);
  if (def === undefined) return [];
  const problem = check(def, value, newTrail(pointer, name));
  return problem === undefined ? [] : [problem];
}

/**
 * Where the value under check sits below the attribute: the keys and indexes on the way,
 * pushed and popped as the check descends. Its pointer and label (`<name>/<key>/...`, the
 * start of every message) are made only for a problem; made for every key of every value,
 * they were a tenth of the walk in normalize.ts (issue #8). An object literal, not a class
 * instance, for the reason normalize.ts gives for its places.
 */
interface Trail {
  readonly base: string | (() => string);
  readonly name: string;
  /** Keys and indexes as they are (escaped only when a pointer or label is made). */
  readonly segments: (string | number)[];
  /** The segment whose label reads `<label> key` (a property name under check), or -1. */
  keyAt: number;
  /**
   * Above 0 while oneOf / anyOf branches are counted: only whether each passes matters, so
   * a failing branch (most of them) makes no message.
   */
  quiet: number;
}

function newTrail(base: string | (() => string), name: string): Trail {
  return { base, name, segments: [], keyAt: -1, quiet: 0 };
}

function trailPointer(trail: Trail): string {
  let out = typeof trail.base === 'string' ? trail.base : trail.base();
  for (const s of trail.segments) out += `/${segmentText(s)}`;
  return out;
}

/** The label of the value at `depth` segments (all of them by default). */
function trailLabel(trail: Trail, depth = trail.segments.length): string {
  let out = trail.name;
  for (let i = 0; i < depth; i++) out += i === trail.keyAt ? ' key' : `/${segmentText(trail.segments[i])}`;
  return out;
}

/** A branch counted in quiet mode fails with this one problem, which no one reads. */
const QUIET_PROBLEM: Problem = { pointer: '', message: '' };

function problemAt(trail: Trail, message: () => string): Problem {
  return trail.quiet > 0 ? QUIET_PROBLEM : { pointer: trailPointer(trail), message: message() };
}

function segmentText(segment: string | number): string {
  return typeof segment === 'number' ? String(segment) : escapeToken(segment);
}

// ---------------------------------------------------------------------------
// evaluator

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

function jsonType(v: JsonValue): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

function typeMatches(t: string, v: JsonValue): boolean {
  if (t === 'integer') return typeof v === 'number' && Number.isInteger(v);
  return jsonType(v) === t;
}

function typesOf(schema: SchemaNode): string[] | undefined {
  const t = schema.type;
  if (t === undefined) return undefined;
  return Array.isArray(t) ? (t as string[]) : [t as string];
}

function resolve(schema: SchemaNode): SchemaNode {
  let s = schema;
  // A chain of refs is followed; the catalog has no ref cycles (tested).
  while (typeof s.$ref === 'string') {
    const ref = s.$ref;
    const prefix = '#/definitions/';
    if (!ref.startsWith(prefix)) throw new Error(`catalog: unsupported $ref ${ref}`);
    const target = definition(ref.slice(prefix.length));
    if (target === undefined) throw new Error(`catalog: unresolved $ref ${ref}`);
    s = target;
  }
  return s;
}

/** Whether a schema's `type` (through refs and oneOf/anyOf branches) admits the value's JSON type. */
function admitsType(schema: SchemaNode, v: JsonValue): boolean {
  const s = resolve(schema);
  const types = typesOf(s);
  if (types !== undefined) return types.some((t) => typeMatches(t, v));
  const branches = (s.oneOf ?? s.anyOf) as SchemaNode[] | undefined;
  if (branches !== undefined) return branches.some((b) => admitsType(b, v));
  return true;
}

/** `string "yes"`, `number 3`, `boolean true`, `null`, `array`, `object`. */
function describe(v: JsonValue): string {
  switch (jsonType(v)) {
    case 'null':
      return 'null';
    case 'boolean':
      return `boolean ${String(v)}`;
    case 'number':
      return `number ${String(v)}`;
    case 'string':
      return `string ${JSON.stringify(v)}`;
    case 'array':
      return 'array';
    default:
      return 'object';
  }
}

/** `"OBJ"`, `3`, `true`, `null`, `array`, `object`: a value whose type is already known to fit. */
function literal(v: JsonValue): string {
  switch (jsonType(v)) {
    case 'string':
      return JSON.stringify(v);
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    default:
      return String(v);
  }
}

/** An enum or const value as listed in a message: strings bare, the rest as literals. */
function listed(v: JsonValue): string {
  return typeof v === 'string' ? v : literal(v);
}

function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Absolute URI with a scheme: /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/ (ECMAScript \s). */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let re = patterns.get(source);
  if (re === undefined) {
    re = new RegExp(source, 'u');
    patterns.set(source, re);
  }
  return re;
}

function expected(schema: SchemaNode, fallback: string): string {
  const phrase = schema['x-expected'];
  return typeof phrase === 'string' ? phrase : fallback;
}

const BRANCHINGS = ['oneOf', 'anyOf'] as const;

function matchesOne(types: readonly string[], v: JsonValue): boolean {
  for (const t of types) if (typeMatches(t, v)) return true;
  return false;
}

function check(schema: SchemaNode, v: JsonValue, trail: Trail): Problem | undefined {
  const s = resolve(schema);
  // No closure but on a failure: this runs for every attribute of the document.
  const t = s.type;
  if (t !== undefined && !(Array.isArray(t) ? matchesOne(t as string[], v) : typeMatches(t as string, v))) {
    return problemAt(trail, () => `${trailLabel(trail)} must be ${typesOf(s)!.join(' or ')}, got ${describe(v)}`);
  }
  if (Array.isArray(s.enum)) {
    const values = s.enum as JsonValue[];
    if (!values.some((e) => jsonEqual(e, v))) {
      return problemAt(trail, () => `${trailLabel(trail)} must be one of ${values.map(listed).join(', ')}, got ${literal(v)}`);
    }
  }
  if (hasOwn(s, 'const')) {
    const c = s.const as JsonValue;
    if (!jsonEqual(c, v)) return problemAt(trail, () => `${trailLabel(trail)} must be ${listed(c)}, got ${literal(v)}`);
  }
  if (typeof v === 'string') {
    if (typeof s.pattern === 'string' && !patternOf(s.pattern).test(v)) {
      return problemAt(trail, () => `${trailLabel(trail)} must be ${expected(s, `a string matching ${s.pattern}`)}, got ${literal(v)}`);
    }
    if (s.format === 'uri' && !URI.test(v)) {
      return problemAt(trail, () => `${trailLabel(trail)} must be an absolute URI, got ${literal(v)}`);
    }
  }
  if (typeof v === 'number' && typeof s.minimum === 'number' && v < s.minimum) {
    return problemAt(trail, () => `${trailLabel(trail)} must be >= ${String(s.minimum)}, got ${String(v)}`);
  }
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) {
      const n = s.minItems;
      return problemAt(trail, () => `${trailLabel(trail)} must have at least ${n} item${n === 1 ? '' : 's'}, got ${v.length}`);
    }
  } else if (isObject(v)) {
    const found = checkObject(s, v, trail);
    if (found !== undefined) return found;
  }
  if (Array.isArray(v) && s.items !== undefined) {
    const items = node(s.items);
    for (let i = 0; i < v.length; i++) {
      trail.segments.push(i);
      const found = check(items, v[i], trail);
      trail.segments.pop();
      if (found !== undefined) return found;
    }
  }
  for (const keyword of BRANCHINGS) {
    const branches = s[keyword] as SchemaNode[] | undefined;
    if (branches === undefined) continue;
    trail.quiet++;
    const passing = branches.filter((b) => check(b, v, trail) === undefined).length;
    trail.quiet--;
    if (keyword === 'oneOf' ? passing === 1 : passing >= 1) continue;
    if (passing === 0) {
      const candidates = branches.filter((b) => admitsType(b, v));
      if (candidates.length === 1) return check(candidates[0], v, trail);
    }
    const fallback = keyword === 'oneOf' ? 'exactly one of the allowed shapes' : 'one of the allowed shapes';
    return problemAt(trail, () => `${trailLabel(trail)} must be ${expected(s, fallback)}, got ${describe(v)}`);
  }
  return undefined;
}

function checkObject(s: SchemaNode, v: JsonObject, trail: Trail): Problem | undefined {
  if (Array.isArray(s.required)) {
    for (const name of s.required as string[]) {
      if (own(v, name) === undefined) {
        return problemAt(trail, () => `${trailLabel(trail)} is missing required property ${JSON.stringify(name)}`);
      }
    }
  }
  const props = s.properties === undefined ? undefined : node(s.properties);
  const additional = s.additionalProperties;
  const propertyNames = s.propertyNames === undefined ? undefined : node(s.propertyNames);
  for (const key of keysOf(v)) {
    trail.segments.push(key);
    const found = checkMember(v, key, props, additional, propertyNames, trail);
    trail.segments.pop();
    if (found !== undefined) return found;
  }
  return undefined;
}

/** One key of an object value and its value; the key is the trail's last segment. */
function checkMember(
  v: JsonObject,
  key: string,
  props: SchemaNode | undefined,
  additional: unknown,
  propertyNames: SchemaNode | undefined,
  trail: Trail,
): Problem | undefined {
  if (propertyNames !== undefined) {
    const before = trail.keyAt;
    trail.keyAt = trail.segments.length - 1;
    const found = check(propertyNames, key, trail);
    trail.keyAt = before;
    if (found !== undefined) return found;
  }
  const child = own(v, key) as JsonValue;
  if (props !== undefined && hasOwn(props, key)) return check(node(props[key]), child, trail);
  if (additional === false) {
    // The object's label (without the key), the key's pointer.
    return problemAt(trail, () => {
      const allowed = props === undefined ? [] : Object.keys(props);
      const list = allowed.length === 0 ? 'none' : allowed.join(', ');
      return `${trailLabel(trail, trail.segments.length - 1)} has unknown property ${JSON.stringify(key)} (allowed: ${list})`;
    });
  }
  if (additional !== undefined && additional !== true) return check(node(additional), child, trail);
  return undefined;
}

// ---------------------------------------------------------------------------
// did you mean

/** Levenshtein distance over Unicode code points. */
export function levenshtein(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost));
    }
    prev = cur;
  }
  return prev[y.length];
}

/**
 * levenshtein(x, y) if it is below `limit`, else `limit`. Bounded so that a suggestion
 * costs little whatever the name (20,000 unknown attributes with long names took 15 s to
 * convert and 109 s to validate): the distance is at least the difference of the
 * lengths, and a row's minimum never decreases, so the walk stops once it reaches the
 * limit. Exact below the limit, so the suggestions are those of the full distance.
 */
function distanceBelow(x: readonly string[], y: readonly string[], limit: number): number {
  if (Math.abs(x.length - y.length) >= limit) return limit;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin >= limit) return limit;
    prev = cur;
  }
  return Math.min(prev[y.length], limit);
}

/** The closest of `candidates` to `name` (distance <= 3, ties broken by their order). */
export function closestOf(name: string, candidates: readonly string[]): string | undefined {
  const x = Array.from(name);
  let best: string | undefined;
  let bestDistance = 4;
  for (const candidate of candidates) {
    const d = distanceBelow(x, Array.from(candidate), bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

let namePoints: Array<[string, string[]]> | undefined;

/** The closest catalog attribute name (distance <= 3, ties broken by catalog order). */
export function suggest(name: string): string | undefined {
  namePoints ??= attributeNames().map((n) => [n, Array.from(n)]);
  const x = Array.from(name);
  let best: string | undefined;
  let bestDistance = 4;
  for (const [candidate, y] of namePoints) {
    const d = distanceBelow(x, y, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
