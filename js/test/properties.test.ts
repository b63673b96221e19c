/**
 * Properties of the converter over generated schemas: it either returns SDL
 * that graphql-js accepts, or throws a ConversionError (never anything else),
 * and the same input always gives the same bytes. The generators live in
 * parity/generators.ts (shared with the parity runner).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter } from '../src/index';
import { simpleDocuments as documents, simpleOptions as options } from '../../parity/generators';
import { graphqlJsProblems } from './support';

describe('converter properties', () => {
  it('gives valid SDL or a ConversionError, deterministically', () => {
    fc.assert(
      fc.property(documents, options, (doc, opts) => {
        const text = JSON.stringify(doc, null, 2);
        let sdl: string;
        try {
          const result = new Converter(opts).convertWithWarnings(text);
          sdl = result.output;
          if (sdl === '') {
            expect(result.warnings.map((w) => w.code)).toContain('NO_TYPES');
            return;
          }
        } catch (e) {
          expect(e).toBeInstanceOf(ConversionError);
          return;
        }
        expect(graphqlJsProblems(sdl)).toEqual([]);
        expect(new Converter(opts).convert(text)).toBe(sdl);
        expect(sdl.endsWith('\n') && !sdl.endsWith('\n\n')).toBe(true);
        expect(/[ \t]$/m.test(sdl)).toBe(false);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 400), seed: Number(process.env.PROPERTY_SEED ?? 20261121) },
    );
  });
});
