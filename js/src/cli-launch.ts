#!/usr/bin/env node
/**
 * The npm CLI's start (decision record 0045): `npm run build` copies this
 * module's compiled file over js/dist/cli.js, the package's `bin`.
 *
 * It runs js/dist/cli.bundle.js, the whole CLI (cli.ts, the library, commander)
 * bundled into one file by scripts/bundle-cli.ts, through `vm.Script` with a
 * V8 code cache kept next to it in js/dist/cli.bundle.cache. Node 20 has no
 * `module.enableCompileCache`; this is its hand-made equivalent. Measured on a
 * small `convert` (docs/benchmarks.md "Cold start"): loading some 40 separate
 * modules and compiling them cold cost 55 - 75 ms of CPU above `node -e 0`;
 * one bundle read from its code cache costs 15 - 30 ms (1.14 - 1.29x).
 *
 * The bundle is an ordinary CommonJS module body: it gets this module's
 * `exports`, `require` and `module`, so `require.main === module` in cli.ts
 * holds exactly when this file is the program, and `require('./cli')` (a batch
 * worker, cli-batch.ts) gets cli.ts's exports without running the CLI.
 *
 * The cache is an optimisation only; every problem with it is silent:
 * - its header names the bundle build it was made from (the bundle's first
 *   line, `// x-graphql bundle <id>`); another build's cache is not used;
 * - V8 itself rejects a cache of another V8 version or flags (or damaged);
 * - a missing or rejected cache is made again at exit, by the program only
 *   (not in workers), written to a temporary file and renamed into place, and
 *   not at all when the folder is not writable (a read-only install just runs
 *   without it).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as vm from 'vm';

const BUNDLE = path.join(__dirname, 'cli.bundle.js');
const CACHE = path.join(__dirname, 'cli.bundle.cache');

/** The build id on the bundle's first line, or '' when it has none. */
function buildId(source: string): string {
  const m = /^\/\/ x-graphql bundle ([0-9a-f]+)\n/.exec(source.slice(0, 64));
  return m === null ? '' : m[1];
}

/** The cache's code, when its header names this build; its header is `<id>\n`. */
function readCache(id: string): Buffer | undefined {
  if (id === '') return undefined;
  let data: Buffer;
  try {
    data = fs.readFileSync(CACHE);
  } catch {
    return undefined;
  }
  const header = Buffer.from(`${id}\n`, 'latin1');
  if (data.length <= header.length || !data.subarray(0, header.length).equals(header)) return undefined;
  return data.subarray(header.length);
}

/** Writes the cache of `script` after the run (so the functions the run compiled are in it); never fails. */
function writeCacheAtExit(script: vm.Script, id: string): void {
  try {
    fs.accessSync(__dirname, fs.constants.W_OK);
  } catch {
    return; // a read-only install
  }
  process.once('exit', () => {
    const tmp = `${CACHE}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, Buffer.concat([Buffer.from(`${id}\n`, 'latin1'), script.createCachedData()]));
      fs.renameSync(tmp, CACHE);
    } catch {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // never written
      }
    }
  });
}

function start(): void {
  const source = fs.readFileSync(BUNDLE, 'utf8');
  const id = buildId(source);
  const cachedData = readCache(id);
  // The same wrapper Node puts around a CommonJS module.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: BUNDLE, cachedData });
  if (id !== '' && require.main === module && (cachedData === undefined || script.cachedDataRejected === true)) {
    writeCacheAtExit(script, id);
  }
  const body = script.runInThisContext() as (
    exports: unknown,
    req: NodeRequire,
    mod: NodeModule,
    filename: string,
    dirname: string,
  ) => void;
  body.call(module.exports, module.exports, require, module, BUNDLE, __dirname);
}

start();
