//! sdl_lexer: graphql-js 16's lexer (language/lexer.js), reproduced for sdl_syntax's
//! recognizer: the same tokens, block-string values and syntax errors (message and
//! byte offset). No twin in js/src: TypeScript lexes with graphql-js itself.

use std::borrow::Cow;

use crate::sdl_syntax::{error, Res};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
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
    pub(crate) fn desc(self) -> &'static str {
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
pub(crate) struct Token<'t> {
    pub(crate) kind: Kind,
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// Names, numbers and strings (processed: escapes resolved, block strings
    /// dedented). Borrowed from the text unless processing changed it: a
    /// `String` per name token and per character of a string was a third of
    /// this recognizer's instructions (issue #8).
    pub(crate) value: Option<Cow<'t, str>>,
}

impl Token<'_> {
    /// graphql-js's `getTokenDesc`.
    pub(crate) fn desc(&self) -> String {
        match &self.value {
            Some(v) => format!("{} \"{v}\"", self.kind.desc()),
            None => self.kind.desc().to_string(),
        }
    }

    pub(crate) fn is_name(&self, value: &str) -> bool {
        self.kind == Kind::Name && self.value.as_deref() == Some(value)
    }
}


// ---------------------------------------------------------------------------
// The lexer (graphql-js language/lexer.js)

pub(crate) struct Lexer<'t> {
    pub(crate) text: &'t str,
    pub(crate) bytes: &'t [u8],
    pub(crate) token: Token<'t>,
    /// The token after `token`, when `lookahead` has read it.
    pub(crate) next: Option<Token<'t>>,
}

pub(crate) fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

pub(crate) fn is_name_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'t> Lexer<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Lexer { text, bytes: text.as_bytes(), token: Token { kind: Kind::Sof, start: 0, end: 0, value: None }, next: None }
    }

    pub(crate) fn byte(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    /// graphql-js's `printCodePointAt`.
    pub(crate) fn print_code_point_at(&self, at: usize) -> String {
        match self.text.get(at..).and_then(|s| s.chars().next()) {
            None => "<EOF>".to_string(),
            Some('"') => "'\"'".to_string(),
            Some(c) if (' '..='~').contains(&c) => format!("\"{c}\""),
            Some(c) => format!("U+{:04X}", u32::from(c)),
        }
    }

    /// The width in bytes of the character at `at` (1 past the end).
    pub(crate) fn char_len(&self, at: usize) -> usize {
        self.text.get(at..).and_then(|s| s.chars().next()).map_or(1, char::len_utf8)
    }

    pub(crate) fn advance(&mut self) -> Res<()> {
        let next = match self.next.take() {
            Some(t) => t,
            None => self.read_token(self.token.end)?,
        };
        self.token = next;
        Ok(())
    }

    pub(crate) fn lookahead(&mut self) -> Res<Token<'t>> {
        if self.token.kind == Kind::Eof {
            return Ok(self.token.clone());
        }
        if self.next.is_none() {
            self.next = Some(self.read_token(self.token.end)?);
        }
        Ok(self.next.clone().unwrap_or_else(|| self.token.clone()))
    }

    pub(crate) fn punct(kind: Kind, start: usize, len: usize) -> Token<'t> {
        Token { kind, start, end: start + len, value: None }
    }

    /// `readNextToken`, comments skipped.
    pub(crate) fn read_token(&self, from: usize) -> Res<Token<'t>> {
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

    pub(crate) fn read_number(&self, start: usize) -> Res<Token<'t>> {
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

    pub(crate) fn read_digits(&self, start: usize) -> Res<usize> {
        if !self.byte(start).is_some_and(|b| b.is_ascii_digit()) {
            return error(start, format!("Invalid number, expected digit but got: {}.", self.print_code_point_at(start)));
        }
        let mut pos = start + 1;
        while self.byte(pos).is_some_and(|b| b.is_ascii_digit()) {
            pos += 1;
        }
        Ok(pos)
    }

    pub(crate) fn read_string(&self, start: usize) -> Res<Token<'t>> {
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
    pub(crate) fn escape_text(&self, at: usize, size: usize) -> String {
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

    pub(crate) fn escaped_unicode_variable(&self, at: usize) -> Res<(char, usize)> {
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

    pub(crate) fn hex4(&self, at: usize) -> Option<u32> {
        let mut v = 0;
        for i in 0..4 {
            v = (v << 4) | (self.byte(at + i)? as char).to_digit(16)?;
        }
        Some(v)
    }

    pub(crate) fn escaped_unicode_fixed(&self, at: usize) -> Res<(char, usize)> {
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

    pub(crate) fn escaped_character(&self, at: usize) -> Res<(char, usize)> {
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

    pub(crate) fn read_block_string(&self, start: usize) -> Res<Token<'t>> {
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
pub(crate) fn dedent_block_string_lines(lines: &[String]) -> Vec<String> {
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

/// `text` with every comma between tokens (an ignored token, as white space is)
/// written as a space: the same document to graphql-js, at the same byte offsets.
/// apollo-parser refuses a comma in a few places graphql-js allows one (between a
/// description and its definition), so sdl_read hands it this text (record 0028).
/// Text that does not lex is returned as it is (the recognizer reports it first).
pub(crate) fn commas_blanked(text: &str) -> Cow<'_, str> {
    if !text.contains(',') {
        return Cow::Borrowed(text);
    }
    let lexer = Lexer::new(text);
    let mut out = text.as_bytes().to_vec();
    let mut from = 0;
    loop {
        let Ok(token) = lexer.read_token(from) else { return Cow::Borrowed(text) };
        for byte in out.get_mut(from..token.start).unwrap_or_default() {
            if *byte == b',' {
                *byte = b' ';
            }
        }
        if token.kind == Kind::Eof {
            break;
        }
        from = token.end;
    }
    // Only ASCII commas became ASCII spaces, so the bytes are still UTF-8.
    String::from_utf8(out).map_or(Cow::Borrowed(text), Cow::Owned)
}
