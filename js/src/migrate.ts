/**
 * migrate: a v1.x document rewritten to the 2.x attribute catalog (record 0035).
 *
 *   x-graphql-keys, -shareable, -external, -requires, -provides, -override-from
 *                         -> x-graphql-federation-keys, ... (same value)
 *   x-graphql-scalars     -> x-graphql-scalar
 *   x-graphql-type "N"    -> x-graphql-type-name "N"
 *   x-graphql-type {name, kind}
 *                         -> x-graphql-type-name, x-graphql-type-kind
 *   x-graphql-federation {keys, shareable, external, requires, provides, overrideFrom}
 *                         -> the flat x-graphql-federation-* attributes
 *
 * Only schema nodes are rewritten (normalize's walk: a property *named*
 * `x-graphql-keys` stays). The new keys take the old key's place, so key
 * order is kept; when the 2.x attribute is already there, it wins and the
 * 1.x one is dropped. An `x-graphql-type` object with other members, or a
 * nested object with members we do not know, keeps what cannot be moved.
 * Migrating twice changes nothing. The converter reads 1.x documents through
 * the same rewrite (`legacyRewrite`, without the `x-graphql-type` rule, which
 * it reads itself): that is the legacy path a migrated document must match.
 *
 * `migrate` applies the rewrites to the text as written (migrate-text.ts,
 * record 0092): what it does not migrate stays byte for byte. rust/src/migrate.rs
 * is the same, and both give the same bytes.
 */
