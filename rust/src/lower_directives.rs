//! Directives: federation attributes (D11), `x-graphql-type-directives` and
//! `x-graphql-field-directives` (D12), `x-graphql-field-arguments`, the root
//! `x-graphql-directive-definitions`, and definitions inferred for directives
//! that are applied but never declared (so the output stays a valid schema).
//! Mirrors js/src/lower-directives.ts.
//!
//! TypeScript's `FieldDirectives` holds the Lowering; here it is a field of
//! the Lowering, and the methods that record named types or warnings are
//! handed the Lowering's lists.

use foldhash::{HashMap, HashSet};

use indexmap::IndexMap;
use crate::json::{Str, Value};

use crate::directive_literals::{check_literal, infer_use, inferred_definitions, Inference};
use crate::directive_args::{known_argument_problem, readable_argument_problem, DirectiveUse};
use crate::errors::{codes, ConversionError, Diagnostic};
use crate::ir::{AppliedDirective, OPERATION_KINDS};
use crate::lower::fail;
use crate::schema_shapes::description_of;
use crate::naming::is_valid_name;
use crate::normalize::{attr, flag};
use crate::options::json_stringify;
use crate::field_set::is_field_set_directive;
use crate::field_set_locs::{field_directive_locs, field_set_loc_key, type_directive_locs, LocKind};
use crate::loc::Loc;
use crate::slots::{DraftInputValue, SlotKind};
use crate::text::format_number;

type Res<T> = Result<T, ConversionError>;

// The federation directives the attributes apply: a child module for size (it reads
// `FieldDirectives`' fields); TypeScript keeps these methods in the class.
#[path = "lower_federation.rs"]
mod lower_federation;

pub use crate::federation::is_classic_federation_directive;
use crate::federation::{federation_directive, federation_print_names, is_later_federation_directive, version_need};

/// `@shareable` twice on one type or field: the message of both directions (sdl_own_rules.rs too).
pub const SHAREABLE_TWICE: &str =
    "directive @shareable is not repeatable on one type or field (federation allows it once per declaration)";

/// Where built-in directives may stand (GraphQL spec 2021-11): (name, locations, repeatable).
/// Federation's are in federation.rs.
const KNOWN_DIRECTIVES: &[(&str, &[&str], bool)] = &[
    ("deprecated", &["FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INPUT_FIELD_DEFINITION", "ENUM_VALUE"], false),
    ("specifiedBy", &["SCALAR"], false),
    ("oneOf", &["INPUT_OBJECT"], false),
    ("include", &["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"], false),
    ("skip", &["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"], false),
    ("link", &["SCHEMA"], true),
];

fn known_directive(name: &str) -> Option<(&'static [&'static str], bool)> {
    if let Some(d) = federation_directive(name) {
        return Some((d.locations, d.repeatable));
    }
    KNOWN_DIRECTIVES.iter().find(|(n, _, _)| *n == name).map(|(_, locations, repeatable)| (*locations, *repeatable))
}

/// A generic entry of a later federation name, settled once the whole document is read (record 0075).
#[derive(Debug, Clone)]
struct PendingUse {
    name: String,
    args: Vec<(String, Value)>,
    location: String,
    repeated: bool,
    loc: Loc,
}

/// A federation directive applied, and the minor version it needs (record 0074).
#[derive(Debug, Clone)]
pub struct VersionNeed {
    pub minor: u32,
    pub what: String,
    pub loc: Loc,
    /// A generic entry of a later federation name: counts only when the document is federated.
    pub pending: bool,
}

/// The field attributes of `common_attributes`: most fields have none, and skip it.
const FEDERATION_FIELD_ATTRIBUTES: [&str; 7] = [
    "x-graphql-federation-inaccessible",
    "x-graphql-federation-tags",
    "x-graphql-federation-authenticated",
    "x-graphql-federation-requires-scopes",
    "x-graphql-federation-policy",
    "x-graphql-federation-cost",
    "x-graphql-federation-list-size",
];

/// The arguments of `@listSize`, in the order they print.
const LIST_SIZE_ARGS: [&str; 4] = ["assumedSize", "slicingArguments", "sizedFields", "requireOneSlicingArgument"];

