/**
 * input-cycles: GraphQL forbids an input object that contains itself through
 * non-null fields (no finite value could be given for it; graphql-js's
 * validateInputObjectCircularRefs). The JSON Schema can say it (a `required`
 * property whose type is the object itself, also through `allOf` merges), so
 * it is INPUT_FIELD at the first field of the cycle, not invalid SDL. The same
 * walk as graphql-js: input types in document order, fields in order, depth
 * first. rust/src/input_cycles.rs is the same.
 */
import { ErrorCodes } from './errors';
import type { Lowering } from './lower';
import type { DraftField, Slot } from './slots';

export function checkInputCycles(lw: Lowering, order: Slot[], byName: Map<string, Slot>): void {
  const visited = new Set<Slot>();
  const path: Array<[Slot, DraftField]> = [];
  const onPath = new Map<Slot, number>();
  const target = (f: DraftField): Slot | undefined => {
    if (f.type.kind !== 'nonNull') return undefined;
    const t = f.type.of;
    const slot = t.kind === 'slot' ? t.slot : t.kind === 'name' ? byName.get(t.name) : undefined;
    return slot?.kind === 'input' ? slot : undefined;
  };
  // An explicit stack, not recursion: a chain of 100,000 input types each requiring the
  // next must not exhaust the stack (record 0042). Each frame is a slot and the index of
  // its next field; `path` holds the fields followed from the walk's start.
  const detect = (root: Slot): void => {
    if (visited.has(root)) return;
    const frames: Array<{ slot: Slot; i: number }> = [];
    const enter = (slot: Slot) => {
      visited.add(slot);
      onPath.set(slot, path.length);
      frames.push({ slot, i: 0 });
    };
    enter(root);
    while (frames.length > 0) {
      const top = frames[frames.length - 1];
      if (top.i === top.slot.fields.length) {
        onPath.delete(top.slot);
        frames.pop();
        if (frames.length > 0) path.pop();
        continue;
      }
      const field = top.slot.fields[top.i++];
      const next = target(field);
      if (next === undefined) continue;
      path.push([top.slot, field]);
      const start = onPath.get(next);
      if (start !== undefined) {
        const cycle = path.slice(start);
        const via = cycle.map(([s, f]) => `${s.name}.${f.name}`).join(', ');
        lw.fail(ErrorCodes.INPUT_FIELD, `input ${next.name} contains itself through non-null fields (${via}), so no value could be given for it`, cycle[0][1].loc);
      }
      if (visited.has(next)) path.pop();
      else enter(next);
    }
  };
  for (const slot of order) if (slot.kind === 'input') detect(slot);
}
