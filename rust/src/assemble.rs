//! assemble: slots -> the IR document (mirrors js/src/assemble.ts).
//!
//! 1. naming (D2, D3): explicit names are checked and reserved first; then
//!    generated names are claimed in document order (preorder of the slots).
//! 2. names used as references (implements, union members, explicit field
//!    types) are looked up and kind-checked; inputs are checked (D10); the
//!    arguments of applied directives are checked against their definitions,
//!    with the document's input types and enums (record 0065).
//! 3. interfaces (D9, interfaces.rs): transitive interfaces added, missing
//!    fields copied, implementations checked, chains at most 1,000 deep (record
//!    0071); then the federation field sets (field_set.rs, record 0073).
//! 4. order (D15): directive definitions (with `@oneOf`'s when federation is
//!    linked, record 0068), types with interfaces hoisted, declared scalars last;
//!    the federation `@link` when used (D11).

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::errors::{codes, ConversionError};
use crate::canonical::{canonical_field_directives, canonical_type_directives, order_by_names};
use crate::default_values::check_defaults;
use crate::directive_args::check_applied_arguments;
use crate::field_set::check_field_sets;
use crate::hoist::hoist_interfaces;
use crate::input_cycles::check_input_cycles;
use crate::interfaces::{check_interface_cycles, complete_interfaces};
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, EnumValueDef, FieldDef, InputValueDef, ObjectKind, ObjectTypeDef, ScalarTypeDef,
    SchemaDef, SchemaLink, UnionTypeDef,
};
use crate::lower::{fail, Lowering};
use crate::federation::{federation_url, first_federation_url, minor_of_url, minor_of_version, DEFAULT_FEDERATION_MINOR, FEDERATION_SPEC};
use crate::lower_directives::{DraftDirectiveDef, DraftSchemaDef};
use crate::json::{Str, Value};
use crate::normalize::attr;
use crate::naming::{is_valid_name, NameRegistry};
use crate::options::RefNaming;
use crate::loc::loc_key;
use crate::schema_roots::check_schema_roots;
use crate::slots::{DraftField, DraftInputValue, Slot, SlotId, SlotKind, Slots};
use crate::text::fnv1a32;
use crate::type_expr::{is_builtin_scalar, render_type, Base, TypeExpr, BUILTIN_SCALARS, JSON_SCALAR};

type Res<T> = Result<T, ConversionError>;

/// The code (not yet among errors.rs `codes`; the string of `ErrorCodes.OPERATION_TYPE`).
const OPERATION_TYPE: crate::errors::ErrorCode = crate::errors::codes::OPERATION_TYPE;

