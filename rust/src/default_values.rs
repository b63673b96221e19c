//! default_values: whether a value fits its type, as GraphQL's input coercion
//! (`fits`), and the defaults of the document checked with it (record 0030;
//! mirrors js/src/default-values.ts).
//!
//! Every default must coerce to its type (the spec, graphql-js 17 and
//! buildSubgraphSchema refuse one that does not: `first: Int = {}`), so one
//! that does not is ATTRIBUTE_TYPE at the default; the reverse direction
//! refuses the same SDL (sdl_values.rs). graphql-js 16 keeps no default that
//! does not coerce (`valueFromAST`), so to it a non-null argument or input
//! field with such a default is *required*, and `@deprecated` on it makes the
//! SDL invalid: that is ATTRIBUTE_SCOPE at the `@deprecated` entry, as it is
//! without a default (lower_directives.rs), and is checked first.
//!
//! The value is JSON, as printed (print.rs): a number is an Int literal
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

/// Every default against its type (record 0030), in the order of the document:
/// the arguments of directive definitions, then each type's fields, their
/// arguments and (input fields) their `x-graphql-default`. For each default,
/// `@deprecated` on a non-null one whose default does not fit as graphql-js 16
/// reads it is ATTRIBUTE_SCOPE at the directive; then a default that does not
/// coerce to its type under GraphQL's input coercion (the spec, graphql-js 17
/// and buildSubgraphSchema refuse it) is ATTRIBUTE_TYPE at the default
/// (mirrors `checkDefaults`).
pub fn check_defaults(
    lw: &Lowering,
    order: &[SlotId],
    directive_defs: &[DraftDirectiveDef],
    by_name: &HashMap<Str, SlotId>,
) -> Result<(), ConversionError> {
    let slots = &lw.slots;
    let check = |type_: &TypeExpr,
                 dflt: Option<&Value>,
                 deprecated_at: Option<&Loc>,
                 default_at: &dyn Fn() -> Option<Loc>,
                 what: &str,
                 coordinate: &dyn Fn() -> String|
     -> Result<(), ConversionError> {
        let Some(dflt) = dflt else { return Ok(()) };
        if let Some(at) = deprecated_at.filter(|_| type_.is_non_null()) {
            if !fits(dflt, type_, slots, by_name, 0, false) {
                let rendered = render_type(type_, slots);
                return Err(fail(
                    codes::ATTRIBUTE_SCOPE,
                    format!("directive @deprecated cannot be applied to a required {what} (its default does not fit {rendered}, so GraphQL ignores it)"),
                    at,
                ));
            }
        }
        if !fits(dflt, type_, slots, by_name, 0, true) {
            // Every default has its place (set where it is read); inferred arguments have none.
            let Some(at) = default_at() else { return Ok(()) };
            let rendered = render_type(type_, slots);
            return Err(fail(
                codes::ATTRIBUTE_TYPE,
                format!("the default value of {what} {} does not fit its type {rendered}", coordinate()),
                &at,
            ));
        }
        Ok(())
    };
    for d in directive_defs {
        for a in &d.args {
            let at = || a.default_at.clone();
            check(&a.type_, a.default_value.as_ref(), a.deprecated_at.as_ref(), &at, "argument", &|| {
                format!("@{}({}:)", d.name, a.name)
            })?;
        }
    }
    for &id in order {
        let Some(slot) = slots.get(id) else { continue };
        for f in &slot.fields {
            for a in f.args() {
                let at = || a.default_at.clone();
                check(&a.type_, a.default_value.as_ref(), a.deprecated_at.as_ref(), &at, "argument", &|| {
                    format!("{}.{}({}:)", slot.name, f.name, a.name)
                })?;
            }
            if slot.kind == SlotKind::Input {
                let at = || Some(f.loc.child(&["x-graphql-default"]));
                check(&f.type_, f.default_value(), f.deprecated_at(), &at, "input field", &|| {
                    format!("{}.{}", slot.name, f.name)
                })?;
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
/// `strict`: GraphQL's input coercion, for the value of an applied directive's
/// argument (record 0065) and a default (record 0030), which also refuses a
/// field its input object type lacks (`valueFromAST` ignores those, as
/// validation has refused them before).
pub fn fits(
    value: &Value,
    type_: &TypeExpr,
    slots: &Slots,
    by_name: &HashMap<Str, SlotId>,
    depth: usize,
    strict: bool,
) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    match type_.outer() {
        Some(Wrapper::NonNull) => return !value.is_null() && fits(value, &type_.inner(), slots, by_name, depth, strict),
        _ if value.is_null() => return true,
        Some(Wrapper::List) => {
            let item = type_.inner();
            return match value {
                Value::Array(items) => items.iter().all(|v| fits(v, &item, slots, by_name, depth + 1, strict)),
                _ => fits(value, &item, slots, by_name, depth + 1, strict),
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
            if strict && map.keys().any(|k| !slot.fields.iter().any(|f| f.name.as_str() == k.as_str())) {
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
                        if !fits(given, &field.type_, slots, by_name, depth + 1, strict) {
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
