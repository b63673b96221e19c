//! Files: reading input (bytes decoded as UTF-8 with replacement, as Node's
//! `readFileSync(f, 'utf8')`), atomic writes and the sorted `-r` walk.

use std::collections::hash_map::RandomState;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use crate::node::{errno_text, Syscall};
use crate::paths::lossy;
use crate::signals::{create_temporary, forget_temporary};
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
    Ok(x_graphql::__private::text::decode_utf8(bytes))
}

/// An input named by an argument: read by the argument's bytes (argv.rs), named by `file`.
pub fn read_input(file: &str) -> Result<String, IoError> {
    read_path(&crate::argv::arg_path(file), file).map_err(|(e, call)| IoError {
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
    Ok(x_graphql::__private::text::decode_utf8(bytes))
}

/// `fs.statSync` (follows links), or nothing when it fails.
pub fn stat(file: &str) -> Option<fs::Metadata> {
    fs::metadata(file).ok()
}

pub fn is_dir(file: &str) -> bool {
    stat(file).is_some_and(|m| m.is_dir())
}

/// Whether two paths name one existing file (any spelling, a link, a hard
/// link): the same device and inode, as `sameFile` in js/src/cli-write.ts.
pub fn same_file(a: impl AsRef<Path>, b: impl AsRef<Path>) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a).ok(), fs::metadata(b).ok()) {
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
    path: PathBuf,
    in_place: bool,
}

/// Follows `target`'s symbolic links one by one, each relative to the folder
/// of the link, to the file they name (which need not exist yet: it is
/// created, as `>` in a shell does); `outputPlace` in js/src/cli-write.ts. In
/// place: a device, FIFO or socket, a link in `/proc` (`/proc/self/fd/1`: its
/// text is no path to rename over), a loop. Bytes throughout (no lossy step).
fn output_place(target: &Path) -> OutputPlace {
    let in_place = || OutputPlace { path: target.to_path_buf(), in_place: true };
    let mut p = target.to_path_buf();
    for _ in 0..=MAX_LINKS {
        // Missing: created there; unreachable: the write says why.
        let Ok(meta) = fs::symlink_metadata(&p) else { return OutputPlace { path: p, in_place: false } };
        if !meta.file_type().is_symlink() {
            let in_place = !meta.is_file() && !meta.is_dir();
            return OutputPlace { path: p, in_place };
        }
        let Ok(dir) = fs::canonicalize(dirname_path(&p)) else { return in_place() };
        let d = dir.as_os_str().as_bytes();
        if d == b"/proc" || d.starts_with(b"/proc/") {
            return in_place();
        }
        let Ok(link) = fs::read_link(&p) else { return in_place() };
        p = if link.as_os_str().as_bytes().starts_with(b"/") {
            link
        } else {
            let mut joined = if d == b"/" { Vec::new() } else { d.to_vec() };
            joined.push(b'/');
            joined.extend_from_slice(link.as_os_str().as_bytes());
            PathBuf::from(std::ffi::OsString::from_vec(joined))
        };
    }
    in_place()
}

/// `.<name>.<pid>.<random>.tmp` beside `file`, as bytes (`temporaryName` in js/src/cli-write.ts).
fn temporary_name(file: &Path) -> PathBuf {
    let (dir, base) = split_path(file);
    let dir = dir.into_os_string().into_vec();
    let mut name = if dir == b"/" { Vec::new() } else { dir };
    name.extend_from_slice(b"/.");
    name.extend_from_slice(base);
    name.extend_from_slice(format!(".{}.{}.tmp", std::process::id(), random_suffix()).as_bytes());
    PathBuf::from(std::ffi::OsString::from_vec(name))
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
    target: &'t Path,
    /// The file its links name, which the temporary file is renamed over.
    path: PathBuf,
    tmp: PathBuf,
    file: fs::File,
}

