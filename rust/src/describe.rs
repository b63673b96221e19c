//! describe: GraphQL SDL -> a type-system document (record 0037), the twin of
//! js/src/describe.ts.
//!
//!   read_sdl (the IR in canonical form, record 0028) -> describe_document -> print_json
//!
//! The built-in scalars and directives come first (`isBuiltIn: true`, copied
//! from the embedded schema's own definitions, so the two cannot drift), then
//! what the document defines, in canonical order. Every applied directive is
//! kept in `appliedDirectives`; `isDeprecated`, `deprecationReason`, `isOneOf`
//! and `specifiedByURL` are derived from them, as introspection derives them.
//! Key order is fixed (docs/type-system.md).

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::json::{Map, Str, Value};

use crate::canonical::is_specified_by_attribute;
use crate::errors::ConversionError;
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumValueDef, FieldDef, InputValueDef, ObjectKind, SchemaDef,
};
use crate::json_print::{print_json, print_json_compact};
use crate::sdl_read::read_sdl;

/// schemas/graphql-type-system.schema.json, embedded.
pub const TYPE_SYSTEM_SCHEMA: &str = include_str!("../schemas/graphql-type-system.schema.json");
/// The scalars every GraphQL schema has.
pub const BUILT_IN_SCALAR_NAMES: [&str; 5] = ["String", "Int", "Float", "Boolean", "ID"];
/// The directives every GraphQL schema has.
pub const BUILT_IN_DIRECTIVE_NAMES: [&str; 5] = ["include", "skip", "deprecated", "specifiedBy", "oneOf"];
/// What `@deprecated` without `reason` means (GraphQL 2021-11).
pub const DEFAULT_DEPRECATION_REASON: &str = "No longer supported";

/// The embedded schema, parsed once.
pub fn type_system_schema() -> &'static serde_json::Value {
    static SCHEMA: OnceLock<serde_json::Value> = OnceLock::new();
    SCHEMA.get_or_init(|| serde_json::from_str(TYPE_SYSTEM_SCHEMA).expect("the embedded type-system schema is JSON"))
}

/// The `const` of a built-in's definition in the schema (`String`, `@include`).
pub fn built_in(definition: &str) -> Value {
    Value::from(type_system_schema()["definitions"][definition]["const"].clone())
}

/// SDL text -> the type-system document as JSON text (2-space indent, one trailing newline).
pub fn describe(sdl: &str, file: Option<&str>) -> Result<String, ConversionError> {
    let doc = read_sdl(sdl, file)?;
    Ok(print_json(&describe_document(&doc)))
}

/// A JSON value as one line of JSON text (`defaultValue`, applied directive arguments).
pub fn encode_value(value: &Value) -> String {
    print_json_compact(value)
}

fn s(text: &str) -> Value {
    Value::String(text.into())
}

/// The type-system document of a read SDL document.
pub fn describe_document(doc: &Document) -> Value {
    let mut out = Map::new();
    if let Some(schema) = &doc.schema {
        if let Some(d) = &schema.description {
            out.insert("description", s(d));
        }
        operations(&mut out, schema);
        put_applied(&mut out, &schema.directives);
    }
    if let Some(ext_def) = &doc.schema_extension {
        let mut ext = Map::new();
        operations(&mut ext, ext_def);
        put_applied(&mut ext, &ext_def.directives);
        out.insert("schemaExtension", Value::Object(ext));
    }
    let defined: HashSet<String> = doc
        .definitions
        .iter()
        .map(|d| match d {
            Definition::Directive(t) => format!("@{}", t.def.name),
            other => definition_name(other).to_string(),
        })
        .collect();
    let mut scalars: Vec<Value> =
        BUILT_IN_SCALAR_NAMES.iter().filter(|n| !defined.contains(**n)).map(|n| built_in(n)).collect();
    let mut types: Vec<Value> = Vec::new();
    let mut directives: Vec<Value> = BUILT_IN_DIRECTIVE_NAMES
        .iter()
        .filter(|n| !defined.contains(&format!("@{n}")))
        .map(|n| built_in(&format!("@{n}")))
        .collect();
    for def in &doc.definitions {
        match def {
            Definition::Directive(t) => directives.push(directive(&t.def)),
            Definition::Scalar(t) => {
                scalars.push(scalar(&t.def.name, t.def.description.as_deref(), &t.def.directives));
                let mut marker = Map::new();
                marker.insert("kind", s("SCALAR"));
                marker.insert("name", s(&t.def.name));
                types.push(Value::Object(marker));
            }
            other => types.push(type_(other, &doc.definitions)),
        }
    }
    out.insert("scalars", Value::Array(scalars.into()));
    out.insert("types", Value::Array(types.into()));
    out.insert("directives", Value::Array(directives.into()));
    Value::Object(out)
}

