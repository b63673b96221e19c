//! Converter options, resolved once into one record: the defaults, then the
//! converter's options, then the root-level `x-graphql-*` overrides of the
//! document being converted (the document wins). Every value is checked here,
//! so the later stages never see a bad option. Mirrors js/src/options.ts.
//!
//! The TypeScript options are plain objects checked at run time; here
//! `ConverterOptions` is typed, and numbers and enumerations are kept as
//! `f64` and `String` so that every value TypeScript could be given (and its
//! INVALID_OPTION message) has a Rust twin. `ConverterOptions::from_json`
//! checks an untyped JSON object (a config file) the way `resolveOptions` does.

use serde::{Deserialize, Serialize};
use crate::json::{Map, Value};

use crate::errors::{codes, ConversionError};
use crate::federation::federation_versions;
use crate::json_print::json_string;
use crate::text::format_number;

/// How the type of a `$ref` into another file is named (D17).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RefNaming {
    /// `basename`: the name the type would have in its own document (its title or key).
    Basename,
    /// `file_and_path`: that name prefixed with the file's path (`common/address.json` -> `CommonAddress...`).
    FileAndPath,
    /// `hash`: the basename, with a hash of the place appended when the name is taken.
    Hash,
}

impl RefNaming {
    /// The option's string, as in a config file.
    pub fn as_str(self) -> &'static str {
        match self {
            RefNaming::Basename => "basename",
            RefNaming::FileAndPath => "file_and_path",
            RefNaming::Hash => "hash",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<RefNaming> {
        match s {
            "basename" => Some(RefNaming::Basename),
            "file_and_path" => Some(RefNaming::FileAndPath),
            "hash" => Some(RefNaming::Hash),
            _ => None,
        }
    }
}

/// `mixedUnions` (record 0085): the public enum of options_api.rs.
pub use crate::options_api::MixedUnions;

/// The options in the TypeScript shape, all optional (the same fields as the
/// TypeScript `ConverterOptions`): a config file's values and the CLI's flags, checked
/// with TypeScript's messages. Users get the typed `Options` (options_api.rs, record
/// 0087); this one is reached through `__private`.
#[derive(Deserialize, Serialize, Default, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConverterOptions {
    /// Descriptions longer than this many code points (or with a newline) print as block strings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_block_threshold: Option<f64>,
    /// Emit object types without fields (with a placeholder field) instead of dropping them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emit_empty_types: Option<bool>,
    /// Anonymous inline objects with at most this many properties become the JSON scalar.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_object_threshold: Option<f64>,
    /// `basename`, `file_and_path` or `hash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ref_naming: Option<String>,
    /// `pascal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_name_sanitizer: Option<String>,
    /// `camel`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_name_sanitizer: Option<String>,
    /// Check the input against the draft-07 meta-schema and the attribute catalog first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validate: Option<bool>,
    /// Warnings become errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
    /// Prepend `extend schema @link(...)` when federation directives are used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation_link: Option<bool>,
    /// The Federation 2 version the generated `@link` names (`"2.0"` to `"2.14"`); default: the lowest the document needs, at least 2.3 (record 0074).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation_version: Option<String>,
    /// Folder that file `$ref`s may not leave (and, without `input_dir`, resolve against).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_dir: Option<String>,
    /// Folder of the input document, inside `base_dir`: its relative refs resolve against it. Default: `base_dir`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_dir: Option<String>,
    /// The input's file name, used for the root type name and in diagnostics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// `error` or `json`: a `$ref` that cannot be resolved is an error, or the JSON scalar with a warning (record 0078).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unresolved_refs: Option<String>,
    /// `json`, `types` or `wrap`: a oneOf/anyOf that mixes object branches with scalars (record 0085).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mixed_unions: Option<String>,
    /// List every place that became the JSON scalar, with its reason (record 0079).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explain_json: Option<bool>,
    /// `format` -> the GraphQL scalar a string, integer or number of that format becomes
    /// (record 0082): an object of scalar names, kept as given and checked when resolved
    /// (as TypeScript checks it), so a wrong value is INVALID_OPTION with its message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format_scalars: Option<Value>,
}

/// The options every stage reads.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedOptions {
    pub description_block_threshold: f64,
    pub emit_empty_types: bool,
    pub inline_object_threshold: f64,
    pub ref_naming: RefNaming,
    pub type_name_sanitizer: String,
    pub field_name_sanitizer: String,
    pub validate: bool,
    pub strict: bool,
    pub federation_link: bool,
    pub federation_version: Option<String>,
    pub base_dir: Option<String>,
    pub input_dir: Option<String>,
    pub file_name: Option<String>,
    /// `unresolvedRefs: "json"`.
    pub unresolved_refs_json: bool,
    /// `mixedUnions` (record 0085).
    pub mixed_unions: MixedUnions,
    pub explain_json: bool,
    /// `format` -> scalar name (record 0082).
    pub format_scalars: Vec<(String, String)>,
}

