/**
 * merge-all-of: an object schema's properties with those of its `allOf` members
 * (D18): own `properties` first, then each member in order, refs resolved, nested
 * `allOf`s followed, cycles cut; `required` counted from every merged schema.
 * A chain of one-member `allOf`s is merged once per link (merge-chains.ts, record
 * 0072). rust/src/merge_all_of.rs is the same.
 */
import { ErrorCodes, type Diagnostic } from './errors';
import { isObject, jsonEqual, keysOf, own, pointerJoin, pointerSegment, type JsonObject, type JsonValue } from './load';
import { LocMap, type Loc, type Target } from './loc';
import { chainMerge, type WalkRecord } from './merge-chains';
import { isModernDraft, refOf } from './normalize';
import type { Resolver } from './resolve';

export interface MergedProperty {
  key: string;
  loc: Loc;
  schema: JsonValue;
}

export interface MergedObject {
  properties: MergedProperty[];
  required: Set<string>;
  /** allOf members that are `$ref`s, resolved, in order (for `implements`). */
  refMembers: Target[];
}

/**
 * Own `properties` first, then each `allOf` member in order (refs resolved,
 * nested allOf recursed, cycles cut). Under drafts 2019-09 / 2020-12 a schema's own
 * `$ref` is a member too, before its `allOf` (record 0080). A key seen again with a different
 * schema: the later schema wins at the first position, with a warning.
 */
export function mergeObject(resolver: Resolver, node: JsonObject, loc: Loc, warnings: Diagnostic[]): MergedObject {
  // A link of a chain of one-member allOfs is merged once, from the next link's merge.
  return chainMerge(resolver, node, loc, warnings, walk) ?? walk(node, loc, warnings);

  function walk(node: JsonObject, loc: Loc, warnings: Diagnostic[], record?: WalkRecord): MergedObject {
    return walkMerge(resolver, node, loc, warnings, record);
  }
}

/** `mergeObject` by a walk over every schema met; `record` keeps what merge-chains.ts needs. */
function walkMerge(resolver: Resolver, node: JsonObject, loc: Loc, warnings: Diagnostic[], record?: WalkRecord): MergedObject {
  const properties: MergedProperty[] = [];
  const index = new Map<string, number>();
  const required = new Set<string>();
  const refMembers: Target[] = [];
  // The schemas met: a chain of 10,000 `allOf`s of one `$ref` meets 10,000, so a map
  // (by node, as the lowering's memos), not a list searched at each step. Most objects
  // have no allOf and need none.
  const visiting = Array.isArray(own(node, 'allOf')) || refOf(node) !== undefined ? new LocMap<true>() : undefined;
  if (record !== undefined) record.visited = visiting;
  // An explicit stack, not recursion (record 0042): a frame is a schema whose allOf
  // members are visited next, in order, after its own properties (the same order as a
  // depth-first recursion); `top` is the object itself.
  const frames: Array<{ schema: JsonObject; at: Loc; top: boolean; i: number; ref: string | undefined }> = [];

  const enter = (schema: JsonObject, at: Loc, top: boolean): void => {
    if (visiting !== undefined) {
      if (visiting.has({ loc: at, node: schema })) return;
      visiting.set({ loc: at, node: schema }, true);
    }
    const props = own(schema, 'properties');
    if (isObject(props)) {
      // The first schema's keys are unique (one JSON object), so the index of keys is
      // built only when a second schema brings properties: most objects have no allOf
      // (as merge_object in resolve.rs).
      const first = properties.length === 0;
      if (!first && index.size === 0) properties.forEach((p, i) => index.set(p.key, i));
      // One prefix for all the properties: each pointer is then one rope of the prefix and
      // the key (32 bytes, both shared), not two ropes and two copies of '/properties' and
      // '/key' (128 bytes; at N = 20,000 17 MB less live heap after full GCs).
      const prefix = at.pointer + '/properties/';
      for (const name of keysOf(props)) {
        const prop: MergedProperty = {
          key: name,
          loc: { source: at.source, pointer: prefix + pointerSegment(name) },
          schema: props[name],
        };
        if (first) {
          properties.push(prop);
          continue;
        }
        const seen = index.get(name);
        if (seen === undefined) {
          index.set(name, properties.length);
          properties.push(prop);
        } else if (!jsonEqual(properties[seen].schema, prop.schema)) {
          if (record !== undefined && !record.replaced.has(name)) record.replaced.set(name, properties[seen].schema);
          warnings.push({
            code: ErrorCodes.PROPERTY_CONFLICT,
            severity: 'warning',
            message: `property ${name} is defined again with a different schema; the later one wins`,
            ...(at.source.file !== undefined ? { file: at.source.file } : {}),
            pointer: prop.loc.pointer,
          });
          properties[seen] = prop;
        }
      }
    }
    const req = own(schema, 'required');
    if (Array.isArray(req)) for (const r of req) if (typeof r === 'string') required.add(r);
    frames.push({ schema, at, top, i: 0, ref: isModernDraft(at.source.draft) ? refOf(schema) : undefined });
  };
  enter(node, loc, true);
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.ref !== undefined) {
      const target = resolver.resolve(frame.ref, frame.at);
      frame.ref = undefined;
      if (frame.top) refMembers.push(target);
      if (isObject(target.node)) enter(target.node, target.loc, false);
      continue;
    }
    const allOf = own(frame.schema, 'allOf');
    if (!Array.isArray(allOf) || frame.i >= allOf.length) {
      frames.pop();
      continue;
    }
    const i = frame.i++;
    const member = allOf[i];
    if (!isObject(member)) continue;
    const at = frame.at;
    const memberLoc = { source: at.source, pointer: pointerJoin(at.pointer, 'allOf', i) };
    const ref = own(member, '$ref');
    if (typeof ref === 'string') {
      const target = resolver.resolve(ref, memberLoc);
      if (frame.top) refMembers.push(target);
      if (isObject(target.node)) enter(target.node, target.loc, false);
    } else {
      enter(member, memberLoc, false);
    }
  }
  return { properties, required, refMembers };
}
