/**
 * Rule 5 of the canonical form (record 0028): on a type and on a field, the
 * directives that an attribute can say come first, in the order the forward
 * direction prints attributes; the rest keep their order. Record 0076: unless
 * `x-graphql-directive-order` says another order (SDL -> JSON writes it where
 * the SDL gives one, so that the order of applied directives survives). Both printers'
 * inputs pass through here: `sdl-read` (SDL -> IR) and `assemble` (forward),
 * and `reverse` splits directives the same way to write the attributes.
 */
import type { AppliedDirective, Definition, DirectiveDef, FieldDef } from './ir';
import type { JsonValue } from './load';

/** `format: "uri"` of the attribute catalog: what `x-graphql-scalar.specifiedByURL` accepts. */
export const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

const str = (v: JsonValue | undefined): v is string => typeof v === 'string';

/** Exactly these argument names, in this order. */
function argsAre(d: AppliedDirective, names: string[]): boolean {
  return d.args.length === names.length && d.args.every(([n], i) => n === names[i]);
}

/** `@key(fields: "...")` or `@key(fields: "...", resolvable: <boolean>)`. */
export function isKeyAttribute(d: AppliedDirective): boolean {
  if (d.name !== 'key') return false;
  if (argsAre(d, ['fields'])) return str(d.args[0][1]);
  return argsAre(d, ['fields', 'resolvable']) && str(d.args[0][1]) && typeof d.args[1][1] === 'boolean';
}

const noArgs = (name: string) => (d: AppliedDirective) => d.name === name && d.args.length === 0;
const oneString = (name: string, arg: string) => (d: AppliedDirective) => d.name === name && argsAre(d, [arg]) && str(d.args[0][1]);
const isInt = (v: JsonValue | undefined): boolean => typeof v === 'number' && Number.isInteger(v);
const isStrings = (v: JsonValue | undefined): boolean => Array.isArray(v) && v.every(str);
const oneInt = (name: string, arg: string) => (d: AppliedDirective) => d.name === name && argsAre(d, [arg]) && isInt(d.args[0][1]);
/** `@requiresScopes(scopes: [["a"]])`, `@policy(policies: ...)`: a list of lists of strings. */
const stringLists = (name: string, arg: string) => (d: AppliedDirective) =>
  d.name === name && argsAre(d, [arg]) && Array.isArray(d.args[0][1]) && (d.args[0][1] as JsonValue[]).every(isStrings);

/** `@override(from: "...")`, and under a federation link `@override(from: "...", label: "...")`. */
function isOverride(d: AppliedDirective, linked: boolean): boolean {
  if (d.name !== 'override') return false;
  if (argsAre(d, ['from'])) return str(d.args[0][1]);
  return linked && argsAre(d, ['from', 'label']) && str(d.args[0][1]) && str(d.args[1][1]);
}

/** The arguments of `@listSize`, in the order the attribute prints them, with the JSON each takes. */
const LIST_SIZE_ARGS: ReadonlyArray<[string, (v: JsonValue | undefined) => boolean]> = [
  ['assumedSize', isInt],
  ['slicingArguments', isStrings],
  ['sizedFields', isStrings],
  ['requireOneSlicingArgument', (v) => typeof v === 'boolean'],
];

function isListSize(d: AppliedDirective): boolean {
  if (d.name !== 'listSize') return false;
  let next = 0;
  for (const [name, value] of d.args) {
    while (next < LIST_SIZE_ARGS.length && LIST_SIZE_ARGS[next][0] !== name) next++;
    if (next === LIST_SIZE_ARGS.length || !LIST_SIZE_ARGS[next][1](value)) return false;
    next++;
  }
  return true;
}

/**
 * An attribute that says a directive: its name, whether it fits, whether it says
 * every fitting directive (a list: keys, tags, contexts) or the first, and whether
 * it is read only under a federation `@link` (record 0075: the later attributes;
 * without a link a directive of that name is the document's own).
 */
export interface DirectiveAttribute {
  attribute: string;
  fits: (d: AppliedDirective, linked: boolean) => boolean;
  many: boolean;
  linkedOnly: boolean;
}

const a = (attribute: string, fits: (d: AppliedDirective, linked: boolean) => boolean, many: boolean, linkedOnly: boolean): DirectiveAttribute => ({ attribute, fits, many, linkedOnly });

