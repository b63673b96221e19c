//! sdl_values: stage 4b of sdl_read (records 0030, 0065). Every default value
//! (of an argument, a directive definition's argument, an input field) and every
//! value of an applied directive's argument must coerce to its type under
//! GraphQL's input coercion. graphql-js 16 checks neither when it builds a schema
//! (its SDL rules have no `ValuesOfCorrectType`, and `valueFromAST` drops a
//! default that does not coerce), but the spec, graphql-js 17 and
//! `buildSubgraphSchema` refuse them, and the forward direction refuses the JSON
//! that would print them (ATTRIBUTE_TYPE): so SDL -> JSON refuses them too,
//! GRAPHQL_INVALID at the value, after the validator. The twin of
//! js/src/sdl-values.ts; `fits` is sdl_defaults.rs's.

use std::cell::OnceCell;
use std::sync::OnceLock;

use apollo_compiler::ast::{self, Definition as Ast};
use foldhash::{HashMap, HashMapExt};

use crate::errors::codes;
use crate::sdl_defaults::{fits, NamedType};
use crate::sdl_names::{directives_of_node, fields_of_node, input_fields_of_node, values_of_node};
use crate::sdl_read::{start, Reader, Res};
use crate::sdl_added_definitions::added_definitions;
use crate::text::print_string;

/// The built-in directives that can be applied in a type-system document, as graphql-js 16 defines them.
const BUILT_IN_DIRECTIVES: &str = "directive @deprecated(reason: String = \"No longer supported\") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE\n\
directive @specifiedBy(url: String!) on SCALAR\n\
directive @oneOf on INPUT_OBJECT\n";

fn built_in_directives() -> Option<&'static ast::Document> {
    static DOC: OnceLock<Option<ast::Document>> = OnceLock::new();
    DOC.get_or_init(|| ast::Document::parse(BUILT_IN_DIRECTIVES, "built-in-directives.graphql").ok()).as_ref()
}

/// An enum's values, or an input object's fields and whether it is `@oneOf`.
enum Named<'a> {
    Enum(Vec<&'a str>),
    Input(Vec<&'a ast::InputValueDefinition>, bool),
}

/// The first value of `doc` that does not coerce, in document order, as
/// GRAPHQL_INVALID at the value (mirrors `checkValues`).
pub(crate) fn check_values(reader: &Reader, doc: &ast::Document) -> Res<()> {
    let extra = added_definitions(doc);
    let all: Vec<&Ast> = doc.definitions.iter().chain(extra.iter().copied()).collect();
    let mut directives: HashMap<&str, &[apollo_compiler::Node<ast::InputValueDefinition>]> = HashMap::new();
    // The document's definitions first: graphql-js builds with them and adds a built-in only when it is not defined.
    let built_ins = built_in_directives().map(|d| d.definitions.as_slice()).unwrap_or_default();
    for def in all.iter().copied().chain(built_ins) {
        if let Ast::DirectiveDefinition(d) = def {
            directives.entry(d.name.as_str()).or_insert(d.arguments.as_slice());
        }
    }
    let types: OnceCell<HashMap<&str, Named>> = OnceCell::new();
    let lookup = |name: &str| -> NamedType {
        match types.get_or_init(|| named_types(&all)).get(name) {
            Some(Named::Enum(values)) => NamedType::Enum(values.clone()),
            Some(Named::Input(fields, one_of)) => NamedType::Input(fields.clone(), *one_of),
            None => NamedType::Other,
        }
    };
    let fail = |message: String, value: &apollo_compiler::Node<ast::Value>| {
        Err(reader.error(codes::GRAPHQL_INVALID, message, start(value.location())))
    };
    let applied = |list: &ast::DirectiveList| -> Res<()> {
        for d in list.iter() {
            let Some(params) = directives.get(d.name.as_str()) else { continue };
            for arg in &d.arguments {
                // An unknown directive or argument was refused by the validator before.
                let Some(param) = params.iter().find(|p| p.name == arg.name) else { continue };
                if !fits(&arg.value, &param.ty, &lookup, 0, true) {
                    return fail(format!("Argument \"{}\" has invalid value {}.", arg.name, print_value(&arg.value)), &arg.value);
                }
            }
        }
        Ok(())
    };
    let input_value = |v: &ast::InputValueDefinition, what: &dyn Fn() -> String| -> Res<()> {
        if let Some(dflt) = &v.default_value {
            if !fits(dflt, &v.ty, &lookup, 0, true) {
                return fail(format!("Invalid default value {} for {} of type {}.", print_value(dflt), what(), v.ty), dflt);
            }
        }
        applied(&v.directives)
    };

    // Each definition's parts in the order they are written, so the first problem met is the earliest.
    for def in &doc.definitions {
        if let Ast::DirectiveDefinition(d) = def {
            for a in &d.arguments {
                input_value(a, &|| format!("argument @{}({}:)", d.name, a.name))?;
            }
            continue;
        }
        let Some(list) = directives_of_node(def) else { continue };
        applied(list)?;
        let name = def.name().map(|n| n.as_str()).unwrap_or_default();
        for f in fields_of_node(def) {
            for a in &f.arguments {
                input_value(a, &|| format!("argument {name}.{}({}:)", f.name, a.name))?;
            }
            applied(&f.directives)?;
        }
        for f in input_fields_of_node(def) {
            input_value(f, &|| format!("input field {name}.{}", f.name))?;
        }
        for v in values_of_node(def) {
            applied(&v.directives)?;
        }
    }
    Ok(())
}

/// The enums and input objects of the document (definitions and extensions together).
fn named_types<'a>(all: &[&'a Ast]) -> HashMap<&'a str, Named<'a>> {
    let mut out: HashMap<&str, Named> = HashMap::new();
    for def in all {
        match def {
            Ast::EnumTypeDefinition(_) | Ast::EnumTypeExtension(_) => {
                let Some(name) = def.name() else { continue };
                let entry = out.entry(name.as_str()).or_insert_with(|| Named::Enum(Vec::new()));
                if let Named::Enum(values) = entry {
                    values.extend(values_of_node(def).iter().map(|v| v.value.as_str()));
                }
            }
            Ast::InputObjectTypeDefinition(_) | Ast::InputObjectTypeExtension(_) => {
                let Some(name) = def.name() else { continue };
                let entry = out.entry(name.as_str()).or_insert_with(|| Named::Input(Vec::new(), false));
                if let Named::Input(fields, one_of) = entry {
                    fields.extend(input_fields_of_node(def).iter().map(|f| &**f));
                    if directives_of_node(def).is_some_and(|l| l.iter().any(|d| d.name == "oneOf")) {
                        *one_of = true;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A value as graphql-js's `print` writes it, except that a block string is
/// written as an ordinary string (the AST does not say which it was). The
/// parser bounds the nesting (record 0042).
fn print_value(value: &ast::Value) -> String {
    match value {
        ast::Value::Null => "null".to_string(),
        ast::Value::Enum(name) | ast::Value::Variable(name) => name.to_string(),
        ast::Value::String(s) => print_string(s),
        ast::Value::Float(f) => f.as_str().to_string(),
        ast::Value::Int(i) => i.as_str().to_string(),
        ast::Value::Boolean(b) => b.to_string(),
        ast::Value::List(items) => format!("[{}]", items.iter().map(|v| print_value(v)).collect::<Vec<_>>().join(", ")),
        ast::Value::Object(fields) => {
            let fields: Vec<String> = fields.iter().map(|(n, v)| format!("{n}: {}", print_value(v))).collect();
            format!("{{{}}}", fields.join(", "))
        }
    }
}
