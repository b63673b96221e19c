//! The options of the public API (record 0087): typed fields, `Default` for the
//! defaults, a builder. They are checked by the same code as the TypeScript-shaped
//! options of a config file (options.rs `resolve_options`), so a value the types
//! cannot rule out (a federation version, a scalar name) fails with the same
//! INVALID_OPTION message in both implementations.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use crate::errors::{codes, ConversionError};
use crate::json::{Key, Map, Value};
use crate::options::{resolve_options, ConverterOptions, ResolvedOptions};

pub use crate::options::RefNaming;

/// Declares a string-valued option enum: `as_str`, `Display` and `FromStr` on the
/// option's strings (INVALID_OPTION for another string, with TypeScript's message).
macro_rules! option_enum {
    ($(#[doc = $doc:literal])* $name:ident, $option:literal { $($(#[$vattr:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vattr])* $variant,)*
        }

        impl $name {
            /// The option's string, as in a config file.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = ConversionError;

            /// The value of the option's string; INVALID_OPTION for another.
            fn from_str(s: &str) -> Result<Self, ConversionError> {
                match s {
                    $($text => Ok($name::$variant),)*
                    _ => Err(ConversionError::new(
                        codes::INVALID_OPTION,
                        format!(
                            "option {} must be one of {}, got {}",
                            $option,
                            [$($text),*].join(", "),
                            crate::json_print::json_string(s)
                        ),
                    )),
                }
            }
        }
    };
}

option_enum! {
    /// How type names are made from titles and keys (`typeNameSanitizer`).
    TypeNameSanitizer, "typeNameSanitizer" {
        /// `pascal`: `user_profile` -> `UserProfile`.
        #[default]
        Pascal = "pascal",
    }
}

option_enum! {
    /// How field names are made from property keys (`fieldNameSanitizer`).
    FieldNameSanitizer, "fieldNameSanitizer" {
        /// `camel`: `first_name` -> `firstName`.
        #[default]
        Camel = "camel",
    }
}

option_enum! {
    /// What a `$ref` that cannot be resolved becomes (`unresolvedRefs`, record 0078).
    UnresolvedRefs, "unresolvedRefs" {
        /// `error`: the conversion fails with REF_UNRESOLVED (or REF_REMOTE).
        #[default]
        Error = "error",
        /// `json`: the field is the `JSON` scalar, with a warning.
        Json = "json",
    }
}

option_enum! {
    /// What a `oneOf` / `anyOf` that mixes object branches with other branches becomes
    /// (`mixedUnions`, record 0085).
    MixedUnions, "mixedUnions" {
        /// `json`: the `JSON` scalar.
        #[default]
        Json = "json",
        /// `types`: the `JSON` scalar, with a named type for every object branch, listed in the field's description.
        Types = "types",
        /// `wrap`: a union; the other branches wrapped in one-field object types (`BooleanValue`).
        Wrap = "wrap",
    }
}

impl FromStr for RefNaming {
    type Err = ConversionError;

    /// `basename`, `file_and_path` or `hash`; INVALID_OPTION for another string.
    fn from_str(s: &str) -> Result<Self, ConversionError> {
        RefNaming::parse(s).ok_or_else(|| {
            ConversionError::new(
                codes::INVALID_OPTION,
                format!("option refNaming must be one of basename, file_and_path, hash, got {}", crate::json_print::json_string(s)),
            )
        })
    }
}

