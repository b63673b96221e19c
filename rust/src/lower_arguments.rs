//! lower_arguments: the arguments and input values that lower_directives reads
//! for fields and declared directives: `x-graphql-field-arguments` (D10; a field's
//! may say `fromContext`, record 0084), the `args` of `x-graphql-directive-definitions`,
//! an input field's `x-graphql-default` (record 0028), and `@deprecated` refused on
//! what is required (record 0030). Split out of lower_directives.rs as a second
//! `impl FieldDirectives` block; TypeScript keeps these methods in
//! js/src/lower-directives.ts (the `FieldDirectives` class).

use crate::directive_literals::check_literal;
use crate::errors::{codes, ConversionError};
use crate::json::{Str, Value};
use crate::loc::Loc;
use crate::lower::fail;
use crate::lower_directives::{js_text, FieldDirectives};
use crate::naming::is_valid_name;
use crate::normalize::attr;
use crate::slots::DraftInputValue;
use crate::type_expr::{list_depth, parse_type_expr, TypeExpr, MAX_LIST_NESTING};

type Res<T> = Result<T, ConversionError>;

/// Record 0030: GraphQL forbids `@deprecated` on a required argument or input
/// field (non-null, no default), so it is ATTRIBUTE_SCOPE at the directive.
/// Returns where a non-null one's `@deprecated` stands: with a default that
/// does not fit the type it is required too (default_values.rs checks that
/// once the types have their names).
pub fn required_deprecation(
    type_: &TypeExpr,
    dflt: Option<&Value>,
    list: Option<&Value>,
    loc: &Loc,
    what: &str,
) -> Res<Option<Loc>> {
    let (true, Some(Value::Array(list))) = (type_.is_non_null(), list) else { return Ok(None) };
    let Some(i) = list.iter().position(|e| attr(e, "name").and_then(Value::as_str) == Some("deprecated")) else {
        return Ok(None);
    };
    let at = loc.child(&[i.to_string()]);
    if dflt.is_none() {
        return Err(fail(
            codes::ATTRIBUTE_SCOPE,
            format!("directive @deprecated cannot be applied to a required {what} (non-null without a default)"),
            &at,
        ));
    }
    Ok(Some(at))
}

impl FieldDirectives {
    /// `x-graphql-default` on an input field (record 0028); elsewhere ATTRIBUTE_SCOPE.
    pub fn field_default(&mut self, node: &Value, loc: &Loc, input: bool) -> Res<Option<Value>> {
        let Some(value) = attr(node, "x-graphql-default") else { return Ok(None) };
        let at = loc.child(&["x-graphql-default"]);
        if !input {
            return Err(fail(codes::ATTRIBUTE_SCOPE, "x-graphql-default applies to input fields only", &at));
        }
        check_literal(value, &at)?;
        Ok(Some(value.clone()))
    }

    /// `x-graphql-field-arguments`; an input field cannot have arguments (D10).
    pub fn field_arguments(&mut self, node: &Value, loc: &Loc, input: bool) -> Res<Vec<DraftInputValue>> {
        let Some(value) = attr(node, "x-graphql-field-arguments") else { return Ok(Vec::new()) };
        let at = loc.child(&["x-graphql-field-arguments"]);
        if input {
            return Err(fail(codes::INPUT_FIELD, "an input field cannot have arguments", &at));
        }
        self.input_values(Some(value), &at, true)
    }

    /// Arguments; a field's (`field`) may say `fromContext` (record 0084).
    pub(crate) fn input_values(&mut self, value: Option<&Value>, loc: &Loc, field: bool) -> Res<Vec<DraftInputValue>> {
        let Some(Value::Object(map)) = value else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        for (name, spec) in map {
            let at = loc.child(&[name]);
            if !is_valid_name(name) {
                return Err(fail(codes::INVALID_NAME, format!("\"{name}\" is not a valid argument name"), &at));
            }
            let type_text = attr(spec, "type");
            let Some(type_) = type_text.and_then(Value::as_str).and_then(parse_type_expr) else {
                return Err(fail(
                    codes::FIELD_TYPE_SYNTAX,
                    format!("\"{}\" is not a GraphQL type expression", js_text(type_text)),
                    &at.child(&["type"]),
                ));
            };
            if list_depth(&type_) > MAX_LIST_NESTING {
                return Err(fail(
                    codes::TOO_DEEP,
                    format!("a type nests lists more than {MAX_LIST_NESTING} levels deep"),
                    &at.child(&["type"]),
                ));
            }
            // Record 0084: `fromContext` is federation's `@fromContext(field:)`, printed before the list.
            let from_context = if field { attr(spec, "fromContext").filter(|v| v.is_string()) } else { None };
            let (directives, from_context_at) = match from_context {
                Some(text) => {
                    let fc_at = at.child(&["fromContext"]);
                    let d = self.later(
                        "fromContext",
                        vec![("field".to_string(), text.clone())],
                        "ARGUMENT_DEFINITION",
                        &fc_at,
                    )?;
                    let already = ["fromContext".to_string()];
                    let rest = self.applied(
                        attr(spec, "directives"),
                        &at.child(&["directives"]),
                        "ARGUMENT_DEFINITION",
                        &already,
                    )?;
                    let mut all = Vec::with_capacity(rest.len() + 1);
                    all.push(d);
                    all.extend(rest);
                    (all, Some(fc_at))
                }
                None => {
                    let list = attr(spec, "directives");
                    let directives = self.applied(list, &at.child(&["directives"]), "ARGUMENT_DEFINITION", &[])?;
                    let entry = match list {
                        Some(Value::Array(items)) => items
                            .iter()
                            .position(|e| matches!(e, Value::Object(_)) && attr(e, "name").and_then(Value::as_str) == Some("fromContext")),
                        _ => None,
                    };
                    (directives, entry.map(|i| at.child(&["directives", &i.to_string()])))
                }
            };
            let description = match attr(spec, "description") {
                Some(Value::String(d)) if !d.is_empty() => Some(d.clone()),
                _ => None,
            };
            let (default_value, default_at) = match attr(spec, "default") {
                Some(dflt) => {
                    let default_at = at.child(&["default"]);
                    check_literal(dflt, &default_at)?;
                    (Some(dflt.clone()), Some(default_at))
                }
                None => (None, None),
            };
            let deprecated_at = required_deprecation(
                &type_,
                default_value.as_ref(),
                attr(spec, "directives"),
                &at.child(&["directives"]),
                "argument",
            )?;
            out.push(DraftInputValue {
                name: Str::new(name),
                description,
                type_,
                default_value,
                directives,
                deprecated_at,
                default_at,
                from_context_at,
            });
        }
        Ok(out)
    }
}
