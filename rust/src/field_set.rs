//! field_set: the federation field sets of `@key`, `@requires` and `@provides`
//! (record 0073), parsed and checked against the types once their names are
//! final (assemble), so the SDL we print for a federated document builds with
//! `@apollo/subgraph`'s `buildSubgraphSchema`. Mirrors js/src/field-set.ts,
//! whose module comment lists the rules in the order they are checked. A field
//! set is a flat list in preorder with depths, so no walk over it recurses.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::errors::{codes, ConversionError, ErrorCode};
use crate::field_set_locs::{field_set_loc_key, LocKind};
use crate::from_context::{check_contexts, ContextCheck};
use crate::ir::AppliedDirective;
use crate::json::{Str, Value};
use crate::loc::Loc;
use crate::lower::{fail, Lowering};
use crate::slots::{DraftField, SlotId, SlotKind};
use crate::type_expr::{render_type, Base, Wrapper};

type Res<T> = Result<T, ConversionError>;

// Record 0075's rules, a child module for size (it reads `FieldSetCheck`'s fields).
#[path = "field_set_rules.rs"]
mod field_set_rules;

// Read from here by from_context.rs, validate and the tests (through `__private`).
pub use crate::field_set_parse::{has_selection, parse_field_set, Selection};

/// The end of rule 6's message, after `Type.field`.
const UNUSED_EXTERNAL: &str = " is @external but has no use: no @key, @requires or @provides names it and no interface has it";

/// The field of rule 6's problem (an `@external` field nothing uses), read off its
/// message; `None` for any other problem. The net of `validate` (record 0089) asks
/// it: whether such a field is used depends only on the field sets that name it.
pub fn unused_external_field(code: ErrorCode, message: &str) -> Option<&str> {
    if code != codes::FIELD_SET {
        return None;
    }
    let head = message.strip_suffix(UNUSED_EXTERNAL)?;
    head.rfind('.').map(|dot| &head[dot + 1..])
}

/// The directives this module checks: where one is applied, lowering keeps where
/// each directive of the element was given.
pub const FIELD_SET_DIRECTIVES: [&str; 13] = [
    "key",
    "requires",
    "provides",
    "external",
    "shareable",
    // record 0075: federation's other rules (`type_rules`, `field_rules`)
    "interfaceObject",
    "authenticated",
    "requiresScopes",
    "policy",
    "cost",
    "listSize",
    // record 0084: from_context.rs
    "context",
    "fromContext",
];

pub fn is_field_set_directive(d: &AppliedDirective) -> bool {
    FIELD_SET_DIRECTIVES.contains(&d.name.as_str())
}

thread_local! {
    /// Record 0084: the problems after the first of the two rules only the converter
    /// checks (interface keys, unused `@external`), while `validate` collects them
    /// (`collecting_rule_problems`); `None` otherwise, and a conversion stops at the
    /// first as before. A conversion runs on its caller's thread (stack.rs).
    static COLLECTED: std::cell::RefCell<Option<Vec<ConversionError>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `convert` with the rule problems past the first collected, and returns them.
pub fn collecting_rule_problems(convert: impl FnOnce()) -> Vec<ConversionError> {
    let before = COLLECTED.with(|c| c.replace(Some(Vec::new())));
    convert();
    COLLECTED.with(|c| c.replace(before)).unwrap_or_default()
}

fn collecting() -> bool {
    COLLECTED.with(|c| c.borrow().is_some())
}

/// A field met in a field set: the type that has it, the field (by index), what it returns.
struct Step {
    owner: SlotId,
    field: usize,
    target: Option<SlotId>,
    selected: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Key,
    Requires,
    Provides,
}

impl Use {
    fn name(self) -> &'static str {
        match self {
            Use::Key => "key",
            Use::Requires => "requires",
            Use::Provides => "provides",
        }
    }
}

fn kind_word(kind: SlotKind) -> &'static str {
    match kind {
        SlotKind::Object => "object",
        SlotKind::Interface => "interface",
        SlotKind::Input => "input",
        SlotKind::Union => "union",
        SlotKind::Enum => "enum",
        SlotKind::Scalar => "scalar",
    }
}

