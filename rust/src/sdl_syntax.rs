//! graphql-js 16's syntax errors, reproduced: a recognizer with the lexer
//! (sdl_lexer.rs) and the recursive-descent grammar of graphql-js's `parse`
//! (language/lexer.js, language/parser.js), which builds nothing and stops at the first error
//! with graphql-js's message and position. No twin in js/src: TypeScript gets
//! these from graphql-js itself.
//!
//! `sdl_read` runs it before apollo-compiler's parser, which recovers from
//! errors and words and places them differently, and accepts some text that
//! graphql-js rejects (an argument without `:` and value, for one); so a
//! GRAPHQL_SYNTAX error has the same message, line and column in both
//! implementations. sdl_fast_parse.rs builds most documents' AST from the same
//! lexer (record 0062); the others' AST comes from apollo-compiler.
//!
//! Offsets are bytes of the text (graphql-js counts UTF-16 units; both become
//! the same line and column through `load::position_at`). Nesting deeper than
//! `max_depth` (lists, objects, list types, selection sets) stops with an
//! error without a position, as graphql-js does when it runs out of stack.
// Reached from outside only through the hidden, semver-exempt `__private` (record 0087).
#![allow(missing_docs)]

/// A syntax error: graphql-js's message (with its `Syntax Error: ` prefix) and
/// byte offset; no offset when the document nests too deeply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub offset: Option<usize>,
    pub message: String,
}

pub(crate) type Res<T> = Result<T, SyntaxError>;

use std::borrow::Cow;

use crate::sdl_lexer::{Kind, Lexer, Token};

/// Checks `text` (without a leading BOM) against graphql-js's grammar. On
/// success, the offset of the first executable definition (operation or
/// fragment), if any: graphql-js parses those, apollo-compiler's parser not
/// all of them (a description on an operation), and they are an error anyway.
pub fn check_syntax(text: &str, max_depth: usize) -> Res<Option<usize>> {
    if let Some(offset) = too_deep(text) {
        return Err(SyntaxError {
            offset: Some(offset),
            message: format!("the document nests deeper than {MAX_BRACKET_DEPTH} levels"),
        });
    }
    let mut p = Parser { lexer: Lexer::new(text), depth: 0, max_depth, first_executable: None };
    p.parse_document()?;
    Ok(p.first_executable)
}

/// `(`, `[` and `{` may nest this deep (the twin of sdl-read.ts MAX_SDL_DEPTH):
/// as for JSON, a deeper document is refused at the bracket that opens level
/// 1,001, before any parser recurses (graphql-js would run out of stack).
pub const MAX_BRACKET_DEPTH: usize = 1_000;

