//! Errors and warnings with stable codes (mirrors js/src/errors.ts).
//!
//! Every code is catalogued in docs/errors.md, and the TypeScript side uses the
//! same strings. A location is a JSON pointer into the input plus a 1-based
//! line and column (columns count Unicode code points), and the file when the
//! problem sits in a file other than the main input.

use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;
use std::str::FromStr;

/// Whether a diagnostic stops the conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// The conversion stopped: a [`ConversionError`].
    Error,
    /// The conversion went on: one of [`Conversion::warnings`](crate::Conversion::warnings).
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`, as printed in `warning[CODE]`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Severity {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Declares `ErrorCode`, its strings and the `codes` constants from one list, so that
/// the variant, its string and the constant cannot disagree.
macro_rules! error_codes {
    ($($(#[doc = $doc:literal])* $variant:ident = $code:ident,)*) => {
        /// The stable code of an error or a warning: the `CODE` of `error[CODE]`, the same
        /// string in both implementations and in docs/errors.md (`as_str`, `Display`, `FromStr`).
        /// More codes may come in a minor version, so a `match` needs a `_` arm.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum ErrorCode {
            $($(#[doc = $doc])* $variant,)*
        }

        impl ErrorCode {
            /// Every code, in the order of `ErrorCodes` in the TypeScript library.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant,)*];

            /// The code's string: `"JSON_SYNTAX"`, `"REF_UNRESOLVED"`...
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => stringify!($code),)*
                }
            }
        }

        /// The codes as constants named as their strings (`codes::JSON_SYNTAX`), as the
        /// TypeScript `ErrorCodes` table names them.
        pub mod codes {
            use super::ErrorCode;
            $(
                #[doc = concat!("[`ErrorCode::", stringify!($variant), "`].")]
                pub const $code: ErrorCode = ErrorCode::$variant;
            )*
            /// Every code, in the order of `ErrorCodes` in js/src/errors.ts.
            pub const ALL: &[ErrorCode] = ErrorCode::ALL;
        }
    };
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The string a code is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownErrorCode(String);

impl fmt::Display for UnknownErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown error code '{}'", self.0)
    }
}

impl std::error::Error for UnknownErrorCode {}

impl FromStr for ErrorCode {
    type Err = UnknownErrorCode;

    /// The code of a string such as `"JSON_SYNTAX"` (exact, case-sensitive).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ErrorCode::ALL.iter().copied().find(|c| c.as_str() == s).ok_or_else(|| UnknownErrorCode(s.to_string()))
    }
}

impl PartialEq<str> for ErrorCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<ErrorCode> for &str {
    fn eq(&self, other: &ErrorCode) -> bool {
        *self == other.as_str()
    }
}

impl Serialize for ErrorCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Where a problem is (the arguments of [`ConversionError::at`] and [`Diagnostic::warning`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    /// The file, when not the main input.
    pub file: Option<String>,
    /// The JSON pointer into the document.
    pub pointer: Option<String>,
    /// 1-based line.
    pub line: Option<usize>,
    /// 1-based column, in Unicode code points.
    pub column: Option<usize>,
}

/// The accessors [`ConversionError`] and [`Diagnostic`] share, with their docs: both
/// carry a code, a message and the same four parts of a place (record 0087).
macro_rules! problem_accessors {
    ($ty:ty) => {
        impl $ty {
            /// The stable code.
            pub fn code(&self) -> ErrorCode {
                self.code
            }

            /// The message, without code or position.
            pub fn message(&self) -> &str {
                &self.message
            }

            /// The file the problem is in, when it is not the main input (a `$ref`'d file) or
            /// the input was given a `file_name`.
            pub fn file(&self) -> Option<&str> {
                self.file.as_deref()
            }

            /// The JSON pointer of the place in the JSON document (`/properties/id`).
            pub fn pointer(&self) -> Option<&str> {
                self.pointer.as_deref()
            }

            /// The 1-based line.
            pub fn line(&self) -> Option<usize> {
                self.line
            }

            /// The 1-based column, in Unicode code points.
            pub fn column(&self) -> Option<usize> {
                self.column
            }
        }
    };
}

problem_accessors!(Diagnostic);
problem_accessors!(ConversionError);

/// A warning (or an error, as data): a stable code, a message and where it is.
/// Displays as the CLI prints it: `file:line:column: warning[CODE] message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub(crate) code: ErrorCode,
    pub(crate) severity: Severity,
    pub(crate) message: String,
    pub(crate) file: Option<String>,
    pub(crate) pointer: Option<String>,
    pub(crate) line: Option<usize>,
    pub(crate) column: Option<usize>,
}

