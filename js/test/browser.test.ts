/**
 * The library core runs in a browser: js/dist/browser.mjs (scripts/browser-bundle.ts,
 * esbuild for `platform: 'browser'`) is loaded by a page in headless Chromium, which
 * converts a JSON Schema to SDL, the SDL back to JSON Schema and that to SDL again,
 * resolves a file `$ref` through `resolveRef`, and writes the results into the page;
 * the test reads them from the dumped DOM and compares them with Node's output.
 * Skipped (with its reason) only where no `chromium` is installed.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isBuiltin } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../scripts/browser-bundle';
import { Converter } from '../src/index';

const CHROMIUM = ['chromium', 'chromium-browser', 'google-chrome'].find(
  (c) => spawnSync('sh', ['-c', `command -v ${c}`], { encoding: 'utf8' }).status === 0,
);

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'User',
  type: 'object',
  description: 'A person with an account.',
  required: ['id', 'name'],
  properties: {
    id: { type: 'string', 'x-graphql-field-type': 'ID' },
    name: { type: 'string' },
    age: { type: 'integer' },
    role: { type: 'string', enum: ['ADMIN', 'MEMBER'] },
    address: { $ref: 'common/address.json#/definitions/Address' },
  },
};
const ADDRESS = { definitions: { Address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } } };
const NO_REFS = { ...SCHEMA, properties: { ...SCHEMA.properties, address: undefined } };
delete (NO_REFS.properties as Record<string, unknown>).address;

/** The page's script: each result (or `ERROR <code>: <message>`) into a <pre> of its own. */
const PAGE_SCRIPT = `
const SCHEMA = ${JSON.stringify(SCHEMA)};
const NO_REFS = ${JSON.stringify(NO_REFS)};
const ADDRESS = ${JSON.stringify(ADDRESS)};
const show = (id, f) => {
  const pre = document.createElement('pre');
  pre.id = id;
  try { pre.textContent = f(); } catch (e) { pre.textContent = 'ERROR ' + e.code + ': ' + e.message; }
  document.body.appendChild(pre);
};
const { Converter } = XGraphql;
const seen = [];
const reader = (uri, fromUri) => { seen.push(uri + ' from ' + fromUri); return ADDRESS; };
show('sdl', () => new Converter().convert(JSON.stringify(NO_REFS)));
show('json', () => new Converter().convert(document.getElementById('sdl').textContent, 'graphql-to-json'));
show('sdl2', () => new Converter().convert(document.getElementById('json').textContent));
show('with-ref', () => new Converter({ resolveRef: reader }).convert(JSON.stringify(SCHEMA)));
show('seen', () => seen.join('\\n'));
show('no-reader', () => new Converter().convert(JSON.stringify(SCHEMA)));
show('no-reader-base', () => new Converter({ baseDir: '/schemas' }).convert(JSON.stringify(SCHEMA)));
show('validated', () => new Converter({ validate: true }).convert(JSON.stringify(NO_REFS)));
show('done', () => 'yes');
`;

let tmp: string;
let inputs: string[] = [];
let dom = '';

