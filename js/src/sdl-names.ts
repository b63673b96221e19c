/**
 * sdl-names: stage 3 of sdl-read (record 0028). Names defined twice (types,
 * directives, fields, arguments, input fields, enum values, union members,
 * interfaces, schema definitions, operation types), redefined built-in scalars
 * and a non-scalar `JSON`, checked in one walk in document order:
 * GRAPHQL_INVALID at the second definition. The twin of rust/src/sdl_names.rs.
 */
import type * as G from 'graphql';
import { ErrorCodes } from './errors';
import type { Reader } from './sdl-read';
import { BUILTIN_SCALARS, JSON_SCALAR } from './type-expr';

export function checkNames(reader: Reader, doc: G.DocumentNode): void {
  const problems: Array<{ node: G.ASTNode; message: string; label: string }> = [];
  // One map of first occurrences per scope (`fields T`, ...), keyed by the bare
  // name; labels are built for problems only. (Keys `scope + label` built for
  // every field cost about a parse's tenth at N = 5,000; issue #8.)
  const scopes = new Map<string, Map<string, G.ASTNode>>();
  const scope = (key: string): Map<string, G.ASTNode> => {
    let seen = scopes.get(key);
    if (seen === undefined) {
      seen = new Map();
      scopes.set(key, seen);
    }
    return seen;
  };
  /** Records `name` in `seen`; a second occurrence is a problem (and false), labelled `prefix + name + suffix`. */
  const once = (seen: Map<string, G.ASTNode>, name: string, node: G.ASTNode, prefix: string, suffix = ''): boolean => {
    const first = seen.get(name);
    if (first === undefined) {
      seen.set(name, node);
      return true;
    }
    const label = prefix + name + suffix;
    problems.push({ node, label, message: `${label} is defined twice (first at ${reader.where(first)})` });
    return false;
  };
  /** The arguments of one field or directive: it is defined once (or its second definition is not checked). */
  const argsOnce = (owner: string, args: readonly G.InputValueDefinitionNode[] | undefined): void => {
    if (args === undefined || args.length === 0) return;
    const seen = new Map<string, G.ASTNode>();
    for (const a of args) once(seen, a.name.value, a.name, `argument ${owner}(`, ')');
  };
  for (const def of doc.definitions) {
    switch (def.kind) {
      case 'DirectiveDefinition':
        if (once(scope('directive'), def.name.value, def.name, 'directive @')) argsOnce(`@${def.name.value}`, def.arguments);
        break;
      case 'SchemaDefinition':
      case 'SchemaExtension':
        if (def.kind === 'SchemaDefinition') once(scope('schema'), '', def, 'the schema');
        for (const op of def.operationTypes ?? []) once(scope('operation'), op.operation, op, 'the ', ' operation type');
        break;
      case 'ScalarTypeDefinition':
      case 'ObjectTypeDefinition':
      case 'InterfaceTypeDefinition':
      case 'UnionTypeDefinition':
      case 'EnumTypeDefinition':
      case 'InputObjectTypeDefinition':
      case 'ScalarTypeExtension':
      case 'ObjectTypeExtension':
      case 'InterfaceTypeExtension':
      case 'UnionTypeExtension':
      case 'EnumTypeExtension':
      case 'InputObjectTypeExtension': {
        const name = def.name.value;
        const isDefinition = def.kind.endsWith('Definition');
        if (isDefinition) {
          const reserved = reservedTypeProblem(def.kind, name);
          if (reserved !== undefined) problems.push({ node: def.name, label: name, message: reserved });
          once(scope('type'), name, def.name, 'type ');
        }
        if ('interfaces' in def && def.interfaces !== undefined && def.interfaces.length > 0) {
          const seen = scope(`implements ${name}`);
          for (const i of def.interfaces) once(seen, i.name.value, i, `${name} implements `);
        }
        if ('types' in def && def.types !== undefined && def.types.length > 0) {
          const seen = scope(`members ${name}`);
          for (const t of def.types) once(seen, t.name.value, t, `union ${name} member `);
        }
        if ('values' in def && def.values !== undefined && def.values.length > 0) {
          const seen = scope(`values ${name}`);
          for (const v of def.values) once(seen, v.name.value, v.name, `enum value ${name}.`);
        }
        if ('fields' in def && def.fields !== undefined && def.fields.length > 0) {
          const seen = scope(`fields ${name}`);
          for (const f of def.fields as ReadonlyArray<G.FieldDefinitionNode | G.InputValueDefinitionNode>) {
            // The arguments of a field defined twice are not compared with the first one's.
            if (once(seen, f.name.value, f.name, `field ${name}.`) && 'arguments' in f) {
              argsOnce(`${name}.${f.name.value}`, f.arguments);
            }
          }
        }
        break;
      }
      default:
        break;
    }
  }
  if (problems.length === 0) return;
  const [first, ...more] = problems;
  let message = first.message;
  if (more.length > 0) {
    const names = more.slice(0, 5).map((p) => p.label);
    message += `; ${more.length} more problem${more.length === 1 ? '' : 's'} of this kind: ${names.join(', ')}${more.length > 5 ? ', ...' : ''}`;
  }
  throw reader.error(ErrorCodes.GRAPHQL_INVALID, message, first.node.loc?.start);
}

/** Why a type definition's name is not ours to define (a built-in scalar; JSON, unless a scalar), if it is not. */
function reservedTypeProblem(kind: string, name: string): string | undefined {
  if (BUILTIN_SCALARS.has(name)) return `${name} is a built-in scalar; an SDL document must not define it`;
  if (name === JSON_SCALAR && kind !== 'ScalarTypeDefinition') {
    return 'JSON can only name a scalar here: x-graphql keeps the name for the scalar of arbitrary data';
  }
  return undefined;
}

/** Whether a type definition of the document has a name reservedTypeProblem refuses. */
export function definesReservedType(doc: G.DocumentNode): boolean {
  for (const def of doc.definitions) {
    if ('name' in def && def.name !== undefined && def.kind.endsWith('TypeDefinition') && reservedTypeProblem(def.kind, def.name.value) !== undefined) {
      return true;
    }
  }
  return false;
}
