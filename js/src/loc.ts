/**
 * loc: a place in a source: the `Source`, a `Loc` (a source and a JSON pointer
 * into it) and the `Target` a ref resolves to (its loc and node), the map keyed
 * by location (`LocMap`) and the pointer evaluation. Split out of resolve.ts so
 * the resolver reads alone; mirrors rust/src/loc.rs.
 */
import { isObject, own, pointerJoin, type JsonValue } from './load';
import type { Draft } from './meta-schema';
import type { RefUse } from './normalize';
import type { IdUse } from './resources';

export interface Source {
  /** '' for the main input, else the path relative to baseDir with `/` separators. */
  id: string;
  /** The name used in diagnostics (undefined for stdin). */
  file?: string;
  text: string;
  root: JsonValue;
  /** Absolute folder that the source's relative refs resolve against. */
  dir?: string;
  refs: RefUse[];
  /** The draft the source is read by: its own `$schema`, else its referrer's (record 0080). */
  draft: Draft;
  /** The `$id`s and anchors of the document, in document order (normalize.ts `scanDocument`, resources.ts). */
  ids: IdUse[];
}

/** A place in a source: where a schema node sits. */
export interface Loc {
  source: Source;
  pointer: string;
}

export interface Target {
  loc: Loc;
  node: JsonValue;
}

/** This loc followed by more pointer segments (keys or indexes; Rust's `Loc::child`). */
export function childLoc(loc: Loc, ...segments: Array<string | number>): Loc {
  return { source: loc.source, pointer: pointerJoin(loc.pointer, ...segments) };
}

export function locKey(loc: Loc): string {
  return `${loc.source.id}#${loc.pointer}`;
}

/**
 * A map keyed by location (source + pointer) that does not build the
 * `locKey` string on every lookup. A JSON tree shares no nodes, so an object
 * node sits at one location: it is the key, and the location stored with it
 * is compared (two fields, usually the same string object) so the result is
 * exactly that of a map keyed by `locKey`, even for a node reached by two
 * spellings of one pointer. Anything else (a scalar node, a second spelling)
 * takes the string map. Lowering looks up classes, merges and slots several
 * times per property; with the memo of naming.ts, dropping those strings took
 * 10% off a conversion (bench-corpus N = 5,000, CPU time).
 */
export class LocMap<V> {
  private readonly byNode = new Map<object, { loc: Loc; value: V }>();
  private readonly byKey = new Map<string, V>();

  get(target: Target): V | undefined {
    const node = target.node;
    if (typeof node === 'object' && node !== null) {
      const entry = this.byNode.get(node);
      if (entry === undefined) return undefined;
      if (sameLoc(entry.loc, target.loc)) return entry.value;
    }
    return this.byKey.get(locKey(target.loc));
  }

  has(target: Target): boolean {
    return this.get(target) !== undefined;
  }

  set(target: Target, value: V): void {
    const node = target.node;
    if (typeof node === 'object' && node !== null) {
      const entry = this.byNode.get(node);
      if (entry === undefined) {
        this.byNode.set(node, { loc: target.loc, value });
        return;
      }
      if (sameLoc(entry.loc, target.loc)) {
        entry.value = value;
        return;
      }
    }
    this.byKey.set(locKey(target.loc), value);
  }

  /** Removes the entry of `target` and returns its value. */
  take(target: Target): V | undefined {
    const node = target.node;
    if (typeof node === 'object' && node !== null) {
      const entry = this.byNode.get(node);
      if (entry !== undefined && sameLoc(entry.loc, target.loc)) {
        this.byNode.delete(node);
        return entry.value;
      }
    }
    const key = locKey(target.loc);
    const value = this.byKey.get(key);
    this.byKey.delete(key);
    return value;
  }
}

export function sameLoc(a: Loc, b: Loc): boolean {
  return a.source === b.source && a.pointer === b.pointer;
}

export function decodePointerSegment(segment: string): string {
  // Almost no segment has an escape: no new strings for those.
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
}

/** Evaluates an RFC 6901 pointer with own-property lookups only. */
export function evaluatePointer(root: JsonValue, pointer: string): JsonValue | undefined {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: JsonValue | undefined = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = decodePointerSegment(raw);
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      node = node[Number(segment)];
    } else if (isObject(node)) {
      node = own(node, segment);
    } else {
      return undefined;
    }
    if (node === undefined) return undefined;
  }
  return node;
}
