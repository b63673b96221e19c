//! Command-line entry point. A placeholder until the converter exists: it only
//! reports the version, so the `cli` feature and its dependency graph build.

fn main() {
    println!("x-graphql {}", env!("CARGO_PKG_VERSION"));
}