/// The name of a definition.
pub fn definition_name(def: &Definition) -> &str {
    match def {
        Definition::Object(d) => &d.name,
        Definition::Union(t) => &t.def.name,
        Definition::Enum(t) => &t.def.name,
        Definition::Scalar(t) => &t.def.name,
        Definition::Directive(t) => &t.def.name,
    }
}

fn operations(out: &mut Map, def: &SchemaDef) {
    for (op, name) in &def.operations {
        out.insert(format!("{op}Type"), s(name));
    }
}

fn put_applied(out: &mut Map, directives: &[AppliedDirective]) {
    if !directives.is_empty() {
        out.insert("appliedDirectives", Value::Array(directives.iter().map(applied_directive).collect()));
    }
}

fn applied_directive(d: &AppliedDirective) -> Value {
    let mut out = Map::new();
    out.insert("name", s(&d.name));
    if !d.args.is_empty() {
        let args = d
            .args
            .iter()
            .map(|(name, value)| {
                let mut a = Map::new();
                a.insert("name", s(name));
                a.insert("value", Value::String(encode_value(value).into()));
                Value::Object(a)
            })
            .collect();
        out.insert("args", Value::Array(args));
    }
    Value::Object(out)
}

fn put_description(out: &mut Map, description: Option<&str>) {
    if let Some(d) = description {
        out.insert("description", s(d));
    }
}

fn scalar(name: &str, description: Option<&str>, directives: &[AppliedDirective]) -> Value {
    let mut out = Map::new();
    out.insert("name", s(name));
    put_description(&mut out, description);
    if let Some(d) = directives.iter().find(|d| is_specified_by_attribute(d)) {
        out.insert("specifiedByURL", d.args[0].1.clone());
    }
    out.insert("isBuiltIn", Value::Bool(false));
    put_applied(&mut out, directives);
    Value::Object(out)
}

/// `@oneOf` without arguments.
pub fn is_one_of_directive(d: &AppliedDirective) -> bool {
    d.name == "oneOf" && d.args.is_empty()
}

/// The object types that implement an interface, in document order (graphql-js `getPossibleTypes`).
pub fn possible_types(iface: &str, all: &[Definition]) -> Vec<Str> {
    all.iter()
        .filter_map(|d| match d {
            Definition::Object(o) if o.kind == ObjectKind::Object && o.interfaces.iter().any(|i| i == iface) => {
                Some(o.name.clone())
            }
            _ => None,
        })
        .collect()
}

fn names<S: AsRef<str>>(list: &[S]) -> Value {
    Value::Array(list.iter().map(|n| s(n.as_ref())).collect())
}

