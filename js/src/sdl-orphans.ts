/**
 * sdl-orphans: the orphan extensions of a subgraph (record 0076). A federation subgraph
 * may extend a type another subgraph defines (`extend type User @key(fields: "id") { ... }`,
 * `extend type Query { ... }` alone); `@apollo/subgraph`'s `buildSubgraphSchema` and
 * apollo-compiler's `adopt_orphan_extensions` read the first such extension as the
 * type's definition. sdl-read does the same, before its checks, for a document that
 * links Apollo Federation (an `@link` to a `https://specs.apollo.dev/federation/` URL
 * on its schema definition or extension), for `extend type`, `interface`, `input`, `union`
 * and `enum`: graphql-js's "Cannot extend type ... because it is not defined" stays the
 * error of any other document, and of an orphan `extend scalar`, which
 * `buildSubgraphSchema` (@apollo/subgraph 2.14) refuses ("There can be only one type
 * named ..."). The adopted
 * types are marked in the IR (`extension`), so reverse writes `x-graphql-extends` and
 * the round trip prints `extend type` (`extend union`, ...) again. Also the `@oneOf` definition such a
 * document's canonical form adds (record 0077). The twin of rust/src/sdl_orphans.rs.
 */
import type * as G from 'graphql';
import { NONE, type Definition, type DirectiveDef, type SchemaDef } from './ir';

export const FEDERATION_URL_PREFIX = 'https://specs.apollo.dev/federation/';

/** The document with its orphan type extensions read as definitions, and their names. */
export interface Adopted {
  doc: G.DocumentNode;
  /** The names of the types defined by an adopted extension. */
  names: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

/** Whether the document's schema definition or extension applies `@link` to an Apollo Federation URL. */
export function linksFederation(doc: G.DocumentNode): boolean {
  for (const def of doc.definitions) {
    if (def.kind !== 'SchemaDefinition' && def.kind !== 'SchemaExtension') continue;
    for (const d of def.directives ?? []) {
      if (d.name.value !== 'link') continue;
      for (const a of d.arguments ?? []) {
        if (a.name.value === 'url' && a.value.kind === 'StringValue' && a.value.value.startsWith(FEDERATION_URL_PREFIX)) return true;
      }
    }
  }
  return false;
}

/**
 * The first type extension (`extend type`, `extend union`, ...) of each name the document does not define
 * becomes its definition, in place (same node position, no description); the document
 * itself when it does not link federation or has no orphan.
 */
export function adoptOrphanExtensions(doc: G.DocumentNode): Adopted {
  type Orphan = G.ObjectTypeExtensionNode | G.InterfaceTypeExtensionNode | G.InputObjectTypeExtensionNode | G.UnionTypeExtensionNode | G.EnumTypeExtensionNode;
  const orphan = (d: G.DefinitionNode): d is Orphan => d.kind in DEFINITION_KIND;
  if (!doc.definitions.some(orphan) || !linksFederation(doc)) return { doc, names: NOTHING };
  const defined = new Set<string>();
  for (const def of doc.definitions) {
    if (def.kind.endsWith('TypeDefinition') && 'name' in def && def.name !== undefined) defined.add(def.name.value);
  }
  const names = new Set<string>();
  const definitions = doc.definitions.map((def) => {
    if (!orphan(def)) return def;
    const name = def.name.value;
    if (defined.has(name) || BUILT_IN_TYPES.has(name)) return def;
    defined.add(name);
    names.add(name);
    const kind = DEFINITION_KIND[def.kind];
    return { ...def, kind } as unknown as G.DefinitionNode;
  });
  if (names.size === 0) return { doc, names: NOTHING };
  return { doc: { ...doc, definitions }, names };
}

const DEFINITION_KIND = {
  ObjectTypeExtension: 'ObjectTypeDefinition',
  InterfaceTypeExtension: 'InterfaceTypeDefinition',
  InputObjectTypeExtension: 'InputObjectTypeDefinition',
  UnionTypeExtension: 'UnionTypeDefinition',
  EnumTypeExtension: 'EnumTypeDefinition',
} as const;

/** Names graphql-js defines itself: extending one stays graphql-js's error. */
const BUILT_IN_TYPES = new Set([
  'String', 'Int', 'Float', 'Boolean', 'ID',
  '__Schema', '__Directive', '__DirectiveLocation', '__Type', '__Field', '__InputValue', '__EnumValue', '__TypeKind',
]);

/** `directive @oneOf on INPUT_OBJECT`, the definition of the GraphQL specification. */
export const ONE_OF_DEFINITION: DirectiveDef = { kind: 'directive', name: 'oneOf', args: NONE, repeatable: false, locations: ['INPUT_OBJECT'] };

/**
 * Record 0077: the canonical form of a document whose `extend schema` links federation
 * and whose input types apply `@oneOf` without defining it defines it, as the forward
 * direction prints such a document (record 0068: last of the directive definitions).
 */
export function needsOneOfDefinition(ext: SchemaDef | undefined, directiveDefs: readonly DirectiveDef[], defs: readonly Definition[]): boolean {
  if (ext === undefined || directiveDefs.some((d) => d.name === 'oneOf')) return false;
  const links = ext.directives.some(
    (d) => d.name === 'link' && d.args.some(([name, url]) => name === 'url' && typeof url === 'string' && url.startsWith(FEDERATION_URL_PREFIX)),
  );
  return links && defs.some((d) => d.kind === 'input' && d.directives.some((x) => x.name === 'oneOf'));
}
