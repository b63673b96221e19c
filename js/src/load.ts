/**
 * load: JSON text -> order-preserving JSON tree, with syntax errors that carry
 * a line and column (`positionAt`); locate.ts maps a JSON pointer back to a line
 * and column for any later diagnostic.
 *
 * Both implementations (this file and rust/src/load.rs) follow the same rules,
 * checked by the shared vectors in fixtures/helpers/load.json:
 *
 * - Strict RFC 8259 JSON: whitespace is only space, tab, LF and CR; no comments,
 *   trailing commas, single quotes, leading zeros, NaN/Infinity, raw control
 *   characters in strings, or escapes of lone surrogates.
 * - One leading U+FEFF (BOM) is skipped; it is not a column.
 * - Positions: 1-based line and column; columns count Unicode code points.
 *   A line break is LF, CR LF (one break) or a lone CR.
 * - Nesting deeper than 1,000 levels is an error at the bracket that opens
 *   level 1,001. The parsers and `locate` are iterative, so this is a policy
 *   for the stages after load: it keeps every tree shallow enough for
 *   recursive walks (in Rust, serde_json's `Value` clones, compares, prints
 *   and drops recursively; at 10,000 levels a clone of nested objects needs
 *   about 8 MiB of stack even in a release build).
 * - A number whose value overflows to infinity is an error ("Number out of
 *   range"); numbers are IEEE doubles (integers too).
 * - Duplicate keys: the last value wins, at the position of the first key.
 *
 * The fast path is `JSON.parse`, taken when the text holds no escaped
 * surrogate (which must be checked for lone halves), and kept when its result
 * is no deeper than the limit, has no infinite number and no object with an
 * integer-like key (which `JSON.parse` moves to the front; such a key is then
 * the object's first key), all found in one walk over the tree. Otherwise, and
 * whenever `JSON.parse` throws, our own parser runs, and its message and
 * position are what is reported (never those of `JSON.parse`). Objects from
 * either are ordinary objects: read them with `keysOf` and `own` only.
 */
import { ConversionError, ErrorCodes } from './errors';

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** The maximum nesting depth of arrays and objects. */
export const MAX_DEPTH = 1000;

/** Objects built by our parser record their key order here (non-enumerable). */
const KEY_ORDER: unique symbol = Symbol('x-graphql.keyOrder');

type Ordered = JsonObject & { [KEY_ORDER]?: string[] };

const hasOwn = Object.prototype.hasOwnProperty;

/** The keys of an object in document order (use this, never `Object.keys`). */
export function keysOf(obj: JsonObject): string[] {
  const order = (obj as Ordered)[KEY_ORDER];
  return order !== undefined ? order.slice() : Object.keys(obj);
}

/**
 * A new object with these members in this order (`__proto__` an own data
 * property), readable with `keysOf` in that order even for integer-like keys.
 */
export function orderedObject(entries: ReadonlyArray<readonly [string, JsonValue]>): JsonObject {
  const obj: JsonObject = {};
  for (const [k, v] of entries) Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
  const keys = entries.map(([k]) => k);
  const engine = Object.keys(obj);
  if (engine.length !== keys.length || engine.some((k, i) => k !== keys[i])) {
    Object.defineProperty(obj, KEY_ORDER, { value: keys, enumerable: false });
  }
  return obj;
}

/** An own property only: `own({}, 'constructor')` is undefined. */
export function own(obj: JsonObject, key: string): JsonValue | undefined {
  return hasOwn.call(obj, key) ? obj[key] : undefined;
}

/** A JSON object (non-null, not an array). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep equality of JSON values (object key order does not matter). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = keysOf(a);
    const kb = keysOf(b);
    return ka.length === kb.length && ka.every((k) => jsonEqual(a[k], own(b, k)));
  }
  return false;
}

/** `base` followed by one pointer segment per argument, with `~` and `/` escaped. */
export function pointerJoin(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const s of segments) out += '/' + pointerSegment(typeof s === 'number' ? String(s) : s);
  return out;
}

