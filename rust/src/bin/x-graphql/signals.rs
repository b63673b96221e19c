//! SIGINT and SIGTERM: the temporary files of the outputs being written are
//! removed (record 0043), and `--watch` stops between polls (record 0048). The
//! twin of `arm` in js/src/cli-write.ts and of the listeners in js/src/watch.ts.
//!
//! On Linux both signals are blocked in the main thread before any other
//! thread starts (so in every thread), and one thread waits for them with
//! sigwait(2): it is not a signal handler, so it may take the lock of the list
//! of temporary files and remove them. When a signal comes:
//! - `--watch`: it is recorded; the watch ends after the conversion under way;
//! - once a temporary file has been created: the temporary files being written
//!   are removed and the process exits with 128 + the signal (130, 143);
//! - before that: the process is ended by the signal itself, the default way.
//!   That is what the npm CLI does then (Node runs a listener only between the
//!   program's synchronous steps, so its listeners come with the first write),
//!   and there is nothing to clean up.
//!
//! A signal the parent ignores (`cmd &` in a script ignores SIGINT) stays
//! ignored until a temporary file is created or `--watch` starts, as in Node,
//! whose listeners replace the ignoring. No crate: the few libc functions are
//! declared here, as watch.rs once did.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The temporary files being written now.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Whether a temporary file has been created (set under the lock of `TEMPORARIES`).
static ARMED: AtomicBool = AtomicBool::new(false);
/// `--watch`: a signal only sets `STOP`.
static WATCHING: AtomicBool = AtomicBool::new(false);
/// 128 + the signal that asked `--watch` to stop, or 0.
static STOP: AtomicI32 = AtomicI32::new(0);

fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Creates the temporary file `path` (it must not exist), registered for
/// removal on SIGINT/SIGTERM until `forget_temporary`. Under the lock: once
/// the signal thread holds it, no temporary file is created any more.
pub fn create_temporary(path: &Path) -> io::Result<fs::File> {
    let mut list = temporaries();
    let file = fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    ARMED.store(true, Ordering::SeqCst);
    list.push(path.to_path_buf());
    Ok(file)
}

/// The temporary file was renamed or removed.
pub fn forget_temporary(path: &Path) {
    let mut list = temporaries();
    if let Some(i) = list.iter().position(|p| p == path) {
        list.swap_remove(i);
    }
}

/// The code `--watch` ends with once a signal came (130, 143), or 0.
pub fn stop_code() -> i32 {
    STOP.load(Ordering::SeqCst)
}

#[cfg(target_os = "linux")]
mod sys {
    use std::ffi::c_int;

    /// `sigset_t` (glibc and musl: 1,024 bits).
    #[repr(C)]
    #[derive(Clone, Copy)]
    pub struct SigSet([u64; 16]);

    extern "C" {
        fn sigemptyset(set: *mut SigSet) -> c_int;
        fn sigaddset(set: *mut SigSet, signum: c_int) -> c_int;
        fn pthread_sigmask(how: c_int, set: *const SigSet, old: *mut SigSet) -> c_int;
        fn sigwait(set: *const SigSet, sig: *mut c_int) -> c_int;
        fn signal(signum: c_int, handler: usize) -> usize;
        fn raise(sig: c_int) -> c_int;
        fn _exit(status: c_int) -> !;
    }

    pub const SIGINT: c_int = 2;
    pub const SIGTERM: c_int = 15;
    const SIG_BLOCK: c_int = 0;
    const SIG_UNBLOCK: c_int = 1;
    const SIG_DFL: usize = 0;
    const SIG_IGN: usize = 1;

    pub fn set_of(signals: &[c_int]) -> SigSet {
        let mut set = SigSet([0; 16]);
        // SAFETY: `set` is a writable sigset_t.
        unsafe {
            sigemptyset(&mut set);
            for &sig in signals {
                sigaddset(&mut set, sig);
            }
        }
        set
    }

