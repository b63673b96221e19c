//! migrate: a v1.x document rewritten to the 2.x attribute catalog (record 0035).
//! Mirrors js/src/migrate.ts rule for rule; see there for the rules.
//!
//! The new keys take the old key's place (the map is rebuilt in order), so
//! key order is kept; when the 2.x attribute is already there it wins. Only
//! schema nodes are rewritten (normalize's walk), parents before children in
//! document order. `migrate` applies the rewrites to the text as written
//! (migrate_text.rs, record 0092): what it does not migrate stays byte for
//! byte, and both implementations give the same bytes.

use crate::json::{Key, Map, Value};

use crate::errors::{codes, ConversionError, Diagnostic, Location};
use crate::load::{load_json, pointer_join};
use crate::migrate_text::{apply_plans, NodePlan, PlanItem};
use crate::normalize::{subschemas, SubschemaKey};

/// 1.x attribute -> its 2.x name.
pub const RENAMED_ATTRIBUTES: [(&str, &str); 7] = [
    ("x-graphql-keys", "x-graphql-federation-keys"),
    ("x-graphql-shareable", "x-graphql-federation-shareable"),
    ("x-graphql-external", "x-graphql-federation-external"),
    ("x-graphql-requires", "x-graphql-federation-requires"),
    ("x-graphql-provides", "x-graphql-federation-provides"),
    ("x-graphql-override-from", "x-graphql-federation-override-from"),
    ("x-graphql-scalars", "x-graphql-scalar"),
];

/// Members of the 1.x nested `x-graphql-federation` object -> the flat attribute.
const NESTED_FEDERATION: [(&str, &str); 7] = [
    ("keys", "x-graphql-federation-keys"),
    ("shareable", "x-graphql-federation-shareable"),
    ("external", "x-graphql-federation-external"),
    ("requires", "x-graphql-federation-requires"),
    ("provides", "x-graphql-federation-provides"),
    ("overrideFrom", "x-graphql-federation-override-from"),
    ("override-from", "x-graphql-federation-override-from"),
];

const NESTED: &str = "x-graphql-federation";
const LEGACY_TYPE: &str = "x-graphql-type";

/// One rewrite: the 1.x attribute at `pointer` became the `to` attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationChange {
    /// The JSON pointer of the object holding the attribute.
    pub pointer: String,
    /// The 1.x attribute.
    pub from: String,
    /// The attributes it became.
    pub to: Vec<String>,
}

/// What [`migrate`](crate::migrate) returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrateResult {
    /// The migrated document: the input text with the rewrites applied where they are (record 0092).
    pub output: String,
    /// The rewrites, in document order.
    pub changes: Vec<MigrationChange>,
}

pub fn is_legacy_attribute(name: &str) -> bool {
    name == NESTED || RENAMED_ATTRIBUTES.iter().any(|(from, _)| *from == name)
}

/// Migrates JSON text. Fails with JSON_SYNTAX (with line and column) for text that is not JSON.
pub fn migrate(text: &str, file_name: Option<&str>) -> Result<MigrateResult, ConversionError> {
    let mut root = load_json(text, file_name)?;
    let mut plans = Vec::new();
    let mut changes = Vec::new();
    visit(&mut root, "", true, &mut changes, Some(&mut plans));
    let output = if changes.is_empty() { text.to_string() } else { apply_plans(text, &plans) };
    Ok(MigrateResult { output, changes })
}

/// The converter's legacy path: the 1.x names read as their 2.x names, with a
/// DEPRECATED_ATTRIBUTE warning at each (the `x-graphql-type` rule stays off).
pub fn legacy_rewrite(root: &mut Value, file: Option<&str>) -> (Vec<Diagnostic>, Vec<MigrationChange>) {
    let changes = migrate_tree(root, false);
    let warnings = changes.iter().map(|c| legacy_warning(&c.from, &c.pointer, file)).collect();
    (warnings, changes)
}

