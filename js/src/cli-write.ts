/**
 * How the CLI writes its outputs and refuses to overwrite its inputs (decision
 * record 0043; the Rust twin is rust/src/bin/x-graphql/files.rs and signals.rs).
 *
 * - An output is written through a temporary file beside it and a rename, so it
 *   is either untouched or complete. A symbolic link is followed first (to its
 *   end, as open(2) would): the file it names is replaced, the link stays.
 * - A device, FIFO or socket, and anything reached through `/proc` (`/dev/stdout`
 *   is a link to `/proc/self/fd/1`), is written in place: a rename would replace
 *   the node itself, for every later program on the machine.
 * - SIGINT and SIGTERM during a write remove the temporary files and end the
 *   process with 130 / 143; only SIGKILL may leave one behind.
 * - Paths may be bytes (a Buffer): a `-r` output's name derives from its input's
 *   name, which need not be UTF-8 (record 0070, cli-paths.ts). Every path opened,
 *   created or renamed here keeps those bytes; only messages show the lossy form.
 */
import * as fs from 'fs';
import { promisify } from 'util';
import { basenameBytes, dirnameBytes, lossy } from './cli-paths';

/** A path given as text or as bytes. */
export type OutPath = string | Buffer;

function bytesOf(p: OutPath): Buffer {
  return typeof p === 'string' ? Buffer.from(p, 'utf8') : p;
}

/** A path as messages show it. */
function shown(p: OutPath): string {
  return typeof p === 'string' ? p : lossy(p);
}

/** A file that cannot be read or written (exit 3). */
export class IoError extends Error {
  constructor(
    message: string,
    readonly where: string,
  ) {
    super(message);
  }
}

export function errnoText(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  const code = typeof err?.code === 'string' ? err.code : undefined;
  const reasons: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EISDIR: 'is a directory',
    ENOTDIR: 'not a directory',
    EEXIST: 'file exists',
    ENOSPC: 'no space left on device',
    EROFS: 'read-only file system',
  };
  if (code !== undefined) return `${reasons[code] ?? (err.message || 'failed')} (${code})`;
  return e instanceof Error ? e.message : String(e);
}

export function statOrUndefined(file: fs.PathLike): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/** Whether two paths name one existing file (any spelling, a link, a hard link): same device and inode. */
export function sameFile(a: fs.PathLike, b: fs.PathLike): boolean {
  const x = statOrUndefined(a);
  const y = statOrUndefined(b);
  return x !== undefined && y !== undefined && x.dev === y.dev && x.ino === y.ino;
}

/**
 * Whether `file` is the regular file standard input is read from
 * (`convert -o a.json < a.json`). A terminal or pipe cannot be overwritten by a
 * rename, so only a regular file counts.
 */
export function isStdinFile(file: string): boolean {
  let x: fs.Stats;
  try {
    x = fs.fstatSync(0);
  } catch {
    return false;
  }
  const y = statOrUndefined(file);
  return x.isFile() && y !== undefined && x.dev === y.dev && x.ino === y.ino;
}

/**
 * `mkdir -p`. Node's recursive mkdir reports ENOENT for any failure below a
 * folder it had to make (EROFS on a read-only file system); then the missing
 * folders are made one by one, from the top, so that the error is the true
 * cause, as Rust's `create_dir_all` reports it.
 */
export function makeFolder(dir: OutPath): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const missing: Buffer[] = [];
  for (let d = bytesOf(dir); statOrUndefined(d) === undefined && !dirnameBytes(d).equals(d); d = dirnameBytes(d)) missing.push(d);
  for (const d of missing.reverse()) fs.mkdirSync(d);
  fs.mkdirSync(dir, { recursive: true });
}

// ---------------------------------------------------------------------------
// Where an output goes

/** Links followed at most (Linux's own limit): past it, open(2) reports the loop (ELOOP). */
const MAX_LINKS = 40;

/** Where `target` is written: the file at the end of its links, and whether in place. */
export interface OutputPlace {
  path: Buffer;
  inPlace: boolean;
}

/**
 * Follows `target`'s symbolic links one by one, each relative to the folder of
 * the link, to the file they name (which need not exist yet: it is created, as
 * `>` in a shell does). In place: a device, FIFO or socket, a link in `/proc`
 * (`/proc/self/fd/1`: its text is no path to rename over), a loop.
 */
