/** docs/errors.md and the code table in errors.ts must list the same codes. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../src/errors';
import { ROOT } from './support';

describe('error catalogue', () => {
  it('documents every code, and only those', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'errors.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.values(ErrorCodes).sort());
  });
});