impl Default for ResolvedOptions {
    /// `DEFAULT_OPTIONS`.
    fn default() -> Self {
        ResolvedOptions {
            description_block_threshold: 80.0,
            emit_empty_types: false,
            inline_object_threshold: 3.0,
            ref_naming: RefNaming::Basename,
            type_name_sanitizer: "pascal".to_string(),
            field_name_sanitizer: "camel".to_string(),
            validate: false,
            strict: false,
            federation_link: true,
            federation_version: None,
            base_dir: None,
            input_dir: None,
            file_name: None,
            unresolved_refs_json: false,
            mixed_unions: MixedUnions::Json,
            explain_json: false,
            format_scalars: Vec::new(),
        }
    }
}

/// The option names in the order of `OPTION_CHECKS`.
const OPTION_NAMES: [&str; 17] = [
    "descriptionBlockThreshold",
    "emitEmptyTypes",
    "inlineObjectThreshold",
    "refNaming",
    "typeNameSanitizer",
    "fieldNameSanitizer",
    "validate",
    "strict",
    "federationLink",
    "federationVersion",
    "baseDir",
    "inputDir",
    "fileName",
    "unresolvedRefs",
    "mixedUnions",
    "explainJson",
    "formatScalars",
];

/// Every option name, in the order the options are checked (config files:
/// the CLI's config.rs, schemas/x-graphql.config.schema.json).
pub fn option_names() -> &'static [&'static str] {
    &OPTION_NAMES
}

/// `OPTION_CHECKS[option](value)`: the problem with a value, if any.
fn check_option(option: &str, value: &Value) -> Option<String> {
    let count = || match value.as_f64() {
        Some(x) if is_integer(x) && x >= 0.0 => None,
        _ => Some("must be a non-negative integer".to_string()),
    };
    let boolean = || if value.is_boolean() { None } else { Some("must be a boolean".to_string()) };
    let one_of = |allowed: &[&str]| match value.as_str() {
        Some(s) if allowed.contains(&s) => None,
        _ => Some(format!("must be one of {}", allowed.join(", "))),
    };
    let string = || if value.is_string() { None } else { Some("must be a string".to_string()) };
    match option {
        "descriptionBlockThreshold" | "inlineObjectThreshold" => count(),
        "emitEmptyTypes" | "validate" | "strict" | "federationLink" | "explainJson" => boolean(),
        "unresolvedRefs" => one_of(&["error", "json"]),
        "mixedUnions" => one_of(&["json", "types", "wrap"]),
        "refNaming" => one_of(&["basename", "file_and_path", "hash"]),
        "typeNameSanitizer" => one_of(&["pascal"]),
        "federationVersion" => {
            let versions = federation_versions();
            one_of(&versions.iter().map(String::as_str).collect::<Vec<_>>())
        }
        "fieldNameSanitizer" => one_of(&["camel"]),
        "baseDir" | "inputDir" | "fileName" => string(),
        "formatScalars" => match value {
            Value::Object(map) if map.values().all(|s| s.as_str().is_some_and(crate::naming::is_valid_name)) => None,
            _ => Some("must map formats to GraphQL scalar names".to_string()),
        },
        _ => Some("is unknown".to_string()),
    }
}

/// `Number.isInteger`.
pub fn is_integer(x: f64) -> bool {
    x.is_finite() && x.fract() == 0.0
}

impl ResolvedOptions {
    /// Sets one option from a value that passed `check_option`.
    fn set(&mut self, option: &str, value: &Value) {
        match option {
            "descriptionBlockThreshold" => {
                if let Some(x) = value.as_f64() {
                    self.description_block_threshold = x;
                }
            }
            "inlineObjectThreshold" => {
                if let Some(x) = value.as_f64() {
                    self.inline_object_threshold = x;
                }
            }
            "emitEmptyTypes" => self.emit_empty_types = value.as_bool().unwrap_or(self.emit_empty_types),
            "validate" => self.validate = value.as_bool().unwrap_or(self.validate),
            "strict" => self.strict = value.as_bool().unwrap_or(self.strict),
            "federationLink" => self.federation_link = value.as_bool().unwrap_or(self.federation_link),
            "federationVersion" => self.federation_version = value.as_str().map(str::to_string),
            "refNaming" => {
                if let Some(r) = value.as_str().and_then(RefNaming::parse) {
                    self.ref_naming = r;
                }
            }
            "typeNameSanitizer" => {
                if let Some(s) = value.as_str() {
                    self.type_name_sanitizer = s.to_string();
                }
            }
            "fieldNameSanitizer" => {
                if let Some(s) = value.as_str() {
                    self.field_name_sanitizer = s.to_string();
                }
            }
            "baseDir" => self.base_dir = value.as_str().map(str::to_string),
            "inputDir" => self.input_dir = value.as_str().map(str::to_string),
            "fileName" => self.file_name = value.as_str().map(str::to_string),
            "unresolvedRefs" => self.unresolved_refs_json = value.as_str() == Some("json"),
            "mixedUnions" => {
                if let Some(m) = value.as_str().and_then(|s| s.parse::<MixedUnions>().ok()) {
                    self.mixed_unions = m;
                }
            }
            "explainJson" => self.explain_json = value.as_bool().unwrap_or(self.explain_json),
            "formatScalars" => self.format_scalars = scalar_pairs(value),
            _ => {}
        }
    }
}

