/**
 * The published package works: `npm pack`, install the tarball into an empty
 * project, and run the `x-graphql` bin through npx. Dependencies come from the
 * local npm cache (`--prefer-offline`); only the npm registry is ever asked.
 */
import { execSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

let tmp: string;

/** The environment of a fresh shell: no settings inherited from an outer `npm run`. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(config_(local_)?prefix|package_|lifecycle_|command$|execpath$)/i.test(k)) continue;
    env[k] = v;
  }
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return env;
}

function sh(cmd: string, args: string[], opts: SpawnSyncOptions & { input?: string } = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: cleanEnv(), timeout: 280000, ...opts });
  return { status: r.status, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

function ensureBuilt(): void {
  const srcDir = path.join(ROOT, 'js', 'src');
  const newest = Math.max(...fs.readdirSync(srcDir).map((f) => fs.statSync(path.join(srcDir, f)).mtimeMs));
  const cli = path.join(ROOT, 'js', 'dist', 'cli.js');
  if (!fs.existsSync(cli) || fs.statSync(cli).mtimeMs < newest) execSync('npm run build', { cwd: ROOT, stdio: 'pipe' });
}

beforeAll(() => {
  ensureBuilt();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-pack-'));
}, 120000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

it(
  'the packed tarball installs and `npx x-graphql convert` prints SDL (and JSON Schema from SDL)',
  () => {
    const packDir = path.join(tmp, 'pack');
    const project = path.join(tmp, 'project');
    fs.mkdirSync(packDir);
    fs.mkdirSync(project);

    // Built above: `prepare` (the build, for installs from git) need not run again.
    const pack = sh(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], { cwd: ROOT });
    expect(pack.status, pack.stderr).toBe(0);
    const [info] = JSON.parse(pack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = info.files.map((f) => f.path);
    expect(files).toContain('js/dist/cli.js');
    expect(files).toContain('js/dist/index.js');
    expect(files).toContain('js/dist/index.d.ts');
    expect(files).toContain('schemas/x-graphql-extensions.schema.json');
    expect(files).toContain('schemas/federation-v2.3.graphql');
    expect(files).toContain('schemas/graphql-type-system.schema.json');
    expect(files).toContain('package.json');
    expect(files).toContain('js/dist/index.mjs');
    expect(files).toContain('js/dist/index.d.mts');
    expect(files).toContain('js/dist/browser.mjs');
    expect(files).toContain('js/dist/index.d.ts.map');
    // The declaration maps point into js/src, so the sources ship; nothing else of the repository does.
    expect(files).toContain('js/src/index.ts');
    expect(files.filter((f) => /^(js\/test|fixtures|rust|parity|scripts|docs|examples)\//.test(f))).toEqual([]);

    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'x-graphql-pack-check', version: '1.0.0', private: true }),
    );
    const install = sh(
      NPM,
      ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(packDir, path.basename(info.filename))],
      { cwd: project },
    );
    expect(install.status, install.stderr).toBe(0);

    const bin = path.join(project, 'node_modules', 'x-graphql', 'js', 'dist', 'cli.js');
    expect(fs.readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);

    // The example uses an x-graphql-* attribute, so the shipped attribute catalog is read too.
    const example = path.join(project, 'user.schema.json');
    fs.writeFileSync(
      example,
      JSON.stringify({
        title: 'User',
        type: 'object',
        properties: {
          id: { type: 'string', 'x-graphql-field-non-null': true },
          email: { type: 'string', format: 'email' },
        },
      }),
    );
    const run = sh(NPX, ['--no-install', 'x-graphql', 'convert', '-i', 'user.schema.json'], { cwd: project });
    // npm itself may warn about the machine's npm config; the tool prints nothing on stderr.
    expect(run.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('npm warn'))).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('type User {\n  id: String!\n  email: String\n}\n');

    // graphql-to-json loads graphql-js and, for a federation subgraph, the shipped federation definitions.
    fs.writeFileSync(path.join(project, 'subgraph.graphql'), 'type Product @key(fields: "upc") {\n  upc: String!\n}\n');
    const reverse = sh(NPX, ['--no-install', 'x-graphql', 'convert', '--direction', 'graphql-to-json', '-i', 'subgraph.graphql'], { cwd: project });
    expect(reverse.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('npm warn'))).toEqual([]);
    expect(reverse.status).toBe(0);
    expect(JSON.parse(reverse.stdout).definitions.Product['x-graphql-federation-keys']).toEqual(['upc']);

    // describe copies the built-ins from the shipped type-system schema; build validates against it (ajv).
    const described = sh(NPX, ['--no-install', 'x-graphql', 'describe', 'subgraph.graphql', '-o', 'types.json'], { cwd: project });
    expect(described.status, described.stderr).toBe(0);
    const types = JSON.parse(fs.readFileSync(path.join(project, 'types.json'), 'utf8')) as { scalars: Array<{ isBuiltIn: boolean }> };
    expect(types.scalars.filter((s) => s.isBuiltIn)).toHaveLength(5);
    const built = sh(NPX, ['--no-install', 'x-graphql', 'build', 'types.json'], { cwd: project });
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toBe('type Product @key(fields: "upc") {\n  upc: String!\n}\n');

    // The library from CommonJS and from an ES module, through the package's `exports`.
    const schema = JSON.stringify({ title: 'User', type: 'object', properties: { id: { type: 'string' } } });
    fs.writeFileSync(
      path.join(project, 'use.cjs'),
      `const x = require('x-graphql');\nconst r = x.jsonSchemaToGraphql(${schema});\n` +
        `process.stdout.write(r.output + new x.Converter().convert(r.output, 'graphql-to-json').length);\n`,
    );
    const cjs = sh(process.execPath, ['use.cjs'], { cwd: project });
    expect(cjs.stderr).toBe('');
    expect(cjs.stdout).toMatch(/^type User \{\n  id: String\n\}\n\d+$/);
    fs.writeFileSync(
      path.join(project, 'use.mjs'),
      `import { jsonSchemaToGraphql, graphqlToJsonSchema, toGraphQLSchema } from 'x-graphql';\nimport lib from 'x-graphql';\n` +
        `const r = jsonSchemaToGraphql(${schema});\n` +
        `const back = JSON.parse(graphqlToJsonSchema(r.output).output);\n` +
        `console.log(r.output === lib.jsonSchemaToGraphql(${schema}).output, Object.keys(back.definitions ?? back.$defs ?? {}).join(), Object.keys(toGraphQLSchema(${schema}).getTypeMap()).includes('User'));\n`,
    );
    const esm = sh(process.execPath, ['use.mjs'], { cwd: project });
    expect(esm.stderr).toBe('');
    expect(esm.stdout).toBe('true User true\n');
    // The `browser` condition names the browser bundle (no Node built-in in it: js/test/browser.test.ts); Node runs it too.
    fs.writeFileSync(
      path.join(project, 'use-browser.mjs'),
      `import { jsonSchemaToGraphql, describe } from 'x-graphql';\n` +
        `console.log(import.meta.resolve('x-graphql').endsWith('/js/dist/browser.mjs'), JSON.stringify(jsonSchemaToGraphql(${schema}).output), JSON.parse(describe(jsonSchemaToGraphql(${schema}).output)).scalars.length);\n`,
    );
    const browser = sh(process.execPath, ['--conditions=browser', 'use-browser.mjs'], { cwd: project });
    expect(browser.stderr).toBe('');
    expect(browser.stdout).toBe('true "type User {\\n  id: String\\n}\\n" 5\n');

    // TypeScript users: the declarations resolve under node16 (ESM and CommonJS) and bundler resolution.
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const typed = "import { jsonSchemaToGraphql, type ConversionResult } from 'x-graphql';\nconst r: ConversionResult = jsonSchemaToGraphql('{}');\nexport const out: string = r.output;\n";
    fs.writeFileSync(path.join(project, 'typed.mts'), typed);
    fs.writeFileSync(path.join(project, 'typed.cts'), typed);
    fs.writeFileSync(path.join(project, 'typed.ts'), typed);
    for (const [module, resolution, file] of [
      ['node16', 'node16', 'typed.mts'],
      ['node16', 'node16', 'typed.cts'],
      ['esnext', 'bundler', 'typed.ts'],
    ]) {
      const check = sh(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', 'false', '--target', 'es2022', '--module', module, '--moduleResolution', resolution, file], { cwd: project });
      expect(check.stdout + check.stderr, `${module}/${resolution} ${file}`).toBe('');
      expect(check.status).toBe(0);
    }

    const version = sh(NPX, ['--no-install', 'x-graphql', '--version'], { cwd: project });
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  },
  300000,
);