/// `__DirectiveLocation` order, used for inferred definitions.
pub const DIRECTIVE_LOCATIONS: [&str; 19] = [
    "QUERY",
    "MUTATION",
    "SUBSCRIPTION",
    "FIELD",
    "FRAGMENT_DEFINITION",
    "FRAGMENT_SPREAD",
    "INLINE_FRAGMENT",
    "VARIABLE_DEFINITION",
    "SCHEMA",
    "SCALAR",
    "OBJECT",
    "FIELD_DEFINITION",
    "ARGUMENT_DEFINITION",
    "INTERFACE",
    "UNION",
    "ENUM",
    "ENUM_VALUE",
    "INPUT_OBJECT",
    "INPUT_FIELD_DEFINITION",
];

pub fn slot_location(kind: SlotKind) -> &'static str {
    match kind {
        SlotKind::Object => "OBJECT",
        SlotKind::Interface => "INTERFACE",
        SlotKind::Input => "INPUT_OBJECT",
        SlotKind::Union => "UNION",
        SlotKind::Enum => "ENUM",
        SlotKind::Scalar => "SCALAR",
    }
}

#[derive(Debug, Clone)]
pub struct DraftDirectiveDef {
    pub name: String,
    pub description: Option<String>,
    pub args: Vec<DraftInputValue>,
    pub repeatable: bool,
    pub locations: Vec<String>,
}

/// A root `x-graphql-schema-extension` or `x-graphql-schema`, before assemble
/// checks the operation types: (operation, type name, where it was written).
#[derive(Debug, Clone)]
pub struct DraftSchemaDef {
    pub description: Option<String>,
    pub directives: Vec<AppliedDirective>,
    pub operations: Vec<(String, String, Loc)>,
}

#[derive(Debug, Clone, Default)]
pub struct FieldDirectives {
    pub declared: Vec<DraftDirectiveDef>,
    declared_names: HashSet<String>,
    /// Each declared directive's definition as written, by name (a bundle's later inputs are compared with it).
    declared_json: foldhash::HashMap<String, Value>,
    inferred: IndexMap<String, Inference>,
    /// Federation directives applied anywhere.
    pub federation_used: HashSet<String>,
    /// Every directive a list attribute applies, for `check_applied_arguments` (record 0065).
    pub uses: Vec<DirectiveUse>,
    /// Federation directives that need a version after 2.0, in the order they were met (record 0074).
    pub version_needs: Vec<VersionNeed>,
    /// Generic entries of later federation names (record 0075).
    pending: Vec<PendingUse>,
    /// The names the schema extension's federation `@link` gives directives: (the link's, federation's).
    link_names: Vec<(String, String)>,
    /// The root says `x-graphql-federation-link: false`: a federated document without a link (record 0075).
    pub root_link_off: bool,
    /// By `field_set_loc_key` of a type or field that has a directive field_set.rs checks:
    /// where each of its directives was given, for the errors of that check.
    pub field_set_locs: HashMap<String, Vec<Loc>>,
}

fn child<S: AsRef<str>>(loc: &Loc, segments: &[S]) -> Loc {
    loc.child(segments)
}

/// JavaScript's `${value}` of a value that should have been a string (only
/// reachable for attributes outside the walked schema keywords, which the
/// catalog did not check).
pub(crate) fn js_text(value: Option<&Value>) -> String {
    match value {
        None => "undefined".to_string(),
        Some(Value::String(s)) => s.to_string(),
        Some(Value::Number(n)) => n.as_f64().map_or_else(String::new, format_number),
        Some(Value::Object(_)) => "[object Object]".to_string(),
        Some(other) => json_stringify(other),
    }
}

