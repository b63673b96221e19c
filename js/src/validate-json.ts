/**
 * validate-json: every problem of a JSON Schema document that the converter
 * would choke on, not just the first (record 0034). The checks, in the order
 * they run (equal places keep this order in the report):
 *
 *   1. JSON syntax (load): the only problem when the text is not JSON;
 *      the root must be an object (JSON_ROOT);
 *   2. the meta-schema of the draft `$schema` names (meta-schema.ts);
 *   3. every `x-graphql-*` attribute against the catalog, unknown names with a
 *      "did you mean", the legacy `x-graphql-type` (normalize.ts, collecting),
 *      1.x names through the converter's legacy path (migrate.ts);
 *   4. the semantic checks (validate-semantics.ts): explicit names, type
 *      expressions, union members, interfaces, federation field sets;
 *   5. every `$ref` of the document (resolve.ts);
 *   6. the converter itself, as the net for whatever the checks above do not
 *      model: its error (if any) and its warnings join the report unless one
 *      with the same code and pointer is already there; for the subgraph rules
 *      only the converter checks (interface keys, unused `@external`), every
 *      problem (field-set.ts `collectingRuleProblems`, record 0084). The converter stops at
 *      its first error; the net mends the place of that error in a copy of the
 *      document and runs the converter again, for the next one (at most
 *      NET_ROUNDS times, record 0089), where the mending cannot make a problem
 *      the file does not have: a name given twice (DUPLICATE_NAME at
 *      `x-graphql-type-name` / `x-graphql-field-name`) renamed; an invalid such
 *      name that nothing else mentions given a fresh valid one; a wrong value
 *      (ATTRIBUTE_TYPE) of an attribute that no other place reads (DEFAULTED)
 *      taken out, which is its default. A wrong nullability value, a type
 *      expression that does not parse and a broken federation field set are
 *      mended by a guess (`Guess`): after one, the net takes only the problems
 *      that no fix of the guessed place can change (names given twice or
 *      invalid, an `@external` field nothing uses that no guessed field set
 *      names). Other errors end the net: taking any attribute out changes what
 *      the rest of the document means (a union without members, an
 *      `@external` field nothing uses), which would report problems the file
 *      does not have.
 *
 * rust/src/validate_json.rs is the same, step for step.
 */
import { jsonSchemaToSdl } from './convert';
import { collectingRuleProblems, unusedExternalField } from './field-set';
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import { printJson } from './json-print';
import { isObject, keysOf, loadJson, orderedObject, own, type JsonObject, type JsonValue } from './load';
import type { Source } from './loc';
import { locateAll } from './locate';
import { legacyRewrite, mayHoldLegacy, originalPointer } from './migrate';
import { draftOf, metaSchemaMessage, metaSchemaPointers } from './meta-schema';
import { scanDocument } from './normalize';
import { applyRootOverrides, DEFAULT_OPTIONS, resolveOptions, type ResolvedOptions } from './options';
import { Resolver } from './resolve';
import { semanticProblems } from './validate-semantics';
import { fileReport, Problems, toProblem, type FileReport, type ValidateOptions } from './validate';

