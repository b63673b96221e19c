//! sdl_schema_rules: the values graphql-js cannot read while it builds a
//! schema from an SDL document. The twin of `unreadableDirectiveArguments` in
//! js/src/sdl-schema-rules.ts.
//!
//! graphql-js's `buildASTSchema` coerces the applied `@deprecated(reason:)` and
//! `@specifiedBy(url:)` with its own definitions of the two directives and
//! throws on the first it cannot; `validateSDL` does not check argument values,
//! and apollo-compiler accepts them. Both implementations report them between
//! the SDL rules and the schema rules (record 0028's stage 4): a reason must be
//! a string or null, a url a string.
//!
//! Also `schema_rules_hold`, the twin of `schemaRulesHold`: a proof that the schema's
//! own rules hold, which spares building and validating apollo-compiler's schema.

use foldhash::{HashMap, HashMapExt, HashSet};
use std::collections::hash_map::Entry;

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::{Name, Node};

use crate::sdl_names::{
    directives_of_node, fields_of_node, implements_of_node, input_fields_of_node, is_type_definition, is_type_extension,
    members_of_node, values_of_node,
};
use crate::sdl_rules::distinct;
use crate::type_expr::is_builtin_scalar;

pub const DEPRECATED_REASON: &str = "@deprecated(reason:) must be a string.";
pub const SPECIFIED_BY_URL: &str = "@specifiedBy(url:) must be a string.";

/// The unreadable arguments, in document order: the message and the byte
/// offset of the value (of the directive, for a missing url). graphql-js reads
/// the first `@deprecated` of a field, argument, input field or enum value
/// (extensions included) and the first `@specifiedBy` of a scalar's definition
/// (not of its extensions); so does this.
pub fn unreadable_directive_arguments(doc: &ast::Document) -> Vec<(&'static str, Option<usize>)> {
    let mut out = Vec::new();
    let mut read = |directives: &ast::DirectiveList, deprecated: bool| {
        let name = if deprecated { "deprecated" } else { "specifiedBy" };
        let Some(applied) = directives.iter().find(|d| d.name == name) else { return };
        let (arg_name, message) = if deprecated { ("reason", DEPRECATED_REASON) } else { ("url", SPECIFIED_BY_URL) };
        match applied.arguments.iter().find(|a| a.name == arg_name) {
            None if !deprecated => out.push((message, applied.location().map(|l| l.offset()))),
            None => {}
            Some(arg) => {
                let readable = matches!(*arg.value, ast::Value::String(_)) || (deprecated && matches!(*arg.value, ast::Value::Null));
                if !readable {
                    out.push((message, arg.value.location().map(|l| l.offset())));
                }
            }
        }
    };
    for def in &doc.definitions {
        let fields: &[Node<ast::FieldDefinition>] = match def {
            Ast::ObjectTypeDefinition(d) => &d.fields,
            Ast::ObjectTypeExtension(d) => &d.fields,
            Ast::InterfaceTypeDefinition(d) => &d.fields,
            Ast::InterfaceTypeExtension(d) => &d.fields,
            _ => &[],
        };
        for field in fields {
            read(&field.directives, true);
            input_values(&field.arguments, &mut read);
        }
        match def {
            Ast::InputObjectTypeDefinition(d) => input_values(&d.fields, &mut read),
            Ast::InputObjectTypeExtension(d) => input_values(&d.fields, &mut read),
            Ast::EnumTypeDefinition(d) => d.values.iter().for_each(|v| read(&v.directives, true)),
            Ast::EnumTypeExtension(d) => d.values.iter().for_each(|v| read(&v.directives, true)),
            Ast::DirectiveDefinition(d) => input_values(&d.arguments, &mut read),
            Ast::ScalarTypeDefinition(d) => read(&d.directives, false),
            _ => {}
        }
    }
    out
}

fn input_values(values: &[Node<ast::InputValueDefinition>], read: &mut dyn FnMut(&ast::DirectiveList, bool)) {
    for v in values {
        read(&v.directives, true);
    }
}

// ---------------------------------------------------------------------------
// schema_rules_hold

/// A named type's kind.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Object,
    Interface,
    Union,
    Enum,
    Input,
    Scalar,
}

