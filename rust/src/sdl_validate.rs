//! sdl_validate: stage 4 of sdl_read (record 0028), the validator: apollo-compiler's
//! diagnostics brought to what graphql-js reports (which problems, their locations and
//! messages). The checks apollo-compiler 1.x does not make are in sdl_own_rules.rs. The
//! twin of js/src/sdl-validate.ts, which asks graphql-js itself.

use foldhash::{HashMap, HashMapExt};

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::diagnostic::ToCliReport;
use apollo_compiler::parser::{FileId, SourceSpan};
use apollo_compiler::{Name, Node, Schema};

use crate::errors::codes;
use crate::sdl_names::{
    each_directive_list, fields_of_node, implements_of_node, input_fields_of_node, is_type_definition, is_type_extension,
    members_of_node, values_of_node, Place,
};
use crate::sdl_read::{field_type_start, start, Reader, Res};
use crate::sdl_added_definitions::added_definitions;
use crate::sdl_rules::sdl_rules_hold;
use crate::sdl_schema_rules::schema_rules_hold;
use crate::suggest::{did_you_mean, suggestion_list};
use crate::type_expr::is_builtin_scalar;

// ---------------------------------------------------------------------------
// Stage 4: validation
//
// apollo-compiler validates; its diagnostics are brought to what graphql-js
// (validateSDL, then validateSchema) reports, so that the error, chosen as in
// TypeScript (the earliest location among all locations of all problems of the
// first phase that has any), falls on the same line and column:
//
// - problems graphql-js does not have are dropped: value checks (argument and
//   default values against their types), a schema extension without a schema
//   definition, an implicit root operation given again by `extend schema`, the
//   same type for two root operations, directive definitions that refer to
//   themselves, apollo-compiler's nesting limits;
// - each kept problem gets the locations graphql-js gives it (often several:
//   `Interface field I.f expected but T does not provide it.` is at I.f, T and
//   T's extensions) and graphql-js's message where it can be rebuilt from the
//   diagnostic (apollo-compiler's own message otherwise);
// - the checks apollo-compiler 1.x does not make are made here: duplicate
//   fields in an object value, `@oneOf` inputs, deprecated required arguments
//   and input fields, root operation types that are not object types, input
//   objects that contain themselves through non-null fields.

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// graphql-js validateSDL.
    Sdl,
    /// graphql-js buildASTSchema, which throws on a value it cannot read (sdl_schema_rules.rs).
    Build,
    /// graphql-js validateSchema.
    Schema,
}

pub(crate) struct Problem {
    pub(crate) phase: Phase,
    pub(crate) message: String,
    pub(crate) offsets: Vec<usize>,
}

impl Problem {
    pub(crate) fn new(phase: Phase, message: impl Into<String>, offsets: impl IntoIterator<Item = Option<usize>>) -> Self {
        Problem { phase, message: message.into(), offsets: offsets.into_iter().flatten().collect() }
    }
}

/// apollo-compiler's build error for an `extend schema` it drops (graphql-js has no such rule).
pub(crate) fn is_orphan_schema_extension(message: &str) -> bool {
    message.starts_with("schema extension without a schema definition")
}

pub(crate) fn validate(reader: &Reader, doc: &ast::Document) -> Res<()> {
    let extra = added_definitions(doc);
    // Most documents provably meet every rule (sdl_rules.rs, sdl_schema_rules.rs, as
    // TypeScript's sdl-read proves them): apollo-compiler's schema is then neither built
    // nor validated (a third of SDL -> JSON at N = 5,000; issue #8).
    let all: Vec<&Ast> = doc.definitions.iter().chain(extra.iter().copied()).collect();
    if sdl_rules_hold(&all) && schema_rules_hold(&all) {
        return Ok(());
    }
    validate_all(reader, doc, extra)
}

/// apollo-compiler's validation and our own rules: the first problem graphql-js would
/// report, with its message and location. `extra`: `added_definitions(doc)`.
pub(crate) fn validate_all<'a>(reader: &Reader, doc: &'a ast::Document, extra: Vec<&'a Ast>) -> Res<()> {
    let v = Validation::new(reader.text, doc, extra);
    let mut problems = v.apollo_problems();
    problems.extend(v.own_problems());
    // graphql-js stops at the first phase that finds a problem.
    let phase = [Phase::Sdl, Phase::Build].into_iter().find(|ph| problems.iter().any(|p| p.phase == *ph)).unwrap_or(Phase::Schema);
    let mut best: Option<(&Problem, Option<usize>)> = None;
    for p in problems.iter().filter(|p| p.phase == phase) {
        if best.is_none() {
            best = Some((p, None));
        }
        for &o in &p.offsets {
            if best.is_none_or(|(_, b)| b.is_none_or(|b| o < b)) {
                best = Some((p, Some(o)));
            }
        }
    }
    match best {
        Some((p, offset)) => Err(reader.error(codes::GRAPHQL_INVALID, p.message.clone(), offset)),
        None => Ok(()),
    }
}

