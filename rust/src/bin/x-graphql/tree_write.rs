//! Writing the outputs of `convert -r` off the main thread (record 0055).
//!
//! A converted file's output is written by a writer thread (folders, then the
//! atomic write of files.rs, fsync included), so the waits for the disk overlap
//! instead of lining up on the main thread. That is only safe for outputs no
//! other file of the run touches: the outputs whose order matters are found
//! here from the file list, before anything is converted, and are written by
//! the main thread in file order, as before.

use std::collections::{HashMap, HashSet};

use std::path::{Path, PathBuf};

use crate::files::{dirname_path, write_atomic_group};
use crate::paths::lossy;
use crate::node::{errno_text, Syscall};

/// For each output path (relative to the output folder, `/`-separated, in
/// file order): whether the main thread must write it in file order. That is
/// when another output has the same path (the first file written wins, and
/// which one that is depends on which earlier ones fail), or is a folder this
/// one needs, or needs this one as a folder (then the order decides which
/// write fails). Paths are compared with case folded, so two outputs a
/// case-insensitive file system would make one file are kept in order too.
pub fn in_file_order(outputs: &[String]) -> Vec<bool> {
    let keys: Vec<String> = outputs.iter().map(|p| p.to_lowercase()).collect();
    let mut count: HashMap<&str, usize> = HashMap::with_capacity(keys.len());
    let mut folders: HashSet<&str> = HashSet::new();
    for key in &keys {
        *count.entry(key).or_default() += 1;
        folders.extend(key.match_indices('/').map(|(i, _)| &key[..i]));
    }
    keys.iter()
        .map(|key| {
            count[key.as_str()] > 1
                || folders.contains(key.as_str())
                || key.match_indices('/').any(|(i, _)| count.contains_key(&key[..i]))
        })
        .collect()
}

/// An output that could not be written: the path and message of its
/// `error[IO]` line.
pub struct WriteFailure {
    pub where_: String,
    pub message: String,
}

/// Creates the folders `target` needs and writes it atomically (files.rs).
pub fn write_output(target: &Path, text: &str) -> Result<(), WriteFailure> {
    write_outputs(&[(target, text)]).pop().expect("one result per output")
}

/// `write_output` for several outputs, flushed to the disk together
/// (`write_atomic_group`, record 0056). One result per output, in order.
pub fn write_outputs(outputs: &[(&Path, &str)]) -> Vec<Result<(), WriteFailure>> {
    let mut results: Vec<Option<Result<(), WriteFailure>>> = Vec::with_capacity(outputs.len());
    let mut ready: Vec<(&Path, &str)> = Vec::with_capacity(outputs.len());
    let mut made: Vec<PathBuf> = Vec::new();
    for &(target, text) in outputs {
        let folder = dirname_path(target);
        // Outputs of one folder come together: it is made once for all of them.
        if !made.contains(&folder) {
            if let Err(e) = std::fs::create_dir_all(&folder) {
                let where_ = lossy(&folder);
                let message = format!("cannot create folder: {}", errno_text(&e, Syscall::new("mkdir", &where_)));
                results.push(Some(Err(WriteFailure { where_, message })));
                continue;
            }
            made.push(folder);
        }
        results.push(None);
        ready.push((target, text));
    }
    let mut written = write_atomic_group(&ready).into_iter();
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| written.next().expect("one result per output").map_err(|e| WriteFailure { where_: e.where_, message: e.message })))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node;

    fn order(outputs: &[&str]) -> Vec<bool> {
        in_file_order(&outputs.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn distinct_outputs_are_written_by_the_workers() {
        assert_eq!(order(&["a.graphql", "b.graphql", "sub/a.graphql", "sub/deeper/a.graphql"]), [false; 4]);
    }

    #[test]
    fn outputs_of_one_path_keep_their_order() {
        // `a.graphql` and `a.gql` both give `a.json`.
        assert_eq!(order(&["a.json", "a.json", "b.json"]), [true, true, false]);
        assert_eq!(order(&["A.json", "a.json"]), [true, true]);
    }

    #[test]
    fn an_output_that_is_a_folder_of_another_keeps_its_order() {
        // The folder `x.graphql/` (from `x.graphql/b.json`) and the file `x.graphql` (from `x.json`).
        assert_eq!(order(&["x.graphql/b.graphql", "x.graphql", "y.graphql"]), [true, true, false]);
        assert_eq!(order(&["s/x.graphql/t/b.graphql", "s/X.graphql", "s/y.graphql"]), [true, true, false]);
    }

    /// A fresh folder under the system's temporary folder.
    fn scratch(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("x-graphql-tree-write-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.to_string_lossy().into_owned()
    }

    fn files_under(dir: &str) -> Vec<String> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path().to_string_lossy().into_owned();
            if std::fs::metadata(&path).unwrap().is_dir() {
                found.extend(files_under(&path));
            } else {
                found.push(path);
            }
        }
        found.sort();
        found
    }

    /// A group replaces an existing output, makes the folders the others need,
    /// fails only the output whose folder cannot be made, and leaves no
    /// temporary file behind.
    #[test]
    fn a_group_writes_each_output_or_reports_it() {
        let dir = scratch("group");
        let at = |rel: &str| node::join(&[&dir, rel]);
        std::fs::write(at("a.graphql"), "old").unwrap();
        std::fs::write(at("blocker"), "a file where a folder is needed").unwrap();
        let (a, b, c, d) = (at("a.graphql"), at("sub/b.graphql"), at("sub/c.graphql"), at("blocker/d.graphql"));
        let results = write_outputs(&[
            (Path::new(&a), "type A"),
            (Path::new(&b), "type B"),
            (Path::new(&d), "type D"),
            (Path::new(&c), "type C"),
        ]);
        assert!(results[0].is_ok() && results[1].is_ok() && results[3].is_ok());
        let failure = results[2].as_ref().expect_err("blocker/ is a file");
        assert_eq!(failure.where_, at("blocker"));
        assert!(failure.message.starts_with("cannot create folder: "), "{}", failure.message);
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "type A");
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "type B");
        assert_eq!(std::fs::read_to_string(&c).unwrap(), "type C");
        assert_eq!(files_under(&dir), [a.clone(), at("blocker"), b.clone(), c.clone()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A device in a group is written in place, not replaced by a plain file.
    #[test]
    fn a_device_in_a_group_stays_a_device() {
        use std::os::unix::fs::FileTypeExt;
        let dir = scratch("device");
        let file = node::join(&[&dir, "a.graphql"]);
        let results = write_outputs(&[(Path::new("/dev/null"), "type A"), (Path::new(&file), "type B")]);
        assert!(results.iter().all(Result::is_ok));
        assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "type B");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
