/**
 * `validate: true`: the input against the JSON Schema draft-07 meta-schema
 * (ajv). Loaded lazily by convert.ts, so plain conversions never pay for ajv.
 * ajv's errors are wrapped into our SCHEMA_INVALID code with a JSON pointer.
 */
import Ajv from 'ajv';
import { ConversionError, ErrorCodes } from './errors';
import type { JsonValue } from './load';

let ajv: Ajv | undefined;

export function checkMetaSchema(root: JsonValue, file: string | undefined): void {
  ajv ??= new Ajv({ strict: false, validateSchema: true, allErrors: false });
  if (ajv.validateSchema(root as object)) return;
  const first = ajv.errors?.[0];
  const pointer = first?.instancePath ?? '';
  const message = first ? `not a valid draft-07 schema: ${pointer || '/'} ${first.message ?? 'is invalid'}` : 'not a valid draft-07 schema';
  throw new ConversionError(ErrorCodes.SCHEMA_INVALID, message, { file, pointer });
}
