/**
 * sdl-values: stage 4b of sdl-read (records 0030, 0065). Every default value
 * (of an argument, a directive definition's argument, an input field) and every
 * value of an applied directive's argument must coerce to its type under
 * GraphQL's input coercion. graphql-js 16 checks neither when it builds a schema
 * (its SDL rules have no `ValuesOfCorrectType`, and `valueFromAST` drops a
 * default that does not coerce), but the spec, graphql-js 17 and
 * `buildSubgraphSchema` refuse them, and the forward direction refuses the
 * JSON that would print them (ATTRIBUTE_TYPE): so SDL -> JSON refuses them too,
 * GRAPHQL_INVALID at the value, after graphql-js's own rules.
 *
 * The twin of rust/src/sdl_values.rs (the walk) and rust/src/sdl_defaults.rs
 * (`fits`); the JSON twin, for the forward direction, is default-values.ts.
 */
import type * as G from 'graphql';
import { ErrorCodes } from './errors';
import type { Reader } from './sdl-read';
import { printString } from './text';

/** The built-in directives that can be applied in a type-system document, as graphql-js 16 defines them. */
const BUILT_IN_DIRECTIVES = 'directive @deprecated(reason: String = "No longer supported") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE\n' +
  'directive @specifiedBy(url: String!) on SCALAR\n' +
  'directive @oneOf on INPUT_OBJECT\n';

let builtIns: readonly G.DirectiveDefinitionNode[] | undefined;

/** Deeper than this, a value (of an input type that contains itself) is taken to fit. */
const MAX_DEPTH = 64;

/** What `fits` needs to know about a named type of the document. */
type NamedType =
  | { kind: 'enum'; values: Set<string> }
  | { kind: 'input'; fields: G.InputValueDefinitionNode[]; oneOf: boolean }
  | { kind: 'other' };

const OTHER: NamedType = { kind: 'other' };

/**
 * The first value of `doc` that does not coerce, in document order, as
 * GRAPHQL_INVALID at the value. `full`: the document with the federation
 * definitions it applies (sdl-validate.ts `withFederationDefinitions`), for the
 * definitions of the directives and types the values name.
 */
export function checkValues(graphql: typeof import('graphql'), reader: Reader, doc: G.DocumentNode, full: G.DocumentNode): void {
  const directives = new Map<string, readonly G.InputValueDefinitionNode[]>();
  builtIns ??= graphql.parse(BUILT_IN_DIRECTIVES, { noLocation: true }).definitions as G.DirectiveDefinitionNode[];
  // The document's definitions first: graphql-js builds with them and adds a built-in only when it is not defined.
  for (const def of [...full.definitions, ...builtIns]) {
    if (def.kind === 'DirectiveDefinition' && !directives.has(def.name.value)) directives.set(def.name.value, def.arguments ?? []);
  }
  let types: Map<string, NamedType> | undefined;
  const lookup = (name: string): NamedType => (types ??= namedTypes(full)).get(name) ?? OTHER;
  const fail = (message: string, node: G.ASTNode): never => {
    throw reader.error(ErrorCodes.GRAPHQL_INVALID, message, node.loc?.start);
  };

  const applied = (list: readonly G.ConstDirectiveNode[] | undefined): void => {
    for (const d of list ?? []) {
      const params = directives.get(d.name.value);
      for (const arg of d.arguments ?? []) {
        const param = params?.find((p) => p.name.value === arg.name.value);
        // An unknown directive or argument was refused by graphql-js's rules before.
        if (param !== undefined && !fits(arg.value, param.type, lookup, 0, true)) {
          fail(`Argument "${arg.name.value}" has invalid value ${printValue(arg.value)}.`, arg.value);
        }
      }
    }
  };
  const inputValue = (v: G.InputValueDefinitionNode, what: () => string): void => {
    if (v.defaultValue !== undefined && !fits(v.defaultValue, v.type, lookup, 0, true)) {
      fail(`Invalid default value ${printValue(v.defaultValue)} for ${what()} of type ${graphql.print(v.type)}.`, v.defaultValue);
    }
    applied(v.directives);
  };

  // Each definition's parts in the order they are written, so the first problem met is the earliest.
  for (const def of doc.definitions) {
    switch (def.kind) {
      case 'DirectiveDefinition':
        for (const a of def.arguments ?? []) inputValue(a, () => `argument @${def.name.value}(${a.name.value}:)`);
        break;
      case 'SchemaDefinition':
      case 'SchemaExtension':
      case 'ScalarTypeDefinition':
      case 'ScalarTypeExtension':
      case 'UnionTypeDefinition':
      case 'UnionTypeExtension':
        applied(def.directives);
        break;
      case 'ObjectTypeDefinition':
      case 'ObjectTypeExtension':
      case 'InterfaceTypeDefinition':
      case 'InterfaceTypeExtension':
        applied(def.directives);
        for (const f of def.fields ?? []) {
          for (const a of f.arguments ?? []) inputValue(a, () => `argument ${def.name.value}.${f.name.value}(${a.name.value}:)`);
          applied(f.directives);
        }
        break;
      case 'InputObjectTypeDefinition':
      case 'InputObjectTypeExtension':
        applied(def.directives);
        for (const f of def.fields ?? []) inputValue(f, () => `input field ${def.name.value}.${f.name.value}`);
        break;
      case 'EnumTypeDefinition':
      case 'EnumTypeExtension':
        applied(def.directives);
        for (const v of def.values ?? []) applied(v.directives);
        break;
    }
  }
}

