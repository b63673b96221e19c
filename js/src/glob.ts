/**
 * The glob dialect of `-r --include <glob>` / `--exclude <glob>` (record 0088), the
 * same in both CLIs (Rust twin: rust/src/bin/x-graphql/glob.rs; shared cases in
 * fixtures/glob/cases.json). A glob is matched against a path relative to the `-r`
 * folder, `/`-separated on every OS, code point by code point:
 *
 * - `*` any run of characters but `/`; `?` one character but `/`;
 * - `**` as a whole segment: any number of segments (`a/**\/b` matches `a/b`, `a/x/y/b`;
 *   a pattern `**` or ending in `/**`: anything below); elsewhere it is `*`;
 * - `[abc]`, `[a-z]`, `[!a]` / `[^a]`: one character (never `/`) of the class;
 * - `{a,b}`: either alternative (nested, with wildcards inside);
 * - `\x`: the character x itself.
 *
 * Written by hand, not as a regex: the two languages' regex dialects differ.
 */

/** One element of a compiled pattern. */
type Token =
  | { kind: 'char'; ch: string }
  | { kind: 'any' } // ?
  | { kind: 'star' } // *
  | { kind: 'all' } // ** at the end: anything, / included
  | { kind: 'segments' } // **/ : nothing, or anything ending in /
  | { kind: 'class'; negated: boolean; items: Array<[string, string]> };

/** The most alternatives a glob's braces may expand to. */
const MAX_ALTERNATIVES = 256;

export class GlobError extends Error {}

/** A compiled glob: its brace alternatives, each a token list. */
export interface Glob {
  text: string;
  alternatives: Token[][];
}

/** The index just after the `]` closing the class that starts at `from` (a `[`), or -1. */
function classEnd(chars: string[], from: number): number {
  let i = from + 1;
  if (chars[i] === '!' || chars[i] === '^') i++;
  if (chars[i] === ']') i++; // a leading ] is a member
  while (i < chars.length && chars[i] !== ']') {
    if (chars[i] === '\\') i++;
    i++;
  }
  return i < chars.length ? i + 1 : -1;
}

/** `{a,b}` expanded, innermost choices multiplied out; classes and escapes are kept whole. */
function expandBraces(chars: string[]): string[][] {
  // Iterative: a work list of partly expanded patterns.
  const done: string[][] = [];
  const work: string[][] = [chars];
  while (work.length > 0) {
    const p = work.pop()!;
    let open = -1;
    let i = 0;
    // The first { and its matching }, with the top-level commas between.
    let depth = 0;
    let close = -1;
    const commas: number[] = [];
    while (i < p.length) {
      const c = p[i]!;
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '[') {
        const end = classEnd(p, i);
        if (end < 0) throw new GlobError('a [ is not closed');
        i = end;
        continue;
      }
      if (c === '{') {
        if (depth === 0) open = i;
        depth++;
      } else if (c === '}' && depth > 0) {
        depth--;
        if (depth === 0) {
          close = i;
          break;
        }
      } else if (c === ',' && depth === 1) commas.push(i);
      i++;
    }
    if (open >= 0 && close < 0) throw new GlobError('a { is not closed');
    if (open < 0) {
      done.push(p);
      if (done.length > MAX_ALTERNATIVES) throw new GlobError(`its braces give more than ${MAX_ALTERNATIVES} alternatives`);
      continue;
    }
    const cuts = [open, ...commas, close];
    for (let k = cuts.length - 2; k >= 0; k--) {
      work.push([...p.slice(0, open), ...p.slice(cuts[k]! + 1, cuts[k + 1]!), ...p.slice(close + 1)]);
      if (work.length + done.length > MAX_ALTERNATIVES) throw new GlobError(`its braces give more than ${MAX_ALTERNATIVES} alternatives`);
    }
  }
  return done;
}

