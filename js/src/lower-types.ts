/**
 * typeOf: one property schema -> a GraphQL type expression (D5, C2-C4, D14).
 *
 * Order of the checks: `x-graphql-scalar`, `$ref`, a lone `allOf` ref (beside
 * branches that only annotate),
 * `oneOf`/`anyOf`, `enum`, `const`, then `type`. The returned `nullable` says
 * whether the schema itself admits null (D4 ranks it above `required`).
 */
import { ErrorCodes } from './errors';
import { isObject, keysOf, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { locKey, type Loc, type Target } from './loc';
import { BRANCH_KEYWORDS, allowsNull, isSlotKind, type Lowering } from './lower';
import { documentedEnum, isStringEnum } from './schema-shapes';
import { objectishReason, objectReason, type JsonReason } from './json-reasons';
import { branchTypes, mixedUnionSlot } from './mixed-unions';
import { toTypeName } from './naming';
import { attr, explicitKind, explicitTypeName, isRefConjunction, refOf } from './normalize';
import type { Slot } from './slots';
import { BUILTIN_SCALARS, JSON_SCALAR, listOf, named, type TypeExpr } from './type-expr';

export interface TypeContext {
  /** The type whose field is being lowered: inline types become its children. */
  owner: Slot;
  /** The property key, for `<Type><Field>` names. */
  key: string;
  /** Inside an input type: inline objects become input types too (C6). */
  input: boolean;
}

export interface TypeInfo {
  type: TypeExpr;
  nullable: boolean;
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * How deep `typeOf` may recurse (array items, lone branches, `$ref`s to
 * aliases): the JSON nesting limit, in both implementations, so a deep chain
 * is a clear TOO_DEEP error and never a stack overflow.
 */
export const MAX_TYPE_DEPTH = 1000;

export function typeOf(lw: Lowering, schema: JsonValue, loc: Loc, ctx: TypeContext): TypeInfo {
  if (lw.typeDepth >= MAX_TYPE_DEPTH) {
    lw.fail(
      ErrorCodes.TOO_DEEP,
      `types nest deeper than ${MAX_TYPE_DEPTH} levels here (array items, branches and $refs to aliases)`,
      loc,
    );
  }
  lw.typeDepth++;
  try {
    return typeOfNode(lw, schema, loc, ctx);
  } finally {
    lw.typeDepth--;
  }
}

function typeOfNode(lw: Lowering, schema: JsonValue, loc: Loc, ctx: TypeContext): TypeInfo {
  if (!isObject(schema)) return json(lw, false, 'untyped');
  const node = schema;
  const nullable = allowsNull(node);
  const scalar = attr(node, 'x-graphql-scalar');
  if (isObject(scalar) && typeof own(scalar, 'name') === 'string') {
    lw.declareScalar(scalar, loc);
    return { type: named(scalar.name as string), nullable };
  }
  const ref = refOf(node);
  // Under 2019-09 / 2020-12 a `$ref` with properties or allOf beside it is an object (record 0080).
  const conjunction = ref !== undefined && isRefConjunction(node, loc.source.draft);
  if (ref !== undefined && !conjunction) {
    const info = typeOfTarget(lw, lw.resolver.resolve(ref, loc), ctx);
    return { type: info.type, nullable: info.nullable || nullable };
  }
  const properties = own(node, 'properties');
  const allOf = own(node, 'allOf');
  if (Array.isArray(allOf) && !isObject(properties) && !conjunction) {
    const i = soleTypingBranch(allOf);
    const only = i === undefined ? undefined : allOf[i];
    if (isObject(only) && refOf(only) !== undefined) {
      const info = typeOf(lw, only, at(loc, 'allOf', i!), ctx);
      return { type: info.type, nullable: info.nullable || nullable };
    }
  }
  if (!isObject(properties)) {
    for (const keyword of BRANCH_KEYWORDS) {
      const list = own(node, keyword);
      if (Array.isArray(list) && list.length > 0) return branchesType(lw, node, list, keyword, loc, ctx, nullable);
    }
  }
  const enumList = own(node, 'enum');
  if (Array.isArray(enumList)) return enumType(lw, node, enumList, loc, ctx, nullable);
  if (Object.prototype.hasOwnProperty.call(node, 'const')) return { ...scalarOfValues(lw, [node.const]), nullable: nullable || node.const === null };

  const type = own(node, 'type');
  if (type === undefined || (Array.isArray(type) && type.length === 0)) {
    if (isObject(properties) || explicitKind(node) !== undefined || Array.isArray(allOf)) return objectType(lw, node, loc, ctx, nullable);
    return json(lw, nullable, 'untyped');
  }
  // The one type other than "null" (no list built for the usual single `type` string).
  const single = Array.isArray(type) ? soleNonNullType(type) : type === 'null' ? undefined : type;
  if (single === undefined) return json(lw, nullable, 'several-types');
  switch (single) {
    case 'string':
      return { type: named(formatScalar(lw, node, loc) ?? 'String'), nullable };
    case 'integer': {
      const mapped = formatScalar(lw, node, loc);
      if (mapped !== undefined) return { type: named(mapped), nullable };
      checkIntRange(lw, node, loc);
      return { type: named('Int'), nullable };
    }
    case 'number':
      return { type: named(formatScalar(lw, node, loc) ?? 'Float'), nullable };
    case 'boolean':
      return { type: named('Boolean'), nullable };
    case 'array': {
      const items = own(node, 'items');
      if (!isObject(items)) {
        lw.jsonReason = 'untyped';
        return { type: listOf(jsonType()), nullable };
      }
      return { type: listOf(typeOf(lw, items, at(loc, 'items'), ctx).type), nullable };
    }
    case 'object':
      return objectType(lw, node, loc, ctx, nullable);
    default:
      return json(lw, nullable, 'unknown-type');
  }
}

/** The keywords that only annotate a value (JSON Schema's meta-data vocabulary, and `$comment`). */
const ANNOTATIONS = new Set(['title', 'description', 'default', 'examples', '$comment', 'readOnly', 'writeOnly', 'deprecated']);

/**
 * An `allOf` branch that only annotates (`{"default": 0}` beside a `$ref`, the
 * draft-06/07 meta-schemas' own pattern) never changes the type (record 0078).
 */
export function isAnnotationOnly(branch: JsonValue): boolean {
  if (!isObject(branch)) return false;
  return keysOf(branch).every((key) => ANNOTATIONS.has(key));
}

/** The index of the one `allOf` branch that does more than annotate; undefined when there are none or several. */
function soleTypingBranch(allOf: JsonValue[]): number | undefined {
  let found: number | undefined;
  for (let i = 0; i < allOf.length; i++) {
    if (isAnnotationOnly(allOf[i])) continue;
    if (found !== undefined) return undefined;
    found = i;
  }
  return found;
}

/** The only entry of a `type` list that is not "null"; undefined when there are none or several. */
function soleNonNullType(types: JsonValue[]): JsonValue | undefined {
  let found: JsonValue | undefined;
  let count = 0;
  for (const t of types) {
    if (t === 'null') continue;
    found = t;
    count++;
  }
  return count === 1 ? found : undefined;
}

/** A `$ref` target: a named type, or (for an alias) the type of what it says. */
function typeOfTarget(lw: Lowering, first: Target, ctx: TypeContext): TypeInfo {
  const target = lw.followRefs(first);
  if (lw.resolver.isUnresolved(target)) return json(lw, false, 'unresolved-ref');
  const kind = lw.classify(target);
  // An input holds no union: a mixed union there stays JSON (record 0085).
  if (kind === 'union' && ctx.input && lw.isMixedUnion(target)) return json(lw, false, 'mixed-union');
  if (isSlotKind(kind)) {
    const slotKind = kind === 'object' && ctx.input && !lw.slots.has(target) ? 'input' : kind;
    return { type: { kind: 'slot', slot: lw.slotFor(target, slotKind, ctx.owner, lw.baseNameFor(target)) }, nullable: false };
  }
  if (kind !== 'alias') return json(lw, false, objectReason(target.node));
  // An alias that reaches itself again (an array of itself) has no GraphQL type.
  const key = locKey(target.loc);
  if (lw.aliasStack.has(key)) {
    // Under mixedUnions "types" a mixed union met again while its branches are typed is what it is: JSON (record 0085).
    if (lw.options.mixedUnions === 'types' && lw.isMixedUnion(target)) return json(lw, false, 'mixed-union');
    lw.fail(ErrorCodes.REF_CYCLE, 'this definition contains itself with no named type in between', target.loc);
  }
  lw.aliasStack.add(key);
  try {
    return typeOf(lw, target.node, target.loc, ctx);
  } finally {
    lw.aliasStack.delete(key);
  }
}

/** C3: null branches make the field nullable; one branch left is that branch; refs to objects are a union. */
function branchesType(
  lw: Lowering,
  node: JsonObject,
  list: JsonValue[],
  keyword: string,
  loc: Loc,
  ctx: TypeContext,
  nullable: boolean,
): TypeInfo {
  const branches: Array<[JsonValue, number]> = [];
  list.forEach((b, i) => {
    if (!(isObject(b) && own(b, 'type') === 'null')) branches.push([b, i]);
  });
  const withNull = nullable || branches.length < list.length;
  if (branches.length > 1 && documentedEnum(node) !== undefined) {
    // Record 0081: branches that each document one string value are an enum.
    return { type: { kind: 'slot', slot: enumSlot(lw, node, loc, ctx) }, nullable: withNull };
  }
  if (branches.length === 1) {
    const info = typeOf(lw, branches[0][0], at(loc, keyword, branches[0][1]), ctx);
    return { type: info.type, nullable: info.nullable || withNull };
  }
  const target: Target = { loc, node };
  if (branches.length > 1 && lw.refUnionMembers(target) !== undefined) {
    const slot = lw.slotFor(target, 'union', ctx.owner, () => ctx.owner.name + toTypeName(ctx.key));
    return { type: { kind: 'slot', slot }, nullable: withNull };
  }
  // Record 0085: objects mixed with scalars, under mixedUnions "wrap" or "types"; JSON in an input.
  if (!ctx.input && lw.isMixedUnion(target)) {
    if (lw.options.mixedUnions === 'wrap') return { type: { kind: 'slot', slot: mixedUnionSlot(lw, target, ctx) }, nullable: withNull };
    const types = branchTypes(lw, target, ctx);
    const info = json(lw, withNull, 'mixed-union');
    lw.jsonBranches = types;
    return info;
  }
  return json(lw, withNull, 'mixed-union');
}

/** D7: a string enum is an enum type (named `<Type><Field>` inline); others are scalars. */
function enumType(lw: Lowering, node: JsonObject, list: JsonValue[], loc: Loc, ctx: TypeContext, nullable: boolean): TypeInfo {
  if (isStringEnum(node)) return { type: { kind: 'slot', slot: enumSlot(lw, node, loc, ctx) }, nullable };
  const values = list.filter((v) => v !== null);
  if (values.length === 0) {
    lw.warn(ErrorCodes.EMPTY_ENUM, 'enum lists no values; the field is a String', at(loc, 'enum'));
    return { type: named('String'), nullable };
  }
  return { ...scalarOfValues(lw, values), nullable };
}

/** The enum slot of an inline enum: named `<Type><Field>`, or by x-graphql-type-name. */
function enumSlot(lw: Lowering, node: JsonObject, loc: Loc, ctx: TypeContext): Slot {
  const target: Target = { loc, node };
  const existing = lw.slots.get(target);
  const explicit = explicitTypeName(node);
  return existing ?? lw.slotFor(target, 'enum', ctx.owner, explicit ? () => explicit.name : () => ctx.owner.name + toTypeName(ctx.key));
}

/** D14: an anonymous inline object is JSON unless something makes it a named type. */
function objectType(lw: Lowering, node: JsonObject, loc: Loc, ctx: TypeContext, nullable: boolean): TypeInfo {
  const target: Target = { loc, node };
  const kind = lw.classify(target);
  if (!isSlotKind(kind)) return json(lw, nullable, objectishReason(node));
  const existing = lw.slots.get(target);
  if (existing) return { type: { kind: 'slot', slot: existing }, nullable };
  const merged = lw.merged(target);
  const surfacedRequired = merged.properties.some(
    (p) => merged.required.has(p.key) && !(isObject(p.schema) && attr(p.schema, 'x-graphql-skip') === true),
  );
  // A `$ref` extended by properties (record 0080) names its type, as a ref does.
  const forced = FORCING_ATTRIBUTES.some((a) => attr(node, a) !== undefined) || isRefConjunction(node, loc.source.draft);
  const named =
    lw.refTargets.has(target) ||
    forced ||
    lw.fieldCount(merged) > lw.options.inlineObjectThreshold ||
    surfacedRequired ||
    Array.isArray(own(node, 'oneOf')) ||
    Array.isArray(own(node, 'anyOf'));
  if (!named) return json(lw, nullable, 'small-object');
  const slotKind = ctx.input && kind === 'object' ? 'input' : kind;
  return { type: { kind: 'slot', slot: lw.slotFor(target, slotKind, ctx.owner, lw.baseNameFor(target)) }, nullable };
}

/** Type-level attributes that ask for a named type even for a small inline object. */
const FORCING_ATTRIBUTES = [
  'x-graphql-type-name',
  'x-graphql-type',
  'x-graphql-type-kind',
  'x-graphql-implements',
  'x-graphql-federation-keys',
  'x-graphql-type-directives',
];

/** D5: the scalar that holds all of these JSON values. */
function scalarOfValues(lw: Lowering, values: JsonValue[]): { type: TypeExpr } {
  const kinds = new Set(values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'Int' : 'Float') : typeof v === 'string' ? 'String' : typeof v === 'boolean' ? 'Boolean' : 'JSON')));
  if (kinds.size === 1) {
    const only = [...kinds][0];
    if (only === 'JSON') lw.jsonReason = 'mixed-values';
    return { type: only === 'JSON' ? jsonType() : named(only) };
  }
  if (kinds.size === 2 && kinds.has('Int') && kinds.has('Float')) return { type: named('Float') };
  lw.jsonReason = 'mixed-values';
  return { type: jsonType() };
}

