//! `-r` on every core (decision records 0044, 0055): the files of a tree are
//! read, converted and written on worker threads, and their results are handed
//! back **in file order** to one thread that prints their stderr lines. So
//! stdout, stderr and the files written are the same bytes, in the same order,
//! as one file after the other; only the timing differs.
//!
//! Workers are threads with the converter's large stack
//! (`x_graphql::spawn_scoped_with_converter_stack`), so a conversion does not
//! start a thread of its own. Even a one-file tree gets one worker: one thread
//! start, as the conversion alone would cost.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex, PoisonError};

/// Below this many files one worker converts them all (docs/benchmarks.md, "Batch").
pub const MIN_FILES: usize = 8;

/// How many workers: one per core, never more than files.
pub fn threads_for(files: usize) -> usize {
    if files < MIN_FILES {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, usize::from).min(files)
}

/// Where the items before one stand: a worker may have an effect (write a file)
/// only once no earlier item has stopped the run, as in a run of one item after
/// the other.
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

/// One item's place in the run, given to `work`.
pub struct Turn<'g> {
    gate: &'g Gate,
    index: usize,
    settled: std::cell::Cell<Option<bool>>,
}

impl Turn<'_> {
    /// Says whether this item stops the run (its `emit` will fail); at most
    /// once, before any effect. Does not wait.
    pub fn settle(&self, stops: bool) {
        if self.settled.get().is_some() {
            return;
        }
        self.settled.set(Some(stops));
        let mut guard = self.gate.state.lock().unwrap_or_else(PoisonError::into_inner);
        let state = &mut *guard;
        if stops {
            state.stop_at = Some(state.stop_at.map_or(self.index, |at| at.min(self.index)));
        } else {
            state.ahead.insert(self.index);
            while state.ahead.remove(&state.settled) {
                state.settled += 1;
            }
        }
        drop(guard);
        self.gate.changed.notify_all();
    }

    /// Settles (without stopping) if not done yet, then waits until every
    /// earlier item has settled: true when none of them stopped the run, so
    /// this item may have its effects; false when the run stops before it (or
    /// at it). The wait is for earlier items' `work` up to their `settle`, which
    /// with items handed out in order is usually over already.
    pub fn may_go_on(&self) -> bool {
        self.settle(false);
        if self.settled.get() == Some(true) {
            return false;
        }
        let mut state = self.gate.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if state.stop_at.is_some_and(|at| at < self.index) {
                return false;
            }
            if state.settled >= self.index {
                return true;
            }
            state = self.gate.changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

impl Drop for Turn<'_> {
    /// An item whose `work` did not settle settles now; a panicking one stops
    /// the run, so no later item waits for it forever.
    fn drop(&mut self) {
        self.settle(std::thread::panicking());
    }
}

/// Runs `work` on every item on `threads` workers and passes each result to
/// `emit` on the calling thread, in item order. `emit` returning an error stops
/// the run: items not started are skipped and the error is returned. `work`
/// must `settle(true)` exactly the items whose `emit` fails, and have effects
/// only after `may_go_on()` said yes: then no effect happens that a run of one
/// item after the other would not have.
pub fn for_each_ordered<T, R, E>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T, &Turn<'_>) -> R + Sync,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let gate = Gate::default();
    let turn = |index| Turn { gate: &gate, index, settled: std::cell::Cell::new(None) };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, R)>();
        let mut started = 0;
        for _ in 0..threads.max(1) {
            let send = send.clone();
            let (next, stop, work, turn) = (&next, &stop, &work, &turn);
            let worker = x_graphql::spawn_scoped_with_converter_stack(scope, move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let result = work(item, &turn(i));
                if send.send((i, result)).is_err() {
                    break;
                }
            });
            started += usize::from(worker.is_ok());
        }
        drop(send);
        if started == 0 {
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
                let result = work(item, &turn(i));
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

    #[test]
    fn results_come_back_in_item_order() {
        let items: Vec<u64> = (0..500).collect();
        let mut seen = Vec::new();
        let result: Result<(), ()> = for_each_ordered(&items, 4, |n, _| spin(n), |r| {
            seen.push(r);
            Ok(())
        });
        assert!(result.is_ok());
        assert_eq!(seen, items.iter().map(spin).collect::<Vec<_>>());
    }

    #[test]
    fn an_emit_error_stops_the_run() {
        let items: Vec<usize> = (0..100).collect();
        let mut emitted = 0;
        let result = for_each_ordered(&items, 2, |&n, turn| { turn.settle(n == 10); n }, |n| {
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

    /// Uneven work, an item that stops the run, effects after `may_go_on`: every
    /// item before the stop has its effect, none after it.
    #[test]
    fn no_effect_after_the_item_that_stops() {
        for threads in [1, 2, 5] {
            let items: Vec<u64> = (0..300).collect();
            let effects = Mutex::new(Vec::new());
            let result = for_each_ordered(
                &items,
                threads,
                |n, turn| {
                    let stops = *n == 120;
                    turn.settle(stops);
                    spin(n);
                    if turn.may_go_on() {
                        effects.lock().unwrap().push(*n);
                    }
                    *n
                },
                |n| if n == 120 { Err(n) } else { Ok(()) },
            );
            assert_eq!(result, Err(120));
            let mut effects = effects.into_inner().unwrap();
            effects.sort_unstable();
            assert_eq!(effects, (0..120).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    /// A panicking item ends the run with its panic, not with workers waiting for it.
    #[test]
    fn a_panic_does_not_leave_workers_waiting() {
        let items: Vec<u64> = (0..50).collect();
        let run = std::panic::catch_unwind(|| {
            let _ = for_each_ordered(
                &items,
                3,
                |n, turn| {
                    assert!(*n != 7, "a bug");
                    turn.may_go_on()
                },
                |_| Ok::<(), ()>(()),
            );
        });
        assert!(run.is_err());
    }

    #[test]
    fn few_files_stay_on_one_thread() {
        assert_eq!(threads_for(MIN_FILES - 1), 1);
        assert!(threads_for(1000) >= 1);
    }
}