/** Validates one JSON Schema text. */
export function validateJsonSchema(text: string, options: ValidateOptions = {}): FileReport {
  const file = options.fileName;
  const found = new Problems();
  const at = (pointer: string) => ({ ...(file !== undefined ? { file } : {}), pointer });
  let root: JsonValue;
  try {
    root = loadJson(text, file);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    return finish(text, options, [e.toJSON()]);
  }
  if (!isObject(root)) {
    const message = 'the root of a JSON Schema must be an object';
    return finish(text, options, [{ code: ErrorCodes.JSON_ROOT, severity: 'error', message, ...at('') }]);
  }

  const { draft, pointers } = metaSchemaPointers(root, text);
  for (const p of pointers) {
    found.push({ code: ErrorCodes.SCHEMA_INVALID, severity: 'error', message: metaSchemaMessage(draft, p, root, text), ...at(p) });
  }

  // The converter's legacy path: 1.x names are checked as their 2.x names, and
  // every place found in what it rewrote is named as written (originalPointer).
  const rewritten = mayHoldLegacy(text) ? legacyRewrite(root, file) : { root, warnings: [], changes: [] };
  const tree = rewritten.root as JsonObject;
  const asWritten = (d: Diagnostic): Diagnostic =>
    rewritten.changes.length > 0 && d.pointer !== undefined && d.file === file ? { ...d, pointer: originalPointer(d.pointer, rewritten.changes) } : d;
  for (const d of rewritten.warnings) found.add(d);

  const errors: Diagnostic[] = [];
  const scan = scanDocument(tree, file, errors);
  // scanDocument keeps errors and warnings apart; the report wants them in walk order, which sorting restores.
  for (const d of [...errors, ...scan.warnings]) found.add(asWritten(d));

  for (const d of semanticProblems(tree, file)) found.add(asWritten(d));

  const baseDir = options.baseDir ?? '.';
  const main: Source = { id: '', file, text, root: tree, dir: options.inputDir ?? baseDir, refs: scan.refs, draft: draftOf(tree), ids: scan.ids };
  // Under the root's `x-graphql-unresolved-refs: "json"` an unresolved ref is the converter's warning, below.
  const resolver = new Resolver(main, baseDir, applyRootOverrides(DEFAULT_OPTIONS, tree).unresolvedRefs);
  for (const use of scan.refs) {
    try {
      resolver.resolve(use.ref, { source: main, pointer: use.pointer });
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      found.add(e.toJSON());
    }
  }

  const convertOptions = resolveOptions({
    ...(file !== undefined ? { fileName: file } : {}),
    baseDir,
    ...(options.inputDir !== undefined ? { inputDir: options.inputDir } : {}),
  });
  // Record 0084: the converter's subgraph rules it alone checks give every problem, not the first.
  // The net's rounds collect theirs apart (`later`), to keep only those its guesses allow.
  const later: ConversionError[] = [];
  const more = collectingRuleProblems(() => {
    try {
      const result = jsonSchemaToSdl(text, convertOptions, true);
      // The JSON_FIELDS summary reports what the output is, not a problem (record 0079).
      for (const w of result.warnings) if (w.code !== ErrorCodes.JSON_FIELDS) found.add(w);
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      found.add(e.toJSON());
      netAgain(text, file, e.toJSON(), convertOptions, found, later);
    }
  });
  for (const e of [...more, ...later]) found.add(e.toJSON());
  return finish(text, options, found.list);
}

/** How many more times the converter runs after an error at an attribute. */
const NET_ROUNDS = 20;

/**
 * A mending that stands for a fix the file does not spell out (record 0089): a
 * nullability attribute with a wrong value taken out, a type expression that does
 * not parse replaced by a name, a field set taken out. After one, the net takes
 * only the problems that every such fix leaves (`followsGuesses`).
 */
type Guess = { kind: 'nullability' } | { kind: 'type' } | { kind: 'field-set'; names: Set<string> };

/**
 * The converter again and again with the place its last error is at mended,
 * each new error added (placed by its pointer in the file as written: the
 * text converted is the document printed again). Its warnings are not taken:
 * the first run gave them for the document as written. The rule problems past
 * the first of a round (record 0084) go to `later`, under the same guesses.
 */
function netAgain(
  text: string,
  file: string | undefined,
  error: Diagnostic,
  convertOptions: ResolvedOptions,
  found: Problems,
  later: ConversionError[],
): void {
  let tree: JsonValue | undefined;
  let last: Diagnostic = error;
  const guesses: Guess[] = [];
  // The names the net gave (the name as written after each), for the messages.
  const renames: Array<[string, string]> = [];
  // A problem of the mended document that the file has: one an earlier stage or round reported, or one the guesses allow.
  const real = (d: Diagnostic): boolean => guesses.length === 0 || found.has(d) || followsGuesses(d, guesses);
  for (let round = 0; round < NET_ROUNDS; round++) {
    const mine = last.file === undefined || last.file === file;
    if (!mine || last.pointer === undefined) return;
    tree ??= loadJson(text, file);
    const next = mended(tree, last, round, guesses, renames);
    if (next === undefined) return;
    tree = next;
    const printed = printJson(tree);
    let thrown: ConversionError | undefined;
    const rest = collectingRuleProblems(() => {
      try {
        jsonSchemaToSdl(printed, convertOptions, true);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        thrown = e;
      }
    });
    for (const e of rest) {
      e.message = asWritten(e.message, renames);
      if (real(e.toJSON())) later.push(e);
    }
    if (thrown === undefined) return;
    const d = thrown.toJSON();
    d.message = asWritten(d.message, renames);
    if (d.file === undefined || d.file === file) {
      if (d.pointer === undefined) return;
      delete d.line;
      delete d.column;
    }
    // The same problem again: the mending did not reach it, nothing more to learn. A problem an
    // earlier stage (or round) already reported is not added twice, but the net mends it and goes on.
    if (d.code === last.code && d.pointer === last.pointer && d.file === last.file) return;
    // A place an earlier stage reported under another code is the same problem seen
    // from the converter (a key naming a skipped field is a field set naming no field).
    if (found.list.some((p) => p.pointer === d.pointer && p.file === d.file && p.code !== d.code)) return;
    if (!real(d)) return;
    found.add(d);
    last = d;
  }
}