impl fmt::Display for RefNaming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The options of a conversion: the same as the TypeScript `ConverterOptions` and the
/// CLI's flags (README, "Options"), typed. `Options::default()` is the converter's
/// defaults; [`Options::builder`] sets some of them. New options may come in a minor
/// version (`#[non_exhaustive]`): build with `Default` or the builder, not a struct literal.
///
/// ```
/// use x_graphql::{Options, RefNaming};
///
/// let options = Options::builder().ref_naming(RefNaming::Hash).inline_object_threshold(0).strict(true).build();
/// assert_eq!(options.ref_naming, RefNaming::Hash);
/// assert!(!options.validate); // a default
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Descriptions longer than this many code points (or with a newline) print as block strings. Default 80.
    pub description_block_threshold: usize,
    /// Emit object types without fields (with a placeholder field) instead of dropping them. Default false.
    pub emit_empty_types: bool,
    /// Anonymous inline objects with at most this many properties become the `JSON` scalar. Default 3.
    pub inline_object_threshold: usize,
    /// How the type of a `$ref` into another file is named. Default [`RefNaming::Basename`].
    pub ref_naming: RefNaming,
    /// How type names are made. Default [`TypeNameSanitizer::Pascal`].
    pub type_name_sanitizer: TypeNameSanitizer,
    /// How field names are made. Default [`FieldNameSanitizer::Camel`].
    pub field_name_sanitizer: FieldNameSanitizer,
    /// Check the input against its draft's meta-schema and the attribute catalog first. Default false.
    pub validate: bool,
    /// Warnings become errors. Default false.
    pub strict: bool,
    /// Prepend `extend schema @link(...)` when federation directives are used. Default true.
    pub federation_link: bool,
    /// The Federation 2 version the generated `@link` names (`"2.0"` to `"2.14"`); `None`:
    /// the lowest the document needs, at least 2.3 (record 0074). Another string is
    /// INVALID_OPTION when converting.
    pub federation_version: Option<String>,
    /// The folder that file `$ref`s may not leave (and, without `input_dir`, resolve
    /// against). `None`: file `$ref`s are not read.
    pub base_dir: Option<PathBuf>,
    /// The input document's folder, inside `base_dir`: its relative `$ref`s resolve against it. Default: `base_dir`.
    pub input_dir: Option<PathBuf>,
    /// The input's file name, for the root type name and the diagnostics' `file`.
    pub file_name: Option<String>,
    /// What a `$ref` that cannot be resolved becomes. Default [`UnresolvedRefs::Error`].
    pub unresolved_refs: UnresolvedRefs,
    /// What a `oneOf` / `anyOf` mixing objects with scalars becomes. Default [`MixedUnions::Json`].
    pub mixed_unions: MixedUnions,
    /// List every place that became the `JSON` scalar, with its reason (record 0079). Default false.
    pub explain_json: bool,
    /// `format` -> the GraphQL scalar a string, integer or number of that format becomes
    /// (record 0082), in order; a later entry for a format replaces an earlier one. A name
    /// that is not a GraphQL name is INVALID_OPTION when converting.
    pub format_scalars: Vec<(String, String)>,
}

impl Default for Options {
    /// The converter's defaults (`DEFAULT_OPTIONS` in TypeScript).
    fn default() -> Self {
        let d = ResolvedOptions::default();
        Options {
            description_block_threshold: d.description_block_threshold as usize,
            emit_empty_types: d.emit_empty_types,
            inline_object_threshold: d.inline_object_threshold as usize,
            ref_naming: d.ref_naming,
            type_name_sanitizer: TypeNameSanitizer::default(),
            field_name_sanitizer: FieldNameSanitizer::default(),
            validate: d.validate,
            strict: d.strict,
            federation_link: d.federation_link,
            federation_version: None,
            base_dir: None,
            input_dir: None,
            file_name: None,
            unresolved_refs: UnresolvedRefs::default(),
            mixed_unions: d.mixed_unions,
            explain_json: d.explain_json,
            format_scalars: Vec::new(),
        }
    }
}

impl Options {
    /// A builder starting from the defaults.
    pub fn builder() -> OptionsBuilder {
        OptionsBuilder { options: Options::default() }
    }