fn definition_kind(def: &Ast) -> Option<Kind> {
    Some(match def {
        Ast::ObjectTypeDefinition(_) => Kind::Object,
        Ast::InterfaceTypeDefinition(_) => Kind::Interface,
        Ast::UnionTypeDefinition(_) => Kind::Union,
        Ast::EnumTypeDefinition(_) => Kind::Enum,
        Ast::InputObjectTypeDefinition(_) => Kind::Input,
        Ast::ScalarTypeDefinition(_) => Kind::Scalar,
        _ => return None,
    })
}

/// A named type of the document: its kind and its definition with all its extensions.
/// The first node is kept apart: most types have one, and then no vector is allocated
/// (one allocation and free fewer per type: 395.3 -> 389.5 M instructions at N = 5,000;
/// callgrind).
struct Named<'a> {
    name: &'a str,
    kind: Option<Kind>,
    first: &'a Ast,
    more: Vec<&'a Ast>,
}

impl<'a> Named<'a> {
    /// The definition and its extensions, in document order.
    fn nodes(&self) -> impl Iterator<Item = &'a Ast> + '_ {
        std::iter::once(self.first).chain(self.more.iter().copied())
    }
}

struct Types<'a> {
    by_name: HashMap<&'a str, usize>,
    /// In document order.
    list: Vec<Named<'a>>,
}

impl<'a> Types<'a> {
    fn get(&self, name: &str) -> Option<&Named<'a>> {
        self.by_name.get(name).map(|&i| &self.list[i])
    }

    /// A built-in scalar's name is never in the table (`schema_rules_hold` answers
    /// `false` for a type of that name), so it is answered first, without a lookup: two
    /// thirds of the corpus's field types are built-in, and at N = 20,000 each lookup in the
    /// table of every type misses the caches (perf).
    fn kind_of(&self, name: &str) -> Option<Kind> {
        if is_builtin_scalar(name) {
            return Some(Kind::Scalar);
        }
        self.get(name).and_then(|named| named.kind)
    }

    /// The entries of a list (fields, values...) of all of a type's nodes, in order.
    fn gathered<T>(&self, named: &Named<'a>, list: impl Fn(&'a Ast) -> &'a [T]) -> Vec<&'a T> {
        named.nodes().flat_map(|n| list(n).iter()).collect()
    }

    fn fields(&self, named: &Named<'a>) -> Vec<&'a Node<ast::FieldDefinition>> {
        self.gathered(named, fields_of_node)
    }

    fn interfaces(&self, name: &str) -> Vec<&'a str> {
        self.get(name).map_or_else(Vec::new, |n| self.interfaces_of(n))
    }

    fn interfaces_of(&self, named: &Named<'a>) -> Vec<&'a str> {
        named.nodes().flat_map(|n| implements_of_node(n).iter().map(Name::as_str)).collect()
    }

    fn members(&self, name: &str) -> Vec<&'a str> {
        self.get(name).map_or_else(Vec::new, |n| self.gathered(n, members_of_node).into_iter().map(Name::as_str).collect())
    }
}

