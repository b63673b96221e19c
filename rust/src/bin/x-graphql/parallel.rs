//! `-r` on every core (decision records 0044, 0055): the files of a tree are
//! read and converted on worker threads, their outputs written on writer
//! threads, and their results handed back **in file order** to one thread that
//! prints their stderr lines. So stdout, stderr and the files written are the
//! same bytes as one file after the other; only the timing differs.
//!
//! Workers are threads with the converter's large stack
//! (`x_graphql::spawn_scoped_with_converter_stack`), so a conversion does not
//! start a thread of its own; even a one-file tree gets one worker (one thread
//! start, what the conversion alone used to cost). Writers are separate
//! threads so that a worker never waits for the disk (outputs are flushed to
//! it before their rename, records 0043 and 0056) and a write never waits for
//! a conversion.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex, PoisonError};

/// Below this many files one worker converts them all (docs/benchmarks.md, "Batch").
pub const MIN_FILES: usize = 8;

/// Writer threads for a tree of `MIN_FILES` or more. A writer writes what is
/// waiting as one group with one flush of the file system (record 0056), so
/// the flushes no longer line up per file. Measured, `-r` over the 1,000-file
/// batch corpus on 2 cores, ext4, 10 interleaved runs each: 1 writer 0.12 -
/// 0.20 s wall (median 0.13), 2 writers 0.14 - 0.22 s (median 0.15): one
/// writer takes larger groups and leaves the cores to the workers.
pub const WRITERS: usize = 1;

/// At most this many queued outputs are written as one group, flushed to the
/// disk together (record 0056): what a killed run may leave behind is at most
/// this many temporary files per writer.
pub const GROUP: usize = 16;

/// How many threads: `(workers, writers)`. Workers: one per core the process
/// may use, never more than files; writers: `WRITERS`.
pub fn threads_for(files: usize) -> (usize, usize) {
    if files < MIN_FILES {
        return (1, 1);
    }
    (std::thread::available_parallelism().map_or(1, usize::from).min(files), WRITERS)
}

/// Where the items before one stand: an item may have its effect (its output
/// written) only once no earlier item has stopped the run, as in a run of one
/// item after the other.
#[derive(Default)]
struct Gate {
    state: Mutex<GateState>,
    changed: Condvar,
}

#[derive(Default)]
struct GateState {
    /// Every item below this one has settled without stopping the run.
    settled: usize,
    /// Items above `settled` that settled without stopping.
    ahead: BTreeSet<usize>,
    /// The first item that stopped the run.
    stop_at: Option<usize>,
}

impl Gate {
    fn settle(&self, index: usize, stops: bool) {
        let mut guard = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let state = &mut *guard;
        if stops {
            state.stop_at = Some(state.stop_at.map_or(index, |at| at.min(index)));
        } else {
            state.ahead.insert(index);
            while state.ahead.remove(&state.settled) {
                state.settled += 1;
            }
        }
        drop(guard);
        self.changed.notify_all();
    }

    /// Waits until every item before `index` has settled: true when none of
    /// them stopped the run. Items are handed out in order and settle as soon
    /// as they are converted, so the wait is short, and only writers wait.
    fn earlier_went_on(&self, index: usize) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if state.stop_at.is_some_and(|at| at < index) {
                return false;
            }
            if state.settled >= index {
                return true;
            }
            state = self.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// One item's place in the run, given to `work`.
pub struct Turn<'g> {
    gate: &'g Gate,
    index: usize,
    settled: std::cell::Cell<bool>,
}

impl Turn<'_> {
    /// Says whether this item stops the run (its `emit` will fail), as soon as
    /// that is known; at most once. Not calling it means it does not stop.
    pub fn settle(&self, stops: bool) {
        if !self.settled.replace(true) {
            self.gate.settle(self.index, stops);
        }
    }
}

impl Drop for Turn<'_> {
    /// An item whose `work` did not settle settles now; a panicking one stops
    /// the run, so no writer waits for it forever.
    fn drop(&mut self) {
        self.settle(std::thread::panicking());
    }
}

/// What `work` made of an item: a result for `emit`, or an effect to have
/// first (on a writer thread), which gives the result.
pub enum Step<R, W> {
    Done(R),
    Effect(W),
}

