//! graphql-js 16's syntax errors, reproduced: a recognizer with the lexer and
//! the recursive-descent grammar of graphql-js's `parse` (language/lexer.js,
//! language/parser.js), which builds nothing and stops at the first error
//! with graphql-js's message and position. No twin in js/src: TypeScript gets
//! these from graphql-js itself.
//!
//! `sdl_read` runs it before apollo-compiler's parser, which recovers from
//! errors and words and places them differently, and accepts some text that
//! graphql-js rejects (an argument without `:` and value, for one); so a
//! GRAPHQL_SYNTAX error has the same message, line and column in both
//! implementations. The AST itself still comes from apollo-compiler.
//!
//! Offsets are bytes of the text (graphql-js counts UTF-16 units; both become
//! the same line and column through `load::position_at`). Nesting deeper than
//! `max_depth` (lists, objects, list types, selection sets) stops with an
//! error without a position, as graphql-js does when it runs out of stack.

/// A syntax error: graphql-js's message (with its `Syntax Error: ` prefix) and
/// byte offset; no offset when the document nests too deeply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub offset: Option<usize>,
    pub message: String,
}

type Res<T> = Result<T, SyntaxError>;

use std::borrow::Cow;

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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sof,
    Eof,
    Bang,
    Dollar,
    Amp,
    ParenL,
    ParenR,
    Spread,
    Colon,
    Equals,
    At,
    BracketL,
    BracketR,
    BraceL,
    Pipe,
    BraceR,
    Name,
    Int,
    Float,
    String,
    BlockString,
}

impl Kind {
    /// graphql-js's `getTokenKindDesc`.
    fn desc(self) -> &'static str {
        match self {
            Kind::Sof => "<SOF>",
            Kind::Eof => "<EOF>",
            Kind::Bang => "\"!\"",
            Kind::Dollar => "\"$\"",
            Kind::Amp => "\"&\"",
            Kind::ParenL => "\"(\"",
            Kind::ParenR => "\")\"",
            Kind::Spread => "\"...\"",
            Kind::Colon => "\":\"",
            Kind::Equals => "\"=\"",
            Kind::At => "\"@\"",
            Kind::BracketL => "\"[\"",
            Kind::BracketR => "\"]\"",
            Kind::BraceL => "\"{\"",
            Kind::Pipe => "\"|\"",
            Kind::BraceR => "\"}\"",
            Kind::Name => "Name",
            Kind::Int => "Int",
            Kind::Float => "Float",
            Kind::String => "String",
            Kind::BlockString => "BlockString",
        }
    }
}

#[derive(Debug, Clone)]
struct Token<'t> {
    kind: Kind,
    start: usize,
    end: usize,
    /// Names, numbers and strings (processed: escapes resolved, block strings
    /// dedented). Borrowed from the text unless processing changed it: a
    /// `String` per name token and per character of a string was a third of
    /// this recognizer's instructions (issue #8).
    value: Option<Cow<'t, str>>,
}

impl Token<'_> {
    /// graphql-js's `getTokenDesc`.
    fn desc(&self) -> String {
        match &self.value {
            Some(v) => format!("{} \"{v}\"", self.kind.desc()),
            None => self.kind.desc().to_string(),
        }
    }

    fn is_name(&self, value: &str) -> bool {
        self.kind == Kind::Name && self.value.as_deref() == Some(value)
    }
}

fn error<T>(offset: usize, message: impl AsRef<str>) -> Res<T> {
    Err(SyntaxError { offset: Some(offset), message: format!("Syntax Error: {}", message.as_ref()) })
}

// ---------------------------------------------------------------------------
// The lexer (graphql-js language/lexer.js)

