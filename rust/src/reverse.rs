//! reverse: the IR of an SDL document (from sdl_read, canonical form) -> an
//! annotated draft-07 JSON Schema, as an ordered JSON object (record 0028).
//! The twin of js/src/reverse.ts.
//!
//! Every fact is written so that the forward direction (records 0001-0027 and
//! the 2.2.0 attributes) prints the same canonical SDL back. Key orders are
//! fixed here (json_print prints objects in insertion order):
//!
//!   root        $schema, x-graphql-federation-link, x-graphql-schema-extension,
//!               x-graphql-links, x-graphql-compose-directives (record 0084),
//!               x-graphql-schema, x-graphql-directive-definitions, definitions
//!   type        description, type, x-graphql-type-name, x-graphql-type-kind,
//!               x-graphql-extends, x-graphql-implements, x-graphql-union-types, x-graphql-scalar,
//!               x-graphql-federation-keys, x-graphql-federation-shareable,
//!               x-graphql-type-directives, x-graphql-directive-order, enum, x-graphql-enum-values, oneOf,
//!               properties, required
//!   field       description, $ref | type (+ items), x-graphql-field-name,
//!               x-graphql-field-type, x-graphql-field-list-item-non-null,
//!               x-graphql-field-arguments, x-graphql-default, federation
//!               attributes (external, requires, provides, shareable,
//!               override-from), x-graphql-field-directives,
//!               x-graphql-directive-order
//!   argument    type, description, default, fromContext (a field's), directives
//!   directive   name, args
//!
//! The JSON is written straight from the IR with json_print's `JsonWriter`, in
//! those orders, without building a `serde_json::Value` first (issue #8: the
//! tree cost about a third of the conversion, to build and to drop). Each key
//! is written once: sdl_read rejects documents that define a type, field,
//! argument, enum value, directive or root operation twice, or repeat an
//! argument of an applied directive, so no key of an object here can repeat.

use crate::json::Value;
use crate::schema_links::split_schema_links;

use crate::canonical::{canonical_field_directives, canonical_type_directives, split_field_directives, split_type_directives};
use crate::errors::ConversionError;
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, EnumValueDef, FieldDef, InputValueDef,
    ObjectKind, ObjectTypeDef, SchemaDef, UnionTypeDef,
};
use crate::json_print::JsonWriter;
use crate::federation::{is_classic_federation_directive, is_later_federation_directive, links_federation_in};
use crate::naming::{to_field_name, to_type_name};
use crate::sdl_read::{read_sdl_here, with_large_stack};
use crate::type_expr::{parse_type_expr, Base, TypeExpr, Wrapper};

pub const DRAFT_07: &str = "http://json-schema.org/draft-07/schema#";

/// `$ref` values are this prefix and a type name.
const DEFINITIONS: &str = "#/definitions/";

/// GraphQL SDL -> annotated JSON Schema text (record 0028): sdl_read ->
/// reverse (written by json_print's writer), on a thread with a large stack.
/// `file` names the input in diagnostics. No warnings arise in this direction.
pub fn graphql_to_json(text: &str, file: Option<&str>) -> Result<String, ConversionError> {
    with_large_stack(|| {
        // An introspection result (record 0091): SDL never starts with `{`.
        let doc = if crate::introspection_read::starts_as_json(text) {
            crate::introspection_read::document_from_introspection(text, file)?
        } else {
            read_sdl_here(text, file)?
        };
        // The JSON text is about three times the SDL (bench-corpus 2.9x; the schemas of
        // node_modules 2.2x - 3.9x). Room reserved once spares the doublings that each
        // copy the text so far into fresh pages: at N = 20,000 (29 MB) 13,900 -> 9,600
        // page faults a conversion (perf). Room not written
        // is never touched, so too much costs address space, and too little one doubling.
        let mut w = JsonWriter::with_capacity(text.len() * 3);
        reverse_document(&doc, &mut w);
        Ok(w.finish())
    })
}

