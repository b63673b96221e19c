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
 *    that every type setting the context has, or inline fragments
 *    (`$ctx ... on A { x } ... on B { y }`, `fragmentForm`): no aliases or arguments;
 *    it goes through no `@interfaceObject` type;
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
import { hasSelection, parseFieldSet, type Selection } from './field-set-parse';
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

/** Inline fragments stand only at the top, each with a type condition, and not beside fields. */
const FRAGMENTS_AT_THE_TOP = 'inline fragments stand only at the top of the selection, each as "... on Type { field }", and not beside fields';

/** The selection of a `@fromContext`, with or without its braces, or why it is not one. */
function parseSelection(text: string): Selection[] | string {
  if (text.includes('...')) return FRAGMENTS_AT_THE_TOP;
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return parseFieldSet(text);
  // `{ a { b } }`: the field set of one field around it, one level up.
  const set = parseFieldSet(`x${text}`);
  if (typeof set === 'string') return set;
  if (set.slice(1).some((s) => s.depth === 0)) return 'it has text after its closing "}"';
  return set.slice(1).map((s) => ({ name: s.name, depth: s.depth - 1 }));
}

/** An inline fragment of the fragment form: its type condition and its fields. */
interface Fragment {
  on: string;
  set: Selection[];
}

const isNameStart = (c: string | undefined) => c !== undefined && (c === '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));
const isNameChar = (c: string | undefined) => isNameStart(c) || (c !== undefined && c >= '0' && c <= '9');
const isIgnored = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === '\uFEFF';

/** Whether the selection starts with `...` (after its optional `{`): federation's inline-fragment form. */
function isFragmentForm(text: string): boolean {
  return /^[\t\n\r ,\uFEFF]*(?:\{[\t\n\r ,\uFEFF]*)?\.\.\./.test(text);
}

/**
 * The fragment form `... on A { x } ... on B { y }`, with or without braces around it:
 * each fragment's type condition and field set (parseFieldSet), or why it is not one.
 * A flat scan: the braces of a fragment's body are counted, not recursed into.
 */
function parseFragments(text: string): Fragment[] | string {
  const chars = Array.from(text);
  let i = 0;
  const skip = () => {
    while (isIgnored(chars[i])) i++;
  };
  const name = (): string => {
    const start = i;
    if (!isNameStart(chars[i])) return '';
    while (isNameChar(chars[i])) i++;
    return chars.slice(start, i).join('');
  };
  skip();
  const braced = chars[i] === '{';
  if (braced) i++;
  const out: Fragment[] = [];
  for (;;) {
    skip();
    if (braced && chars[i] === '}') {
      i++;
      skip();
      if (i < chars.length) return 'it has text after its closing "}"';
      break;
    }
    if (i >= chars.length) {
      if (braced) return 'its "{" is not closed';
      break;
    }
    if (chars[i] !== '.' || chars[i + 1] !== '.' || chars[i + 2] !== '.') return FRAGMENTS_AT_THE_TOP;
    i += 3;
    skip();
    if (name() !== 'on') return 'an inline fragment has no type condition ("... on Type { field }")';
    skip();
    const on = name();
    if (on === '') return 'an inline fragment has no type condition ("... on Type { field }")';
    skip();
    if (chars[i] !== '{') return `the inline fragment on ${on} has no selection ("... on ${on} { field }")`;
    const start = ++i;
    let depth = 1;
    while (i < chars.length && depth > 0) {
      if (chars[i] === '{') depth++;
      else if (chars[i] === '}') depth--;
      i++;
    }
    if (depth > 0) return `the "{" of the inline fragment on ${on} is not closed`;
    const body = chars.slice(start, i - 1).join('');
    if (body.includes('...')) return FRAGMENTS_AT_THE_TOP;
    const set = parseFieldSet(body);
    if (typeof set === 'string') return set;
    if (set.length === 0) return `the inline fragment on ${on} selects no field`;
    out.push({ on, set });
  }
  return out.length === 0 ? 'it selects nothing' : out;
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
  if (isFragmentForm(parsed!.selection)) {
    fragmentForm(c, parsed!.context, locations!, parsed!.selection, arg, fail);
  } else {
    fieldForm(c, locations!, parsed!.selection, arg, fail);
  }
  const resolvable = slot.directives.some((k) => k.name === 'key' && !k.args.some(([n, v]) => n === 'resolvable' && v === false));
  if (!resolvable) fail(`${slot.name} has no resolvable @key, which federation asks of a type with a @fromContext argument`);
}

/** `$ctx { a { b } }`: one field that every type setting the context has. */
function fieldForm(c: ContextCheck, locations: readonly Slot[], selection: string, arg: DraftInputValue, fail: (why: string) => never): void {
  const set = parseSelection(selection);
  if (typeof set === 'string') fail(`not a selection: ${set}`);
  const selections = set as Selection[];
  if (selections.filter((s) => s.depth === 0).length > 1) fail('it selects more than one field, and a context gives one value');
  for (const location of locations) matchArgument(location, resolveIn(c, location, selections, fail), arg, fail);
}

/** The shape a selection gives in `location` is the argument's type (federation's `isValidImplementationFieldType`). */
function matchArgument(location: Slot, resolved: Shape | undefined, arg: DraftInputValue, fail: (why: string) => never): void {
  const expected = typeShape(arg.type);
  if (resolved === undefined) fail(`the fields it selects in ${location.name} have different types`);
  if (expected === undefined || expected.lists !== resolved!.lists || expected.base !== resolved!.base) {
    fail(`it selects a value of type ${shapeText(resolved!)} in ${location.name}, and the argument's type is ${renderType(arg.type)} (federation reads the selection without its non-null markers)`);
  }
}

/**
 * `$ctx ... on A { x } ... on B { y }` (federation's `validateFieldValue`, inline
 * fragments): distinct type conditions naming object types; each fragment's fields
 * exist in its type and give the argument's type (several fields may, when they give
 * the same one); every type setting the context is, or may be at run time, the type
 * condition of some fragment; and every fragment's type condition is one of those.
 */
function fragmentForm(c: ContextCheck, context: string, locations: readonly Slot[], selection: string, arg: DraftInputValue, fail: (why: string) => never): void {
  const fragments = parseFragments(selection);
  if (typeof fragments === 'string') fail(`not a selection: ${fragments}`);
  const seen = new Set<string>();
  const types: Slot[] = [];
  for (const f of fragments as Fragment[]) {
    if (seen.has(f.on)) fail(`it has two inline fragments on ${f.on}, and federation takes each type condition once`);
    seen.add(f.on);
    const type = c.order.find((t) => t.name === f.on);
    if (type === undefined) fail(`the type condition ${f.on} names no type of the schema`);
    if (type!.kind !== 'object') fail(`the type condition ${f.on} is ${/^[aeiou]/.test(type!.kind) ? 'an' : 'a'} ${type!.kind}, and federation takes only object types there`);
    matchArgument(type!, resolveIn(c, type!, f.set, fail), arg, fail);
    types.push(type!);
  }
  const used = new Set<Slot>();
  for (const location of locations) {
    const possible = possibleTypes(c, location);
    const matched = types.filter((t) => possible.includes(t));
    if (matched.length === 0) fail(`no inline fragment's type condition is ${location.name}${location.kind === 'object' ? '' : ' or one of its possible types'}, and ${location.name} sets the context "${context}"`);
    for (const t of matched) used.add(t);
  }
  const unused = types.find((t) => !used.has(t));
  if (unused !== undefined) fail(`the type condition ${unused.name} is not a type that sets the context "${context}", nor one of their possible types`);
}

/** The object types a value of `t` may have at run time: itself, an interface's implementations, a union's members. */
function possibleTypes(c: ContextCheck, t: Slot): Slot[] {
  if (t.kind === 'object') return [t];
  if (t.kind === 'union') return t.members;
  if (t.kind === 'interface') return c.order.filter((o) => o.kind === 'object' && o.interfaces.includes(t));
  return [];
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
  const tops: Array<Shape | undefined> = [];
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
    if (parents[i] < 0) tops.push(shape);
    else childShapes[parents[i]].push(shape);
  }
  // Several fields at the top (an inline fragment's) give a value when they give the same one.
  const top = tops[0];
  return top !== undefined && tops.every((x) => x !== undefined && x.lists === top.lists && x.base === top.base) ? top : undefined;
}
