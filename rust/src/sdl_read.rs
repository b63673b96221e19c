//! sdl_read: GraphQL SDL text -> the IR `Document`, in the canonical form of
//! record 0028 (graphql-to-json direction). The twin of js/src/sdl-read.ts.
//!
//! Stages, in the order their errors win:
//!   1. parse: GRAPHQL_SYNTAX. Most documents are read by sdl_fast_parse,
//!      without locations (record 0062); the others, and any document with a
//!      problem (for its position), as follows: `sdl_syntax` first finds
//!      graphql-js's first syntax error (message and position as in
//!      TypeScript), then apollo-compiler's parser builds the AST (graphql-js
//!      `parse` in TypeScript), from the text with its commas blanked
//!      (`sdl_lexer::commas_blanked`);
//!   2. executable definitions (operations, fragments): GRAPHQL_INVALID;
//!   3. our own checks (sdl_names.rs), one walk in document order: names defined
//!      twice (types, directives, fields, arguments, input fields, enum values,
//!      union members, interfaces, schema definitions, operation types),
//!      redefined built-in scalars, a non-scalar `JSON`: GRAPHQL_INVALID at the
//!      second definition;
//!   4. the validator, unless sdl_rules.rs and sdl_schema_rules.rs prove there is
//!      nothing to find (record 0063; stage 3 has its own proof, `names_hold`)
//!      (sdl_validate.rs and sdl_own_rules.rs: apollo-compiler's
//!      schema validation here, graphql-js `validateSDL` then `validateSchema` in
//!      TypeScript): GRAPHQL_INVALID at the earliest location of the problems
//!      graphql-js would report; sdl_validate.rs says how apollo-compiler's
//!      diagnostics are brought to the graphql-js rules (which problems exist,
//!      their locations, their messages);
//!      the federation definitions are added for validation only when the
//!      document applies federation directives (or `@link`) it does not define;
//!      then (sdl_values.rs, never skipped) default values and applied directive
//!      argument values that do not coerce to their types: GRAPHQL_INVALID at
//!      the first such value (records 0030, 0065);
//!   5. building the IR: extensions merged into their type, literals to JSON
//!      (a number beyond the double range, or nesting deeper than 128 levels,
//!      is GRAPHQL_INVALID), directives in canonical order (record 0076),
//!      interfaces hoisted;
//!   6. a document that applies federation's `@key`, `@requires`, `@provides`,
//!      `@external` or `@shareable`: the forward direction's subgraph rules
//!      (sdl_subgraph.rs, record 0077), its first problem with its own code
//!      (FIELD_SET, ...) at the SDL directive it names.
//!
//! Before stage 3, a document that links federation reads its orphan
//! `extend type` / `extend interface` / `extend input` as the type's definition
//! (sdl_orphans.rs, record 0076).
//!
//! The mapping itself reads only what any SDL parser gives (names,
//! descriptions, values, locations), the same as the TypeScript reads from
//! graphql-js's AST. Locations are byte offsets here; `load::position_at`
//! turns them into the line and column (in code points) TypeScript reports.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

use foldhash::{HashMap, HashMapExt};

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::diagnostic::ToCliReport;
use apollo_compiler::parser::{Parser, SourceSpan};
use apollo_compiler::{Name, Node};
use crate::json::{Map, Number, Str, Value};

use crate::canonical::canonical_directive_order;
use crate::federation::{federation_print_names, links_federation_in};
use crate::stack::with_converter_stack;
use crate::errors::{codes, ErrorCode, ConversionError, Location};
use crate::hoist::hoist_interfaces_only;
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, EnumValueDef, FieldDef, InputValueDef,
    ObjectKind, ObjectTypeDef, ScalarTypeDef, SchemaDef, UnionTypeDef, OPERATION_KINDS,
};
use crate::load::position_at;
use crate::print::{print_document, ENUM_LITERAL_KEY};
use crate::sdl_fast_parse::fast_parse_sdl;
use crate::sdl_lexer::commas_blanked;
use crate::sdl_names::{check_names, is_type_definition};
use crate::sdl_orphans::{adopt_orphan_extensions, needs_one_of_definition, one_of_definition};
use crate::sdl_subgraph::{applies_subgraph_directives, place_on_sdl, subgraph_problem, subgraph_problems};
use crate::sdl_syntax::check_syntax;
use crate::sdl_validate::validate;
use crate::sdl_values::check_values;