/** One pointer segment, escaped (RFC 6901). */
export function pointerSegment(t: string): string {
  // most segments need no escape: skip the two regex replaces for them
  return t.indexOf('~') < 0 && t.indexOf('/') < 0 ? t : t.replace(/~/g, '~0').replace(/\//g, '~1');
}

// ---------------------------------------------------------------------------
// loadJson

/** An escaped surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * A number that may overflow to infinity: an exponent of three or more digits,
 * or 309 digits in a row. A match inside a string costs only time.
 */
const HUGE_NUMBER = /[0-9][eE][+-]?[0-9]{3}|[0-9]{309}/;

/**
 * Whether a duplicate key may have hidden a number that overflows to infinity
 * from `JSON.parse` (the last duplicate wins), which leaves the text not JSON
 * for us (and for serde_json). Every member has one `:`, so when the text has
 * no more colons than the tree has keys, nothing was hidden; otherwise (a
 * duplicate, or a colon in a string) the slower scan for such numbers decides.
 */
function mayHideHugeNumber(text: string, keys: number): boolean {
  let colons = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    if (++colons > keys) return HUGE_NUMBER.test(text);
  }
  return false;
}

/**
 * Parses JSON text into a tree. Throws only `ConversionError` with code
 * `JSON_SYNTAX` (and the 1-based line and column of the offending character).
 */
export function loadJson(text: string, file?: string): JsonValue {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // (Integer-like keys used to be found by a regex over the whole text: needsOwnParser
  // finds them in the tree it walks anyway, which costs nothing extra.)
  if (!(text.includes('\\u') && SURROGATE_ESCAPE.test(text))) {
    let value: JsonValue | undefined;
    try {
      value = JSON.parse(text) as JsonValue;
    } catch {
      // our parser reports the error, with our message and position
    }
    const keys = { count: 0 };
    if (value !== undefined && !needsOwnParser(value, keys) && !mayHideHugeNumber(text, keys.count)) return value;
  }
  return new Parser(text, file).parse();
}

/**
 * Whether a `JSON.parse` result breaks one of our rules: nesting deeper than
 * MAX_DEPTH, or a number that overflowed to infinity (our parser then runs to
 * report the error), or an object with an integer-like key, whose key order
 * `JSON.parse` changed (our parser then runs to keep the document's order).
 * The engine enumerates integer keys first, so the first key tells.
 * Iterative, and cheaper than a scan of the text.
 */
