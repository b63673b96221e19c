/**
 * Converter options, resolved once into one record: the defaults, then the
 * converter's options, then the root-level `x-graphql-*` overrides of the
 * document being converted (the document wins). Every value is checked here,
 * so the later stages never see a bad option.
 */
import { ConversionError, ErrorCodes } from './errors';
import { FEDERATION_VERSIONS } from './federation';
import { isObject, keysOf, own, type JsonObject } from './load';
import { isValidName } from './naming';

export type RefNaming = 'basename' | 'file_and_path' | 'hash';

/**
 * The caller's reader of `$ref`ed documents (TypeScript only): `uri` is the ref's
 * document part as written (no fragment), `fromUri` the id of the document that
 * holds the ref (undefined for the input; a document's id is its uri joined to its
 * referrer's id). Returns the document's JSON text or the parsed document; a throw
 * becomes REF_UNRESOLVED with its message.
 */
export type ResolveRef = (uri: string, fromUri: string | undefined) => string | object;

export interface ConverterOptions {
  /** Descriptions longer than this many code points (or with a newline) print as block strings. */
  descriptionBlockThreshold?: number;
  /** Emit object types without fields (with a placeholder field) instead of dropping them. */
  emitEmptyTypes?: boolean;
  /** Anonymous inline objects with at most this many properties become the JSON scalar. */
  inlineObjectThreshold?: number;
  refNaming?: RefNaming;
  typeNameSanitizer?: 'pascal';
  fieldNameSanitizer?: 'camel';
  /** Check the input against the draft-07 meta-schema and the attribute catalog first. */
  validate?: boolean;
  /** Warnings become errors. */
  strict?: boolean;
  /** Prepend `extend schema @link(...)` when federation directives are used. */
  federationLink?: boolean;
  /** The Federation 2 version the generated `@link` names (`"2.0"` to `"2.14"`); default: the lowest the document needs, at least 2.3 (record 0074). */
  federationVersion?: string;
  /** Folder that file `$ref`s may not leave (and, without `inputDir`, resolve against). */
  baseDir?: string;
  /** Folder of the input document, inside `baseDir`: its relative refs resolve against it. Default: `baseDir`. */
  inputDir?: string;
  /** The input's file name, used for the root type name and in diagnostics. */
  fileName?: string;
  /**
   * A `$ref` that cannot be resolved (a pointer to nothing, a remote URI, a missing
   * file): an error (the default), or the JSON scalar with a warning (record 0078).
   */
  unresolvedRefs?: UnresolvedRefs;
  /**
   * A oneOf/anyOf that mixes object branches with scalars (record 0085): the JSON scalar
   * (the default), the JSON scalar with a named type for every object branch, or a union
   * whose non-object branches are wrapped in one-field object types.
   */
  mixedUnions?: MixedUnions;
  /** List every place that became the JSON scalar, with its reason (record 0079). */
  explainJson?: boolean;
  /** `format` -> the GraphQL scalar a string, integer or number of that format becomes (record 0082). */
  formatScalars?: Record<string, string>;
  /**
   * Reads every ref to another document (relative or remote) instead of the file
   * system; nothing is then read from disk or fetched. Needed for file refs in a
   * browser. Not in config files, the CLI or the Rust crate (which reads files under `baseDir`).
   */
  resolveRef?: ResolveRef;
}

export type UnresolvedRefs = 'error' | 'json';

export type MixedUnions = 'json' | 'types' | 'wrap';

export interface ResolvedOptions {
  descriptionBlockThreshold: number;
  emitEmptyTypes: boolean;
  inlineObjectThreshold: number;
  refNaming: RefNaming;
  typeNameSanitizer: 'pascal';
  fieldNameSanitizer: 'camel';
  validate: boolean;
  strict: boolean;
  federationLink: boolean;
  federationVersion?: string;
  baseDir?: string;
  inputDir?: string;
  fileName?: string;
  unresolvedRefs: UnresolvedRefs;
  mixedUnions: MixedUnions;
  explainJson: boolean;
  formatScalars: Readonly<Record<string, string>>;
  resolveRef?: ResolveRef;
}

