/**
 * An interrupted write leaves the old output intact: both CLIs are killed
 * (SIGKILL: no handler runs) at moments spread over a conversion that writes to
 * an existing output file; afterwards that file holds either the old text or
 * the whole new one, never a part (the write goes to a temporary file in the
 * same folder and is renamed over the target).
 *
 * SIGINT and SIGTERM while the temporary file exists remove it and end with
 * 130 / 143 (record 0043); before anything is written they end the process the
 * default way, in both CLIs.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClis } from '../../parity/cli-run';
import { generate } from './generate-input';
import { ROOT } from './support';

const JS_CLI = path.join(ROOT, 'js', 'dist', 'cli.js');
const OLD = 'type Old {\n  id: ID\n}\n';
let tmp = '';
let rustCli = '';

beforeAll(() => {
  rustCli = buildClis();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-interrupt-'));
  const input = generate({
    ext: 'json',
    prefix: '{"title": "Chain", "type": "object", "properties": {"first": {"$ref": "#/definitions/T0"}}, "definitions": {',
    item: '"T{i}": {"type": "object", "description": "Link {i} of the chain", "properties": {"next": {"$ref": "#/definitions/T{next}"}, "label": {"type": "string"}}}, ',
    count: 3000,
    suffix: '"T3000": {"type": "object", "properties": {"value": {"type": "string"}}}}}\n',
  });
  fs.writeFileSync(path.join(tmp, 'input.json'), input);
}, 900000);

/** A schema whose SDL is about `mb` MB: one long description, quick to convert, long to write and flush. */
function bigDescription(mb: number): string {
  const description = 'word word word word word word word word\n'.repeat(Math.round((mb * 1e6) / 40));
  return JSON.stringify({ title: 'Big', type: 'object', description, properties: { a: { type: 'string' } } });
}

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function killAfter(command: string, args: string[], ms: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: tmp, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('an interrupted write leaves the old output intact', () => {
  for (const [name, command, prefix] of [
    ['npm CLI', process.execPath, [JS_CLI]],
    ['Rust CLI', '', []],
  ] as Array<[string, string, string[]]>) {
    it(name, async () => {
      const cmd = command || rustCli;
      const args = [...prefix, 'convert', '-i', 'input.json', '-o', 'out.graphql'];
      const out = path.join(tmp, 'out.graphql');
      // A whole run: the new text, and how long a run takes.
      fs.writeFileSync(out, OLD);
      const started = Date.now();
      expect(spawnSync(cmd, args, { cwd: tmp }).status).toBe(0);
      const full = Date.now() - started;
      const fresh = fs.readFileSync(out, 'utf8');
      expect(fresh.length).toBeGreaterThan(100000);
      const seen = new Set<string>();
      // Delays from 0 to past a whole run; under load a run can take longer than the
      // measured one, so it goes on (up to 4 runs' time) until a run has finished.
      for (let i = 0; i < 32 && (i < 10 || !seen.has('new')); i++) {
        const delay = Math.round((full * i) / 8);
        fs.writeFileSync(out, OLD);
        await killAfter(cmd, args, delay);
        const now = fs.readFileSync(out, 'utf8');
        expect(now === OLD || now === fresh, `killed after ${delay} ms: a partial file`).toBe(true);
        seen.add(now === OLD ? 'old' : 'new');
      }
      // Killed early the old text stays; left alone long enough the new one arrives.
      expect(seen.has('old')).toBe(true);
      expect(seen.has('new')).toBe(true);
    }, 300000);
  }
});

function temporaryFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'));
}

/**
 * Starts `cmd args` in `dir`, sends `signal` as soon as a temporary file shows up
 * there, and resolves to how it ended and whether the signal came mid-write.
 */
function signalMidWrite(
  cmd: string,
  args: string[],
  dir: string,
  signal: NodeJS.Signals,
): Promise<{ status: number | null; signal: string | null; sent: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: dir, stdio: 'ignore' });
    let sent = false;
    const poll = setInterval(() => {
      if (!sent && temporaryFiles(dir).length > 0) {
        sent = true;
        child.kill(signal);
      }
    }, 1);
    child.on('close', (status, sig) => {
      clearInterval(poll);
      resolve({ status, signal: sig, sent });
    });
  });
}

describe('SIGINT and SIGTERM during a write remove the temporary file (record 0043)', () => {
  for (const [name, command, prefix] of [
    ['npm CLI', process.execPath, [JS_CLI]],
    ['Rust CLI', '', []],
  ] as Array<[string, string, string[]]>) {
    for (const [signal, code] of [
      ['SIGTERM', 143],
      ['SIGINT', 130],
    ] as Array<[NodeJS.Signals, number]>) {
      it(`${name}, ${signal}: exit ${code}, no temporary file, the old output`, async () => {
        const cmd = command || rustCli;
        const dir = path.join(tmp, `signal-${name.replace(' ', '-')}-${signal}`);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'big.json'), bigDescription(20));
        const out = path.join(dir, 'out.graphql');
        // Writing and flushing 20 MB takes long enough for the poll to see the
        // temporary file; a run that ended before the signal is tried again.
        let outcome: { status: number | null; signal: string | null; sent: boolean } = { status: 0, signal: null, sent: false };
        for (let attempt = 0; attempt < 5 && !outcome.sent; attempt++) {
          fs.writeFileSync(out, OLD);
          outcome = await signalMidWrite(cmd, [...prefix, 'convert', '-i', 'big.json', '-o', 'out.graphql'], dir, signal);
        }
        expect(outcome.sent, 'the signal was sent while a temporary file existed').toBe(true);
        expect(temporaryFiles(dir)).toEqual([]);
        const now = fs.readFileSync(out, 'utf8');
        if (now === OLD) {
          expect({ status: outcome.status, signal: outcome.signal }).toEqual({ status: code, signal: null });
        } else {
          // The rename came before the signal: the whole new output.
          expect(now.startsWith('"""\nword word')).toBe(true);
          expect(now.endsWith('a: String\n}\n')).toBe(true);
        }
      }, 120000);
    }
  }

  it('before anything is written, both CLIs are ended by the signal itself', async () => {
    for (const cmd of [[process.execPath, JS_CLI], [rustCli]]) {
      // Reading a stdin that never ends: nothing converted, nothing written.
      const child = spawn(cmd[0], [...cmd.slice(1), 'convert', '-o', 'never.graphql'], { cwd: tmp, stdio: ['pipe', 'ignore', 'ignore'] });
      const ended = new Promise<[number | null, string | null]>((resolve) => child.on('close', (s, sig) => resolve([s, sig])));
      await new Promise((r) => setTimeout(r, 500));
      child.kill('SIGTERM');
      expect(await ended, cmd.join(' ')).toEqual([null, 'SIGTERM']);
      expect(fs.existsSync(path.join(tmp, 'never.graphql'))).toBe(false);
    }
  }, 60000);
});
