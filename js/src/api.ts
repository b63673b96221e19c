/**
 * The free functions of the public API: one call per direction, taking the input as
 * text or as what a caller already holds in memory (a parsed JSON Schema; a graphql-js
 * `DocumentNode` or `GraphQLSchema`), and `toGraphQLSchema` for servers built on
 * graphql-js. Each is a thin layer over the same pipeline as `Converter`.
 *
 * graphql-js is required on first use only, as everywhere in the library, so the CLI's
 * start (record 0045) does not pay for it.
 */
import type * as G from 'graphql';
import { bundleToJson, bundleToSdl, type BundleInput } from './bundle';
import { graphqlToJson, jsonSchemaToSdl, type ConversionResult } from './convert';
import { ConversionError, ErrorCodes } from './errors';
import { resolveOptions, type ConverterOptions } from './options';

/**
 * A JSON Schema given as text, or as the object `JSON.parse` (or any loader) returned.
 * An object is printed with two-space indentation before it is converted, so the lines
 * and columns of diagnostics refer to that printed form. Its key order is the object's
 * own: `JSON.parse` moves integer-like keys first, which the text form avoids.
 */
export type JsonSchemaInput = string | Readonly<Record<string, unknown>>;

/** An SDL document given as text, a graphql-js `DocumentNode`, or a `GraphQLSchema`. */
export type GraphQLInput = string | G.DocumentNode | G.GraphQLSchema;

/**
 * Converts an annotated JSON Schema to GraphQL SDL.
 *
 * @example
 * ```ts
 * const { output, warnings } = jsonSchemaToGraphql({ title: 'User', type: 'object', properties: { id: { type: 'string' } } });
 * ```
 * An array of `{ path, text }` (or `{ path, object }`) is a bundle (record 0090): every
 * schema in it becomes part of one SDL document, a file that several reach converted
 * once; `path` is the file's place under `baseDir` (where its file refs resolve from).
 *
 * @throws ConversionError with a code from `ErrorCodes` and a location.
 */
export function jsonSchemaToGraphql(input: JsonSchemaInput | readonly BundleInput[], options?: ConverterOptions): ConversionResult {
  if (Array.isArray(input)) return bundleToSdl(input as readonly BundleInput[], resolveOptions(options), true);
  return jsonSchemaToSdl(jsonText(input as JsonSchemaInput), resolveOptions(options), true);
}

/**
 * Converts a GraphQL SDL document (a subgraph too) to an annotated JSON Schema, whose
 * text is `output`. The conversion is lossless: converting `output` back gives the same
 * type system. An array of `{ path, text }` is a bundle (record 0090): SDL documents that
 * form one schema (`extend type` in one of a type another defines), read as one; a
 * problem names the file it is in.
 *
 * @throws ConversionError with a code from `ErrorCodes` and a location.
 */
export function graphqlToJsonSchema(input: GraphQLInput | readonly BundleInput[], options?: ConverterOptions): ConversionResult {
  if (Array.isArray(input)) return bundleToJson(input as readonly BundleInput[], resolveOptions(options));
  return graphqlToJson(sdlText(input as GraphQLInput), resolveOptions(options));
}

/**
 * Converts an annotated JSON Schema to a graphql-js `GraphQLSchema`, ready for a server
 * (`graphql-http`, Apollo Server, ...). The SDL is the one `jsonSchemaToGraphql` prints
 * and has been validated. A document that links Apollo Federation is built as it is,
 * its federation directives kept on the AST nodes: a subgraph server builds it with
 * `buildSubgraphSchema(parse(output))` from `@apollo/subgraph` instead, which defines them.
 */
export function toGraphQLSchema(input: JsonSchemaInput, options?: ConverterOptions): G.GraphQLSchema {
  const { output } = jsonSchemaToGraphql(input, options);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const graphql = require('graphql') as typeof import('graphql');
  // Federation's directives are imported through `@link`, not defined in the document;
  // the output was validated against their definitions already.
  const federated = /^extend schema @link\(/m.test(output);
  return graphql.buildASTSchema(graphql.parse(output), { assumeValidSDL: federated });
}

function jsonText(input: JsonSchemaInput): string {
  if (typeof input === 'string') return input;
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) return JSON.stringify(input, null, 2);
  throw new ConversionError(ErrorCodes.INVALID_OPTION, 'input must be JSON Schema text or a JSON object');
}

function sdlText(input: GraphQLInput): string {
  if (typeof input === 'string') return input;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const graphql = require('graphql') as typeof import('graphql');
  if (graphql.isSchema(input)) return graphql.printSchema(input);
  if (input !== null && typeof input === 'object' && (input as G.DocumentNode).kind === 'Document') {
    return graphql.print(input as G.DocumentNode);
  }
  throw new ConversionError(ErrorCodes.INVALID_OPTION, 'input must be SDL text, a graphql-js DocumentNode or a GraphQLSchema');
}
