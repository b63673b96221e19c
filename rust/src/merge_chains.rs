//! merge_chains: the `allOf` merge of a chain of schemas each holding one `allOf`
//! member, merged once per schema (record 0072; mirrors js/src/merge-chains.ts).
//!
//! `merge_object` (resolve.rs) walks every schema a merge meets, so in a chain of n
//! schemas `Di: {allOf: [{$ref: D(i+1)}]}` the merge of each link walked the rest of
//! the chain: n²/2 visits for an output of n types (10,000 links did not finish in
//! 90 s). A link's merge is its own properties followed by the merge of its member,
//! so the chain is walked once from its first unmerged link to its end, the end is
//! merged by the ordinary walk, and the links are merged back to front, each from the
//! next one's memo, in time proportional to their own properties and the result.
//!
//! The result is exactly that of the walk, or no memo is made and the walk runs:
//! - a link (one object `allOf` member) is merged from its member's memo only when
//!   the walk from the link would meet the same schemas as the walk from the member,
//!   in the same order: no schema of the chain is met twice (a cycle: the walk cuts
//!   it, differently from each link) and the end's walk meets no link;
//! - a key of the link's own properties that the member's merge also has must have an
//!   equal schema where the member's walk first met it (the walk would warn there,
//!   among the member's warnings: not kept in order by a memo); when it does, the
//!   link's own property stands unless the member's walk replaced its first one.
//!
//! The warnings of the end's walk are each link's warnings, as the walk gives them
//! again for each link it merges.

use foldhash::{HashMap, HashMapExt, HashSet};
use std::rc::Rc;

use crate::errors::{ConversionError, Diagnostic};
use crate::json::{Key, Value};
use crate::normalize::{attr, flag, ref_of};
use crate::load::json_equal;
use crate::merge_all_of::{MergedObject, MergedProperty};
use crate::resolve::{Loc, LocMap, Resolver, Target};

/// A schema's merge, kept for the links that merge it after their own properties.
pub struct ChainMerge {
    /// `required` marked from every merged schema's list.
    properties: Vec<MergedProperty>,
    /// The names of every merged schema's `required` list.
    required: Rc<HashSet<String>>,
    warnings: Rc<Vec<Diagnostic>>,
    /// Keys whose first property the walk replaced (a later, different schema won): the first.
    replaced: HashMap<Key, Loc>,
    /// The schemas the end's walk met.
    ends: Rc<LocMap<()>>,
}

/// What the ordinary walk records for the end of a chain.
#[derive(Default)]
pub struct WalkRecord {
    /// The schemas met (empty when the first has no `allOf`).
    pub visited: LocMap<()>,
    pub replaced: HashMap<Key, Loc>,
    /// The names of the `required` lists of the schemas met.
    pub required: HashSet<String>,
}

/// The next schema of a link: its one `allOf` member (resolved) and whether it is a
/// `$ref`, or None.
/// A schema with a `$ref` of its own, or a member with keywords beside its `$ref`, is no
/// link: under drafts 2019-09 and 2020-12 those are conjunctions (record 0080), which the
/// walk merges.
fn link_member(resolver: &mut Resolver, loc: &Loc) -> Result<Option<(Target, bool)>, ConversionError> {
    let Some(Value::Array(all_of)) = attr(loc.node(), "allOf") else { return Ok(None) };
    if all_of.len() != 1 || ref_of(loc.node()).is_some() {
        return Ok(None);
    }
    let Some(member) = all_of.first().filter(|m| m.is_object()) else { return Ok(None) };
    let member_loc = loc.child(&["allOf", "0"]);
    if let Some(r) = ref_of(member) {
        if member.as_object().is_some_and(|m| m.len() != 1) {
            return Ok(None);
        }
        return Ok(Some((resolver.resolve(r, &member_loc)?, true)));
    }
    Ok(Some((Target { loc: member_loc }, false)))
}

type Walk<'w> = dyn FnMut(&mut Resolver, &Loc, &mut Vec<Diagnostic>, Option<&mut WalkRecord>) -> Result<MergedObject, ConversionError> + 'w;

/// The merge of `loc` when it is a link of a chain, from memos; None when it is not a
/// link or its merge cannot come from one (the caller walks).
pub fn chain_merge(
    resolver: &mut Resolver,
    loc: &Loc,
    warnings: &mut Vec<Diagnostic>,
    walk: &mut Walk<'_>,
) -> Result<Option<MergedObject>, ConversionError> {
    let Some((first, is_ref)) = link_member(resolver, loc)? else { return Ok(None) };
    if !first.node().is_object() {
        return Ok(None);
    }
    let memo = match resolver.chain_merges.get(loc) {
        Some(memo) => memo.clone(),
        None => merge_chain(resolver, loc, walk)?,
    };
    let Some(memo) = memo else { return Ok(None) };
    // The walk gives its warnings again for each merge that meets them.
    warnings.extend(memo.warnings.iter().cloned());
    Ok(Some(MergedObject { properties: memo.properties.clone(), ref_members: if is_ref { vec![first] } else { Vec::new() } }))
}

