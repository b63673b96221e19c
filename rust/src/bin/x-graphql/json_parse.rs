//! `JSON.parse` for `--config` files, with V8's error messages (Node 20): the
//! npm CLI prints `config file is not valid JSON: <V8 message>`, so the Rust
//! CLI must give the same text. Positions count UTF-16 code units, as in
//! JavaScript. Iterative, so deep nesting cannot overflow the stack.

use serde_json::{Map, Number, Value};

/// Beyond this depth values are still checked but kept as `null`: nothing in a
/// config file can use them, and dropping a deeper `Value` recurses.
const MAX_KEPT_DEPTH: usize = 1_000;

/// V8: `kMaxContextCharacters`, `kMinOriginalSourceLengthForContext`.
const CONTEXT: usize = 10;
const MIN_LENGTH_FOR_CONTEXT: usize = CONTEXT * 2 + 1;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    Eos,
    Number,
    String,
    Other,
}

enum Frame {
    Array(Vec<Value>),
    Object(Map<String, Value>, String),
}

struct Parser<'a> {
    /// The source as UTF-16 code units (JavaScript's view of a string).
    src: &'a [u16],
    pos: usize,
    depth: usize,
}

type Fail = String;

fn token_of(c: Option<u16>) -> Token {
    match c {
        None => Token::Eos,
        Some(c) if c == u16::from(b'"') => Token::String,
        Some(c) if c == u16::from(b'-') || (u16::from(b'0')..=u16::from(b'9')).contains(&c) => Token::Number,
        Some(_) => Token::Other,
    }
}

fn is_ws(c: u16) -> bool {
    c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d
}

fn is_digit(c: Option<u16>) -> bool {
    matches!(c, Some(c) if (0x30..=0x39).contains(&c))
}

