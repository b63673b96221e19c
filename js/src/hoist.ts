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
  // Tasks on an explicit stack (the twin of rust/src/hoist.rs): PLACE an item (its
  // interfaces first), PLACE_TREE an item and then its children, EMIT an item placed
  // (`out.push`, then the items waiting for it). Recursive calls nested once per link of
  // a chain of interfaces.
  const tasks: Array<[Task, T]> = [];
  for (const start of order) {
    tasks.push([PLACE, start]);
    while (tasks.length > 0) {
      const [task, item] = tasks.pop()!;
      if (task === PLACE) {
        if (placed.has(item)) continue;
        // Asked once per item: the callers build the list (issue #8).
        const interfaces = interfacesOf(item);
        if (interfaces.length === 0) {
          // Nothing to place first, nothing to wait for, and no item can be waiting for an
          // item not yet placed (most types).
          placed.add(item);
          out.push(item);
          continue;
        }
        const blocker = interfaces.find((i) => inProgress.has(i));
        if (blocker !== undefined) {
          const list = waiting.get(blocker);
          if (list === undefined) waiting.set(blocker, [item]);
          else list.push(item);
          continue;
        }
        placed.add(item);
        inProgress.add(item);
        tasks.push([EMIT, item]);
        for (let i = interfaces.length - 1; i >= 0; i--) tasks.push([PLACE_TREE, interfaces[i]]);
      } else if (task === PLACE_TREE) {
        const children = childrenOf(item);
        for (let i = children.length - 1; i >= 0; i--) tasks.push([PLACE_TREE, children[i]]);
        tasks.push([PLACE, item]);
      } else {
        out.push(item);
        inProgress.delete(item);
        const waiters = waiting.get(item);
        if (waiters === undefined) continue;
        waiting.delete(item);
        for (let i = waiters.length - 1; i >= 0; i--) tasks.push([PLACE, waiters[i]]);
      }
    }
  }
  return out;
}

type Task = 0 | 1 | 2;
const PLACE: Task = 0;
const PLACE_TREE: Task = 1;
const EMIT: Task = 2;

const NO_CHILDREN: readonly never[] = [];
const noChildren = (): readonly never[] => NO_CHILDREN;