impl Staged<'_> {
    /// Renames the temporary file over the target, or removes it when that fails.
    fn commit(self) -> Result<(), IoError> {
        let Staged { target, path, tmp, file } = self;
        drop(file);
        let renamed = fs::rename(&tmp, &path).map_err(|e| {
            let _ = fs::remove_file(&tmp);
            write_failure(target, e, Syscall::rename(&lossy(&tmp), &lossy(&path)))
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

/// Step one of an atomic write: `data` in a new temporary file beside the file
/// `target`'s links name (`output_place`), flushed to the disk when `flush`.
/// `None`: written in place (a device, FIFO, socket or `/proc` link: `-o
/// /dev/null`, `-o /dev/stdout`), since a rename over it would replace the
/// node itself with a plain file. Paths are bytes throughout: a `-r` output's
/// name derives from its input's, which need not be UTF-8 (record 0070).
fn stage<'t>(target: &'t Path, data: &str, flush: bool) -> Result<Option<Staged<'t>>, IoError> {
    let OutputPlace { path, in_place } = output_place(target);
    if in_place {
        return fs::write(target, data.as_bytes())
            .map(|()| None)
            .map_err(|e| write_failure(target, e, Syscall::new("open", &lossy(target))));
    }
    let tmp = temporary_name(&path);
    let file = create_temporary(&tmp).map_err(|e| write_failure(target, e, Syscall::new("open", &lossy(&tmp))))?;
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

/// Every regular file under `root` ending in one of `exts` (its name as printed, and its
/// path as bytes), in sorted order (`validate -r`, `migrate -r`; `convert -r` keeps the names as bytes
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
    sel: Option<&crate::glob::Selection>,
) -> Result<Vec<(String, PathBuf)>, IoError> {
    let root_error = |e: &io::Error| IoError {
        message: format!("cannot read folder: {}", errno_text(e, Syscall::new("scandir", root))),
        where_: root.to_string(),
    };
    let found = crate::paths::walk_bytes(root, exts, on_error, &root_error, sel)?;
    // Opened by its bytes, printed lossily (record 0070).
    Ok(found
        .into_iter()
        .filter_map(|rel| {
            let path = crate::paths::join_under(root, &rel);
            match crate::paths::check_tree_input(root, &path) {
                crate::paths::TreeInputCheck::Read => Some((lossy(&path), path)),
                crate::paths::TreeInputCheck::Outside(message) => {
                    on_skip(&lossy(&path), &message);
                    None
                }
                crate::paths::TreeInputCheck::Unreadable(_) => None,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node;
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
        write_atomic(at("out.graphql"), "type A").unwrap();
        assert!(is_link(&at("out.graphql")) && is_link(&at("sub/link.graphql")));
        assert_eq!(fs::read_to_string(at("sub/real.graphql")).unwrap(), "type A");
        assert!(!fs::exists(at("real.graphql")).unwrap());
        // A dangling link: the file it names is created.
        symlink("sub/new.graphql", at("new.graphql")).unwrap();
        let results = write_atomic_group(&[(Path::new(&at("new.graphql")), "type B"), (Path::new(&at("out.graphql")), "type C")]);
        assert!(results.iter().all(Result::is_ok));
        assert!(is_link(&at("new.graphql")));
        assert_eq!(fs::read_to_string(at("sub/new.graphql")).unwrap(), "type B");
        assert_eq!(fs::read_to_string(at("sub/real.graphql")).unwrap(), "type C");
        let mut names: Vec<String> = fs::read_dir(at("sub")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        assert_eq!(names, ["link.graphql", "new.graphql", "real.graphql"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// An output whose name is not UTF-8, a link whose text is not UTF-8: the
    /// file it names (by its bytes, not their lossy form) is replaced, the link stays.
    #[test]
    fn byte_paths_are_written_through_links() {
        use std::ffi::OsString;
        let dir = scratch("bytes");
        let at = |name: &[u8]| {
            let mut p = dir.clone().into_bytes();
            p.push(b'/');
            p.extend_from_slice(name);
            PathBuf::from(OsString::from_vec(p))
        };
        fs::write(at(b"r\xfe.graphql"), "old").unwrap();
        symlink(OsString::from_vec(b"r\xfe.graphql".to_vec()), at(b"z\xff.graphql")).unwrap();
        write_atomic(at(b"z\xff.graphql"), "type A").unwrap();
        assert!(fs::symlink_metadata(at(b"z\xff.graphql")).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(at(b"r\xfe.graphql")).unwrap(), "type A");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
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
            assert!(output_place(Path::new("/dev/stdout")).in_place);
            assert!(output_place(Path::new(&at("stdout"))).in_place);
        }
        assert!(output_place(Path::new(&at("loop"))).in_place);
        assert!(!output_place(Path::new(&at("file"))).in_place);
        assert!(!output_place(Path::new(&at("missing"))).in_place);
        fs::remove_dir_all(&dir).unwrap();
    }
}
