//! sdl_fast_parse: the AST apollo-compiler's `parse_ast` gives for a type-system
//! document, built straight from the tokens of sdl_lexer.rs (graphql-js's lexer),
//! without apollo-parser's concrete syntax tree and without locations (record 0062;
//! TypeScript's twin was measured not worth keeping, record 0057). It answers `None` for anything it does not
//! read exactly as the full parse does (a syntax error, an executable definition, an
//! escape `\u`, a byte-order mark, nesting deeper than `MAX_BRACKET_DEPTH`...); sdl_read
//! then runs sdl_syntax and apollo-compiler's parser, which also give the error. So
//! the answer is either apollo-compiler's AST, node for node as `PartialEq` compares
//! them (locations aside; rust/tests/sdl_fast_parse.rs compares them), or nothing.
//!
//! Why: apollo-compiler's parse builds a tree of every token first (rowan), then the
//! AST from it. It was 101 of the 223 ms of an SDL -> JSON conversion at N = 5,000
//! and its fastest-growing part (5.1x from N = 5,000 to 20,000;
//! record 0062). sdl_syntax's recognizer already walked the same grammar over the same
//! tokens before it; this parser is that walk, building the nodes as it goes.
//!
//! The nodes carry no location: they are read only to report a problem, and
//! sdl_read reads a document with a problem again through the full parse, for the
//! problem's position (no check depends on locations to decide whether there is one).

use foldhash::{HashMap, HashMapExt};

use apollo_compiler::ast::{self, Definition as Ast, DirectiveLocation, OperationType};
use apollo_compiler::{Name, Node};

use crate::sdl_lexer::{Kind, Lexer};
use crate::sdl_syntax::MAX_BRACKET_DEPTH;

/// Not read here: the full parse reads the document.
struct Unsure;

type Fast<T> = Result<T, Unsure>;

/// `query: Query` in a schema definition or extension.
type RootOperation = Node<(OperationType, Name)>;

/// The AST of `text` (without a leading BOM), or `None` when the full parse must read it.
pub fn fast_parse_sdl(text: &str) -> Option<ast::Document> {
    // A byte-order mark inside the document is an ignored token to graphql-js;
    // apollo-parser's treatment is its own, so the full parse reads it.
    if text.contains('\u{feff}') {
        return None;
    }
    let mut parser = FastParser { lexer: Lexer::new(text), depth: 0, names: HashMap::new() };
    let definitions = parser.document().ok()?;
    let mut doc = ast::Document::new();
    doc.definitions = definitions;
    Some(doc)
}

struct FastParser<'t> {
    lexer: Lexer<'t>,
    /// `(`, `[` and `{` open at the current token.
    depth: usize,
    /// One `Name` per name, shared by all its occurrences (a reference count, not an
    /// allocation): a document repeats its names (fields `id`, types `String`)
    /// thousands of times. Safe: `Name`
    /// compares and hashes by its text, and nothing here has a location.
    names: HashMap<&'t str, Name>,
}

fn location(name: &str) -> Option<DirectiveLocation> {
    Some(match name {
        "QUERY" => DirectiveLocation::Query,
        "MUTATION" => DirectiveLocation::Mutation,
        "SUBSCRIPTION" => DirectiveLocation::Subscription,
        "FIELD" => DirectiveLocation::Field,
        "FRAGMENT_DEFINITION" => DirectiveLocation::FragmentDefinition,
        "FRAGMENT_SPREAD" => DirectiveLocation::FragmentSpread,
        "INLINE_FRAGMENT" => DirectiveLocation::InlineFragment,
        "VARIABLE_DEFINITION" => DirectiveLocation::VariableDefinition,
        "SCHEMA" => DirectiveLocation::Schema,
        "SCALAR" => DirectiveLocation::Scalar,
        "OBJECT" => DirectiveLocation::Object,
        "FIELD_DEFINITION" => DirectiveLocation::FieldDefinition,
        "ARGUMENT_DEFINITION" => DirectiveLocation::ArgumentDefinition,
        "INTERFACE" => DirectiveLocation::Interface,
        "UNION" => DirectiveLocation::Union,
        "ENUM" => DirectiveLocation::Enum,
        "ENUM_VALUE" => DirectiveLocation::EnumValue,
        "INPUT_OBJECT" => DirectiveLocation::InputObject,
        "INPUT_FIELD_DEFINITION" => DirectiveLocation::InputFieldDefinition,
        _ => return None,
    })
}

