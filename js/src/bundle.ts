/**
 * bundle (record 0090): several inputs that form one schema, converted into one output.
 *
 * JSON Schema -> SDL: convert.ts's `jsonSchemaBundleToSdl` (every input a root of one
 * conversion). SDL -> JSON Schema: the documents are read as one, in path order, each
 * starting on a line of its own; a problem's line is then brought back to the file it
 * is in, and so is each "line N, column M" its message names (`type A is defined twice
 * (first at b.graphql, line 1, column 6)`). Mirrors rust/src/bundle.rs.
 */
import { comparePaths, graphqlToJson, jsonSchemaBundleToSdl, type BundleText, type ConversionResult } from './convert';
import { ConversionError, ErrorCodes } from './errors';
import { positionAt } from './load';
import { parseSdl } from './sdl-parse';
import { MAX_SDL_DEPTH, tooDeep } from './sdl-read';
import type { ResolvedOptions } from './options';

/** One input of a bundle: its path under `baseDir` (`/`-separated; names it in diagnostics) and its text. */
export interface BundleInput {
  path: string;
  /** The document's text. */
  text?: string;
  /** A JSON Schema already parsed (JSON Schema -> SDL only): printed with two-space indentation, as a single object input is. */
  object?: Readonly<Record<string, unknown>>;
}

/** The inputs as texts, in path order, each path once (the first text given for it). */
export function bundleTexts(inputs: readonly BundleInput[], sdl: boolean): BundleText[] {
  const byPath = new Map<string, BundleText>();
  for (const input of inputs) {
    if (input === null || typeof input !== 'object' || typeof input.path !== 'string' || input.path === '') {
      throw new ConversionError(ErrorCodes.INVALID_OPTION, 'each input of a bundle needs a path');
    }
    let text: string;
    if (typeof input.text === 'string') text = input.text;
    else if (!sdl && input.object !== null && typeof input.object === 'object' && !Array.isArray(input.object)) text = JSON.stringify(input.object, null, 2);
    else throw new ConversionError(ErrorCodes.INVALID_OPTION, `input ${input.path} of the bundle needs text${sdl ? '' : ' or an object'}`);
    if (!byPath.has(input.path)) byPath.set(input.path, { path: input.path, text });
  }
  if (byPath.size === 0) throw new ConversionError(ErrorCodes.INVALID_OPTION, 'a bundle needs at least one input');
  return [...byPath.values()].sort((a, b) => comparePaths(a.path, b.path));
}

export function bundleToSdl(inputs: readonly BundleInput[], options: ResolvedOptions, positions = true): ConversionResult {
  return jsonSchemaBundleToSdl(bundleTexts(inputs, false), options, positions);
}

/** Where each document starts in the joined text: its path and first line (1-based). */
interface Part {
  path: string;
  line: number;
}

/** Several SDL documents -> one JSON Schema. */
export function bundleToJson(inputs: readonly BundleInput[], options: ResolvedOptions): ConversionResult {
  const texts = bundleTexts(inputs, true);
  const parts: Part[] = [];
  let joined = '';
  let line = 1;
  for (const t of texts) {
    // A document's BOM is not part of it; each starts on a line of its own.
    const text = t.text.charCodeAt(0) === 0xfeff ? t.text.slice(1) : t.text;
    checkSyntaxAlone(t.path, text);
    parts.push({ path: t.path, line });
    const body = text.endsWith('\n') || text.endsWith('\r') ? text : text + '\n';
    joined += body;
    line += countLines(body);
  }
  try {
    return graphqlToJson(joined, { ...options, fileName: undefined });
  } catch (e) {
    if (e instanceof ConversionError) throw placed(e, parts);
    throw e;
  }
}

/**
 * A syntax error is its own file's: a file that is not a document alone (an unclosed
 * `{`, an unterminated string) would otherwise be reported where the next file makes
 * the joined text fail. A file of blanks and comments only is no document alone, and
 * harmless joined: it is not checked.
 */
function checkSyntaxAlone(path: string, text: string): void {
  if (!hasToken(text)) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const graphql = require('graphql') as typeof import('graphql');
  // As sdl-read.ts reads a document: the depth first, then the grammar.
  const deep = tooDeep(graphql, text);
  if (deep !== undefined) {
    throw new ConversionError(ErrorCodes.GRAPHQL_SYNTAX, `the document nests deeper than ${MAX_SDL_DEPTH} levels`, { file: path, ...positionAt(text, deep) });
  }
  try {
    parseSdl(text, false);
  } catch (e) {
    // Anything else (a document too deep for the stack) is left to the joined read.
    if (!(e instanceof graphql.GraphQLError)) return;
    const offset = e.positions?.[0];
    throw new ConversionError(ErrorCodes.GRAPHQL_SYNTAX, e.message, { file: path, ...(offset !== undefined ? positionAt(text, offset) : {}) });
  }
}

/** Whether the text has anything but blanks (space, tab, CR, LF, commas, BOM) and `#` comments. */
function hasToken(text: string): boolean {
  let comment = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) comment = false;
    else if (comment || c === 0x20 || c === 0x09 || c === 0x2c || c === 0xfeff) continue;
    else if (c === 0x23) comment = true;
    else return true;
  }
  return false;
}

/** Line breaks as GraphQL counts them: `\r\n`, `\n` and `\r` are one each. */
function countLines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) n++;
    else if (c === 0x0d) {
      n++;
      if (text.charCodeAt(i + 1) === 0x0a) i++;
    }
  }
  return n;
}

function partOf(parts: Part[], line: number): Part {
  let found = parts[0];
  for (const p of parts) if (p.line <= line) found = p;
  return found;
}

/** The error with its file and line in that file, and the places its message names in theirs. */
function placed(e: ConversionError, parts: Part[]): ConversionError {
  const own = e.line !== undefined ? partOf(parts, e.line) : parts[0];
  e.file = own.path;
  if (e.line !== undefined) e.line = e.line - own.line + 1;
  e.message = e.message.replace(/line (\d+), column (\d+)/g, (_, l: string, c: string) => {
    const n = Number(l);
    const part = partOf(parts, n);
    const where = `line ${n - part.line + 1}, column ${c}`;
    return part === own ? where : `${part.path}, ${where}`;
  });
  return e;
}
