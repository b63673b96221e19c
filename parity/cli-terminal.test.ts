/**
 * What both CLIs show a person (issue 10): colour, code frames, the progress
 * line, --quiet and --watch, compared between the npm CLI (js/dist/cli.js) and
 * the Rust CLI (target/debug/x-graphql).
 *
 * - Through plain pipes (CI): no colour, no progress line, same bytes.
 * - Through a pseudo-terminal (`script -qec CMD /dev/null`, util-linux): the
 *   progress line and colour appear; with the progress frames taken out, both
 *   CLIs show the same bytes.
 * - Watch mode: a file edited good -> bad -> good, then SIGINT; both print the
 *   same lines except the millisecond counts and end with 130.
 * Waiting is polling with a deadline, never a fixed long sleep.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClis } from './cli-run';

const ROOT = path.resolve(__dirname, '..');
const JS_CLI = path.join(ROOT, 'js', 'dist', 'cli.js');
let RUST_CLI = '';
let tmp = '';
const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

const CLIS = {
  js: (): string[] => [process.execPath, JS_CLI],
  rust: (): string[] => [RUST_CLI],
};
type Cli = keyof typeof CLIS;

/** Environment without the colour switches of whoever runs the tests. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e = { ...process.env };
  delete e.NO_COLOR;
  delete e.FORCE_COLOR;
  return { ...e, TERM: 'xterm', ...extra };
}

function run(cli: Cli, args: string[], cwd: string, extra: Record<string, string> = {}): Run {
  const [cmd, ...pre] = CLIS[cli]();
  const r = spawnSync(cmd, [...pre, ...args], { cwd, env: env(extra), encoding: 'utf8', input: '' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs in a pseudo-terminal; returns what the terminal showed, CR LF made LF. */
function runInTerminal(cli: Cli, args: string[], cwd: string, extra: Record<string, string> = {}): Run {
  const command = [...CLIS[cli](), ...args].map(quote).join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd, env: env(extra), encoding: 'utf8', input: '' });
  return { status: r.status, stdout: r.stdout.replace(/\r\n/g, '\n'), stderr: r.stderr };
}

