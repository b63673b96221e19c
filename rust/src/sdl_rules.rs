//! sdl_rules: a cheap, sufficient proof that graphql-js's `validateSDL` (with the
//! rules sdl_read gives it) would report nothing, read off the AST in one pass.
//! The twin of `sdlRulesHold` in js/src/sdl-rules.ts; with
//! `sdl_schema_rules::schema_rules_hold` it lets sdl_validate skip building and
//! validating apollo-compiler's schema, about a third of an SDL -> JSON conversion
//! (issue #8). It answers `true` only when every rule provably holds; anything it
//! does not decide answers `false`, and the validator runs as before, which gives
//! the message and the location of the problem. So the answer may be `false` for a
//! valid document, never `true` for an invalid one (rust/tests/sdl_proofs.rs checks
//! that against the validator).
//!
//! The rules, for a document without a schema to extend: one schema definition
//! and each operation type once; type, directive, field (per type, extensions
//! included), argument and enum value names unique; every named type defined
//! (or a standard scalar); every applied directive defined (in the document, the
//! definitions added for validation, or one of graphql-js's specified directives),
//! at a location it allows, with known, unique and all required arguments, a
//! non-repeatable one once per place (per schema, per type across its
//! extensions); every extension of a type defined with the same kind; object
//! values with unique field names.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use apollo_compiler::ast::{self, Definition as Ast, DirectiveLocation as L};
use apollo_compiler::{Name, Node};

use crate::sdl_names::{
    directives_of_node, fields_of_node, implements_of_node, input_fields_of_node, members_of_node, values_of_node,
};
use crate::type_expr::is_builtin_scalar;

/// A directive's locations (bits of `bit`), its arguments (name, required) and whether it repeats.
struct DirectiveRule<'a> {
    locations: u32,
    args: Vec<(&'a str, bool)>,
    repeatable: bool,
}

fn bit(location: L) -> u32 {
    1 << (location as u32)
}

fn bits(locations: &[L]) -> u32 {
    locations.iter().fold(0, |acc, l| acc | bit(*l))
}

/// graphql-js 16's `specifiedDirectives` (its DIRECTIVE_DEFINITION location of
/// `@deprecated` aside: no document here applies a directive there).
fn specified<'a>() -> HashMap<&'a str, DirectiveRule<'a>> {
    let executable = bits(&[L::Field, L::FragmentSpread, L::InlineFragment]);
    let mut rules = HashMap::new();
    for name in ["include", "skip"] {
        rules.insert(name, DirectiveRule { locations: executable, args: vec![("if", true)], repeatable: false });
    }
    let deprecated = bits(&[L::FieldDefinition, L::ArgumentDefinition, L::InputFieldDefinition, L::EnumValue]);
    rules.insert("deprecated", DirectiveRule { locations: deprecated, args: vec![("reason", false)], repeatable: false });
    rules.insert("specifiedBy", DirectiveRule { locations: bit(L::Scalar), args: vec![("url", true)], repeatable: false });
    rules.insert("oneOf", DirectiveRule { locations: bit(L::InputObject), args: Vec::new(), repeatable: false });
    rules
}

/// A type definition's kind (the node's own for a definition, the extended one's for
/// an extension) and the location of directives applied to it.
fn kind_and_location(def: &Ast) -> Option<(u8, L)> {
    Some(match def {
        Ast::ScalarTypeDefinition(_) | Ast::ScalarTypeExtension(_) => (0, L::Scalar),
        Ast::ObjectTypeDefinition(_) | Ast::ObjectTypeExtension(_) => (1, L::Object),
        Ast::InterfaceTypeDefinition(_) | Ast::InterfaceTypeExtension(_) => (2, L::Interface),
        Ast::UnionTypeDefinition(_) | Ast::UnionTypeExtension(_) => (3, L::Union),
        Ast::EnumTypeDefinition(_) | Ast::EnumTypeExtension(_) => (4, L::Enum),
        Ast::InputObjectTypeDefinition(_) | Ast::InputObjectTypeExtension(_) => (5, L::InputObject),
        _ => return None,
    })
}

