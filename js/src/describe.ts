/**
 * describe: GraphQL SDL -> a type-system document (record 0037), the JSON that
 * schemas/graphql-type-system.schema.json describes and `build` reads back.
 *
 *   readSdl (the IR in canonical form, record 0028) -> describeDocument -> printJson
 *
 * The built-in scalars and directives come first (`isBuiltIn: true`, copied from
 * the schema file's own definitions, so the two cannot drift), then what the
 * document defines, in canonical order. Every applied directive is kept in
 * `appliedDirectives`; `isDeprecated`, `deprecationReason`, `isOneOf` and
 * `specifiedByURL` are derived from them, as introspection derives them.
 *
 * Key order of every object is fixed (docs/type-system.md), e.g. a field is
 * `name`, `description`, `args`, `type`, `isDeprecated`, `deprecationReason`,
 * `appliedDirectives`; a property without content is left out, except the
 * lists and flags introspection always has (`args`, `fields`, `interfaces`,
 * `isDeprecated`, `isOneOf`, `isRepeatable`, `isBuiltIn`).
 */
import { isSpecifiedByAttribute } from './canonical';
import type { AppliedDirective, Definition, DirectiveDef, Document, EnumValueDef, FieldDef, InputValueDef, SchemaDef } from './ir';
import type { JsonObject, JsonValue } from './load';
import { printJson } from './json-print';
import { readSdl } from './sdl-read';
import { introspectionOf } from './introspection';
import { shippedText } from './shipped';

export const TYPE_SYSTEM_SCHEMA_FILE = 'graphql-type-system.schema.json';
export const BUILT_IN_SCALAR_NAMES = ['String', 'Int', 'Float', 'Boolean', 'ID'] as const;
export const BUILT_IN_DIRECTIVE_NAMES = ['include', 'skip', 'deprecated', 'specifiedBy', 'oneOf'] as const;
/** What `@deprecated` without `reason` means (GraphQL 2021-11). */
export const DEFAULT_DEPRECATION_REASON = 'No longer supported';

let schemaText: string | undefined;
let schemaRoot: JsonObject | undefined;

/** schemas/graphql-type-system.schema.json, two levels above this file in js/src and js/dist. */
export function typeSystemSchemaText(): string {
  schemaText ??= shippedText(TYPE_SYSTEM_SCHEMA_FILE);
  return schemaText;
}

export function typeSystemSchema(): JsonObject {
  schemaRoot ??= JSON.parse(typeSystemSchemaText()) as JsonObject;
  return schemaRoot;
}

/** The `const` of a built-in's definition in the schema file (`String`, `@include`). */
export function builtIn(definition: string): JsonObject {
  const defs = typeSystemSchema().definitions as JsonObject;
  return (defs[definition] as JsonObject).const as JsonObject;
}

/** What `describe` writes and `build` reads: the type-system document, or standard introspection JSON (record 0091). */
export type TypeSystemFormat = 'type-system' | 'introspection';

/**
 * SDL text -> the type-system document as JSON text (2-space indent, one trailing
 * newline); with `format: 'introspection'`, the introspection result (introspection.ts).
 */
export function describe(sdl: string, options: { fileName?: string; format?: TypeSystemFormat } = {}): string {
  const doc = readSdl(sdl, options.fileName !== undefined ? { fileName: options.fileName } : {});
  if (options.format === 'introspection') return printJson(introspectionOf(doc));
  return printJson(describeDocument(doc));
}

/** A JSON value as one line of JSON text (`defaultValue`, applied directive arguments). */
export function encodeValue(value: JsonValue): string {
  return JSON.stringify(value);
}

export function describeDocument(doc: Document): JsonObject {
  const out: JsonObject = {};
  if (doc.schema) {
    if (doc.schema.description !== undefined) out.description = doc.schema.description;
    operations(out, doc.schema);
    putApplied(out, doc.schema.directives);
  }
  if (doc.schemaExtension) {
    const ext: JsonObject = {};
    operations(ext, doc.schemaExtension);
    putApplied(ext, doc.schemaExtension.directives);
    out.schemaExtension = ext;
  }
  const defined = new Set(doc.definitions.map((d) => (d.kind === 'directive' ? '@' : '') + d.name));
  const scalars: JsonValue[] = BUILT_IN_SCALAR_NAMES.filter((n) => !defined.has(n)).map((n) => builtIn(n));
  const types: JsonValue[] = [];
  const directives: JsonValue[] = BUILT_IN_DIRECTIVE_NAMES.filter((n) => !defined.has('@' + n)).map((n) => builtIn('@' + n));
  for (const def of doc.definitions) {
    if (def.kind === 'directive') directives.push(directive(def));
    else if (def.kind === 'scalar') {
      scalars.push(scalar(def.name, def.description, def.directives));
      types.push({ kind: 'SCALAR', name: def.name });
    } else types.push(type(def, doc.definitions));
  }
  out.scalars = scalars;
  out.types = types;
  out.directives = directives;
  return out;
}

