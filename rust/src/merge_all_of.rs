//! merge_all_of: an object schema's properties with those of its `allOf` members
//! (D18): own `properties` first, then each member in order, refs resolved, nested
//! `allOf`s followed, cycles cut; `required` counted from every merged schema.
//! A chain of one-member `allOf`s is merged once per link (merge_chains.rs, record
//! 0072). Mirrors js/src/merge-all-of.ts.

use foldhash::{HashMap, HashMapExt};

use crate::json::{Key, Value};

use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::json_equal;
use crate::loc::{Loc, LocMap, Target};
use crate::merge_chains::{chain_merge, WalkRecord};
use crate::normalize::{attr, flag, is_modern_draft, ref_of};
use crate::resolve::Resolver;

#[derive(Debug, Clone)]
pub struct MergedProperty {
    /// At `<schema>/properties/<key>`: a property's loc holds its key (`key()`).
    pub loc: Loc,
    /// Named in the `required` list of one of the merged schemas.
    pub required: bool,
    /// `x-graphql-skip: true` on an object schema: no field. Found while merging, where
    /// the schema is at hand: `schema()` evaluates the pointer from the root, and the
    /// field counts of classify/object_type asked it for every property (~5% of a conversion).
    pub skip: bool,
}

impl MergedProperty {
    pub fn schema(&self) -> &Value {
        self.loc.node()
    }

    /// The property's name, as written in the tree.
    pub fn key(&self) -> &str {
        self.loc.property_key().map_or("", Key::as_str)
    }
}

#[derive(Debug, Clone, Default)]
pub struct MergedObject {
    pub properties: Vec<MergedProperty>,
    /// allOf members that are `$ref`s, resolved, in order (for `implements`).
    pub ref_members: Vec<Target>,
}

/// Own `properties` first, then each `allOf` member in order (refs resolved,
/// nested allOf recursed, cycles cut). A key seen again with a different
/// schema: the later schema wins at the first position, with a warning.
/// Iterative: an explicit stack replaces TypeScript's recursive `visit`, with
/// the same order of visits and of `resolve` calls.
pub fn merge_object(
    resolver: &mut Resolver,
    loc: &Loc,
    warnings: &mut Vec<Diagnostic>,
) -> Result<MergedObject, ConversionError> {
    // A link of a chain of one-member allOfs is merged once, from the next link's merge.
    if let Some(merged) = chain_merge(resolver, loc, warnings, &mut walk_merge)? {
        return Ok(merged);
    }
    walk_merge(resolver, loc, warnings, None)
}

