/**
 * CLI parity: the npm CLI (js/dist/cli.js) and the Rust CLI (target/debug/x-graphql,
 * built with `--features cli`) are run over the same scenarios, from the same working
 * folder with the same relative paths, and must give the same exit code, the same
 * stdout bytes and the same stderr bytes (and write the same files).
 *
 * Scenarios that write files run the npm CLI, record what it wrote, rebuild the
 * scenario folder at the same path and run the Rust CLI there, so paths in
 * diagnostics are identical. Mismatches are also written to parity/failures/cli/ (only that
 * folder is cleared, so the cases of a real `npm run parity` run stay).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClis, JS_CLI, ROOT, type Run, runOne, type RunOptions } from './cli-run';

const FIXTURES = path.join(ROOT, 'fixtures', 'json-to-graphql');
// Its own folder: a real `npm run parity` run's cases in parity/failures/ are kept.
const FAILURES = path.join(__dirname, 'failures', 'cli');
let RUST_CLI = '';
let tmp = '';

const runJs = (args: string[], opts: RunOptions = {}) => runOne(process.execPath, [JS_CLI, ...args], opts);
const runRust = (args: string[], opts: RunOptions = {}) => runOne(RUST_CLI, args, opts);

function recordFailure(name: string, detail: unknown): void {
  fs.mkdirSync(FAILURES, { recursive: true });
  const file = path.join(FAILURES, `cli-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  fs.writeFileSync(file, JSON.stringify(detail, null, 2) + '\n');
}

/** Runs both CLIs once and expects the same outcome. */
async function same(name: string, args: string[], opts: RunOptions = {}): Promise<Run> {
  // Nothing is written here, so the two may run at the same time.
  const [js, rust] = await Promise.all([runJs(args, opts), runRust(args, opts)]);
  if (JSON.stringify(js) !== JSON.stringify(rust)) recordFailure(name, { args, cwd: opts.cwd, js, rust });
  expect(rust, `${name}: rust vs npm CLI`).toEqual(js);
  return js;
}

/** Every file under `dir` (relative path -> content); links shown as `-> target`. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string) => {
    const abs = rel === '' ? dir : path.join(dir, rel);
    for (const e of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isSymbolicLink()) out[r] = `-> ${fs.readlinkSync(path.join(dir, r))}`;
      else if (e.isDirectory()) {
        out[`${r}/`] = '';
        visit(r);
      } else if (e.isFile()) out[r] = fs.readFileSync(path.join(dir, r), 'latin1');
      else out[r] = '(not a regular file)'; // a FIFO: opening it would block
    }
  };
  if (fs.existsSync(dir)) visit('');
  return out;
}

let scenarioCount = 0;
/**
 * A scenario that touches files: `setup(dir)` builds it in a fresh folder, both CLIs
 * run in that folder (rebuilt between the runs) and must print and write the same.
 */
async function sameInFolder(
  name: string,
  setup: (dir: string) => void,
  argsOrFn: string[] | ((dir: string) => string[]),
  opts: { input?: string; timeoutMs?: number } = {},
): Promise<{ js: Run; files: Record<string, string> }> {
  const dir = path.join(tmp, `scenario-${++scenarioCount}`);
  const args = typeof argsOrFn === 'function' ? argsOrFn(dir) : argsOrFn;
  const fresh = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    setup(dir);
  };
  fresh();
  const js = await runJs(args, { cwd: dir, input: opts.input, timeoutMs: opts.timeoutMs });
  const jsFiles = snapshot(dir);
  fresh();
  const rust = await runRust(args, { cwd: dir, input: opts.input, timeoutMs: opts.timeoutMs });
  const rustFiles = snapshot(dir);
  if (JSON.stringify([js, jsFiles]) !== JSON.stringify([rust, rustFiles])) {
    recordFailure(name, { args, js, rust, jsFiles, rustFiles });
  }
  expect(rust, `${name}: rust vs npm CLI output`).toEqual(js);
  expect(rustFiles, `${name}: files written`).toEqual(jsFiles);
  return { js, files: jsFiles };
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const SIMPLE = JSON.stringify({
  title: 'User',
  type: 'object',
  properties: { id: { type: 'string' }, age: { type: 'integer' } },
  required: ['id'],
});
/** Syntax error at line 3, column 11. */
const BROKEN = '{\n  "title": "T",\n  "type": ,\n}\n';
const INLINE = JSON.stringify({
  title: 'T',
  type: 'object',
  properties: { pos: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } } },
});
const FEDERATED = JSON.stringify({
  title: 'P',
  type: 'object',
  'x-graphql-federation-keys': ['id'],
  properties: { id: { type: 'string' } },
  required: ['id'],
});
const WARNINGS = fs.readFileSync(path.join(FIXTURES, '009-int-range-warning', 'input.json'), 'utf8');

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-cli-parity-'));
  fs.rmSync(FAILURES, { recursive: true, force: true });
}, 900000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------

/** CLI flags for a case's options.json (`fileName` is handled by the caller). */
function flagsOf(options: Record<string, unknown>): string[] {
  const flags: string[] = [];
  if (options.descriptionBlockThreshold !== undefined) {
    flags.push('--description-block-threshold', String(options.descriptionBlockThreshold));
  }
  if (options.emitEmptyTypes === true) flags.push('--emit-empty-types');
  if (options.inlineObjectThreshold !== undefined) {
    flags.push('--inline-object-threshold', String(options.inlineObjectThreshold));
  }
  if (options.refNaming !== undefined) flags.push('--ref-naming', String(options.refNaming));
  if (options.federationLink === false) flags.push('--no-federation-link');
  if (options.strict === true) flags.push('--strict');
  const scalars = options.formatScalars;
  if (scalars !== null && typeof scalars === 'object') {
    for (const [format, name] of Object.entries(scalars)) flags.push('--format-scalar', `${format}=${String(name)}`);
  }
  return flags;
}

function copyTree(from: string, to: string, rename: (rel: string) => string): void {
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, e.name);
    if (e.isDirectory()) copyTree(src, path.join(to, e.name), (r) => r);
    else {
      const dest = path.join(to, rename(e.name));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.copyFileSync(src, dest);
    }
  }
}

const CASES = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe('every json-to-graphql fixture', () => {
  it('has cases', () => {
    expect(CASES.length).toBeGreaterThan(100);
  });

  for (const name of CASES) {
    it.concurrent(name, async () => {
      const dir = path.join(FIXTURES, name);
      const optionsFile = path.join(dir, 'options.json');
      const options = fs.existsSync(optionsFile)
        ? (JSON.parse(fs.readFileSync(optionsFile, 'utf8')) as Record<string, unknown>)
        : {};
      const flags = flagsOf(options);
      if (typeof options.fileName === 'string') {
        // The input under its file name, next to the case's other files; run from there.
        const fileName = options.fileName;
        await sameInFolder(
          `fixture-${name}`,
          (d) => copyTree(dir, d, (rel) => (rel === 'input.json' ? fileName : rel === fileName ? 'input.json' : rel)),
          ['convert', '-i', fileName, ...flags],
        );
      } else {
        const input = path.relative(ROOT, path.join(dir, 'input.json'));
        await same(`fixture-${name}`, ['convert', '-i', input, ...flags]);
      }
    });
  }
});

