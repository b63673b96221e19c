/**
 * sdl-schema-rules: a cheap, sufficient proof that graphql-js's
 * `validateSchema(buildASTSchema(doc))` would report nothing, read off the AST.
 *
 * `sdl-read` validates a document with `validateSDL`, then builds the schema
 * and runs `validateSchema` for the rules only a schema states (root types are
 * object types, field types are output types, interfaces are implemented,
 * union members are object types, no cycle of required input fields...).
 * Building the schema was about a sixth of an SDL -> JSON conversion (issue
 * #8). `schemaRulesHold` runs on a document that already passed `validateSDL`
 * (so every named type exists, names are unique, extensions match their type)
 * and answers `true` only when every rule of graphql-js 16's `type/validate.js`
 * provably holds; then building the schema is skipped. Anything it does not
 * decide, or any rule that might fail, answers `false`, and graphql-js runs as
 * before: it gives the message and location of the problem. So the answer may
 * be `false` for a valid document, never `true` for an invalid one
 * (js/test/sdl-schema-rules.test.ts checks that against graphql-js).
 *
 * Also `false` for what could make `buildASTSchema` itself throw: applied
 * `@deprecated` or `@specifiedBy` whose arguments are not string literals
 * (graphql-js coerces them with its own definitions), and `@oneOf`.
 */
import type * as G from 'graphql';
import { BUILTIN_SCALARS } from './type-expr';
import { NONE } from './ir';

type Kind = 'object' | 'interface' | 'union' | 'enum' | 'input' | 'scalar';

const DEFINITION_KINDS: Partial<Record<G.Kind | string, Kind>> = {
  ObjectTypeDefinition: 'object',
  InterfaceTypeDefinition: 'interface',
  UnionTypeDefinition: 'union',
  EnumTypeDefinition: 'enum',
  InputObjectTypeDefinition: 'input',
  ScalarTypeDefinition: 'scalar',
};

const EXTENSION_KINDS = new Set<string>([
  'ObjectTypeExtension',
  'InterfaceTypeExtension',
  'UnionTypeExtension',
  'EnumTypeExtension',
  'InputObjectTypeExtension',
  'ScalarTypeExtension',
]);

type TypeNode = G.TypeDefinitionNode | G.TypeExtensionNode;
type FieldLike = G.FieldDefinitionNode | G.InputValueDefinitionNode;

/** A named type of the document: its kind and its definition with all its extensions. */
interface Named {
  name: string;
  kind: Kind | undefined;
  nodes: TypeNode[];
  /** Gathered from `nodes` once: a type's fields are read again for every type implementing it. */
  fields: readonly G.FieldDefinitionNode[] | undefined;
  interfaces: readonly string[] | undefined;
  members: readonly string[] | undefined;
}

export function schemaRulesHold(doc: G.DocumentNode): boolean {
  const types = new Map<string, Named>();
  // The same, in document order: iterating a Map made an entry per type (issue #8).
  const list: Named[] = [];
  const directives: G.DirectiveDefinitionNode[] = [];
  const roots: string[] = [];
  let schemaDefinition = false;
  for (const def of doc.definitions) {
    if (def.kind === 'SchemaDefinition' || def.kind === 'SchemaExtension') {
      schemaDefinition ||= def.kind === 'SchemaDefinition';
      for (const op of def.operationTypes ?? []) roots.push(op.type.name.value);
      if (!directivesSure(def.directives)) return false;
    } else if (def.kind === 'DirectiveDefinition') {
      directives.push(def);
    } else if (def.kind in DEFINITION_KINDS || EXTENSION_KINDS.has(def.kind)) {
      const node = def as TypeNode;
      let named = types.get(node.name.value);
      if (named === undefined) {
        // Every key set here, so that the object keeps one shape as the memos fill it.
        named = { name: node.name.value, kind: undefined, nodes: [node], fields: undefined, interfaces: undefined, members: undefined };
        types.set(named.name, named);
        list.push(named);
      } else {
        named.nodes.push(node);
      }
      const kind = DEFINITION_KINDS[def.kind];
      if (kind !== undefined) {
        if (named.kind !== undefined) return false;
        named.kind = kind;
      }
    } else {
      return false;
    }
  }
  if (directives.some((d) => reserved(d.name) || !inputValuesHold(d.arguments, types))) return false;
  // Without a schema definition, buildASTSchema takes the types named Query, Mutation and
  // Subscription as the roots (as well as any an `extend schema` names).
  if (!schemaDefinition) roots.push(...['Query', 'Mutation', 'Subscription'].filter((n) => types.has(n)));
  if (roots.some((name) => kindOf(types, name) !== 'object')) return false;
  // The types that hold, all those before the current one (the first that does not ends the walk).
  const held = new Set<string>();
  for (const named of list) {
    if (named.kind === undefined || named.name.startsWith('__') || !typeHolds(named.name, named, types, held)) return false;
    held.add(named.name);
  }
  return noRequiredInputCycle(types, list);
}

