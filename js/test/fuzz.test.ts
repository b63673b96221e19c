/**
 * A fixed-seed slice of the fuzz property (scripts/fuzz-inputs.ts; the full run
 * is `npm run fuzz -- --runs 100000`): any text, either direction, any options:
 * a string or a ConversionError, never anything else, in bounded time.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { fuzzProperty } from '../../scripts/fuzz-inputs';

describe('fuzz (fixed seed)', () => {
  it('returns a string or throws ConversionError', () => {
    fc.assert(fuzzProperty, { numRuns: 600, seed: 20261122 });
  }, 120000);
});