function operations(out: JsonObject, def: SchemaDef): void {
  for (const [op, name] of def.operations) out[`${op}Type`] = name;
}

function putApplied(out: JsonObject, directives: readonly AppliedDirective[]): void {
  if (directives.length > 0) out.appliedDirectives = directives.map(appliedDirective);
}

function appliedDirective(d: AppliedDirective): JsonObject {
  const out: JsonObject = { name: d.name };
  if (d.args.length > 0) out.args = d.args.map(([name, value]) => ({ name, value: encodeValue(value) }));
  return out;
}

function scalar(name: string, description: string | undefined, directives: readonly AppliedDirective[]): JsonObject {
  const out: JsonObject = { name };
  if (description !== undefined) out.description = description;
  const specifiedBy = directives.find(isSpecifiedByAttribute);
  if (specifiedBy) out.specifiedByURL = specifiedBy.args[0][1];
  out.isBuiltIn = false;
  putApplied(out, directives);
  return out;
}

type TypeDefinition = Exclude<Definition, DirectiveDef>;

const KINDS = { object: 'OBJECT', interface: 'INTERFACE', input: 'INPUT_OBJECT', union: 'UNION', enum: 'ENUM', scalar: 'SCALAR' } as const;

function type(def: TypeDefinition, all: Definition[]): JsonObject {
  const out: JsonObject = { kind: KINDS[def.kind], name: def.name };
  if (def.description !== undefined) out.description = def.description;
  switch (def.kind) {
    case 'object':
      out.interfaces = def.interfaces.slice();
      out.fields = def.fields.map(field);
      break;
    case 'interface':
      out.interfaces = def.interfaces.slice();
      out.possibleTypes = possibleTypes(def.name, all);
      out.fields = def.fields.map(field);
      break;
    case 'union':
      out.possibleTypes = def.members.slice();
      break;
    case 'enum':
      out.enumValues = def.values.map(enumValue);
      break;
    case 'input':
      out.inputFields = def.fields.map(inputValue);
      out.isOneOf = def.directives.some(isOneOfDirective);
      break;
    case 'scalar':
      break;
  }
  putApplied(out, def.directives);
  return out;
}

export const isOneOfDirective = (d: AppliedDirective): boolean => d.name === 'oneOf' && d.args.length === 0;

/** The object types that implement an interface, in document order (graphql-js `getPossibleTypes`). */
export function possibleTypes(iface: string, all: Definition[]): string[] {
  return all.filter((d) => d.kind === 'object' && d.interfaces.includes(iface)).map((d) => d.name);
}

/** `isDeprecated` and `deprecationReason` of the first `@deprecated`, as introspection gives them. */
export function deprecation(directives: readonly AppliedDirective[]): { isDeprecated: boolean; reason?: string | null } {
  const d = directives.find((x) => x.name === 'deprecated');
  if (!d) return { isDeprecated: false };
  const arg = d.args.find(([name]) => name === 'reason');
  if (arg === undefined) return { isDeprecated: true, reason: DEFAULT_DEPRECATION_REASON };
  return { isDeprecated: true, reason: typeof arg[1] === 'string' ? arg[1] : null };
}

function putDeprecation(out: JsonObject, directives: readonly AppliedDirective[]): void {
  const dep = deprecation(directives);
  out.isDeprecated = dep.isDeprecated;
  if (dep.reason !== undefined) out.deprecationReason = dep.reason;
  putApplied(out, directives);
}

function field(f: FieldDef): JsonObject {
  const out: JsonObject = { name: f.name };
  if (f.description !== undefined) out.description = f.description;
  out.args = f.args.map(inputValue);
  out.type = f.type;
  putDeprecation(out, f.directives);
  return out;
}

function inputValue(v: InputValueDef | FieldDef): JsonObject {
  const out: JsonObject = { name: v.name };
  if (v.description !== undefined) out.description = v.description;
  out.type = v.type;
  if (v.defaultValue !== undefined) out.defaultValue = encodeValue(v.defaultValue);
  putDeprecation(out, v.directives);
  return out;
}

function enumValue(v: EnumValueDef): JsonObject {
  const out: JsonObject = { name: v.name };
  if (v.description !== undefined) out.description = v.description;
  putDeprecation(out, v.directives);
  return out;
}

function directive(def: DirectiveDef): JsonObject {
  const out: JsonObject = { name: def.name };
  if (def.description !== undefined) out.description = def.description;
  out.locations = def.locations.slice();
  out.args = def.args.map(inputValue);
  out.isRepeatable = def.repeatable;
  out.isBuiltIn = false;
  return out;
}

