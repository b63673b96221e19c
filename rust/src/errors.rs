//! Errors and warnings as plain data with stable codes (mirrors js/src/errors.ts).
//!
//! Every code is catalogued in docs/errors.md, and the TypeScript side uses the
//! same strings. A location is a JSON pointer into the input plus a 1-based
//! line and column (columns count Unicode code points), and the file when the
//! problem sits in a file other than the main input.

use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// Whether a diagnostic stops the conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
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

/// Where a problem is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Location {
    pub file: Option<String>,
    pub pointer: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

/// An error or a warning, as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub file: Option<String>,
    pub pointer: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl Diagnostic {
    pub fn warning(code: &str, message: impl Into<String>, location: Location) -> Self {
        Diagnostic {
            code: codes::intern(code),
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
    code: &str,
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
    st.serialize_field("code", code)?;
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

/// The error of a conversion: a stable code, a message and a location.
/// Displays as its message (like `err.message` in TypeScript).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ConversionError {
    /// One of the strings in [`codes`]: static, which keeps the error under
    /// clippy's `result_large_err` size (it is the `Err` of most results).
    pub code: &'static str,
    pub message: String,
    pub file: Option<String>,
    pub pointer: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ConversionError {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        ConversionError {
            code: codes::intern(code),
            message: message.into(),
            file: None,
            pointer: None,
            line: None,
            column: None,
        }
    }

    pub fn at(code: &str, message: impl Into<String>, location: Location) -> Self {
        ConversionError {
            code: codes::intern(code),
            message: message.into(),
            file: location.file,
            pointer: location.pointer,
            line: location.line,
            column: location.column,
        }
    }

    pub fn with_file(mut self, file: Option<&str>) -> Self {
        self.file = file.map(str::to_string);
        self
    }

    pub fn with_pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    pub fn with_position(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    pub fn severity(&self) -> Severity {
        Severity::Error
    }

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
    pub const OK: i32 = 0;
    pub const INVALID_INPUT: i32 = 1;
    pub const USAGE: i32 = 2;
    pub const IO: i32 = 3;
}

/// The codes, the same strings as `ErrorCodes` in js/src/errors.ts.
pub mod codes {
    use std::sync::Mutex;

    /// The static string of a code, so that constructors can take any `&str`.
    /// A code outside [`ALL`] is a bug (and a debug-build panic); in release
    /// it is kept once in a small table rather than lost.
    pub fn intern(code: &str) -> &'static str {
        if let Some(known) = ALL.iter().find(|c| **c == code) {
            return known;
        }
        debug_assert!(
            false,
            "unknown error code {code:?}: add it to errors.rs and errors.ts"
        );
        static OTHERS: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
        let mut others = OTHERS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = others.iter().find(|c| **c == code) {
            return known;
        }
        let leaked: &'static str = Box::leak(code.to_string().into_boxed_str());
        others.push(leaked);
        leaked
    }

    // input text
    pub const JSON_SYNTAX: &str = "JSON_SYNTAX";
    pub const GRAPHQL_SYNTAX: &str = "GRAPHQL_SYNTAX";
    pub const GRAPHQL_INVALID: &str = "GRAPHQL_INVALID";
    pub const JSON_ROOT: &str = "JSON_ROOT";
    // attributes and options
    pub const ATTRIBUTE_TYPE: &str = "ATTRIBUTE_TYPE";
    pub const ATTRIBUTE_SCOPE: &str = "ATTRIBUTE_SCOPE";
    pub const UNKNOWN_ATTRIBUTE: &str = "UNKNOWN_ATTRIBUTE";
    pub const DEPRECATED_ATTRIBUTE: &str = "DEPRECATED_ATTRIBUTE";
    pub const INVALID_OPTION: &str = "INVALID_OPTION";
    pub const SCHEMA_INVALID: &str = "SCHEMA_INVALID";
    pub const TYPE_SYSTEM_INVALID: &str = "TYPE_SYSTEM_INVALID";
    pub const INTROSPECTION_INVALID: &str = "INTROSPECTION_INVALID";
    // names
    pub const INVALID_NAME: &str = "INVALID_NAME";
    pub const DUPLICATE_NAME: &str = "DUPLICATE_NAME";
    // types
    pub const FIELD_TYPE_SYNTAX: &str = "FIELD_TYPE_SYNTAX";
    pub const UNION_MEMBER: &str = "UNION_MEMBER";
    pub const UNION_BRANCH_DROPPED: &str = "UNION_BRANCH_DROPPED";
    pub const IMPLEMENTS: &str = "IMPLEMENTS";
    pub const OPERATION_TYPE: &str = "OPERATION_TYPE";
    pub const INPUT_FIELD: &str = "INPUT_FIELD";
    pub const INTERFACE_FIELD_COPIED: &str = "INTERFACE_FIELD_COPIED";
    pub const INTERFACE_TRANSITIVE: &str = "INTERFACE_TRANSITIVE";
    pub const PROPERTY_CONFLICT: &str = "PROPERTY_CONFLICT";
    pub const INT_RANGE: &str = "INT_RANGE";
    pub const ENUM_VALUE_RENAMED: &str = "ENUM_VALUE_RENAMED";
    pub const EMPTY_ENUM: &str = "EMPTY_ENUM";
    pub const DIRECTIVE_INFERRED: &str = "DIRECTIVE_INFERRED";
    pub const ONE_OF_REQUIRED: &str = "ONE_OF_REQUIRED";
    pub const NO_TYPES: &str = "NO_TYPES";
    // real-world schemas (records 0078, 0079)
    pub const UNKNOWN_TYPE: &str = "UNKNOWN_TYPE";
    pub const JSON_FIELDS: &str = "JSON_FIELDS";
    // federation field sets (record 0073; KEY_FIELD_SKIPPED: validate only)
    pub const FIELD_SET: &str = "FIELD_SET";
    pub const KEY_FIELD_SKIPPED: &str = "KEY_FIELD_SKIPPED";
    // a federation directive or argument later than the linked version (record 0074)
    pub const FEDERATION_VERSION: &str = "FEDERATION_VERSION";
    // references
    pub const REF_UNRESOLVED: &str = "REF_UNRESOLVED";
    pub const REF_REMOTE: &str = "REF_REMOTE";
    pub const REF_OUTSIDE: &str = "REF_OUTSIDE";
    pub const REF_CYCLE: &str = "REF_CYCLE";
    pub const REF_SIBLINGS_IGNORED: &str = "REF_SIBLINGS_IGNORED";
    pub const REF_DYNAMIC: &str = "REF_DYNAMIC";
    pub const TOO_DEEP: &str = "TOO_DEEP";
    // API / CLI
    pub const UNSUPPORTED_DIRECTION: &str = "UNSUPPORTED_DIRECTION";
    pub const IO: &str = "IO";
    pub const LINK_OUTSIDE: &str = "LINK_OUTSIDE";
    pub const OUTPUT_EXTENSION: &str = "OUTPUT_EXTENSION";
    pub const USAGE: &str = "USAGE";

    /// Every code, in the order of `ErrorCodes` (for checks against docs/errors.md).
    pub const ALL: &[&str] = &[
        JSON_SYNTAX,
        GRAPHQL_SYNTAX,
        GRAPHQL_INVALID,
        JSON_ROOT,
        ATTRIBUTE_TYPE,
        ATTRIBUTE_SCOPE,
        UNKNOWN_ATTRIBUTE,
        DEPRECATED_ATTRIBUTE,
        INVALID_OPTION,
        SCHEMA_INVALID,
        TYPE_SYSTEM_INVALID,
        INTROSPECTION_INVALID,
        INVALID_NAME,
        DUPLICATE_NAME,
        FIELD_TYPE_SYNTAX,
        UNION_MEMBER,
        UNION_BRANCH_DROPPED,
        IMPLEMENTS,
        OPERATION_TYPE,
        INPUT_FIELD,
        INTERFACE_FIELD_COPIED,
        INTERFACE_TRANSITIVE,
        PROPERTY_CONFLICT,
        INT_RANGE,
        ENUM_VALUE_RENAMED,
        EMPTY_ENUM,
        DIRECTIVE_INFERRED,
        ONE_OF_REQUIRED,
        NO_TYPES,
        UNKNOWN_TYPE,
        JSON_FIELDS,
        FIELD_SET,
        KEY_FIELD_SKIPPED,
        FEDERATION_VERSION,
        REF_UNRESOLVED,
        REF_REMOTE,
        REF_OUTSIDE,
        REF_CYCLE,
        REF_SIBLINGS_IGNORED,
        REF_DYNAMIC,
        TOO_DEEP,
        UNSUPPORTED_DIRECTION,
        IO,
        LINK_OUTSIDE,
        OUTPUT_EXTENSION,
        USAGE,
    ];
}
