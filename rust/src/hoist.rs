//! Interface hoisting (D15, record 0028), shared by both directions (mirrors
//! js/src/hoist.ts): the forward `assemble` can order type slots with it, and
//! `sdl_read` orders the definitions of an SDL document with it for the
//! canonical form.
//!
//! Each item is placed where it stands in `order`, except that the interfaces
//! it implements (recursively, with their own interfaces first) are placed
//! right before it unless they were placed already; an interface brings its
//! children (inline types, forward direction only) with it, except a child that
//! implements an interface still being placed: it follows that interface.
//!
//! Items are indexes (slot ids, definition positions). Both implementations walk
//! an explicit stack, so no chain of interfaces can exhaust the stack.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

/// `interfaces_of` and `children_of` may lend their lists (a slot's own) or build them.
pub fn hoist_interfaces<I, C, L, M>(order: &[usize], interfaces_of: I, children_of: C) -> Vec<usize>
where
    I: Fn(usize) -> L,
    C: Fn(usize) -> M,
    L: AsRef<[usize]>,
    M: AsRef<[usize]>,
{
    enum Task {
        /// `place(item)`.
        Place(usize),
        /// `placeTree(item)`.
        PlaceTree(usize),
        /// `out.push(item)` at the end of `place`, then the items waiting for it.
        Emit(usize),
    }
    let mut out = Vec::new();
    let mut placed: HashSet<usize> = HashSet::new();
    // Placed but not yet in `out`: an interface whose own interfaces are being placed.
    let mut in_progress: HashSet<usize> = HashSet::new();
    // An item (a child brought along by an interface) that implements an interface still in
    // progress waits for it, so that no type comes before an interface it implements.
    let mut waiting: HashMap<usize, Vec<usize>> = HashMap::new();
    // Empty again after each start's walk: one vector serves all.
    let mut tasks = Vec::new();
    for &start in order {
        tasks.push(Task::Place(start));
        while let Some(task) = tasks.pop() {
            match task {
                Task::Place(item) => {
                    if placed.contains(&item) {
                        continue;
                    }
                    let interfaces = interfaces_of(item);
                    let interfaces = interfaces.as_ref();
                    if let Some(&blocker) = interfaces.iter().find(|i| in_progress.contains(i)) {
                        waiting.entry(blocker).or_default().push(item);
                        continue;
                    }
                    placed.insert(item);
                    in_progress.insert(item);
                    tasks.push(Task::Emit(item));
                    tasks.extend(interfaces.iter().rev().map(|&i| Task::PlaceTree(i)));
                }
                Task::PlaceTree(item) => {
                    tasks.extend(children_of(item).as_ref().iter().rev().map(|&c| Task::PlaceTree(c)));
                    tasks.push(Task::Place(item));
                }
                Task::Emit(item) => {
                    out.push(item);
                    in_progress.remove(&item);
                    if let Some(waiters) = waiting.remove(&item) {
                        tasks.extend(waiters.into_iter().rev().map(Task::Place));
                    }
                }
            }
        }
    }
    out
}

/// `hoist_interfaces` without children (the SDL -> JSON direction).
pub fn hoist_interfaces_only<I, L>(order: &[usize], interfaces_of: I) -> Vec<usize>
where
    I: Fn(usize) -> L,
    L: AsRef<[usize]>,
{
    hoist_interfaces(order, interfaces_of, |_| &[][..])
}
