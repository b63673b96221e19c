/**
 * mixed-unions: a `oneOf` / `anyOf` that mixes object branches with scalars (or arrays,
 * maps, enums), under the option `mixedUnions` (record 0085). `"json"` (the default)
 * leaves it the JSON scalar (C3 rule 4). `"types"` leaves it JSON but gives every object
 * branch its named type and names the branches' types in the field's description.
 * `"wrap"` makes it a union: object branches are members, every other branch is wrapped
 * in a one-field object type (`type BooleanValue { value: Boolean! }`), one per wrapped
 * type, shared across the document and named after every other type (so a collision
 * takes D3's suffix). Input positions stay JSON in every mode (an input holds no union).
 * The twin of rust/src/mixed_unions.rs.
 */
import { ErrorCodes } from './errors';
import { isObject, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { locKey, type Loc, type Target } from './loc';
import { BRANCH_KEYWORDS, type Lowering } from './lower';
import { MAX_TYPE_DEPTH, typeOf, type TypeContext } from './lower-types';
import { toTypeName } from './naming';
import { explicitTypeName, isRefConjunction, refOf } from './normalize';
import { newSlot, type Slot } from './slots';
import { JSON_SCALAR, baseOf, nonNull, renderType, type TypeExpr } from './type-expr';

/** The first non-empty `oneOf` (else `anyOf`) of a node without `properties`, as C3 reads it. */
export function branchList(node: JsonObject): { keyword: string; list: JsonValue[] } | undefined {
  if (isObject(own(node, 'properties'))) return undefined;
  for (const keyword of BRANCH_KEYWORDS) {
    const list = own(node, keyword);
    if (Array.isArray(list) && list.length > 0) return { keyword, list };
  }
  return undefined;
}

/** `{"type": "null"}`: a branch that only makes the field nullable (C3 rule 1). */
function isNullBranch(b: JsonValue): boolean {
  return isObject(b) && own(b, 'type') === 'null';
}

/** The object type a branch is: its `$ref`'s target or the inline branch, when it classifies as an object. */
function objectBranch(lw: Lowering, b: JsonValue, at: Loc): { target: Target; ref: boolean } | undefined {
  if (!isObject(b)) return undefined;
  const ref = isRefConjunction(b, at.source.draft) ? undefined : refOf(b);
  const target = ref === undefined ? { loc: at, node: b } : lw.followRefs(lw.resolver.resolve(ref, at));
  if (ref !== undefined && lw.resolver.isUnresolved(target)) return undefined;
  // A branch that is a mixed union asks for its own branches' classes: bounded as refUnionMembers is.
  if (lw.classifyDepth >= MAX_TYPE_DEPTH) {
    lw.fail(ErrorCodes.TOO_DEEP, `types nest deeper than ${MAX_TYPE_DEPTH} levels here (array items, branches and $refs to aliases)`, at);
  }
  lw.classifyDepth++;
  try {
    return lw.classify(target) === 'object' ? { target, ref: ref !== undefined } : undefined;
  } finally {
    lw.classifyDepth--;
  }
}

/**
 * Whether a node is a mixed union the option acts on: its branches (null aside) are not
 * all object types (those are C3's unions) and one at least is. Branches that are all
 * scalars (`string` or `integer`) have no structure to keep: they stay JSON.
 */
export function isMixedUnion(lw: Lowering, target: Target): boolean {
  const node = target.node;
  if (!isObject(node) || lw.options.mixedUnions === 'json') return false;
  const branches = branchList(node);
  if (branches === undefined) return false;
  let objects = 0;
  let others = 0;
  branches.list.forEach((b, i) => {
    if (isNullBranch(b)) return;
    if (objectBranch(lw, b, at(target.loc, branches.keyword, i)) !== undefined) objects++;
    else others++;
  });
  return objects > 0 && others > 0;
}

/** An inline branch that is an enum type (a string `enum`, a documented enum): named as an inline object branch is. */
function inlineEnum(lw: Lowering, b: JsonValue, loc: Loc): Target | undefined {
  if (!isObject(b) || (refOf(b) !== undefined && !isRefConjunction(b, loc.source.draft))) return undefined;
  const target = { loc, node: b };
  return lw.classify(target) === 'enum' ? target : undefined;
}

/** `title`, else `<UnionName><n>` (n counted from 1): the name of an inline branch's type (record 0081). */
function branchName(lw: Lowering, target: Target, unionName: () => string, i: number): () => string {
  const title = own(target.node as JsonObject, 'title');
  return typeof title === 'string' && title !== '' ? lw.baseNameFor(target) : () => unionName() + String(i + 1);
}

/** `<Definition key>` for a definition, `x-graphql-type-name`, else C3's `<OwnerType><PascalKey>`. */
function unionBaseName(lw: Lowering, target: Target, ctx: TypeContext): () => string {
  const explicit = explicitTypeName(target.node as JsonObject);
  if (explicit) return () => explicit.name;
  const segments = target.loc.pointer.split('/');
  if (segments.length === 3 && (segments[1] === 'definitions' || segments[1] === '$defs')) return lw.baseNameFor(target);
  return () => ctx.owner.name + toTypeName(ctx.key);
}

/**
 * `"types"`: the type of every branch (null aside), in branch order. An inline object or
 * enum branch is a named type (a child of the field's type), named by its `title`, else
 * `<UnionName><n>`, n its position in the list from 1 (record 0081's names); any other
 * branch has the type `typeOf` gives it (a `$ref`'s type).
 */
export function branchTypes(lw: Lowering, target: Target, ctx: TypeContext): TypeExpr[] {
  const { keyword, list } = branchList(target.node as JsonObject)!;
  const unionName = unionBaseName(lw, target, ctx);
  const types: TypeExpr[] = [];
  list.forEach((b, i) => {
    if (isNullBranch(b)) return;
    const loc = at(target.loc, keyword, i);
    const object = objectBranch(lw, b, loc);
    if (object !== undefined && !object.ref) {
      types.push({ kind: 'slot', slot: lw.slotFor(object.target, 'object', ctx.owner, branchName(lw, object.target, unionName, i)) });
      return;
    }
    const anEnum = object === undefined ? inlineEnum(lw, b, loc) : undefined;
    if (anEnum !== undefined) {
      types.push({ kind: 'slot', slot: lw.slotFor(anEnum, 'enum', ctx.owner, branchName(lw, anEnum, unionName, i)) });
      return;
    }
    types.push(typeOf(lw, b, loc, ctx).type);
  });
  return types;
}

/** The slot of a `"wrap"` mixed union on a property: named as C3 names a union. */
export function mixedUnionSlot(lw: Lowering, target: Target, ctx: TypeContext): Slot {
  return lw.slotFor(target, 'union', ctx.owner, unionBaseName(lw, target, ctx));
}

/** `"types"`: the field's description, followed by the branches' types (each named once). */
export function branchesDescription(description: string | undefined, types: readonly TypeExpr[]): string {
  const names = [...new Set(types.map(renderType))];
  const line = `One of: ${names.join(', ')}.`;
  return description === undefined ? line : `${description}\n\n${line}`;
}

/**
 * `"wrap"`: the members of a mixed union's slot: object branches as record 0081 makes
 * them (`inline` names an inline one), every other branch's type in its wrapper. An
 * inline enum branch is named as an inline object branch is (`<Union><n>`).
 */
export function wrapMembers(
  lw: Lowering,
  slot: Slot,
  inline: (m: JsonObject, loc: Loc, i: number) => Slot | undefined,
): Array<{ slot: Slot | undefined; loc: Loc }> {
  const { keyword, list } = branchList(slot.node)!;
  // A branch's own inline enum or union is a child of the union, named `<Union>Value`.
  const ctx: TypeContext = { owner: slot, key: 'value', input: false };
  const members: Array<{ slot: Slot | undefined; loc: Loc }> = [];
  list.forEach((b, i) => {
    if (isNullBranch(b)) return;
    const loc = at(slot.loc, keyword, i);
    const object = objectBranch(lw, b, loc);
    if (object !== undefined) {
      const member = object.ref ? lw.slotFor(object.target, 'object', slot, lw.baseNameFor(object.target)) : inline(b as JsonObject, loc, i);
      members.push({ slot: member, loc });
      return;
    }
    const anEnum = inlineEnum(lw, b, loc);
    if (anEnum !== undefined) {
      const named = lw.slotFor(anEnum, 'enum', slot, branchName(lw, anEnum, () => slot.name, i));
      members.push({ slot: wrapper(lw, { kind: 'slot', slot: named }, loc), loc });
      return;
    }
    lw.jsonReason = undefined;
    const type = typeOf(lw, b, loc, ctx).type;
    const base = baseOf(type);
    if (base.kind === 'name' && base.name === JSON_SCALAR) lw.jsonFields.push({ reason: lw.jsonReason ?? 'untyped', loc });
    members.push({ slot: wrapper(lw, type, loc), loc });
  });
  return members;
}

/** The one wrapper of a type: `type <Name>Value { value: <type>! }`, made at its first use. */
function wrapper(lw: Lowering, type: TypeExpr, loc: Loc): Slot {
  const key = wrapperKey(type);
  const known = lw.wrappers.get(key);
  if (known !== undefined) return known;
  const slot = newSlot({ loc, node: {}, kind: 'object', base: () => wrapperName(type) });
  slot.fields.push({ name: 'value', args: [], type: nonNull(type), directives: [], loc, typeFrom: 'property' });
  lw.wrappers.set(key, slot);
  return slot;
}

/** What tells two wrapped types apart: the names, the slots (by place) and the lists. */
function wrapperKey(t: TypeExpr): string {
  switch (t.kind) {
    case 'name':
      return `name:${t.name}`;
    case 'slot':
      return `slot:${locKey(t.slot.loc)}`;
    case 'list':
      return `[${wrapperKey(t.of)}]`;
    case 'nonNull':
      return `${wrapperKey(t.of)}!`;
  }
}

/** `BooleanValue`, `StringListValue` (`[String]`), `<Enum>Value`: evaluated at naming time, after every other type. */
function wrapperName(t: TypeExpr): string {
  let lists = '';
  while (t.kind === 'list' || t.kind === 'nonNull') {
    if (t.kind === 'list') lists += 'List';
    t = t.of;
  }
  return (t.kind === 'slot' ? t.slot.name : t.name) + lists + 'Value';
}

function at(loc: Loc, ...segments: Array<string | number>): Loc {
  return { source: loc.source, pointer: pointerJoin(loc.pointer, ...segments) };
}