impl Diagnostic {
    /// A warning at `location` (for the stages; `Location` is semver-exempt, record 0087).
    #[doc(hidden)]
    pub fn warning(code: ErrorCode, message: impl Into<String>, location: Location) -> Self {
        Diagnostic {
            code,
            severity: Severity::Warning,
            message: message.into(),
            file: location.file,
            pointer: location.pointer,
            line: location.line,
            column: location.column,
        }
    }

    /// The error a warning becomes under `strict`.
    pub fn into_error(self) -> ConversionError {
        ConversionError {
            code: self.code,
            message: self.message,
            file: self.file,
            pointer: self.pointer,
            line: self.line,
            column: self.column,
        }
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The line the CLI prints for this diagnostic, with `where_` for the file:
    /// `<where>:<line>:<column>: <severity>[CODE] message` (the position left out when
    /// unknown, a message of several lines on one).
    pub fn format_at(&self, where_: &str) -> String {
        let mut pos = String::new();
        if let Some(line) = self.line {
            pos = format!(":{line}");
            if let Some(column) = self.column {
                pos.push_str(&format!(":{column}"));
            }
        }
        format!("{where_}{pos}: {}[{}] {}", self.severity.as_str(), self.code, one_line(&self.message))
    }
}

/// A message on one line, as the CLI prints it.
pub fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace('\n', " ")
}

/// `file:line:column: warning[CODE] message`, as the CLI prints it (each part left out
/// when unknown; the CLI prints its input's name where this has no file).
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place: Vec<String> = [self.file.clone(), self.line.map(|l| l.to_string()), self.line.and(self.column).map(|c| c.to_string())]
            .into_iter()
            .flatten()
            .collect();
        if !place.is_empty() {
            write!(f, "{}: ", place.join(":"))?;
        }
        write!(f, "{}[{}] {}", self.severity.as_str(), self.code, one_line(&self.message))
    }
}

/// Serializes in the stable field order of `diagnosticToJSON` (absent fields left out).
impl Serialize for Diagnostic {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_diagnostic(
            s,
            self.code,
            self.severity,
            &self.message,
            &self.file,
            &self.pointer,
            self.line,
            self.column,
        )
    }
}

#[allow(clippy::too_many_arguments)]
fn serialize_diagnostic<S: Serializer>(
    s: S,
    code: ErrorCode,
    severity: Severity,
    message: &str,
    file: &Option<String>,
    pointer: &Option<String>,
    line: Option<usize>,
    column: Option<usize>,
) -> Result<S::Ok, S::Error> {
    let len = 3
        + usize::from(file.is_some())
        + usize::from(pointer.is_some())
        + usize::from(line.is_some())
        + usize::from(column.is_some());
    let mut st = s.serialize_struct("Diagnostic", len)?;
    st.serialize_field("code", code.as_str())?;
    st.serialize_field("severity", &severity)?;
    st.serialize_field("message", message)?;
    if let Some(f) = file {
        st.serialize_field("file", f)?;
    }
    if let Some(p) = pointer {
        st.serialize_field("pointer", p)?;
    }
    if let Some(l) = line {
        st.serialize_field("line", &l)?;
    }
    if let Some(c) = column {
        st.serialize_field("column", &c)?;
    }
    st.end()
}

/// The error of a conversion: a stable [`ErrorCode`], a message and where the problem is.
///
/// Displays as the CLI prints it, `file:line:column: error[CODE] message` (each part of
/// the position left out when unknown), and serializes (serde) as the TypeScript
/// `ConversionError.toJSON()`: `{"code", "severity", "message", "file"?, "pointer"?,
/// "line"?, "column"?}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionError {
    pub(crate) code: ErrorCode,
    pub(crate) message: String,
    pub(crate) file: Option<String>,
    pub(crate) pointer: Option<String>,
    pub(crate) line: Option<usize>,
    pub(crate) column: Option<usize>,
}

