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
import { printReversed, reverseDocument } from './reverse';
import { readSdl } from './sdl-read';
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
  const output = printReversed(reverseDocument(doc));
  return { output, warnings: [] };
}

/**
 * JSON Schema -> SDL. With `positions` false the warnings keep their pointers
 * but get no line and column: finding those takes a pass over the input text,
 * which `Converter.convert` (it drops the warnings) need not pay. Errors, and
 * the first warning under `strict`, always get their position.
 */
export function jsonSchemaToSdl(text: string, options: ResolvedOptions, positions = true): ConversionResult {
  const texts = new Map<string | undefined, string>([[options.fileName, text]]);
  let changes: MigrationChange[] = [];
  try {
    const loaded = loadJson(text, options.fileName);
    if (!isObject(loaded)) {
      throw new ConversionError(ErrorCodes.JSON_ROOT, 'the root of a JSON Schema must be an object', {
        file: options.fileName,
        pointer: '',
      });
    }
    // The legacy path (record 0035): 1.x attribute names read as their 2.x names.
    let legacy: Diagnostic[] = [];
    let root = loaded;
    if (mayHoldLegacy(text)) {
      const rewritten = legacyRewrite(loaded, options.fileName);
      root = rewritten.root as JsonObject;
      legacy = rewritten.warnings;
      changes = rewritten.changes;
    }
    const draft = draftOf(root);
    const scan = scanDocument(root, options.fileName, undefined, draft);
    if (options.validate) {
      // ajv is loaded only now (meta-schema.ts requires it at first use).
      checkMetaSchema(root, text, options.fileName);
    }
    const resolved = applyRootOverrides(options, root);
    const main: Source = { id: '', file: options.fileName, text, root, dir: options.inputDir ?? options.baseDir, refs: scan.refs, draft, anchors: scan.anchors };
    const resolver = new Resolver(main, options.baseDir, resolved.unresolvedRefs, options.resolveRef);
    const targets = resolver.collectTargets();
    for (const s of resolver.sources.values()) texts.set(s.file, s.text);
    const warnings = [...legacy, ...scan.warnings, ...resolver.warnings];
    const lw = new Lowering(resolved, resolver, targets, warnings);
    lw.run();
    // Each definition is printed as assemble builds it (memory: see assemble).
    // Record 0075: federation directives print under the names the schema extension's @link gives them.
    const printer = new Printer(resolved.descriptionBlockThreshold, lw.schemaExtension && federationPrintNames(lw.schemaExtension.directives));
    const blocks: string[] = [];
    lw.directives.settleFederation(linksFederation(lw.schemaExtension));
    const head = assemble(lw, lw.directives.definitions(), (def) => blocks.push(printer.definition(def)));
    if (blocks.length === 0) {
      warnings.push({ code: ErrorCodes.NO_TYPES, severity: 'warning', message: 'the schema produces no GraphQL types; the output is empty', ...(options.fileName !== undefined ? { file: options.fileName } : {}), pointer: '' });
    }
    for (const s of resolver.sources.values()) texts.set(s.file, s.text);
    // Places in what the legacy path rewrote are named as written.
    const relocated =
      changes.length === 0
        ? warnings
        : warnings.map((w) => (w.file === options.fileName && w.pointer !== undefined ? { ...w, pointer: originalPointer(w.pointer, changes) } : w));
    // under `strict` the catch below locates the warning it throws
    const located = positions ? withPositions(relocated, texts) : relocated;
    // JSON_FIELDS only reports (record 0079): strict raises the first other warning.
    const first = resolved.strict ? located.find((w) => w.code !== ErrorCodes.JSON_FIELDS) : undefined;
    if (first !== undefined) throw new ConversionError(first.code, first.message, first);
    const sdl = blocks.length === 0 ? '' : joinBlocks(printer.head(head), blocks);
    return { output: sdl, warnings: located };
  } catch (e) {
    if (e instanceof ConversionError && changes.length > 0 && e.file === options.fileName && e.pointer !== undefined && e.line === undefined) {
      e.pointer = originalPointer(e.pointer, changes);
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
