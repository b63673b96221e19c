/**
 * Interface hoisting (D15, record 0028), shared by both directions: the
 * forward `assemble` orders type slots with it, and `sdl-read` orders the
 * definitions of an SDL document with it for the canonical form.
 *
 * Each item is placed where it stands in `order`, except that the interfaces
 * it implements (recursively, with their own interfaces first) are placed
 * right before it unless they were placed already; an interface brings its
 * children (inline types, forward direction only) with it, except a child that
 * implements an interface still being placed: it follows that interface.
 */
export function hoistInterfaces<T>(order: T[], interfacesOf: (item: T) => readonly T[], childrenOf: (item: T) => readonly T[] = noChildren): T[] {
  const out: T[] = [];
  const placed = new Set<T>();
  // Placed but not yet in `out`: an interface whose own interfaces are being placed.
  const inProgress = new Set<T>();
  // An item (a child brought along by an interface) that implements an interface still in
  // progress waits for it, so that no type comes before an interface it implements.
  const waiting = new Map<T, T[]>();
  const place = (item: T): void => {
    if (placed.has(item)) return;
    // Asked once per item: the callers build the list (issue #8).
    const interfaces = interfacesOf(item);
    if (interfaces.length === 0) {
      // Nothing to place first, nothing to wait for, and no item can be waiting for an
      // item not yet placed (most types).
      placed.add(item);
      out.push(item);
      return;
    }
    const blocker = interfaces.find((i) => inProgress.has(i));
    if (blocker !== undefined) {
      waiting.set(blocker, [...(waiting.get(blocker) ?? []), item]);
      return;
    }
    placed.add(item);
    inProgress.add(item);
    for (const iface of interfaces) placeTree(iface);
    out.push(item);
    inProgress.delete(item);
    const waiters = waiting.get(item);
    if (waiters === undefined) return;
    waiting.delete(item);
    for (const w of waiters) place(w);
  };
  const placeTree = (item: T): void => {
    place(item);
    for (const child of childrenOf(item)) placeTree(child);
  };
  for (const item of order) place(item);
  return out;
}

const NO_CHILDREN: readonly never[] = [];
const noChildren = (): readonly never[] => NO_CHILDREN;