/// Literal values and list types may nest this deep (record 0028).
pub const MAX_SDL_NESTING: usize = 128;

/// apollo-parser's recursion limit. graphql-js has none of its own: it parses
/// until the JavaScript stack runs out (about 1,000 to 2,500 levels of literal
/// nesting, 9,000 of list types, depending on the engine), and TypeScript
/// reports that as GRAPHQL_SYNTAX without a position, as we do past this limit.
pub const PARSER_RECURSION_LIMIT: usize = 2_000;

/// graphql-js 16 knows `@oneOf` (INPUT_OBJECT); apollo-compiler 1.x does not.
pub(crate) const ONE_OF_DEFINITION: &str = "directive @oneOf on INPUT_OBJECT\n";

pub(crate) type Res<T> = Result<T, ConversionError>;

/// The canonical form of an SDL document (record 0028), printed: what SDL -> JSON -> SDL gives back.
pub fn canonical_sdl(text: &str, description_block_threshold: f64) -> Res<String> {
    Ok(print_document(&read_sdl(text, None)?, description_block_threshold))
}

/// Parses, validates and reads an SDL document into the IR, in canonical
/// form, with a large stack (see `with_large_stack`).
pub fn read_sdl(input: &str, file: Option<&str>) -> Res<Document> {
    with_large_stack(|| read_sdl_here(input, file))
}

/// Runs `f` with the converter's large stack (stack.rs): apollo-compiler
/// recurses over nested literals and types (up to `PARSER_RECURSION_LIMIT`
/// levels), in its parser, its validator and when it drops the AST. A panic,
/// which would be a bug, becomes an error.
pub fn with_large_stack<T: Send>(f: impl FnOnce() -> Res<T> + Send) -> Res<T> {
    with_converter_stack(f)
}

/// `read_sdl` on the calling thread.
pub fn read_sdl_here(input: &str, file: Option<&str>) -> Res<Document> {
    read_sdl_reporting(input, file, false).map_err(|mut errors| errors.swap_remove(0))
}

/// `read_sdl` for `validate graphql`: a document that breaks the subgraph rules
/// (stage 6) gives every such problem (record 0077); any other problem alone.
pub fn read_sdl_every_subgraph_problem(input: &str, file: Option<&str>) -> Result<Document, Vec<ConversionError>> {
    with_large_stack(|| Ok(read_sdl_reporting(input, file, true))).unwrap_or_else(|e| Err(vec![e]))
}

/// `read_sdl_here`; with `every`, stage 6 reports every problem. The errors are never empty.
fn read_sdl_reporting(input: &str, file: Option<&str>, every: bool) -> Result<Document, Vec<ConversionError>> {
    // One leading BOM is skipped; it is not a column (as for JSON input).
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    let reader = Reader { text, file: file.map(str::to_string) };
    // sdl_fast_parse reads most documents, without locations. The nodes' locations are
    // read only to report a problem, so a document with a problem is read again through
    // the full parse (sdl_syntax, then apollo-compiler), for the problem's position:
    // the stages below decide whether there is a problem without them. As TypeScript
    // does with graphql-js (sdl-read.ts).
    let fast = fast_parse_sdl(text).and_then(|doc| read_parsed(&reader, &doc).ok());
    let document = match fast {
        Some(document) => document,
        None => reader.parse().and_then(|doc| read_parsed(&reader, &doc)).map_err(|e| vec![e])?,
    };
    // Stage 6: the subgraph rules of the forward direction (sdl_subgraph.rs, record 0077).
    if applies_subgraph_directives(&document) {
        if let Some(problem) = subgraph_problem(&document) {
            let doc = reader.parse().map_err(|e| vec![e])?;
            let adopted = adopt_orphan_extensions(&doc);
            let ast = adopted.as_ref().map_or(&doc, |(d, _)| d);
            let first = place_on_sdl(&reader, ast, problem);
            if !every {
                return Err(vec![first]);
            }
            let mut all = subgraph_problems(&reader, &document, ast);
            if !all.iter().any(|e| e.code == first.code && e.line == first.line && e.column == first.column) {
                all.insert(0, first);
            }
            return Err(all);
        }
    }
    Ok(document)
}