/// Runs `work` on every item on `workers` threads, then `effect` on the items
/// that need one on `writers` threads, and passes each result to `emit` on the
/// calling thread, in item order. A writer gives `effect` every item waiting
/// for one when it is free (up to `GROUP`), and `effect` returns their results
/// in the same order. `emit` returning an error stops the run:
/// items not started are skipped and the error is returned. `work` must
/// `settle(true)` exactly the items whose `emit` fails; an `effect` runs only
/// once every earlier item settled without stopping, so no effect happens that
/// a run of one item after the other would not have.
pub fn for_each_ordered<T, W, R, E>(
    items: &[T],
    (workers, writers): (usize, usize),
    work: impl Fn(&T, &Turn<'_>) -> Step<R, W> + Sync,
    effect: impl Fn(Vec<W>) -> Vec<R> + Sync,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    W: Send,
    R: Send,
{
    let gate = Gate::default();
    let turn = |index| Turn { gate: &gate, index, settled: std::cell::Cell::new(false) };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Bounded: with a slow disk, converted outputs wait here, not without end.
    let (to_write, writes) = mpsc::sync_channel::<(usize, W)>(64);
    let writes = Mutex::new(writes);
    let effect_one = |w: W| effect(vec![w]).pop().expect("one result per item");
    let result = std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, R)>();
        let (gate, writes, effect, effect_one) = (&gate, &writes, &effect, &effect_one);
        let mut writers_started = 0;
        for _ in 0..writers.max(1) {
            let send = send.clone();
            let writer = std::thread::Builder::new().name("x-graphql-write".to_string()).spawn_scoped(scope, move || loop {
                let queued = {
                    let writes = writes.lock().unwrap_or_else(PoisonError::into_inner);
                    let Ok(first) = writes.recv() else { break };
                    let mut queued = vec![first];
                    queued.extend(std::iter::from_fn(|| writes.try_recv().ok()).take(GROUP - 1));
                    queued
                };
                // An item the run stopped before is never emitted, so nothing is written.
                // After a stop this loop goes on taking items (and dropping them) until the
                // workers are done, so none waits on a full queue.
                let (indices, group): (Vec<usize>, Vec<W>) = queued.into_iter().filter(|(i, _)| gate.earlier_went_on(*i)).unzip();
                if !group.is_empty() {
                    for result in indices.into_iter().zip(effect(group)) {
                        let _ = send.send(result);
                    }
                }
            });
            writers_started += usize::from(writer.is_ok());
        }
        let mut workers_started = 0;
        for _ in 0..workers.max(1) {
            let (send, to_write) = (send.clone(), to_write.clone());
            let (next, stop, work, turn) = (&next, &stop, &work, &turn);
            let worker = x_graphql::spawn_scoped_with_converter_stack(scope, move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let step = work(item, &turn(i));
                let sent = match step {
                    Step::Done(result) => send.send((i, result)).is_ok(),
                    Step::Effect(w) if writers_started > 0 => to_write.send((i, w)).is_ok(),
                    // No writer thread to be had: the effect here.
                    Step::Effect(w) => !gate.earlier_went_on(i) || send.send((i, effect_one(w))).is_ok(),
                };
                if !sent {
                    break;
                }
            });
            workers_started += usize::from(worker.is_ok());
        }
        drop((send, to_write));
        if workers_started == 0 {
            return None; // no thread to be had: all on this one, below
        }
        // Results that arrived before their turn wait here.
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut next_emit = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&next_emit) {
                next_emit += 1;
                if let Err(e) = emit(result) {
                    stop.store(true, Ordering::Relaxed);
                    return Some(Err(e));
                }
            }
        }
        Some(Ok(()))
    });
    match result {
        Some(result) => result,
        None => {
            for (i, item) in items.iter().enumerate() {
                let result = match work(item, &turn(i)) {
                    Step::Done(result) => result,
                    Step::Effect(w) => effect_one(w),
                };
                emit(result)?;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uneven work, so threads finish out of order.
    fn spin(n: &u64) -> u64 {
        (0..(n % 7) * 1000).fold(*n, u64::wrapping_add)
    }

    /// Every third item has an effect, which doubles it.
    fn step(n: &u64) -> Step<u64, u64> {
        if n.is_multiple_of(3) {
            Step::Effect(spin(n))
        } else {
            Step::Done(spin(n))
        }
    }

    fn double(group: Vec<u64>) -> Vec<u64> {
        group.into_iter().map(|w| w * 2).collect()
    }

    fn expected(n: &u64) -> u64 {
        if n.is_multiple_of(3) {
            spin(n) * 2
        } else {
            spin(n)
        }
    }

    #[test]
    fn results_come_back_in_item_order() {
        let items: Vec<u64> = (0..500).collect();
        for threads in [(1, 1), (4, 1), (2, 3), (3, 0)] {
            let mut seen = Vec::new();
            let result: Result<(), ()> = for_each_ordered(&items, threads, |n, _| step(n), double, |r| {
                seen.push(r);
                Ok(())
            });
            assert!(result.is_ok());
            assert_eq!(seen, items.iter().map(expected).collect::<Vec<_>>(), "{threads:?}");
        }
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let items: Vec<usize> = (0..100).collect();
        let mut emitted = 0;
        let work = |&n: &usize, turn: &Turn<'_>| {
            turn.settle(n == 10);
            Step::<usize, usize>::Done(n)
        };
        let result = for_each_ordered(&items, (2, 2), work, |group| group, |n| {
            emitted += 1;
            if n == 10 {
                Err(n)
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err(10));
        assert_eq!(emitted, 11);
    }

    /// Uneven work, an item that stops the run, a slow effect for every other item:
    /// every item before the stop has its effect, none after it.
    #[test]
    fn no_effect_after_the_item_that_stops() {
        for threads in [(1, 1), (2, 1), (2, 4), (5, 2)] {
            let items: Vec<u64> = (0..300).collect();
            let effects = Mutex::new(Vec::<u64>::new());
            let result = for_each_ordered(
                &items,
                threads,
                |n, turn| {
                    turn.settle(*n == 120);
                    if n % 2 == 0 && *n != 120 {
                        Step::Effect(*n)
                    } else {
                        Step::Done(spin(n) - spin(n) + n)
                    }
                },
                |group: Vec<u64>| {
                    std::thread::sleep(std::time::Duration::from_micros(200));
                    effects.lock().unwrap().extend(&group);
                    group
                },
                |n| if n == 120 { Err(n) } else { Ok(()) },
            );
            assert_eq!(result, Err(120));
            let mut effects = effects.into_inner().unwrap();
            effects.sort_unstable();
            assert_eq!(effects, (0..120).step_by(2).collect::<Vec<_>>(), "{threads:?}");
        }
    }

    /// Items waiting for a busy writer are handed to it together, never more
    /// than `GROUP`, and each exactly once.
    #[test]
    fn waiting_effects_come_in_groups() {
        let items: Vec<u64> = (0..400).collect();
        let groups = Mutex::new(Vec::new());
        let result = for_each_ordered(
            &items,
            (2, 1),
            |n, _| Step::<u64, u64>::Effect(*n),
            |group: Vec<u64>| {
                std::thread::sleep(std::time::Duration::from_millis(1));
                groups.lock().unwrap().push(group.clone());
                group
            },
            |_| Ok::<(), ()>(()),
        );
        assert!(result.is_ok());
        let groups = groups.into_inner().unwrap();
        assert!(groups.iter().all(|g| !g.is_empty() && g.len() <= GROUP));
        assert!(groups.iter().any(|g| g.len() > 1), "a slow writer takes what waits");
        let mut all: Vec<u64> = groups.concat();
        all.sort_unstable();
        assert_eq!(all, items);
    }

    /// A panicking item ends the run with its panic, not with writers waiting for it.
    #[test]
    fn a_panic_does_not_leave_writers_waiting() {
        let items: Vec<u64> = (0..50).collect();
        let run = std::panic::catch_unwind(|| {
            let _ = for_each_ordered(
                &items,
                (3, 2),
                |n, _| {
                    assert!(*n != 7, "a bug");
                    Step::<u64, u64>::Effect(*n)
                },
                |group| group,
                |_| Ok::<(), ()>(()),
            );
        });
        assert!(run.is_err());
    }

    #[test]
    fn few_files_stay_on_one_thread() {
        assert_eq!(threads_for(MIN_FILES - 1), (1, 1));
        assert!(threads_for(1000).0 >= 1);
    }
}
