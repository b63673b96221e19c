//! Rule 5 of the canonical form (record 0028), the twin of js/src/canonical.ts:
//! on a type and on a field, the directives that an attribute can say come
//! first, in the order the forward direction prints attributes; the rest keep
//! their order. Both printers' inputs pass through here: `sdl_read` (SDL -> IR)
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

/// Whether a directive fits an attribute.
pub type Fits = fn(&AppliedDirective) -> bool;

/// The field attributes a directive can stand for, in the order the forward
/// direction prints them, with the test of fit.
pub const FIELD_ATTRIBUTE_DIRECTIVES: [(&str, Fits); 5] = [
    ("x-graphql-federation-external", |d| no_args(d, "external")),
    ("x-graphql-federation-requires", |d| one_string(d, "requires", "fields")),
    ("x-graphql-federation-provides", |d| one_string(d, "provides", "fields")),
    ("x-graphql-federation-shareable", |d| no_args(d, "shareable")),
    ("x-graphql-federation-override-from", |d| one_string(d, "override", "from")),
];

pub fn is_shareable_attribute(d: &AppliedDirective) -> bool {
    no_args(d, "shareable")
}

/// `@specifiedBy(url: "<absolute URI>")` on a scalar: `x-graphql-scalar.specifiedByURL`.
pub fn is_specified_by_attribute(d: &AppliedDirective) -> bool {
    d.name == "specifiedBy"
        && args_are(d, &["url"])
        && d.args.first().and_then(|(_, v)| v.as_str()).is_some_and(is_uri)
}

#[derive(Debug, Clone, Default)]
pub struct TypeDirectiveSplit {
    pub specified_by: Option<AppliedDirective>,
    pub keys: Vec<AppliedDirective>,
    pub shareable: Option<AppliedDirective>,
    pub rest: Vec<AppliedDirective>,
}

/// The directives of a type, split the way the forward direction prints them:
/// on a scalar (`is_scalar`) the first fitting `@specifiedBy`, then every
/// fitting `@key`, the first `@shareable`, then the rest in their order.
pub fn split_type_directives(is_scalar: bool, directives: &[AppliedDirective]) -> TypeDirectiveSplit {
    let mut out = TypeDirectiveSplit::default();
    for d in directives {
        if is_scalar && out.specified_by.is_none() && is_specified_by_attribute(d) {
            out.specified_by = Some(d.clone());
        } else if is_key_attribute(d) {
            out.keys.push(d.clone());
        } else if out.shareable.is_none() && is_shareable_attribute(d) {
            out.shareable = Some(d.clone());
        } else {
            out.rest.push(d.clone());
        }
    }
    out
}

