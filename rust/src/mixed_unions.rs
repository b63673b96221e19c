//! mixed_unions: a `oneOf` / `anyOf` that mixes object branches with scalars (or arrays,
//! maps, enums), under the option `mixedUnions` (record 0085). `"json"` (the default)
//! leaves it the JSON scalar (C3 rule 4). `"types"` leaves it JSON but gives every object
//! branch its named type and names the branches' types in the field's description.
//! `"wrap"` makes it a union: object branches are members, every other branch is wrapped
//! in a one-field object type (`type BooleanValue { value: Boolean! }`), one per wrapped
//! type, shared across the document and named after every other type (so a collision
//! takes D3's suffix). Input positions stay JSON in every mode (an input holds no union).
//! The twin of js/src/mixed-unions.ts.

use crate::errors::{codes, ConversionError};
use crate::json::{Str, Value};
use crate::json_reasons::JsonReason;
use crate::loc::{Loc, Target};
use crate::lower::{fail, Lowering};
use crate::lower_classify::Classification;
use crate::lower_types::{type_of, TypeContext, MAX_TYPE_DEPTH};
use crate::normalize::{attr, explicit_type_name, is_ref_conjunction, ref_of};
use crate::options::MixedUnions;
use crate::slots::{new_slot, BaseName, DraftField, MemberSlot, SlotId, SlotKind, Slots, TypeFrom};
use crate::type_expr::{non_null, render_type, slot, Base, TypeExpr, Wrapper, JSON_SCALAR};

type Res<T> = Result<T, ConversionError>;

/// The first non-empty `oneOf` (else `anyOf`) of a node without `properties`, as C3 reads it.
pub fn branch_list(node: &Value) -> Option<(&'static str, &[Value])> {
    if attr(node, "properties").is_some_and(Value::is_object) {
        return None;
    }
    for keyword in ["oneOf", "anyOf"] {
        if let Some(Value::Array(list)) = attr(node, keyword) {
            if !list.is_empty() {
                return Some((keyword, &list[..]));
            }
        }
    }
    None
}

/// `{"type": "null"}`: a branch that only makes the field nullable (C3 rule 1).
fn is_null_branch(b: &Value) -> bool {
    b.is_object() && attr(b, "type").and_then(Value::as_str) == Some("null")
}

/// The object type a branch is: its `$ref`'s target or the inline branch (the bool: by
/// a ref), when it classifies as an object.
fn object_branch(lw: &mut Lowering, b: &Value, at: &Loc) -> Res<Option<(Target, bool)>> {
    if !b.is_object() {
        return Ok(None);
    }
    let pure_ref = if is_ref_conjunction(b, at.source().draft) { None } else { ref_of(b) };
    let target = match pure_ref {
        Some(r) => {
            let resolved = lw.resolver.resolve(r, at)?;
            let t = lw.follow_refs(resolved)?;
            if lw.resolver.is_unresolved(&t) {
                return Ok(None);
            }
            t
        }
        None => Target { loc: at.clone() },
    };
    // A branch that is a mixed union asks for its own branches' classes: bounded as
    // `ref_union_members` is.
    if lw.classify_depth >= MAX_TYPE_DEPTH {
        return Err(fail(
            codes::TOO_DEEP,
            format!("types nest deeper than {MAX_TYPE_DEPTH} levels here (array items, branches and $refs to aliases)"),
            at,
        ));
    }
    lw.classify_depth += 1;
    let kind = lw.classify(&target);
    lw.classify_depth -= 1;
    Ok(if kind? == Classification::Slot(SlotKind::Object) { Some((target, pure_ref.is_some())) } else { None })
}

/// Whether a node is a mixed union the option acts on: its branches (null aside) are not
/// all object types (those are C3's unions) and one at least is. Branches that are all
/// scalars have no structure to keep: they stay JSON.
pub fn is_mixed_union(lw: &mut Lowering, target: &Target) -> Res<bool> {
    if lw.options.mixed_unions == MixedUnions::Json {
        return Ok(false);
    }
    let node = target.node();
    if !node.is_object() {
        return Ok(false);
    }
    let Some((keyword, list)) = branch_list(node) else { return Ok(false) };
    let (mut objects, mut others) = (0, 0);
    for (i, b) in list.iter().enumerate() {
        if is_null_branch(b) {
            continue;
        }
        let at = target.loc.child(&[keyword.to_string(), i.to_string()]);
        if object_branch(lw, b, &at)?.is_some() {
            objects += 1;
        } else {
            others += 1;
        }
    }
    Ok(objects > 0 && others > 0)
}