/// `definitions`: the document's, then those added for validation (federation, `@oneOf`).
pub(crate) fn sdl_rules_hold(definitions: &[&Ast]) -> bool {
    let mut directives = specified();
    let mut defined: HashMap<&str, u8> = HashMap::with_capacity(definitions.len());
    let mut directive_names: HashSet<&str> = HashSet::new();
    let mut schema_definitions = 0;
    let mut extended: HashSet<&str> = HashSet::new();
    for def in definitions {
        match def {
            Ast::DirectiveDefinition(d) => {
                if !directive_names.insert(d.name.as_str()) {
                    return false;
                }
                let args = d.arguments.iter().map(|a| (a.name.as_str(), a.ty.is_non_null() && a.default_value.is_none()));
                let locations = bits(&d.locations);
                directives.insert(d.name.as_str(), DirectiveRule { locations, args: args.collect(), repeatable: d.repeatable });
            }
            Ast::SchemaDefinition(_) => {
                schema_definitions += 1;
                if schema_definitions > 1 {
                    return false;
                }
            }
            Ast::SchemaExtension(_) => {}
            _ => {
                let (Some((kind, _)), Some(name)) = (kind_and_location(def), def.name()) else { return false };
                if is_type_extension(def) {
                    extended.insert(name.as_str());
                } else if is_builtin_scalar(name) || defined.insert(name.as_str(), kind).is_some() {
                    // A built-in scalar defined again is refused by check_names first (and
                    // by apollo-compiler); the proof stays whole without relying on it.
                    return false;
                }
            }
        }
    }
    let mut check = Checker { rules: directives, defined, extended, type_directives: HashMap::new(), members: HashMap::new() };
    let mut operations: Vec<&str> = Vec::new();
    let mut schema_directives: HashSet<&str> = HashSet::new();
    for def in definitions {
        let holds = match def {
            Ast::SchemaDefinition(d) => {
                check.operations(&d.root_operations, &mut operations)
                    && check.directives(&d.directives, L::Schema, Some(&mut schema_directives))
            }
            Ast::SchemaExtension(d) => {
                check.operations(&d.root_operations, &mut operations)
                    && check.directives(&d.directives, L::Schema, Some(&mut schema_directives))
            }
            Ast::DirectiveDefinition(d) => check.input_values(&d.arguments, L::ArgumentDefinition),
            _ => check.type_node(def),
        };
        if !holds {
            return false;
        }
    }
    true
}

fn is_type_extension(def: &Ast) -> bool {
    crate::sdl_names::is_type_extension(def)
}

struct Checker<'a> {
    rules: HashMap<&'a str, DirectiveRule<'a>>,
    defined: HashMap<&'a str, u8>,
    extended: HashSet<&'a str>,
    /// Per type name with extensions: the non-repeatable directives applied to it and the
    /// names of its fields or values, across its nodes. A type of one node (most) is
    /// checked within that node, without a set.
    type_directives: HashMap<&'a str, HashSet<&'a str>>,
    members: HashMap<&'a str, HashSet<&'a str>>,
}

impl<'a> Checker<'a> {
    fn known(&self, ty: &ast::Type) -> bool {
        let name = ty.inner_named_type().as_str();
        // The five built-in names first: most field types are one of them, and comparing
        // them is cheaper than hashing a name into a table of every type (see
        // `sdl_schema_rules::Types::kind_of`).
        is_builtin_scalar(name) || self.defined.contains_key(name)
    }

    fn operations(&self, ops: &'a [Node<(ast::OperationType, Name)>], seen: &mut Vec<&'a str>) -> bool {
        ops.iter().all(|op| {
            let name = op.0.name();
            let first = !seen.contains(&name);
            seen.push(name);
            first && (self.defined.contains_key(op.1.as_str()) || is_builtin_scalar(op.1.as_str()))
        })
    }

