//! assemble: slots -> the IR document (mirrors js/src/assemble.ts).
//!
//! 1. naming (D2, D3): explicit names are checked and reserved first; then
//!    generated names are claimed in document order (preorder of the slots).
//! 2. names used as references (implements, union members, explicit field
//!    types) are looked up and kind-checked; inputs are checked (D10).
//! 3. interfaces (D9): transitive interfaces added, missing fields copied.
//! 4. order (D15): directive definitions, types with interfaces hoisted,
//!    declared scalars last; the federation `@link` when used (D11).
//!
//! The recursive helpers of the TypeScript (`complete`, `place`/`placeTree`)
//! run on explicit stacks here, visiting in the same order.

use std::collections::{HashMap, HashSet};

use crate::errors::{codes, ConversionError};
use crate::ir::{
    Definition, DirectiveDef, Document, EnumTypeDef, FieldDef, InputValueDef, ObjectKind, ObjectTypeDef, ScalarTypeDef,
    SchemaLink, UnionTypeDef,
};
use crate::lower::{fail, Loc, Lowering};
use crate::lower_directives::{DraftDirectiveDef, FEDERATION_DIRECTIVES, FEDERATION_URL};
use crate::naming::{is_valid_name, NameRegistry};
use crate::options::RefNaming;
use crate::slots::{DraftField, DraftInputValue, Slot, SlotId, SlotKind};
use crate::text::fnv1a32;
use crate::type_expr::{is_builtin_scalar, render_type, Base, TypeExpr, BUILTIN_SCALARS, JSON_SCALAR};

type Res<T> = Result<T, ConversionError>;

pub fn assemble(lw: &mut Lowering, directive_defs: Vec<DraftDirectiveDef>) -> Res<Document> {
    let order = preorder(&lw.slots, &lw.units);
    name_slots(lw, &order)?;
    let mut by_name: HashMap<String, SlotId> = HashMap::new();
    for &id in &order {
        by_name.insert(lw.slot_name(id).to_string(), id);
    }
    resolve_references(lw, &order, &by_name)?;
    complete_interfaces(lw, &order);

    let mut definitions: Vec<Definition> = Vec::new();
    for d in directive_defs {
        definitions.push(Definition::directive(DirectiveDef {
            name: d.name,
            description: d.description,
            args: d.args.iter().map(|a| input_value(a, &lw.slots)).collect(),
            repeatable: d.repeatable,
            locations: d.locations,
        }));
    }
    for id in hoist_interfaces(&lw.slots, &order) {
        if let Some(slot) = lw.slots.get(id) {
            definitions.push(slot_definition(slot, &lw.slots));
        }
    }
    for name in declared_scalars(lw, &by_name) {
        definitions.push(Definition::scalar(lw.scalar_definition(&name)));
    }

    let mut doc = Document { link: None, definitions };
    let used = &lw.directives.federation_used;
    if !used.is_empty() && lw.options.federation_link {
        doc.link = Some(SchemaLink {
            url: FEDERATION_URL.to_string(),
            imports: FEDERATION_DIRECTIVES.iter().filter(|d| used.contains(**d)).map(|d| format!("@{d}")).collect(),
        });
    }
    Ok(doc)
}

fn preorder(slots: &[Slot], units: &[SlotId]) -> Vec<SlotId> {
    let mut out = Vec::new();
    let mut stack: Vec<SlotId> = units.iter().rev().copied().collect();
    while let Some(id) = stack.pop() {
        out.push(id);
        if let Some(slot) = slots.get(id) {
            stack.extend(slot.children.iter().rev());
        }
    }
    out
}

fn name_slots(lw: &mut Lowering, order: &[SlotId]) -> Res<()> {
    let mut registry = NameRegistry::new(BUILTIN_SCALARS.iter().copied().chain([JSON_SCALAR]));
    for &id in order {
        let Some(slot) = lw.slots.get_mut(id) else { continue };
        let Some(explicit) = &slot.explicit else { continue };
        let (name, loc) = (explicit.name.clone(), explicit.loc.clone());
        let (name, loc) = (&name, &loc);
        if !is_valid_name(name) || is_builtin_scalar(name) {
            return Err(fail(codes::INVALID_NAME, format!("\"{name}\" is not a valid GraphQL type name here"), loc));
        }
        if name == JSON_SCALAR && slot.kind != SlotKind::Scalar {
            return Err(fail(
                codes::INVALID_NAME,
                "JSON names the scalar for arbitrary data; only a scalar may take it",
                loc,
            ));
        }
        if !registry.reserve(name) && name != JSON_SCALAR {
            return Err(fail(codes::DUPLICATE_NAME, format!("type name {name} is given to two types"), loc));
        }
        slot.name = name.clone();
    }
    for &id in order {
        let Some(slot) = lw.slots.get(id) else { continue };
        if slot.explicit.is_some() {
            continue;
        }
        let base = lw.base_name(&slot.base);
        let name = if lw.options.ref_naming == RefNaming::Hash && registry.has(&base) {
            registry.claim(&format!("{base}_{}", fnv1a32(&slot.hash_ref)))
        } else {
            registry.claim(&base)
        };
        if let Some(slot) = lw.slots.get_mut(id) {
            slot.name = name;
        }
    }
    Ok(())
}