const PROGRESS_FRAME = /\r\x1b\[K(converting \d+\/\d+ files, \d+ failed, \d+\.\ds)?/g;

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** Writes through a temporary file and a rename, as editors save. */
function save(file: string, text: string): void {
  const t = `${file}.tmp-save`;
  fs.writeFileSync(t, text);
  fs.renameSync(t, file);
}

const good = (title: string) =>
  JSON.stringify({ title, type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, null, 2) + '\n';
const BAD = '{\n  "title": "T",\n  "type": ,\n}\n';
const WARNING = JSON.stringify({ title: 'W', type: 'object', properties: { n: { type: 'integer', maximum: 1e12 } } });

/** A tree of `n` good files, one with a warning and one that is not JSON. */
function tree(dir: string, n: number): void {
  for (let i = 0; i < n; i++) write(path.join(dir, 'in', `f${String(i).padStart(3, '0')}.json`), good(`T${i}`));
  write(path.join(dir, 'in', 'sub', 'bad.json'), BAD);
  write(path.join(dir, 'in', 'sub', 'warn.json'), WARNING);
}

function folder(name: string, setup: (dir: string) => void): string {
  const dir = path.join(tmp, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  setup(dir);
  return dir;
}

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-cli-terminal-'));
}, 900000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const FRAME_3_11 = 'in/sub/bad.json:3:11: error[JSON_SYNTAX] Unexpected character \',\' (expected a value)\n2 |   "title": "T",\n3 |   "type": ,\n  |           ^\n4 | }\n';

describe('through pipes (CI)', () => {
  it('no colour and no progress line, even over many files; the same bytes from both CLIs', () => {
    const dir = folder('pipes', (d) => tree(d, 40));
    const js = run('js', ['convert', '-r', '-i', 'in', '-o', 'out'], dir);
    fs.rmSync(path.join(dir, 'out'), { recursive: true });
    const rust = run('rust', ['convert', '-r', '-i', 'in', '-o', 'out'], dir);
    expect(rust).toEqual(js);
    expect(js.status).toBe(1);
    expect(js.stderr).not.toMatch(/[\x1b\r]/);
    expect(js.stderr).toBe(
      FRAME_3_11 + `in/sub/warn.json:1:66: warning[INT_RANGE] ${js.stderr.split('warning[INT_RANGE] ')[1].split('\n')[0]}\nconverted 41 files, 1 failed\n`,
    );
  });

  it('--color always, FORCE_COLOR and NO_COLOR; --color beats the environment', () => {
    const dir = folder('colour', (d) => write(path.join(d, 'in', 'sub', 'bad.json'), BAD));
    const args = ['convert', '-i', 'in/sub/bad.json'];
    const coloured = run('js', [...args, '--color', 'always'], dir);
    expect(run('rust', [...args, '--color', 'always'], dir)).toEqual(coloured);
    expect(coloured.stderr.startsWith('\x1b[1min/sub/bad.json:3:11:\x1b[0m \x1b[1;31merror[JSON_SYNTAX]\x1b[0m ')).toBe(true);
    expect(coloured.stderr).toContain('\x1b[1;34m  |\x1b[0m \x1b[1;31m          ^\x1b[0m\n');
    expect(coloured.stderr.replace(/\x1b\[[0-9;]*m/g, '')).toBe(FRAME_3_11);
    for (const cli of ['js', 'rust'] as const) {
      expect(run(cli, args, dir, { FORCE_COLOR: '1' }).stderr, cli).toBe(coloured.stderr);
      expect(run(cli, args, dir, { FORCE_COLOR: '1', NO_COLOR: '1' }).stderr, cli).toBe(FRAME_3_11);
      expect(run(cli, [...args, '--color', 'always'], dir, { NO_COLOR: '1' }).stderr, cli).toBe(coloured.stderr);
      expect(run(cli, [...args, '--color', 'never'], dir, { FORCE_COLOR: '1' }).stderr, cli).toBe(FRAME_3_11);
    }
  });

  it('SDL errors get a code frame too', () => {
    const dir = folder('sdl', (d) => write(path.join(d, 'api.graphql'), 'type Query {\n  a: String\n  b: = 1\n}\n'));
    const args = ['convert', '--direction', 'graphql-to-json', '-i', 'api.graphql'];
    const js = run('js', args, dir);
    expect(run('rust', args, dir)).toEqual(js);
    expect(js.stderr).toBe(
      'api.graphql:3:6: error[GRAPHQL_SYNTAX] Syntax Error: Expected Name, found "=".\n2 |   a: String\n3 |   b: = 1\n  |      ^\n4 | }\n',
    );
  });

  it('--quiet prints errors only: no warnings, no summary', () => {
    const dir = folder('quiet', (d) => tree(d, 3));
    const js = run('js', ['convert', '-r', '-i', 'in', '-o', 'out', '--quiet'], dir);
    fs.rmSync(path.join(dir, 'out'), { recursive: true });
    const rust = run('rust', ['convert', '-r', '-i', 'in', '-o', 'out', '-q'], dir);
    expect(rust).toEqual(js);
    expect(js.stderr).toBe(FRAME_3_11);
    const ok = run('rust', ['convert', '-i', 'in/sub/warn.json', '-q'], dir);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toMatch(/^type W/);
  });

  it('new flags: suggestions for a mistyped one, bad --color, short groups; help ends with examples', () => {
    const cases: string[][] = [
      ['convert', '--colour', 'always'],
      ['convert', '--quite'],
      ['convert', '--wacth'],
      ['convert', '--color', 'blue'],
      ['convert', '--color'],
      ['convert', '-qw'],
      ['convert', '-q', '--color=never', '-i', 'examples/user.schema.json'],
      ['convret'],
      ['--help'],
      ['convert', '--help'],
      ['help', 'convert'],
    ];
    for (const args of cases) {
      const js = run('js', args, ROOT);
      expect(run('rust', args, ROOT), args.join(' ')).toEqual(js);
    }
    expect(run('js', ['convert', '--colour', 'always'], ROOT).stderr).toContain('(Did you mean --color?)');
    expect(run('js', ['convert', '--quite'], ROOT).stderr).toContain('(Did you mean --quiet?)');
    expect(run('js', ['convret'], ROOT).stderr).toContain('(Did you mean convert?)');
    const help = run('js', ['convert', '--help'], ROOT).stdout;
    // every long flag appears in an example
    const flags = [...help.split('Examples:')[0].matchAll(/--[a-z-]+/g)].map((m) => m[0]).filter((f) => f !== '--help');
    const examples = help.split('Examples:')[1];
    for (const flag of new Set(flags)) {
      const short = help.match(new RegExp(`(-[a-z]), ${flag}\\b`))?.[1];
      expect(examples.includes(flag) || (short !== undefined && new RegExp(` ${short}\\b`).test(examples)), flag).toBe(true);
    }
    expect(run('js', ['--help'], ROOT).stdout).toContain('\nExamples:\n  x-graphql convert -i user.schema.json -o user.graphql\n');
  });

  it('--watch needs -i and -o (usage errors, exit 2)', () => {
    for (const args of [['convert', '--watch'], ['convert', '--watch', '-i', 'x.json']]) {
      const js = run('js', args, ROOT);
      expect(run('rust', args, ROOT)).toEqual(js);
      expect(js.status).toBe(2);
      expect(js.stderr).toMatch(/^x-graphql: error\[USAGE\] --watch needs -[io] <file\|folder>; see x-graphql convert --help\n$/);
    }
  });
});

describe.skipIf(!HAS_SCRIPT)('in a terminal (pseudo-terminal through script)', () => {
  it('shows the progress line for more than 30 files and colour; the rest is what both CLIs print', () => {
    const dir = folder('tty', (d) => tree(d, 40));
    const shown: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true });
      const r = runInTerminal(cli, ['convert', '-r', '-i', 'in', '-o', 'out'], dir);
      expect(r.status, cli).toBe(1);
      const frames = [...r.stdout.matchAll(PROGRESS_FRAME)].map((m) => m[1]).filter((t) => t !== undefined);
      expect(frames[0], cli).toMatch(/^converting 0\/42 files, 0 failed, 0\.\ds$/);
      expect(frames.at(-1), cli).toMatch(/^converting 42\/42 files, 1 failed, \d+\.\ds$/);
      expect(r.stdout, cli).toContain('\x1b[1;31merror[JSON_SYNTAX]\x1b[0m');
      expect(r.stdout, cli).toContain('\x1b[1;33mwarning[INT_RANGE]\x1b[0m');
      shown[cli] = r.stdout.replace(PROGRESS_FRAME, '');
    }
    expect(shown.rust).toBe(shown.js);
    // Without the frames, the terminal shows what --color always sends down a pipe.
    fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true });
    expect(shown.js).toBe(run('js', ['convert', '-r', '-i', 'in', '-o', 'out', '--color', 'always'], dir).stderr);
  });

  it('no progress line for 30 files or with --quiet; NO_COLOR turns colour off', () => {
    const dir = folder('tty-few', (d) => tree(d, 28));
    for (const cli of ['js', 'rust'] as const) {
      fs.rmSync(path.join(dir, 'out'), { recursive: true, force: true });
      const few = runInTerminal(cli, ['convert', '-r', '-i', 'in', '-o', 'out'], dir, { NO_COLOR: '1' });
      expect(few.stdout, cli).not.toMatch(/[\r\x1b]/);
      expect(few.stdout, cli).toMatch(/converted 29 files, 1 failed\n$/);
    }
    const many = folder('tty-quiet', (d) => tree(d, 40));
    for (const cli of ['js', 'rust'] as const) {
      fs.rmSync(path.join(many, 'out'), { recursive: true, force: true });
      const quiet = runInTerminal(cli, ['convert', '-r', '-i', 'in', '-o', 'out', '--quiet', '--color', 'never'], many);
      expect(quiet.stdout, cli).toBe(FRAME_3_11);
    }
  });
});