/// A `formatScalars` object that passed `check_option`, as pairs in its order.
fn scalar_pairs(value: &Value) -> Vec<(String, String)> {
    let Value::Object(map) = value else { return Vec::new() };
    map.iter().filter_map(|(k, v)| v.as_str().map(|s| (k.to_string(), s.to_string()))).collect()
}

impl ConverterOptions {
    /// The given options as (name, value) pairs, in declaration order.
    fn entries(&self) -> Vec<(&'static str, Value)> {
        let num = |x: Option<f64>| x.map(|x| crate::json::Number::from_f64(x).map_or(Value::Null, Value::Number));
        let boolean = |b: Option<bool>| b.map(Value::Bool);
        let string = |s: &Option<String>| s.as_ref().map(|s| Value::String(s.into()));
        let values = [
            num(self.description_block_threshold),
            boolean(self.emit_empty_types),
            num(self.inline_object_threshold),
            string(&self.ref_naming),
            string(&self.type_name_sanitizer),
            string(&self.field_name_sanitizer),
            boolean(self.validate),
            boolean(self.strict),
            boolean(self.federation_link),
            string(&self.federation_version),
            string(&self.base_dir),
            string(&self.input_dir),
            string(&self.file_name),
            string(&self.unresolved_refs),
            string(&self.mixed_unions),
            boolean(self.explain_json),
            self.format_scalars.clone(),
        ];
        OPTION_NAMES
            .iter()
            .zip(values)
            .filter_map(|(name, value)| value.map(|v| (*name, v)))
            .collect()
    }

    /// Checks an untyped options object (a config file, a golden case's
    /// options.json) as `resolveOptions` checks a JavaScript object: keys in
    /// JavaScript property order, unknown keys and bad values are INVALID_OPTION.
    pub fn from_json(value: &serde_json::Value) -> Result<ConverterOptions, ConversionError> {
        ConverterOptions::from_tree(&Value::from(value.clone()))
    }

    /// `from_json` for this crate's own tree (numbers are `f64`, as JavaScript's).
    pub fn from_tree(value: &Value) -> Result<ConverterOptions, ConversionError> {
        let map = match value {
            Value::Null => return Ok(ConverterOptions::default()),
            Value::Object(map) => map,
            _ => return Err(ConversionError::new(codes::INVALID_OPTION, "options must be an object")),
        };
        let mut out = ConverterOptions::default();
        for key in js_key_order(map) {
            let Some(v) = map.get(key) else { continue };
            if !OPTION_NAMES.contains(&key) {
                return Err(ConversionError::new(codes::INVALID_OPTION, format!("unknown option '{key}'")));
            }
            if let Some(problem) = check_option(key, v) {
                return Err(invalid(key, &problem, v));
            }
            match key {
                "descriptionBlockThreshold" => out.description_block_threshold = v.as_f64(),
                "emitEmptyTypes" => out.emit_empty_types = v.as_bool(),
                "inlineObjectThreshold" => out.inline_object_threshold = v.as_f64(),
                "refNaming" => out.ref_naming = v.as_str().map(str::to_string),
                "typeNameSanitizer" => out.type_name_sanitizer = v.as_str().map(str::to_string),
                "fieldNameSanitizer" => out.field_name_sanitizer = v.as_str().map(str::to_string),
                "validate" => out.validate = v.as_bool(),
                "strict" => out.strict = v.as_bool(),
                "federationLink" => out.federation_link = v.as_bool(),
                "federationVersion" => out.federation_version = v.as_str().map(str::to_string),
                "baseDir" => out.base_dir = v.as_str().map(str::to_string),
                "inputDir" => out.input_dir = v.as_str().map(str::to_string),
                "fileName" => out.file_name = v.as_str().map(str::to_string),
                "unresolvedRefs" => out.unresolved_refs = v.as_str().map(str::to_string),
                "mixedUnions" => out.mixed_unions = v.as_str().map(str::to_string),
                "explainJson" => out.explain_json = v.as_bool(),
                "formatScalars" => out.format_scalars = Some(v.clone()),
                _ => {}
            }
        }
        Ok(out)
    }
}

