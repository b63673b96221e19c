/**
 * The intermediate representation: an ordered model of one SDL document.
 *
 * `lower` builds it, `print` reads it and nothing else. Everything is a list in
 * output order, so two implementations that build equal IRs print equal bytes,
 * and a parity mismatch can be narrowed to a stage by comparing IR dumps.
 */
import type { JsonValue } from './load';

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
  directives: AppliedDirective[];
}

export interface FieldDef {
  name: string;
  description?: string;
  args: InputValueDef[];
  type: string;
  /** Input fields only: printed `name: Type = value`. */
  defaultValue?: JsonValue;
  directives: AppliedDirective[];
}

export interface ObjectTypeDef {
  kind: 'object' | 'interface' | 'input';
  name: string;
  description?: string;
  interfaces: string[];
  directives: AppliedDirective[];
  fields: FieldDef[];
}

export interface UnionTypeDef {
  kind: 'union';
  name: string;
  description?: string;
  directives: AppliedDirective[];
  members: string[];
}

export interface EnumValueDef {
  name: string;
  description?: string;
  directives: AppliedDirective[];
}

export interface EnumTypeDef {
  kind: 'enum';
  name: string;
  description?: string;
  directives: AppliedDirective[];
  values: EnumValueDef[];
}

export interface ScalarTypeDef {
  kind: 'scalar';
  name: string;
  description?: string;
  directives: AppliedDirective[];
}

export interface DirectiveDef {
  kind: 'directive';
  name: string;
  description?: string;
  args: InputValueDef[];
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
  directives: AppliedDirective[];
  operations: Array<[string, string]>;
}

export const OPERATION_KINDS = ['query', 'mutation', 'subscription'] as const;

/**
 * The printed order (record 0028): the schema extension (or else the generated
 * federation `link`), the schema definition, then `definitions`.
 */
export interface Document {
  link?: SchemaLink;
  schemaExtension?: SchemaDef;
  schema?: SchemaDef;
  definitions: Definition[];
}
