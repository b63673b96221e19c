//! The files of a `-r` tree (decision record 0070; the twin of js/src/cli-paths.ts).
//!
//! - **Names are bytes.** A file name need not be UTF-8 (`z\xff\xfe.json`), and its
//!   lossy form can name another file (`z\u{FFFD}\u{FFFD}.json`). So the walk keeps
//!   each name as the `OsString` the folder gave, and every path that is opened,
//!   created or renamed is a `PathBuf` built from those bytes; the lossy form
//!   (`lossy`, Node's UTF-8 decoding) is only printed and given to the converter as
//!   the file's name.
//! - **Only regular files inside the tree are read.** A link whose real path is
//!   outside the `-i` tree is skipped with a `LINK_OUTSIDE` warning, never read;
//!   anything that is not a regular file (a FIFO, whose open blocks until a writer
//!   comes, a socket, a device) is an I/O failure, found with `stat` before any open.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::glob::Selection;
use crate::node;
use crate::IoError;

/// A path's bytes as the terminal and diagnostics show them (U+FFFD for invalid
/// UTF-8, as Node's `buffer.toString('utf8')`).
pub fn lossy(p: &Path) -> String {
    x_graphql::__private::text::decode_utf8(p.as_os_str().as_bytes().to_vec())
}

/// `path.join(root, rel)` for a `rel` given as bytes (`/`-separated names read from
/// folders, without `.` or `..`): the joined root's string, then the bytes.
pub fn join_under(root: &str, rel: &OsStr) -> PathBuf {
    // node::join(root, "x") without its "x": the root normalized, with its separator ("" for ".").
    let joined = node::join(&[root, "x"]);
    let mut bytes = joined.as_bytes()[..joined.len() - 1].to_vec();
    bytes.extend_from_slice(rel.as_bytes());
    PathBuf::from(OsString::from_vec(bytes))
}

/// A name's extension replaced: `from`'s first match stripped, `to` appended.
pub fn rename_ext_bytes(name: &OsStr, from: &[&str], to: &str) -> OsString {
    let bytes = name.as_bytes();
    let stem = from.iter().find_map(|ext| bytes.strip_suffix(ext.as_bytes())).unwrap_or(bytes);
    let mut out = stem.to_vec();
    out.extend_from_slice(to.as_bytes());
    OsString::from_vec(out)
}

/// JavaScript's string order of the names' lossy forms (UTF-16 code units, the
/// order of the tree's files before names were bytes), then their bytes.
fn compare_names(a: &OsStr, b: &OsStr) -> Ordering {
    let (x, y) = (String::from_utf8_lossy(a.as_bytes()), String::from_utf8_lossy(b.as_bytes()));
    x.encode_utf16().cmp(y.encode_utf16()).then_with(|| a.as_bytes().cmp(b.as_bytes()))
}

fn join_rel(rel: &OsStr, name: &OsStr) -> OsString {
    if rel.is_empty() {
        return name.to_os_string();
    }
    let mut out = rel.as_bytes().to_vec();
    out.push(b'/');
    out.extend_from_slice(name.as_bytes());
    OsString::from_vec(out)
}

/// A folder no walk enters (record 0083): `node_modules` (packages' own package.json
/// and schemas are not the user's) and dot-folders (`.git`, `.cache`, `.vscode`...). The
/// root itself is always read, so naming such a folder with `-i`/`<path>` still works.
pub fn skipped_folder(name: &OsStr) -> bool {
    name.as_bytes().first() == Some(&b'.') || name.as_bytes() == b"node_modules"
}

