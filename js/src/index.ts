/**
 * The public API: `new Converter(options?).convert(input, direction)`.
 */
import { bundleToJson, bundleToSdl, type BundleInput } from './bundle';
import { graphqlToJson, jsonSchemaToSdl, type ConversionResult } from './convert';
import { ConversionError, ErrorCodes } from './errors';
import { resolveOptions, type ConverterOptions, type ResolvedOptions } from './options';

export { ConversionError, ErrorCodes, ExitCode, diagnosticToJSON } from './errors';
export type { Diagnostic, Location, Severity } from './errors';
export type { ConverterOptions, RefNaming } from './options';
export type { ConversionResult } from './convert';
export { jsonSchemaToGraphql, graphqlToJsonSchema, toGraphQLSchema } from './api';
export type { JsonSchemaInput, GraphQLInput } from './api';
export type { BundleInput } from './bundle';
export { canonicalSdl } from './sdl-read';
export { describe } from './describe';
export { build, type BuildOptions } from './build';
export { introspect } from './introspection';
export { validateJsonSchema } from './validate-json';
export { validateGraphql } from './validate-graphql';
export { summarize, reportToJson } from './validate';
export type { Problem, FileReport, ValidationReport, ValidateOptions } from './validate';
export { migrate } from './migrate';
export type { MigrateResult, MigrationChange } from './migrate';

export enum ConversionDirection {
  JsonSchemaToGraphQL = 'json-to-graphql',
  GraphQLToJsonSchema = 'graphql-to-json',
}

export type DirectionInput = ConversionDirection | 'json-to-graphql' | 'graphql-to-json';

export function parseDirection(value: string): ConversionDirection {
  if (value === ConversionDirection.JsonSchemaToGraphQL) return ConversionDirection.JsonSchemaToGraphQL;
  if (value === ConversionDirection.GraphQLToJsonSchema) return ConversionDirection.GraphQLToJsonSchema;
  throw new ConversionError(
    ErrorCodes.INVALID_OPTION,
    `unknown direction '${value}'; expected json-to-graphql or graphql-to-json`,
  );
}

export class Converter {
  private readonly options: ResolvedOptions;

  /** Throws INVALID_OPTION for an unknown option or a bad value. */
  constructor(options?: ConverterOptions) {
    this.options = resolveOptions(options);
  }

  /**
   * Converts and returns the output text: the SDL (json-to-graphql) or the
   * JSON Schema (graphql-to-json); warnings are dropped (see convertWithWarnings).
   */
  convert(input: string | readonly BundleInput[], direction: DirectionInput = ConversionDirection.JsonSchemaToGraphQL): string {
    return this.run(input, direction, false).output;
  }

  /**
   * Converts and returns the output text with the warnings met on the way.
   * `output` holds the text in both directions; `sdl` is the same string
   * (its name is from the time SDL was the only output).
   */
  convertWithWarnings(input: string | readonly BundleInput[], direction: DirectionInput = ConversionDirection.JsonSchemaToGraphQL): ConversionResult {
    return this.run(input, direction, true);
  }

  /** `positions`: give the warnings their line and column (a pass over the input; `convert` drops them). */
  private run(input: string | readonly BundleInput[], direction: DirectionInput, positions: boolean): ConversionResult {
    if (Array.isArray(input)) {
      // A bundle (record 0090): several documents, one output.
      const bundle = input as readonly BundleInput[];
      const dir = parseDirection(direction);
      return dir === ConversionDirection.GraphQLToJsonSchema ? bundleToJson(bundle, this.options) : bundleToSdl(bundle, this.options, positions);
    }
    if (typeof input !== 'string') {
      throw new ConversionError(ErrorCodes.INVALID_OPTION, 'input must be a string');
    }
    const dir = parseDirection(direction);
    if (dir === ConversionDirection.GraphQLToJsonSchema) return graphqlToJson(input, this.options);
    return jsonSchemaToSdl(input, this.options, positions);
  }
}
