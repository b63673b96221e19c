//! Converts JSON Schema annotated with `x-graphql-*` attributes to GraphQL SDL, and
//! GraphQL SDL back to annotated JSON Schema. The same converter as the npm package
//! `x-graphql`, to the byte: the same output, warnings, error codes, messages and positions.
//!
//! ```
//! use x_graphql::{graphql_to_json_schema, json_schema_to_graphql, ErrorCode, Options};
//!
//! let schema = r#"{
//!   "title": "User",
//!   "type": "object",
//!   "properties": { "id": { "type": "string" } },
//!   "required": ["id"]
//! }"#;
//! let sdl = json_schema_to_graphql(schema, &Options::default())?;
//! assert_eq!(sdl.output, "type User {\n  id: String!\n}\n");
//!
//! // And back: the JSON Schema converts to the same SDL.
//! let json = graphql_to_json_schema(&sdl.output, &Options::default())?;
//! assert_eq!(json_schema_to_graphql(&json.output, &Options::default())?.output, sdl.output);
//!
//! // Errors have a stable code and a position, and display as the CLI prints them.
//! let options = Options::builder().file_name("user.json").build();
//! let error = json_schema_to_graphql("{\"type\": }", &options).unwrap_err();
//! assert_eq!(error.code(), ErrorCode::JsonSyntax);
//! assert_eq!(error.to_string(), "user.json:1:10: error[JSON_SYNTAX] Unexpected character '}' (expected a value)");
//! # Ok::<(), x_graphql::ConversionError>(())
//! ```
//!
//! The public API is what this page lists: [`json_schema_to_graphql`],
//! [`graphql_to_json_schema`] and [`convert`], their [`Options`] and [`Conversion`],
//! the [`ConversionError`] and its [`ErrorCode`]; the type-system document ([`describe`],
//! [`build`]), [`validate_json_schema`] / [`validate_graphql`] and [`migrate`]; and
//! [`spawn_scoped_with_converter_stack`] for callers that convert on threads of their own. The module
//! `__private` is for this package's own CLI and tests: it is hidden, and exempt from
//! semantic versioning (docs/decisions/0087-public-api.md).
//!
//! The module layout mirrors js/src (docs/ARCHITECTURE.md).
#![deny(missing_docs)]

// The stages: crate-private (record 0087). One line each; a new module is one more line.
pub(crate) mod naming;
pub(crate) mod text;
pub(crate) mod catalog;
pub(crate) mod errors;
pub(crate) mod json;
pub(crate) mod json_key;
mod json_slab;
pub(crate) mod json_array;
pub(crate) mod load;
pub(crate) mod locate;
pub(crate) mod options;
pub(crate) mod ir;
pub(crate) mod type_expr;
pub(crate) mod slots;
pub(crate) mod normalize;
pub(crate) mod loc;
pub(crate) mod resolve;
pub(crate) mod resources;
pub(crate) mod merge_chains;
pub(crate) mod merge_all_of;
pub(crate) mod lower;
pub(crate) mod inline_names;
pub(crate) mod lower_classify;
pub(crate) mod lower_types;
pub(crate) mod lower_objects;
pub(crate) mod lower_unions_enums;
pub(crate) mod schema_shapes;
pub(crate) mod json_reasons;
pub(crate) mod mixed_unions;
pub(crate) mod lower_directives;
pub(crate) mod lower_arguments;
pub(crate) mod directive_literals;
pub(crate) mod directive_args;
pub(crate) mod federation;
pub(crate) mod assemble;
mod interfaces;
pub(crate) mod default_values;
pub(crate) mod input_cycles;
pub(crate) mod field_set;
pub(crate) mod field_set_locs;
pub(crate) mod field_set_parse;
pub(crate) mod from_context;
pub(crate) mod schema_links;
pub(crate) mod schema_roots;
pub(crate) mod print;
pub(crate) mod meta_schema;
pub(crate) mod meta_reasons;
pub(crate) mod convert;
pub(crate) mod bundle;
pub(crate) mod hoist;
pub(crate) mod canonical;
pub(crate) mod json_print;
pub(crate) mod sdl_syntax;
pub(crate) mod sdl_fast_parse;
mod sdl_lexer;
pub(crate) mod sdl_read;
mod sdl_names;
mod sdl_orphans;
mod sdl_subgraph;
mod sdl_rules;
#[cfg(test)]
mod test_corpus;
mod sdl_validate;
mod sdl_added_definitions;
mod sdl_values;
mod sdl_own_rules;
pub(crate) mod suggest;
pub(crate) mod sdl_schema_rules;
pub(crate) mod stack;
pub(crate) mod sdl_defaults;
pub(crate) mod reverse;
pub(crate) mod describe;
pub(crate) mod build;
pub(crate) mod introspection;
pub(crate) mod introspection_read;
pub(crate) mod type_system_schema;
pub(crate) mod migrate;
pub(crate) mod migrate_text;
pub(crate) mod validate;
pub(crate) mod validate_json;
pub(crate) mod validate_semantics;
pub(crate) mod validate_graphql;
mod api;
mod options_api;

pub use api::{convert, convert_bundle, graphql_to_json_schema, json_schema_to_graphql, ConversionDirection};
pub use convert::BundleInput;
pub use build::build;
pub use convert::Conversion;
pub use describe::describe;
pub use introspection::introspect;
pub use introspection_read::sdl_from_introspection;
pub use errors::{ConversionError, Diagnostic, ErrorCode, Severity, UnknownErrorCode};
pub use migrate::{migrate, MigrateResult, MigrationChange};
pub use options_api::{FieldNameSanitizer, MixedUnions, Options, OptionsBuilder, RefNaming, TypeNameSanitizer, UnresolvedRefs};
pub use validate::{report_to_json, summarize, FileReport, Problem, Summary, ValidateOptions, ValidationReport};
pub use validate_graphql::validate_graphql;
pub use validate_json::validate_json_schema;
pub use stack::spawn_scoped_with_converter_stack;

/// The README's "Library use" Rust snippet, run as a doctest (rust/tests/readme.rs checks
/// that the README shows the same code).
#[cfg(doctest)]
#[doc = include_str!("readme_rust.md")]
pub struct ReadmeRustSnippet;

/// The internals this package's CLI, integration tests and benchmarks use. Not part of
/// the public API: hidden from the documentation and exempt from semantic versioning
/// (as serde's `__private`); anything here may change or go in any release
/// (docs/decisions/0087-public-api.md).
#[doc(hidden)]
pub mod __private {
    pub use crate::api::Converter;
    pub use crate::convert::{json_schema_bundle_to_sdl, locate_diagnostics};
    pub use crate::resolve::path_resolve;
    pub use crate::validate::{file_report, to_problem};
    pub use crate::options::{js_key_order, option_names};
    pub use crate::introspection_read::{looks_like_introspection, parse_literal};
    pub use crate::errors::{codes, exit_code, one_line, Location};
    pub use crate::options::ConverterOptions;

    /// Re-exports the public items of internal modules under their own names.
    macro_rules! internal_modules {
        ($($name:ident),* $(,)?) => {
            $(
                #[allow(missing_docs)]
                pub mod $name {
                    pub use crate::$name::*;
                }
            )*
        };
    }

    internal_modules!(
        catalog, describe, federation, field_set, json, json_print, load, locate, meta_schema, naming, sdl_fast_parse,
        sdl_read, sdl_syntax, text,
    );
}