pub fn assemble(lw: &mut Lowering, directive_defs: Vec<DraftDirectiveDef>) -> Res<Document> {
    let minor = federation_minor(lw)?;
    // Record 0085: the wrappers of mixed unions are named, and printed, after every other type.
    let units: Vec<SlotId> = lw.units.iter().chain(lw.wrappers.values()).copied().collect();
    let order = preorder(&lw.slots, &units);
    name_slots(lw, &order)?;
    // Naming read the last nodes (titles): the trees are freed before the definitions
    // are built beside them (loc.rs `Tree`).
    // SAFETY: every reference into a tree was made from the lowering and ended with the
    // calls that made it (nothing in `lw` borrows; its locs and merged properties check
    // the trees' mark), and the caller, convert.rs, holds none.
    unsafe { lw.resolver.release_trees() };
    // A bundle's type extension (record 0090) shares its type's name: the name means the type.
    let mut by_name: HashMap<Str, SlotId> = HashMap::new();
    for &id in &order {
        if let Some(slot) = lw.slots.get(id) {
            by_name.entry(slot.name.clone()).or_insert(id);
        }
    }
    if lw.resolver.roots.len() > 1 {
        check_extension_fields(lw, &order)?;
    }
    resolve_references(lw, &order, &by_name)?;
    check_interface_cycles(lw, &order)?;
    complete_interfaces(lw, &order, &by_name)?;
    check_defaults(lw, &order, &directive_defs, &by_name)?;
    check_applied_arguments(lw, &directive_defs, &by_name)?;
    check_input_cycles(lw, &order, &by_name)?;
    check_field_sets(lw, &order, &by_name)?;

    // Sized for the directives and every slot (declared scalars may add a few): grown
    // from empty, the vector of a large schema's definitions was copied at each doubling,
    // and the last doubling held two copies at the peak.
    let mut definitions: Vec<Definition> = Vec::with_capacity(directive_defs.len() + order.len());
    let mut scalars = DeclaredScalars::new(&by_name);
    let used = &lw.directives.federation_used;
    // A schema extension is printed as given: it carries its own @link, if any.
    let linked = !used.is_empty() && lw.options.federation_link && lw.schema_extension.is_none();
    let one_of = (linked || links_federation(lw.schema_extension.as_ref())) && needs_one_of_definition(&lw.slots, &order, &directive_defs);
    // Record 0075: under a federation @link (generated or the schema extension's) the later federation
    // directives print where their attributes do, as the SDL reader orders them.
    let federated = linked || links_federation(lw.schema_extension.as_ref());
    for d in directive_defs {
        definitions.push(Definition::directive(DirectiveDef {
            name: d.name,
            description: d.description,
            args: d.args.iter().map(|a| input_value(a, &lw.slots, &mut scalars)).collect(),
            repeatable: d.repeatable,
            locations: d.locations,
        }));
    }
    if one_of {
        definitions.push(Definition::directive(DirectiveDef {
            name: "oneOf".to_string(),
            description: None,
            args: Vec::new(),
            repeatable: false,
            locations: vec!["INPUT_OBJECT".to_string()],
        }));
    }
    // D15: each type is preceded by the interfaces it implements (with their inline children).
    let slots = &lw.slots;
    let interfaces_of = |id: SlotId| slots.get(id).map_or(&[][..], |s| s.interfaces.as_slice());
    let children_of = |id: SlotId| slots.get(id).map_or(&[][..], |s| s.children.as_slice());
    for id in hoist_interfaces(&order, interfaces_of, children_of) {
        // The drafted fields move into the document (each slot is placed once and its
        // fields are not read again): a large schema's drafts no longer sit beside
        // their assembled copies, and their strings are not copied. N = 5,000: peak
        // heap -9 MB (massif), -1.5% instructions. So do its enum values and its
        // description (N = 5,000: 8,000 fewer allocations).
        let Some(slot) = lw.slots.get_mut(id) else { continue };
        let placed = Placed {
            fields: std::mem::take(&mut slot.fields),
            values: std::mem::take(&mut slot.values),
            description: slot.description.take(),
        };
        if let Some(slot) = lw.slots.get(id) {
            definitions.push(slot_definition(slot, placed, &lw.slots, &mut scalars, federated));
        }
    }
    for name in scalars.names {
        definitions.push(Definition::scalar(lw.scalar_definition(&name)));
    }

    let mut doc = Document { link: None, schema_extension: None, schema: None, definitions };
    if let Some(draft) = &lw.schema_extension {
        doc.schema_extension = Some(schema_def(lw, draft, &by_name)?);
    }
    if let Some(draft) = &lw.schema {
        doc.schema = Some(schema_def(lw, draft, &by_name)?);
    }
    check_schema_roots(lw, &doc.definitions, &by_name)?;
    let link = linked.then(|| {
        let used = &lw.directives.federation_used;
        SchemaLink {
            url: federation_url(minor),
            imports: FEDERATION_SPEC.iter().filter(|d| used.contains(d.name)).map(|d| format!("@{}", d.name)).collect(),
        }
    });
    if !lw.schema_links.is_empty() {
        // Record 0084: other specs' `@link`s and `@composeDirective`s follow the federation `@link`.
        if let Some(ext) = &mut doc.schema_extension {
            ext.directives.extend(lw.schema_links.iter().cloned());
        } else {
            let mut directives: Vec<AppliedDirective> = Vec::new();
            if let Some(link) = link {
                let imports = Value::Array(link.imports.into_iter().map(Value::from).collect());
                directives.push(AppliedDirective {
                    name: "link".to_string(),
                    args: vec![("url".to_string(), Value::from(link.url)), ("import".to_string(), imports)],
                });
            }
            directives.extend(lw.schema_links.iter().cloned());
            doc.schema_extension = Some(SchemaDef { description: None, directives, operations: Vec::new() });
        }
    } else {
        doc.link = link;
    }
    Ok(doc)
}

