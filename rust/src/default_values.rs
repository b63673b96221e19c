//! default_values: whether a default value fits its type, as graphql-js 16
//! coerces a default (`valueFromAST`) when it builds a schema (record 0030;
//! mirrors js/src/default-values.ts).
//!
//! graphql-js keeps no default that does not coerce, so a non-null argument or
//! input field with such a default is *required* to it, and `@deprecated` on it
//! makes the SDL invalid; apollo-compiler keeps the default. So that every SDL
//! we print is valid for both, `@deprecated` on a non-null argument or input
//! field whose default does not fit is ATTRIBUTE_SCOPE, as it is without a
//! default (lower_directives.rs). sdl_read.rs applies graphql-js's rule to SDL
//! input.
//!
//! The value is JSON, as printed (`print_value`): a number is an Int literal
//! when it prints as digits, an `{"x-graphql-enum": "V"}` object is an enum value.

use foldhash::HashMap;

use crate::json::{Str, Value};

use crate::errors::{codes, ConversionError};
use crate::lower::{fail, Lowering};
use crate::lower_directives::DraftDirectiveDef;
use crate::print::enum_literal;
use crate::loc::Loc;
use crate::slots::{SlotId, SlotKind, Slots};
use crate::text::format_number;
use crate::type_expr::{render_type, Base, TypeExpr, Wrapper};

/// Deeper than this, a default (of an input type that contains itself) is taken to fit.
const MAX_DEPTH: usize = 64;

/// `@deprecated` on a non-null argument or input field whose default does not fit: ATTRIBUTE_SCOPE.
pub fn check_deprecated_defaults(
    lw: &Lowering,
    order: &[SlotId],
    directive_defs: &[DraftDirectiveDef],
    by_name: &HashMap<Str, SlotId>,
) -> Result<(), ConversionError> {
    let slots = &lw.slots;
    let check = |type_: &TypeExpr, dflt: Option<&Value>, at: Option<&Loc>, what: &str| -> Result<(), ConversionError> {
        let (Some(at), Some(dflt), true) = (at, dflt, type_.is_non_null()) else { return Ok(()) };
        if fits(dflt, type_, slots, by_name, 0, false) {
            return Ok(());
        }
        let rendered = render_type(type_, slots);
        Err(fail(
            codes::ATTRIBUTE_SCOPE,
            format!("directive @deprecated cannot be applied to a required {what} (its default does not fit {rendered}, so GraphQL ignores it)"),
            at,
        ))
    };
    for d in directive_defs {
        for a in &d.args {
            check(&a.type_, a.default_value.as_ref(), a.deprecated_at.as_ref(), "argument")?;
        }
    }
    for &id in order {
        let Some(slot) = slots.get(id) else { continue };
        for f in &slot.fields {
            for a in f.args() {
                check(&a.type_, a.default_value.as_ref(), a.deprecated_at.as_ref(), "argument")?;
            }
            if slot.kind == SlotKind::Input {
                check(&f.type_, f.default_value(), f.deprecated_at(), "input field")?;
            }
        }
    }
    Ok(())
}

fn is_int_literal(value: &Value) -> Option<f64> {
    let n = value.as_f64()?;
    let text = format_number(n);
    let digits = text.strip_prefix('-').unwrap_or(&text);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(n)
}

/// graphql-js `valueFromAST(value, type) !== undefined`, for a JSON value as printed.
/// `applied`: the value of an applied directive's argument (record 0065), which
/// GraphQL's input coercion also refuses with a field its input object type lacks
/// (`valueFromAST` ignores those, as validation has refused them before).
pub fn fits(
    value: &Value,
    type_: &TypeExpr,
    slots: &Slots,
    by_name: &HashMap<Str, SlotId>,
    depth: usize,
    applied: bool,
) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match type_.outer() {
        Some(Wrapper::NonNull) => return !value.is_null() && fits(value, &type_.inner(), slots, by_name, depth, applied),
        _ if value.is_null() => return true,
        Some(Wrapper::List) => {
            let item = type_.inner();
            return match value {
                Value::Array(items) => items.iter().all(|v| fits(v, &item, slots, by_name, depth + 1, applied)),
                _ => fits(value, &item, slots, by_name, depth + 1, applied),
            };
        }
        None => {}
    }
    let slot = match &type_.base {
        Base::Slot(id) => slots.get(*id),
        Base::Name(name) => {
            match name.as_ref() {
                "Int" => return is_int_literal(value).is_some_and(|n| (-2147483648.0..=2147483647.0).contains(&n)),
                "Float" => return value.is_number(),
                "String" => return value.is_string(),
                "Boolean" => return value.is_boolean(),
                "ID" => return value.is_string() || is_int_literal(value).is_some(),
                _ => {}
            }
            by_name.get(name.as_ref()).and_then(|&id| slots.get(id))
        }
    };
    let Some(slot) = slot else { return true };
    match slot.kind {
        SlotKind::Enum => enum_literal(value).is_some_and(|v| slot.values.iter().any(|e| e.name == v)),
        SlotKind::Input => {
            let Value::Object(map) = value else { return false };
            if enum_literal(value).is_some() {
                return false;
            }
            if applied && map.keys().any(|k| !slot.fields.iter().any(|f| f.name.as_str() == k.as_str())) {
                return false;
            }
            let mut coerced = 0;
            let mut last_null = false;
            for field in &slot.fields {
                match map.get(&field.name) {
                    None => {
                        let default_fits =
                            field.default_value().is_some_and(|d| fits(d, &field.type_, slots, by_name, depth + 1, false));
                        if default_fits {
                            coerced += 1;
                            last_null = field.default_value().is_some_and(Value::is_null);
                        } else if field.type_.is_non_null() {
                            return false;
                        }
                    }
                    Some(given) => {
                        if !fits(given, &field.type_, slots, by_name, depth + 1, applied) {
                            return false;
                        }
                        coerced += 1;
                        last_null = given.is_null();
                    }
                }
            }
            // @oneOf: exactly one field, not null.
            if slot.directives.iter().any(|d| d.name == "oneOf") {
                return coerced == 1 && !last_null;
            }
            true
        }
        // a custom scalar takes any literal
        _ => true,
    }
}
