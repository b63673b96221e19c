//! lower_classify: the part of lowering that decides what a schema node
//! becomes (a slot kind, a type alias, JSON...): `classify` and what it needs
//! (ref unions, `$ref` chains, the memoized merged objects). Split out of
//! lower.rs for size, as a second `impl Lowering` block; TypeScript keeps
//! these methods in js/src/lower.ts (the `Lowering` class).

use foldhash::{HashSet, HashSetExt};
use std::rc::Rc;

use crate::json::Value;

use crate::errors::{codes, ConversionError};
use crate::lower::{fail, Lowering};
use crate::schema_shapes::{documented_enum, is_annotation_only_object, is_string_enum};
use crate::lower_types::MAX_TYPE_DEPTH;
use crate::normalize::{attr, explicit_kind, flag, is_ref_conjunction, ref_keyword, ref_of};
use crate::loc::{loc_key, Loc, Target};
use crate::merge_all_of::{merge_object, MergedObject};
use crate::options::MixedUnions;
use crate::slots::SlotKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Classification {
    Slot(SlotKind),
    Skip,
    Empty,
    Alias,
    Ref,
}

/// `isSlotKind`: the slot kind of a classification, if it is one.
pub fn is_slot_kind(c: Classification) -> Option<SlotKind> {
    match c {
        Classification::Slot(kind) => Some(kind),
        _ => None,
    }
}

impl Lowering {
    /// What a schema node becomes. Memoized by location; cycles classify as alias.
    pub fn classify(&mut self, target: &Target) -> Result<Classification, ConversionError> {
        if let Some(&known) = self.classes.get(&target.loc) {
            return Ok(known);
        }
        self.classes.insert(&target.loc, Classification::Alias);
        let result = self.classify_node(target)?;
        self.classes.insert(&target.loc, result);
        Ok(result)
    }

    fn classify_node(&mut self, target: &Target) -> Result<Classification, ConversionError> {
        let node = target.node();
        if !node.is_object() {
            return Ok(Classification::Alias);
        }
        if flag(node, "x-graphql-skip") {
            return Ok(Classification::Skip);
        }
        if attr(node, "x-graphql-scalar").is_some_and(Value::is_object) {
            return Ok(Classification::Slot(SlotKind::Scalar));
        }
        if ref_of(node).is_some() && !is_ref_conjunction(node, target.loc.source().draft) {
            return Ok(Classification::Ref);
        }
        let kind = explicit_kind(node).map(str::to_string);
        if kind.as_deref() == Some("UNION") {
            return Ok(Classification::Slot(SlotKind::Union));
        }
        if kind.as_deref() == Some("ENUM") || (kind.is_none() && is_string_enum(node)) {
            let enum_like = is_string_enum(node) || documented_enum(node).is_some();
            return Ok(if enum_like { Classification::Slot(SlotKind::Enum) } else { Classification::Alias });
        }
        if kind.is_none() && documented_enum(node).is_some() {
            return Ok(Classification::Slot(SlotKind::Enum));
        }
        // A schema with `properties` beside its `oneOf` is an object type (record 0008): its
        // branches refine it, they are no alternatives to its own fields.
        if kind.is_none() && !attr(node, "properties").is_some_and(Value::is_object) && self.ref_union_members(target)?.is_some() {
            return Ok(Classification::Slot(SlotKind::Union));
        }
        if kind.is_none() && self.options.mixed_unions == MixedUnions::Wrap && self.is_mixed_union(target)? {
            return Ok(Classification::Slot(SlotKind::Union));
        }
        let type_is_object = attr(node, "type").and_then(Value::as_str) == Some("object");
        let objectish = kind.is_some()
            || type_is_object
            || attr(node, "properties").is_some_and(Value::is_object)
            || attr(node, "allOf").is_some_and(Value::is_array);
        if !objectish {
            return Ok(Classification::Alias);
        }
        let merged = self.merged(target)?;
        if merged.properties.is_empty() && kind.is_none() && !type_is_object {
            return Ok(Classification::Alias);
        }
        let slot_kind = match kind.as_deref() {
            Some("INTERFACE") => SlotKind::Interface,
            Some("INPUT_OBJECT") => SlotKind::Input,
            _ => SlotKind::Object,
        };
        if self.field_count(&merged) == 0 {
            return Ok(if self.options.emit_empty_types { Classification::Slot(slot_kind) } else { Classification::Empty });
        }
        Ok(Classification::Slot(slot_kind))
    }