/// The stages after parsing (2 to 5 of the header).
fn read_parsed(reader: &Reader, parsed: &ast::Document) -> Res<Document> {
    for def in &parsed.definitions {
        if matches!(def, Ast::OperationDefinition(_) | Ast::FragmentDefinition(_)) {
            return Err(executable_definition(reader, start(def.location())));
        }
    }
    // A subgraph's orphan `extend type` is its type's definition (record 0076).
    let adopted = adopt_orphan_extensions(parsed);
    let (doc, names) = match &adopted {
        Some((doc, names)) => (doc, Some(names)),
        None => (parsed, None),
    };
    check_names(reader, doc)?;
    validate(reader, doc)?;
    check_values(reader, doc)?;
    require_definition(reader, doc)?;
    let mut out = reader.build(doc)?;
    if let Some(names) = names {
        mark_extensions(&mut out, names);
    }
    Ok(out)
}

/// The types an orphan extension defines (sdl_orphans.rs), marked `extension`.
fn mark_extensions(doc: &mut Document, names: &foldhash::HashSet<String>) {
    for def in &mut doc.definitions {
        let (name, extension) = match def {
            Definition::Object(o) => (&o.name, &mut o.extension),
            Definition::Union(u) => (&u.def.name, &mut u.def.extension),
            Definition::Enum(e) => (&e.def.name, &mut e.def.extension),
            Definition::Scalar(_) | Definition::Directive(_) => continue,
        };
        if names.contains(name.as_str()) {
            *extension = true;
        }
    }
}

/// A valid document with no type and no directive definition holds only
/// `extend schema` (a schema definition needs a query type). Nothing of it
/// converts back: the JSON Schema would hold the extension alone, which the
/// forward direction does not print (NO_TYPES, record 0024), and the extension
/// alone is not valid to apollo-compiler. Refused at 1:1 (record 0051).
pub(crate) fn require_definition(reader: &Reader, doc: &ast::Document) -> Res<()> {
    let defines = doc.definitions.iter().any(|d| is_type_definition(d) || matches!(d, Ast::DirectiveDefinition(_)));
    if defines {
        return Ok(());
    }
    Err(reader.error(codes::GRAPHQL_INVALID, NO_DEFINITION_MESSAGE, Some(0)))
}

pub(crate) const NO_DEFINITION_MESSAGE: &str =
    "the document defines no types or directives (only the schema); there is nothing to convert";


pub(crate) fn executable_definition(reader: &Reader, offset: Option<usize>) -> ConversionError {
    reader.error(
        codes::GRAPHQL_INVALID,
        "an executable definition (operation or fragment) is not part of a type-system document",
        offset,
    )
}

pub(crate) fn start(loc: Option<SourceSpan>) -> Option<usize> {
    loc.map(|l| l.offset())
}

// ---------------------------------------------------------------------------
// Errors and positions

pub(crate) struct Reader<'t> {
    pub(crate) text: &'t str,
    pub(crate) file: Option<String>,
}

