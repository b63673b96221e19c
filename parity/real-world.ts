/**
 * The real-world JSON Schema corpus (parity/real-world.json, docs/real-world.md):
 * each document converted by both CLIs (bytes, stderr and exit status compared
 * by parity/real-world.test.ts), and its structural coverage: how many object
 * schemas of the input (and of the files it refers to) became GraphQL types, and
 * why the others did not. `npx tsx scripts/real-world-table.ts` prints the table
 * of docs/real-world.md from the same measurements.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isObject, keysOf, loadJson, own, pointerJoin, type JsonObject, type JsonValue } from '../js/src/load';
import type { Source } from '../js/src/loc';
import { Lowering } from '../js/src/lower';
import { draftOf } from '../js/src/meta-schema';
import { scanDocument } from '../js/src/normalize';
import { applyRootOverrides, resolveOptions, type ConverterOptions } from '../js/src/options';
import { Resolver } from '../js/src/resolve';
import type { Slot } from '../js/src/slots';
import { JS_CLI, ROOT, runOne, type Run } from './cli-run';

export interface CorpusDocument {
  name: string;
  package: string;
  file: string;
  draft: string;
  openapi?: boolean;
  args?: string[];
  status?: number;
  code?: string;
}

export const CORPUS: CorpusDocument[] = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'parity', 'real-world.json'), 'utf8')) as { documents: CorpusDocument[] }
).documents;

/** The package's version, as installed. */
export function packageVersion(doc: CorpusDocument): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', doc.package, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * The file the CLIs convert: the package's file, or for an OpenAPI document its
 * `components.schemas` as the `definitions` of a schema (refs to
 * `#/components/schemas/` rewritten), written under target/real-world/.
 */
export function inputPath(doc: CorpusDocument): string {
  const source = path.join(ROOT, 'node_modules', doc.package, doc.file);
  if (!doc.openapi) return source;
  const api = JSON.parse(fs.readFileSync(source, 'utf8')) as { openapi: string; components: { schemas: JsonObject } };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' ? v.replace(/^#\/components\/schemas\//, '#/definitions/') : rewrite(v);
    }
    return out;
  };
  const draft = api.openapi.startsWith('3.1') ? 'https://json-schema.org/draft/2020-12/schema' : 'http://json-schema.org/draft-04/schema#';
  const schema = { $schema: draft, definitions: rewrite(api.components.schemas) };
  const dir = path.join(ROOT, 'target', 'real-world');
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, path.basename(doc.file));
  fs.writeFileSync(out, JSON.stringify(schema, null, 2) + '\n');
  return out;
}

export interface Measured {
  doc: CorpusDocument;
  input: string;
  bytes: number;
  ts: Run & { ms: number };
  rust: Run & { ms: number };
}

async function timed(command: string, args: string[]): Promise<Run & { ms: number }> {
  const t0 = performance.now();
  const run = await runOne(command, args, { encoding: 'utf8', timeoutMs: 300000 });
  return { ...run, ms: Math.round(performance.now() - t0) };
}

/**
 * Both CLIs on one document (input path relative to the repository, as a user would type
 * it), with the document's flags and `extra` ones (`--mixed-unions wrap`).
 */
export async function measure(doc: CorpusDocument, rustCli: string, extra: string[] = []): Promise<Measured> {
  const input = path.relative(ROOT, inputPath(doc));
  const args = ['convert', '-i', input, ...(doc.args ?? []), ...extra];
  const ts = await timed(process.execPath, [JS_CLI, ...args]);
  const rust = await timed(rustCli, args);
  return { doc, input, bytes: fs.statSync(path.join(ROOT, input)).size, ts, rust };
}

/** A document's CLI flags (`args`, then `extra`) as converter options, for `coverage`. */
export function optionsOf(doc: CorpusDocument, extra: string[] = []): ConverterOptions {
  const args = [...(doc.args ?? []), ...extra];
  const options: ConverterOptions = {};
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === '--unresolved-refs') options.unresolvedRefs = args[i + 1] as 'error' | 'json';
    else if (args[i] === '--mixed-unions') options.mixedUnions = args[i + 1] as 'json' | 'types' | 'wrap';
    else throw new Error(`parity/real-world.json: flag ${args[i]} has no option mapping in parity/real-world.ts`);
  }
  return options;
}

/** The number of warnings in a CLI's stderr, by code. */
export function warningCounts(stderr: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of stderr.matchAll(/^\S.*?: warning\[([A-Z_]+)\]/gm)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  return counts;
}

// ---------------------------------------------------------------------------
// Structural coverage