fn invalid(key: &str, problem: &str, value: &Value) -> ConversionError {
    ConversionError::new(
        codes::INVALID_OPTION,
        format!("option {key} {problem}, got {}", json_stringify(value)),
    )
}

/// Root-level attributes that override an option for one document.
pub const ROOT_OVERRIDES: [(&str, &str); 8] = [
    ("x-graphql-description-block-threshold", "descriptionBlockThreshold"),
    ("x-graphql-emit-empty-types", "emitEmptyTypes"),
    ("x-graphql-inline-object-threshold", "inlineObjectThreshold"),
    ("x-graphql-ref-naming", "refNaming"),
    ("x-graphql-federation-link", "federationLink"),
    ("x-graphql-unresolved-refs", "unresolvedRefs"),
    ("x-graphql-mixed-unions", "mixedUnions"),
    ("x-graphql-federation-version", "federationVersion"),
];

/// Checks converter options. (Unknown keys cannot occur in the typed struct;
/// see `ConverterOptions::from_json` for untyped ones.)
pub fn resolve_options(options: Option<&ConverterOptions>) -> Result<ResolvedOptions, ConversionError> {
    let mut out = ResolvedOptions::default();
    let Some(options) = options else { return Ok(out) };
    for (key, value) in options.entries() {
        if let Some(problem) = check_option(key, &value) {
            return Err(invalid(key, &problem, &value));
        }
        out.set(key, &value);
    }
    Ok(out)
}

/// Applies the root-level overrides. Their value types were already checked
/// against the attribute catalog by `normalize`; a value the option check
/// refuses is ignored.
pub fn apply_root_overrides(options: &ResolvedOptions, root: &Value) -> ResolvedOptions {
    let mut out = options.clone();
    for (attribute, option) in ROOT_OVERRIDES {
        let Some(value) = root.get(attribute) else { continue };
        if check_option(option, value).is_some() {
            continue;
        }
        out.set(option, value);
    }
    out
}

// ---------------------------------------------------------------------------
// JSON.stringify, for messages

/// A canonical array index (`0`..`2^32 - 2`, no leading zero): JavaScript
/// lists these keys first, in numeric order.
fn array_index_key(key: &str) -> Option<u32> {
    let b = key.as_bytes();
    if b.is_empty() || b.len() > 10 || !b.iter().all(u8::is_ascii_digit) || (b.len() > 1 && b.first() == Some(&b'0')) {
        return None;
    }
    key.parse::<u64>().ok().filter(|&n| n < 4_294_967_295).and_then(|n| u32::try_from(n).ok())
}

/// The keys of an object in the order JavaScript enumerates the properties
/// of an object built by `JSON.parse`: array indexes ascending, then the
/// other keys in document order.
pub fn js_key_order(map: &Map) -> Vec<&str> {
    let mut indexes: Vec<(u32, &str)> = map.keys().filter_map(|k| array_index_key(k).map(|n| (n, k.as_str()))).collect();
    indexes.sort_by_key(|(n, _)| *n);
    let mut out: Vec<&str> = indexes.into_iter().map(|(_, k)| k).collect();
    out.extend(map.keys().map(|k| k.as_str()).filter(|k| array_index_key(k).is_none()));
    out
}

/// `JSON.stringify(value)` (no indentation), iteratively.
pub fn json_stringify(value: &Value) -> String {
    enum Work<'a> {
        Value(&'a Value),
        Text(&'static str),
        Owned(String),
    }
    let mut out = String::new();
    let mut stack = vec![Work::Value(value)];
    while let Some(work) = stack.pop() {
        match work {
            Work::Text(t) => out.push_str(t),
            Work::Owned(t) => out.push_str(&t),
            Work::Value(v) => match v {
                Value::Null => out.push_str("null"),
                Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Value::Number(n) => match n.as_f64() {
                    Some(x) if x.is_finite() => out.push_str(&format_number(x)),
                    _ => out.push_str("null"),
                },
                Value::String(s) => out.push_str(&json_string(s)),
                Value::Array(items) => {
                    out.push('[');
                    stack.push(Work::Text("]"));
                    for (i, item) in items.iter().enumerate().rev() {
                        stack.push(Work::Value(item));
                        if i > 0 {
                            stack.push(Work::Text(","));
                        }
                    }
                }
                Value::Object(map) => {
                    out.push('{');
                    stack.push(Work::Text("}"));
                    let keys = js_key_order(map);
                    for (i, key) in keys.iter().enumerate().rev() {
                        if let Some(item) = map.get(key) {
                            stack.push(Work::Value(item));
                        }
                        stack.push(Work::Owned(format!("{}:", json_string(key))));
                        if i > 0 {
                            stack.push(Work::Text(","));
                        }
                    }
                }
            },
        }
    }
    out
}
