/**
 * field-set-locs: where each directive of a type or field was given, read while
 * lowering (Rust frees the trees before assemble) so that field-set.ts's problems
 * point at the attribute entry that gave the directive (record 0073).
 * rust/src/field_set_locs.rs is the same.
 */
import { isObject, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { locKey, type Loc } from './loc';
import { attr, flag } from './normalize';

/**
 * The key of lower-directives' `fieldSetLocs`: an inline object's schema is both a field and a type, so
 * its field directives and its type directives share a place and need the kind too.
 */
export function fieldSetLocKey(kind: 'type' | 'field', loc: Loc): string {
  return `${kind} ${locKey(loc)}`;
}

/**
 * Where each of a type's directives was given, in the order lower-directives
 * `forType` makes them: the keys, `@shareable`, then `x-graphql-type-directives`;
 * the type's loc for all of them if that order cannot be followed. Read while
 * lowering (Rust frees the trees before assemble) and kept by `FieldDirectives`.
 */
export function typeDirectiveLocs(node: JsonObject, loc: Loc, count: number): Loc[] {
  const out: Loc[] = [];
  const at = (...segments: Array<string | number>): Loc => ({ source: loc.source, pointer: pointerJoin(loc.pointer, ...segments) });
  const keys = attr(node, 'x-graphql-federation-keys');
  if (typeof keys === 'string') out.push(at('x-graphql-federation-keys'));
  if (Array.isArray(keys)) {
    keys.forEach((entry, i) => {
      if (typeof entry === 'string' || (isObject(entry) && typeof own(entry, 'fields') === 'string')) out.push(at('x-graphql-federation-keys', i));
    });
  }
  if (flag(node, 'x-graphql-federation-shareable')) out.push(at('x-graphql-federation-shareable'));
  if (flag(node, 'x-graphql-federation-interface-object')) out.push(at('x-graphql-federation-interface-object'));
  commonLocs(node, at, true, out);
  listLocs(attr(node, 'x-graphql-type-directives'), at('x-graphql-type-directives'), out);
  return out.length === count ? out : new Array<Loc>(count).fill(loc);
}

/** Where each of a field's directives was given, in the order lower-directives `forField` makes them (as `typeDirectiveLocs`). */
export function fieldDirectiveLocs(node: JsonObject, loc: Loc, count: number): Loc[] {
  const out: Loc[] = [];
  const at = (...segments: Array<string | number>): Loc => ({ source: loc.source, pointer: pointerJoin(loc.pointer, ...segments) });
  if (flag(node, 'x-graphql-federation-external')) out.push(at('x-graphql-federation-external'));
  for (const attribute of ['x-graphql-federation-requires', 'x-graphql-federation-provides']) {
    const value = attr(node, attribute);
    if (Array.isArray(value) || typeof value === 'string') out.push(at(attribute));
  }
  if (flag(node, 'x-graphql-federation-shareable')) out.push(at('x-graphql-federation-shareable'));
  if (typeof attr(node, 'x-graphql-federation-override-from') === 'string') {
    out.push(at(typeof attr(node, 'x-graphql-federation-override-label') === 'string' ? 'x-graphql-federation-override-label' : 'x-graphql-federation-override-from'));
  }
  commonLocs(node, at, false, out);
  listLocs(attr(node, 'x-graphql-field-directives'), at('x-graphql-field-directives'), out);
  return out.length === count ? out : new Array<Loc>(count).fill(loc);
}

/** The places of lower-directives `commonAttributes`' directives, in its order. */
function commonLocs(node: JsonObject, at: (...segments: Array<string | number>) => Loc, type: boolean, out: Loc[]): void {
  if (flag(node, 'x-graphql-federation-inaccessible')) out.push(at('x-graphql-federation-inaccessible'));
  const tags = attr(node, 'x-graphql-federation-tags');
  if (Array.isArray(tags)) tags.forEach((t, i) => typeof t === 'string' && out.push(at('x-graphql-federation-tags', i)));
  if (flag(node, 'x-graphql-federation-authenticated')) out.push(at('x-graphql-federation-authenticated'));
  if (Array.isArray(attr(node, 'x-graphql-federation-requires-scopes'))) out.push(at('x-graphql-federation-requires-scopes'));
  if (Array.isArray(attr(node, 'x-graphql-federation-policy'))) out.push(at('x-graphql-federation-policy'));
  const contexts = attr(node, 'x-graphql-federation-context');
  if (type && Array.isArray(contexts)) contexts.forEach((c, i) => typeof c === 'string' && out.push(at('x-graphql-federation-context', i)));
  if (typeof attr(node, 'x-graphql-federation-cost') === 'number') out.push(at('x-graphql-federation-cost'));
  if (!type && isObject(attr(node, 'x-graphql-federation-list-size'))) out.push(at('x-graphql-federation-list-size'));
}

/** The entries of a directive list that give a directive (objects). */
function listLocs(list: JsonValue | undefined, loc: Loc, out: Loc[]): void {
  if (!Array.isArray(list)) return;
  list.forEach((entry, i) => {
    if (isObject(entry)) out.push({ source: loc.source, pointer: pointerJoin(loc.pointer, i) });
  });
}
