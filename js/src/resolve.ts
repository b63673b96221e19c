/**
 * resolve: `$ref` -> the node it points at.
 *
 * Local refs are JSON pointers into the same document (`#/definitions/X`,
 * `#/$defs/X`, any pointer). File refs (`common/address.json#/definitions/A`)
 * are read relative to the referring file, and must stay inside `baseDir`:
 * a ref that leaves it, or names a remote URI, is refused and never fetched.
 * Each file is read, parsed and scanned once.
 *
 * A ref resolves against the base URI of the resource it is written in
 * (record 0086, resources.ts): a URI some document read declares as an `$id`
 * is that resource; an absolute URI under the folder of a file's own `$id` is
 * looked for at the same place below the file's folder (`meta/core` beside
 * `schema.json`, as the JSON Schema meta-schemas ship); any other absolute URI
 * is remote.
 *
 * Under `unresolvedRefs: "json"` (record 0078) a ref to nothing, a remote ref
 * and a ref to a file that cannot be read resolve to an empty schema (the JSON
 * scalar), with a warning at each place that writes one; a ref that leaves the
 * base folder is still an error.
 *
 * With the `resolveRef` option (TypeScript only) every ref to another document,
 * relative or remote, goes to the caller's function instead, and nothing is
 * read or fetched here: that is how file refs resolve in a browser. Without
 * it, file refs are read by file-refs.ts (which loads Node's fs at the first
 * one, so the library core reaches no Node built-in unless a file is read).
 */
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import { isObject, loadJson, pointerJoin, type JsonObject } from './load';
import { isSchemaPlace } from './inline-names';
import { evaluatePointer, LocMap, locKey, type Loc, type Source, type Target } from './loc';
import type { ChainMerge } from './merge-chains';
import { namedDraft } from './meta-schema';
import { isModernDraft, refKeyword, scanDocument, type RefUse } from './normalize';
import type { ResolveRef, UnresolvedRefs } from './options';
import { locateFileRef, readFileRef } from './file-refs';
import { enclosing, findResources, isAbsoluteUri, parentPointer, resolveUri, type Resources } from './resources';

const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

export class Resolver {
  readonly main: Source;
  /** The documents converted: the main one, then (a bundle, record 0090) the other inputs in path order. */
  readonly roots: Source[];
  /** Every source read so far, by id, in the order they were read. */
  readonly sources = new Map<string, Source>();
  readonly warnings: Diagnostic[] = [];
  private readonly baseDir?: string;
  private readonly resolveRef?: ResolveRef;
  /** The merges of `allOf` chain links, by schema; null: merged by the walk (merge-chains.ts). */
  readonly chainMerges = new LocMap<ChainMerge | null>();
  /** What an unresolved ref becomes under `unresolvedRefs: "json"`: an empty schema, in a source of its own. */
  private readonly unresolvedTarget?: Target;
  /** The places whose unresolved ref was reported (lowering resolves a ref again). */
  private readonly reported = new Set<string>();

  constructor(main: Source, baseDir: string | undefined, unresolvedRefs: UnresolvedRefs = 'error', resolveRef?: ResolveRef) {
    this.main = main;
    this.roots = [main];
    this.baseDir = baseDir;
    this.resolveRef = resolveRef;
    this.sources.set(main.id, main);
    if (unresolvedRefs === 'json') {
      const root: JsonObject = {};
      this.unresolvedTarget = { loc: { source: { id: '\0unresolved', text: '{}', root, refs: [], draft: main.draft, ids: [] }, pointer: '' }, node: root };
    }
  }