fn is_composite(kind: SlotKind) -> bool {
    matches!(kind, SlotKind::Object | SlotKind::Interface | SlotKind::Union)
}

/// The checks of field-set.ts over the assembled slots (`order`: every slot,
/// names final, interfaces completed). Does nothing when no field-set directive is used.
pub fn check_field_sets(lw: &Lowering, order: &[SlotId], by_name: &HashMap<Str, SlotId>) -> Res<()> {
    if !FIELD_SET_DIRECTIVES.iter().any(|d| lw.directives.federation_used.contains(*d)) {
        return Ok(());
    }
    let mut check = FieldSetCheck::new(lw, order, by_name);
    check.run()
}

struct FieldSetCheck<'a> {
    lw: &'a Lowering,
    order: &'a [SlotId],
    by_name: &'a HashMap<Str, SlotId>,
    /// Object types by the interfaces they implement (directly or not), in document order.
    implementations: HashMap<SlotId, Vec<SlotId>>,
    /// `Type.field` of every field a field set names (and its interface implementations).
    used: HashSet<String>,
    /// `@external` key fields of `@extends` types, which federation counts as not external.
    fake: HashSet<String>,
    /// The directives of FIELD_SET_DIRECTIVES the document declares itself: its own, not federation's.
    declared: Vec<&'static str>,
    /// Problems of rules 5 and 6, in order, while validate collects them (`report`).
    problems: Vec<ConversionError>,
}

impl<'a> FieldSetCheck<'a> {
    fn new(lw: &'a Lowering, order: &'a [SlotId], by_name: &'a HashMap<Str, SlotId>) -> Self {
        let mut implementations: HashMap<SlotId, Vec<SlotId>> = HashMap::new();
        for &id in order {
            let slot = &lw.slots[id];
            if slot.kind != SlotKind::Object {
                continue;
            }
            for &iface in &slot.interfaces {
                implementations.entry(iface).or_default().push(id);
            }
        }
        let declared =
            FIELD_SET_DIRECTIVES.into_iter().filter(|n| lw.directives.declared.iter().any(|d| d.name == *n)).collect();
        FieldSetCheck {
            lw,
            order,
            by_name,
            implementations,
            used: HashSet::new(),
            fake: HashSet::new(),
            declared,
            problems: Vec::new(),
        }
    }

    fn implementations_of(&self, iface: SlotId) -> &[SlotId] {
        self.implementations.get(&iface).map_or(&[][..], Vec::as_slice)
    }

    fn name(&self, id: SlotId) -> &str {
        self.lw.slots[id].name.as_str()
    }

