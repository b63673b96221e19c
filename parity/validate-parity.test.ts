/**
 * CLI parity of `validate` and `migrate` (modelled on cli-parity.test.ts): the
 * npm CLI (js/dist/cli.js) and the Rust CLI (target/debug/x-graphql) run on
 * every file in fixtures/ and fixtures/validate/ and on the migrate cases, from
 * the same folder with the same relative paths, and must give the same exit
 * code, stdout and stderr bytes (and write the same files). The GraphQL checks
 * agree byte for byte too (sdl-read and sdl_read word graphql-js's messages), so
 * no looser comparison is needed; if they ever differ, code, line and column
 * must still agree (see `sameFindings`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClis, JS_CLI, ROOT, type Run, runOne as runCli } from './cli-run';

let RUST_CLI = '';
let tmp = '';

const runOne = (command: string, args: string[], cwd: string): Promise<Run> => runCli(command, args, { cwd, encoding: 'utf8', timeoutMs: 60000 });
const runJs = (args: string[], cwd = ROOT) => runOne(process.execPath, [JS_CLI, ...args], cwd);
const runRust = (args: string[], cwd = ROOT) => runOne(RUST_CLI, args, cwd);

/** For graphql-js vs apollo-compiler findings: the same code, line and column (messages may differ). */
function sameFindings(js: Run, rust: Run): void {
  const findings = (r: Run) =>
    (JSON.parse(r.stdout) as { files: Array<{ path: string; valid: boolean; problems: Array<{ code: string; line: number; column: number }> }> }).files.map((f) => ({
      path: f.path,
      valid: f.valid,
      problems: f.problems.map((p) => [p.code, p.line, p.column]),
    }));
  expect(findings(rust)).toEqual(findings(js));
}

/** Runs both CLIs and expects the same outcome. */
async function same(args: string[], cwd = ROOT): Promise<Run> {
  const [js, rust] = await Promise.all([runJs(args, cwd), runRust(args, cwd)]);
  expect(rust.status, `${args.join(' ')}: exit code`).toBe(js.status);
  if (args[0] === 'validate' && args[1] === 'graphql' && args.includes('json') && rust.stdout !== js.stdout) {
    sameFindings(js, rust);
    return js;
  }
  expect(rust, args.join(' ')).toEqual(js);
  return js;
}

/** Every file under `dir` (relative path -> content). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) visit(r);
      else out[r] = fs.readFileSync(path.join(dir, r), 'utf8');
    }
  };
  visit('');
  return out;
}

let scenarios = 0;
/** Both CLIs in a fresh copy of `source` (rebuilt between the runs): same output, same files written. */
async function sameInCopy(source: string, args: string[]): Promise<{ js: Run; files: Record<string, string> }> {
  const dir = path.join(tmp, `copy-${++scenarios}`);
  const fresh = () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(source, dir, { recursive: true });
  };
  fresh();
  const js = await runJs(args, dir);
  const jsFiles = snapshot(dir);
  fresh();
  const rust = await runRust(args, dir);
  expect(rust, args.join(' ')).toEqual(js);
  expect(snapshot(dir)).toEqual(jsFiles);
  return { js, files: jsFiles };
}

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-validate-parity-'));
}, 900000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const cases = (folder: string) =>
  fs
    .readdirSync(path.join(ROOT, 'fixtures', folder))
    .filter((d) => fs.statSync(path.join(ROOT, 'fixtures', folder, d)).isDirectory())
    .sort();

// The -r runs validate every file of the fixture folders one by one (each file
// is its own report); running the CLIs once per file would only add process starts.
describe('validate: every fixture', () => {
  for (const format of ['human', 'json']) {
    it(`json-schema -r fixtures/json-to-graphql (${format})`, async () => {
      const js = await same(['validate', 'json-schema', '-r', 'fixtures/json-to-graphql', '--format', format]);
      expect(js.status).toBe(1);
    });
    it(`graphql -r fixtures/graphql-to-json (${format})`, async () => {
      await same(['validate', 'graphql', '-r', 'fixtures/graphql-to-json', '--format', format]);
    });
    it(`json-schema -r -s fixtures/validate (${format})`, async () => {
      await same(['validate', 'json-schema', '-r', '-s', 'fixtures/validate', '--format', format]);
    });
  }
});

