//! lower_unions_enums: the part of lowering that gives a union its members (names,
//! `$ref`s and inline object branches, records 0081 and 0085) and an enum its values
//! (D7, documented enums of record 0081). Split out of lower.rs as a second
//! `impl Lowering` block. Mirrors js/src/lower-unions-enums.ts.

use foldhash::{HashSet, HashSetExt};

use crate::json::{Str, Value};

use crate::errors::{codes, ConversionError};
use crate::ir::{AppliedDirective, EnumValueDef};
use crate::json_print::json_string;
use crate::loc::{Loc, Target};
use crate::lower::{is_slot_kind, Classification, Lowering};
use crate::naming::{is_verbatim_enum_value, to_enum_value_name, NameRegistry};
use crate::normalize::{attr, is_ref_conjunction, ref_keyword, ref_of};
use crate::options::MixedUnions;
use crate::schema_shapes::{description_of, documented_enum, is_annotation_only_object, DocumentedValue};
use crate::slots::{BaseName, MemberSlot, NameRef, SlotId, SlotKind};

impl Lowering {
    pub(crate) fn lower_union(&mut self, id: SlotId, loc: &Loc) -> Result<(), ConversionError> {
        let node = loc.node();
        if let Some(Value::Array(names)) = attr(node, "x-graphql-union-types") {
            let refs: Vec<NameRef> = names
                .iter()
                .enumerate()
                .filter_map(|(i, name)| {
                    name.as_str().map(|name| NameRef {
                        name: name.to_string(),
                        loc: loc.child(&["x-graphql-union-types".to_string(), i.to_string()]),
                    })
                })
                .collect();
            if let Some(slot) = self.slots.get_mut(id) {
                slot.member_names.extend(refs);
            }
        }
        if self.options.mixed_unions == MixedUnions::Wrap && self.is_mixed_union(&Target { loc: loc.clone() })? {
            let members = self.wrap_members(id, loc)?;
            if let Some(slot) = self.slots.get_mut(id) {
                slot.member_slots.extend(members);
            }
            return Ok(());
        }
        for keyword in ["oneOf", "anyOf"] {
            let Some(Value::Array(list)) = attr(node, keyword) else { continue };
            for (i, m) in list.iter().enumerate() {
                let m_loc = loc.child(&[keyword.to_string(), i.to_string()]);
                if m.is_object() && attr(m, "type").and_then(Value::as_str) == Some("null") {
                    continue;
                }
                let pure_ref = if is_ref_conjunction(m, m_loc.source().draft) { None } else { ref_of(m) };
                let member = match pure_ref {
                    Some(r) => {
                        let resolved = self.resolver.resolve(r, &m_loc)?;
                        let t = self.follow_refs(resolved)?;
                        let kind = self.classify(&t)?;
                        let ref_loc = m_loc.child(&[ref_keyword(Some(m))]);
                        let slot =
                            is_slot_kind(kind).map(|kind| self.slot_for(&t, kind, id, BaseName::Target(t.clone())));
                        MemberSlot { slot, loc: ref_loc }
                    }
                    None if is_annotation_only_object(m) => {
                        self.warn(
                            codes::UNION_BRANCH_DROPPED,
                            "an object without properties is no union member: this branch is left out",
                            &m_loc,
                        );
                        continue;
                    }
                    None if m.is_object() => {
                        let slot = self.inline_member(id, m, &m_loc, i)?;
                        MemberSlot { slot, loc: m_loc }
                    }
                    None => MemberSlot { slot: None, loc: m_loc },
                };
                if let Some(slot) = self.slots.get_mut(id) {
                    slot.member_slots.push(member);
                }
            }
        }
        Ok(())
    }

    /// Record 0081: an inline object branch of a union is a member named by its `title`,
    /// else `<Union><position in the list, from 1>` (an annotation-only object is left out,
    /// with UNION_BRANCH_DROPPED, by the caller). Anything else is no member (UNION_MEMBER
    /// in assemble).
    pub(crate) fn inline_member(&mut self, union: SlotId, m: &Value, loc: &Loc, i: usize) -> Result<Option<SlotId>, ConversionError> {
        let t = Target { loc: loc.clone() };
        if self.classify(&t)? != Classification::Slot(SlotKind::Object) {
            return Ok(None);
        }
        let titled = matches!(attr(m, "title"), Some(Value::String(title)) if !title.is_empty());
        let base = if titled {
            BaseName::Target(t.clone())
        } else {
            BaseName::OwnerSuffix { owner: union, suffix: (i + 1).to_string() }
        };
        Ok(Some(self.slot_for(&t, SlotKind::Object, union, base)))
    }

    /// D7: verbatim when valid, else sanitized with collision suffixes and a warning.
    ///
    /// The values of `enum`, else of a documented enum's branches (record 0081): each
    /// with its branch's description and `deprecated: true` as `@deprecated`, under what
    /// `x-graphql-enum-values` says.
    pub fn enum_values(&mut self, node: &Value, loc: &Loc) -> Result<Vec<EnumValueDef>, ConversionError> {
        let entries: Vec<DocumentedValue<'_>> = match attr(node, "enum") {
            Some(Value::Array(list)) => list
                .iter()
                .enumerate()
                .filter_map(|(i, v)| {
                    v.as_str().map(|v| DocumentedValue { value: v, branch: None, at: vec!["enum".to_string(), i.to_string()] })
                })
                .collect(),
            _ => documented_enum(node).unwrap_or_default(),
        };
        // Verbatim values are reserved first, so a renamed value never takes one's name.
        let verbatim: HashSet<&str> = entries.iter().map(|e| e.value).filter(|v| is_verbatim_enum_value(v)).collect();
        let mut registry = NameRegistry::new(verbatim.iter().copied());
        let mut seen: HashSet<&str> = HashSet::new();
        let mut values = Vec::new();
        for entry in &entries {
            let v = entry.value;
            if !seen.insert(v) {
                continue;
            }
            let name = if verbatim.contains(v) {
                Str::new(v)
            } else {
                let name = registry.claim(to_enum_value_name(v).into());
                self.warn(
                    codes::ENUM_VALUE_RENAMED,
                    format!("enum value {} is written {name} in GraphQL", json_string(v)),
                    &loc.child(&entry.at),
                );
                name
            };
            let (mut description, mut directives) = self.directives.enum_value_facts(node, loc, v)?;
            if let Some(branch) = entry.branch {
                if description.is_none() {
                    description = description_of(branch);
                }
                if attr(branch, "deprecated") == Some(&Value::Bool(true)) && !directives.iter().any(|d| d.name == "deprecated") {
                    directives.push(AppliedDirective { name: "deprecated".to_string(), args: Vec::new() });
                }
            }
            values.push(EnumValueDef { name, description, directives });
        }
        Ok(values)
    }
}
