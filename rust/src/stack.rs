//! The large stack conversions run on. Lowering recurses along chains of type
//! aliases and apollo-compiler recurses over nested SDL (both bounded by the
//! depth limits of record 0042); a generous stack keeps any input the
//! TypeScript can convert far from the limit, whatever thread the caller is on.
//!
//! A conversion used to spawn a thread with this stack every time: for `-r` over
//! 1,000 small files that was 1,000 thread starts, 2,000 mmap/munmap calls and
//! the page faults of fresh stacks, about a fifth of the run. Threads this
//! module starts (`spawn_scoped_with_converter_stack`) carry a thread-local
//! mark with the address their stack began at; a conversion on such a thread,
//! near the top of its stack, runs right there instead.
//!
//! On any other thread the conversion switches that thread to a fresh stack of
//! the same size (`stacker`, as rustc does for deep recursion) rather than
//! starting a thread for it (record 0060). Its memory then comes from the
//! caller's allocator arena: on a thread of its own, glibc gave it a thread arena,
//! whose heaps it unmapped when the conversion freed them, so every conversion of a
//! large input mapped and faulted them in again (N = 5,000, ten conversions in one
//! process: 53,000 page faults against 27,000, and 6% of the time).

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::thread::{Scope, ScopedJoinHandle};

use crate::errors::{codes, ConversionError};

/// The stack of a converter thread. Only the pages used are committed.
pub const STACK_SIZE: usize = 256 * 1024 * 1024;

/// How much of a converter thread's stack its caller may have used when a
/// conversion starts on it directly; deeper, the conversion gets a fresh thread
/// as on any other thread. A conversion so always has at least
/// `STACK_SIZE - CALLER_SHARE` of stack, as a thread of its own would give it.
const CALLER_SHARE: usize = 1024 * 1024;

thread_local! {
    /// The address of a local near the top of this thread's stack, when the
    /// thread was started by `spawn_scoped_with_converter_stack`; else 0.
    static CONVERTER_STACK_TOP: Cell<usize> = const { Cell::new(0) };
}

/// An address on the current stack (the stack grows down on every platform
/// Rust supports threads with, but the distance is taken either way).
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Whether a conversion may run on this thread without a thread of its own.
fn on_converter_stack() -> bool {
    let top = CONVERTER_STACK_TOP.with(Cell::get);
    top != 0 && top.abs_diff(stack_address()) < CALLER_SHARE
}

/// Spawns `f` on a scoped thread with the converter's stack: conversions `f`
/// runs use that stack instead of starting a thread each. For callers that run many conversions on threads of their own, such as
/// the CLI's `convert -r`:
///
/// ```
/// std::thread::scope(|scope| {
///     let worker = x_graphql::spawn_scoped_with_converter_stack(scope, || {
///         x_graphql::json_schema_to_graphql("{}", &x_graphql::Options::default())
///     });
///     assert!(worker.unwrap().join().unwrap().is_ok());
/// });
/// ```
pub fn spawn_scoped_with_converter_stack<'scope, 'env, F, T>(
    scope: &'scope Scope<'scope, 'env>,
    f: F,
) -> std::io::Result<ScopedJoinHandle<'scope, T>>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    std::thread::Builder::new()
        .name("x-graphql-convert".to_string())
        .stack_size(STACK_SIZE)
        .spawn_scoped(scope, move || {
            CONVERTER_STACK_TOP.with(|top| top.set(stack_address()));
            f()
        })
}

/// Runs `f` with the converter's stack: right here on a converter thread near
/// the top of its stack, else on this thread switched to a fresh stack of
/// `STACK_SIZE` bytes for the call. A panic, which would be a bug, becomes an
/// error either way, as it did when every conversion had a thread.
pub fn with_converter_stack<T: Send>(
    f: impl FnOnce() -> Result<T, ConversionError> + Send,
) -> Result<T, ConversionError> {
    if on_converter_stack() {
        return catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(stopped()));
    }
    // A panic in `f` unwinds back onto this thread's own stack before it is caught.
    catch_unwind(AssertUnwindSafe(|| stacker::grow(STACK_SIZE, f))).unwrap_or_else(|_| Err(stopped()))
}

fn stopped() -> ConversionError {
    ConversionError::new(codes::IO, "the conversion stopped unexpectedly")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on_which_thread() -> Result<(bool, Option<String>), ConversionError> {
        with_converter_stack(|| Ok((on_converter_stack(), std::thread::current().name().map(str::to_string))))
    }

    /// On a plain thread the conversion stays on it, with a stack of its own: it
    /// can use nearly all of `STACK_SIZE` (far more than a test thread's 2 MiB).
    #[test]
    fn a_plain_thread_converts_on_a_stack_of_the_converters_size() {
        assert!(!on_converter_stack());
        let (converter, name) = on_which_thread().unwrap();
        assert!(!converter);
        assert_eq!(name, std::thread::current().name().map(str::to_string));
        let room = with_converter_stack(|| Ok(stacker::remaining_stack())).unwrap();
        assert!(room.is_some_and(|room| room > STACK_SIZE - CALLER_SHARE), "{room:?}");
    }

    #[test]
    fn a_panic_on_a_plain_thread_becomes_an_error() {
        assert_eq!(with_converter_stack::<()>(|| panic!("a bug")).unwrap_err().code, codes::IO);
    }

    #[test]
    fn a_converter_thread_converts_in_place() {
        std::thread::scope(|scope| {
            let worker = spawn_scoped_with_converter_stack(scope, || {
                let here = std::thread::current().id();
                let ran_on = with_converter_stack(|| Ok(std::thread::current().id())).unwrap();
                (here, ran_on)
            });
            let (here, ran_on) = worker.unwrap().join().unwrap();
            assert_eq!(here, ran_on);
        });
    }

    /// A caller deep in its own stack does not eat into the conversion's: it gets a
    /// fresh stack of the full size.
    #[test]
    fn deep_in_a_converter_thread_the_conversion_gets_a_fresh_stack() {
        fn recurse(n: usize) -> Option<usize> {
            if n == 0 {
                return with_converter_stack(|| Ok(stacker::remaining_stack())).unwrap();
            }
            let pad = std::hint::black_box([0u8; 4096]);
            let r = recurse(n - 1);
            std::hint::black_box(pad);
            r
        }
        std::thread::scope(|scope| {
            let worker = spawn_scoped_with_converter_stack(scope, || recurse(2 * CALLER_SHARE / 4096));
            let room = worker.unwrap().join().unwrap();
            assert!(room.is_some_and(|room| room > STACK_SIZE - CALLER_SHARE), "{room:?}");
        });
    }

    #[test]
    fn a_panic_in_place_becomes_an_error() {
        std::thread::scope(|scope| {
            let worker = spawn_scoped_with_converter_stack(scope, || {
                with_converter_stack::<()>(|| panic!("a bug")).unwrap_err().code
            });
            assert_eq!(worker.unwrap().join().unwrap(), codes::IO);
        });
    }
}
