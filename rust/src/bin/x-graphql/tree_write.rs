//! Writing the outputs of `convert -r` off the main thread (record 0055).
//!
//! A converted file's output is written by a writer thread (folders, then the
//! atomic write of files.rs, fsync included), so the waits for the disk overlap
//! instead of lining up on the main thread. That is only safe for outputs no
//! other file of the run touches: the outputs whose order matters are found
//! here from the file list, before anything is converted, and are written by
//! the main thread in file order, as before.

use std::collections::{HashMap, HashSet};

use crate::files::write_atomic;
use crate::node::{self, errno_text, Syscall};

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
pub fn write_output(target: &str, text: &str) -> Result<(), WriteFailure> {
    let folder = node::dirname(target);
    if let Err(e) = std::fs::create_dir_all(&folder) {
        let message = format!("cannot create folder: {}", errno_text(&e, Syscall::new("mkdir", &folder)));
        return Err(WriteFailure { where_: folder, message });
    }
    write_atomic(target, text).map_err(|e| WriteFailure { where_: e.where_, message: e.message })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
