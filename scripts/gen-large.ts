/**
 * gen-large: writes one large JSON Schema (default 100 MB, not committed) for the
 * large-input check of issue 9 (docs/limits.md): the benchmark corpus's
 * generator (scripts/gen-corpus.ts) with as many definitions as the size needs.
 *
 *   npx tsx scripts/gen-large.ts [--mb 100] [--out large/large.json]
 *   npx tsx scripts/gen-large.ts --properties 1000000 [--out large/props.json]
 *   npx tsx scripts/gen-large.ts --tree 100000 [--out large/tree]
 *
 * `--properties N`: one object type with N string properties (the 10^6-properties
 * row of docs/limits.md). `--tree N`: N small schemas (each an object with three
 * properties) in folders of 1,000 files, for `convert -r` (the 100,000-files row).
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

const properties = Number(flag('--properties', '0'));
const treeFiles = Number(flag('--tree', '0'));
if (properties > 0) {
  const out = path.resolve(flag('--out', path.join(__dirname, '..', 'large', 'props.json')));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const fd = fs.openSync(out, 'w');
  fs.writeSync(fd, '{\n  "title": "Wide",\n  "type": "object",\n  "properties": {\n');
  // Written in chunks of 10,000 lines: one string per line would be slow, one string in all large.
  for (let i = 0; i < properties; i += 10000) {
    const lines: string[] = [];
    for (let j = i; j < Math.min(properties, i + 10000); j++) {
      lines.push(`    "p${j}": { "type": "string" }${j + 1 < properties ? ',' : ''}\n`);
    }
    fs.writeSync(fd, lines.join(''));
  }
  fs.writeSync(fd, '  }\n}\n');
  fs.closeSync(fd);
  console.log(`gen-large: ${out}: ${properties} properties, ${(fs.statSync(out).size / 1e6).toFixed(1)} MB`);
  process.exit(0);
}
if (treeFiles > 0) {
  const out = path.resolve(flag('--out', path.join(__dirname, '..', 'large', 'tree')));
  for (let i = 0; i < treeFiles; i++) {
    const dir = path.join(out, `d${String(Math.floor(i / 1000)).padStart(3, '0')}`);
    if (i % 1000 === 0) fs.mkdirSync(dir, { recursive: true });
    const schema = {
      title: `T${i}`,
      type: 'object',
      properties: { id: { type: 'string' }, n: { type: 'integer' }, ok: { type: 'boolean' } },
      required: ['id'],
    };
    fs.writeFileSync(path.join(dir, `s${String(i % 1000).padStart(3, '0')}.json`), JSON.stringify(schema, null, 2) + '\n');
  }
  console.log(`gen-large: ${out}: ${treeFiles} files`);
  process.exit(0);
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
