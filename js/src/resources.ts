/**
 * resources: the schema resources of one document (record 0086). A subschema with
 * its own `$id` (draft-04: `id`) is a resource: its base URI is its `$id` resolved
 * against the base of the resource around it, and the `$ref`s written inside it
 * resolve against that base. `$anchor`, `$dynamicAnchor` and a plain-name fragment
 * of `$id` (`"$id": "#name"`, drafts 04-07) name a schema within the resource around
 * them. Nothing here is fetched: a URI is a name, known only if some document read
 * declares it. Mirrors rust/src/resources.rs.
 */
import type { Draft } from './meta-schema';

/** A `$id` / `id` / `$anchor` / `$dynamicAnchor` string met by the scan of a document. */
export interface IdUse {
  /** The pointer of the schema holding it. */
  pointer: string;
  key: string;
  value: string;
}

export interface Resources {
  /** The pointer of each resource's root -> its base URI; '' -> the document's own ('' when it has no `$id`). */
  bases: Map<string, string>;
  /** Each base URI -> the pointer of its resource (the first of each). */
  byUri: Map<string, string>;
  /** `base#name` -> the pointer of the schema the anchor names (the first of each). */
  anchors: Map<string, string>;
}

/** The resources declared by a document's ids (in document order, as the scan meets them). */
export function findResources(ids: readonly IdUse[], draft: Draft): Resources {
  const bases = new Map<string, string>([['', '']]);
  const byUri = new Map<string, string>();
  const anchors = new Map<string, string>();
  const names: Array<[string, string]> = [];
  // A parent's id comes before its descendants' (the scan is depth-first, in document
  // order), so each base is resolved against the final base of the resource around it.
  for (const use of ids) {
    let name: string | undefined;
    if (use.key === '$id' || (use.key === 'id' && draft === 'draft-04')) {
      const hash = use.value.indexOf('#');
      const uriPart = hash < 0 ? use.value : use.value.slice(0, hash);
      const fragment = hash < 0 ? '' : use.value.slice(hash + 1);
      if (uriPart !== '') {
        const outer = use.pointer === '' ? '' : enclosing(bases, parentPointer(use.pointer))[1];
        const uri = resolveUri(outer, uriPart);
        bases.set(use.pointer, uri);
        if (!byUri.has(uri)) byUri.set(uri, use.pointer);
      }
      if (fragment !== '' && !fragment.startsWith('/')) name = fragment;
    } else if (use.key === '$anchor' || use.key === '$dynamicAnchor') {
      name = use.value;
    }
    if (name !== undefined && name !== '') names.push([use.pointer, name]);
  }
  if (!byUri.has(bases.get('')!)) byUri.set(bases.get('')!, '');
  // Anchors after every base is known: an `$anchor` written before the `$id` of its own
  // schema belongs to that schema's resource.
  for (const [pointer, name] of names) {
    const key = `${enclosing(bases, pointer)[1]}#${name}`;
    if (!anchors.has(key)) anchors.set(key, pointer);
  }
  return { bases, byUri, anchors };
}

/** The resource around `pointer` (itself included): its root's pointer and its base URI. */
export function enclosing(bases: Map<string, string>, pointer: string): [string, string] {
  let p = pointer;
  for (;;) {
    const base = bases.get(p);
    if (base !== undefined) return [p, base];
    if (p === '') return ['', ''];
    p = parentPointer(p);
  }
}

export function parentPointer(pointer: string): string {
  const slash = pointer.lastIndexOf('/');
  return slash <= 0 ? '' : pointer.slice(0, slash);
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Whether a URI reference is absolute (a scheme) or network-path (`//host`). */
export function isAbsoluteUri(uri: string): boolean {
  return SCHEME.test(uri) || uri.startsWith('//');
}

/**
 * RFC 3986 section 5.2: `ref` (without a fragment) resolved against `base`. A base
 * that is '' or relative (a document without an absolute `$id`, whose location is a
 * file path) gives a relative result, merged by the same rules.
 */
export function resolveUri(base: string, ref: string): string {
  if (SCHEME.test(ref)) return withoutDots(ref, ref.indexOf(':') + 1);
  const scheme = SCHEME.exec(base)?.[0] ?? '';
  if (ref.startsWith('//')) return scheme + withoutDots(ref, 0);
  // The authority of the base, kept as written.
  let rest = base.slice(scheme.length);
  let authority = '';
  if (rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    authority = end < 0 ? rest : rest.slice(0, end);
    rest = end < 0 ? '' : rest.slice(end);
  }
  const query = rest.indexOf('?');
  const basePath = query < 0 ? rest : rest.slice(0, query);
  if (ref === '') return base;
  let path: string;
  if (ref.startsWith('/')) path = ref;
  else if (ref.startsWith('?')) path = basePath + ref;
  else if (authority !== '' && basePath === '') path = '/' + ref;
  else path = basePath.slice(0, basePath.lastIndexOf('/') + 1) + ref;
  return scheme + authority + removeDots(path);
}

/** `uri` with the dot segments of its path removed; the path starts after `from` (and an authority). */
function withoutDots(uri: string, from: number): string {
  let start = from;
  if (uri.startsWith('//', start)) {
    const end = uri.indexOf('/', start + 2);
    if (end < 0) return uri;
    start = end;
  }
  return uri.slice(0, start) + removeDots(uri.slice(start));
}

/** RFC 3986 section 5.2.4, on a path (a query after `?` is kept as written). */
function removeDots(path: string): string {
  const query = path.indexOf('?');
  const tail = query < 0 ? '' : path.slice(query);
  const input = query < 0 ? path : path.slice(0, query);
  if (!input.includes('.')) return path;
  const absolute = input.startsWith('/');
  const parts = input.split('/');
  const out: string[] = [];
  for (let i = absolute ? 1 : 0; i < parts.length; i++) {
    const part = parts[i];
    const last = i === parts.length - 1;
    if (part === '.' || part === '..') {
      // A relative path keeps the `..` it cannot fold: it is a file path below the document's folder.
      if (part === '..') {
        if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
        else if (!absolute) out.push('..');
      }
      if (last) out.push('');
      continue;
    }
    out.push(part);
  }
  return (absolute ? '/' : '') + out.join('/') + tail;
}