/// Record 0068: a federation subgraph is built by `buildSubgraphSchema`, which (like
/// apollo-compiler 1.x) does not know the built-in `@oneOf`; graphql-js accepts an
/// explicit definition of it. So a document linked to federation (by the `@link` header,
/// or by its own schema extension) whose input types apply `@oneOf` defines it, unless it
/// declares `oneOf` itself.
fn needs_one_of_definition(slots: &Slots, order: &[SlotId], directive_defs: &[DraftDirectiveDef]) -> bool {
    if directive_defs.iter().any(|d| d.name == "oneOf") {
        return false;
    }
    order.iter().filter_map(|&id| slots.get(id)).any(|s| s.kind == SlotKind::Input && s.directives.iter().any(|d| d.name == "oneOf"))
}

/// Whether a schema extension, printed as given, applies `@link` to an Apollo Federation URL.
pub fn links_federation(ext: Option<&DraftSchemaDef>) -> bool {
    ext.is_some_and(|ext| first_federation_url(&ext.directives).is_some())
}

/// Record 0074: the Federation 2 minor version of the document: the one its schema
/// extension's `@link` names, else the option `federationVersion` (or its root
/// override), else the lowest that has every directive and argument the document
/// applies, and never less than 2.3. A directive or argument that needs a later
/// version than a version given is FEDERATION_VERSION at its first use.
fn federation_minor(lw: &Lowering) -> Res<u32> {
    let needs = lw.directives.version_needs.iter().filter(|n| !n.pending);
    let link_url = lw.schema_extension.as_ref().and_then(|ext| first_federation_url(&ext.directives));
    let given = match link_url {
        Some(url) => minor_of_url(url),
        None => lw.options.federation_version.as_deref().and_then(minor_of_version),
    };
    let Some(given) = given else {
        return Ok(needs.map(|n| n.minor).fold(DEFAULT_FEDERATION_MINOR, u32::max));
    };
    if let Some(late) = needs.clone().find(|n| n.minor > given) {
        let by = if link_url.is_some() { "the @link of x-graphql-schema-extension names" } else { "federationVersion is" };
        return Err(fail(
            codes::FEDERATION_VERSION,
            format!("{} needs federation v2.{}; {by} v2.{given}", late.what, late.minor),
            &late.loc,
        ));
    }
    Ok(given)
}

/// Record 0028: each operation type must be an object type of the schema.
fn schema_def(lw: &Lowering, draft: &DraftSchemaDef, by_name: &HashMap<Str, SlotId>) -> Res<SchemaDef> {
    for (op, type_, loc) in &draft.operations {
        if by_name.get(type_.as_str()).and_then(|&id| lw.slot_kind(id)) != Some(SlotKind::Object) {
            return Err(fail(OPERATION_TYPE, format!("the {op} type {type_} is not an object type of this schema"), loc));
        }
    }
    Ok(SchemaDef {
        description: draft.description.clone(),
        directives: draft.directives.clone(),
        operations: draft.operations.iter().map(|(op, type_, _)| (op.clone(), type_.clone())).collect(),
    })
}

