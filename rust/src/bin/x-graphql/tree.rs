//! `convert -r`: every input file of a tree converted into a mirror tree, read and
//! converted on worker threads, written on writer threads (parallel.rs,
//! tree_write.rs), reported in file order; goes on past failures. Follows
//! js/src/cli-tree.ts (and cli-batch.ts, its workers).

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use x_graphql::__private::ConverterOptions;

use crate::files::{self, stat};
use crate::node::{self, errno_text, Syscall};
use crate::parallel;
use crate::paths::{self, TreeInputCheck};
use crate::progress::Progress;
use crate::run::{convert_one_to, extensions, replay, Job, Outcome, Report};
use crate::terminal;
use crate::tree_write::{self, write_output, write_outputs, WriteFailure};
use crate::{one_line, say, CliError, IoError, EXIT_INVALID_INPUT, EXIT_IO, EXIT_OK};

/// What became of one file of a tree, before anything is printed.
enum Prepared {
    /// The file could not be read (the message).
    Unreadable(String),
    /// A link out of the tree, never read (the LINK_OUTSIDE warning's message; paths.rs).
    Skipped(String),
    /// Conversion or not; an output here is written by the main thread (tree_write.rs).
    Conversion(Outcome),
    /// Conversion and written by a writer thread.
    Written,
    /// Conversion; the writer thread could not write it.
    WriteFailed(WriteFailure),
}

struct PreparedFile {
    /// The input's path as printed (lossy: never opened).
    file_name: String,
    /// The output path (bytes derived from the input's).
    target: PathBuf,
    /// Its stderr entries (warnings, the error), printed when its turn comes.
    reports: Vec<Report>,
    outcome: Result<Prepared, CliError>,
}

/// Reads and converts one file of a `-r` tree; prints and writes nothing (any thread).
fn prepare_file(base: &ConverterOptions, in_root: &str, file: &TreeFile, direction: &str) -> PreparedFile {
    let path = paths::join_under(in_root, &file.rel);
    let file_name = paths::lossy(&path);
    let mut reports = Vec::new();
    // Checked before the open: a link out of the tree is not read, a FIFO would block it.
    let done = |outcome| PreparedFile { file_name: file_name.clone(), target: file.target.clone(), reports: Vec::new(), outcome };
    match paths::check_tree_input(in_root, &path) {
        TreeInputCheck::Outside(message) => return done(Ok(Prepared::Skipped(message))),
        TreeInputCheck::Unreadable(message) => return done(Ok(Prepared::Unreadable(message))),
        TreeInputCheck::Read => {}
    }
    let outcome = match files::read_path(&path, &file_name) {
        Err((e, call)) => Ok(Prepared::Unreadable(format!("cannot read input: {}", errno_text(&e, call)))),
        Ok(text) => {
            // Refs resolve from each file's own folder and may reach anywhere inside the -i tree.
            let job = Job {
                input_dir: Some(node::dirname(&file_name)),
                file_name: Some(file_name.clone()),
                base_dir: in_root.to_string(),
                text,
            };
            convert_one_to(base, job, direction, &mut |entry| reports.push(entry), false).map(Prepared::Conversion)
        }
    };
    PreparedFile { file_name, target: file.target.clone(), reports, outcome }
}

/// On a worker: `prepare_file`, then the output to write on a writer thread,
/// unless the main thread must write it in file order (tree_write.rs).
fn prepare_step(
    base: &ConverterOptions,
    in_root: &str,
    file: &TreeFile,
    direction: &str,
    turn: &parallel::Turn<'_>,
) -> parallel::Step<PreparedFile, (PreparedFile, String)> {
    let mut prepared = prepare_file(base, in_root, file, direction);
    // A usage error met in the file stops the run (its emit fails in convert_tree).
    turn.settle(prepared.outcome.is_err());
    match prepared.outcome {
        Ok(Prepared::Conversion(Outcome::Ok(text))) if !file.in_order => {
            prepared.outcome = Ok(Prepared::Written);
            parallel::Step::Effect((prepared, text))
        }
        _ => parallel::Step::Done(prepared),
    }
}

/// On a writer thread: the outputs of prepared files (folders, atomic writes,
/// flushed to the disk together: tree_write.rs).
fn write_prepared(group: Vec<(PreparedFile, String)>) -> Vec<PreparedFile> {
    let outputs: Vec<(&Path, &str)> = group.iter().map(|(prepared, text)| (prepared.target.as_path(), text.as_str())).collect();
    let results = write_outputs(&outputs);
    group
        .into_iter()
        .zip(results)
        .map(|((mut prepared, _), result)| {
            prepared.outcome = Ok(match result {
                Ok(()) => Prepared::Written,
                Err(failure) => Prepared::WriteFailed(failure),
            });
            prepared
        })
        .collect()
}

/// A file of a `-r` tree: its path under `-i`, its output, and whether the
/// main thread writes that output (tree_write.rs).
struct TreeFile {
    /// The path under -i, as bytes.
    rel: OsString,
    target: PathBuf,
    in_order: bool,
}

