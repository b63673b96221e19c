//! `-r` on every core (decision record 0044): the files of a tree are read and
//! converted on worker threads, and their results are handed back **in file
//! order** to one thread that prints their stderr lines and writes their
//! outputs. So stdout, stderr and the files written are the same bytes, in the
//! same order, as one file after the other; only the timing differs.
//!
//! Threads pay off only from a few files on: below `MIN_FILES` (measured in
//! docs/benchmarks.md) the tree is converted on the calling thread.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Below this many files, threads cost more than they save (docs/benchmarks.md, "Batch").
pub const MIN_FILES: usize = 8;

/// How many threads to convert on: one per core, never more than files.
pub fn threads_for(files: usize) -> usize {
    if files < MIN_FILES {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, usize::from).min(files)
}

/// Runs `work` on every item on `threads` threads and passes each result to
/// `emit` on the calling thread, in item order. `emit` returning an error stops
/// the run: items not started are skipped and the error is returned.
pub fn for_each_ordered<T, R, E>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    if threads <= 1 {
        for item in items {
            emit(work(item))?;
        }
        return Ok(());
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, R)>();
        for _ in 0..threads {
            let send = send.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if send.send((i, work(item))).is_err() {
                    break;
                }
            });
        }
        drop(send);
        // Results that arrived before their turn wait here.
        let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
        let mut turn = 0;
        for (i, result) in receive {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&turn) {
                turn += 1;
                if let Err(e) = emit(result) {
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok(())
    })
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
        let result: Result<(), ()> = for_each_ordered(&items, 4, spin, |r| {
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
        let result = for_each_ordered(&items, 2, |&n| n, |n| {
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

    #[test]
    fn few_files_stay_on_one_thread() {
        assert_eq!(threads_for(MIN_FILES - 1), 1);
        assert!(threads_for(1000) >= 1);
    }
}