/// A cheap, sufficient proof that graphql-js's `validateSchema(buildASTSchema(doc))`
/// would report nothing (and that `buildASTSchema` would not throw), read off the AST:
/// the twin of `schemaRulesHold` in js/src/sdl-schema-rules.ts. It runs where
/// `sdl_rules::sdl_rules_hold` holds (every named type exists, names are unique,
/// extensions match their type) and answers `true` only when every rule of graphql-js
/// 16's `type/validate.js` provably holds: root types are object types, field types
/// output types, argument and input field types input types, interfaces implemented,
/// union members object types, no cycle of required input fields, no reserved name.
/// Also `false` where `buildASTSchema` reads a value (`@deprecated`, `@specifiedBy`
/// other than string literals) and for `@oneOf`. Anything it does not decide answers
/// `false`, and apollo-compiler's schema is built and validated as before.
/// `definitions`: the document's, then those added for validation.
pub(crate) fn schema_rules_hold(definitions: &[&Ast]) -> bool {
    let mut types = Types { by_name: HashMap::with_capacity(definitions.len()), list: Vec::new() };
    let mut directives: Vec<&ast::DirectiveDefinition> = Vec::new();
    let mut roots: Vec<&str> = Vec::new();
    let mut schema_definition = false;
    for def in definitions {
        match def {
            Ast::SchemaDefinition(d) => {
                schema_definition = true;
                roots.extend(d.root_operations.iter().map(|op| op.1.as_str()));
                if !directives_sure(&d.directives) {
                    return false;
                }
            }
            Ast::SchemaExtension(d) => {
                roots.extend(d.root_operations.iter().map(|op| op.1.as_str()));
                if !directives_sure(&d.directives) {
                    return false;
                }
            }
            Ast::DirectiveDefinition(d) => directives.push(d),
            _ => {
                let Some(name) = def.name().filter(|_| is_type_definition(def) || is_type_extension(def)) else {
                    return false;
                };
                // A built-in scalar defined or extended again is left to the validator
                // (`sdl_rules_hold` refuses the first already); `kind_of` relies on it.
                if is_builtin_scalar(name) {
                    return false;
                }
                let index = match types.by_name.entry(name.as_str()) {
                    Entry::Occupied(known) => {
                        let index = *known.get();
                        types.list[index].more.push(def);
                        index
                    }
                    Entry::Vacant(new) => {
                        types.list.push(Named { name: name.as_str(), kind: None, first: def, more: Vec::new() });
                        *new.insert(types.list.len() - 1)
                    }
                };
                let named = &mut types.list[index];
                if let Some(kind) = definition_kind(def) {
                    if named.kind.replace(kind).is_some() {
                        return false;
                    }
                }
            }
        }
    }
    if directives.iter().any(|d| reserved(&d.name) || !input_values_hold(&d.arguments, &types)) {
        return false;
    }
    // Without a schema definition, buildASTSchema takes the types named Query, Mutation
    // and Subscription as the roots (as well as any an `extend schema` names).
    if !schema_definition {
        roots.extend(["Query", "Mutation", "Subscription"].into_iter().filter(|n| types.by_name.contains_key(n)));
    }
    if roots.iter().any(|name| types.kind_of(name) != Some(Kind::Object)) {
        return false;
    }
    // The types that hold, all those before the current one (the first that does not ends the walk).
    let mut held: HashSet<&str> = HashSet::default();
    for named in &types.list {
        if named.kind.is_none() || named.name.starts_with("__") || !type_holds(named, &types, &held) {
            return false;
        }
        held.insert(named.name);
    }
    no_required_input_cycle(&types)
}

fn reserved(name: &Name) -> bool {
    name.as_str().starts_with("__")
}

/// The directives buildASTSchema reads values of: `@deprecated(reason:)` and
/// `@specifiedBy(url:)` with a string literal (or `@deprecated` without one);
/// `@oneOf` is never sure (its own rules are left to the validator).
fn directives_sure(directives: &ast::DirectiveList) -> bool {
    directives.iter().all(|d| match d.name.as_str() {
        "oneOf" => false,
        name @ ("deprecated" | "specifiedBy") => {
            let only = if name == "deprecated" { "reason" } else { "url" };
            match d.arguments.as_slice() {
                [] => name == "deprecated",
                [arg] => arg.name == only && matches!(*arg.value, ast::Value::String(_)),
                _ => false,
            }
        }
        _ => true,
    })
}

fn deprecated(directives: &ast::DirectiveList) -> bool {
    directives.iter().any(|d| d.name == "deprecated")
}

/// Arguments or input fields: names not reserved, input types, and none both non-null
/// and deprecated (with a default it may still count as required: graphql-js drops a
/// default that does not fit its type).
fn input_values_hold<'a>(values: impl IntoIterator<Item = &'a Node<ast::InputValueDefinition>>, types: &Types) -> bool {
    values.into_iter().all(|v| {
        !reserved(&v.name)
            && directives_sure(&v.directives)
            && !(v.ty.is_non_null() && deprecated(&v.directives))
            && matches!(types.kind_of(v.ty.inner_named_type()), Some(Kind::Scalar | Kind::Enum | Kind::Input))
    })
}