    /// `oneOf`/`anyOf` made only of object types (null branches aside): refs to object
    /// types and, record 0081, inline object schemas; annotation-only objects are left
    /// out. The targets, else None.
    pub fn ref_union_members(&mut self, target: &Target) -> Result<Option<Vec<Target>>, ConversionError> {
        let node = target.node();
        for keyword in ["oneOf", "anyOf"] {
            let list = match attr(node, keyword) {
                Some(Value::Array(list)) if !list.is_empty() => list,
                _ => continue,
            };
            let mut members = Vec::new();
            for (i, m) in list.iter().enumerate() {
                if m.is_object() && attr(m, "type").and_then(Value::as_str) == Some("null") {
                    continue;
                }
                if !m.is_object() {
                    return Ok(None);
                }
                let from = target.loc.child(&[keyword.to_string(), i.to_string()]);
                // A `$ref` with properties beside it (2019-09 / 2020-12) is no pure ref: an
                // inline object (record 0081), as is a branch without a ref.
                let pure_ref = if is_ref_conjunction(m, target.loc.source().draft) { None } else { ref_of(m) };
                let t = match pure_ref {
                    Some(r) => {
                        let resolved = self.resolver.resolve(r, &from)?;
                        self.follow_refs(resolved)?
                    }
                    None if is_annotation_only_object(m) => continue,
                    None => Target { loc: from.clone() },
                };
                // Classifying a member can ask for its own members' classes: a chain of
                // `oneOf`s of one `$ref` nests one call per link, bounded as `type_of` is
                // (record 0042).
                if self.classify_depth >= MAX_TYPE_DEPTH {
                    return Err(fail(
                        codes::TOO_DEEP,
                        format!("types nest deeper than {MAX_TYPE_DEPTH} levels here (array items, branches and $refs to aliases)"),
                        &from,
                    ));
                }
                self.classify_depth += 1;
                let kind = self.classify(&t);
                self.classify_depth -= 1;
                if kind? != Classification::Slot(SlotKind::Object) {
                    return Ok(None);
                }
                members.push(t);
            }
            return Ok(if members.is_empty() { None } else { Some(members) });
        }
        Ok(None)
    }

    /// Follows a chain of pure `$ref` nodes; a chain that loops is an error.
    pub fn follow_refs(&mut self, target: Target) -> Result<Target, ConversionError> {
        let mut seen = HashSet::new();
        let mut t = target;
        let mut closing: Option<Loc> = None;
        loop {
            let node = t.node();
            let Some(r) = ref_of(node) else { break };
            if flag(node, "x-graphql-skip") || is_ref_conjunction(node, t.loc.source().draft) {
                break;
            }
            let key = loc_key(&t.loc);
            if seen.contains(&key) {
                // Report the `$ref` that closes the loop.
                let at = closing.as_ref().unwrap_or(&t.loc);
                return Err(fail(codes::REF_CYCLE, "reference cycle: these refs only point at each other", at));
            }
            seen.insert(key);
            closing = Some(t.loc.child(&[ref_keyword(Some(node))]));
            let r = r.clone();
            t = self.resolver.resolve(&r, &t.loc)?;
        }
        Ok(t)
    }

    pub fn merged(&mut self, target: &Target) -> Result<Rc<MergedObject>, ConversionError> {
        if let Some(m) = self.merges.get(&target.loc) {
            return Ok(m.clone());
        }
        let m = Rc::new(merge_object(&mut self.resolver, &target.loc, &mut self.warnings)?);
        self.merges.insert(&target.loc, m.clone());
        Ok(m)
    }

    /// The merged object of a slot being lowered, taken out of the cache: a slot is
    /// lowered once, and nothing asks for its merge afterwards (classification is
    /// cached, and an inline object with a slot finds the slot first), so its
    /// properties are not kept alive until the lowering ends (memory: the merges of
    /// all slots were alive at the peak of a large conversion).
    pub(crate) fn take_merged(&mut self, loc: &Loc) -> Result<Rc<MergedObject>, ConversionError> {
        match self.merges.take(loc) {
            Some(m) => Ok(m),
            None => Ok(Rc::new(merge_object(&mut self.resolver, loc, &mut self.warnings)?)),
        }
    }

    pub fn field_count(&self, merged: &MergedObject) -> usize {
        merged.properties.iter().filter(|p| !p.skip).count()
    }
}
