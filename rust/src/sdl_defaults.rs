//! sdl_defaults: whether a default value of an SDL document fits its type, as
//! graphql-js 16 decides when it builds a schema (`valueFromAST`; record 0030).
//! graphql-js keeps no default that does not coerce, so to it a non-null
//! argument or input field with such a default is required (and cannot be
//! deprecated); sdl_own_rules.rs applies that rule, as TypeScript gets it from
//! graphql-js itself. With `strict`, it is GraphQL's input coercion, which every
//! default and applied value must pass (sdl_values.rs). The JSON twin, for the
//! forward direction, is default_values.rs.

use apollo_compiler::ast;

/// What `fits` needs to know about a named type of the document.
pub enum NamedType<'a> {
    /// An enum, with its values (definition and extensions).
    Enum(Vec<&'a str>),
    /// An input object, with its fields (definition and extensions) and whether it is `@oneOf`.
    Input(Vec<&'a ast::InputValueDefinition>, bool),
    /// A custom scalar, an output type or an unknown name: any literal goes.
    Other,
}

/// Deeper than this, a default (of an input type that contains itself) is taken to fit.
const MAX_DEPTH: usize = 64;

/// graphql-js `valueFromAST(value, type) !== undefined`; `strict`: GraphQL's input
/// coercion, which also refuses a field the input object type lacks (`valueFromAST`
/// ignores it, as validation refused it before; sdl_values.rs). The twin of
/// js/src/sdl-values.ts `fits`.
pub fn fits<'a>(value: &ast::Value, ty: &ast::Type, lookup: &dyn Fn(&str) -> NamedType<'a>, depth: usize, strict: bool) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    let null = matches!(value, ast::Value::Null);
    match ty {
        ast::Type::NonNullNamed(name) => !null && fits_named(value, name.as_str(), lookup, depth, strict),
        ast::Type::NonNullList(item) => !null && fits_list(value, item, lookup, depth, strict),
        ast::Type::Named(name) => null || fits_named(value, name.as_str(), lookup, depth, strict),
        ast::Type::List(item) => null || fits_list(value, item, lookup, depth, strict),
    }
}

fn fits_list<'a>(value: &ast::Value, item: &ast::Type, lookup: &dyn Fn(&str) -> NamedType<'a>, depth: usize, strict: bool) -> bool {
    match value {
        ast::Value::List(items) => items.iter().all(|v| fits(v, item, lookup, depth + 1, strict)),
        _ => fits(value, item, lookup, depth + 1, strict),
    }
}

fn fits_named<'a>(value: &ast::Value, name: &str, lookup: &dyn Fn(&str) -> NamedType<'a>, depth: usize, strict: bool) -> bool {
    use ast::Value as V;
    match name {
        "Int" => return matches!(value, V::Int(i) if i.try_to_i32().is_ok()),
        "Float" => return matches!(value, V::Int(_) | V::Float(_)),
        "String" => return matches!(value, V::String(_)),
        "Boolean" => return matches!(value, V::Boolean(_)),
        "ID" => return matches!(value, V::String(_) | V::Int(_)),
        _ => {}
    }
    match lookup(name) {
        NamedType::Enum(values) => matches!(value, V::Enum(v) if values.contains(&v.as_str())),
        NamedType::Input(fields, one_of) => {
            let V::Object(given) = value else { return false };
            if strict && given.iter().any(|(n, _)| !fields.iter().any(|f| f.name == *n)) {
                return false;
            }
            let mut coerced = 0;
            let mut last_null = false;
            for field in fields {
                match given.iter().find(|(n, _)| *n == field.name) {
                    None => {
                        let default_fits =
                            field.default_value.as_ref().is_some_and(|d| fits(d, &field.ty, lookup, depth + 1, false));
                        if default_fits {
                            coerced += 1;
                            last_null = field.default_value.as_ref().is_some_and(|d| matches!(**d, V::Null));
                        } else if field.ty.is_non_null() {
                            return false;
                        }
                    }
                    Some((_, v)) => {
                        if !fits(v, &field.ty, lookup, depth + 1, strict) {
                            return false;
                        }
                        coerced += 1;
                        last_null = matches!(**v, V::Null);
                    }
                }
            }
            // @oneOf: exactly one field, not null.
            !one_of || (coerced == 1 && !last_null)
        }
        NamedType::Other => true,
    }
}
