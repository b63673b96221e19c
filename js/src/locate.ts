/**
 * locate: the places of JSON pointers in JSON text, for diagnostics: `locate` (a
 * pointer -> the 1-based line and column of the member or item it names),
 * `locateAll` (many pointers in one pass over the text) and `firstInDocument`. Read
 * from the text itself, so they work for any tree `load` gives; lines and columns
 * are `load`'s `positionAt`. The twin of rust/src/locate.rs (shared vectors:
 * fixtures/helpers/load.json).
 */
import { Ch, Parser, PositionCursor, positionAt } from './load';

// ---------------------------------------------------------------------------
// locate

interface LocateFrame {
  isObject: boolean;
  /** Whether the path to this container equals the pointer's first `level` segments. */
  matched: boolean;
  level: number;
  index: number;
}

/**
 * The position of the value at a JSON pointer (RFC 6901), or undefined when the
 * pointer does not resolve (or the text is not valid JSON). For an object
 * member it is the member's key (the opening quote); for an array element or
 * the root, the value's first character. With duplicate keys the last member
 * counts, as in `loadJson`. One linear, non-recursive pass over the text.
 */
export function locate(text: string, pointer: string): { line: number; column: number } | undefined {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let segments: string[];
  if (pointer === '') {
    segments = [];
  } else if (pointer.charCodeAt(0) === Ch.Slash) {
    segments = pointer
      .slice(1)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  } else {
    return undefined;
  }
  const target = segments.length;
  const indexes = segments.map(arrayIndex);
  const at = locateIndex(text, segments, indexes, target);
  return at === undefined ? undefined : positionAt(text, at);
}

/** What ends a number or literal token. */
function isDelimiter(c: number): boolean {
  return c === Ch.Comma || c === Ch.RBrace || c === Ch.RBracket || c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab;
}

/** A canonical array index segment as a number, else -1. */
function arrayIndex(segment: string): number {
  return /^(?:0|[1-9][0-9]{0,14})$/.test(segment) ? Number(segment) : -1;
}

function locateIndex(text: string, segments: string[], indexes: number[], target: number): number | undefined {
  const n = text.length;
  const stack: LocateFrame[] = [];
  const parser = new Parser(text, undefined);
  let pos = 0;
  let result: number | undefined;
  const skipWs = (): void => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab) pos++;
      else return;
    }
  };
  // the next value's path: matched against the pointer up to `level` segments
  let matched = true;
  let level = 0;
  /** Reads a key (at pos) and its colon; sets matched/level for its value. False when invalid. */
  const readKey = (frame: LocateFrame): boolean => {
    if (text.charCodeAt(pos) !== Ch.Quote) return false;
    const keyStart = pos;
    let key: string;
    try {
      key = parser.readString(pos);
    } catch {
      return false;
    }
    pos = parser.stringEnd;
    skipWs();
    if (text.charCodeAt(pos) !== Ch.Colon) return false;
    pos++;
    matched = frame.matched && key === segments[frame.level];
    level = frame.level + 1;
    if (matched) result = level === target ? keyStart : undefined;
    return true;
  };
  const element = (frame: LocateFrame): void => {
    matched = frame.matched && frame.index === indexes[frame.level];
    level = frame.level + 1;
    skipWs();
    if (matched && level === target) result = pos;
  };

  skipWs();
  if (target === 0 && pos < n) result = pos;
  for (;;) {
    // --- a value starts at pos (after whitespace)
    skipWs();
    if (pos >= n) return undefined;
    const c = text.charCodeAt(pos);
    if (c === Ch.LBrace || c === Ch.LBracket) {
      const frame: LocateFrame = { isObject: c === Ch.LBrace, matched: matched && level < target, level, index: 0 };
      pos++;
      skipWs();
      if (text.charCodeAt(pos) !== (frame.isObject ? Ch.RBrace : Ch.RBracket)) {
        stack.push(frame);
        if (frame.isObject) {
          if (!readKey(frame)) return undefined;
        } else {
          element(frame);
        }
        continue;
      }
      pos++;
    } else if (c === Ch.Quote) {
      try {
        parser.readString(pos);
      } catch {
        return undefined;
      }
      pos = parser.stringEnd;
    } else {
      // a number or literal: up to the next delimiter
      const start = pos;
      while (pos < n && !isDelimiter(text.charCodeAt(pos))) pos++;
      if (pos === start) return undefined;
    }
    // --- after a value
    for (;;) {
      const frame = stack[stack.length - 1];
      skipWs();
      if (frame === undefined) return pos >= n ? result : undefined;
      const d = text.charCodeAt(pos);
      if (d === Ch.Comma) {
        pos++;
        skipWs();
        if (frame.isObject) {
          if (!readKey(frame)) return undefined;
        } else {
          frame.index++;
          element(frame);
        }
        break;
      }
      if (d !== (frame.isObject ? Ch.RBrace : Ch.RBracket)) return undefined;
      pos++;
      stack.pop();
    }
  }
}

