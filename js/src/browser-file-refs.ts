/**
 * file-refs.ts in the browser bundle (scripts/browser-bundle.ts): a browser
 * has no files, so a file `$ref` needs the `resolveRef` option.
 */
import { ConversionError, ErrorCodes } from './errors';
import type { FileRefPlace } from './file-refs';

type At = { file?: string; pointer: string };

export function locateFileRef(_baseDir: string, _fromDir: string, _relative: string, ref: string, at: At): FileRefPlace {
  throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `file reference ${ref} needs a resolveRef option in a browser`, at);
}

export function readFileRef(_baseDir: string, _place: FileRefPlace, ref: string, at: At): string {
  throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `file reference ${ref} needs a resolveRef option in a browser`, at);
}