fn type_holds(named: &Named, types: &Types, held: &HashSet<&str>) -> bool {
    if !named.nodes().all(|n| directives_of_node(n).is_some_and(directives_sure)) {
        return false;
    }
    match named.kind {
        Some(Kind::Object | Kind::Interface) => {
            fields_hold(named.nodes().flat_map(|n| fields_of_node(n).iter()), types) && interfaces_hold(named, types, held)
        }
        Some(Kind::Union) => {
            let members = types.members(named.name);
            !members.is_empty() && distinct(members.iter().copied()) && members.iter().all(|m| types.kind_of(m) == Some(Kind::Object))
        }
        Some(Kind::Enum) => {
            let values = types.gathered(named, values_of_node);
            !values.is_empty() && values.iter().all(|v| !reserved(&v.value) && directives_sure(&v.directives))
        }
        Some(Kind::Input) => {
            let fields = types.gathered(named, input_fields_of_node);
            !fields.is_empty() && input_values_hold(fields, types)
        }
        _ => true,
    }
}

/// Object and interface fields: at least one, names not reserved, output types, arguments as input_values_hold.
fn fields_hold<'a>(fields: impl IntoIterator<Item = &'a Node<ast::FieldDefinition>>, types: &Types) -> bool {
    let mut any = false;
    for f in fields {
        any = true;
        let holds = !reserved(&f.name)
            && directives_sure(&f.directives)
            && !matches!(types.kind_of(f.ty.inner_named_type()), None | Some(Kind::Input))
            && input_values_hold(&f.arguments, types);
        if !holds {
            return false;
        }
    }
    any
}

/// graphql-js's `validateInterfaces`: each interface named once, an interface, not the
/// type itself, with the interfaces it implements implemented too, and its fields
/// implemented (a field of a subtype, the same arguments with equal types, no extra
/// non-null argument).
fn interfaces_hold(named: &Named, types: &Types, held: &HashSet<&str>) -> bool {
    let interfaces = types.interfaces_of(named);
    if interfaces.is_empty() {
        return true;
    }
    if !distinct(interfaces.iter().copied()) {
        return false;
    }
    let fields = types.fields(named);
    // Most types have a few fields: found by a scan, without a map to build.
    let by_name: Option<HashMap<&str, &Node<ast::FieldDefinition>>> =
        (fields.len() > 16).then(|| fields.iter().map(|f| (f.name.as_str(), *f)).collect());
    // So are its interfaces; a long list searched for each of its interfaces' own was
    // cubic in a chain of interfaces (record 0071).
    let listed: Option<HashSet<&str>> = (interfaces.len() > 16).then(|| interfaces.iter().copied().collect());
    let lists = |t: &str| listed.as_ref().map_or_else(|| interfaces.contains(&t), |set| set.contains(t));
    // Interfaces this type is known to implement: those of an interface it implements that
    // holds (which implements them, and lists theirs). The answer `true` means every type
    // holds, so interface lists are closed, subtyping is transitive, and argument names
    // are unique (sdl_rules): fitting an interface carries over to the ones it fits.
    // Checked field by field, a chain of n interfaces (hoisted, each after the ones it
    // implements) cost n³ (record 0071). The twin of `interfacesHold` in TypeScript.
    let mut covered: HashSet<&str> = HashSet::default();
    for iface in &interfaces {
        if *iface == named.name || types.kind_of(iface) != Some(Kind::Interface) {
            return false;
        }
        if covered.contains(iface) {
            continue;
        }
        let Some(iface_named) = types.get(iface) else { return false };
        let own = types.interfaces(iface);
        if !own.iter().all(|t| *t != named.name && lists(t)) {
            return false;
        }
        for iface_field in types.fields(iface_named) {
            let field_name = iface_field.name.as_str();
            let field = match &by_name {
                Some(map) => map.get(field_name).copied(),
                None => fields.iter().find(|f| f.name == field_name).copied(),
            };
            let Some(field) = field else { return false };
            if !is_sub_type(&field.ty, &iface_field.ty, types) || !arguments_implement(&field.arguments, &iface_field.arguments) {
                return false;
            }
        }
        if held.contains(iface) {
            covered.extend(own);
        }
    }
    true
}

