//! What the integration tests that check our SDL with apollo-compiler share
//! (validity.rs, real_world.rs): the repository root and the problem collector.

use std::path::{Path, PathBuf};

use apollo_compiler::Schema;

/// The repository root (the crate is `rust/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The problems apollo-compiler finds in one SDL document (`name` in its messages),
/// read after `federation`'s definitions when given. A missing query root operation
/// type is not a problem: our output is often a library of types.
pub fn apollo_compiler_problems(sdl: &str, federation: Option<&str>, name: &str) -> Vec<String> {
    let linked = sdl.starts_with("extend schema @link(");
    let mut source = match federation {
        Some(definitions) => format!("{definitions}\n{sdl}"),
        None => sdl.to_string(),
    };
    // `@oneOf` is built into graphql-js 16 and the GraphQL specification, not into
    // apollo-compiler 1.x: defined here as our SDL reader does (sdl_read.rs ONE_OF_DEFINITION).
    if sdl.contains("@oneOf") && !sdl.contains("directive @oneOf") {
        source.push_str("\ndirective @oneOf on INPUT_OBJECT\n");
    }
    let mut builder = Schema::builder();
    if linked {
        builder = builder.adopt_orphan_extensions();
    }
    match builder.parse(source, name).build().and_then(Schema::validate) {
        Ok(_) => Vec::new(),
        Err(with_errors) => with_errors
            .errors
            .iter()
            .map(|d| d.error.to_string())
            .filter(|m| !m.contains("missing query root operation type"))
            .collect(),
    }
}
