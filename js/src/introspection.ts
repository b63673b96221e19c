/**
 * SDL -> standard introspection JSON (record 0091; the Rust twin is
 * rust/src/introspection.rs): the `{"__schema": ...}` that graphql-js 16's
 * `introspectionFromSchema(buildSchema(sdl))` gives for the canonical SDL, key
 * order included. graphql-js is not used here (the two implementations must give
 * the same bytes); js/test/introspection.test.ts uses it as the oracle.
 *
 * What graphql-js does, and this module repeats:
 * - the types are the schema's type map: the document's types in document order,
 *   with each built-in scalar and introspection type placed where the schema
 *   constructor's depth-first `collectReferencedTypes` first reaches it (the
 *   document's types, then the roots, then the directives' arguments, then
 *   `__Schema`); only the built-in scalars reached are listed;
 * - a type reference nests `ofType` 9 levels (the query's `typeDepth`); the
 *   outermost level is `kind`, `name`, the inner ones `name`, `kind`;
 * - a default value is printed as `astFromValue` prints the coerced value: input
 *   object fields in the type's field order with the fields' defaults filled in
 *   (a default met again inside its own expansion is left out: graphql-js recurses
 *   without end there), a lone value for a list type as a list of one,
 *   Float `1.0` as `1`, an integer-like ID string as an Int;
 * - `isDeprecated` is `deprecationReason != null` (so `@deprecated(reason: null)`
 *   is not deprecated);
 * - without a schema definition the roots are the types named Query, Mutation,
 *   Subscription, else those of `extend schema`.
 * The built-ins' entries are data: schemas/graphql-introspection-builtins.json.
 */
import { DEFAULT_DEPRECATION_REASON, possibleTypes } from './describe';
import { isSpecifiedByAttribute } from './canonical';
import type { AppliedDirective, Definition, Document, FieldDef, InputValueDef, ObjectTypeDef } from './ir';
import { OPERATION_KINDS } from './ir';
import { isObject, own, type JsonObject, type JsonValue } from './load';
import { printJson } from './json-print';
import { enumLiteral, printValue } from './print';
import { readSdl } from './sdl-read';
import { shippedText } from './shipped';
import { formatNumber, printString } from './text';
import { parseTypeExpr, type TypeExpr } from './type-expr';

/** The `ofType` levels of graphql-js's introspection query (`typeDepth`). */
export const TYPE_DEPTH = 9;
export const SPECIFIED_DIRECTIVES = ['include', 'skip', 'deprecated', 'specifiedBy', 'oneOf'];
const INT_STRING = /^-?(?:0|[1-9][0-9]*)$/;
const KINDS = { object: 'OBJECT', interface: 'INTERFACE', input: 'INPUT_OBJECT', union: 'UNION', enum: 'ENUM', scalar: 'SCALAR' } as const;

let builtins: { types: JsonObject[]; directives: JsonObject[] } | undefined;

/** The entries of the built-in scalars, introspection types and specified directives. */
export function introspectionBuiltins(): { types: JsonObject[]; directives: JsonObject[] } {
  builtins ??= JSON.parse(shippedText('graphql-introspection-builtins.json')) as { types: JsonObject[]; directives: JsonObject[] };
  return builtins;
}

/** True for a name introspection gives itself: a built-in scalar or an introspection type. */
export function isBuiltInTypeName(name: string): boolean {
  return name.startsWith('__') || name === 'String' || name === 'Int' || name === 'Float' || name === 'Boolean' || name === 'ID';
}

/** SDL text -> introspection JSON text (2-space indent, one trailing newline). */
export function introspect(sdl: string, options: { fileName?: string } = {}): string {
  const doc = readSdl(sdl, options.fileName !== undefined ? { fileName: options.fileName } : {});
  return printJson(introspectionOf(doc));
}

type TypeDefinition = Exclude<Definition, { kind: 'directive' }>;

