//! Files: reading input (bytes decoded as UTF-8 with replacement, as Node's
//! `readFileSync(f, 'utf8')`), atomic writes and the sorted `-r` walk.

use std::collections::hash_map::RandomState;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read, Write};

use crate::node::{self, errno_text, Syscall};
use crate::signals::{create_temporary, forget_temporary};
use crate::{IoError, STDIN_NAME};

/// `fs.readFileSync(file, 'utf8')`, with the failing system call for the message.
pub fn read_text(file: &str) -> Result<String, (io::Error, Syscall<'_>)> {
    let mut f = fs::File::open(file).map_err(|e| (e, Syscall::new("open", file)))?;
    let mut bytes = Vec::new();
    f.read_to_end(&mut bytes).map_err(|e| (e, Syscall::bare("read")))?;
    Ok(x_graphql::text::decode_utf8(bytes))
}

pub fn read_input(file: &str) -> Result<String, IoError> {
    read_text(file).map_err(|(e, call)| IoError {
        message: format!("cannot read input: {}", errno_text(&e, call)),
        where_: file.to_string(),
    })
}

pub fn read_stdin() -> Result<String, IoError> {
    let mut bytes = Vec::new();
    io::stdin().lock().read_to_end(&mut bytes).map_err(|e| IoError {
        message: format!("cannot read input: {}", errno_text(&e, Syscall::bare("read"))),
        where_: STDIN_NAME.to_string(),
    })?;
    Ok(x_graphql::text::decode_utf8(bytes))
}

/// `fs.statSync` (follows links), or nothing when it fails.
pub fn stat(file: &str) -> Option<fs::Metadata> {
    fs::metadata(file).ok()
}

pub fn is_dir(file: &str) -> bool {
    stat(file).is_some_and(|m| m.is_dir())
}

/// Whether two paths name one existing file (any spelling, a link, a hard
/// link): the same device and inode, as `sameFile` in js/src/cli.ts.
pub fn same_file(a: &str, b: &str) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (stat(a), stat(b)) {
        (Some(x), Some(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

/// Whether `file` is the regular file standard input is read from
/// (`convert -o a.json < a.json`), as `isStdinFile` in js/src/cli-write.ts. A
/// terminal or pipe cannot be overwritten by a rename, so only a regular file counts.
pub fn is_stdin_file(file: &str) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let Ok(fd) = io::stdin().as_fd().try_clone_to_owned() else { return false };
    let Ok(x) = fs::File::from(fd).metadata() else { return false };
    stat(file).is_some_and(|y| x.is_file() && x.dev() == y.dev() && x.ino() == y.ino())
}

/// Links followed at most (Linux's own limit): past it, open(2) reports the loop (ELOOP).
const MAX_LINKS: usize = 40;

/// Where an output goes: the file at the end of its links, and whether in place.
struct OutputPlace {
    path: String,
    in_place: bool,
}

/// Follows `target`'s symbolic links one by one, each relative to the folder
/// of the link, to the file they name (which need not exist yet: it is
/// created, as `>` in a shell does); `outputPlace` in js/src/cli-write.ts. In
/// place: a device, FIFO or socket, a link in `/proc` (`/proc/self/fd/1`: its
/// text is no path to rename over), a loop.
fn output_place(target: &str) -> OutputPlace {
    let in_place = || OutputPlace { path: target.to_string(), in_place: true };
    let mut p = target.to_string();
    for _ in 0..=MAX_LINKS {
        // Missing: created there; unreachable: the write says why.
        let Ok(meta) = fs::symlink_metadata(&p) else { return OutputPlace { path: p, in_place: false } };
        if !meta.file_type().is_symlink() {
            let in_place = !meta.is_file() && !meta.is_dir();
            return OutputPlace { path: p, in_place };
        }
        let Ok(dir) = fs::canonicalize(node::dirname(&p)) else { return in_place() };
        let dir = dir.to_string_lossy().into_owned();
        if dir == "/proc" || dir.starts_with("/proc/") {
            return in_place();
        }
        let Ok(link) = fs::read_link(&p) else { return in_place() };
        let link = link.to_string_lossy();
        p = if link.starts_with('/') {
            link.into_owned()
        } else if dir == "/" {
            format!("/{link}")
        } else {
            format!("{dir}/{link}")
        };
    }
    in_place()
}

/// Eight base-36 characters, like `Math.random().toString(36).slice(2, 10)`.
fn random_suffix() -> String {
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    let mut n = hasher.finish();
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = String::with_capacity(8);
    for _ in 0..8 {
        out.push(char::from(digits[(n % 36) as usize]));
        n /= 36;
    }
    out
}

/// An output's bytes in a temporary file next to its target, not yet renamed
/// over it (`write_atomic`).
struct Staged<'t> {
    /// The output as given (error messages name it).
    target: &'t str,
    /// The file its links name, which the temporary file is renamed over.
    path: String,
    tmp: String,
    file: fs::File,
}

impl Staged<'_> {
    /// Renames the temporary file over the target, or removes it when that fails.
    fn commit(self) -> Result<(), IoError> {
        let Staged { target, path, tmp, file } = self;
        drop(file);
        let renamed = fs::rename(&tmp, &path).map_err(|e| {
            let _ = fs::remove_file(&tmp);
            write_failure(target, e, Syscall::rename(&tmp, &path))
        });
        forget_temporary(&tmp);
        renamed
    }

    /// Removes the temporary file: the error of the target.
    fn abandon(&self, e: io::Error, call: Syscall<'_>) -> IoError {
        let _ = fs::remove_file(&self.tmp);
        forget_temporary(&self.tmp);
        write_failure(self.target, e, call)
    }
}