impl FieldDirectives {
    /// Reads the root `x-graphql-directive-definitions` (C7): first every name and
    /// location, then the arguments, whose own directives may use any of them.
    pub fn declare(&mut self, root: &Value, loc: &Loc) -> Res<()> {
        let Some(Value::Object(defs)) = attr(root, "x-graphql-directive-definitions") else { return Ok(()) };
        let first = self.declared.len();
        // A bundle (record 0090) declares from each input: a directive declared again the
        // same way is one definition; declared differently, two.
        let mut fresh: Vec<(&str, &Value)> = Vec::new();
        for (name, def) in defs {
            match self.declared_json.get(name.as_str()) {
                None => fresh.push((name, def)),
                Some(earlier) if crate::load::json_equal(earlier, def) => {}
                Some(_) => {
                    let at = child(loc, &["x-graphql-directive-definitions", name]);
                    return Err(fail(codes::DUPLICATE_NAME, format!("directive @{name} is declared twice, differently"), &at));
                }
            }
        }
        for &(name, def) in &fresh {
            let at = child(loc, &["x-graphql-directive-definitions", name]);
            if !is_valid_name(name) {
                return Err(fail(codes::INVALID_NAME, format!("\"{name}\" is not a valid directive name"), &at));
            }
            self.declared_json.insert(name.to_string(), def.clone());
            let args = Vec::new();
            let locations = match attr(def, "locations") {
                Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).map(str::to_string).collect(),
                _ => Vec::new(),
            };
            self.declared.push(DraftDirectiveDef {
                name: name.to_string(),
                description: description_of(def).map(String::from),
                args,
                repeatable: attr(def, "repeatable") == Some(&Value::Bool(true)),
                locations,
            });
            self.declared_names.insert(name.to_string());
        }
        for (i, &(name, def)) in fresh.iter().enumerate() {
            let at = child(loc, &["x-graphql-directive-definitions", name]);
            let args = self.input_values(attr(def, "args"), &child(&at, &["args"]), false)?;
            if let Some(d) = self.declared.get_mut(first + i) {
                d.args = args;
            }
        }
        Ok(())
    }

    /// The root `x-graphql-schema-extension` or `x-graphql-schema` (record 0028):
    /// description, directives (location SCHEMA) and the operation types by name,
    /// each with where it was written (assemble checks they are object types).
    /// `already`: the directives of the schema extension, which GraphQL counts with the
    /// schema definition's as one location (a non-repeatable one in both is twice).
    pub fn schema_def(
        &mut self,
        root: &Value,
        attribute: &str,
        root_loc: &Loc,
        already: &[String],
    ) -> Res<Option<DraftSchemaDef>> {
        let Some(value @ Value::Object(_)) = attr(root, attribute) else { return Ok(None) };
        let at = child(root_loc, &[attribute]);
        let directives = self.applied(attr(value, "directives"), &child(&at, &["directives"]), "SCHEMA", already)?;
        let description = match attr(value, "description") {
            Some(Value::String(d)) if !d.is_empty() => Some(d.to_string()),
            _ => None,
        };
        let mut operations = Vec::new();
        for op in OPERATION_KINDS {
            if let Some(Value::String(type_)) = value.get(op) {
                operations.push((op.to_string(), type_.to_string(), child(&at, &[op])));
            }
        }
        Ok(Some(DraftSchemaDef { description, directives, operations }))
    }

    /// `x-graphql-enum-values`: the description and directives of each value, by its JSON spelling.
    pub fn enum_value_facts(
        &mut self,
        node: &Value,
        loc: &Loc,
        value: &str,
    ) -> Res<(Option<Str>, Vec<AppliedDirective>)> {
        let entry = attr(node, "x-graphql-enum-values").and_then(|facts| attr(facts, value));
        let Some(entry @ Value::Object(_)) = entry else { return Ok((None, Vec::new())) };
        let at = child(loc, &["x-graphql-enum-values", value]);
        let directives = self.applied(attr(entry, "directives"), &child(&at, &["directives"]), "ENUM_VALUE", &[])?;
        let description = match attr(entry, "description") {
            Some(Value::String(d)) if !d.is_empty() => Some(d.clone()),
            _ => None,
        };
        Ok((description, directives))
    }

    /// Directives on a type: `@key`s, `@shareable`, then `x-graphql-type-directives`.
    pub fn for_type(&mut self, loc: &Loc, kind: SlotKind) -> Res<Vec<AppliedDirective>> {
        let mut out = Vec::new();
        let node = loc.node();
        let location = slot_location(kind);
        let at = |attribute: &str| child(loc, &[attribute]);
        let entries: Vec<&Value> = match attr(node, "x-graphql-federation-keys") {
            Some(keys @ Value::String(_)) => vec![keys],
            Some(Value::Array(list)) => list.iter().collect(),
            _ => Vec::new(),
        };
        for entry in entries {
            match entry {
                Value::String(fields) => {
                    let args = vec![("fields".to_string(), Value::String(fields.clone()))];
                    out.push(self.federation("key", args, location, &at("x-graphql-federation-keys"))?);
                }
                Value::Object(_) => {
                    let Some(fields @ Value::String(_)) = attr(entry, "fields") else { continue };
                    let mut args = vec![("fields".to_string(), fields.clone())];
                    if let Some(resolvable @ Value::Bool(_)) = attr(entry, "resolvable") {
                        args.push(("resolvable".to_string(), resolvable.clone()));
                    }
                    out.push(self.federation("key", args, location, &at("x-graphql-federation-keys"))?);
                }
                _ => {}
            }
        }
        if flag(node, "x-graphql-federation-shareable") {
            out.push(self.federation("shareable", Vec::new(), location, &at("x-graphql-federation-shareable"))?);
        }
        if flag(node, "x-graphql-federation-interface-object") {
            out.push(self.later("interfaceObject", Vec::new(), location, &at("x-graphql-federation-interface-object"))?);
        }
        self.common_attributes(node, location, loc, &mut out, true)?;
        // As in for_field: nothing more to build without an x-graphql-type-directives list.
        let list = attr(node, "x-graphql-type-directives");
        if !list.is_some_and(Value::is_array) {
            self.keep_field_set_locs(node, loc, &out, LocKind::Type, type_directive_locs);
            return Ok(out);
        }
        let mut already: Vec<String> = out.iter().map(|d| d.name.clone()).collect();
        let specified_by = attr(node, "x-graphql-scalar").and_then(|s| attr(s, "specifiedByURL"));
        if kind == SlotKind::Scalar && specified_by.is_some_and(Value::is_string) {
            already.push("specifiedBy".to_string());
        }
        let applied = self.applied(list, &at("x-graphql-type-directives"), location, &already)?;
        out.extend(applied);
        self.keep_field_set_locs(node, loc, &out, LocKind::Type, type_directive_locs);
        Ok(out)
    }

    /// Where each directive of an element was given, when one of them is a directive
    /// field_set.rs checks (read now: the trees are freed before assemble).
    fn keep_field_set_locs(
        &mut self,
        node: &Value,
        loc: &Loc,
        out: &[AppliedDirective],
        kind: LocKind,
        locs: fn(&Value, &Loc, usize) -> Vec<Loc>,
    ) {
        if out.iter().any(is_field_set_directive) {
            self.field_set_locs.insert(field_set_loc_key(kind, loc), locs(node, loc, out.len()));
        }
    }

    /// Directives on a field: federation ones in a fixed order, then `x-graphql-field-directives`.
    pub fn for_field(&mut self, node: &Value, loc: &Loc, location: &str) -> Res<Vec<AppliedDirective>> {
        let mut out = Vec::new();
        let at = |attribute: &str| child(loc, &[attribute]);
        if flag(node, "x-graphql-federation-external") {
            out.push(self.federation("external", Vec::new(), location, &at("x-graphql-federation-external"))?);
        }
        // An empty list applies nothing, as `keys: []` does: `fields: ""` is not a field set.
        for (name, attribute) in [("requires", "x-graphql-federation-requires"), ("provides", "x-graphql-federation-provides")] {
            let fields = match attr(node, attribute) {
                Some(Value::Array(list)) if list.is_empty() => None,
                Some(Value::Array(list)) => {
                    Some(list.iter().filter_map(Value::as_str).collect::<Vec<&str>>().join(" "))
                }
                Some(Value::String(s)) => Some(s.to_string()),
                _ => None,
            };
            if let Some(fields) = fields {
                let args = vec![("fields".to_string(), Value::String(fields.into()))];
                out.push(self.federation(name, args, location, &at(attribute))?);
            }
        }
        if flag(node, "x-graphql-federation-shareable") {
            out.push(self.federation("shareable", Vec::new(), location, &at("x-graphql-federation-shareable"))?);
        }
        let label = match attr(node, "x-graphql-federation-override-label") {
            Some(Value::String(label)) => Some(label.clone()),
            _ => None,
        };
        if let Some(Value::String(from)) = attr(node, "x-graphql-federation-override-from") {
            let mut args = vec![("from".to_string(), Value::String(from.clone()))];
            let attribute = match &label {
                Some(label) => {
                    args.push(("label".to_string(), Value::String(label.clone())));
                    "x-graphql-federation-override-label"
                }
                None => "x-graphql-federation-override-from",
            };
            out.push(self.federation("override", args, location, &at(attribute))?);
        } else if label.is_some() {
            return Err(fail(
                codes::ATTRIBUTE_SCOPE,
                "x-graphql-federation-override-label needs x-graphql-federation-override-from",
                &at("x-graphql-federation-override-label"),
            ));
        }
        if FEDERATION_FIELD_ATTRIBUTES.iter().any(|a| attr(node, a).is_some()) {
            self.common_attributes(node, location, loc, &mut out, false)?;
        }
        // Most fields have no directives: no loc, no list of names for them (`applied`
        // returns nothing for anything but an array).
        let list = attr(node, "x-graphql-field-directives");
        if list.is_some_and(Value::is_array) {
            let already: Vec<String> = out.iter().map(|d| d.name.clone()).collect();
            let applied = self.applied(list, &at("x-graphql-field-directives"), location, &already)?;
            out.extend(applied);
        }
        self.keep_field_set_locs(node, loc, &out, LocKind::Field, field_directive_locs);
        Ok(out)
    }

    /// The attributes of the later federation directives (record 0075) that a type
    /// and a field share, in this order: `@inaccessible`, `@tag`s, `@authenticated`,
    /// `@requiresScopes`, `@policy`, then on a type `@context`s, then `@cost`, and on
    /// a field `@listSize`.
    fn common_attributes(&mut self, node: &Value, location: &str, loc: &Loc, out: &mut Vec<AppliedDirective>, type_: bool) -> Res<()> {
        let at = |attribute: &str| child(loc, &[attribute]);
        if flag(node, "x-graphql-federation-inaccessible") {
            out.push(self.later("inaccessible", Vec::new(), location, &at("x-graphql-federation-inaccessible"))?);
        }
        if let Some(Value::Array(tags)) = attr(node, "x-graphql-federation-tags") {
            for (i, tag) in tags.iter().enumerate() {
                if let Value::String(tag) = tag {
                    let args = vec![("name".to_string(), Value::String(tag.clone()))];
                    out.push(self.later("tag", args, location, &child(loc, &["x-graphql-federation-tags", &i.to_string()]))?);
                }
            }
        }
        if flag(node, "x-graphql-federation-authenticated") {
            out.push(self.later("authenticated", Vec::new(), location, &at("x-graphql-federation-authenticated"))?);
        }
        if let Some(scopes @ Value::Array(_)) = attr(node, "x-graphql-federation-requires-scopes") {
            let args = vec![("scopes".to_string(), scopes.clone())];
            out.push(self.later("requiresScopes", args, location, &at("x-graphql-federation-requires-scopes"))?);
        }
        if let Some(policies @ Value::Array(_)) = attr(node, "x-graphql-federation-policy") {
            let args = vec![("policies".to_string(), policies.clone())];
            out.push(self.later("policy", args, location, &at("x-graphql-federation-policy"))?);
        }
        if let (true, Some(Value::Array(contexts))) = (type_, attr(node, "x-graphql-federation-context")) {
            for (i, name) in contexts.iter().enumerate() {
                if let Value::String(name) = name {
                    let args = vec![("name".to_string(), Value::String(name.clone()))];
                    out.push(self.later("context", args, location, &child(loc, &["x-graphql-federation-context", &i.to_string()]))?);
                }
            }
        }
        if let Some(cost @ Value::Number(_)) = attr(node, "x-graphql-federation-cost") {
            let args = vec![("weight".to_string(), cost.clone())];
            out.push(self.later("cost", args, location, &at("x-graphql-federation-cost"))?);
        }
        if let (false, Some(list_size @ Value::Object(_))) = (type_, attr(node, "x-graphql-federation-list-size")) {
            let args: Vec<(String, Value)> =
                LIST_SIZE_ARGS.iter().filter_map(|k| attr(list_size, k).map(|v| ((*k).to_string(), v.clone()))).collect();
            out.push(self.later("listSize", args, location, &at("x-graphql-federation-list-size"))?);
        }
        Ok(())
    }

    /// A directive GraphQL would reject at this location (or twice here) is an error, not invalid output.
    fn check_placement(&self, name: &str, location: &str, repeated: bool, loc: &Loc) -> Res<()> {
        let (allowed, repeatable): (Vec<&str>, bool) = match self.declared.iter().find(|d| d.name == name) {
            Some(d) => (d.locations.iter().map(String::as_str).collect(), d.repeatable),
            None => match known_directive(name) {
                Some((locations, repeatable)) => (locations.to_vec(), repeatable),
                None => return Ok(()),
            },
        };
        if !allowed.contains(&location) {
            return Err(fail(codes::ATTRIBUTE_SCOPE, format!("directive @{name} cannot be applied to {location}"), loc));
        }
        if repeated && !repeatable {
            return Err(fail(codes::ATTRIBUTE_SCOPE, format!("directive @{name} is not repeatable"), loc));
        }
        // Federation v2.3 declares @shareable repeatable only so that a type definition and
        // its extensions may each carry it; @apollo/subgraph refuses it twice on one
        // declaration, and we print one declaration per type or field.
        if repeated && name == "shareable" {
            return Err(fail(codes::ATTRIBUTE_SCOPE, SHAREABLE_TWICE, loc));
        }
        Ok(())
    }

    /// `[{name, args}]` -> applied directives, recording uses for inference.
    /// `already` names the directives an attribute put on the same element, so
    /// a non-repeatable one given again here is ATTRIBUTE_SCOPE too.
    pub(crate) fn applied(
        &mut self,
        list: Option<&Value>,
        loc: &Loc,
        location: &str,
        already: &[String],
    ) -> Res<Vec<AppliedDirective>> {
        let Some(Value::Array(list)) = list else { return Ok(Vec::new()) };
        let mut out = Vec::new();
        let mut seen_here: HashSet<String> = already.iter().cloned().collect();
        for (i, entry) in list.iter().enumerate() {
            if !entry.is_object() {
                continue;
            }
            let at = child(loc, &[i.to_string()]);
            let name_value = attr(entry, "name");
            let name = match name_value {
                Some(Value::String(name)) if is_valid_name(name) => name.to_string(),
                _ => {
                    return Err(fail(
                        codes::INVALID_NAME,
                        format!("\"{}\" is not a valid directive name", js_text(name_value)),
                        &child(&at, &["name"]),
                    ))
                }
            };
            if let Some((_, federation_name)) = self.link_names.iter().find(|(printed, _)| *printed == name) {
                if !self.declared_names.contains(&name) {
                    return Err(fail(
                        codes::ATTRIBUTE_SCOPE,
                        format!("write @{federation_name}: the output names it @{name}, as the @link of x-graphql-schema-extension does"),
                        &at,
                    ));
                }
            }
            let mut args: Vec<(String, Value)> = Vec::new();
            if let Some(Value::Object(args_value)) = attr(entry, "args") {
                for (arg_name, value) in args_value {
                    let arg_at = child(&at, &["args", arg_name]);
                    if !is_valid_name(arg_name) {
                        return Err(fail(
                            codes::INVALID_NAME,
                            format!("\"{arg_name}\" is not a valid argument name"),
                            &arg_at,
                        ));
                    }
                    check_literal(value, &arg_at)?;
                    args.push((arg_name.to_string(), value.clone()));
                }
            }
            let repeated = seen_here.contains(&name);
            if is_later_federation_directive(&name) && !self.declared_names.contains(&name) {
                // Federation's or the document's own: known once the whole document is read.
                self.pending.push(PendingUse {
                    name: name.clone(),
                    args: args.clone(),
                    location: location.to_string(),
                    repeated,
                    loc: at.clone(),
                });
                self.need_version(&name, &args, &at, true);
            } else {
                self.check_placement(&name, location, repeated, &at)?;
                if !self.declared_names.contains(&name) {
                    let arg_names: Vec<&str> = args.iter().map(|(n, _)| n.as_str()).collect();
                    if let Some(problem) = known_argument_problem(&name, &arg_names) {
                        return Err(fail(codes::ATTRIBUTE_SCOPE, problem, &at));
                    }
                }
            }
            for (arg_name, value) in &args {
                if let Some(problem) = readable_argument_problem(&name, arg_name, value) {
                    return Err(fail(codes::ATTRIBUTE_TYPE, problem, &child(&at, &["args", arg_name])));
                }
            }
            self.record(&name, &args, location, repeated, &at)?;
            self.uses.push(DirectiveUse { name: name.clone(), args: args.clone(), loc: at });
            seen_here.insert(name.clone());
            out.push(AppliedDirective { name, args });
        }
        Ok(out)
    }

    fn record(&mut self, name: &str, args: &[(String, Value)], location: &str, repeated: bool, loc: &Loc) -> Res<()> {
        if is_classic_federation_directive(name) {
            self.federation_used.insert(name.to_string());
            if !self.declared_names.contains(name) {
                self.need_version(name, args, loc, false);
            }
            return Ok(());
        }
        if (known_directive(name).is_some() && !is_later_federation_directive(name)) || self.declared_names.contains(name) {
            return Ok(());
        }
        infer_use(&mut self.inferred, name, args, location, repeated, loc)
    }

    /// Declared definitions, then inferred ones (with a warning each), in first-use order.
    pub fn definitions(&self, warnings: &mut Vec<Diagnostic>) -> Vec<DraftDirectiveDef> {
        let mut out = self.declared.clone();
        inferred_definitions(&self.inferred, warnings, &mut out);
        out
    }
}
