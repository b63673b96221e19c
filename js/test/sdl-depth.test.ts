/**
 * `bracketDepthBound` (sdl-read.ts) lets `readSdl` skip lexing a document whose
 * brackets provably nest within MAX_SDL_DEPTH. It is only sound if it never
 * reports less than the depth graphql-js's lexer counts before its first error;
 * the property below checks that on random text made of the characters that
 * decide it (brackets, quotes, backslashes, `#`, line breaks).
 */
import * as fs from 'fs';
import fc from 'fast-check';
import { Lexer, Source, TokenKind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fixtureSdlFiles } from './support';
import { ConversionError, Converter } from '../src/index';
import { bracketDepthBound, MAX_SDL_DEPTH } from '../src/sdl-read';

/** The deepest bracket nesting over graphql-js's tokens up to its first lexical error (as `tooDeep` counts). */
function lexerDepth(text: string): number {
  const lexer = new Lexer(new Source(text));
  let depth = 0;
  let max = 0;
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF; t = lexer.advance()) {
      if (t.kind === TokenKind.PAREN_L || t.kind === TokenKind.BRACKET_L || t.kind === TokenKind.BRACE_L) max = Math.max(max, ++depth);
      else if (t.kind === TokenKind.PAREN_R || t.kind === TokenKind.BRACKET_R || t.kind === TokenKind.BRACE_R) depth = Math.max(0, depth - 1);
    }
  } catch {
    // counted up to the error, as tooDeep does
  }
  return max;
}

describe('bracketDepthBound', () => {
  it('counts nesting outside strings, block strings and comments', () => {
    expect(bracketDepthBound('type Q { a(x: [Int]): [[Int]] }')).toBe(3);
    expect(bracketDepthBound('"((((" type Q { a: Int }')).toBe(1);
    expect(bracketDepthBound('"""[[[ \\""" {{{ """ type Q { a: Int }')).toBe(1);
    expect(bracketDepthBound('# ((((\ntype Q { a: "\\"{{" }')).toBe(1);
    expect(bracketDepthBound(') ] } {')).toBe(1);
  });

  it('leaves to the lexer what only the lexer can tell', () => {
    expect(bracketDepthBound('type Q { a: "open\n" }')).toBeUndefined();
    expect(bracketDepthBound('"never closed')).toBeUndefined();
    expect(bracketDepthBound('""" never closed \\"""')).toBeUndefined();
  });

  it('is never below the depth the lexer counts', () => {
    const piece = fc.constantFrom('(', '[', '{', ')', ']', '}', '"', '"""', '\\', '\\"""', '#', '\n', '\r', ' ', 'x', '1', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        const bound = bracketDepthBound(text);
        if (bound !== undefined) expect(bound).toBeGreaterThanOrEqual(lexerDepth(text));
      }),
      { numRuns: 5000, seed: 20261124 },
    );
  });

  it('bounds the lexer depth of every SDL file of the fixtures', () => {
    const files = fixtureSdlFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const f of files) {
      const text = fs.readFileSync(f, 'utf8');
      const bound = bracketDepthBound(text);
      if (bound !== undefined) expect(bound, f).toBeGreaterThanOrEqual(lexerDepth(text));
    }
  });

  it('still refuses nesting past the limit, at the bracket that opens it, inside and after strings', () => {
    const deep = (prefix: string) => `${prefix}type Query { a(x: ${'['.repeat(MAX_SDL_DEPTH)}Int${']'.repeat(MAX_SDL_DEPTH)}): Int }`;
    for (const prefix of ['', '"(((" ', '"""{{{""" ', '# [[[\n']) {
      const text = deep(prefix);
      let error: unknown;
      try {
        new Converter().convert(text, 'graphql-to-json');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConversionError);
      expect((error as ConversionError).message).toBe(`the document nests deeper than ${MAX_SDL_DEPTH} levels`);
      // level 1 is `{`, 2 is `(`, so level 1,001 is the 999th `[` of the type
      const offset = text.indexOf('[', prefix.length) + 998;
      const lineStart = text.lastIndexOf('\n', offset) + 1;
      expect((error as ConversionError).line).toBe(text.slice(0, lineStart).split('\n').length);
      expect((error as ConversionError).column).toBe(offset - lineStart + 1);
    }
  });
});
