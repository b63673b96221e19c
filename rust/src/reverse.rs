//! reverse: the IR of an SDL document (from sdl_read, canonical form) -> an
//! annotated draft-07 JSON Schema, as an ordered JSON object (record 0028).
//! The twin of js/src/reverse.ts.
//!
//! Every fact is written so that the forward direction (records 0001-0027 and
//! the 2.1.0 attributes) prints the same canonical SDL back. Key orders are
//! fixed here (json_print prints objects in insertion order):
//!
//!   root        $schema, x-graphql-federation-link, x-graphql-schema-extension,
//!               x-graphql-schema, x-graphql-directive-definitions, definitions
//!   type        description, type, x-graphql-type-name, x-graphql-type-kind,
//!               x-graphql-implements, x-graphql-union-types, x-graphql-scalar,
//!               x-graphql-federation-keys, x-graphql-federation-shareable,
//!               x-graphql-type-directives, enum, x-graphql-enum-values, oneOf,
//!               properties, required
//!   field       description, $ref | type (+ items), x-graphql-field-name,
//!               x-graphql-field-type, x-graphql-field-list-item-non-null,
//!               x-graphql-field-arguments, x-graphql-default, federation
//!               attributes (external, requires, provides, shareable,
//!               override-from), x-graphql-field-directives
//!   argument    type, description, default, directives
//!   directive   name, args

use serde_json::{Map, Value};

use crate::canonical::{arg_value, split_field_directives, split_type_directives};
use crate::errors::ConversionError;
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, FieldDef, InputValueDef, ObjectKind,
    ObjectTypeDef, SchemaDef, UnionTypeDef,
};
use crate::json_print::print_json;
use crate::lower_directives::FEDERATION_DIRECTIVES;
use crate::naming::{to_field_name, to_type_name};
use crate::sdl_read::{read_sdl_here, with_large_stack};
use crate::type_expr::{parse_type_expr, Base, TypeExpr, Wrapper};

pub const DRAFT_07: &str = "http://json-schema.org/draft-07/schema#";

/// GraphQL SDL -> annotated JSON Schema text (record 0028): sdl_read ->
/// reverse -> json_print, on a thread with a large stack. `file` names the
/// input in diagnostics. No warnings arise in this direction.
pub fn graphql_to_json(text: &str, file: Option<&str>) -> Result<String, ConversionError> {
    with_large_stack(|| {
        let doc = read_sdl_here(text, file)?;
        Ok(print_json(&reverse_document(&doc)))
    })
}

fn s(text: &str) -> Value {
    Value::String(text.to_string())
}

pub fn reverse_document(doc: &Document) -> Value {
    let mut root = Map::new();
    root.insert("$schema".into(), s(DRAFT_07));
    // Without its own `extend schema`, the document must say that no @link is to be generated.
    if doc.schema_extension.is_none() && uses_federation(doc) {
        root.insert("x-graphql-federation-link".into(), Value::Bool(false));
    }
    if let Some(ext) = &doc.schema_extension {
        root.insert("x-graphql-schema-extension".into(), schema_json(ext));
    }
    if let Some(schema) = &doc.schema {
        root.insert("x-graphql-schema".into(), schema_json(schema));
    }
    let mut directive_defs = Map::new();
    let mut definitions = Map::new();
    for def in &doc.definitions {
        match def {
            Definition::Directive(d) => {
                directive_defs.insert(d.def.name.clone(), directive_definition(&d.def));
            }
            Definition::Object(d) => {
                definitions.insert(d.name.clone(), type_definition(def));
            }
            Definition::Union(d) => {
                definitions.insert(d.def.name.clone(), type_definition(def));
            }
            Definition::Enum(d) => {
                definitions.insert(d.def.name.clone(), type_definition(def));
            }
            Definition::Scalar(d) => {
                definitions.insert(d.def.name.clone(), type_definition(def));
            }
        }
    }
    if !directive_defs.is_empty() {
        root.insert("x-graphql-directive-definitions".into(), Value::Object(directive_defs));
    }
    if !definitions.is_empty() {
        root.insert("definitions".into(), Value::Object(definitions));
    }
    Value::Object(root)
}

/// Whether the forward direction would generate an `@link`: a directive of a federation name is applied.
fn uses_federation(doc: &Document) -> bool {
    let fed = |list: &[AppliedDirective]| list.iter().any(|d| FEDERATION_DIRECTIVES.contains(&d.name.as_str()));
    let args = |list: &[InputValueDef]| list.iter().any(|a| fed(&a.directives));
    if doc.schema.as_ref().is_some_and(|s| fed(&s.directives)) {
        return true;
    }
    doc.definitions.iter().any(|def| match def {
        Definition::Directive(d) => args(&d.def.args),
        Definition::Object(d) => fed(&d.directives) || d.fields.iter().any(|f| fed(&f.directives) || args(&f.args)),
        Definition::Enum(d) => fed(&d.def.directives) || d.def.values.iter().any(|v| fed(&v.directives)),
        Definition::Union(d) => fed(&d.def.directives),
        Definition::Scalar(d) => fed(&d.def.directives),
    })
}