export const DEFAULT_OPTIONS: ResolvedOptions = {
  descriptionBlockThreshold: 80,
  emitEmptyTypes: false,
  inlineObjectThreshold: 3,
  refNaming: 'basename',
  typeNameSanitizer: 'pascal',
  fieldNameSanitizer: 'camel',
  validate: false,
  strict: false,
  federationLink: true,
  unresolvedRefs: 'error',
  mixedUnions: 'json',
  explainJson: false,
  formatScalars: {},
};

type Check = (value: unknown) => string | undefined;

const count: Check = (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? undefined : 'must be a non-negative integer';
const bool: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be a boolean');
const oneOf =
  (...allowed: string[]): Check =>
  (v) =>
    typeof v === 'string' && allowed.includes(v) ? undefined : `must be one of ${allowed.join(', ')}`;
const str: Check = (v) => (typeof v === 'string' ? undefined : 'must be a string');
const func: Check = (v) => (typeof v === 'function' ? undefined : 'must be a function');
const scalarMap: Check = (v) =>
  isObject(v) && keysOf(v).every((k) => typeof v[k] === 'string' && isValidName(v[k])) ? undefined : 'must map formats to GraphQL scalar names';

const OPTION_CHECKS: Record<keyof ResolvedOptions, Check> = {
  descriptionBlockThreshold: count,
  emitEmptyTypes: bool,
  inlineObjectThreshold: count,
  refNaming: oneOf('basename', 'file_and_path', 'hash'),
  typeNameSanitizer: oneOf('pascal'),
  fieldNameSanitizer: oneOf('camel'),
  validate: bool,
  strict: bool,
  federationLink: bool,
  federationVersion: oneOf(...FEDERATION_VERSIONS),
  baseDir: str,
  inputDir: str,
  fileName: str,
  unresolvedRefs: oneOf('error', 'json'),
  mixedUnions: oneOf('json', 'types', 'wrap'),
  explainJson: bool,
  formatScalars: scalarMap,
  resolveRef: func,
};

/** Root-level attributes that override an option for one document. */
export const ROOT_OVERRIDES: ReadonlyArray<[string, keyof ResolvedOptions]> = [
  ['x-graphql-description-block-threshold', 'descriptionBlockThreshold'],
  ['x-graphql-emit-empty-types', 'emitEmptyTypes'],
  ['x-graphql-inline-object-threshold', 'inlineObjectThreshold'],
  ['x-graphql-ref-naming', 'refNaming'],
  ['x-graphql-federation-link', 'federationLink'],
  ['x-graphql-unresolved-refs', 'unresolvedRefs'],
  ['x-graphql-mixed-unions', 'mixedUnions'],
  ['x-graphql-federation-version', 'federationVersion'],
];

/** Every option name, in the order the options are checked (config files: cli-config.ts, schemas/x-graphql.config.schema.json). */
export const OPTION_NAMES: readonly string[] = Object.keys(OPTION_CHECKS);

/** Checks converter options (from the API or a config file). Unknown keys are errors: they are typos. */
export function resolveOptions(options: ConverterOptions | undefined): ResolvedOptions {
  const out: ResolvedOptions = { ...DEFAULT_OPTIONS };
  if (options === undefined || options === null) return out;
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new ConversionError(ErrorCodes.INVALID_OPTION, 'options must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!Object.prototype.hasOwnProperty.call(OPTION_CHECKS, key)) {
      throw new ConversionError(ErrorCodes.INVALID_OPTION, `unknown option '${key}'`);
    }
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const problem = OPTION_CHECKS[key as keyof ResolvedOptions](value);
    if (problem) {
      throw new ConversionError(ErrorCodes.INVALID_OPTION, `option ${key} ${problem}, got ${JSON.stringify(value)}`);
    }
    (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

/**
 * Applies the root-level overrides. Their value types were already checked
 * against the attribute catalog by `normalize`.
 */
export function applyRootOverrides(options: ResolvedOptions, root: JsonObject): ResolvedOptions {
  let out = options;
  for (const [attribute, option] of ROOT_OVERRIDES) {
    const value = own(root, attribute);
    if (value === undefined) continue;
    if (OPTION_CHECKS[option](value) !== undefined) continue;
    if (out === options) out = { ...options };
    (out as unknown as Record<string, unknown>)[option] = value;
  }
  return out;
}