describe('input and output', () => {
  it('stdin to stdout', async () => {
    const r = await same('stdin', ['convert'], { input: SIMPLE });
    expect(r.status).toBe(0);
    await same('stdin-dash', ['convert', '-i', '-'], { input: SIMPLE });
    await same('stdin-broken', ['convert'], { input: BROKEN });
    await same('stdin-warnings', ['convert'], { input: WARNINGS });
    await same('stdin-strict', ['convert', '--strict'], { input: WARNINGS });
    await same('stdin-empty', ['convert'], { input: '' });
    await same('stdin-bom-and-bad-utf8', ['convert'], {
      input: Buffer.concat([
        Buffer.from('\ufeff{"title":"T","type":"object","properties":{"a":{"type":"string","description":"', 'utf8'),
        Buffer.from([0xff, 0xc3, 0x28, 0xf0, 0x9f, 0x98]),
        Buffer.from('"}}}', 'utf8'),
      ]),
    });
    await same('stdin-validate', ['convert', '--validate'], {
      input: JSON.stringify({ title: 'T', type: 'object', properties: { a: { type: 'strin' } } }),
    });
    await same('stdin-inline', ['convert', '--inline-object-threshold', '0'], { input: INLINE });
  });

  it('-o to a file, and to a folder', async () => {
    const { js, files } = await sameInFolder(
      'output-file',
      (d) => write(path.join(d, 'user.json'), SIMPLE),
      ['convert', '-i', 'user.json', '-o', 'user.graphql'],
    );
    expect(js.status).toBe(0);
    expect(Object.keys(files)).toEqual(['user.graphql', 'user.json']);
    await sameInFolder(
      'output-folder',
      (d) => {
        write(path.join(d, 'in', 'user.schema.json'), SIMPLE);
        fs.mkdirSync(path.join(d, 'out'));
      },
      ['convert', '-i', 'in/user.schema.json', '-o', 'out'],
    );
    await sameInFolder('output-folder-stdin', (d) => fs.mkdirSync(path.join(d, 'out')), ['convert', '-o', 'out'], {
      input: SIMPLE,
    });
    await sameInFolder(
      'output-failed-keeps-old',
      (d) => write(path.join(d, 'out.graphql'), 'OLD CONTENT\n'),
      ['convert', '-o', 'out.graphql'],
      { input: BROKEN },
    );
    await sameInFolder('output-missing-folder', () => undefined, ['convert', '-o', 'missing/out.graphql'], {
      input: SIMPLE,
    });
  });

  it('refs from the input folder, named relative to it in diagnostics', async () => {
    await sameInFolder(
      'refs',
      (d) => {
        write(path.join(d, 'types.json'), '{\n  "definitions": {\n    "N": { "type": "integer", "maximum": 1e12 }\n  }\n}\n');
        write(
          path.join(d, 'main.json'),
          JSON.stringify({ title: 'M', type: 'object', properties: { n: { $ref: 'types.json#/definitions/N' } } }),
        );
        write(path.join(d, 'sub', 'x.json'), JSON.stringify({ type: 'object', properties: { up: { $ref: '../main.json' } } }));
      },
      ['convert', '-i', 'main.json'],
    );
    await sameInFolder(
      'ref-outside',
      (d) => {
        write(path.join(d, 'main.json'), JSON.stringify({ title: 'M', type: 'object', properties: { up: { $ref: '../outside.json' } } }));
      },
      ['convert', '-i', './main.json'],
    );
  });

  it('the README example command', async () => {
    const r = await same('readme-example', ['convert', '-i', 'examples/user.schema.json']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(fs.readFileSync(path.join(FIXTURES, '161-example-user', 'expected.graphql'), 'latin1'));
    await same('example-federation', ['convert', '-i', 'examples/federation/products.schema.json']);
    await same('example-orders', ['convert', '-i', 'examples/orders/order.schema.json']);
  });
});

describe('-r over a folder tree', () => {
  const tree = (d: string) => {
    const inRoot = path.join(d, 'in');
    write(path.join(inRoot, 'a.json'), SIMPLE);
    write(path.join(inRoot, 'notes.txt'), 'not a schema');
    write(path.join(inRoot, 'sub', 'bad.json'), BROKEN);
    write(path.join(inRoot, 'sub', 'b.json'), JSON.stringify({ title: 'B', type: 'object', properties: { t: { $ref: 'types.json#/definitions/Tag' } } }));
    write(path.join(inRoot, 'sub', 'types.json'), JSON.stringify({ title: 'Types', definitions: { Tag: { type: 'object', properties: { label: { type: 'string' } } } } }));
    write(path.join(inRoot, 'types.json'), JSON.stringify({ title: 'Decoy', definitions: { Tag: { type: 'object', properties: { wrong: { type: 'string' } } } } }));
    write(path.join(inRoot, 'sub', 'deeper', 'c.json'), WARNINGS);
    // A sibling-folder ref inside the tree, and one that leaves it.
    write(path.join(inRoot, 'common', 'address.json'), JSON.stringify({ title: 'Address', type: 'object', properties: { city: { type: 'string' } } }));
    write(path.join(inRoot, 'orders', 'order.json'), JSON.stringify({ title: 'Order', type: 'object', properties: { ship: { $ref: '../common/address.json' } } }));
    write(path.join(inRoot, 'orders', 'escape.json'), JSON.stringify({ title: 'Escape', type: 'object', properties: { x: { $ref: '../../outside.json' } } }));
    write(path.join(d, 'outside.json'), JSON.stringify({ title: 'Secret', type: 'object', properties: { s: { type: 'string' } } }));
    // Sorting by code unit, not by locale.
    write(path.join(inRoot, 'B.json'), SIMPLE);
    write(path.join(inRoot, 'é.json'), SIMPLE);
    // A symlinked folder is not followed; a symlinked file is converted.
    write(path.join(d, 'elsewhere', 'x.json'), SIMPLE);
    fs.symlinkSync('../elsewhere', path.join(inRoot, 'link'), 'dir');
    fs.symlinkSync('a.json', path.join(inRoot, 'z-link.json'));
    fs.symlinkSync('missing.json', path.join(inRoot, 'zz-dangling.json'));
  };

  it('a tree with failing files, warnings, refs and links', async () => {
    const { js, files } = await sameInFolder('tree', tree, ['convert', '-r', '-i', 'in', '-o', 'out']);
    expect(js.status).toBe(1);
    expect(js.stderr).toMatch(/error\[REF_OUTSIDE\]/);
    expect(js.stderr).toMatch(/error\[JSON_SYNTAX\]/);
    expect(js.stderr).toMatch(/error\[IO\] cannot read input/);
    expect(js.stderr).toMatch(/converted \d+ files, 3 failed\n$/);
    expect(files['out/orders/order.graphql']).toContain('ship: Address');
    await sameInFolder('tree-absolute', tree, (d) => ['convert', '-r', '-i', `${d}/in/`, '-o', 'out/./x']);
    await sameInFolder('tree-strict', tree, ['convert', '-r', '--strict', '-i', './in', '-o', 'out']);
  });

  // Record 0070: names are bytes end to end; only regular files inside the tree are read.
  const bytesTree = (d: string) => {
    const inRoot = Buffer.from(path.join(d, 'in'));
    const at = (...parts: (string | Buffer)[]) => Buffer.concat([inRoot, ...parts.map((p) => Buffer.concat([Buffer.from('/'), Buffer.from(p)]))]);
    fs.mkdirSync(at('sub'), { recursive: true });
    const raw = Buffer.from([0x7a, 0xff, 0xfe, 0x2e, 0x6a, 0x73, 0x6f, 0x6e]); // z\xff\xfe.json
    fs.writeFileSync(at(raw), JSON.stringify({ title: 'Raw', type: 'object', properties: { r: { type: 'string' } } }));
    fs.writeFileSync(at('z\u{FFFD}\u{FFFD}.json'), JSON.stringify({ title: 'Replaced', type: 'object', properties: { p: { type: 'string' } } }));
    fs.mkdirSync(at(Buffer.from([0x64, 0xe9])), { recursive: true }); // d\xe9 (latin1 é)
    fs.writeFileSync(Buffer.concat([at(Buffer.from([0x64, 0xe9])), Buffer.from('/b.json')]), BROKEN);
  };

  it('file names that are not UTF-8 are read and written as their bytes (record 0070)', async () => {
    const dir = path.join(tmp, 'bytes-names');
    const outputs = async (run: typeof runJs) => {
      fs.rmSync(dir, { recursive: true, force: true });
      bytesTree(dir);
      const r = await run(['convert', '-r', '-i', 'in', '-o', 'out'], { cwd: dir, timeoutMs: 20000 });
      const names = fs.readdirSync(path.join(dir, 'out'), { encoding: 'buffer' }).map((n) => n.toString('hex')).sort();
      const read = (name: Buffer) => fs.readFileSync(Buffer.concat([Buffer.from(path.join(dir, 'out') + '/'), name]), 'utf8');
      return { r, names, raw: read(Buffer.from('7afffe2e6772617068716c', 'hex')), replaced: read(Buffer.from('z\u{FFFD}\u{FFFD}.graphql')) };
    };
    const js = await outputs(runJs);
    const rust = await outputs(runRust);
    expect(rust).toEqual(js);
    expect(js.r.status).toBe(1);
    expect(js.raw).toBe('type Raw {\n  r: String\n}\n');
    expect(js.replaced).toBe('type Replaced {\n  p: String\n}\n');
    expect(js.names).toHaveLength(2); // the two outputs; d\xe9/b.json failed, so nothing of it
    expect(js.r.stderr).not.toMatch(/already written|ENOENT/);
    // Printed lossily (latin1 here shows the UTF-8 bytes of U+FFFD).
    expect(js.r.stderr).toContain(`in/d${Buffer.from('\u{FFFD}').toString('latin1')}/b.json:3:11: error[JSON_SYNTAX]`);
    expect(js.r.stderr).toMatch(/converted 2 files, 1 failed\n$/);
  });

  // Record 0070 beyond `convert -r`: validate -r, migrate -r / -w and path arguments.
  // Each command gets z\xff\xfe.json next to z\uFFFD\uFFFD.json (its lossy form), with
  // other contents, and must open the one it was given, by its bytes.
  it('validate, migrate and path arguments open names that are not UTF-8 by their bytes (record 0070)', async () => {
    const dir = path.join(tmp, 'bytes-commands');
    const raw = Buffer.from([0x7a, 0xff, 0xfe, 0x2e, 0x6a, 0x73, 0x6f, 0x6e]); // z\xff\xfe.json
    const twin = 'z\u{FFFD}\u{FFFD}.json';
    const migrateCase = path.join(ROOT, 'fixtures', 'migrate', '001-federation-keys');
    const oldSchema = fs.readFileSync(path.join(migrateCase, 'input.json'), 'utf8');
    const migrated = fs.readFileSync(path.join(migrateCase, 'expected.json'), 'utf8');
    const at = (sub: string, name: Buffer | string) => Buffer.concat([Buffer.from(path.join(dir, sub) + '/'), Buffer.from(name)]);
    const setup = () => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(path.join(dir, 'v'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'm'), { recursive: true });
      fs.writeFileSync(at('v', raw), BROKEN);
      fs.writeFileSync(at('v', twin), SIMPLE);
      fs.writeFileSync(at('m', raw), oldSchema);
      fs.writeFileSync(at('m', twin), SIMPLE);
    };
    // Node passes string arguments as UTF-8: the raw name reaches the CLI through the
    // shell's printf. `@raw` in an argument stands for it.
    const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
    const rawArg = `"$(printf 'z\\377\\376.json')"`;
    const line = (cli: string[], args: string[]) =>
      [...cli, ...args].map((a) => (a.includes('@raw') ? a.split('@raw').map(quote).join(rawArg) : quote(a))).join(' ');
    const run = async (cli: string[], args: string[]) => {
      setup();
      const r = await runOne('/bin/sh', ['-c', line(cli, args)], { cwd: dir, timeoutMs: 20000 });
      return { r, raw: fs.readFileSync(at('m', raw), 'utf8'), twin: fs.readFileSync(at('m', twin), 'utf8') };
    };
    const both = async (args: string[]) => {
      const js = await run([process.execPath, JS_CLI], args);
      const rust = await run([RUST_CLI], args);
      expect(rust, args.join(' ')).toEqual(js);
      return js;
    };
    const shown = Buffer.from(twin).toString('latin1'); // runOne decodes output as latin1

    let r = await both(['validate', 'json-schema', '-r', 'v']);
    expect(r.r.status).toBe(1);
    expect(r.r.stdout).toContain(`v/${shown}:3:11: error[JSON_SYNTAX]`);
    expect(r.r.stderr).toContain('validated 2 files: 1 valid, 1 invalid');
    r = await both(['validate', 'json-schema', 'v/@raw']);
    expect(r.r.status).toBe(1);
    expect(r.r.stdout).toContain(`v/${shown}:3:11: error[JSON_SYNTAX]`);
    r = await both(['validate', 'json-schema', `v/${twin}`]);
    expect(r.r.status).toBe(0);

    r = await both(['migrate', '--check', '-r', 'm']);
    expect(r.r.status).toBe(1);
    expect(r.r.stderr).toMatch(/needs migration \(\d+ changes?\)\n1 of 2 files need migration, 0 failed\n$/);
    r = await both(['migrate', 'm/@raw']);
    expect(r.r.stdout).toBe(migrated);
    r = await both(['migrate', '-w', 'm/@raw']);
    expect(r.r.status).toBe(0);
    expect([r.raw, r.twin]).toEqual([migrated, SIMPLE]);
    r = await both(['migrate', '-w', '-r', 'm']);
    expect(r.r.status).toBe(0);
    expect([r.raw, r.twin]).toEqual([migrated, SIMPLE]);

    r = await both(['convert', '-i', 'v/@raw']);
    expect(r.r.status).toBe(1);
    expect(r.r.stderr).toContain(`v/${shown}:3:11: error[JSON_SYNTAX]`);
    r = await both(['convert', '--input=m/@raw', '--direction', 'json-to-graphql']);
    expect(r.r.status).toBe(0);
    expect(r.r.stdout).toMatch(/^type Product /m);
    r = await both(['convert', '-i', `v/${twin}`]);
    expect(r.r.status).toBe(0);
    expect(r.r.stdout).toMatch(/^type User /);
  });

  it('a FIFO in the tree, or as a $ref, is never opened; the batch goes on (record 0070)', async () => {
    const { js } = await sameInFolder(
      'tree-fifo',
      (d) => {
        write(path.join(d, 'in', 'a.json'), SIMPLE);
        write(path.join(d, 'in', 'r.json'), JSON.stringify({ title: 'R', type: 'object', properties: { p: { $ref: 'pipe.data' } } }));
        execFileSync('mkfifo', [path.join(d, 'in', 'b.json')]);
        execFileSync('mkfifo', [path.join(d, 'in', 'pipe.data')]);
        fs.symlinkSync('b.json', path.join(d, 'in', 'c.json'));
      },
      ['convert', '-r', '-i', 'in', '-o', 'out'],
      { timeoutMs: 20000 },
    );
    expect(js.status).toBe(1);
    expect(js.stderr).toContain('in/b.json: error[IO] cannot read input: not a regular file\n');
    expect(js.stderr).toContain('in/c.json: error[IO] cannot read input: not a regular file\n');
    expect(js.stderr).toContain('in/r.json:1:49: error[REF_UNRESOLVED] file reference pipe.data is not a regular file (with --unresolved-refs json, option unresolvedRefs, it becomes the JSON scalar)\n');
    expect(js.stderr).toMatch(/converted 1 file, 3 failed\n$/);
  });

  it('links out of the tree are skipped unread, with a warning (record 0070)', async () => {
    const { js, files } = await sameInFolder(
      'tree-links-outside',
      (d) => {
        write(path.join(d, 'in', 'a.json'), SIMPLE);
        write(path.join(d, 'secret.json'), SIMPLE);
        write(path.join(d, 'elsewhere', 'x.json'), SIMPLE);
        fs.symlinkSync('/proc/self/environ', path.join(d, 'in', 'env.json'));
        fs.symlinkSync('../secret.json', path.join(d, 'in', 'secret.json'));
        fs.symlinkSync(path.join(d, 'in', 'a.json'), path.join(d, 'in', 'same.json'));
        fs.symlinkSync('../elsewhere', path.join(d, 'in', 'up'));
        fs.symlinkSync('.', path.join(d, 'in', 'self'));
      },
      ['convert', '-r', '-i', 'in', '-o', 'out'],
    );
    expect(js.status).toBe(0);
    expect(js.stderr).toBe(
      'in/env.json: warning[LINK_OUTSIDE] skipped: a symbolic link whose target is outside in\n' +
        'in/secret.json: warning[LINK_OUTSIDE] skipped: a symbolic link whose target is outside in\n' +
        'converted 2 files, 0 failed\n',
    );
    expect(Object.keys(files).filter((f) => f.startsWith('out/'))).toEqual(['out/', 'out/a.graphql', 'out/same.graphql']);
    // validate -r and migrate -r leave them out too, with the same warning.
    const linked = (d: string) => {
      write(path.join(d, 'in', 'a.json'), SIMPLE);
      write(path.join(d, 'secret.json'), '{"title": "Secret", oops');
      fs.symlinkSync('../secret.json', path.join(d, 'in', 'secret.json'));
      execFileSync('mkfifo', [path.join(d, 'in', 'fifo.json')]);
    };
    const skipped = 'in/secret.json: warning[LINK_OUTSIDE] skipped: a symbolic link whose target is outside in\n';
    const validated = await sameInFolder('validate-links-outside', linked, ['validate', 'json-schema', '-r', 'in'], { timeoutMs: 20000 });
    expect(validated.js.status).toBe(0);
    expect(validated.js.stderr).toContain(skipped);
    expect(validated.js.stderr).not.toContain('oops');
    const migrated = await sameInFolder('migrate-links-outside', linked, ['migrate', '--check', '-r', 'in'], { timeoutMs: 20000 });
    expect(migrated.js.status).toBe(0);
    expect(migrated.js.stderr).toBe(`${skipped}0 of 1 file need migration, 0 failed\n`);
  });

  it('exit 0 when every file converts', async () => {
    const { js } = await sameInFolder(
      'tree-ok',
      (d) => {
        for (const name of ['z.json', 'm/a.json', 'a/z.json', 'B.json']) write(path.join(d, 'in', name), SIMPLE);
      },
      ['convert', '-r', '-i', 'in', '-o', 'out'],
    );
    expect(js.status).toBe(0);
    expect(js.stderr).toBe('converted 4 files, 0 failed\n');
    await sameInFolder('tree-empty', (d) => fs.mkdirSync(path.join(d, 'in')), ['convert', '-r', '-i', 'in', '-o', 'out']);
  });

  it('exit 3 when the only failures are I/O', async () => {
    const { js } = await sameInFolder(
      'tree-io',
      (d) => {
        write(path.join(d, 'in', 'a.json'), SIMPLE);
        write(path.join(d, 'in', 'b.json'), SIMPLE);
        write(path.join(d, 'in', 'sub', 'c.json'), SIMPLE);
        fs.mkdirSync(path.join(d, 'out', 'a.graphql'), { recursive: true });
        write(path.join(d, 'out', 'sub'), 'a file where a folder should be');
      },
      ['convert', '-r', '-i', 'in', '-o', 'out'],
    );
    expect(js.status).toBe(3);
    await sameInFolder('tree-missing', () => undefined, ['convert', '-r', '-i', 'nope', '-o', 'out']);
    await sameInFolder(
      'tree-input-is-file',
      (d) => write(path.join(d, 'a.json'), SIMPLE),
      ['convert', '-r', '-i', 'a.json', '-o', 'out'],
    );
    await sameInFolder(
      'tree-output-is-file',
      (d) => {
        write(path.join(d, 'in', 'a.json'), SIMPLE);
        write(path.join(d, 'out'), '');
      },
      ['convert', '-r', '-i', 'in', '-o', 'out'],
    );
  });

  it('a tree large enough for threads (record 0044) gives the bytes of a one-core run', async () => {
    // 90 files: over both CLIs' thresholds (cli-batch.ts MIN_FILES, parallel.rs MIN_FILES).
    const bigTree = (d: string) => {
      write(path.join(d, 'in', 'common', 'tag.json'), JSON.stringify({ title: 'Tag', type: 'object', properties: { label: { type: 'string' } } }));
      for (let i = 0; i < 90; i++) {
        const name = path.join(d, 'in', `team-${i % 4}`, `s-${String(i).padStart(2, '0')}.json`);
        if (i % 17 === 5) write(name, BROKEN);
        else if (i % 5 === 0) write(name, WARNINGS);
        else if (i % 3 === 0) write(name, JSON.stringify({ title: `S${i}`, type: 'object', properties: { t: { $ref: '../common/tag.json' } } }));
        else write(name, SIMPLE);
      }
    };
    const { js, files } = await sameInFolder('tree-threads', bigTree, ['convert', '-r', '-i', 'in', '-o', 'out']);
    expect(js.status).toBe(1);
    expect(js.stderr).toMatch(/converted 86 files, 5 failed\n$/);
    // taskset -c 0: one core, so both CLIs convert one file after the other.
    let taskset = true;
    try {
      execFileSync('taskset', ['-c', '0', 'true']);
    } catch {
      taskset = false;
    }
    if (!taskset) return;
    const dir = path.join(tmp, 'tree-threads-one-core');
    for (const [command, args] of [
      [process.execPath, [JS_CLI]],
      [RUST_CLI, []],
    ] as Array<[string, string[]]>) {
      fs.rmSync(dir, { recursive: true, force: true });
      bigTree(dir);
      const one = await runOne('taskset', ['-c', '0', command, ...args, 'convert', '-r', '-i', 'in', '-o', 'out'], { cwd: dir });
      expect(one, `${command} on one core`).toEqual(js);
      expect(snapshot(dir), `${command} on one core: files`).toEqual(files);
    }
  });

  it('a threaded tree whose outputs collide is written in file order (record 0055)', async () => {
    // 40 files: over both thresholds. `a-N.graphql` and `a-N.gql` both give `a-N.json`
    // (the first converted file wins, and which that is depends on which fails);
    // `x.json.graphql` gives the file `x.json.json`, which `x.json.json/` would need as a folder.
    const { js, files } = await sameInFolder(
      'tree-threads-collisions',
      (d) => {
        for (let i = 0; i < 12; i++) {
          const n = String(i).padStart(2, '0');
          write(path.join(d, 'in', `a-${n}.gql`), i % 4 === 1 ? 'type {' : `type T${n} {\n  id: ID!\n}\n`);
          write(path.join(d, 'in', `a-${n}.graphql`), `type U${n} {\n  id: ID!\n}\n`);
          write(path.join(d, 'in', 'ok', `b-${n}.graphql`), `enum E${n} {\n  A\n}\n`);
        }
        write(path.join(d, 'in', 'x.json.graphql'), 'type X {\n  id: ID!\n}\n');
        write(path.join(d, 'in', 'x.json.json', 'inner.graphql'), 'type Inner {\n  id: ID!\n}\n');
        write(path.join(d, 'in', 'y.json', 'inner.gql'), 'type Y {\n  id: ID!\n}\n');
        write(path.join(d, 'in', 'y.graphql'), 'type Y2 {\n  id: ID!\n}\n');
      },
      ['convert', '-r', '--direction', 'graphql-to-json', '-i', 'in', '-o', 'out'],
    );
    // Where the .gql converted, it was first; where it failed (every fourth), the .graphql wrote.
    expect(js.stderr).toContain('in/a-00.graphql: error[IO] cannot write output: out/a-00.json was already written from in/a-00.gql\n');
    expect(files['out/a-00.json']).toContain('"T00"');
    expect(files['out/a-01.json']).toContain('"U01"');
    expect(js.stderr).toContain('out/x.json.json: error[IO] cannot create folder');
    expect(files['out/x.json.json']).toContain('"X"');
    expect(js.stderr).toMatch(/converted 26 files, 14 failed\n$/);
  });

  it('graphql-to-json over a tree (.graphql and .gql; one output written once)', async () => {
    await sameInFolder(
      'tree-graphql-to-json',
      (d) => {
        write(path.join(d, 'in', 'a.graphql'), 'type User {\n  id: ID!\n  name: String\n}\n');
        write(path.join(d, 'in', 'a.gql'), 'type User {\n  id: ID!\n}\n');
        write(path.join(d, 'in', 'sub', 'b.gql'), 'enum Role {\n  ADMIN\n}\n');
        write(path.join(d, 'in', 'sub', 'bad.graphql'), 'type {');
        write(path.join(d, 'in', 'sub', 'unknown.graphql'), 'type T {\n  a: Missing\n}\n');
        write(path.join(d, 'in', 'schema.json'), SIMPLE);
      },
      ['convert', '-r', '--direction', 'graphql-to-json', '-i', 'in', '-o', 'out'],
    );
    await sameInFolder(
      'graphql-to-json-output-folder',
      (d) => {
        write(path.join(d, 'api.gql'), 'type User {\n  id: ID!\n}\n');
        fs.mkdirSync(path.join(d, 'out'));
      },
      ['convert', '--direction', 'graphql-to-json', '-i', 'api.gql', '-o', 'out'],
    );
  });
});

