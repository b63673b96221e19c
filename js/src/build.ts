/**
 * build: a type-system document (record 0037) -> canonical SDL.
 *
 *   loadJson -> the type-system schema (ajv, type-system-schema.ts) -> Builder (JSON -> IR)
 *   -> printDocument -> readSdl (validates, and gives the canonical form) -> printDocument
 *
 * Errors, in the order they win:
 *   JSON_SYNTAX        the text is not JSON;
 *   TYPE_SYSTEM_INVALID the document breaks the schema, or a fact the schema cannot say:
 *                      an unreadable type expression or JSON-encoded value, a derived
 *                      property (`isDeprecated`, `deprecationReason`, `isOneOf`,
 *                      `specifiedByURL`, an interface's `possibleTypes`) that contradicts
 *                      the applied directives or the types, a SCALAR entry of `types`
 *                      without its scalar (or given twice), a schema description or
 *                      applied directives without a root type;
 *   GRAPHQL_INVALID / GRAPHQL_SYNTAX the SDL it gives is not valid GraphQL: the
 *                      validator's message, at the JSON pointer of the definition the
 *                      problem is in (each printed block knows its pointer).
 * All of them carry the pointer and its line and column in the JSON text.
 */
import { ConversionError, ErrorCodes } from './errors';
import { DEFAULT_DEPRECATION_REASON, deprecation, isOneOfDirective, possibleTypes } from './describe';
import { isSpecifiedByAttribute } from './canonical';
import type { AppliedDirective, Definition, Document, EnumValueDef, FieldDef, InputValueDef, SchemaDef } from './ir';
import { OPERATION_KINDS } from './ir';
import { isObject, loadJson, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { locate } from './locate';
import { printDocument } from './print';
import { readSdl } from './sdl-read';
import { documentFromIntrospection } from './introspection-read';
import { parseTypeExpr } from './type-expr';
import { checkTypeSystem } from './type-system-schema';

/** The description threshold of the canonical form (record 0028). */
export const THRESHOLD = 80;

export interface BuildOptions {
  /** The input's name, for diagnostics. */
  fileName?: string;
  /** What the input is: a type-system document (the default) or an introspection result (record 0091). */
  format?: 'type-system' | 'introspection';
}

/** Type-system JSON text (or an introspection result) -> canonical SDL text. */
export function build(json: string, options: BuildOptions = {}): string {
  const file = options.fileName;
  if (options.format === 'introspection') {
    const doc = documentFromIntrospection(json, file);
    return doc.definitions.length === 0 && !doc.schema && !doc.schemaExtension ? '' : printDocument(doc, THRESHOLD);
  }
  const root = loadJson(json, file);
  // ajv is loaded (by checkTypeSystem) only here: `describe` and the conversions never pay for it.
  checkTypeSystem(root, json, file);
  const fail = (code: string, message: string, pointer: string): ConversionError => {
    const pos = locate(json, pointer);
    return new ConversionError(code, message, { ...(file !== undefined ? { file } : {}), pointer, ...(pos ?? {}) });
  };
  const { doc, pointers } = new Builder(fail).document(root as JsonObject);
  const canonical = canonicalOf(doc, pointers, fail);
  return canonical === undefined ? '' : printDocument(canonical, THRESHOLD);
}

/**
 * A document built from JSON -> printed -> `readSdl` (validated, canonical); a
 * validator's error is placed on the pointer of the printed block it is in. Only
 * built-ins: undefined (an empty SDL document does not parse). Also used by
 * introspection-read.ts.
 */
export function canonicalOf(doc: Document, pointers: Pointers, fail: Fail): Document | undefined {
  if (doc.definitions.length === 0 && !doc.schema && !doc.schemaExtension) return undefined;
  const sdl = printDocument(doc, THRESHOLD);
  try {
    return readSdl(sdl);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    const pointer = e.line !== undefined ? blockPointer(doc, pointers, e.line) : '';
    const where = e.line !== undefined ? ` (line ${e.line}, column ${e.column ?? 1} of the SDL built)` : '';
    throw fail(e.code, `${e.message}${where}`, pointer);
  }
}

export type Fail = (code: string, message: string, pointer: string) => ConversionError;

/** The pointer of each printed block: the schema extension, the schema, then each definition. */
export interface Pointers {
  schemaExtension?: string;
  schema?: string;
  definitions: string[];
}

/** The JSON pointer of the block of the printed `doc` that holds 1-based `line`. */
function blockPointer(doc: Document, pointers: Pointers, line: number): string {
  const blocks: Array<[Document, string]> = [];
  if (doc.schemaExtension) blocks.push([{ schemaExtension: doc.schemaExtension, definitions: [] }, pointers.schemaExtension ?? '']);
  if (doc.schema) blocks.push([{ schema: doc.schema, definitions: [] }, pointers.schema ?? '']);
  doc.definitions.forEach((d, i) => blocks.push([{ definitions: [d] }, pointers.definitions[i]]));
  let start = 1;
  for (const [block, pointer] of blocks) {
    const lines = printDocument(block, THRESHOLD).split('\n').length - 1;
    if (line < start + lines) return pointer;
    start += lines + 1;
  }
  return '';
}

const str = (v: JsonValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const arr = (v: JsonValue | undefined): JsonValue[] => (Array.isArray(v) ? v : []);
const obj = (v: JsonValue): JsonObject => v as JsonObject;

class Builder {
  constructor(private readonly fail: Fail) {}

  document(root: JsonObject): { doc: Document; pointers: Pointers } {
    const doc: Document = { definitions: [] };
    const pointers: Pointers = { definitions: [] };
    const schema = this.schemaDef(root, '');
    if (schema.operations.length === 0 && (schema.directives.length > 0 || schema.description !== undefined)) {
      // SDL has no `schema` definition without root operation types.
      throw this.fail(
        ErrorCodes.TYPE_SYSTEM_INVALID,
        'a schema definition (description, appliedDirectives) needs queryType, mutationType or subscriptionType',
        schema.description !== undefined ? '/description' : '/appliedDirectives',
      );
    }
    if (schema.operations.length > 0) {
      doc.schema = schema;
      pointers.schema = '';
    }
    const ext = own(root, 'schemaExtension');
    if (isObject(ext)) {
      doc.schemaExtension = this.schemaDef(ext, '/schemaExtension');
      pointers.schemaExtension = '/schemaExtension';
    }
    arr(own(root, 'directives')).forEach((d, i) => {
      if (own(obj(d), 'isBuiltIn') === true) return;
      doc.definitions.push(this.directive(obj(d), pointerJoin('/directives', i)));
      pointers.definitions.push(pointerJoin('/directives', i));
    });
    // Custom scalars by name; each is printed where its SCALAR entry of `types` stands.
    const scalars = new Map<string, [JsonObject, string]>();
    arr(own(root, 'scalars')).forEach((s, i) => {
      const o = obj(s);
      if (own(o, 'isBuiltIn') === true) return;
      const name = str(own(o, 'name'))!;
      if (!scalars.has(name)) scalars.set(name, [o, pointerJoin('/scalars', i)]);
    });
    const placed = new Set<string>();
    const types = arr(own(root, 'types')).map(obj);
    types.forEach((t, i) => {
      const at = pointerJoin('/types', i);
      const name = str(own(t, 'name'))!;
      if (own(t, 'kind') === 'SCALAR') {
        const s = scalars.get(name);
        if (s === undefined) throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, `scalar ${name} is placed here but is not in "scalars"`, at);
        if (placed.has(name)) throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, `scalar ${name} is placed twice in "types"`, at);
        placed.add(name);
        doc.definitions.push(this.scalar(s[0], s[1]));
        pointers.definitions.push(s[1]);
        return;
      }
      doc.definitions.push(this.type(t, at, types));
      pointers.definitions.push(at);
    });
    for (const [name, [s, at]] of scalars) {
      if (placed.has(name)) continue;
      doc.definitions.push(this.scalar(s, at));
      pointers.definitions.push(at);
    }
    return { doc, pointers };
  }

  private schemaDef(o: JsonObject, at: string): SchemaDef {
    const def: SchemaDef = { directives: this.applied(o, at), operations: [] };
    const description = str(own(o, 'description'));
    if (description !== undefined && at === '') def.description = description;
    for (const op of OPERATION_KINDS) {
      const name = str(own(o, `${op}Type`));
      if (name !== undefined) def.operations.push([op, name]);
    }
    return def;
  }

  private applied(o: JsonObject, at: string): AppliedDirective[] {
    return arr(own(o, 'appliedDirectives')).map((d, i) => {
      const dAt = pointerJoin(at, 'appliedDirectives', i);
      const args = arr(own(obj(d), 'args')).map((a, j): [string, JsonValue] => [
        str(own(obj(a), 'name'))!,
        this.value(str(own(obj(a), 'value'))!, pointerJoin(dAt, 'args', j, 'value')),
      ]);
      return { name: str(own(obj(d), 'name'))!, args };
    });
  }

  /** A JSON-encoded value. */
  private value(text: string, at: string): JsonValue {
    try {
      return loadJson(text);
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, `not a JSON-encoded value: ${e.message}`, at);
    }
  }

  private typeExpr(o: JsonObject, at: string): string {
    const text = str(own(o, 'type'))!;
    if (parseTypeExpr(text) === undefined) {
      throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, `"${text}" is not a type expression (its brackets do not pair)`, pointerJoin(at, 'type'));
    }
    return text;
  }

  private description(o: JsonObject): { description?: string } {
    const d = str(own(o, 'description'));
    return d === undefined || d === '' ? {} : { description: d };
  }

  /**
   * The applied directives with `isDeprecated` and `deprecationReason` checked
   * against them; `isDeprecated: true` without `@deprecated` adds one at the end.
   */
  private deprecatable(o: JsonObject, at: string): AppliedDirective[] {
    const directives = this.applied(o, at);
    const flag = own(o, 'isDeprecated');
    const reason = own(o, 'deprecationReason');
    let dep = deprecation(directives);
    if (flag === true && !dep.isDeprecated) {
      const text = typeof reason === 'string' ? reason : DEFAULT_DEPRECATION_REASON;
      directives.push({ name: 'deprecated', args: text === DEFAULT_DEPRECATION_REASON ? [] : [['reason', text]] });
      dep = deprecation(directives);
    }
    if (flag === false && dep.isDeprecated) {
      throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, '"isDeprecated" is false, but @deprecated is applied', pointerJoin(at, 'isDeprecated'));
    }
    if (reason !== undefined && (dep.isDeprecated ? reason !== dep.reason : reason !== null)) {
      const says = dep.isDeprecated ? `@deprecated gives ${JSON.stringify(dep.reason)}` : 'it is not deprecated';
      throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, `"deprecationReason" contradicts the applied directives (${says})`, pointerJoin(at, 'deprecationReason'));
    }
    return directives;
  }

  private directive(o: JsonObject, at: string): Definition {
    return {
      kind: 'directive',
      name: str(own(o, 'name'))!,
      ...this.description(o),
      args: arr(own(o, 'args')).map((a, i) => this.inputValue(obj(a), pointerJoin(at, 'args', i))),
      repeatable: own(o, 'isRepeatable') === true,
      locations: arr(own(o, 'locations')).map((l) => str(l)!),
    };
  }

  private inputValue(o: JsonObject, at: string): InputValueDef {
    const v: InputValueDef = { name: str(own(o, 'name'))!, ...this.description(o), type: this.typeExpr(o, at), directives: [] };
    const def = str(own(o, 'defaultValue'));
    if (def !== undefined) v.defaultValue = this.value(def, pointerJoin(at, 'defaultValue'));
    v.directives = this.deprecatable(o, at);
    return v;
  }

  private field(o: JsonObject, at: string): FieldDef {
    return {
      name: str(own(o, 'name'))!,
      ...this.description(o),
      args: arr(own(o, 'args')).map((a, i) => this.inputValue(obj(a), pointerJoin(at, 'args', i))),
      type: this.typeExpr(o, at),
      directives: this.deprecatable(o, at),
    };
  }

  private inputField(o: JsonObject, at: string): FieldDef {
    const v = this.inputValue(o, at);
    const f: FieldDef = { name: v.name, ...(v.description !== undefined ? { description: v.description } : {}), args: [], type: v.type, directives: v.directives };
    if (v.defaultValue !== undefined) f.defaultValue = v.defaultValue;
    return f;
  }

  private enumValue(o: JsonObject, at: string): EnumValueDef {
    return { name: str(own(o, 'name'))!, ...this.description(o), directives: this.deprecatable(o, at) };
  }

  private scalar(o: JsonObject, at: string): Definition {
    const directives = this.applied(o, at);
    const url = own(o, 'specifiedByURL');
    const given = directives.find(isSpecifiedByAttribute);
    if (typeof url === 'string' && given === undefined) directives.unshift({ name: 'specifiedBy', args: [['url', url]] });
    else if (url !== undefined && (given === undefined ? null : given.args[0][1]) !== url) {
      throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, '"specifiedByURL" contradicts the applied @specifiedBy', pointerJoin(at, 'specifiedByURL'));
    }
    return { kind: 'scalar', name: str(own(o, 'name'))!, ...this.description(o), directives };
  }

  private type(o: JsonObject, at: string, all: JsonObject[]): Definition {
    const name = str(own(o, 'name'))!;
    const base = { name, ...this.description(o) };
    const directives = this.applied(o, at);
    const names = (key: string): string[] => arr(own(o, key)).map((n) => str(n)!);
    const fields = (): FieldDef[] => arr(own(o, 'fields')).map((f, i) => this.field(obj(f), pointerJoin(at, 'fields', i)));
    switch (own(o, 'kind')) {
      case 'OBJECT':
        return { kind: 'object', ...base, interfaces: names('interfaces'), directives, fields: fields() };
      case 'INTERFACE': {
        const def: Definition = { kind: 'interface', ...base, interfaces: names('interfaces'), directives, fields: fields() };
        if (own(o, 'possibleTypes') !== undefined) {
          const objects: Definition[] = all
            .filter((t) => own(t, 'kind') === 'OBJECT')
            .map((t) => ({ kind: 'object', name: str(own(t, 'name'))!, interfaces: arr(own(t, 'interfaces')).map((n) => str(n)!), directives: [], fields: [] }));
          const expected = possibleTypes(name, objects);
          if (JSON.stringify(expected) !== JSON.stringify(names('possibleTypes'))) {
            throw this.fail(
              ErrorCodes.TYPE_SYSTEM_INVALID,
              `"possibleTypes" of interface ${name} must list the object types that implement it, in order: [${expected.join(', ')}]`,
              pointerJoin(at, 'possibleTypes'),
            );
          }
        }
        return def;
      }
      case 'UNION':
        return { kind: 'union', ...base, directives, members: names('possibleTypes') };
      case 'ENUM':
        return { kind: 'enum', ...base, directives, values: arr(own(o, 'enumValues')).map((v, i) => this.enumValue(obj(v), pointerJoin(at, 'enumValues', i))) };
      default: {
        // INPUT_OBJECT (the schema admits no other kind here)
        const flag = own(o, 'isOneOf');
        const has = directives.some(isOneOfDirective);
        if (flag === true && !has) directives.push({ name: 'oneOf', args: [] });
        if (flag === false && has) throw this.fail(ErrorCodes.TYPE_SYSTEM_INVALID, '"isOneOf" is false, but @oneOf is applied', pointerJoin(at, 'isOneOf'));
        return {
          kind: 'input',
          ...base,
          interfaces: [],
          directives,
          fields: arr(own(o, 'inputFields')).map((f, i) => this.inputField(obj(f), pointerJoin(at, 'inputFields', i))),
        };
      }
    }
  }
}