pub fn reverse_document(doc: &Document, w: &mut JsonWriter) {
    w.begin_object();
    w.entry("$schema", DRAFT_07);
    // Without its own `extend schema`, the document must say that no @link is to be generated.
    if doc.schema_extension.is_none() && uses_federation(doc) {
        w.key("x-graphql-federation-link");
        w.bool(false);
    }
    // Record 0084: other specs' trailing `@link`s and `@composeDirective`s as their attributes.
    let split = doc.schema_extension.as_ref().filter(|ext| links_federation_in(&ext.directives)).and_then(|ext| {
        let defined: Vec<&str> = doc
            .definitions
            .iter()
            .filter_map(|def| match def {
                Definition::Directive(d) => Some(d.def.name.as_str()),
                _ => None,
            })
            .collect();
        split_schema_links(&ext.directives, &defined)
    });
    if let Some(ext) = &doc.schema_extension {
        w.key("x-graphql-schema-extension");
        match &split {
            Some(split) => schema_json(&SchemaDef { directives: split.kept.clone(), ..ext.clone() }, w),
            None => schema_json(ext, w),
        }
    }
    if let Some(split) = &split {
        if !split.links.is_empty() {
            w.key("x-graphql-links");
            w.value(&Value::Array(split.links.iter().cloned().map(Value::Object).collect()));
        }
        if !split.compose.is_empty() {
            w.key("x-graphql-compose-directives");
            w.value(&Value::Array(split.compose.iter().cloned().map(Value::from).collect()));
        }
    }
    if let Some(schema) = &doc.schema {
        w.key("x-graphql-schema");
        schema_json(schema, w);
    }
    let is_directive = |def: &&Definition| matches!(def, Definition::Directive(_));
    if doc.definitions.iter().any(|def| is_directive(&def)) {
        w.key("x-graphql-directive-definitions");
        w.begin_object();
        for def in &doc.definitions {
            if let Definition::Directive(d) = def {
                w.key(&d.def.name);
                directive_definition(&d.def, w);
            }
        }
        w.end_object();
    }
    // Record 0075: the later federation attributes are read only under a federation @link.
    let linked = doc.schema_extension.as_ref().is_some_and(|ext| links_federation_in(&ext.directives));
    if doc.definitions.iter().any(|def| !is_directive(&def)) {
        w.key("definitions");
        w.begin_object();
        for def in doc.definitions.iter().filter(|def| !is_directive(def)) {
            type_definition(def, w, linked);
        }
        w.end_object();
    }
    w.end_object();
}

