//! sdl_names: stage 3 of sdl_read (record 0028), names defined twice, built-in
//! scalars and `JSON`, checked in one walk in document order; and the parts of a
//! type definition or extension node that this stage and the validator read, and
//! the walks over every directive list and input value of a document. The
//! twin of `checkNames` in js/src/sdl-names.ts.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::{Name, Node};

use crate::errors::codes;
use crate::sdl_read::{start, Reader, Res};
use crate::sdl_rules::distinct;
use crate::type_expr::{is_builtin_scalar, JSON_SCALAR};

// ---------------------------------------------------------------------------
// Stage 3: names defined twice, built-in scalars, JSON

pub(crate) struct NameProblem {
    offset: Option<usize>,
    label: String,
    message: String,
}

/// What a name defines, in its scope: the key of `Once` and, printed, the
/// label of a problem (`field T.f`). Printed for problems only: a `format!`
/// of scope and label for every field and argument was 10% of the
/// conversion at N = 5,000 (issue #8). Two labels are equal exactly when
/// their printed scope and label are (GraphQL names hold no `.`, `(` or space).
#[derive(PartialEq, Eq, Hash)]
pub(crate) enum Label<'a> {
    Directive(&'a str),
    Schema,
    Operation(&'static str),
    Type(&'a str),
    Implements(&'a str, &'a str),
    Member(&'a str, &'a str),
    Value(&'a str, &'a str),
    Field(&'a str, &'a str),
    DirectiveArg(&'a str, &'a str),
    FieldArg(&'a str, &'a str, &'a str),
}

impl std::fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Label::Directive(d) => write!(f, "directive @{d}"),
            Label::Schema => write!(f, "the schema"),
            Label::Operation(op) => write!(f, "the {op} operation type"),
            Label::Type(t) => write!(f, "type {t}"),
            Label::Implements(t, i) => write!(f, "{t} implements {i}"),
            Label::Member(t, m) => write!(f, "union {t} member {m}"),
            Label::Value(t, v) => write!(f, "enum value {t}.{v}"),
            Label::Field(t, x) => write!(f, "field {t}.{x}"),
            Label::DirectiveArg(d, a) => write!(f, "argument @{d}({a})"),
            Label::FieldArg(t, x, a) => write!(f, "argument {t}.{x}({a})"),
        }
    }
}

pub(crate) struct Once<'r, 't, 'a> {
    reader: &'r Reader<'t>,
    firsts: HashMap<Label<'a>, Option<usize>>,
    problems: Vec<NameProblem>,
}

impl<'a> Once<'_, '_, 'a> {
    /// Records `label` in its scope; a second occurrence is a problem (and false).
    pub(crate) fn once(&mut self, label: Label<'a>, offset: Option<usize>) -> bool {
        if let Some(first) = self.firsts.get(&label) {
            let label = label.to_string();
            let message = format!("{label} is defined twice (first at {})", self.reader.where_(*first));
            self.problems.push(NameProblem { offset, label, message });
            return false;
        }
        self.firsts.insert(label, offset);
        true
    }