// ---------------------------------------------------------------------------
// locateAll

interface PointerNode {
  parent: PointerNode | undefined;
  children: Map<string, PointerNode> | undefined;
  /** Indexes (into the `pointers` argument) of the pointers that end here. */
  ends: number[] | undefined;
  /** Id of the latest visit of this node (0: never), and the parent's visit it happened in. */
  visit: number;
  parentVisit: number;
  /** Where the latest visit found it: the member's key, or the element's first character. */
  at: number;
}

function pointerNode(parent: PointerNode | undefined): PointerNode {
  return { parent, children: undefined, ends: undefined, visit: 0, parentVisit: 0, at: 0 };
}

interface LocateAllFrame {
  node: PointerNode;
  isObject: boolean;
  index: number;
}

/**
 * `locate` for many pointers in one pass: `result[i]` is `locate(text, pointers[i])`.
 * For a text that `loadJson` accepted (the converter locates diagnostics only in
 * loaded texts): it checks no JSON syntax, and skips every value that no
 * pointer reaches with a scan for quotes and brackets only. Linear in the text
 * plus the pointers, whatever their number.
 */
export function locateAll(text: string, pointers: readonly string[]): Array<{ line: number; column: number } | undefined> {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const results: Array<{ line: number; column: number } | undefined> = pointers.map(() => undefined);
  const found = offsetsAll(text, pointers);
  const cursor = new PositionCursor(text);
  for (const [index, ends] of found) {
    const { line, column } = cursor.advance(index);
    for (const i of ends) results[i] = { line, column };
  }
  return results;
}

/**
 * `locateAll` as offsets into `text` (UTF-16 units; a byte order mark is not
 * skipped here, the caller strips it): for a member the opening quote of its
 * key, for an element or the root its first character. What migrate's text
 * edits start from (record 0092).
 */
export function offsetsOf(text: string, pointers: readonly string[]): Array<number | undefined> {
  const results: Array<number | undefined> = pointers.map(() => undefined);
  for (const [at, ends] of offsetsAll(text, pointers)) for (const i of ends) results[i] = at;
  return results;
}

/** The offset of each pointer found, with the indexes of the pointers that end there, in text order. */
function offsetsAll(text: string, pointers: readonly string[]): Array<[number, number[]]> {
  const root = pointerNode(undefined);
  const terminals: PointerNode[] = [];
  pointers.forEach((pointer, i) => {
    let node = root;
    if (pointer !== '') {
      if (pointer.charCodeAt(0) !== Ch.Slash) return;
      for (const raw of pointer.slice(1).split('/')) {
        const segment = raw.indexOf('~') < 0 ? raw : raw.replace(/~1/g, '/').replace(/~0/g, '~');
        node.children ??= new Map();
        let next = node.children.get(segment);
        if (next === undefined) {
          next = pointerNode(node);
          node.children.set(segment, next);
        }
        node = next;
      }
    }
    if (node.ends === undefined) {
      node.ends = [];
      terminals.push(node);
    }
    node.ends.push(i);
  });
  if (terminals.length === 0) return [];
  if (!scanPointers(text, root)) return [];

  // A node counts when every step down to it happened in its parent's latest
  // visit (with duplicate keys, the last member wins at every level).
  const found: Array<[number, number[]]> = [];
  for (const node of terminals) {
    let ok = node.visit !== 0;
    for (let n = node; ok && n.parent !== undefined; n = n.parent) ok = n.visit !== 0 && n.parentVisit === n.parent.visit;
    if (ok) found.push([node.at, node.ends!]);
  }
  found.sort((a, b) => a[0] - b[0]);
  return found;
}

