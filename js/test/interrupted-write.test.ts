/**
 * An interrupted write leaves the old output intact: both CLIs are killed
 * (SIGKILL: no handler runs) at moments spread over a conversion that writes to
 * an existing output file; afterwards that file holds either the old text or
 * the whole new one, never a part (the write goes to a temporary file in the
 * same folder and is renamed over the target).
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
