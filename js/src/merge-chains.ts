/**
 * merge-chains: the `allOf` merge of a chain of schemas each holding one `allOf`
 * member, merged once per schema (record 0072; mirrors rust/src/merge_chains.rs).
 *
 * `mergeObject` (resolve.ts) walks every schema a merge meets, so in a chain of n
 * schemas `Di: {allOf: [{$ref: D(i+1)}]}` the merge of each link walked the rest of
 * the chain: n²/2 visits for an output of n types (10,000 links did not finish in
 * 90 s). A link's merge is its own properties followed by the merge of its member,
 * so the chain is walked once from its first unmerged link to its end, the end is
 * merged by the ordinary walk, and the links are merged back to front, each from the
 * next one's memo, in time proportional to their own properties and the result.
 *
 * The result is exactly that of the walk, or no memo is made and the walk runs:
 * - a link (one object `allOf` member) is merged from its member's memo only when
 *   the walk from the link would meet the same schemas as the walk from the member,
 *   in the same order: no schema of the chain is met twice (a cycle: the walk cuts
 *   it, differently from each link) and the end's walk meets no link;
 * - a key of the link's own properties that the member's merge also has must have an
 *   equal schema where the member's walk first met it (the walk would warn there,
 *   among the member's warnings: not kept in order by a memo); when it does, the
 *   link's own property stands unless the member's walk replaced its first one.
 * The warnings of the end's walk are each link's warnings, as the walk gives them
 * again for each link it merges.
 */
import type { Diagnostic } from './errors';
import { isObject, jsonEqual, keysOf, own, pointerJoin, pointerSegment, type JsonObject, type JsonValue } from './load';
import { LocMap, type Loc, type Target } from './loc';
import type { MergedObject, MergedProperty } from './merge-all-of';
import type { Resolver } from './resolve';
import { refOf } from './normalize';

/** A schema's merge, kept for the links that merge it after their own properties. */
export interface ChainMerge {
  properties: MergedProperty[];
  required: Set<string>;
  warnings: Diagnostic[];
  /** Keys by position, built when a link with properties of its own asks. */
  index?: Map<string, number>;
  /** Keys whose first schema the walk replaced (a later, different one won): the first. */
  replaced: Map<string, JsonValue>;
  /** The schemas the end's walk met. */
  ends: LocMap<true>;
}

/** What the ordinary walk records for the end of a chain. */
export interface WalkRecord {
  /** The schemas met (only the first when it has no `allOf`). */
  visited?: LocMap<true>;
  replaced: Map<string, JsonValue>;
}

export type Walk = (node: JsonObject, loc: Loc, warnings: Diagnostic[], record?: WalkRecord) => MergedObject;

/**
 * The next schema of a link: its one `allOf` member (resolved), or undefined. A schema
 * with a `$ref` of its own, or a member with keywords beside its `$ref`, is no link: under
 * drafts 2019-09 and 2020-12 those are conjunctions (record 0080), which the walk merges.
 */
function linkMember(resolver: Resolver, node: JsonObject, loc: Loc): { target: Target; ref: boolean } | undefined {
  const allOf = own(node, 'allOf');
  if (!Array.isArray(allOf) || allOf.length !== 1 || refOf(node) !== undefined) return undefined;
  const member = allOf[0];
  if (!isObject(member)) return undefined;
  const memberLoc = { source: loc.source, pointer: pointerJoin(loc.pointer, 'allOf', 0) };
  const ref = refOf(member);
  if (ref !== undefined && keysOf(member).length !== 1) return undefined;
  if (ref !== undefined) return { target: resolver.resolve(ref, memberLoc), ref: true };
  return { target: { loc: memberLoc, node: member }, ref: false };
}

/**
 * The merge of `node` when it is a link of a chain, from memos; undefined when it is
 * not a link or its merge cannot come from one (the caller walks).
 */
export function chainMerge(resolver: Resolver, node: JsonObject, loc: Loc, warnings: Diagnostic[], walk: Walk): MergedObject | undefined {
  const first = linkMember(resolver, node, loc);
  if (first === undefined || !isObject(first.target.node)) return undefined;
  const top: Target = { loc, node };
  const memos = resolver.chainMerges;
  let memo = memos.get(top);
  if (memo === undefined) memo = mergeChain(resolver, top, walk);
  if (memo === null) return undefined;
  // The walk gives its warnings again for each merge that meets them.
  for (const w of memo.warnings) warnings.push({ ...w });
  return { properties: memo.properties, required: memo.required, refMembers: first.ref ? [first.target] : [] };
}

