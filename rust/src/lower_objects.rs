//! lower_objects: the part of lowering that gives an object, interface or input
//! type its fields: the properties merged with the `allOf` members (merge_all_of.rs),
//! names given by `x-graphql-field-name`, `@oneOf` inputs (record 0068), the
//! interfaces it implements; and each field's type, nullability (D4), arguments,
//! default and directives. Split out of lower.rs as a second `impl Lowering` block.
//! Mirrors js/src/lower-objects.ts.

use crate::json::{Str, Value};

use crate::errors::{codes, ConversionError};
use crate::json_print::json_string;
use crate::json_reasons::{JsonField, JsonReason};
use crate::loc::Loc;
use crate::lower::{directive_order, fail, Classification, Lowering};
use crate::lower_arguments::required_deprecation;
use crate::lower_types::{allows_null, type_of, TypeContext};
use crate::naming::{is_valid_name, to_field_name};
use crate::normalize::{attr, flag, has_attributes, is_ref_conjunction, ref_of};
use crate::schema_shapes::{description_of, is_one_of};
use crate::slots::{BaseName, DraftField, FieldExtras, NameRef, SlotId, SlotKind, TypeFrom};
use crate::type_expr::{
    Base, JSON_SCALAR, list_depth, named, non_null, nullable, parse_type_expr, TypeExpr, Wrapper, MAX_LIST_NESTING,
};

impl Lowering {
    pub(crate) fn lower_object(&mut self, id: SlotId, loc: &Loc, kind: SlotKind) -> Result<(), ConversionError> {
        let merged = self.take_merged(loc)?;
        // Taken, not borrowed: lowering a field may lower another object.
        let mut registry = std::mem::take(&mut self.field_names);
        registry.clear();
        // Sized once: growing a vector of drafts (160 bytes each) from empty copied them at
        // every doubling: -2% of JSON -> SDL at bench-corpus N = 5,000 (criterion).
        let mut drafts: Vec<DraftField> = Vec::with_capacity(merged.properties.len());
        // The positions of the drafts named by `x-graphql-field-name`, ascending (most
        // objects have none, and then this allocates nothing).
        let mut explicit: Vec<usize> = Vec::new();
        let one_of = kind == SlotKind::Input && is_one_of(loc.node());
        let owner_kind = match kind {
            SlotKind::Input if one_of => FieldOwner::OneOfInput,
            SlotKind::Input => FieldOwner::Input,
            _ => FieldOwner::Output,
        };
        for prop in &merged.properties {
            if prop.skip {
                continue;
            }
            let schema = prop.schema();
            let mut required = prop.required;
            if required && one_of {
                // Record 0068: exactly one field of a @oneOf input is given, so none is required.
                required = false;
                let at = required_entry(loc, prop.key()).unwrap_or_else(|| prop.loc.clone());
                self.warn(
                    codes::ONE_OF_REQUIRED,
                    format!("required lists {}, but the fields of a @oneOf input are nullable: ignored", json_string(prop.key())),
                    &at,
                );
            }
            let explicit_name = match attr(schema, "x-graphql-field-name") {
                Some(Value::String(name)) => Some(name),
                _ => None,
            };
            if let Some(name) = explicit_name {
                let at = prop.loc.child(&["x-graphql-field-name"]);
                if !is_valid_name(name) {
                    return Err(fail(codes::INVALID_NAME, format!("\"{name}\" is not a valid GraphQL name"), &at));
                }
                if !registry.reserve(name) {
                    return Err(fail(codes::DUPLICATE_NAME, format!("field name {name} is used twice"), &at));
                }
            }
            if explicit_name.is_some() {
                explicit.push(drafts.len());
            }
            drafts.push(self.lower_field(id, owner_kind, prop.key(), &prop.loc, schema, required)?);
        }
        let mut explicit = explicit.into_iter().peekable();
        for (i, field) in drafts.iter_mut().enumerate() {
            if explicit.next_if_eq(&i).is_none() {
                field.name = registry.claim(std::mem::take(&mut field.name));
            }
        }
        self.field_names = registry;
        if drafts.is_empty() {
            drafts.push(DraftField {
                name: Str::new_inline("_empty"),
                description: None,
                type_: named("Boolean"),
                extras: None,
                loc: loc.clone(),
                type_from: TypeFrom::Property,
            });
        }
        if let Some(slot) = self.slots.get_mut(id) {
            slot.fields = drafts;
        }
        if kind == SlotKind::Input {
            return Ok(());
        }
        let node = loc.node();
        if let Some(Value::Array(list)) = attr(node, "x-graphql-implements") {
            let names: Vec<NameRef> = list
                .iter()
                .enumerate()
                .filter_map(|(i, name)| {
                    name.as_str().map(|name| NameRef {
                        name: name.to_string(),
                        loc: loc.child(&["x-graphql-implements".to_string(), i.to_string()]),
                    })
                })
                .collect();
            if let Some(slot) = self.slots.get_mut(id) {
                slot.interface_names.extend(names);
            }
        }
        for member in &merged.ref_members {
            let t = self.follow_refs(member.clone())?;
            if self.classify(&t)? == Classification::Slot(SlotKind::Interface) {
                let iface = self.slot_for(&t, SlotKind::Interface, id, BaseName::Target(t.clone()));
                if let Some(slot) = self.slots.get_mut(id) {
                    slot.interface_slots.push(iface);
                }
            }
        }
        Ok(())
    }

