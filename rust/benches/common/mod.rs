//! What the two benchmarks (`convert`, criterion's, and `growth`, interleaved) share:
//! the corpus, generated when missing, and the allocator they run with.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `--features bench-mimalloc`: the CLI's allocator (record 0054) instead of the system's.
#[cfg(feature = "bench-mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The allocator the numbers are for, as a prefix of names.
pub const ALLOCATOR_PREFIX: &str = if cfg!(feature = "bench-mimalloc") { "mimalloc-" } else { "" };

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("rust/ has a parent").to_path_buf()
}

/// `bench-corpus/` at the workspace root, generated with `npm run gen-corpus` when missing.
pub fn corpus_dir() -> PathBuf {
    let root = workspace_root();
    let corpus = root.join("bench-corpus");
    if !corpus.join("manifest.json").exists() {
        eprintln!("bench-corpus/ is missing: running npm run gen-corpus");
        let status = Command::new("npm")
            .args(["run", "--silent", "gen-corpus"])
            .current_dir(&root)
            .status()
            .expect("cannot run npm (needed once to generate bench-corpus/)");
        assert!(status.success(), "npm run gen-corpus failed");
    }
    corpus
}

pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The corpus's JSON Schema and its SDL with `n` definitions.
pub fn corpus_pair(corpus: &Path, n: usize) -> (String, String) {
    (
        read(&corpus.join("json").join(format!("defs-{n}.json"))),
        read(&corpus.join("sdl").join(format!("defs-{n}.graphql"))),
    )
}