describe('validate: fixtures/validate', () => {
  for (const c of cases('validate')) {
    it(c, async () => {
      const dir = path.join(ROOT, 'fixtures', 'validate', c);
      const graphql = fs.existsSync(path.join(dir, 'input.graphql'));
      const input = `fixtures/validate/${c}/${graphql ? 'input.graphql' : 'input.json'}`;
      const kind = graphql ? 'graphql' : 'json-schema';
      const strict = fs.existsSync(path.join(dir, 'options.json')) ? ['-s'] : [];
      const human = await same(['validate', kind, ...strict, input]);
      const json = await same(['validate', kind, ...strict, '--format', 'json', input]);
      // The verdict is the expected one, and so is the report.
      const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { valid: boolean; problems: unknown[] };
      expect(human.status).toBe(expected.valid ? 0 : 1);
      const report = JSON.parse(json.stdout) as { files: Array<{ valid: boolean; problems: unknown[] }> };
      expect(report.files[0].valid).toBe(expected.valid);
      expect(report.files[0].problems).toEqual(expected.problems);
    });
  }
});

describe('migrate', () => {
  for (const c of cases('migrate')) {
    it(c, async () => {
      const input = `fixtures/migrate/${c}/input.json`;
      const printed = await same(['migrate', input]);
      expect(printed.stdout).toBe(fs.readFileSync(path.join(ROOT, 'fixtures', 'migrate', c, 'expected.json'), 'utf8'));
      const check = await same(['migrate', '--check', input]);
      expect(check.status).toBe(c.includes('no-change') ? 0 : 1);
      const { files } = await sameInCopy(path.join(ROOT, 'fixtures', 'migrate', c), ['migrate', '-w', 'input.json']);
      expect(files['input.json']).toBe(c.includes('no-change') ? fs.readFileSync(path.join(ROOT, input), 'utf8') : files['expected.json']);
    });
  }
  it('-r with --check and with -w', async () => {
    const check = await same(['migrate', '-r', '--check', 'fixtures/migrate']);
    expect(check.status).toBe(1);
    await sameInCopy(path.join(ROOT, 'fixtures', 'migrate'), ['migrate', '-r', '-w', '.']);
  });
  it('a file that is not JSON', async () => {
    const js = await same(['migrate', 'fixtures/validate/001-json-syntax/input.json']);
    expect(js.status).toBe(1);
  });
});

describe('usage and I/O', () => {
  const lines: string[][] = [
    ['--help'],
    ['help', 'validate'],
    ['help', 'migrate'],
    ['validate'],
    ['validate', '-h'],
    ['validate', 'help'],
    ['validate', 'help', 'graphql'],
    ['validate', 'help', 'nope'],
    ['validate', 'jsn-schema'],
    ['validate', '--strict'],
    ['validate', 'json-schema'],
    ['validate', 'json-schema', '--help'],
    ['validate', 'graphql', '-h'],
    ['validate', 'json-schema', 'a', 'b'],
    ['validate', 'json-schema', '--formt', 'json', 'a'],
    ['validate', 'json-schema', '--format'],
    ['validate', 'json-schema', '--format', 'xml', 'a', '-h'],
    ['validate', 'json-schema', '-rsx', 'a'],
    ['validate', 'json-schema', '--format=json', 'missing.json'],
    ['validate', 'json-schema', '-r', 'missing-folder'],
    ['validate', 'json-schema', 'fixtures'],
    ['validate', 'json-schema', '-r', 'fixtures/README.md'],
    ['validate', 'graphql', '--', '-x'],
    ['migrate'],
    ['migrate', '-h'],
    ['migrate', '--chek', 'a'],
    ['migrate', '-w', '--check', 'a'],
    ['migrate', '-r', 'fixtures/migrate'],
    ['migrate', 'missing.json'],
    ['migrat', 'x'],
  ];
  for (const args of lines) {
    it(args.join(' '), async () => {
      const js = await same(args);
      expect([0, 1, 2, 3]).toContain(js.status);
    });
  }
});