    pub fn lower_field(
        &mut self,
        owner: SlotId,
        owner_kind: FieldOwner,
        key: &str,
        loc: &Loc,
        node: &Value,
        required: bool,
    ) -> Result<DraftField, ConversionError> {
        let input = owner_kind != FieldOwner::Output;
        let one_of = owner_kind == FieldOwner::OneOfInput;
        let ctx = TypeContext { owner, key, input };
        // Most properties carry no x-graphql- attribute: one pass over their keys
        // spares them the dozen lookups below, each a search of every key (N = 5,000:
        // -2.9% instructions, callgrind).
        let plain = !has_attributes(node);
        let attribute = |name: &str| if plain { None } else { attr(node, name) };
        let explicit_type = match attribute("x-graphql-field-type") {
            Some(Value::String(t)) => Some(t),
            _ => None,
        };
        let mut type_;
        let schema_null;
        let mut explicit_non_null = false;
        let mut branch_types = None;
        if let Some(text) = explicit_type {
            let Some(parsed) = parse_type_expr(text) else {
                return Err(fail(
                    codes::FIELD_TYPE_SYNTAX,
                    format!("\"{text}\" is not a GraphQL type expression"),
                    &loc.child(&["x-graphql-field-type"]),
                ));
            };
            explicit_non_null = parsed.is_non_null();
            type_ = parsed;
            schema_null = allows_null(node);
        } else {
            self.json_reason = None;
            self.json_branches = None;
            let info = type_of(self, node, loc, &ctx)?;
            type_ = info.type_;
            schema_null = info.nullable;
            if matches!(&type_.base, Base::Name(name) if name == JSON_SCALAR) {
                let reason = self.json_reason.unwrap_or(JsonReason::Untyped);
                self.json_fields.push(JsonField { reason, loc: loc.clone() });
                branch_types = self.json_branches.take();
            }
        }
        if attribute("x-graphql-field-list-item-non-null") == Some(&Value::Bool(true)) {
            if type_.is_list() {
                // [T] -> [T!]
                type_ = wrap_inner_non_null(type_);
            } else if type_.is_non_null() && type_.inner().is_list() {
                // [T]! -> [T!]!
                type_ = non_null(wrap_inner_non_null(type_.inner()));
            }
        }
        type_ = apply_nullability(node, plain, type_, schema_null, required);
        if one_of && type_.is_non_null() {
            // Record 0068: what made it non-null is an attribute (`required` was set aside).
            let attribute = if explicit_non_null { "x-graphql-field-type" } else { "x-graphql-field-non-null" };
            return Err(fail(
                codes::ATTRIBUTE_SCOPE,
                format!("a field of a @oneOf input is nullable; {attribute} makes it non-null"),
                &loc.child(&[attribute]),
            ));
        }
        if list_depth(&type_) > MAX_LIST_NESTING {
            let at = if explicit_type.is_some() { loc.child(&["x-graphql-field-type"]) } else { loc.clone() };
            return Err(fail(
                codes::TOO_DEEP,
                format!("a type nests lists more than {MAX_LIST_NESTING} levels deep"),
                &at,
            ));
        }
        let name = match attribute("x-graphql-field-name") {
            Some(Value::String(name)) => name.clone(),
            _ => to_field_name(key),
        };
        let location = if input { "INPUT_FIELD_DEFINITION" } else { "FIELD_DEFINITION" };
        let (args, default_value, directives) = if plain {
            (Vec::new(), None, Vec::new())
        } else {
            (
                self.directives.field_arguments(node, loc, input)?,
                self.directives.field_default(node, loc, input)?,
                self.directives.for_field(node, loc, location)?,
            )
        };
        if one_of && default_value.is_some() {
            return Err(fail(
                codes::ATTRIBUTE_SCOPE,
                "a field of a @oneOf input has no default value",
                &loc.child(&["x-graphql-default"]),
            ));
        }
        let order = if plain { None } else { directive_order(node, loc, &directives, "field")? };
        let list = attribute("x-graphql-field-directives");
        // required_deprecation looks only at a list: no loc built for the other fields.
        let deprecated_at = if input && list.is_some_and(Value::is_array) {
            let at = loc.child(&["x-graphql-field-directives"]);
            required_deprecation(&type_, default_value.as_ref(), list, &at, "input field")?
        } else {
            None
        };
        let type_from = if explicit_type.is_some() {
            TypeFrom::FieldType
        } else if ref_of(node).is_some() && !is_ref_conjunction(node, loc.source().draft) {
            TypeFrom::Ref
        } else {
            TypeFrom::Property
        };
        Ok(DraftField {
            name,
            description: description_of(node),
            type_,
            extras: FieldExtras::boxed(args, default_value, directives, deprecated_at, order, branch_types),
            loc: loc.clone(),
            type_from,
        })
    }
}