pub(crate) struct Validation<'a> {
    pub(crate) text: &'a str,
    pub(crate) doc: &'a ast::Document,
    pub(crate) main: Option<FileId>,
    /// The definitions added for validation (federation, `@oneOf`).
    pub(crate) extra: Vec<&'a Ast>,
    /// The document's type definitions and extensions by name, in document
    /// order: `type_nodes` was a scan of every definition, called per type and
    /// per interface field, which made validation quadratic in the size of the
    /// document (record 0028's stage 4; issue #8).
    pub(crate) by_name: HashMap<&'a str, Vec<&'a Ast>>,
}

/// The directives graphql-js 16 specifies, with their arguments.
pub(crate) const SPECIFIED_DIRECTIVE_ARGS: [(&str, &[&str]); 5] = [
    ("include", &["if"]),
    ("skip", &["if"]),
    ("deprecated", &["reason"]),
    ("specifiedBy", &["url"]),
    ("oneOf", &[]),
];

/// graphql-js's `standardTypeNames`: the specified scalars and the introspection types.
pub(crate) const STANDARD_TYPE_NAMES: [&str; 13] = [
    "String",
    "Int",
    "Float",
    "Boolean",
    "ID",
    "__Schema",
    "__Directive",
    "__DirectiveLocation",
    "__Type",
    "__Field",
    "__InputValue",
    "__EnumValue",
    "__TypeKind",
];

impl<'a> Validation<'a> {
    /// `extra`: `added_definitions(doc)`.
    pub(crate) fn new(text: &'a str, doc: &'a ast::Document, extra: Vec<&'a Ast>) -> Self {
        let main = doc.sources.keys().next().copied();
        let mut by_name: HashMap<&'a str, Vec<&'a Ast>> = HashMap::new();
        for d in &doc.definitions {
            if is_type_definition(d) || is_type_extension(d) {
                if let Some(n) = d.name() {
                    by_name.entry(n.as_str()).or_default().push(d);
                }
            }
        }
        Validation { text, doc, main, extra, by_name }
    }

    /// Every type-system definition and extension, the document's first.
    pub(crate) fn all(&self) -> impl Iterator<Item = &'a Ast> + '_ {
        self.doc.definitions.iter().chain(self.extra.iter().copied())
    }

