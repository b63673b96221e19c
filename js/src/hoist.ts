/**
 * Interface hoisting (D15, record 0028), shared by both directions: the
 * forward `assemble` orders type slots with it, and `sdl-read` orders the
 * definitions of an SDL document with it for the canonical form.
 *
 * Each item is placed where it stands in `order`, except that the interfaces
 * it implements (recursively, with their own interfaces first) are placed
 * right before it unless they were placed already; an interface brings its
 * children (inline types, forward direction only) with it.
 */
export function hoistInterfaces<T>(order: T[], interfacesOf: (item: T) => T[], childrenOf: (item: T) => T[] = () => []): T[] {
  const out: T[] = [];
  const placed = new Set<T>();
  const place = (item: T): void => {
    if (placed.has(item)) return;
    placed.add(item);
    for (const iface of interfacesOf(item)) placeTree(iface);
    out.push(item);
  };
  const placeTree = (item: T): void => {
    place(item);
    for (const child of childrenOf(item)) placeTree(child);
  };
  for (const item of order) place(item);
  return out;
}