/** Walks the text, descending only into values that some pointer goes through. False for text that is not JSON. */
function scanPointers(text: string, root: PointerNode): boolean {
  const n = text.length;
  let visits = 0;
  let pos = skipWsAt(text, 0);
  if (pos >= n) return false;
  root.visit = ++visits;
  root.at = pos;
  const stack: LocateAllFrame[] = [];
  let parser: Parser | undefined;
  // `node`: the pointer node of the value starting at pos, if any
  let node: PointerNode | undefined = root;
  for (;;) {
    // --- a value starts at pos
    const c = text.charCodeAt(pos);
    if (node !== undefined && node.children !== undefined && (c === Ch.LBrace || c === Ch.LBracket)) {
      const frame: LocateAllFrame = { node, isObject: c === Ch.LBrace, index: 0 };
      pos = skipWsAt(text, pos + 1);
      if (text.charCodeAt(pos) === (frame.isObject ? Ch.RBrace : Ch.RBracket)) {
        pos++;
      } else {
        stack.push(frame);
        node = undefined;
        // --- a member or element starts at pos
        const r = enterMember(frame);
        if (r < 0) return false;
        continue;
      }
    } else {
      pos = skipValue(text, pos);
      if (pos < 0) return false;
    }
    // --- after a value
    for (;;) {
      const frame = stack[stack.length - 1];
      pos = skipWsAt(text, pos);
      if (frame === undefined) return pos >= n;
      const d = text.charCodeAt(pos);
      if (d === Ch.Comma) {
        pos = skipWsAt(text, pos + 1);
        frame.index++;
        if (enterMember(frame) < 0) return false;
        break;
      }
      if (d !== (frame.isObject ? Ch.RBrace : Ch.RBracket)) return false;
      pos++;
      stack.pop();
    }
  }

  /** Reads a member's key (objects) up to its value, and finds the value's pointer node. -1 when invalid. */
  function enterMember(frame: LocateAllFrame): number {
    const children = frame.node.children!;
    let key: string;
    const start = pos;
    if (frame.isObject) {
      if (text.charCodeAt(pos) !== Ch.Quote) return -1;
      const end = skipString(text, pos);
      if (end < 0) return -1;
      key = text.slice(pos + 1, end - 1);
      if (key.indexOf('\\') >= 0) {
        parser ??= new Parser(text, undefined);
        try {
          key = parser.readString(pos);
        } catch {
          return -1;
        }
      }
      pos = skipWsAt(text, end);
      if (text.charCodeAt(pos) !== Ch.Colon) return -1;
      pos = skipWsAt(text, pos + 1);
    } else {
      key = String(frame.index);
    }
    node = children.get(key);
    if (node !== undefined) {
      node.visit = ++visits;
      node.parentVisit = frame.node.visit;
      node.at = frame.isObject ? start : pos;
    }
    return pos;
  }
}

export function skipWsAt(text: string, p: number): number {
  for (;;) {
    const c = text.charCodeAt(p);
    if (c === Ch.Space || c === Ch.Lf || c === Ch.Cr || c === Ch.Tab) p++;
    else return p;
  }
}

/** The end (after the closing quote) of the string whose opening quote is at `p`, or -1. */
export function skipString(text: string, p: number): number {
  for (;;) {
    const q = text.indexOf('"', p + 1);
    if (q < 0) return -1;
    let b = q - 1;
    while (text.charCodeAt(b) === Ch.Backslash) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    p = q;
  }
}

/** The end of the value starting at `p` (brackets and quotes only), or -1. */
export function skipValue(text: string, p: number): number {
  const n = text.length;
  const c = text.charCodeAt(p);
  if (c === Ch.Quote) return skipString(text, p);
  if (c === Ch.LBrace || c === Ch.LBracket) {
    let depth = 0;
    while (p < n) {
      const d = text.charCodeAt(p);
      if (d === Ch.Quote) {
        p = skipString(text, p);
        if (p < 0) return -1;
        continue;
      }
      if (d === Ch.LBrace || d === Ch.LBracket) depth++;
      else if (d === Ch.RBrace || d === Ch.RBracket) {
        if (--depth === 0) return p + 1;
      }
      p++;
    }
    return -1;
  }
  const start = p;
  while (p < n && !isDelimiter(text.charCodeAt(p))) p++;
  return p === start ? -1 : p;
}


/**
 * Of several pointers into `text`, the one whose value comes first in the
 * document (ties: the smaller pointer): how a validator's many errors become
 * one place that both implementations agree on (meta-schema, type-system-schema).
 */
export function firstInDocument(text: string, pointers: string[]): string {
  let best = '';
  let bestKey: [number, number] | undefined;
  const positions = locateAll(text, pointers);
  for (let i = 0; i < pointers.length; i++) {
    const p = pointers[i];
    const pos = positions[i];
    const key: [number, number] = pos ? [pos.line, pos.column] : [Infinity, Infinity];
    if (
      bestKey === undefined ||
      key[0] < bestKey[0] ||
      (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && p < best)))
    ) {
      best = p;
      bestKey = key;
    }
  }
  return best;
}