/** A running CLI whose stderr is collected as it comes. */
function start(cli: Cli, args: string[], cwd: string) {
  const [cmd, ...pre] = CLIS[cli]();
  const child = spawn(cmd, [...pre, ...args], { cwd, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    exited,
    stderr: () => stderr,
    /** Waits until `re` has matched `times` times in stderr. */
    async until(re: RegExp, times = 1, ms = 15000): Promise<void> {
      const deadline = Date.now() + ms;
      const count = () => (stderr.match(new RegExp(re.source, 'g')) ?? []).length;
      while (count() < times) {
        if (Date.now() > deadline) throw new Error(`${cli}: no ${re} (x${times}) in:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

const normalMs = (s: string) => s.replace(/\(\d+ ms\)/g, '(N ms)');

describe('--watch', () => {
  it('-i file: good -> bad (error, last good output kept) -> good, then Ctrl-C ends with 130', async () => {
    const transcripts: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const dir = folder(`watch-file-${cli}`, (d) => write(path.join(d, 'a.json'), good('A')));
      const w = start(cli, ['convert', '--watch', '-i', 'a.json', '-o', 'a.graphql'], dir);
      await w.until(/watching a\.json \(Ctrl-C to stop\)\n/);
      const first = fs.readFileSync(path.join(dir, 'a.graphql'), 'utf8');
      expect(first, cli).toMatch(/^type A \{/);
      save(path.join(dir, 'a.json'), BAD);
      await w.until(/failed a\.json \(\d+ ms\), a\.graphql unchanged\n/);
      expect(fs.readFileSync(path.join(dir, 'a.graphql'), 'utf8'), cli).toBe(first);
      save(path.join(dir, 'a.json'), good('B'));
      await w.until(/converted a\.json -> a\.graphql/, 2);
      expect(fs.readFileSync(path.join(dir, 'a.graphql'), 'utf8'), cli).toMatch(/^type B \{/);
      w.child.kill('SIGINT');
      expect(await w.exited, cli).toBe(130);
      expect(fs.readdirSync(dir).sort(), cli).toEqual(['a.graphql', 'a.json']); // no temporary files left
      transcripts[cli] = normalMs(w.stderr());
    }
    expect(transcripts.rust).toBe(transcripts.js);
    expect(transcripts.js).toBe(
      'converted a.json -> a.graphql (N ms)\nwatching a.json (Ctrl-C to stop)\n' +
        'a.json:3:11: error[JSON_SYNTAX] Unexpected character \',\' (expected a value)\n2 |   "title": "T",\n3 |   "type": ,\n  |           ^\n4 | }\n' +
        'failed a.json (N ms), a.graphql unchanged\nconverted a.json -> a.graphql (N ms)\n',
    );
  });

  it('-r folder: a changed file and a new file in a subfolder are converted; SIGTERM ends with 143', async () => {
    const transcripts: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const dir = folder(`watch-tree-${cli}`, (d) => {
        write(path.join(d, 'in', 'a.json'), good('A'));
        write(path.join(d, 'in', 'sub', 'b.json'), good('B'));
      });
      const w = start(cli, ['convert', '--watch', '-r', '-i', 'in', '-o', 'out'], dir);
      await w.until(/watching in \(Ctrl-C to stop\)\n/);
      save(path.join(dir, 'in', 'sub', 'c.json'), good('C'));
      await w.until(/converted in\/sub\/c\.json -> out\/sub\/c\.graphql/);
      save(path.join(dir, 'in', 'a.json'), good('A2'));
      await w.until(/converted in\/a\.json -> out\/a\.graphql/, 2);
      expect(fs.readFileSync(path.join(dir, 'out', 'a.graphql'), 'utf8'), cli).toMatch(/^type A2 \{/);
      w.child.kill('SIGTERM');
      expect(await w.exited, cli).toBe(143);
      transcripts[cli] = normalMs(w.stderr());
    }
    expect(transcripts.rust).toBe(transcripts.js);
    expect(transcripts.js).toBe(
      [
        'converted in/a.json -> out/a.graphql (N ms)',
        'converted in/sub/b.json -> out/sub/b.graphql (N ms)',
        'watching in (Ctrl-C to stop)',
        'converted in/sub/c.json -> out/sub/c.graphql (N ms)',
        'converted in/a.json -> out/a.graphql (N ms)',
        '',
      ].join('\n'),
    );
  });
});

// ---------------------------------------------------------------------------
// validate, migrate, describe, build (record 0050): the same -q/--quiet and
// --color, code frames on stderr, a progress line for validate -r / migrate -r.
// validate's human report is on stdout: plain through a pipe, coloured and
// framed on a terminal.

const VALIDATING_FRAME = /\r\x1b\[K((?:validating|migrating) \d+\/\d+ files, \d+ failed, \d+\.\ds)?/g;
const BAD_LINE = 'in/sub/bad.json:3:11: error[JSON_SYNTAX] Unexpected character \',\' (expected a value)\n';
const BAD_SDL = 'type Query {\n  a: String\n  b: = 1\n}\n';

/** Both CLIs, through pipes, the same result; returns it. */
function both(args: string[], cwd: string, extra: Record<string, string> = {}): Run {
  const js = run('js', args, cwd, extra);
  expect(run('rust', args, cwd, extra), args.join(' ')).toEqual(js);
  return js;
}

describe('validate, migrate, describe, build through pipes', () => {
  it('validate -r: plain report on stdout, summary on stderr, no colour or progress line; --quiet keeps errors only', () => {
    const dir = folder('validate-pipes', (d) => tree(d, 40));
    const plain = both(['validate', 'json-schema', '-r', 'in'], dir);
    expect(plain.status).toBe(1);
    expect(plain.stdout).toMatch(new RegExp(`^${BAD_LINE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}in/sub/warn\\.json:1:66: warning\\[INT_RANGE\\] [^\\n]*\\n$`));
    expect(plain.stderr).toBe('validated 42 files: 41 valid, 1 invalid (1 error, 1 warning)\n');
    // --color always colours stderr only; stdout stays the plain report.
    const always = both(['validate', 'json-schema', '-r', 'in', '--color', 'always'], dir);
    expect(always.stdout).toBe(plain.stdout);
    expect(always.stdout + always.stderr).not.toMatch(/[\x1b\r]/);
    const quiet = both(['validate', 'json-schema', '-r', '-q', 'in'], dir);
    expect(quiet).toEqual({ status: 1, stdout: BAD_LINE, stderr: '' });
    // --strict makes the warning an error: --quiet keeps it.
    const strict = both(['validate', 'json-schema', '-r', '-sq', 'in'], dir);
    expect(strict.stdout.split('\n').filter((l) => l.includes('error[')).length).toBe(2);
    // --format json: stdout is the JSON report whatever --quiet and --color say.
    const json = both(['validate', 'json-schema', '-r', '--format', 'json', 'in'], dir);
    expect(both(['validate', 'json-schema', '-r', '--format', 'json', '-q', '--color', 'always', 'in'], dir)).toEqual(json);
    expect(JSON.parse(json.stdout).summary.files).toBe(42);
  });

  it('validate graphql: the report line, no frame through a pipe', () => {
    const dir = folder('validate-sdl', (d) => write(path.join(d, 'api.graphql'), BAD_SDL));
    const r = both(['validate', 'graphql', 'api.graphql', '--color', 'always'], dir);
    expect(r.stdout).toBe('api.graphql:3:6: error[GRAPHQL_SYNTAX] Syntax Error: Expected Name, found "=".\n');
  });

  it('migrate: errors with their code frame on stderr; --quiet drops the summary and the migrated lines', () => {
    const dir = folder('migrate-pipes', (d) => tree(d, 3));
    const check = both(['migrate', '--check', '-r', 'in'], dir);
    expect(check).toEqual({ status: 1, stdout: '', stderr: FRAME_3_11 + '0 of 5 files need migration, 1 failed\n' });
    expect(both(['migrate', '--check', '-r', 'in', '--quiet'], dir)).toEqual({ status: 1, stdout: '', stderr: FRAME_3_11 });
    const coloured = both(['migrate', 'in/sub/bad.json', '--color', 'always'], dir);
    expect(coloured.stderr).toContain('\x1b[1;34m  |\x1b[0m \x1b[1;31m          ^\x1b[0m\n');
    expect(coloured.stderr.replace(/\x1b\[[0-9;]*m/g, '')).toBe(FRAME_3_11);
  });

  it('describe and build: code frames for SDL and JSON errors, colour on request, NO_COLOR', () => {
    const dir = folder('typesys', (d) => {
      write(path.join(d, 'api.graphql'), BAD_SDL);
      write(path.join(d, 'in', 'sub', 'bad.json'), BAD);
    });
    const sdlFrame =
      'api.graphql:3:6: error[GRAPHQL_SYNTAX] Syntax Error: Expected Name, found "=".\n2 |   a: String\n3 |   b: = 1\n  |      ^\n4 | }\n';
    expect(both(['describe', 'api.graphql'], dir)).toEqual({ status: 1, stdout: '', stderr: sdlFrame });
    expect(both(['describe', '-q', 'api.graphql'], dir).stderr).toBe(sdlFrame);
    const built = both(['build', 'in/sub/bad.json', '--color=always'], dir);
    expect(built.status).toBe(1);
    expect(built.stderr.startsWith('\x1b[1min/sub/bad.json:3:11:\x1b[0m \x1b[1;31merror[JSON_SYNTAX]\x1b[0m ')).toBe(true);
    expect(built.stderr.replace(/\x1b\[[0-9;]*m/g, '')).toBe(FRAME_3_11);
    expect(both(['build', 'in/sub/bad.json'], dir, { FORCE_COLOR: '1', NO_COLOR: '1' }).stderr).toBe(FRAME_3_11);
    const stdin = spawnSync(RUST_CLI, ['describe', '-'], { input: BAD_SDL, encoding: 'utf8', env: env() });
    expect(stdin.stderr).toBe(sdlFrame.replace('api.graphql', '<stdin>'));
  });

  it('the new flags parse alike: mistyped, bad --color, short groups, help with an example of every flag', () => {
    const dir = folder('typesys-flags', (d) => write(path.join(d, 'api.graphql'), 'type Query { a: String }\n'));
    const cases: string[][] = [
      ['validate', 'json-schema', '--quite', 'x.json'],
      ['validate', 'graphql', '--colour', 'never', 'x'],
      ['validate', 'json-schema', '--color', 'blue', 'x.json'],
      ['validate', 'json-schema', '--color'],
      ['validate', 'graphql', '-rq', '--color=never', 'nope'],
      ['migrate', '--quite', 'x.json'],
      ['migrate', '--color', 'sometimes', 'x.json'],
      ['describe', '--quite', 'api.graphql'],
      ['describe', '--colour', 'always', 'api.graphql'],
      ['describe', '--color', 'blue', 'api.graphql'],
      ['describe', '--color'],
      ['describe', '-qo', 'out.json', 'api.graphql'],
      ['describe', '--color=never', '-q', 'api.graphql'],
      ['build', '-q', '--color', 'always', '--', 'x.json'],
    ];
    for (const args of cases) both(args, dir);
    expect(run('js', ['describe', '--quite', 'api.graphql'], dir).stderr).toContain('(Did you mean --quiet?)');
    expect(run('js', ['migrate', '--colour', 'x'], dir).stderr).toContain('(Did you mean --color?)');
    expect(fs.readFileSync(path.join(dir, 'out.json'), 'utf8')).toMatch(/^\{/);
    for (const command of [['validate', 'json-schema'], ['validate', 'graphql'], ['migrate'], ['describe'], ['build']]) {
      const help = both([...command, '--help'], dir).stdout;
      const options = help.split('Examples:')[0];
      const examples = help.split('Examples:')[1];
      expect(options, command.join(' ')).toContain('-q, --quiet');
      expect(options, command.join(' ')).toContain('--color <when>');
      expect(examples, command.join(' ')).toMatch(/ -q\b/);
      expect(examples, command.join(' ')).toContain('--color never');
    }
  });
});

describe.skipIf(!HAS_SCRIPT)('validate and migrate in a terminal (pseudo-terminal through script)', () => {
  it('validate -r over more than 30 files: progress line, then a coloured report with code frames', () => {
    const dir = folder('validate-tty', (d) => tree(d, 40));
    const shown: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const r = runInTerminal(cli, ['validate', 'json-schema', '-r', 'in'], dir);
      expect(r.status, cli).toBe(1);
      const frames = [...r.stdout.matchAll(VALIDATING_FRAME)].map((m) => m[1]).filter((t) => t !== undefined);
      expect(frames[0], cli).toMatch(/^validating 0\/42 files, 0 failed, 0\.\ds$/);
      expect(frames.at(-1), cli).toMatch(/^validating 42\/42 files, 1 failed, \d+\.\ds$/);
      shown[cli] = r.stdout.replace(VALIDATING_FRAME, '');
    }
    expect(shown.rust).toBe(shown.js);
    expect(shown.js).toContain('\x1b[1;31merror[JSON_SYNTAX]\x1b[0m');
    expect(shown.js).toContain('\x1b[1;33mwarning[INT_RANGE]\x1b[0m');
    const plain = shown.js.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain.startsWith(FRAME_3_11 + 'in/sub/warn.json:1:66: warning[INT_RANGE] ')).toBe(true);
    expect(plain.endsWith('\nvalidated 42 files: 41 valid, 1 invalid (1 error, 1 warning)\n')).toBe(true);
  });

  it('--quiet: no progress line, errors only; NO_COLOR: frames without colour; few files: no progress line', () => {
    const dir = folder('validate-tty-quiet', (d) => tree(d, 40));
    const few = folder('validate-tty-few', (d) => tree(d, 20));
    for (const cli of ['js', 'rust'] as const) {
      expect(runInTerminal(cli, ['validate', 'json-schema', '-r', '-q', 'in'], dir, { NO_COLOR: '1' }).stdout, cli).toBe(FRAME_3_11);
      const r = runInTerminal(cli, ['validate', 'json-schema', '-r', 'in'], few, { NO_COLOR: '1' });
      expect(r.stdout, cli).not.toMatch(/[\r\x1b]/);
      expect(r.stdout.startsWith(FRAME_3_11), cli).toBe(true);
    }
  });

  it('migrate --check -r over more than 30 files shows the progress line', () => {
    const dir = folder('migrate-tty', (d) => tree(d, 40));
    const shown: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const r = runInTerminal(cli, ['migrate', '--check', '-r', 'in', '--color', 'never'], dir);
      const frames = [...r.stdout.matchAll(VALIDATING_FRAME)].map((m) => m[1]).filter((t) => t !== undefined);
      expect(frames.at(-1), cli).toMatch(/^migrating 42\/42 files, 1 failed, \d+\.\ds$/);
      shown[cli] = r.stdout.replace(VALIDATING_FRAME, '');
    }
    expect(shown.rust).toBe(shown.js);
    expect(shown.js).toBe(FRAME_3_11 + '0 of 42 files need migration, 1 failed\n');
  });
});
