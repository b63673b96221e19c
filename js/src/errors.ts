/**
 * Errors and warnings as plain data with stable codes.
 *
 * Every code is catalogued in docs/errors.md, and the Rust side (errors.rs)
 * uses the same strings. A location is a JSON pointer into the input plus a
 * 1-based line and column (columns count Unicode code points), and the file
 * when the problem sits in a file other than the main input.
 */

export type Severity = 'error' | 'warning';

export interface Location {
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
}

export interface Diagnostic extends Location {
  code: string;
  severity: Severity;
  message: string;
}

export class ConversionError extends Error implements Diagnostic {
  readonly code: string;
  readonly severity: Severity = 'error';
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;

  constructor(code: string, message: string, location: Location = {}) {
    super(message);
    this.name = 'ConversionError';
    this.code = code;
    if (location.file !== undefined) this.file = location.file;
    if (location.pointer !== undefined) this.pointer = location.pointer;
    if (location.line !== undefined) this.line = location.line;
    if (location.column !== undefined) this.column = location.column;
  }

  toJSON(): Diagnostic {
    return diagnosticToJSON(this);
  }
}

/** A stable, ordered plain-data form (the same field order as the Rust side). */
export function diagnosticToJSON(d: Diagnostic): Diagnostic {
  const out: Diagnostic = { code: d.code, severity: d.severity, message: d.message };
  if (d.file !== undefined) out.file = d.file;
  if (d.pointer !== undefined) out.pointer = d.pointer;
  if (d.line !== undefined) out.line = d.line;
  if (d.column !== undefined) out.column = d.column;
  return out;
}

/** Exit codes shared by both CLIs. */
export const ExitCode = {
  Ok: 0,
  InvalidInput: 1,
  Usage: 2,
  Io: 3,
} as const;

/**
 * The codes. Kept in one table so docs/errors.md, the CLI exit-code mapping
 * and the Rust enum can be checked against it by a test.
 */
export const ErrorCodes = {
  // input text
  JSON_SYNTAX: 'JSON_SYNTAX',
  GRAPHQL_SYNTAX: 'GRAPHQL_SYNTAX',
  GRAPHQL_INVALID: 'GRAPHQL_INVALID',
  JSON_ROOT: 'JSON_ROOT',
  // attributes and options
  ATTRIBUTE_TYPE: 'ATTRIBUTE_TYPE',
  ATTRIBUTE_SCOPE: 'ATTRIBUTE_SCOPE',
  UNKNOWN_ATTRIBUTE: 'UNKNOWN_ATTRIBUTE',
  DEPRECATED_ATTRIBUTE: 'DEPRECATED_ATTRIBUTE',
  INVALID_OPTION: 'INVALID_OPTION',
  SCHEMA_INVALID: 'SCHEMA_INVALID',
  TYPE_SYSTEM_INVALID: 'TYPE_SYSTEM_INVALID',
  INTROSPECTION_INVALID: 'INTROSPECTION_INVALID',
  // names
  INVALID_NAME: 'INVALID_NAME',
  DUPLICATE_NAME: 'DUPLICATE_NAME',
  // types
  FIELD_TYPE_SYNTAX: 'FIELD_TYPE_SYNTAX',
  UNION_MEMBER: 'UNION_MEMBER',
  UNION_BRANCH_DROPPED: 'UNION_BRANCH_DROPPED',
  IMPLEMENTS: 'IMPLEMENTS',
  OPERATION_TYPE: 'OPERATION_TYPE',
  INPUT_FIELD: 'INPUT_FIELD',
  INTERFACE_FIELD_COPIED: 'INTERFACE_FIELD_COPIED',
  INTERFACE_TRANSITIVE: 'INTERFACE_TRANSITIVE',
  PROPERTY_CONFLICT: 'PROPERTY_CONFLICT',
  INT_RANGE: 'INT_RANGE',
  ENUM_VALUE_RENAMED: 'ENUM_VALUE_RENAMED',
  EMPTY_ENUM: 'EMPTY_ENUM',
  DIRECTIVE_INFERRED: 'DIRECTIVE_INFERRED',
  ONE_OF_REQUIRED: 'ONE_OF_REQUIRED',
  NO_TYPES: 'NO_TYPES',
  // real-world schemas (records 0078, 0079)
  UNKNOWN_TYPE: 'UNKNOWN_TYPE',
  JSON_FIELDS: 'JSON_FIELDS',
  // federation field sets (record 0073; KEY_FIELD_SKIPPED: validate only)
  FIELD_SET: 'FIELD_SET',
  KEY_FIELD_SKIPPED: 'KEY_FIELD_SKIPPED',
  // a federation directive or argument later than the linked version (record 0074)
  FEDERATION_VERSION: 'FEDERATION_VERSION',
  // references
  REF_UNRESOLVED: 'REF_UNRESOLVED',
  REF_REMOTE: 'REF_REMOTE',
  REF_OUTSIDE: 'REF_OUTSIDE',
  REF_CYCLE: 'REF_CYCLE',
  REF_SIBLINGS_IGNORED: 'REF_SIBLINGS_IGNORED',
  REF_DYNAMIC: 'REF_DYNAMIC',
  TOO_DEEP: 'TOO_DEEP',
  // API / CLI
  UNSUPPORTED_DIRECTION: 'UNSUPPORTED_DIRECTION',
  IO: 'IO',
  LINK_OUTSIDE: 'LINK_OUTSIDE',
  OUTPUT_EXTENSION: 'OUTPUT_EXTENSION',
  USAGE: 'USAGE',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
