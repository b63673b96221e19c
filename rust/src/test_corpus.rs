//! For tests only: the `.graphql` files of fixtures/ and examples/, and random edits of
//! a text. Unit tests reach it as `crate::test_corpus`; integration tests include this
//! file (`#[path = "../src/test_corpus.rs"] mod test_corpus;`).

use std::path::{Path, PathBuf};

/// Every `.graphql` file under fixtures/ and examples/: (path, text), in path order.
pub(crate) fn graphql_files() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    collect(&root.join("fixtures"), &mut files);
    collect(&root.join("examples"), &mut files);
    files.into_iter().filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(&p).ok()?))).collect()
}

/// The texts of `graphql_files`.
pub(crate) fn graphql_texts() -> Vec<String> {
    graphql_files().into_iter().map(|(_, text)| text).collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "graphql") {
            out.push(path);
        }
    }
}

/// Applies random edits, (position, characters removed, text inserted), in order;
/// positions count characters and wrap around the text's length.
pub(crate) fn apply_edits(text: &str, edits: &[(usize, usize, String)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, remove, insert) in edits {
        let at = at % (chars.len() + 1);
        let end = (at + remove).min(chars.len());
        chars.splice(at..end, insert.chars());
    }
    chars.into_iter().collect()
}
