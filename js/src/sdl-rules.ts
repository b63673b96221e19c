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
import { BUILTIN_SCALARS } from './type-expr';

interface DirectiveRule {
  locations: ReadonlySet<string>;
  /** Argument name -> whether it is required (non-null, no default). */
  args: ReadonlyMap<string, boolean>;
  repeatable: boolean;
}

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
  const extended = new Set<string>();
  for (const def of doc.definitions) if (def.kind.endsWith('TypeExtension')) extended.add((def as G.TypeExtensionNode).name.value);
  const check = new Checker(directives, defined, extended);
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
      if (!check.inputValues(def.arguments, 'ARGUMENT_DEFINITION')) return false;
    } else if (!check.type(def as TypeNode)) {
      return false;
    }
  }
  return true;
}

class Checker {
  /**
   * Per type name with extensions: the non-repeatable directives applied to it and the
   * names of its fields or values, across its nodes. A type of one node (most) is checked
   * within that node, without a set (this pass runs on every document; issue #8).
   */
  private readonly typeDirectives = new Map<string, Set<string>>();
  private readonly members = new Map<string, Set<string>>();

  constructor(
    private readonly rules: ReadonlyMap<string, DirectiveRule>,
    private readonly defined: ReadonlyMap<string, string>,
    private readonly extended: ReadonlySet<string>,
  ) {}

  known(type: G.TypeNode): boolean {
    let t = type;
    while (t.kind !== 'NamedType') t = t.type;
    return this.defined.has(t.name.value) || BUILTIN_SCALARS.has(t.name.value);
  }

  type(node: TypeNode): boolean {
    const [definition, location] = TYPE_KINDS[node.kind] ?? [];
    const name = node.name.value;
    if (definition === undefined || this.defined.get(name) !== definition) return false;
    const several = this.extended.has(name);
    if (!this.directives(node.directives, location, several ? across(this.typeDirectives, name) : undefined)) return false;
    switch (node.kind) {
      case 'ObjectTypeDefinition':
      case 'ObjectTypeExtension':
      case 'InterfaceTypeDefinition':
      case 'InterfaceTypeExtension': {
        for (const i of node.interfaces ?? []) if (!this.known(i)) return false;
        const fields = node.fields ?? [];
        if (!this.named(name, several, fields)) return false;
        for (const field of fields) {
          if (!this.known(field.type)) return false;
          if (!this.directives(field.directives, 'FIELD_DEFINITION')) return false;
          if (!this.inputValues(field.arguments, 'ARGUMENT_DEFINITION')) return false;
        }
        return true;
      }
      case 'InputObjectTypeDefinition':
      case 'InputObjectTypeExtension':
        return this.named(name, several, node.fields ?? []) && this.inputValues(node.fields, 'INPUT_FIELD_DEFINITION');
      case 'UnionTypeDefinition':
      case 'UnionTypeExtension':
        for (const t of node.types ?? []) if (!this.known(t)) return false;
        return true;
      case 'EnumTypeDefinition':
      case 'EnumTypeExtension': {
        const values = node.values ?? [];
        if (!this.named(name, several, values)) return false;
        for (const v of values) if (!this.directives(v.directives, 'ENUM_VALUE')) return false;
        return true;
      }
      default:
        return true;
    }
  }

  /** The fields or values of one node of a type named once, across the type's nodes when it has several. */
  private named(typeName: string, several: boolean, list: ReadonlyArray<{ name: G.NameNode }>): boolean {
    if (!several) return !duplicateName(list);
    const names = across(this.members, typeName);
    for (const { name } of list) {
      if (names.has(name.value)) return false;
      names.add(name.value);
    }
    return true;
  }

  /** Arguments (of a field or a directive) or input fields: unique names, known types, their directives and defaults. */
  inputValues(values: readonly G.InputValueDefinitionNode[] | undefined, location: string): boolean {
    if (values === undefined || values.length === 0) return true;
    if (duplicateName(values)) return false;
    for (const v of values) {
      if (!this.known(v.type) || !this.directives(v.directives, location)) return false;
      if (v.defaultValue !== undefined && !uniqueObjectFields(v.defaultValue)) return false;
    }
    return true;
  }

  /**
   * Applied directives: defined, allowed here, a non-repeatable one once (in this list, and
   * in `seen` when the place has other nodes: a schema's, or a type's extensions),
   * arguments known, unique and complete.
   */
  directives(list: readonly G.ConstDirectiveNode[] | undefined, location: string, seen?: Set<string>): boolean {
    if (list === undefined || list.length === 0) return true;
    for (let i = 0; i < list.length; i++) {
      const d = list[i];
      const name = d.name.value;
      const rule = this.rules.get(name);
      if (rule === undefined || !rule.locations.has(location)) return false;
      // @shareable too: repeatable, but once per list (sdl-validate.ts shareableOnce).
      if (!rule.repeatable || name === 'shareable') {
        for (let j = 0; j < i; j++) if (list[j].name.value === name) return false;
      }
      if (!rule.repeatable) {
        if (seen !== undefined) {
          if (seen.has(name)) return false;
          seen.add(name);
        }
      }
      const args = d.arguments ?? [];
      if (duplicateName(args)) return false;
      for (const arg of args) if (!rule.args.has(arg.name.value) || !uniqueObjectFields(arg.value)) return false;
      for (const [argName, required] of rule.args) if (required && !args.some((a) => a.name.value === argName)) return false;
    }
    return true;
  }
}

/** The set kept for `key` in `map`, made on first use. */
function across(map: Map<string, Set<string>>, key: string): Set<string> {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  return set;
}

/** Whether two entries of `list` have one name: pairwise for short lists (no set to make), else with a set. */
function duplicateName(list: ReadonlyArray<{ name: G.NameNode }>): boolean {
  if (list.length <= 16) {
    for (let i = 1; i < list.length; i++) {
      for (let j = 0; j < i; j++) if (list[j].name.value === list[i].name.value) return true;
    }
    return false;
  }
  const names = new Set<string>();
  for (const { name } of list) {
    if (names.has(name.value)) return true;
    names.add(name.value);
  }
  return false;
}

/** Every object value within `value` names each of its fields once (iterative: values nest deep). */
function uniqueObjectFields(value: G.ConstValueNode): boolean {
  if (value.kind !== 'ListValue' && value.kind !== 'ObjectValue') return true;
  const stack: G.ConstValueNode[] = [value];
  while (stack.length > 0) {
    const v = stack.pop() as G.ConstValueNode;
    if (v.kind === 'ListValue') stack.push(...v.values);
    else if (v.kind === 'ObjectValue') {
      if (duplicateName(v.fields)) return false;
      for (const f of v.fields) stack.push(f.value);
    }
  }
  return true;
}