function tokenize(p: string[]): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < p.length) {
    const c = p[i]!;
    if (c === '\\') {
      out.push({ kind: 'char', ch: p[i + 1] ?? '\\' });
      i += 2;
    } else if (c === '*') {
      let j = i;
      while (p[j] === '*') j++;
      const wholeSegment = j - i >= 2 && (i === 0 || p[i - 1] === '/') && (j === p.length || p[j] === '/');
      if (!wholeSegment) out.push({ kind: 'star' });
      else if (j === p.length) out.push({ kind: 'all' });
      else {
        out.push({ kind: 'segments' });
        j++; // the / belongs to the segments
      }
      i = j;
    } else if (c === '?') {
      out.push({ kind: 'any' });
      i++;
    } else if (c === '[') {
      const end = classEnd(p, i);
      if (end < 0) throw new GlobError('a [ is not closed');
      let k = i + 1;
      const negated = p[k] === '!' || p[k] === '^';
      if (negated) k++;
      const items: Array<[string, string]> = [];
      // classEnd found the closing ]; a ] first in the class is a member.
      for (let first = true; first || p[k] !== ']'; first = false) {
        let a = p[k]!;
        if (a === '\\') a = p[++k]!;
        k++;
        if (p[k] === '-' && p[k + 1] !== ']') {
          let b = p[k + 1]!;
          k += 2;
          if (b === '\\') b = p[k++]!;
          items.push([a, b]);
        } else items.push([a, a]);
      }
      out.push({ kind: 'class', negated, items });
      i = end;
    } else {
      out.push({ kind: 'char', ch: c });
      i++;
    }
  }
  return out;
}

/** Compiles a glob; a malformed one throws GlobError with the reason. */
export function compileGlob(text: string): Glob {
  if (text === '') throw new GlobError('a glob cannot be empty');
  let chars = Array.from(text);
  if (chars[0] === '/') throw new GlobError('a glob is relative to the -r folder; it cannot start with /');
  while (chars[0] === '.' && chars[1] === '/') chars = chars.slice(2);
  return { text, alternatives: expandBraces(chars).map(tokenize) };
}

function compareCodePoints(a: string, b: string): number {
  return a.codePointAt(0)! - b.codePointAt(0)!;
}

function matchTokens(tokens: Token[], text: string[]): boolean {
  // ok[j]: tokens i.. match text j..; filled from the last token back.
  const n = text.length;
  let next: boolean[] = new Array<boolean>(n + 1).fill(false);
  next[n] = true;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    const cur: boolean[] = new Array<boolean>(n + 1).fill(false);
    for (let j = n; j >= 0; j--) {
      const c = text[j];
      switch (t.kind) {
        case 'char':
          cur[j] = c === t.ch && next[j + 1]!;
          break;
        case 'any':
          cur[j] = c !== undefined && c !== '/' && next[j + 1]!;
          break;
        case 'star':
          cur[j] = next[j]! || (c !== undefined && c !== '/' && cur[j + 1]!);
          break;
        case 'all':
          cur[j] = next[j]! || (c !== undefined && cur[j + 1]!);
          break;
        case 'segments': {
          // nothing, or anything up to and including a /
          let any = next[j]!;
          for (let k = j; !any && k < n; k++) if (text[k] === '/' && next[k + 1]) any = true;
          cur[j] = any;
          break;
        }
        case 'class': {
          if (c === undefined || c === '/') break;
          const inside = t.items.some(([lo, hi]) => compareCodePoints(c, lo) >= 0 && compareCodePoints(c, hi) <= 0);
          cur[j] = inside !== t.negated && next[j + 1]!;
          break;
        }
      }
    }
    next = cur;
  }
  return next[0]!;
}

/** Whether `glob` matches the relative, `/`-separated `path` itself. */
export function globMatches(glob: Glob, path: string): boolean {
  const chars = Array.from(path);
  return glob.alternatives.some((tokens) => matchTokens(tokens, chars));
}

/**
 * Which files of a `-r` walk are taken: `--include` (any, when given) and not
 * `--exclude` (exclude wins). A glob that matches a folder covers what is inside.
 */
export interface Selection {
  include: Glob[];
  exclude: Glob[];
}

/** `path` and each of its parent folders, `a/b/c.json` -> `a`, `a/b`, `a/b/c.json`. */
function prefixes(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) out.push(path.slice(0, i));
  out.push(path);
  return out;
}

function coveredBy(globs: Glob[], path: string): boolean {
  return prefixes(path).some((p) => globs.some((g) => globMatches(g, p)));
}

/** Whether the file `path` (relative to the -r folder) is taken. */
export function selected(sel: Selection, path: string): boolean {
  if (coveredBy(sel.exclude, path)) return false;
  return sel.include.length === 0 || coveredBy(sel.include, path);
}

/** Whether the walk enters the folder `path`: not excluded; a skipped folder (`node_modules`, a dot-folder) only when an --include names it as a segment. */
export function entered(sel: Selection, path: string, skippedByDefault: boolean): boolean {
  if (globMatchesAny(sel.exclude, path)) return false;
  if (!skippedByDefault) return true;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return sel.include.some((g) => g.text.split('/').includes(name));
}

function globMatchesAny(globs: Glob[], path: string): boolean {
  return globs.some((g) => globMatches(g, path));
}
