//! The README's Rust snippet ("As a library") is the code of src/readme_rust.md, which
//! runs as a doctest of the crate (lib.rs `ReadmeRustSnippet`). The README lies outside
//! the packaged crate, so the doctest includes the copy in src/ and this test keeps the
//! two the same.

use std::path::Path;

#[test]
fn the_readme_shows_the_snippet_the_doctest_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("../README.md")).expect("README.md");
    let snippet = std::fs::read_to_string(root.join("src/readme_rust.md")).expect("src/readme_rust.md");
    assert!(snippet.starts_with("```rust\n") && snippet.trim_end().ends_with("```"), "one rust block");
    let at = readme.find("As a library").expect("the README's \"As a library\"");
    assert!(
        readme[at..].contains(snippet.as_str()),
        "README.md's Rust library snippet differs from rust/src/readme_rust.md (the doctest): make them the same"
    );
}