/// `-r`: converts every input file of a tree into a mirror tree; goes on past failures.
pub(crate) fn convert_tree(
    base: &ConverterOptions,
    in_root: &str,
    out_root: &str,
    direction: &str,
    sel: &crate::glob::Selection,
) -> Result<i32, CliError> {
    let (from, to) = extensions(direction);
    let mut converted = 0usize;
    let mut invalid = 0usize;
    let mut io = 0usize;
    let io_failure = |io: &mut usize, where_: &str, message: &str| {
        say(&format!("{where_}: error[IO] {}", one_line(message)));
        *io += 1;
    };
    if stat(in_root).is_none() {
        // Reading the folder reports the reason (missing, not permitted).
        if let Err(e) = std::fs::read_dir(in_root) {
            return Err(IoError {
                message: format!("cannot read folder: {}", errno_text(&e, Syscall::new("scandir", in_root))),
                where_: in_root.to_string(),
            }
            .into());
        }
    }
    let mut walk_failures = 0usize;
    // Output path -> the input written there (`a.graphql` and `a.gql` would both give `a.json`).
    // Keyed by the output's bytes, never its lossy form (two names can print alike).
    let mut written: HashMap<PathBuf, String> = HashMap::new();
    let root_error = |e: &std::io::Error| IoError {
        message: format!("cannot read folder: {}", errno_text(e, Syscall::new("scandir", in_root))),
        where_: in_root.to_string(),
    };
    let found = paths::walk_bytes(
        in_root,
        from,
        &mut |where_, e| {
            let message = format!("cannot read folder: {}", errno_text(e, Syscall::new("scandir", where_)));
            io_failure(&mut walk_failures, where_, &message);
        },
        &root_error,
        Some(sel),
    )?;
    io += walk_failures;
    let outputs: Vec<OsString> = found.iter().map(|rel| paths::rename_ext_bytes(rel, from, to)).collect();
    // Which outputs must be written in file order: judged on the lossy names (two
    // names that print alike are kept in order, which is only more careful).
    let shown: Vec<String> = outputs.iter().map(|o| paths::lossy(Path::new(o))).collect();
    let in_order = tree_write::in_file_order(&shown);
    let tree: Vec<TreeFile> = found
        .into_iter()
        .zip(outputs)
        .zip(in_order)
        .map(|((rel, output), in_order)| TreeFile { rel, target: paths::join_under(out_root, &output), in_order })
        .collect();
    let term = terminal::current();
    let progress = Progress::new(&term, tree.len(), "converting");
    // Read and convert on worker threads, write on writer threads (parallel.rs); report here, in file order.
    let threads = parallel::threads_for(tree.len());
    let prepare = |file: &TreeFile, turn: &parallel::Turn<'_>| prepare_step(base, in_root, file, direction, turn);
    parallel::for_each_ordered(&tree, threads, prepare, write_prepared, |prepared| -> Result<(), CliError> {
        let PreparedFile { file_name, target, reports, outcome } = prepared;
        let failed_before = invalid + io;
        for entry in reports {
            replay(entry);
        }
        // One file; `break 'file` ends it early (after counting its failure).
        'file: {
            let text = match outcome? {
                Prepared::Unreadable(message) => {
                    io_failure(&mut io, &file_name, &message);
                    break 'file;
                }
                Prepared::Skipped(message) => {
                    term.warning(&format!("{file_name}: warning[LINK_OUTSIDE] {message}"));
                    break 'file;
                }
                Prepared::WriteFailed(failure) => {
                    io_failure(&mut io, &failure.where_, &failure.message);
                    break 'file;
                }
                Prepared::Written => {
                    written.insert(target, file_name);
                    converted += 1;
                    break 'file;
                }
                Prepared::Conversion(Outcome::Ok(text)) => text,
                Prepared::Conversion(Outcome::Failed(code)) => {
                    if code == EXIT_IO {
                        io += 1;
                    } else {
                        invalid += 1;
                    }
                    break 'file;
                }
            };
            if let Some(earlier) = written.get(&target) {
                let message = format!("cannot write output: {} was already written from {earlier}", paths::lossy(&target));
                io_failure(&mut io, &file_name, &message);
                break 'file;
            }
            if let Err(failure) = write_output(&target, &text) {
                io_failure(&mut io, &failure.where_, &failure.message);
                break 'file;
            }
            written.insert(target, file_name);
            converted += 1;
        }
        progress.done(invalid + io > failed_before);
        Ok(())
    })?;
    progress.finish();
    let failed = invalid + io;
    term.info(&format!("converted {converted} file{}, {failed} failed", if converted == 1 { "" } else { "s" }));
    Ok(if invalid > 0 {
        EXIT_INVALID_INPUT
    } else if io > 0 {
        EXIT_IO
    } else {
        EXIT_OK
    })
}