impl Parser<'_> {
    fn peek_char(&self) -> Option<u16> {
        self.src.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek_char() {
            if !is_ws(c) {
                break;
            }
            self.pos += 1;
        }
    }

    fn text(&self, from: usize, to: usize) -> String {
        String::from_utf16_lossy(&self.src[from.min(self.src.len())..to.min(self.src.len())])
    }

    /// `ReportUnexpectedToken(token, errorMessage)`.
    fn unexpected(&self, token: Token, message: Option<&str>) -> Fail {
        let pos = self.pos;
        if let Some(m) = message {
            // V8's templates: "... in JSON at position N", but "... after JSON at position N".
            let joint = if m.ends_with("after JSON") { "" } else { " in JSON" };
            return format!("{m}{joint} at position {pos}");
        }
        match token {
            Token::Eos => "Unexpected end of JSON input".to_string(),
            Token::Number => format!("Unexpected number in JSON at position {pos}"),
            Token::String => format!("Unexpected string in JSON at position {pos}"),
            Token::Other => {
                let whole = self.text(0, self.src.len());
                if matches!(whole.as_str(), "[object Object]" | "undefined" | "Infinity" | "NaN") {
                    return format!("\"{whole}\" is not valid JSON");
                }
                let ch = self.text(pos, pos + 1);
                let len = self.src.len();
                if len < MIN_LENGTH_FOR_CONTEXT {
                    format!("Unexpected token '{ch}', \"{whole}\" is not valid JSON")
                } else if pos < CONTEXT {
                    let s = self.text(0, pos + CONTEXT);
                    format!("Unexpected token '{ch}', \"{s}\"... is not valid JSON")
                } else if pos < len - CONTEXT {
                    let s = self.text(pos - CONTEXT, pos + CONTEXT);
                    format!("Unexpected token '{ch}', ...\"{s}\"... is not valid JSON")
                } else {
                    let s = self.text(pos - CONTEXT, len);
                    format!("Unexpected token '{ch}', ...\"{s}\" is not valid JSON")
                }
            }
        }
    }

    /// After whitespace, the next character must be `want`; else the given message.
    fn expect(&mut self, want: u8, message: &str) -> Result<(), Fail> {
        self.skip_ws();
        if self.peek_char() == Some(u16::from(want)) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(token_of(self.peek_char()), Some(message)))
        }
    }

    fn scan_literal(&mut self, word: &str, value: Value) -> Result<Value, Fail> {
        let w: Vec<u16> = word.encode_utf16().collect();
        // The first character was checked by the caller.
        self.pos += 1;
        for &want in &w[1..] {
            match self.peek_char() {
                None => return Err(self.unexpected(Token::Eos, None)),
                Some(c) if c == want => self.pos += 1,
                Some(c) => return Err(self.unexpected(token_of(Some(c)), None)),
            }
        }
        Ok(value)
    }

    fn scan_string(&mut self) -> Result<String, Fail> {
        // At the opening quote.
        self.pos += 1;
        let mut units: Vec<u16> = Vec::new();
        loop {
            let Some(c) = self.peek_char() else {
                return Err(self.unexpected(Token::Other, Some("Unterminated string")));
            };
            if c == u16::from(b'"') {
                self.pos += 1;
                return Ok(String::from_utf16_lossy(&units));
            }
            if c < 0x20 {
                return Err(self.unexpected(Token::Other, Some("Bad control character in string literal")));
            }
            if c != u16::from(b'\\') {
                units.push(c);
                self.pos += 1;
                continue;
            }
            self.pos += 1;
            let Some(e) = self.peek_char() else {
                return Err(self.unexpected(Token::Eos, None));
            };
            let simple = match e {
                0x22 => Some(0x22),
                0x5c => Some(0x5c),
                0x2f => Some(0x2f),
                0x62 => Some(0x08),
                0x66 => Some(0x0c),
                0x6e => Some(0x0a),
                0x72 => Some(0x0d),
                0x74 => Some(0x09),
                _ => None,
            };
            if let Some(u) = simple {
                units.push(u);
                self.pos += 1;
                continue;
            }
            if e != u16::from(b'u') {
                return Err(self.unexpected(Token::Other, Some("Bad escaped character")));
            }
            let mut value: u16 = 0;
            for _ in 0..4 {
                self.pos += 1;
                let digit = self.peek_char().and_then(|d| char::from_u32(u32::from(d))).and_then(|d| d.to_digit(16));
                match digit {
                    Some(d) => value = value * 16 + d as u16,
                    None => return Err(self.unexpected(Token::Other, Some("Bad Unicode escape"))),
                }
            }
            self.pos += 1;
            units.push(value);
        }
    }

    fn advance_digits(&mut self) {
        while is_digit(self.peek_char()) {
            self.pos += 1;
        }
    }

    fn scan_number(&mut self) -> Result<Value, Fail> {
        let start = self.pos;
        if self.peek_char() == Some(u16::from(b'-')) {
            self.pos += 1;
        }
        if self.peek_char() == Some(u16::from(b'0')) {
            self.pos += 1;
            if is_digit(self.peek_char()) {
                return Err(self.unexpected(Token::Number, None));
            }
        } else {
            if !is_digit(self.peek_char()) {
                return Err(self.unexpected(Token::Other, Some("No number after minus sign")));
            }
            self.advance_digits();
        }
        if self.peek_char() == Some(u16::from(b'.')) {
            self.pos += 1;
            if !is_digit(self.peek_char()) {
                return Err(self.unexpected(Token::Other, Some("Unterminated fractional number")));
            }
            self.advance_digits();
        }
        if matches!(self.peek_char(), Some(0x65 | 0x45)) {
            self.pos += 1;
            if matches!(self.peek_char(), Some(0x2b | 0x2d)) {
                self.pos += 1;
            }
            if !is_digit(self.peek_char()) {
                return Err(self.unexpected(Token::Other, Some("Exponent part is missing a number")));
            }
            self.advance_digits();
        }
        let text = self.text(start, self.pos);
        let x: f64 = text.parse().unwrap_or(f64::NAN);
        // JSON.stringify writes a non-finite number as null.
        Ok(Number::from_f64(x).map_or(Value::Null, Value::Number))
    }

    fn keep(&self, v: Value) -> Value {
        if self.depth > MAX_KEPT_DEPTH {
            Value::Null
        } else {
            v
        }
    }

    fn parse(mut self) -> Result<Value, Fail> {
        let mut stack: Vec<Frame> = Vec::new();
        'value: loop {
            // Parse one value (or open a container).
            self.skip_ws();
            let mut value = match self.peek_char() {
                Some(0x22) => Value::String(self.scan_string()?),
                Some(c) if c == u16::from(b'-') || (0x30..=0x39).contains(&c) => self.scan_number()?,
                Some(0x74) => self.scan_literal("true", Value::Bool(true))?,
                Some(0x66) => self.scan_literal("false", Value::Bool(false))?,
                Some(0x6e) => self.scan_literal("null", Value::Null)?,
                Some(0x7b) => {
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek_char() == Some(0x7d) {
                        self.pos += 1;
                        Value::Object(Map::new())
                    } else {
                        if self.peek_char() != Some(0x22) {
                            return Err(self.unexpected(token_of(self.peek_char()), Some("Expected property name or '}'")));
                        }
                        let key = self.scan_string()?;
                        self.expect(b':', "Expected ':' after property name")?;
                        stack.push(Frame::Object(Map::new(), key));
                        self.depth += 1;
                        continue 'value;
                    }
                }
                Some(0x5b) => {
                    self.pos += 1;
                    self.skip_ws();
                    if self.peek_char() == Some(0x5d) {
                        self.pos += 1;
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Frame::Array(Vec::new()));
                        self.depth += 1;
                        continue 'value;
                    }
                }
                c => return Err(self.unexpected(token_of(c), None)),
            };
            // Hand the value to the enclosing containers, closing them as they end.
            loop {
                let Some(frame) = stack.last_mut() else {
                    self.skip_ws();
                    if self.peek_char().is_some() {
                        return Err(self.unexpected(
                            Token::Other,
                            Some("Unexpected non-whitespace character after JSON"),
                        ));
                    }
                    return Ok(value);
                };
                let kept = self.keep(value);
                self.skip_ws();
                match frame {
                    Frame::Array(items) => {
                        items.push(kept);
                        if self.peek_char() == Some(0x2c) {
                            self.pos += 1;
                            continue 'value;
                        }
                        if self.peek_char() != Some(0x5d) {
                            return Err(self.unexpected(
                                token_of(self.peek_char()),
                                Some("Expected ',' or ']' after array element"),
                            ));
                        }
                        self.pos += 1;
                    }
                    Frame::Object(map, key) => {
                        map.insert(std::mem::take(key), kept);
                        if self.peek_char() == Some(0x2c) {
                            self.pos += 1;
                            self.skip_ws();
                            if self.peek_char() != Some(0x22) {
                                return Err(self.unexpected(
                                    token_of(self.peek_char()),
                                    Some("Expected double-quoted property name"),
                                ));
                            }
                            let next = self.scan_string()?;
                            self.expect(b':', "Expected ':' after property name")?;
                            *key = next;
                            continue 'value;
                        }
                        if self.peek_char() != Some(0x7d) {
                            return Err(self.unexpected(
                                token_of(self.peek_char()),
                                Some("Expected ',' or '}' after property value"),
                            ));
                        }
                        self.pos += 1;
                    }
                }
                // The container is complete: it becomes the value for the next level.
                value = match stack.pop() {
                    Some(Frame::Array(items)) => Value::Array(items),
                    Some(Frame::Object(map, _)) => Value::Object(map),
                    None => Value::Null,
                };
                self.depth = self.depth.saturating_sub(1);
            }
        }
    }
}

