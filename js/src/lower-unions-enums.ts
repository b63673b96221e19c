/**
 * lower-unions-enums: the part of lowering that gives a union its members (names,
 * `$ref`s and inline object branches, records 0081 and 0085) and an enum its values
 * (D7, documented enums of record 0081). Split out of lower.ts; Rust has them as a
 * second `impl Lowering` block, rust/src/lower_unions_enums.rs.
 */
import { ErrorCodes } from './errors';
import type { EnumValueDef } from './ir';
import { isObject, own, pointerJoin, type JsonObject } from './load';
import { childLoc, type Loc, type Target } from './loc';
import { BRANCH_KEYWORDS, isSlotKind, type Lowering } from './lower';
import { wrapMembers } from './mixed-unions';
import { NameRegistry, toEnumValueName } from './naming';
import { attr, isRefConjunction, refKeyword, refOf } from './normalize';
import { descriptionOf, documentedEnum, isAnnotationOnlyObject, type DocumentedValue } from './schema-shapes';
import type { Slot } from './slots';

export function lowerUnion(lw: Lowering, slot: Slot): void {
  const names = attr(slot.node, 'x-graphql-union-types');
  if (Array.isArray(names)) {
    names.forEach((name, i) => {
      if (typeof name === 'string') {
        slot.memberNames.push({ name, loc: { source: slot.loc.source, pointer: pointerJoin(slot.loc.pointer, 'x-graphql-union-types', i) } });
      }
    });
  }
  if (lw.options.mixedUnions === 'wrap' && lw.isMixedUnion({ loc: slot.loc, node: slot.node })) {
    slot.memberSlots.push(...wrapMembers(lw, slot, (m, loc, i) => inlineMember(lw, slot, m, loc, i)));
    return;
  }
  for (const keyword of BRANCH_KEYWORDS) {
    const list = own(slot.node, keyword);
    if (!Array.isArray(list)) continue;
    list.forEach((m, i) => {
      const loc = { source: slot.loc.source, pointer: pointerJoin(slot.loc.pointer, keyword, i) };
      if (isObject(m) && own(m, 'type') === 'null') return;
      const ref = isObject(m) && !isRefConjunction(m, loc.source.draft) ? refOf(m) : undefined;
      if (typeof ref !== 'string') {
        if (isObject(m) && isAnnotationOnlyObject(m)) {
          lw.warn(ErrorCodes.UNION_BRANCH_DROPPED, 'an object without properties is no union member: this branch is left out', loc);
          return;
        }
        slot.memberSlots.push({ slot: isObject(m) ? inlineMember(lw, slot, m, loc, i) : undefined, loc });
        return;
      }
      const t = lw.followRefs(lw.resolver.resolve(ref, loc));
      const kind = lw.classify(t);
      const refLoc = { source: loc.source, pointer: pointerJoin(loc.pointer, refKeyword(m)) };
      slot.memberSlots.push({ slot: isSlotKind(kind) ? lw.slotFor(t, kind, slot, lw.baseNameFor(t)) : undefined, loc: refLoc });
    });
  }
}

/**
 * Record 0081: an inline object branch of a union is a member named by its `title`, else
 * `<Union><position in the list, from 1>` (an annotation-only object is left out, with
 * UNION_BRANCH_DROPPED, by the caller). Anything else is no member (UNION_MEMBER in assemble).
 */
function inlineMember(lw: Lowering, union: Slot, m: JsonObject, loc: Loc, i: number): Slot | undefined {
  const t: Target = { loc, node: m };
  if (lw.classify(t) !== 'object') return undefined;
  const title = own(m, 'title');
  const base = typeof title === 'string' && title !== '' ? lw.baseNameFor(t) : () => union.name + String(i + 1);
  return lw.slotFor(t, 'object', union, base);
}

/**
 * D7: verbatim when valid, else sanitized with collision suffixes and a warning. The
 * values of `enum`, else of a documented enum's branches (record 0081): each with its
 * branch's description and `deprecated: true` as `@deprecated`, under what
 * `x-graphql-enum-values` says.
 */
export function enumValues(lw: Lowering, node: JsonObject, loc: Loc): EnumValueDef[] {
  const list = own(node, 'enum');
  const entries: DocumentedValue[] = Array.isArray(list)
    ? list.flatMap((v, i) => (typeof v === 'string' ? [{ value: v, at: ['enum', i] as Array<string | number> }] : []))
    : (documentedEnum(node) ?? []);
  // Verbatim values are reserved first, so a renamed value never takes one's name.
  const verbatim = new Set(entries.map((e) => e.value).filter((v) => toEnumValueName(v) === v));
  const registry = new NameRegistry(verbatim);
  const seen = new Set<string>();
  const values: EnumValueDef[] = [];
  for (const entry of entries) {
    const v = entry.value;
    if (seen.has(v)) continue;
    seen.add(v);
    let name = v;
    if (!verbatim.has(v)) {
      name = registry.claim(toEnumValueName(v));
      lw.warn(ErrorCodes.ENUM_VALUE_RENAMED, `enum value ${JSON.stringify(v)} is written ${name} in GraphQL`, childLoc(loc, ...entry.at));
    }
    const facts = lw.directives.enumValueFacts(node, loc, v);
    const value: EnumValueDef = { name, ...facts };
    const branch = entry.branch;
    if (branch !== undefined) {
      const description = descriptionOf(branch);
      if (value.description === undefined && description !== undefined) value.description = description;
      if (own(branch, 'deprecated') === true && !facts.directives.some((d) => d.name === 'deprecated')) {
        value.directives = [...facts.directives, { name: 'deprecated', args: [] }];
      }
    }
    values.push(value);
  }
  return values;
}