    /// Whether the parent left `sig` ignored. (Blocked, an ignored signal still
    /// reaches sigwait on Linux, so the thread decides.)
    pub fn ignored(sig: c_int) -> bool {
        // SAFETY: the disposition is swapped back at once (libc has no call that
        // only reads it, short of the platform's struct sigaction).
        unsafe {
            let previous = signal(sig, SIG_IGN);
            if previous != SIG_IGN {
                signal(sig, previous);
            }
            previous == SIG_IGN
        }
    }

    pub fn block(set: &SigSet) -> bool {
        // SAFETY: `set` is an initialised sigset_t.
        unsafe { pthread_sigmask(SIG_BLOCK, set, std::ptr::null_mut()) == 0 }
    }

    pub fn unblock(set: &SigSet) {
        // SAFETY: as `block`.
        unsafe {
            pthread_sigmask(SIG_UNBLOCK, set, std::ptr::null_mut());
        }
    }

    /// The next signal of `set` (blocked in every thread).
    pub fn wait(set: &SigSet) -> Option<c_int> {
        let mut sig: c_int = 0;
        // SAFETY: both pointers are valid for the call.
        (unsafe { sigwait(set, &mut sig) } == 0).then_some(sig)
    }

    /// Ends the process by `sig`, the default way (`set` unblocked in this thread first).
    pub fn die_by(set: &SigSet, sig: c_int) {
        // SAFETY: plain libc calls on a valid set; raise() ends the process.
        unsafe {
            signal(sig, SIG_DFL);
            pthread_sigmask(SIG_UNBLOCK, set, std::ptr::null_mut());
            raise(sig);
        }
    }

    pub fn exit_now(code: c_int) -> ! {
        // SAFETY: _exit ends the process at once; no destructor or atexit
        // handler runs while other threads may be writing.
        unsafe { _exit(code) }
    }
}

/// Blocks SIGINT and SIGTERM and starts the thread that waits for them. Called
/// first thing in main, before any other thread exists (threads inherit the mask).
#[cfg(target_os = "linux")]
pub fn install() {
    let ignored_int = sys::ignored(sys::SIGINT);
    let ignored_term = sys::ignored(sys::SIGTERM);
    let set = sys::set_of(&[sys::SIGINT, sys::SIGTERM]);
    if !sys::block(&set) {
        return;
    }
    let started = std::thread::Builder::new().name("x-graphql-signals".to_string()).stack_size(64 * 1024).spawn(move || loop {
        let Some(sig) = sys::wait(&set) else { continue };
        if WATCHING.load(Ordering::SeqCst) {
            STOP.store(128 + sig, Ordering::SeqCst);
            continue;
        }
        // Held to the end: no temporary file is created after this point.
        let list = temporaries();
        if !ARMED.load(Ordering::SeqCst) {
            let ignored = if sig == sys::SIGINT { ignored_int } else { ignored_term };
            if !ignored {
                sys::die_by(&set, sig);
            }
            continue;
        }
        for tmp in list.iter() {
            let _ = fs::remove_file(tmp);
        }
        sys::exit_now(128 + sig);
    });
    if started.is_err() {
        sys::unblock(&set);
    }
}

/// `--watch` from now on: a signal is only recorded (`stop_code`).
#[cfg(target_os = "linux")]
pub fn watch_mode() {
    WATCHING.store(true, Ordering::SeqCst);
}

#[cfg(not(target_os = "linux"))]
pub fn install() {}

/// Elsewhere on Unix, `--watch` catches the signals with signal(2), an atomic
/// store in the handler; the temporary files of other commands are left to
/// the default action (a later run's write replaces its target all the same).
#[cfg(all(unix, not(target_os = "linux")))]
pub fn watch_mode() {
    extern "C" {
        fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
    }
    extern "C" fn on_signal(signum: i32) {
        STOP.store(128 + signum, Ordering::SeqCst);
    }
    WATCHING.store(true, Ordering::SeqCst);
    // SAFETY: the handler only stores to an atomic.
    unsafe {
        signal(2, on_signal);
        signal(15, on_signal);
    }
}

#[cfg(not(unix))]
pub fn watch_mode() {}
