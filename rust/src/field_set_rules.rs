//! field_set_rules: federation's rules for the later directives on a type or a
//! field (record 0075): `@authenticated`, `@requiresScopes`, `@policy` and `@cost`
//! where federation refuses them, `@interfaceObject` only on an entity, `@listSize`'s
//! arguments against the field. Split out of field_set.rs (a child module, so that it
//! reads `FieldSetCheck` as that module does); TypeScript keeps these methods in
//! js/src/field-set.ts (`typeRules`, `fieldRules`).

use super::*;

/// Federation refuses these on interfaces, their fields and interface objects (`validateNoAuthenticationOnInterfaces`).
const AUTHORIZATION: [&str; 3] = ["authenticated", "requiresScopes", "policy"];

impl FieldSetCheck<'_> {
    /// Record 0075: federation's rules for the later directives on a type
    /// (`validateNoAuthenticationOnInterfaces`, `validateInterfaceObjectsAreOnEntities`).
    pub(super) fn type_rules(&self, id: SlotId, d: &AppliedDirective, loc: &Loc) -> Res<()> {
        if !self.is_federations(&d.name) {
            return Ok(());
        }
        let slot = &self.lw.slots[id];
        let interface = slot.kind == SlotKind::Interface;
        if AUTHORIZATION.contains(&d.name.as_str()) && (interface || self.is_interface_object(id)) {
            let what = if interface { "the interface" } else { "the interface object" };
            let message = format!(
                "directive @{} cannot be applied to {what} {}: federation refuses @authenticated, @requiresScopes and @policy on interfaces, their fields and interface objects",
                d.name, slot.name
            );
            return Err(fail(codes::FIELD_SET, message, loc));
        }
        if d.name == "interfaceObject" && !slot.directives.iter().any(|x| x.name == "key") {
            let message = format!(
                "directive @interfaceObject cannot be applied to {}: it has no @key, and federation applies @interfaceObject to entity types only",
                slot.name
            );
            return Err(fail(codes::FIELD_SET, message, loc));
        }
        Ok(())
    }

    /// Record 0075: federation's rules for the later directives on a field
    /// (`validateCostNotAppliedToInterface`, the `@listSize` rules).
    pub(super) fn field_rules(&self, id: SlotId, index: usize, d: &AppliedDirective, loc: &Loc) -> Res<()> {
        if !self.is_federations(&d.name) {
            return Ok(());
        }
        let slot = &self.lw.slots[id];
        let field = self.field(id, index);
        let where_ = format!("{}.{}", slot.name, field.name);
        let interface = slot.kind == SlotKind::Interface;
        if (AUTHORIZATION.contains(&d.name.as_str()) && (interface || self.is_interface_object(id))) || (d.name == "cost" && interface) {
            let what = if interface { "an interface" } else { "an interface object" };
            let message = format!("directive @{} cannot be applied to a field of {what} ({where_})", d.name);
            return Err(fail(codes::FIELD_SET, message, loc));
        }
        if d.name != "listSize" {
            return Ok(());
        }
        let arg = |name: &str| d.args.iter().find(|(n, _)| n == name).map(|(_, v)| v);
        let sized: &[Value] = match arg("sizedFields") {
            Some(Value::Array(items)) => items,
            _ => &[],
        };
        let err = |message: String| Err(fail(codes::FIELD_SET, message, loc));
        if sized.is_empty() && !is_list_type(&field.type_) {
            let type_ = render_type(&field.type_, &self.lw.slots);
            return err(format!("directive @listSize cannot be applied to {where_}: its type {type_} is not a list"));
        }
        if arg("assumedSize").and_then(Value::as_f64).is_some_and(|x| x < 0.0) {
            return err(format!("@listSize on {where_}: the assumed size cannot be negative"));
        }
        if let Some(Value::Array(slicing)) = arg("slicingArguments") {
            for name in slicing {
                let name = name.as_str().unwrap_or_default();
                match field.args().iter().find(|a| a.name.as_str() == name) {
                    None => return err(format!("@listSize on {where_}: the slicing argument \"{name}\" is not an argument of the field")),
                    Some(a) if !is_int_type(&a.type_) => {
                        return err(format!("@listSize on {where_}: the slicing argument {} must be Int or Int!", a.name));
                    }
                    Some(_) => {}
                }
            }
        }
        if sized.is_empty() {
            return Ok(());
        }
        let Some(target) = self.slot_of(field).filter(|&t| is_composite(self.lw.slots[t].kind)) else {
            let type_ = render_type(&field.type_, &self.lw.slots);
            return err(format!("@listSize on {where_}: sized fields need an object, interface or union type, not {type_}"));
        };
        let target = &self.lw.slots[target];
        for name in sized {
            let name = name.as_str().unwrap_or_default();
            let found = if target.kind == SlotKind::Union { None } else { target.fields.iter().find(|f| f.name.as_str() == name) };
            match found {
                None => return err(format!("@listSize on {where_}: {} has no field \"{name}\"", target.name)),
                Some(f) if !is_list_type(&f.type_) => {
                    return err(format!("@listSize on {where_}: the sized field {}.{} is not a list", target.name, f.name));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}

/// `[T]` or `[T]!`.
fn is_list_type(t: &crate::type_expr::TypeExpr) -> bool {
    let w = &t.wrappers;
    match w.last() {
        Some(Wrapper::List) => true,
        Some(Wrapper::NonNull) => w.len() >= 2 && w.get(w.len() - 2) == Some(&Wrapper::List),
        None => false,
    }
}

/// `Int` or `Int!`.
fn is_int_type(t: &crate::type_expr::TypeExpr) -> bool {
    matches!(&t.base, Base::Name(n) if n == "Int") && (t.wrappers.is_empty() || t.wrappers[..] == [Wrapper::NonNull])
}
