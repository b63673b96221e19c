//! Determinism helpers for text. Each one has a twin in js/src/text.ts and both
//! are checked against the shared vectors in fixtures/helpers/text.json, so any
//! change here must be made there too.
//!
//! Lengths and character classes are defined on Unicode code points (`char`),
//! never on bytes, because that is what the TypeScript side counts.

use std::borrow::Cow;

/// Bytes read as text as Node's 'utf8' decoding reads them: invalid sequences
/// become U+FFFD (record 0040). Valid input, the usual case, is checked by
/// `String::from_utf8` and kept as it is: its ASCII fast path is several times
/// quicker than `from_utf8_lossy`'s scan (4.6% of `convert -r`'s instructions
/// on the batch corpus), and the bytes are not copied.
pub fn decode_utf8(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Number of Unicode code points.
pub fn code_point_length(s: &str) -> usize {
    s.chars().count()
}

/// Lower-cases A-Z only, like the TypeScript `asciiLower`.
pub fn ascii_lower(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// Upper-cases a-z only, like the TypeScript `asciiUpper`.
pub fn ascii_upper(s: &str) -> String {
    s.to_ascii_uppercase()
}

/// The control characters a GraphQL source may not carry literally in a
/// string, plus U+007F-U+009F which graphql-js escapes too.
fn is_escaped_control(c: char) -> bool {
    c <= '\u{1f}' || ('\u{7f}'..='\u{9f}').contains(&c)
}

/// The bytes that may begin a code point `push_string` escapes: the ASCII controls,
/// the quote, the backslash, DEL, and 0xC2, the lead byte of U+0080 - U+009F (and of
/// other code points, which the decoding loop then passes).
static MAY_ESCAPE: [bool; 256] = byte_set(0x20, b"\"\\\x7f\xc2");

/// A table of the 256 byte values marking every byte below `below` and each of
/// `bytes`: a byte scan tests one entry instead of several comparisons.
pub const fn byte_set(below: u8, bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < below as usize {
        table[b] = true;
        b += 1;
    }
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}

/// A GraphQL string literal, byte-for-byte what graphql-js v16 `printString` produces.
pub fn print_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_string(&mut out, s);
    out
}

/// `print_string`, pushed onto `out`. Runs of characters that need no escape are
/// copied whole.
pub fn push_string(out: &mut String, s: &str) {
    out.push('"');
    // Most strings need no escape: a byte table finds the first byte that may start
    // one, and code points are decoded only from there (decoding every one was most
    // of printing descriptions, by callgrind).
    let start = s.bytes().position(|b| MAY_ESCAPE[usize::from(b)]).unwrap_or(s.len());
    let mut run = 0;
    for (i, c) in s.get(start..).unwrap_or_default().char_indices() {
        let i = start + i;
        let escape = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\u{08}' => "\\b",
            '\u{0c}' => "\\f",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            c if is_escaped_control(c) => "",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        run = i + c.len_utf8();
        if escape.is_empty() {
            out.push_str(&format!("\\u{:04X}", u32::from(c)));
        } else {
            out.push_str(escape);
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

fn is_blank_line(line: &str) -> bool {
    line.chars().all(|c| c == ' ' || c == '\t')
}

/// Rule C1: can `print_block_string` carry `s` so that a GraphQL parser reads
/// back exactly `s`? Block strings normalise `\r`, forbid most controls, drop
/// leading and trailing blank lines and strip the common indentation; trailing
/// blanks are excluded because the SDL must have no trailing spaces.
pub fn is_block_string_safe(s: &str) -> bool {
    if s.chars()
        .any(|c| c != '\n' && c != '\t' && is_escaped_control(c))
    {
        return false;
    }
    let lines: Vec<&str> = s.split('\n').collect();
    let (Some(first), Some(last)) = (lines.first(), lines.last()) else {
        return false;
    };
    if is_blank_line(first) || is_blank_line(last) {
        return false;
    }
    let mut all_indented = true;
    for line in &lines {
        if line.ends_with([' ', '\t']) {
            return false;
        }
        if !is_blank_line(line) && !line.starts_with([' ', '\t']) {
            all_indented = false;
        }
    }
    !all_indented
}

/// The block form, without a trailing newline. Only meaningful when
/// `is_block_string_safe(s)`; empty lines get no indent so none has trailing spaces.
pub fn print_block_string(s: &str, indent: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2 * indent.len() + 8);
    push_block_string(&mut out, s, indent);
    out
}

fn push_block_string(out: &mut String, s: &str, indent: &str) {
    out.push_str(indent);
    out.push_str("\"\"\"\n");
    let escaped = if s.contains("\"\"\"") { Cow::Owned(s.replace("\"\"\"", "\\\"\"\"")) } else { Cow::Borrowed(s) };
    for line in escaped.split('\n') {
        if !line.is_empty() {
            out.push_str(indent);
            out.push_str(line);
        }
        out.push('\n');
    }
    out.push_str(indent);
    out.push_str("\"\"\"");
}

/// `push_description` into a new string ("" when there is nothing to print, D13).
pub fn print_description(s: &str, indent: &str, threshold: usize) -> String {
    let mut out = String::new();
    push_description(&mut out, s, indent, threshold);
    out
}

/// A description as the printer writes it before a definition: a block string
/// when it has a line break or is longer than `threshold` code points (and a
/// block string can carry it), else a string; with its newline.
pub fn push_description(out: &mut String, s: &str, indent: &str, threshold: usize) {
    if s.is_empty() {
        return;
    }
    // No more code points than bytes: a short text needs no count.
    let long = s.len() > threshold && code_point_length(s) > threshold;
    if (long || s.contains('\n')) && is_block_string_safe(s) {
        push_block_string(out, s, indent);
    } else {
        out.push_str(indent);
        push_string(out, s);
    }
    out.push('\n');
}

/// Splits Rust's `{:e}` output "d.ddde-5" into ("dddd", -5).
fn sci_parts(sci: &str) -> (String, i64) {
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let digits = mantissa.chars().filter(char::is_ascii_digit).collect();
    (digits, exp.parse().unwrap_or(0))
}

/// Shortest round-trip digits of a finite positive `x` and the exponent of the
/// first one, chosen as ECMAScript Number::toString chooses them.
fn shortest_digits(x: f64) -> (String, i64) {
    // Rust's `{:e}` already gives the fewest digits that round-trip, closest to
    // x; it differs from ECMAScript only on an exact tie between two such
    // candidates, where Rust rounds half up and ECMAScript picks the even one
    // (1365275948099087.25 -> ...087.2 in V8, ...087.3 in Rust).
    let (digits, exp) = sci_parts(&format!("{x:e}"));
    if ends_even(&digits) {
        return (digits, exp);
    }
    // A tie means x's exact decimal expansion (at most 767 significant digits)
    // is the k digits of one candidate plus a final 5.
    let (exact, exact_exp) = sci_parts(&format!("{x:.800e}"));
    let exact = exact.trim_end_matches('0');
    let k = digits.len();
    let lo = match exact.get(..k) {
        Some(lo) if exact.len() == k + 1 && exact.ends_with('5') && exact_exp == exp => lo,
        _ => return (digits, exp),
    };
    let other = if lo == digits {
        decimal_increment(lo)
    } else {
        Some(lo.to_string())
    };
    match other {
        Some(other)
            if other.len() == k
                && ends_even(&other)
                && format!("{other}e{}", exp - (k as i64 - 1)).parse::<f64>() == Ok(x) =>
        {
            (other, exp)
        }
        _ => (digits, exp),
    }
}

/// Whether the last decimal digit is even (b'0' is even, so the byte's parity is the digit's).
fn ends_even(digits: &str) -> bool {
    digits.bytes().last().is_some_and(|d| d.is_multiple_of(2))
}

/// Adds one to a string of decimal digits; None when it carries out of the
/// leading digit (a candidate with a different exponent, never a tie partner).
fn decimal_increment(digits: &str) -> Option<String> {
    let mut bytes = digits.as_bytes().to_vec();
    for b in bytes.iter_mut().rev() {
        if *b == b'9' {
            *b = b'0';
        } else {
            *b += 1;
            return String::from_utf8(bytes).ok();
        }
    }
    None
}

/// ECMAScript `Number::toString(x)` (radix 10). -0 prints as "0"; NaN and the
/// infinities cannot come from JSON but are printed as JavaScript would.
pub fn format_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    // An integer below 2^53 is exact: its shortest digits are its own and no tie is
    // possible, so it is its decimal text (the tie check formats 800 digits: ~40,000
    // instructions, 2% of a conversion through printed defaults and bounds).
    if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
        return (x as i64).to_string();
    }
    format_finite(x)
}

/// `format_number` of a finite, non-zero number by the spec's steps.
fn format_finite(x: f64) -> String {
    // The spec's terms: x = 0.digits * 10^n with k digits.
    let (digits, exp) = shortest_digits(x.abs());
    let k = digits.len() as i64;
    let n = exp + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        // 0 < n < k here, so the split is inside the (ASCII) digits.
        let (int, frac) = digits.split_at_checked(n as usize).unwrap_or((&digits, ""));
        format!("{int}.{frac}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let sign = if n - 1 < 0 { '-' } else { '+' };
        let (first, rest) = digits.split_at_checked(1).unwrap_or((&digits, ""));
        if rest.is_empty() {
            format!("{first}e{sign}{}", (n - 1).abs())
        } else {
            format!("{first}.{rest}e{sign}{}", (n - 1).abs())
        }
    };
    if x < 0.0 {
        format!("-{body}")
    } else {
        body
    }
}

/// FNV-1a 32-bit over the UTF-8 bytes, as 8 lower-case hex digits (D17 `hash` naming).
pub fn fnv1a32(s: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in s.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code point that `push_string` escapes starts with a byte of `MAY_ESCAPE`,
    /// so the byte scan never passes one.
    #[test]
    fn may_escape_holds_the_first_byte_of_every_escaped_code_point() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            if c == '"' || c == '\\' || is_escaped_control(c) {
                let mut buf = [0u8; 4];
                let first = c.encode_utf8(&mut buf).as_bytes()[0];
                assert!(MAY_ESCAPE[usize::from(first)], "{c:?}");
            }
        }
        assert_eq!(print_string("plain \u{a9} text"), "\"plain \u{a9} text\"");
        assert_eq!(print_string("a\u{85}b\"c"), "\"a\\u0085b\\\"c\"");
    }

    /// The integer fast path of `format_number` gives the spec's steps' text.
    #[test]
    fn integer_fast_path_matches_the_general_path() {
        let mut samples: Vec<f64> = (1..5000).map(f64::from).collect();
        let mut p = 1.0_f64;
        while p < 9_007_199_254_740_992.0 {
            samples.extend([p, p - 1.0, p + 1.0, p * 3.0 - 1.0, p * 10.0 - 7.0]);
            p *= 2.0;
        }
        samples.extend([1e15 + 1.0, 1e15 + 3.0, 123_456_789_012_345.0, 9_007_199_254_740_991.0, 1e20, 1e21]);
        for x in samples.into_iter().filter(|x| *x >= 1.0 && *x < 9_007_199_254_740_992.0) {
            assert_eq!(format_number(x), format_finite(x), "{x}");
            assert_eq!(format_number(-x), format!("-{}", format_finite(x)), "-{x}");
        }
    }
}
