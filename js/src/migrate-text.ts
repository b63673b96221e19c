/**
 * migrate-text: migrate's changes applied to the text as written (record 0092).
 *
 * migrate.ts decides, node by node, which members the migrated node holds
 * (a `NodePlan`); here each plan becomes text edits at the spans of the
 * members in the original: a renamed key replaces the key's quoted span only,
 * a member that became several is replaced by them (each with the original
 * text after its key: spacing, colon, value as written), a dropped member goes
 * with one comma next to it. Everything else stays byte for byte: line ends,
 * tabs, spacing, number spellings, a byte order mark, the trailing newline or
 * its absence. Members added in a node are separated like their siblings (the
 * separator before the member they replace). Offsets are UTF-16 units here and
 * bytes in rust/src/migrate_text.rs; every edit starts and ends at an ASCII
 * character, so both give the same bytes.
 */
import { offsetsOf, skipString, skipValue, skipWsAt } from './locate';

/** One member of a migrated node: its key and where its value comes from in the original node. */
export interface PlanItem {
  key: string;
  /** The original member it comes from. */
  origin: string;
  /** The value is that of this member of the origin's object value (`keys` of a nested x-graphql-federation). */
  inner?: string;
  /** The origin's object value with these members left out (what stays of a nested x-graphql-federation). */
  drop?: string[];
}

/** The members of a migrated node, in order, and the node's pointer in the original document. */
export interface NodePlan {
  pointer: string;
  items: PlanItem[];
}

interface Member {
  key: string;
  /** The key's opening quote, the end of the key, the value's start and end. */
  start: number;
  keyEnd: number;
  valueStart: number;
  end: number;
}

interface ObjectSpan {
  open: number;
  members: Member[];
}

type Edit = [start: number, end: number, text: string];

/** The text with every plan applied. `text` is the text that loadJson accepted. */
export function applyPlans(text: string, plans: readonly NodePlan[]): string {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = bom === '' ? text : text.slice(1);
  const offsets = offsetsOf(
    body,
    plans.map((p) => p.pointer),
  );
  const opens = offsets.map((at) => (at === undefined ? -1 : valueStart(body, at)));
  const spans = objectSpans(body, new Set(opens));
  const edits: Edit[] = [];
  plans.forEach((plan, i) => {
    const members = spans.get(opens[i]);
    if (members !== undefined) nodeEdits(body, { open: opens[i], members }, plan.items, edits);
  });
  return bom + applyEdits(body, edits, 0, body.length);
}

/**
 * The members of the objects that start at `opens`, in one pass over the text
 * (iterative). Reading each node with objectAt instead would skip the values of
 * its members, which hold the nodes below it: a file's size times the depth of
 * its changed nodes.
 */
function objectSpans(text: string, opens: ReadonlySet<number>): Map<number, Member[]> {
  interface Frame {
    isObject: boolean;
    /** Set for the objects in `opens`. */
    members: Member[] | undefined;
    pending: Member | undefined;
  }
  const spans = new Map<number, Member[]>();
  const stack: Frame[] = [];
  /** Reads a member's key (objects) up to its value; the value's start, -1 when not JSON. */
  const enter = (frame: Frame, p: number): number => {
    if (!frame.isObject) return p;
    const keyEnd = skipString(text, p);
    if (keyEnd < 0) return -1;
    const value = skipWsAt(text, skipWsAt(text, keyEnd) + 1);
    if (frame.members !== undefined) {
      const raw = text.slice(p, keyEnd);
      const key = raw.indexOf('\\') < 0 ? raw.slice(1, -1) : (JSON.parse(raw) as string);
      frame.pending = { key, start: p, keyEnd, valueStart: value, end: value };
    }
    return value;
  };
  let p = skipWsAt(text, 0);
  for (;;) {
    // --- a value starts at p
    let end: number;
    const c = text.charCodeAt(p);
    if (c === 0x7b || c === 0x5b) {
      const members = c === 0x7b && opens.has(p) ? [] : undefined;
      if (members !== undefined) spans.set(p, members);
      const frame: Frame = { isObject: c === 0x7b, members, pending: undefined };
      p = skipWsAt(text, p + 1);
      if (text.charCodeAt(p) !== (frame.isObject ? 0x7d : 0x5d)) {
        stack.push(frame);
        p = enter(frame, p);
        if (p < 0) return spans;
        continue;
      }
      end = p + 1;
    } else {
      end = skipValue(text, p);
      if (end < 0) return spans;
    }
    // --- after a value that ends at `end`
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) return spans;
      if (frame.pending !== undefined) {
        frame.pending.end = end;
        frame.members!.push(frame.pending);
        frame.pending = undefined;
      }
      p = skipWsAt(text, end);
      if (text.charCodeAt(p) === 0x2c) {
        p = enter(frame, skipWsAt(text, p + 1));
        if (p < 0) return spans;
        break;
      }
      // the closing bracket (the text is one that loadJson accepted)
      stack.pop();
      end = p + 1;
    }
  }
}