/// A pointer into the rewritten tree as a pointer into the document as written
/// (see originalPointer in TypeScript).
pub fn original_pointer(pointer: &str, changes: &[MigrationChange]) -> String {
    for c in changes {
        let parent = &c.pointer[..c.pointer.rfind('/').unwrap_or(0)];
        for t in &c.to {
            let rewritten = format!("{parent}/{t}");
            if pointer == rewritten || pointer.starts_with(&format!("{rewritten}/")) {
                return if c.from == NESTED { c.pointer.clone() } else { format!("{}{}", c.pointer, &pointer[rewritten.len()..]) };
            }
        }
    }
    pointer.to_string()
}

pub fn legacy_warning(from: &str, pointer: &str, file: Option<&str>) -> Diagnostic {
    let message =
        format!("{from} is a 1.x attribute; use {} (x-graphql migrate rewrites it)", replacement_of(from).join(" and "));
    let location =
        Location { file: file.map(str::to_string), pointer: Some(pointer.to_string()), line: None, column: None };
    Diagnostic::warning(codes::DEPRECATED_ATTRIBUTE, message, location)
}

/// The 2.x attributes a 1.x attribute becomes (for the warnings).
pub fn replacement_of(name: &str) -> Vec<String> {
    if name == NESTED {
        return vec!["the flat x-graphql-federation-* attributes".to_string()];
    }
    RENAMED_ATTRIBUTES.iter().filter(|(from, _)| *from == name).map(|(_, to)| to.to_string()).collect()
}

/// The 1.x test of the converter (mayHoldLegacy in TypeScript):
/// a 1.x name followed by a quote somewhere in the text.
pub fn may_hold_legacy(text: &str) -> bool {
    const NAMES: [&str; 8] =
        ["keys", "shareable", "external", "requires", "provides", "override-from", "scalars", "federation"];
    // memchr's SIMD search: `str::match_indices` was 1.3% of converting an 8 MB schema.
    const PREFIX: &str = "x-graphql-";
    memchr::memmem::find_iter(text.as_bytes(), PREFIX).any(|i| {
        let rest = &text.as_bytes()[i + PREFIX.len()..];
        NAMES.iter().any(|n| rest.strip_prefix(n.as_bytes()).is_some_and(|after| after.first() == Some(&b'"')))
    })
}

/// Rewrites every schema node of a tree, parents before children, in document order.
pub fn migrate_tree(root: &mut Value, legacy_type: bool) -> Vec<MigrationChange> {
    let mut changes = Vec::new();
    visit(root, "", legacy_type, &mut changes, None);
    changes
}

fn visit(
    node: &mut Value,
    pointer: &str,
    legacy_type: bool,
    changes: &mut Vec<MigrationChange>,
    mut plans: Option<&mut Vec<NodePlan>>,
) {
    let Value::Object(map) = node else { return };
    if let Some(rebuilt) = migrate_node(map, pointer, legacy_type, changes, plans.as_deref_mut()) {
        *map = rebuilt;
    }
    let children: Vec<(String, Key, Option<SubschemaKey>)> =
        subschemas(node, pointer).into_iter().map(|c| (c.pointer, c.keyword, c.member)).collect();
    let Value::Object(map) = node else { return };
    for (child_pointer, keyword, member) in children {
        let Some(value) = map.get_mut(&keyword) else { continue };
        let child = match (member, value) {
            (None, v) => Some(v),
            (Some(SubschemaKey::Name(name)), Value::Object(members)) => members.get_mut(&name),
            (Some(SubschemaKey::Index(i)), Value::Array(items)) => items.get_mut(i),
            _ => None,
        };
        if let Some(child) = child {
            visit(child, &child_pointer, legacy_type, changes, plans.as_deref_mut());
        }
    }
}