function needsOwnParser(root: JsonValue, keys: { count: number }): boolean {
  if (typeof root !== 'object' || root === null) return typeof root === 'number' && !Number.isFinite(root);
  const stack: JsonValue[] = [root];
  const depths: number[] = [1];
  for (;;) {
    const v = stack.pop();
    if (v === undefined) return false;
    const depth = depths.pop()!;
    if (depth > MAX_DEPTH) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'object') {
          if (x !== null) {
            stack.push(x);
            depths.push(depth + 1);
          }
        } else if (typeof x === 'number' && !Number.isFinite(x)) return true;
      }
    } else {
      const obj = v as JsonObject;
      let first = true;
      for (const k in obj) {
        keys.count++;
        if (first) {
          if (isIntegerLike(k)) return true;
          first = false;
        }
        const x = obj[k];
        if (typeof x === 'object') {
          if (x !== null) {
            stack.push(x);
            depths.push(depth + 1);
          }
        } else if (typeof x === 'number' && !Number.isFinite(x)) return true;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Our parser

interface Frame {
  /** The array, or the object being filled. */
  container: JsonValue[] | JsonObject;
  isObject: boolean;
  /** Object frames: the key whose value is being parsed, and the key order. */
  key: string;
  keys: string[] | undefined;
}

/**
 * Our strict, iterative parser (the fallback of `loadJson`, exported for tests).
 * Objects are ordinary ones (`__proto__` is an own data property, never the
 * prototype) and record their key order when it differs from the engine's.
 */
export function parseStrict(text: string, file?: string): JsonValue {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return new Parser(text, file).parse();
}

export const enum Ch {
  Tab = 0x09,
  Lf = 0x0a,
  Cr = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Apostrophe = 0x27,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Slash = 0x2f,
  Star = 0x2a,
  Zero = 0x30,
  Nine = 0x39,
  Colon = 0x3a,
  UpperE = 0x45,
  LBracket = 0x5b,
  Backslash = 0x5c,
  RBracket = 0x5d,
  LowerE = 0x65,
  LBrace = 0x7b,
  RBrace = 0x7d,
}

export class Parser {
  private pos = 0;
  /** End of the last string read by readString. */
  stringEnd = 0;

  constructor(
    private readonly text: string,
    private readonly file: string | undefined,
  ) {}

  parse(): JsonValue {
    const text = this.text;
    const stack: Frame[] = [];
    this.skipWs();
    if (this.pos >= text.length) throw this.errorAt(0, 'Empty input');
    let expected = 'a value';
    let value: JsonValue;
    for (;;) {
      // --- a value starts here
      this.skipWs();
      const start = this.pos;
      const c = text.charCodeAt(start);
      if (c === Ch.LBrace || c === Ch.LBracket) {
        if (stack.length >= MAX_DEPTH) throw this.errorAt(start, `Nesting deeper than ${MAX_DEPTH} levels`);
        this.pos++;
        this.skipWs();
        if (c === Ch.LBrace) {
          const obj: JsonObject = {};
          if (text.charCodeAt(this.pos) === Ch.RBrace) {
            this.pos++;
            value = obj;
          } else {
            const key = this.readKey(`a string key or '}'`);
            stack.push({ container: obj, isObject: true, key, keys: undefined });
            expected = 'a value';
            continue;
          }
        } else {
          const arr: JsonValue[] = [];
          if (text.charCodeAt(this.pos) === Ch.RBracket) {
            this.pos++;
            value = arr;
          } else {
            stack.push({ container: arr, isObject: false, key: '', keys: undefined });
            expected = `a value or ']'`;
            continue;
          }
        }
      } else if (c === Ch.Quote) {
        value = this.readString(start);
        this.pos = this.stringEnd;
      } else if (c === Ch.Minus || (c >= Ch.Zero && c <= Ch.Nine)) {
        value = this.readNumber(start);
      } else if (c === 0x74) {
        this.readLiteral('true');
        value = true;
      } else if (c === 0x66) {
        this.readLiteral('false');
        value = false;
      } else if (c === 0x6e) {
        this.readLiteral('null');
        value = null;
      } else {
        throw this.unexpected(start, expected, true);
      }

      // --- a value is complete: attach it, then read what follows
      for (;;) {
        const frame = stack[stack.length - 1];
        if (frame === undefined) {
          this.skipWs();
          if (this.pos < text.length) throw this.unexpected(this.pos, 'end of input', false);
          return value;
        }
        if (frame.isObject) {
          const obj = frame.container as JsonObject;
          const key = frame.key;
          if (frame.keys !== undefined) {
            if (!hasOwn.call(obj, key)) frame.keys.push(key);
          } else if (isIntegerLike(key) && !hasOwn.call(obj, key)) {
            // from here on the engine's order (integer keys first) is not the
            // document's: record it (the keys so far are in insertion order)
            frame.keys = Object.keys(obj);
            frame.keys.push(key);
          }
          if (key === '__proto__') {
            // an own data property, never the prototype setter
            Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
          } else {
            obj[key] = value;
          }
        } else {
          (frame.container as JsonValue[]).push(value);
        }
        this.skipWs();
        const p = this.pos;
        const d = text.charCodeAt(p);
        if (d === Ch.Comma) {
          this.pos++;
          this.skipWs();
          const e = text.charCodeAt(this.pos);
          if (e === (frame.isObject ? Ch.RBrace : Ch.RBracket)) throw this.errorAt(p, 'Trailing comma');
          if (frame.isObject) frame.key = this.readKey('a string key');
          expected = 'a value';
          break;
        }
        if (d === (frame.isObject ? Ch.RBrace : Ch.RBracket)) {
          this.pos++;
          stack.pop();
          if (frame.keys !== undefined) {
            Object.defineProperty(frame.container, KEY_ORDER, { value: frame.keys, enumerable: false });
          }
          value = frame.container;
          continue;
        }
        throw this.unexpected(p, frame.isObject ? `',' or '}'` : `',' or ']'`, false);
      }
    }
  }

  private skipWs(): void {
    const text = this.text;
    let p = this.pos;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab) p++;
      else break;
    }
    this.pos = p;
  }

  /** Reads `"key"` and the `:` after it (the position is at the key). */
  private readKey(expected: string): string {
    const p = this.pos;
    if (this.text.charCodeAt(p) !== Ch.Quote) throw this.unexpected(p, expected, true);
    const key = this.readString(p);
    this.pos = this.stringEnd;
    this.skipWs();
    if (this.text.charCodeAt(this.pos) !== Ch.Colon) throw this.unexpected(this.pos, `':'`, false);
    this.pos++;
    return key;
  }

  /** Reads the string whose opening quote is at `start`; sets `stringEnd`. */
  readString(start: number): string {
    const text = this.text;
    const n = text.length;
    let p = start + 1;
    let out = '';
    let run = p;
    for (;;) {
      if (p >= n) throw this.errorAt(n, 'Unexpected end of input');
      const c = text.charCodeAt(p);
      if (c === Ch.Quote) {
        this.stringEnd = p + 1;
        return run === start + 1 ? text.slice(run, p) : out + text.slice(run, p);
      }
      if (c < 0x20) throw this.errorAt(p, `Control character ${codePointName(c)} in string`);
      if (c !== Ch.Backslash) {
        p++;
        continue;
      }
      out += text.slice(run, p);
      if (p + 1 >= n) throw this.errorAt(n, 'Unexpected end of input');
      const e = text.charCodeAt(p + 1);
      switch (e) {
        case Ch.Quote:
          out += '"';
          break;
        case Ch.Backslash:
          out += '\\';
          break;
        case Ch.Slash:
          out += '/';
          break;
        case 0x62:
          out += '\b';
          break;
        case 0x66:
          out += '\f';
          break;
        case 0x6e:
          out += '\n';
          break;
        case 0x72:
          out += '\r';
          break;
        case 0x74:
          out += '\t';
          break;
        case 0x75: {
          const u = this.readHex4(p);
          if (u >= 0xdc00 && u <= 0xdfff) throw this.errorAt(p, `Lone surrogate ${text.slice(p, p + 6)}`);
          if (u >= 0xd800 && u <= 0xdbff) {
            const low =
              text.charCodeAt(p + 6) === Ch.Backslash && text.charCodeAt(p + 7) === 0x75 ? hex4(text, p + 8) : -1;
            if (low < 0xdc00 || low > 0xdfff) throw this.errorAt(p, `Lone surrogate ${text.slice(p, p + 6)}`);
            out += String.fromCharCode(u, low);
            p += 12;
          } else {
            out += String.fromCharCode(u);
            p += 6;
          }
          run = p;
          continue;
        }
        default:
          throw this.errorAt(p, `Invalid escape ${escapeName(text.codePointAt(p + 1)!)}`);
      }
      p += 2;
      run = p;
    }
  }

  /** The value of `\uXXXX` at `p` (the backslash); errors for a short or bad escape. */
  private readHex4(p: number): number {
    const n = this.text.length;
    for (let i = p + 2; i < p + 6; i++) {
      if (i >= n) throw this.errorAt(n, 'Unexpected end of input');
      if (hexDigit(this.text.charCodeAt(i)) < 0) throw this.errorAt(p, 'Invalid escape \\u (expected 4 hex digits)');
    }
    return hex4(this.text, p + 2);
  }

  private readNumber(start: number): number {
    const text = this.text;
    let p = start;
    if (text.charCodeAt(p) === Ch.Minus) p++;
    if (text.charCodeAt(p) === Ch.Zero) {
      const d = text.charCodeAt(p + 1);
      if (d >= Ch.Zero && d <= Ch.Nine) throw this.errorAt(p, 'Leading zeros are not allowed');
    }
    p = this.digits(p);
    if (text.charCodeAt(p) === Ch.Dot) p = this.digits(p + 1);
    const e = text.charCodeAt(p);
    if (e === Ch.LowerE || e === Ch.UpperE) {
      p++;
      const s = text.charCodeAt(p);
      if (s === Ch.Plus || s === Ch.Minus) p++;
      p = this.digits(p);
    }
    const value = Number(text.slice(start, p));
    if (!Number.isFinite(value)) throw this.errorAt(start, 'Number out of range');
    this.pos = p;
    return value;
  }

  /** At least one digit at `p`; returns the position after the digits. */
  private digits(p: number): number {
    const text = this.text;
    const c = text.charCodeAt(p);
    if (!(c >= Ch.Zero && c <= Ch.Nine)) throw this.unexpected(p, 'a digit', false);
    p++;
    for (;;) {
      const d = text.charCodeAt(p);
      if (d >= Ch.Zero && d <= Ch.Nine) p++;
      else return p;
    }
  }

  private readLiteral(word: string): void {
    const text = this.text;
    const p = this.pos;
    for (let i = 1; i < word.length; i++) {
      if (p + i >= text.length) throw this.errorAt(p + i, 'Unexpected end of input');
      if (text.charCodeAt(p + i) !== word.charCodeAt(i)) throw this.unexpected(p + i, word, false);
    }
    this.pos = p + word.length;
  }

  /** The error for the character at `p` (or the end of input). */
  private unexpected(p: number, expected: string, valuePosition: boolean): ConversionError {
    const text = this.text;
    if (p >= text.length) return this.errorAt(p, 'Unexpected end of input');
    const c = text.codePointAt(p)!;
    if (c === Ch.Slash) {
      const d = text.charCodeAt(p + 1);
      if (d === Ch.Slash || d === Ch.Star) return this.errorAt(p, 'Comments are not allowed');
    }
    if (c === Ch.Apostrophe && valuePosition) return this.errorAt(p, 'Strings must use double quotes');
    return this.errorAt(p, `Unexpected character ${charName(c)} (expected ${expected})`);
  }

  private errorAt(index: number, message: string): ConversionError {
    const { line, column } = positionAt(this.text, index);
    const location: { file?: string; line: number; column: number } = { line, column };
    if (this.file !== undefined) location.file = this.file;
    return new ConversionError(ErrorCodes.JSON_SYNTAX, message, location);
  }
}