fn schema_json(def: &SchemaDef) -> Value {
    let mut out = Map::new();
    if let Some(d) = &def.description {
        out.insert("description".into(), s(d));
    }
    if !def.directives.is_empty() {
        out.insert("directives".into(), directive_list(&def.directives));
    }
    for (op, ty) in &def.operations {
        out.insert(op.clone(), s(ty));
    }
    Value::Object(out)
}

fn directive_definition(def: &DirectiveDef) -> Value {
    let mut out = Map::new();
    if let Some(d) = &def.description {
        out.insert("description".into(), s(d));
    }
    if !def.args.is_empty() {
        out.insert("args".into(), input_values(&def.args));
    }
    out.insert("locations".into(), Value::Array(def.locations.iter().map(|l| s(l)).collect()));
    if def.repeatable {
        out.insert("repeatable".into(), Value::Bool(true));
    }
    Value::Object(out)
}

fn input_values(args: &[InputValueDef]) -> Value {
    let mut out = Map::new();
    for a in args {
        let mut arg = Map::new();
        arg.insert("type".into(), s(&a.type_));
        if let Some(d) = &a.description {
            arg.insert("description".into(), s(d));
        }
        if let Some(v) = &a.default_value {
            arg.insert("default".into(), v.clone());
        }
        if !a.directives.is_empty() {
            arg.insert("directives".into(), directive_list(&a.directives));
        }
        out.insert(a.name.clone(), Value::Object(arg));
    }
    Value::Object(out)
}

fn directive_list(list: &[AppliedDirective]) -> Value {
    Value::Array(
        list.iter()
            .map(|d| {
                let mut out = Map::new();
                out.insert("name".into(), s(&d.name));
                if !d.args.is_empty() {
                    let args: Map<String, Value> = d.args.iter().map(|(n, v)| (n.clone(), v.clone())).collect();
                    out.insert("args".into(), Value::Object(args));
                }
                Value::Object(out)
            })
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// Types

fn type_definition(def: &Definition) -> Value {
    let (name, description, directives, is_scalar) = match def {
        Definition::Object(d) => (&d.name, &d.description, &d.directives, false),
        Definition::Union(d) => (&d.def.name, &d.def.description, &d.def.directives, false),
        Definition::Enum(d) => (&d.def.name, &d.def.description, &d.def.directives, false),
        Definition::Scalar(d) => (&d.def.name, &d.def.description, &d.def.directives, true),
        Definition::Directive(d) => (&d.def.name, &d.def.description, &Vec::new(), false),
    };
    let mut out = Map::new();
    if let Some(d) = description {
        out.insert("description".into(), s(d));
    }
    match def {
        Definition::Object(_) => {
            out.insert("type".into(), s("object"));
        }
        Definition::Enum(_) => {
            out.insert("type".into(), s("string"));
        }
        _ => {}
    }
    if !is_scalar && to_type_name(name) != *name {
        out.insert("x-graphql-type-name".into(), s(name));
    }
    let kind = match def {
        Definition::Object(d) if d.kind == ObjectKind::Interface => Some("INTERFACE"),
        Definition::Object(d) if d.kind == ObjectKind::Input => Some("INPUT_OBJECT"),
        Definition::Union(_) => Some("UNION"),
        _ => None,
    };
    if let Some(kind) = kind {
        out.insert("x-graphql-type-kind".into(), s(kind));
    }
    if let Definition::Object(d) = def {
        if d.kind != ObjectKind::Input && !d.interfaces.is_empty() {
            out.insert("x-graphql-implements".into(), Value::Array(d.interfaces.iter().map(|i| s(i)).collect()));
        }
    }
    if let Definition::Union(d) = def {
        out.insert("x-graphql-union-types".into(), Value::Array(d.def.members.iter().map(|m| s(m)).collect()));
    }
    let split = split_type_directives(is_scalar, directives);
    if is_scalar {
        let mut scalar = Map::new();
        scalar.insert("name".into(), s(name));
        if let Some(d) = &split.specified_by {
            scalar.insert("specifiedByURL".into(), arg_value(d, 0));
        }
        out.insert("x-graphql-scalar".into(), Value::Object(scalar));
    }
    if !split.keys.is_empty() {
        let keys = split
            .keys
            .iter()
            .map(|d| {
                if d.args.len() == 1 {
                    arg_value(d, 0)
                } else {
                    let mut key = Map::new();
                    key.insert("fields".into(), arg_value(d, 0));
                    key.insert("resolvable".into(), arg_value(d, 1));
                    Value::Object(key)
                }
            })
            .collect();
        out.insert("x-graphql-federation-keys".into(), Value::Array(keys));
    }
    if split.shareable.is_some() {
        out.insert("x-graphql-federation-shareable".into(), Value::Bool(true));
    }
    if !split.rest.is_empty() {
        out.insert("x-graphql-type-directives".into(), directive_list(&split.rest));
    }
    match def {
        Definition::Enum(d) => enum_body(&d.def, &mut out),
        Definition::Union(d) => union_body(&d.def, &mut out),
        Definition::Object(d) => object_body(d, &mut out),
        _ => {}
    }
    Value::Object(out)
}

fn enum_body(def: &EnumTypeDef, out: &mut Map<String, Value>) {
    out.insert("enum".into(), Value::Array(def.values.iter().map(|v| s(&v.name)).collect()));
    let mut facts = Map::new();
    for v in &def.values {
        if v.description.is_none() && v.directives.is_empty() {
            continue;
        }
        let mut entry = Map::new();
        if let Some(d) = &v.description {
            entry.insert("description".into(), s(d));
        }
        if !v.directives.is_empty() {
            entry.insert("directives".into(), directive_list(&v.directives));
        }
        facts.insert(v.name.clone(), Value::Object(entry));
    }
    if !facts.is_empty() {
        out.insert("x-graphql-enum-values".into(), Value::Object(facts));
    }
}

fn union_body(def: &UnionTypeDef, out: &mut Map<String, Value>) {
    let refs = def
        .members
        .iter()
        .map(|m| {
            let mut r = Map::new();
            r.insert("$ref".into(), s(&reference(m)));
            Value::Object(r)
        })
        .collect();
    out.insert("oneOf".into(), Value::Array(refs));
}

fn object_body(def: &ObjectTypeDef, out: &mut Map<String, Value>) {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for f in &def.fields {
        properties.insert(f.name.clone(), field(f));
        if f.type_.ends_with('!') {
            required.push(s(&f.name));
        }
    }
    out.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        out.insert("required".into(), Value::Array(required));
    }
}

fn reference(name: &str) -> String {
    format!("#/definitions/{name}")
}

// ---------------------------------------------------------------------------
// Fields

/// The JSON Schema of a built-in scalar.
fn scalar_type(name: &str) -> Option<&'static str> {
    match name {
        "String" | "ID" => Some("string"),
        "Int" => Some("integer"),
        "Float" => Some("number"),
        "Boolean" => Some("boolean"),
        _ => None,
    }
}