impl ConversionError {
    /// An error without a location.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ConversionError { code, message: message.into(), file: None, pointer: None, line: None, column: None }
    }

    /// An error at `location` (for the stages; `Location` is semver-exempt, record 0087).
    #[doc(hidden)]
    pub fn at(code: ErrorCode, message: impl Into<String>, location: Location) -> Self {
        ConversionError {
            code,
            message: message.into(),
            file: location.file,
            pointer: location.pointer,
            line: location.line,
            column: location.column,
        }
    }

    /// The same error in `file`.
    pub fn with_file(mut self, file: Option<&str>) -> Self {
        self.file = file.map(str::to_string);
        self
    }

    /// The same error at `pointer`.
    pub fn with_pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    /// The same error at `line` and `column`.
    pub fn with_position(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// Always [`Severity::Error`].
    pub fn severity(&self) -> Severity {
        Severity::Error
    }

    /// The error as a [`Diagnostic`] (for a list of both errors and warnings).
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic {
            code: self.code,
            severity: Severity::Error,
            message: self.message.clone(),
            file: self.file.clone(),
            pointer: self.pointer.clone(),
            line: self.line,
            column: self.column,
        }
    }
}

/// `file:line:column: error[CODE] message`, the line the CLI prints for the error (it
/// prints its input's name where the error has no file).
impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_diagnostic(), f)
    }
}

impl std::error::Error for ConversionError {}

/// Serializes like `ConversionError.toJSON()` in TypeScript.
impl Serialize for ConversionError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_diagnostic(
            s,
            self.code,
            Severity::Error,
            &self.message,
            &self.file,
            &self.pointer,
            self.line,
            self.column,
        )
    }
}

/// Exit codes shared by both CLIs.
pub mod exit_code {
    /// Success.
    pub const OK: i32 = 0;
    /// The input cannot be converted.
    pub const INVALID_INPUT: i32 = 1;
    /// The command line or an option is wrong.
    pub const USAGE: i32 = 2;
    /// A file cannot be read or written.
    pub const IO: i32 = 3;
}