/** A key the engine would enumerate before the others (conservatively: any decimal integer). */
function isIntegerLike(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= Ch.Zero && c <= Ch.Nine && /^(?:0|[1-9][0-9]*)$/.test(key);
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** The value of 4 hex digits at `p`, or -1. */
function hex4(text: string, p: number): number {
  let v = 0;
  for (let i = p; i < p + 4; i++) {
    const d = hexDigit(text.charCodeAt(i));
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/** Characters shown as `U+XXXX` in messages (invisible or confusable ones). */
function isInvisible(c: number): boolean {
  return (
    c <= 0x20 ||
    (c >= 0x7f && c <= 0xa0) ||
    c === 0xad ||
    (c >= 0x2000 && c <= 0x200f) ||
    (c >= 0x2028 && c <= 0x202f) ||
    (c >= 0x205f && c <= 0x206f) ||
    c === 0x3000 ||
    (c >= 0xd800 && c <= 0xdfff) ||
    c === 0xfeff
  );
}

function codePointName(c: number): string {
  return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
}

/** `'x'` for a visible character (`"'"` for the apostrophe), else `U+XXXX`. */
function charName(c: number): string {
  if (isInvisible(c)) return codePointName(c);
  const s = String.fromCodePoint(c);
  return c === Ch.Apostrophe ? `"${s}"` : `'${s}'`;
}

function escapeName(c: number): string {
  return isInvisible(c) ? `\\ followed by ${codePointName(c)}` : `\\${String.fromCodePoint(c)}`;
}

// ---------------------------------------------------------------------------
// Positions (locate.ts finds the places of pointers)

/**
 * The 1-based line and column of the UTF-16 index `index` in `text` (which
 * has no BOM). Columns count code points; LF, CR LF and a lone CR are breaks.
 */
export function positionAt(text: string, index: number): { line: number; column: number } {
  return new PositionCursor(text).advance(index);
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** `positionAt` for increasing indexes, resuming where the last one stopped. */
export class PositionCursor {
  private index = 0;
  private line = 1;
  private column = 1;
  private readonly hasCr: boolean;

  constructor(private readonly text: string) {
    this.hasCr = text.indexOf('\r') >= 0;
  }

  advance(target: number): { line: number; column: number } {
    const text = this.text;
    const end = Math.min(target, text.length);
    if (!this.hasCr) {
      // jump from line break to line break, then count the code points of the last line
      let lineStart = -1;
      for (;;) {
        const lf = text.indexOf('\n', this.index);
        if (lf < 0 || lf >= end) break;
        this.line++;
        this.index = lf + 1;
        lineStart = lf + 1;
      }
      if (lineStart >= 0) this.column = 1;
    }
    let { line, column } = this;
    for (let i = this.index; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === Ch.Lf) {
        line++;
        column = 1;
      } else if (c === Ch.Cr) {
        if (text.charCodeAt(i + 1) !== Ch.Lf) {
          line++;
          column = 1;
        }
      } else if (c >= 0xdc00 && c <= 0xdfff && i > 0 && isHigh(text.charCodeAt(i - 1))) {
        // the second half of a surrogate pair
      } else {
        column++;
      }
    }
    this.index = Math.max(this.index, end);
    this.line = line;
    this.column = column;
    return { line, column };
  }
}