fn write_failure(target: &str, e: io::Error, call: Syscall<'_>) -> IoError {
    IoError { message: format!("cannot write output: {}", errno_text(&e, call)), where_: target.to_string() }
}

/// Step one of an atomic write: `data` in a new temporary file beside the file
/// `target`'s links name (`output_place`), flushed to the disk when `flush`.
/// `None`: written in place (a device, FIFO, socket or `/proc` link: `-o
/// /dev/null`, `-o /dev/stdout`), since a rename over it would replace the
/// node itself with a plain file.
fn stage<'t>(target: &'t str, data: &str, flush: bool) -> Result<Option<Staged<'t>>, IoError> {
    let OutputPlace { path, in_place } = output_place(target);
    if in_place {
        return fs::write(target, data.as_bytes()).map(|()| None).map_err(|e| write_failure(target, e, Syscall::new("open", target)));
    }
    let dir = node::dirname(&path);
    let name = format!(".{}.{}.{}.tmp", node::basename(&path), std::process::id(), random_suffix());
    let tmp = node::join(&[&dir, &name]);
    let file = create_temporary(&tmp).map_err(|e| write_failure(target, e, Syscall::new("open", &tmp)))?;
    let mut staged = Staged { target, path, tmp, file };
    let written = staged.file.write_all(data.as_bytes()).map_err(|e| (e, Syscall::bare("write")));
    let flushed = written.and_then(|()| if flush { staged.file.sync_all().map_err(|e| (e, Syscall::bare("fsync"))) } else { Ok(()) });
    match flushed {
        Ok(()) => Ok(Some(staged)),
        Err((e, call)) => Err(staged.abandon(e, call)),
    }
}

/// Writes `data` to `target` through a temporary file beside the file it
/// names, flushed to the disk, and a rename, so that file is either untouched
/// or complete (record 0043). The temporary file is removed on any error, and
/// on SIGINT / SIGTERM (signals.rs).
pub fn write_atomic(target: &str, data: &str) -> Result<(), IoError> {
    match stage(target, data, true)? {
        Some(staged) => staged.commit(),
        None => Ok(()),
    }
}

