//! Rule 5 of the canonical form (record 0028), the twin of js/src/canonical.ts:
//! on a type and on a field, the directives that an attribute can say come
//! first, in the order the forward direction prints attributes; the rest keep
//! their order; record 0076: unless `x-graphql-directive-order` says another
//! order. Both printers' inputs pass through here: `sdl_read` (SDL -> IR)
//! and `assemble` (forward), and `reverse` splits directives the same way to
//! write the attributes.

use crate::json::Value;

use crate::ir::{AppliedDirective, Definition};

/// `format: "uri"` of the attribute catalog, `^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$`:
/// what `x-graphql-scalar.specifiedByURL` accepts.
pub fn is_uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else { return false };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'))
        && !rest.chars().any(is_js_space)
}

/// ECMAScript's `\s`: WhiteSpace and LineTerminator.
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n'
            | '\u{0b}'
            | '\u{0c}'
            | '\r'
            | ' '
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
            | '\u{feff}'
    )
}

/// Exactly these argument names, in this order.
fn args_are(d: &AppliedDirective, names: &[&str]) -> bool {
    d.args.len() == names.len() && d.args.iter().zip(names).all(|((n, _), want)| n == want)
}

fn arg_is_string(d: &AppliedDirective, i: usize) -> bool {
    d.args.get(i).is_some_and(|(_, v)| v.is_string())
}

/// `@key(fields: "...")` or `@key(fields: "...", resolvable: <boolean>)`.
pub fn is_key_attribute(d: &AppliedDirective) -> bool {
    if d.name != "key" {
        return false;
    }
    if args_are(d, &["fields"]) {
        return arg_is_string(d, 0);
    }
    args_are(d, &["fields", "resolvable"])
        && arg_is_string(d, 0)
        && d.args.get(1).is_some_and(|(_, v)| v.is_boolean())
}

fn no_args(d: &AppliedDirective, name: &str) -> bool {
    d.name == name && d.args.is_empty()
}

fn one_string(d: &AppliedDirective, name: &str, arg: &str) -> bool {
    d.name == name && args_are(d, &[arg]) && arg_is_string(d, 0)
}

/// `Number.isInteger`.
fn is_int(v: &Value) -> bool {
    v.as_f64().is_some_and(|x| x.is_finite() && x.fract() == 0.0)
}

fn is_strings(v: &Value) -> bool {
    v.as_array().is_some_and(|items| items.iter().all(Value::is_string))
}

fn one_int(d: &AppliedDirective, name: &str, arg: &str) -> bool {
    d.name == name && args_are(d, &[arg]) && d.args.first().is_some_and(|(_, v)| is_int(v))
}

/// `@requiresScopes(scopes: [["a"]])`, `@policy(policies: ...)`: a list of lists of strings.
fn string_lists(d: &AppliedDirective, name: &str, arg: &str) -> bool {
    d.name == name
        && args_are(d, &[arg])
        && d.args.first().and_then(|(_, v)| v.as_array()).is_some_and(|items| items.iter().all(is_strings))
}

/// `@override(from: "...")`, and under a federation link `@override(from: "...", label: "...")`.
fn is_override(d: &AppliedDirective, linked: bool) -> bool {
    if d.name != "override" {
        return false;
    }
    if args_are(d, &["from"]) {
        return arg_is_string(d, 0);
    }
    linked && args_are(d, &["from", "label"]) && arg_is_string(d, 0) && arg_is_string(d, 1)
}

/// The arguments of `@listSize`, in the order the attribute prints them, with the JSON each takes.
type ValueTest = fn(&Value) -> bool;

const LIST_SIZE_ARGS: [(&str, ValueTest); 4] = [
    ("assumedSize", is_int),
    ("slicingArguments", is_strings),
    ("sizedFields", is_strings),
    ("requireOneSlicingArgument", Value::is_boolean),
];