/** The value's first character, from what offsetsOf gives (a member's key or a value). */
function valueStart(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0x22) return at;
  const p = skipWsAt(text, skipString(text, at));
  return skipWsAt(text, p + 1);
}

/** The members of the object at `open` (its `{`), or undefined when there is no object (for the small values of 1.x attributes). */
function objectAt(text: string, open: number): ObjectSpan | undefined {
  if (text.charCodeAt(open) !== 0x7b) return undefined;
  const members: Member[] = [];
  let p = skipWsAt(text, open + 1);
  if (text.charCodeAt(p) === 0x7d) return { open, members };
  for (;;) {
    const start = p;
    const keyEnd = skipString(text, start);
    if (keyEnd < 0) return undefined;
    const raw = text.slice(start, keyEnd);
    const key = raw.indexOf('\\') < 0 ? raw.slice(1, -1) : (JSON.parse(raw) as string);
    p = skipWsAt(text, skipWsAt(text, keyEnd) + 1);
    const end = skipValue(text, p);
    if (end < 0) return undefined;
    members.push({ key, start, keyEnd, valueStart: p, end });
    p = skipWsAt(text, end);
    if (text.charCodeAt(p) !== 0x2c) return { open, members };
    p = skipWsAt(text, p + 1);
  }
}

/** The edits that turn the object's members into `items`. */
function nodeEdits(text: string, object: ObjectSpan, items: readonly PlanItem[], edits: Edit[]): void {
  const { members } = object;
  const n = members.length;
  // With duplicate keys the last member is the one loadJson kept: the others go.
  const last = new Map<string, number>();
  members.forEach((m, j) => last.set(m.key, j));
  const byOrigin = new Map<string, PlanItem[]>();
  for (const item of items) {
    const list = byOrigin.get(item.origin);
    if (list === undefined) byOrigin.set(item.origin, [item]);
    else list.push(item);
  }
  // The separator a member added next to member j gets: the one before j, else the one its siblings have.
  const separator = (j: number): string => {
    if (j >= 1) return text.slice(members[j - 1].end, members[j].start);
    if (n >= 2) return text.slice(members[0].end, members[1].start);
    return ',' + text.slice(object.open + 1, members[0].start);
  };
  let survivorBefore = false;
  for (let j = 0; j < n; j++) {
    const m = members[j];
    const its = last.get(m.key) === j ? (byOrigin.get(m.key) ?? []) : [];
    if (its.length === 0) {
      // Dropped, with the comma before it (or after it, when nothing before it stays).
      if (survivorBefore) edits.push([members[j - 1].end, m.end, '']);
      else if (j + 1 < n) edits.push([m.start, members[j + 1].start, '']);
      else edits.push([m.start, m.end, '']);
      continue;
    }
    survivorBefore = true;
    if (its.length === 1 && its[0].inner === undefined && its[0].drop === undefined) {
      if (its[0].key !== m.key) edits.push([m.start, m.keyEnd, JSON.stringify(its[0].key)]);
      continue;
    }
    edits.push([m.start, m.end, its.map((item) => render(text, m, item)).join(separator(j))]);
  }
}

/** One member of a replacement, from the original member `m`. */
function render(text: string, m: Member, item: PlanItem): string {
  if (item.inner !== undefined) {
    const object = objectAt(text, m.valueStart);
    const inner = object?.members.filter((x) => x.key === item.inner).pop();
    if (inner !== undefined) return JSON.stringify(item.key) + text.slice(inner.keyEnd, inner.end);
  } else if (item.drop !== undefined) {
    const object = objectAt(text, m.valueStart);
    if (object !== undefined) {
      const drop = new Set(item.drop);
      const kept = object.members.filter((x) => !drop.has(x.key)).map((x) => ({ key: x.key, origin: x.key }));
      const edits: Edit[] = [];
      nodeEdits(text, object, kept, edits);
      return JSON.stringify(item.key) + applyEdits(text, edits, m.keyEnd, m.end);
    }
  }
  return JSON.stringify(item.key) + text.slice(m.keyEnd, m.end);
}

/** text[from, to) with the edits (inside it, not overlapping) applied. */
function applyEdits(text: string, edits: Edit[], from: number, to: number): string {
  edits.sort((a, b) => a[0] - b[0]);
  let out = '';
  let p = from;
  for (const [start, end, replacement] of edits) {
    if (start < p) continue; // never for the plans migrate makes: a node's edits stay out of its kept members
    out += text.slice(p, start) + replacement;
    p = end;
  }
  return out + text.slice(p, to);
}