/// Whether the forward direction would generate an `@link`: a directive of a federation name is applied.
fn uses_federation(doc: &Document) -> bool {
    // Record 0075: of a later name, one the document does not define.
    let defined: Vec<&str> = doc
        .definitions
        .iter()
        .filter_map(|def| match def {
            Definition::Directive(d) => Some(d.def.name.as_str()),
            _ => None,
        })
        .collect();
    let fed = |list: &[AppliedDirective]| {
        list.iter().any(|d| {
            is_classic_federation_directive(&d.name) || (is_later_federation_directive(&d.name) && !defined.contains(&d.name.as_str()))
        })
    };
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

fn schema_json(def: &SchemaDef, w: &mut JsonWriter) {
    w.begin_object();
    if let Some(d) = &def.description {
        w.entry("description", d);
    }
    if !def.directives.is_empty() {
        w.key("directives");
        directive_list(&def.directives, w);
    }
    for (op, ty) in &def.operations {
        w.entry(op, ty);
    }
    w.end_object();
}

fn directive_definition(def: &DirectiveDef, w: &mut JsonWriter) {
    w.begin_object();
    if let Some(d) = &def.description {
        w.entry("description", d);
    }
    if !def.args.is_empty() {
        w.key("args");
        input_values(&def.args, false, w);
    }
    w.key("locations");
    w.begin_array();
    for l in &def.locations {
        w.string(l);
    }
    w.end_array();
    if def.repeatable {
        w.key("repeatable");
        w.bool(true);
    }
    w.end_object();
}

/// Arguments. A field's (`linked`: under a federation link) says a first directive
/// `@fromContext(field: "...")` as `fromContext` (record 0084), which the forward
/// direction prints first again; one after another directive stays in the list.
fn input_values(args: &[InputValueDef], linked: bool, w: &mut JsonWriter) {
    w.begin_object();
    for a in args {
        w.key(&a.name);
        w.begin_object();
        w.entry("type", &a.type_);
        if let Some(d) = &a.description {
            w.entry("description", d);
        }
        if let Some(v) = &a.default_value {
            w.key("default");
            w.value(v);
        }
        let from_context = match a.directives.first() {
            Some(d) if linked && d.name == "fromContext" && d.args.len() == 1 && d.args[0].0 == "field" => d.args[0].1.as_str(),
            _ => None,
        };
        if let Some(text) = from_context {
            w.entry("fromContext", text);
        }
        let rest = if from_context.is_some() { &a.directives[1..] } else { &a.directives[..] };
        if !rest.is_empty() {
            w.key("directives");
            directive_list(rest, w);
        }
        w.end_object();
    }
    w.end_object();
}

fn directive_list(list: &[AppliedDirective], w: &mut JsonWriter) {
    w.begin_array();
    for d in list {
        w.begin_object();
        w.entry("name", &d.name);
        if !d.args.is_empty() {
            w.key("args");
            w.begin_object();
            for (name, value) in &d.args {
                w.key(name);
                w.value(value);
            }
            w.end_object();
        }
        w.end_object();
    }
    w.end_array();
}

/// The value of a directive's argument `i` (null if it has none), for
/// attributes written from it (without a copy of the value).
fn arg_value(d: &AppliedDirective, i: usize, w: &mut JsonWriter) {
    match d.args.get(i) {
        Some((_, v)) => w.value(v),
        None => w.value(&Value::Null),
    }
}

// ---------------------------------------------------------------------------
// Types

/// `"Name": { ... }` in `definitions`.
/// The attributes of a split (records 0011, 0075), in its order: a list attribute
/// (`keys`, `tags`, `context`) as the list of its directives' values, a directive
/// without arguments as `true`, `@listSize` as the object of its arguments,
/// `@override` as `override-from` (and `override-label`), any other as the value of
/// its one argument.
fn write_attributes(attributes: &[(&'static str, Vec<AppliedDirective>)], w: &mut JsonWriter) {
    for (attribute, list) in attributes {
        let Some(d) = list.first() else { continue };
        w.key(attribute);
        match *attribute {
            "x-graphql-federation-keys" => {
                w.begin_array();
                for k in list {
                    if k.args.len() == 1 {
                        arg_value(k, 0, w);
                    } else {
                        w.begin_object();
                        w.key("fields");
                        arg_value(k, 0, w);
                        w.key("resolvable");
                        arg_value(k, 1, w);
                        w.end_object();
                    }
                }
                w.end_array();
            }
            "x-graphql-federation-tags" | "x-graphql-federation-context" => {
                w.begin_array();
                for k in list {
                    arg_value(k, 0, w);
                }
                w.end_array();
            }
            "x-graphql-federation-list-size" => {
                w.begin_object();
                for (name, value) in &d.args {
                    w.key(name);
                    w.value(value);
                }
                w.end_object();
            }
            _ if d.args.is_empty() => w.bool(true),
            _ => {
                arg_value(d, 0, w);
                if *attribute == "x-graphql-federation-override-from" && d.args.len() == 2 {
                    w.key("x-graphql-federation-override-label");
                    arg_value(d, 1, w);
                }
            }
        }
    }
}

fn type_definition(def: &Definition, w: &mut JsonWriter, linked: bool) {
    let (name, description, directives, is_scalar) = match def {
        Definition::Object(d) => (d.name.as_str(), d.description.as_deref(), &d.directives, false),
        Definition::Union(d) => (d.def.name.as_str(), d.def.description.as_deref(), &d.def.directives, false),
        Definition::Enum(d) => (d.def.name.as_str(), d.def.description.as_deref(), &d.def.directives, false),
        Definition::Scalar(d) => (d.def.name.as_str(), d.def.description.as_deref(), &d.def.directives, true),
        Definition::Directive(d) => (d.def.name.as_str(), d.def.description.as_deref(), &Vec::new(), false),
    };
    w.key(name);
    w.begin_object();
    if let Some(d) = description {
        w.entry("description", d);
    }
    match def {
        Definition::Object(_) => w.entry("type", "object"),
        Definition::Enum(_) => w.entry("type", "string"),
        _ => {}
    }
    if !is_scalar && to_type_name(name) != *name {
        w.entry("x-graphql-type-name", name);
    }
    let kind = match def {
        Definition::Object(d) if d.kind == ObjectKind::Interface => Some("INTERFACE"),
        Definition::Object(d) if d.kind == ObjectKind::Input => Some("INPUT_OBJECT"),
        Definition::Union(_) => Some("UNION"),
        _ => None,
    };
    if let Some(kind) = kind {
        w.entry("x-graphql-type-kind", kind);
    }
    let extension = match def {
        Definition::Object(d) => d.extension,
        Definition::Union(d) => d.def.extension,
        Definition::Enum(d) => d.def.extension,
        Definition::Scalar(_) | Definition::Directive(_) => false,
    };
    if extension {
        w.key("x-graphql-extends");
        w.bool(true);
    }
    if let Definition::Object(d) = def {
        if d.kind != ObjectKind::Input && !d.interfaces.is_empty() {
            w.key("x-graphql-implements");
            strings(&d.interfaces, w);
        }
    }
    if let Definition::Union(d) = def {
        w.key("x-graphql-union-types");
        strings(&d.def.members, w);
    }
    let split = split_type_directives(is_scalar, directives, linked);
    if is_scalar {
        w.key("x-graphql-scalar");
        w.begin_object();
        w.entry("name", name);
        if let Some(d) = &split.specified_by {
            w.key("specifiedByURL");
            arg_value(d, 0, w);
        }
        w.end_object();
    }
    write_attributes(&split.attributes, w);
    if !split.rest.is_empty() {
        w.key("x-graphql-type-directives");
        directive_list(&split.rest, w);
    }
    // Record 0076: an order other than the canonical one, by name.
    if directives.len() > 1 && canonical_type_directives(is_scalar, directives, linked) != *directives {
        w.key("x-graphql-directive-order");
        strings(&directives.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), w);
    }
    match def {
        Definition::Enum(d) => enum_body(&d.def, w),
        Definition::Union(d) => union_body(&d.def, w),
        Definition::Object(d) => object_body(d, w, linked),
        _ => {}
    }
    w.end_object();
}

fn strings<S: AsRef<str>>(list: &[S], w: &mut JsonWriter) {
    w.begin_array();
    for s in list {
        w.string(s.as_ref());
    }
    w.end_array();
}

fn enum_body(def: &EnumTypeDef, w: &mut JsonWriter) {
    w.key("enum");
    w.begin_array();
    for v in &def.values {
        w.string(&v.name);
    }
    w.end_array();
    let has_facts = |v: &&EnumValueDef| v.description.is_some() || !v.directives.is_empty();
    if !def.values.iter().any(|v| has_facts(&v)) {
        return;
    }
    w.key("x-graphql-enum-values");
    w.begin_object();
    for v in def.values.iter().filter(has_facts) {
        w.key(&v.name);
        w.begin_object();
        if let Some(d) = &v.description {
            w.entry("description", d);
        }
        if !v.directives.is_empty() {
            w.key("directives");
            directive_list(&v.directives, w);
        }
        w.end_object();
    }
    w.end_object();
}

fn union_body(def: &UnionTypeDef, w: &mut JsonWriter) {
    w.key("oneOf");
    w.begin_array();
    for m in &def.members {
        w.begin_object();
        w.key("$ref");
        w.string_with_prefix(DEFINITIONS, m);
        w.end_object();
    }
    w.end_array();
}

fn object_body(def: &ObjectTypeDef, w: &mut JsonWriter, linked: bool) {
    w.key("properties");
    w.begin_object();
    for f in &def.fields {
        w.key(&f.name);
        field(f, w, linked);
    }
    w.end_object();
    let required = |f: &&FieldDef| f.type_.ends_with('!');
    if def.fields.iter().any(|f| required(&f)) {
        w.key("required");
        w.begin_array();
        for f in def.fields.iter().filter(required) {
            w.string(&f.name);
        }
        w.end_array();
    }
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

fn field(f: &FieldDef, w: &mut JsonWriter, linked: bool) {
    w.begin_object();
    if let Some(d) = &f.description {
        w.entry("description", d);
    }
    let t = parse_type_expr(&f.type_);
    if let Some(t) = &t {
        structure(t, w);
    }
    if to_field_name(&f.name) != f.name {
        w.entry("x-graphql-field-name", &f.name);
    }
    let (exact, item_non_null) = t.as_ref().map_or((true, false), type_shape);
    if exact {
        w.entry("x-graphql-field-type", &f.type_);
    } else if item_non_null {
        w.key("x-graphql-field-list-item-non-null");
        w.bool(true);
    }
    if !f.args.is_empty() {
        w.key("x-graphql-field-arguments");
        input_values(&f.args, linked, w);
    }
    if let Some(v) = &f.default_value {
        w.key("x-graphql-default");
        w.value(v);
    }
    let split = split_field_directives(&f.directives, linked);
    write_attributes(&split.attributes, w);
    if !split.rest.is_empty() {
        w.key("x-graphql-field-directives");
        directive_list(&split.rest, w);
    }
    if f.directives.len() > 1 && canonical_field_directives(f.directives.clone(), linked) != f.directives {
        w.key("x-graphql-directive-order");
        strings(&f.directives.iter().map(|d| d.name.as_str()).collect::<Vec<_>>(), w);
    }
    w.end_object();
}

/// The JSON Schema shape of a type, as keys of the field's object: built-in
/// scalars as JSON types, named types as `$ref`, lists as arrays (`type`,
/// `items`), the outermost list first. No recursion.
fn structure(t: &TypeExpr, w: &mut JsonWriter) {
    let name = match &t.base {
        Base::Name(n) => n.as_ref(),
        Base::Slot(_) => "",
    };
    let lists = t.wrappers.iter().filter(|x| **x == Wrapper::List).count();
    for _ in 0..lists {
        w.entry("type", "array");
        w.key("items");
        w.begin_object();
    }
    match scalar_type(name) {
        Some(ty) => w.entry("type", ty),
        None => {
            w.key("$ref");
            w.string_with_prefix(DEFINITIONS, name);
        }
    }
    for _ in 0..lists {
        w.end_object();
    }
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