/** The named type at the bottom of a type expression. */
function baseName(type: string): string {
  let t = parseTypeExpr(type)!;
  while (t.kind === 'list' || t.kind === 'nonNull') t = t.of;
  return t.kind === 'name' ? t.name : t.slot.name;
}

export function introspectionOf(doc: Document): JsonObject {
  const defs = new Map<string, TypeDefinition>();
  const directives: Array<Definition & { kind: 'directive' }> = [];
  for (const d of doc.definitions) {
    if (d.kind === 'directive') directives.push(d);
    else if (!defs.has(d.name)) defs.set(d.name, d);
  }
  const builtinTypes = new Map(introspectionBuiltins().types.map((t) => [t.name as string, t]));
  const kindOf = (name: string): string => {
    const d = defs.get(name);
    if (d !== undefined) return KINDS[d.kind];
    return (builtinTypes.get(name)?.kind as string | undefined) ?? 'SCALAR';
  };
  const ref = (type: string): JsonObject => typeRef(parseTypeExpr(type)!, kindOf);
  const values = new ValuePrinter(defs);

  // The type map's order (graphql-js GraphQLSchema constructor).
  const children = (name: string): string[] => {
    const d = defs.get(name);
    if (d === undefined) return builtinChildren(builtinTypes.get(name));
    switch (d.kind) {
      case 'union':
        return d.members;
      case 'object':
      case 'interface':
        return [...d.interfaces, ...d.fields.flatMap((f) => [baseName(f.type), ...f.args.map((a) => baseName(a.type))])];
      case 'input':
        return d.fields.map((f) => baseName(f.type));
      default:
        return [];
    }
  };
  const set = new Map<string, true>();
  for (const name of defs.keys()) set.set(name, true);
  const collect = (start: string): void => {
    if (set.has(start) || (!defs.has(start) && !builtinTypes.has(start))) return;
    set.set(start, true);
    const stack: Array<[string[], number]> = [[children(start), 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top[1] >= top[0].length) {
        stack.pop();
        continue;
      }
      const next = top[0][top[1]++];
      if (set.has(next) || (!defs.has(next) && !builtinTypes.has(next))) continue;
      set.set(next, true);
      stack.push([children(next), 0]);
    }
  };
  for (const name of defs.keys()) {
    set.delete(name);
    collect(name);
  }
  const roots = rootTypes(doc, defs);
  for (const op of OPERATION_KINDS) if (roots[op] !== undefined) collect(roots[op]);
  const defined = new Set(directives.map((d) => d.name));
  const specified = introspectionBuiltins().directives.filter((d) => !defined.has(d.name as string));
  for (const d of directives) for (const a of d.args) collect(baseName(a.type));
  for (const d of specified) for (const a of d.args as JsonObject[]) collect(namedOfRef(a.type as JsonObject));
  collect('__Schema');

  const schema: JsonObject = {};
  schema.description = doc.schema?.description ?? null;
  for (const op of OPERATION_KINDS) {
    const name = roots[op];
    schema[`${op}Type`] = name === undefined ? null : { name, kind: kindOf(name) };
  }
  schema.types = [...set.keys()].map((name) => {
    const d = defs.get(name);
    return d === undefined ? builtinTypes.get(name)! : typeEntry(d, doc.definitions, ref, values);
  });
  schema.directives = [
    ...directives.map((d) => ({
      name: d.name,
      description: d.description ?? null,
      isRepeatable: d.repeatable,
      isDeprecated: false,
      deprecationReason: null,
      locations: d.locations.slice(),
      args: d.args.map((a) => inputValue(a, ref, values)),
    })),
    ...specified,
  ];
  return { __schema: schema };
}

function builtinChildren(entry: JsonObject | undefined): string[] {
  if (entry === undefined) return [];
  const out: string[] = [];
  const refs = (key: string): JsonObject[] => (Array.isArray(entry[key]) ? (entry[key] as JsonObject[]) : []);
  for (const i of refs('interfaces')) out.push(namedOfRef(i));
  for (const f of refs('fields')) {
    out.push(namedOfRef(f.type as JsonObject));
    for (const a of f.args as JsonObject[]) out.push(namedOfRef(a.type as JsonObject));
  }
  for (const f of refs('inputFields')) out.push(namedOfRef(f.type as JsonObject));
  for (const p of refs('possibleTypes')) out.push(namedOfRef(p));
  return out;
}