    fn field(&self, id: SlotId, index: usize) -> &'a DraftField {
        &self.lw.slots[id].fields[index]
    }

    fn run(&mut self) -> Res<()> {
        self.collect_fake_externals();
        let lw = self.lw;
        for &id in self.order {
            let slot = &lw.slots[id];
            if slot.kind != SlotKind::Object && slot.kind != SlotKind::Interface {
                continue;
            }
            let type_locs = self.locs(LocKind::Type, &slot.loc, slot.directives.len());
            for (i, d) in slot.directives.iter().enumerate() {
                if d.name == "key" && self.is_federation("key") {
                    self.field_set(Use::Key, d, id, None, &type_locs[i], id)?;
                }
                self.type_rules(id, d, &type_locs[i])?;
            }
            for (index, field) in slot.fields.iter().enumerate() {
                let directives = field.directives();
                if !directives.iter().any(is_field_set_directive) {
                    continue;
                }
                let locs = self.locs(LocKind::Field, &field.loc, directives.len());
                for (i, d) in directives.iter().enumerate() {
                    self.field_directive(id, index, d, &locs[i])?;
                }
            }
        }
        check_contexts(self)?;
        for &id in self.order {
            if self.lw.slots[id].kind == SlotKind::Interface {
                self.interface_keys(id)?;
            }
        }
        self.unused_externals()?;
        let mut problems = std::mem::take(&mut self.problems).into_iter();
        match problems.next() {
            Some(first) => {
                COLLECTED.with(|c| c.borrow_mut().as_mut().map(|list| list.extend(problems)));
                Err(first)
            }
            None => Ok(()),
        }
    }

    /// Rules 5 and 6: every problem while validate collects them, else the first at once.
    fn report(&mut self, message: String, loc: &Loc) -> Res<()> {
        let problem = fail(codes::FIELD_SET, message, loc);
        if !collecting() {
            return Err(problem);
        }
        self.problems.push(problem);
        Ok(())
    }

    /// Whether a directive is federation's in the rules of record 0075: not declared by the
    /// document, and (for a later name) the document is federated.
    fn is_federations(&self, name: &str) -> bool {
        self.is_federation(name) && self.lw.directives.federation_used.contains(name)
    }

    fn is_interface_object(&self, id: SlotId) -> bool {
        self.lw.slots[id].directives.iter().any(|x| x.name == "interfaceObject") && self.is_federation("interfaceObject")
    }

    fn field_directive(&mut self, id: SlotId, index: usize, d: &AppliedDirective, loc: &Loc) -> Res<()> {
        self.field_rules(id, index, d, loc)?;
        if d.name == "shareable" && self.lw.slots[id].kind == SlotKind::Interface && self.is_federation("shareable") {
            let name = &self.field(id, index).name;
            let message = format!("directive @shareable cannot be applied to a field of an interface ({}.{name})", self.name(id));
            return Err(fail(codes::FIELD_SET, message, loc));
        }
        if (d.name != "external" && d.name != "requires" && d.name != "provides") || !self.is_federation(&d.name) {
            return Ok(());
        }
        let field = self.field(id, index);
        let where_ = format!("{}.{}", self.name(id), field.name);
        if self.lw.slots[id].kind == SlotKind::Interface {
            let message = format!("directive @{} cannot be applied to a field of an interface ({where_})", d.name);
            return Err(fail(codes::FIELD_SET, message, loc));
        }
        if d.name == "requires" {
            self.field_set(Use::Requires, d, id, Some(index), loc, id)?;
        }
        if d.name != "provides" {
            return Ok(());
        }
        if self.is_external(id, field) {
            let message = format!("directive @provides cannot be applied to {where_}, which is @external");
            return Err(fail(codes::FIELD_SET, message, loc));
        }
        let target = self.slot_of(field).filter(|&t| is_composite(self.lw.slots[t].kind));
        let Some(target) = target else {
            let type_ = render_type(&field.type_, &self.lw.slots);
            let message = format!(
                "directive @provides cannot be applied to {where_}: its type {type_} is not an object, interface or union type"
            );
            return Err(fail(codes::FIELD_SET, message, loc));
        };
        self.field_set(Use::Provides, d, target, Some(index), loc, id)
    }

    /// Checks one field set: on `owner` (`@key`), on the field's type (`@requires`) or
    /// the type it returns (`@provides`); `field_owner` has the field.
    fn field_set(
        &mut self,
        use_: Use,
        d: &AppliedDirective,
        owner: SlotId,
        field: Option<usize>,
        loc: &Loc,
        field_owner: SlotId,
    ) -> Res<()> {
        let on = match field {
            None => format!("type {}", self.name(owner)),
            Some(index) => format!("field {}.{}", self.name(field_owner), self.field(field_owner, index).name),
        };
        let u = use_.name();
        let Some(Value::String(fields)) = d.args.iter().find(|(n, _)| n == "fields").map(|(_, v)| v) else {
            return Err(fail(codes::FIELD_SET, format!("@{u} on {on}: its fields argument must be a string"), loc));
        };
        let head = format!("@{u}(fields: \"{fields}\") on {on}");
        let set = parse_field_set(fields).map_err(|m| fail(codes::FIELD_SET, format!("{head}: not a field set: {m}"), loc))?;
        let steps = self.resolve(&set, owner, &head, loc)?;
        // Whether an `@external` field encloses the selections of each depth.
        let mut external_above: Vec<bool> = vec![false];
        for (i, step) in steps.iter().enumerate() {
            let depth = set[i].depth;
            let f = self.field(step.owner, step.field);
            let where_ = format!("{}.{}", self.name(step.owner), f.name);
            let kind = step.target.map(|t| self.lw.slots[t].kind);
            if use_ == Use::Key && matches!(kind, Some(SlotKind::Interface | SlotKind::Union)) {
                let (kind, target) = (kind_word(kind.unwrap_or(SlotKind::Union)), self.name(step.target.unwrap_or(owner)));
                let message = format!("{head}: {where_} returns the {kind} {target}, which a @key cannot select");
                return Err(fail(codes::FIELD_SET, message, loc));
            }
            if use_ != Use::Requires && !f.args().is_empty() {
                return Err(fail(codes::FIELD_SET, format!("{head}: {where_} takes arguments, which a @{u} cannot select"), loc));
            }
            let external = self.is_external(step.owner, f);
            let above = external_above.get(depth).copied().unwrap_or(false);
            if use_ != Use::Key && !step.selected && !above && !external {
                let why = if self.fake.contains(&where_) {
                    "is a key field of an @extends type, which federation does not count as @external"
                } else {
                    "is not @external"
                };
                let message = format!("{head}: {where_} {why}: a @{u} names only fields that another subgraph resolves");
                return Err(fail(codes::FIELD_SET, message, loc));
            }
            if step.selected {
                let value = above || external || self.external_in_implementation(step.owner, &f.name);
                external_above.truncate(depth + 1);
                external_above.push(value);
            }
        }
        Ok(())
    }

    /// Each selection's field, or the FIELD_SET error: a field the type lacks, a
    /// leaf with a selection, a composite field without one. Records the uses.
    fn resolve(&mut self, set: &[Selection], owner: SlotId, head: &str, loc: &Loc) -> Res<Vec<Step>> {
        let lw = self.lw;
        let mut steps = Vec::with_capacity(set.len());
        // The type whose fields each depth selects.
        let mut types: Vec<SlotId> = vec![owner];
        for (i, s) in set.iter().enumerate() {
            let type_ = types[s.depth];
            let slot = &lw.slots[type_];
            let index = if slot.kind == SlotKind::Union { None } else { slot.fields.iter().position(|f| f.name == s.name) };
            let Some(index) = index else {
                return Err(fail(codes::FIELD_SET, format!("{head}: {} has no field \"{}\"", slot.name, s.name), loc));
            };
            let field = &slot.fields[index];
            let where_ = format!("{}.{}", slot.name, field.name);
            let target = self.slot_of(field);
            let composite = target.is_some_and(|t| is_composite(self.lw.slots[t].kind));
            let selected = has_selection(set, i);
            if composite && !selected {
                let t = &self.lw.slots[target.unwrap_or(owner)];
                let message = format!(
                    "{head}: {where_} returns the {} {}: select some of its fields, as in \"{} {{ ... }}\"",
                    kind_word(t.kind),
                    t.name,
                    s.name
                );
                return Err(fail(codes::FIELD_SET, message, loc));
            }
            if !composite && selected {
                let type_text = render_type(&field.type_, &self.lw.slots);
                return Err(fail(codes::FIELD_SET, format!("{head}: {where_} has type {type_text}, which has no fields to select"), loc));
            }
            if selected {
                types.truncate(s.depth + 1);
                types.push(target.unwrap_or(owner));
            }
            self.use_field(type_, &s.name);
            steps.push(Step { owner: type_, field: index, target, selected });
        }
        Ok(steps)
    }

    /// A field named by a field set; through an interface, its implementations' fields too.
    fn use_field(&mut self, type_: SlotId, name: &str) {
        self.used.insert(format!("{}.{name}", self.name(type_)));
        if self.lw.slots[type_].kind == SlotKind::Interface {
            let names: Vec<String> = self.implementations_of(type_).iter().map(|&i| format!("{}.{name}", self.name(i))).collect();
            self.used.extend(names);
        }
    }

    /// Record 0073 rule 5: `validateKeyOnInterfacesAreAlsoOnAllImplementations` of federation.
    fn interface_keys(&mut self, iface: SlotId) -> Res<()> {
        if !self.is_federation("key") {
            return Ok(());
        }
        let slot = &self.lw.slots[iface];
        let locs = self.locs(LocKind::Type, &slot.loc, slot.directives.len());
        for (i, d) in slot.directives.iter().enumerate() {
            if d.name != "key" {
                continue;
            }
            let fields = key_signature(d);
            let resolvable = !is_unresolvable(d);
            let impls: Vec<SlotId> = self.implementations_of(iface).to_vec();
            for impl_ in impls {
                let found = self.lw.slots[impl_].directives.iter().find(|k| k.name == "key" && key_signature(k) == fields);
                let head = format!("@key(fields: \"{}\") on interface {}", fields_of(d), slot.name);
                let impl_name = self.name(impl_);
                let message = match found {
                    None => format!("{head}: {impl_name}, which implements it, has no @key with the same fields"),
                    Some(found) if resolvable && is_unresolvable(found) => {
                        format!("{head}: {impl_name}, which implements it, has this @key with resolvable: false")
                    }
                    Some(_) => continue,
                };
                self.report(message, &locs[i])?;
            }
        }
        Ok(())
    }

    /// Rule 6: federation refuses an `@external` field nothing uses.
    fn unused_externals(&mut self) -> Res<()> {
        // Fields of interfaces are used by the object types implementing them (a set: the
        // map's order does not matter).
        let mut used: Vec<String> = Vec::new();
        for (iface, impls) in &self.implementations {
            for f in &self.lw.slots[*iface].fields {
                for &impl_ in impls {
                    used.push(format!("{}.{}", self.name(impl_), f.name));
                }
            }
        }
        self.used.extend(used);
        let lw = self.lw;
        for &id in self.order {
            let slot = &lw.slots[id];
            if slot.kind != SlotKind::Object {
                continue;
            }
            let type_index = slot.directives.iter().position(|d| d.name == "external");
            for field in &slot.fields {
                if !self.is_external(id, field) || self.used.contains(&format!("{}.{}", slot.name, field.name)) {
                    continue;
                }
                let own = field.directives().iter().position(|d| d.name == "external");
                let loc = match own {
                    Some(i) => self.locs(LocKind::Field, &field.loc, field.directives().len())[i].clone(),
                    None => self.locs(LocKind::Type, &slot.loc, slot.directives.len())[type_index.unwrap_or(0)].clone(),
                };
                let message = format!("{}.{}{UNUSED_EXTERNAL}", slot.name, field.name);
                self.report(message, &loc)?;
            }
        }
        Ok(())
    }

    /// Federation's `isExternal`: `@external` on the field or its object type, unless a fake external.
    fn is_external(&self, id: SlotId, field: &DraftField) -> bool {
        if !self.is_federation("external") {
            return false;
        }
        let slot = &self.lw.slots[id];
        let marked = field.directives().iter().any(|d| d.name == "external")
            || (slot.kind == SlotKind::Object && slot.directives.iter().any(|d| d.name == "external"));
        marked && !self.fake.contains(&format!("{}.{}", slot.name, field.name))
    }

    /// Whether an object type implementing interface `owner` has its field `name` `@external`.
    fn external_in_implementation(&self, owner: SlotId, name: &str) -> bool {
        if self.lw.slots[owner].kind != SlotKind::Interface {
            return false;
        }
        self.implementations_of(owner).iter().any(|&impl_| {
            self.lw.slots[impl_].fields.iter().find(|f| f.name == name).is_some_and(|f| self.is_external(impl_, f))
        })
    }

    /// Federation's fake externals: the `@external` fields that a key of an
    /// `@extends` type selects. Keys that do not resolve are left to `field_set`.
    fn collect_fake_externals(&mut self) {
        if !self.is_federation("key") {
            return;
        }
        let lw = self.lw;
        for &id in self.order {
            let slot = &lw.slots[id];
            // An extension's keys count as an `@extends` type's (record 0076).
            if !slot.extension && !slot.directives.iter().any(|d| d.name == "extends") {
                continue;
            }
            for d in &slot.directives {
                if d.name != "key" {
                    continue;
                }
                let Some(Value::String(fields)) = d.args.iter().find(|(n, _)| n == "fields").map(|(_, v)| v) else { continue };
                let Ok(set) = parse_field_set(fields) else { continue };
                let mut types: Vec<Option<SlotId>> = vec![Some(id)];
                for (i, s) in set.iter().enumerate() {
                    let type_ = types[s.depth];
                    let field = type_.and_then(|t| lw.slots[t].fields.iter().find(|f| f.name == s.name));
                    if let (Some(t), Some(f)) = (type_, field) {
                        if f.directives().iter().any(|x| x.name == "external") {
                            self.fake.insert(format!("{}.{}", lw.slots[t].name, f.name));
                        }
                    }
                    if has_selection(&set, i) {
                        types.truncate(s.depth + 1);
                        types.push(field.and_then(|f| self.slot_of(f)));
                    }
                }
            }
        }
    }

    /// Whether `name` is federation's directive here (record 0031: a document may declare its own).
    fn is_federation(&self, name: &str) -> bool {
        !self.declared.contains(&name)
    }

    /// Where each directive of the element at `loc` was given (lower_directives kept them).
    fn locs(&self, kind: LocKind, loc: &Loc, count: usize) -> Vec<Loc> {
        match self.lw.directives.field_set_locs.get(&field_set_loc_key(kind, loc)) {
            Some(locs) => locs.clone(),
            None => vec![loc.clone(); count],
        }
    }

    fn slot_of(&self, field: &DraftField) -> Option<SlotId> {
        match &field.type_.base {
            Base::Slot(id) => Some(*id),
            Base::Name(name) => self.by_name.get(name.as_ref()).copied(),
        }
    }
}

