/**
 * schema-roots: the root operation types GraphQL will see must be valid
 * (record 0029), checked on the assembled document so that no invalid SDL is
 * printed:
 *
 * - one operation type named by both `x-graphql-schema` and
 *   `x-graphql-schema-extension` would be defined twice (`extend schema
 *   { query: Q }` after `schema { query: Q }`);
 * - without `x-graphql-schema`, the types named `Query`, `Mutation` and
 *   `Subscription` are the root operation types by their names (GraphQL's
 *   implicit schema), so each must be an object type.
 */
import { ErrorCodes } from './errors';
import type { Definition } from './ir';
import type { Loc } from './loc';
import type { DraftSchemaDef } from './lower-directives';
import type { Lowering } from './lower';
import type { Slot } from './slots';

/** The kind of a type definition of the document. */
type TypeKind = Exclude<Definition['kind'], 'directive'>;

const IMPLICIT_ROOTS: Array<[string, string]> = [
  ['Query', 'query'],
  ['Mutation', 'mutation'],
  ['Subscription', 'subscription'],
];

export function checkSchemaRoots(lw: Lowering, kindOf: (name: string) => TypeKind | undefined, byName: Map<string, Slot>): void {
  if (lw.schema && lw.schemaExtension) checkGivenOnce(lw, lw.schema, lw.schemaExtension);
  if (lw.schema) return;
  for (const [name, op] of IMPLICIT_ROOTS) {
    const kind = kindOf(name);
    if (kind === undefined || kind === 'object') continue;
    const slot = byName.get(name);
    const loc: Loc = slot ? (slot.explicit?.loc ?? slot.loc) : { source: lw.resolver.main, pointer: '' };
    lw.fail(
      ErrorCodes.OPERATION_TYPE,
      `the ${kind} ${name} would be the ${op} root type, which must be an object type; rename it, or name the root types with x-graphql-schema`,
      loc,
    );
  }
}

function checkGivenOnce(lw: Lowering, schema: DraftSchemaDef, extension: DraftSchemaDef): void {
  for (const { op, loc } of extension.operations) {
    if (schema.operations.some((o) => o.op === op)) {
      lw.fail(ErrorCodes.OPERATION_TYPE, `the ${op} type is given by both x-graphql-schema and x-graphql-schema-extension`, loc);
    }
  }
}