function namedOfRef(ref: JsonObject): string {
  let r = ref;
  while (r.name === null && isObject(r.ofType)) r = r.ofType;
  return r.name as string;
}

/** The root operation types (graphql-js buildASTSchema). */
function rootTypes(doc: Document, defs: Map<string, TypeDefinition>): Partial<Record<string, string>> {
  const roots: Partial<Record<string, string>> = {};
  for (const [op, name] of doc.schemaExtension?.operations ?? []) roots[op] = name;
  if (doc.schema) {
    for (const [op, name] of doc.schema.operations) roots[op] = name;
  } else {
    const common = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;
    for (const op of OPERATION_KINDS) if (defs.has(common[op])) roots[op] = common[op];
  }
  return roots;
}

/** A type reference: `kind`, `name`, then `ofType` levels of `name`, `kind`, TYPE_DEPTH deep. */
function typeRef(t: TypeExpr, kindOf: (name: string) => string): JsonObject {
  const levels: TypeExpr[] = [];
  for (let at: TypeExpr = t; levels.length <= TYPE_DEPTH; ) {
    levels.push(at);
    if (at.kind !== 'list' && at.kind !== 'nonNull') break;
    at = at.of;
  }
  let inner: JsonValue | undefined;
  for (let depth = levels.length - 1; depth >= 0; depth--) {
    const at = levels[depth];
    const kind = at.kind === 'list' ? 'LIST' : at.kind === 'nonNull' ? 'NON_NULL' : kindOf(at.kind === 'name' ? at.name : at.slot.name);
    const name = at.kind === 'name' ? at.name : at.kind === 'slot' ? at.slot.name : null;
    const out: JsonObject = depth === 0 ? { kind, name } : { name, kind };
    if (depth < TYPE_DEPTH) out.ofType = inner ?? null;
    inner = out;
  }
  return inner as JsonObject;
}

/** `isDeprecated` and `deprecationReason` as graphql-js derives them. */
function deprecation(out: JsonObject, directives: readonly AppliedDirective[]): void {
  const d = directives.find((x) => x.name === 'deprecated');
  let reason: string | null = null;
  if (d !== undefined) {
    const arg = d.args.find(([name]) => name === 'reason');
    reason = arg === undefined ? DEFAULT_DEPRECATION_REASON : typeof arg[1] === 'string' ? arg[1] : null;
  }
  out.isDeprecated = reason !== null;
  out.deprecationReason = reason;
}

function typeEntry(d: TypeDefinition, all: Definition[], ref: (t: string) => JsonObject, values: ValuePrinter): JsonObject {
  const out: JsonObject = { kind: KINDS[d.kind], name: d.name, description: d.description ?? null };
  const specifiedBy = d.kind === 'scalar' ? d.directives.find(isSpecifiedByAttribute) : undefined;
  out.specifiedByURL = specifiedBy !== undefined ? specifiedBy.args[0][1] : null;
  out.isOneOf = d.kind === 'input' ? d.directives.some((x) => x.name === 'oneOf' && x.args.length === 0) : null;
  const named = (kind: string) => (name: string) => ({ kind, name, ofType: null });
  out.fields = d.kind === 'object' || d.kind === 'interface' ? d.fields.map((f) => field(f, ref, values)) : null;
  out.inputFields = d.kind === 'input' ? d.fields.map((f) => inputValue(f, ref, values, `${d.name}.${f.name}`)) : null;
  out.interfaces = d.kind === 'object' || d.kind === 'interface' ? d.interfaces.map(named('INTERFACE')) : null;
  out.enumValues =
    d.kind === 'enum'
      ? d.values.map((v) => {
          const e: JsonObject = { name: v.name, description: v.description ?? null };
          deprecation(e, v.directives);
          return e;
        })
      : null;
  out.possibleTypes =
    d.kind === 'union' ? d.members.map(named('OBJECT')) : d.kind === 'interface' ? possibleTypes(d.name, all).map(named('OBJECT')) : null;
  return out;
}