/**
 * A message of the mended document with each name the net gave replaced by the name the
 * file has (`Car_XGraphqlValidate0.w is @external ...` -> `Car.w ...`): longer names
 * first, so `XGraphqlValidate1` never replaces part of `XGraphqlValidate12`, and a name
 * given to a name the net gave earlier comes back to the file's through both.
 */
function asWritten(message: string, renames: ReadonlyArray<readonly [string, string]>): string {
  if (!message.includes('XGraphqlValidate')) return message;
  const order = [...renames].sort((a, b) => b[0].length - a[0].length);
  for (const [fresh, name] of order) message = message.split(fresh).join(name);
  return message;
}

/**
 * Whether problem `d` of the document mended with `guesses` is one the file has
 * whatever fix each guess stands for:
 * - a name given twice or not valid (DUPLICATE_NAME, INVALID_NAME at a name of
 *   RENAMED): which types and fields there are, their kinds and explicit names
 *   depend on no nullability, no type expression (an explicit type is a string
 *   either way, so no schema below it becomes a type) and no field set;
 * - an `@external` field nothing uses, when no field set taken out names it (a
 *   field's use depends only on the field sets naming it) and no type expression
 *   was replaced (a nested selection uses the fields of the type a field returns).
 */
function followsGuesses(d: Diagnostic, guesses: Guess[]): boolean {
  const segments = segmentsOf(d.pointer ?? '');
  const last = segments[segments.length - 1];
  const naming = d.code === ErrorCodes.DUPLICATE_NAME || d.code === ErrorCodes.INVALID_NAME;
  if (naming && last !== undefined && RENAMED.includes(last)) return true;
  const field = unusedExternalField(d.code, d.message);
  return field !== undefined && guesses.every((g) => g.kind === 'nullability' || (g.kind === 'field-set' && !g.names.has(field)));
}

/** The names the net renames; a new name is the old one with this and the round appended (no schema has it). */
const RENAMED = ['x-graphql-type-name', 'x-graphql-field-name'];

/**
 * The attributes whose wrong value (ATTRIBUTE_TYPE) the net takes out, which is their
 * default: what they give (a description, a directive on this one place, a root
 * formatting option) is read by no other attribute and no rule of the converter, so
 * the document without them has no problem the file does not have (record 0089).
 * Left out on purpose: names, kinds, members, interfaces, types, nullability, skip,
 * field sets, directives, override, defaults, naming and output options, whose
 * absence changes what other places mean.
 */
const DEFAULTED = new Set([
  'x-graphql-description',
  'x-graphql-description-block-threshold',
  'x-graphql-federation-shareable',
  'x-graphql-federation-inaccessible',
  'x-graphql-federation-tags',
  'x-graphql-federation-authenticated',
  'x-graphql-federation-requires-scopes',
  'x-graphql-federation-policy',
  'x-graphql-federation-cost',
  'x-graphql-federation-list-size',
]);

/** The nullability attributes whose wrong value (ATTRIBUTE_TYPE) the net takes out, a guess (`Guess`). */
const NULLABILITY = new Set(['x-graphql-nullable', 'x-graphql-field-non-null', 'x-graphql-field-list-item-non-null']);

/** The field-set attributes the net takes out at a FIELD_SET error, a guess: the attribute, or an entry of the keys. */
const FIELD_SET_ATTRIBUTES = ['x-graphql-federation-keys', 'x-graphql-federation-requires', 'x-graphql-federation-provides'];

