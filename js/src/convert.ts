/**
 * The two pipelines, stage by stage (docs/ARCHITECTURE.md):
 * JSON Schema -> SDL: load -> normalize (scan) -> options -> resolve -> lower -> assemble -> print;
 * SDL -> JSON Schema (record 0028): sdl-read -> reverse (printed as json-print would).
 */
import { assemble, linksFederation } from './assemble';
import { federationPrintNames } from './federation';
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import { isObject, loadJson, type JsonObject } from './load';
import type { Source } from './loc';
import { locate, locateAll } from './locate';
import { Lowering } from './lower';
import { checkMetaSchema, draftOf } from './meta-schema';
import { legacyRewrite, mayHoldLegacy, originalPointer, type MigrationChange } from './migrate';
import { scanDocument } from './normalize';
import { applyRootOverrides, type ResolvedOptions } from './options';
import { joinBlocks, Printer } from './print';
import { readSdl } from './sdl-read';
import { reversedJson } from './sdl-subgraph';
import { documentFromIntrospection } from './introspection-read';
import { Resolver } from './resolve';

/**
 * The result of a conversion in either direction.
 */
export interface ConversionResult {
  /** The converted text: the SDL, or the JSON Schema. */
  output: string;
  /** What could not be expressed, each with its code and location. */
  warnings: Diagnostic[];
}

