/**
 * ts-floors: what the least a TypeScript converter could do costs, next to
 * `JSON.parse` and to our converter, on one JSON Schema of the corpus
 * (docs/benchmarks.md, "The floors of the TypeScript JSON -> SDL target").
 *
 *   npm run build && npx tsx scripts/ts-floors.ts [FILE] [--rounds N]
 *
 * FILE defaults to bench-corpus/json/defs-5000.json (the size the guards are stated at).
 * Each row parses the text with `JSON.parse` and then does the work it names, so its
 * ratio to `JSON.parse` alone reads as the guard does (a conversion, parse included,
 * against the parse; the retired target asked for 2x). The three toys do strictly less than a conversion: they read
 * only `definitions`, print every property of every definition as one field line, and
 * check, name, resolve and validate nothing.
 *
 * - walk and print: the text built while walking, with no object per field (the floor
 *   of any converter);
 * - one object per field, printed per definition: the least intermediate form (IR), each
 *   definition's printed as soon as it is built, so its objects die young;
 * - one object per field, all printed at the end: the same IR kept for every definition
 *   until the end, as a converter that checks the whole schema before printing keeps it.
 *
 * The rows take turns in one process: each round runs a block of four of each row, the
 * order of the rows reversed every other round, and the first run of a block is not
 * counted (it pays for the previous row's garbage). Medians.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { median } from './bench-timing';

type Library = typeof import('../js/src/index');
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const ROOT = path.resolve(__dirname, '..');
/** Runs of a row per round, the first not counted. */
const BLOCK = 4;

interface ToyField {
  name: string;
  type: string;
  nonNull: boolean;
  description: Json | undefined;
}

interface ToyType {
  name: string;
  fields: ToyField[];
}

function isObj(v: Json | undefined): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A property's type, from `$ref`, `type` and `items` only. */
function typeName(p: Json): string {
  if (!isObj(p)) return 'JSON';
  const ref = p.$ref;
  if (typeof ref === 'string') return ref.slice(ref.lastIndexOf('/') + 1);
  switch (p.type) {
    case 'string':
      return 'String';
    case 'integer':
      return 'Int';
    case 'number':
      return 'Float';
    case 'boolean':
      return 'Boolean';
    case 'array':
      return '[' + typeName(p.items ?? null) + ']';
    default:
      return 'JSON';
  }
}

function definitions(tree: Json): Obj {
  const defs = isObj(tree) ? tree.definitions : undefined;
  return isObj(defs) ? defs : {};
}

function required(def: Obj): Json[] {
  return Array.isArray(def.required) ? def.required : [];
}

function walkAndPrint(tree: Json): string {
  let out = '';
  const defs = definitions(tree);
  for (const name in defs) {
    const def = defs[name];
    if (!isObj(def) || !isObj(def.properties)) continue;
    const req = required(def);
    out += 'type ' + name + ' {\n';
    for (const key in def.properties) {
      out += '  ' + key + ': ' + typeName(def.properties[key]) + (req.includes(key) ? '!' : '') + '\n';
    }
    out += '}\n\n';
  }
  return out;
}

function toyType(name: string, def: Obj, props: Obj): ToyType {
  const req = required(def);
  const fields: ToyField[] = [];
  for (const key in props) {
    const p = props[key];
    fields.push({ name: key, type: typeName(p), nonNull: req.includes(key), description: isObj(p) ? p.description : undefined });
  }
  return { name, fields };
}

function printToy(t: ToyType): string {
  let s = 'type ' + t.name + ' {\n';
  for (const f of t.fields) {
    if (typeof f.description === 'string') s += '  "' + f.description + '"\n';
    s += '  ' + f.name + ': ' + f.type + (f.nonNull ? '!' : '') + '\n';
  }
  return s + '}\n';
}

function irPrintedPerDefinition(tree: Json): string {
  const blocks: string[] = [];
  const defs = definitions(tree);
  for (const name in defs) {
    const def = defs[name];
    if (isObj(def) && isObj(def.properties)) blocks.push(printToy(toyType(name, def, def.properties)));
  }
  return blocks.join('\n');
}

function irPrintedAtTheEnd(tree: Json): string {
  const types: ToyType[] = [];
  const defs = definitions(tree);
  for (const name in defs) {
    const def = defs[name];
    if (isObj(def) && isObj(def.properties)) types.push(toyType(name, def, def.properties));
  }
  return types.map(printToy).join('\n');
}

function main(): void {
  const argv = process.argv.slice(2);
  const roundsAt = argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Math.max(1, Number(argv[roundsAt + 1])) : 5;
  const rest = roundsAt < 0 ? argv : argv.filter((_, i) => i !== roundsAt && i !== roundsAt + 1);
  const file = rest[0] ?? path.join(ROOT, 'bench-corpus', 'json', 'defs-5000.json');
  const text = fs.readFileSync(file, 'utf8');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lib = require(path.join(ROOT, 'js', 'dist', 'index.js')) as Library;
  const converter = new lib.Converter();
  const rows: Array<[string, () => string]> = [
    ['JSON.parse', () => (JSON.parse(text) === null ? '' : '')],
    ['walk and print', () => walkAndPrint(JSON.parse(text) as Json)],
    ['one object per field, printed per definition', () => irPrintedPerDefinition(JSON.parse(text) as Json)],
    ['one object per field, all printed at the end', () => irPrintedAtTheEnd(JSON.parse(text) as Json)],
    ['x-graphql (Converter.convert)', () => converter.convert(text, 'json-to-graphql')],
  ];
  const times: number[][] = rows.map(() => []);
  const sizes: number[] = rows.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    const order = rows.map((_, i) => i);
    if (r % 2 === 1) order.reverse();
    for (const i of order) {
      for (let k = 0; k < BLOCK; k++) {
        const t = performance.now();
        const out = rows[i][1]();
        const dt = performance.now() - t;
        if (k > 0) times[i].push(dt);
        sizes[i] = out.length;
      }
    }
  }
  const parse = median(times[0]);
  console.log(`${path.basename(file)}: medians of ${rounds} rounds of ${BLOCK - 1} counted runs`);
  console.log('| work (after JSON.parse of the text) | ms | x JSON.parse | output characters |');
  console.log('|---|---:|---:|---:|');
  rows.forEach(([label], i) => {
    const ms = median(times[i]);
    console.log(`| ${label} | ${ms.toFixed(1)} | ${(ms / parse).toFixed(2)}x | ${i === 0 ? '' : sizes[i].toLocaleString('en-US')} |`);
  });
}

main();
