/**
 * The round trips of record 0028 over generated documents.
 *
 * (1) Generated SDL: every generated document is valid, converts to a JSON
 * Schema, and converts back to its canonical print. The generator covers every kind of definition, names the
 * forward sanitizer would change, wrappers at every depth, arguments with
 * defaults, literals of every kind (enum values, escapes, floats), attribute
 * directives that fit and that do not, repeatable directives, descriptions,
 * interfaces, unions and type extensions.
 *
 * (2) Generated JSON Schemas (the generator of properties.test.ts, plus
 * attribute and generic directives): whenever one converts to SDL, that SDL
 * converts to JSON and back to itself.
 *
 * The generators live in parity/generators.ts (shared with the parity runner).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter, canonicalSdl } from '../src/index';
import { roundTripDocuments as jsonDocuments, roundTripOptions as jsonOptions, sdlDocuments as documents } from '../../parity/generators';
import { graphqlJsProblems } from './support';

describe('round trip (1) over generated SDL', () => {
  it('SDL -> JSON -> SDL is the canonical SDL, without warnings', () => {
    const converter = new Converter();
    fc.assert(
      fc.property(documents, (sdl) => {
        const json = converter.convert(sdl, 'graphql-to-json');
        const back = converter.convertWithWarnings(json);
        expect(back.warnings).toEqual([]);
        expect(back.output).toBe(canonicalSdl(sdl));
      }),
      { numRuns: Number(process.env.SDL_RUNS ?? 300) },
    );
  });
});

// ---------------------------------------------------------------------------
// (2) JSON -> SDL -> JSON -> SDL

describe('round trip (2) over generated JSON Schemas', () => {
  it('JSON -> SDL -> JSON -> SDL gives the first SDL', () => {
    let converted = 0;
    fc.assert(
      fc.property(jsonDocuments, jsonOptions, (doc, opts) => {
        let first: string;
        try {
          first = new Converter(opts).convert(JSON.stringify(doc, null, 2));
        } catch (e) {
          expect(e).toBeInstanceOf(ConversionError);
          if (process.env.SDL_DEBUG) console.log((e as ConversionError).code, (e as ConversionError).message);
          return;
        }
        if (first === '') return;
        // Whatever the forward direction emits is valid SDL.
        expect(graphqlJsProblems(first, true)).toEqual([]);
        converted++;
        const print = { descriptionBlockThreshold: opts.descriptionBlockThreshold, federationLink: opts.federationLink };
        const json = new Converter().convert(first, 'graphql-to-json');
        const back = new Converter(print).convertWithWarnings(json);
        expect(back.warnings).toEqual([]);
        expect(back.output).toBe(first);
      }),
      { numRuns: Number(process.env.SDL_RUNS ?? 300), seed: Number(process.env.PROPERTY_SEED ?? 20261121) },
    );
    // The generator must reach conversions, not only errors.
    if (process.env.SDL_DEBUG) console.log(`converted ${converted}`);
    expect(converted).toBeGreaterThan(30);
  });
});