/// The offset of the bracket that opens level MAX_BRACKET_DEPTH + 1, counted
/// over the tokens; nothing when the document stays within the limit or has a
/// lexical error first (the parse then reports that error).
fn too_deep(text: &str) -> Option<usize> {
    // Fewer brackets than the limit cannot nest past it: no lexing needed.
    if text.bytes().filter(|b| matches!(b, b'(' | b'[' | b'{')).count() <= MAX_BRACKET_DEPTH {
        return None;
    }
    let mut lexer = Lexer::new(text);
    let mut depth = 0usize;
    loop {
        lexer.advance().ok()?;
        match lexer.token.kind {
            Kind::Eof => return None,
            Kind::ParenL | Kind::BracketL | Kind::BraceL => {
                depth += 1;
                if depth > MAX_BRACKET_DEPTH {
                    return Some(lexer.token.start);
                }
            }
            Kind::ParenR | Kind::BracketR | Kind::BraceR => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
}

pub(crate) fn error<T>(offset: usize, message: impl AsRef<str>) -> Res<T> {
    Err(SyntaxError { offset: Some(offset), message: format!("Syntax Error: {}", message.as_ref()) })
}

// ---------------------------------------------------------------------------
// The grammar (graphql-js language/parser.js), recognizing only

/// graphql-js 16.15 also accepts `DIRECTIVE_DEFINITION` (a proposal, not in
/// the GraphQL specification); apollo-compiler and the catalog do not, so it is
/// left out here and in js/src/sdl-parse.ts alike.
const DIRECTIVE_LOCATIONS: [&str; 19] = [
    "QUERY",
    "MUTATION",
    "SUBSCRIPTION",
    "FIELD",
    "FRAGMENT_DEFINITION",
    "FRAGMENT_SPREAD",
    "INLINE_FRAGMENT",
    "VARIABLE_DEFINITION",
    "SCHEMA",
    "SCALAR",
    "OBJECT",
    "FIELD_DEFINITION",
    "ARGUMENT_DEFINITION",
    "INTERFACE",
    "UNION",
    "ENUM",
    "ENUM_VALUE",
    "INPUT_OBJECT",
    "INPUT_FIELD_DEFINITION",
];

struct Parser<'t> {
    lexer: Lexer<'t>,
    depth: usize,
    max_depth: usize,
    first_executable: Option<usize>,
}

impl<'t> Parser<'t> {
    fn token(&self) -> &Token<'t> {
        &self.lexer.token
    }

    fn peek(&self, kind: Kind) -> bool {
        self.lexer.token.kind == kind
    }

    fn expect_token(&mut self, kind: Kind) -> Res<()> {
        if self.peek(kind) {
            return self.lexer.advance();
        }
        let t = self.token();
        error(t.start, format!("Expected {}, found {}.", kind.desc(), t.desc()))
    }

    fn expect_optional_token(&mut self, kind: Kind) -> Res<bool> {
        if self.peek(kind) {
            self.lexer.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn expect_keyword(&mut self, value: &str) -> Res<()> {
        if self.token().is_name(value) {
            return self.lexer.advance();
        }
        let t = self.token();
        error(t.start, format!("Expected \"{value}\", found {}.", t.desc()))
    }

    fn expect_optional_keyword(&mut self, value: &str) -> Res<bool> {
        if self.token().is_name(value) {
            self.lexer.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn unexpected<T>(&self, token: Option<&Token>) -> Res<T> {
        let t = token.unwrap_or(&self.lexer.token);
        error(t.start, format!("Unexpected {}.", t.desc()))
    }

    fn deeper(&mut self) -> Res<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(SyntaxError { offset: None, message: "the document nests too deeply to be parsed".into() });
        }
        Ok(())
    }

    /// `many`: open, one or more items, close.
    fn many(&mut self, open: Kind, item: fn(&mut Self) -> Res<()>, close: Kind) -> Res<()> {
        self.expect_token(open)?;
        loop {
            item(self)?;
            if self.expect_optional_token(close)? {
                return Ok(());
            }
        }
    }

    /// `optionalMany`: nothing, or open, one or more items, close; whether there were items.
    fn optional_many(&mut self, open: Kind, item: fn(&mut Self) -> Res<()>, close: Kind) -> Res<bool> {
        if !self.expect_optional_token(open)? {
            return Ok(false);
        }
        loop {
            item(self)?;
            if self.expect_optional_token(close)? {
                return Ok(true);
            }
        }
    }

    /// `any`: open, zero or more items, close.
    fn any(&mut self, open: Kind, item: fn(&mut Self) -> Res<()>, close: Kind) -> Res<()> {
        self.expect_token(open)?;
        while !self.expect_optional_token(close)? {
            item(self)?;
        }
        Ok(())
    }

    /// `delimitedMany`: an optional leading delimiter, then items separated by it.
    fn delimited_many(&mut self, delimiter: Kind, item: fn(&mut Self) -> Res<()>) -> Res<()> {
        self.expect_optional_token(delimiter)?;
        loop {
            item(self)?;
            if !self.expect_optional_token(delimiter)? {
                return Ok(());
            }
        }
    }

    fn parse_name(&mut self) -> Res<()> {
        self.expect_token(Kind::Name)
    }

    fn parse_document(&mut self) -> Res<()> {
        self.many(Kind::Sof, Self::parse_definition, Kind::Eof)
    }

    fn peek_description(&self) -> bool {
        self.peek(Kind::String) || self.peek(Kind::BlockString)
    }

    fn parse_description(&mut self) -> Res<()> {
        if self.peek_description() {
            self.lexer.advance()?;
        }
        Ok(())
    }

    fn parse_definition(&mut self) -> Res<()> {
        let start = self.token().start;
        let executable = self.parse_definition_kind()?;
        if executable && self.first_executable.is_none() {
            self.first_executable = Some(start);
        }
        Ok(())
    }

    /// Whether the definition was an executable one.
    fn parse_definition_kind(&mut self) -> Res<bool> {
        let executable = |r: Res<()>| r.map(|()| true);
        let type_system = |r: Res<()>| r.map(|()| false);
        if self.peek(Kind::BraceL) {
            return executable(self.parse_operation_definition());
        }
        let has_description = self.peek_description();
        let keyword = if has_description { self.lexer.lookahead()? } else { self.token().clone() };
        if has_description && keyword.kind == Kind::BraceL {
            return error(
                self.token().start,
                "Unexpected description, descriptions are not supported on shorthand queries.",
            );
        }
        if keyword.kind == Kind::Name {
            match keyword.value.as_deref() {
                Some("schema") => return type_system(self.parse_schema_definition()),
                Some("scalar") => return type_system(self.parse_type_definition("scalar")),
                Some("type") => return type_system(self.parse_type_definition("type")),
                Some("interface") => return type_system(self.parse_type_definition("interface")),
                Some("union") => return type_system(self.parse_type_definition("union")),
                Some("enum") => return type_system(self.parse_type_definition("enum")),
                Some("input") => return type_system(self.parse_type_definition("input")),
                Some("directive") => return type_system(self.parse_directive_definition()),
                Some("query" | "mutation" | "subscription") => return executable(self.parse_operation_definition()),
                Some("fragment") => return executable(self.parse_fragment_definition()),
                _ => {}
            }
            if has_description {
                return error(
                    self.token().start,
                    "Unexpected description, only GraphQL definitions support descriptions.",
                );
            }
            if keyword.value.as_deref() == Some("extend") {
                return type_system(self.parse_type_system_extension());
            }
        }
        self.unexpected(Some(&keyword))
    }

    // Operations

    fn parse_operation_definition(&mut self) -> Res<()> {
        if self.peek(Kind::BraceL) {
            return self.parse_selection_set();
        }
        self.parse_description()?;
        self.parse_operation_type()?;
        if self.peek(Kind::Name) {
            self.parse_name()?;
        }
        self.optional_many(Kind::ParenL, Self::parse_variable_definition, Kind::ParenR)?;
        self.parse_directives(false)?;
        self.parse_selection_set()
    }

    fn parse_operation_type(&mut self) -> Res<()> {
        let t = self.token().clone();
        self.expect_token(Kind::Name)?;
        match t.value.as_deref() {
            Some("query" | "mutation" | "subscription") => Ok(()),
            _ => self.unexpected(Some(&t)),
        }
    }

    fn parse_variable_definition(&mut self) -> Res<()> {
        self.parse_description()?;
        self.parse_variable()?;
        self.expect_token(Kind::Colon)?;
        self.parse_type_reference()?;
        if self.expect_optional_token(Kind::Equals)? {
            self.parse_value_literal(true)?;
        }
        self.parse_directives(true)
    }

    fn parse_variable(&mut self) -> Res<()> {
        self.expect_token(Kind::Dollar)?;
        self.parse_name()
    }

    fn parse_selection_set(&mut self) -> Res<()> {
        self.deeper()?;
        self.many(Kind::BraceL, Self::parse_selection, Kind::BraceR)?;
        self.depth -= 1;
        Ok(())
    }

    fn parse_selection(&mut self) -> Res<()> {
        if self.peek(Kind::Spread) {
            self.parse_fragment()
        } else {
            self.parse_field()
        }
    }

    fn parse_field(&mut self) -> Res<()> {
        self.parse_name()?;
        if self.expect_optional_token(Kind::Colon)? {
            self.parse_name()?;
        }
        self.parse_arguments(false)?;
        self.parse_directives(false)?;
        if self.peek(Kind::BraceL) {
            self.parse_selection_set()?;
        }
        Ok(())
    }

    fn parse_arguments(&mut self, is_const: bool) -> Res<()> {
        let item: fn(&mut Self) -> Res<()> =
            if is_const { |p| p.parse_argument(true) } else { |p| p.parse_argument(false) };
        self.optional_many(Kind::ParenL, item, Kind::ParenR).map(|_| ())
    }

    fn parse_argument(&mut self, is_const: bool) -> Res<()> {
        self.parse_name()?;
        self.expect_token(Kind::Colon)?;
        self.parse_value_literal(is_const)
    }

    fn parse_fragment(&mut self) -> Res<()> {
        self.expect_token(Kind::Spread)?;
        let has_type_condition = self.expect_optional_keyword("on")?;
        if !has_type_condition && self.peek(Kind::Name) {
            self.parse_fragment_name()?;
            return self.parse_directives(false);
        }
        if has_type_condition {
            self.parse_name()?;
        }
        self.parse_directives(false)?;
        self.parse_selection_set()
    }

    fn parse_fragment_definition(&mut self) -> Res<()> {
        self.parse_description()?;
        self.expect_keyword("fragment")?;
        self.parse_fragment_name()?;
        self.expect_keyword("on")?;
        self.parse_name()?;
        self.parse_directives(false)?;
        self.parse_selection_set()
    }

    fn parse_fragment_name(&mut self) -> Res<()> {
        if self.token().value.as_deref() == Some("on") {
            return self.unexpected(None);
        }
        self.parse_name()
    }

    // Values

    fn parse_value_literal(&mut self, is_const: bool) -> Res<()> {
        let t = self.token().clone();
        match t.kind {
            Kind::BracketL => {
                self.deeper()?;
                let item: fn(&mut Self) -> Res<()> =
                    if is_const { |p| p.parse_value_literal(true) } else { |p| p.parse_value_literal(false) };
                self.any(Kind::BracketL, item, Kind::BracketR)?;
                self.depth -= 1;
                Ok(())
            }
            Kind::BraceL => {
                self.deeper()?;
                let item: fn(&mut Self) -> Res<()> =
                    if is_const { |p| p.parse_object_field(true) } else { |p| p.parse_object_field(false) };
                self.any(Kind::BraceL, item, Kind::BraceR)?;
                self.depth -= 1;
                Ok(())
            }
            Kind::Int | Kind::Float | Kind::String | Kind::BlockString | Kind::Name => self.lexer.advance(),
            Kind::Dollar if is_const => {
                self.expect_token(Kind::Dollar)?;
                let next = self.token();
                if next.kind == Kind::Name {
                    let name = next.value.clone().map(Cow::into_owned).unwrap_or_default();
                    return error(t.start, format!("Unexpected variable \"${name}\" in constant value."));
                }
                self.unexpected(Some(&t))
            }
            Kind::Dollar => self.parse_variable(),
            _ => self.unexpected(None),
        }
    }

    fn parse_object_field(&mut self, is_const: bool) -> Res<()> {
        self.parse_name()?;
        self.expect_token(Kind::Colon)?;
        self.parse_value_literal(is_const)
    }

    // Directives

    /// Whether there were any.
    fn parse_directives(&mut self, is_const: bool) -> Res<()> {
        self.parse_directives_any(is_const).map(|_| ())
    }

    fn parse_directives_any(&mut self, is_const: bool) -> Res<bool> {
        let mut any = false;
        while self.peek(Kind::At) {
            self.expect_token(Kind::At)?;
            self.parse_name()?;
            self.parse_arguments(is_const)?;
            any = true;
        }
        Ok(any)
    }

    // Types

    fn parse_type_reference(&mut self) -> Res<()> {
        if self.expect_optional_token(Kind::BracketL)? {
            self.deeper()?;
            self.parse_type_reference()?;
            self.depth -= 1;
            self.expect_token(Kind::BracketR)?;
        } else {
            self.parse_name()?;
        }
        self.expect_optional_token(Kind::Bang)?;
        Ok(())
    }

    // Type definitions

    fn parse_schema_definition(&mut self) -> Res<()> {
        self.parse_description()?;
        self.expect_keyword("schema")?;
        self.parse_directives(true)?;
        self.many(Kind::BraceL, Self::parse_operation_type_definition, Kind::BraceR)
    }

    fn parse_operation_type_definition(&mut self) -> Res<()> {
        self.parse_operation_type()?;
        self.expect_token(Kind::Colon)?;
        self.parse_name()
    }

    /// `scalar`, `type`, `interface`, `union`, `enum`, `input` definitions.
    fn parse_type_definition(&mut self, keyword: &str) -> Res<()> {
        self.parse_description()?;
        self.expect_keyword(keyword)?;
        self.parse_name()?;
        match keyword {
            "type" | "interface" => {
                self.parse_implements_interfaces()?;
                self.parse_directives(true)?;
                self.optional_many(Kind::BraceL, Self::parse_field_definition, Kind::BraceR)?;
            }
            "union" => {
                self.parse_directives(true)?;
                self.parse_union_member_types()?;
            }
            "enum" => {
                self.parse_directives(true)?;
                self.optional_many(Kind::BraceL, Self::parse_enum_value_definition, Kind::BraceR)?;
            }
            "input" => {
                self.parse_directives(true)?;
                self.optional_many(Kind::BraceL, Self::parse_input_value_def, Kind::BraceR)?;
            }
            _ => self.parse_directives(true)?,
        }
        Ok(())
    }

    /// Whether there were any.
    fn parse_implements_interfaces(&mut self) -> Res<bool> {
        if self.expect_optional_keyword("implements")? {
            self.delimited_many(Kind::Amp, Self::parse_name)?;
            return Ok(true);
        }
        Ok(false)
    }

    fn parse_field_definition(&mut self) -> Res<()> {
        self.parse_description()?;
        self.parse_name()?;
        self.optional_many(Kind::ParenL, Self::parse_input_value_def, Kind::ParenR)?;
        self.expect_token(Kind::Colon)?;
        self.parse_type_reference()?;
        self.parse_directives(true)
    }

    fn parse_input_value_def(&mut self) -> Res<()> {
        self.parse_description()?;
        self.parse_name()?;
        self.expect_token(Kind::Colon)?;
        self.parse_type_reference()?;
        if self.expect_optional_token(Kind::Equals)? {
            self.parse_value_literal(true)?;
        }
        self.parse_directives(true)
    }

    /// Whether there were any.
    fn parse_union_member_types(&mut self) -> Res<bool> {
        if self.expect_optional_token(Kind::Equals)? {
            self.delimited_many(Kind::Pipe, Self::parse_name)?;
            return Ok(true);
        }
        Ok(false)
    }

    fn parse_enum_value_definition(&mut self) -> Res<()> {
        self.parse_description()?;
        let t = self.token();
        if t.kind == Kind::Name && matches!(t.value.as_deref(), Some("true" | "false" | "null")) {
            return error(t.start, format!("{} is reserved and cannot be used for an enum value.", t.desc()));
        }
        self.parse_name()?;
        self.parse_directives(true)
    }

    fn parse_type_system_extension(&mut self) -> Res<()> {
        let keyword = self.lexer.lookahead()?;
        let kind = match (keyword.kind, keyword.value.as_deref()) {
            (Kind::Name, Some(k @ ("schema" | "scalar" | "type" | "interface" | "union" | "enum" | "input"))) => {
                k.to_string()
            }
            _ => return self.unexpected(Some(&keyword)),
        };
        self.expect_keyword("extend")?;
        self.expect_keyword(&kind)?;
        let any = match kind.as_str() {
            "schema" => {
                let directives = self.parse_directives_any(true)?;
                let operations = self.optional_many(Kind::BraceL, Self::parse_operation_type_definition, Kind::BraceR)?;
                directives || operations
            }
            "type" | "interface" => {
                self.parse_name()?;
                let interfaces = self.parse_implements_interfaces()?;
                let directives = self.parse_directives_any(true)?;
                let fields = self.optional_many(Kind::BraceL, Self::parse_field_definition, Kind::BraceR)?;
                interfaces || directives || fields
            }
            "union" => {
                self.parse_name()?;
                let directives = self.parse_directives_any(true)?;
                let members = self.parse_union_member_types()?;
                directives || members
            }
            "enum" => {
                self.parse_name()?;
                let directives = self.parse_directives_any(true)?;
                let values = self.optional_many(Kind::BraceL, Self::parse_enum_value_definition, Kind::BraceR)?;
                directives || values
            }
            "input" => {
                self.parse_name()?;
                let directives = self.parse_directives_any(true)?;
                let fields = self.optional_many(Kind::BraceL, Self::parse_input_value_def, Kind::BraceR)?;
                directives || fields
            }
            _ => {
                self.parse_name()?;
                self.parse_directives_any(true)?
            }
        };
        if !any {
            return self.unexpected(None);
        }
        Ok(())
    }

    fn parse_directive_definition(&mut self) -> Res<()> {
        self.parse_description()?;
        self.expect_keyword("directive")?;
        self.expect_token(Kind::At)?;
        self.parse_name()?;
        self.optional_many(Kind::ParenL, Self::parse_input_value_def, Kind::ParenR)?;
        self.expect_optional_keyword("repeatable")?;
        self.expect_keyword("on")?;
        self.delimited_many(Kind::Pipe, Self::parse_directive_location)
    }

    fn parse_directive_location(&mut self) -> Res<()> {
        let t = self.token().clone();
        self.parse_name()?;
        if t.value.as_deref().is_some_and(|v| DIRECTIVE_LOCATIONS.contains(&v)) {
            return Ok(());
        }
        self.unexpected(Some(&t))
    }
}