/** Walks the chain from `top` to its first merged link or its end, then merges back. */
function mergeChain(resolver: Resolver, top: Target, walk: Walk): ChainMerge | null {
  const memos = resolver.chainMerges;
  const path: Target[] = [top];
  const onPath = new LocMap<true>();
  onPath.set(top, true);
  let base: ChainMerge | null;
  for (;;) {
    const cur = path[path.length - 1];
    const next = linkMember(resolver, cur.node as JsonObject, cur.loc);
    if (next === undefined || !isObject(next.target.node)) {
      // The end: a schema that is not a link (or whose member is not an object),
      // merged by the walk, on its own.
      path.pop();
      base = walkEnd(cur, walk);
      memos.set(cur, base);
      break;
    }
    const known = memos.get(next.target);
    if (known !== undefined) {
      base = known;
      break;
    }
    if (onPath.has(next.target)) {
      base = null;
      break;
    }
    onPath.set(next.target, true);
    path.push(next.target);
  }
  // A link met by the end's walk: the walk from the link would cut the chain there.
  const ends = base?.ends;
  if (ends !== undefined && path.some((t) => ends.has(t))) base = null;
  for (let i = path.length - 1; i >= 0; i--) {
    const merged: ChainMerge | null = base === null ? null : link(path[i], base);
    memos.set(path[i], merged);
    base = merged;
  }
  return memos.get(top) ?? null;
}

function walkEnd(end: Target, walk: Walk): ChainMerge {
  const warnings: Diagnostic[] = [];
  const record: WalkRecord = { replaced: new Map() };
  const merged = walk(end.node as JsonObject, end.loc, warnings, record);
  let ends = record.visited;
  if (ends === undefined) {
    ends = new LocMap<true>();
    ends.set(end, true);
  }
  return { properties: merged.properties, required: merged.required, warnings, replaced: record.replaced, ends };
}

/** The merge of a link: its own properties, then its member's merge; null when they disagree. */
function link(at: Target, member: ChainMerge): ChainMerge | null {
  const node = at.node as JsonObject;
  const props = own(node, 'properties');
  const names = isObject(props) ? keysOf(props) : [];
  const req = own(node, 'required');
  const ownRequired = Array.isArray(req) ? req.filter((r): r is string => typeof r === 'string') : [];
  if (names.length === 0 && ownRequired.length === 0) {
    // Nothing of its own: the member's merge is the link's (shared, never changed).
    return member;
  }
  const required = ownRequired.length === 0 ? member.required : new Set([...ownRequired, ...member.required]);
  if (names.length === 0) return { ...member, required, index: member.index };
  let index = member.index;
  if (index === undefined) {
    index = new Map();
    member.properties.forEach((p, i) => index?.set(p.key, i));
    member.index = index;
  }
  const properties: MergedProperty[] = [];
  const mine = new Set<string>();
  const replaced = new Map<string, JsonValue>();
  const prefix = at.loc.pointer + '/properties/';
  for (const name of names) {
    const schema = (props as JsonObject)[name];
    const own: MergedProperty = { key: name, loc: { source: at.loc.source, pointer: prefix + pointerSegment(name) }, schema };
    mine.add(name);
    const seen = index.get(name);
    if (seen === undefined) {
      properties.push(own);
      continue;
    }
    const firstMet = member.replaced.has(name) ? member.replaced.get(name) : member.properties[seen].schema;
    // The walk would warn at the member's first schema of this key: not a memo's case.
    if (!jsonEqual(schema, firstMet as JsonValue)) return null;
    if (member.replaced.has(name)) {
      replaced.set(name, schema);
      properties.push(member.properties[seen]);
    } else {
      properties.push(own);
    }
  }
  for (const p of member.properties) {
    if (mine.has(p.key)) continue;
    properties.push(p);
    const r = member.replaced.get(p.key);
    if (r !== undefined) replaced.set(p.key, r);
  }
  return { properties, required, warnings: member.warnings, replaced, ends: member.ends };
}
