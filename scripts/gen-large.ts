/**
 * gen-large: writes one large JSON Schema (default 100 MB, not committed) for the
 * large-input check of issue 9 (docs/limits.md): the benchmark corpus's
 * generator (scripts/gen-corpus.ts) with as many definitions as the size needs.
 *
 *   npx tsx scripts/gen-large.ts [--mb 100] [--out large/large.json]
 *
 * Deterministic (a fixed seed). The file is written in pieces, so this script
 * itself never holds the whole text in one string.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateSchema, Rng } from './gen-corpus';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const megabytes = Number(flag('--mb', '100'));
const out = path.resolve(flag('--out', path.join(__dirname, '..', 'large', 'large.json')));
// defs-20000 of the corpus is 31.7 MB: about 1,585 bytes a definition.
const n = Math.ceil((megabytes * 1e6) / 1585);
const schema = generateSchema({ n, rng: new Rng(0x1a26e), rootFields: 60 }) as Record<string, unknown>;

fs.mkdirSync(path.dirname(out), { recursive: true });
const fd = fs.openSync(out, 'w');
const { definitions, ...rest } = schema as { definitions: Record<string, unknown> };
const head = JSON.stringify(rest, null, 2);
fs.writeSync(fd, head.slice(0, head.lastIndexOf('}')).trimEnd() + ',\n  "definitions": {\n');
const keys = Object.keys(definitions);
keys.forEach((key, i) => {
  const body = JSON.stringify(definitions[key], null, 2).replace(/\n/g, '\n    ');
  fs.writeSync(fd, `    ${JSON.stringify(key)}: ${body}${i + 1 < keys.length ? ',' : ''}\n`);
});
fs.writeSync(fd, '  }\n}\n');
fs.closeSync(fd);
console.log(`gen-large: ${out}: ${n} definitions, ${(fs.statSync(out).size / 1e6).toFixed(1)} MB`);