#[derive(Debug, Clone, Default)]
pub struct FieldDirectiveSplit {
    /// (attribute, directive), in attribute order.
    pub attributes: Vec<(&'static str, AppliedDirective)>,
    pub rest: Vec<AppliedDirective>,
}

/// A field's directives: the first fitting one per federation attribute (in attribute order), then the rest.
pub fn split_field_directives(directives: &[AppliedDirective]) -> FieldDirectiveSplit {
    let mut found: [Option<&AppliedDirective>; 5] = [None; 5];
    let mut rest = Vec::new();
    for d in directives {
        match field_attribute_of(d, |i| found[i].is_some()) {
            Some(i) => found[i] = Some(d),
            None => rest.push(d.clone()),
        }
    }
    let attributes = FIELD_ATTRIBUTE_DIRECTIVES
        .iter()
        .zip(found)
        .filter_map(|((attr, _), d)| d.map(|d| (*attr, d.clone())))
        .collect();
    FieldDirectiveSplit { attributes, rest }
}

/// A type's directives in canonical order.
pub fn canonical_type_directives(is_scalar: bool, directives: &[AppliedDirective]) -> Vec<AppliedDirective> {
    let t = split_type_directives(is_scalar, directives);
    let mut out = Vec::with_capacity(directives.len());
    out.extend(t.specified_by);
    out.extend(t.keys);
    out.extend(t.shareable);
    out.extend(t.rest);
    out
}

/// The index in `FIELD_ATTRIBUTE_DIRECTIVES` of the first attribute not yet
/// `taken` that `d` fits.
fn field_attribute_of(d: &AppliedDirective, taken: impl Fn(usize) -> bool) -> Option<usize> {
    FIELD_ATTRIBUTE_DIRECTIVES.iter().enumerate().position(|(i, (_, fits))| !taken(i) && fits(d))
}

/// A field's (or input field's) directives in canonical order: the order of
/// `split_field_directives`, by moving them rather than cloning (every field of
/// a conversion passes here).
pub fn canonical_field_directives(directives: Vec<AppliedDirective>) -> Vec<AppliedDirective> {
    if directives.len() < 2 {
        return directives;
    }
    let mut found: [Option<AppliedDirective>; 5] = Default::default();
    let mut rest = Vec::new();
    for d in directives {
        let hit = field_attribute_of(&d, |i| found[i].is_some());
        match hit.and_then(|i| found.get_mut(i)) {
            Some(slot) => *slot = Some(d),
            None => rest.push(d),
        }
    }
    let mut out: Vec<AppliedDirective> = found.into_iter().flatten().collect();
    out.extend(rest);
    out
}

/// Puts a type definition's directives, and its fields' directives, in the
/// order of the canonical form (in place): rule 5 as record 0076 amends it,
/// their own order when `x-graphql-directive-order` can say it (`kept_order`),
/// else attribute directives first. Directive definitions are left as they are.
pub fn canonical_directive_order(def: &mut Definition) {
    let types = |list: &mut Vec<AppliedDirective>, is_scalar: bool| {
        if list.len() > 1 {
            let canonical = canonical_type_directives(is_scalar, list);
            kept_order(list, canonical);
        }
    };
    match def {
        Definition::Object(d) => {
            types(&mut d.directives, false);
            for f in &mut d.fields {
                if f.directives.len() > 1 {
                    let canonical = canonical_field_directives(f.directives.clone());
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

/// The value of a directive's argument `i`, for attributes built from it.
pub fn arg_value(d: &AppliedDirective, i: usize) -> Value {
    d.args.get(i).map_or(Value::Null, |(_, v)| v.clone())
}

/// Where the JSON Schema that reverse writes gives each of a type's directives, in
/// their order: `x-graphql-scalar/specifiedByURL`, `x-graphql-federation-keys/<i>`,
/// `x-graphql-federation-shareable` or `x-graphql-type-directives/<i>` (the split of
/// `split_type_directives`, by index). Read to place a problem the forward direction
/// finds in such a schema back on the SDL directive (sdl_subgraph.rs).
pub fn type_directive_places(is_scalar: bool, directives: &[AppliedDirective]) -> Vec<String> {
    let mut out = Vec::with_capacity(directives.len());
    let (mut keys, mut rest) = (0, 0);
    let (mut specified_by, mut shareable) = (false, false);
    for d in directives {
        if is_scalar && !specified_by && is_specified_by_attribute(d) {
            specified_by = true;
            out.push("x-graphql-scalar/specifiedByURL".to_string());
        } else if is_key_attribute(d) {
            out.push(format!("x-graphql-federation-keys/{keys}"));
            keys += 1;
        } else if !shareable && is_shareable_attribute(d) {
            shareable = true;
            out.push("x-graphql-federation-shareable".to_string());
        } else {
            out.push(format!("x-graphql-type-directives/{rest}"));
            rest += 1;
        }
    }
    out
}

/// `type_directive_places` for a field's directives: a federation attribute, or `x-graphql-field-directives/<i>`.
pub fn field_directive_places(directives: &[AppliedDirective]) -> Vec<String> {
    let mut found = [false; 5];
    let mut rest = 0;
    directives
        .iter()
        .map(|d| match field_attribute_of(d, |i| found[i]) {
            Some(i) => {
                found[i] = true;
                FIELD_ATTRIBUTE_DIRECTIVES[i].0.to_string()
            }
            None => {
                rest += 1;
                format!("x-graphql-field-directives/{}", rest - 1)
            }
        })
        .collect()
}