/// Every entry under `root` whose name ends in one of `exts` and that is not a
/// folder, relative to `root` as bytes, depth first in sorted order; `skipped_folder`s are not entered. Symlinked
/// folders are not followed (so link loops end); links to anything else and
/// entries that are not regular files are listed: `check_tree_input` decides what
/// becomes of them. `sel` (--include/--exclude, record 0088) picks among the files by
/// their path relative to `root`. A subfolder that cannot be read goes to `on_error` (its lossy
/// path); the root failing is an error.
pub fn walk_bytes(
    root: &str,
    exts: &[&str],
    on_error: &mut dyn FnMut(&str, &io::Error),
    root_error: &dyn Fn(&io::Error) -> IoError,
    sel: Option<&Selection>,
) -> Result<Vec<OsString>, IoError> {
    let read = |rel: &OsStr| -> io::Result<Vec<(OsString, fs::FileType)>> {
        let dir = if rel.is_empty() { PathBuf::from(root) } else { join_under(root, rel) };
        let mut entries = Vec::new();
        for entry in fs::read_dir(&dir)? {
            let entry = entry?;
            entries.push((entry.file_name(), entry.file_type()?));
        }
        entries.sort_by(|a, b| compare_names(&a.0, &b.0));
        entries.reverse(); // popped from the end
        Ok(entries)
    };
    let root_entries = read(OsStr::new("")).map_err(|e| root_error(&e))?;
    let mut out = Vec::new();
    // Depth first in sorted order, iteratively: a stack of (folder, entries left).
    let mut pending: Vec<(OsString, Vec<(OsString, fs::FileType)>)> = vec![(OsString::new(), root_entries)];
    while let Some((rel, entries)) = pending.last_mut() {
        let Some((name, kind)) = entries.pop() else {
            pending.pop();
            continue;
        };
        let child = join_rel(rel, &name);
        if kind.is_dir() {
            // --exclude prunes a folder; --include naming a skipped folder opens it (record 0088).
            let enter = match sel {
                Some(sel) => sel.entered(&lossy(Path::new(&child)), skipped_folder(&name)),
                None => !skipped_folder(&name),
            };
            if !enter {
                continue;
            }
            match read(&child) {
                Ok(list) => pending.push((child, list)),
                Err(e) => on_error(&lossy(&join_under(root, &child)), &e),
            }
        } else if exts.iter().any(|ext| name.as_bytes().ends_with(ext.as_bytes()))
            && sel.is_none_or(|sel| sel.selected(&lossy(Path::new(&child))))
        {
            // A link to a folder is not followed; a dangling one or a loop is listed (reading it reports why).
            if kind.is_symlink() && fs::metadata(join_under(root, &child)).is_ok_and(|m| m.is_dir()) {
                continue;
            }
            out.push(child);
        }
    }
    Ok(out)
}

/// The real path of each `-r` root, found once per root; not kept when it cannot be
/// found (a watched folder that is gone may come back).
static REAL_ROOTS: Mutex<Option<HashMap<String, PathBuf>>> = Mutex::new(None);

fn real_root(root: &str) -> Option<PathBuf> {
    let mut roots = REAL_ROOTS.lock().unwrap_or_else(|e| e.into_inner());
    let roots = roots.get_or_insert_with(HashMap::new);
    if let Some(real) = roots.get(root) {
        return Some(real.clone());
    }
    let real = fs::canonicalize(root).ok()?;
    roots.insert(root.to_string(), real.clone());
    Some(real)
}

fn is_inside(real: &Path, root: &Path) -> bool {
    let (real, root) = (real.as_os_str().as_bytes(), root.as_os_str().as_bytes());
    root == b"/" || (real.len() > root.len() && real[root.len()] == b'/' && real.starts_with(root))
}

/// What may be done with one listed file of a tree, before it is opened.
pub enum TreeInputCheck {
    Read,
    /// A link out of the tree: the warning's message.
    Outside(String),
    /// Not a regular file: the error's message.
    Unreadable(String),
}