/// One node: `None` when nothing changes, else the rebuilt map with the keys in place.
fn migrate_node(
    node: &Map,
    pointer: &str,
    legacy_type: bool,
    changes: &mut Vec<MigrationChange>,
    plans: Option<&mut Vec<NodePlan>>,
) -> Option<Map> {
    if !node.keys().any(|k| is_legacy_attribute(k) || (legacy_type && k == LEGACY_TYPE)) {
        return None;
    }
    let mut out: Map = Map::new();
    // Where each member of `out` comes from, for the text edits (migrate_text.rs).
    let mut items: Vec<PlanItem> = Vec::new();
    // A 2.x attribute written in the document, or placed already, wins.
    let put = |out: &mut Map, items: &mut Vec<PlanItem>, key: &str, value: &Value, origin: &str, inner: Option<&str>| -> bool {
        let written = node.contains_key(key) && !is_legacy_attribute(key) && key != LEGACY_TYPE;
        if out.contains_key(key) || written {
            return false;
        }
        out.insert(key.to_string(), value.clone());
        items.push(PlanItem { inner: inner.map(str::to_string), ..PlanItem::new(key, origin) });
        true
    };
    for (key, value) in node {
        let at = pointer_join(pointer, &[key]);
        if let Some((_, to)) = RENAMED_ATTRIBUTES.iter().find(|(from, _)| *from == key.as_str()) {
            let to = if put(&mut out, &mut items, to, value, key, None) { vec![to.to_string()] } else { Vec::new() };
            changes.push(MigrationChange { pointer: at, from: key.to_string(), to });
        } else if key == NESTED && value.is_object() {
            let inner = value.as_object().map(|m| m.iter().collect::<Vec<_>>()).unwrap_or_default();
            let mut rest: Map = Map::new();
            let mut to = Vec::new();
            let mut drop = Vec::new();
            for (name, v) in &inner {
                match NESTED_FEDERATION.iter().find(|(n, _)| *n == name.as_str()) {
                    None => {
                        rest.insert((*name).clone(), (*v).clone());
                    }
                    Some((_, target)) => {
                        drop.push(name.to_string());
                        if put(&mut out, &mut items, target, v, key, Some(name)) {
                            to.push(target.to_string());
                        }
                    }
                }
            }
            let kept = rest.len();
            if kept > 0 {
                out.insert(key.clone(), Value::Object(rest));
                items.push(PlanItem { drop: Some(drop), ..PlanItem::new(key, key) });
            }
            if kept < inner.len() {
                changes.push(MigrationChange { pointer: at, from: key.to_string(), to });
            }
        } else if key == LEGACY_TYPE && legacy_type && value.is_string() {
            put(&mut out, &mut items, "x-graphql-type-name", value, key, None);
            changes.push(MigrationChange { pointer: at, from: key.to_string(), to: vec!["x-graphql-type-name".to_string()] });
        } else if key == LEGACY_TYPE && legacy_type && movable_type(value) {
            let mut to = Vec::new();
            if let Some(name) = value.get("name") {
                if put(&mut out, &mut items, "x-graphql-type-name", name, key, Some("name")) {
                    to.push("x-graphql-type-name".to_string());
                }
            }
            if let Some(kind) = value.get("kind") {
                if put(&mut out, &mut items, "x-graphql-type-kind", kind, key, Some("kind")) {
                    to.push("x-graphql-type-kind".to_string());
                }
            }
            changes.push(MigrationChange { pointer: at, from: key.to_string(), to });
        } else {
            // Any other member, a 2.x attribute written in the document among them.
            out.insert(key.clone(), value.clone());
            items.push(PlanItem::new(key, key));
        }
    }
    if let Some(plans) = plans {
        plans.push(NodePlan { pointer: pointer.to_string(), items });
    }
    Some(out)
}

/// `{name, kind}` with string members only, at least one of them.
fn movable_type(value: &Value) -> bool {
    let Value::Object(map) = value else { return false };
    !map.is_empty() && map.iter().all(|(k, v)| (k == "name" || k == "kind") && v.is_string())
}
