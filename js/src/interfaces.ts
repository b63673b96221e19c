/**
 * Interfaces (D9, record 0071), run by assemble after references are resolved: no type
 * implements itself, chains of `implements` are at most MAX_TYPE_DEPTH deep, the
 * interfaces a type implements through others are added, the fields it lacks are
 * copied, and each implementation is checked against GraphQL's rule. Twin of
 * rust/src/interfaces.rs.
 *
 * The output of a chain of n interfaces is quadratic (type i implements and has the
 * fields of the n - i below it), so every step here costs about the size of that output:
 * walks with explicit stacks, sets instead of list searches, and an implementation is
 * checked against an interface only when that check is not implied by checks made
 * already (below). The cycle check was quadratic, the implementation check cubic
 * (a chain of 500 links took 10 s).
 */
import { ErrorCodes } from './errors';
import type { Lowering } from './lower';
import { MAX_TYPE_DEPTH } from './lower-types';
import { typeLoc, type DraftField, type Slot } from './slots';
import { renderType, type TypeExpr } from './type-expr';
import type { Loc } from './loc';

/**
 * GraphQL forbids a type that implements itself, directly or through other interfaces:
 * the first slot (in document order) on a cycle, at its first interface on that cycle.
 * A slot is on a cycle through its interface when both are in one strongly connected
 * component (Tarjan's algorithm, with an explicit stack): one walk in all, where a walk
 * from each interface of each slot was quadratic in the length of a chain.
 */
export function checkInterfaceCycles(lw: Lowering, order: Slot[]): void {
  const index = new Map<Slot, number>();
  const low = new Map<Slot, number>();
  const component = new Map<Slot, number>();
  const open: Slot[] = [];
  const onOpen = new Set<Slot>();
  let counter = 0;
  let components = 0;
  const visit = (s: Slot): void => {
    index.set(s, counter);
    low.set(s, counter);
    counter++;
    open.push(s);
    onOpen.add(s);
  };
  for (const root of order) {
    // A type that implements nothing is on no cycle: it is visited only when reached.
    if (index.has(root) || root.interfaces.length === 0) continue;
    visit(root);
    const stack: Array<{ slot: Slot; next: number }> = [{ slot: root, next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const child = frame.slot.interfaces[frame.next];
      if (child !== undefined) {
        frame.next++;
        if (!index.has(child)) {
          visit(child);
          stack.push({ slot: child, next: 0 });
        } else if (onOpen.has(child)) {
          low.set(frame.slot, Math.min(low.get(frame.slot)!, index.get(child)!));
        }
        continue;
      }
      stack.pop();
      const lowHere = low.get(frame.slot)!;
      if (stack.length > 0) {
        const parent = stack[stack.length - 1].slot;
        low.set(parent, Math.min(low.get(parent)!, lowHere));
      }
      if (lowHere === index.get(frame.slot)) {
        for (;;) {
          const s = open.pop()!;
          onOpen.delete(s);
          component.set(s, components);
          if (s === frame.slot) break;
        }
        components++;
      }
    }
  }
  for (const slot of order) {
    for (const iface of slot.interfaces) {
      if (iface === slot || component.get(iface) === component.get(slot)) {
        const ref = slot.interfaceNames.find((n) => n.name === iface.name);
        lw.fail(ErrorCodes.IMPLEMENTS, `${slot.name} cannot implement ${iface.name}: that would make it implement itself`, ref?.loc ?? slot.loc);
      }
    }
  }
}

/**
 * D9: add interfaces implemented transitively, copy fields an implementor lacks, then
 * check each implementation. A depth-first walk with an explicit stack: a slot is
 * completed after its interfaces. The walk also measures each slot's height (the longest
 * chain of interfaces below it): a chain deeper than MAX_TYPE_DEPTH is TOO_DEEP at the
 * entry of the link at that depth (record 0071), as its output would be quadratic.
 */
export function completeInterfaces(lw: Lowering, order: Slot[], byName: Map<string, Slot>): void {
  const height = new Map<Slot, number>();
  // The first interface with the greatest height: the way down a slot's longest chain.
  const deepest = new Map<Slot, Slot>();
  const direct = new Map<Slot, number>();
  // Each slot after its interfaces.
  const completed: Slot[] = [];
  const path = new Set<Slot>();
  const stack: Array<{ slot: Slot; next: number }> = [];
  for (const start of order) {
    if (height.has(start)) continue;
    if (start.interfaces.length === 0) {
      // Completed at once, as the walk below would: most types implement nothing.
      height.set(start, 0);
      direct.set(start, 0);
      completed.push(start);
      continue;
    }
    path.add(start);
    stack.push({ slot: start, next: 0 });
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const depth = stack.length - 1;
      const child = frame.slot.interfaces[frame.next];
      if (child !== undefined) {
        frame.next++;
        // A cycle was reported by checkInterfaceCycles.
        if (path.has(child)) continue;
        if (depth >= MAX_TYPE_DEPTH) tooDeep(lw, frame.slot, child);
        const below = height.get(child);
        if (below === undefined) {
          path.add(child);
          stack.push({ slot: child, next: 0 });
        } else if (depth + 1 + below > MAX_TYPE_DEPTH) {
          // The chain goes on below a slot completed already: down its longest chain.
          let s = child;
          for (let d = depth + 1; d < MAX_TYPE_DEPTH; d++) s = deepest.get(s)!;
          tooDeep(lw, s, deepest.get(s)!);
        }
        continue;
      }
      const slot = frame.slot;
      let h = 0;
      for (const iface of slot.interfaces) {
        const b = height.get(iface);
        if (b !== undefined && b + 1 > h) {
          h = b + 1;
          deepest.set(slot, iface);
        }
      }
      height.set(slot, h);
      direct.set(slot, slot.interfaces.length);
      completeOne(lw, slot);
      completed.push(slot);
      path.delete(slot);
      stack.pop();
    }
  }
  checkImplementations(lw, order, completed, direct, byName);
}