/// `write_atomic` for several outputs, with one flush of each file system
/// they are on instead of one per file (record 0056): every temporary file is
/// written, then flushed together, then renamed, so each target is still
/// untouched or complete, and complete on the disk before its rename. A
/// failed flush fails every output it covered (nothing renamed). One result
/// per output, in order.
pub fn write_atomic_group(outputs: &[(&str, &str)]) -> Vec<Result<(), IoError>> {
    if outputs.len() < 2 || !cfg!(target_os = "linux") {
        // One file: its own fsync flushes less than a whole file system.
        return outputs.iter().map(|(target, data)| write_atomic(target, data)).collect();
    }
    let staged: Vec<Result<Option<Staged<'_>>, IoError>> = outputs.iter().map(|(target, data)| stage(target, data, false)).collect();
    // One flush per file system (a file whose device is unknown is flushed
    // alone), and for each output the flush that covered it.
    let mut flushes: Vec<(Option<u64>, io::Result<()>)> = Vec::new();
    let mut covered_by: Vec<Option<usize>> = Vec::with_capacity(staged.len());
    for s in &staged {
        let Ok(Some(s)) = s else {
            covered_by.push(None);
            continue;
        };
        let dev = device(&s.file);
        let done = dev.and_then(|d| flushes.iter().position(|(x, _)| *x == Some(d)));
        covered_by.push(Some(done.unwrap_or_else(|| {
            flushes.push((dev, sync_file_system(&s.file)));
            flushes.len() - 1
        })));
    }
    staged
        .into_iter()
        .zip(covered_by)
        .map(|(s, flush)| {
            let Some(staged) = s? else { return Ok(()) };
            match flush.map(|k| &flushes[k].1) {
                // A sandbox that refuses syncfs (seccomp: EPERM or ENOSYS): each file its own fsync.
                Some(Err(e)) if matches!(e.kind(), io::ErrorKind::PermissionDenied | io::ErrorKind::Unsupported) => {
                    match staged.file.sync_all() {
                        Ok(()) => staged.commit(),
                        Err(e) => Err(staged.abandon(e, Syscall::bare("fsync"))),
                    }
                }
                Some(Err(e)) => Err(staged.abandon(copy_error(e), Syscall::bare("syncfs"))),
                _ => staged.commit(),
            }
        })
        .collect()
}

fn device(file: &fs::File) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    file.metadata().ok().map(|m| m.dev())
}

/// The same error again, for each output a failed flush covered.
fn copy_error(e: &io::Error) -> io::Error {
    e.raw_os_error().map_or_else(|| io::Error::new(e.kind(), e.to_string()), io::Error::from_raw_os_error)
}