    /// Options from a JSON object with the TypeScript option names (`{"refNaming": "hash"}`),
    /// as in a CLI config file: an unknown name or a bad value is INVALID_OPTION, with the
    /// TypeScript message.
    ///
    /// ```
    /// let options = x_graphql::Options::from_json(&serde_json::json!({"inlineObjectThreshold": 0})).unwrap();
    /// assert_eq!(options.inline_object_threshold, 0);
    /// let error = x_graphql::Options::from_json(&serde_json::json!({"strict": "yes"})).unwrap_err();
    /// assert_eq!(error.message(), "option strict must be a boolean, got \"yes\"");
    /// ```
    pub fn from_json(value: &serde_json::Value) -> Result<Options, ConversionError> {
        Options::from_untyped(&ConverterOptions::from_json(value)?)
    }

    /// The typed form of options that passed `ConverterOptions`' checks.
    pub(crate) fn from_untyped(given: &ConverterOptions) -> Result<Options, ConversionError> {
        let r = resolve_options(Some(given))?;
        Ok(Options {
            description_block_threshold: r.description_block_threshold as usize,
            emit_empty_types: r.emit_empty_types,
            inline_object_threshold: r.inline_object_threshold as usize,
            ref_naming: r.ref_naming,
            type_name_sanitizer: r.type_name_sanitizer.parse()?,
            field_name_sanitizer: r.field_name_sanitizer.parse()?,
            validate: r.validate,
            strict: r.strict,
            federation_link: r.federation_link,
            federation_version: r.federation_version,
            base_dir: r.base_dir.map(PathBuf::from),
            input_dir: r.input_dir.map(PathBuf::from),
            file_name: r.file_name,
            unresolved_refs: if r.unresolved_refs_json { UnresolvedRefs::Json } else { UnresolvedRefs::Error },
            mixed_unions: r.mixed_unions,
            explain_json: r.explain_json,
            format_scalars: r.format_scalars,
        })
    }

    /// The options every stage reads, checked as the TypeScript checks its options.
    pub(crate) fn resolve(&self) -> Result<ResolvedOptions, ConversionError> {
        resolve_options(Some(&self.to_untyped()?))
    }

    /// These options in the TypeScript shape (`ConverterOptions`), every field given.
    fn to_untyped(&self) -> Result<ConverterOptions, ConversionError> {
        let path = |name: &str, p: &Option<PathBuf>| -> Result<Option<String>, ConversionError> {
            p.as_deref().map(|p: &Path| {
                p.to_str().map(str::to_string).ok_or_else(|| {
                    ConversionError::new(codes::INVALID_OPTION, format!("option {name} must be valid UTF-8, got {}", p.display()))
                })
            })
            .transpose()
        };
        let mut scalars = Map::new();
        for (format, scalar) in &self.format_scalars {
            scalars.insert(Key::from(format.as_str()), Value::String(scalar.as_str().into()));
        }
        Ok(ConverterOptions {
            description_block_threshold: Some(self.description_block_threshold as f64),
            emit_empty_types: Some(self.emit_empty_types),
            inline_object_threshold: Some(self.inline_object_threshold as f64),
            ref_naming: Some(self.ref_naming.as_str().to_string()),
            type_name_sanitizer: Some(self.type_name_sanitizer.as_str().to_string()),
            field_name_sanitizer: Some(self.field_name_sanitizer.as_str().to_string()),
            validate: Some(self.validate),
            strict: Some(self.strict),
            federation_link: Some(self.federation_link),
            federation_version: self.federation_version.clone(),
            base_dir: path("baseDir", &self.base_dir)?,
            input_dir: path("inputDir", &self.input_dir)?,
            file_name: self.file_name.clone(),
            unresolved_refs: Some(self.unresolved_refs.as_str().to_string()),
            mixed_unions: Some(self.mixed_unions.as_str().to_string()),
            explain_json: Some(self.explain_json),
            format_scalars: (!self.format_scalars.is_empty()).then_some(Value::Object(scalars)),
        })
    }
}

/// Builds [`Options`] from the defaults, one option a call.
#[derive(Debug, Clone)]
#[must_use = "call .build() to get the options"]
pub struct OptionsBuilder {
    options: Options,
}

