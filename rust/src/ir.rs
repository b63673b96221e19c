//! The intermediate representation: an ordered model of one SDL document
//! (mirrors js/src/ir.ts).
//!
//! `lower` builds it, `print` reads it and nothing else. Everything is a list in
//! output order, so two implementations that build equal IRs print equal bytes,
//! and a parity mismatch can be narrowed to a stage by comparing IR dumps.

use serde::Serialize;
use crate::json::{Str, Value};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AppliedDirective {
    pub name: String,
    /// Arguments in output order; values are JSON, printed as GraphQL literals.
    pub args: Vec<(String, Value)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InputValueDef {
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    /// A printed type expression such as `[String!]!`.
    #[serde(rename = "type")]
    pub type_: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_value: Option<Value>,
    pub directives: Vec<AppliedDirective>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldDef {
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    pub args: Vec<InputValueDef>,
    #[serde(rename = "type")]
    pub type_: Str,
    /// Input fields only: printed `name: Type = value`.
    #[serde(rename = "defaultValue", skip_serializing_if = "Option::is_none")]
    pub default_value: Option<Value>,
    pub directives: Vec<AppliedDirective>,
}

/// `object`, `interface` or `input`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ObjectKind {
    Object,
    Interface,
    Input,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ObjectTypeDef {
    pub kind: ObjectKind,
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    pub interfaces: Vec<Str>,
    pub directives: Vec<AppliedDirective>,
    pub fields: Vec<FieldDef>,
    /// Printed `extend type` / `extend interface` / `extend input`: a subgraph's extension of a type
    /// another subgraph defines (record 0076, `x-graphql-extends`).
    #[serde(skip_serializing_if = "is_false")]
    pub extension: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnionTypeDef {
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    pub directives: Vec<AppliedDirective>,
    pub members: Vec<Str>,
    /// Printed `extend union` / `extend enum` (record 0076, `x-graphql-extends`).
    #[serde(skip_serializing_if = "is_false")]
    pub extension: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnumValueDef {
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    pub directives: Vec<AppliedDirective>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EnumTypeDef {
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    pub directives: Vec<AppliedDirective>,
    pub values: Vec<EnumValueDef>,
    /// Printed `extend union` / `extend enum` (record 0076, `x-graphql-extends`).
    #[serde(skip_serializing_if = "is_false")]
    pub extension: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScalarTypeDef {
    pub name: Str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Str>,
    pub directives: Vec<AppliedDirective>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DirectiveDef {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub args: Vec<InputValueDef>,
    pub repeatable: bool,
    pub locations: Vec<String>,
}

/// One definition; serialized with a `kind` tag as in TypeScript
/// (`object`, `interface` and `input` carry theirs in `ObjectTypeDef`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Definition {
    Object(ObjectTypeDef),
    Union(Tagged<UnionTypeDef>),
    Enum(Tagged<EnumTypeDef>),
    Scalar(Tagged<ScalarTypeDef>),
    Directive(Tagged<DirectiveDef>),
}

/// A definition with its `kind` first, for IR dumps.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tagged<T> {
    pub kind: &'static str,
    #[serde(flatten)]
    pub def: T,
}

impl Definition {
    pub fn union(def: UnionTypeDef) -> Self {
        Definition::Union(Tagged { kind: "union", def })
    }
    pub fn enumeration(def: EnumTypeDef) -> Self {
        Definition::Enum(Tagged { kind: "enum", def })
    }
    pub fn scalar(def: ScalarTypeDef) -> Self {
        Definition::Scalar(Tagged { kind: "scalar", def })
    }
    pub fn directive(def: DirectiveDef) -> Self {
        Definition::Directive(Tagged { kind: "directive", def })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SchemaLink {
    pub url: String,
    pub imports: Vec<String>,
}

/// `schema @d { query: Q ... }`, or (as `Document::schema_extension`, without a
/// description) `extend schema @d { ... }`. Operations are in the order query,
/// mutation, subscription.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SchemaDef {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub directives: Vec<AppliedDirective>,
    pub operations: Vec<(String, String)>,
}

pub const OPERATION_KINDS: [&str; 3] = ["query", "mutation", "subscription"];

/// The printed order (record 0028): the schema extension (or else the generated
/// federation `link`), the schema definition, then `definitions`.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<SchemaLink>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema_extension: Option<SchemaDef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema: Option<SchemaDef>,
    pub definitions: Vec<Definition>,
}
