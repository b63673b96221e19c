//! Files: reading input (bytes decoded as UTF-8 with replacement, as Node's
//! `readFileSync(f, 'utf8')`), atomic writes and the sorted `-r` walk.

use std::collections::hash_map::RandomState;
use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Read, Write};

use crate::node::{self, errno_text, Syscall};
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

/// Writes `data` to `target` through a temporary file in the same folder and a
/// rename, so `target` is either untouched or complete. The temporary file is
/// removed on any error.
pub fn write_atomic(target: &str, data: &str) -> Result<(), IoError> {
    let dir = node::dirname(target);
    let name = format!(".{}.{}.{}.tmp", node::basename(target), std::process::id(), random_suffix());
    let tmp = node::join(&[&dir, &name]);
    let fail = |e: io::Error, call: Syscall<'_>| IoError {
        message: format!("cannot write output: {}", errno_text(&e, call)),
        where_: target.to_string(),
    };
    // A device, FIFO or socket (`-o /dev/null`, `-o /dev/stdout`) is written in
    // place: a rename over it would replace the device node with a plain file.
    if let Ok(meta) = fs::metadata(target) {
        if !meta.is_file() && !meta.is_dir() {
            return fs::write(target, data.as_bytes()).map_err(|e| fail(e, Syscall::new("open", target)));
        }
    }
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| fail(e, Syscall::new("open", &tmp)))?;
    let written = file
        .write_all(data.as_bytes())
        .map_err(|e| (e, Syscall::bare("write")))
        .and_then(|()| file.sync_all().map_err(|e| (e, Syscall::bare("fsync"))));
    drop(file);
    let result = written.and_then(|()| fs::rename(&tmp, target).map_err(|e| (e, Syscall::rename(&tmp, target))));
    match result {
        Ok(()) => Ok(()),
        Err((e, call)) => {
            let _ = fs::remove_file(&tmp);
            Err(fail(e, call))
        }
    }
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