  /**
   * Resolves every ref of every source up front, so an unresolvable ref is
   * reported before any output is built, and so `isRefTarget` knows every
   * node that something points at.
   */
  collectTargets(): LocMap<true> {
    const targets = new LocMap<true>();
    const queue: Array<[Source, RefUse[]]> = this.roots.map((r) => [r, r.refs]);
    // Targets below what a scan walks (a pointer into a non-schema container), scanned here.
    const scanned = new Set<string>();
    for (let i = 0; i < queue.length; i++) {
      const [source, refs] = queue[i];
      for (const use of refs) {
        const before = this.sources.size;
        const target = this.resolve(use.ref, { source, pointer: use.pointer });
        // Many refs share a target: each target's place is walked once, when first met.
        const met = targets.has(target);
        targets.set(target, true);
        if (this.sources.size > before) queue.push([target.loc.source, target.loc.source.refs]);
        if (met || target === this.unresolvedTarget || (!isObject(target.node) && !Array.isArray(target.node))) continue;
        const key = locKey(target.loc);
        if (scanned.has(key)) continue;
        scanned.add(key);
        if (isSchemaPlace(target.loc.source.root, target.loc.pointer)) continue;
        // Attribute problems there are not reported: the scan of a document never was.
        const scan = scanDocument(target.node, target.loc.source.file, []);
        const below = scan.refs.map((r) => ({ pointer: target.loc.pointer + r.pointer, ref: r.ref }));
        if (below.length > 0) queue.push([target.loc.source, below]);
      }
    }
    return targets;
  }

  /**
   * Successful resolutions by source and ref text: a ref means the same target
   * wherever it is written in one source, and lowering resolves each ref again
   * (types, unions, allOf, ref chains). Failures are never cached: they throw.
   */
  private readonly resolved = new Map<Source, Map<string, Target>>();

  /**
   * Another input of a bundle (record 0090), read before any ref: a file that is both an
   * input and a ref target is one source, converted once. Its id is its path under
   * `baseDir`, as a file ref's is.
   */
  addRoot(source: Source): void {
    this.roots.push(source);
    this.sources.set(source.id, source);
  }

  /** Whether a target is what an unresolved ref becomes under `unresolvedRefs: "json"`. */
  isUnresolved(target: Target): boolean {
    return this.unresolvedTarget !== undefined && target.loc.source === this.unresolvedTarget.loc.source;
  }

  /** The resources of each source, found at its first ref (null: it declares no `$id` or anchor). */
  private readonly resourcesOf = new Map<Source, Resources | null>();

  private resources(source: Source): Resources | undefined {
    let found = this.resourcesOf.get(source);
    if (found === undefined) {
      found = source.ids.length === 0 ? null : findResources(source.ids, source.draft);
      this.resourcesOf.set(source, found);
    }
    return found ?? undefined;
  }

  /** The resource a ref written at `pointer` resolves against: its root's pointer and its base URI ('' for none). */
  private resourceAt(source: Source, pointer: string): [string, string] {
    const found = this.resources(source);
    if (found === undefined) return ['', ''];
    if (found.bases.size === 1) return ['', found.bases.get('')!];
    // Under drafts 04-07 a `$ref` replaces its schema, the `$id` beside it included.
    return enclosing(found.bases, isModernDraft(source.draft) ? pointer : parentPointer(pointer));
  }

  /** `ref` written at `from` (the pointer of the node holding `$ref`). */
  resolve(ref: string, from: Loc): Target {
    let known = this.resolved.get(from.source);
    if (known === undefined) {
      known = new Map();
      this.resolved.set(from.source, known);
    }
    // A ref means the same target wherever it is written in one resource.
    const [resource, base] = this.resourceAt(from.source, from.pointer);
    const key = resource === '' ? ref : `${resource}\0${ref}`;
    let target = known.get(key);
    if (target === undefined) {
      target = this.resolveOrReport(ref, from, key, resource, base);
      known.set(key, target);
    } else if (target === this.unresolvedTarget) {
      this.report(key, from);
    }
    return target;
  }

