//! `convert --watch`: convert everything once, then again each input file that
//! changes, until Ctrl-C. The twin of js/src/watch.ts; both print the same
//! lines (only the millisecond counts differ), decision record 0048:
//!
//! ```text
//! converted a.json -> a.graphql (12 ms)
//! watching a.json (Ctrl-C to stop)
//! a.json:3:11: error[JSON_SYNTAX] ...          (and its code frame)
//! failed a.json (2 ms), a.graphql unchanged
//! converted a.json -> a.graphql (9 ms)
//! ```
//!
//! Here the inputs are polled every 100 ms (std only, no `notify`): a file is
//! converted when its (mtime, size, inode) differs from its last conversion's
//! and has stayed the same for one poll, so a save in progress is not read
//! half-written. SIGINT ends with exit 130 and SIGTERM with 143, between polls
//! (signals.rs).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::signals;
use crate::terminal::Terminal;
use crate::CliError;

const POLL: Duration = Duration::from_millis(100);

pub struct WatchPair {
    /// The input and output as printed.
    pub input: String,
    pub output: String,
    /// The paths opened and written, as bytes (-r: names need not be UTF-8, record 0070).
    pub file: PathBuf,
    pub target: PathBuf,
}

/// Converts one input (printing its diagnostics) and writes the output; false when it failed.
pub type ConvertFn<'a> = Box<dyn FnMut(&WatchPair) -> Result<bool, CliError> + 'a>;

pub struct WatchPlan<'a> {
    /// What `watching <what>` names: the -i file or folder.
    pub what: String,
    /// The inputs now, in the order to convert them, each with its output path.
    pub list: Box<dyn Fn() -> Vec<WatchPair> + 'a>,
    pub convert: ConvertFn<'a>,
}

fn stamp(file: &Path) -> Option<String> {
    let m = std::fs::metadata(file).ok()?;
    if !m.is_file() {
        return None;
    }
    #[cfg(unix)]
    let ino = std::os::unix::fs::MetadataExt::ino(&m);
    #[cfg(not(unix))]
    let ino = 0u64;
    Some(format!("{:?}:{}:{ino}", m.modified().ok(), m.len()))
}

fn convert_timed(plan: &mut WatchPlan<'_>, pair: &WatchPair, term: &Terminal) -> Result<(), CliError> {
    let start = Instant::now();
    let ok = (plan.convert)(pair)?;
    let ms = start.elapsed().as_millis();
    if ok {
        term.info(&format!("{} {} -> {} ({ms} ms)", term.ok("converted"), pair.input, pair.output));
    } else {
        term.info(&format!("failed {} ({ms} ms), {} unchanged", pair.input, pair.output));
    }
    Ok(())
}

/// Runs until SIGINT/SIGTERM; returns the exit code (130 / 143).
pub fn watch(plan: &mut WatchPlan<'_>, term: &Terminal) -> Result<i32, CliError> {
    signals::watch_mode();
    // Stamps of the last conversion of each input, and of the previous poll.
    // Keyed by the inputs' bytes, not the names printed.
    let mut known: HashMap<PathBuf, String> = HashMap::new();
    let mut seen: HashMap<PathBuf, String> = HashMap::new();
    for pair in (plan.list)() {
        if let Some(now) = stamp(&pair.file) {
            known.insert(pair.file.clone(), now.clone());
            seen.insert(pair.file.clone(), now);
            convert_timed(plan, &pair, term)?;
        }
    }
    term.info(&format!("watching {} (Ctrl-C to stop)", plan.what));
    loop {
        let code = signals::stop_code();
        if code != 0 {
            return Ok(code);
        }
        std::thread::sleep(POLL);
        if signals::stop_code() != 0 {
            continue;
        }
        let mut now_seen: HashMap<PathBuf, String> = HashMap::new();
        for pair in (plan.list)() {
            let Some(now) = stamp(&pair.file) else { continue };
            now_seen.insert(pair.file.clone(), now.clone());
            let settled = seen.get(&pair.file) == Some(&now);
            if settled && known.get(&pair.file) != Some(&now) {
                known.insert(pair.file.clone(), now);
                convert_timed(plan, &pair, term)?;
            }
        }
        // A deleted input is forgotten (its output stays); if it comes back it is converted again.
        known.retain(|input, _| now_seen.contains_key(input));
        seen = now_seen;
    }
}