fn type_(def: &Definition, all: &[Definition]) -> Value {
    let mut out = Map::new();
    match def {
        Definition::Object(o) => {
            let kind = match o.kind {
                ObjectKind::Object => "OBJECT",
                ObjectKind::Interface => "INTERFACE",
                ObjectKind::Input => "INPUT_OBJECT",
            };
            out.insert("kind", s(kind));
            out.insert("name", s(&o.name));
            put_description(&mut out, o.description.as_deref());
            match o.kind {
                ObjectKind::Object => {
                    out.insert("interfaces", names(&o.interfaces));
                    out.insert("fields", Value::Array(o.fields.iter().map(field).collect()));
                }
                ObjectKind::Interface => {
                    out.insert("interfaces", names(&o.interfaces));
                    out.insert("possibleTypes", names(&possible_types(&o.name, all)));
                    out.insert("fields", Value::Array(o.fields.iter().map(field).collect()));
                }
                ObjectKind::Input => {
                    out.insert("inputFields", Value::Array(o.fields.iter().map(input_field).collect()));
                    out.insert("isOneOf", Value::Bool(o.directives.iter().any(is_one_of_directive)));
                }
            }
            put_applied(&mut out, &o.directives);
        }
        Definition::Union(t) => {
            out.insert("kind", s("UNION"));
            out.insert("name", s(&t.def.name));
            put_description(&mut out, t.def.description.as_deref());
            out.insert("possibleTypes", names(&t.def.members));
            put_applied(&mut out, &t.def.directives);
        }
        Definition::Enum(t) => {
            out.insert("kind", s("ENUM"));
            out.insert("name", s(&t.def.name));
            put_description(&mut out, t.def.description.as_deref());
            out.insert("enumValues", Value::Array(t.def.values.iter().map(enum_value).collect()));
            put_applied(&mut out, &t.def.directives);
        }
        Definition::Scalar(_) | Definition::Directive(_) => {}
    }
    Value::Object(out)
}

/// `isDeprecated` and `deprecationReason` of the first `@deprecated`, as introspection gives them:
/// `None` when not deprecated, `Some(Value::Null)` for a reason that is not a string.
pub fn deprecation(directives: &[AppliedDirective]) -> Option<Value> {
    let d = directives.iter().find(|d| d.name == "deprecated")?;
    Some(match d.args.iter().find(|(name, _)| name == "reason") {
        None => s(DEFAULT_DEPRECATION_REASON),
        Some((_, Value::String(r))) => s(r),
        Some(_) => Value::Null,
    })
}

fn put_deprecation(out: &mut Map, directives: &[AppliedDirective]) {
    let dep = deprecation(directives);
    out.insert("isDeprecated", Value::Bool(dep.is_some()));
    if let Some(reason) = dep {
        out.insert("deprecationReason", reason);
    }
    put_applied(out, directives);
}

fn field(f: &FieldDef) -> Value {
    let mut out = Map::new();
    out.insert("name", s(&f.name));
    put_description(&mut out, f.description.as_deref());
    out.insert("args", Value::Array(f.args.iter().map(input_value).collect()));
    out.insert("type", s(&f.type_));
    put_deprecation(&mut out, &f.directives);
    Value::Object(out)
}

fn value_like(
    name: &str,
    description: Option<&str>,
    type_: &str,
    default: Option<&Value>,
    directives: &[AppliedDirective],
) -> Value {
    let mut out = Map::new();
    out.insert("name", s(name));
    put_description(&mut out, description);
    out.insert("type", s(type_));
    if let Some(v) = default {
        out.insert("defaultValue", Value::String(encode_value(v).into()));
    }
    put_deprecation(&mut out, directives);
    Value::Object(out)
}

fn input_value(v: &InputValueDef) -> Value {
    value_like(&v.name, v.description.as_deref(), &v.type_, v.default_value.as_ref(), &v.directives)
}

fn input_field(f: &FieldDef) -> Value {
    value_like(&f.name, f.description.as_deref(), &f.type_, f.default_value.as_ref(), &f.directives)
}

fn enum_value(v: &EnumValueDef) -> Value {
    let mut out = Map::new();
    out.insert("name", s(&v.name));
    put_description(&mut out, v.description.as_deref());
    put_deprecation(&mut out, &v.directives);
    Value::Object(out)
}

fn directive(def: &DirectiveDef) -> Value {
    let mut out = Map::new();
    out.insert("name", s(&def.name));
    put_description(&mut out, def.description.as_deref());
    out.insert("locations", names(&def.locations));
    out.insert("args", Value::Array(def.args.iter().map(input_value).collect()));
    out.insert("isRepeatable", Value::Bool(def.repeatable));
    out.insert("isBuiltIn", Value::Bool(false));
    Value::Object(out)
}