  /** `resolveUncached`, with an unresolved ref reported and made the JSON scalar under `unresolvedRefs: "json"`. */
  private resolveOrReport(ref: string, from: Loc, key: string, resource: string, base: string): Target {
    try {
      return this.resolveUncached(ref, from, resource, base);
    } catch (e) {
      if (!(e instanceof ConversionError) || (e.code !== ErrorCodes.REF_UNRESOLVED && e.code !== ErrorCodes.REF_REMOTE)) throw e;
      if (this.unresolvedTarget === undefined) {
        e.message += ' (with --unresolved-refs json, option unresolvedRefs, it becomes the JSON scalar)';
        throw e;
      }
      this.failures.set(`${from.source.id}#${key}`, e);
      this.report(key, from);
      return this.unresolvedTarget;
    }
  }

  /** Why each unresolved ref failed, by source and ref text (with its resource). */
  private readonly failures = new Map<string, ConversionError>();

  /** The warning for an unresolved ref written at `from`, once per place. */
  private report(key: string, from: Loc): void {
    const e = this.failures.get(`${from.source.id}#${key}`)!;
    const pointer = pointerJoin(from.pointer, '$ref');
    const reported = `${from.source.id}#${pointer}`;
    if (this.reported.has(reported)) return;
    this.reported.add(reported);
    this.warnings.push({
      code: e.code,
      severity: 'warning',
      message: `${e.message}: it becomes the JSON scalar`,
      ...(from.source.file !== undefined ? { file: from.source.file } : {}),
      pointer,
    });
  }