fn is_list_size(d: &AppliedDirective) -> bool {
    if d.name != "listSize" {
        return false;
    }
    let mut next = 0;
    for (name, value) in &d.args {
        while next < LIST_SIZE_ARGS.len() && LIST_SIZE_ARGS[next].0 != name {
            next += 1;
        }
        if next == LIST_SIZE_ARGS.len() || !(LIST_SIZE_ARGS[next].1)(value) {
            return false;
        }
        next += 1;
    }
    true
}

/// Whether a directive fits an attribute (`linked`: the document links federation).
pub type Fits = fn(&AppliedDirective, bool) -> bool;

/// An attribute that says a directive: its name, whether it fits, whether it says
/// every fitting directive (a list: keys, tags, contexts) or the first, and whether
/// it is read only under a federation `@link` (record 0075: the later attributes;
/// without a link a directive of that name is the document's own).
pub struct DirectiveAttribute {
    pub attribute: &'static str,
    pub fits: Fits,
    pub many: bool,
    pub linked_only: bool,
}

const fn a(attribute: &'static str, fits: Fits, many: bool, linked_only: bool) -> DirectiveAttribute {
    DirectiveAttribute { attribute, fits, many, linked_only }
}

/// On a type, in the order the forward direction prints them (records 0011, 0075).
pub const TYPE_ATTRIBUTE_DIRECTIVES: [DirectiveAttribute; 10] = [
    a("x-graphql-federation-keys", |d, _| is_key_attribute(d), true, false),
    a("x-graphql-federation-shareable", |d, _| no_args(d, "shareable"), false, false),
    a("x-graphql-federation-interface-object", |d, _| no_args(d, "interfaceObject"), false, true),
    a("x-graphql-federation-inaccessible", |d, _| no_args(d, "inaccessible"), false, true),
    a("x-graphql-federation-tags", |d, _| one_string(d, "tag", "name"), true, true),
    a("x-graphql-federation-authenticated", |d, _| no_args(d, "authenticated"), false, true),
    a("x-graphql-federation-requires-scopes", |d, _| string_lists(d, "requiresScopes", "scopes"), false, true),
    a("x-graphql-federation-policy", |d, _| string_lists(d, "policy", "policies"), false, true),
    a("x-graphql-federation-context", |d, _| one_string(d, "context", "name"), true, true),
    a("x-graphql-federation-cost", |d, _| one_int(d, "cost", "weight"), false, true),
];

/// On a field, in the order the forward direction prints them (records 0011, 0075).
pub const FIELD_ATTRIBUTE_DIRECTIVES: [DirectiveAttribute; 12] = [
    a("x-graphql-federation-external", |d, _| no_args(d, "external"), false, false),
    a("x-graphql-federation-requires", |d, _| one_string(d, "requires", "fields"), false, false),
    a("x-graphql-federation-provides", |d, _| one_string(d, "provides", "fields"), false, false),
    a("x-graphql-federation-shareable", |d, _| no_args(d, "shareable"), false, false),
    a("x-graphql-federation-override-from", is_override, false, false),
    a("x-graphql-federation-inaccessible", |d, _| no_args(d, "inaccessible"), false, true),
    a("x-graphql-federation-tags", |d, _| one_string(d, "tag", "name"), true, true),
    a("x-graphql-federation-authenticated", |d, _| no_args(d, "authenticated"), false, true),
    a("x-graphql-federation-requires-scopes", |d, _| string_lists(d, "requiresScopes", "scopes"), false, true),
    a("x-graphql-federation-policy", |d, _| string_lists(d, "policy", "policies"), false, true),
    a("x-graphql-federation-cost", |d, _| one_int(d, "cost", "weight"), false, true),
    a("x-graphql-federation-list-size", |d, _| is_list_size(d), false, true),
];

/// `@specifiedBy(url: "<absolute URI>")` on a scalar: `x-graphql-scalar.specifiedByURL`.
pub fn is_specified_by_attribute(d: &AppliedDirective) -> bool {
    d.name == "specifiedBy"
        && args_are(d, &["url"])
        && d.args.first().and_then(|(_, v)| v.as_str()).is_some_and(is_uri)
}