/** On a type, in the order the forward direction prints them (records 0011, 0075). */
export const TYPE_ATTRIBUTE_DIRECTIVES: readonly DirectiveAttribute[] = [
  a('x-graphql-federation-keys', isKeyAttribute, true, false),
  a('x-graphql-federation-shareable', noArgs('shareable'), false, false),
  a('x-graphql-federation-interface-object', noArgs('interfaceObject'), false, true),
  a('x-graphql-federation-inaccessible', noArgs('inaccessible'), false, true),
  a('x-graphql-federation-tags', oneString('tag', 'name'), true, true),
  a('x-graphql-federation-authenticated', noArgs('authenticated'), false, true),
  a('x-graphql-federation-requires-scopes', stringLists('requiresScopes', 'scopes'), false, true),
  a('x-graphql-federation-policy', stringLists('policy', 'policies'), false, true),
  a('x-graphql-federation-context', oneString('context', 'name'), true, true),
  a('x-graphql-federation-cost', oneInt('cost', 'weight'), false, true),
];

/** On a field, in the order the forward direction prints them (records 0011, 0075). */
export const FIELD_ATTRIBUTE_DIRECTIVES: readonly DirectiveAttribute[] = [
  a('x-graphql-federation-external', noArgs('external'), false, false),
  a('x-graphql-federation-requires', oneString('requires', 'fields'), false, false),
  a('x-graphql-federation-provides', oneString('provides', 'fields'), false, false),
  a('x-graphql-federation-shareable', noArgs('shareable'), false, false),
  a('x-graphql-federation-override-from', isOverride, false, false),
  a('x-graphql-federation-inaccessible', noArgs('inaccessible'), false, true),
  a('x-graphql-federation-tags', oneString('tag', 'name'), true, true),
  a('x-graphql-federation-authenticated', noArgs('authenticated'), false, true),
  a('x-graphql-federation-requires-scopes', stringLists('requiresScopes', 'scopes'), false, true),
  a('x-graphql-federation-policy', stringLists('policy', 'policies'), false, true),
  a('x-graphql-federation-cost', oneInt('cost', 'weight'), false, true),
  a('x-graphql-federation-list-size', isListSize, false, true),
];

/** `@specifiedBy(url: "<absolute URI>")` on a scalar: `x-graphql-scalar.specifiedByURL`. */
export function isSpecifiedByAttribute(d: AppliedDirective): boolean {
  return d.name === 'specifiedBy' && argsAre(d, ['url']) && str(d.args[0][1]) && URI.test(d.args[0][1]);
}

/** Directives split by the attributes that say them: (attribute, its directives) in attribute order, then the rest. */
export interface DirectiveSplit {
  specifiedBy?: AppliedDirective;
  attributes: Array<[string, AppliedDirective[]]>;
  rest: AppliedDirective[];
}

function split(table: readonly DirectiveAttribute[], directives: readonly AppliedDirective[], linked: boolean, scalar: boolean): DirectiveSplit {
  const found = new Map<string, AppliedDirective[]>();
  const out: DirectiveSplit = { attributes: [], rest: [] };
  for (const d of directives) {
    if (scalar && out.specifiedBy === undefined && isSpecifiedByAttribute(d)) {
      out.specifiedBy = d;
      continue;
    }
    const hit = table.find((t) => (linked || !t.linkedOnly) && (t.many || !found.has(t.attribute)) && t.fits(d, linked));
    if (hit === undefined) out.rest.push(d);
    else found.set(hit.attribute, [...(found.get(hit.attribute) ?? []), d]);
  }
  for (const t of table) {
    const list = found.get(t.attribute);
    if (list) out.attributes.push([t.attribute, list]);
  }
  return out;
}

/**
 * The directives of a type, split the way the forward direction prints them:
 * on a scalar the first fitting `@specifiedBy`, then the attributes' directives
 * in attribute order (every fitting `@key`, the first `@shareable`, ...), then
 * the rest in their order. `linked`: the document links federation (record 0075).
 */
export function splitTypeDirectives(kind: Definition['kind'], directives: readonly AppliedDirective[], linked: boolean): DirectiveSplit {
  return split(TYPE_ATTRIBUTE_DIRECTIVES, directives, linked, kind === 'scalar');
}

/** A field's directives: the fitting ones per federation attribute (in attribute order), then the rest. */
export function splitFieldDirectives(directives: readonly AppliedDirective[], linked: boolean): DirectiveSplit {
  return split(FIELD_ATTRIBUTE_DIRECTIVES, directives, linked, false);
}

function joined(s: DirectiveSplit): AppliedDirective[] {
  const out: AppliedDirective[] = s.specifiedBy ? [s.specifiedBy] : [];
  for (const [, list] of s.attributes) out.push(...list);
  out.push(...s.rest);
  return out;
}

/** A type's directives in canonical order. */
export function canonicalTypeDirectives(kind: Definition['kind'], directives: readonly AppliedDirective[], linked: boolean): readonly AppliedDirective[] {
  // None or one: already in order (most types and fields; spares a split per element),
  // and shared: the lists are read-only.
  if (directives.length <= 1) return directives;
  return joined(splitTypeDirectives(kind, directives, linked));
}

