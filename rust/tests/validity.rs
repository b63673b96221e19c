//! Every expected.graphql of fixtures/json-to-graphql is a valid schema for
//! apollo-compiler (the TypeScript runner checks the same with graphql-js).
//! An SDL that links federation (or a case with `federationLink: false`, as an
//! option or a root attribute, whose output uses federation directives without
//! the link) is validated after
//! the federation definitions of the linked version (federation.rs), with apollo-compiler's
//! `adopt_orphan_extensions` (a subgraph's `extend schema @link(...)` has no
//! `schema` definition to extend; graphql-js accepts that as is). A missing
//! query root operation type is not a problem: our output is often a library
//! of types. `@oneOf`, which apollo-compiler 1.x does not know, is defined for
//! it. An empty expected output is the defined result of a schema
//! without types (NO_TYPES) and is not checked.

mod common;

use std::path::PathBuf;

use common::{apollo_compiler_problems, root};
use x_graphql::__private::federation::{federation_definitions_sdl, federation_print_names, linked_minor_in_text, MAX_FEDERATION_MINOR};

/// The case folders of `fixtures/<folder>`, in name order.
fn case_dirs(folder: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("fixtures").join(folder))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    dirs.sort();
    dirs
}

/// The federation definitions an SDL is validated after: those of the version it
/// links (every version's without a link), under the names its link gives them.
fn federation_for(sdl: &str) -> String {
    federation_definitions_sdl(linked_minor_in_text(sdl).unwrap_or(MAX_FEDERATION_MINOR), &link_names(sdl))
}

/// `/"x-graphql-federation-link"\s*:\s*false/` on the input text.
fn root_link_off(input: &str) -> bool {
    input.match_indices("\"x-graphql-federation-link\"").any(|(i, m)| {
        let rest = input.get(i + m.len()..).unwrap_or("").trim_start();
        rest.strip_prefix(':').is_some_and(|r| r.trim_start().starts_with("false"))
    })
}

/// The names an SDL's federation @link gives federation directives (federation.rs
/// `federation_print_names`), read back through the converter: the link is the
/// schema extension of the SDL's JSON form.
fn link_names(sdl: &str) -> Vec<(String, String)> {
    let Ok(doc) = x_graphql::__private::sdl_read::read_sdl(sdl, None) else { return Vec::new() };
    doc.schema_extension.and_then(|ext| federation_print_names(&ext.directives)).unwrap_or_default()
}

#[test]
fn every_golden_sdl_is_valid_for_apollo_compiler() {
    let dirs = case_dirs("json-to-graphql");
    let mut checked = 0;
    let mut failures = Vec::new();
    for dir in &dirs {
        let Ok(sdl) = std::fs::read_to_string(dir.join("expected.graphql")) else { continue };
        if sdl.is_empty() {
            continue;
        }
        checked += 1;
        let link_disabled = std::fs::read_to_string(dir.join("options.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .is_some_and(|options| options.get("federationLink") == Some(&serde_json::Value::Bool(false)));
        // federationLink: false (option or root override) leaves federation directives without @link.
        let input = std::fs::read_to_string(dir.join("input.json")).unwrap_or_default();
        let link_disabled = link_disabled || root_link_off(&input);
        let with_federation = link_disabled || sdl.starts_with("extend schema @link(");
        // Every version's definitions without a link (federationLink false).
        let federation = with_federation.then(|| federation_for(&sdl));
        let found = apollo_compiler_problems(&sdl, federation.as_deref(), "expected.graphql");
        if !found.is_empty() {
            let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            failures.push(format!("{name}:\n  {}", found.join("\n  ")));
        }
    }
    assert!(checked > 0, "no expected.graphql found");
    assert!(failures.is_empty(), "{} of {checked} golden SDLs are invalid:\n{}", failures.len(), failures.join("\n"));
}

/// The canonical SDL of every graphql-to-json golden that converts and links federation
/// (a subgraph read back: orphan extensions, directive order, records 0076 and 0077) is
/// valid for apollo-compiler too, as `buildSubgraphSchema` reads it.
#[test]
fn every_federated_graphql_to_json_golden_reads_back_valid_for_apollo_compiler() {
    let dirs = case_dirs("graphql-to-json");
    let mut checked = 0;
    let mut failures = Vec::new();
    for dir in &dirs {
        let Ok(input) = std::fs::read_to_string(dir.join("input.graphql")) else { continue };
        if !dir.join("expected.json").exists() {
            continue;
        }
        let Ok(sdl) = x_graphql::__private::sdl_read::canonical_sdl(&input, 80.0) else { continue };
        if !sdl.starts_with("extend schema @link(url: \"https://specs.apollo.dev/federation/") {
            continue;
        }
        checked += 1;
        let found = apollo_compiler_problems(&sdl, Some(&federation_for(&sdl)), "expected.graphql");
        if !found.is_empty() {
            let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            failures.push(format!("{name}:\n  {}", found.join("\n  ")));
        }
    }
    assert!(checked > 0, "no federated graphql-to-json golden found");
    assert!(failures.is_empty(), "{} of {checked} canonical SDLs are invalid:\n{}", failures.len(), failures.join("\n"));
}