/// Directives split by the attributes that say them: (attribute, its directives) in
/// attribute order, then the rest.
#[derive(Debug, Clone, Default)]
pub struct DirectiveSplit {
    pub specified_by: Option<AppliedDirective>,
    pub attributes: Vec<(&'static str, Vec<AppliedDirective>)>,
    pub rest: Vec<AppliedDirective>,
}

/// The split, moving the directives (every field of a conversion passes here).
fn split(table: &[DirectiveAttribute], directives: Vec<AppliedDirective>, linked: bool, scalar: bool) -> DirectiveSplit {
    let mut found: Vec<Vec<AppliedDirective>> = Vec::new();
    let mut out = DirectiveSplit::default();
    for d in directives {
        if scalar && out.specified_by.is_none() && is_specified_by_attribute(&d) {
            out.specified_by = Some(d);
            continue;
        }
        let hit = table.iter().enumerate().position(|(i, t)| {
            (linked || !t.linked_only) && (t.many || found.get(i).is_none_or(|l| l.is_empty())) && (t.fits)(&d, linked)
        });
        match hit {
            Some(i) => {
                if found.len() < table.len() {
                    found.resize_with(table.len(), Vec::new);
                }
                found[i].push(d);
            }
            None => out.rest.push(d),
        }
    }
    for (t, list) in table.iter().zip(found) {
        if !list.is_empty() {
            out.attributes.push((t.attribute, list));
        }
    }
    out
}

/// The directives of a type, split the way the forward direction prints them: on a
/// scalar (`is_scalar`) the first fitting `@specifiedBy`, then the attributes'
/// directives in attribute order (every fitting `@key`, the first `@shareable`,
/// ...), then the rest in their order. `linked`: the document links federation
/// (record 0075).
pub fn split_type_directives(is_scalar: bool, directives: &[AppliedDirective], linked: bool) -> DirectiveSplit {
    split(&TYPE_ATTRIBUTE_DIRECTIVES, directives.to_vec(), linked, is_scalar)
}

/// A field's directives: the fitting ones per federation attribute (in attribute order), then the rest.
pub fn split_field_directives(directives: &[AppliedDirective], linked: bool) -> DirectiveSplit {
    split(&FIELD_ATTRIBUTE_DIRECTIVES, directives.to_vec(), linked, false)
}

fn joined(s: DirectiveSplit, capacity: usize) -> Vec<AppliedDirective> {
    let mut out = Vec::with_capacity(capacity);
    out.extend(s.specified_by);
    for (_, list) in s.attributes {
        out.extend(list);
    }
    out.extend(s.rest);
    out
}

/// A type's directives in canonical order.
pub fn canonical_type_directives(is_scalar: bool, directives: &[AppliedDirective], linked: bool) -> Vec<AppliedDirective> {
    if directives.len() < 2 {
        return directives.to_vec();
    }
    joined(split(&TYPE_ATTRIBUTE_DIRECTIVES, directives.to_vec(), linked, is_scalar), directives.len())
}

/// A field's (or input field's) directives in canonical order: the order of
/// `split_field_directives`, by moving them rather than cloning (every field of
/// a conversion passes here).
pub fn canonical_field_directives(directives: Vec<AppliedDirective>, linked: bool) -> Vec<AppliedDirective> {
    if directives.len() < 2 {
        return directives;
    }
    let n = directives.len();
    joined(split(&FIELD_ATTRIBUTE_DIRECTIVES, directives, linked, false), n)
}

/// Puts a type definition's directives, and its fields' directives, in the
/// order of the canonical form (in place): rule 5 as record 0076 amends it,
/// their own order when `x-graphql-directive-order` can say it (`kept_order`),
/// else attribute directives first. `linked`: the document links federation
/// (record 0075). Directive definitions are left as they are.
pub fn canonical_directive_order(def: &mut Definition, linked: bool) {
    let types = |list: &mut Vec<AppliedDirective>, is_scalar: bool| {
        if list.len() > 1 {
            let canonical = canonical_type_directives(is_scalar, list, linked);
            kept_order(list, canonical);
        }
    };
    match def {
        Definition::Object(d) => {
            types(&mut d.directives, false);
            for f in &mut d.fields {
                if f.directives.len() > 1 {
                    let canonical = canonical_field_directives(f.directives.clone(), linked);
                    kept_order(&mut f.directives, canonical);
                }
            }
        }
        Definition::Union(d) => types(&mut d.def.directives, false),
        Definition::Enum(d) => types(&mut d.def.directives, false),
        Definition::Scalar(d) => types(&mut d.def.directives, true),
        Definition::Directive(_) => {}
    }
}

/// `x-graphql-directive-order` (record 0076): the directives of `canonical` (one
/// element's, in canonical order) in the order `names` gives, each name taking the
/// first directive of that name not yet taken; the directives no name takes follow,
/// in their order.
pub fn order_by_names<S: AsRef<str>>(canonical: Vec<AppliedDirective>, names: &[S]) -> Vec<AppliedDirective> {
    let mut slots: Vec<Option<AppliedDirective>> = canonical.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(slots.len());
    for name in names {
        if let Some(d) = slots.iter_mut().find(|d| d.as_ref().is_some_and(|d| d.name == name.as_ref())).and_then(Option::take) {
            out.push(d);
        }
    }
    out.extend(slots.into_iter().flatten());
    out
}

/// The order of an element's directives in the canonical form: their own (`list`)
/// when the names in that order give it back from the canonical order
/// (`order_by_names`), which is what reverse writes as `x-graphql-directive-order`;
/// the canonical order otherwise (the same name both said by an attribute and not,
/// the one that is not first).
fn kept_order(list: &mut Vec<AppliedDirective>, canonical: Vec<AppliedDirective>) {
    if *list == canonical {
        return;
    }
    let names: Vec<&str> = list.iter().map(|d| d.name.as_str()).collect();
    if order_by_names(canonical.clone(), &names) != *list {
        *list = canonical;
    }
}

/// Where the JSON Schema that reverse writes gives each of an element's directives, in
/// their order (the split of `split`, by index): `x-graphql-scalar/specifiedByURL`, an
/// attribute (`x-graphql-federation-shareable`), an entry of a list attribute
/// (`x-graphql-federation-keys/<i>`), or `<rest>/<i>`. Read to place a problem the
/// forward direction finds in such a schema back on the SDL directive (sdl_subgraph.rs).
fn directive_places(
    table: &[DirectiveAttribute],
    directives: &[AppliedDirective],
    linked: bool,
    is_scalar: bool,
    rest: &str,
) -> Vec<String> {
    let mut counts = vec![0usize; table.len()];
    let mut others = 0;
    let mut specified_by = false;
    directives
        .iter()
        .map(|d| {
            if is_scalar && !specified_by && is_specified_by_attribute(d) {
                specified_by = true;
                return "x-graphql-scalar/specifiedByURL".to_string();
            }
            let hit = table
                .iter()
                .enumerate()
                .position(|(i, t)| (linked || !t.linked_only) && (t.many || counts[i] == 0) && (t.fits)(d, linked));
            match hit {
                Some(i) => {
                    counts[i] += 1;
                    if table[i].many {
                        format!("{}/{}", table[i].attribute, counts[i] - 1)
                    } else {
                        table[i].attribute.to_string()
                    }
                }
                None => {
                    others += 1;
                    format!("{rest}/{}", others - 1)
                }
            }
        })
        .collect()
}

/// `directive_places` for a type's directives.
pub fn type_directive_places(is_scalar: bool, directives: &[AppliedDirective], linked: bool) -> Vec<String> {
    directive_places(&TYPE_ATTRIBUTE_DIRECTIVES, directives, linked, is_scalar, "x-graphql-type-directives")
}

/// `directive_places` for a field's directives.
pub fn field_directive_places(directives: &[AppliedDirective], linked: bool) -> Vec<String> {
    directive_places(&FIELD_ATTRIBUTE_DIRECTIVES, directives, linked, false, "x-graphql-field-directives")
}
