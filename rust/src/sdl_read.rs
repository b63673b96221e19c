//! sdl_read: GraphQL SDL text -> the IR `Document`, in the canonical form of
//! record 0028 (graphql-to-json direction). The twin of js/src/sdl-read.ts.
//!
//! Stages, in the order their errors win:
//!   1. parse: GRAPHQL_SYNTAX. `sdl_syntax` first finds graphql-js's first
//!      syntax error (message and position as in TypeScript), then
//!      apollo-compiler's parser builds the AST (graphql-js `parse` in
//!      TypeScript);
//!   2. executable definitions (operations, fragments): GRAPHQL_INVALID;
//!   3. our own checks, one walk in document order: names defined twice (types,
//!      directives, fields, arguments, input fields, enum values, union members,
//!      interfaces, schema definitions, operation types), redefined built-in
//!      scalars, a non-scalar `JSON`: GRAPHQL_INVALID at the second definition;
//!   4. the validator (apollo-compiler's schema validation here, graphql-js
//!      `validateSDL` then `validateSchema` in TypeScript): GRAPHQL_INVALID at the
//!      earliest location of the problems graphql-js would report; see
//!      `validate` for how apollo-compiler's diagnostics are brought to the
//!      graphql-js rules (which problems exist, their locations, their messages);
//!      the federation definitions are added for validation only when the
//!      document applies federation directives (or `@link`) it does not define;
//!   5. building the IR: extensions merged into their type, literals to JSON
//!      (a number beyond the double range, or nesting deeper than 128 levels,
//!      is GRAPHQL_INVALID), directives reordered (attribute directives first),
//!      interfaces hoisted.
//!
//! The mapping itself reads only what any SDL parser gives (names,
//! descriptions, values, locations), the same as the TypeScript reads from
//! graphql-js's AST. Locations are byte offsets here; `load::position_at`
//! turns them into the line and column (in code points) TypeScript reports.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::sync::OnceLock;

use apollo_compiler::ast::{self, Definition as Ast};
use apollo_compiler::diagnostic::ToCliReport;
use apollo_compiler::parser::{FileId, Parser, SourceSpan};
use apollo_compiler::{Name, Node, Schema};
use serde_json::{Map, Number, Value};

use crate::canonical::canonical_directive_order;
use crate::sdl_defaults::{fits, NamedType};
use crate::stack::with_converter_stack;
use crate::errors::{codes, ConversionError, Location};
use crate::hoist::hoist_interfaces_only;
use crate::ir::{
    AppliedDirective, Definition, DirectiveDef, Document, EnumTypeDef, EnumValueDef, FieldDef, InputValueDef,
    ObjectKind, ObjectTypeDef, ScalarTypeDef, SchemaDef, UnionTypeDef, OPERATION_KINDS,
};
use crate::load::position_at;
use crate::lower_directives::FEDERATION_DIRECTIVES;
use crate::print::{print_document, ENUM_LITERAL_KEY};
use crate::sdl_schema_rules::unreadable_directive_arguments;
use crate::sdl_syntax::check_syntax;
use crate::type_expr::{is_builtin_scalar, JSON_SCALAR};

/// Literal values and list types may nest this deep (record 0028).
pub const MAX_SDL_NESTING: usize = 128;

/// apollo-parser's recursion limit. graphql-js has none of its own: it parses
/// until the JavaScript stack runs out (about 1,000 to 2,500 levels of literal
/// nesting, 9,000 of list types, depending on the engine), and TypeScript
/// reports that as GRAPHQL_SYNTAX without a position, as we do past this limit.
pub const PARSER_RECURSION_LIMIT: usize = 2_000;

/// schemas/federation-v2.3.graphql (the same text js/src/sdl-read.ts reads).
const FEDERATION_DEFINITIONS: &str = include_str!("../../schemas/federation-v2.3.graphql");

/// graphql-js 16 knows `@oneOf` (INPUT_OBJECT); apollo-compiler 1.x does not.
const ONE_OF_DEFINITION: &str = "directive @oneOf on INPUT_OBJECT\n";

