/**
 * from-context: federation's rules for `@context(name:)` and `@fromContext(field:)`
 * (record 0084), as `buildSubgraphSchema` of @apollo/subgraph 2.14 applies them
 * (federation-internals `federation.js`: the context names, then each
 * `@fromContext`), so that what we print builds. Run by field-set.ts once the names
 * are final; every problem is FIELD_SET at the attribute (`fromContext`, the entry of
 * an argument's `directives`, `x-graphql-federation-context/0`):
 *
 * 1. a context name is letters and digits, starting with a letter;
 * 2. `@fromContext` stands on an argument of a field of an object type, a field that
 *    implements no interface field, and the argument has no default;
 * 3. its `field` is `$context selection`, the context set by `@context` on some type;
 * 4. the selection is one field, with nested selections (`$ctx { owner { id } }`),
 *    that every type setting the context has: no aliases, arguments or inline
 *    fragments (x-graphql does not read the fragment form); it goes through no
 *    `@interfaceObject` type;
 * 5. the leaf's type, wrapped in the lists of the fields above it and without its
 *    non-null markers, is the argument's type (federation's
 *    `isValidImplementationFieldType`: `String` for a `String!` field, never `String!`);
 * 6. the object type has a resolvable `@key`.
 *
 * The fields a selection names count as used (`collectUsedFieldsForFromContext`), for
 * field-set.ts's unused `@external` rule. The selection is a flat list (parseFieldSet),
 * so nothing here recurses. The twin of rust/src/from_context.rs.
 */
import { ErrorCodes } from './errors';
import type { AppliedDirective } from './ir';
import type { Loc } from './loc';
import type { Lowering } from './lower';
import { hasSelection, parseFieldSet, type Selection } from './field-set';
import type { DraftField, DraftInputValue, Slot } from './slots';
import { baseOf, listDepth, renderType, type TypeExpr } from './type-expr';

/** What from-context needs of field-set.ts's check. */
export interface ContextCheck {
  lw: Lowering;
  order: readonly Slot[];
  slotOf(field: DraftField): Slot | undefined;
  /** Records a field a selection names (and its implementations' through an interface). */
  use(type: Slot, name: string): void;
  isFederation(name: string): boolean;
  /** Where each of a type's directives was given. */
  typeLocs(slot: Slot): readonly Loc[];
}

/**
 * Federation's `parseContext`: `$name` after ignored characters (white space, commas,
 * comments), and the rest, or undefined.
 */
export function parseContext(text: string): { context: string; selection: string } | undefined {
  const m = /^(?:[\n\r\t ,]|#[^\n\r]*(?![^\n\r]))*\$(?:[\n\r\t ,]|#[^\n\r]*(?![^\n\r]))*([A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_]))([\s\S]*)$/.exec(text);
  return m === null ? undefined : { context: m[1], selection: m[2] };
}

/** The selection of a `@fromContext`, with or without its braces, or why it is not one. */
function parseSelection(text: string): Selection[] | string {
  if (text.includes('...')) return 'x-graphql reads a single field selection, not inline fragments';
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return parseFieldSet(text);
  // `{ a { b } }`: the field set of one field around it, one level up.
  const set = parseFieldSet(`x${text}`);
  if (typeof set === 'string') return set;
  if (set.slice(1).some((s) => s.depth === 0)) return 'it has text after its closing "}"';
  return set.slice(1).map((s) => ({ name: s.name, depth: s.depth - 1 }));
}

const CONTEXT_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

export function checkContexts(c: ContextCheck): void {
  // Context name -> the types that set it, in document order.
  const contexts = new Map<string, Slot[]>();
  if (c.isFederation('context') && c.lw.directives.federationUsed.has('context')) {
    for (const slot of c.order) {
      slot.directives.forEach((d, i) => {
        if (d.name !== 'context') return;
        const name = d.args.find(([n]) => n === 'name')?.[1];
        if (typeof name !== 'string') return;
        const head = `@context(name: "${name}") on type ${slot.name}`;
        if (name.includes('_')) c.lw.fail(ErrorCodes.FIELD_SET, `${head}: a context name may not contain an underscore`, c.typeLocs(slot)[i]);
        if (!CONTEXT_NAME.test(name)) c.lw.fail(ErrorCodes.FIELD_SET, `${head}: a context name has only letters and digits, and starts with a letter`, c.typeLocs(slot)[i]);
        const list = contexts.get(name);
        if (list) list.push(slot);
        else contexts.set(name, [slot]);
      });
    }
  }
  if (!c.isFederation('fromContext') || !c.lw.directives.federationUsed.has('fromContext')) return;
  for (const slot of c.order) {
    if (slot.kind !== 'object' && slot.kind !== 'interface') continue;
    for (const field of slot.fields) {
      for (const arg of field.args) {
        const d = arg.directives.find((x) => x.name === 'fromContext');
        if (d !== undefined) fromContext(c, contexts, slot, field, arg, d, arg.fromContextAt ?? field.loc);
      }
    }
  }
}

function fromContext(c: ContextCheck, contexts: Map<string, Slot[]>, slot: Slot, field: DraftField, arg: DraftInputValue, d: AppliedDirective, loc: Loc): void {
  const value = d.args.find(([n]) => n === 'field')?.[1];
  const text = typeof value === 'string' ? value : '';
  const head = `@fromContext(field: "${text}") on argument ${slot.name}.${field.name}(${arg.name}:)`;
  const fail = (why: string): never => c.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${why}`, loc);
  if (slot.kind !== 'object') fail(`${slot.name} is an interface, and federation takes @fromContext only on the fields of object types`);
  for (const iface of slot.interfaces) {
    if (iface.fields.some((f) => f.name === field.name)) fail(`${slot.name}.${field.name} implements the interface field ${iface.name}.${field.name}, where federation refuses @fromContext`);
  }
  if (arg.defaultValue !== undefined) fail('the argument has a default value, which an argument with @fromContext cannot have');
  const parsed = parseContext(text);
  if (parsed === undefined || parsed.selection === '') fail('it names no context: write "$context { field }"');
  const locations = contexts.get(parsed!.context);
  if (locations === undefined) fail(`no type sets the context "${parsed!.context}" (@context(name: "${parsed!.context}"))`);
  const set = parseSelection(parsed!.selection);
  if (typeof set === 'string') fail(`not a selection: ${set}`);
  const selections = set as Selection[];
  if (selections.filter((s) => s.depth === 0).length > 1) fail('it selects more than one field, and a context gives one value');
  for (const location of locations!) {
    const resolved = resolveIn(c, location, selections, fail);
    const expected = typeShape(arg.type);
    if (resolved === undefined) fail(`the fields it selects in ${location.name} have different types`);
    if (expected === undefined || expected.lists !== resolved!.lists || expected.base !== resolved!.base) {
      fail(`it selects a value of type ${shapeText(resolved!)} in ${location.name}, and the argument's type is ${renderType(arg.type)} (federation reads the selection without its non-null markers)`);
    }
  }
  const resolvable = slot.directives.some((k) => k.name === 'key' && !k.args.some(([n, v]) => n === 'resolvable' && v === false));
  if (!resolvable) fail(`${slot.name} has no resolvable @key, which federation asks of a type with a @fromContext argument`);
}

