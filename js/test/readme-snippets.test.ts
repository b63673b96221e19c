/**
 * The TypeScript snippet of README.md's "Library" section is type-checked against the
 * package's type declarations (js/dist/index.d.ts, what users compile against: `npm run
 * build` first) and run against its sources, so the README cannot show an API that does
 * not exist or fails (issue 36: "each snippet tested"). The snippet's free inputs
 * (`jsonSchema`, `sdlText`) are given here.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as library from '../src/index';

const ROOT = path.join(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The first ```ts block after the heading `## Library`. */
function librarySnippet(): string {
  const section = README.indexOf('\n## Library\n');
  expect(section, 'README has a "## Library" section').toBeGreaterThan(0);
  const open = README.indexOf('```ts\n', section);
  const close = README.indexOf('\n```', open + 6);
  expect(open).toBeGreaterThan(section);
  return README.slice(open + 6, close + 1);
}

/** The inputs the snippet leaves to its reader. */
const PRELUDE =
  'declare const jsonSchema: Record<string, unknown>;\ndeclare const sdlText: string;\n' +
  'declare const orderText: string;\ndeclare const customerSchema: Record<string, unknown>;\n';
const JSON_SCHEMA = {
  title: 'User',
  type: 'object',
  properties: { id: { type: 'string' }, age: { type: 'integer', maximum: 1e12 }, pos: { type: 'object', properties: { x: { type: 'number' } } } },
  required: ['id'],
};
const ORDER_TEXT = '{"title": "Order", "type": "object", "properties": {"id": {"type": "string"}}}';
const CUSTOMER_SCHEMA = { title: 'Customer', type: 'object', properties: { name: { type: 'string' } } };
const SDL_TEXT = 'type Query {\n  user(id: ID!): User\n}\n\ntype User {\n  id: ID!\n  name: String\n}\n';

describe('README.md TypeScript snippet (Library)', () => {
  const snippet = librarySnippet();

  it('type-checks against the package declarations', () => {
    const declarations = path.join(ROOT, 'js', 'dist', 'index.d.ts');
    expect(fs.existsSync(declarations), 'js/dist/index.d.ts (npm run build)').toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-readme-'));
    const file = path.join(dir, 'snippet.ts');
    fs.writeFileSync(file, PRELUDE + snippet);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [path.join(ROOT, 'node_modules', '@types')],
      baseUrl: ROOT,
      paths: { 'x-graphql': ['js/dist/index.d.ts'] },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  }, 120000);

  it('runs', () => {
    const js = ts.transpileModule(snippet, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    const warned: string[] = [];
    const console = { warn: (line: string) => warned.push(line), log: () => undefined };
    const load = (id: string): unknown => {
      if (id === 'x-graphql') return library;
      throw new Error(`the snippet imports ${id}`);
    };
    const exports = {};
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('require', 'exports', 'console', 'jsonSchema', 'sdlText', 'orderText', 'customerSchema', js)(
      load,
      exports,
      console,
      JSON_SCHEMA,
      SDL_TEXT,
      ORDER_TEXT,
      CUSTOMER_SCHEMA,
    );
    // The schema's warnings were printed by the loop over `warnings`.
    expect(warned.some((w) => /^\d+:\d+ INT_RANGE /.test(w))).toBe(true);
  });
});