type Res<T> = Result<T, ConversionError>;

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
    // One leading BOM is skipped; it is not a column (as for JSON input).
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    let reader = Reader { text, file: file.map(str::to_string) };
    let doc = reader.parse()?;
    for def in &doc.definitions {
        if matches!(def, Ast::OperationDefinition(_) | Ast::FragmentDefinition(_)) {
            return Err(executable_definition(&reader, start(def.location())));
        }
    }
    check_names(&reader, &doc)?;
    validate(&reader, &doc)?;
    require_definition(&reader, &doc)?;
    reader.build(&doc)
}

/// A valid document with no type and no directive definition holds only
/// `extend schema` (a schema definition needs a query type). Nothing of it
/// converts back: the JSON Schema would hold the extension alone, which the
/// forward direction does not print (NO_TYPES, record 0024), and the extension
/// alone is not valid to apollo-compiler. Refused at 1:1 (record 0051).
fn require_definition(reader: &Reader, doc: &ast::Document) -> Res<()> {
    let defines = doc.definitions.iter().any(|d| is_type_definition(d) || matches!(d, Ast::DirectiveDefinition(_)));
    if defines {
        return Ok(());
    }
    Err(reader.error(codes::GRAPHQL_INVALID, NO_DEFINITION_MESSAGE, Some(0)))
}

const NO_DEFINITION_MESSAGE: &str =
    "the document defines no types or directives (only the schema); there is nothing to convert";

fn executable_definition(reader: &Reader, offset: Option<usize>) -> ConversionError {
    reader.error(
        codes::GRAPHQL_INVALID,
        "an executable definition (operation or fragment) is not part of a type-system document",
        offset,
    )
}

fn start(loc: Option<SourceSpan>) -> Option<usize> {
    loc.map(|l| l.offset())
}

// ---------------------------------------------------------------------------
// Errors and positions

struct Reader<'t> {
    text: &'t str,
    file: Option<String>,
}