/// A field's arguments against the interface field's: each of the interface's, with an
/// equal type, and no other non-null one. (Names are unique within each list: sdl_rules.)
fn arguments_implement(args: &[Node<ast::InputValueDefinition>], iface_args: &[Node<ast::InputValueDefinition>]) -> bool {
    let equal = iface_args.iter().all(|ia| args.iter().any(|a| a.name == ia.name && a.ty == ia.ty));
    equal && args.iter().all(|a| !a.ty.is_non_null() || iface_args.iter().any(|ia| ia.name == a.name))
}

/// graphql-js's `isTypeSubTypeOf` on type references.
fn is_sub_type(sub: &ast::Type, sup: &ast::Type, types: &Types) -> bool {
    use ast::Type as T;
    if sub == sup {
        return true;
    }
    match (sub, sup) {
        (T::NonNullNamed(a) | T::Named(a), T::Named(b)) | (T::NonNullNamed(a), T::NonNullNamed(b)) => named_sub_type(a, b, types),
        (T::NonNullList(a), T::NonNullList(b)) | (T::NonNullList(a) | T::List(a), T::List(b)) => is_sub_type(a, b, types),
        _ => false,
    }
}

fn named_sub_type(sub: &str, sup: &str, types: &Types) -> bool {
    if sub == sup {
        return true;
    }
    let sub_kind = types.kind_of(sub);
    match types.kind_of(sup) {
        Some(Kind::Union) => sub_kind == Some(Kind::Object) && types.members(sup).contains(&sub),
        Some(Kind::Interface) => {
            matches!(sub_kind, Some(Kind::Object | Kind::Interface)) && types.interfaces(sub).contains(&sup)
        }
        _ => false,
    }
}

/// No input object reaches itself through non-null input-object fields (lists break a cycle).
fn no_required_input_cycle(types: &Types) -> bool {
    #[derive(PartialEq)]
    enum State {
        Open,
        Done,
    }
    let next = |name: &str| -> Vec<&str> {
        let Some(named) = types.get(name) else { return Vec::new() };
        let fields = types.gathered(named, input_fields_of_node);
        let required = fields.into_iter().filter_map(|f| match &*f.ty {
            ast::Type::NonNullNamed(n) if types.kind_of(n) == Some(Kind::Input) => Some(n.as_str()),
            _ => None,
        });
        required.collect()
    };
    let mut state: HashMap<&str, State> = HashMap::new();
    // Iterative depth-first search: a long chain of required fields must not exhaust the stack.
    for named in &types.list {
        let start = named.name;
        if named.kind != Some(Kind::Input) || state.contains_key(start) {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, next(start))];
        state.insert(start, State::Open);
        while let Some((name, edges)) = stack.last_mut() {
            match edges.pop() {
                None => {
                    state.insert(name, State::Done);
                    stack.pop();
                }
                Some(to) => match state.get(to) {
                    Some(State::Open) => return false,
                    Some(State::Done) => {}
                    None => {
                        state.insert(to, State::Open);
                        stack.push((to, next(to)));
                    }
                },
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(sdl: &str) -> Vec<(&'static str, Option<usize>)> {
        let doc = ast::Document::parse(sdl, "test.graphql").expect("parses");
        unreadable_directive_arguments(&doc)
    }

    #[test]
    fn reasons_and_urls_must_be_strings() {
        let sdl = "type Q { a: Int @deprecated(reason: 5) b(x: Int @deprecated(reason: [1])): Int }\n\
                   scalar S @specifiedBy(url: null)\nenum E { A @deprecated(reason: B) }";
        let at = |needle: &str| Some(sdl.find(needle).expect("in the text"));
        assert_eq!(
            problems(sdl),
            [
                (DEPRECATED_REASON, at("5)")),
                (DEPRECATED_REASON, at("[1]")),
                (SPECIFIED_BY_URL, at("null")),
                (DEPRECATED_REASON, at("B)")),
            ]
        );
    }

    #[test]
    fn what_graphql_js_reads_is_readable() {
        let sdl = "type Q { a: Int @deprecated b: Int @deprecated(reason: null) c: Int @deprecated(reason: \"\"\"old\"\"\") }\n\
                   scalar S @specifiedBy(url: \"https://example.com\")\nextend scalar S @specifiedBy(url: 5)";
        assert_eq!(problems(sdl), []);
    }
}