function kindOf(types: Map<string, Named>, name: string): Kind | undefined {
  const named = types.get(name);
  if (named !== undefined) return named.kind;
  return BUILTIN_SCALARS.has(name) ? 'scalar' : undefined;
}

function namedType(type: G.TypeNode): string {
  let t = type;
  while (t.kind !== 'NamedType') t = t.type;
  return t.name.value;
}

function reserved(name: G.NameNode): boolean {
  return name.value.startsWith('__');
}

/**
 * The directives buildASTSchema reads values of: `@deprecated(reason:)` and
 * `@specifiedBy(url:)` with a string literal (or `@deprecated` without one);
 * `@oneOf` is never sure (its own rules are left to graphql-js).
 */
function directivesSure(directives: readonly G.ConstDirectiveNode[] | undefined): boolean {
  for (const d of directives ?? []) {
    const name = d.name.value;
    if (name === 'oneOf') return false;
    if (name !== 'deprecated' && name !== 'specifiedBy') continue;
    const args = d.arguments ?? [];
    const only = name === 'deprecated' ? 'reason' : 'url';
    if (name === 'specifiedBy' && args.length !== 1) return false;
    if (args.length > 1 || (args.length === 1 && (args[0].name.value !== only || args[0].value.kind !== 'StringValue'))) return false;
  }
  return true;
}

function deprecated(node: FieldLike | G.EnumValueDefinitionNode): boolean {
  return node.directives?.some((d) => d.name.value === 'deprecated') ?? false;
}

/**
 * Arguments or input fields: names not reserved, input types, and none both
 * non-null and deprecated (with a default it may still count as required:
 * graphql-js drops a default that does not fit its type).
 */
function inputValuesHold(values: readonly G.InputValueDefinitionNode[] | undefined, types: Map<string, Named>): boolean {
  for (const value of values ?? []) {
    if (reserved(value.name) || !directivesSure(value.directives)) return false;
    if (value.type.kind === 'NonNullType' && deprecated(value)) return false;
    const kind = kindOf(types, namedType(value.type));
    if (kind !== 'scalar' && kind !== 'enum' && kind !== 'input') return false;
  }
  return true;
}

function typeHolds(name: string, named: Named, types: Map<string, Named>, held: Set<string>): boolean {
  for (const node of named.nodes) if (!directivesSure(node.directives)) return false;
  switch (named.kind) {
    case 'object':
    case 'interface':
      return fieldsHold(fieldsOf(named), types) && interfacesHold(name, types, held);
    case 'union': {
      const members = membersOf(named);
      return members.length > 0 && !repeats(members) && members.every((m) => kindOf(types, m) === 'object');
    }
    case 'enum': {
      const values = gathered<G.EnumValueDefinitionNode>(named, 'values');
      return values.length > 0 && values.every((v) => !reserved(v.name) && directivesSure(v.directives));
    }
    case 'input': {
      const fields = inputFieldsOf(named);
      return fields.length > 0 && inputValuesHold(fields, types);
    }
    default:
      return true;
  }
}

/**
 * The entries of `key` (fields, values) of all of a type's nodes: the node's own list
 * when the type has one node (most; no copy), else the lists joined.
 */
function gathered<T>(named: Named, key: 'fields' | 'values'): readonly T[] {
  const own = (n: TypeNode): readonly T[] => ((n as unknown as Record<string, readonly T[] | undefined>)[key] ?? NONE);
  return named.nodes.length === 1 ? own(named.nodes[0]) : named.nodes.flatMap(own);
}


function fieldsOf(named: Named): readonly G.FieldDefinitionNode[] {
  return (named.fields ??= gathered<G.FieldDefinitionNode>(named, 'fields'));
}

function inputFieldsOf(named: Named): readonly G.InputValueDefinitionNode[] {
  return gathered<G.InputValueDefinitionNode>(named, 'fields');
}

function interfacesOf(named: Named | undefined): readonly string[] {
  if (named === undefined) return NONE;
  return (named.interfaces ??= namesOf(named, 'interfaces'));
}

function membersOf(named: Named | undefined): readonly string[] {
  if (named === undefined) return NONE;
  return (named.members ??= namesOf(named, 'types'));
}

