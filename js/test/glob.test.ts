/** The -r --include/--exclude glob dialect over the cases shared with the Rust CLI (record 0088). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGlob, entered, GlobError, globMatches, selected } from '../src/glob';

const CASES = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'glob', 'cases.json'), 'utf8')) as {
  matches: Array<[string, string, boolean]>;
  errors: Array<[string, string]>;
  selections: Array<{ include: string[]; exclude: string[]; paths: string[]; taken: string[] }>;
  folders: Array<{ include: string[]; exclude: string[]; path: string; skipped: boolean; entered: boolean }>;
};

describe('glob (fixtures/glob/cases.json)', () => {
  it('matches', () => {
    const wrong = CASES.matches.filter(([g, p, want]) => globMatches(compileGlob(g), p) !== want);
    expect(wrong).toEqual([]);
  });
  it('errors', () => {
    for (const [g, reason] of CASES.errors) {
      let message = '';
      try {
        compileGlob(g);
      } catch (e) {
        expect(e).toBeInstanceOf(GlobError);
        message = (e as Error).message;
      }
      expect(message, g).toBe(reason);
    }
  });
  it('selections', () => {
    for (const s of CASES.selections) {
      const sel = { include: s.include.map(compileGlob), exclude: s.exclude.map(compileGlob) };
      expect(s.paths.filter((p) => selected(sel, p))).toEqual(s.taken);
    }
  });
  it('folders', () => {
    for (const f of CASES.folders) {
      const sel = { include: f.include.map(compileGlob), exclude: f.exclude.map(compileGlob) };
      expect(entered(sel, f.path, f.skipped), JSON.stringify(f)).toBe(f.entered);
    }
  });
});