impl<'a> ContextCheck<'a> for FieldSetCheck<'a> {
    fn lowering(&self) -> &'a Lowering {
        self.lw
    }
    fn order(&self) -> &'a [SlotId] {
        self.order
    }
    fn slot_of(&self, field: &DraftField) -> Option<SlotId> {
        FieldSetCheck::slot_of(self, field)
    }
    fn use_field(&mut self, type_: SlotId, name: &str) {
        FieldSetCheck::use_field(self, type_, name);
    }
    fn is_federation(&self, name: &str) -> bool {
        FieldSetCheck::is_federation(self, name)
    }
    fn type_locs(&self, id: SlotId) -> Vec<Loc> {
        let slot = &self.lw.slots[id];
        self.locs(LocKind::Type, &slot.loc, slot.directives.len())
    }
}

fn fields_of(d: &AppliedDirective) -> &str {
    match d.args.iter().find(|(n, _)| n == "fields").map(|(_, v)| v) {
        Some(Value::String(s)) => s.as_str(),
        _ => "",
    }
}

fn is_unresolvable(d: &AppliedDirective) -> bool {
    d.args.iter().any(|(n, v)| n == "resolvable" && *v == Value::Bool(false))
}

/// A key's fields with each level's names sorted, so that two spellings of one selection compare equal.
fn key_signature(d: &AppliedDirective) -> String {
    let Ok(set) = parse_field_set(fields_of(d)) else { return String::new() };
    // Each selection's text (its name and sorted sub-selections), built from the deepest up.
    let mut children: Vec<Vec<String>> = vec![Vec::new(); set.len()];
    let mut parents: Vec<Option<usize>> = Vec::with_capacity(set.len());
    let mut last: Vec<usize> = Vec::new();
    for (i, s) in set.iter().enumerate() {
        parents.push(if s.depth == 0 { None } else { Some(last[s.depth - 1]) });
        last.truncate(s.depth);
        last.push(i);
    }
    let mut top: Vec<String> = Vec::new();
    for i in (0..set.len()).rev() {
        let mut subs = std::mem::take(&mut children[i]);
        subs.sort();
        let text = if subs.is_empty() { set[i].name.clone() } else { format!("{}{{{}}}", set[i].name, subs.join(" ")) };
        match parents[i] {
            None => top.push(text),
            Some(p) => children[p].push(text),
        }
    }
    top.sort();
    top.join(" ")
}