/** The keywords whose members are named by the user (a key there is never an attribute). */
const NAMED_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies', 'dependentSchemas']);

function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * `root` mended at the place of `error`, or undefined when the net must stop:
 * - DUPLICATE_NAME at a name of RENAMED: the second holder renamed (`<name>_XGraphqlValidate<round>`);
 * - INVALID_NAME at a name of RENAMED whose text no other string of the document holds
 *   but the items of union members and interfaces that name it: a fresh valid name
 *   `XGraphqlValidate<round>`, given to those items too (every mention renamed together);
 * - ATTRIBUTE_TYPE inside an attribute of DEFAULTED: the attribute taken out;
 * and with a guess pushed to `guesses`:
 * - ATTRIBUTE_TYPE at an attribute of NULLABILITY: the attribute taken out;
 * - FIELD_TYPE_SYNTAX at a string: the first GraphQL name in it, else `String`;
 * - FIELD_SET at an attribute of FIELD_SET_ATTRIBUTES: the attribute taken out, or
 *   the entry of the keys (the attribute when it is the only one); the guess keeps
 *   every name its strings hold.
 */
function mended(root: JsonValue, error: Diagnostic, round: number, guesses: Guess[], renames: Array<[string, string]>): JsonValue | undefined {
  const segments = segmentsOf(error.pointer!);
  const last = segments[segments.length - 1];
  if (error.code === ErrorCodes.DUPLICATE_NAME || error.code === ErrorCodes.INVALID_NAME) {
    if (last === undefined || !RENAMED.includes(last)) return undefined;
    const name = valueAt(root, segments);
    if (typeof name !== 'string') return undefined;
    const fresh = error.code === ErrorCodes.DUPLICATE_NAME ? `${name}_XGraphqlValidate${round}` : `XGraphqlValidate${round}`;
    renames.push([fresh, name]);
    if (error.code === ErrorCodes.DUPLICATE_NAME) return replaced(root, segments, fresh);
    let next: JsonValue | undefined = root;
    for (const place of mentions(root, name, segments) ?? []) next = next === undefined ? undefined : replaced(next, place, fresh);
    return next === root ? undefined : next;
  }
  const k = segments.findIndex((s, i) => s.startsWith('x-graphql-') && (i === 0 || !NAMED_MAPS.has(segments[i - 1]!)));
  const attribute = segments.slice(0, k + 1);
  if (error.code === ErrorCodes.ATTRIBUTE_TYPE && k >= 0 && DEFAULTED.has(segments[k]!)) return replaced(root, attribute, undefined);
  let next: JsonValue | undefined;
  let guess: Guess | undefined;
  if (error.code === ErrorCodes.ATTRIBUTE_TYPE && k === segments.length - 1 && NULLABILITY.has(segments[k]!)) {
    next = replaced(root, attribute, undefined);
    guess = { kind: 'nullability' };
  } else if (error.code === ErrorCodes.FIELD_TYPE_SYNTAX) {
    const typeText = valueAt(root, segments);
    if (typeof typeText !== 'string') return undefined;
    next = replaced(root, segments, /[_A-Za-z][_0-9A-Za-z]*/.exec(typeText)?.[0] ?? 'String');
    guess = { kind: 'type' };
  } else if (error.code === ErrorCodes.FIELD_SET && k >= 0 && FIELD_SET_ATTRIBUTES.includes(segments[k]!)) {
    const value = valueAt(root, attribute);
    let entry: number | undefined;
    if (segments.length > k + 1 && Array.isArray(value)) {
      // An array index as a pointer segment writes it (decimal digits only).
      const segment = segments[k + 1]!;
      if (!/^[0-9]+$/.test(segment) || Number(segment) >= value.length) return undefined;
      entry = Number(segment);
    }
    const rest = entry === undefined ? [] : (value as JsonValue[]).filter((_, i) => i !== entry);
    next = replaced(root, attribute, rest.length > 0 ? rest : undefined);
    guess = { kind: 'field-set', names: namesIn(entry === undefined ? value : (value as JsonValue[])[entry]) };
  }
  if (next === undefined || guess === undefined) return undefined;
  guesses.push(guess);
  return next;
}