function pre(id: string): string {
  const m = new RegExp(`<pre id="${id}">([\\s\\S]*?)</pre>`).exec(dom);
  if (!m) throw new Error(`no <pre id="${id}"> in the page:\n${dom.slice(0, 2000)}`);
  return m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&nbsp;/g, '\u00a0').replace(/&amp;/g, '&');
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-browser-'));
  const bundle = path.join(tmp, 'x-graphql.mjs');
  inputs = Object.keys((await bundleForBrowser(bundle)).inputs);
  if (CHROMIUM === undefined) return;
  // The bundle is inlined: Chromium refuses module imports from file:// pages.
  const code = fs.readFileSync(bundle, 'utf8').replace(/^export \{[\s\S]*?\};\s*$/m, (exports) => {
    const names = exports.replace(/^export \{|\};\s*$/g, '').split(',').map((s) => s.trim()).filter(Boolean);
    return `const XGraphql = { ${names.map((n) => { const [local, as = local] = n.split(/\s+as\s+/); return `${as}: ${local}`; }).join(', ')} };`;
  });
  expect(code).not.toContain('</script');
  const page = path.join(tmp, 'page.html');
  fs.writeFileSync(page, `<!doctype html><html><head><meta charset="utf-8"></head><body><script>addEventListener('error', (e) => { const p = document.createElement('pre'); p.id = 'page-error'; p.textContent = String(e.message); document.body.appendChild(p); });</script><script type="module">\n${code}\n{${PAGE_SCRIPT}}</script></body></html>\n`);
  const r = spawnSync(
    CHROMIUM,
    ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--user-data-dir=${path.join(tmp, 'profile')}`, '--virtual-time-budget=20000', '--dump-dom', `file://${page}`],
    { encoding: 'utf8', timeout: 120000, maxBuffer: 64 * 1024 * 1024 },
  );
  dom = String(r.stdout ?? '');
  if (!dom.includes('<pre id="done">')) {
    const error = /<pre id="page-error">([\s\S]*?)<\/pre>/.exec(dom)?.[1];
    throw new Error(error !== undefined ? `the page failed: ${error}` : `chromium gave no page (status ${r.status}):\n${String(r.stderr).slice(-2000)}`);
  }
}, 180000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('browser bundle', () => {
  it('reaches no Node built-in (esbuild inputs for platform browser)', () => {
    expect(inputs.length).toBeGreaterThan(50);
    expect(inputs.filter((i) => i.startsWith('node:') || isBuiltin(i))).toEqual([]);
    // Both replaced modules: the schema texts are embedded, file refs ask for resolveRef.
    expect(inputs).toContain('embedded:shipped');
    expect(inputs.some((i) => i.endsWith('js/src/browser-file-refs.ts'))).toBe(true);
    expect(inputs.some((i) => /js\/src\/(shipped|file-refs)\.ts$/.test(i))).toBe(false);
  });
});

describe.skipIf(CHROMIUM === undefined)('in headless Chromium', () => {
  it('converts JSON Schema to SDL, as Node does', () => {
    const sdl = pre('sdl');
    expect(sdl).toBe(new Converter().convert(JSON.stringify(NO_REFS)));
    expect(sdl).toContain('"A person with an account."\ntype User {\n  id: ID!\n  name: String!\n  age: Int\n  role: UserRole\n}');
    expect(sdl).toContain('enum UserRole {\n  ADMIN\n  MEMBER\n}');
  });

  it('reads the SDL back to JSON Schema, and that converts to the same SDL', () => {
    const json = pre('json');
    expect(json).toBe(new Converter().convert(pre('sdl'), 'graphql-to-json'));
    expect(JSON.parse(json)).toBeTypeOf('object');
    expect(pre('sdl2')).toBe(pre('sdl'));
  });

  it('resolves a file $ref through resolveRef, and asks for it without one', () => {
    const expected = new Converter({ resolveRef: () => ADDRESS }).convert(JSON.stringify(SCHEMA));
    expect(pre('with-ref')).toBe(expected);
    expect(pre('with-ref')).toContain('type Address {\n  city: String!\n}');
    expect(pre('seen')).toBe('common/address.json from undefined');
    expect(pre('no-reader')).toMatch(/^ERROR REF_UNRESOLVED: file reference common\/address\.json#\/definitions\/Address needs a base folder \(the baseDir option\)/);
    expect(pre('no-reader-base')).toMatch(/^ERROR REF_UNRESOLVED: file reference common\/address\.json#\/definitions\/Address needs a resolveRef option in a browser/);
  });

  it('validates against the meta-schema and the catalog (the embedded schema texts)', () => {
    expect(pre('validated')).toBe(pre('sdl'));
  });
});

if (CHROMIUM === undefined) {
  it.skip('in headless Chromium: skipped, no chromium on PATH (Debian: apt-get install chromium)', () => {});
}