/// `JSON.parse(text)`: the value, or V8's error message.
pub fn parse(text: &str) -> Result<Value, String> {
    let src: Vec<u16> = text.encode_utf16().collect();
    Parser { src: &src, pos: 0, depth: 0 }.parse()
}

#[cfg(test)]
mod tests {
    use super::parse;

    fn err(t: &str) -> String {
        parse(t).err().unwrap_or_default()
    }

    #[test]
    fn messages_match_v8() {
        let cases: &[(&str, &str)] = &[
            ("{ inlineObjectThreshold: 1 ", "Expected property name or '}' in JSON at position 2"),
            ("", "Unexpected end of JSON input"),
            ("[1", "Expected ',' or ']' after array element in JSON at position 2"),
            ("{\"a\":1,}", "Expected double-quoted property name in JSON at position 7"),
            ("{\"a\" 1}", "Expected ':' after property name in JSON at position 5"),
            ("x", "Unexpected token 'x', \"x\" is not valid JSON"),
            ("tru", "Unexpected end of JSON input"),
            ("{\"a\":1} x", "Unexpected non-whitespace character after JSON at position 8"),
            ("\"abc", "Unterminated string in JSON at position 4"),
            ("{\"a\":\"\\q\"}", "Bad escaped character in JSON at position 7"),
            ("-", "No number after minus sign in JSON at position 1"),
            ("1e", "Exponent part is missing a number in JSON at position 2"),
            ("1.", "Unterminated fractional number in JSON at position 2"),
            ("{\"a\":\"\t\"}", "Bad control character in string literal in JSON at position 6"),
            ("{\"a\":\"\\u12\"}", "Bad Unicode escape in JSON at position 10"),
            ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "Unexpected token 'x', \"xxxxxxxxxx\"... is not valid JSON"),
            ("{\"a\":01}", "Unexpected number in JSON at position 6"),
            ("{\n\"a\":\n}", "Unexpected token '}', \"{\n\"a\":\n}\" is not valid JSON"),
            ("[", "Unexpected end of JSON input"),
            ("{", "Expected property name or '}' in JSON at position 1"),
            ("{\"a\":1", "Expected ',' or '}' after property value in JSON at position 6"),
            ("[1,]", "Unexpected token ']', \"[1,]\" is not valid JSON"),
            ("{\"a\":true1}", "Expected ',' or '}' after property value in JSON at position 9"),
            ("nulll", "Unexpected non-whitespace character after JSON at position 4"),
            ("{\"aaaaaaaaaaa\":1,\"b\":2,\"c\":3,\"d\":x}", "Unexpected token 'x', ...\"\"c\":3,\"d\":x}\" is not valid JSON"),
            ("undefined", "\"undefined\" is not valid JSON"),
            ("NaN", "\"NaN\" is not valid JSON"),
            ("{\"😀\":\"\\x\"}", "Bad escaped character in JSON at position 8"),
            ("\"\\u12", "Bad Unicode escape in JSON at position 5"),
            ("\"\\", "Unexpected end of JSON input"),
            ("tr1", "Unexpected number in JSON at position 2"),
            ("tr\"", "Unexpected string in JSON at position 2"),
            ("[1,2,3,4,5,6,7,8,9,10, x]", "Unexpected token 'x', ...\"7,8,9,10, x]\" is not valid JSON"),
            ("[-01]", "Unexpected number in JSON at position 3"),
            ("[0x]", "Expected ',' or ']' after array element in JSON at position 2"),
            ("{} {}", "Unexpected non-whitespace character after JSON at position 3"),
        ];
        for (text, message) in cases {
            assert_eq!(&err(text), message, "for {text:?}");
        }
    }

    #[test]
    fn values() {
        let v = parse(" {\"a\": [1, -2.5e1, true, null, \"\\u0041\\n\"], \"a\": 3, \"b\": {}} ").unwrap_or_default();
        assert_eq!(v.to_string(), "{\"a\":3.0,\"b\":{}}");
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        assert!(parse(&deep).is_ok());
    }
}