describe('usage errors, I/O errors, help', () => {
  const cases: Array<[string, string[]]> = [
    ['unknown-flag', ['convert', '--frobnicate']],
    ['unknown-flag-suggestion', ['convert', '--stict']],
    ['unknown-flag-negated', ['convert', '--federation-link']],
    ['unknown-flag-with-value', ['convert', '--strict=1']],
    ['unknown-short-in-group', ['convert', '-rx']],
    ['bad-ref-naming', ['convert', '--ref-naming', 'foo']],
    ['bad-ref-naming-eq', ['convert', '--ref-naming=file-and-path']],
    ['bad-direction', ['convert', '--direction', 'sideways']],
    ['negative-number', ['convert', '--inline-object-threshold', '-1']],
    ['not-a-number', ['convert', '--description-block-threshold', 'ten']],
    ['fraction', ['convert', '--description-block-threshold', '1.5']],
    ['unsafe-integer', ['convert', '--inline-object-threshold', '9007199254740992']],
    ['missing-value', ['convert', '-i']],
    ['missing-value-in-group', ['convert', '-ri']],
    ['value-error-before-unknown', ['convert', '--frob', '--ref-naming', 'foo']],
    ['help-before-unknown', ['convert', '--frob', '-h']],
    ['stray-argument', ['convert', 'file.json']],
    ['stray-after-dashdash', ['convert', '--', '--strict']],
    // The input as an argument (record 0083).
    ['positional-input', ['convert', 'examples/user.schema.json']],
    ['positional-input-stdin', ['convert', '-', '--direction', 'graphql-to-json']],
    ['positional-and-i', ['convert', 'examples/user.schema.json', '-i', 'other.json']],
    ['positional-two', ['convert', 'a.json', 'b.json']],
    ['r-without-i', ['convert', '-r', '-o', 'out']],
    ['r-with-stdin', ['convert', '-r', '-i', '-', '-o', 'out']],
    ['r-without-o', ['convert', '-r', '-i', '.']],
    ['folder-without-r', ['convert', '-i', 'examples']],
    ['unknown-command', ['transmogrify']],
    ['unknown-command-suggestion', ['conver']],
    ['unknown-program-option', ['--frob']],
    ['no-arguments', []],
    ['help', ['--help']],
    ['help-command', ['help']],
    ['help-convert', ['help', 'convert']],
    ['help-unknown', ['help', 'frob']],
    ['convert-help', ['convert', '--help']],
    ['version', ['--version']],
    ['version-short-in-convert', ['convert', '-i', 'x.json', '-V']],
    ['missing-input', ['convert', '-i', 'no-such-file.json']],
    ['missing-input-empty-name', ['convert', '-i', '']],
    ['missing-config', ['convert', '--config', 'no-such-config.json']],
    ['direction-graphql-to-json', ['convert', '--direction', 'graphql-to-json']],
    ['direction-graphql-to-json-file', ['convert', '--direction', 'graphql-to-json', '-i', 'examples/user.schema.json']],
  ];
  for (const [name, args] of cases) {
    it.concurrent(name, async () => {
      await same(name, args, { input: 'type T { a: String }' });
    });
  }

  it('exit codes of the documented cases', async () => {
    expect((await runRust(['convert', '--frobnicate'])).status).toBe(2);
    expect((await runRust(['convert', '-i', 'no-such-file.json'])).status).toBe(3);
    // `{}` is not SDL: invalid input (GRAPHQL_SYNTAX), not a usage error.
    expect((await runRust(['convert', '--direction', 'graphql-to-json'], { input: '{}' })).status).toBe(1);
    expect((await runRust(['--version'])).status).toBe(0);
  });

  it('validate graphql: a subgraph with orphan extensions is valid; every subgraph problem is reported, on the SDL (records 0076, 0077)', async () => {
    const link = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@external", "@requires"])\n\n';
    const setup = (d: string) => {
      write(path.join(d, 'orphans.graphql'), link + 'extend type User @key(fields: "id") {\n  id: ID! @external\n  name: String\n}\n\nextend type Query {\n  me: User\n}\n');
      write(path.join(d, 'broken.graphql'), link + 'type Product @key(fields: "nope") {\n  id: ID!\n  ship: Int @requires(fields: "size")\n}\n');
    };
    const ok = await sameInFolder('validate-graphql-orphans', setup, ['validate', 'graphql', 'orphans.graphql']);
    expect(ok.js.status).toBe(0);
    const broken = await sameInFolder('validate-graphql-subgraph-problems', setup, ['validate', 'graphql', 'broken.graphql']);
    expect(broken.js.status).toBe(1);
    const located = (broken.js.stdout + broken.js.stderr).match(/broken\.graphql:\d+:\d+: error\[FIELD_SET\]/g) ?? [];
    expect(located).toEqual(['broken.graphql:3:14: error[FIELD_SET]', 'broken.graphql:5:13: error[FIELD_SET]']);
  });

  it('validate graphql and validate json-schema: every interface key and unused @external problem (record 0084)', async () => {
    const sdl = [
      'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@external"])',
      '',
      'type Query {\n  node: Node\n}',
      '',
      'interface Node @key(fields: "id") {\n  id: ID!\n}',
      '',
      'type Product implements Node @key(fields: "sku") {\n  id: ID!\n  sku: String\n  weight: Int @external\n  size: Int @external\n}',
      '',
      'type User implements Node @key(fields: "id") {\n  id: ID!\n  name: String @external\n}',
      '',
    ].join('\n');
    const json = JSON.stringify({
      definitions: {
        Query: { type: 'object', properties: { user: { $ref: '#/definitions/User' } } },
        User: {
          type: 'object',
          'x-graphql-federation-keys': ['id'],
          properties: { id: { type: 'string' }, name: { type: 'string', 'x-graphql-federation-external': true }, age: { type: 'integer', 'x-graphql-federation-external': true } },
        },
      },
    }, null, 2);
    const setup = (d: string) => {
      write(path.join(d, 'subgraph.graphql'), sdl);
      write(path.join(d, 'subgraph.json'), json);
    };
    const sdlRun = await sameInFolder('validate-graphql-every-rule-problem', setup, ['validate', 'graphql', 'subgraph.graphql']);
    expect(sdlRun.js.status).toBe(1);
    const located = (sdlRun.js.stdout + sdlRun.js.stderr).match(/subgraph\.graphql:\d+:\d+: error\[FIELD_SET\]/g) ?? [];
    expect(located).toEqual([
      'subgraph.graphql:7:16: error[FIELD_SET]',
      'subgraph.graphql:14:15: error[FIELD_SET]',
      'subgraph.graphql:15:13: error[FIELD_SET]',
      'subgraph.graphql:20:16: error[FIELD_SET]',
    ]);
    const jsonRun = await sameInFolder('validate-json-every-rule-problem', setup, ['validate', 'json-schema', 'subgraph.json']);
    expect(jsonRun.js.status).toBe(1);
    expect((jsonRun.js.stdout + jsonRun.js.stderr).match(/error\[FIELD_SET\]/g)).toHaveLength(2);
  });
});

