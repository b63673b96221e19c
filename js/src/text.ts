/**
 * Determinism helpers for text. Each one has a twin in rust/src/text.rs and
 * both are checked against the shared vectors in fixtures/helpers/text.json,
 * so any change here must be made there too.
 *
 * Lengths and character classes are defined on Unicode code points, never on
 * UTF-16 units, because that is what Rust's `char` sees.
 */

/** Number of Unicode code points (a lone surrogate counts as one). */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Lower-cases A-Z only: locale- and Unicode-independent, like Rust's to_ascii_lowercase. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/** Upper-cases a-z only: locale- and Unicode-independent, like Rust's to_ascii_uppercase. */
export function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}

/** Escapes of the characters graphql-js v16 `printString` rewrites; everything else is literal. */
function escapeChar(code: number): string | undefined {
  switch (code) {
    case 0x22: return '\\"';
    case 0x5c: return '\\\\';
    case 0x08: return '\\b';
    case 0x0c: return '\\f';
    case 0x0a: return '\\n';
    case 0x0d: return '\\r';
    case 0x09: return '\\t';
  }
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) {
    return '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
  }
  return undefined;
}

/** A GraphQL string literal, byte-for-byte what graphql-js v16 `printString` produces. */
export function printString(s: string): string {
  // Every escaped character is in the BMP, so UTF-16 units are safe here.
  // eslint-disable-next-line no-control-regex
  return '"' + s.replace(/[\x00-\x1f\x22\x5c\x7f-\x9f]/g, (c) => escapeChar(c.charCodeAt(0)) ?? c) + '"';
}

function isBlankLine(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

/**
 * Rule C1: can `printBlockString` carry `s` so that a GraphQL parser reads back
 * exactly `s`? Block strings normalise `\r`, forbid most controls, drop leading
 * and trailing blank lines and strip the common indentation; trailing blanks
 * are excluded because the SDL must have no trailing spaces.
 */
export function isBlockStringSafe(s: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(s)) return false;
  const lines = s.split('\n');
  if (isBlankLine(lines[0]!) || isBlankLine(lines[lines.length - 1]!)) return false;
  let allIndented = true;
  for (const line of lines) {
    if (/[ \t]$/.test(line)) return false;
    if (!isBlankLine(line) && !/^[ \t]/.test(line)) allIndented = false;
  }
  return !allIndented;
}

/**
 * The block form, without a trailing newline. Only meaningful when
 * `isBlockStringSafe(s)`; empty lines get no indent so none has trailing spaces.
 */
export function printBlockString(s: string, indent: string): string {
  let out = indent + '"""\n';
  for (const line of s.replace(/"""/g, '\\"""').split('\n')) {
    out += line === '' ? '\n' : indent + line + '\n';
  }
  return out + indent + '"""';
}

/**
 * A description line (or block) with its trailing newline, or '' when there is
 * nothing to print (D13). Block form for multi-line or long text when C1 allows.
 */
export function printDescription(s: string, indent: string, threshold: number): string {
  if (s === '') return '';
  if ((s.includes('\n') || codePointLength(s) > threshold) && isBlockStringSafe(s)) {
    return printBlockString(s, indent) + '\n';
  }
  return indent + printString(s) + '\n';
}

/** ECMAScript Number::toString; -0 prints as "0" (JSON input has no NaN/Infinity). */
export function formatNumber(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

/** FNV-1a 32-bit over the UTF-8 bytes, as 8 lower-case hex digits (D17 `hash` naming). */
export function fnv1a32(s: string): string {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(s, 'utf8')) {
    h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