impl Reader<'_> {
    /// An error at a byte offset of the text (line and column count code points).
    fn error(&self, code: &str, message: impl Into<String>, offset: Option<usize>) -> ConversionError {
        let (line, column) = match offset {
            Some(o) => {
                let (l, c) = position_at(self.text, o);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        ConversionError::at(code, message, Location { file: self.file.clone(), pointer: None, line, column })
    }

    fn where_(&self, offset: Option<usize>) -> String {
        let (line, column) = position_at(self.text, offset.unwrap_or(0));
        format!("line {line}, column {column}")
    }

    // -----------------------------------------------------------------------
    // Stage 1: parse

    fn parse(&self) -> Res<ast::Document> {
        // graphql-js's first syntax error, with its message and position.
        match check_syntax(self.text, PARSER_RECURSION_LIMIT) {
            Err(e) => return Err(self.error(codes::GRAPHQL_SYNTAX, e.message, e.offset)),
            // Stage 2 already: an executable definition.
            Ok(Some(offset)) => return Err(executable_definition(self, Some(offset))),
            Ok(None) => {}
        }
        let path = self.file.as_deref().unwrap_or("input.graphql");
        match Parser::new().recursion_limit(PARSER_RECURSION_LIMIT).parse_ast(self.text, path) {
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

    fn build(&self, doc: &ast::Document) -> Res<Document> {
        let mut directive_defs: Vec<Definition> = Vec::new();
        let mut types: Vec<Definition> = Vec::new();
        let mut by_name: HashMap<String, usize> = HashMap::new();
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
                    if let Some(draft) = self.type_draft(def)? {
                        by_name.insert(definition_name(&draft).to_string(), types.len());
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
        for def in &mut types {
            canonical_directive_order(def);
        }
        let order: Vec<usize> = (0..types.len()).collect();
        let hoisted = hoist_interfaces_only(&order, |i| match types.get(i) {
            Some(Definition::Object(d)) if d.kind != ObjectKind::Input => {
                d.interfaces.iter().filter_map(|n| by_name.get(n).copied()).collect()
            }
            _ => Vec::new(),
        });
        let mut slots: Vec<Option<Definition>> = types.into_iter().map(Some).collect();
        let mut definitions = directive_defs;
        for i in hoisted {
            if let Some(def) = slots.get_mut(i).and_then(Option::take) {
                definitions.push(def);
            }
        }
        Ok(Document { link: None, schema_extension, schema, definitions })
    }

    fn type_draft(&self, def: &Ast) -> Res<Option<Definition>> {
        Ok(Some(match def {
            Ast::ScalarTypeDefinition(d) => Definition::scalar(ScalarTypeDef {
                name: d.name.to_string(),
                description: description(&d.description),
                directives: self.directives(&d.directives)?,
            }),
            Ast::ObjectTypeDefinition(d) => Definition::Object(ObjectTypeDef {
                kind: ObjectKind::Object,
                name: d.name.to_string(),
                description: description(&d.description),
                interfaces: names(&d.implements_interfaces),
                directives: self.directives(&d.directives)?,
                fields: self.fields(&d.fields)?,
            }),
            Ast::InterfaceTypeDefinition(d) => Definition::Object(ObjectTypeDef {
                kind: ObjectKind::Interface,
                name: d.name.to_string(),
                description: description(&d.description),
                interfaces: names(&d.implements_interfaces),
                directives: self.directives(&d.directives)?,
                fields: self.fields(&d.fields)?,
            }),
            Ast::InputObjectTypeDefinition(d) => Definition::Object(ObjectTypeDef {
                kind: ObjectKind::Input,
                name: d.name.to_string(),
                description: description(&d.description),
                interfaces: Vec::new(),
                directives: self.directives(&d.directives)?,
                fields: self.input_fields(&d.fields)?,
            }),
            Ast::UnionTypeDefinition(d) => Definition::union(UnionTypeDef {
                name: d.name.to_string(),
                description: description(&d.description),
                directives: self.directives(&d.directives)?,
                members: names(&d.members),
            }),
            Ast::EnumTypeDefinition(d) => Definition::enumeration(EnumTypeDef {
                name: d.name.to_string(),
                description: description(&d.description),
                directives: self.directives(&d.directives)?,
                values: self.enum_values(&d.values)?,
            }),
            _ => return Ok(None),
        }))
    }

    fn extend(&self, target: &mut Definition, ext: &Ast) -> Res<()> {
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

    fn fields(&self, nodes: &[Node<ast::FieldDefinition>]) -> Res<Vec<FieldDef>> {
        nodes
            .iter()
            .map(|f| {
                Ok(FieldDef {
                    name: f.name.to_string(),
                    description: description(&f.description),
                    args: self.input_values(&f.arguments)?,
                    type_: self.type_text(&f.ty, || field_type_start(self.text, f))?,
                    default_value: None,
                    directives: self.directives(&f.directives)?,
                })
            })
            .collect()
    }

    fn input_fields(&self, nodes: &[Node<ast::InputValueDefinition>]) -> Res<Vec<FieldDef>> {
        nodes
            .iter()
            .map(|f| {
                Ok(FieldDef {
                    name: f.name.to_string(),
                    description: description(&f.description),
                    args: Vec::new(),
                    type_: self.type_text(&f.ty, || start(f.ty.location()))?,
                    default_value: f.default_value.as_ref().map(|v| self.value(v, 0)).transpose()?,
                    directives: self.directives(&f.directives)?,
                })
            })
            .collect()
    }

    fn input_values(&self, nodes: &[Node<ast::InputValueDefinition>]) -> Res<Vec<InputValueDef>> {
        nodes
            .iter()
            .map(|a| {
                Ok(InputValueDef {
                    name: a.name.to_string(),
                    description: description(&a.description),
                    type_: self.type_text(&a.ty, || start(a.ty.location()))?,
                    default_value: a.default_value.as_ref().map(|v| self.value(v, 0)).transpose()?,
                    directives: self.directives(&a.directives)?,
                })
            })
            .collect()
    }

    fn enum_values(&self, nodes: &[Node<ast::EnumValueDefinition>]) -> Res<Vec<EnumValueDef>> {
        nodes
            .iter()
            .map(|v| {
                Ok(EnumValueDef {
                    name: v.value.to_string(),
                    description: description(&v.description),
                    directives: self.directives(&v.directives)?,
                })
            })
            .collect()
    }

    fn directives(&self, list: &ast::DirectiveList) -> Res<Vec<AppliedDirective>> {
        list.iter()
            .map(|d| {
                let args = d
                    .arguments
                    .iter()
                    .map(|a| Ok((a.name.to_string(), self.value(&a.value, 0)?)))
                    .collect::<Res<Vec<_>>>()?;
                Ok(AppliedDirective { name: d.name.to_string(), args })
            })
            .collect()
    }

    /// `[Name!]!` as written, without spaces. `at` gives the type's position for the error.
    fn type_text(&self, ty: &ast::Type, at: impl Fn() -> Option<usize>) -> Res<String> {
        let mut depth = 0;
        let mut prefix = String::new();
        let mut suffix = String::new();
        let mut t = ty;
        loop {
            let inner = match t {
                // Pushed, not `format!`ed: one of these per field and argument.
                ast::Type::Named(n) | ast::Type::NonNullNamed(n) => {
                    let bang = matches!(t, ast::Type::NonNullNamed(_));
                    let mut out = String::with_capacity(prefix.len() + n.len() + usize::from(bang) + suffix.len());
                    out.push_str(&prefix);
                    out.push_str(n.as_str());
                    if bang {
                        out.push('!');
                    }
                    out.push_str(&suffix);
                    return Ok(out);
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
    fn value(&self, node: &Node<ast::Value>, depth: usize) -> Res<Value> {
        let at = || start(node.location());
        Ok(match node.as_ref() {
            ast::Value::Int(i) => self.number(i.as_str(), at())?,
            ast::Value::Float(f) => self.number(f.as_str(), at())?,
            ast::Value::String(s) => Value::String(s.clone()),
            ast::Value::Boolean(b) => Value::Bool(*b),
            ast::Value::Null => Value::Null,
            ast::Value::Enum(name) => enum_value(name.as_str()),
            ast::Value::List(items) => {
                self.check_depth(depth, at())?;
                Value::Array(items.iter().map(|v| self.value(v, depth + 1)).collect::<Res<Vec<_>>>()?)
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
    fn number(&self, text: &str, at: Option<usize>) -> Res<Value> {
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

    fn check_depth(&self, depth: usize, at: Option<usize>) -> Res<()> {
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
fn syntax_message(message: &str) -> String {
    match message.strip_prefix("syntax error: ") {
        Some(rest) => format!("Syntax Error: {rest}"),
        None => message.to_string(),
    }
}

fn description(node: &Option<Node<str>>) -> Option<String> {
    node.as_ref().map(|d| d.to_string()).filter(|d| !d.is_empty())
}

fn names(list: &[Name]) -> Vec<String> {
    list.iter().map(|n| n.to_string()).collect()
}

fn definition_name(def: &Definition) -> &str {
    match def {
        Definition::Object(d) => &d.name,
        Definition::Union(d) => &d.def.name,
        Definition::Enum(d) => &d.def.name,
        Definition::Scalar(d) => &d.def.name,
        Definition::Directive(d) => &d.def.name,
    }
}

fn operations(nodes: &[Node<(ast::OperationType, ast::NamedType)>], before: Vec<(String, String)>) -> Vec<(String, String)> {
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
    out.insert(ENUM_LITERAL_KEY.to_string(), Value::String(name.to_string()));
    Value::Object(out)
}

/// Where the type of a field definition starts: apollo-compiler keeps no
/// location for it, so the text after the name (and the arguments) is read:
/// ignored tokens, `)`, `:`, ignored tokens.
fn field_type_start(text: &str, f: &ast::FieldDefinition) -> Option<usize> {
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
fn skip_ignored(text: &str, mut pos: usize) -> usize {
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

// ---------------------------------------------------------------------------
// Stage 3: names defined twice, built-in scalars, JSON

struct NameProblem {
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
enum Label<'a> {
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

struct Once<'r, 't, 'a> {
    reader: &'r Reader<'t>,
    firsts: HashMap<Label<'a>, Option<usize>>,
    problems: Vec<NameProblem>,
}

impl<'a> Once<'_, '_, 'a> {
    /// Records `label` in its scope; a second occurrence is a problem (and false).
    fn once(&mut self, label: Label<'a>, offset: Option<usize>) -> bool {
        if let Some(first) = self.firsts.get(&label) {
            let label = label.to_string();
            let message = format!("{label} is defined twice (first at {})", self.reader.where_(*first));
            self.problems.push(NameProblem { offset, label, message });
            return false;
        }
        self.firsts.insert(label, offset);
        true
    }

    fn args(&mut self, owner: impl Fn(&'a str) -> Label<'a>, args: &'a [Node<ast::InputValueDefinition>]) {
        for a in args {
            self.once(owner(a.name.as_str()), start(a.name.location()));
        }
    }
}

fn check_names(reader: &Reader, doc: &ast::Document) -> Res<()> {
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

/// How many labels `check_names` records at most: the capacity of its map, which
/// grown from empty rehashed every label at each doubling (4% of SDL -> JSON's
/// samples at bench-corpus N = 5,000 in perf; -0.7% of its instructions, within
/// noise in time). Only a capacity: a wrong count costs a rehash, not a result.
fn label_count(doc: &ast::Document) -> usize {
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

fn is_type_definition(def: &Ast) -> bool {
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

fn is_type_extension(def: &Ast) -> bool {
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

fn implements_of_node(def: &Ast) -> &[Name] {
    match def {
        Ast::ObjectTypeDefinition(d) => &d.implements_interfaces,
        Ast::InterfaceTypeDefinition(d) => &d.implements_interfaces,
        Ast::ObjectTypeExtension(d) => &d.implements_interfaces,
        Ast::InterfaceTypeExtension(d) => &d.implements_interfaces,
        _ => &[],
    }
}

fn members_of_node(def: &Ast) -> &[Name] {
    match def {
        Ast::UnionTypeDefinition(d) => &d.members,
        Ast::UnionTypeExtension(d) => &d.members,
        _ => &[],
    }
}

fn values_of_node(def: &Ast) -> &[Node<ast::EnumValueDefinition>] {
    match def {
        Ast::EnumTypeDefinition(d) => &d.values,
        Ast::EnumTypeExtension(d) => &d.values,
        _ => &[],
    }
}

fn fields_of_node(def: &Ast) -> &[Node<ast::FieldDefinition>] {
    match def {
        Ast::ObjectTypeDefinition(d) => &d.fields,
        Ast::InterfaceTypeDefinition(d) => &d.fields,
        Ast::ObjectTypeExtension(d) => &d.fields,
        Ast::InterfaceTypeExtension(d) => &d.fields,
        _ => &[],
    }
}

fn input_fields_of_node(def: &Ast) -> &[Node<ast::InputValueDefinition>] {
    match def {
        Ast::InputObjectTypeDefinition(d) => &d.fields,
        Ast::InputObjectTypeExtension(d) => &d.fields,
        _ => &[],
    }
}

fn directives_of_node(def: &Ast) -> Option<&ast::DirectiveList> {
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
enum Phase {
    /// graphql-js validateSDL.
    Sdl,
    /// graphql-js buildASTSchema, which throws on a value it cannot read (sdl_schema_rules.rs).
    Build,
    /// graphql-js validateSchema.
    Schema,
}

struct Problem {
    phase: Phase,
    message: String,
    offsets: Vec<usize>,
}

impl Problem {
    fn new(phase: Phase, message: impl Into<String>, offsets: impl IntoIterator<Item = Option<usize>>) -> Self {
        Problem { phase, message: message.into(), offsets: offsets.into_iter().flatten().collect() }
    }
}

const FEDERATION_NAMES_EXTRA: &str = "link";

/// apollo-compiler's build error for an `extend schema` it drops (graphql-js has no such rule).
fn is_orphan_schema_extension(message: &str) -> bool {
    message.starts_with("schema extension without a schema definition")
}

fn federation_document() -> Option<&'static ast::Document> {
    static DOC: OnceLock<Option<ast::Document>> = OnceLock::new();
    DOC.get_or_init(|| ast::Document::parse(FEDERATION_DEFINITIONS, "federation-v2.3.graphql").ok())
        .as_ref()
}

fn one_of_document() -> Option<&'static ast::Document> {
    static DOC: OnceLock<Option<ast::Document>> = OnceLock::new();
    DOC.get_or_init(|| ast::Document::parse(ONE_OF_DEFINITION, "one-of.graphql").ok()).as_ref()
}

fn validate(reader: &Reader, doc: &ast::Document) -> Res<()> {
    let v = Validation::new(reader.text, doc);
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

struct Validation<'a> {
    text: &'a str,
    doc: &'a ast::Document,
    main: Option<FileId>,
    /// The definitions added for validation (federation, `@oneOf`).
    extra: Vec<&'a Ast>,
    /// The document's type definitions and extensions by name, in document
    /// order: `type_nodes` was a scan of every definition, called per type and
    /// per interface field, which made validation quadratic in the size of the
    /// document (record 0028's stage 4; issue #8).
    by_name: HashMap<&'a str, Vec<&'a Ast>>,
}

/// The directives graphql-js 16 specifies, with their arguments.
const SPECIFIED_DIRECTIVE_ARGS: [(&str, &[&str]); 5] = [
    ("include", &["if"]),
    ("skip", &["if"]),
    ("deprecated", &["reason"]),
    ("specifiedBy", &["url"]),
    ("oneOf", &[]),
];

/// graphql-js's `standardTypeNames`: the specified scalars and the introspection types.
const STANDARD_TYPE_NAMES: [&str; 13] = [
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
    fn new(text: &'a str, doc: &'a ast::Document) -> Self {
        let main = doc.sources.keys().next().copied();
        let mut defined_directives: HashSet<&str> = HashSet::new();
        let mut defined_types: HashSet<&str> = HashSet::new();
        for def in &doc.definitions {
            match def {
                Ast::DirectiveDefinition(d) => {
                    defined_directives.insert(d.name.as_str());
                }
                d if is_type_definition(d) => {
                    if let Some(n) = d.name() {
                        defined_types.insert(n.as_str());
                    }
                }
                _ => {}
            }
        }
        let mut applied: HashSet<&str> = HashSet::new();
        each_directive_list(doc, &mut |_, list| {
            for d in list.iter() {
                applied.insert(d.name.as_str());
            }
        });
        let needs_federation = applied.iter().any(|n| {
            (FEDERATION_DIRECTIVES.contains(n) || *n == FEDERATION_NAMES_EXTRA) && !defined_directives.contains(n)
        });
        let mut extra: Vec<&'a Ast> = Vec::new();
        let not_defined = |d: &&Ast| match d {
            Ast::DirectiveDefinition(dd) => !defined_directives.contains(dd.name.as_str()),
            other => other.name().is_some_and(|n| !defined_types.contains(n.as_str())),
        };
        if needs_federation {
            if let Some(fed) = federation_document() {
                extra.extend(fed.definitions.iter().filter(not_defined));
            }
        }
        if applied.contains("oneOf") && !defined_directives.contains("oneOf") {
            if let Some(one_of) = one_of_document() {
                extra.extend(one_of.definitions.iter());
            }
        }
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
    fn all(&self) -> impl Iterator<Item = &'a Ast> + '_ {
        self.doc.definitions.iter().chain(self.extra.iter().copied())
    }

    /// The document's definitions and extensions of type `name`.
    fn type_nodes(&self, name: &str) -> Vec<&'a Ast> {
        self.by_name.get(name).cloned().unwrap_or_default()
    }

    fn type_starts(&self, name: &str) -> Vec<Option<usize>> {
        self.type_nodes(name).iter().map(|d| start(d.location())).collect()
    }

    /// The kind of definition of a type, built-in scalars included.
    fn kind_of(&self, name: &str) -> Option<&'static str> {
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

    fn fields_named(&self, ty: &str, field: &str) -> Vec<&'a Node<ast::FieldDefinition>> {
        self.type_nodes(ty).into_iter().flat_map(fields_of_node).filter(|f| f.name == field).collect()
    }

    fn implements_named(&self, ty: &str, iface: &str) -> Vec<Option<usize>> {
        self.type_nodes(ty)
            .into_iter()
            .flat_map(implements_of_node)
            .filter(|i| i.as_str() == iface)
            .map(|i| start(i.location()))
            .collect()
    }

    fn in_main(&self, loc: Option<SourceSpan>) -> Option<usize> {
        let loc = loc?;
        (Some(loc.file_id()) == self.main).then(|| loc.offset())
    }

    // -----------------------------------------------------------------------
    // apollo-compiler's diagnostics, as graphql-js problems

    fn apollo_problems(&self) -> Vec<Problem> {
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
    fn build_schema(&self, schema_definition: bool) -> (Schema, Vec<(String, Option<usize>)>) {
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
    fn validation_problems(&self, schema: Schema, mut out: Vec<Problem>) -> Vec<Problem> {
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
    fn build_problem(&self, message: &str, at: Option<usize>) -> Option<Problem> {
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

    fn validation_problem(&self, name: &str, message: &str, compat: Option<String>, at: Option<usize>) -> Option<Problem> {
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
    fn directive_arg_names(&self, directive: &str) -> Vec<String> {
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

    fn field_arg(&self, ty: &str, field: &str, argument: &str) -> Option<&'a Node<ast::InputValueDefinition>> {
        self.fields_named(ty, field).into_iter().flat_map(|f| f.arguments.iter()).find(|a| a.name == argument)
    }

    /// The input value definition (argument or input field) that starts at `at`,
    /// with graphql-js's coordinate for it (`T.f(a:)`, `@d(a:)`, `I.f`).
    fn input_value_at(&self, at: Option<usize>) -> Option<(String, &'a Node<ast::InputValueDefinition>)> {
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
    fn owner_of_name_at(&self, at: Option<usize>) -> Option<usize> {
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
    fn first_same_directive(&self, at: Option<usize>) -> Option<usize> {
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
    fn first_same_argument(&self, at: Option<usize>) -> Option<usize> {
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

    // -----------------------------------------------------------------------
    // graphql-js checks that apollo-compiler 1.x does not make

    fn own_problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        self.type_extensions(&mut out);
        self.duplicate_object_fields(&mut out);
        self.root_types(&mut out);
        self.deprecated_required(&mut out);
        self.extra_arguments_with_unfit_defaults(&mut out);
        self.one_of(&mut out);
        self.input_cycles(&mut out);
        for (message, offset) in unreadable_directive_arguments(self.doc) {
            out.push(Problem::new(Phase::Build, message, [offset]));
        }
        out
    }

    /// PossibleTypeExtensionsRule: an extension of a type that is not defined,
    /// or of another kind than the definition.
    fn type_extensions(&self, out: &mut Vec<Problem>) {
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

    /// UniqueInputFieldNamesRule: `{a: 1, a: 2}` in a directive argument or a default value.
    fn duplicate_object_fields(&self, out: &mut Vec<Problem>) {
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
    fn root_types(&self, out: &mut Vec<Problem>) {
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
    fn deprecated_required(&self, out: &mut Vec<Problem>) {
        // graphql-js keeps no default that does not fit the type (record 0030): required then too.
        let lookup = |name: &str| self.named_type(name);
        let required_deprecated = |a: &ast::InputValueDefinition| {
            a.ty.is_non_null()
                && a.directives.iter().any(|d| d.name == "deprecated")
                && !a.default_value.as_ref().is_some_and(|v| fits(v, &a.ty, &lookup, 0))
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
    fn extra_arguments_with_unfit_defaults(&self, out: &mut Vec<Problem>) {
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
                        let unfit = a.default_value.as_ref().is_some_and(|v| !fits(v, &a.ty, &lookup, 0));
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
    fn named_type(&self, name: &str) -> NamedType<'a> {
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
    fn one_of(&self, out: &mut Vec<Problem>) {
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
    fn input_cycles(&self, out: &mut Vec<Problem>) {
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

fn detect_cycle<'n>(
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
    for f in fields.get(name).map(Vec::as_slice).unwrap_or_default() {
        let ast::Type::NonNullNamed(target) = f.ty.as_ref() else { continue };
        let Some((target, _)) = fields.get_key_value(target.as_str()) else { continue };
        path.push(f);
        match index.get(target) {
            None => detect_cycle(target, fields, visited, path, index, out),
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
    index.remove(name);
}

/// Where a directive list stands (the key of `each_directive_list`): a type's
/// definition and extensions are one place, as are the schema definition and
/// its extensions; any other list is its own, named by its offset. (Were
/// formatted strings, built for every list on every conversion; they are
/// compared only on the failure path.)
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place<'d> {
    Schema,
    Type(&'d str),
    Definition(usize),
    At(usize),
}

/// Every list of applied directives of the type-system definitions, with a
/// key that is the same for the lists of one place (graphql-js's
/// UniqueDirectivesPerLocationRule: a type and its extensions, the schema and
/// its extensions; every other list on its own).
fn each_directive_list<'d>(doc: &'d ast::Document, f: &mut dyn FnMut(Place<'d>, &'d ast::DirectiveList)) {
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
fn each_input_value<'d>(doc: &'d ast::Document, f: &mut dyn FnMut(&'d ast::InputValueDefinition)) {
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

/// The locations graphql-js gives a problem, or apollo-compiler's when none is found.
fn or_at(offsets: Vec<Option<usize>>, at: Option<usize>) -> Vec<Option<usize>> {
    if offsets.iter().any(Option::is_some) {
        offsets
    } else {
        vec![at]
    }
}

/// The names between backticks in an apollo-compiler message.
fn ticks(message: &str) -> Vec<&str> {
    message.split('`').skip(1).step_by(2).collect()
}

/// `Type.field` -> (`Type`, `field`).
fn split_dot(s: &str) -> (&str, &str) {
    s.split_once('.').unwrap_or((s, ""))
}

// ---------------------------------------------------------------------------
// graphql-js's suggestions (jsutils/suggestionList.js, didYouMean.js)

/// The options close to `input`, closest first (Damerau-Levenshtein on the
/// lower-cased texts, within 40% of the input's length), ties in natural order.
pub fn suggestion_list(input: &str, options: &[&str]) -> Vec<String> {
    let threshold = input.encode_utf16().count() * 2 / 5 + 1;
    let mut found: Vec<(String, usize)> = Vec::new();
    for option in options {
        if found.iter().any(|(o, _)| o == option) {
            continue;
        }
        if let Some(d) = lexical_distance(input, option, threshold) {
            found.push((option.to_string(), d));
        }
    }
    found.sort_by(|(a, da), (b, db)| da.cmp(db).then_with(|| natural_compare(a, b)));
    found.into_iter().map(|(o, _)| o).collect()
}

fn lexical_distance(input: &str, option: &str, threshold: usize) -> Option<usize> {
    if input == option {
        return Some(0);
    }
    let input_lower: Vec<u16> = input.to_lowercase().encode_utf16().collect();
    let option_lower: Vec<u16> = option.to_lowercase().encode_utf16().collect();
    if input_lower == option_lower {
        return Some(1);
    }
    let (a, b) = if option_lower.len() < input_lower.len() {
        (&input_lower, &option_lower)
    } else {
        (&option_lower, &input_lower)
    };
    let (a_len, b_len) = (a.len(), b.len());
    if a_len - b_len > threshold {
        return None;
    }
    let mut rows = vec![vec![0usize; b_len + 1]; 3];
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a_len {
        let mut smallest = i;
        rows[i % 3][0] = i;
        for j in 1..=b_len {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut cell = (rows[(i - 1) % 3][j] + 1).min(rows[i % 3][j - 1] + 1).min(rows[(i - 1) % 3][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cell = cell.min(rows[(i - 2) % 3][j - 2] + 1);
            }
            smallest = smallest.min(cell);
            rows[i % 3][j] = cell;
        }
        if smallest > threshold {
            return None;
        }
    }
    let distance = rows[a_len % 3][b_len];
    (distance <= threshold).then_some(distance)
}

/// graphql-js's `naturalCompare`: runs of digits compare as numbers.
fn natural_compare(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (a, b): (Vec<u16>, Vec<u16>) = (a.encode_utf16().collect(), b.encode_utf16().collect());
    let digit = |c: Option<&u16>| c.is_some_and(|c| (0x30..=0x39).contains(c));
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if digit(a.get(i)) && digit(b.get(j)) {
            let number = |s: &[u16], k: &mut usize| {
                let mut n: u64 = 0;
                loop {
                    let c = s.get(*k).copied().unwrap_or(0x30);
                    *k += 1;
                    n = n.saturating_mul(10).saturating_add(u64::from(c.saturating_sub(0x30)));
                    if !(digit(s.get(*k)) && n > 0) {
                        return n;
                    }
                }
            };
            let (x, y) = (number(&a, &mut i), number(&b, &mut j));
            match x.cmp(&y) {
                Ordering::Equal => {}
                other => return other,
            }
        } else {
            match a[i].cmp(&b[j]) {
                Ordering::Equal => {}
                other => return other,
            }
            i += 1;
            j += 1;
        }
    }
    a.len().cmp(&b.len())
}

/// ` Did you mean "a", "b", or "c"?` (at most five), or nothing.
pub fn did_you_mean(suggestions: &[String]) -> String {
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("\"{s}\"")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!(" Did you mean {one}?"),
        [one, two] => format!(" Did you mean {one} or {two}?"),
        more => match more.get(..5.min(more.len())).unwrap_or(more).split_last() {
            Some((last, rest)) => format!(" Did you mean {}, or {last}?", rest.join(", ")),
            None => String::new(),
        },
    }
}