impl Reader<'_> {
    /// An error at a byte offset of the text (line and column count code points).
    pub(crate) fn error(&self, code: ErrorCode, message: impl Into<String>, offset: Option<usize>) -> ConversionError {
        let (line, column) = match offset {
            Some(o) => {
                let (l, c) = position_at(self.text, o);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        ConversionError::at(code, message, Location { file: self.file.clone(), pointer: None, line, column })
    }

    pub(crate) fn where_(&self, offset: Option<usize>) -> String {
        let (line, column) = position_at(self.text, offset.unwrap_or(0));
        format!("line {line}, column {column}")
    }

    // -----------------------------------------------------------------------
    // Stage 1: parse

    pub(crate) fn parse(&self) -> Res<ast::Document> {
        // graphql-js's first syntax error, with its message and position.
        match check_syntax(self.text, PARSER_RECURSION_LIMIT) {
            Err(e) => return Err(self.error(codes::GRAPHQL_SYNTAX, e.message, e.offset)),
            // Stage 2 already: an executable definition.
            Ok(Some(offset)) => return Err(executable_definition(self, Some(offset))),
            Ok(None) => {}
        }
        let path = self.file.as_deref().unwrap_or("input.graphql");
        let text = commas_blanked(self.text);
        match Parser::new().recursion_limit(PARSER_RECURSION_LIMIT).parse_ast(text.as_ref(), path) {
            Ok(doc) => Ok(doc),
            Err(with_errors) => {
                // The diagnostics are sorted by position: the first is graphql-js's first.
                let Some(first) = with_errors.errors.iter().next() else {
                    return Err(self.error(codes::GRAPHQL_SYNTAX, "the document cannot be parsed", None));
                };
                let message = first.error.to_string();
                if message.contains("limit reached") {
                    return Err(self.error(codes::GRAPHQL_SYNTAX, "the document nests too deeply to be parsed", None));
                }
                Err(self.error(codes::GRAPHQL_SYNTAX, syntax_message(&message), start(first.error.location())))
            }
        }
    }

    // -----------------------------------------------------------------------
    // Stage 5: building the IR

    pub(crate) fn build(&self, doc: &ast::Document) -> Res<Document> {
        let mut directive_defs: Vec<Definition> = Vec::new();
        // Sized once: see `map_exact`.
        let mut types: Vec<Definition> = Vec::with_capacity(doc.definitions.len());
        // Keyed by the AST's names, which outlive this: no string made per type.
        let mut by_name: HashMap<&str, usize> = HashMap::with_capacity(doc.definitions.len());
        let mut extensions: Vec<&Ast> = Vec::new();
        let mut schema: Option<SchemaDef> = None;
        let mut schema_extension: Option<SchemaDef> = None;
        for def in &doc.definitions {
            match def {
                Ast::DirectiveDefinition(d) => directive_defs.push(Definition::directive(DirectiveDef {
                    name: d.name.to_string(),
                    description: description(&d.description),
                    args: self.input_values(&d.arguments)?,
                    repeatable: d.repeatable,
                    locations: d.locations.iter().map(|l| l.name().to_string()).collect(),
                })),
                Ast::SchemaDefinition(d) => {
                    schema = Some(SchemaDef {
                        description: description(&d.description),
                        directives: self.directives(&d.directives)?,
                        operations: operations(&d.root_operations, Vec::new()),
                    });
                }
                Ast::SchemaExtension(d) => {
                    let mut ext = schema_extension.take().unwrap_or(SchemaDef {
                        description: None,
                        directives: Vec::new(),
                        operations: Vec::new(),
                    });
                    ext.directives.extend(self.directives(&d.directives)?);
                    ext.operations = operations(&d.root_operations, std::mem::take(&mut ext.operations));
                    schema_extension = Some(ext);
                }
                Ast::ScalarTypeDefinition(_)
                | Ast::ObjectTypeDefinition(_)
                | Ast::InterfaceTypeDefinition(_)
                | Ast::UnionTypeDefinition(_)
                | Ast::EnumTypeDefinition(_)
                | Ast::InputObjectTypeDefinition(_) => {
                    if let (Some(draft), Some(name)) = (self.type_draft(def)?, def.name()) {
                        by_name.insert(name.as_str(), types.len());
                        types.push(draft);
                    }
                }
                Ast::ScalarTypeExtension(_)
                | Ast::ObjectTypeExtension(_)
                | Ast::InterfaceTypeExtension(_)
                | Ast::UnionTypeExtension(_)
                | Ast::EnumTypeExtension(_)
                | Ast::InputObjectTypeExtension(_) => extensions.push(def),
                Ast::OperationDefinition(_) | Ast::FragmentDefinition(_) => {}
            }
        }
        // Extensions are merged in document order, wherever they stand.
        for ext in extensions {
            let Some(name) = ext.name() else { continue };
            if let Some(&i) = by_name.get(name.as_str()) {
                if let Some(target) = types.get_mut(i) {
                    self.extend(target, ext)?;
                }
            }
        }
        // Record 0075: federation directives under the names the @link gives them are read as federation's.
        if let Some(names) = schema_extension.as_ref().and_then(|ext| federation_print_names(&ext.directives)) {
            let back: Vec<(String, String)> = names.into_iter().map(|(name, printed)| (printed, name)).collect();
            read_federation_names(&back, &mut directive_defs, &mut types, [schema.as_mut(), schema_extension.as_mut()]);
        }
        // Record 0075: the later federation directives move to their attributes' places only under a federation @link.
        let linked = schema_extension.as_ref().is_some_and(|ext| links_federation_in(&ext.directives));
        for def in &mut types {
            canonical_directive_order(def, linked);
        }
        let order: Vec<usize> = (0..types.len()).collect();
        let hoisted = hoist_interfaces_only(&order, |i| match types.get(i) {
            Some(Definition::Object(d)) if d.kind != ObjectKind::Input => {
                d.interfaces.iter().filter_map(|n| by_name.get(n.as_str()).copied()).collect()
            }
            _ => Vec::new(),
        });
        let mut slots: Vec<Option<Definition>> = types.into_iter().map(Some).collect();
        if needs_one_of_definition(schema_extension.as_ref(), &directive_defs, &slots) {
            directive_defs.push(one_of_definition());
        }
        let mut definitions = directive_defs;
        definitions.reserve_exact(hoisted.len());
        for i in hoisted {
            if let Some(def) = slots.get_mut(i).and_then(Option::take) {
                definitions.push(def);
            }
        }
        Ok(Document { link: None, schema_extension, schema, definitions })
    }

    pub(crate) fn type_draft(&self, def: &Ast) -> Res<Option<Definition>> {
        Ok(Some(match def {
            Ast::ScalarTypeDefinition(d) => Definition::scalar(ScalarTypeDef {
                name: Str::new(d.name.as_str()),
                description: str_description(&d.description),
                directives: self.directives(&d.directives)?,
            }),
            Ast::ObjectTypeDefinition(d) => Definition::Object(ObjectTypeDef {
                kind: ObjectKind::Object,
                name: Str::new(d.name.as_str()),
                description: str_description(&d.description),
                interfaces: names(&d.implements_interfaces),
                directives: self.directives(&d.directives)?,
                fields: self.fields(&d.fields)?,
                extension: false,
            }),
            Ast::InterfaceTypeDefinition(d) => Definition::Object(ObjectTypeDef {
                kind: ObjectKind::Interface,
                name: Str::new(d.name.as_str()),
                description: str_description(&d.description),
                interfaces: names(&d.implements_interfaces),
                directives: self.directives(&d.directives)?,
                fields: self.fields(&d.fields)?,
                extension: false,
            }),
            Ast::InputObjectTypeDefinition(d) => Definition::Object(ObjectTypeDef {
                kind: ObjectKind::Input,
                name: Str::new(d.name.as_str()),
                description: str_description(&d.description),
                interfaces: Vec::new(),
                directives: self.directives(&d.directives)?,
                fields: self.input_fields(&d.fields)?,
                extension: false,
            }),
            Ast::UnionTypeDefinition(d) => Definition::union(UnionTypeDef {
                name: Str::new(d.name.as_str()),
                description: str_description(&d.description),
                directives: self.directives(&d.directives)?,
                members: names(&d.members),
                extension: false,
            }),
            Ast::EnumTypeDefinition(d) => Definition::enumeration(EnumTypeDef {
                name: Str::new(d.name.as_str()),
                description: str_description(&d.description),
                directives: self.directives(&d.directives)?,
                values: self.enum_values(&d.values)?,
                extension: false,
            }),
            _ => return Ok(None),
        }))
    }

    pub(crate) fn extend(&self, target: &mut Definition, ext: &Ast) -> Res<()> {
        match (target, ext) {
            (Definition::Object(def), Ast::ObjectTypeExtension(e)) if def.kind != ObjectKind::Input => {
                def.directives.extend(self.directives(&e.directives)?);
                def.interfaces.extend(names(&e.implements_interfaces));
                def.fields.extend(self.fields(&e.fields)?);
            }
            (Definition::Object(def), Ast::InterfaceTypeExtension(e)) if def.kind != ObjectKind::Input => {
                def.directives.extend(self.directives(&e.directives)?);
                def.interfaces.extend(names(&e.implements_interfaces));
                def.fields.extend(self.fields(&e.fields)?);
            }
            (Definition::Object(def), Ast::InputObjectTypeExtension(e)) if def.kind == ObjectKind::Input => {
                def.directives.extend(self.directives(&e.directives)?);
                def.fields.extend(self.input_fields(&e.fields)?);
            }
            (Definition::Union(def), Ast::UnionTypeExtension(e)) => {
                def.def.directives.extend(self.directives(&e.directives)?);
                def.def.members.extend(names(&e.members));
            }
            (Definition::Enum(def), Ast::EnumTypeExtension(e)) => {
                def.def.directives.extend(self.directives(&e.directives)?);
                def.def.values.extend(self.enum_values(&e.values)?);
            }
            (target, ext) => {
                // Directives are appended whatever the kinds (the validator
                // rejects a mismatch before this stage).
                let list = match ext {
                    Ast::ScalarTypeExtension(e) => &e.directives,
                    Ast::ObjectTypeExtension(e) => &e.directives,
                    Ast::InterfaceTypeExtension(e) => &e.directives,
                    Ast::UnionTypeExtension(e) => &e.directives,
                    Ast::EnumTypeExtension(e) => &e.directives,
                    Ast::InputObjectTypeExtension(e) => &e.directives,
                    _ => return Ok(()),
                };
                let more = self.directives(list)?;
                match target {
                    Definition::Object(d) => d.directives.extend(more),
                    Definition::Union(d) => d.def.directives.extend(more),
                    Definition::Enum(d) => d.def.directives.extend(more),
                    Definition::Scalar(d) => d.def.directives.extend(more),
                    Definition::Directive(_) => {}
                }
            }
        }
        Ok(())
    }

    pub(crate) fn fields(&self, nodes: &[Node<ast::FieldDefinition>]) -> Res<Vec<FieldDef>> {
        map_exact(nodes, |f| {
            Ok(FieldDef {
                name: Str::new(f.name.as_str()),
                description: str_description(&f.description),
                args: self.input_values(&f.arguments)?,
                type_: self.type_text(&f.ty, || field_type_start(self.text, f))?,
                default_value: None,
                directives: self.directives(&f.directives)?,
            })
        })
    }

    pub(crate) fn input_fields(&self, nodes: &[Node<ast::InputValueDefinition>]) -> Res<Vec<FieldDef>> {
        map_exact(nodes, |f| {
            Ok(FieldDef {
                name: Str::new(f.name.as_str()),
                description: str_description(&f.description),
                args: Vec::new(),
                type_: self.type_text(&f.ty, || start(f.ty.location()))?,
                default_value: f.default_value.as_ref().map(|v| self.value(v, 0)).transpose()?,
                directives: self.directives(&f.directives)?,
            })
        })
    }

    pub(crate) fn input_values(&self, nodes: &[Node<ast::InputValueDefinition>]) -> Res<Vec<InputValueDef>> {
        map_exact(nodes, |a| {
            Ok(InputValueDef {
                name: Str::new(a.name.as_str()),
                description: str_description(&a.description),
                type_: self.type_text(&a.ty, || start(a.ty.location()))?,
                default_value: a.default_value.as_ref().map(|v| self.value(v, 0)).transpose()?,
                directives: self.directives(&a.directives)?,
            })
        })
    }

    pub(crate) fn enum_values(&self, nodes: &[Node<ast::EnumValueDefinition>]) -> Res<Vec<EnumValueDef>> {
        map_exact(nodes, |v| {
            Ok(EnumValueDef {
                name: Str::new(v.value.as_str()),
                description: str_description(&v.description),
                directives: self.directives(&v.directives)?,
            })
        })
    }

    pub(crate) fn directives(&self, list: &ast::DirectiveList) -> Res<Vec<AppliedDirective>> {
        map_exact(list, |d| {
            let args = map_exact(&d.arguments, |a| Ok((a.name.to_string(), self.value(&a.value, 0)?)))?;
            Ok(AppliedDirective { name: d.name.to_string(), args })
        })
    }

    /// `[Name!]!` as written, without spaces. `at` gives the type's position for the error.
    pub(crate) fn type_text(&self, ty: &ast::Type, at: impl Fn() -> Option<usize>) -> Res<Str> {
        let mut depth = 0;
        let mut prefix = String::new();
        let mut suffix = String::new();
        let mut t = ty;
        loop {
            let inner = match t {
                // Pushed, not `format!`ed: one of these per field and argument, built
                // inline (nearly every type expression is under 24 bytes; json.rs `Str`).
                ast::Type::Named(n) | ast::Type::NonNullNamed(n) => {
                    let mut out = smol_str::SmolStrBuilder::new();
                    out.push_str(&prefix);
                    out.push_str(n.as_str());
                    if matches!(t, ast::Type::NonNullNamed(_)) {
                        out.push('!');
                    }
                    out.push_str(&suffix);
                    return Ok(out.finish());
                }
                ast::Type::List(inner) => {
                    suffix.insert(0, ']');
                    inner
                }
                ast::Type::NonNullList(inner) => {
                    suffix.insert_str(0, "]!");
                    inner
                }
            };
            depth += 1;
            if depth > MAX_SDL_NESTING {
                return Err(self.error(
                    codes::GRAPHQL_INVALID,
                    format!("a type nests lists more than {MAX_SDL_NESTING} levels deep"),
                    at(),
                ));
            }
            prefix.push('[');
            t = inner;
        }
    }

    /// A GraphQL literal as JSON (record 0028): an enum value is `{"x-graphql-enum": "V"}`.
    pub(crate) fn value(&self, node: &Node<ast::Value>, depth: usize) -> Res<Value> {
        let at = || start(node.location());
        Ok(match node.as_ref() {
            ast::Value::Int(i) => self.number(i.as_str(), at())?,
            ast::Value::Float(f) => self.number(f.as_str(), at())?,
            ast::Value::String(s) => Value::String(s.into()),
            ast::Value::Boolean(b) => Value::Bool(*b),
            ast::Value::Null => Value::Null,
            ast::Value::Enum(name) => enum_value(name.as_str()),
            ast::Value::List(items) => {
                self.check_depth(depth, at())?;
                Value::Array(items.iter().map(|v| self.value(v, depth + 1)).collect::<Res<Vec<_>>>()?.into())
            }
            ast::Value::Object(fields) => {
                self.check_depth(depth, at())?;
                let mut out = Map::new();
                for (name, v) in fields {
                    out.insert(name.to_string(), self.value(v, depth + 1)?);
                }
                Value::Object(out)
            }
            ast::Value::Variable(name) => {
                return Err(self.error(
                    codes::GRAPHQL_SYNTAX,
                    format!("Unexpected variable \"${name}\" in constant value."),
                    at(),
                ))
            }
        })
    }

    /// A number literal: the IEEE double nearest to its text (ECMAScript
    /// `Number(text)`; Rust's `f64::from_str` rounds correctly too).
    pub(crate) fn number(&self, text: &str, at: Option<usize>) -> Res<Value> {
        let n = text.parse::<f64>().ok().filter(|n| n.is_finite()).and_then(Number::from_f64);
        match n {
            Some(n) => Ok(Value::Number(n)),
            None => Err(self.error(
                codes::GRAPHQL_INVALID,
                format!("the number {text} is beyond the range of a JSON number (IEEE double)"),
                at,
            )),
        }
    }

    pub(crate) fn check_depth(&self, depth: usize, at: Option<usize>) -> Res<()> {
        if depth >= MAX_SDL_NESTING {
            return Err(self.error(
                codes::GRAPHQL_INVALID,
                format!("a value nests lists or objects more than {MAX_SDL_NESTING} levels deep"),
                at,
            ));
        }
        Ok(())
    }
}

/// apollo-parser's message as ours: `syntax error: expected a type` -> `Syntax Error: expected a type`.
pub(crate) fn syntax_message(message: &str) -> String {
    match message.strip_prefix("syntax error: ") {
        Some(rest) => format!("Syntax Error: {rest}"),
        None => message.to_string(),
    }
}

pub(crate) fn description(node: &Option<Node<str>>) -> Option<String> {
    node.as_ref().map(|d| d.to_string()).filter(|d| !d.is_empty())
}

/// `description` as the IR's fields and arguments hold it (json.rs `Str`: a short one
/// inline, a long one copied once).
pub(crate) fn str_description(node: &Option<Node<str>>) -> Option<Str> {
    node.as_ref().filter(|d| !d.is_empty()).map(|d| Str::new(&**d))
}

pub(crate) fn names(list: &[Name]) -> Vec<Str> {
    list.iter().map(|n| Str::new(n.as_str())).collect()
}

pub(crate) fn operations(nodes: &[Node<(ast::OperationType, ast::NamedType)>], before: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut all: HashMap<String, String> = before.into_iter().collect();
    for op in nodes {
        let (kind, ty) = op.as_ref();
        all.insert(kind.name().to_string(), ty.to_string());
    }
    OPERATION_KINDS
        .iter()
        .filter_map(|kind| all.get(*kind).map(|ty| (kind.to_string(), ty.clone())))
        .collect()
}

pub fn enum_value(name: &str) -> Value {
    let mut out = Map::new();
    out.insert(ENUM_LITERAL_KEY, Value::String(name.into()));
    Value::Object(out)
}

/// Where the type of a field definition starts: apollo-compiler keeps no
/// location for it, so the text after the name (and the arguments) is read:
/// ignored tokens, `)`, `:`, ignored tokens.
pub(crate) fn field_type_start(text: &str, f: &ast::FieldDefinition) -> Option<usize> {
    let after = match f.arguments.last() {
        Some(a) => a.location()?.end_offset(),
        None => f.name.location()?.end_offset(),
    };
    let mut pos = skip_ignored(text, after);
    if text.as_bytes().get(pos) == Some(&b')') {
        pos = skip_ignored(text, pos + 1);
    }
    if text.as_bytes().get(pos) != Some(&b':') {
        return None;
    }
    Some(skip_ignored(text, pos + 1))
}

/// Skips GraphQL's ignored tokens (white space, line terminators, commas, comments, BOMs).
pub(crate) fn skip_ignored(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        match bytes.get(pos) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b',') => pos += 1,
            Some(b'#') => {
                while !matches!(bytes.get(pos), None | Some(b'\n' | b'\r')) {
                    pos += 1;
                }
            }
            Some(0xEF) if bytes.get(pos + 1) == Some(&0xBB) && bytes.get(pos + 2) == Some(&0xBF) => pos += 3,
            _ => return pos,
        }
    }
}

