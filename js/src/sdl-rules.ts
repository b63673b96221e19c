/**
 * sdl-rules: a cheap, sufficient proof that graphql-js's `validateSDL` (with
 * the rules `sdl-read` gives it) would report nothing, read off the AST in one
 * pass. `validateSDL` visits every node of the document with fifteen rules,
 * about a quarter of an SDL -> JSON conversion (issue #8). `sdlRulesHold`
 * answers `true` only when every one of those rules provably holds; anything
 * it does not decide answers `false`, and graphql-js runs as before, which
 * gives the message and the location of the problem. So the answer may be
 * `false` for a valid document, never `true` for an invalid one
 * (js/test/sdl-rules.test.ts checks that against graphql-js).
 *
 * The rules, for a document without a schema to extend: one schema definition
 * and each operation type once; type, directive, field (per type, extensions
 * included), argument and enum value names unique; every named type defined
 * (or a standard scalar; introspection types are left to graphql-js); every
 * applied directive defined (in the document, or one of graphql-js's specified
 * directives), at a location it allows (an input field of `extend input` at
 * INPUT_FIELD_DEFINITION, as sdl-read's own KnownDirectives rule has it), with
 * known, unique and all required arguments, a non-repeatable one once per
 * place (per schema, per type across its extensions); every extension of a
 * type defined with the same kind; object values with unique field names.
 */
import type * as G from 'graphql';

interface DirectiveRule {
  locations: ReadonlySet<string>;
  /** Argument name -> whether it is required (non-null, no default). */
  args: ReadonlyMap<string, boolean>;
  repeatable: boolean;
}

const STANDARD_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

const TYPE_KINDS: Record<string, [definition: string, location: string]> = {
  ScalarTypeDefinition: ['ScalarTypeDefinition', 'SCALAR'],
  ScalarTypeExtension: ['ScalarTypeDefinition', 'SCALAR'],
  ObjectTypeDefinition: ['ObjectTypeDefinition', 'OBJECT'],
  ObjectTypeExtension: ['ObjectTypeDefinition', 'OBJECT'],
  InterfaceTypeDefinition: ['InterfaceTypeDefinition', 'INTERFACE'],
  InterfaceTypeExtension: ['InterfaceTypeDefinition', 'INTERFACE'],
  UnionTypeDefinition: ['UnionTypeDefinition', 'UNION'],
  UnionTypeExtension: ['UnionTypeDefinition', 'UNION'],
  EnumTypeDefinition: ['EnumTypeDefinition', 'ENUM'],
  EnumTypeExtension: ['EnumTypeDefinition', 'ENUM'],
  InputObjectTypeDefinition: ['InputObjectTypeDefinition', 'INPUT_OBJECT'],
  InputObjectTypeExtension: ['InputObjectTypeDefinition', 'INPUT_OBJECT'],
};

type TypeNode = G.TypeDefinitionNode | G.TypeExtensionNode;

export function sdlRulesHold(doc: G.DocumentNode, specified: readonly G.GraphQLDirective[]): boolean {
  const directives = new Map<string, DirectiveRule>();
  for (const d of specified) {
    // `inspect` of a non-null type ends in `!`.
    const args = new Map(d.args.map((a) => [a.name, String(a.type).endsWith('!') && a.defaultValue === undefined] as const));
    directives.set(d.name, { locations: new Set(d.locations), args, repeatable: d.isRepeatable });
  }
  const defined = new Map<string, string>();
  const directiveNames = new Set<string>();
  let schemaDefinitions = 0;
  for (const def of doc.definitions) {
    if (def.kind === 'DirectiveDefinition') {
      if (directiveNames.has(def.name.value)) return false;
      directiveNames.add(def.name.value);
      const args = new Map((def.arguments ?? []).map((a) => [a.name.value, a.type.kind === 'NonNullType' && a.defaultValue == null] as const));
      directives.set(def.name.value, { locations: new Set(def.locations.map((l) => l.value)), args, repeatable: def.repeatable });
    } else if (def.kind === 'SchemaDefinition') {
      if (++schemaDefinitions > 1) return false;
    } else if (def.kind.endsWith('TypeDefinition')) {
      const name = (def as G.TypeDefinitionNode).name.value;
      if (defined.has(name)) return false;
      defined.set(name, def.kind);
    } else if (def.kind !== 'SchemaExtension' && !def.kind.endsWith('TypeExtension')) {
      return false;
    }
  }
  const check = new Checker(directives, defined);
  const operations = new Set<string>();
  const schemaDirectives = new Set<string>();
  for (const def of doc.definitions) {
    if (def.kind === 'SchemaDefinition' || def.kind === 'SchemaExtension') {
      for (const op of def.operationTypes ?? []) {
        if (operations.has(op.operation) || !check.known(op.type)) return false;
        operations.add(op.operation);
      }
      if (!check.directives(def.directives, 'SCHEMA', schemaDirectives)) return false;
    } else if (def.kind === 'DirectiveDefinition') {
      if (!check.inputValues(def.arguments, 'ARGUMENT_DEFINITION', new Set())) return false;
    } else if (!check.type(def as TypeNode)) {
      return false;
    }
  }
  return true;
}