describe('CLI conveniences (record 0083)', () => {
  const SDL = 'type Query { a: String }\n';
  const setup = (dir: string) => {
    write(path.join(dir, 'api.graphql'), SDL);
    write(path.join(dir, 'api.gql'), SDL);
    write(path.join(dir, 'user.json'), SIMPLE);
    write(path.join(dir, 'user.txt'), SIMPLE);
    write(path.join(dir, 'api.txt'), SDL);
  };
  const cases: Array<[string, string[], string?]> = [
    ['inferred .graphql', ['convert', 'api.graphql']],
    ['inferred .gql to a folder', ['convert', '-i', 'api.gql', '-o', '.']],
    ['inferred .json', ['convert', 'user.json', '-o', 'user.graphql']],
    ['inferred from the text of another extension', ['convert', 'api.txt']],
    ['inferred from the text of another extension (JSON)', ['convert', 'user.txt']],
    ['inferred stdin SDL', ['convert'], '\n\n  ' + SDL],
    ['inferred stdin JSON', ['convert', '-'], '\uFEFF \n' + SIMPLE],
    ['inferred stdin blank', ['convert'], ' \n'],
    ['--direction overrides the extension', ['convert', 'api.graphql', '--direction', 'json-to-graphql']],
    ['-o .json for SDL warns', ['convert', 'user.json', '-o', 'user.out.json']],
    ['-o .graphql for JSON warns', ['convert', 'api.graphql', '-o', 'api.out.graphql']],
    ['-o .gql for JSON warns, -q keeps quiet', ['convert', 'api.graphql', '-o', 'api.out.gql', '-q']],
  ];
  for (const [name, args, input] of cases) {
    it(name, async () => {
      await sameInFolder(name, setup, args, { input: input ?? '' });
    });
  }

  it('the inferred direction and the extension warning, as expected', async () => {
    const { js, files } = await sameInFolder('expected', setup, ['convert', 'api.graphql', '-o', 'x.graphql']);
    expect(js.status).toBe(0);
    expect(js.stderr).toBe('x.graphql: warning[OUTPUT_EXTENSION] the output is JSON Schema, but the file name ends in .graphql\n');
    expect(JSON.parse(files['x.graphql']!)).toHaveProperty('definitions.Query');
    const r = await sameInFolder('expected-stdin', setup, ['convert'], { input: SDL });
    expect(r.js.stdout).toContain('"$schema"');
  });

  const stdinCases: Array<[string, string[], string]> = [
    ['validate json-schema - (valid)', ['validate', 'json-schema', '-'], SIMPLE],
    ['validate json-schema - (problems)', ['validate', 'json-schema', '-'], BROKEN],
    ['validate json-schema - --format json', ['validate', 'json-schema', '-', '--format', 'json'], WARNINGS],
    ['validate graphql -', ['validate', 'graphql', '-'], 'type Query { a: B }\n'],
    ['validate graphql -r -', ['validate', 'graphql', '-r', '-'], SDL],
    ['migrate -', ['migrate', '-'], '{"x-graphql-keys":["id"],"title":"A","type":"object","properties":{"id":{"type":"string"}}}'],
    ['migrate --check -', ['migrate', '--check', '-'], '{"x-graphql-keys":["id"]}'],
    ['migrate -w -', ['migrate', '-w', '-'], SIMPLE],
  ];
  for (const [name, args, input] of stdinCases) {
    it(name, async () => {
      await same(name, args, { input });
    });
  }

  it('validate and migrate name standard input <stdin>', async () => {
    const r = await same('stdin-name', ['validate', 'json-schema', '-'], { input: BROKEN });
    expect(r.status).toBe(1);
    expect(r.stdout.startsWith('<stdin>:3:11: error[JSON_SYNTAX]')).toBe(true);
    const m = await same('stdin-check', ['migrate', '--check', '-'], { input: '{"x-graphql-keys":["id"]}' });
    expect([m.status, m.stderr]).toEqual([1, '<stdin>: needs migration (1 change)\n']);
  });

  const tree = (dir: string) => {
    write(path.join(dir, 'schemas', 'a.json'), SIMPLE);
    write(path.join(dir, 'schemas', '.dot.json'), SIMPLE);
    write(path.join(dir, 'schemas', 'sub', 'b.json'), SIMPLE);
    write(path.join(dir, 'schemas', 'node_modules', 'pkg', 'package.json'), '{"name": "pkg", "version": "1.0.0"}');
    write(path.join(dir, 'schemas', '.git', 'x.json'), BROKEN);
    write(path.join(dir, 'schemas', '.cache', 'y.graphql'), 'type {');
  };
  const treeCases: Array<[string, string[]]> = [
    ['-r skips node_modules and dot-folders: convert', ['convert', '-r', '-i', 'schemas', '-o', 'out']],
    ['-r skips node_modules and dot-folders: validate', ['validate', 'json-schema', '-r', 'schemas']],
    ['-r skips node_modules and dot-folders: validate graphql', ['validate', 'graphql', '-r', 'schemas']],
    ['-r skips node_modules and dot-folders: migrate', ['migrate', '--check', '-r', 'schemas']],
    ['-r on a dot-folder named as the root reads it', ['validate', 'json-schema', '-r', 'schemas/.git']],
  ];
  for (const [name, args] of treeCases) {
    it(name, async () => {
      await sameInFolder(name, tree, args);
    });
  }

  it('-r skips node_modules and dot-folders, keeps dot-files', async () => {
    const { js } = await sameInFolder('skips-expected', tree, ['validate', 'json-schema', '-r', 'schemas']);
    expect([js.status, js.stdout, js.stderr]).toEqual([0, '', 'validated 3 files: 3 valid, 0 invalid (0 errors, 0 warnings)\n']);
  });

  it('explain: every code of docs/errors.md, in any case; unknown codes and usage', async () => {
    const table = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', 'error-codes.json'), 'utf8')) as { codes: { code: string }[] };
    expect(table.codes.length).toBeGreaterThan(40);
    for (const { code } of table.codes) {
      const r = await same(`explain-${code}`, ['explain', code]);
      expect([r.status, r.stdout.startsWith(`${code}: `)]).toEqual([0, true]);
    }
    await same('explain-lower', ['explain', 'ref_outside']);
    const unknown = await same('explain-unknown', ['explain', 'JSON_SYNTAC']);
    expect([unknown.status, unknown.stderr]).toEqual([
      2,
      'x-graphql: error[USAGE] unknown error code JSON_SYNTAC (did you mean JSON_SYNTAX?); the codes are listed in docs/errors.md; see x-graphql explain --help\n',
    ]);
    for (const args of [['explain', 'ZZZZZZZZZZ'], ['explain'], ['explain', 'a', 'b'], ['explain', '--help'], ['help', 'explain'], ['explain', '--hepl']]) {
      await same(`explain-${args.join('-')}`, args);
    }
  });

  it('-r without --direction keeps converting .json files only', async () => {
    const { files } = await sameInFolder('r-inferred', setup, ['convert', '-r', '-i', '.', '-o', 'out']);
    expect(Object.keys(files).filter((f) => f.startsWith('out/'))).toEqual(['out/', 'out/user.graphql']);
  });
});