/// Whether `file` (listed by `walk_bytes` under `root`) may be opened: a link must
/// lead inside the tree, and what it names (or the file itself) must be a regular
/// file. A path that cannot be resolved or stat'ed is left to the open, whose error
/// is the one reported (as before these checks).
pub fn check_tree_input(root: &str, file: &Path) -> TreeInputCheck {
    let Ok(link) = fs::symlink_metadata(file) else { return TreeInputCheck::Read };
    let is_link = link.file_type().is_symlink();
    if is_link {
        if let Ok(real) = fs::canonicalize(file) {
            if !real_root(root).is_some_and(|base| is_inside(&real, &base)) {
                return TreeInputCheck::Outside(format!("skipped: a symbolic link whose target is outside {root}"));
            }
        }
    }
    let meta = if is_link {
        match fs::metadata(file) {
            Ok(m) => m,
            Err(_) => return TreeInputCheck::Read,
        }
    } else {
        link
    };
    if !meta.is_file() {
        return TreeInputCheck::Unreadable("cannot read input: not a regular file".to_string());
    }
    TreeInputCheck::Read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_modules_and_dot_folders_are_skipped() {
        assert!(skipped_folder(OsStr::new("node_modules")));
        assert!(skipped_folder(OsStr::new(".git")));
        assert!(!skipped_folder(OsStr::new("schemas")));
        assert!(!skipped_folder(OsStr::new("node_modules2")));
    }

    #[test]
    fn joins_like_node() {
        assert_eq!(join_under(".", OsStr::new("a.json")), PathBuf::from("a.json"));
        assert_eq!(join_under("./in/", OsStr::new("a/b.json")), PathBuf::from("in/a/b.json"));
        assert_eq!(join_under("/", OsStr::new("a.json")), PathBuf::from("/a.json"));
        let raw = OsString::from_vec(b"z\xff\xfe.json".to_vec());
        assert_eq!(join_under("in", &raw).as_os_str().as_bytes(), b"in/z\xff\xfe.json");
        assert_eq!(lossy(&join_under("in", &raw)), "in/z\u{FFFD}\u{FFFD}.json");
        assert_eq!(rename_ext_bytes(&raw, &[".json"], ".graphql").as_bytes(), b"z\xff\xfe.graphql");
    }

    /// The checks made before a tree's file is opened: never by opening it.
    #[test]
    fn only_regular_files_inside_the_tree_are_read() {
        let dir = std::env::temp_dir().join(format!("x-graphql-paths-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("in")).unwrap();
        fs::write(dir.join("in/a.json"), "{}").unwrap();
        fs::write(dir.join("secret.json"), "{}").unwrap();
        std::os::unix::fs::symlink("a.json", dir.join("in/same.json")).unwrap();
        std::os::unix::fs::symlink("../secret.json", dir.join("in/secret.json")).unwrap();
        std::os::unix::fs::symlink("/proc/self/environ", dir.join("in/env.json")).unwrap();
        std::os::unix::fs::symlink("missing.json", dir.join("in/dangling.json")).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(dir.join("in/fifo.json")).status().unwrap().success());
        std::os::unix::fs::symlink("fifo.json", dir.join("in/to-fifo.json")).unwrap();
        let root = format!("{}/in", dir.display());
        let check = |name: &str| match check_tree_input(&root, &dir.join("in").join(name)) {
            TreeInputCheck::Read => "read".to_string(),
            TreeInputCheck::Outside(m) => format!("outside: {m}"),
            TreeInputCheck::Unreadable(m) => format!("unreadable: {m}"),
        };
        assert_eq!(check("a.json"), "read");
        assert_eq!(check("same.json"), "read");
        assert_eq!(check("dangling.json"), "read"); // the open reports ENOENT
        let outside = format!("outside: skipped: a symbolic link whose target is outside {root}");
        assert_eq!(check("secret.json"), outside);
        assert_eq!(check("env.json"), outside);
        assert_eq!(check("fifo.json"), "unreadable: cannot read input: not a regular file");
        assert_eq!(check("to-fifo.json"), "unreadable: cannot read input: not a regular file");
        let listed = walk_bytes(&root, &[".json"], &mut |_, _| {}, &|_| IoError { message: String::new(), where_: String::new() }, None).unwrap();
        let names: Vec<String> = listed.iter().map(|n| lossy(Path::new(n))).collect();
        assert_eq!(names, ["a.json", "dangling.json", "env.json", "fifo.json", "same.json", "secret.json", "to-fifo.json"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inside_is_below_the_root() {
        assert!(is_inside(Path::new("/a/b/c"), Path::new("/a/b")));
        assert!(!is_inside(Path::new("/a/bc"), Path::new("/a/b")));
        assert!(!is_inside(Path::new("/a/b"), Path::new("/a/b")));
        assert!(is_inside(Path::new("/x"), Path::new("/")));
    }
}