interface Shape {
  lists: number;
  base: string;
}

/** A type without non-null markers: its lists and named type; undefined when it has a `!`. */
function typeShape(t: TypeExpr): Shape | undefined {
  let lists = 0;
  let cur = t;
  while (cur.kind === 'list') {
    lists++;
    cur = cur.of;
  }
  if (cur.kind === 'nonNull') return undefined;
  return { lists, base: renderType(cur) };
}

function shapeText(s: Shape): string {
  return '['.repeat(s.lists) + s.base + ']'.repeat(s.lists);
}

/**
 * The selection's fields in `location` (each must exist, a leaf without a selection,
 * a composite field with one, no `@interfaceObject` type on the way), and the type the
 * selection gives (federation's `validateFieldValueType`): undefined when the fields of
 * one selection give different types.
 */
function resolveIn(c: ContextCheck, location: Slot, set: readonly Selection[], fail: (why: string) => never): Shape | undefined {
  const types: Slot[] = [location];
  const fields: DraftField[] = [];
  const interfaceObject = (t: Slot) => t.kind === 'object' && c.isFederation('interfaceObject') && t.directives.some((x) => x.name === 'interfaceObject');
  if (interfaceObject(location)) fail(`${location.name} is an @interfaceObject, which a @fromContext selection cannot read`);
  set.forEach((s, i) => {
    const type = types[s.depth];
    const field = type.kind === 'union' ? undefined : type.fields.find((f) => f.name === s.name);
    if (field === undefined) fail(`${type.name} has no field "${s.name}"`);
    const target = c.slotOf(field!);
    const composite = target !== undefined && (target.kind === 'object' || target.kind === 'interface' || target.kind === 'union');
    const selected = hasSelection(set, i);
    if (composite && !selected) fail(`${type.name}.${s.name} returns the ${target.kind} ${target.name}: select one of its fields, as in "${s.name} { ... }"`);
    if (!composite && selected) fail(`${type.name}.${s.name} has type ${renderType(field!.type)}, which has no fields to select`);
    if (selected) {
      if (interfaceObject(target!)) fail(`${target!.name} is an @interfaceObject, which a @fromContext selection cannot read`);
      types[s.depth + 1] = target!;
    }
    c.use(type, s.name);
    fields.push(field!);
  });
  // From the last selection back: each one's shape from its own selections.
  const shapes: Array<Shape | undefined> = new Array<Shape | undefined>(set.length);
  const childShapes: Array<Array<Shape | undefined>> = set.map(() => []);
  const parents: number[] = [];
  const last: number[] = [];
  set.forEach((s, i) => {
    parents[i] = s.depth === 0 ? -1 : last[s.depth - 1];
    last[s.depth] = i;
  });
  let top: Shape | undefined;
  for (let i = set.length - 1; i >= 0; i--) {
    const lists = listDepth(fields[i].type);
    let shape: Shape | undefined;
    if (hasSelection(set, i)) {
      const subs = childShapes[i];
      const first = subs[0];
      const same = first !== undefined && subs.every((x) => x !== undefined && x.lists === first.lists && x.base === first.base);
      shape = same ? { lists: first.lists + lists, base: first.base } : undefined;
    } else {
      shape = { lists, base: renderType(baseOf(fields[i].type)) };
    }
    shapes[i] = shape;
    if (parents[i] < 0) top = shape;
    else childShapes[parents[i]].push(shape);
  }
  return top;
}
