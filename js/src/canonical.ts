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
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

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

export const FIELD_ATTRIBUTE_DIRECTIVES: ReadonlyArray<[string, (d: AppliedDirective) => boolean]> = [
  ['x-graphql-federation-external', noArgs('external')],
  ['x-graphql-federation-requires', oneString('requires', 'fields')],
  ['x-graphql-federation-provides', oneString('provides', 'fields')],
  ['x-graphql-federation-shareable', noArgs('shareable')],
  ['x-graphql-federation-override-from', oneString('override', 'from')],
];

export const isShareableAttribute = noArgs('shareable');

/** `@specifiedBy(url: "<absolute URI>")` on a scalar: `x-graphql-scalar.specifiedByURL`. */
export function isSpecifiedByAttribute(d: AppliedDirective): boolean {
  return d.name === 'specifiedBy' && argsAre(d, ['url']) && str(d.args[0][1]) && URI.test(d.args[0][1]);
}

export interface TypeDirectiveSplit {
  specifiedBy?: AppliedDirective;
  keys: AppliedDirective[];
  shareable?: AppliedDirective;
  rest: AppliedDirective[];
}

/**
 * The directives of a type, split the way the forward direction prints them:
 * on a scalar the first fitting `@specifiedBy`, then every fitting `@key`,
 * the first `@shareable`, then the rest in their order.
 */
export function splitTypeDirectives(kind: Definition['kind'], directives: readonly AppliedDirective[]): TypeDirectiveSplit {
  const out: TypeDirectiveSplit = { keys: [], rest: [] };
  for (const d of directives) {
    if (kind === 'scalar' && out.specifiedBy === undefined && isSpecifiedByAttribute(d)) out.specifiedBy = d;
    else if (isKeyAttribute(d)) out.keys.push(d);
    else if (out.shareable === undefined && isShareableAttribute(d)) out.shareable = d;
    else out.rest.push(d);
  }
  return out;
}

/** A field's directives: the first fitting one per federation attribute (in attribute order), then the rest. */
export function splitFieldDirectives(directives: readonly AppliedDirective[]): { attributes: Array<[string, AppliedDirective]>; rest: AppliedDirective[] } {
  const found = new Map<string, AppliedDirective>();
  const rest: AppliedDirective[] = [];
  for (const d of directives) {
    const hit = FIELD_ATTRIBUTE_DIRECTIVES.find(([attr, fits]) => !found.has(attr) && fits(d));
    if (hit) found.set(hit[0], d);
    else rest.push(d);
  }
  const attributes: Array<[string, AppliedDirective]> = [];
  for (const [attr] of FIELD_ATTRIBUTE_DIRECTIVES) {
    const d = found.get(attr);
    if (d) attributes.push([attr, d]);
  }
  return { attributes, rest };
}

/** A type's directives in canonical order. */
export function canonicalTypeDirectives(kind: Definition['kind'], directives: readonly AppliedDirective[]): readonly AppliedDirective[] {
  // None or one: already in order (most types and fields; spares a split per element),
  // and shared: the lists are read-only.
  if (directives.length <= 1) return directives;
  const t = splitTypeDirectives(kind, directives);
  return [...(t.specifiedBy ? [t.specifiedBy] : []), ...t.keys, ...(t.shareable ? [t.shareable] : []), ...t.rest];
}

/** A field's (or input field's) directives in canonical order. */
export function canonicalFieldDirectives(directives: readonly AppliedDirective[]): readonly AppliedDirective[] {
  if (directives.length <= 1) return directives;
  const s = splitFieldDirectives(directives);
  return [...s.attributes.map(([, d]) => d), ...s.rest];
}

/**
 * Puts a type definition's directives, and its fields' directives, in the order of the
 * canonical form (in place): rule 5 as record 0076 amends it, their own order when
 * `x-graphql-directive-order` can say it (`keptOrder`), else attribute directives first.
 */
export function canonicalDirectiveOrder(def: Exclude<Definition, DirectiveDef>): void {
  // In place, so a list of none or one stays as it is: the copies the two functions make
  // for their callers were 4 MB per conversion at N = 5,000 (issue #8).
  if (def.directives.length > 1) def.directives = keptOrder(def.directives, canonicalTypeDirectives(def.kind, def.directives));
  if (def.kind === 'object' || def.kind === 'interface' || def.kind === 'input') {
    for (const f of def.fields as FieldDef[]) {
      if (f.directives.length > 1) f.directives = keptOrder(f.directives, canonicalFieldDirectives(f.directives));
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
 * Where the JSON Schema that reverse writes gives each of a type's directives, in their
 * order: `x-graphql-scalar/specifiedByURL`, `x-graphql-federation-keys/<i>`,
 * `x-graphql-federation-shareable` or `x-graphql-type-directives/<i>` (the split of
 * `splitTypeDirectives`, by index). Read to place a problem the forward direction finds
 * in such a schema back on the SDL directive (sdl-subgraph.ts).
 */
export function typeDirectivePlaces(kind: Definition['kind'], directives: readonly AppliedDirective[]): string[] {
  const out: string[] = [];
  let keys = 0;
  let rest = 0;
  let specifiedBy = false;
  let shareable = false;
  for (const d of directives) {
    if (kind === 'scalar' && !specifiedBy && isSpecifiedByAttribute(d)) {
      specifiedBy = true;
      out.push('x-graphql-scalar/specifiedByURL');
    } else if (isKeyAttribute(d)) {
      out.push(`x-graphql-federation-keys/${keys++}`);
    } else if (!shareable && isShareableAttribute(d)) {
      shareable = true;
      out.push('x-graphql-federation-shareable');
    } else {
      out.push(`x-graphql-type-directives/${rest++}`);
    }
  }
  return out;
}

/** `typeDirectivePlaces` for a field's directives: a federation attribute, or `x-graphql-field-directives/<i>`. */
export function fieldDirectivePlaces(directives: readonly AppliedDirective[]): string[] {
  const found = new Set<string>();
  let rest = 0;
  return directives.map((d) => {
    const hit = FIELD_ATTRIBUTE_DIRECTIVES.find(([attr, fits]) => !found.has(attr) && fits(d));
    if (hit === undefined) return `x-graphql-field-directives/${rest++}`;
    found.add(hit[0]);
    return hit[0];
  });
}