/** The names in the lists `key` (interfaces, union members) of a type's nodes. */
function namesOf(named: Named, key: 'interfaces' | 'types'): readonly string[] {
  let out: string[] | undefined;
  for (const n of named.nodes) {
    const list = (n as unknown as Record<string, readonly G.NamedTypeNode[] | undefined>)[key];
    if (list === undefined || list.length === 0) continue;
    out ??= [];
    for (const t of list) out.push(t.name.value);
  }
  return out ?? NONE;
}

/** Object and interface fields: at least one, names not reserved, output types, arguments as inputValuesHold. */
function fieldsHold(fields: readonly G.FieldDefinitionNode[], types: Map<string, Named>): boolean {
  if (fields.length === 0) return false;
  for (const field of fields) {
    if (reserved(field.name) || !directivesSure(field.directives)) return false;
    const kind = kindOf(types, namedType(field.type));
    if (kind === undefined || kind === 'input') return false;
    if (!inputValuesHold(field.arguments, types)) return false;
  }
  return true;
}

/**
 * `validateInterfaces`: each interface named once, an interface, not the type
 * itself, with the interfaces it implements implemented too, and its fields
 * implemented (a field of a subtype, the same arguments with equal types, no
 * extra non-null argument).
 */
function interfacesHold(name: string, types: Map<string, Named>, held: Set<string>): boolean {
  const named = types.get(name);
  const interfaces = interfacesOf(named);
  if (interfaces.length === 0) return true;
  if (repeats(interfaces)) return false;
  const fields = fieldsOf(named as Named);
  // Most types have a few fields: found by a scan, without a map to build (issue #8).
  const byName = fields.length > 16 ? new Map(fields.map((f) => [f.name.value, f])) : undefined;
  // So are its interfaces; a long list searched for each of its interfaces' own was
  // cubic in a chain of interfaces (record 0071).
  const listed = interfaces.length > 16 ? new Set(interfaces) : undefined;
  const lists = (t: string): boolean => (listed !== undefined ? listed.has(t) : interfaces.includes(t));
  // Interfaces this type is known to implement: those of an interface it implements that
  // holds (which implements them, and lists theirs). The answer `true` means every type
  // holds, so interface lists are closed, subtyping is transitive, and argument names are
  // unique (validateSDL): fitting an interface carries over to the ones it fits. Checked
  // field by field, a chain of n interfaces (hoisted, each after the ones it implements)
  // cost n³ (record 0071).
  const covered = new Set<string>();
  for (const iface of interfaces) {
    if (iface === name || kindOf(types, iface) !== 'interface') return false;
    if (covered.has(iface)) continue;
    const ifaceNamed = types.get(iface) as Named;
    const own = interfacesOf(ifaceNamed);
    if (!own.every((t) => t !== name && lists(t))) return false;
    for (const ifaceField of fieldsOf(ifaceNamed)) {
      const fieldName = ifaceField.name.value;
      const field = byName !== undefined ? byName.get(fieldName) : fields.find((f) => f.name.value === fieldName);
      if (field === undefined || !isSubType(field.type, ifaceField.type, types)) return false;
      if (!argumentsImplement(field.arguments ?? [], ifaceField.arguments ?? [])) return false;
    }
    if (held.has(iface)) for (const t of own) covered.add(t);
  }
  return true;
}

/**
 * A field's arguments against the interface field's: each of the interface's, with an equal
 * type, and no other non-null one. (Names are unique within each list: sdlRulesHold.)
 */
function argumentsImplement(args: readonly G.InputValueDefinitionNode[], ifaceArgs: readonly G.InputValueDefinitionNode[]): boolean {
  for (const ifaceArg of ifaceArgs) {
    const arg = args.find((a) => a.name.value === ifaceArg.name.value);
    if (arg === undefined || !equalTypes(arg.type, ifaceArg.type)) return false;
  }
  for (const arg of args) {
    if (arg.type.kind === 'NonNullType' && !ifaceArgs.some((a) => a.name.value === arg.name.value)) return false;
  }
  return true;
}

/** Whether a name occurs twice in `names`: pairwise when short (no set to build). */
function repeats(names: readonly string[]): boolean {
  if (names.length > 16) return new Set(names).size !== names.length;
  for (let i = 1; i < names.length; i++) if (names.indexOf(names[i]) < i) return true;
  return false;
}

function equalTypes(a: G.TypeNode, b: G.TypeNode): boolean {
  if (a.kind === 'NamedType' || b.kind === 'NamedType') {
    return a.kind === 'NamedType' && b.kind === 'NamedType' && a.name.value === b.name.value;
  }
  return a.kind === b.kind && equalTypes(a.type, b.type);
}

