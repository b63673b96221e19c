/**
 * Type expressions while lowering: GraphQL type references whose named part
 * may be a type slot whose final name is only known after naming (D3), so
 * they are rendered to text only at the end.
 */
import type { Slot } from './slots';

export type TypeExpr =
  | { kind: 'slot'; slot: Slot }
  | { kind: 'name'; name: string }
  | { kind: 'list'; of: TypeExpr }
  | { kind: 'nonNull'; of: TypeExpr };

export const BUILTIN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
export const JSON_SCALAR = 'JSON';

export const named = (name: string): TypeExpr => ({ kind: 'name', name });
export const listOf = (of: TypeExpr): TypeExpr => ({ kind: 'list', of });
export const nonNull = (of: TypeExpr): TypeExpr => (of.kind === 'nonNull' ? of : { kind: 'nonNull', of });
export const nullable = (t: TypeExpr): TypeExpr => (t.kind === 'nonNull' ? t.of : t);

export function renderType(t: TypeExpr): string {
  switch (t.kind) {
    case 'slot':
      return t.slot.name;
    case 'name':
      return t.name;
    case 'list':
      return `[${renderType(t.of)}]`;
    case 'nonNull':
      return `${renderType(t.of)}!`;
  }
}

/**
 * Record 0032: list types and literal values nest at most this deep in both
 * directions (sdl-read's MAX_SDL_NESTING), so every SDL printed reads back.
 */
export const MAX_LIST_NESTING = 128;

/** How many lists a type expression nests. */
export function listDepth(t: TypeExpr): number {
  let depth = 0;
  while (t.kind === 'list' || t.kind === 'nonNull') {
    if (t.kind === 'list') depth++;
    t = t.of;
  }
  return depth;
}

/** The named type at the bottom of the wrappers. */
export function baseOf(t: TypeExpr): TypeExpr {
  while (t.kind === 'list' || t.kind === 'nonNull') t = t.of;
  return t;
}

/**
 * Parses `Name`, `Name!`, `[T]`, `[T]!` nested, with optional spaces around
 * the brackets. Returns undefined when the text is not a type expression.
 */
export function parseTypeExpr(text: string): TypeExpr | undefined {
  let pos = 0;
  const skip = () => {
    while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t')) pos++;
  };
  // Iterative: count opening brackets, read the name, then close them.
  skip();
  let depth = 0;
  while (text[pos] === '[') {
    depth++;
    pos++;
    skip();
  }
  const m = /^[_A-Za-z][_0-9A-Za-z]*/.exec(text.slice(pos));
  if (!m) return undefined;
  pos += m[0].length;
  let t: TypeExpr = named(m[0]);
  skip();
  if (text[pos] === '!') {
    t = nonNull(t);
    pos++;
    skip();
  }
  for (; depth > 0; depth--) {
    if (text[pos] !== ']') return undefined;
    pos++;
    t = listOf(t);
    skip();
    if (text[pos] === '!') {
      t = nonNull(t);
      pos++;
      skip();
    }
  }
  return pos === text.length ? t : undefined;
}

/** Every `name` leaf of an expression (for declared scalars and kind checks). */
export function namesIn(t: TypeExpr): string[] {
  const b = baseOf(t);
  return b.kind === 'name' ? [b.name] : [];
}