const INT_BOUNDS: readonly string[] = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

/** Integer formats whose values do not fit GraphQL's 32-bit Int (record 0082). */
const WIDE_INT_FORMATS: readonly string[] = ['int64', 'uint32', 'uint64'];

function checkIntRange(lw: Lowering, node: JsonObject, loc: Loc): void {
  for (const key of INT_BOUNDS) {
    const bound = own(node, key);
    if (typeof bound === 'number' && (bound < INT_MIN || bound > INT_MAX)) {
      lw.warn(ErrorCodes.INT_RANGE, `${key} ${bound} is outside the 32-bit range of GraphQL Int`, at(loc, key));
      return;
    }
  }
  const format = own(node, 'format');
  if (typeof format === 'string' && WIDE_INT_FORMATS.includes(format)) {
    lw.warn(ErrorCodes.INT_RANGE, `format ${format} is outside the 32-bit range of GraphQL Int (map it with formatScalars)`, at(loc, 'format'));
  }
}

/** The spec a format's values follow, for `@specifiedBy` (record 0082). */
const FORMAT_SPECS: ReadonlyMap<string, string> = new Map([
  ['date-time', 'https://www.rfc-editor.org/rfc/rfc3339'],
  ['date', 'https://www.rfc-editor.org/rfc/rfc3339'],
  ['time', 'https://www.rfc-editor.org/rfc/rfc3339'],
  ['duration', 'https://www.rfc-editor.org/rfc/rfc3339'],
  ['uuid', 'https://www.rfc-editor.org/rfc/rfc4122'],
  ['uri', 'https://www.rfc-editor.org/rfc/rfc3986'],
  ['uri-reference', 'https://www.rfc-editor.org/rfc/rfc3986'],
  ['email', 'https://www.rfc-editor.org/rfc/rfc5321'],
  ['hostname', 'https://www.rfc-editor.org/rfc/rfc1123'],
  ['ipv4', 'https://www.rfc-editor.org/rfc/rfc2673'],
  ['ipv6', 'https://www.rfc-editor.org/rfc/rfc4291'],
]);

/**
 * Record 0082: the scalar `formatScalars` maps the node's `format` to, declared (once, with
 * `@specifiedBy` when the format's spec is known) unless it is a built-in scalar.
 */
function formatScalar(lw: Lowering, node: JsonObject, loc: Loc): string | undefined {
  const format = own(node, 'format');
  if (typeof format !== 'string') return undefined;
  const name = own(lw.options.formatScalars as JsonObject, format);
  if (typeof name !== 'string') return undefined;
  if (BUILTIN_SCALARS.has(name)) return name;
  const url = FORMAT_SPECS.get(format);
  lw.declareScalar(url === undefined ? { name } : { name, specifiedByURL: url }, loc);
  return name;
}

function jsonType(): TypeExpr {
  return named(JSON_SCALAR);
}

/** The JSON scalar, and why (record 0079: read by `lowerField`). */
function json(lw: Lowering, nullable: boolean, reason: JsonReason): TypeInfo {
  lw.jsonReason = reason;
  lw.jsonBranches = undefined;
  return { type: jsonType(), nullable };
}

function at(loc: Loc, ...segments: Array<string | number>): Loc {
  return { source: loc.source, pointer: pointerJoin(loc.pointer, ...segments) };
}
