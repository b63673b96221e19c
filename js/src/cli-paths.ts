/**
 * The files of a `-r` tree (decision record 0070; the Rust twin is
 * rust/src/bin/x-graphql/paths.rs).
 *
 * - **Names are bytes.** A file name need not be UTF-8 (`z\xff\xfe.json`), and
 *   its lossy form can name another file (`z\u{FFFD}\u{FFFD}.json`). So the walk
 *   reads folders with `encoding: 'buffer'` and every path that is opened,
 *   created or renamed is a Buffer built from those bytes; the lossy form
 *   (`lossy`) is only printed and given to the converter as the file's name.
 * - **Only regular files inside the tree are read.** A link whose real path is
 *   outside the `-i` tree is skipped with a `LINK_OUTSIDE` warning, never read
 *   (through `-r`, `env.json -> /proc/self/environ` printed the environment in a
 *   code frame); anything that is not a regular file (a FIFO, whose open blocks
 *   until a writer comes, a socket, a device) is an I/O failure, found with
 *   `stat` before any open.
 */
import * as fs from 'fs';
import * as path from 'path';
import { entered, type Selection, selected } from './glob';

/** A path's bytes as the terminal and diagnostics show them (U+FFFD for invalid UTF-8). */
export function lossy(p: Buffer): string {
  return p.toString('utf8');
}

/**
 * `path.join(root, rel)` for a `rel` given as bytes (`/`-separated names read from
 * folders, without `.` or `..`): the joined root's string, then the bytes.
 */
export function joinUnder(root: string, rel: Buffer): Buffer {
  // path.join(root, 'x') without its 'x': the root normalized, with its separator ('' for '.').
  const prefix = path.join(root, 'x').slice(0, -1);
  return Buffer.concat([Buffer.from(prefix, 'utf8'), rel]);
}

/** `path.dirname` of a byte path (POSIX; what the walk and the outputs need). */
export function dirnameBytes(p: Buffer): Buffer {
  let end = p.length;
  while (end > 1 && p[end - 1] === 0x2f) end--;
  const slash = p.lastIndexOf(0x2f, end - 1);
  if (slash < 0) return Buffer.from('.');
  if (slash === 0) return Buffer.from('/');
  return p.subarray(0, slash);
}

/** `path.basename` of a byte path. */
export function basenameBytes(p: Buffer): Buffer {
  let end = p.length;
  while (end > 1 && p[end - 1] === 0x2f) end--;
  return p.subarray(p.lastIndexOf(0x2f, end - 1) + 1, end);
}

/** A name's extension replaced: `from`'s first match stripped, `to` appended. */
export function renameExtBytes(name: Buffer, from: string[], to: string): Buffer {
  const ext = from.find((e) => endsWith(name, e));
  const stem = ext !== undefined ? name.subarray(0, name.length - Buffer.byteLength(ext)) : name;
  return Buffer.concat([stem, Buffer.from(to, 'utf8')]);
}

function endsWith(name: Buffer, ext: string): boolean {
  const e = Buffer.from(ext, 'utf8');
  return name.length >= e.length && name.subarray(name.length - e.length).equals(e);
}