    fn type_node(&mut self, def: &'a Ast) -> bool {
        let (Some((kind, location)), Some(name)) = (kind_and_location(def), def.name()) else { return false };
        let name = name.as_str();
        if self.defined.get(name) != Some(&kind) {
            return false;
        }
        let several = self.extended.contains(name);
        let Some(directives) = directives_of_node(def) else { return false };
        let held = if several {
            let mut seen = self.type_directives.remove(name).unwrap_or_default();
            let held = self.directives(directives, location, Some(&mut seen));
            self.type_directives.insert(name, seen);
            held
        } else {
            self.directives(directives, location, None)
        };
        if !held {
            return false;
        }
        match kind {
            // Objects and interfaces.
            1 | 2 => {
                if !implements_of_node(def).iter().all(|i| self.defined.contains_key(i.as_str()) || is_builtin_scalar(i)) {
                    return false;
                }
                let fields = fields_of_node(def);
                self.named(name, several, fields.iter().map(|f| f.name.as_str()))
                    && fields.iter().all(|f| {
                        self.known(&f.ty)
                            && self.directives(&f.directives, L::FieldDefinition, None)
                            && self.input_values(&f.arguments, L::ArgumentDefinition)
                    })
            }
            5 => {
                let fields = input_fields_of_node(def);
                self.named(name, several, fields.iter().map(|f| f.name.as_str()))
                    && self.input_values(fields, L::InputFieldDefinition)
            }
            3 => members_of_node(def).iter().all(|m| self.defined.contains_key(m.as_str()) || is_builtin_scalar(m)),
            4 => {
                let values = values_of_node(def);
                self.named(name, several, values.iter().map(|v| v.value.as_str()))
                    && values.iter().all(|v| self.directives(&v.directives, L::EnumValue, None))
            }
            _ => true,
        }
    }

    /// The fields or values of one node of a type named once, across the type's nodes when it has several.
    fn named(&mut self, type_name: &'a str, several: bool, list: impl ExactSizeIterator<Item = &'a str> + Clone) -> bool {
        if !several {
            return distinct(list);
        }
        let names = self.members.entry(type_name).or_default();
        list.into_iter().all(|n| names.insert(n))
    }

    /// Arguments (of a field or a directive) or input fields: unique names, known types, their directives and defaults.
    fn input_values(&mut self, values: &'a [Node<ast::InputValueDefinition>], location: L) -> bool {
        if values.is_empty() {
            return true;
        }
        distinct(values.iter().map(|v| v.name.as_str()))
            && values.iter().all(|v| {
                self.known(&v.ty)
                    && self.directives(&v.directives, location, None)
                    && v.default_value.as_ref().is_none_or(unique_object_fields)
            })
    }

    /// Applied directives: defined, allowed here, a non-repeatable one once (in this
    /// list, and in `seen` when the place has other nodes: a schema's, or a type's
    /// extensions), arguments known, unique and complete.
    fn directives(&self, list: &'a ast::DirectiveList, location: L, mut seen: Option<&mut HashSet<&'a str>>) -> bool {
        for (i, d) in list.iter().enumerate() {
            let name = d.name.as_str();
            let Some(rule) = self.rules.get(name) else { return false };
            if rule.locations & bit(location) == 0 {
                return false;
            }
            // @shareable too: repeatable, but once per list (sdl_own_rules.rs shareable_once).
            if (!rule.repeatable || name == "shareable") && list.iter().take(i).any(|earlier| earlier.name == name) {
                return false;
            }
            if !rule.repeatable {
                if let Some(seen) = seen.as_deref_mut() {
                    if !seen.insert(name) {
                        return false;
                    }
                }
            }
            if !distinct(d.arguments.iter().map(|a| a.name.as_str())) {
                return false;
            }
            let known = |arg: &str| rule.args.iter().any(|(n, _)| *n == arg);
            if !d.arguments.iter().all(|a| known(a.name.as_str()) && unique_object_fields(&a.value)) {
                return false;
            }
            let given = |arg: &str| d.arguments.iter().any(|a| a.name == arg);
            if rule.args.iter().any(|(n, required)| *required && !given(n)) {
                return false;
            }
        }
        true
    }
}

/// Whether the names are all different: pairwise for a short list (most), a set beyond.
pub(crate) fn distinct<'a>(names: impl ExactSizeIterator<Item = &'a str> + Clone) -> bool {
    if names.len() <= 16 {
        let mut rest = names.clone();
        while let Some(name) = rest.next() {
            if rest.clone().any(|other| other == name) {
                return false;
            }
        }
        return true;
    }
    let mut seen: HashSet<&str> = HashSet::with_capacity(names.len());
    names.into_iter().all(|name| seen.insert(name))
}

