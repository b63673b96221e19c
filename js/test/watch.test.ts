/**
 * `convert --watch` over what editors and users do to files and folders
 * (record 0048): saves that write a temporary file and rename it over the input,
 * again and again; the watched folder deleted and made again. Each scenario runs
 * the npm CLI (js/dist/cli.js) and the Rust CLI, which polls, and both must print
 * the same lines (milliseconds aside). Every wait is bounded; the CLI is killed at
 * the end of each scenario, also when it fails.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClis, JS_CLI } from '../../parity/cli-run';

let RUST_CLI = '';
let tmp = '';
const running: ChildProcess[] = [];

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-watch-'));
}, 900000);

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

type Cli = 'js' | 'rust';

function start(cli: Cli, args: string[], cwd: string) {
  const [cmd, pre] = cli === 'js' ? [process.execPath, [JS_CLI]] : [RUST_CLI, []];
  const env = { ...process.env };
  delete env.FORCE_COLOR;
  const child = spawn(cmd, [...pre, ...args], { cwd, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  child.stdout.resume();
  let exit: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      exit = code;
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    stderr: () => stderr,
    /** The exit code, or undefined while it runs. */
    exit: () => exit,
    /** Waits (at most `ms`) until `re` has matched `times` times in stderr. */
    async until(re: RegExp, times = 1, ms = 5000): Promise<void> {
      const deadline = Date.now() + ms;
      const count = () => (stderr.match(new RegExp(re.source, 'g')) ?? []).length;
      while (count() < times) {
        if (Date.now() > deadline) throw new Error(`${cli}: no ${re} (x${times}) in:\n${stderr}`);
        if (exit !== undefined) throw new Error(`${cli}: exited with ${exit} waiting for ${re}:\n${stderr}`);
        await sleep(20);
      }
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const normalMs = (s: string) => s.replace(/\(\d+ ms\)/g, '(N ms)');
const schema = (title: string) => JSON.stringify({ title, type: 'object', properties: { id: { type: 'string' } } }) + '\n';

/** What editors do: write a temporary file beside the input, then rename it over the input. */
function editorSave(file: string, text: string): void {
  const t = path.join(path.dirname(file), `.${path.basename(file)}.swp`);
  fs.writeFileSync(t, text);
  fs.renameSync(t, file);
}

function folder(name: string): string {
  const dir = path.join(tmp, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

const titleOf = (file: string) => /^type (\w+)/.exec(fs.readFileSync(file, 'utf8'))?.[1];

describe('--watch', () => {
  it('-r: every editor save is converted, not only the first', async () => {
    const transcripts: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const dir = folder(`saves-${cli}`);
      fs.mkdirSync(path.join(dir, 'in', 'sub'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'in', 'sub', 'a.json'), schema('A0'));
      const w = start(cli, ['convert', '--watch', '-r', '-i', 'in', '-o', 'out'], dir);
      await w.until(/watching in \(Ctrl-C to stop\)\n/);
      for (let i = 1; i <= 3; i++) {
        editorSave(path.join(dir, 'in', 'sub', 'a.json'), schema(`A${i}`));
        await w.until(/converted in\/sub\/a\.json -> out\/sub\/a\.graphql/, i + 1);
        expect(titleOf(path.join(dir, 'out', 'sub', 'a.graphql')), cli).toBe(`A${i}`);
      }
      w.child.kill('SIGINT');
      expect(await w.exited, cli).toBe(130);
      transcripts[cli] = normalMs(w.stderr());
    }
    expect(transcripts.rust).toBe(transcripts.js);
    expect(transcripts.js).toBe(
      'converted in/sub/a.json -> out/sub/a.graphql (N ms)\nwatching in (Ctrl-C to stop)\n' +
        'converted in/sub/a.json -> out/sub/a.graphql (N ms)\n'.repeat(3),
    );
  }, 30000);

  it('follows the files that $refs reach; a new $ref adds a file, a removed one drops it', async () => {
    const address = (extra: Record<string, unknown> = {}) =>
      JSON.stringify({ type: 'object', properties: { street: { type: 'string' }, ...extra } }) + '\n';
    const transcripts: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const dir = folder(`refs-${cli}`);
      fs.mkdirSync(path.join(dir, 'common'));
      fs.writeFileSync(
        path.join(dir, 'order.json'),
        JSON.stringify({ title: 'Order', type: 'object', properties: { shipTo: { $ref: 'common/address.json' } } }) + '\n',
      );
      fs.writeFileSync(path.join(dir, 'common', 'address.json'), address());
      fs.writeFileSync(path.join(dir, 'common', 'phone.json'), JSON.stringify({ type: 'object', properties: { number: { type: 'string' } } }) + '\n');
      const out = path.join(dir, 'order.graphql');
      const w = start(cli, ['convert', '--watch', '-i', 'order.json', '-o', 'order.graphql'], dir);
      await w.until(/watching order\.json \(Ctrl-C to stop\)\n/);
      // Editing the referenced file converts order.json again.
      editorSave(path.join(dir, 'common', 'address.json'), address({ city: { type: 'string' } }));
      await w.until(/converted order\.json -> order\.graphql/, 2);
      expect(fs.readFileSync(out, 'utf8'), cli).toContain('city: String');
      // A new $ref (in the referenced file) adds phone.json to the watched files.
      editorSave(path.join(dir, 'common', 'address.json'), address({ phone: { $ref: 'phone.json' } }));
      await w.until(/converted order\.json -> order\.graphql/, 3);
      fs.writeFileSync(path.join(dir, 'common', 'phone.json'), JSON.stringify({ type: 'object', properties: { digits: { type: 'string' } } }) + '\n');
      await w.until(/converted order\.json -> order\.graphql/, 4);
      expect(fs.readFileSync(out, 'utf8'), cli).toContain('digits: String');
      // The $ref removed, phone.json no longer matters.
      editorSave(path.join(dir, 'common', 'address.json'), address());
      await w.until(/converted order\.json -> order\.graphql/, 5);
      fs.writeFileSync(path.join(dir, 'common', 'phone.json'), '{"type": "object"}\n');
      await sleep(600);
      w.child.kill('SIGINT');
      expect(await w.exited, cli).toBe(130);
      transcripts[cli] = normalMs(w.stderr());
    }
    expect(transcripts.rust).toBe(transcripts.js);
    expect(transcripts.js).toBe(
      'converted order.json -> order.graphql (N ms)\nwatching order.json (Ctrl-C to stop)\n' +
        'converted order.json -> order.graphql (N ms)\n'.repeat(4),
    );
  }, 30000);

  it('-r: the watched folder deleted keeps it running; made again, its files are converted', async () => {
    const transcripts: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const dir = folder(`tree-gone-${cli}`);
      fs.mkdirSync(path.join(dir, 'in'));
      fs.writeFileSync(path.join(dir, 'in', 'a.json'), schema('A'));
      const w = start(cli, ['convert', '--watch', '-r', '-i', 'in', '-o', 'out'], dir);
      await w.until(/watching in \(Ctrl-C to stop\)\n/);
      fs.rmSync(path.join(dir, 'in'), { recursive: true });
      await sleep(600);
      expect(w.exit(), `${cli} ended when its folder was deleted:\n${w.stderr()}`).toBeUndefined();
      fs.mkdirSync(path.join(dir, 'in'));
      fs.writeFileSync(path.join(dir, 'in', 'a.json'), schema('B'));
      await w.until(/converted in\/a\.json -> out\/a\.graphql/, 2);
      expect(titleOf(path.join(dir, 'out', 'a.graphql')), cli).toBe('B');
      editorSave(path.join(dir, 'in', 'a.json'), schema('C'));
      await w.until(/converted in\/a\.json -> out\/a\.graphql/, 3);
      expect(titleOf(path.join(dir, 'out', 'a.graphql')), cli).toBe('C');
      w.child.kill('SIGTERM');
      expect(await w.exited, cli).toBe(143);
      transcripts[cli] = normalMs(w.stderr());
    }
    expect(transcripts.rust).toBe(transcripts.js);
  }, 30000);

  it('-i file: its folder deleted and made again, the file is converted again', async () => {
    const transcripts: Record<string, string> = {};
    for (const cli of ['js', 'rust'] as const) {
      const dir = folder(`file-gone-${cli}`);
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, 'src', 'a.json'), schema('A'));
      const w = start(cli, ['convert', '--watch', '-i', 'src/a.json', '-o', 'a.graphql'], dir);
      await w.until(/watching src\/a\.json \(Ctrl-C to stop\)\n/);
      fs.rmSync(path.join(dir, 'src'), { recursive: true });
      await sleep(400);
      expect(w.exit(), cli).toBeUndefined();
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, 'src', 'a.json'), schema('B'));
      await w.until(/converted src\/a\.json -> a\.graphql/, 2);
      expect(titleOf(path.join(dir, 'a.graphql')), cli).toBe('B');
      editorSave(path.join(dir, 'src', 'a.json'), schema('C'));
      await w.until(/converted src\/a\.json -> a\.graphql/, 3);
      expect(titleOf(path.join(dir, 'a.graphql')), cli).toBe('C');
      w.child.kill('SIGINT');
      expect(await w.exited, cli).toBe(130);
      transcripts[cli] = normalMs(w.stderr());
    }
    expect(transcripts.rust).toBe(transcripts.js);
  }, 30000);
});