/** The enums and input objects of the document (definitions and extensions together). */
function namedTypes(full: G.DocumentNode): Map<string, NamedType> {
  const out = new Map<string, NamedType>();
  for (const def of full.definitions) {
    if (def.kind === 'EnumTypeDefinition' || def.kind === 'EnumTypeExtension') {
      let t = out.get(def.name.value);
      if (t === undefined) out.set(def.name.value, (t = { kind: 'enum', values: new Set() }));
      if (t.kind === 'enum') for (const v of def.values ?? []) t.values.add(v.name.value);
    } else if (def.kind === 'InputObjectTypeDefinition' || def.kind === 'InputObjectTypeExtension') {
      let t = out.get(def.name.value);
      if (t === undefined) out.set(def.name.value, (t = { kind: 'input', fields: [], oneOf: false }));
      if (t.kind === 'input') {
        t.fields.push(...(def.fields ?? []));
        if (def.directives?.some((d) => d.name.value === 'oneOf')) t.oneOf = true;
      }
    }
  }
  return out;
}

/**
 * graphql-js `valueFromAST(value, type) !== undefined`; `strict`: GraphQL's input
 * coercion, which also refuses a field the input object type lacks (`valueFromAST`
 * ignores it, as validation refused it before). The twin of sdl_defaults.rs `fits`.
 */
export function fits(value: G.ConstValueNode, type: G.TypeNode, lookup: (name: string) => NamedType, depth: number, strict: boolean): boolean {
  if (depth > MAX_DEPTH) return true;
  if (type.kind === 'NonNullType') return value.kind !== 'NullValue' && fits(value, type.type, lookup, depth, strict);
  if (value.kind === 'NullValue') return true;
  if (type.kind === 'ListType') {
    return value.kind === 'ListValue'
      ? value.values.every((v) => fits(v, type.type, lookup, depth + 1, strict))
      : fits(value, type.type, lookup, depth + 1, strict);
  }
  switch (type.name.value) {
    case 'Int': {
      if (value.kind !== 'IntValue') return false;
      const n = parseInt(value.value, 10);
      return n >= -2147483648 && n <= 2147483647;
    }
    case 'Float':
      return value.kind === 'IntValue' || value.kind === 'FloatValue';
    case 'String':
      return value.kind === 'StringValue';
    case 'Boolean':
      return value.kind === 'BooleanValue';
    case 'ID':
      return value.kind === 'StringValue' || value.kind === 'IntValue';
  }
  const named = lookup(type.name.value);
  if (named.kind === 'enum') return value.kind === 'EnumValue' && named.values.has(value.value);
  if (named.kind === 'other') return true; // a custom scalar takes any literal
  if (value.kind !== 'ObjectValue') return false;
  if (strict && value.fields.some((given) => !named.fields.some((f) => f.name.value === given.name.value))) return false;
  let coerced = 0;
  let lastNull = false;
  for (const field of named.fields) {
    const given = value.fields.find((g) => g.name.value === field.name.value);
    if (given === undefined) {
      if (field.defaultValue !== undefined && fits(field.defaultValue, field.type, lookup, depth + 1, false)) {
        coerced++;
        lastNull = field.defaultValue.kind === 'NullValue';
      } else if (field.type.kind === 'NonNullType') return false;
      continue;
    }
    if (!fits(given.value, field.type, lookup, depth + 1, strict)) return false;
    coerced++;
    lastNull = given.value.kind === 'NullValue';
  }
  // @oneOf: exactly one field, not null.
  return !named.oneOf || (coerced === 1 && !lastNull);
}

/**
 * A value as graphql-js's `print` writes it, except that a block string is
 * written as an ordinary string (apollo-compiler does not say which it was).
 * The parser bounds the nesting (record 0042).
 */
function printValue(value: G.ConstValueNode): string {
  switch (value.kind) {
    case 'IntValue':
    case 'FloatValue':
    case 'EnumValue':
      return value.value;
    case 'StringValue':
      return printString(value.value);
    case 'BooleanValue':
      return value.value ? 'true' : 'false';
    case 'NullValue':
      return 'null';
    case 'ListValue':
      return `[${value.values.map(printValue).join(', ')}]`;
    case 'ObjectValue':
      return `{${value.fields.map((f) => `${f.name.value}: ${printValue(f.value)}`).join(', ')}}`;
    default:
      return '';
  }
}
