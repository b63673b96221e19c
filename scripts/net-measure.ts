/**
 * net-measure: how `validate json-schema` reports files with several problems
 * (record 0089). For every JSON input of fixtures/errors and fixtures/validate:
 * the error problems validate reports, and the code of the converter's own error
 * (the one that ends the net, or is renamed past). For the validate cases with an
 * `all-problems.json` (the hand-written list of a file's real problems, as
 * "CODE pointer" lines), whether one run reports exactly those.
 *
 *   npx tsx scripts/net-measure.ts
 */
import * as fs from 'fs';
import * as path from 'path';
import { jsonSchemaToSdl } from '../js/src/convert';
import { ConversionError } from '../js/src/errors';
import { resolveOptions } from '../js/src/options';
import { validateJsonSchema } from '../js/src/validate-json';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
const ending = new Map<string, number>();
let files = 0;
let several = 0;
let listed = 0;
let complete = 0;
for (const set of ['errors', 'validate']) {
  for (const c of fs.readdirSync(path.join(FIXTURES, set)).sort()) {
    const dir = path.join(FIXTURES, set, c);
    const input = path.join(dir, 'input.json');
    if (!fs.existsSync(input)) continue;
    const text = fs.readFileSync(input, 'utf8');
    files++;
    const report = validateJsonSchema(text, { fileName: 'input.json', baseDir: dir });
    const errors = report.problems.filter((p) => p.severity === 'error');
    if (errors.length > 1) several++;
    try {
      jsonSchemaToSdl(text, resolveOptions({ fileName: 'input.json', baseDir: dir }), true);
    } catch (e) {
      if (e instanceof ConversionError) ending.set(e.code, (ending.get(e.code) ?? 0) + 1);
    }
    const listFile = path.join(dir, 'all-problems.txt');
    if (fs.existsSync(listFile)) {
      listed++;
      const want = fs.readFileSync(listFile, 'utf8').split('\n').filter((l) => l.trim() !== '').sort();
      const got = errors.map((p) => `${p.code} ${p.pointer ?? ''}`).sort();
      const same = JSON.stringify(want) === JSON.stringify(got);
      if (same) complete++;
      else console.log(`${set}/${c}: missing [${want.filter((w) => !got.includes(w)).join('; ')}] extra [${got.filter((g) => !want.includes(g)).join('; ')}]`);
    }
  }
}
console.log(`${files} JSON inputs, ${several} with more than one error reported`);
console.log(`converter errors (first error of a plain conversion): ${[...ending].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
console.log(`multi-problem cases with a hand-written list: ${complete}/${listed} give every problem in one run`);
