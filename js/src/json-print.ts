/**
 * The ordered JSON printer of the graphql-to-json direction (record 0028):
 * byte for byte what `JSON.stringify(value, null, 2) + "\n"` gives for our
 * trees, written out so that rust/src/json_print.rs can do exactly the same.
 *
 * - Objects print their keys in insertion order (`keysOf`), arrays in order.
 * - Two spaces per level; `key: value` with one space after the colon; an
 *   empty object is `{}` and an empty array `[]`; one trailing newline.
 * - Numbers are ECMAScript `Number::toString` (`formatNumber`): `1`, `1.5`,
 *   `1e+21`, `1e-7`, `-0` as `0`.
 * - Strings escape `"` and `\` with a backslash, \b \f \n \r \t by their short
 *   forms, the other code points below U+0020 and lone surrogates as `\u` with
 *   four lower-case hex digits; everything else is written as it is.
 *
 * Recursive: the trees of the reverse direction nest at most about 140
 * levels (literals and list types are limited to 128 by sdl-read). Shared
 * vectors: fixtures/helpers/json-print.json.
 */
import { isObject, keysOf, type JsonValue } from './load';
import { formatNumber } from './text';

export function printJson(value: JsonValue): string {
  const out: string[] = [];
  write(value, '', out);
  out.push('\n');
  return out.join('');
}

function write(v: JsonValue, indent: string, out: string[]): void {
  if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push('[]');
      return;
    }
    const inner = indent + '  ';
    out.push('[\n', inner);
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(',\n', inner);
      write(v[i], inner, out);
    }
    out.push('\n', indent, ']');
  } else if (isObject(v)) {
    const keys = keysOf(v);
    if (keys.length === 0) {
      out.push('{}');
      return;
    }
    const inner = indent + '  ';
    out.push('{\n', inner);
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) out.push(',\n', inner);
      out.push(jsonString(keys[i]), ': ');
      write(v[keys[i]], inner, out);
    }
    out.push('\n', indent, '}');
  } else {
    out.push(scalar(v));
  }
}

function scalar(v: JsonValue): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return jsonString(v);
    case 'number':
      return formatNumber(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return 'null';
  }
}

const SHORT: Record<number, string> = { 0x08: '\\b', 0x09: '\\t', 0x0a: '\\n', 0x0c: '\\f', 0x0d: '\\r', 0x22: '\\"', 0x5c: '\\\\' };

/** A JSON string literal, escaped exactly as `JSON.stringify` does (well-formed: lone surrogates escaped). */
export function jsonString(s: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f"\\\ud800-\udfff]/.test(s)) return '"' + s + '"';
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let escape: string | undefined;
    if (c < 0x20 || c === 0x22 || c === 0x5c) {
      escape = SHORT[c] ?? hex(c);
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) {
      i++; // a surrogate pair: one code point, written as it is
    } else if (c >= 0xd800 && c <= 0xdfff) {
      escape = hex(c); // a lone surrogate
    }
    if (escape !== undefined) {
      out += s.slice(start, i) + escape;
      start = i + 1;
    }
  }
  return out + s.slice(start) + '"';
}

function hex(c: number): string {
  return '\\u' + c.toString(16).padStart(4, '0');
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
