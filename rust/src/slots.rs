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
use crate::resolve::{Loc, Target};
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
}

#[derive(Debug, Clone)]
pub struct DraftField {
    /// Name and description are `Str`s, as in the tree and the IR: a short one is held
    /// inline and a long one shared, so neither is copied on its way to the document.
    pub name: Str,
    pub description: Option<Str>,
    pub args: Vec<DraftInputValue>,
    pub type_: TypeExpr,
    /// Input fields only (`x-graphql-default`). Boxed, like `deprecated_at`: both are
    /// rare, and a draft of every field of a large schema is alive at once (the two
    /// inline would add 96 bytes to every draft).
    pub default_value: Option<Box<Value>>,
    pub directives: Vec<AppliedDirective>,
    /// A non-null input field's `@deprecated` entry, checked against its default by default_values.rs.
    pub deprecated_at: Option<Box<Loc>>,
    /// Where the property sits, for diagnostics.
    pub loc: Loc,
    /// What gave the field its type, for diagnostics (`type_loc`).
    pub type_from: TypeFrom,
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
    /// `() => this.rootName(root)`.
    Root,
    /// `this.baseNameFor(target)`.
    Target(Target),
    /// `() => explicit.name`.
    Fixed(String),
    /// `() => ctx.owner.name + toTypeName(ctx.key)`.
    OwnerKey { owner: SlotId, key: String },
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
    pub name: String,
    pub description: Option<String>,
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
        name: String::new(),
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
    }
}

/// Every slot of a lowering, by `SlotId`. Each slot is boxed: a slot is over
/// 400 bytes and a large schema has tens of thousands, so a plain `Vec<Slot>`
/// copied all of them at every doubling and held up to twice their size, and
/// that doubling was the peak of a conversion's memory (N = 20,000, massif).
#[derive(Debug, Default)]
#[allow(clippy::vec_box)] // boxed on purpose: see above
pub struct Slots(Vec<Box<Slot>>);

impl Slots {
    /// Adds a slot; its id is the number of slots before it.
    pub fn push(&mut self, slot: Slot) -> SlotId {
        self.0.push(Box::new(slot));
        self.0.len() - 1
    }

    pub fn get(&self, id: SlotId) -> Option<&Slot> {
        self.0.get(id).map(Box::as_ref)
    }

    pub fn get_mut(&mut self, id: SlotId) -> Option<&mut Slot> {
        self.0.get_mut(id).map(Box::as_mut)
    }
}

impl std::ops::Index<SlotId> for Slots {
    type Output = Slot;
    fn index(&self, id: SlotId) -> &Slot {
        &self.0[id]
    }
}