/// A setter of the builder for one field.
macro_rules! setters {
    ($($(#[doc = $doc:literal])* $field:ident: $ty:ty,)*) => {
        impl OptionsBuilder {
            $(
                $(#[doc = $doc])*
                pub fn $field(mut self, value: $ty) -> Self {
                    self.options.$field = value.into();
                    self
                }
            )*
        }
    };
}

setters! {
    /// [`Options::description_block_threshold`].
    description_block_threshold: usize,
    /// [`Options::emit_empty_types`].
    emit_empty_types: bool,
    /// [`Options::inline_object_threshold`].
    inline_object_threshold: usize,
    /// [`Options::ref_naming`].
    ref_naming: RefNaming,
    /// [`Options::type_name_sanitizer`].
    type_name_sanitizer: TypeNameSanitizer,
    /// [`Options::field_name_sanitizer`].
    field_name_sanitizer: FieldNameSanitizer,
    /// [`Options::validate`].
    validate: bool,
    /// [`Options::strict`].
    strict: bool,
    /// [`Options::federation_link`].
    federation_link: bool,
    /// [`Options::unresolved_refs`].
    unresolved_refs: UnresolvedRefs,
    /// [`Options::mixed_unions`].
    mixed_unions: MixedUnions,
    /// [`Options::explain_json`].
    explain_json: bool,
}

impl OptionsBuilder {
    /// [`Options::federation_version`]: `"2.0"` to `"2.14"`.
    pub fn federation_version(mut self, version: impl Into<String>) -> Self {
        self.options.federation_version = Some(version.into());
        self
    }

    /// [`Options::base_dir`].
    pub fn base_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.options.base_dir = Some(dir.into());
        self
    }

    /// [`Options::input_dir`].
    pub fn input_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.options.input_dir = Some(dir.into());
        self
    }

    /// [`Options::file_name`].
    pub fn file_name(mut self, name: impl Into<String>) -> Self {
        self.options.file_name = Some(name.into());
        self
    }

    /// One entry of [`Options::format_scalars`]: strings, integers and numbers of `format`
    /// become `scalar` (replacing an earlier entry for `format`).
    pub fn format_scalar(mut self, format: impl Into<String>, scalar: impl Into<String>) -> Self {
        let (format, scalar) = (format.into(), scalar.into());
        match self.options.format_scalars.iter_mut().find(|(f, _)| *f == format) {
            Some(entry) => entry.1 = scalar,
            None => self.options.format_scalars.push((format, scalar)),
        }
        self
    }

    /// The options.
    pub fn build(self) -> Options {
        self.options
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_resolved_defaults() {
        assert_eq!(Options::default().resolve(), Ok(ResolvedOptions::default()));
    }

    #[test]
    fn from_json_and_back() {
        let json = serde_json::json!({
            "refNaming": "hash", "inlineObjectThreshold": 0, "unresolvedRefs": "json",
            "baseDir": "/a", "formatScalars": {"date": "Date"}, "federationVersion": "2.5"
        });
        let options = Options::from_json(&json).unwrap();
        assert_eq!(options.ref_naming, RefNaming::Hash);
        assert_eq!(options.unresolved_refs, UnresolvedRefs::Json);
        assert_eq!(options.base_dir.as_deref(), Some(Path::new("/a")));
        let resolved = options.resolve().unwrap();
        assert_eq!(resolved, resolve_options(Some(&ConverterOptions::from_json(&json).unwrap())).unwrap());
    }

    #[test]
    fn checks_what_types_cannot() {
        let e = Options::builder().federation_version("3.0").build().resolve().unwrap_err();
        assert_eq!(e.code(), codes::INVALID_OPTION);
        assert!(e.message().starts_with("option federationVersion must be one of 2.0, "), "{}", e.message());
        let e = Options::builder().format_scalar("date", "not a name").build().resolve().unwrap_err();
        assert_eq!(e.message(), r#"option formatScalars must map formats to GraphQL scalar names, got {"date":"not a name"}"#);
        assert_eq!("x".parse::<UnresolvedRefs>().unwrap_err().message(), r#"option unresolvedRefs must be one of error, json, got "x""#);
    }
}