/// `[T]` -> `[T!]` for an expression whose outermost wrapper is a list.
fn wrap_inner_non_null(list: TypeExpr) -> TypeExpr {
    let mut of = list.inner();
    of = non_null(of);
    of.wrappers.push(Wrapper::List);
    of
}

/// The kind of type a field is lowered for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FieldOwner {
    /// An object or interface type.
    Output,
    Input,
    /// An input type that applies `@oneOf` (record 0068).
    OneOfInput,
}

/// The place of `key` in a type's own `required`, if it is listed there (not only in an `allOf` member).
fn required_entry(loc: &Loc, key: &str) -> Option<Loc> {
    let Some(Value::Array(list)) = attr(loc.node(), "required") else { return None };
    let i = list.iter().position(|v| v.as_str() == Some(key))?;
    Some(loc.child(&["required".to_string(), i.to_string()]))
}

/// D4: first match wins.
/// `plain`: the node has no x-graphql- attribute (`has_attributes`), so none is looked up.
fn apply_nullability(node: &Value, plain: bool, type_: TypeExpr, schema_null: bool, required: bool) -> TypeExpr {
    if !plain && flag(node, "x-graphql-nullable") {
        return nullable(type_);
    }
    if (!plain && flag(node, "x-graphql-field-non-null")) || type_.is_non_null() {
        return non_null(type_);
    }
    if schema_null {
        return type_;
    }
    if required {
        non_null(type_)
    } else {
        type_
    }
}
