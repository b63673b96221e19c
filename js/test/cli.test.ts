/**
 * The command-line tool, driven as a user would: the compiled `js/dist/cli.js`
 * in a child process, stdin piped, files in temp folders.
 */
import { execSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'js', 'dist', 'cli.js');
const FIXTURES = path.join(ROOT, 'fixtures', 'json-to-graphql');

/** Builds js/dist unless it is newer than every source file. */
function ensureBuilt(): void {
  const srcDir = path.join(ROOT, 'js', 'src');
  const newest = Math.max(
    ...fs.readdirSync(srcDir).map((f) => fs.statSync(path.join(srcDir, f)).mtimeMs),
  );
  const built = fs.existsSync(CLI) ? fs.statSync(CLI).mtimeMs : 0;
  const index = path.join(ROOT, 'js', 'dist', 'index.js');
  const builtIndex = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (Math.min(built, builtIndex) < newest) execSync('npm run build', { cwd: ROOT, stdio: 'pipe' });
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], opts: { input?: string; cwd?: string } = {}): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? tmp,
    input: opts.input ?? '',
    encoding: 'utf8',
    timeout: 30000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Nothing a user sees may look like a stack trace. */
function expectNoStack(r: Run): void {
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stdout).not.toMatch(/^\s+at /m);
}