class Checker {
  /** Per type name: the non-repeatable directives applied to it, the names of its fields or values. */
  private readonly typeDirectives = new Map<string, Set<string>>();
  private readonly members = new Map<string, Set<string>>();

  constructor(
    private readonly rules: ReadonlyMap<string, DirectiveRule>,
    private readonly defined: ReadonlyMap<string, string>,
  ) {}

  known(type: G.TypeNode): boolean {
    let t = type;
    while (t.kind !== 'NamedType') t = t.type;
    return this.defined.has(t.name.value) || STANDARD_SCALARS.has(t.name.value);
  }

  type(node: TypeNode): boolean {
    const [definition, location] = TYPE_KINDS[node.kind] ?? [];
    const name = node.name.value;
    if (definition === undefined || this.defined.get(name) !== definition) return false;
    let seen = this.typeDirectives.get(name);
    if (seen === undefined) this.typeDirectives.set(name, (seen = new Set()));
    if (!this.directives(node.directives, location, seen)) return false;
    switch (node.kind) {
      case 'ObjectTypeDefinition':
      case 'ObjectTypeExtension':
      case 'InterfaceTypeDefinition':
      case 'InterfaceTypeExtension':
        if (!(node.interfaces ?? []).every((i) => this.known(i))) return false;
        for (const field of node.fields ?? []) {
          if (!this.member(name, field.name.value) || !this.known(field.type)) return false;
          if (!this.directives(field.directives, 'FIELD_DEFINITION', new Set())) return false;
          if (!this.inputValues(field.arguments, 'ARGUMENT_DEFINITION', new Set())) return false;
        }
        return true;
      case 'InputObjectTypeDefinition':
      case 'InputObjectTypeExtension':
        return (node.fields ?? []).every((f) => this.member(name, f.name.value)) && this.inputValues(node.fields, 'INPUT_FIELD_DEFINITION', new Set());
      case 'UnionTypeDefinition':
      case 'UnionTypeExtension':
        return (node.types ?? []).every((t) => this.known(t));
      case 'EnumTypeDefinition':
      case 'EnumTypeExtension':
        return (node.values ?? []).every((v) => this.member(name, v.name.value) && this.directives(v.directives, 'ENUM_VALUE', new Set()));
      default:
        return true;
    }
  }

  /** A field or enum value of a type (extensions included) named once. */
  private member(typeName: string, name: string): boolean {
    let names = this.members.get(typeName);
    if (names === undefined) this.members.set(typeName, (names = new Set()));
    if (names.has(name)) return false;
    names.add(name);
    return true;
  }

  /** Arguments (of a field or a directive) or input fields: unique names (`names`), known types, their directives and defaults. */
  inputValues(values: readonly G.InputValueDefinitionNode[] | undefined, location: string, names: Set<string>): boolean {
    for (const v of values ?? []) {
      if (names.has(v.name.value) || !this.known(v.type)) return false;
      names.add(v.name.value);
      if (!this.directives(v.directives, location, new Set())) return false;
      if (v.defaultValue !== undefined && !uniqueObjectFields(v.defaultValue)) return false;
    }
    return true;
  }

  /** Applied directives: defined, allowed here, non-repeatable ones once in `seen`, arguments known, unique and complete. */
  directives(list: readonly G.ConstDirectiveNode[] | undefined, location: string, seen: Set<string>): boolean {
    for (const d of list ?? []) {
      const rule = this.rules.get(d.name.value);
      if (rule === undefined || !rule.locations.has(location)) return false;
      if (!rule.repeatable) {
        if (seen.has(d.name.value)) return false;
        seen.add(d.name.value);
      }
      const given = new Set<string>();
      for (const arg of d.arguments ?? []) {
        if (given.has(arg.name.value) || !rule.args.has(arg.name.value) || !uniqueObjectFields(arg.value)) return false;
        given.add(arg.name.value);
      }
      for (const [name, required] of rule.args) if (required && !given.has(name)) return false;
    }
    return true;
  }
}

/** Every object value within `value` names each of its fields once (iterative: values nest deep). */
function uniqueObjectFields(value: G.ConstValueNode): boolean {
  const stack: G.ConstValueNode[] = [value];
  while (stack.length > 0) {
    const v = stack.pop() as G.ConstValueNode;
    if (v.kind === 'ListValue') stack.push(...v.values);
    else if (v.kind === 'ObjectValue') {
      const names = new Set<string>();
      for (const f of v.fields) {
        if (names.has(f.name.value)) return false;
        names.add(f.name.value);
        stack.push(f.value);
      }
    }
  }
  return true;
}