/// An inline branch that is an enum type (a string `enum`, a documented enum): named as
/// an inline object branch is.
fn inline_enum(lw: &mut Lowering, b: &Value, loc: &Loc) -> Res<Option<Target>> {
    if !b.is_object() || (ref_of(b).is_some() && !is_ref_conjunction(b, loc.source().draft)) {
        return Ok(None);
    }
    let target = Target { loc: loc.clone() };
    Ok(if lw.classify(&target)? == Classification::Slot(SlotKind::Enum) { Some(target) } else { None })
}

/// `title`, else `<UnionName><n>` (n counted from 1): the name of an inline branch's
/// type (record 0081); `union_name(suffix)` makes the second.
fn branch_name(target: &Target, i: usize, union_name: impl FnOnce(String) -> BaseName) -> BaseName {
    let titled = matches!(attr(target.node(), "title"), Some(Value::String(title)) if !title.is_empty());
    if titled {
        BaseName::Target(target.clone())
    } else {
        union_name((i + 1).to_string())
    }
}

/// `<Definition key>` for a definition, `x-graphql-type-name`, else C3's `<OwnerType><PascalKey>`.
fn union_base_name(target: &Target, ctx: &TypeContext<'_>) -> BaseName {
    if let Some((name, _)) = explicit_type_name(target.node()) {
        return BaseName::Fixed(name);
    }
    let pointer = target.loc.pointer();
    let segments: Vec<&str> = pointer.split('/').collect();
    if segments.len() == 3 && (segments[1] == "definitions" || segments[1] == "$defs") {
        return BaseName::Target(target.clone());
    }
    BaseName::OwnerKey { owner: ctx.owner, key: ctx.key.to_string() }
}

/// `"types"`: the type of every branch (null aside), in branch order. An inline object
/// or enum branch is a named type (a child of the field's type), named by its `title`,
/// else `<UnionName><n>`, n its position in the list from 1 (record 0081's names); any
/// other branch has the type `type_of` gives it (a `$ref`'s type).
pub fn branch_types(lw: &mut Lowering, target: &Target, ctx: &TypeContext<'_>) -> Res<Vec<TypeExpr>> {
    let node = target.node();
    let Some((keyword, list)) = branch_list(node) else { return Ok(Vec::new()) };
    let union_name = union_base_name(target, ctx);
    let mut types = Vec::new();
    for (i, b) in list.iter().enumerate() {
        if is_null_branch(b) {
            continue;
        }
        let loc = target.loc.child(&[keyword.to_string(), i.to_string()]);
        match object_branch(lw, b, &loc)? {
            Some((t, false)) => {
                let base = branch_name(&t, i, |n| BaseName::Suffixed(Box::new(union_name.clone()), n));
                types.push(slot(lw.slot_for(&t, SlotKind::Object, ctx.owner, base)));
            }
            Some((_, true)) => types.push(type_of(lw, b, &loc, ctx)?.type_),
            None => match inline_enum(lw, b, &loc)? {
                Some(t) => {
                    let base = branch_name(&t, i, |n| BaseName::Suffixed(Box::new(union_name.clone()), n));
                    types.push(slot(lw.slot_for(&t, SlotKind::Enum, ctx.owner, base)));
                }
                None => types.push(type_of(lw, b, &loc, ctx)?.type_),
            },
        }
    }
    Ok(types)
}

/// The slot of a `"wrap"` mixed union on a property: named as C3 names a union.
pub fn mixed_union_slot(lw: &mut Lowering, target: &Target, ctx: &TypeContext<'_>) -> SlotId {
    let base = union_base_name(target, ctx);
    lw.slot_for(target, SlotKind::Union, ctx.owner, base)
}

