//! Type slots: one per schema node that becomes a named GraphQL type
//! (mirrors js/src/slots.ts).
//!
//! A slot is keyed by where its node sits (source + JSON pointer), so every
//! `$ref` to the same node, and the node's own position, share one type.
//! Slots are created in document order; a slot created while another is being
//! lowered becomes its child and prints right after it (D15). Names are given
//! after all slots exist (D3), which is why drafts hold `TypeExpr`s.
//!
//! TypeScript links slots by object reference; here they live in the
//! Lowering's `Slots` and refer to each other by `SlotId` (an index).

use crate::json::{Str, Value};

use crate::ir::{AppliedDirective, EnumValueDef};
use crate::loc::{Loc, Source, Target};
use std::rc::Rc;
use crate::type_expr::TypeExpr;

/// An index into the Lowering's `slots`.
pub type SlotId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlotKind {
    Object,
    Interface,
    Input,
    Union,
    Enum,
    Scalar,
}

#[derive(Debug, Clone)]
pub struct DraftInputValue {
    pub name: Str,
    pub description: Option<Str>,
    pub type_: TypeExpr,
    pub default_value: Option<Value>,
    pub directives: Vec<AppliedDirective>,
    /// A non-null one's `@deprecated` entry, checked against its default by default_values.rs.
    pub deprecated_at: Option<Loc>,
    /// Where the default is written, for default_values.rs (record 0030).
    pub default_at: Option<Loc>,
    /// Where its `@fromContext` is given (`fromContext`, or the entry of `directives`), for
    /// from_context.rs (record 0084).
    pub from_context_at: Option<Loc>,
}

#[derive(Debug, Clone)]
pub struct DraftField {
    /// Name and description are `Str`s, as in the tree and the IR: a short one is held
    /// inline and a long one shared, so neither is copied on its way to the document.
    pub name: Str,
    pub description: Option<Str>,
    pub type_: TypeExpr,
    /// Arguments, default, directives and deprecation entry, when the field has any.
    /// Most fields have none, and a draft of every field of a large schema is alive
    /// at once: boxed together they save 56 bytes a draft (160 bytes instead of 216)
    /// Read through `args()`, `directives()`,
    /// `default_value()` and `deprecated_at()`.
    pub extras: Option<Box<FieldExtras>>,
    /// Where the property sits, for diagnostics.
    pub loc: Loc,
    /// What gave the field its type, for diagnostics (`type_loc`).
    pub type_from: TypeFrom,
}

/// The parts of a field that most fields do not have (`DraftField::extras`).
#[derive(Debug, Clone, Default)]
pub struct FieldExtras {
    pub args: Vec<DraftInputValue>,
    /// Input fields only (`x-graphql-default`).
    pub default_value: Option<Value>,
    pub directives: Vec<AppliedDirective>,
    /// A non-null input field's `@deprecated` entry, checked against its default by default_values.rs.
    pub deprecated_at: Option<Loc>,
    /// `x-graphql-directive-order` (record 0076): the directives in this order, by name.
    pub directive_order: Option<Vec<String>>,
    /// `mixedUnions: "types"` (record 0085): the branches' types, named in the description.
    pub branch_types: Option<Vec<TypeExpr>>,
}

impl FieldExtras {
    /// The box of these parts, or none when the field has none of them.
    pub fn boxed(
        args: Vec<DraftInputValue>,
        default_value: Option<Value>,
        directives: Vec<AppliedDirective>,
        deprecated_at: Option<Loc>,
        directive_order: Option<Vec<String>>,
        branch_types: Option<Vec<TypeExpr>>,
    ) -> Option<Box<FieldExtras>> {
        if args.is_empty() && default_value.is_none() && directives.is_empty() && deprecated_at.is_none() && branch_types.is_none() {
            return None;
        }
        Some(Box::new(FieldExtras { args, default_value, directives, deprecated_at, directive_order, branch_types }))
    }
}

/// What gave a field its type. Kept instead of its loc, which is built only for
/// an error: a loc for every `$ref` field was an allocation and 32 bytes a draft.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeFrom {
    /// The property's own schema.
    Property,
    /// `x-graphql-field-type`.
    FieldType,
    /// The property's `$ref`.
    Ref,
}