/** A Buffer again after a worker's structured clone (which hands back a Uint8Array). */
export function asBuffer(b: Uint8Array): Buffer {
  return Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Names in JavaScript's string order of their lossy forms (UTF-16 code units, the
 * order of the tree's files before names were bytes), then by their bytes.
 */
function compareNames(a: Buffer, b: Buffer): number {
  const x = lossy(a);
  const y = lossy(b);
  if (x !== y) return x < y ? -1 : 1;
  return Buffer.compare(a, b);
}

/**
 * A folder no walk enters (record 0083): `node_modules` (packages' own package.json and
 * schemas are not the user's) and dot-folders (`.git`, `.cache`, `.vscode`...). The root
 * itself is always read, so naming such a folder with `-i`/`<path>` still works.
 */
export function skippedFolder(name: Buffer): boolean {
  return name[0] === 0x2e || name.equals(NODE_MODULES);
}
const NODE_MODULES = Buffer.from('node_modules');

/**
 * Every entry under `root` whose name ends in one of `exts` and that is not a
 * folder, relative to `root` as bytes, depth first in sorted order; `skippedFolder`s are not entered. Symlinked
 * folders are not followed (so link loops end); links to anything else and
 * entries that are not regular files are listed: `checkTreeInput` decides what
 * becomes of them. `sel` (--include/--exclude, record 0088) picks among the files by
 * their path relative to `root`. A subfolder that cannot be read goes to `onError`; the root
 * failing throws.
 */
export function walkBytes(
  root: string,
  exts: string[],
  onError: (where: string, e: unknown) => void,
  rootError: (e: unknown) => Error,
  sel?: Selection,
): Buffer[] {
  const out: Buffer[] = [];
  const read = (rel: Buffer | undefined): fs.Dirent<Buffer>[] => {
    const dir = rel === undefined ? Buffer.from(root, 'utf8') : joinUnder(root, rel);
    const entries = fs.readdirSync(dir, { withFileTypes: true, encoding: 'buffer' });
    return entries.sort((a, b) => compareNames(a.name, b.name));
  };
  let rootEntries: fs.Dirent<Buffer>[];
  try {
    rootEntries = read(undefined);
  } catch (e) {
    throw rootError(e);
  }
  // Depth first in sorted order, iteratively: a stack of (folder, entries left).
  const pending: { rel: Buffer | undefined; entries: fs.Dirent<Buffer>[]; next: number }[] = [
    { rel: undefined, entries: rootEntries, next: 0 },
  ];
  while (pending.length > 0) {
    const top = pending[pending.length - 1]!;
    const entry = top.entries[top.next++];
    if (entry === undefined) {
      pending.pop();
      continue;
    }
    const child = top.rel === undefined ? entry.name : Buffer.concat([top.rel, Buffer.from('/'), entry.name]);
    if (entry.isDirectory()) {
      // --exclude prunes a folder; --include naming a skipped folder opens it (record 0088).
      if (sel !== undefined ? !entered(sel, lossy(child), skippedFolder(entry.name)) : skippedFolder(entry.name)) continue;
      try {
        pending.push({ rel: child, entries: read(child), next: 0 });
      } catch (e) {
        onError(lossy(joinUnder(root, child)), e);
      }
    } else if (exts.some((ext) => endsWith(entry.name, ext)) && (sel === undefined || selected(sel, lossy(child)))) {
      if (entry.isSymbolicLink()) {
        // A link to a folder is not followed.
        let target: fs.Stats | undefined;
        try {
          target = fs.statSync(joinUnder(root, child));
        } catch {
          target = undefined; // dangling or a loop: reading it reports why
        }
        if (target?.isDirectory()) continue;
      }
      out.push(child);
    }
  }
  return out;
}

/**
 * The real path of a `-r` root, found once per root (workers find their own); not
 * kept when it cannot be found (a watched folder that is gone may come back).
 */
const realRoots = new Map<string, Buffer>();

function realRoot(root: string): Buffer | undefined {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = fs.realpathSync.native(root, { encoding: 'buffer' });
    } catch {
      return undefined;
    }
    realRoots.set(root, real);
  }
  return real;
}

function isInside(real: Buffer, root: Buffer): boolean {
  if (root.length === 1 && root[0] === 0x2f) return true;
  return real.length > root.length && real[root.length] === 0x2f && real.subarray(0, root.length).equals(root);
}

/** What may be done with one listed file of a tree, before it is opened. */
export type TreeInputCheck =
  | { kind: 'read' }
  /** a link out of the tree: the warning's message */
  | { kind: 'outside'; message: string }
  /** not a regular file: the error's message */
  | { kind: 'unreadable'; message: string };

/**
 * Whether `file` (listed by `walkBytes` under `root`) may be opened: a link must
 * lead inside the tree, and what it names (or the file itself) must be a regular
 * file. A path that cannot be resolved or stat'ed is left to the open, whose
 * error is the one reported (as before these checks).
 */
export function checkTreeInput(root: string, file: Buffer): TreeInputCheck {
  let link: fs.Stats;
  try {
    link = fs.lstatSync(file);
  } catch {
    return { kind: 'read' };
  }
  if (link.isSymbolicLink()) {
    let real: Buffer | undefined;
    try {
      real = fs.realpathSync.native(file, { encoding: 'buffer' });
    } catch {
      real = undefined;
    }
    if (real !== undefined) {
      const base = realRoot(root);
      if (base === undefined || !isInside(real, base)) {
        return { kind: 'outside', message: `skipped: a symbolic link whose target is outside ${root}` };
      }
    }
  }
  let st: fs.Stats;
  try {
    st = link.isSymbolicLink() ? fs.statSync(file) : link;
  } catch {
    return { kind: 'read' };
  }
  if (!st.isFile()) return { kind: 'unreadable', message: 'cannot read input: not a regular file' };
  return { kind: 'read' };
}