let tmp: string;
let n = 0;
function freshDir(): string {
  const dir = path.join(tmp, `case-${++n}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
function write(file: string, text: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}
function listTree(dir: string): string[] {
  const out: string[] = [];
  const visit = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) visit(r);
      else out.push(r);
    }
  };
  visit('');
  return out.sort();
}

const SIMPLE = JSON.stringify({
  title: 'User',
  type: 'object',
  properties: { id: { type: 'string' }, age: { type: 'integer' } },
  required: ['id'],
});
const SIMPLE_SDL = 'type User {\n  id: String!\n  age: Int\n}\n';
/** Syntax error at line 3, column 10. */
const BROKEN = '{\n  "title": "T",\n  "type": ,\n}\n';
/** An anonymous inline object of two properties: JSON under the default threshold 3. */
const INLINE = JSON.stringify({
  title: 'T',
  type: 'object',
  properties: { pos: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } } },
});

beforeAll(() => {
  ensureBuilt();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-cli-'));
}, 120000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('input and output', () => {
  it('reads stdin and writes stdout when -i and -o are absent', () => {
    const r = run(['convert'], { input: SIMPLE });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(SIMPLE_SDL);
    expect(r.stderr).toBe('');
  });

  it('prints what the library returns', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Converter } = require(path.join(ROOT, 'js', 'dist', 'index.js'));
    const input = fs.readFileSync(path.join(FIXTURES, '010-arrays', 'input.json'), 'utf8');
    const r = run(['convert'], { input });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(new Converter({ baseDir: tmp }).convert(input, 'json-to-graphql'));
  });

  it('reads stdin for -i -', () => {
    const r = run(['convert', '-i', '-'], { input: SIMPLE });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(SIMPLE_SDL);
  });

  it('reads -i and writes -o', () => {
    const dir = freshDir();
    const input = write(path.join(dir, 'user.json'), SIMPLE);
    const out = path.join(dir, 'user.graphql');
    const r = run(['convert', '-i', input, '-o', out]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(fs.readFileSync(out, 'utf8')).toBe(SIMPLE_SDL);
    expect(listTree(dir)).toEqual(['user.graphql', 'user.json']);
  });

  it('writes into an -o folder under the input name', () => {
    const dir = freshDir();
    const input = write(path.join(dir, 'in', 'user.schema.json'), SIMPLE);
    fs.mkdirSync(path.join(dir, 'out'));
    const r = run(['convert', '-i', input, '-o', path.join(dir, 'out')]);
    expect(r.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'out', 'user.schema.graphql'), 'utf8')).toBe(SIMPLE_SDL);
  });

  it('uses the file name for the root type and resolves refs from the input folder', () => {
    const dir = freshDir();
    write(path.join(dir, 'common', 'address.json'), JSON.stringify({ type: 'object', properties: { city: { type: 'string' } } }));
    write(
      path.join(dir, 'order-line.json'),
      JSON.stringify({ type: 'object', properties: { to: { $ref: 'common/address.json' } } }),
    );
    // Run from another folder: refs resolve from the input's folder, not the working folder.
    const r = run(['convert', '-i', path.join(dir, 'order-line.json')], { cwd: tmp });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('type OrderLine {\n  to: Address\n}\n\ntype Address {\n  city: String\n}\n');
  });
});

describe('graphql-to-json', () => {
  const SDL = 'type User {\n  id: ID!\n  name: String\n}\n';

  it('reads SDL on stdin and writes the JSON Schema the library returns', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Converter } = require(path.join(ROOT, 'js', 'dist', 'index.js'));
    const r = run(['convert', '--direction', 'graphql-to-json'], { input: SDL });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(new Converter().convert(SDL, 'graphql-to-json'));
    expect(JSON.parse(r.stdout).definitions.User.required).toEqual(['id']);
    // and back
    const back = run(['convert'], { input: r.stdout });
    expect(back.stdout).toBe(SDL);
  });

  it('reads -i and writes -o; an -o folder gets <name>.json for .graphql and .gql', () => {
    const dir = freshDir();
    write(path.join(dir, 'api.graphql'), SDL);
    write(path.join(dir, 'other.gql'), SDL);
    fs.mkdirSync(path.join(dir, 'out'));
    expect(run(['convert', '--direction', 'graphql-to-json', '-i', 'api.graphql', '-o', 'api.json'], { cwd: dir }).status).toBe(0);
    expect(run(['convert', '--direction', 'graphql-to-json', '-i', 'api.graphql', '-o', 'out'], { cwd: dir }).status).toBe(0);
    expect(run(['convert', '--direction', 'graphql-to-json', '-i', 'other.gql', '-o', 'out'], { cwd: dir }).status).toBe(0);
    const json = fs.readFileSync(path.join(dir, 'api.json'), 'utf8');
    expect(listTree(path.join(dir, 'out'))).toEqual(['api.json', 'other.json']);
    expect(fs.readFileSync(path.join(dir, 'out', 'other.json'), 'utf8')).toBe(json);
  });

  it('names the input file in diagnostics', () => {
    const dir = freshDir();
    write(path.join(dir, 'bad.graphql'), 'type T {\n  a: Missing\n}\n');
    const r = run(['convert', '--direction', 'graphql-to-json', '-i', 'bad.graphql'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^bad\.graphql:2:6: error\[GRAPHQL_INVALID\] Unknown type "Missing"\./);
  });

  it('-r mirrors .graphql and .gql to .json, goes on past failures, refuses to write one output twice', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    write(path.join(inRoot, 'a.graphql'), SDL);
    write(path.join(inRoot, 'a.gql'), SDL);
    write(path.join(inRoot, 'sub', 'b.gql'), 'enum Role {\n  ADMIN\n}\n');
    write(path.join(inRoot, 'sub', 'bad.graphql'), 'type {');
    write(path.join(inRoot, 'schema.json'), SIMPLE);
    const outRoot = path.join(dir, 'out');
    const r = run(['convert', '-r', '--direction', 'graphql-to-json', '-i', inRoot, '-o', outRoot]);
    expect(r.status).toBe(1);
    expect(listTree(outRoot)).toEqual(['a.json', 'sub/b.json']);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      `${path.join(inRoot, 'a.graphql')}: error[IO] cannot write output: ${path.join(outRoot, 'a.json')} was already written from ${path.join(inRoot, 'a.gql')}`,
      expect.stringMatching(new RegExp(`^${escape(path.join(inRoot, 'sub', 'bad.graphql'))}:1:6: error\\[GRAPHQL_SYNTAX\\] `)),
      // the code frame under the error (issue 10)
      '1 | type {',
      '  |      ^',
      'converted 2 files, 2 failed',
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(outRoot, 'sub', 'b.json'), 'utf8')).definitions.Role.enum).toEqual(['ADMIN']);
  });
});

describe('diagnostics', () => {
  it('exit 1 on invalid input, with <stdin>:line:column: error[CODE]', () => {
    const r = run(['convert'], { input: BROKEN });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    // the error line, then the code frame under it (issue 10)
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^<stdin>:3:11: error\[JSON_SYNTAX\] \S/);
    expect(lines[3]).toBe('  |           ^');
    expectNoStack(r);
  });

  it('names the input file as written', () => {
    const dir = freshDir();
    write(path.join(dir, 'bad.json'), BROKEN);
    const r = run(['convert', '-i', 'bad.json'], { cwd: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^bad\.json:3:11: error\[JSON_SYNTAX\] /);
  });

  it('deep SDL nesting is refused at the bracket that opens level 1,001 (record 0042)', () => {
    // graphql-js gives no position when it runs out of stack; the token scan before it does.
    const deep = `type T { a(x: JSON = ${'['.repeat(20000)}${']'.repeat(20000)}): Int }\nscalar JSON\n`;
    const r = run(['convert', '--direction', 'graphql-to-json'], { input: deep });
    expect(r.status).toBe(1);
    const [first, frame] = r.stderr.split('\n');
    expect(first).toBe('<stdin>:1:1020: error[GRAPHQL_SYNTAX] the document nests deeper than 1000 levels');
    // the code frame shows the 80 columns around the error of the long line (record 0047)
    expect(frame).toMatch(/^1 \| \.\.\.\[+\.\.\.$/);
  });

  it('leaves out line:column when the position is unknown', async () => {
    const { formatDiagnostic } = await import('../src/cli');
    const d = { code: 'GRAPHQL_SYNTAX', severity: 'error' as const, message: 'no position' };
    expect(formatDiagnostic(d, '<stdin>')).toBe('<stdin>: error[GRAPHQL_SYNTAX] no position');
    expect(formatDiagnostic({ ...d, line: 3 }, 'a.graphql')).toBe('a.graphql:3: error[GRAPHQL_SYNTAX] no position');
  });

  it('graphql-to-json: SDL errors with <stdin>:line:column: error[GRAPHQL_SYNTAX|GRAPHQL_INVALID]', () => {
    const syntax = run(['convert', '--direction', 'graphql-to-json'], { input: 'type T {\n  a: String =\n}\n' });
    expect(syntax.status).toBe(1);
    expect(syntax.stdout).toBe('');
    expect(syntax.stderr).toBe(
      `<stdin>:2:13: error[GRAPHQL_SYNTAX] Syntax Error: Expected Name, found "=".\n1 | type T {\n2 |   a: String =\n  |             ^\n3 | }\n`,
    );
    const invalid = run(['convert', '--direction', 'graphql-to-json'], { input: 'type T {\n  a: String\n  a: Int\n}\n' });
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toBe(
      '<stdin>:3:3: error[GRAPHQL_INVALID] field T.a is defined twice (first at line 2, column 3)\n2 |   a: String\n3 |   a: Int\n  |   ^\n4 | }\n',
    );
    expectNoStack(invalid);
  });

  it('prints warnings on stderr and the SDL on stdout', () => {
    const file = path.join(FIXTURES, '009-int-range-warning', 'input.json');
    const r = run(['convert', '-i', file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(fs.readFileSync(path.join(FIXTURES, '009-int-range-warning', 'expected.graphql'), 'utf8'));
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${escape(file)}:5:\\d+: warning\\[INT_RANGE\\] \\S`));
    expect(lines[1]).toMatch(new RegExp(`^${escape(file)}:8:\\d+: warning\\[INT_RANGE\\] \\S`));
  });

  it('--strict turns the first warning into an error (exit 1)', () => {
    const file = path.join(FIXTURES, '009-int-range-warning', 'input.json');
    const r = run(['convert', '--strict', '-i', file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    // the error line and its code frame (issue 10)
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(5);
    expect(r.stderr).toMatch(/:5:\d+: error\[INT_RANGE\] /);
  });

  it('names a referenced file relative to the input folder', () => {
    const dir = freshDir();
    write(
      path.join(dir, 'types.json'),
      '{\n  "definitions": {\n    "N": { "type": "integer", "maximum": 1e12 }\n  }\n}\n',
    );
    write(
      path.join(dir, 'main.json'),
      JSON.stringify({ title: 'M', type: 'object', properties: { n: { $ref: 'types.json#/definitions/N' } } }),
    );
    const r = run(['convert', '-i', path.join(dir, 'main.json')]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^${escape(path.join(dir, 'types.json'))}:3:\\d+: warning\\[INT_RANGE\\] `));
  });

  it('--validate checks the meta-schema', () => {
    const input = JSON.stringify({ title: 'T', type: 'object', properties: { a: { type: 'strin' } } });
    expect(run(['convert'], { input }).status).toBe(0);
    const r = run(['convert', '--validate'], { input });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:1:\d+: error\[SCHEMA_INVALID\] /);
  });
});

describe('usage errors (exit 2)', () => {
  const cases: Array<[string, string[]]> = [
    ['an unknown flag', ['convert', '--frobnicate']],
    ['a bad --ref-naming', ['convert', '--ref-naming', 'foo']],
    ['a negative --inline-object-threshold', ['convert', '--inline-object-threshold', '-1']],
    ['a non-number --description-block-threshold', ['convert', '--description-block-threshold', 'ten']],
    ['a bad --direction', ['convert', '--direction', 'sideways']],
    ['-r without -i', ['convert', '-r', '-o', 'out']],
    ['-r with -i -', ['convert', '-r', '-i', '-', '-o', 'out']],
    ['-r without -o', ['convert', '-r', '-i', '.']],
    ['two input arguments', ['convert', 'a.json', 'b.json']],
    ['an input argument and -i', ['convert', 'a.json', '-i', 'b.json']],
  ];
  for (const [what, args] of cases) {
    it(`for ${what}`, () => {
      const r = run(args, { input: SIMPLE });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/error\[USAGE\] .*see x-graphql convert --help$/);
      expectNoStack(r);
    });
  }

  it('for -r with a file as -i', () => {
    const dir = freshDir();
    const file = write(path.join(dir, 'a.json'), SIMPLE);
    const r = run(['convert', '-r', '-i', file, '-o', path.join(dir, 'out')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/see x-graphql convert --help/);
  });

  it('for a folder as -i without -r', () => {
    const r = run(['convert', '-i', freshDir()]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/use -r/);
  });

  it('for an unknown command or none', () => {
    const r = run(['transmogrify']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/error\[USAGE\] unknown command 'transmogrify'/);
    const none = run([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/Usage: x-graphql/);
  });


});

describe('I/O errors (exit 3)', () => {
  it('for an input file that cannot be read', () => {
    const r = run(['convert', '-i', 'no-such-file.json']);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/^no-such-file\.json: error\[IO\] cannot read input: .*ENOENT/);
    expectNoStack(r);
  });

  it('for an output that cannot be written', () => {
    const dir = freshDir();
    const r = run(['convert', '-o', path.join(dir, 'missing-folder', 'out.graphql')], { input: SIMPLE });
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/error\[IO\] cannot write output/);
    expect(listTree(dir)).toEqual([]);
    expectNoStack(r);
  });

  it('for a config file that cannot be read', () => {
    const r = run(['convert', '--config', 'no-such-config.json'], { input: SIMPLE });
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/^no-such-config\.json: error\[IO\] cannot read config/);
  });
});

describe('help and version (exit 0)', () => {
  it('--help', () => {
    const r = run(['convert', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Usage: x-graphql convert/);
    for (const flag of ['--ref-naming', '--no-federation-link', '--validate', '--config', '-r,']) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toMatch(/Exit codes: 0 ok, 1 invalid input, 2 usage error, 3 I\/O error/);
  });

  it('states the library defaults in --help', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { DEFAULT_OPTIONS } = require(path.join(ROOT, 'js', 'dist', 'options.js'));
    const help = run(['convert', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`print as block strings (default: ${DEFAULT_OPTIONS.descriptionBlockThreshold})`);
    expect(help).toContain(`become the JSON scalar (default: ${DEFAULT_OPTIONS.inlineObjectThreshold})`);
    expect(help).toContain(`(default: ${DEFAULT_OPTIONS.refNaming})`);
  });

  it('--version', () => {
    const r = run(['--version']);
    expect(r.status).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(r.stdout.trim()).toBe(pkg.version);
  });
});

describe('options', () => {
  it('flags reach the converter', () => {
    expect(run(['convert'], { input: INLINE }).stdout).toContain('pos: JSON');
    expect(run(['convert', '--inline-object-threshold', '0'], { input: INLINE }).stdout).toContain('pos: Pos');
  });

  it('defaults < --config < flags', () => {
    const dir = freshDir();
    const config = write(path.join(dir, 'options.json'), JSON.stringify({ inlineObjectThreshold: 0 }));
    const fromConfig = run(['convert', '--config', config], { input: INLINE });
    expect(fromConfig.status).toBe(0);
    expect(fromConfig.stdout).toContain('pos: Pos');
    const flagWins = run(['convert', '--config', config, '--inline-object-threshold', '5'], { input: INLINE });
    expect(flagWins.status).toBe(0);
    expect(flagWins.stdout).toContain('pos: JSON');
  });

  it('a config value the flags leave alone is kept (negatable flag)', () => {
    const dir = freshDir();
    const fed = JSON.stringify({
      title: 'P',
      type: 'object',
      'x-graphql-federation-keys': ['id'],
      properties: { id: { type: 'string' } },
      required: ['id'],
    });
    const linked = run(['convert'], { input: fed });
    expect(linked.status).toBe(0);
    expect(linked.stdout).toMatch(/^extend schema @link/);
    expect(run(['convert', '--no-federation-link'], { input: fed }).stdout).not.toMatch(/@link/);
    const config = write(path.join(dir, 'options.json'), JSON.stringify({ federationLink: false }));
    expect(run(['convert', '--config', config], { input: fed }).stdout).not.toMatch(/@link/);
  });

  // A problem with one key names the key's line:column (record 0088).
  const badConfigs: Array<[string, string, RegExp, string]> = [
    ['an unknown key', JSON.stringify({ inlineObjectTreshold: 1 }), /error\[INVALID_OPTION\] unknown option 'inlineObjectTreshold' \(did you mean "inlineObjectThreshold"\?\)/, ':1:2'],
    ['a bad value', JSON.stringify({ refNaming: 'foo' }), /error\[INVALID_OPTION\] option refNaming/, ':1:2'],
    ['not JSON', '{ inlineObjectThreshold: 1 ', /error\[USAGE\] config file is not valid JSON/, ''],
    ['not an object', '[1]', /error\[USAGE\] config file must hold a JSON object/, ''],
    ['a derived option', JSON.stringify({ baseDir: '/' }), /error\[USAGE\] option 'baseDir' cannot be set/, ':1:2'],
  ];
  for (const [what, text, message, position] of badConfigs) {
    it(`a config file with ${what} is a usage error`, () => {
      const dir = freshDir();
      const config = write(path.join(dir, 'options.json'), text);
      const r = run(['convert', '--config', config], { input: SIMPLE });
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.startsWith(`${config}${position}: `)).toBe(true);
      expect(r.stderr).toMatch(message);
      expectNoStack(r);
    });
  }
});

describe('-r over a folder tree', () => {
  it('lets a file reach a sibling folder inside the tree, never outside it', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    write(path.join(inRoot, 'common', 'address.json'), JSON.stringify({ title: 'Address', type: 'object', properties: { city: { type: 'string' } } }));
    write(path.join(inRoot, 'orders', 'order.json'), JSON.stringify({ title: 'Order', type: 'object', properties: { ship: { $ref: '../common/address.json' } } }));
    write(path.join(inRoot, 'orders', 'escape.json'), JSON.stringify({ title: 'Escape', type: 'object', properties: { x: { $ref: '../../outside.json' } } }));
    write(path.join(dir, 'outside.json'), JSON.stringify({ title: 'Secret', type: 'object', properties: { s: { type: 'string' } } }));
    const outRoot = path.join(dir, 'out');
    const r = run(['convert', '-r', '-i', inRoot, '-o', outRoot]);
    expect(r.status).toBe(1);
    expect(fs.readFileSync(path.join(outRoot, 'orders', 'order.graphql'), 'utf8')).toBe(
      'type Order {\n  ship: Address\n}\n\ntype Address {\n  city: String\n}\n',
    );
    expect(fs.existsSync(path.join(outRoot, 'orders', 'escape.graphql'))).toBe(false);
    expect(r.stderr).toContain('error[REF_OUTSIDE]');
  });

  it('reads regular files inside the tree only: links out of it are skipped unread, FIFOs never opened (record 0070)', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    write(path.join(inRoot, 'a.json'), SIMPLE);
    write(path.join(inRoot, 'r.json'), JSON.stringify({ title: 'R', type: 'object', properties: { p: { $ref: 'pipe.data' } } }));
    write(path.join(dir, 'secret.json'), '{"title": "Secret", "type": "object", "properties": {"password": {"type": "string"}}, oops}');
    fs.symlinkSync('/proc/self/environ', path.join(inRoot, 'env.json'));
    fs.symlinkSync('../secret.json', path.join(inRoot, 'secret.json'));
    fs.symlinkSync('a.json', path.join(inRoot, 'same.json'));
    fs.symlinkSync('..', path.join(inRoot, 'up'));
    execSync(`mkfifo ${JSON.stringify(path.join(inRoot, 'fifo.json'))} ${JSON.stringify(path.join(inRoot, 'pipe.data'))}`);
    const r = spawnSync(process.execPath, [CLI, 'convert', '-r', '-i', 'in', '-o', 'out'], { cwd: dir, encoding: 'utf8', timeout: 15000 });
    expect(r.signal, 'hung on a FIFO').toBeNull();
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'in/env.json: warning[LINK_OUTSIDE] skipped: a symbolic link whose target is outside in\n' +
        'in/fifo.json: error[IO] cannot read input: not a regular file\n' +
        'in/r.json:1:49: error[REF_UNRESOLVED] file reference pipe.data is not a regular file (with --unresolved-refs json, option unresolvedRefs, it becomes the JSON scalar)\n' +
        '1 | {"title":"R","type":"object","properties":{"p":{"$ref":"pipe.data"}}}\n' +
        '  |                                                 ^\n' +
        'in/secret.json: warning[LINK_OUTSIDE] skipped: a symbolic link whose target is outside in\n' +
        'converted 2 files, 2 failed\n',
    );
    expect(r.stderr).not.toContain('password');
    expect(listTree(path.join(dir, 'out'))).toEqual(['a.graphql', 'same.graphql']);
  });

  it('keeps file names as bytes: a name that is not UTF-8 and its lossy twin are two files (record 0070)', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    fs.mkdirSync(inRoot);
    const raw = Buffer.concat([Buffer.from(inRoot + '/z'), Buffer.from([0xff, 0xfe]), Buffer.from('.json')]);
    fs.writeFileSync(raw, JSON.stringify({ title: 'Raw', type: 'object', properties: { r: { type: 'string' } } }));
    write(path.join(inRoot, 'z\u{FFFD}\u{FFFD}.json'), JSON.stringify({ title: 'Twin', type: 'object', properties: { t: { type: 'string' } } }));
    const r = run(['convert', '-r', '-i', 'in', '-o', 'out'], { cwd: dir });
    expect(r.stderr).toBe('converted 2 files, 0 failed\n');
    expect(r.status).toBe(0);
    const out = Buffer.from(path.join(dir, 'out') + '/');
    expect(fs.readFileSync(Buffer.concat([out, Buffer.from('z'), Buffer.from([0xff, 0xfe]), Buffer.from('.graphql')]), 'utf8')).toBe('type Raw {\n  r: String\n}\n');
    expect(fs.readFileSync(path.join(dir, 'out', 'z\u{FFFD}\u{FFFD}.graphql'), 'utf8')).toBe('type Twin {\n  t: String\n}\n');
  });

  it('mirrors .json to .graphql, goes on past a failing file, prints a summary, exits 1', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    write(path.join(inRoot, 'a.json'), SIMPLE);
    write(path.join(inRoot, 'notes.txt'), 'not a schema');
    write(path.join(inRoot, 'sub', 'bad.json'), BROKEN);
    write(path.join(inRoot, 'sub', 'b.json'), JSON.stringify({ title: 'B', type: 'object', properties: { t: { $ref: 'types.json#/definitions/Tag' } } }));
    write(path.join(inRoot, 'sub', 'types.json'), JSON.stringify({ title: 'Types', definitions: { Tag: { type: 'object', properties: { label: { type: 'string' } } } } }));
    // A decoy: a ref in sub/ must not resolve against the tree root.
    write(
      path.join(inRoot, 'types.json'),
      JSON.stringify({ title: 'Decoy', definitions: { Tag: { type: 'object', properties: { wrong: { type: 'string' } } } } }),
    );
    write(path.join(inRoot, 'sub', 'deeper', 'c.json'), JSON.stringify({ title: 'C', type: 'object', properties: { c: { type: 'boolean' } } }));
    // A symlinked folder is not followed.
    write(path.join(dir, 'elsewhere', 'x.json'), SIMPLE);
    fs.symlinkSync(path.join(dir, 'elsewhere'), path.join(inRoot, 'link'), 'dir');

    const outRoot = path.join(dir, 'out');
    const r = run(['convert', '-r', '-i', inRoot, '-o', outRoot]);
    expect(r.status).toBe(1);
    expect(listTree(outRoot)).toEqual([
      'a.graphql',
      'sub/b.graphql',
      'sub/deeper/c.graphql',
      'sub/types.graphql',
      'types.graphql',
    ]);
    expect(fs.readFileSync(path.join(outRoot, 'a.graphql'), 'utf8')).toBe(SIMPLE_SDL);
    expect(fs.readFileSync(path.join(outRoot, 'sub', 'b.graphql'), 'utf8')).toBe(
      'type B {\n  t: Tag\n}\n\ntype Tag {\n  label: String\n}\n',
    );
    const lines = r.stderr.trimEnd().split('\n');
    // the error line, its code frame (issue 10), the summary
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(`${path.join(inRoot, 'sub', 'bad.json')}:3:11: error[JSON_SYNTAX] ${lines[0].split('] ')[1]}`);
    expect(lines[5]).toBe('converted 5 files, 1 failed');
    expectNoStack(r);
  });

  it('exits 0 when every file converts, and is deterministic', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    for (const name of ['z.json', 'm/a.json', 'a/z.json', 'B.json']) write(path.join(inRoot, name), SIMPLE);
    const first = run(['convert', '-r', '-i', inRoot, '-o', path.join(dir, 'out')]);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe('converted 4 files, 0 failed\n');
    const again = run(['convert', '-r', '-i', inRoot, '-o', path.join(dir, 'out')]);
    expect(again).toEqual(first);
    expect(listTree(path.join(dir, 'out'))).toEqual(['B.graphql', 'a/z.graphql', 'm/a.graphql', 'z.graphql']);
  });

  it('prints warnings per file', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    fs.cpSync(path.join(FIXTURES, '009-int-range-warning', 'input.json'), path.join(inRoot, 'w.json'));
    const r = run(['convert', '-r', '-i', 'in', '-o', 'out'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^in\/w\.json:5:\d+: warning\[INT_RANGE\] /m);
    expect(r.stderr).toMatch(/converted 1 file, 0 failed\n$/);
  });

  it('exits 3 when the only failures are I/O', () => {
    const dir = freshDir();
    const inRoot = path.join(dir, 'in');
    write(path.join(inRoot, 'a.json'), SIMPLE);
    write(path.join(inRoot, 'b.json'), SIMPLE);
    // The output path of a.json is taken by a folder: it cannot be written.
    fs.mkdirSync(path.join(dir, 'out', 'a.graphql'), { recursive: true });
    const r = run(['convert', '-r', '-i', inRoot, '-o', path.join(dir, 'out')]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/a\.graphql: error\[IO\] cannot write output/);
    expect(r.stderr).toMatch(/converted 1 file, 1 failed\n$/);
    expect(fs.readFileSync(path.join(dir, 'out', 'b.graphql'), 'utf8')).toBe(SIMPLE_SDL);
    expect(listTree(path.join(dir, 'out'))).toEqual(['b.graphql']);
  });

  it('exits 3 for a missing input folder', () => {
    const dir = freshDir();
    const r = run(['convert', '-r', '-i', path.join(dir, 'nope'), '-o', path.join(dir, 'out')]);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/error\[IO\] cannot read folder/);
  });
});

describe('atomic output', () => {
  it('a failed conversion leaves an existing output file untouched and no temp file', () => {
    const dir = freshDir();
    const out = write(path.join(dir, 'out.graphql'), 'OLD CONTENT\n');
    const r = run(['convert', '-o', out], { input: BROKEN });
    expect(r.status).toBe(1);
    expect(fs.readFileSync(out, 'utf8')).toBe('OLD CONTENT\n');
    expect(fs.readdirSync(dir)).toEqual(['out.graphql']);
  });

  it('a usage error leaves it untouched too', () => {
    const dir = freshDir();
    const out = write(path.join(dir, 'out.graphql'), 'OLD CONTENT\n');
    const r = run(['convert', '-o', out, '--description-block-threshold', 'many'], { input: SIMPLE });
    expect(r.status).toBe(2);
    expect(fs.readFileSync(out, 'utf8')).toBe('OLD CONTENT\n');
  });

  it('a successful conversion replaces the file and leaves no temp file', () => {
    const dir = freshDir();
    const out = write(path.join(dir, 'out.graphql'), 'OLD CONTENT\n');
    const r = run(['convert', '-o', out], { input: SIMPLE });
    expect(r.status).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(SIMPLE_SDL);
    expect(fs.readdirSync(dir)).toEqual(['out.graphql']);
  });
});

describe('process behaviour', () => {
  it('ends quietly with exit 0 when stdout is closed early (EPIPE)', () => {
    const dir = freshDir();
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 20000; i++) properties[`field${i}`] = { type: 'string' };
    // About 400 KB of SDL: far more than a pipe buffer, so the writer meets the closed pipe.
    const big = write(path.join(dir, 'big.json'), JSON.stringify({ title: 'Big', type: 'object', properties }));
    const script = `set -o pipefail; "${process.execPath}" "${CLI}" convert -i "${big}" 2>"${dir}/stderr" | head -c 10`;
    const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('type Big {');
    expect(fs.readFileSync(path.join(dir, 'stderr'), 'utf8')).toBe('');
  });

  it('converting JSON -> SDL loads neither ajv nor graphql (but --validate loads ajv)', () => {
    const dir = freshDir();
    const hook = write(
      path.join(dir, 'hook.js'),
      `const Module = require('module');
const fs = require('fs');
const seen = new Set();
const load = Module._load;
Module._load = function (request, ...rest) { seen.add(request); return load.call(this, request, ...rest); };
process.on('exit', () => fs.writeFileSync(process.env.LOADED_LOG, [...seen].join('\\n')));
`,
    );
    const input = write(path.join(dir, 'user.json'), SIMPLE);
    const loaded = (extra: string[]): string[] => {
      const log = path.join(dir, `loaded-${extra.length}.txt`);
      const r = spawnSync(process.execPath, ['--require', hook, CLI, 'convert', '-i', input, ...extra], {
        encoding: 'utf8',
        env: { ...process.env, LOADED_LOG: log },
      });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(SIMPLE_SDL);
      return fs.readFileSync(log, 'utf8').split('\n');
    };
    const plain = loaded([]);
    // The hook sees the loads (commander itself is inside the bundled CLI, record 0045).
    expect(plain).toContain('fs');
    expect(plain.filter((m) => /^(ajv|graphql)(\/|$)/.test(m) || /[\\/]node_modules[\\/](ajv|graphql)[\\/]/.test(m))).toEqual([]);
    expect(loaded(['--validate'])).toContain('ajv');
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('explain (record 0083)', () => {
  it('schemas/error-codes.json is generated from docs/errors.md as it is now', () => {
    const r = spawnSync('npx', ['tsx', 'scripts/gen-error-codes.ts', '--check'], { cwd: path.join(__dirname, '..', '..'), encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
  });

  it('prints a code\'s meaning; an unknown code is a usage error with the closest code', () => {
    const ok = run(['explain', 'int_range']);
    expect([ok.status, ok.stdout.split('\n')[0]]).toEqual([0, 'INT_RANGE: a warning (exit code 0; with --strict, an error)']);
    const bad = run(['explain', 'REF_OUTSID']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('(did you mean REF_OUTSIDE?)');
  });
});
