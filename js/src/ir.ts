/**
 * The intermediate representation: an ordered model of one SDL document.
 *
 * `lower` builds it, `print` reads it and nothing else. Everything is a list in
 * output order, so two implementations that build equal IRs print equal bytes,
 * and a parity mismatch can be narrowed to a stage by comparing IR dumps.
 */
import type { JsonValue } from './load';

/**
 * The one empty list that the lists of directives and arguments share when they are
 * empty (in the drafts, the IR and the fast parser's AST). Most fields, arguments and
 * enum values have none, and an empty array of their own is 32 bytes: at
 * N = 5,000 the drafts and the IR held 228,000 of them; at N = 20,000 sharing one cut
 * the live heap after full GCs by 27 MB. The lists that may be
 * shared are typed `readonly`, and this one is frozen, so that nothing can add to it.
 */
export const NONE: readonly never[] = Object.freeze([]);

export interface AppliedDirective {
  name: string;
  /** Arguments in output order; values are JSON, printed as GraphQL literals. */
  args: Array<[string, JsonValue]>;
}

export interface InputValueDef {
  name: string;
  description?: string;
  /** A printed type expression such as `[String!]!`. */
  type: string;
  defaultValue?: JsonValue;
  directives: readonly AppliedDirective[];
}

export interface FieldDef {
  name: string;
  description?: string;
  args: readonly InputValueDef[];
  type: string;
  /** Input fields only: printed `name: Type = value`. */
  defaultValue?: JsonValue;
  directives: readonly AppliedDirective[];
}

export interface ObjectTypeDef {
  kind: 'object' | 'interface' | 'input';
  name: string;
  description?: string;
  interfaces: string[];
  directives: readonly AppliedDirective[];
  fields: FieldDef[];
  /**
   * Printed `extend type` / `extend interface` / `extend input`: a subgraph's extension of a type another
   * subgraph defines (record 0076, `x-graphql-extends`).
   */
  extension?: true;
}

export interface UnionTypeDef {
  kind: 'union';
  name: string;
  description?: string;
  directives: readonly AppliedDirective[];
  members: string[];
  /** Printed `extend union` / `extend enum` (record 0076, `x-graphql-extends`). */
  extension?: true;
}

export interface EnumValueDef {
  name: string;
  description?: string;
  directives: readonly AppliedDirective[];
}

export interface EnumTypeDef {
  kind: 'enum';
  name: string;
  description?: string;
  directives: readonly AppliedDirective[];
  values: EnumValueDef[];
  /** Printed `extend union` / `extend enum` (record 0076, `x-graphql-extends`). */
  extension?: true;
}

export interface ScalarTypeDef {
  kind: 'scalar';
  name: string;
  description?: string;
  directives: readonly AppliedDirective[];
}

export interface DirectiveDef {
  kind: 'directive';
  name: string;
  description?: string;
  args: readonly InputValueDef[];
  repeatable: boolean;
  locations: string[];
}

export type Definition = ObjectTypeDef | UnionTypeDef | EnumTypeDef | ScalarTypeDef | DirectiveDef;

export interface SchemaLink {
  url: string;
  imports: string[];
}

/**
 * `schema @d { query: Q ... }`, or (as `Document.schemaExtension`, without a
 * description) `extend schema @d { ... }`. Operations are in the order query,
 * mutation, subscription.
 */
export interface SchemaDef {
  description?: string;
  directives: readonly AppliedDirective[];
  operations: Array<[string, string]>;
}

export const OPERATION_KINDS = ['query', 'mutation', 'subscription'] as const;

/**
 * The printed order (record 0028): the schema extension (or else the generated
 * federation `link`), the schema definition (the document's head), then `definitions`.
 */
export interface DocumentHead {
  link?: SchemaLink;
  schemaExtension?: SchemaDef;
  schema?: SchemaDef;
}

export interface Document extends DocumentHead {
  definitions: Definition[];
}
