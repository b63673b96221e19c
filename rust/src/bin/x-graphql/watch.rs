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
//! half-written. An input is also converted again when a file its `$ref`s reach
//! (directly or through other files) changes: its stamp is the input's and those
//! files' together, and the files are found again after each conversion, so a new
//! `$ref` adds a file and a removed one drops it. SIGINT ends with exit 130 and
//! SIGTERM with 143, between polls (signals.rs).
//!
//! `run_watch` (at the end) makes the plan this loop runs, from the command
//! line, over run.rs's per-file conversion.

use std::collections::{HashMap, HashSet, VecDeque};

use x_graphql::__private::json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use x_graphql::__private::ConverterOptions;

use crate::args::ConvertFlags;
use crate::files::{self, is_dir, read_input, stat, write_atomic};
use crate::node::{self, errno_text, Syscall};
use crate::paths::{self, TreeInputCheck};
use crate::run::{convert_one, extensions, rename_ext, Job, Outcome};
use crate::signals;
use crate::terminal::{self, Terminal};
use crate::{one_line, say, CliError, IoError};

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

/// The files an input's relative `$ref`s reach, directly or through the files they
/// name (each once; not the input); the twin of `refFiles` in js/src/watch.ts. A file
/// that does not parse reaches nothing more. Iterative: the tree is walked with a stack.
pub fn ref_files(file: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut seen: HashSet<PathBuf> = HashSet::from([normalize(file)]);
    let mut queue: VecDeque<PathBuf> = VecDeque::from([file.to_path_buf()]);
    while let Some(from) = queue.pop_front() {
        let Ok(text) = std::fs::read_to_string(&from) else { continue };
        let Ok(root) = x_graphql::__private::load::load_json(&text, None) else { continue };
        let mut stack: Vec<&Value> = vec![&root];
        while let Some(v) = stack.pop() {
            match v {
                Value::Array(items) => stack.extend(items.iter()),
                Value::Object(map) => {
                    for (key, value) in map {
                        let (true, Value::String(r)) = (&**key == "$ref", value) else {
                            stack.push(value);
                            continue;
                        };
                        let target = r.split('#').next().unwrap_or_default();
                        // Local pointers and URIs with a scheme reach no file here.
                        if target.is_empty() || has_scheme(target) {
                            continue;
                        }
                        let reached = normalize(&from.parent().unwrap_or(Path::new("")).join(target));
                        if seen.insert(reached.clone()) {
                            out.push(reached.clone());
                            queue.push_back(reached);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
fn has_scheme(s: &str) -> bool {
    let Some((scheme, _)) = s.split_once(':') else { return false };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// `a/./b/../c` -> `a/c`, lexically (as Node's `path.normalize`).
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if matches!(out.components().next_back(), Some(std::path::Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The stamp of an input (`own`) and of the files its refs reached at its last conversion;
/// `earlier` holds stamps taken before that conversion, used where it has one.
fn stamp_all(own: Option<String>, deps: &[PathBuf], earlier: &HashMap<PathBuf, Option<String>>) -> Option<String> {
    let mut out = own?;
    for d in deps {
        let s = earlier.get(d).cloned().unwrap_or_else(|| stamp(d));
        out.push_str(&format!("|{}:{}", d.display(), s.unwrap_or_else(|| "-".to_string())));
    }
    Some(out)
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

/// Converts an input, then finds the files its refs reach; the stamp of both.
fn converted(
    plan: &mut WatchPlan<'_>,
    pair: &WatchPair,
    term: &Terminal,
    deps: &mut HashMap<PathBuf, Vec<PathBuf>>,
) -> Result<Option<String>, CliError> {
    // The stamps are taken before converting: a file saved while the conversion runs
    // then differs at a later poll and is converted again (taken after, that save would
    // pass for converted and the output would stay stale).
    let own = stamp(&pair.file);
    let earlier: HashMap<PathBuf, Option<String>> =
        deps.get(&pair.file).map(|ds| ds.iter().map(|d| (d.clone(), stamp(d))).collect()).unwrap_or_default();
    convert_timed(plan, pair, term)?;
    let found = ref_files(&pair.file);
    let now = stamp_all(own, &found, &earlier);
    deps.insert(pair.file.clone(), found);
    Ok(now)
}

/// Runs until SIGINT/SIGTERM; returns the exit code (130 / 143).
pub fn watch(plan: &mut WatchPlan<'_>, term: &Terminal) -> Result<i32, CliError> {
    signals::watch_mode();
    // Stamps of the last conversion of each input, and of the previous poll.
    // Keyed by the inputs' bytes, not the names printed.
    let mut known: HashMap<PathBuf, String> = HashMap::new();
    let mut seen: HashMap<PathBuf, String> = HashMap::new();
    // The files each input's refs reached at its last conversion.
    let mut deps: HashMap<PathBuf, Vec<PathBuf>> = HashMap::new();
    for pair in (plan.list)() {
        if stamp(&pair.file).is_none() {
            continue;
        }
        if let Some(now) = converted(plan, &pair, term, &mut deps)? {
            known.insert(pair.file.clone(), now.clone());
            seen.insert(pair.file.clone(), now);
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
            let found = deps.get(&pair.file).cloned().unwrap_or_default();
            let Some(now) = stamp_all(stamp(&pair.file), &found, &HashMap::new()) else { continue };
            now_seen.insert(pair.file.clone(), now.clone());
            let settled = seen.get(&pair.file) == Some(&now);
            if settled && known.get(&pair.file) != Some(&now) {
                // Found again: a new $ref adds a file, a removed one drops it.
                let after = converted(plan, &pair, term, &mut deps)?.unwrap_or(now);
                known.insert(pair.file.clone(), after.clone());
                now_seen.insert(pair.file.clone(), after);
            }
        }
        // A deleted input is forgotten (its output stays); if it comes back it is converted again.
        known.retain(|input, _| now_seen.contains_key(input));
        deps.retain(|input, _| now_seen.contains_key(input));
        seen = now_seen;
    }
}

/// `--watch`: the plan watch.rs runs, over the same per-file conversion as
/// `-i`/`-o` and `-r`. Follows `runWatch` in js/src/watch.ts.
pub(crate) fn run_watch(
    base: &ConverterOptions,
    input: &str,
    output: &str,
    flags: &ConvertFlags,
    direction: &str,
    sel: crate::glob::Selection,
) -> Result<i32, CliError> {
    let (from, to) = extensions(direction);
    if stat(input).is_none() {
        read_input(input)?; // reports why (exit 3)
    }
    let direction = direction.to_string();
    let convert_to = move |p: &WatchPair, base_dir: &str, input_dir: Option<String>| -> Result<bool, CliError> {
        let file_name = p.input.as_str();
        if input_dir.is_some() {
            // A file of a -r tree: read only if it is a regular file inside the tree (paths.rs).
            match paths::check_tree_input(base_dir, &p.file) {
                TreeInputCheck::Outside(message) => {
                    terminal::current().warning(&format!("{file_name}: warning[LINK_OUTSIDE] {message}"));
                    return Ok(false);
                }
                TreeInputCheck::Unreadable(message) => {
                    say(&format!("{file_name}: error[IO] {message}"));
                    return Ok(false);
                }
                TreeInputCheck::Read => {}
            }
        }
        let text = match files::read_path(&p.file, file_name) {
            Ok(text) => text,
            Err((e, call)) => {
                say(&format!("{file_name}: error[IO] cannot read input: {}", errno_text(&e, call)));
                return Ok(false);
            }
        };
        let job = Job { file_name: Some(file_name.to_string()), base_dir: base_dir.to_string(), input_dir, text };
        let text = match convert_one(base, job, &direction)? {
            Outcome::Ok(text) => text,
            Outcome::Failed(_) => return Ok(false),
        };
        let folder = files::dirname_path(&p.target);
        if let Err(e) = std::fs::create_dir_all(&folder) {
            let folder = paths::lossy(&folder);
            say(&format!("{folder}: error[IO] cannot create folder: {}", errno_text(&e, Syscall::new("mkdir", &folder))));
            return Ok(false);
        }
        if let Err(e) = write_atomic(&p.target, &text) {
            say(&format!("{}: error[IO] {}", e.where_, one_line(&e.message)));
            return Ok(false);
        }
        Ok(true)
    };
    let mut plan = if flags.recursive {
        let (input, output) = (input.to_string(), output.to_string());
        let root = input.clone();
        WatchPlan {
            what: input.clone(),
            list: Box::new(move || {
                // A folder that went away gives nothing; it may come back.
                let gone = |_: &std::io::Error| IoError { message: String::new(), where_: String::new() };
                let found = paths::walk_bytes(&input, from, &mut |_, _| {}, &gone, Some(&sel)).unwrap_or_default();
                found
                    .into_iter()
                    .map(|rel| {
                        let file = paths::join_under(&input, &rel);
                        let target = paths::join_under(&output, &paths::rename_ext_bytes(&rel, from, to));
                        WatchPair { input: paths::lossy(&file), output: paths::lossy(&target), file, target }
                    })
                    .collect()
            }),
            convert: Box::new(move |p| convert_to(p, &root, Some(node::dirname(&p.input)))),
        }
    } else {
        let target = if is_dir(output) {
            node::join(&[output, &rename_ext(&node::basename(input), from, to)])
        } else {
            output.to_string()
        };
        let file = input.to_string();
        let base_dir = node::dirname(input);
        WatchPlan {
            what: input.to_string(),
            list: Box::new(move || {
                let (f, t) = (PathBuf::from(&file), PathBuf::from(&target));
                vec![WatchPair { input: file.clone(), output: target.clone(), file: f, target: t }]
            }),
            convert: Box::new(move |p| convert_to(p, &base_dir, None)),
        }
    };
    watch(&mut plan, &terminal::current())
}