function field(f: FieldDef, ref: (t: string) => JsonObject, values: ValuePrinter): JsonObject {
  const out: JsonObject = { name: f.name, description: f.description ?? null };
  out.args = f.args.map((a) => inputValue(a, ref, values));
  out.type = ref(f.type);
  deprecation(out, f.directives);
  return out;
}

/** An argument, or (with `field`, `Type.field`) an input field, whose default is that field's expansion. */
function inputValue(v: InputValueDef | FieldDef, ref: (t: string) => JsonObject, values: ValuePrinter, field?: string): JsonObject {
  const out: JsonObject = { name: v.name, description: v.description ?? null, type: ref(v.type) };
  out.defaultValue = v.defaultValue === undefined ? null : values.print(v.defaultValue, parseTypeExpr(v.type)!, field !== undefined ? [field] : []);
  deprecation(out, v.directives);
  return out;
}

/**
 * graphql-js `print(astFromValue(coerced, type))`. Values nest at most
 * MAX_SDL_NESTING levels (sdl-read checked them), so the recursion is bounded.
 */
class ValuePrinter {
  constructor(private readonly defs: Map<string, TypeDefinition>) {}

  /**
   * The literal, or null where astFromValue gives none. `expanding`: the input
   * fields (`Type.field`) whose defaults are being filled in; a default met again
   * inside its own expansion is left out (graphql-js recurses without end there).
   */
  print(value: JsonValue, type: TypeExpr, expanding: readonly string[] = []): string | null {
    if (type.kind === 'nonNull') {
      const inner = this.print(value, type.of, expanding);
      return inner === 'null' ? null : inner;
    }
    if (value === null) return 'null';
    if (type.kind === 'list') {
      // Input coercion (valueFromAST) made a lone value a list of one.
      if (!Array.isArray(value)) return `[${this.print(value, type.of, expanding) ?? ''}]`;
      const items: string[] = [];
      for (const item of value) {
        const p = this.print(item, type.of, expanding);
        if (p !== null) items.push(p);
      }
      return `[${items.join(', ')}]`;
    }
    const name = type.kind === 'name' ? type.name : type.slot.name;
    const def = this.defs.get(name);
    if (def?.kind === 'input') return this.inputObject(value, def, expanding);
    if (def?.kind === 'enum') return enumLiteral(value) ?? (typeof value === 'string' ? value : null);
    return leaf(value, name);
  }

  private inputObject(value: JsonValue, def: ObjectTypeDef, expanding: readonly string[]): string | null {
    if (!isObject(value) || Array.isArray(value)) return null;
    const parts: string[] = [];
    for (const f of def.fields) {
      let v = own(value, f.name);
      let chain = expanding;
      if (v === undefined && f.defaultValue !== undefined) {
        const key = `${def.name}.${f.name}`;
        if (expanding.includes(key)) continue;
        v = f.defaultValue;
        chain = [...expanding, key];
      }
      if (v === undefined) continue;
      const p = this.print(v, parseTypeExpr(f.type)!, chain);
      if (p !== null) parts.push(`${f.name}: ${p}`);
    }
    return `{${parts.join(', ')}}`;
  }
}

/** A scalar's literal: built-ins serialized as graphql-js does, custom scalars as given. */
function leaf(value: JsonValue, scalar: string): string | null {
  if (scalar === 'ID' && typeof value === 'string') return INT_STRING.test(value) ? value : printString(value);
  const enumName = enumLiteral(value);
  if (enumName !== undefined) return printString(enumName);
  switch (typeof value) {
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return printString(value);
  }
  // A list or object for a custom scalar: graphql-js cannot print it (astFromValue
  // throws); we print the literal as written.
  return isObject(value) || Array.isArray(value) ? printValue(value) : null;
}
