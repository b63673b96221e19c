//! The entry points of the library (record 0087): one function per direction, both
//! returning the output and the warnings, and `convert` for a direction chosen at run
//! time. Mirrors `jsonSchemaToGraphql` / `graphqlToJsonSchema` in js/src/index.ts.

use std::fmt;
use std::str::FromStr;

use crate::convert::{self as pipeline, BundleInput, Conversion};
use crate::errors::{codes, ConversionError};
use crate::options::{resolve_options, ConverterOptions, ResolvedOptions};
use crate::options_api::Options;

/// Converts JSON Schema annotated with `x-graphql-*` attributes to GraphQL SDL.
///
/// Returns the SDL and the warnings (with their line and column); fails with a
/// [`ConversionError`] whose [`code`](ConversionError::code) says why (INVALID_OPTION for
/// a bad option value). The conversion runs on a thread with a large stack when the
/// caller's is small (record 0060).
///
/// ```
/// use x_graphql::{json_schema_to_graphql, Options};
///
/// let schema = r#"{"title": "User", "type": "object", "properties": {"id": {"type": "string"}}}"#;
/// let conversion = json_schema_to_graphql(schema, &Options::default())?;
/// assert_eq!(conversion.output, "type User {\n  id: String\n}\n");
/// assert!(conversion.warnings.is_empty());
/// # Ok::<(), x_graphql::ConversionError>(())
/// ```
pub fn json_schema_to_graphql(input: &str, options: &Options) -> Result<Conversion, ConversionError> {
    pipeline::json_schema_to_sdl(input, &options.resolve()?, true)
}

/// Converts GraphQL SDL to JSON Schema annotated with `x-graphql-*` attributes (JSON
/// text), which [`json_schema_to_graphql`] converts back to the same schema.
///
/// Of the options only [`Options::file_name`] is read (for the diagnostics). No warnings
/// arise in this direction today; [`Conversion::warnings`] is there for those that will.
///
/// ```
/// use x_graphql::{graphql_to_json_schema, ErrorCode, Options};
///
/// let conversion = graphql_to_json_schema("type Query { me: String }", &Options::default())?;
/// assert!(conversion.output.contains(r#""Query": {"#));
///
/// let error = graphql_to_json_schema("type Query {", &Options::default()).unwrap_err();
/// assert_eq!(error.code(), ErrorCode::GraphqlSyntax);
/// assert_eq!((error.line(), error.column()), (Some(1), Some(13)));
/// # Ok::<(), x_graphql::ConversionError>(())
/// ```
pub fn graphql_to_json_schema(input: &str, options: &Options) -> Result<Conversion, ConversionError> {
    pipeline::graphql_to_json_schema(input, &options.resolve()?)
}

/// [`json_schema_to_graphql`] or [`graphql_to_json_schema`], by `direction`.
///
/// ```
/// use x_graphql::{convert, ConversionDirection, Options};
///
/// let direction: ConversionDirection = "graphql-to-json".parse()?;
/// let json = convert("type Query { me: String }", direction, &Options::default())?.output;
/// let sdl = convert(&json, ConversionDirection::JsonSchemaToGraphQL, &Options::default())?.output;
/// assert_eq!(sdl, "type Query {\n  me: String\n}\n");
/// # Ok::<(), x_graphql::ConversionError>(())
/// ```
pub fn convert(input: &str, direction: ConversionDirection, options: &Options) -> Result<Conversion, ConversionError> {
    match direction {
        ConversionDirection::JsonSchemaToGraphQL => json_schema_to_graphql(input, options),
        ConversionDirection::GraphQLToJsonSchema => graphql_to_json_schema(input, options),
    }
}