impl DraftField {
    pub fn args(&self) -> &[DraftInputValue] {
        self.extras.as_ref().map_or(&[], |e| e.args.as_slice())
    }

    pub fn directives(&self) -> &[AppliedDirective] {
        self.extras.as_ref().map_or(&[], |e| e.directives.as_slice())
    }

    pub fn default_value(&self) -> Option<&Value> {
        self.extras.as_ref().and_then(|e| e.default_value.as_ref())
    }

    pub fn deprecated_at(&self) -> Option<&Loc> {
        self.extras.as_ref().and_then(|e| e.deprecated_at.as_ref())
    }

    /// Where the field's type was given: `x-graphql-field-type`, `$ref`, or the property.
    pub fn type_loc(&self) -> Loc {
        match self.type_from {
            TypeFrom::Property => self.loc.clone(),
            TypeFrom::FieldType => self.loc.child(&["x-graphql-field-type"]),
            TypeFrom::Ref => self.loc.child(&["$ref"]),
        }
    }
}

#[derive(Debug, Clone)]
pub struct NameRef {
    pub name: String,
    pub loc: Loc,
}

/// The generated name before collision handling, computed at naming time
/// (TypeScript's `base: () => string` closures, one variant per closure).
#[derive(Debug, Clone)]
pub enum BaseName {
    /// `() => this.rootName(root, source)`: the root of a converted document.
    Root(Rc<Source>),
    /// `this.baseNameFor(target)`.
    Target(Target),
    /// `() => explicit.name`.
    Fixed(String),
    /// `() => ctx.owner.name + toTypeName(ctx.key)`.
    OwnerKey { owner: SlotId, key: String },
    /// `() => union.name + String(i + 1)`: an untitled inline union member (record 0081).
    OwnerSuffix { owner: SlotId, suffix: String },
    /// `() => unionName() + String(i + 1)`: an untitled object branch of a mixed union
    /// under `mixedUnions: "types"` (record 0085).
    Suffixed(Box<BaseName>, String),
    /// `() => wrapperName(type)`: a mixed union's wrapper of a type (record 0085).
    Wrapper(TypeExpr),
}

#[derive(Debug, Clone)]
pub struct MemberSlot {
    pub slot: Option<SlotId>,
    pub loc: Loc,
}

#[derive(Debug, Clone)]
pub struct Slot {
    /// Where the node sits; its `loc_key` is the slot's key, and the ref text
    /// hashed by `refNaming: hash` (assemble.rs).
    pub loc: Loc,
    pub kind: SlotKind,
    /// A verbatim name (x-graphql-type-name, legacy x-graphql-type, x-graphql-scalar.name).
    pub explicit: Option<NameRef>,
    /// The generated name before collision handling; computed in naming order.
    pub base: BaseName,
    pub children: Vec<SlotId>,
    /// The final name, set by naming.
    pub name: Str,
    pub description: Option<Str>,
    pub directives: Vec<AppliedDirective>,
    pub fields: Vec<DraftField>,
    /// Interfaces by name (x-graphql-implements) and by ref (allOf), resolved after naming.
    pub interface_names: Vec<NameRef>,
    pub interface_slots: Vec<SlotId>,
    pub interfaces: Vec<SlotId>,
    /// Union members by name (x-graphql-union-types) and by ref (oneOf/anyOf).
    pub member_names: Vec<NameRef>,
    pub member_slots: Vec<MemberSlot>,
    pub members: Vec<SlotId>,
    pub values: Vec<EnumValueDef>,
    /// `x-graphql-extends` (record 0076): printed `extend type` / `extend interface` / `extend input`.
    pub extension: bool,
    /// `x-graphql-directive-order` (record 0076): the type's directives in this order, by name.
    pub directive_order: Option<Vec<String>>,
}

impl Slot {
    /// The schema node of the slot (TypeScript's `slot.node`).
    pub fn node(&self) -> &Value {
        self.loc.node()
    }
}

