/**
 * The npm CLI's fast start (decision record 0045), run by `npm run build` after tsc:
 *
 * 1. bundles js/src/cli.ts with everything it loads (its own modules, the
 *    library, commander) into js/dist/cli.bundle.js with esbuild; the
 *    dependencies loaded only on some paths (graphql, ajv, ajv-formats) stay
 *    outside and are required from node_modules when needed, as before;
 * 2. copies js/dist/cli-launch.js (js/src/cli-launch.ts) over js/dist/cli.js,
 *    the package's `bin`, which runs the bundle through its V8 code cache;
 * 3. makes that code cache, js/dist/cli.bundle.cache, by converting examples/
 *    (`-r`: refs across files, federation, file output), so the published
 *    package starts warm on the Node version it was built with (another
 *    version makes its own on first run, if it can).
 *
 * Each step was measured (docs/benchmarks.md "Cold start", record 0045).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleSource, ROOT, standInPlugin } from './bundle-setup';

const DIST = path.join(ROOT, 'js', 'dist');
const BUNDLE = path.join(DIST, 'cli.bundle.js');
const CACHE = path.join(DIST, 'cli.bundle.cache');

/**
 * commander requires `node:child_process` when it loads (about 10 ms of CPU
 * here), but uses it only to run executable subcommands, which x-graphql has
 * none of. Inside the bundle it gets a stand-in that loads the real module on
 * first use.
 */
const lazyChildProcess = standInPlugin('lazy-child-process', {
  filter: /^(node:)?child_process$/,
  from: (importer) => /[\\/]node_modules[\\/]commander[\\/]/.test(importer),
  namespace: 'lazy',
  path: 'lazy-child-process',
  contents: () =>
    "let real;\nconst load = () => (real ??= require('node:child_process'));\n" +
    'module.exports = new Proxy({}, { get: (_, key) => load()[key] });\n',
});

async function main(): Promise<void> {
  const result = await bundleSource('cli.ts', {
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['graphql', 'graphql/*', 'ajv', 'ajv/*', 'ajv-formats'],
    plugins: [lazyChildProcess],
    write: false,
    logLevel: 'warning',
  });
  // The launcher runs the bundle as a function body, where a `#!` line is not allowed.
  const code = result.outputFiles[0].text.replace(/^#!.*\n/, '');
  const id = createHash('sha256').update(code).digest('hex').slice(0, 16);
  fs.writeFileSync(BUNDLE, `// x-graphql bundle ${id}\n${code}`);

  const launcher = fs.readFileSync(path.join(DIST, 'cli-launch.js'), 'utf8');
  fs.writeFileSync(path.join(DIST, 'cli.js'), launcher, { mode: 0o755 });

  // The cache holds the functions its run compiled: `-r` over examples/ runs
  // the whole JSON -> SDL path (refs across files, federation, file output).
  fs.rmSync(CACHE, { force: true });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-bundle-'));
  try {
    execFileSync(process.execPath, [path.join(DIST, 'cli.js'), 'convert', '-r', '-i', path.join(ROOT, 'examples'), '-o', out], {
      stdio: 'ignore',
    });
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
  if (!fs.existsSync(CACHE)) throw new Error('the code cache was not written');
}

main().catch((e: unknown) => {
  process.stderr.write(`bundle-cli: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