impl<'t> FastParser<'t> {
    fn peek(&self, kind: Kind) -> bool {
        self.lexer.token.kind == kind
    }

    fn peek_keyword(&self, value: &str) -> bool {
        self.lexer.token.is_name(value)
    }

    fn advance(&mut self) -> Fast<()> {
        self.lexer.advance().map_err(|_| Unsure)
    }

    fn expect(&mut self, kind: Kind) -> Fast<()> {
        if !self.peek(kind) {
            return Err(Unsure);
        }
        self.advance()
    }

    fn optional(&mut self, kind: Kind) -> Fast<bool> {
        if !self.peek(kind) {
            return Ok(false);
        }
        self.advance()?;
        Ok(true)
    }

    fn keyword(&mut self, value: &str) -> Fast<()> {
        if !self.peek_keyword(value) {
            return Err(Unsure);
        }
        self.advance()
    }

    fn optional_keyword(&mut self, value: &str) -> Fast<bool> {
        if !self.peek_keyword(value) {
            return Ok(false);
        }
        self.advance()?;
        Ok(true)
    }

    fn deeper(&mut self) -> Fast<()> {
        self.depth += 1;
        if self.depth > MAX_BRACKET_DEPTH {
            return Err(Unsure);
        }
        Ok(())
    }

    /// The current token's text: a name or a number, borrowed from the document.
    fn text(&self) -> &'t str {
        self.lexer.text.get(self.lexer.token.start..self.lexer.token.end).unwrap_or_default()
    }

    fn name(&mut self) -> Fast<Name> {
        if !self.peek(Kind::Name) {
            return Err(Unsure);
        }
        let text = self.text();
        let name = self.names.entry(text).or_insert_with(|| Name::new_unchecked(text)).clone();
        self.advance()?;
        Ok(name)
    }

    /// A string or block string's value. A `\u` escape is left to the full parse:
    /// graphql-js and apollo-parser read some of them differently (surrogates).
    fn string(&mut self) -> Fast<String> {
        let token = &mut self.lexer.token;
        if token.kind == Kind::String && self.lexer.text.get(token.start..token.end).is_some_and(|t| t.contains("\\u")) {
            return Err(Unsure);
        }
        let value = token.value.take().map(|v| v.into_owned()).unwrap_or_default();
        self.advance()?;
        Ok(value)
    }

    fn peek_description(&self) -> bool {
        self.peek(Kind::String) || self.peek(Kind::BlockString)
    }

    fn description(&mut self) -> Fast<Option<Node<str>>> {
        if !self.peek_description() {
            return Ok(None);
        }
        Ok(Some(Node::new_str(&self.string()?)))
    }

    /// `open item+ close`, when `open` is there.
    fn optional_many<T>(&mut self, open: Kind, item: fn(&mut Self) -> Fast<T>, close: Kind) -> Fast<Option<Vec<T>>> {
        if !self.optional(open)? {
            return Ok(None);
        }
        let mut items = Vec::new();
        loop {
            items.push(item(self)?);
            if self.optional(close)? {
                return Ok(Some(items));
            }
        }
    }

    /// An optional leading delimiter, then items separated by it.
    fn delimited_many<T>(&mut self, delimiter: Kind, item: fn(&mut Self) -> Fast<T>) -> Fast<Vec<T>> {
        self.optional(delimiter)?;
        let mut items = vec![item(self)?];
        while self.optional(delimiter)? {
            items.push(item(self)?);
        }
        Ok(items)
    }

    // -----------------------------------------------------------------------
    // Definitions

    fn document(&mut self) -> Fast<Vec<Ast>> {
        self.expect(Kind::Sof)?;
        let mut definitions = Vec::new();
        loop {
            definitions.push(self.definition()?);
            if self.peek(Kind::Eof) {
                return Ok(definitions);
            }
        }
    }

    fn definition(&mut self) -> Fast<Ast> {
        let description = self.description()?;
        let keyword = if self.peek(Kind::Name) { self.text() } else { return Err(Unsure) };
        let definition = match keyword {
            "schema" => self.schema_definition(description)?,
            "scalar" | "type" | "interface" | "union" | "enum" | "input" => self.type_definition(keyword, description)?,
            "directive" => self.directive_definition(description)?,
            "extend" if description.is_none() => self.extension()?,
            _ => return Err(Unsure),
        };
        Ok(definition)
    }

    fn schema_definition(&mut self, description: Option<Node<str>>) -> Fast<Ast> {
        self.keyword("schema")?;
        let directives = self.directives()?;
        if !self.peek(Kind::BraceL) {
            return Err(Unsure);
        }
        let root_operations = self.root_operations()?.unwrap_or_default();
        Ok(Ast::SchemaDefinition(Node::new(ast::SchemaDefinition { description, directives, root_operations })))
    }

    fn root_operations(&mut self) -> Fast<Option<Vec<RootOperation>>> {
        self.optional_many(Kind::BraceL, Self::root_operation, Kind::BraceR)
    }

    fn root_operation(&mut self) -> Fast<RootOperation> {
        let operation = match self.text() {
            "query" if self.peek(Kind::Name) => OperationType::Query,
            "mutation" if self.peek(Kind::Name) => OperationType::Mutation,
            "subscription" if self.peek(Kind::Name) => OperationType::Subscription,
            _ => return Err(Unsure),
        };
        self.advance()?;
        self.expect(Kind::Colon)?;
        Ok(Node::new((operation, self.name()?)))
    }

    fn type_definition(&mut self, keyword: &str, description: Option<Node<str>>) -> Fast<Ast> {
        self.advance()?;
        let name = self.name()?;
        Ok(match keyword {
            "type" | "interface" => {
                let implements_interfaces = self.implements()?.unwrap_or_default();
                let directives = self.directives()?;
                let fields = self.fields()?.unwrap_or_default();
                if keyword == "type" {
                    Ast::ObjectTypeDefinition(Node::new(ast::ObjectTypeDefinition {
                        description,
                        name,
                        implements_interfaces,
                        directives,
                        fields,
                    }))
                } else {
                    Ast::InterfaceTypeDefinition(Node::new(ast::InterfaceTypeDefinition {
                        description,
                        name,
                        implements_interfaces,
                        directives,
                        fields,
                    }))
                }
            }
            "union" => {
                let directives = self.directives()?;
                let members = self.members()?.unwrap_or_default();
                Ast::UnionTypeDefinition(Node::new(ast::UnionTypeDefinition { description, name, directives, members }))
            }
            "enum" => {
                let directives = self.directives()?;
                let values = self.enum_values()?.unwrap_or_default();
                Ast::EnumTypeDefinition(Node::new(ast::EnumTypeDefinition { description, name, directives, values }))
            }
            "input" => {
                let directives = self.directives()?;
                let fields = self.input_fields()?.unwrap_or_default();
                Ast::InputObjectTypeDefinition(Node::new(ast::InputObjectTypeDefinition {
                    description,
                    name,
                    directives,
                    fields,
                }))
            }
            _ => {
                let directives = self.directives()?;
                Ast::ScalarTypeDefinition(Node::new(ast::ScalarTypeDefinition { description, name, directives }))
            }
        })
    }

    /// `extend` and what it extends; graphql-js requires something added.
    fn extension(&mut self) -> Fast<Ast> {
        self.keyword("extend")?;
        let keyword = if self.peek(Kind::Name) { self.text() } else { return Err(Unsure) };
        if keyword == "schema" {
            self.advance()?;
            let directives = self.directives()?;
            let root_operations = self.root_operations()?;
            if directives.0.is_empty() && root_operations.is_none() {
                return Err(Unsure);
            }
            let root_operations = root_operations.unwrap_or_default();
            return Ok(Ast::SchemaExtension(Node::new(ast::SchemaExtension { directives, root_operations })));
        }
        if !matches!(keyword, "scalar" | "type" | "interface" | "union" | "enum" | "input") {
            return Err(Unsure);
        }
        self.advance()?;
        let name = self.name()?;
        let (definition, any) = match keyword {
            "type" | "interface" => {
                let implements = self.implements()?;
                let directives = self.directives()?;
                let fields = self.fields()?;
                let any = implements.is_some() || !directives.0.is_empty() || fields.is_some();
                let (implements_interfaces, fields) = (implements.unwrap_or_default(), fields.unwrap_or_default());
                let definition = if keyword == "type" {
                    Ast::ObjectTypeExtension(Node::new(ast::ObjectTypeExtension {
                        name,
                        implements_interfaces,
                        directives,
                        fields,
                    }))
                } else {
                    Ast::InterfaceTypeExtension(Node::new(ast::InterfaceTypeExtension {
                        name,
                        implements_interfaces,
                        directives,
                        fields,
                    }))
                };
                (definition, any)
            }
            "union" => {
                let directives = self.directives()?;
                let members = self.members()?;
                let any = !directives.0.is_empty() || members.is_some();
                let members = members.unwrap_or_default();
                (Ast::UnionTypeExtension(Node::new(ast::UnionTypeExtension { name, directives, members })), any)
            }
            "enum" => {
                let directives = self.directives()?;
                let values = self.enum_values()?;
                let any = !directives.0.is_empty() || values.is_some();
                let values = values.unwrap_or_default();
                (Ast::EnumTypeExtension(Node::new(ast::EnumTypeExtension { name, directives, values })), any)
            }
            "input" => {
                let directives = self.directives()?;
                let fields = self.input_fields()?;
                let any = !directives.0.is_empty() || fields.is_some();
                let fields = fields.unwrap_or_default();
                (Ast::InputObjectTypeExtension(Node::new(ast::InputObjectTypeExtension { name, directives, fields })), any)
            }
            _ => {
                let directives = self.directives()?;
                let any = !directives.0.is_empty();
                (Ast::ScalarTypeExtension(Node::new(ast::ScalarTypeExtension { name, directives })), any)
            }
        };
        if !any {
            return Err(Unsure);
        }
        Ok(definition)
    }

    fn directive_definition(&mut self, description: Option<Node<str>>) -> Fast<Ast> {
        self.keyword("directive")?;
        self.expect(Kind::At)?;
        let name = self.name()?;
        let arguments = self.arguments_definition()?.unwrap_or_default();
        let repeatable = self.optional_keyword("repeatable")?;
        self.keyword("on")?;
        let locations = self.delimited_many(Kind::Pipe, Self::directive_location)?;
        Ok(Ast::DirectiveDefinition(Node::new(ast::DirectiveDefinition {
            description,
            name,
            arguments,
            repeatable,
            locations,
        })))
    }

    fn directive_location(&mut self) -> Fast<DirectiveLocation> {
        let found = if self.peek(Kind::Name) { location(self.text()) } else { None };
        let found = found.ok_or(Unsure)?;
        self.advance()?;
        Ok(found)
    }

    // -----------------------------------------------------------------------
    // Parts of definitions

    fn implements(&mut self) -> Fast<Option<Vec<Name>>> {
        if !self.optional_keyword("implements")? {
            return Ok(None);
        }
        self.delimited_many(Kind::Amp, Self::name).map(Some)
    }

    fn members(&mut self) -> Fast<Option<Vec<Name>>> {
        if !self.optional(Kind::Equals)? {
            return Ok(None);
        }
        self.delimited_many(Kind::Pipe, Self::name).map(Some)
    }

    fn fields(&mut self) -> Fast<Option<Vec<Node<ast::FieldDefinition>>>> {
        self.braced(Self::field)
    }

    fn input_fields(&mut self) -> Fast<Option<Vec<Node<ast::InputValueDefinition>>>> {
        self.braced(Self::input_value)
    }

    fn enum_values(&mut self) -> Fast<Option<Vec<Node<ast::EnumValueDefinition>>>> {
        self.braced(Self::enum_value)
    }

    fn braced<T>(&mut self, item: fn(&mut Self) -> Fast<T>) -> Fast<Option<Vec<T>>> {
        self.nested(Kind::BraceL, item, Kind::BraceR)
    }

    fn arguments_definition(&mut self) -> Fast<Option<Vec<Node<ast::InputValueDefinition>>>> {
        self.nested(Kind::ParenL, Self::input_value, Kind::ParenR)
    }

    /// `optional_many`, one level deeper while inside.
    fn nested<T>(&mut self, open: Kind, item: fn(&mut Self) -> Fast<T>, close: Kind) -> Fast<Option<Vec<T>>> {
        if !self.peek(open) {
            return Ok(None);
        }
        self.deeper()?;
        let items = self.optional_many(open, item, close)?;
        self.depth -= 1;
        Ok(items)
    }

    fn field(&mut self) -> Fast<Node<ast::FieldDefinition>> {
        let description = self.description()?;
        let name = self.name()?;
        let arguments = self.arguments_definition()?.unwrap_or_default();
        self.expect(Kind::Colon)?;
        let ty = self.type_reference()?;
        let directives = self.directives()?;
        Ok(Node::new(ast::FieldDefinition { description, name, arguments, ty, directives }))
    }

    fn input_value(&mut self) -> Fast<Node<ast::InputValueDefinition>> {
        let description = self.description()?;
        let name = self.name()?;
        self.expect(Kind::Colon)?;
        let ty = Node::new(self.type_reference()?);
        let default_value = if self.optional(Kind::Equals)? { Some(self.value()?) } else { None };
        let directives = self.directives()?;
        Ok(Node::new(ast::InputValueDefinition { description, name, ty, default_value, directives }))
    }

    fn enum_value(&mut self) -> Fast<Node<ast::EnumValueDefinition>> {
        let description = self.description()?;
        if self.peek(Kind::Name) && matches!(self.text(), "true" | "false" | "null") {
            return Err(Unsure);
        }
        let value = self.name()?;
        let directives = self.directives()?;
        Ok(Node::new(ast::EnumValueDefinition { description, value, directives }))
    }

    fn type_reference(&mut self) -> Fast<ast::Type> {
        let ty = if self.optional(Kind::BracketL)? {
            self.deeper()?;
            let item = self.type_reference()?;
            self.depth -= 1;
            self.expect(Kind::BracketR)?;
            if self.optional(Kind::Bang)? {
                ast::Type::NonNullList(Box::new(item))
            } else {
                ast::Type::List(Box::new(item))
            }
        } else {
            let name = self.name()?;
            if self.optional(Kind::Bang)? {
                ast::Type::NonNullNamed(name)
            } else {
                ast::Type::Named(name)
            }
        };
        Ok(ty)
    }

    fn directives(&mut self) -> Fast<ast::DirectiveList> {
        let mut list = Vec::new();
        while self.optional(Kind::At)? {
            let name = self.name()?;
            let arguments = self.nested(Kind::ParenL, Self::argument, Kind::ParenR)?.unwrap_or_default();
            list.push(Node::new(ast::Directive { name, arguments }));
        }
        Ok(ast::DirectiveList(list))
    }

    fn argument(&mut self) -> Fast<Node<ast::Argument>> {
        let name = self.name()?;
        self.expect(Kind::Colon)?;
        let value = self.value()?;
        Ok(Node::new(ast::Argument { name, value }))
    }

    // -----------------------------------------------------------------------
    // Constant values

    fn value(&mut self) -> Fast<Node<ast::Value>> {
        let value = match self.lexer.token.kind {
            Kind::BracketL => {
                self.deeper()?;
                self.advance()?;
                let mut items = Vec::new();
                while !self.optional(Kind::BracketR)? {
                    items.push(self.value()?);
                }
                self.depth -= 1;
                ast::Value::List(items)
            }
            Kind::BraceL => {
                self.deeper()?;
                self.advance()?;
                let mut fields = Vec::new();
                while !self.optional(Kind::BraceR)? {
                    let name = self.name()?;
                    self.expect(Kind::Colon)?;
                    fields.push((name, self.value()?));
                }
                self.depth -= 1;
                ast::Value::Object(fields)
            }
            Kind::Int => {
                let value = ast::IntValue::new_parsed(self.text());
                self.advance()?;
                ast::Value::Int(value)
            }
            Kind::Float => {
                let value = ast::FloatValue::new_parsed(self.text());
                self.advance()?;
                ast::Value::Float(value)
            }
            Kind::String | Kind::BlockString => ast::Value::String(self.string()?),
            Kind::Name => match self.text() {
                "true" | "false" => {
                    let value = self.text() == "true";
                    self.advance()?;
                    ast::Value::Boolean(value)
                }
                "null" => {
                    self.advance()?;
                    ast::Value::Null
                }
                _ => ast::Value::Enum(self.name()?),
            },
            _ => return Err(Unsure),
        };
        Ok(Node::new(value))
    }
}
