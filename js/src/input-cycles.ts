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
  const detect = (slot: Slot): void => {
    if (visited.has(slot)) return;
    visited.add(slot);
    onPath.set(slot, path.length);
    for (const field of slot.fields) {
      const next = target(field);
      if (next === undefined) continue;
      path.push([slot, field]);
      const start = onPath.get(next);
      if (start === undefined) detect(next);
      else {
        const cycle = path.slice(start);
        const via = cycle.map(([s, f]) => `${s.name}.${f.name}`).join(', ');
        lw.fail(ErrorCodes.INPUT_FIELD, `input ${next.name} contains itself through non-null fields (${via}), so no value could be given for it`, cycle[0][1].loc);
      }
      path.pop();
    }
    onPath.delete(slot);
  };
  for (const slot of order) if (slot.kind === 'input') detect(slot);
}
