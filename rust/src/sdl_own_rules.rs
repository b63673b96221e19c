//! sdl_own_rules: the graphql-js rules apollo-compiler 1.x does not check, for the
//! validator of sdl_validate.rs (stage 4 of sdl_read, record 0028). No twin in js/src:
//! graphql-js checks these itself (except `shareable_once`, a rule of ours in both).

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::{Name, Node};

use crate::lower_directives::SHAREABLE_TWICE;
use crate::sdl_defaults::{fits, NamedType};
use crate::sdl_names::{
    directives_of_node, fields_of_node, implements_of_node, input_fields_of_node, is_type_definition, is_type_extension,
    values_of_node,
};
use crate::sdl_read::start;
use crate::sdl_schema_rules::unreadable_directive_arguments;
use crate::sdl_names::{each_directive_list, each_input_value};
use crate::sdl_validate::{Phase, Problem, Validation};
use crate::suggest::{did_you_mean, suggestion_list};


impl<'a> Validation<'a> {
    // -----------------------------------------------------------------------
    // graphql-js checks that apollo-compiler 1.x does not make

    pub(crate) fn own_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        self.type_extensions(&mut out);
        self.duplicate_object_fields(&mut out);
        self.root_types(&mut out);
        self.deprecated_required(&mut out);
        self.extra_arguments_with_unfit_defaults(&mut out);
        self.one_of(&mut out);
        self.input_cycles(&mut out);
        self.shareable_once(&mut out);
        for (message, offset) in unreadable_directive_arguments(self.doc) {
            out.push(Problem::new(Phase::Build, message, [offset]));
        }
        out
    }

    /// PossibleTypeExtensionsRule: an extension of a type that is not defined,
    /// or of another kind than the definition.
    pub(crate) fn type_extensions(&self, out: &mut Vec<Problem>) {
        let defined: Vec<&Ast> = self.all().filter(|d| is_type_definition(d)).collect();
        for ext in self.doc.definitions.iter().filter(|d| is_type_extension(d)) {
            let Some(name) = ext.name() else { continue };
            // graphql-js keeps the last definition of a name.
            let def = defined.iter().rev().find(|d| d.name().is_some_and(|n| n == name));
            let Some(def) = def else {
                let names: Vec<&str> = defined.iter().filter_map(|d| d.name().map(Name::as_str)).collect();
                out.push(Problem::new(
                    Phase::Sdl,
                    format!(
                        "Cannot extend type \"{name}\" because it is not defined.{}",
                        did_you_mean(&suggestion_list(name.as_str(), &names))
                    ),
                    [start(name.location())],
                ));
                continue;
            };
            let (want, kind) = match ext {
                Ast::ObjectTypeExtension(_) => (matches!(def, Ast::ObjectTypeDefinition(_)), "object"),
                Ast::InterfaceTypeExtension(_) => (matches!(def, Ast::InterfaceTypeDefinition(_)), "interface"),
                Ast::UnionTypeExtension(_) => (matches!(def, Ast::UnionTypeDefinition(_)), "union"),
                Ast::EnumTypeExtension(_) => (matches!(def, Ast::EnumTypeDefinition(_)), "enum"),
                Ast::InputObjectTypeExtension(_) => (matches!(def, Ast::InputObjectTypeDefinition(_)), "input object"),
                _ => (matches!(def, Ast::ScalarTypeDefinition(_)), "scalar"),
            };
            if !want {
                out.push(Problem::new(
                    Phase::Sdl,
                    format!("Cannot extend non-{kind} type \"{name}\"."),
                    [self.in_main(def.location()), start(ext.location())],
                ));
            }
        }
    }

    /// `@shareable` twice in one list of directives (one type definition, one extension,
    /// one field), at the second. Federation v2.3 declares it repeatable, so graphql-js
    /// accepts it, but only so that a definition and its extensions may each carry it:
    /// @apollo/subgraph refuses it twice on one declaration. sdl_rules.rs does not prove
    /// a document with one; the twin of sdl-validate.ts `shareableOnce` (a rule of ours
    /// in both languages).
    pub(crate) fn shareable_once(&self, out: &mut Vec<Problem>) {
        each_directive_list(self.doc, &mut |_, list| {
            let mut shareable = list.iter().filter(|d| d.name == "shareable");
            shareable.next();
            for d in shareable {
                out.push(Problem::new(Phase::Sdl, SHAREABLE_TWICE, [start(d.location())]));
            }
        });
    }

    /// UniqueInputFieldNamesRule: `{a: 1, a: 2}` in a directive argument or a default value.
    pub(crate) fn duplicate_object_fields(&self, out: &mut Vec<Problem>) {
        let mut values: Vec<&Node<ast::Value>> = Vec::new();
        each_directive_list(self.doc, &mut |_, list| {
            for d in list.iter() {
                values.extend(d.arguments.iter().map(|a| &a.value));
            }
        });
        each_input_value(self.doc, &mut |a| values.extend(a.default_value.as_ref()));
        let mut stack = values;
        while let Some(v) = stack.pop() {
            match v.as_ref() {
                ast::Value::List(items) => stack.extend(items.iter()),
                ast::Value::Object(fields) => {
                    let mut seen: HashMap<&str, Option<usize>> = HashMap::new();
                    for (name, item) in fields {
                        stack.push(item);
                        match seen.get(name.as_str()) {
                            Some(first) => out.push(Problem::new(
                                Phase::Sdl,
                                format!("There can be only one input field named \"{name}\"."),
                                [*first, start(name.location())],
                            )),
                            None => {
                                seen.insert(name.as_str(), start(name.location()));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// validateRootTypes: root operation types must be object types. Without a
    /// schema definition, the types named Query, Mutation and Subscription are
    /// the roots (graphql-js's buildASTSchema).
    pub(crate) fn root_types(&self, out: &mut Vec<Problem>) {
        let mut roots: Vec<(&str, String, Option<usize>)> = Vec::new();
        let mut has_schema = false;
        for d in &self.doc.definitions {
            let ops = match d {
                Ast::SchemaDefinition(s) => {
                    has_schema = true;
                    &s.root_operations
                }
                Ast::SchemaExtension(s) => &s.root_operations,
                _ => continue,
            };
            for op in ops {
                let kind = op.0.name();
                if !roots.iter().any(|(k, _, _)| *k == kind) {
                    roots.push((kind, op.1.to_string(), start(op.1.location())));
                }
            }
        }
        for (kind, default) in [("query", "Query"), ("mutation", "Mutation"), ("subscription", "Subscription")] {
            let ty = if has_schema {
                roots.iter().find(|(k, _, _)| *k == kind).map(|(_, t, at)| (t.clone(), *at))
            } else if self.kind_of(default).is_some() {
                Some((default.to_string(), None))
            } else {
                roots.iter().find(|(k, _, _)| *k == kind).map(|(_, t, at)| (t.clone(), *at))
            };
            let Some((ty, op_at)) = ty else { continue };
            let Some(kind_of) = self.kind_of(&ty) else { continue };
            if kind_of == "object" {
                continue;
            }
            let node = op_at.or_else(|| roots.iter().find(|(k, _, _)| *k == kind).and_then(|(_, _, at)| *at)).or_else(|| {
                self.doc
                    .definitions
                    .iter()
                    .find(|d| is_type_definition(d) && d.name().is_some_and(|n| n.as_str() == ty))
                    .and_then(|d| start(d.location()))
            });
            let message = match kind {
                "query" => format!("Query root type must be Object type, it cannot be {ty}."),
                "mutation" => format!("Mutation root type must be Object type if provided, it cannot be {ty}."),
                _ => format!("Subscription root type must be Object type if provided, it cannot be {ty}."),
            };
            out.push(Problem::new(Phase::Schema, message, [node]));
        }
    }

    /// `Required argument T.f(a:) cannot be deprecated.` and the like.
    pub(crate) fn deprecated_required(&self, out: &mut Vec<Problem>) {
        // graphql-js keeps no default that does not fit the type (record 0030): required then too.
        let lookup = |name: &str| self.named_type(name);
        let required_deprecated = |a: &ast::InputValueDefinition| {
            a.ty.is_non_null()
                && a.directives.iter().any(|d| d.name == "deprecated")
                && !a.default_value.as_ref().is_some_and(|v| fits(v, &a.ty, &lookup, 0, false))
        };
        for d in &self.doc.definitions {
            if let Ast::DirectiveDefinition(dd) = d {
                for a in dd.arguments.iter().filter(|a| required_deprecated(a)) {
                    out.push(Problem::new(
                        Phase::Schema,
                        format!("Required argument @{}({}:) cannot be deprecated.", dd.name, a.name),
                        [start(a.ty.location())],
                    ));
                }
                continue;
            }
            let Some(ty) = d.name() else { continue };
            for f in fields_of_node(d) {
                for a in f.arguments.iter().filter(|a| required_deprecated(a)) {
                    out.push(Problem::new(
                        Phase::Schema,
                        format!("Required argument {ty}.{}({}:) cannot be deprecated.", f.name, a.name),
                        [start(a.ty.location())],
                    ));
                }
            }
            for f in input_fields_of_node(d).iter().filter(|a| required_deprecated(a)) {
                out.push(Problem::new(
                    Phase::Schema,
                    format!("Required input field {ty}.{} cannot be deprecated.", f.name),
                    [start(f.ty.location())],
                ));
            }
        }
    }

    /// graphql-js's "includes required argument ... missing from the Interface field"
    /// for an extra non-null argument whose default does not fit its type (record
    /// 0030): required to graphql-js, not to apollo-compiler, which reports the rest.
    pub(crate) fn extra_arguments_with_unfit_defaults(&self, out: &mut Vec<Problem>) {
        let lookup = |name: &str| self.named_type(name);
        for d in &self.doc.definitions {
            if !matches!(d, Ast::ObjectTypeDefinition(_) | Ast::InterfaceTypeDefinition(_)) {
                continue;
            }
            let Some(ty) = d.name() else { continue };
            let nodes = self.type_nodes(ty.as_str());
            let mut seen: HashSet<&str> = HashSet::new();
            for iface in nodes.iter().flat_map(|n| implements_of_node(n)) {
                if !seen.insert(iface.as_str()) {
                    continue;
                }
                for iface_field in self.type_nodes(iface.as_str()).into_iter().flat_map(fields_of_node) {
                    let Some(field) = self.fields_named(ty.as_str(), iface_field.name.as_str()).into_iter().next() else {
                        continue;
                    };
                    for a in &field.arguments {
                        let extra = !iface_field.arguments.iter().any(|i| i.name == a.name);
                        let unfit = a.default_value.as_ref().is_some_and(|v| !fits(v, &a.ty, &lookup, 0, false));
                        if extra && a.ty.is_non_null() && unfit {
                            out.push(Problem::new(
                                Phase::Schema,
                                format!(
                                    "Object field {ty}.{} includes required argument {} that is missing from the Interface field {iface}.{}.",
                                    field.name, a.name, iface_field.name
                                ),
                                [start(a.location()), start(iface_field.location())],
                            ));
                        }
                    }
                }
            }
        }
    }

    /// A named type as sdl_defaults::fits sees it (the document's definitions and extensions first).
    pub(crate) fn named_type(&self, name: &str) -> NamedType<'a> {
        match self.kind_of(name) {
            Some("enum") => NamedType::Enum(
                self.all()
                    .filter(|d| d.name().is_some_and(|n| n == name))
                    .flat_map(values_of_node)
                    .map(|v| v.value.as_str())
                    .collect(),
            ),
            Some("input") => {
                let nodes: Vec<&'a Ast> = self.all().filter(|d| d.name().is_some_and(|n| n == name)).collect();
                let one_of = nodes.iter().any(|d| directives_of_node(d).is_some_and(|l| l.iter().any(|x| x.name == "oneOf")));
                NamedType::Input(nodes.into_iter().flat_map(input_fields_of_node).map(|f| &**f).collect(), one_of)
            }
            _ => NamedType::Other,
        }
    }

    /// validateOneOfInputObjectField: fields of a `@oneOf` input are nullable, without defaults.
    pub(crate) fn one_of(&self, out: &mut Vec<Problem>) {
        for d in &self.doc.definitions {
            let Ast::InputObjectTypeDefinition(def) = d else { continue };
            if !def.directives.iter().any(|x| x.name == "oneOf") {
                continue;
            }
            for node in self.type_nodes(def.name.as_str()) {
                for f in input_fields_of_node(node) {
                    if f.ty.is_non_null() {
                        out.push(Problem::new(
                            Phase::Schema,
                            format!("OneOf input field {}.{} must be nullable.", def.name, f.name),
                            [start(f.ty.location())],
                        ));
                    }
                    if f.default_value.is_some() {
                        out.push(Problem::new(
                            Phase::Schema,
                            format!("OneOf input field {}.{} cannot have a default value.", def.name, f.name),
                            [start(f.location())],
                        ));
                    }
                }
            }
        }
    }

    /// validateInputObjectCircularRefs: an input object that contains itself through non-null fields.
    pub(crate) fn input_cycles(&self, out: &mut Vec<Problem>) {
        let inputs: Vec<&str> = self
            .doc
            .definitions
            .iter()
            .filter_map(|d| match d {
                Ast::InputObjectTypeDefinition(i) => Some(i.name.as_str()),
                _ => None,
            })
            .collect();
        let mut fields: HashMap<&str, Vec<&Node<ast::InputValueDefinition>>> = HashMap::new();
        for name in &inputs {
            fields.insert(name, self.type_nodes(name).into_iter().flat_map(input_fields_of_node).collect());
        }
        let mut visited: HashSet<&str> = HashSet::new();
        let mut path: Vec<&Node<ast::InputValueDefinition>> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for name in &inputs {
            detect_cycle(name, &fields, &mut visited, &mut path, &mut index, out);
        }
    }
}

/// graphql-js's `detectCycleRecursive` from `name`, with an explicit stack instead of
/// recursion: a cycle of 800,000 input types must not overflow the stack (record 0042).
/// A frame is a type and the index of its next field; `path` holds the fields followed.
pub(crate) fn detect_cycle<'n>(
    name: &'n str,
    fields: &HashMap<&'n str, Vec<&'n Node<ast::InputValueDefinition>>>,
    visited: &mut HashSet<&'n str>,
    path: &mut Vec<&'n Node<ast::InputValueDefinition>>,
    index: &mut HashMap<&'n str, usize>,
    out: &mut Vec<Problem>,
) {
    if !visited.insert(name) {
        return;
    }
    index.insert(name, path.len());
    let mut frames: Vec<(&'n str, usize)> = vec![(name, 0)];
    while let Some(&mut (current, ref mut i)) = frames.last_mut() {
        let list = fields.get(current).map(Vec::as_slice).unwrap_or_default();
        let Some(&f) = list.get(*i) else {
            index.remove(current);
            frames.pop();
            if !frames.is_empty() {
                path.pop();
            }
            continue;
        };
        *i += 1;
        let ast::Type::NonNullNamed(target) = f.ty.as_ref() else { continue };
        let Some((&target, _)) = fields.get_key_value(target.as_str()) else { continue };
        path.push(f);
        match index.get(target) {
            None if visited.insert(target) => {
                index.insert(target, path.len());
                frames.push((target, 0));
                continue;
            }
            None => {}
            Some(&at) => {
                let cycle = path.get(at..).unwrap_or_default();
                let names: Vec<&str> = cycle.iter().map(|f| f.name.as_str()).collect();
                out.push(Problem::new(
                    Phase::Schema,
                    format!(
                        "Cannot reference Input Object \"{target}\" within itself through a series of non-null fields: \"{}\".",
                        names.join(".")
                    ),
                    cycle.iter().map(|f| start(f.location())),
                ));
            }
        }
        path.pop();
    }
}
