//! The `x-graphql` command line: the Rust twin of the npm CLI (js/src/cli.ts),
//! with the same commands, flags, output bytes and exit codes.
//!
//!   x-graphql convert [<input> | -i <file|dir|->] [-o <file|dir>] [--direction D] [-r] [--config F] [flags]
//!
//! Exit codes (docs/errors.md): 0 ok, 1 invalid input, 2 usage error, 3 I/O error.
//! Nothing here panics on input; a panic in the library is reported as an
//! internal error (exit 1), as the npm CLI reports an unexpected exception.

mod args;
mod argv;
mod args_check;
mod batch;
mod bundle;
mod check;
mod commander;
mod completions;
mod config;
mod direction;
mod explain;
mod files;
mod glob;
mod json_parse;
mod node;
mod progress;
mod report;
mod parallel;
mod paths;
mod run;
mod signals;
mod terminal;
mod tree;
mod tree_write;
mod watch;
mod typesys;

/// mimalloc instead of glibc's malloc for the binary (record 0054): the conversion makes
/// many small allocations, and freeing them is a third of its instructions.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc 3's `mi_option_t` (include/mimalloc.h of
/// libmimalloc-sys 0.1.49, pinned), which the crate's bindings do not name.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Freed memory goes back to the system 10 ms after it is freed instead of mimalloc's
/// default 1 s, which is longer than a whole conversion: memory a large conversion
/// frees as it goes (its input text once parsed, its JSON tree once the types are
/// named) stayed resident beside what it allocated next. N = 20,000: peak RSS 199 ->
/// 150 MB, wall time about 5% longer (madvise calls, pages faulted in again); set
/// only for inputs over 1 MiB (run.rs `GIVE_INPUT_BYTES`), where memory is what
/// runs out (record 0059).
pub fn return_freed_memory_sooner() {
    // SAFETY: sets one of mimalloc's options, which it reads on its own use; any
    // thread may call it at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 10) };
}

use std::any::Any;
use std::io::{self, Write};
use std::process::ExitCode;

pub const EXIT_OK: i32 = 0;
pub const EXIT_INVALID_INPUT: i32 = 1;
pub const EXIT_USAGE: i32 = 2;
pub const EXIT_IO: i32 = 3;

pub const HELP_HINT: &str = "see x-graphql convert --help";
pub const STDIN_NAME: &str = "<stdin>";

/// A problem with how the tool was called (exit 2).
#[derive(Debug)]
pub struct UsageError {
    pub message: String,
    pub where_: Option<String>,
    pub code: String,
    pub hint: &'static str,
}

impl UsageError {
    pub fn new(message: impl Into<String>, where_: Option<String>, code: &str) -> Self {
        UsageError { message: message.into(), where_, code: code.to_string(), hint: HELP_HINT }
    }
}

/// A file that cannot be read or written (exit 3).
#[derive(Debug)]
pub struct IoError {
    pub message: String,
    pub where_: String,
}

#[derive(Debug)]
pub enum CliError {
    Usage(UsageError),
    Io(IoError),
}

impl From<UsageError> for CliError {
    fn from(e: UsageError) -> Self {
        CliError::Usage(e)
    }
}

impl From<IoError> for CliError {
    fn from(e: IoError) -> Self {
        CliError::Io(e)
    }
}

/// Line breaks become spaces: every message is one line (the library's, which
/// `Diagnostic::format_at` applies too).
pub use x_graphql::__private::one_line;

/// One line on stderr, through the terminal (colour, progress line). A
/// failing stderr is not reported anywhere.
pub fn say(line: &str) {
    terminal::current().line(line);
}

/// `<where>: error[CODE] message; hint`.
pub fn usage_line(e: &UsageError) -> String {
    let message = one_line(&e.message);
    let message = message.strip_suffix('.').unwrap_or(&message);
    format!("{}: error[{}] {}; {}", e.where_.as_deref().unwrap_or("x-graphql"), e.code, message, e.hint)
}

/// Writes to stdout. A reader that went away (`| head`) ends the program
/// quietly with 0; any other failure is an I/O error (exit 3).
pub fn write_stdout(text: &str) -> Result<(), i32> {
    let mut out = io::stdout().lock();
    let result = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(EXIT_OK),
        Err(e) => {
            say(&format!(
                "<stdout>: error[IO] cannot write output: {}",
                node::errno_text(&e, node::Syscall::bare("write"))
            ));
            Err(EXIT_IO)
        }
    }
}

pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown error".to_string()
    }
}

fn main() -> ExitCode {
    // Panics are caught and reported in one line; the default hook would print a trace.
    std::panic::set_hook(Box::new(|_| {}));
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let args: Vec<String> = raw.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    // A path argument is opened by its bytes (argv.rs).
    argv::init(raw);
    // The parity harness's protocol (batch.rs); not a user-facing command.
    if args.first().map(String::as_str) == Some("--batch") {
        return ExitCode::from(u8::try_from(batch::run()).unwrap_or(1));
    }
    // Before any thread starts: they inherit the blocked SIGINT and SIGTERM.
    signals::install();
    let code = match std::panic::catch_unwind(|| run::main(&args)) {
        Ok(code) => code,
        Err(payload) => {
            say(&format!("internal error: {}", one_line(&panic_message(payload.as_ref()))));
            EXIT_INVALID_INPUT
        }
    };
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}