function tooDeep(lw: Lowering, slot: Slot, iface: Slot): never {
  const ref = slot.interfaceNames.find((n) => n.name === iface.name);
  lw.fail(ErrorCodes.TOO_DEEP, `interfaces nest deeper than ${MAX_TYPE_DEPTH} levels here (each implementing the next, by x-graphql-implements or allOf)`, ref?.loc ?? slot.loc);
}

/**
 * One slot's completion, its interfaces being complete (no cycle: checkInterfaceCycles).
 * Each interface's own list and fields are then closed already, so only the slot's
 * direct interfaces are read: what an inherited one brings, a direct one brought before
 * it. The cost is the size of what the slot gets, not its square. One warning of each
 * kind per slot, with a count: a chain of n interfaces would otherwise warn n² times.
 */
function completeOne(lw: Lowering, slot: Slot): void {
  const direct = slot.interfaces.length;
  // Most types implement nothing: no sets to build for them.
  if (direct === 0) return;
  const has = new Set(slot.interfaces);
  // Only the first is named: a string for each would be the quadratic output again.
  let added = 0;
  let firstAdded = '';
  for (let i = 0; i < direct; i++) {
    for (const inherited of slot.interfaces[i].interfaces) {
      if (inherited === slot || has.has(inherited)) continue;
      has.add(inherited);
      slot.interfaces.push(inherited);
      if (added++ === 0) firstAdded = `${inherited.name}, which ${slot.interfaces[i].name} implements`;
    }
  }
  if (added === 1) lw.warn(ErrorCodes.INTERFACE_TRANSITIVE, `${slot.name} also implements ${firstAdded}`, slot.loc);
  else if (added > 1) {
    lw.warn(ErrorCodes.INTERFACE_TRANSITIVE, `${slot.name} also implements ${added} interfaces that its interfaces implement (the first: ${firstAdded})`, slot.loc);
  }
  const names = new Set(slot.fields.map((f) => f.name));
  let copied = 0;
  let firstCopied = '';
  for (let i = 0; i < direct; i++) {
    const iface = slot.interfaces[i];
    if (iface === slot) continue;
    for (const field of iface.fields) {
      if (names.has(field.name)) continue;
      names.add(field.name);
      // Shared, not copied: nothing changes a draft field after lowering (its args and
      // directives are read-only), and a copy each was most of a long chain's time.
      slot.fields.push(field);
      if (copied++ === 0) firstCopied = `${field.name} of interface ${iface.name}`;
    }
  }
  if (copied === 1) lw.warn(ErrorCodes.INTERFACE_FIELD_COPIED, `${slot.name} lacks field ${firstCopied}; it was copied`, slot.loc);
  else if (copied > 1) {
    lw.warn(ErrorCodes.INTERFACE_FIELD_COPIED, `${slot.name} lacks ${copied} fields of its interfaces; they were copied (the first: ${firstCopied})`, slot.loc);
  }
}

/**
 * GraphQL's "valid implementation" rule, so a mismatch is our error and not invalid
 * output: each interface field is met by a field whose type is the same or a subtype
 * (non-null, a member, an implementor; lists covariant), with the same arguments, and
 * any extra argument nullable. The first mismatch fails, slots in document order, each
 * slot's interfaces in order.
 *
 * "S fits K" (S has a field of each name of K's, and each meets K's field) follows from
 * "S fits J" and "J fits K": subtyping is transitive (interface lists are closed, union
 * members are objects), and the argument rules chain because argument names are unique
 * (the keys of `x-graphql-field-arguments`). So first, each slot after its interfaces,
 * a slot is checked against its direct interfaces and inherits from each one it fits the
 * interfaces that one fits; only the rest are checked field by field, in document order,
 * where a mismatch fails as before. A chain costs the size of its output, not its cube.
 */
