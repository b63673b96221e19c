//! validate_graphql: an SDL document through the reader of the graphql-to-json
//! direction (sdl_read.rs): the graphql-js grammar, our duplicate-name checks
//! and apollo-compiler's schema validation, with the Apollo Federation
//! definitions supplied when the document uses federation. Mirrors
//! js/src/validate-graphql.ts: the first problem only (record 0034), the one
//! both implementations agree on (code, line and column); a valid GraphQL
//! document that breaks the subgraph rules (sdl_read's stage 6) reports every
//! such problem (record 0077).

use crate::sdl_read::read_sdl_every_subgraph_problem;
use crate::validate::{file_report, to_problem, FileReport, ValidateOptions};

/// Checks an SDL document as the graphql-to-json direction reads it: the first problem
/// (or every subgraph-rule problem), with its line and column (record 0034).
pub fn validate_graphql(text: &str, options: &ValidateOptions) -> FileReport {
    let file = options.file_name.as_deref();
    let mut problems = Vec::new();
    if let Err(errors) = read_sdl_every_subgraph_problem(text, file) {
        problems.extend(errors.iter().map(|e| to_problem(&e.to_diagnostic(), options.strict)));
    }
    file_report(file.unwrap_or("<stdin>"), problems, file)
}
