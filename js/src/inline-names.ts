/**
 * inline-names: the generated name of a type that a node's place implies (records 0001,
 * 0014), read from the schema structure the JSON pointer walks, never from the pointer's
 * words: a property called `items` is a property, not the array keyword. The twin of
 * rust/src/inline_names.rs.
 */
import { isObject, own, type JsonValue } from './load';
import { decodePointerSegment, type Loc } from './loc';
import { toTypeName } from './naming';
import { holds } from './normalize';

/** What one pointer segment is in the schema it walks. */
const enum Role {
  /** A name in a map of schemas (`properties`, `definitions`, `$defs`, ...). */
  Key,
  /** `items` holding one schema: the array's items. */
  Items,
  /** An index into an `items` list (a tuple's item). */
  TupleItem,
  /** An index into `oneOf`, `anyOf` or `allOf`. */
  Branch,
  /** A keyword that holds schemas (`properties`, `oneOf`, `additionalProperties`, a tuple's `items`). */
  Keyword,
  /** Anything else: an unknown keyword, or a place below one. */
  Other,
}

interface Segment {
  /** The segment, decoded. */
  text: string;
  role: Role;
}

/** What the segments after a place are expected to be. */
const enum Expect {
  Schema,
  Map,
  List,
  Tuple,
  Nothing,
}

/**
 * The segments of `pointer`, each with its role, walking the tree from `root` (a
 * document's root is a schema). Iterative; a pointer is as deep as the tree.
 */
function schemaSegments(root: JsonValue, pointer: string): Segment[] {
  const out: Segment[] = [];
  if (pointer === '') return out;
  let node: JsonValue | undefined = root;
  let expect = Expect.Schema;
  for (const raw of pointer.slice(1).split('/')) {
    const text = decodePointerSegment(raw);
    let role = Role.Other;
    let next = Expect.Nothing;
    const value: JsonValue | undefined = isObject(node) ? own(node, text) : Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(text) ? node[Number(text)] : undefined;
    // Plain assignments: this walk runs for every inline type and ref target.
    if (expect === Expect.Schema) {
      const kind = holds(text, value);
      if (kind === 'map') {
        role = Role.Keyword;
        next = Expect.Map;
      } else if (kind === 'list') {
        role = Role.Keyword;
        next = text === 'items' ? Expect.Tuple : Expect.List;
      } else if (kind === 'one') {
        role = text === 'items' ? Role.Items : Role.Keyword;
        next = Expect.Schema;
      }
    } else if (expect === Expect.Map) {
      role = Role.Key;
      next = Expect.Schema;
    } else if (expect === Expect.List) {
      role = Role.Branch;
      next = Expect.Schema;
    } else if (expect === Expect.Tuple) {
      role = Role.TupleItem;
      next = Expect.Schema;
    }
    out.push({ text, role });
    node = value;
    expect = next;
  }
  return out;
}

/**
 * The name a place implies: the key it sits under (a property or definition key),
 * `Item` appended per array level (`items`, or an entry of a tuple's `items`); a branch
 * of `oneOf`/`anyOf`/`allOf` is the schema that holds it (with its `null` branch set
 * aside, a branch is the property's own schema); any other place, its last segment; the
 * root, the file's stem or `Root`.
 */
export function inlineBaseName(loc: Loc): string {
  const segments = schemaSegments(loc.source.root, loc.pointer);
  let suffix = '';
  let end = segments.length;
  while (end > 0) {
    const last = segments[end - 1];
    if (last.role === Role.Items) {
      suffix += 'Item';
      end -= 1;
    } else if (last.role === Role.TupleItem) {
      suffix += 'Item';
      end -= 2;
    } else if (last.role === Role.Branch) {
      end -= 2;
    } else {
      return toTypeName(last.text) + suffix;
    }
  }
  return (loc.source.id === '' ? 'Root' : fileStem(loc.source.id)) + suffix;
}

/**
 * Whether a pointer walks schema keywords only (`/$defs/a/properties/b`), so the scan of
 * its document met the `$ref`s below it; a pointer into anything else
 * (`/$defs/options/preset`: `preset` is no keyword) leads below what the scan walks.
 */
export function isSchemaPlace(root: JsonValue, pointer: string): boolean {
  return schemaSegments(root, pointer).every((s) => s.role !== Role.Other);
}

/** Whether a place is a property's schema (`properties/<key>`), whose description is the field's. */
export function isPropertyPlace(loc: Loc): boolean {
  // Most places are not: no walk unless the pointer's words could say so.
  const pointer = loc.pointer;
  const last = pointer.lastIndexOf('/');
  if (last < 0 || pointer.slice(pointer.lastIndexOf('/', last - 1) + 1, last) !== 'properties') return false;
  const segments = schemaSegments(loc.source.root, pointer);
  return segments.length >= 2 && segments[segments.length - 1].role === Role.Key && segments[segments.length - 2].text === 'properties';
}

export function fileStem(id: string): string {
  const base = id.split('/').pop() ?? id;
  const dot = base.lastIndexOf('.');
  return toTypeName(dot > 0 ? base.slice(0, dot) : base);
}