/// Several inputs that form one schema -> one output (a bundle, record 0090): JSON
/// Schemas into one SDL document (a file reached from several inputs converted once, names
/// claimed across all of them, one `@link`), or SDL documents into one JSON Schema. The
/// inputs are taken in the order of their paths, whatever the order given.
///
/// ```
/// use x_graphql::{convert_bundle, BundleInput, ConversionDirection, Options};
///
/// let inputs = [
///     BundleInput { path: "user.json".into(), text: r#"{"title": "User", "type": "object", "properties": {"id": {"type": "string"}}}"#.into() },
///     BundleInput { path: "order.json".into(), text: r#"{"title": "Order", "type": "object", "properties": {"id": {"type": "string"}}}"#.into() },
/// ];
/// let sdl = convert_bundle(&inputs, ConversionDirection::JsonSchemaToGraphQL, &Options::default())?.output;
/// assert_eq!(sdl, "type Order {\n  id: String\n}\n\ntype User {\n  id: String\n}\n");
/// # Ok::<(), x_graphql::ConversionError>(())
/// ```
pub fn convert_bundle(inputs: &[BundleInput], direction: ConversionDirection, options: &Options) -> Result<Conversion, ConversionError> {
    crate::bundle::convert_bundle(inputs, &options.resolve()?, direction)
}

/// The direction of a conversion; its strings are the CLI's `--direction` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ConversionDirection {
    /// `json-to-graphql`
    #[default]
    JsonSchemaToGraphQL,
    /// `graphql-to-json`
    GraphQLToJsonSchema,
}

impl ConversionDirection {
    /// `json-to-graphql` or `graphql-to-json`.
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

/// The converter the CLI, the batch mode and the tests drive with TypeScript-shaped
/// options (`ConverterOptions`: a config file's values, checked with TypeScript's
/// messages), checked once for many inputs. Semver-exempt (`__private`).
#[derive(Debug, Clone, Default)]
pub struct Converter {
    options: ResolvedOptions,
}

impl Converter {
    /// A converter with the default options.
    pub fn new() -> Converter {
        Converter::default()
    }

    /// Fails with INVALID_OPTION for a bad option value.
    pub fn with_options(options: ConverterOptions) -> Result<Converter, ConversionError> {
        Ok(Converter { options: resolve_options(Some(&options))? })
    }

    /// Converts and returns the output text; the warnings are dropped, and so is the
    /// pass over the input that gives them their positions.
    pub fn convert(&self, input: &str, direction: ConversionDirection) -> Result<String, ConversionError> {
        self.run(input, direction, false).map(|c| c.output)
    }

    /// Converts and returns the output with the warnings met on the way.
    pub fn convert_output(&self, input: &str, direction: ConversionDirection) -> Result<Conversion, ConversionError> {
        self.run(input, direction, true)
    }

    /// `convert_output` for an input handed over rather than lent, as the CLI does with a
    /// large file: the text is freed as soon as it is parsed (see
    /// `convert::json_schema_to_sdl_given`). Diagnostics placed in `input` may then come
    /// back without line and column; `locate_diagnostics` adds them from the text read again.
    pub fn convert_output_given(&self, input: String, direction: ConversionDirection) -> Result<Conversion, ConversionError> {
        if direction == ConversionDirection::GraphQLToJsonSchema {
            return pipeline::graphql_to_json_schema(&input, &self.options);
        }
        pipeline::json_schema_to_sdl_given(input, &self.options)
    }

    /// Several inputs that form one schema -> one output ([`convert_bundle`]).
    pub fn convert_bundle(&self, inputs: &[BundleInput], direction: ConversionDirection) -> Result<Conversion, ConversionError> {
        crate::bundle::convert_bundle(inputs, &self.options, direction)
    }

    /// `positions`: give the warnings their line and column (a pass over the input).
    fn run(&self, input: &str, direction: ConversionDirection, positions: bool) -> Result<Conversion, ConversionError> {
        if direction == ConversionDirection::GraphQLToJsonSchema {
            return pipeline::graphql_to_json_schema(input, &self.options);
        }
        pipeline::json_schema_to_sdl(input, &self.options, positions)
    }
}