  /** `ref` written at `from`, in the resource at `resource` whose base URI is `base`. */
  private resolveUncached(ref: string, from: Loc, resource: string, base: string): Target {
    // Where an error of this ref is placed: walked to only when one is made (most refs resolve).
    let refPointer: string | undefined;
    const at = {
      file: from.source.file,
      get pointer(): string {
        return (refPointer ??= pointerJoin(from.pointer, refKeyword(evaluatePointer(from.source.root, from.pointer))));
      },
    };
    const hash = ref.indexOf('#');
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    let source = from.source;
    if (filePart !== '') {
      // Without a `$id` around the ref, its document part is a path as written.
      const uri = base === '' ? filePart : resolveUri(base, filePart);
      const known = this.findResource(uri, from.source);
      if (known !== undefined) [source, resource] = known;
      else if (this.resolveRef !== undefined) [source, resource] = [this.loadByCallback(this.resolveRef, filePart, from.source, ref, at), ''];
      else if (isAbsoluteUri(uri)) {
        const mirrored = this.loadBeside(uri, from.source, ref, at);
        if (mirrored === undefined) {
          const resolved = uri !== filePart ? ` (${uri})` : '';
          throw new ConversionError(ErrorCodes.REF_REMOTE, `remote reference ${ref}${resolved} is not fetched`, at);
        }
        [source, resource] = [mirrored, this.resources(mirrored)?.byUri.get(uri) ?? ''];
      } else [source, resource] = [this.loadFile(decodeURIComponentSafe(uri), from.source, ref, at), ''];
    }
    let pointer: string;
    try {
      pointer = decodeURIComponent(fragment);
    } catch {
      pointer = fragment;
    }
    if (pointer !== '' && !pointer.startsWith('/')) {
      // A plain-name fragment: an `$anchor` of the resource (record 0080).
      const found = this.resources(source);
      const anchored = found?.anchors.get(`${found.bases.get(resource)}#${pointer}`);
      if (anchored === undefined) {
        throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `reference ${ref} names no $anchor`, at);
      }
      pointer = anchored;
    } else pointer = resource + pointer;
    const node = evaluatePointer(source.root, pointer);
    if (node === undefined) {
      throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `reference ${ref} points at nothing`, at);
    }
    return { loc: { source, pointer }, node };
  }

  /**
   * The resource named by `uri`: in the referring document (where a relative URI is
   * known too), else in any document read so far (an absolute URI): its source and pointer.
   */
  private findResource(uri: string, from: Source): [Source, string] | undefined {
    const own = this.resources(from)?.byUri.get(uri);
    if (own !== undefined) return [from, own];
    if (!isAbsoluteUri(uri)) return undefined;
    for (const source of this.sources.values()) {
      const pointer = source === from ? undefined : this.resources(source)?.byUri.get(uri);
      if (pointer !== undefined) return [source, pointer];
    }
    return undefined;
  }

  /**
   * An absolute URI under the folder of the referring file's own `$id`, read from the
   * same place below the file's folder (as written, else with `.json`), or undefined.
   */
  private loadBeside(uri: string, from: Source, ref: string, at: { file?: string; pointer: string }): Source | undefined {
    const own = this.resources(from)?.bases.get('');
    if (own === undefined || !isAbsoluteUri(own) || this.baseDir === undefined || from.dir === undefined) return undefined;
    const folder = own.slice(0, own.lastIndexOf('/') + 1);
    const rest = uri.slice(folder.length);
    if (!uri.startsWith(folder) || folder.endsWith('//') || rest === '' || rest.includes('?')) return undefined;
    for (const path of [rest, `${rest}.json`]) {
      try {
        return this.loadFile(decodeURIComponentSafe(path), from, ref, at);
      } catch (e) {
        if (!(e instanceof ConversionError) || e.code !== ErrorCodes.REF_UNRESOLVED) throw e;
      }
    }
    return undefined;
  }

  private loadFile(relative: string, from: Source, ref: string, at: { file?: string; pointer: string }): Source {
    if (this.baseDir === undefined || from.dir === undefined) {
      throw new ConversionError(
        ErrorCodes.REF_UNRESOLVED,
        `file reference ${ref} needs a base folder (the baseDir option)`,
        at,
      );
    }
    const place = locateFileRef(this.baseDir, from.dir, relative, ref, at);
    const known = this.sources.get(place.id);
    if (known) return known;
    const text = readFileRef(this.baseDir, place, ref, at);
    return this.addSource(place.id, text, place.dir, from);
  }

  /**
   * A document from the `resolveRef` option: `uri` as the ref writes it (without
   * its fragment), asked once per id (the uri joined to the referrer's id).
   */
  private loadByCallback(resolveRef: ResolveRef, uri: string, from: Source, ref: string, at: { file?: string; pointer: string }): Source {
    const fromUri = from.id === '' ? undefined : from.id;
    const id = joinUri(fromUri, uri);
    const known = this.sources.get(id);
    if (known) return known;
    let got: unknown;
    try {
      got = resolveRef(uri, fromUri);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `reference ${ref} cannot be read: ${why}`, at);
    }
    if (typeof got === 'string') return this.addSource(id, got, undefined, from);
    if (got !== null && typeof got === 'object') {
      // Read back through our loader, so the tree is the one a file's text gives.
      const text = JSON.stringify(got, null, 2);
      return this.addSource(id, text, undefined, from);
    }
    throw new ConversionError(ErrorCodes.REF_UNRESOLVED, `reference ${ref} cannot be read: resolveRef returned neither text nor an object`, at);
  }

  private addSource(id: string, text: string, dir: string | undefined, from: Source): Source {
    const root = loadJson(text, id);
    // A file without a `$schema` of its own is read by its referrer's draft (record 0080).
    const draft = namedDraft(root) ?? from.draft;
    const scan = scanDocument(root, id, undefined, draft);
    this.warnings.push(...scan.warnings);
    const source: Source = { id, file: id, text, root, dir, refs: scan.refs, draft, ids: scan.ids };
    this.sources.set(id, source);
    return source;
  }
}

/**
 * A ref's document part joined to its referrer's id, by path rules: `.` and
 * `..` segments fold, a URI with a scheme or an absolute path stands alone.
 */
export function joinUri(fromUri: string | undefined, uri: string): string {
  if (URI_SCHEME.test(uri) || uri.startsWith('/') || fromUri === undefined) return uri;
  const slash = fromUri.lastIndexOf('/');
  const joined = slash < 0 ? uri : fromUri.slice(0, slash + 1) + uri;
  const out: string[] = [];
  for (const part of joined.split('/')) {
    if (part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..' && out[out.length - 1] !== '') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
