//! Interface hoisting (D15, record 0028), shared by both directions (mirrors
//! js/src/hoist.ts): the forward `assemble` can order type slots with it, and
//! `sdl_read` orders the definitions of an SDL document with it for the
//! canonical form.
//!
//! Each item is placed where it stands in `order`, except that the interfaces
//! it implements (recursively, with their own interfaces first) are placed
//! right before it unless they were placed already; an interface brings its
//! children (inline types, forward direction only) with it.
//!
//! Items are indexes (slot ids, definition positions). The TypeScript recurses;
//! this walks an explicit stack in the same order, so no chain of interfaces
//! can exhaust the stack.

use std::collections::HashSet;

pub fn hoist_interfaces<I, C>(order: &[usize], interfaces_of: I, children_of: C) -> Vec<usize>
where
    I: Fn(usize) -> Vec<usize>,
    C: Fn(usize) -> Vec<usize>,
{
    enum Task {
        /// `place(item)`.
        Place(usize),
        /// `placeTree(item)`.
        PlaceTree(usize),
        /// `out.push(item)` at the end of `place`.
        Emit(usize),
    }
    let mut out = Vec::new();
    let mut placed: HashSet<usize> = HashSet::new();
    for &start in order {
        let mut tasks = vec![Task::Place(start)];
        while let Some(task) = tasks.pop() {
            match task {
                Task::Place(item) => {
                    if !placed.insert(item) {
                        continue;
                    }
                    tasks.push(Task::Emit(item));
                    tasks.extend(interfaces_of(item).into_iter().rev().map(Task::PlaceTree));
                }
                Task::PlaceTree(item) => {
                    tasks.extend(children_of(item).into_iter().rev().map(Task::PlaceTree));
                    tasks.push(Task::Place(item));
                }
                Task::Emit(item) => out.push(item),
            }
        }
    }
    out
}

/// `hoist_interfaces` without children (the SDL -> JSON direction).
pub fn hoist_interfaces_only<I>(order: &[usize], interfaces_of: I) -> Vec<usize>
where
    I: Fn(usize) -> Vec<usize>,
{
    hoist_interfaces(order, interfaces_of, |_| Vec::new())
}