fn preorder(slots: &Slots, units: &[SlotId]) -> Vec<SlotId> {
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

/// Record 0090: in a bundle, an object type that another input names explicitly again
/// (`Query` in each file of an API) is printed as `extend type`, as an SDL split across
/// files says it; within one input a name given twice stays an error.
fn bundle_extension(earlier: &Slot, slot: &Slot) -> bool {
    earlier.kind == SlotKind::Object
        && slot.kind == SlotKind::Object
        && !std::rc::Rc::ptr_eq(earlier.loc.source(), slot.loc.source())
}

/// A field that a bundle's type and its extensions (record 0090) both define: an error at the later one.
fn check_extension_fields(lw: &Lowering, order: &[SlotId]) -> Res<()> {
    let mut fields: HashMap<Str, foldhash::HashSet<Str>> = HashMap::new();
    for &id in order {
        let Some(slot) = lw.slots.get(id) else { continue };
        if slot.kind != SlotKind::Object {
            continue;
        }
        let names = match fields.get_mut(&slot.name) {
            None if slot.extension => continue,
            None => fields.entry(slot.name.clone()).or_default(),
            Some(_) if !slot.extension => continue,
            Some(names) => names,
        };
        for f in &slot.fields {
            if !names.insert(f.name.clone()) {
                let message = format!("field {}.{} is defined by two inputs of the bundle", slot.name, f.name);
                return Err(fail(codes::DUPLICATE_NAME, message, &f.loc));
            }
        }
    }
    Ok(())
}

fn name_slots(lw: &mut Lowering, order: &[SlotId]) -> Res<()> {
    let mut registry = NameRegistry::new(BUILTIN_SCALARS.iter().copied().chain([JSON_SCALAR]));
    let mut explicit_slots: HashMap<String, SlotId> = HashMap::new();
    for &id in order {
        let Some(slot) = lw.slots.get(id) else { continue };
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
        // `JSON` is reserved up front for the automatic scalar, which one definition may replace.
        let taken = if name == JSON_SCALAR { explicit_slots.contains_key(name.as_str()) } else { !registry.reserve(name) };
        if taken {
            let earlier = explicit_slots.get(name.as_str()).and_then(|&e| lw.slots.get(e));
            let bundle = lw.resolver.roots.len() > 1;
            let slot = lw.slots.get(id).ok_or_else(|| fail(codes::DUPLICATE_NAME, "no slot", loc))?;
            if bundle && earlier.is_some_and(|e| bundle_extension(e, slot)) {
                // Record 0090: an object type named again by another input of a bundle extends it.
                if let Some(slot) = lw.slots.get_mut(id) {
                    slot.extension = true;
                    slot.name = Str::new(name);
                }
                continue;
            }
            return Err(fail(codes::DUPLICATE_NAME, format!("type name {name} is given to two types"), loc));
        }
        explicit_slots.insert(name.clone(), id);
        if let Some(slot) = lw.slots.get_mut(id) {
            slot.name = Str::new(name);
        }
    }
    // Record 0067: a scalar that `x-graphql-scalar` declares on a property is printed, so its
    // name is explicit too: a type with that explicit name is a second definition, unless it
    // is the same scalar declared on a definition (the same description and URL); a
    // generated name yields to it (D3).
    for (name, (scalar, loc)) in &lw.scalar_info {
        match explicit_slots.get(name.as_str()).and_then(|&id| lw.slots.get(id)) {
            None => {
                registry.reserve(name);
            }
            Some(slot) if slot.kind == SlotKind::Scalar && same_scalar(attr(slot.node(), "x-graphql-scalar"), scalar) => {}
            Some(_) => {
                return Err(fail(
                    codes::DUPLICATE_NAME,
                    format!("type name {name} is given to two types"),
                    &loc.child(&["x-graphql-scalar", "name"]),
                ));
            }
        }
    }
    for &id in order {
        let Some(slot) = lw.slots.get(id) else { continue };
        if slot.explicit.is_some() {
            continue;
        }
        let base = lw.base_name(&slot.base);
        let name = if lw.options.ref_naming == RefNaming::Hash && registry.has(&base) {
            registry.claim(format!("{base}_{}", fnv1a32(&loc_key(&slot.loc))).into())
        } else {
            registry.claim(base.into())
        };
        if let Some(slot) = lw.slots.get_mut(id) {
            slot.name = name;
        }
    }
    Ok(())
}

/// Two `x-graphql-scalar` declarations that print the same scalar.
fn same_scalar(a: Option<&Value>, b: &Value) -> bool {
    a.is_some_and(|a| a.is_object() && attr(a, "description") == attr(b, "description") && attr(a, "specifiedByURL") == attr(b, "specifiedByURL"))
}

fn resolve_references(lw: &mut Lowering, order: &[SlotId], by_name: &HashMap<Str, SlotId>) -> Res<()> {
    for &id in order {
        let Some(slot) = lw.slots.get(id) else { continue };
        // Interfaces: x-graphql-implements names, then allOf refs (D9).
        let mut interfaces: Vec<SlotId> = Vec::new();
        for r in &slot.interface_names {
            let target = by_name.get(r.name.as_str()).copied().filter(|&t| lw.slot_kind(t) == Some(SlotKind::Interface));
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
            let target = by_name.get(r.name.as_str()).copied().filter(|&t| lw.slot_kind(t) == Some(SlotKind::Object));
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
            let problem = if slot.kind == SlotKind::Input {
                position_problem(lw, &field.type_, by_name, "an input field", true)
            } else {
                position_problem(lw, &field.type_, by_name, "an output field", false)
            };
            if let Some(message) = problem {
                return Err(fail(codes::INPUT_FIELD, message, &field.type_loc()));
            }
            for arg in field.args() {
                if let Some(message) = position_problem(lw, &arg.type_, by_name, "an argument", true) {
                    return Err(fail(codes::INPUT_FIELD, message, &field.loc));
                }
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
/// The problem, if any: the caller names the place (a field's type loc is built only then).
fn position_problem(
    lw: &Lowering,
    type_: &TypeExpr,
    by_name: &HashMap<Str, SlotId>,
    what: &str,
    input: bool,
) -> Option<String> {
    let id = match &type_.base {
        Base::Slot(id) => Some(*id),
        Base::Name(name) => by_name.get(name.as_ref()).copied(),
    };
    let slot = id.and_then(|id| lw.slot(id))?;
    let is_output = matches!(slot.kind, SlotKind::Object | SlotKind::Interface | SlotKind::Union);
    if input && is_output {
        return Some(format!("{what} cannot have the output type {}", slot.name));
    }
    if !input && slot.kind == SlotKind::Input {
        return Some(format!("{what} cannot have the input type {}", slot.name));
    }
    None
}

/// What a slot's definition takes from it: read by nothing after it is placed.
struct Placed {
    fields: Vec<DraftField>,
    values: Vec<EnumValueDef>,
    description: Option<Str>,
}

/// Record 0028, canonical form rule 5: directives that an attribute can say come first.
fn slot_definition(slot: &Slot, placed: Placed, slots: &Slots, scalars: &mut DeclaredScalars, linked: bool) -> Definition {
    let Placed { fields, values, description } = placed;
    let canonical = canonical_type_directives(slot.kind == SlotKind::Scalar, &slot.directives, linked);
    let directives = match &slot.directive_order {
        Some(names) => order_by_names(canonical, names),
        None => canonical,
    };
    let names = |ids: &[SlotId]| -> Vec<Str> {
        ids.iter().map(|&id| slots.get(id).map_or_else(Str::default, |s| s.name.clone())).collect()
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
            directives,
            fields: fields.into_iter().map(|f| field(f, slots, scalars, linked)).collect(),
            extension: slot.extension,
        }),
        SlotKind::Union => Definition::union(UnionTypeDef {
            name: slot.name.clone(),
            description,
            directives,
            members: names(&slot.members),
            extension: slot.extension,
        }),
        SlotKind::Enum => Definition::enumeration(EnumTypeDef {
            name: slot.name.clone(),
            description,
            directives,
            values,
            extension: slot.extension,
        }),
        SlotKind::Scalar => Definition::scalar(ScalarTypeDef {
            name: slot.name.clone(),
            description,
            directives,
        }),
    }
}

/// `f` as the document holds it. Its argument types are met before its own type.
fn field(f: DraftField, slots: &Slots, scalars: &mut DeclaredScalars, linked: bool) -> FieldDef {
    let extras = f.extras.map(|e| *e).unwrap_or_default();
    let args = extras.args.iter().map(|a| input_value(a, slots, scalars)).collect();
    scalars.meet(&f.type_);
    FieldDef {
        args,
        type_: render_type(&f.type_, slots),
        directives: match &extras.directive_order {
            Some(names) => order_by_names(canonical_field_directives(extras.directives, linked), names),
            None => canonical_field_directives(extras.directives, linked),
        },
        name: f.name,
        description: match &extras.branch_types {
            Some(types) => Some(crate::mixed_unions::branches_description(f.description, types, slots)),
            None => f.description,
        },
        default_value: extras.default_value,
    }
}

fn input_value(a: &DraftInputValue, slots: &Slots, scalars: &mut DeclaredScalars) -> InputValueDef {
    scalars.meet(&a.type_);
    InputValueDef {
        name: a.name.clone(),
        description: a.description.clone(),
        type_: render_type(&a.type_, slots),
        default_value: a.default_value.clone(),
        directives: a.directives.clone(),
    }
}

/// D6: named types that are used but neither built in nor defined, in the order a
/// reader meets them in the printed document, gathered as its definitions are built
/// (in that order). Only a type named in the schema (`Base::Name`) can be one: every
/// slot is placed, so a slot's name is always defined. Reading every rendered type
/// back and hashing it afterwards was 2.6% of a conversion (N = 5,000).
struct DeclaredScalars<'a> {
    by_name: &'a HashMap<Str, SlotId>,
    seen: HashSet<String>,
    names: Vec<String>,
}

impl<'a> DeclaredScalars<'a> {
    fn new(by_name: &'a HashMap<Str, SlotId>) -> Self {
        DeclaredScalars { by_name, seen: HashSet::new(), names: Vec::new() }
    }

    fn meet(&mut self, type_: &TypeExpr) {
        let Base::Name(name) = &type_.base else { return };
        if is_builtin_scalar(name) || self.by_name.contains_key(name.as_ref()) {
            return;
        }
        if self.seen.insert(name.to_string()) {
            self.names.push(name.to_string());
        }
    }
}