/** GraphQL SDL -> annotated JSON Schema text (record 0028). No warnings arise in this direction. */
export function graphqlToJson(text: string, options: ResolvedOptions): ConversionResult {
  // An introspection result (record 0091): SDL never starts with `{`.
  const doc = /^[ \t\n\r\uFEFF]*\{/.test(text)
    ? documentFromIntrospection(text, options.fileName)
    : readSdl(text, options.fileName !== undefined ? { fileName: options.fileName } : {});
  return { output: reversedJson(doc), warnings: [] };
}

/**
 * JSON Schema -> SDL. With `positions` false the warnings keep their pointers
 * but get no line and column: finding those takes a pass over the input text,
 * which `Converter.convert` (it drops the warnings) need not pay. Errors, and
 * the first warning under `strict`, always get their position.
 */
export function jsonSchemaToSdl(text: string, options: ResolvedOptions, positions = true): ConversionResult {
  return convertDocuments([{ id: '', file: options.fileName, text, dir: options.inputDir ?? options.baseDir }], options, positions);
}

/**
 * JSON -> SDL of a tree built in memory (reverse.ts: plain objects, no integer-like key,
 * no 1.x attribute), for its errors only: the SDL reader's subgraph rules (record 0077).
 * The tree is not printed to text and parsed again, and no SDL is printed. An error keeps
 * its pointer and gets no line or column (there is no text); the caller places it.
 */
export function checkJsonSchemaTree(root: JsonObject, options: ResolvedOptions): void {
  convertDocuments([{ id: '', file: undefined, text: '', dir: undefined, root }], options, false, false);
}

/** One input of a bundle (record 0090): its path under `baseDir` (`/`-separated) and its text. */
export interface BundleText {
  path: string;
  text: string;
}

/**
 * Several JSON Schemas -> one SDL document (record 0090): the inputs in the order of
 * their paths (by code point, as Rust compares strings), each a root of one conversion,
 * as if the first had `$ref`ed the others: a file reached from several is converted
 * once, names are claimed across all of them, and one `@link` heads a federated result.
 */
export function jsonSchemaBundleToSdl(inputs: readonly BundleText[], options: ResolvedOptions, positions = true): ConversionResult {
  const byPath = new Map<string, BundleText>();
  for (const input of inputs) if (!byPath.has(input.path)) byPath.set(input.path, input);
  const sorted = [...byPath.values()].sort((a, b) => comparePaths(a.path, b.path));
  if (sorted.length === 0) throw new ConversionError(ErrorCodes.INVALID_OPTION, 'a bundle needs at least one input');
  const base = options.baseDir;
  const docs = sorted.map((input) => {
    const slash = input.path.lastIndexOf('/');
    const dir = base === undefined ? undefined : slash < 0 ? base : joinDir(base, input.path.slice(0, slash));
    return { id: input.path, file: input.path, text: input.text, dir };
  });
  return convertDocuments(docs, options, positions);
}

/** Code-point order (UTF-16 order differs above U+FFFF), the order of Rust's `str`. */
export function comparePaths(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

function joinDir(base: string, rel: string): string {
  return base.endsWith('/') || base.endsWith('\\') ? base + rel : `${base}/${rel}`;
}

interface DocumentText {
  id: string;
  file: string | undefined;
  text: string;
  dir: string | undefined;
  /** The document already parsed (checkJsonSchemaTree); `text` is then empty. */
  root?: JsonObject;
}

/** The text of one converted document read into its source: loaded, rewritten by the legacy path, scanned, checked. */
function readDocument(doc: DocumentText, options: ResolvedOptions, changesOf: Map<string | undefined, MigrationChange[]>, warnings: Diagnostic[]): Source {
  const loaded = doc.root ?? loadJson(doc.text, doc.file);
  if (!isObject(loaded)) {
    throw new ConversionError(ErrorCodes.JSON_ROOT, 'the root of a JSON Schema must be an object', { file: doc.file, pointer: '' });
  }
  // The legacy path (record 0035): 1.x attribute names read as their 2.x names.
  let root = loaded;
  if (mayHoldLegacy(doc.text)) {
    const rewritten = legacyRewrite(loaded, doc.file);
    root = rewritten.root as JsonObject;
    warnings.push(...rewritten.warnings);
    if (rewritten.changes.length > 0) changesOf.set(doc.file, rewritten.changes);
  }
  const draft = draftOf(root);
  const scan = scanDocument(root, doc.file, undefined, draft);
  if (options.validate) {
    // ajv is loaded only now (meta-schema.ts requires it at first use).
    checkMetaSchema(root, doc.text, doc.file);
  }
  warnings.push(...scan.warnings);
  return { id: doc.id, file: doc.file, text: doc.text, root, dir: doc.dir, refs: scan.refs, draft, ids: scan.ids };
}

function convertDocuments(docs: DocumentText[], options: ResolvedOptions, positions: boolean, print = true): ConversionResult {
  const texts = new Map<string | undefined, string>();
  for (const d of docs) texts.set(d.file, d.text);
  // What the legacy path rewrote, by file.
  const changesOf = new Map<string | undefined, MigrationChange[]>();
  const original = (file: string | undefined, pointer: string): string => {
    const changes = changesOf.get(file);
    return changes === undefined ? pointer : originalPointer(pointer, changes);
  };
  const mainFile = docs[0].file;
  try {
    const early: Diagnostic[] = [];
    const sources = docs.map((d) => readDocument(d, options, changesOf, early));
    const main = sources[0];
    const resolved = applyRootOverrides(options, main.root as JsonObject);
    const resolver = new Resolver(main, options.baseDir, resolved.unresolvedRefs, options.resolveRef);
    for (const s of sources.slice(1)) resolver.addRoot(s);
    const targets = resolver.collectTargets();
    for (const s of resolver.sources.values()) texts.set(s.file, s.text);
    const warnings = [...early, ...resolver.warnings];
    const lw = new Lowering(resolved, resolver, targets, warnings);
    lw.run();
    // Each definition is printed as assemble builds it (memory: see assemble).
    // Record 0075: federation directives print under the names the schema extension's @link gives them.
    const printer = new Printer(resolved.descriptionBlockThreshold, lw.schemaExtension && federationPrintNames(lw.schemaExtension.directives));
    const blocks: string[] = [];
    lw.directives.settleFederation(linksFederation(lw.schemaExtension));
    const head = assemble(lw, lw.directives.definitions(), print ? (def) => blocks.push(printer.definition(def)) : () => undefined);
    if (!print) return { output: '', warnings };
    if (blocks.length === 0) {
      warnings.push({ code: ErrorCodes.NO_TYPES, severity: 'warning', message: 'the schema produces no GraphQL types; the output is empty', ...(mainFile !== undefined ? { file: mainFile } : {}), pointer: '' });
    }
    for (const s of resolver.sources.values()) texts.set(s.file, s.text);
    // Places in what the legacy path rewrote are named as written.
    const relocated =
      changesOf.size === 0
        ? warnings
        : warnings.map((w) => (changesOf.has(w.file) && w.pointer !== undefined ? { ...w, pointer: original(w.file, w.pointer) } : w));
    // under `strict` the catch below locates the warning it throws
    const located = positions ? withPositions(relocated, texts) : relocated;
    // JSON_FIELDS only reports (record 0079): strict raises the first other warning.
    const first = resolved.strict ? located.find((w) => w.code !== ErrorCodes.JSON_FIELDS) : undefined;
    if (first !== undefined) throw new ConversionError(first.code, first.message, first);
    const sdl = blocks.length === 0 ? '' : joinBlocks(printer.head(head), blocks);
    return { output: sdl, warnings: located };
  } catch (e) {
    if (e instanceof ConversionError && changesOf.has(e.file) && e.pointer !== undefined && e.line === undefined) {
      e.pointer = original(e.file, e.pointer);
    }
    if (e instanceof ConversionError && e.line === undefined && e.pointer !== undefined) {
      const pos = positionOf(texts, e.file, e.pointer);
      if (pos) {
        e.line = pos.line;
        e.column = pos.column;
      }
    }
    throw e;
  }
}

function positionOf(texts: Map<string | undefined, string>, file: string | undefined, pointer: string) {
  const text = texts.get(file);
  return text === undefined ? undefined : locate(text, pointer);
}

/** Positions for the warnings that have a pointer and none yet: one pass over each file's text. */
function withPositions(warnings: Diagnostic[], texts: Map<string | undefined, string>): Diagnostic[] {
  const byFile = new Map<string | undefined, number[]>();
  warnings.forEach((w, i) => {
    if (w.pointer === undefined || w.line !== undefined || !texts.has(w.file)) return;
    const list = byFile.get(w.file);
    if (list === undefined) byFile.set(w.file, [i]);
    else list.push(i);
  });
  const out = warnings.slice();
  for (const [file, indexes] of byFile) {
    const positions = locateAll(texts.get(file)!, indexes.map((i) => warnings[i].pointer!));
    indexes.forEach((i, k) => {
      const pos = positions[k];
      if (pos) out[i] = { ...warnings[i], line: pos.line, column: pos.column };
    });
  }
  return out;
}
