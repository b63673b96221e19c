/**
 * The JSON Schema -> SDL pipeline, stage by stage (docs/ARCHITECTURE.md):
 * load -> normalize (scan) -> options -> resolve -> lower -> assemble -> print.
 */
import { assemble } from './assemble';
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import { isObject, loadJson, locate } from './load';
import { Lowering } from './lower';
import { scanDocument } from './normalize';
import { applyRootOverrides, type ResolvedOptions } from './options';
import { printDocument } from './print';
import { Resolver, type Source } from './resolve';

export interface SdlResult {
  sdl: string;
  warnings: Diagnostic[];
}

export function jsonSchemaToSdl(text: string, options: ResolvedOptions): SdlResult {
  const texts = new Map<string | undefined, string>([[options.fileName, text]]);
  try {
    const root = loadJson(text, options.fileName);
    if (!isObject(root)) {
      throw new ConversionError(ErrorCodes.JSON_ROOT, 'the root of a JSON Schema must be an object', {
        file: options.fileName,
        pointer: '',
      });
    }
    const scan = scanDocument(root, options.fileName);
    if (options.validate) {
      // Loaded only when asked for: ajv costs start-up time that plain conversion does not need.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./meta-schema') as typeof import('./meta-schema')).checkMetaSchema(root, text, options.fileName);
    }
    const resolved = applyRootOverrides(options, root);
    const main: Source = { id: '', file: options.fileName, text, root, dir: options.inputDir ?? options.baseDir, refs: scan.refs };
    const resolver = new Resolver(main, options.baseDir);
    const targets = resolver.collectTargets();
    for (const s of resolver.sources.values()) texts.set(s.file, s.text);
    const warnings = [...scan.warnings, ...resolver.warnings];
    const lw = new Lowering(resolved, resolver, targets, warnings);
    lw.run();
    const doc = assemble(lw, lw.directives.definitions());
    if (doc.definitions.length === 0) {
      warnings.push({ code: ErrorCodes.NO_TYPES, severity: 'warning', message: 'the schema produces no GraphQL types; the output is empty', ...(options.fileName !== undefined ? { file: options.fileName } : {}), pointer: '' });
    }
    for (const s of resolver.sources.values()) texts.set(s.file, s.text);
    const located = warnings.map((w) => withPosition(w, texts));
    if (resolved.strict && located.length > 0) {
      const w = located[0];
      throw new ConversionError(w.code, w.message, w);
    }
    return { sdl: doc.definitions.length === 0 ? '' : printDocument(doc, resolved.descriptionBlockThreshold), warnings: located };
  } catch (e) {
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

function withPosition(d: Diagnostic, texts: Map<string | undefined, string>): Diagnostic {
  if (d.pointer === undefined || d.line !== undefined) return d;
  const pos = positionOf(texts, d.file, d.pointer);
  return pos ? { ...d, line: pos.line, column: pos.column } : d;
}