/** Keywords whose value is one schema. */
const ONE_SCHEMA = ['additionalProperties', 'additionalItems', 'items', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems'];
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies'];
/** Keywords that validate only: a schema below them describes no value's shape. */
const VALIDATION_ONLY = new Set(['not', 'if', 'then', 'else', 'contains', 'propertyNames', 'dependencies', 'dependentSchemas', 'unevaluatedItems', 'unevaluatedProperties']);

export interface Coverage {
  objects: number;
  types: number;
  /** Why the other object schemas did not become types: reason -> count. */
  reasons: Map<string, number>;
}

function isObjectSchema(node: JsonObject): boolean {
  const type = own(node, 'type');
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || isObject(own(node, 'properties'));
}

/** Why an object schema, reached through the schema keywords `keywords`, did not become a type. */
function reason(node: JsonObject, keywords: string[], threshold: number, mainDocument: boolean, parent: JsonObject | undefined): string {
  if (keywords.some((k) => VALIDATION_ONLY.has(k))) return 'under a validation-only keyword (not, if/then/else, contains, dependencies, propertyNames)';
  const last = keywords[keywords.length - 1];
  const props = own(node, 'properties');
  const count = isObject(props) ? keysOf(props).length : 0;
  if (!mainDocument) return 'in a referenced file, reached by no converted field (only the main document\'s definitions are all converted)';
  if (typeof own(node, '$ref') === 'string') return 'properties beside a $ref (2019-09 and later): the $ref alone is read';
  if (last === 'allOf') return 'an allOf branch: its properties are merged into the type of the schema holding the allOf';
  if (count === 0) {
    if (own(node, 'additionalProperties') !== undefined || own(node, 'patternProperties') !== undefined) {
      return 'a map (additionalProperties / patternProperties, no properties): the JSON scalar';
    }
    return 'no properties (a free-form object): the JSON scalar';
  }
  if ((last === 'anyOf' || last === 'oneOf') && parent !== undefined && isObject(own(parent, 'properties'))) {
    return 'a oneOf/anyOf branch beside properties: it constrains the object, whose own properties make the type (record 0008)';
  }
  if (last === 'anyOf' || last === 'oneOf') return 'a branch of a union that is not made of object types only: the JSON scalar';
  if (last !== 'definitions' && last !== '$defs' && count <= threshold) return `an inline object of at most ${threshold} properties (inlineObjectThreshold): the JSON scalar`;
  return 'other';
}

/** Lowers the document as the converter does (TypeScript internals) and compares its object schemas with the type slots. */
export function coverage(file: string, options: ConverterOptions = {}): Coverage {
  const text = fs.readFileSync(file, 'utf8');
  const resolvedOptions = resolveOptions({ ...options, baseDir: path.dirname(file), fileName: path.basename(file) });
  const root = loadJson(text, resolvedOptions.fileName) as JsonObject;
  const draft = draftOf(root);
  const scan = scanDocument(root, resolvedOptions.fileName, undefined, draft);
  const resolved = applyRootOverrides(resolvedOptions, root);
  const main: Source = { id: '', file: resolvedOptions.fileName, text, root, dir: resolvedOptions.baseDir, refs: scan.refs, draft, ids: scan.ids };
  const resolver = new Resolver(main, resolvedOptions.baseDir, resolved.unresolvedRefs);
  const targets = resolver.collectTargets();
  const lw = new Lowering(resolved, resolver, targets, []);
  lw.run();
  const typeNodes = new Set<JsonValue>();
  const stack: Slot[] = [...lw.units];
  while (stack.length > 0) {
    const slot = stack.pop()!;
    if (slot.kind === 'object' || slot.kind === 'interface' || slot.kind === 'input') typeNodes.add(slot.node);
    stack.push(...slot.children);
  }
  const result: Coverage = { objects: 0, types: 0, reasons: new Map() };
  for (const source of resolver.sources.values()) {
    const walk: Array<{ node: JsonValue; pointer: string; keywords: string[]; parent?: JsonObject }> = [{ node: source.root, pointer: '', keywords: [] }];
    while (walk.length > 0) {
      const { node, pointer, keywords, parent } = walk.pop()!;
      if (!isObject(node)) continue;
      if (isObjectSchema(node)) {
        result.objects++;
        if (typeNodes.has(node)) result.types++;
        else {
          const why = reason(node, keywords, resolved.inlineObjectThreshold, source === main, parent);
          result.reasons.set(why, (result.reasons.get(why) ?? 0) + 1);
        }
      }
      for (const key of keysOf(node)) {
        const value = node[key];
        if (ONE_SCHEMA.includes(key) && isObject(value)) walk.push({ node: value, pointer: pointerJoin(pointer, key), keywords: [...keywords, key] });
        if (SCHEMA_LIST.includes(key) && Array.isArray(value)) {
          value.forEach((v, i) => walk.push({ node: v, pointer: pointerJoin(pointer, key, String(i)), keywords: [...keywords, key], parent: node }));
        }
        if (SCHEMA_MAP.includes(key) && isObject(value)) {
          for (const k of keysOf(value)) walk.push({ node: value[k], pointer: pointerJoin(pointer, key, k), keywords: [...keywords, key] });
        }
      }
    }
  }
  return result;
}