export function outputPlace(target: OutPath): OutputPlace {
  const given = bytesOf(target);
  const slash = Buffer.from('/');
  let p = given;
  for (let links = 0; links <= MAX_LINKS; links++) {
    let st: fs.Stats | undefined;
    try {
      // Not an exception for a missing file, the usual case under -r: with ~100,000
      // results queued behind the writes, V8 walked that chain for the async stack trace
      // of every exception, so each write cost time in proportion to the tree
      // (docs/limits.md, "Large inputs").
      st = fs.lstatSync(p, { throwIfNoEntry: false });
    } catch {
      st = undefined;
    }
    // Missing: created there; unreachable: the write says why.
    if (st === undefined) return { path: p, inPlace: false };
    if (!st.isSymbolicLink()) return { path: p, inPlace: !st.isFile() && !st.isDirectory() };
    let dir: Buffer;
    let link: Buffer;
    try {
      dir = fs.realpathSync.native(dirnameBytes(p), { encoding: 'buffer' });
      const proc = Buffer.from('/proc');
      if (dir.equals(proc) || dir.subarray(0, 6).equals(Buffer.from('/proc/'))) return { path: given, inPlace: true };
      link = fs.readlinkSync(p, { encoding: 'buffer' });
    } catch {
      return { path: given, inPlace: true };
    }
    p = link[0] === 0x2f ? link : Buffer.concat([dir.equals(slash) ? Buffer.alloc(0) : dir, slash, link]);
  }
  return { path: given, inPlace: true };
}

/** `.<name>.<pid>.<random>.tmp` beside `file`, as bytes. */
function temporaryName(file: Buffer): Buffer {
  const random = Math.random().toString(36).slice(2, 10);
  const dir = dirnameBytes(file);
  return Buffer.concat([
    dir.length === 1 && dir[0] === 0x2f ? Buffer.alloc(0) : dir,
    Buffer.from('/.'),
    basenameBytes(file),
    Buffer.from(`.${process.pid}.${random}.tmp`),
  ]);
}

// ---------------------------------------------------------------------------
// Temporary files and signals

/** Temporary files being written now. */
const temporaries = new Set<Buffer>();
let armed = false;

/**
 * From the first temporary file on, SIGINT and SIGTERM remove the temporary
 * files and exit with 130 / 143. Node runs a listener only between the
 * program's synchronous steps (a conversion is one), so the listeners are
 * installed only then, and the writes are asynchronous for them to run during
 * a write: before anything is written, the signal ends the process the
 * default way at once, with nothing to clean up.
 */
function arm(): void {
  if (armed) return;
  armed = true;
  const stop = (code: number) => (): void => {
    for (const tmp of temporaries) {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // renamed or removed meanwhile
      }
    }
    process.exit(code);
  };
  process.on('SIGINT', stop(130));
  process.on('SIGTERM', stop(143));
}

const writeChunk = promisify(fs.write);
const fsync = promisify(fs.fsync);
const close = promisify(fs.close);

/** Chunks of this size, so that a signal's listener runs between them. */
const CHUNK = 1 << 20;

async function writeAll(fd: number, data: Buffer): Promise<void> {
  for (let at = 0; at < data.length; ) {
    const { bytesWritten } = await writeChunk(fd, data, at, Math.min(CHUNK, data.length - at), null);
    at += bytesWritten;
  }
}

function failure(e: unknown, target: OutPath): IoError {
  return new IoError(`cannot write output: ${errnoText(e)}`, shown(target));
}

function removeQuietly(file: Buffer): void {
  try {
    fs.unlinkSync(file);
  } catch {
    // already gone
  }
}

/**
 * Writes `data` to `target` through a temporary file beside the file it names
 * and a rename, so that file is either untouched or complete; in place for a
 * device, FIFO, socket or `/proc` link. The temporary file is removed on any
 * error, and on SIGINT / SIGTERM.
 */
export async function writeAtomic(target: OutPath, data: string): Promise<void> {
  const place = outputPlace(target);
  if (place.inPlace) {
    try {
      await fs.promises.writeFile(target, data, 'utf8');
    } catch (e) {
      throw failure(e, target);
    }
    return;
  }
  const tmp = temporaryName(place.path);
  // The listeners first: a signal between the file's creation and theirs would
  // end the process the default way and leave the file. Created synchronously:
  // no listener runs between its creation and its registration.
  arm();
  let fd: number;
  try {
    fd = fs.openSync(tmp, 'wx', 0o666);
  } catch (e) {
    throw failure(e, target);
  }
  temporaries.add(tmp);
  try {
    try {
      await writeAll(fd, Buffer.from(data, 'utf8'));
      await fsync(fd);
    } finally {
      await close(fd);
    }
    await fs.promises.rename(tmp, place.path);
  } catch (e) {
    removeQuietly(tmp);
    throw failure(e, target);
  } finally {
    temporaries.delete(tmp);
  }
}

/**
 * `writeAtomic`, synchronously, for `--watch` (watch.ts), whose own SIGINT /
 * SIGTERM listeners wait for the write under way.
 */
export function writeAtomicSync(target: OutPath, data: string): void {
  const place = outputPlace(target);
  if (place.inPlace) {
    try {
      fs.writeFileSync(target, data, 'utf8');
    } catch (e) {
      throw failure(e, target);
    }
    return;
  }
  const tmp = temporaryName(place.path);
  let created = false;
  try {
    const fd = fs.openSync(tmp, 'wx', 0o666);
    created = true;
    try {
      fs.writeFileSync(fd, data, 'utf8');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, place.path);
  } catch (e) {
    if (created) removeQuietly(tmp);
    throw failure(e, target);
  }
}
