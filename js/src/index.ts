/**
 * The public API: `new Converter(options?).convert(input, direction)`.
 */
import { jsonSchemaToSdl, type SdlResult } from './convert';
import { ConversionError, ErrorCodes } from './errors';
import { resolveOptions, type ConverterOptions, type ResolvedOptions } from './options';

export { ConversionError, ErrorCodes, ExitCode, diagnosticToJSON } from './errors';
export type { Diagnostic, Location, Severity } from './errors';
export type { ConverterOptions, RefNaming } from './options';
export type { SdlResult } from './convert';

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

  /** Converts and returns the output text; warnings are dropped (see convertWithWarnings). */
  convert(input: string, direction: DirectionInput = ConversionDirection.JsonSchemaToGraphQL): string {
    return this.convertWithWarnings(input, direction).sdl;
  }

  /** Converts and returns the SDL with the warnings met on the way. */
  convertWithWarnings(input: string, direction: DirectionInput = ConversionDirection.JsonSchemaToGraphQL): SdlResult {
    if (typeof input !== 'string') {
      throw new ConversionError(ErrorCodes.INVALID_OPTION, 'input must be a string');
    }
    const dir = parseDirection(direction);
    if (dir === ConversionDirection.GraphQLToJsonSchema) {
      throw new ConversionError(ErrorCodes.UNSUPPORTED_DIRECTION, 'graphql-to-json is not supported yet');
    }
    return jsonSchemaToSdl(input, this.options);
  }
}