fn resolve_references(lw: &mut Lowering, order: &[SlotId], by_name: &HashMap<String, SlotId>) -> Res<()> {
    for &id in order {
        let Some(slot) = lw.slots.get(id) else { continue };
        // Interfaces: x-graphql-implements names, then allOf refs (D9).
        let mut interfaces: Vec<SlotId> = Vec::new();
        for r in &slot.interface_names {
            let target = by_name.get(&r.name).copied().filter(|&t| lw.slot_kind(t) == Some(SlotKind::Interface));
            let Some(target) = target else {
                return Err(fail(codes::IMPLEMENTS, format!("{} is not an interface type of this schema", r.name), &r.loc));
            };
            if !interfaces.contains(&target) {
                interfaces.push(target);
            }
        }
        for &target in &slot.interface_slots {
            if !interfaces.contains(&target) {
                interfaces.push(target);
            }
        }
        // Union members: x-graphql-union-types names, then oneOf/anyOf refs (D8).
        let mut members: Vec<SlotId> = Vec::new();
        for r in &slot.member_names {
            let target = by_name.get(&r.name).copied().filter(|&t| lw.slot_kind(t) == Some(SlotKind::Object));
            let Some(target) = target else {
                return Err(fail(
                    codes::UNION_MEMBER,
                    format!("union member {} is not an object type of this schema", r.name),
                    &r.loc,
                ));
            };
            if !members.contains(&target) {
                members.push(target);
            }
        }
        for m in &slot.member_slots {
            let Some(target) = m.slot.filter(|&t| lw.slot_kind(t) == Some(SlotKind::Object)) else {
                return Err(fail(codes::UNION_MEMBER, "union member is not an object type", &m.loc));
            };
            if !members.contains(&target) {
                members.push(target);
            }
        }
        if slot.kind == SlotKind::Union && members.is_empty() {
            return Err(fail(codes::UNION_MEMBER, "a union needs at least one member", &slot.loc));
        }
        for field in &slot.fields {
            if slot.kind == SlotKind::Input {
                check_position(lw, &field.type_, by_name, &field.type_loc, "an input field", true)?;
            } else {
                check_position(lw, &field.type_, by_name, &field.type_loc, "an output field", false)?;
            }
            for arg in &field.args {
                check_position(lw, &arg.type_, by_name, &field.loc, "an argument", true)?;
            }
        }
        if let Some(slot) = lw.slots.get_mut(id) {
            slot.interfaces = interfaces;
            slot.members = members;
        }
    }
    Ok(())
}

/// D10: input fields and arguments take input types; output fields take output types.
fn check_position(
    lw: &Lowering,
    type_: &TypeExpr,
    by_name: &HashMap<String, SlotId>,
    loc: &Loc,
    what: &str,
    input: bool,
) -> Res<()> {
    let id = match &type_.base {
        Base::Slot(id) => Some(*id),
        Base::Name(name) => by_name.get(name).copied(),
    };
    let Some(slot) = id.and_then(|id| lw.slot(id)) else { return Ok(()) };
    let is_output = matches!(slot.kind, SlotKind::Object | SlotKind::Interface | SlotKind::Union);
    if input && is_output {
        return Err(fail(codes::INPUT_FIELD, format!("{what} cannot have the output type {}", slot.name), loc));
    }
    if !input && slot.kind == SlotKind::Input {
        return Err(fail(codes::INPUT_FIELD, format!("{what} cannot have the input type {}", slot.name), loc));
    }
    Ok(())
}

/// D9: add interfaces implemented transitively, copy fields an implementor lacks.
fn complete_interfaces(lw: &mut Lowering, order: &[SlotId]) {
    let mut done: HashSet<SlotId> = HashSet::new();
    for &start in order {
        // `complete(start, new Set())`: a depth-first walk over `interfaces`;
        // a slot's own work runs after its interfaces are complete.
        let mut path: HashSet<SlotId> = HashSet::new();
        let mut stack: Vec<(SlotId, usize)> = Vec::new();
        if done.contains(&start) {
            continue;
        }
        path.insert(start);
        stack.push((start, 0));
        while let Some(&(id, next)) = stack.last() {
            let child = lw.slot(id).and_then(|s| s.interfaces.get(next)).copied();
            if let Some(child) = child {
                if let Some(frame) = stack.last_mut() {
                    frame.1 += 1;
                }
                if !done.contains(&child) && !path.contains(&child) {
                    path.insert(child);
                    stack.push((child, 0));
                }
                continue;
            }
            complete_one(lw, id);
            path.remove(&id);
            done.insert(id);
            stack.pop();
        }
    }
}