pub fn new_slot(loc: Loc, kind: SlotKind, base: BaseName, explicit: Option<NameRef>) -> Slot {
    Slot {
        loc,
        kind,
        explicit,
        base,
        children: Vec::new(),
        name: Str::default(),
        description: None,
        directives: Vec::new(),
        fields: Vec::new(),
        interface_names: Vec::new(),
        interface_slots: Vec::new(),
        interfaces: Vec::new(),
        member_names: Vec::new(),
        member_slots: Vec::new(),
        members: Vec::new(),
        values: Vec::new(),
        extension: false,
        directive_order: None,
    }
}

/// Every slot of a lowering, by `SlotId`, in chunks of `SLOTS_PER_CHUNK`. A slot is
/// over 400 bytes and a large schema has tens of thousands: a plain `Vec<Slot>`
/// copied all of them at every doubling and held up to twice their size (that
/// doubling was the peak of a conversion's memory, N = 20,000, massif), and a box
/// per slot cost an allocation and a free each (8,600 at N = 5,000). Full chunks
/// never move.
#[derive(Debug, Default)]
pub struct Slots(Vec<Vec<Slot>>);

/// 128 slots of about 400 bytes: 50 kB a chunk, under glibc's threshold for
/// mapping an allocation of its own (128 kB).
const SLOTS_PER_CHUNK: usize = 128;

impl Slots {
    /// Adds a slot; its id is the number of slots before it.
    pub fn push(&mut self, slot: Slot) -> SlotId {
        let full = self.0.last().is_none_or(|chunk| chunk.len() == SLOTS_PER_CHUNK);
        if full {
            self.0.push(Vec::with_capacity(SLOTS_PER_CHUNK));
        }
        let chunks = self.0.len();
        let Some(chunk) = self.0.last_mut() else { unreachable!("a chunk was just made") };
        chunk.push(slot);
        (chunks - 1) * SLOTS_PER_CHUNK + chunk.len() - 1
    }

    pub fn get(&self, id: SlotId) -> Option<&Slot> {
        self.0.get(id / SLOTS_PER_CHUNK)?.get(id % SLOTS_PER_CHUNK)
    }

    pub fn get_mut(&mut self, id: SlotId) -> Option<&mut Slot> {
        self.0.get_mut(id / SLOTS_PER_CHUNK)?.get_mut(id % SLOTS_PER_CHUNK)
    }
}

impl std::ops::Index<SlotId> for Slots {
    type Output = Slot;
    fn index(&self, id: SlotId) -> &Slot {
        &self.0[id / SLOTS_PER_CHUNK][id % SLOTS_PER_CHUNK]
    }
}

#[cfg(test)]
mod tests {
    use super::DraftField;

    /// A draft of every field of a large schema is alive at once (`DraftField::extras`).
    /// 160 bytes: a `Loc` is 48 since a property's pointer is kept unjoined (resolve.rs `Pointer`).
    #[test]
    fn slot_ids_index_across_chunks() {
        use super::{new_slot, BaseName, SlotKind, Slots, SLOTS_PER_CHUNK};
        use crate::loc::{Loc, Source, Tree};
        use std::rc::Rc;
        let root = crate::json::Value::from(serde_json::json!({ "type": "object" }));
        let source = Rc::new(Source { id: String::new(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() });
        let mut slots = Slots::default();
        let n = 2 * SLOTS_PER_CHUNK + 3;
        for i in 0..n {
            let id = slots.push(new_slot(Loc::new(source.clone(), ""), SlotKind::Object, BaseName::Fixed(format!("T{i}")), None));
            assert_eq!(id, i);
        }
        for i in [0, SLOTS_PER_CHUNK - 1, SLOTS_PER_CHUNK, n - 1] {
            assert!(matches!(&slots[i].base, BaseName::Fixed(name) if *name == format!("T{i}")));
            slots.get_mut(i).expect("a slot").name = format!("N{i}").into();
            assert_eq!(slots.get(i).map(|s| s.name.as_str()), Some(format!("N{i}").as_str()));
        }
        assert!(slots.get(n).is_none());
    }

    #[test]
    fn a_draft_field_stays_small() {
        assert!(std::mem::size_of::<DraftField>() <= 160, "{} bytes", std::mem::size_of::<DraftField>());
    }
}