/// Walks the chain from `top` to its first merged link or its end, then merges back.
fn merge_chain(resolver: &mut Resolver, top: &Loc, walk: &mut Walk<'_>) -> Result<Option<Rc<ChainMerge>>, ConversionError> {
    let mut path: Vec<Loc> = vec![top.clone()];
    let mut on_path: LocMap<()> = LocMap::default();
    on_path.insert(top, ());
    let mut base: Option<Rc<ChainMerge>>;
    loop {
        let Some(cur) = path.last().cloned() else { return Ok(None) };
        let next = link_member(resolver, &cur)?;
        let Some((next, _)) = next.filter(|(t, _)| t.node().is_object()) else {
            // The end: a schema that is not a link (or whose member is not an object),
            // merged by the walk, on its own.
            path.pop();
            let end = Rc::new(walk_end(resolver, &cur, walk)?);
            resolver.chain_merges.insert(&cur, Some(end.clone()));
            base = Some(end);
            break;
        };
        if let Some(known) = resolver.chain_merges.get(&next.loc) {
            base = known.clone();
            break;
        }
        if on_path.contains(&next.loc) {
            base = None;
            break;
        }
        on_path.insert(&next.loc, ());
        path.push(next.loc);
    }
    // A link met by the end's walk: the walk from the link would cut the chain there.
    if let Some(b) = &base {
        if path.iter().any(|l| b.ends.contains(l)) {
            base = None;
        }
    }
    for at in path.iter().rev() {
        let merged = match &base {
            Some(member) => link(at, member),
            None => None,
        };
        resolver.chain_merges.insert(at, merged.clone());
        base = merged;
    }
    Ok(resolver.chain_merges.get(top).cloned().flatten())
}

fn walk_end(resolver: &mut Resolver, end: &Loc, walk: &mut Walk<'_>) -> Result<ChainMerge, ConversionError> {
    let mut warnings = Vec::new();
    let mut record = WalkRecord::default();
    let merged = walk(resolver, end, &mut warnings, Some(&mut record))?;
    let mut ends = record.visited;
    if !ends.contains(end) {
        ends.insert(end, ());
    }
    Ok(ChainMerge {
        properties: merged.properties,
        required: Rc::new(record.required),
        warnings: Rc::new(warnings),
        replaced: record.replaced,
        ends: Rc::new(ends),
    })
}

/// The merge of a link: its own properties, then its member's merge; None when they disagree.
fn link(at: &Loc, member: &Rc<ChainMerge>) -> Option<Rc<ChainMerge>> {
    let node = at.node();
    let props = match attr(node, "properties") {
        Some(Value::Object(props)) if !props.is_empty() => Some(props),
        _ => None,
    };
    let own_required: Vec<&str> = match attr(node, "required") {
        Some(Value::Array(req)) => req.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if props.is_none() && own_required.is_empty() {
        // Nothing of its own: the member's merge is the link's (shared, never changed).
        return Some(member.clone());
    }
    let required: Rc<HashSet<String>> = if own_required.is_empty() {
        member.required.clone()
    } else {
        let mut names = (*member.required).clone();
        names.extend(own_required.iter().map(|s| s.to_string()));
        Rc::new(names)
    };
    let mut properties: Vec<MergedProperty> = Vec::new();
    let mut replaced: HashMap<Key, Loc> = HashMap::new();
    let mut mine: HashSet<Key> = HashSet::default();
    if let Some(props) = props {
        let index: HashMap<&Key, usize> =
            member.properties.iter().enumerate().filter_map(|(i, p)| Some((p.loc.property_key()?, i))).collect();
        let schema_pointer = at.pointer_text();
        for (name, schema) in props {
            mine.insert(name.clone());
            let own = MergedProperty {
                loc: at.property(&schema_pointer, name, schema),
                required: false,
                skip: schema.is_object() && flag(schema, "x-graphql-skip"),
            };
            let Some(&seen) = index.get(name) else {
                properties.push(own);
                continue;
            };
            let later = member.replaced.get(name);
            let first_met = later.map_or_else(|| member.properties[seen].schema(), Loc::node);
            // The walk would warn at the member's first schema of this key: not a memo's case.
            if !json_equal(schema, first_met) {
                return None;
            }
            if later.is_some() {
                replaced.insert(name.clone(), own.loc.clone());
                properties.push(member.properties[seen].clone());
            } else {
                properties.push(own);
            }
        }
    }
    for p in &member.properties {
        let Some(key) = p.loc.property_key() else { continue };
        if mine.contains(key) {
            continue;
        }
        properties.push(p.clone());
        if let Some(first) = member.replaced.get(key) {
            replaced.insert(key.clone(), first.clone());
        }
    }
    for p in &mut properties {
        p.required = required.contains(p.key());
    }
    Some(Rc::new(ChainMerge { properties, required, warnings: member.warnings.clone(), replaced, ends: member.ends.clone() }))
}