/// `merge_object` by a walk over every schema met; `record` keeps what merge_chains.rs needs.
fn walk_merge(
    resolver: &mut Resolver,
    loc: &Loc,
    warnings: &mut Vec<Diagnostic>,
    mut record: Option<&mut WalkRecord>,
) -> Result<MergedObject, ConversionError> {
    let mut merged = MergedObject::default();
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut visiting: LocMap<()> = LocMap::default();
    // The merged schemas that have a `required` list.
    let mut with_required: Vec<Loc> = Vec::new();
    // (the schema's loc, whether it is the top one, the next allOf member to visit,
    // whether its own `$ref` is still to visit: 2019-09 / 2020-12, record 0080)
    let mut stack: Vec<(Loc, bool, usize, bool)> = Vec::new();
    // Most objects have no allOf: their schema is the only one merged, so there is no
    // cycle to cut and no member to visit. The visiting table, the stack and the list
    // of `required` holders are then left empty (three allocations per object, 19,000
    // at N = 5,000).
    let has_all_of = matches!(attr(loc.node(), "allOf"), Some(Value::Array(all_of)) if !all_of.is_empty());
    let own_ref = is_modern_draft(loc.source().draft) && ref_of(loc.node()).is_some();
    let alone = !(has_all_of || own_ref);
    // For merge_chains: the first schema of each key replaced.
    let mut replaced: Option<HashMap<Key, Loc>> = record.as_ref().map(|_| HashMap::new());

    let mut enter = |at: Loc,
                     top: bool,
                     merged: &mut MergedObject,
                     stack: &mut Vec<(Loc, bool, usize, bool)>,
                     warnings: &mut Vec<Diagnostic>| {
        if !alone {
            if visiting.contains(&at) {
                return;
            }
            visiting.insert(&at, ());
        }
        let schema = at.node();
        if let Some(Value::Object(props)) = attr(schema, "properties") {
            // The first schema's keys are unique (one JSON object), so the index of keys
            // is built only when a second schema brings properties: most objects have no
            // allOf, and indexing every key was a third of this function.
            let first = merged.properties.is_empty();
            if first {
                // Sized once: most objects have one schema, so this is their final size.
                merged.properties.reserve(props.len());
            }
            if !first && index.is_empty() {
                // The keys the locs hold: a shared key is not copied.
                index.extend(
                    merged.properties.iter().enumerate().filter_map(|(i, p)| Some((p.loc.property_key()?.clone(), i))),
                );
            }
            let schema_pointer = at.pointer_text();
            for (name, schema) in props {
                let skip = schema.is_object() && flag(schema, "x-graphql-skip");
                let prop = MergedProperty {
                    loc: at.property(&schema_pointer, name, schema),
                    required: false,
                    skip,
                };
                if first {
                    merged.properties.push(prop);
                    continue;
                }
                match index.get(name) {
                    None => {
                        index.insert(name.clone(), merged.properties.len());
                        merged.properties.push(prop);
                    }
                    Some(&seen) => {
                        let Some(existing) = merged.properties.get_mut(seen) else { continue };
                        if !json_equal(existing.schema(), prop.schema()) {
                            if let Some(replaced) = replaced.as_mut() {
                                replaced.entry(name.clone()).or_insert_with(|| existing.loc.clone());
                            }
                            warnings.push(Diagnostic::warning(
                                codes::PROPERTY_CONFLICT,
                                format!("property {name} is defined again with a different schema; the later one wins"),
                                Location {
                                    file: at.source().file.clone(),
                                    pointer: Some(prop.loc.pointer().into_owned()),
                                    line: None,
                                    column: None,
                                },
                            ));
                            *existing = prop;
                        }
                    }
                }
            }
        }
        if alone {
            return;
        }
        if let Some(Value::Array(_)) = attr(schema, "required") {
            with_required.push(at.clone());
        }
        let own_ref = is_modern_draft(at.source().draft) && ref_of(schema).is_some();
        stack.push((at, top, 0, own_ref));
    };

    enter(loc.clone(), true, &mut merged, &mut stack, warnings);
    while let Some((at, top, next, own_ref)) = stack.last() {
        let (at, top, i) = (at.clone(), *top, *next);
        if *own_ref {
            if let Some(frame) = stack.last_mut() {
                frame.3 = false;
            }
            let Some(r) = ref_of(at.node()).map(|r| r.to_string()) else { continue };
            let target = resolver.resolve(&r, &at)?;
            if top {
                merged.ref_members.push(target.clone());
            }
            if target.node().is_object() {
                enter(target.loc, false, &mut merged, &mut stack, warnings);
            }
            continue;
        }
        let member = match attr(at.node(), "allOf") {
            Some(Value::Array(all_of)) => all_of.get(i),
            _ => None,
        };
        let Some(member) = member else {
            stack.pop();
            continue;
        };
        if let Some(frame) = stack.last_mut() {
            frame.2 += 1;
        }
        if !member.is_object() {
            continue;
        }
        let member_loc = at.child(&["allOf".to_string(), i.to_string()]);
        if let Some(Value::String(r)) = attr(member, "$ref") {
            let target = resolver.resolve(r, &member_loc)?;
            if top {
                merged.ref_members.push(target.clone());
            }
            if target.node().is_object() {
                enter(target.loc, false, &mut merged, &mut stack, warnings);
            }
        } else {
            enter(member_loc, false, &mut merged, &mut stack, warnings);
        }
    }
    let holders = if alone { std::slice::from_ref(loc) } else { &with_required[..] };
    mark_required(&mut merged.properties, holders);
    if let Some(record) = record.as_mut() {
        for schema in holders {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                record.required.extend(req.iter().filter_map(Value::as_str).map(str::to_string));
            }
        }
        record.replaced = replaced.unwrap_or_default();
        record.visited = visiting;
    }
    Ok(merged)
}

