/**
 * The Node reader of file `$ref`s: a relative ref is read from disk, relative
 * to the referring file, and must stay inside `baseDir` (also through symbolic
 * links). `node:fs` and `node:path` are required at the first file ref, so
 * the library core reaches no Node built-in unless a file is read; the
 * browser bundle (scripts/browser-bundle.ts) replaces this module by
 * browser-file-refs.ts.
 */
import { ConversionError, ErrorCodes } from './errors';

/* eslint-disable @typescript-eslint/no-require-imports */
const nodeFs = (): typeof import('node:fs') => require('node:fs') as typeof import('node:fs');
const nodePath = (): typeof import('node:path') => require('node:path') as typeof import('node:path');
/* eslint-enable @typescript-eslint/no-require-imports */

type At = { file?: string; pointer: string };

/** Where a file ref points: its id (the path below `baseDir`, `/`-separated) and its absolute path. */
export interface FileRefPlace {
  id: string;
  absolute: string;
  /** The folder the file's own relative refs resolve against. */
  dir: string;
}

/** The place of `relative` (a decoded ref without its fragment) seen from the folder `fromDir`; REF_OUTSIDE when it leaves `baseDir`. */
export function locateFileRef(baseDir: string, fromDir: string, relative: string, ref: string, at: At): FileRefPlace {
  const path = nodePath();
  const base = path.resolve(baseDir);
  const absolute = path.resolve(fromDir, relative);
  const rel = path.relative(base, absolute);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new ConversionError(ErrorCodes.REF_OUTSIDE, `file reference ${ref} leaves the input's folder`, at);
  }
  return { id: rel.split(path.sep).join('/'), absolute, dir: path.dirname(absolute) };
}

/** The text of the file at `place`; REF_OUTSIDE or REF_UNRESOLVED when it cannot be read as a schema file. */
export function readFileRef(baseDir: string, place: FileRefPlace, ref: string, at: At): string {
  const fs = nodeFs();
  const path = nodePath();
  try {
    // A symbolic link may point outside baseDir: check the real path too.
    const real = fs.realpathSync(place.absolute);
    const realRel = path.relative(fs.realpathSync(path.resolve(baseDir)), real);
    if (realRel.startsWith('..') || path.isAbsolute(realRel)) {
      throw new ConversionError(ErrorCodes.REF_OUTSIDE, `file reference ${ref} leaves the input's folder`, at);
    }
    // The type is checked before the file is opened: opening a FIFO for reading
    // blocks until a writer comes, and a device or socket is not a schema.
    const st = fs.statSync(real);
    if (st.isDirectory()) {
      throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `file reference ${ref} names a folder`, at);
    }
    if (!st.isFile()) {
      throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `file reference ${ref} is not a regular file`, at);
    }
    return fs.readFileSync(real, 'utf8');
  } catch (e) {
    if (e instanceof ConversionError) throw e;
    throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `file reference ${ref} cannot be read`, at);
  }
}