function checkImplementations(lw: Lowering, order: Slot[], completed: Slot[], direct: Map<Slot, number>, byName: Map<string, Slot>): void {
  const sub = new Subtypes(byName);
  const fits = new Map<Slot, Set<Slot>>();
  for (const slot of completed) {
    if (slot.interfaces.length === 0) continue;
    const fields = firstFields(slot);
    const ok = new Set<Slot>();
    const n = direct.get(slot) ?? slot.interfaces.length;
    for (let i = 0; i < n; i++) {
      const iface = slot.interfaces[i];
      if (mismatch(slot, fields, iface, sub, true) === undefined) ok.add(iface);
    }
    for (let i = 0; i < n; i++) {
      const iface = slot.interfaces[i];
      if (ok.has(iface)) for (const k of fits.get(iface) ?? []) ok.add(k);
    }
    for (let i = n; i < slot.interfaces.length; i++) {
      const iface = slot.interfaces[i];
      if (!ok.has(iface) && mismatch(slot, fields, iface, sub, true) === undefined) ok.add(iface);
    }
    fits.set(slot, ok);
  }
  for (const slot of order) {
    const ok = fits.get(slot);
    if (ok === undefined || ok.size === slot.interfaces.length) continue;
    const fields = firstFields(slot);
    for (const iface of slot.interfaces) {
      if (ok.has(iface)) continue;
      const problem = mismatch(slot, fields, iface, sub, false);
      if (problem !== undefined && problem !== MISSING) lw.fail(ErrorCodes.IMPLEMENTS, problem.message, problem.loc);
    }
  }
}

/** The first field of each name. */
function firstFields(slot: Slot): Map<string, DraftField> {
  const out = new Map<string, DraftField>();
  for (const f of slot.fields) if (!out.has(f.name)) out.set(f.name, f);
  return out;
}

const MISSING = 'missing';

/**
 * The first way `slot` does not meet `iface`'s fields, or undefined. A field of the
 * interface that the slot lacks is MISSING when `strict` (no proof can rest on it),
 * else passed over (the slot is incomplete only after an error).
 */
function mismatch(slot: Slot, fields: Map<string, DraftField>, iface: Slot, sub: Subtypes, strict: boolean): { message: string; loc: Loc } | typeof MISSING | undefined {
  for (const expected of iface.fields) {
    const field = fields.get(expected.name);
    if (!field) {
      if (strict) return MISSING;
      continue;
    }
    const where = `${slot.name}.${field.name}`;
    if (!sub.isSubtype(field.type, expected.type)) {
      return {
        message: `${where} has type ${renderType(field.type)}, which does not fit ${iface.name}.${expected.name}: ${renderType(expected.type)}`,
        loc: typeLoc(field),
      };
    }
    for (const arg of expected.args) {
      const own = field.args.find((a) => a.name === arg.name);
      if (!own || renderType(own.type) !== renderType(arg.type)) {
        return { message: `${where} must take the argument ${arg.name}: ${renderType(arg.type)} of ${iface.name}.${expected.name}`, loc: field.loc };
      }
    }
    for (const arg of field.args) {
      if (arg.type.kind === 'nonNull' && !expected.args.some((a) => a.name === arg.name)) {
        return { message: `${where} has the extra argument ${arg.name}, which must be nullable: ${iface.name}.${expected.name} does not take it`, loc: field.loc };
      }
    }
  }
  return undefined;
}

/** Subtyping of output types, with each slot's interfaces and members as sets (made when first asked). */
class Subtypes {
  private readonly members = new Map<Slot, Set<Slot>>();
  private readonly interfaces = new Map<Slot, Set<Slot>>();

  constructor(private readonly byName: Map<string, Slot>) {}

  isSubtype(t: TypeExpr, of: TypeExpr): boolean {
    for (;;) {
      if (of.kind === 'nonNull') {
        if (t.kind !== 'nonNull') return false;
        t = t.of;
        of = of.of;
      } else if (t.kind === 'nonNull') {
        t = t.of;
      } else if (of.kind === 'list') {
        if (t.kind !== 'list') return false;
        t = t.of;
        of = of.of;
      } else if (t.kind === 'list') {
        return false;
      } else {
        break;
      }
    }
    const name = renderType(t);
    const superName = renderType(of);
    if (name === superName) return true;
    const sub = this.byName.get(name);
    const sup = this.byName.get(superName);
    if (!sub || !sup) return false;
    if (sup.kind === 'union') return setOf(this.members, sup, sup.members).has(sub);
    return sup.kind === 'interface' && setOf(this.interfaces, sub, sub.interfaces).has(sup);
  }
}

function setOf(sets: Map<Slot, Set<Slot>>, slot: Slot, list: Slot[]): Set<Slot> {
  let set = sets.get(slot);
  if (set === undefined) {
    set = new Set(list);
    sets.set(slot, set);
  }
  return set;
}