fn field(f: &FieldDef) -> Value {
    let mut out = Map::new();
    if let Some(d) = &f.description {
        out.insert("description".into(), s(d));
    }
    let t = parse_type_expr(&f.type_);
    if let Some(t) = &t {
        for (k, v) in structure(t) {
            out.insert(k, v);
        }
    }
    if to_field_name(&f.name) != f.name {
        out.insert("x-graphql-field-name".into(), s(&f.name));
    }
    let (exact, item_non_null) = t.as_ref().map_or((true, false), type_shape);
    if exact {
        out.insert("x-graphql-field-type".into(), s(&f.type_));
    } else if item_non_null {
        out.insert("x-graphql-field-list-item-non-null".into(), Value::Bool(true));
    }
    if !f.args.is_empty() {
        out.insert("x-graphql-field-arguments".into(), input_values(&f.args));
    }
    if let Some(v) = &f.default_value {
        out.insert("x-graphql-default".into(), v.clone());
    }
    let split = split_field_directives(&f.directives);
    for (attribute, d) in &split.attributes {
        let value = if d.args.is_empty() { Value::Bool(true) } else { arg_value(d, 0) };
        out.insert(attribute.to_string(), value);
    }
    if !split.rest.is_empty() {
        out.insert("x-graphql-field-directives".into(), directive_list(&split.rest));
    }
    Value::Object(out)
}

/// The JSON Schema shape of a type: built-in scalars as JSON types, named
/// types as `$ref`, lists as arrays. Built from the inside out (no recursion).
fn structure(t: &TypeExpr) -> Map<String, Value> {
    let name = match &t.base {
        Base::Name(n) => n.as_str(),
        Base::Slot(_) => "",
    };
    let mut out = Map::new();
    match scalar_type(name) {
        Some(ty) => out.insert("type".into(), s(ty)),
        None => out.insert("$ref".into(), s(&reference(name))),
    };
    for _ in t.wrappers.iter().filter(|w| **w == Wrapper::List) {
        let mut list = Map::new();
        list.insert("type".into(), s("array"));
        list.insert("items".into(), Value::Object(out));
        out = list;
    }
    out
}

/// Whether the structure, `required` and `x-graphql-field-list-item-non-null`
/// say the type exactly (`.0` false): they can say an outer `!` and a `!` on
/// the items of the outer list, and not `ID` (a string). Otherwise the exact
/// expression goes into `x-graphql-field-type`. `.1`: the items of the outer
/// list are non-null.
fn type_shape(t: &TypeExpr) -> (bool, bool) {
    // Wrappers are innermost first: peel from the end.
    let w = &t.wrappers;
    let mut end = w.len();
    if end > 0 && w.get(end - 1) == Some(&Wrapper::NonNull) {
        end -= 1;
    }
    let mut item_non_null = false;
    if end > 0 && w.get(end - 1) == Some(&Wrapper::List) {
        end -= 1;
        if end > 0 && w.get(end - 1) == Some(&Wrapper::NonNull) {
            item_non_null = true;
            end -= 1;
        }
    }
    let mut exact = w.get(..end).is_some_and(|inner| inner.contains(&Wrapper::NonNull));
    if matches!(&t.base, Base::Name(n) if n == "ID") {
        exact = true;
    }
    (exact, item_non_null)
}
