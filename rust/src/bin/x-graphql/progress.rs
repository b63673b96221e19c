//! A live progress line on stderr for long runs (`convert -r`), drawn only
//! when stderr is a terminal, the run is not `--quiet` and has more than
//! `PROGRESS_MIN_FILES` files; otherwise it does nothing. The twin of
//! js/src/progress.ts (same text: `converting 120/1000 files, 2 failed, 1.3s`).
//!
//! ```text
//! let progress = Progress::new(&term, files.len(), "converting");
//! for f in files { ...; progress.done(failed); }
//! progress.finish(); // clears the line; print the summary after it
//! ```

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::{Duration, Instant};

use crate::terminal::{StatusLine, Terminal};

/// "More than a few dozen files" (decision record 0047).
pub const PROGRESS_MIN_FILES: usize = 30;
const FRAME: Duration = Duration::from_millis(100);
const CLEAR: &str = "\r\x1b[K";

/// `0.0s`..`59.9s`, then `1m05s`.
pub fn elapsed_text(ms: u128) -> String {
    let tenths = ms / 100;
    if tenths < 600 {
        return format!("{}.{}s", tenths / 10, tenths % 10);
    }
    let s = ms / 1000;
    format!("{}m{:02}s", s / 60, s % 60)
}

/// The text of one frame.
pub fn progress_text(verb: &str, done: usize, total: usize, failed: usize, ms: u128) -> String {
    format!("{verb} {done}/{total} files, {failed} failed, {}", elapsed_text(ms))
}

struct State {
    verb: &'static str,
    done: usize,
    total: usize,
    failed: usize,
    start: Instant,
    last_frame: Instant,
    drawn: bool,
}

impl State {
    fn frame(&mut self) -> String {
        self.last_frame = Instant::now();
        self.drawn = true;
        let ms = self.start.elapsed().as_millis();
        format!("{CLEAR}{}", progress_text(self.verb, self.done, self.total, self.failed, ms))
    }
}

/// What the Terminal holds to clear and redraw the line around other output.
struct Handle(Rc<RefCell<State>>);

impl StatusLine for Handle {
    fn clear(&mut self, out: &mut dyn Write) {
        let mut s = self.0.borrow_mut();
        if s.drawn {
            let _ = out.write_all(CLEAR.as_bytes());
            s.drawn = false;
        }
    }

    fn redraw(&mut self, out: &mut dyn Write) {
        let frame = self.0.borrow_mut().frame();
        let _ = out.write_all(frame.as_bytes());
    }
}

pub struct Progress<'t> {
    term: &'t Terminal,
    state: Rc<RefCell<State>>,
    enabled: bool,
}

impl<'t> Progress<'t> {
    /// `verb`: `converting`, `validating`, ...
    pub fn new(term: &'t Terminal, total: usize, verb: &'static str) -> Self {
        let now = Instant::now();
        let state = Rc::new(RefCell::new(State { verb, done: 0, total, failed: 0, start: now, last_frame: now, drawn: false }));
        let enabled = term.is_tty && !term.quiet && total > PROGRESS_MIN_FILES;
        let progress = Progress { term, state, enabled };
        if enabled {
            *term.status.borrow_mut() = Some(Box::new(Handle(Rc::clone(&progress.state))));
            progress.draw();
        }
        progress
    }

    fn draw(&self) {
        let frame = self.state.borrow_mut().frame();
        self.term.raw(&frame);
    }

    /// One file finished (`failed`: it did not convert).
    pub fn done(&self, failed: bool) {
        let due = {
            let mut s = self.state.borrow_mut();
            s.done += 1;
            if failed {
                s.failed += 1;
            }
            s.last_frame.elapsed() >= FRAME || s.done == s.total
        };
        if self.enabled && due {
            self.draw();
        }
    }

    /// Clears the line for good; call before the summary.
    pub fn finish(&self) {
        if !self.enabled {
            return;
        }
        let drawn = std::mem::replace(&mut self.state.borrow_mut().drawn, false);
        if drawn {
            self.term.raw(CLEAR);
        }
        *self.term.status.borrow_mut() = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        assert_eq!(elapsed_text(0), "0.0s");
        assert_eq!(elapsed_text(1349), "1.3s");
        assert_eq!(elapsed_text(65_000), "1m05s");
        assert_eq!(progress_text("converting", 3, 40, 1, 250), "converting 3/40 files, 1 failed, 0.2s");
    }
}