/// Every object value within `value` names each of its fields once (iterative: values nest deep).
fn unique_object_fields(value: &Node<ast::Value>) -> bool {
    if !matches!(**value, ast::Value::List(_) | ast::Value::Object(_)) {
        return true;
    }
    let mut stack: Vec<&ast::Value> = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            ast::Value::List(items) => stack.extend(items.iter().map(|i| &**i)),
            ast::Value::Object(fields) => {
                if !distinct(fields.iter().map(|(n, _)| n.as_str())) {
                    return false;
                }
                stack.extend(fields.iter().map(|(_, v)| &**v));
            }
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    //! The proofs (with `sdl_schema_rules::schema_rules_hold`) hold only where the
    //! validator finds nothing: on every fixture and example `.graphql` file, on
    //! documents written for each rule, and on those with random edits that make
    //! types, fields, directives and arguments meet where they should not.
    use apollo_compiler::parser::Parser;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

    use super::*;
    use crate::sdl_read::Reader;
    use crate::sdl_schema_rules::schema_rules_hold;
    use crate::sdl_added_definitions::added_definitions;
    use crate::sdl_validate::validate_all;
    use crate::test_corpus::{apply_edits, graphql_texts};

    /// Each a problem one rule finds, or close to one.
    const WRITTEN: &[&str] = &[
        "type Query { a: Int }",
        "type Query { a: Unknown }",
        "type Query { a(x: Query): Int }",
        "type Query { a: In } input In { b: Int }",
        "type Query implements I { a: Int } interface I { a: Int b: Int }",
        "type Query implements I { a: String } interface I { a: Int }",
        "type Query implements I { a(x: Int): Int } interface I { a: Int }",
        "type Query implements I { a(x: Int!): Int } interface I { a: Int }",
        "type Query implements I { a: Int } interface I { a(x: Int): Int }",
        "type Query implements I { a: Int } interface I implements J { a: Int } interface J { a: Int }",
        "type Query implements I & J { a: Int } interface I implements J { a: Int } interface J { a: Int }",
        "type Query implements Query { a: Int }",
        "type Query implements I & I { a: Int } interface I { a: Int }",
        "type Query implements O { a: Int } type O { a: Int }",
        "type Query { a: U } union U = Query | I interface I { a: Int }",
        "type Query { a: U } union U = Query | Query",
        "type Query { a: U } union U = Query",
        "type Query { a: E } enum E { A A }",
        "type Query { a: E } enum E { __A }",
        "type Query { __a: Int }",
        "type __Q { a: Int } type Query { a: Int }",
        "type Query { a(__x: Int): Int }",
        "type Query { a(x: In): Int } input In { a: In! }",
        "type Query { a(x: In): Int } input In { a: [In!]! }",
        "type Query { a(x: In): Int } input In { b: In2! } input In2 { a: In! }",
        "type Query { a(x: Int! @deprecated): Int }",
        "type Query { a(x: Int! = 1 @deprecated): Int }",
        "type Query { a: Int @deprecated(reason: 5) }",
        "type Query { a: Int @deprecated(reason: null) }",
        "type Query { a: Int @deprecated @deprecated }",
        "type Query { a: Int @deprecated(because: \"x\") }",
        "type Query { a: S } scalar S @specifiedBy",
        "type Query { a: S } scalar S @specifiedBy(url: \"u\")",
        "type Query { a: Int @skip(if: true) }",
        "type Query @deprecated { a: Int }",
        "type Query { a: Int @d } directive @d on OBJECT",
        "type Query { a: Int @d(x: 1) } directive @d(y: Int) on FIELD_DEFINITION",
        "type Query { a: Int @d } directive @d(y: Int!) on FIELD_DEFINITION",
        "type Query { a: Int @d(y: 1, y: 2) } directive @d(y: Int) on FIELD_DEFINITION",
        "type Query { a: Int @d(y: {a: 1, a: 2}) } directive @d(y: In) on FIELD_DEFINITION input In { a: Int }",
        "type Query { a: Int @d @d } directive @d repeatable on FIELD_DEFINITION",
        "type Query @d { a: Int } extend type Query @d directive @d on OBJECT",
        "type Query { a: Int } extend type Query { a: Int }",
        "type Query { a: Int } extend input Query { b: Int }",
        "extend type Query { a: Int }",
        "type Query { a: Int } type Query { b: Int }",
        "type Query { a: Int } directive @d(x: Query) on FIELD_DEFINITION",
        "type Query { a: Int } directive @__d on FIELD_DEFINITION",
        "schema { query: Q } type Q { a: Int } type Query { b: Int }",
        "schema { query: In } input In { a: Int }",
        "schema { query: Q } type Q { a: Int } extend schema { query: Q }",
        "schema { query: Q } schema { query: Q } type Q { a: Int }",
        "type Query { a: Int } type Mutation { b: Int } type Subscription { c: In } input In { a: Int }",
        "type Query { a: Int } input Mutation { b: Int }",
        "type Query { a: In } input In @oneOf { a: Int b: Int }",
        "type Query { a(x: In): Int } input In { a: Int = \"x\" }",
        "type Query { a: Int } type T { a: Int @key(fields: \"a\") }",
        "type Query { a: Int } type T @key(fields: \"a\") @key(fields: \"b\") { a: Int b: Int }",
        "type Query { a: Int } type T @shareable @shareable { a: Int }",
        "type Query { a: Int } type T { a: Int @external @requires(fields: \"a\") }",
        "type Query { a: Int } type T { a: Int @override }",
        "type Query { a: Int } enum E { A @deprecated(reason: \"x\") }",
        "type Query { a: Int } scalar JSON",
        "type Query { a: Int } scalar String",
    ];

    /// Whether the proofs hold; if they do, the validator must find nothing.
    fn check(text: &str) -> Result<bool, String> {
        let Ok(doc) = Parser::new().parse_ast(text, "input.graphql") else { return Ok(false) };
        let extra = added_definitions(&doc);
        let all: Vec<&Ast> = doc.definitions.iter().chain(extra.iter().copied()).collect();
        if !(sdl_rules_hold(&all) && schema_rules_hold(&all)) {
            return Ok(false);
        }
        let reader = Reader { text, file: None };
        match validate_all(&reader, &doc, extra) {
            Ok(()) => Ok(true),
            Err(e) => Err(format!("proved, but the validator finds: {}\n{text}", e.message)),
        }
    }

    fn texts() -> Vec<String> {
        let mut texts = graphql_texts();
        texts.extend(WRITTEN.iter().map(|t| t.to_string()));
        texts
    }

    #[test]
    fn the_proofs_hold_only_where_the_validator_finds_nothing() {
        let (mut held, mut clean) = (0, 0);
        for text in texts() {
            if check(&text).unwrap_or_else(|e| panic!("{e}")) {
                held += 1;
            }
            let Ok(doc) = Parser::new().parse_ast(&text, "input.graphql") else { continue };
            let reader = Reader { text: &text, file: None };
            clean += usize::from(validate_all(&reader, &doc, added_definitions(&doc)).is_ok());
        }
        // Not vacuous: they hold for most documents the validator finds clean.
        assert!(held * 10 >= clean * 7, "{held} proved of {clean} clean");
    }

    fn edits() -> impl Strategy<Value = Vec<(usize, usize, String)>> {
        let insert = proptest::sample::select(
            &[
                "Query", "User", "Node", "String", "Int", "ID", "In", "E", "U", "I", "input ", "interface ", "union ",
                "enum ", "type ", "extend ", " implements I ", " implements Node ", "!", "[", "]", "@deprecated",
                "@deprecated(reason: 1)", "@key(fields: \"id\")", "@shareable", "@external", "@oneOf",
                "@specifiedBy(url: \"u\")", "(a: Int)", "(a: Int!)", "(id: ID!)", "= 1", "= null", "__x",
                "schema { query: Query }", "{ a: Int }", "{ id: ID! }", " a: Int ", " id: ID ", "\n", " ",
            ][..],
        )
        .prop_map(str::to_string);
        proptest::collection::vec((any::<usize>(), 0usize..6, insert), 1..4)
    }

    #[test]
    fn edited_documents_keep_the_proofs_sound() {
        let texts: Vec<String> = texts().into_iter().filter(|t| t.len() < 4_000).collect();
        let count: u32 = std::env::var("PROOF_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(5_000);
        let config = Config { cases: count, failure_persistence: None, ..Config::default() };
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&20261125u64.to_le_bytes());
        let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
        let result = runner.run(&(proptest::sample::select(texts), edits()), |(text, e)| {
            check(&apply_edits(&text, &e)).map(|_| ()).map_err(TestCaseError::fail)
        });
        if let Err(e) = result {
            panic!("{e}");
        }
    }
}