describe('--config', () => {
  const configs: Array<[string, string]> = [
    ['unknown-key', JSON.stringify({ inlineObjectTreshold: 1 })],
    ['bad-value', JSON.stringify({ refNaming: 'foo' })],
    ['bad-number', JSON.stringify({ inlineObjectThreshold: -1.5 })],
    ['derived-option', JSON.stringify({ baseDir: '/' })],
    ['derived-input-dir', JSON.stringify({ strict: true, inputDir: 'x' })],
    ['not-an-object', '[1]'],
    ['null', 'null'],
    ['not-json-unquoted-key', '{ inlineObjectThreshold: 1 '],
    ['not-json-trailing-comma', '{"strict": true,}'],
    ['not-json-empty', ''],
    ['not-json-long', '{"inlineObjectThreshold": 1, "strict": true, "x": nope}'],
    ['not-json-bad-escape', '{"a\\q": 1}'],
    ['not-json-trailing', '{} {}'],
    ['bom', '\ufeff{"inlineObjectThreshold": 0}'],
    ['ok', JSON.stringify({ inlineObjectThreshold: 0, federationLink: false })],
    ['bad-format-scalars', JSON.stringify({ formatScalars: { 'date-time': 'Date Time' } })],
    ['format-scalars-not-an-object', JSON.stringify({ formatScalars: ['DateTime'] })],
    // The TypeScript library's resolveRef is a function: no config file sets it.
    ['library-only-resolve-ref', JSON.stringify({ resolveRef: 'x' })],
  ];
  for (const [name, text] of configs) {
    it.concurrent(name, async () => {
      await sameInFolder(`config-${name}`, (d) => write(path.join(d, 'options.json'), text), ['convert', '--config', 'options.json'], {
        input: INLINE,
      });
    });
  }

  it('flags override the config, only when typed', async () => {
    const setup = (d: string) => write(path.join(d, 'options.json'), JSON.stringify({ inlineObjectThreshold: 0, federationLink: false }));
    const flagWins = await sameInFolder('config-flag-wins', setup, ['convert', '--config', 'options.json', '--inline-object-threshold', '5'], {
      input: INLINE,
    });
    expect(flagWins.js.stdout).toContain('pos: JSON');
    const kept = await sameInFolder('config-kept', setup, ['convert', '--config', 'options.json'], { input: FEDERATED });
    expect(kept.js.stdout).not.toMatch(/@link/);
  });

  it('--format-scalar adds to the config map, a repeated format takes the last (record 0082)', async () => {
    const input = JSON.stringify({
      title: 'T',
      properties: { at: { type: 'string', format: 'date-time' }, id: { type: 'string', format: 'uuid' }, n: { type: 'integer', format: 'int64' } },
    });
    const setup = (d: string) => write(path.join(d, 'options.json'), JSON.stringify({ formatScalars: { 'date-time': 'Instant', uuid: 'UUID' } }));
    const r = await sameInFolder(
      'config-format-scalars',
      setup,
      ['convert', '--config', 'options.json', '--format-scalar', 'date-time=DateTime', '--format-scalar', 'int64=Long', '--format-scalar', 'int64=BigInt'],
      { input },
    );
    expect(r.js.stdout).toContain('at: DateTime');
    expect(r.js.stdout).toContain('id: UUID');
    expect(r.js.stdout).toContain('n: BigInt');
    for (const bad of ['date-time', '=X', 'date-time=1x', 'date-time=Date-Time']) {
      const e = await same(`format-scalar-bad-${bad}`, ['convert', '--format-scalar', bad], { input });
      expect(e.status).toBe(2);
    }
  });
});

