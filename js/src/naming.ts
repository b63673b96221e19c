/**
 * Generated GraphQL names (D1, D7) and collision suffixes (D3). The twin is
 * rust/src/naming.rs; both are checked by fixtures/helpers/naming.json.
 *
 * The algorithm, exactly (only ASCII is ever classified, so it cannot differ
 * between JS's UTF-16 strings and Rust's chars):
 *
 * splitWords(s)
 *   - Every character outside [A-Za-z0-9] is a separator: it ends the current
 *     word and is dropped (so `_`, `-`, `.`, spaces and all non-ASCII vanish).
 *   - Inside a run of [A-Za-z0-9], a new word starts before an upper-case
 *     letter U when
 *       (a) the previous character is a lower-case letter or a digit
 *           (`userID` -> user|ID, `v2Api` -> v2|Api), or
 *       (b) the previous character is upper-case and the next one is
 *           lower-case (`HTTPStatus` -> HTTP|Status).
 *     Nothing else splits: letter->digit and digit->lower-case letter do not
 *     (`address1` and `2nd` stay whole). Digits thus act as lower case.
 *   - Consequence: in a string with no separators every boundary sits right
 *     before an upper-case letter, which is what makes the two functions
 *     below idempotent.
 *
 * toTypeName(s): each word's first character ASCII-upper-cased, the rest kept,
 *   joined. Result empty -> "T"; starts with a digit -> "T" + result.
 *
 * toFieldName(s): the first word is lower-cased entirely when it has no
 *   lower-case letter (an acronym: `HTTP` -> `http`, `ID` -> `id`), otherwise
 *   only its first character is lower-cased (`UserName` -> `userName`); the
 *   other words get their first character upper-cased; joined. Result empty ->
 *   "f"; starts with a digit -> "f" + result.
 *
 *   Both results match [A-Za-z][A-Za-z0-9]*, so they are valid GraphQL names
 *   and can never start with `__`. Re-applying changes nothing: re-splitting a
 *   result only finds boundaries before upper-case letters (already
 *   capitalised), and the first word of a field name starts lower-case, so it
 *   is not an acronym and its first character is already lower.
 *
 * toEnumValueName(s) (D7): `s` itself when it is a valid name other than
 *   true/false/null; otherwise every code point outside [_0-9A-Za-z] becomes
 *   `_`, then `_` is prefixed when the result is empty, starts with a digit or
 *   is true/false/null, and a leading run of underscores becomes a single `_`
 *   (`__` is reserved for introspection): `--verbose` -> `_verbose`.
 */

import { asciiLower, asciiUpper } from './text';

export const NAME_RE = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A GraphQL name that is not reserved for introspection. */
export function isValidName(s: string): boolean {
  return NAME_RE.test(s) && !s.startsWith('__');
}

const isUpper = (c: string | undefined): boolean => c !== undefined && c >= 'A' && c <= 'Z';
const isLower = (c: string | undefined): boolean => c !== undefined && c >= 'a' && c <= 'z';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlnum = (c: string | undefined): boolean => isUpper(c) || isLower(c) || isDigit(c);

/** Words for D1; see the module comment for the exact rules. */
export function splitWords(s: string): string[] {
  const words: string[] = [];
  let word = '';
  // Indexing UTF-16 units is fine: any surrogate is a separator either way.
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!isAlnum(c)) {
      if (word !== '') words.push(word);
      word = '';
      continue;
    }
    if (word !== '' && isUpper(c)) {
      const prev = s[i - 1];
      if (isLower(prev) || isDigit(prev) || (isUpper(prev) && isLower(s[i + 1]))) {
        words.push(word);
        word = '';
      }
    }
    word += c;
  }
  if (word !== '') words.push(word);
  return words;
}

const upperFirst = (w: string): string => asciiUpper(w.slice(0, 1)) + w.slice(1);
const lowerFirst = (w: string): string => asciiLower(w.slice(0, 1)) + w.slice(1);

/**
 * Memo of a pure name function. A schema repeats its property keys and titles
 * across thousands of definitions, so most calls are repeats. Bounded: cleared
 * when full, so a long-running process (watch, batch) does not grow it forever.
 */
class NameMemo {
  private readonly map = new Map<string, string>();
  constructor(private readonly compute: (s: string) => string) {}
  get(s: string): string {
    let out = this.map.get(s);
    if (out === undefined) {
      out = this.compute(s);
      if (this.map.size >= 50_000) this.map.clear();
      this.map.set(s, out);
    }
    return out;
  }
}

const typeNames = new NameMemo(computeTypeName);
const fieldNames = new NameMemo(computeFieldName);

/** PascalCase type name (D1). */
export function toTypeName(s: string): string {
  return typeNames.get(s);
}

/** camelCase field name (D1). */
export function toFieldName(s: string): string {
  return fieldNames.get(s);
}

function computeTypeName(s: string): string {
  const name = splitWords(s).map(upperFirst).join('');
  return name === '' || isDigit(name[0]) ? 'T' + name : name;
}

/** A lower-case ASCII letter, then lower-case letters and digits: its own field name. */
const PLAIN_FIELD_NAME = /^[a-z][a-z0-9]*$/;

function computeFieldName(s: string): string {
  // Most keys (`id`, `name`, `price`) are one word that is already a field name:
  // one regex test instead of splitting into words (called for every property).
  if (PLAIN_FIELD_NAME.test(s)) return s;
  const words = splitWords(s);
  const first = words[0] ?? '';
  const head = /[a-z]/.test(first) ? lowerFirst(first) : asciiLower(first);
  const name = head + words.slice(1).map(upperFirst).join('');
  return name === '' || isDigit(name[0]) ? 'f' + name : name;
}

const LITERAL_WORDS = new Set(['true', 'false', 'null']);

/** Enum value name (D7); see the module comment. */
export function toEnumValueName(s: string): string {
  if (isValidName(s) && !LITERAL_WORDS.has(s)) return s;
  let name = '';
  // Per code point, so an emoji becomes one `_` as in Rust.
  for (const c of s) name += /^[_0-9A-Za-z]$/.test(c) ? c : '_';
  if (name === '' || isDigit(name[0]) || LITERAL_WORDS.has(name)) name = '_' + name;
  // `__` is reserved for introspection: a leading run of underscores becomes one.
  if (name.startsWith('__')) name = '_' + name.replace(/^_+/, '');
  return name;
}

/**
 * Taken names of one scope (types of a document, fields of a type, values of
 * an enum). Backed by a Set so user-chosen names like `__proto__` are plain data.
 */
export class NameRegistry {
  private readonly taken = new Set<string>();

  constructor(reserved?: Iterable<string>) {
    if (reserved !== undefined) for (const name of reserved) this.taken.add(name);
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }

  /** Takes `name` as is; false when it was already taken (the caller reports the clash). */
  reserve(name: string): boolean {
    if (this.taken.has(name)) return false;
    this.taken.add(name);
    return true;
  }

  /**
   * For each base claimed with a suffix: the suffix to try next. Names are never
   * released, so every suffix below it is still taken; without this, n types
   * with one base cost n^2 / 2 lookups.
   */
  private readonly nextSuffix = new Map<string, number>();

  /** D3: `base` if free, else the first free of `base1`, `base2`, ...; takes it. */
  claim(base: string): string {
    if (!this.taken.has(base)) {
      this.taken.add(base);
      return base;
    }
    let n = this.nextSuffix.get(base) ?? 1;
    let name = base + String(n);
    while (this.taken.has(name)) name = base + String(++n);
    this.taken.add(name);
    this.nextSuffix.set(base, n + 1);
    return name;
  }
}