import { ErrorCodes, type Diagnostic } from './errors';
import { isObject, keysOf, loadJson, orderedObject, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { applyPlans, type NodePlan, type PlanItem } from './migrate-text';
import { subschemas } from './normalize';

/** 1.x attribute -> its 2.x name. */
export const RENAMED_ATTRIBUTES: ReadonlyArray<readonly [string, string]> = [
  ['x-graphql-keys', 'x-graphql-federation-keys'],
  ['x-graphql-shareable', 'x-graphql-federation-shareable'],
  ['x-graphql-external', 'x-graphql-federation-external'],
  ['x-graphql-requires', 'x-graphql-federation-requires'],
  ['x-graphql-provides', 'x-graphql-federation-provides'],
  ['x-graphql-override-from', 'x-graphql-federation-override-from'],
  ['x-graphql-scalars', 'x-graphql-scalar'],
];

/** Members of the 1.x nested `x-graphql-federation` object -> the flat attribute. */
const NESTED_FEDERATION: ReadonlyArray<readonly [string, string]> = [
  ['keys', 'x-graphql-federation-keys'],
  ['shareable', 'x-graphql-federation-shareable'],
  ['external', 'x-graphql-federation-external'],
  ['requires', 'x-graphql-federation-requires'],
  ['provides', 'x-graphql-federation-provides'],
  ['overrideFrom', 'x-graphql-federation-override-from'],
  ['override-from', 'x-graphql-federation-override-from'],
];

const NESTED = 'x-graphql-federation';
const LEGACY_TYPE = 'x-graphql-type';

/** One rewrite: the 1.x attribute at `pointer` became the `to` attributes. */
export interface MigrationChange {
  pointer: string;
  from: string;
  to: string[];
}

export interface MigrateResult {
  /** The migrated document: the input text with the rewrites applied where they are (record 0092). */
  output: string;
  changes: MigrationChange[];
}

export function isLegacyAttribute(name: string): boolean {
  return name === NESTED || RENAMED_ATTRIBUTES.some(([from]) => from === name);
}

/** Migrates JSON text. Throws JSON_SYNTAX (with line and column) for text that is not JSON. */
export function migrate(text: string, fileName?: string): MigrateResult {
  const root = loadJson(text, fileName);
  const plans: NodePlan[] = [];
  const { changes } = migrateTree(root, true, plans);
  return { output: changes.length === 0 ? text : applyPlans(text, plans), changes };
}

/** A 1.x name followed by a quote somewhere in the text: the converter's cheap test before the legacy path (may_hold_legacy in Rust). */
export function mayHoldLegacy(text: string): boolean {
  return /x-graphql-(?:keys|shareable|external|requires|provides|override-from|scalars|federation)"/.test(text);
}

/**
 * The converter's legacy path: the 1.x names read as their 2.x names, with a
 * DEPRECATED_ATTRIBUTE warning at each (the `x-graphql-type` rule stays off:
 * the converter reads that attribute itself).
 */
export function legacyRewrite(
  root: JsonValue,
  file: string | undefined,
): { root: JsonValue; warnings: Diagnostic[]; changes: MigrationChange[] } {
  const { root: migrated, changes } = migrateTree(root, false);
  const warnings = changes.map((c) => legacyWarning(c.from, c.pointer, file));
  return { root: migrated, warnings, changes };
}

/**
 * A pointer into the rewritten tree as a pointer into the document as written:
 * `/x-graphql-federation-keys/0` -> `/x-graphql-keys/0`; inside what a nested
 * `x-graphql-federation` object became, the nested object itself.
 */
export function originalPointer(pointer: string, changes: readonly MigrationChange[]): string {
  for (const c of changes) {
    const parent = c.pointer.slice(0, c.pointer.lastIndexOf('/'));
    for (const t of c.to) {
      const rewritten = `${parent}/${t}`;
      if (pointer === rewritten || pointer.startsWith(rewritten + '/')) {
        return c.from === NESTED ? c.pointer : c.pointer + pointer.slice(rewritten.length);
      }
    }
  }
  return pointer;
}

export function legacyWarning(from: string, pointer: string, file: string | undefined): Diagnostic {
  const message = `${from} is a 1.x attribute; use ${replacementOf(from).join(' and ')} (x-graphql migrate rewrites it)`;
  return { code: ErrorCodes.DEPRECATED_ATTRIBUTE, severity: 'warning', message, ...(file !== undefined ? { file } : {}), pointer };
}

/** The 2.x attributes a 1.x attribute becomes (for the warnings). */
export function replacementOf(name: string): string[] {
  if (name === NESTED) return ['the flat x-graphql-federation-* attributes'];
  const found = RENAMED_ATTRIBUTES.find(([from]) => from === name);
  return found ? [found[1]] : [];
}

/** Rewrites every schema node of a tree, parents before children, in document order (iteratively). */
export function migrateTree(
  root: JsonValue,
  legacyType: boolean,
  plans?: NodePlan[],
): { root: JsonValue; changes: MigrationChange[] } {
  const changes: MigrationChange[] = [];
  const holder = orderedObject([['root', root]]);
  const stack: Array<{ parent: JsonObject | JsonValue[]; key: string | number; pointer: string }> = [
    { parent: holder, key: 'root', pointer: '' },
  ];
  while (stack.length > 0) {
    const { parent, key, pointer } = stack.pop()!;
    const node = Array.isArray(parent) ? parent[key as number] : own(parent, key as string);
    if (!isObject(node)) continue;
    const migrated = migrateNode(node, pointer, legacyType, changes, plans);
    if (migrated !== node) {
      if (Array.isArray(parent)) parent[key as number] = migrated;
      else Object.defineProperty(parent, key as string, { value: migrated, enumerable: true, writable: true, configurable: true });
    }
    const children = subschemas(migrated, pointer);
    for (let i = children.length - 1; i >= 0; i--) {
      const c = children[i];
      stack.push({ parent: c.parent, key: c.key, pointer: c.pointer });
    }
  }
  return { root: own(holder, 'root')!, changes };
}

/** One node: the same object when nothing changes, else a new one with the keys in place. */
function migrateNode(
  node: JsonObject,
  pointer: string,
  legacyType: boolean,
  changes: MigrationChange[],
  plans: NodePlan[] | undefined,
): JsonObject {
  const keys = keysOf(node);
  if (!keys.some((k) => isLegacyAttribute(k) || (legacyType && k === LEGACY_TYPE))) return node;
  const present = new Set(keys);
  const out: Array<[string, JsonValue]> = [];
  // Where each member of `out` comes from, for the text edits (migrate-text.ts).
  const items: PlanItem[] = [];
  const placed = new Set<string>();
  const put = (key: string, value: JsonValue, origin: string, inner?: string): boolean => {
    // A 2.x attribute written in the document, or placed already, wins.
    if (placed.has(key) || (present.has(key) && !isLegacyAttribute(key) && key !== LEGACY_TYPE)) return false;
    out.push([key, value]);
    items.push(inner === undefined ? { key, origin } : { key, origin, inner });
    placed.add(key);
    return true;
  };
  for (const key of keys) {
    const value = own(node, key)!;
    const at = pointerJoin(pointer, key);
    const renamed = RENAMED_ATTRIBUTES.find(([from]) => from === key);
    if (renamed !== undefined) {
      changes.push({ pointer: at, from: key, to: put(renamed[1], value, key) ? [renamed[1]] : [] });
    } else if (key === NESTED && isObject(value)) {
      const rest: Array<[string, JsonValue]> = [];
      const to: string[] = [];
      const drop: string[] = [];
      for (const inner of keysOf(value)) {
        const target = NESTED_FEDERATION.find(([name]) => name === inner);
        if (target === undefined) rest.push([inner, own(value, inner)!]);
        else {
          drop.push(inner);
          if (put(target[1], own(value, inner)!, key, inner)) to.push(target[1]);
        }
      }
      if (rest.length > 0) {
        out.push([key, orderedObject(rest)]);
        items.push({ key, origin: key, drop });
      }
      if (rest.length < keysOf(value).length) changes.push({ pointer: at, from: key, to });
    } else if (key === LEGACY_TYPE && legacyType && typeof value === 'string') {
      put('x-graphql-type-name', value, key);
      changes.push({ pointer: at, from: key, to: ['x-graphql-type-name'] });
    } else if (key === LEGACY_TYPE && legacyType && isObject(value) && movableType(value)) {
      const to: string[] = [];
      const name = own(value, 'name');
      const kind = own(value, 'kind');
      if (name !== undefined && put('x-graphql-type-name', name, key, 'name')) to.push('x-graphql-type-name');
      if (kind !== undefined && put('x-graphql-type-kind', kind, key, 'kind')) to.push('x-graphql-type-kind');
      changes.push({ pointer: at, from: key, to });
    } else {
      // Any other member, a 2.x attribute written in the document among them (never placed from a 1.x one).
      out.push([key, value]);
      items.push({ key, origin: key });
      placed.add(key);
    }
  }
  plans?.push({ pointer, items });
  return orderedObject(out);
}

/** `{name, kind}` with string members only, at least one of them. */
function movableType(value: JsonObject): boolean {
  const keys = keysOf(value);
  return keys.length > 0 && keys.every((k) => (k === 'name' || k === 'kind') && typeof own(value, k) === 'string');
}