/** The GraphQL names in the strings of `value` (a field set or a list of them; iterative walk). */
function namesIn(value: JsonValue | undefined): Set<string> {
  const out = new Set<string>();
  const stack: Array<JsonValue | undefined> = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') for (const m of node.matchAll(/[_A-Za-z][_0-9A-Za-z]*/g)) out.add(m[0]);
    else if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isObject(node)) for (const key of keysOf(node)) stack.push(own(node, key));
  }
  return out;
}

function valueAt(root: JsonValue, segments: string[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const seg of segments) {
    node = Array.isArray(node) ? node[Number(seg)] : isObject(node) ? own(node, seg) : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** The attributes whose items name types: a mention of a renamed type there is renamed with it. */
const NAMING_LISTS = ['x-graphql-union-types', 'x-graphql-implements'];

/**
 * The places of the string values of the document that contain `text` (iterative
 * walk), or undefined when one of them is neither `at` nor an item equal to `text`
 * of a NAMING_LISTS attribute (a mention the net could not rename with the name).
 */
function mentions(root: JsonValue, text: string, at: string[]): string[][] | undefined {
  const out: string[][] = [];
  // Places as links to their parent's (a copied path per node would be quadratic in the depth).
  const segment: string[] = [''];
  const parent: number[] = [-1];
  const pathOf = (id: number): string[] => {
    const path: string[] = [];
    for (let k = id; k > 0; k = parent[k]!) path.push(segment[k]!);
    return path.reverse();
  };
  const stack: Array<[JsonValue, number]> = [[root, 0]];
  const child = (v: JsonValue, id: number, seg: string): void => {
    segment.push(seg);
    parent.push(id);
    stack.push([v, segment.length - 1]);
  };
  while (stack.length > 0) {
    const [node, id] = stack.pop()!;
    if (typeof node === 'string') {
      if (!node.includes(text)) continue;
      const path = pathOf(id);
      const same = path.length === at.length && path.every((s, i) => s === at[i]);
      const listed = node === text && path.length >= 2 && NAMING_LISTS.includes(path[path.length - 2]!);
      if (!same && !listed) return undefined;
      out.push(path);
    } else if (Array.isArray(node)) {
      node.forEach((v, i) => child(v, id, String(i)));
    } else if (isObject(node)) {
      for (const k of keysOf(node)) child(own(node, k)!, id, k);
    }
  }
  return out;
}

/**
 * `root` with the value at `segments` replaced (undefined: the member taken out),
 * copied along the path with key order kept; undefined when the place is not there.
 */
function replaced(root: JsonValue, segments: string[], replacement: JsonValue | undefined): JsonValue | undefined {
  const path: JsonValue[] = [root];
  for (const seg of segments) {
    const node = path[path.length - 1]!;
    const child = Array.isArray(node) ? node[Number(seg)] : isObject(node) ? own(node, seg) : undefined;
    if (child === undefined) return undefined;
    path.push(child);
  }
  if (segments.length === 0) return undefined;
  let value: JsonValue | undefined = replacement;
  for (let i = segments.length - 1; i >= 0; i--) {
    const node = path[i]!;
    const seg = segments[i]!;
    if (Array.isArray(node)) {
      if (value === undefined) return undefined; // only object members are taken out
      const copy = node.slice();
      copy[Number(seg)] = value;
      value = copy;
    } else {
      const obj = node as JsonObject;
      const inner = value;
      const keys = inner === undefined ? keysOf(obj).filter((k) => k !== seg) : keysOf(obj);
      value = orderedObject(keys.map((k) => [k, k === seg ? inner! : own(obj, k)!] as const));
    }
  }
  return value;
}

/** Positions for the problems of the file itself, then the report. */
function finish(text: string, options: ValidateOptions, found: Diagnostic[]): FileReport {
  const file = options.fileName;
  const mine = found.map((d, i) => [d, i] as const).filter(([d]) => d.line === undefined && d.pointer !== undefined && (d.file === undefined || d.file === file));
  const positions = locateAll(text, mine.map(([d]) => d.pointer!));
  const located = found.slice();
  mine.forEach(([d, i], k) => {
    const pos = positions[k];
    if (pos) located[i] = { ...d, line: pos.line, column: pos.column };
  });
  const strict = options.strict === true;
  return fileReport(file ?? '<stdin>', located.map((d) => toProblem(d, strict)), file);
}
