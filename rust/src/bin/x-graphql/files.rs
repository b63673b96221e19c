//! Files: reading input (bytes decoded as UTF-8 with replacement, as Node's
//! `readFileSync(f, 'utf8')`), atomic writes and the sorted `-r` walk.

use std::collections::hash_map::RandomState;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use crate::node::{errno_text, Syscall};
use crate::{IoError, STDIN_NAME};

/// `fs.readFileSync(file, 'utf8')`, with the failing system call for the message.
pub fn read_text(file: &str) -> Result<String, (io::Error, Syscall<'_>)> {
    read_path(Path::new(file), file)
}

/// `read_text` of a path given as bytes (a `-r` input); `shown` names it in the message.
pub fn read_path<'a>(file: &Path, shown: &'a str) -> Result<String, (io::Error, Syscall<'a>)> {
    let mut f = fs::File::open(file).map_err(|e| (e, Syscall::new("open", shown)))?;
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
    target: &'t Path,
    tmp: PathBuf,
    file: fs::File,
}

impl Staged<'_> {
    /// Renames the temporary file over the target, or removes it when that fails.
    fn commit(self) -> Result<(), IoError> {
        let Staged { target, tmp, file } = self;
        drop(file);
        fs::rename(&tmp, target).map_err(|e| {
            let _ = fs::remove_file(&tmp);
            write_failure(target, e, Syscall::rename(&crate::paths::lossy(&tmp), &crate::paths::lossy(target)))
        })
    }

    /// Removes the temporary file: the error of the target.
    fn abandon(&self, e: io::Error, call: Syscall<'_>) -> IoError {
        let _ = fs::remove_file(&self.tmp);
        write_failure(self.target, e, call)
    }
}

fn write_failure(target: &Path, e: io::Error, call: Syscall<'_>) -> IoError {
    IoError { message: format!("cannot write output: {}", errno_text(&e, call)), where_: crate::paths::lossy(target) }
}

/// `target`'s folder and name as bytes (`path.dirname`, `path.basename`): an
/// output's name derives from its input's bytes, which need not be UTF-8.
fn split_path(target: &Path) -> (PathBuf, &[u8]) {
    let bytes = target.as_os_str().as_bytes();
    let mut end = bytes.len();
    while end > 1 && bytes[end - 1] == b'/' {
        end -= 1;
    }
    let slash = bytes[..end].iter().rposition(|&b| b == b'/');
    let (dir, name): (&[u8], &[u8]) = match slash {
        None => (b".", &bytes[..end]),
        Some(0) => (b"/", &bytes[1..end]),
        Some(i) => (&bytes[..i], &bytes[i + 1..end]),
    };
    (PathBuf::from(std::ffi::OsString::from_vec(dir.to_vec())), name)
}

/// `path.dirname` of a byte path.
pub fn dirname_path(target: &Path) -> PathBuf {
    split_path(target).0
}

/// Step one of an atomic write: `data` in a new temporary file in `target`'s
/// folder, flushed to the disk when `flush`. `None`: the target is a device,
/// FIFO or socket (`-o /dev/null`, `-o /dev/stdout`), written in place, since
/// a rename over it would replace the device node with a plain file.
fn stage<'t>(target: &'t Path, data: &str, flush: bool) -> Result<Option<Staged<'t>>, IoError> {
    if let Ok(meta) = fs::metadata(target) {
        if !meta.is_file() && !meta.is_dir() {
            return fs::write(target, data.as_bytes())
                .map(|()| None)
                .map_err(|e| write_failure(target, e, Syscall::new("open", &crate::paths::lossy(target))));
        }
    }
    let (dir, base) = split_path(target);
    let mut name = dir.into_os_string().into_vec();
    name.extend_from_slice(b"/.");
    name.extend_from_slice(base);
    name.extend_from_slice(format!(".{}.{}.tmp", std::process::id(), random_suffix()).as_bytes());
    let tmp = PathBuf::from(std::ffi::OsString::from_vec(name));
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| write_failure(target, e, Syscall::new("open", &crate::paths::lossy(&tmp))))?;
    let mut staged = Staged { target, tmp, file };
    let written = staged.file.write_all(data.as_bytes()).map_err(|e| (e, Syscall::bare("write")));
    let flushed = written.and_then(|()| if flush { staged.file.sync_all().map_err(|e| (e, Syscall::bare("fsync"))) } else { Ok(()) });
    match flushed {
        Ok(()) => Ok(Some(staged)),
        Err((e, call)) => Err(staged.abandon(e, call)),
    }
}

/// Writes `data` to `target` through a temporary file in the same folder,
/// flushed to the disk, and a rename, so `target` is either untouched or
/// complete (record 0043). The temporary file is removed on any error.
pub fn write_atomic(target: impl AsRef<Path>, data: &str) -> Result<(), IoError> {
    match stage(target.as_ref(), data, true)? {
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
pub fn write_atomic_group(outputs: &[(&Path, &str)]) -> Vec<Result<(), IoError>> {
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

/// Every regular file under `root` ending in one of `exts`, relative to `root`, in
/// sorted order (`validate -r`, `migrate -r`; `convert -r` keeps the names as bytes
/// and checks each file as it reads it: paths.rs). Symlinked folders are skipped;
/// what is not a regular file is left out; a link out of the tree is left out and
/// passed to `on_skip` (its path and the LINK_OUTSIDE message), never read. A
/// subfolder that cannot be read is reported through `on_error` and skipped; the
/// root failing is an error.
pub fn walk(
    root: &str,
    exts: &[&str],
    on_error: &mut dyn FnMut(&str, &io::Error),
    on_skip: &mut dyn FnMut(&str, &str),
) -> Result<Vec<String>, IoError> {
    let root_error = |e: &io::Error| IoError {
        message: format!("cannot read folder: {}", errno_text(e, Syscall::new("scandir", root))),
        where_: root.to_string(),
    };
    let found = crate::paths::walk_bytes(root, exts, on_error, &root_error)?;
    Ok(found
        .into_iter()
        .filter(|rel| {
            let path = crate::paths::join_under(root, rel);
            match crate::paths::check_tree_input(root, &path) {
                crate::paths::TreeInputCheck::Read => true,
                crate::paths::TreeInputCheck::Outside(message) => {
                    on_skip(&crate::paths::lossy(&path), &message);
                    false
                }
                crate::paths::TreeInputCheck::Unreadable(_) => false,
            }
        })
        .map(|rel| crate::paths::lossy(Path::new(&rel)))
        .collect())
}