// The codes, in the order of `ErrorCodes` in js/src/errors.ts (rust/tests/load.rs checks
// it), one line each: a new code is one more line here, in errors.ts and in docs/errors.md
// (`ErrorCode` is checked against schemas/error-codes.json, generated from that page).
error_codes! {
    /// The input is not JSON (RFC 8259).
    JsonSyntax = JSON_SYNTAX,
    /// `graphql-to-json`: the input is not GraphQL SDL.
    GraphqlSyntax = GRAPHQL_SYNTAX,
    /// `graphql-to-json`: the SDL parses but is not a valid type-system document.
    GraphqlInvalid = GRAPHQL_INVALID,
    /// The root of the document is not an object.
    JsonRoot = JSON_ROOT,
    /// An `x-graphql-*` attribute's value does not match the attribute catalog.
    AttributeType = ATTRIBUTE_TYPE,
    /// An attribute where the catalog does not scope it (validation only, a warning).
    AttributeScope = ATTRIBUTE_SCOPE,
    /// A warning: an `x-graphql-*` attribute the catalog does not know.
    UnknownAttribute = UNKNOWN_ATTRIBUTE,
    /// A warning: a legacy attribute, with its replacement.
    DeprecatedAttribute = DEPRECATED_ATTRIBUTE,
    /// An unknown converter option or a bad option value.
    InvalidOption = INVALID_OPTION,
    /// With `validate`, the document breaks the meta-schema of its draft.
    SchemaInvalid = SCHEMA_INVALID,
    /// `build`: the type-system document breaks its schema.
    TypeSystemInvalid = TYPE_SYSTEM_INVALID,
    /// An introspection result that is not one (record 0091).
    IntrospectionInvalid = INTROSPECTION_INVALID,
    /// An explicit name that is not a valid GraphQL name.
    InvalidName = INVALID_NAME,
    /// Two types, or two fields of one type, given the same name.
    DuplicateName = DUPLICATE_NAME,
    /// `x-graphql-field-type` is not a type expression such as `[String!]!`.
    FieldTypeSyntax = FIELD_TYPE_SYNTAX,
    /// A union member that does not exist or is not an object type.
    UnionMember = UNION_MEMBER,
    /// A warning: a `oneOf` / `anyOf` branch with annotations only, left out of its union.
    UnionBranchDropped = UNION_BRANCH_DROPPED,
    /// `x-graphql-implements` names something that is not an interface of the schema.
    Implements = IMPLEMENTS,
    /// A root operation type that is not an object type of the schema.
    OperationType = OPERATION_TYPE,
    /// An input field or argument of an output type, or the other way round.
    InputField = INPUT_FIELD,
    /// A warning: a field of an implemented interface was copied into the type.
    InterfaceFieldCopied = INTERFACE_FIELD_COPIED,
    /// A warning: an interface implemented through another was added too.
    InterfaceTransitive = INTERFACE_TRANSITIVE,
    /// A warning: `allOf` members define one property differently; the later one wins.
    PropertyConflict = PROPERTY_CONFLICT,
    /// A warning: an `integer` whose bounds exceed GraphQL's 32-bit `Int`.
    IntRange = INT_RANGE,
    /// A warning: an enum value made into a valid GraphQL name.
    EnumValueRenamed = ENUM_VALUE_RENAMED,
    /// A warning: an `enum` without values; the field is a `String`.
    EmptyEnum = EMPTY_ENUM,
    /// A warning: a directive applied but never declared; its definition was inferred.
    DirectiveInferred = DIRECTIVE_INFERRED,
    /// A warning: `required` names a field of a `@oneOf` input type.
    OneOfRequired = ONE_OF_REQUIRED,
    /// A warning: the schema produces no GraphQL definition.
    NoTypes = NO_TYPES,
    /// A warning: a `type` that is none of JSON Schema's seven; the field is `JSON`.
    UnknownType = UNKNOWN_TYPE,
    /// A warning: how many fields became the `JSON` scalar, by reason.
    JsonFields = JSON_FIELDS,
    /// A federation field set that does not select fields of the type.
    FieldSet = FIELD_SET,
    /// Validation: a key names a field that `x-graphql-skip` leaves out.
    KeyFieldSkipped = KEY_FIELD_SKIPPED,
    /// A federation directive or argument later than the linked Federation version.
    FederationVersion = FEDERATION_VERSION,
    /// A `$ref` that points at nothing.
    RefUnresolved = REF_UNRESOLVED,
    /// A `$ref` to a remote URI (never fetched).
    RefRemote = REF_REMOTE,
    /// A file `$ref` that leaves the input's folder.
    RefOutside = REF_OUTSIDE,
    /// `$ref`s that only point at each other.
    RefCycle = REF_CYCLE,
    /// A warning: keywords beside a `$ref` that are ignored.
    RefSiblingsIgnored = REF_SIBLINGS_IGNORED,
    /// A warning: a `$dynamicRef`, read as a `$ref`.
    RefDynamic = REF_DYNAMIC,
    /// A type nested deeper than the converter goes.
    TooDeep = TOO_DEEP,
    /// A direction this version cannot convert (kept for callers that test for it).
    UnsupportedDirection = UNSUPPORTED_DIRECTION,
    /// A file cannot be read or written.
    Io = IO,
    /// A warning (CLI): a symbolic link whose target lies outside the input tree.
    LinkOutside = LINK_OUTSIDE,
    /// A warning (CLI): the output file's extension names the other kind of output.
    OutputExtension = OUTPUT_EXTENSION,
    /// The command line is wrong (CLI).
    Usage = USAGE,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ErrorCode` lists exactly the codes of docs/errors.md, through
    /// schemas/error-codes.json (generated from that page by `npm run build`, and part of
    /// the packaged crate), so neither can drift from the other.
    #[test]
    fn error_code_matches_docs() {
        let table: serde_json::Value =
            serde_json::from_str(include_str!("../schemas/error-codes.json")).expect("schemas/error-codes.json is JSON");
        let mut documented: Vec<&str> =
            table["codes"].as_array().expect("codes").iter().filter_map(|c| c["code"].as_str()).collect();
        let mut ours: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        documented.sort_unstable();
        ours.sort_unstable();
        assert_eq!(ours, documented);
    }

    #[test]
    fn code_strings_round_trip() {
        for code in ErrorCode::ALL {
            assert_eq!(code.as_str().parse::<ErrorCode>(), Ok(*code));
            assert_eq!(code.to_string(), code.as_str());
        }
        assert!("json_syntax".parse::<ErrorCode>().is_err());
    }

    #[test]
    fn display_is_the_cli_line() {
        let e = ConversionError::new(codes::REF_CYCLE, "a\nb").with_file(Some("a.json")).with_position(2, 3);
        assert_eq!(e.to_string(), "a.json:2:3: error[REF_CYCLE] a b");
        let e = ConversionError::new(codes::JSON_ROOT, "not an object").with_position(1, 1);
        assert_eq!(e.to_string(), "1:1: error[JSON_ROOT] not an object");
        assert_eq!(ConversionError::new(codes::IO, "m").to_string(), "error[IO] m");
        let w = Diagnostic::warning(codes::INT_RANGE, "m", Location::default());
        assert_eq!(w.to_string(), "warning[INT_RANGE] m");
    }
}
