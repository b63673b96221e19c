/**
 * The converter options of a config file (record 0088): `--config <file>`, or else
 * `x-graphql.config.json` found in the current folder or a parent. The file is a JSON
 * object of camelCase converter options (schemas/x-graphql.config.schema.json, whose
 * `"$schema"` key is accepted and ignored). A problem names the key's line:column, and
 * a mistyped key gets the closest option name. Rust twin: rust/src/bin/x-graphql/config.rs.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { ConverterOptions } from './index';
import { errnoText, IoError } from './cli-write';
import { locate } from './locate';

/** The name looked for without --config. */
export const CONFIG_NAME = 'x-graphql.config.json';

/** Options the CLI derives from `-i` itself; a config file may not set them. */
const DERIVED_OPTIONS = ['fileName', 'baseDir', 'inputDir'];
/** Options of the TypeScript library alone (a function): unknown to a config file, as to the Rust CLI. */
const LIBRARY_ONLY_OPTIONS = ['resolveRef'];
/** The key that names the JSON Schema of the file, for editors; not an option. */
const SCHEMA_KEY = '$schema';

type Library = typeof import('./index');
function lib(): Library {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./index') as Library;
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * `x-graphql.config.json` in `cwd` or the nearest parent that has one, named relative
 * to `cwd` (`x-graphql.config.json`, `../x-graphql.config.json`, ...). The search
 * stops at the file-system root and at a folder holding `.git` (a folder, or the file
 * of a worktree or submodule): a repository's settings never come from above it.
 */
export function findConfig(cwd: string = process.cwd()): string | undefined {
  let dir = path.resolve(cwd);
  let up = '';
  for (;;) {
    if (isFile(path.join(dir, CONFIG_NAME))) return up + CONFIG_NAME;
    if (exists(path.join(dir, '.git'))) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
    up += '../';
  }
}

/** A usage-error factory (cli.ts UsageError), passed in so this module does not load cli.ts. */
export type UsageErrorOf = (message: string, where: string, code: string) => Error;

/** Reads and checks a config file; errors are usage errors naming `file:line:column`. */
export function readConfig(file: string, usage: UsageErrorOf): ConverterOptions {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new IoError(`cannot read config: ${errnoText(e)}`, file);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw usage(`config file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, file, 'USAGE');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usage('config file must hold a JSON object of converter options', file, 'USAGE');
  }
  const object = value as Record<string, unknown>;
  /** `file:line:column` of a top-level key (its opening quote). */
  const at = (key: string): string => {
    const p = locate(text, '/' + key.replace(/~/g, '~0').replace(/\//g, '~1'));
    return p === undefined ? file : `${file}:${p.line}:${p.column}`;
  };
  const has = (key: string) => Object.prototype.hasOwnProperty.call(object, key);
  for (const key of DERIVED_OPTIONS) {
    if (has(key)) throw usage(`option '${key}' cannot be set in a config file (the CLI derives it from -i)`, at(key), 'USAGE');
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OPTION_NAMES } = require('./options') as typeof import('./options');
  const names = OPTION_NAMES.filter((n) => !DERIVED_OPTIONS.includes(n) && !LIBRARY_ONLY_OPTIONS.includes(n));
  const { Converter, ConversionError } = lib();
  const options: Record<string, unknown> = {};
  // The library's order (JavaScript property order): the first problem is the one it would report.
  for (const key of Object.keys(object)) {
    if (key === SCHEMA_KEY) continue;
    if (!names.includes(key)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { closestOf } = require('./catalog') as typeof import('./catalog');
      const guess = closestOf(key, names);
      throw usage(`unknown option '${key}'${guess === undefined ? '' : ` (did you mean "${guess}"?)`}`, at(key), 'INVALID_OPTION');
    }
    try {
      new Converter({ [key]: object[key] } as ConverterOptions);
    } catch (e) {
      if (e instanceof ConversionError) throw usage(e.message, at(key), e.code);
      throw e;
    }
    options[key] = object[key];
  }
  return options as ConverterOptions;
}