/// The work `complete` does on one slot once its interfaces are complete.
fn complete_one(lw: &mut Lowering, id: SlotId) {
    let Some(slot) = lw.slot(id) else { return };
    let mut interfaces = slot.interfaces.clone();
    let slot_name = slot.name.clone();
    let slot_loc = slot.loc.clone();
    let mut i = 0;
    while let Some(&iface) = interfaces.get(i) {
        let inherited_list = lw.slot(iface).map(|s| s.interfaces.clone()).unwrap_or_default();
        for inherited in inherited_list {
            if inherited != id && !interfaces.contains(&inherited) {
                interfaces.push(inherited);
                let message = format!(
                    "{slot_name} also implements {}, which {} implements",
                    lw.slot_name(inherited),
                    lw.slot_name(iface)
                );
                lw.warn(codes::INTERFACE_TRANSITIVE, message, &slot_loc);
            }
        }
        i += 1;
    }
    let mut fields = lw.slot(id).map(|s| s.fields.clone()).unwrap_or_default();
    for &iface in &interfaces {
        let iface_fields: Vec<DraftField> =
            if iface == id { fields.clone() } else { lw.slot(iface).map(|s| s.fields.clone()).unwrap_or_default() };
        for field in iface_fields {
            if fields.iter().any(|f| f.name == field.name) {
                continue;
            }
            let message =
                format!("{slot_name} lacks field {} of interface {}; it was copied", field.name, lw.slot_name(iface));
            fields.push(field);
            lw.warn(codes::INTERFACE_FIELD_COPIED, message, &slot_loc);
        }
    }
    if let Some(slot) = lw.slots.get_mut(id) {
        slot.interfaces = interfaces;
        slot.fields = fields;
    }
}

/// D15: each type is preceded by the interfaces it implements (with their inline children).
fn hoist_interfaces(slots: &[Slot], order: &[SlotId]) -> Vec<SlotId> {
    enum Task {
        /// `place(slot)`.
        Place(SlotId),
        /// `placeTree(slot)`.
        PlaceTree(SlotId),
        /// `out.push(slot)` at the end of `place`.
        Emit(SlotId),
    }
    let mut out = Vec::new();
    let mut placed: HashSet<SlotId> = HashSet::new();
    for &start in order {
        let mut tasks = vec![Task::Place(start)];
        while let Some(task) = tasks.pop() {
            match task {
                Task::Place(id) => {
                    if !placed.insert(id) {
                        continue;
                    }
                    tasks.push(Task::Emit(id));
                    if let Some(slot) = slots.get(id) {
                        tasks.extend(slot.interfaces.iter().rev().map(|&i| Task::PlaceTree(i)));
                    }
                }
                Task::PlaceTree(id) => {
                    if let Some(slot) = slots.get(id) {
                        tasks.extend(slot.children.iter().rev().map(|&c| Task::PlaceTree(c)));
                    }
                    tasks.push(Task::Place(id));
                }
                Task::Emit(id) => out.push(id),
            }
        }
    }
    out
}

fn slot_definition(slot: &Slot, slots: &[Slot]) -> Definition {
    let description = slot.description.clone();
    let names = |ids: &[SlotId]| -> Vec<String> {
        ids.iter().map(|&id| slots.get(id).map_or_else(String::new, |s| s.name.clone())).collect()
    };
    match slot.kind {
        SlotKind::Object | SlotKind::Interface | SlotKind::Input => Definition::Object(ObjectTypeDef {
            kind: match slot.kind {
                SlotKind::Interface => ObjectKind::Interface,
                SlotKind::Input => ObjectKind::Input,
                _ => ObjectKind::Object,
            },
            name: slot.name.clone(),
            description,
            interfaces: names(&slot.interfaces),
            directives: slot.directives.clone(),
            fields: slot.fields.iter().map(|f| field(f, slots)).collect(),
        }),
        SlotKind::Union => Definition::union(UnionTypeDef {
            name: slot.name.clone(),
            description,
            directives: slot.directives.clone(),
            members: names(&slot.members),
        }),
        SlotKind::Enum => Definition::enumeration(EnumTypeDef {
            name: slot.name.clone(),
            description,
            directives: slot.directives.clone(),
            values: slot.values.clone(),
        }),
        SlotKind::Scalar => Definition::scalar(ScalarTypeDef {
            name: slot.name.clone(),
            description,
            directives: slot.directives.clone(),
        }),
    }
}

fn field(f: &DraftField, slots: &[Slot]) -> FieldDef {
    FieldDef {
        name: f.name.clone(),
        description: f.description.clone(),
        args: f.args.iter().map(|a| input_value(a, slots)).collect(),
        type_: render_type(&f.type_, slots),
        directives: f.directives.clone(),
    }
}

fn input_value(a: &DraftInputValue, slots: &[Slot]) -> InputValueDef {
    InputValueDef {
        name: a.name.clone(),
        description: a.description.clone(),
        type_: render_type(&a.type_, slots),
        default_value: a.default_value.clone(),
        directives: a.directives.clone(),
    }
}

/// D6: named types used but neither built in nor defined, in first-use order.
fn declared_scalars(lw: &Lowering, by_name: &HashMap<String, SlotId>) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    for name in &lw.named_uses {
        if !seen.insert(name) {
            continue;
        }
        if is_builtin_scalar(name) || by_name.contains_key(name) {
            continue;
        }
        out.push(name.clone());
    }
    out
}