/// `"types"`: the field's description, followed by the branches' types (each named once).
pub fn branches_description(description: Option<Str>, types: &[TypeExpr], slots: &Slots) -> Str {
    let mut names: Vec<Str> = Vec::new();
    for t in types {
        let name = render_type(t, slots);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let line = format!("One of: {}.", names.iter().map(Str::as_str).collect::<Vec<_>>().join(", "));
    match description {
        Some(d) => format!("{d}\n\n{line}").into(),
        None => line.into(),
    }
}

impl Lowering {
    /// Record 0085: a oneOf/anyOf of object types and others, under `mixedUnions` "types"
    /// or "wrap" (memoized).
    pub fn is_mixed_union(&mut self, target: &Target) -> Res<bool> {
        if let Some(&known) = self.mixed_unions.get(&target.loc) {
            return Ok(known);
        }
        // Set first: a branch that reaches the node again is no object type of it.
        self.mixed_unions.insert(&target.loc, false);
        let known = is_mixed_union(self, target)?;
        self.mixed_unions.insert(&target.loc, known);
        Ok(known)
    }

    /// `"wrap"`: the members of a mixed union's slot: object branches as record 0081 makes
    /// them, every other branch's type in its wrapper. An inline enum branch is named as an
    /// inline object branch is (`<Union><n>`).
    pub fn wrap_members(&mut self, id: SlotId, loc: &Loc) -> Res<Vec<MemberSlot>> {
        let node = loc.node();
        let Some((keyword, list)) = branch_list(node) else { return Ok(Vec::new()) };
        // A branch's own inline enum or union is a child of the union, named `<Union>Value`.
        let ctx = TypeContext { owner: id, key: "value", input: false };
        let mut members = Vec::new();
        for (i, b) in list.iter().enumerate() {
            if is_null_branch(b) {
                continue;
            }
            let m_loc = loc.child(&[keyword.to_string(), i.to_string()]);
            if let Some((t, by_ref)) = object_branch(self, b, &m_loc)? {
                let member = if by_ref {
                    Some(self.slot_for(&t, SlotKind::Object, id, BaseName::Target(t.clone())))
                } else {
                    self.inline_member(id, b, &m_loc, i)?
                };
                members.push(MemberSlot { slot: member, loc: m_loc });
                continue;
            }
            if let Some(t) = inline_enum(self, b, &m_loc)? {
                let base = branch_name(&t, i, |suffix| BaseName::OwnerSuffix { owner: id, suffix });
                let named = self.slot_for(&t, SlotKind::Enum, id, base);
                let wrapper = self.wrapper(slot(named), &m_loc);
                members.push(MemberSlot { slot: Some(wrapper), loc: m_loc });
                continue;
            }
            self.json_reason = None;
            let type_ = type_of(self, b, &m_loc, &ctx)?.type_;
            if matches!(&type_.base, Base::Name(name) if name == JSON_SCALAR) {
                let reason = self.json_reason.unwrap_or(JsonReason::Untyped);
                self.json_fields.push(crate::json_reasons::JsonField { reason, loc: m_loc.clone() });
            }
            let wrapper = self.wrapper(type_, &m_loc);
            members.push(MemberSlot { slot: Some(wrapper), loc: m_loc });
        }
        Ok(members)
    }

    /// The one wrapper of a type: `type <Name>Value { value: <type>! }`, made at its first use.
    fn wrapper(&mut self, type_: TypeExpr, loc: &Loc) -> SlotId {
        let key = wrapper_key(&type_);
        if let Some(&id) = self.wrappers.get(&key) {
            return id;
        }
        let mut s = new_slot(loc.clone(), SlotKind::Object, BaseName::Wrapper(type_.clone()), None);
        s.fields.push(DraftField {
            name: "value".into(),
            description: None,
            type_: non_null(type_),
            extras: None,
            loc: loc.clone(),
            type_from: TypeFrom::Property,
        });
        let id = self.slots.push(s);
        self.wrappers.insert(key, id);
        id
    }
}

/// What tells two wrapped types apart: the names, the slots and the lists.
fn wrapper_key(t: &TypeExpr) -> String {
    let mut key = match &t.base {
        Base::Name(name) => format!("name:{name}"),
        Base::Slot(id) => format!("slot:{id}"),
    };
    for w in t.wrappers.iter() {
        key = match w {
            Wrapper::List => format!("[{key}]"),
            Wrapper::NonNull => format!("{key}!"),
        };
    }
    key
}

/// `BooleanValue`, `StringListValue` (`[String]`), `<Enum>Value`: evaluated at naming
/// time, after every other type.
pub fn wrapper_name(t: &TypeExpr, base: &str) -> String {
    let lists = t.wrappers.iter().filter(|w| **w == Wrapper::List).count();
    format!("{base}{}Value", "List".repeat(lists))
}
