//! field_set_locs: where each directive of a type or field was given, read while
//! lowering (the trees are freed before assemble) so that field_set.rs's problems
//! point at the attribute entry that gave the directive (record 0073). Mirrors
//! js/src/field-set-locs.ts.

use crate::json::Value;
use crate::loc::{loc_key, Loc};
use crate::normalize::{attr, flag};

/// Which directives of a place: an inline object's schema is both a field and a type,
/// so its field directives and its type directives share a place and need the kind too.
#[derive(Clone, Copy)]
pub enum LocKind {
    Type,
    Field,
}

/// The key of lower_directives' `field_set_locs`.
pub fn field_set_loc_key(kind: LocKind, loc: &Loc) -> String {
    let prefix = match kind {
        LocKind::Type => "type ",
        LocKind::Field => "field ",
    };
    format!("{prefix}{}", loc_key(loc))
}

/// Where each of a type's directives was given, in the order lower_directives
/// `for_type` makes them: the keys, `@shareable`, then `x-graphql-type-directives`;
/// the type's loc for all of them if that order cannot be followed. Read while
/// lowering (the trees are freed before assemble) and kept by `FieldDirectives`.
pub fn type_directive_locs(node: &Value, loc: &Loc, count: usize) -> Vec<Loc> {
    let mut out: Vec<Loc> = Vec::new();
    match attr(node, "x-graphql-federation-keys") {
        Some(Value::String(_)) => out.push(loc.child(&["x-graphql-federation-keys"])),
        Some(Value::Array(keys)) => {
            for (i, entry) in keys.iter().enumerate() {
                let fits = match entry {
                    Value::String(_) => true,
                    Value::Object(_) => matches!(attr(entry, "fields"), Some(Value::String(_))),
                    _ => false,
                };
                if fits {
                    out.push(loc.child(&["x-graphql-federation-keys".to_string(), i.to_string()]));
                }
            }
        }
        _ => {}
    }
    if flag(node, "x-graphql-federation-shareable") {
        out.push(loc.child(&["x-graphql-federation-shareable"]));
    }
    if flag(node, "x-graphql-federation-interface-object") {
        out.push(loc.child(&["x-graphql-federation-interface-object"]));
    }
    common_locs(node, loc, true, &mut out);
    list_locs(attr(node, "x-graphql-type-directives"), loc, "x-graphql-type-directives", &mut out);
    if out.len() == count {
        out
    } else {
        vec![loc.clone(); count]
    }
}

/// Where each of a field's directives was given, in the order lower_directives
/// `for_field` makes them (as `type_directive_locs`).
pub fn field_directive_locs(node: &Value, loc: &Loc, count: usize) -> Vec<Loc> {
    let mut out: Vec<Loc> = Vec::new();
    if flag(node, "x-graphql-federation-external") {
        out.push(loc.child(&["x-graphql-federation-external"]));
    }
    for attribute in ["x-graphql-federation-requires", "x-graphql-federation-provides"] {
        if matches!(attr(node, attribute), Some(Value::Array(_) | Value::String(_))) {
            out.push(loc.child(&[attribute]));
        }
    }
    if flag(node, "x-graphql-federation-shareable") {
        out.push(loc.child(&["x-graphql-federation-shareable"]));
    }
    if matches!(attr(node, "x-graphql-federation-override-from"), Some(Value::String(_))) {
        let labelled = matches!(attr(node, "x-graphql-federation-override-label"), Some(Value::String(_)));
        out.push(loc.child(&[if labelled { "x-graphql-federation-override-label" } else { "x-graphql-federation-override-from" }]));
    }
    common_locs(node, loc, false, &mut out);
    list_locs(attr(node, "x-graphql-field-directives"), loc, "x-graphql-field-directives", &mut out);
    if out.len() == count {
        out
    } else {
        vec![loc.clone(); count]
    }
}

/// The places of lower_directives `common_attributes`' directives, in its order.
fn common_locs(node: &Value, loc: &Loc, type_: bool, out: &mut Vec<Loc>) {
    if flag(node, "x-graphql-federation-inaccessible") {
        out.push(loc.child(&["x-graphql-federation-inaccessible"]));
    }
    let each_string = |attribute: &str, out: &mut Vec<Loc>| {
        if let Some(Value::Array(items)) = attr(node, attribute) {
            for (i, item) in items.iter().enumerate() {
                if item.is_string() {
                    out.push(loc.child(&[attribute.to_string(), i.to_string()]));
                }
            }
        }
    };
    each_string("x-graphql-federation-tags", out);
    if flag(node, "x-graphql-federation-authenticated") {
        out.push(loc.child(&["x-graphql-federation-authenticated"]));
    }
    for attribute in ["x-graphql-federation-requires-scopes", "x-graphql-federation-policy"] {
        if matches!(attr(node, attribute), Some(Value::Array(_))) {
            out.push(loc.child(&[attribute]));
        }
    }
    if type_ {
        each_string("x-graphql-federation-context", out);
    }
    if matches!(attr(node, "x-graphql-federation-cost"), Some(Value::Number(_))) {
        out.push(loc.child(&["x-graphql-federation-cost"]));
    }
    if !type_ && matches!(attr(node, "x-graphql-federation-list-size"), Some(Value::Object(_))) {
        out.push(loc.child(&["x-graphql-federation-list-size"]));
    }
}

/// The entries of a directive list that give a directive (objects).
fn list_locs(list: Option<&Value>, loc: &Loc, attribute: &str, out: &mut Vec<Loc>) {
    let Some(Value::Array(items)) = list else { return };
    for (i, entry) in items.iter().enumerate() {
        if matches!(entry, Value::Object(_)) {
            out.push(loc.child(&[attribute.to_string(), i.to_string()]));
        }
    }
}
