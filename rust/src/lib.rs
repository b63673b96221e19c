//! x-graphql: JSON Schema with `x-graphql-*` attributes -> GraphQL SDL.
//! The module layout mirrors js/src (see docs/ARCHITECTURE.md).

pub mod naming;
pub mod text;
pub mod catalog;
pub mod errors;
pub mod json;
pub mod json_key;
mod json_slab;
pub mod json_array;
pub mod load;
pub mod locate;
pub mod options;
pub mod ir;
pub mod type_expr;
pub mod slots;
pub mod normalize;
pub mod loc;
pub mod resolve;
pub mod resources;
pub mod merge_chains;
pub mod lower;
pub mod inline_names;
pub mod lower_classify;
pub mod lower_types;
pub mod json_reasons;
pub mod mixed_unions;
pub mod lower_directives;
pub mod directive_args;
pub mod federation;
pub mod assemble;
mod interfaces;
pub mod default_values;
pub mod input_cycles;
pub mod field_set;
pub mod from_context;
pub mod schema_links;
pub mod schema_roots;
pub mod print;
pub mod meta_schema;
pub mod meta_reasons;
pub mod convert;
pub mod bundle;
pub mod hoist;
pub mod canonical;
pub mod json_print;
pub mod sdl_syntax;
pub mod sdl_fast_parse;
mod sdl_lexer;
pub mod sdl_read;
mod sdl_names;
mod sdl_orphans;
mod sdl_subgraph;
mod sdl_rules;
#[cfg(test)]
mod test_corpus;
mod sdl_validate;
mod sdl_values;
mod sdl_own_rules;
pub mod suggest;
pub mod sdl_schema_rules;
pub mod stack;
pub mod sdl_defaults;
pub mod reverse;
pub mod describe;
pub mod build;
pub mod introspection;
pub mod introspection_read;
pub mod type_system_schema;
pub mod migrate;
pub mod validate;
pub mod validate_json;
pub mod validate_semantics;
pub mod validate_graphql;

// ---------------------------------------------------------------------------
// The public API (mirrors js/src/index.ts):
// `Converter::with_options(options)?.convert(input, direction)`.

use std::fmt;
use std::str::FromStr;

pub use convert::{BundleInput, ConversionResult, Converted, SdlResult};
pub use errors::{codes, exit_code, ConversionError, Diagnostic, Location, Severity};
pub use options::{ConverterOptions, RefNaming};
pub use describe::describe;
pub use build::build;
pub use migrate::{migrate, MigrateResult, MigrationChange};
pub use validate::{report_to_json, summarize, FileReport, Problem, ValidateOptions, ValidationReport};
pub use validate_graphql::validate_graphql;
pub use validate_json::validate_json_schema;
pub use stack::spawn_scoped_with_converter_stack;

use options::{resolve_options, ResolvedOptions};

/// The direction of a conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ConversionDirection {
    /// `json-to-graphql`
    #[default]
    JsonSchemaToGraphQL,
    /// `graphql-to-json`
    GraphQLToJsonSchema,
}

impl ConversionDirection {
    pub fn as_str(self) -> &'static str {
        match self {
            ConversionDirection::JsonSchemaToGraphQL => "json-to-graphql",
            ConversionDirection::GraphQLToJsonSchema => "graphql-to-json",
        }
    }
}

impl fmt::Display for ConversionDirection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `parseDirection`: `json-to-graphql` or `graphql-to-json`, else INVALID_OPTION.
impl FromStr for ConversionDirection {
    type Err = ConversionError;

    fn from_str(value: &str) -> Result<Self, Self::Err> {
        match value {
            "json-to-graphql" => Ok(ConversionDirection::JsonSchemaToGraphQL),
            "graphql-to-json" => Ok(ConversionDirection::GraphQLToJsonSchema),
            _ => Err(ConversionError::new(
                codes::INVALID_OPTION,
                format!("unknown direction '{value}'; expected json-to-graphql or graphql-to-json"),
            )),
        }
    }
}

/// A converter with its options checked once.
#[derive(Debug, Clone)]
pub struct Converter {
    options: ResolvedOptions,
}

impl Default for Converter {
    fn default() -> Self {
        Converter::new()
    }
}

impl Converter {
    /// A converter with the default options.
    pub fn new() -> Converter {
        Converter { options: ResolvedOptions::default() }
    }

    /// Fails with INVALID_OPTION for a bad option value.
    pub fn with_options(options: ConverterOptions) -> Result<Converter, ConversionError> {
        Ok(Converter { options: resolve_options(Some(&options))? })
    }

    /// Converts and returns the output text; warnings are dropped (see `convert_with_warnings`).
    pub fn convert(&self, input: &str, direction: ConversionDirection) -> Result<String, ConversionError> {
        self.run(input, direction, false).map(|c| c.output)
    }

    /// Converts and returns the output with the warnings met on the way. Its `sdl` is a
    /// copy of the output; `convert_output` returns the same without that copy.
    pub fn convert_with_warnings(
        &self,
        input: &str,
        direction: ConversionDirection,
    ) -> Result<SdlResult, ConversionError> {
        self.run(input, direction, true).map(Into::into)
    }

    /// `convert_with_warnings` for an input handed over rather than lent, as the CLI
    /// does with a large file: the text is freed as soon as it is parsed (see
    /// `convert::json_schema_to_sdl_given`). Diagnostics placed in `input` may then
    /// come back without line and column; `convert::locate_diagnostics` adds them
    /// from the text read again.
    pub fn convert_given(&self, input: String, direction: ConversionDirection) -> Result<SdlResult, ConversionError> {
        self.convert_output_given(input, direction).map(Into::into)
    }

    /// `convert_with_warnings` without `ConversionResult::sdl`, the copy of the output
    /// (record 0064): the output and the warnings.
    pub fn convert_output(&self, input: &str, direction: ConversionDirection) -> Result<Converted, ConversionError> {
        self.run(input, direction, true)
    }

    /// `convert_given` without `ConversionResult::sdl`, the copy of the output (record 0064).
    pub fn convert_output_given(&self, input: String, direction: ConversionDirection) -> Result<Converted, ConversionError> {
        if direction == ConversionDirection::GraphQLToJsonSchema {
            return convert::graphql_to_json_schema(&input, &self.options);
        }
        convert::json_schema_to_sdl_given(input, &self.options)
    }

    /// Several inputs that form one schema -> one output (a bundle, record 0090): JSON
    /// Schemas into one SDL document, or SDL documents into one JSON Schema.
    pub fn convert_bundle(&self, inputs: &[BundleInput], direction: ConversionDirection) -> Result<Converted, ConversionError> {
        bundle::convert_bundle(inputs, &self.options, direction)
    }

    /// `positions`: give the warnings their line and column (a pass over the
    /// input; `convert` drops them).
    fn run(&self, input: &str, direction: ConversionDirection, positions: bool) -> Result<Converted, ConversionError> {
        if direction == ConversionDirection::GraphQLToJsonSchema {
            return convert::graphql_to_json_schema(input, &self.options);
        }
        convert::json_schema_to_sdl(input, &self.options, positions)
    }
}