/// `f` over `nodes`, into a vector of exactly their number. `collect()` into a `Result`
/// cannot size it: its size hint starts at 0, so the vector grows 4 -> 8 -> 16 by
/// reallocation and keeps up to half of its room unused. The fields' vectors alone held
/// 8.9 MB at the peak of an N = 5,000 SDL -> JSON conversion (massif).
fn map_exact<N, T>(nodes: &[N], mut f: impl FnMut(&N) -> Res<T>) -> Res<Vec<T>> {
    let mut out = Vec::with_capacity(nodes.len());
    for node in nodes {
        out.push(f(node)?);
    }
    Ok(out)
}

/// Record 0075: the applied directives of a document whose federation `@link` renames
/// or namespaces federation directives (`@pk`, `@federation__shareable`), under
/// federation's names (`@key`, `@shareable`): the attributes and the canonical order
/// read those; the printer gives them the link's names back. `back`: (printed, federation's).
fn read_federation_names(
    back: &[(String, String)],
    directive_defs: &mut [Definition],
    types: &mut [Definition],
    schemas: [Option<&mut SchemaDef>; 2],
) {
    let rename = |list: &mut Vec<AppliedDirective>| {
        for d in list.iter_mut() {
            if let Some((_, name)) = back.iter().find(|(printed, _)| *printed == d.name) {
                d.name = name.clone();
            }
        }
    };
    let args = |list: &mut Vec<InputValueDef>| {
        for a in list.iter_mut() {
            rename(&mut a.directives);
        }
    };
    for s in schemas.into_iter().flatten() {
        rename(&mut s.directives);
    }
    for def in directive_defs.iter_mut().chain(types.iter_mut()) {
        match def {
            Definition::Directive(d) => args(&mut d.def.args),
            Definition::Object(d) => {
                rename(&mut d.directives);
                for f in &mut d.fields {
                    rename(&mut f.directives);
                    args(&mut f.args);
                }
            }
            Definition::Union(d) => rename(&mut d.def.directives),
            Definition::Enum(d) => {
                rename(&mut d.def.directives);
                for v in &mut d.def.values {
                    rename(&mut v.directives);
                }
            }
            Definition::Scalar(d) => rename(&mut d.def.directives),
        }
    }
}