    pub(crate) fn args(&mut self, owner: impl Fn(&'a str) -> Label<'a>, args: &'a [Node<ast::InputValueDefinition>]) {
        for a in args {
            self.once(owner(a.name.as_str()), start(a.name.location()));
        }
    }
}

pub(crate) fn check_names(reader: &Reader, doc: &ast::Document) -> Res<()> {
    if names_hold(doc) {
        return Ok(());
    }
    check_names_walk(reader, doc)
}

/// The walk of `check_names`, in document order.
fn check_names_walk(reader: &Reader, doc: &ast::Document) -> Res<()> {
    let firsts = HashMap::with_capacity(label_count(doc));
    let mut w = Once { reader, firsts, problems: Vec::new() };
    for def in &doc.definitions {
        match def {
            Ast::DirectiveDefinition(d) => {
                if w.once(Label::Directive(d.name.as_str()), start(d.name.location())) {
                    w.args(|a| Label::DirectiveArg(d.name.as_str(), a), &d.arguments);
                }
            }
            Ast::SchemaDefinition(d) => {
                w.once(Label::Schema, start(def.location()));
                for op in &d.root_operations {
                    w.once(Label::Operation(op.0.name()), start(op.location()));
                }
            }
            Ast::SchemaExtension(d) => {
                for op in &d.root_operations {
                    w.once(Label::Operation(op.0.name()), start(op.location()));
                }
            }
            Ast::OperationDefinition(_) | Ast::FragmentDefinition(_) => {}
            _ => {
                let Some(name) = def.name() else { continue };
                let name_at = start(name.location());
                let name = name.as_str();
                if is_type_definition(def) {
                    if is_builtin_scalar(name) {
                        w.problems.push(NameProblem {
                            offset: name_at,
                            label: name.to_string(),
                            message: format!("{name} is a built-in scalar; an SDL document must not define it"),
                        });
                    } else if name == JSON_SCALAR && !matches!(def, Ast::ScalarTypeDefinition(_)) {
                        w.problems.push(NameProblem {
                            offset: name_at,
                            label: name.to_string(),
                            message: "JSON can only name a scalar here: x-graphql keeps the name for the scalar of arbitrary data".into(),
                        });
                    }
                    w.once(Label::Type(name), name_at);
                }
                for i in implements_of_node(def) {
                    w.once(Label::Implements(name, i.as_str()), start(i.location()));
                }
                for t in members_of_node(def) {
                    w.once(Label::Member(name, t.as_str()), start(t.location()));
                }
                for v in values_of_node(def) {
                    w.once(Label::Value(name, v.value.as_str()), start(v.value.location()));
                }
                for f in fields_of_node(def) {
                    // The arguments of a field defined twice are not compared with the first one's.
                    if w.once(Label::Field(name, f.name.as_str()), start(f.name.location())) {
                        w.args(|a| Label::FieldArg(name, f.name.as_str(), a), &f.arguments);
                    }
                }
                for f in input_fields_of_node(def) {
                    w.once(Label::Field(name, f.name.as_str()), start(f.name.location()));
                }
            }
        }
    }
    let mut problems = w.problems.into_iter();
    let Some(first) = problems.next() else { return Ok(()) };
    let more: Vec<NameProblem> = problems.collect();
    let mut message = first.message;
    if !more.is_empty() {
        let names: Vec<&str> = more.iter().take(5).map(|p| p.label.as_str()).collect();
        message.push_str(&format!(
            "; {} more problem{} of this kind: {}{}",
            more.len(),
            if more.len() == 1 { "" } else { "s" },
            names.join(", "),
            if more.len() > 5 { ", ..." } else { "" }
        ));
    }
    Err(reader.error(codes::GRAPHQL_INVALID, message, first.offset))
}

/// A sufficient proof that `check_names` finds nothing: every type has one node (no
/// extension, not defined twice), so the names in its scopes (fields, arguments,
/// values, members, interfaces) can be compared within that node, in lists of about
/// ten, instead of in one table of every label of the document (18 of the 119 ms of
/// SDL -> JSON at N = 5,000, growing 5.2x to N = 20,000: a table that leaves the
/// caches; issue #8). Anything else answers false and the full walk runs, which finds
/// the problems in document order with their messages. The twin of the name checks
/// that js/src/sdl-rules.ts proves for TypeScript.
pub(crate) fn names_hold(doc: &ast::Document) -> bool {
    let mut types: HashSet<&str> = HashSet::with_capacity(doc.definitions.len());
    let mut directives: HashSet<&str> = HashSet::new();
    let mut schema = false;
    let mut operations: Vec<&str> = Vec::new();
    let mut operations_once = |ops: &[Node<(ast::OperationType, Name)>]| {
        ops.iter().all(|op| {
            let name = op.0.name();
            let first = !operations.contains(&name);
            operations.push(name);
            first
        })
    };
    let names = |a: &[Node<ast::InputValueDefinition>]| distinct(a.iter().map(|a| a.name.as_str()));
    for def in &doc.definitions {
        let holds = match def {
            Ast::DirectiveDefinition(d) => directives.insert(d.name.as_str()) && names(&d.arguments),
            Ast::SchemaDefinition(d) => !std::mem::replace(&mut schema, true) && operations_once(&d.root_operations),
            Ast::SchemaExtension(d) => operations_once(&d.root_operations),
            Ast::OperationDefinition(_) | Ast::FragmentDefinition(_) => true,
            _ => {
                let Some(name) = def.name() else { continue };
                let name = name.as_str();
                let scalar = matches!(def, Ast::ScalarTypeDefinition(_));
                !is_type_extension(def)
                    && types.insert(name)
                    && !is_builtin_scalar(name)
                    && (name != JSON_SCALAR || scalar)
                    && distinct(implements_of_node(def).iter().map(Name::as_str))
                    && distinct(members_of_node(def).iter().map(Name::as_str))
                    && distinct(values_of_node(def).iter().map(|v| v.value.as_str()))
                    && distinct(fields_of_node(def).iter().map(|f| f.name.as_str()))
                    && fields_of_node(def).iter().all(|f| names(&f.arguments))
                    && distinct(input_fields_of_node(def).iter().map(|f| f.name.as_str()))
            }
        };
        if !holds {
            return false;
        }
    }
    true
}

/// How many labels `check_names` records at most: the capacity of its map, which
/// grown from empty rehashed every label at each doubling (4% of SDL -> JSON's
/// samples at bench-corpus N = 5,000 in perf; -0.7% of its instructions, within
/// noise in time). Only a capacity: a wrong count costs a rehash, not a result.
pub(crate) fn label_count(doc: &ast::Document) -> usize {
    let args = |a: &[Node<ast::InputValueDefinition>]| a.len();
    doc.definitions
        .iter()
        .map(|def| match def {
            Ast::DirectiveDefinition(d) => 1 + args(&d.arguments),
            Ast::SchemaDefinition(d) => 1 + d.root_operations.len(),
            Ast::SchemaExtension(d) => d.root_operations.len(),
            _ => {
                1 + implements_of_node(def).len()
                    + members_of_node(def).len()
                    + values_of_node(def).len()
                    + fields_of_node(def).iter().map(|f| 1 + args(&f.arguments)).sum::<usize>()
                    + input_fields_of_node(def).len()
            }
        })
        .sum()
}

pub(crate) fn is_type_definition(def: &Ast) -> bool {
    matches!(
        def,
        Ast::ScalarTypeDefinition(_)
            | Ast::ObjectTypeDefinition(_)
            | Ast::InterfaceTypeDefinition(_)
            | Ast::UnionTypeDefinition(_)
            | Ast::EnumTypeDefinition(_)
            | Ast::InputObjectTypeDefinition(_)
    )
}

pub(crate) fn is_type_extension(def: &Ast) -> bool {
    matches!(
        def,
        Ast::ScalarTypeExtension(_)
            | Ast::ObjectTypeExtension(_)
            | Ast::InterfaceTypeExtension(_)
            | Ast::UnionTypeExtension(_)
            | Ast::EnumTypeExtension(_)
            | Ast::InputObjectTypeExtension(_)
    )
}

pub(crate) fn implements_of_node(def: &Ast) -> &[Name] {
    match def {
        Ast::ObjectTypeDefinition(d) => &d.implements_interfaces,
        Ast::InterfaceTypeDefinition(d) => &d.implements_interfaces,
        Ast::ObjectTypeExtension(d) => &d.implements_interfaces,
        Ast::InterfaceTypeExtension(d) => &d.implements_interfaces,
        _ => &[],
    }
}

pub(crate) fn members_of_node(def: &Ast) -> &[Name] {
    match def {
        Ast::UnionTypeDefinition(d) => &d.members,
        Ast::UnionTypeExtension(d) => &d.members,
        _ => &[],
    }
}

pub(crate) fn values_of_node(def: &Ast) -> &[Node<ast::EnumValueDefinition>] {
    match def {
        Ast::EnumTypeDefinition(d) => &d.values,
        Ast::EnumTypeExtension(d) => &d.values,
        _ => &[],
    }
}

pub(crate) fn fields_of_node(def: &Ast) -> &[Node<ast::FieldDefinition>] {
    match def {
        Ast::ObjectTypeDefinition(d) => &d.fields,
        Ast::InterfaceTypeDefinition(d) => &d.fields,
        Ast::ObjectTypeExtension(d) => &d.fields,
        Ast::InterfaceTypeExtension(d) => &d.fields,
        _ => &[],
    }
}

pub(crate) fn input_fields_of_node(def: &Ast) -> &[Node<ast::InputValueDefinition>] {
    match def {
        Ast::InputObjectTypeDefinition(d) => &d.fields,
        Ast::InputObjectTypeExtension(d) => &d.fields,
        _ => &[],
    }
}

pub(crate) fn directives_of_node(def: &Ast) -> Option<&ast::DirectiveList> {
    Some(match def {
        Ast::SchemaDefinition(d) => &d.directives,
        Ast::SchemaExtension(d) => &d.directives,
        Ast::ScalarTypeDefinition(d) => &d.directives,
        Ast::ObjectTypeDefinition(d) => &d.directives,
        Ast::InterfaceTypeDefinition(d) => &d.directives,
        Ast::UnionTypeDefinition(d) => &d.directives,
        Ast::EnumTypeDefinition(d) => &d.directives,
        Ast::InputObjectTypeDefinition(d) => &d.directives,
        Ast::ScalarTypeExtension(d) => &d.directives,
        Ast::ObjectTypeExtension(d) => &d.directives,
        Ast::InterfaceTypeExtension(d) => &d.directives,
        Ast::UnionTypeExtension(d) => &d.directives,
        Ast::EnumTypeExtension(d) => &d.directives,
        Ast::InputObjectTypeExtension(d) => &d.directives,
        _ => return None,
    })
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_corpus::graphql_texts;

    /// Each scope's name defined twice, and what shares a scope across nodes.
    const TWICE: &[&str] = &[
        "type A { a: Int a: Int }",
        "type A { a(x: Int, x: Int): Int }",
        "type A implements I & I { a: Int }",
        "union U = A | A",
        "enum E { X X }",
        "input In { a: Int a: Int }",
        "directive @d(x: Int, x: Int) on FIELD_DEFINITION",
        "directive @d on FIELD_DEFINITION directive @d on OBJECT",
        "type A { a: Int } type A { b: Int }",
        "type A { a: Int } extend type A { a: Int }",
        "schema { query: Q } schema { query: Q }",
        "schema { query: Q query: Q }",
        "schema { query: Q } extend schema { query: Q }",
        "scalar String",
        "type JSON { a: Int }",
        "type A { f1: Int f2: Int f3: Int f4: Int f5: Int f6: Int f7: Int f8: Int f9: Int f10: Int f11: Int f12: Int f13: Int f14: Int f15: Int f16: Int f17: Int f1: Int }",
    ];

    #[test]
    fn the_proof_holds_only_where_the_walk_finds_nothing() {
        let mut texts = graphql_texts();
        texts.extend(TWICE.iter().map(|t| t.to_string()));
        let (mut held, mut walked_clean) = (0, 0);
        for text in &texts {
            let Ok(doc) = ast::Document::parse(text.as_str(), "input.graphql") else { continue };
            let reader = Reader { text, file: None };
            let clean = check_names_walk(&reader, &doc).is_ok();
            if names_hold(&doc) {
                assert!(clean, "proved, but the walk finds a problem:\n{text}");
                held += 1;
            }
            walked_clean += usize::from(clean);
        }
        for text in TWICE {
            let doc = ast::Document::parse(*text, "input.graphql").expect("parses");
            assert!(!names_hold(&doc), "proved:\n{text}");
        }
        // The proof is not vacuous: it holds for most documents the walk finds clean.
        assert!(held * 10 >= walked_clean * 9, "{held} proved of {walked_clean} clean");
    }
}

/// Where a directive list stands (the key of `each_directive_list`): a type's
/// definition and extensions are one place, as are the schema definition and
/// its extensions; any other list is its own, named by its offset. (Were
/// formatted strings, built for every list on every conversion; they are
/// compared only on the failure path.)
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place<'d> {
    Schema,
    Type(&'d str),
    Definition(usize),
    At(usize),
}

/// Every list of applied directives of the type-system definitions, with a
/// key that is the same for the lists of one place (graphql-js's
/// UniqueDirectivesPerLocationRule: a type and its extensions, the schema and
/// its extensions; every other list on its own).
pub(crate) fn each_directive_list<'d>(doc: &'d ast::Document, f: &mut dyn FnMut(Place<'d>, &'d ast::DirectiveList)) {
    let args = |f: &mut dyn FnMut(Place<'d>, &'d ast::DirectiveList), args: &'d [Node<ast::InputValueDefinition>]| {
        for a in args {
            f(Place::At(start(a.location()).unwrap_or_default()), &a.directives);
        }
    };
    for (i, def) in doc.definitions.iter().enumerate() {
        match def {
            Ast::SchemaDefinition(_) | Ast::SchemaExtension(_) => {
                if let Some(list) = directives_of_node(def) {
                    f(Place::Schema, list);
                }
            }
            Ast::DirectiveDefinition(d) => args(f, &d.arguments),
            Ast::OperationDefinition(_) | Ast::FragmentDefinition(_) => {}
            _ => {
                let key = def.name().map_or(Place::Definition(i), |n| Place::Type(n.as_str()));
                if let Some(list) = directives_of_node(def) {
                    f(key, list);
                }
                for field in fields_of_node(def) {
                    f(Place::At(start(field.location()).unwrap_or_default()), &field.directives);
                    args(f, &field.arguments);
                }
                args(f, input_fields_of_node(def));
                for v in values_of_node(def) {
                    f(Place::At(start(v.location()).unwrap_or_default()), &v.directives);
                }
            }
        }
    }
}

/// Every input value definition (arguments, input fields) of the type-system definitions.
pub(crate) fn each_input_value<'d>(doc: &'d ast::Document, f: &mut dyn FnMut(&'d ast::InputValueDefinition)) {
    for def in &doc.definitions {
        if let Ast::DirectiveDefinition(d) = def {
            d.arguments.iter().for_each(|a| f(a));
        }
        for field in fields_of_node(def) {
            field.arguments.iter().for_each(|a| f(a));
        }
        input_fields_of_node(def).iter().for_each(|a| f(a));
    }
}
