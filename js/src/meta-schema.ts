/**
 * `validate: true`: the input against the JSON Schema draft-07 meta-schema
 * (ajv). Loaded lazily by convert.ts, so plain conversions never pay for ajv.
 * ajv's errors are wrapped into our SCHEMA_INVALID code with a JSON pointer.
 */
import Ajv from 'ajv';
import { ConversionError, ErrorCodes } from './errors';
import { firstInDocument, type JsonValue } from './load';

let ajv: Ajv | undefined;

export function checkMetaSchema(root: JsonValue, text: string, file: string | undefined): void {
  ajv ??= new Ajv({ strict: false, validateSchema: true, allErrors: true });
  if (ajv.validateSchema(root as object)) return;
  // The message names only the place: ajv's and the Rust validator's wording and error order
  // differ, and both implementations must report the same thing. So: the failing place that comes
  // first in the document (ties: the smaller pointer).
  const pointer = firstInDocument(text, (ajv.errors ?? []).map((e) => e.instancePath));
  const message = `not a valid draft-07 JSON Schema: the value at ${pointer === '' ? 'the root' : pointer} breaks the meta-schema`;
  throw new ConversionError(ErrorCodes.SCHEMA_INVALID, message, { file, pointer });
}