describe('process behaviour', () => {
  it('a large input (over 1 MiB, which the Rust CLI frees once parsed) is located as a small one', async () => {
    const dir = path.join(tmp, 'large-input');
    const definitions: Record<string, unknown> = {};
    for (let i = 0; i < 4000; i++) {
      definitions[`Item${i}`] = {
        type: 'object',
        description: `Item number ${i}, padded so that the file passes one mebibyte.`,
        properties: { id: { type: 'string' }, count: { type: 'integer' }, state: { type: 'string', enum: ['open', i % 1000 === 999 ? 'in-progress' : 'closed'] } },
      };
    }
    const schema = { title: 'Large', type: 'object', properties: { first: { $ref: '#/definitions/Item0' } }, definitions };
    const text = JSON.stringify(schema, null, 2);
    expect(text.length).toBeGreaterThan(1 << 20);
    write(path.join(dir, 'large.json'), text);
    // A bad property type found while lowering, after the Rust CLI has freed the text.
    const at = text.lastIndexOf('"count": {') + '"count": {'.length;
    const broken = `${text.slice(0, at)}\n          "x-graphql-field-type": "[[Int",${text.slice(at)}`;
    write(path.join(dir, 'broken.json'), broken);
    const warned = await same('large-warnings', ['convert', '-i', 'large.json'], { cwd: dir });
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(/^large\.json:\d+:\d+: warning\[ENUM_VALUE_RENAMED\]/);
    expect(warned.stderr.split('\n').length).toBe(5);
    const strict = await same('large-strict', ['convert', '--strict', '-i', 'large.json'], { cwd: dir });
    expect(strict.stderr).toMatch(/^large\.json:\d+:\d+: error\[ENUM_VALUE_RENAMED\]/);
    const failed = await same('large-error', ['convert', '-i', 'broken.json'], { cwd: dir });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^broken\.json:\d+:\d+: error\[FIELD_TYPE_SYNTAX\]/);
  });

  it('a closed stdout (| head) ends quietly with exit 0', async () => {
    const dir = path.join(tmp, 'epipe');
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 20000; i++) properties[`field${i}`] = { type: 'string' };
    write(path.join(dir, 'big.json'), JSON.stringify({ title: 'Big', type: 'object', properties }));
    for (const [cli, cmd] of [
      ['js', `"${process.execPath}" "${JS_CLI}"`],
      ['rust', `"${RUST_CLI}"`],
    ]) {
      const script = `set -o pipefail; ${cmd} convert -i big.json 2>stderr-${cli} | head -c 10`;
      const r = await runOne('bash', ['-c', script], { cwd: dir });
      expect(r.status, cli).toBe(0);
      expect(r.stdout, cli).toBe('type Big {');
      expect(fs.readFileSync(path.join(dir, `stderr-${cli}`), 'utf8'), cli).toBe('');
    }
  });

  it('an unwritable stdout is exit 3', async () => {
    if (!fs.existsSync('/dev/full')) return;
    const outcome = async (cmd: string) =>
      runOne('bash', ['-c', `${cmd} convert -i examples/user.schema.json >/dev/full`], { cwd: ROOT });
    const js = await outcome(`"${process.execPath}" "${JS_CLI}"`);
    const rust = await outcome(`"${RUST_CLI}"`);
    expect(rust).toEqual(js);
    expect(js.status).toBe(3);
  });

  it('-o naming a device writes into it, never replaces it (-o /dev/null)', async () => {
    if (!fs.existsSync('/dev/null') || !fs.statSync('/dev/null').isCharacterDevice()) return;
    const args = ['convert', '-i', 'examples/user.schema.json', '-o', '/dev/null'];
    const [js, rust] = await Promise.all([runJs(args), runRust(args)]);
    expect(rust).toEqual(js);
    expect(js.status).toBe(0);
    // an atomic write's rename would have left a plain file named /dev/null
    expect(fs.statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
});

describe('outputs behind symbolic links, and read-only folders (record 0043)', () => {
  const OLD_SCHEMA = fs.readFileSync(path.join(ROOT, 'fixtures', 'migrate', '001-federation-keys', 'input.json'), 'utf8');
  const MIGRATED = fs.readFileSync(path.join(ROOT, 'fixtures', 'migrate', '001-federation-keys', 'expected.json'), 'utf8');

  it('migrate -w through a link migrates the file it names; the link stays', async () => {
    const { js, files } = await sameInFolder(
      'migrate-write-link',
      (d) => {
        write(path.join(d, 'real', 'schema.json'), OLD_SCHEMA);
        fs.symlinkSync('real/schema.json', path.join(d, 'link.json'));
      },
      ['migrate', '-w', 'link.json'],
    );
    expect(js.status).toBe(0);
    expect(files['link.json']).toBe('-> real/schema.json');
    expect(files['real/schema.json']).toBe(MIGRATED);
  });

  it('-r writes through an output that is a link; the link stays', async () => {
    const { js, files } = await sameInFolder(
      'recursive-output-link',
      (d) => {
        write(path.join(d, 'in', 'user.json'), SIMPLE);
        write(path.join(d, 'elsewhere', 'user.graphql'), 'old\n');
        fs.mkdirSync(path.join(d, 'out'));
        fs.symlinkSync('../elsewhere/user.graphql', path.join(d, 'out', 'user.graphql'));
      },
      ['convert', '-r', '-i', 'in', '-o', 'out'],
    );
    expect(js.status).toBe(0);
    expect(files['out/user.graphql']).toBe('-> ../elsewhere/user.graphql');
    expect(files['elsewhere/user.graphql']).toMatch(/^type User \{/);
  });

  it('-r writes an output whose name is not UTF-8 through a link, by its bytes; the link stays (records 0043, 0070)', async () => {
    const dir = path.join(tmp, 'bytes-output-link');
    const b = (...parts: (string | Buffer)[]) => Buffer.concat([Buffer.from(dir), ...parts.map((p) => Buffer.concat([Buffer.from('/'), Buffer.from(p)]))]);
    const linkName = Buffer.from([0x7a, 0xff, 0x2e, 0x67, 0x72, 0x61, 0x70, 0x68, 0x71, 0x6c]); // z\xff.graphql
    const realName = Buffer.from([0x72, 0xfe, 0x2e, 0x67, 0x72, 0x61, 0x70, 0x68, 0x71, 0x6c]); // r\xfe.graphql
    const outcome = async (run: typeof runJs) => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(b('in'), { recursive: true });
      fs.mkdirSync(b('out'));
      fs.mkdirSync(b('elsewhere'));
      fs.writeFileSync(b('in', Buffer.from([0x7a, 0xff, 0x2e, 0x6a, 0x73, 0x6f, 0x6e])), SIMPLE); // z\xff.json
      fs.writeFileSync(b('elsewhere', realName), 'old\n');
      // The link's own text is not UTF-8 either: its lossy form names no file.
      fs.symlinkSync(Buffer.concat([Buffer.from('../elsewhere/'), realName]), b('out', linkName));
      const r = await run(['convert', '-r', '-i', 'in', '-o', 'out'], { cwd: dir, timeoutMs: 20000 });
      const list = (sub: string) => fs.readdirSync(b(sub), { encoding: 'buffer' }).map((n) => n.toString('hex')).sort();
      return {
        status: r.status,
        stderr: r.stderr,
        out: list('out'),
        elsewhere: list('elsewhere'),
        link: fs.readlinkSync(b('out', linkName), { encoding: 'buffer' }).toString('hex'),
        real: fs.readFileSync(b('elsewhere', realName), 'utf8'),
      };
    };
    const js = await outcome(runJs);
    const rust = await outcome(runRust);
    expect(rust).toEqual(js);
    expect(js.status).toBe(0);
    expect(js.out).toEqual([linkName.toString('hex')]); // still only the link, no temporary file
    expect(js.elsewhere).toEqual([realName.toString('hex')]);
    expect(js.link).toBe(Buffer.concat([Buffer.from('../elsewhere/'), realName]).toString('hex'));
    expect(js.real).toMatch(/^type User \{/);
  });

  // Each CLI in a shell, so that the test never names the real /dev/stdout: our
  // own link to it, and a FIFO behind a link, are written in place.
  const shells: Array<[string, () => string]> = [
    ['npm', () => `"${process.execPath}" "${JS_CLI}"`],
    ['rust', () => `"${RUST_CLI}"`],
  ];

  it('-o a link to /dev/stdout writes to standard output; the link and /dev/stdout stay links', async () => {
    const before = fs.lstatSync('/dev/stdout', { throwIfNoEntry: false });
    if (before === undefined || !before.isSymbolicLink()) return;
    const outputs: string[] = [];
    for (const [name, cli] of shells) {
      const dir = path.join(tmp, `stdout-link-${name}`);
      fs.mkdirSync(dir, { recursive: true });
      write(path.join(dir, 'user.json'), SIMPLE);
      fs.symlinkSync('/dev/stdout', path.join(dir, 'out'));
      const r = await runOne('bash', ['-c', `${cli()} convert -i user.json -o out > captured.graphql`], { cwd: dir });
      expect(r.status, `${name}: ${r.stderr}`).toBe(0);
      expect(fs.lstatSync(path.join(dir, 'out')).isSymbolicLink(), name).toBe(true);
      outputs.push(fs.readFileSync(path.join(dir, 'captured.graphql'), 'utf8'));
    }
    expect(fs.lstatSync('/dev/stdout').isSymbolicLink()).toBe(true);
    expect(outputs[0]).toMatch(/^type User \{/);
    expect(outputs[1]).toBe(outputs[0]);
  });

  it('-o a link to a FIFO writes into the FIFO; it stays a FIFO', async () => {
    const outputs: string[] = [];
    for (const [name, cli] of shells) {
      const dir = path.join(tmp, `fifo-link-${name}`);
      fs.mkdirSync(dir, { recursive: true });
      write(path.join(dir, 'user.json'), SIMPLE);
      execFileSync('mkfifo', [path.join(dir, 'pipe')]);
      fs.symlinkSync('pipe', path.join(dir, 'link-1'));
      fs.symlinkSync('link-1', path.join(dir, 'link-2'));
      const script = `cat pipe > captured.graphql & ${cli()} convert -i user.json -o link-2; status=$?; wait; exit $status`;
      const r = await runOne('bash', ['-c', script], { cwd: dir, timeoutMs: 60000 });
      expect(r.status, `${name}: ${r.stderr}`).toBe(0);
      expect(fs.lstatSync(path.join(dir, 'pipe')).isFIFO(), name).toBe(true);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp')), name).toEqual([]);
      outputs.push(fs.readFileSync(path.join(dir, 'captured.graphql'), 'utf8'));
    }
    expect(outputs[0]).toMatch(/^type User \{/);
    expect(outputs[1]).toBe(outputs[0]);
  });

  it('-r onto a read-only file system reports EROFS in both CLIs', async () => {
    const ro = path.join(tmp, 'read-only');
    fs.mkdirSync(ro, { recursive: true });
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', ro], { stdio: 'ignore' });
    } catch {
      return; // not root, or no mount here: the code path is the same as for any mkdir error
    }
    try {
      write(path.join(tmp, 'ro-input', 'user.json'), SIMPLE);
      for (const out of [path.join(ro, 'out'), path.join(ro, 'out', 'deeper'), ro]) {
        const args = ['convert', '-r', '-i', path.join(tmp, 'ro-input'), '-o', out];
        const run = await same(`read-only-${path.basename(out)}`, args);
        expect(run.status).toBe(3);
        expect(run.stderr).toContain('read-only file system (EROFS)');
      }
    } finally {
      execFileSync('umount', [ro]);
    }
  });
});

describe('convert --bundle (record 0090)', () => {
  const EXAMPLES = path.join(ROOT, 'examples');
  const BUNDLES = path.join(ROOT, 'fixtures', 'bundle');
  const setup = (dir: string) => {
    copyTree(EXAMPLES, path.join(dir, 'examples'), (rel) => rel);
    copyTree(path.join(BUNDLES, '420-shared-file-ref'), path.join(dir, 'api'), (rel) => rel);
    copyTree(path.join(BUNDLES, '136-extend-type-in-another-file'), path.join(dir, 'sdl'), (rel) => rel);
    copyTree(path.join(BUNDLES, '230-explicit-name-twice'), path.join(dir, 'clash'), (rel) => rel);
    copyTree(path.join(BUNDLES, '234-sdl-type-defined-in-two-files'), path.join(dir, 'sdl-clash'), (rel) => rel);
    // The cases' own files are no inputs.
    for (const sub of ['api', 'sdl', 'clash', 'sdl-clash']) {
      for (const f of ['bundle.json', 'expected.graphql', 'expected.json', 'expected-error.json']) fs.rmSync(path.join(dir, sub, f), { force: true });
    }
    write(path.join(dir, 'api', 'node_modules', 'pkg', 'package.json'), '{"name": "pkg"}');
    write(path.join(dir, 'api', '.cache', 'x.json'), '[]');
    write(path.join(dir, 'out'), '');
    fs.rmSync(path.join(dir, 'out'));
    fs.mkdirSync(path.join(dir, 'out'));
  };
  const cases: Array<[string, string[]]> = [
    ['examples/ into one schema', ['convert', '--bundle', 'examples/', '-o', 'x.graphql']],
    ['a folder, skipping node_modules and dot-folders', ['convert', '--bundle', 'api']],
    ['several arguments', ['convert', '--bundle', 'api/order.json', 'api/customer.json']],
    ['several -i, and -r is implied', ['convert', '--bundle', '-r', '-i', 'examples/orders', '-i', 'examples/user.schema.json']],
    ['SDL files into one JSON Schema', ['convert', '--bundle', '--direction', 'graphql-to-json', 'sdl', '-o', 'schema.json']],
    ['a folder alone is read for .json files, as -r', ['convert', '--bundle', 'sdl']],
    ['SDL by extension of the first file', ['convert', '--bundle', 'sdl/user-name.graphql', 'sdl/schema.graphql']],
    ['an error names its file', ['convert', '--bundle', 'clash']],
    ['an SDL error names its file and the other', ['convert', '--bundle', '--direction', 'graphql-to-json', 'sdl-clash']],
    ['-o of the other extension warns', ['convert', '--bundle', 'api', '-o', 'api.json']],
    ['no input', ['convert', '--bundle']],
    ['stdin', ['convert', '--bundle', '-']],
    ['-o a folder', ['convert', '--bundle', 'api', '-o', 'out']],
    ['--watch', ['convert', '--bundle', 'api', '-w', '-o', 'x.graphql']],
    ['a folder without inputs', ['convert', '--bundle', 'out']],
    ['a missing file', ['convert', '--bundle', 'api/order.json', 'missing.json']],
    ['two arguments without --bundle', ['convert', 'api/order.json', 'api/customer.json']],
    ['two -i without --bundle: the last counts', ['convert', '-i', 'api/order.json', '-i', 'api/customer.json']],
  ];
  for (const [name, args] of cases) {
    it(name, async () => {
      await sameInFolder(`bundle ${name}`, setup, args);
    });
  }

  it('an absolute folder and a relative file', async () => {
    await sameInFolder('bundle absolute', setup, (dir) => ['convert', '--bundle', path.join(dir, 'examples', 'orders'), 'examples/user.schema.json']);
  });

  it('examples/ bundles into one valid schema, as expected', async () => {
    const { js, files } = await sameInFolder('bundle examples expected', setup, ['convert', '--bundle', 'examples', '-o', 'x.graphql']);
    expect(js.status).toBe(0);
    const sdl = files['x.graphql']!;
    expect(sdl.match(/^extend schema @link/gm)).toHaveLength(1);
    expect(sdl.match(/^type Address /gm)).toHaveLength(1);
    expect(sdl.match(/^extend type Query /gm)).toHaveLength(2);
    // The result reads back (graphql-js / apollo-compiler validation) in both CLIs.
    const back = await sameInFolder('bundle examples reads back', (dir) => write(path.join(dir, 'x.graphql'), sdl), ['convert', 'x.graphql']);
    expect(back.js.status).toBe(0);
  });

  it('the input order does not matter', async () => {
    const a = await same('bundle order a', ['convert', '--bundle', 'fixtures/bundle/422-generated-names-collide/a.json', 'fixtures/bundle/422-generated-names-collide/b.json'], { cwd: ROOT });
    const b = await same('bundle order b', ['convert', '--bundle', 'fixtures/bundle/422-generated-names-collide/b.json', 'fixtures/bundle/422-generated-names-collide/a.json'], { cwd: ROOT });
    expect(a.status).toBe(0);
    expect(b).toEqual(a);
    expect(a.stdout).toBe(fs.readFileSync(path.join(ROOT, 'fixtures', 'bundle', '422-generated-names-collide', 'expected.graphql'), 'utf8'));
  });
});

describe('CLI conventions (record 0088)', () => {
  const usageCases: Array<[string, string[]]> = [
    ['old -w of --watch', ['convert', '-w']],
    ['old -w of --watch with files', ['convert', '-w', '-i', 'a.json', '-o', 'b.graphql']],
    ['old -w in a group', ['convert', '-rw']],
    ['-s is --strict in convert', ['convert', '-s']],
    ['--no-color in convert', ['convert', '--no-color']],
    ['--no-color then --color', ['convert', '--no-color', '--color', 'always']],
    ['--include without -r: convert', ['convert', '--include', '*.json']],
    ['--exclude without -r: validate', ['validate', 'json-schema', '--exclude', 'x', 'a.json']],
    ['--include without -r: migrate', ['migrate', '--include', 'x', 'a.json']],
    ['empty glob', ['convert', '-r', '--include', '']],
    ['absolute glob', ['validate', 'graphql', '-r', '--exclude', '/abs/**', '.']],
    ['unclosed class', ['migrate', '-r', '--check', '--include', 'a[b', '.']],
    ['unclosed brace', ['convert', '-r', '--exclude={a,b']],
    ['completions bash', ['completions', 'bash']],
    ['completions zsh', ['completions', 'zsh']],
    ['completions fish', ['completions', 'fish']],
    ['completions without a shell', ['completions']],
    ['completions of an unknown shell', ['completions', 'tcsh']],
    ['completions with two shells', ['completions', 'bash', 'zsh']],
    ['completions --help', ['completions', '--help']],
    ['completions unknown option', ['completions', 'bash', '--frob']],
  ];
  for (const cmd of ['convert', 'describe', 'build', 'validate', 'migrate', 'explain', 'completions', 'help']) {
    usageCases.push([`help ${cmd}`, ['help', cmd]]);
  }
  for (const sub of ['json-schema', 'graphql', 'nope']) {
    usageCases.push([`help validate ${sub}`, ['help', 'validate', sub]]);
    usageCases.push([`validate help ${sub}`, ['validate', 'help', sub]]);
  }
  for (const [name, args] of usageCases) {
    it.concurrent(name, async () => {
      await same(name, args, { input: SIMPLE });
    });
  }

  it('help validate json-schema prints the subcommand help', async () => {
    const r = await same('help-validate-json-schema', ['help', 'validate', 'json-schema']);
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([0, 'Usage: x-graphql validate json-schema [options] <path>']);
  });

  it('a short flag means one thing: -w is --write in migrate, refused in convert with a pointer', async () => {
    const r = await same('convert-w', ['convert', '-w', '-i', 'x.json']);
    expect([r.status, r.stderr]).toEqual([
      2,
      'x-graphql: error[USAGE] -w is not --watch any more (a short -w means --write, as in migrate -w); use --watch; see x-graphql convert --help\n',
    ]);
    const strict = await same('convert-s', ['convert', '-s'], { input: WARNINGS });
    expect(strict.status).toBe(1);
  });

  it('the completion scripts cover every command, subcommand, flag and choice', async () => {
    const bash = (await same('completions-bash-text', ['completions', 'bash'])).stdout;
    for (const word of ['json-schema', '--include', '--exclude', '--no-color', 'file_and_path', 'graphql-to-json', 'completions', '"validate json-schema"']) {
      expect(bash).toContain(word);
    }
    expect(bash).not.toMatch(/"convert:-w"|-w --watch/);
    const fish = (await same('completions-fish-text', ['completions', 'fish'])).stdout;
    expect(fish).toContain("complete -c x-graphql -n '__x_graphql_at \"migrate\"' -s w -l write\n");
  });

  it('colour: --no-color, FORCE_COLOR=0 off and 1..3 on, NO_COLOR first', async () => {
    const cases: Array<[string, string[], Record<string, string | undefined>, boolean]> = [
      ['force-1', [], { FORCE_COLOR: '1', NO_COLOR: undefined }, true],
      ['force-3', [], { FORCE_COLOR: '3', NO_COLOR: undefined }, true],
      ['force-empty', [], { FORCE_COLOR: '', NO_COLOR: undefined }, true],
      ['force-0', [], { FORCE_COLOR: '0', NO_COLOR: undefined }, false],
      ['force-false', [], { FORCE_COLOR: 'false', NO_COLOR: undefined }, false],
      ['force-1-no-color-flag', ['--no-color'], { FORCE_COLOR: '1', NO_COLOR: undefined }, false],
      ['force-0-color-always', ['--color', 'always'], { FORCE_COLOR: '0', NO_COLOR: undefined }, true],
      ['no-color-env-wins', [], { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
    ];
    for (const [name, flags, env, coloured] of cases) {
      const r = await same(`colour-${name}`, ['convert', ...flags], { input: WARNINGS, env });
      expect(r.stderr.includes('\x1b['), name).toBe(coloured);
    }
    const validate = await same('colour-validate-no-color', ['validate', 'json-schema', '--no-color', '-'], { input: BROKEN, env: { FORCE_COLOR: '1' } });
    expect(validate.stderr.includes('\x1b[')).toBe(false);
  });

  const tree = (dir: string) => {
    write(path.join(dir, 'schemas', 'a.json'), SIMPLE);
    write(path.join(dir, 'schemas', 'common', 'b.json'), SIMPLE);
    write(path.join(dir, 'schemas', 'drafts', 'c.json'), BROKEN);
    write(path.join(dir, 'schemas', 'node_modules', 'pkg', 'd.json'), SIMPLE);
    write(path.join(dir, 'schemas', '.hidden', 'e.json'), SIMPLE);
    write(path.join(dir, 'schemas', 'common', 'f.graphql'), 'type Query { a: String }\n');
  };
  const selections: Array<[string, string[], string]> = [
    ['--exclude prunes a folder', ['validate', 'json-schema', '-r', 'schemas', '--exclude', 'drafts'], 'validated 2 files'],
    ['--include a folder', ['validate', 'json-schema', '-r', 'schemas', '--include', 'common/**'], 'validated 1 file:'],
    ['--include names node_modules', ['validate', 'json-schema', '-r', 'schemas', '--include', 'node_modules/**', '--include', 'a.json'], 'validated 2 files'],
    ['--include names a dot-folder', ['validate', 'json-schema', '-r', 'schemas', '--include=.hidden/*.json'], 'validated 1 file:'],
    ['exclude wins over include', ['validate', 'json-schema', '-r', 'schemas', '--include', '**/*.json', '--exclude', '**/{b,c}.json'], 'validated 1 file:'],
    ['braces and classes', ['migrate', '--check', '-r', 'schemas', '--include', '{a,common/[b-c]}.json'], '0 of 2 files'],
    ['validate graphql --include', ['validate', 'graphql', '-r', 'schemas', '--include', '**/*.graphql'], 'validated 1 file:'],
    ['convert -r --exclude', ['convert', '-r', '-i', 'schemas', '-o', 'out', '--exclude', 'drafts/**'], 'converted 2 files, 0 failed'],
  ];
  for (const [name, args, summary] of selections) {
    it(`-r ${name}`, async () => {
      const { js } = await sameInFolder(`select-${name}`, tree, args);
      expect(js.stderr).toContain(summary);
    });
  }

  it('config discovery: the current folder or a parent, not above .git; --config wins', async () => {
    const root = path.join(tmp, 'config-discovery');
    const repo = path.join(root, 'repo');
    const sub = path.join(repo, 'sub', 'deep');
    write(path.join(sub, 'in.json'), INLINE);
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    // Above the repository: never read.
    write(path.join(root, 'x-graphql.config.json'), '{"inlineObjectTreshold": 0}');
    const none = await same('config-not-above-git', ['convert', 'in.json'], { cwd: sub });
    expect([none.status, none.stdout]).toEqual([0, expect.stringContaining('pos: JSON')]);

    write(path.join(repo, 'x-graphql.config.json'), '{\n  "$schema": "../schemas/x-graphql.config.schema.json",\n  "inlineObjectThreshold": 0\n}\n');
    const parent = await same('config-from-a-parent', ['convert', 'in.json'], { cwd: sub });
    expect([parent.status, parent.stdout]).toEqual([0, expect.stringContaining('pos: Pos')]);
    const here = await same('config-in-the-folder', ['convert', 'sub/deep/in.json'], { cwd: repo });
    expect(here.stdout).toContain('pos: Pos');

    write(path.join(sub, 'other.json'), '{"inlineObjectThreshold": 5}');
    const given = await same('config-flag-wins', ['convert', 'in.json', '--config', 'other.json'], { cwd: sub });
    expect(given.stdout).toContain('pos: JSON');

    // A folder of that name is not a config file; the search goes on up.
    fs.mkdirSync(path.join(sub, 'x-graphql.config.json'));
    const folder = await same('config-folder-skipped', ['convert', 'in.json'], { cwd: sub });
    expect(folder.stdout).toContain('pos: Pos');

    write(path.join(repo, 'x-graphql.config.json'), '{\n  "$schema": "x",\n  "strict": true,\n  "inlineObjectTreshold": 1\n}\n');
    const typo = await same('config-typo', ['convert', 'in.json'], { cwd: sub });
    expect([typo.status, typo.stderr]).toEqual([
      2,
      `../../x-graphql.config.json:4:3: error[INVALID_OPTION] unknown option 'inlineObjectTreshold' (did you mean "inlineObjectThreshold"?); see x-graphql convert --help\n`,
    ]);
    write(path.join(repo, 'x-graphql.config.json'), '{"refNaming": "hsh"}');
    const bad = await same('config-bad-value', ['convert', 'in.json'], { cwd: sub });
    expect(bad.stderr).toMatch(/^\.\.\/\.\.\/x-graphql\.config\.json:1:2: error\[INVALID_OPTION\] option refNaming must be one of/);
  });
});

describe('GraphQL introspection (record 0091)', () => {
  const SDL = fs.readFileSync(path.join(ROOT, 'fixtures', 'graphql-to-json', '144-introspection-interfaces-unions-one-of-directives', 'input.graphql'), 'utf8');
  const INTROSPECTION = fs.readFileSync(path.join(ROOT, 'fixtures', 'graphql-to-json', '146-introspection-under-data-with-implied-roots', 'introspection.json'), 'utf8');
  const setup = (dir: string) => {
    write(path.join(dir, 'api.graphql'), SDL);
    write(path.join(dir, 'introspection.json'), INTROSPECTION);
    write(path.join(dir, 'bad.json'), '{"__schema": {"types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "LIST", "name": null}}]}]}}\n');
  };
  const cases: Array<[string, string[], string?]> = [
    ['describe --format introspection', ['describe', 'api.graphql', '--format', 'introspection']],
    ['describe --format introspection -o', ['describe', 'api.graphql', '--format', 'introspection', '-o', 'out.json']],
    ['build --format introspection', ['build', 'introspection.json', '--format', 'introspection']],
    ['build --format introspection from stdin', ['build', '-', '--format', 'introspection'], INTROSPECTION],
    ['build --format introspection of a bad result', ['build', 'bad.json', '--format', 'introspection']],
    ['build --format of an unknown format', ['build', 'introspection.json', '--format', 'sdl']],
    ['convert infers graphql-to-json from the shape (.json)', ['convert', 'introspection.json']],
    ['convert infers graphql-to-json from the shape (stdin)', ['convert'], INTROSPECTION],
    ['convert of a bad result', ['convert', 'bad.json']],
    ['describe --help', ['describe', '--help']],
    ['build --help', ['build', '--help']],
  ];
  for (const [name, args, input] of cases) {
    it(name, async () => {
      await sameInFolder(name, setup, args, { input: input ?? '' });
    });
  }

  it('round trip through both CLIs keeps the introspection', async () => {
    const { js, files } = await sameInFolder('round-trip', setup, ['describe', 'api.graphql', '--format', 'introspection', '-o', 'i.json']);
    expect(js.status).toBe(0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-introspection-'));
    write(path.join(dir, 'i.json'), files['i.json']!);
    const sdl = await runRust(['build', 'i.json', '--format', 'introspection'], { cwd: dir });
    write(path.join(dir, 'again.graphql'), sdl.stdout);
    const again = await runJs(['describe', 'again.graphql', '--format', 'introspection'], { cwd: dir });
    expect(again.stdout).toBe(files['i.json']);
    const bad = await sameInFolder('bad', setup, ['convert', 'bad.json']);
    expect(bad.js.status).toBe(1);
    expect(bad.js.stderr).toContain('error[INTROSPECTION_INVALID] not a valid introspection result: a LIST reference needs "ofType"');
  });
});

describe('migrate -w changes only what it migrates (record 0092)', () => {
  const MIGRATE = path.join(ROOT, 'fixtures', 'migrate');
  // tabs, CRLF, number spellings without a trailing newline, odd key spacing, a deep change, no 1.x attribute
  const CASES = ['010-tabs', '011-crlf', '012-number-spellings', '013-key-spacing', '014-deeply-nested', '015-no-legacy-attribute-no-change'];
  const read = (c: string, f: string) => fs.readFileSync(path.join(MIGRATE, c, f), 'utf8');
  const setup = (d: string) => {
    for (const c of CASES) write(path.join(d, 'm', `${c}.json`), read(c, 'input.json'));
  };

  it('migrate -w rewrites each file in place, the rest of its bytes as written', async () => {
    for (const c of CASES) {
      const { js, files } = await sameInFolder(`migrate-w-${c}`, setup, ['migrate', '-w', `m/${c}.json`]);
      expect(js.status).toBe(0);
      expect(files[`m/${c}.json`]).toBe(read(c, 'expected.json'));
    }
  });

  it('migrate prints the same bytes; --check and -w -r agree', async () => {
    const printed = await sameInFolder('migrate-print-crlf', setup, ['migrate', 'm/011-crlf.json']);
    expect(printed.js.stdout).toBe(read('011-crlf', 'expected.json'));
    const check = await sameInFolder('migrate-check-r-formats', setup, ['migrate', '--check', '-r', 'm']);
    expect(check.js.status).toBe(1);
    const { js, files } = await sameInFolder('migrate-w-r-formats', setup, ['migrate', '-w', '-r', 'm']);
    expect(js.status).toBe(0);
    for (const c of CASES) expect(files[`m/${c}.json`]).toBe(read(c, 'expected.json'));
  });
});