/** graphql-js's `isTypeSubTypeOf` on type references. */
function isSubType(sub: G.TypeNode, sup: G.TypeNode, types: Map<string, Named>): boolean {
  if (equalTypes(sub, sup)) return true;
  if (sup.kind === 'NonNullType') return sub.kind === 'NonNullType' && isSubType(sub.type, sup.type, types);
  if (sub.kind === 'NonNullType') return isSubType(sub.type, sup, types);
  if (sup.kind === 'ListType') return sub.kind === 'ListType' && isSubType(sub.type, sup.type, types);
  if (sub.kind === 'ListType') return false;
  const subKind = kindOf(types, sub.name.value);
  switch (kindOf(types, sup.name.value)) {
    case 'union':
      return subKind === 'object' && membersOf(types.get(sup.name.value)).includes(sub.name.value);
    case 'interface':
      return (subKind === 'object' || subKind === 'interface') && interfacesOf(types.get(sub.name.value)).includes(sup.name.value);
    default:
      return false;
  }
}

/** No input object reaches itself through non-null input-object fields (lists break a cycle). */
function noRequiredInputCycle(types: Map<string, Named>, list: readonly Named[]): boolean {
  const state = new Map<string, 'open' | 'done'>();
  const next = (name: string): string[] => {
    const out: string[] = [];
    const named = types.get(name);
    for (const f of named === undefined ? [] : inputFieldsOf(named)) {
      if (f.type.kind === 'NonNullType' && f.type.type.kind === 'NamedType' && kindOf(types, f.type.type.name.value) === 'input') out.push(f.type.type.name.value);
    }
    return out;
  };
  // Iterative depth-first search: a long chain of required fields must not exhaust the stack.
  for (const named of list) {
    const start = named.name;
    if (named.kind !== 'input' || state.has(start)) continue;
    const stack: Array<{ name: string; edges: string[] }> = [{ name: start, edges: next(start) }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const to = top.edges.pop();
      if (to === undefined) {
        state.set(top.name, 'done');
        stack.pop();
      } else if (state.get(to) === 'open') {
        return false;
      } else if (!state.has(to)) {
        state.set(to, 'open');
        stack.push({ name: to, edges: next(to) });
      }
    }
  }
  return true;
}

/** A value graphql-js cannot read while it builds the schema, and where it stands. */
export interface BuildProblem {
  message: string;
  node: G.ASTNode;
}

/**
 * The applied `@deprecated(reason:)` and `@specifiedBy(url:)` that
 * `buildASTSchema` cannot read, in document order: it coerces them with its
 * own definitions of the two directives and throws on the first it cannot
 * (`validateSDL` does not check argument values). A reason must be a string or
 * null, a url a string. graphql-js reads the first `@deprecated` of a field,
 * argument, input field or enum value (extensions included) and the first
 * `@specifiedBy` of a scalar's definition (not of its extensions); so does
 * this. The twin of `unreadable_directive_arguments` in rust/src/sdl_schema_rules.rs.
 */
export function unreadableDirectiveArguments(doc: G.DocumentNode): BuildProblem[] {
  const out: BuildProblem[] = [];
  const read = (directives: readonly G.ConstDirectiveNode[] | undefined, name: 'deprecated' | 'specifiedBy') => {
    const applied = directives?.find((d) => d.name.value === name);
    if (applied === undefined) return;
    const argName = name === 'deprecated' ? 'reason' : 'url';
    const arg = applied.arguments?.find((a) => a.name.value === argName);
    if (arg === undefined) {
      if (name === 'specifiedBy') out.push({ message: '@specifiedBy(url:) must be a string.', node: applied });
    } else if (arg.value.kind !== 'StringValue' && !(name === 'deprecated' && arg.value.kind === 'NullValue')) {
      out.push({ message: name === 'deprecated' ? '@deprecated(reason:) must be a string.' : '@specifiedBy(url:) must be a string.', node: arg.value });
    }
  };
  const inputValues = (values: readonly G.InputValueDefinitionNode[] | undefined) => values?.forEach((v) => read(v.directives, 'deprecated'));
  for (const def of doc.definitions) {
    switch (def.kind) {
      case 'ObjectTypeDefinition':
      case 'ObjectTypeExtension':
      case 'InterfaceTypeDefinition':
      case 'InterfaceTypeExtension':
        for (const field of def.fields ?? []) {
          read(field.directives, 'deprecated');
          inputValues(field.arguments);
        }
        break;
      case 'InputObjectTypeDefinition':
      case 'InputObjectTypeExtension':
        inputValues(def.fields);
        break;
      case 'EnumTypeDefinition':
      case 'EnumTypeExtension':
        def.values?.forEach((v) => read(v.directives, 'deprecated'));
        break;
      case 'DirectiveDefinition':
        inputValues(def.arguments);
        break;
      case 'ScalarTypeDefinition':
        read(def.directives, 'specifiedBy');
        break;
    }
  }
  return out;
}