/** A field's (or input field's) directives in canonical order. */
export function canonicalFieldDirectives(directives: readonly AppliedDirective[], linked: boolean): readonly AppliedDirective[] {
  if (directives.length <= 1) return directives;
  return joined(splitFieldDirectives(directives, linked));
}

/**
 * Puts a type definition's directives, and its fields' directives, in the order of the
 * canonical form (in place): rule 5 as record 0076 amends it, their own order when
 * `x-graphql-directive-order` can say it (`keptOrder`), else attribute directives first.
 * `linked`: the document links federation (record 0075).
 */
export function canonicalDirectiveOrder(def: Exclude<Definition, DirectiveDef>, linked: boolean): void {
  // In place, so a list of none or one stays as it is: the copies the two functions make
  // for their callers were 4 MB per conversion at N = 5,000 (issue #8).
  if (def.directives.length > 1) def.directives = keptOrder(def.directives, canonicalTypeDirectives(def.kind, def.directives, linked));
  if (def.kind === 'object' || def.kind === 'interface' || def.kind === 'input') {
    for (const f of def.fields as FieldDef[]) {
      if (f.directives.length > 1) f.directives = keptOrder(f.directives, canonicalFieldDirectives(f.directives, linked));
    }
  }
}

/** Whether two lists hold the same directives in the same order. */
export function sameOrder(a: readonly AppliedDirective[], b: readonly AppliedDirective[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/**
 * `x-graphql-directive-order` (record 0076): the directives of `canonical` (one element's,
 * in canonical order) in the order `names` gives, each name taking the first directive of
 * that name not yet taken; the directives no name takes follow, in their order.
 */
export function orderByNames(canonical: readonly AppliedDirective[], names: readonly string[]): AppliedDirective[] {
  const taken = canonical.map(() => false);
  const out: AppliedDirective[] = [];
  for (const name of names) {
    const i = canonical.findIndex((d, j) => !taken[j] && d.name === name);
    if (i < 0) continue;
    taken[i] = true;
    out.push(canonical[i]);
  }
  canonical.forEach((d, j) => {
    if (!taken[j]) out.push(d);
  });
  return out;
}

/**
 * The order of an element's directives in the canonical form: their own (`list`) when
 * the names in that order give it back from the canonical order (`orderByNames`), which
 * is what reverse writes as `x-graphql-directive-order`; the canonical order otherwise
 * (the same name both said by an attribute and not, the one that is not first).
 */
function keptOrder(list: readonly AppliedDirective[], canonical: readonly AppliedDirective[]): readonly AppliedDirective[] {
  if (sameOrder(list, canonical)) return canonical;
  return sameOrder(orderByNames(canonical, list.map((d) => d.name)), list) ? list : canonical;
}

/**
 * Where the JSON Schema that reverse writes gives each of an element's directives, in
 * their order (the split of `split`, by index): `x-graphql-scalar/specifiedByURL`, an
 * attribute (`x-graphql-federation-shareable`), an entry of a list attribute
 * (`x-graphql-federation-keys/<i>`), or `<rest>/<i>`. Read to place a problem the forward
 * direction finds in such a schema back on the SDL directive (sdl-subgraph.ts).
 */
function directivePlaces(
  table: readonly DirectiveAttribute[],
  directives: readonly AppliedDirective[],
  linked: boolean,
  scalar: boolean,
  rest: string,
): string[] {
  const counts = new Map<string, number>();
  let others = 0;
  let specifiedBy = false;
  return directives.map((d) => {
    if (scalar && !specifiedBy && isSpecifiedByAttribute(d)) {
      specifiedBy = true;
      return 'x-graphql-scalar/specifiedByURL';
    }
    const hit = table.find((t) => (linked || !t.linkedOnly) && (t.many || !counts.has(t.attribute)) && t.fits(d, linked));
    if (hit === undefined) return `${rest}/${others++}`;
    const n = counts.get(hit.attribute) ?? 0;
    counts.set(hit.attribute, n + 1);
    return hit.many ? `${hit.attribute}/${n}` : hit.attribute;
  });
}

/** `directivePlaces` for a type's directives. */
export function typeDirectivePlaces(kind: Definition['kind'], directives: readonly AppliedDirective[], linked: boolean): string[] {
  return directivePlaces(TYPE_ATTRIBUTE_DIRECTIVES, directives, linked, kind === 'scalar', 'x-graphql-type-directives');
}

/** `directivePlaces` for a field's directives. */
export function fieldDirectivePlaces(directives: readonly AppliedDirective[], linked: boolean): string[] {
  return directivePlaces(FIELD_ATTRIBUTE_DIRECTIVES, directives, linked, false, 'x-graphql-field-directives');
}