    /// The document's definitions and extensions of type `name`.
    pub(crate) fn type_nodes(&self, name: &str) -> Vec<&'a Ast> {
        self.by_name.get(name).cloned().unwrap_or_default()
    }

    pub(crate) fn type_starts(&self, name: &str) -> Vec<Option<usize>> {
        self.type_nodes(name).iter().map(|d| start(d.location())).collect()
    }

    /// The kind of definition of a type, built-in scalars included.
    pub(crate) fn kind_of(&self, name: &str) -> Option<&'static str> {
        if is_builtin_scalar(name) {
            return Some("scalar");
        }
        self.all().find_map(|d| match d {
            Ast::ScalarTypeDefinition(s) if s.name == name => Some("scalar"),
            Ast::ObjectTypeDefinition(s) if s.name == name => Some("object"),
            Ast::InterfaceTypeDefinition(s) if s.name == name => Some("interface"),
            Ast::UnionTypeDefinition(s) if s.name == name => Some("union"),
            Ast::EnumTypeDefinition(s) if s.name == name => Some("enum"),
            Ast::InputObjectTypeDefinition(s) if s.name == name => Some("input"),
            _ => None,
        })
    }

    pub(crate) fn fields_named(&self, ty: &str, field: &str) -> Vec<&'a Node<ast::FieldDefinition>> {
        self.type_nodes(ty).into_iter().flat_map(fields_of_node).filter(|f| f.name == field).collect()
    }

    pub(crate) fn implements_named(&self, ty: &str, iface: &str) -> Vec<Option<usize>> {
        self.type_nodes(ty)
            .into_iter()
            .flat_map(implements_of_node)
            .filter(|i| i.as_str() == iface)
            .map(|i| start(i.location()))
            .collect()
    }

    pub(crate) fn in_main(&self, loc: Option<SourceSpan>) -> Option<usize> {
        let loc = loc?;
        (Some(loc.file_id()) == self.main).then(|| loc.offset())
    }

    // -----------------------------------------------------------------------
    // apollo-compiler's diagnostics, as graphql-js problems

    pub(crate) fn apollo_problems(&self) -> Vec<Problem> {
        let (mut schema, mut build_errors) = self.build_schema(false);
        // apollo-compiler drops an `extend schema` when there is neither a
        // schema definition nor an implicit root type (no `Query`), so the
        // directives on it would go unchecked; graphql-js checks them
        // (`Unknown directive "@l".`, record 0051). Build again with an empty
        // schema definition (no location: its own problems are none of
        // graphql-js's) for the extension to extend.
        if build_errors.iter().any(|(message, _)| is_orphan_schema_extension(message)) {
            (schema, build_errors) = self.build_schema(true);
        }
        let out = build_errors.iter().filter_map(|(message, at)| self.build_problem(message, *at)).collect();
        self.validation_problems(schema, out)
    }

    /// The document (and the added definitions) as an apollo-compiler schema,
    /// with the build errors (message, offset in the main file);
    /// `schema_definition` adds an empty `schema` definition without a location.
    pub(crate) fn build_schema(&self, schema_definition: bool) -> (Schema, Vec<(String, Option<usize>)>) {
        let mut builder = Schema::builder().add_ast(self.doc);
        let mut extra_doc = ast::Document::new();
        extra_doc.definitions = self.extra.iter().map(|d| (*d).clone()).collect();
        if schema_definition {
            extra_doc.definitions.push(Ast::SchemaDefinition(Node::new(ast::SchemaDefinition {
                description: None,
                directives: ast::DirectiveList(Vec::new()),
                root_operations: Vec::new(),
            })));
        }
        if !extra_doc.definitions.is_empty() {
            builder = builder.add_ast(&extra_doc);
        }
        match builder.build() {
            Ok(schema) => (schema, Vec::new()),
            Err(with_errors) => {
                let errors = with_errors
                    .errors
                    .iter()
                    .map(|d| (d.error.to_string(), self.in_main(d.error.location())))
                    .collect();
                (with_errors.partial, errors)
            }
        }
    }

    /// apollo-compiler's validation problems of a built schema, after `out` (the build problems).
    pub(crate) fn validation_problems(&self, schema: Schema, mut out: Vec<Problem>) -> Vec<Problem> {
        if let Err(with_errors) = schema.validate() {
            for d in with_errors.errors.iter() {
                let at = self.in_main(d.error.location());
                let message = d.error.to_string();
                let compat = d.error.unstable_compat_message();
                let problem = match d.error.unstable_error_name() {
                    Some(name) => self.validation_problem(name, &message, compat, at),
                    None => self.build_problem(&message, at),
                };
                out.extend(problem);
            }
        }
        out
    }

    /// A problem found while building the schema (apollo-compiler has no names for these).
    pub(crate) fn build_problem(&self, message: &str, at: Option<usize>) -> Option<Problem> {
        if is_orphan_schema_extension(message)
            || (message.starts_with("duplicate definitions for the `") && message.ends_with("root operation type"))
        {
            return None;
        }
        // PossibleTypeExtensionsRule: made in `type_extensions` (apollo-compiler
        // misses a wrong kind when the extension comes first).
        if message.starts_with("type extension for undefined type") || message.starts_with("adding ") {
            return None;
        }
        Some(Problem::new(Phase::Sdl, message, [at]))
    }

    pub(crate) fn validation_problem(&self, name: &str, message: &str, compat: Option<String>, at: Option<usize>) -> Option<Problem> {
        let t = ticks(message);
        let arg = |i: usize| t.get(i).copied().unwrap_or_default();
        let (sdl, schema) = (Phase::Sdl, Phase::Schema);
        let own = |phase: Phase, m: String, offsets: Vec<Option<usize>>| Some(Problem::new(phase, m, offsets));
        let compat_or = |m: &str| compat.clone().unwrap_or_else(|| m.to_string());
        match name {
            // graphql-js does not check values, nor these.
            "UnsupportedValueType" | "IntCoercionError" | "FloatCoercionError" | "UndefinedEnumValue"
            | "UndefinedInputValue" | "RequiredField" | "QueryRootOperationType" | "RootOperationObjectType"
            | "DuplicateRootOperationType" | "RecursiveDirectiveDefinition" | "RecursiveInputObjectDefinition"
            | "DeeplyNestedType" | "RecursionError" | "RecursionLimitError" => None,
            "UndefinedDefinition" => {
                let ty = arg(0);
                if self.kind_of(ty).is_some() {
                    // A type that exists but is no interface, in `implements`.
                    let owner = self.doc.definitions.iter().find(|d| {
                        implements_of_node(d).iter().any(|i| start(i.location()) == at)
                    });
                    let owner = owner.and_then(|d| d.name()).map(Name::as_str).unwrap_or_default();
                    return own(
                        schema,
                        format!("Type {owner} must only implement Interface types, it cannot implement {ty}."),
                        self.implements_named(owner, ty),
                    );
                }
                let mut known: Vec<&str> = STANDARD_TYPE_NAMES.to_vec();
                known.extend(self.all().filter(|d| is_type_definition(d)).filter_map(|d| d.name().map(Name::as_str)));
                own(sdl, format!("Unknown type \"{ty}\".{}", did_you_mean(&suggestion_list(ty, &known))), vec![at])
            }
            "UndefinedDirective" | "UnsupportedLocation" | "RequiredArgument" => {
                own(sdl, compat_or(message), vec![at])
            }
            "UndefinedArgument" => {
                let (arg_name, coordinate) = (arg(0), arg(1));
                let Some(directive) = coordinate.strip_prefix('@') else {
                    return own(sdl, compat_or(message), vec![at]);
                };
                let known = self.directive_arg_names(directive);
                let known: Vec<&str> = known.iter().map(String::as_str).collect();
                own(
                    sdl,
                    format!(
                        "Unknown argument \"{arg_name}\" on directive \"@{directive}\".{}",
                        did_you_mean(&suggestion_list(arg_name, &known))
                    ),
                    vec![at],
                )
            }
            "UniqueDirective" => own(sdl, compat_or(message), vec![self.first_same_directive(at).or(at)]),
            "UniqueArgument" => own(sdl, compat_or(message), vec![self.first_same_argument(at).or(at)]),
            "MissingInterfaceField" => {
                let (ty, iface, field) = (arg(0), arg(1), arg(2));
                let mut offsets: Vec<Option<usize>> =
                    self.fields_named(iface, field).first().map(|f| start(f.location())).into_iter().collect();
                offsets.extend(self.type_starts(ty));
                own(schema, format!("Interface field {iface}.{field} expected but {ty} does not provide it."), or_at(offsets, at))
            }
            "InvalidImplementationFieldType" => {
                let ((iface, field), expected, (ty, _), actual) = (split_dot(arg(0)), arg(1), split_dot(arg(2)), arg(3));
                let type_start = |owner: &str| {
                    self.fields_named(owner, field).first().and_then(|f| field_type_start(self.text, f))
                };
                own(
                    schema,
                    format!("Interface field {iface}.{field} expects type {expected} but {ty}.{field} is type {actual}."),
                    or_at(vec![type_start(iface), type_start(ty)], at),
                )
            }
            "MissingInterfaceFieldArgument" => {
                let ((iface, field), argument, (ty, _)) = (split_dot(arg(0)), arg(1), split_dot(arg(2)));
                let iface_arg = self.field_arg(iface, field, argument).and_then(|a| start(a.location()));
                let type_field = self.fields_named(ty, field).first().and_then(|f| start(f.location()));
                own(schema, compat_or(message), or_at(vec![iface_arg, type_field], at))
            }
            "InvalidImplementationFieldArgumentType" => {
                let ((iface, field), argument, expected, (ty, _), actual) =
                    (split_dot(arg(0)), arg(1), arg(2), split_dot(arg(3)), arg(4));
                let arg_type = |owner: &str| {
                    self.field_arg(owner, field, argument).and_then(|a| start(a.ty.location()))
                };
                own(
                    schema,
                    format!(
                        "Interface field argument {iface}.{field}({argument}:) expects type {expected} but {ty}.{field}({argument}:) is type {actual}."
                    ),
                    or_at(vec![arg_type(iface), arg_type(ty)], at),
                )
            }
            "ExtraRequiredImplementationFieldArgument" => {
                let ((ty, field), argument, (iface, _)) = (split_dot(arg(0)), arg(1), split_dot(arg(2)));
                let type_arg = self.field_arg(ty, field, argument).and_then(|a| start(a.location()));
                let iface_field = self.fields_named(iface, field).first().and_then(|f| start(f.location()));
                own(schema, compat_or(message), or_at(vec![type_arg, iface_field], at))
            }
            "TransitiveImplementedInterfaces" => {
                let (ty, via, missing) = (arg(0), arg(1), arg(2));
                let message = if missing == ty {
                    format!("Type {ty} cannot implement {via} because it would create a circular reference.")
                } else {
                    format!("Type {ty} must implement {missing} because it is implemented by {via}.")
                };
                let mut offsets = self.implements_named(via, missing);
                offsets.extend(self.implements_named(ty, via));
                if offsets.is_empty() {
                    offsets.push(at);
                }
                own(schema, message, offsets)
            }
            "RecursiveInterfaceDefinition" => {
                let iface = message.strip_prefix("interface ").and_then(|m| m.split(' ').next()).unwrap_or_default();
                let offsets = self.implements_named(iface, iface);
                if offsets.is_empty() {
                    return own(schema, message.to_string(), vec![at]);
                }
                own(
                    schema,
                    format!("Type {iface} cannot implement itself because it would create a circular reference."),
                    offsets,
                )
            }
            "OutputType" => {
                let found = self.doc.definitions.iter().find_map(|d| {
                    let f = fields_of_node(d).iter().find(|f| start(f.location()) == at)?;
                    Some((d.name()?.as_str(), f))
                });
                match found {
                    Some((ty, f)) => own(
                        schema,
                        format!("The type of {ty}.{} must be Output Type but got: {}.", f.name, f.ty),
                        vec![field_type_start(self.text, f).or(at)],
                    ),
                    None => own(schema, message.to_string(), vec![at]),
                }
            }
            "InputType" => match self.input_value_at(at) {
                // graphql-js reports a directive's argument at the argument, the others at their type.
                Some((coordinate, a)) => own(
                    schema,
                    format!("The type of {coordinate} must be Input Type but got: {}.", a.ty),
                    vec![if coordinate.starts_with('@') { start(a.location()) } else { start(a.ty.location()) }.or(at)],
                ),
                None => own(schema, message.to_string(), vec![at]),
            },
            "UnionMemberObjectType" => {
                let member = arg(0);
                let union = self.doc.definitions.iter().find(|d| {
                    members_of_node(d).iter().any(|m| start(m.location()) == at)
                });
                let union = union.and_then(|d| d.name()).map(Name::as_str).unwrap_or_default();
                let offsets: Vec<Option<usize>> = self
                    .type_nodes(union)
                    .into_iter()
                    .flat_map(members_of_node)
                    .filter(|m| m.as_str() == member)
                    .map(|m| start(m.location()))
                    .collect();
                own(
                    schema,
                    format!("Union type {union} can only include Object types, it cannot include {member}."),
                    if offsets.is_empty() { vec![at] } else { offsets },
                )
            }
            "EmptyFieldSet" | "EmptyValueSet" | "EmptyMemberSet" | "EmptyInputValueSet" => {
                let ty = arg(0);
                let message = match name {
                    "EmptyFieldSet" => format!("Type {ty} must define one or more fields."),
                    "EmptyValueSet" => format!("Enum type {ty} must define one or more values."),
                    "EmptyMemberSet" => format!("Union type {ty} must define one or more member types."),
                    _ => format!("Input Object type {ty} must define one or more fields."),
                };
                own(schema, message, or_at(self.type_starts(ty), at))
            }
            "ReservedName" => {
                let reserved = arg(0);
                own(
                    schema,
                    format!("Name \"{reserved}\" must not begin with \"__\", which is reserved by GraphQL introspection."),
                    vec![self.owner_of_name_at(at).or(at)],
                )
            }
            _ => own(schema, compat_or(message), vec![at]),
        }
    }

    /// The arguments graphql-js would suggest for an unknown argument of `@directive`.
    pub(crate) fn directive_arg_names(&self, directive: &str) -> Vec<String> {
        let defined = self.all().find_map(|d| match d {
            Ast::DirectiveDefinition(dd) if dd.name == directive => {
                Some(dd.arguments.iter().map(|a| a.name.to_string()).collect())
            }
            _ => None,
        });
        defined.unwrap_or_else(|| {
            SPECIFIED_DIRECTIVE_ARGS
                .iter()
                .find(|(n, _)| *n == directive)
                .map(|(_, args)| args.iter().map(|a| a.to_string()).collect())
                .unwrap_or_default()
        })
    }

    pub(crate) fn field_arg(&self, ty: &str, field: &str, argument: &str) -> Option<&'a Node<ast::InputValueDefinition>> {
        self.fields_named(ty, field).into_iter().flat_map(|f| f.arguments.iter()).find(|a| a.name == argument)
    }

    /// The input value definition (argument or input field) that starts at `at`,
    /// with graphql-js's coordinate for it (`T.f(a:)`, `@d(a:)`, `I.f`).
    pub(crate) fn input_value_at(&self, at: Option<usize>) -> Option<(String, &'a Node<ast::InputValueDefinition>)> {
        let at = at?;
        for d in &self.doc.definitions {
            if let Ast::DirectiveDefinition(dd) = d {
                if let Some(a) = dd.arguments.iter().find(|a| start(a.location()) == Some(at)) {
                    return Some((format!("@{}({}:)", dd.name, a.name), a));
                }
                continue;
            }
            let Some(ty) = d.name() else { continue };
            for f in fields_of_node(d) {
                if let Some(a) = f.arguments.iter().find(|a| start(a.location()) == Some(at)) {
                    return Some((format!("{ty}.{}({}:)", f.name, a.name), a));
                }
            }
            if let Some(f) = input_fields_of_node(d).iter().find(|f| start(f.location()) == Some(at)) {
                return Some((format!("{ty}.{}", f.name), f));
            }
        }
        None
    }

    /// The start of the definition whose name is at `at` (graphql-js reports `astNode`).
    pub(crate) fn owner_of_name_at(&self, at: Option<usize>) -> Option<usize> {
        let at = at?;
        let named = |name: &Name| start(name.location()) == Some(at);
        for d in &self.doc.definitions {
            if let Some(n) = d.name() {
                if named(n) && !is_type_extension(d) {
                    return start(d.location());
                }
            }
            let args_of = |args: &[Node<ast::InputValueDefinition>]| {
                args.iter().find(|a| named(&a.name)).and_then(|a| start(a.location()))
            };
            if let Ast::DirectiveDefinition(dd) = d {
                if let Some(o) = args_of(&dd.arguments) {
                    return Some(o);
                }
            }
            for f in fields_of_node(d) {
                if named(&f.name) {
                    return start(f.location());
                }
                if let Some(o) = args_of(&f.arguments) {
                    return Some(o);
                }
            }
            if let Some(o) = args_of(input_fields_of_node(d)) {
                return Some(o);
            }
            if let Some(v) = values_of_node(d).iter().find(|v| named(&v.value)) {
                return start(v.location());
            }
        }
        None
    }

    /// For a repeated directive at `at`: the first application of the same
    /// directive at the same place (a type's definition and extensions are
    /// one place, as are the schema definition and its extensions).
    pub(crate) fn first_same_directive(&self, at: Option<usize>) -> Option<usize> {
        let at = at?;
        let mut lists: Vec<(Place, &ast::DirectiveList)> = Vec::new();
        each_directive_list(self.doc, &mut |key, list| lists.push((key, list)));
        let (key, name) = lists.iter().find_map(|(key, list)| {
            let d = list.iter().find(|d| start(d.location()) == Some(at))?;
            Some((*key, d.name.clone()))
        })?;
        lists
            .iter()
            .filter(|(k, _)| *k == key)
            .flat_map(|(_, list)| list.iter())
            .filter(|d| d.name == name)
            .filter_map(|d| start(d.location()))
            .min()
    }

    /// For a repeated argument at `at`: the first argument of that name of the same directive.
    pub(crate) fn first_same_argument(&self, at: Option<usize>) -> Option<usize> {
        let at = at?;
        let mut found = None;
        each_directive_list(self.doc, &mut |_, list| {
            for d in list.iter() {
                if let Some(a) = d.arguments.iter().find(|a| start(a.location()) == Some(at)) {
                    found = d.arguments.iter().find(|b| b.name == a.name).and_then(|b| start(b.name.location()));
                }
            }
        });
        found
    }

}

/// The locations graphql-js gives a problem, or apollo-compiler's when none is found.
pub(crate) fn or_at(offsets: Vec<Option<usize>>, at: Option<usize>) -> Vec<Option<usize>> {
    if offsets.iter().any(Option::is_some) {
        offsets
    } else {
        vec![at]
    }
}

/// The names between backticks in an apollo-compiler message.
pub(crate) fn ticks(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// `Type.field` -> (`Type`, `field`).
pub(crate) fn split_dot(s: &str) -> (&str, &str) {
    s.split_once('.').unwrap_or((s, ""))
}