/// Marks the properties that a `required` list of these schemas names (in any
/// of them, whichever schema defined the property).
fn mark_required(properties: &mut [MergedProperty], schemas: &[Loc]) {
    if schemas.is_empty() || properties.is_empty() {
        return;
    }
    // Most objects have a handful of properties: a scan beats hashing them (as
    // normalize::attr), and marks in place with no list of keys or of positions (two
    // allocations per object, 23,000 at N = 5,000).
    if properties.len() <= 16 {
        for schema in schemas {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                for name in req.iter().filter_map(Value::as_str) {
                    if let Some(p) = properties.iter_mut().find(|p| p.key() == name) {
                        p.required = true;
                    }
                }
            }
        }
        return;
    }
    let mut named: Vec<usize> = Vec::new();
    {
        let position: HashMap<&str, usize> = properties.iter().enumerate().map(|(i, p)| (p.key(), i)).collect();
        for schema in schemas {
            if let Some(Value::Array(req)) = attr(schema.node(), "required") {
                named.extend(req.iter().filter_map(|r| position.get(r.as_str()?).copied()));
            }
        }
    }
    for i in named {
        if let Some(p) = properties.get_mut(i) {
            p.required = true;
        }
    }
}

#[cfg(test)]
mod merge_tests {
    use super::*;
    use crate::loc::{Source, Tree};
    use crate::json::json_value as json;

    /// A property's key is read back from its pointer, so escaped keys must come back whole;
    /// `required` counts from every merged schema, whichever defined the property.
    #[test]
    fn keys_come_back_unescaped_and_required_lists_of_every_member_count() {
        let root = json!({
            "properties": { "a/b": { "type": "string" }, "c~d": { "type": "string" }, "plain": { "type": "string" } },
            "required": ["a/b"],
            "allOf": [
                { "properties": { "late": { "type": "integer" }, "": { "type": "string" } }, "required": ["c~d", "late", "", "missing"] }
            ]
        });
        let main = Source { id: String::new(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() };
        let mut resolver = Resolver::new(main, None);
        let loc = Loc::new(resolver.main.clone(), "");
        let mut warnings = Vec::new();
        let merged = merge_object(&mut resolver, &loc, &mut warnings).unwrap();
        let got: Vec<(String, bool)> = merged.properties.iter().map(|p| (p.key().to_string(), p.required)).collect();
        let want = [("a/b", true), ("c~d", true), ("plain", false), ("late", true), ("", true)];
        assert_eq!(got, want.map(|(k, r)| (k.to_string(), r)));
        assert!(warnings.is_empty());
    }

    /// Past 16 properties the keys are hashed instead of scanned: the same marks.
    #[test]
    fn many_properties_are_marked_alike() {
        let properties: serde_json::Map<String, serde_json::Value> = (0..40).map(|i| (format!("p{i}"), serde_json::json!({ "type": "string" }))).collect();
        let root = json!({ "properties": properties, "required": ["p3", "p39", "p40"] });
        let main = Source { id: String::new(), file: None, text: None, root: Tree::new(root), dir: None, refs: Default::default(), draft: crate::meta_schema::MetaDraft::Draft07, ids: Default::default() };
        let mut resolver = Resolver::new(main, None);
        let loc = Loc::new(resolver.main.clone(), "");
        let merged = merge_object(&mut resolver, &loc, &mut Vec::new()).unwrap();
        let required: Vec<String> = merged.properties.iter().filter(|p| p.required).map(|p| p.key().to_string()).collect();
        assert_eq!(required, ["p3", "p39"]);
    }
}