/// `syncfs(2)`: writes every dirty page and inode of `file`'s file system to
/// the disk and flushes its cache once. Reports a writeback error of any file
/// of that file system since `file` was opened (Linux 5.8 and later).
#[cfg(target_os = "linux")]
fn sync_file_system(file: &fs::File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    extern "C" {
        fn syncfs(fd: std::ffi::c_int) -> std::ffi::c_int;
    }
    // SAFETY: the descriptor is open (owned by `file`) for the whole call, and syncfs only reads it.
    if unsafe { syncfs(file.as_raw_fd()) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn sync_file_system(file: &fs::File) -> io::Result<()> {
    file.sync_all()
}

/// JavaScript's string order (UTF-16 code units).
fn js_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Every file under `root` ending in one of `exts`, relative to `root`, in sorted
/// order; symlinked folders are skipped. A subfolder that cannot be read is
/// reported through `on_error` and skipped; the root failing is an error.
pub fn walk(root: &str, exts: &[&str], on_error: &mut dyn FnMut(&str, &io::Error)) -> Result<Vec<String>, IoError> {
    let mut out = Vec::new();
    let read = |rel: &str| -> io::Result<Vec<(String, fs::FileType)>> {
        let dir = if rel.is_empty() { root.to_string() } else { node::join(&[root, rel]) };
        let mut entries = Vec::new();
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            entries.push((entry.file_name().to_string_lossy().into_owned(), entry.file_type()?));
        }
        entries.sort_by(|a, b| js_cmp(&a.0, &b.0));
        Ok(entries)
    };
    let root_entries = read("").map_err(|e| IoError {
        message: format!("cannot read folder: {}", errno_text(&e, Syscall::new("scandir", root))),
        where_: root.to_string(),
    })?;
    // Depth-first in sorted order: a stack of pending entry lists.
    let mut pending: Vec<(String, Vec<(String, fs::FileType)>)> = vec![(String::new(), root_entries)];
    for list in pending.iter_mut() {
        list.1.reverse();
    }
    while let Some((rel, entries)) = pending.last_mut() {
        let Some((name, kind)) = entries.pop() else {
            pending.pop();
            continue;
        };
        let child = if rel.is_empty() { name.clone() } else { node::join(&[rel, &name]) };
        if kind.is_dir() {
            match read(&child) {
                Ok(mut list) => {
                    list.reverse();
                    pending.push((child, list));
                }
                Err(e) => {
                    let dir = node::join(&[root, &child]);
                    on_error(&dir, &e);
                }
            }
        } else if exts.iter().any(|ext| name.ends_with(ext)) {
            if kind.is_file() {
                out.push(child);
            } else if kind.is_symlink() {
                // A link to a file is converted; a link to a folder is not followed.
                match stat(&node::join(&[root, &child])) {
                    None => out.push(child),
                    Some(m) if m.is_file() => out.push(child),
                    Some(_) => {}
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A fresh folder under the system's temporary folder.
    fn scratch(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("x-graphql-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir.to_string_lossy().into_owned()
    }

    fn is_link(path: &str) -> bool {
        fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    }

    /// A chain of links, each relative to its own folder, is followed to the
    /// file it names, which is replaced; every link stays; no temporary file is left.
    #[test]
    fn links_are_written_through_and_stay_links() {
        let dir = scratch("links");
        let at = |rel: &str| node::join(&[&dir, rel]);
        fs::create_dir_all(at("sub")).unwrap();
        fs::write(at("sub/real.graphql"), "old").unwrap();
        symlink("sub/link.graphql", at("out.graphql")).unwrap();
        symlink("real.graphql", at("sub/link.graphql")).unwrap();
        write_atomic(&at("out.graphql"), "type A").unwrap();
        assert!(is_link(&at("out.graphql")) && is_link(&at("sub/link.graphql")));
        assert_eq!(fs::read_to_string(at("sub/real.graphql")).unwrap(), "type A");
        assert!(!fs::exists(at("real.graphql")).unwrap());
        // A dangling link: the file it names is created.
        symlink("sub/new.graphql", at("new.graphql")).unwrap();
        let results = write_atomic_group(&[(&at("new.graphql"), "type B"), (&at("out.graphql"), "type C")]);
        assert!(results.iter().all(Result::is_ok));
        assert!(is_link(&at("new.graphql")));
        assert_eq!(fs::read_to_string(at("sub/new.graphql")).unwrap(), "type B");
        assert_eq!(fs::read_to_string(at("sub/real.graphql")).unwrap(), "type C");
        let mut names: Vec<String> = fs::read_dir(at("sub")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["link.graphql", "new.graphql", "real.graphql"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// `/dev/stdout` (a link to `/proc/self/fd/1`), a link to it and a loop are
    /// written in place (nothing is written here).
    #[test]
    fn proc_links_and_loops_are_written_in_place() {
        let dir = scratch("in-place");
        let at = |rel: &str| node::join(&[&dir, rel]);
        symlink("/dev/stdout", at("stdout")).unwrap();
        symlink("loop", at("loop")).unwrap();
        fs::write(at("file"), "").unwrap();
        if is_link("/dev/stdout") {
            assert!(output_place("/dev/stdout").in_place);
            assert!(output_place(&at("stdout")).in_place);
        }
        assert!(output_place(&at("loop")).in_place);
        assert!(!output_place(&at("file")).in_place);
        assert!(!output_place(&at("missing")).in_place);
        fs::remove_dir_all(&dir).unwrap();
    }
}