struct Lexer<'t> {
    text: &'t str,
    bytes: &'t [u8],
    token: Token<'t>,
    /// The token after `token`, when `lookahead` has read it.
    next: Option<Token<'t>>,
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_name_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'t> Lexer<'t> {
    fn new(text: &'t str) -> Self {
        Lexer { text, bytes: text.as_bytes(), token: Token { kind: Kind::Sof, start: 0, end: 0, value: None }, next: None }
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// graphql-js's `printCodePointAt`.
    fn print_code_point_at(&self, at: usize) -> String {
        match self.text.get(at..).and_then(|s| s.chars().next()) {
            None => "<EOF>".to_string(),
            Some('"') => "'\"'".to_string(),
            Some(c) if (' '..='~').contains(&c) => format!("\"{c}\""),
            Some(c) => format!("U+{:04X}", u32::from(c)),
        }
    }

    /// The width in bytes of the character at `at` (1 past the end).
    fn char_len(&self, at: usize) -> usize {
        self.text.get(at..).and_then(|s| s.chars().next()).map_or(1, char::len_utf8)
    }

    fn advance(&mut self) -> Res<()> {
        let next = match self.next.take() {
            Some(t) => t,
            None => self.read_token(self.token.end)?,
        };
        self.token = next;
        Ok(())
    }

    fn lookahead(&mut self) -> Res<Token<'t>> {
        if self.token.kind == Kind::Eof {
            return Ok(self.token.clone());
        }
        if self.next.is_none() {
            self.next = Some(self.read_token(self.token.end)?);
        }
        Ok(self.next.clone().unwrap_or_else(|| self.token.clone()))
    }

    fn punct(kind: Kind, start: usize, len: usize) -> Token<'t> {
        Token { kind, start, end: start + len, value: None }
    }

    /// `readNextToken`, comments skipped.
    fn read_token(&self, from: usize) -> Res<Token<'t>> {
        let mut pos = from;
        while let Some(b) = self.byte(pos) {
            let kind = match b {
                b'\t' | b' ' | b',' | b'\n' | b'\r' => {
                    pos += 1;
                    continue;
                }
                0xEF if self.byte(pos + 1) == Some(0xBB) && self.byte(pos + 2) == Some(0xBF) => {
                    pos += 3;
                    continue;
                }
                b'#' => {
                    while !matches!(self.byte(pos), None | Some(b'\n' | b'\r')) {
                        pos += 1;
                    }
                    continue;
                }
                b'!' => Kind::Bang,
                b'$' => Kind::Dollar,
                b'&' => Kind::Amp,
                b'(' => Kind::ParenL,
                b')' => Kind::ParenR,
                b'.' if self.byte(pos + 1) == Some(b'.') && self.byte(pos + 2) == Some(b'.') => {
                    return Ok(Self::punct(Kind::Spread, pos, 3));
                }
                b':' => Kind::Colon,
                b'=' => Kind::Equals,
                b'@' => Kind::At,
                b'[' => Kind::BracketL,
                b']' => Kind::BracketR,
                b'{' => Kind::BraceL,
                b'|' => Kind::Pipe,
                b'}' => Kind::BraceR,
                b'"' if self.byte(pos + 1) == Some(b'"') && self.byte(pos + 2) == Some(b'"') => {
                    return self.read_block_string(pos);
                }
                b'"' => return self.read_string(pos),
                b'0'..=b'9' | b'-' => return self.read_number(pos),
                b if is_name_start(b) => {
                    let mut end = pos + 1;
                    while self.byte(end).is_some_and(is_name_continue) {
                        end += 1;
                    }
                    let value = self.text.get(pos..end).map(Cow::Borrowed);
                    return Ok(Token { kind: Kind::Name, start: pos, end, value });
                }
                b'\'' => {
                    return error(pos, "Unexpected single quote character ('), did you mean to use a double quote (\")?")
                }
                _ => return error(pos, format!("Unexpected character: {}.", self.print_code_point_at(pos))),
            };
            return Ok(Self::punct(kind, pos, 1));
        }
        Ok(Token { kind: Kind::Eof, start: self.bytes.len(), end: self.bytes.len(), value: None })
    }

    fn read_number(&self, start: usize) -> Res<Token<'t>> {
        let mut pos = start;
        let mut is_float = false;
        if self.byte(pos) == Some(b'-') {
            pos += 1;
        }
        if self.byte(pos) == Some(b'0') {
            pos += 1;
            if self.byte(pos).is_some_and(|b| b.is_ascii_digit()) {
                return error(pos, format!("Invalid number, unexpected digit after 0: {}.", self.print_code_point_at(pos)));
            }
        } else {
            pos = self.read_digits(pos)?;
        }
        if self.byte(pos) == Some(b'.') {
            is_float = true;
            pos = self.read_digits(pos + 1)?;
        }
        if matches!(self.byte(pos), Some(b'e' | b'E')) {
            is_float = true;
            pos += 1;
            if matches!(self.byte(pos), Some(b'+' | b'-')) {
                pos += 1;
            }
            pos = self.read_digits(pos)?;
        }
        if self.byte(pos).is_some_and(|b| b == b'.' || is_name_start(b)) {
            return error(pos, format!("Invalid number, expected digit but got: {}.", self.print_code_point_at(pos)));
        }
        let kind = if is_float { Kind::Float } else { Kind::Int };
        Ok(Token { kind, start, end: pos, value: self.text.get(start..pos).map(Cow::Borrowed) })
    }

    fn read_digits(&self, start: usize) -> Res<usize> {
        if !self.byte(start).is_some_and(|b| b.is_ascii_digit()) {
            return error(start, format!("Invalid number, expected digit but got: {}.", self.print_code_point_at(start)));
        }
        let mut pos = start + 1;
        while self.byte(pos).is_some_and(|b| b.is_ascii_digit()) {
            pos += 1;
        }
        Ok(pos)
    }

    fn read_string(&self, start: usize) -> Res<Token<'t>> {
        let mut pos = start + 1;
        // The value is the text itself up to the first escape; from there an
        // owned copy, extended by runs of plain text (`run` starts the current one).
        let mut owned: Option<String> = None;
        let mut run = pos;
        while let Some(b) = self.byte(pos) {
            match b {
                b'"' => {
                    let plain = self.text.get(run..pos).unwrap_or_default();
                    let value = match owned {
                        None => Cow::Borrowed(plain),
                        Some(mut v) => {
                            v.push_str(plain);
                            Cow::Owned(v)
                        }
                    };
                    return Ok(Token { kind: Kind::String, start, end: pos + 1, value: Some(value) });
                }
                b'\\' => {
                    let (c, size) = if self.byte(pos + 1) == Some(b'u') {
                        if self.byte(pos + 2) == Some(b'{') {
                            self.escaped_unicode_variable(pos)?
                        } else {
                            self.escaped_unicode_fixed(pos)?
                        }
                    } else {
                        self.escaped_character(pos)?
                    };
                    let value = owned.get_or_insert_with(String::new);
                    value.push_str(self.text.get(run..pos).unwrap_or_default());
                    value.push(c);
                    pos += size;
                    run = pos;
                }
                b'\n' | b'\r' => break,
                // Byte by byte: the bytes of a multi-byte character are never
                // the ASCII bytes matched above, so a run ends on a character boundary.
                _ => pos += 1,
            }
        }
        error(pos, "Unterminated string.")
    }

    /// The text of an escape for a message: `size` UTF-16 units from `at`.
    fn escape_text(&self, at: usize, size: usize) -> String {
        let mut units = 0;
        let mut out = String::new();
        for c in self.text.get(at..).unwrap_or_default().chars() {
            if units >= size {
                break;
            }
            units += c.len_utf16();
            out.push(c);
        }
        out
    }

    fn escaped_unicode_variable(&self, at: usize) -> Res<(char, usize)> {
        let mut point: i64 = 0;
        let mut size = 3;
        while size < 12 {
            let b = self.byte(at + size);
            size += 1;
            if b == Some(b'}') {
                if size < 5 {
                    break;
                }
                match u32::try_from(point).ok().and_then(char::from_u32) {
                    Some(c) => return Ok((c, size)),
                    None => break,
                }
            }
            let digit = b.and_then(|b| (b as char).to_digit(16));
            match digit {
                Some(d) => point = (point << 4) | i64::from(d),
                None => break,
            }
            if point > 0x7fff_ffff {
                break;
            }
        }
        error(at, format!("Invalid Unicode escape sequence: \"{}\".", self.escape_text(at, size)))
    }

    fn hex4(&self, at: usize) -> Option<u32> {
        let mut v = 0;
        for i in 0..4 {
            v = (v << 4) | (self.byte(at + i)? as char).to_digit(16)?;
        }
        Some(v)
    }

    fn escaped_unicode_fixed(&self, at: usize) -> Res<(char, usize)> {
        if let Some(code) = self.hex4(at + 2) {
            if let Some(c) = char::from_u32(code) {
                return Ok((c, 6));
            }
            if (0xd800..=0xdbff).contains(&code) && self.byte(at + 6) == Some(b'\\') && self.byte(at + 7) == Some(b'u') {
                if let Some(trail) = self.hex4(at + 8).filter(|t| (0xdc00..=0xdfff).contains(t)) {
                    let point = 0x10000 + ((code - 0xd800) << 10) + (trail - 0xdc00);
                    if let Some(c) = char::from_u32(point) {
                        return Ok((c, 12));
                    }
                }
            }
        }
        error(at, format!("Invalid Unicode escape sequence: \"{}\".", self.escape_text(at, 6)))
    }

    fn escaped_character(&self, at: usize) -> Res<(char, usize)> {
        let c = match self.byte(at + 1) {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            _ => return error(at, format!("Invalid character escape sequence: \"{}\".", self.escape_text(at, 2))),
        };
        Ok((c, 2))
    }

    fn read_block_string(&self, start: usize) -> Res<Token<'t>> {
        let mut pos = start + 3;
        let mut chunk_start = pos;
        let mut current = String::new();
        let mut lines: Vec<String> = Vec::new();
        while let Some(b) = self.byte(pos) {
            if b == b'"' && self.byte(pos + 1) == Some(b'"') && self.byte(pos + 2) == Some(b'"') {
                current.push_str(self.text.get(chunk_start..pos).unwrap_or_default());
                lines.push(current);
                let value = dedent_block_string_lines(&lines).join("\n");
                return Ok(Token { kind: Kind::BlockString, start, end: pos + 3, value: Some(Cow::Owned(value)) });
            }
            if b == b'\\'
                && self.byte(pos + 1) == Some(b'"')
                && self.byte(pos + 2) == Some(b'"')
                && self.byte(pos + 3) == Some(b'"')
            {
                current.push_str(self.text.get(chunk_start..pos).unwrap_or_default());
                chunk_start = pos + 1;
                pos += 4;
                continue;
            }
            if b == b'\n' || b == b'\r' {
                current.push_str(self.text.get(chunk_start..pos).unwrap_or_default());
                lines.push(std::mem::take(&mut current));
                pos += if b == b'\r' && self.byte(pos + 1) == Some(b'\n') { 2 } else { 1 };
                chunk_start = pos;
                continue;
            }
            pos += self.char_len(pos);
        }
        error(pos, "Unterminated string.")
    }
}

/// graphql-js's `dedentBlockStringLines`.
fn dedent_block_string_lines(lines: &[String]) -> Vec<String> {
    let mut common = usize::MAX;
    let mut first_non_empty: Option<usize> = None;
    let mut last_non_empty: Option<usize> = None;
    for (i, line) in lines.iter().enumerate() {
        let indent = line.bytes().take_while(|b| *b == b' ' || *b == b'\t').count();
        if indent == line.len() {
            continue;
        }
        first_non_empty.get_or_insert(i);
        last_non_empty = Some(i);
        if i != 0 && indent < common {
            common = indent;
        }
    }
    let Some(last) = last_non_empty else { return Vec::new() };
    let first = first_non_empty.unwrap_or(0);
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| if i == 0 { line.clone() } else { line.get(common.min(line.len())..).unwrap_or_default().to_string() })
        .skip(first)
        .take(last + 1 - first)
        .collect()
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
