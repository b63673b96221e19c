/**
 * Shared test support: reading golden cases and the invariants every golden
 * SDL must hold (it builds and validates with graphql-js, with the federation
 * definitions when it links federation).
 */
import { MAX_FEDERATION_MINOR, federationDefinitionsSdl, federationPrintNames, linkedMinorInText } from '../src/federation';
import type { JsonValue } from '../src/load';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildASTSchema, getDirectiveValues, parse, validateSchema, valueFromASTUntyped, visit, type DirectiveNode, type GraphQLSchema, type DocumentNode } from 'graphql';
import type { ConverterOptions } from '../src/options';
import { adoptOrphanExtensions } from '../src/sdl-orphans';

export const ROOT = path.resolve(__dirname, '..', '..');
export const FIXTURES = path.join(ROOT, 'fixtures');
export const UPDATE = process.env.UPDATE_GOLDEN === '1';

export interface GoldenCase {
  name: string;
  dir: string;
  input: string;
  options: ConverterOptions;
  expected?: string;
  expectedError?: { code: string; pointer?: string; line?: number; column?: number };
  expectedWarnings?: Array<{ code: string; pointer?: string }>;
}

/** Every `.graphql` file under fixtures/ (inputs and expected outputs of every folder). */
export function fixtureSdlFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.graphql')) files.push(p);
    }
  };
  walk(FIXTURES);
  return files;
}

function readIf(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/** The cases of one direction folder, in name order. `options.json` may name `fileName`. */
export function goldenCases(direction: string, inputName: string): GoldenCase[] {
  const base = path.join(FIXTURES, direction);
  if (!fs.existsSync(base)) return [];
  return fs
    .readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = path.join(base, name);
      const options = JSON.parse(readIf(path.join(dir, 'options.json')) ?? '{}') as ConverterOptions;
      const err = readIf(path.join(dir, 'expected-error.json'));
      const warnings = readIf(path.join(dir, 'expected-warnings.json'));
      return {
        name,
        dir,
        input: fs.readFileSync(path.join(dir, inputName), 'utf8'),
        options: { ...options, baseDir: dir },
        expected: readIf(path.join(dir, 'expected.graphql')),
        ...(err !== undefined ? { expectedError: JSON.parse(err) } : {}),
        ...(warnings !== undefined ? { expectedWarnings: JSON.parse(warnings) } : {}),
      };
    });
}


/**
 * Problems graphql-js finds in an SDL document; a missing Query type is not
 * one (our output is often a library of types rather than a whole API).
 * `federation`: prepend the federation definitions (by default when the
 * document links federation; `federationLink: false` output needs them too).
 */
export function graphqlJsProblems(sdl: string, federation = /^extend schema @link\(/m.test(sdl)): string[] {
  let source = sdl;
  if (federation) {
    // The definitions of the version the document links, under the link's names (every version's without a link: federationLink false).
    source = federationDefinitionsSdl(linkedMinorInText(sdl) ?? MAX_FEDERATION_MINOR, linkNames(sdl)) + '\n' + sdl;
  }
  try {
    // A subgraph's orphan `extend type` is its type's definition, as buildSubgraphSchema reads it (record 0076).
    const ast = federation ? adoptOrphanExtensions(parse(source)).doc : parse(source);
    const schema = buildASTSchema(ast);
    return [
      ...validateSchema(schema)
        .map((e) => e.message)
        .filter((m) => m !== 'Query root type must be provided.'),
      ...directiveValueProblems(schema, ast),
    ];
  } catch (e) {
    return [(e as Error).message];
  }
}

/** The names the document's federation @link gives federation directives (federation.ts `federationPrintNames`). */
function linkNames(sdl: string): Map<string, string> | undefined {
  let ast: DocumentNode;
  try {
    ast = parse(sdl);
  } catch {
    return undefined;
  }
  for (const def of ast.definitions) {
    if (def.kind !== 'SchemaExtension') continue;
    for (const d of def.directives ?? []) {
      if (d.name.value !== 'link') continue;
      const names = federationPrintNames([{ name: 'link', args: (d.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value) as JsonValue]) }]);
      if (names !== undefined) return names;
    }
  }
  return undefined;
}

/**
 * Applied directives whose argument values do not coerce to their definition's
 * types. `validateSDL` (inside buildASTSchema) checks argument names and required
 * arguments but not values; a server or `buildSubgraphSchema` coerces them, so
 * `@cacheControl(maxAge: "sixty")` against `maxAge: Int` must count as invalid.
 */
function directiveValueProblems(schema: GraphQLSchema, ast: DocumentNode): string[] {
  const problems: string[] = [];
  visit(ast, {
    Directive(node: DirectiveNode) {
      const def = schema.getDirective(node.name.value);
      if (def === undefined || def === null) return;
      try {
        getDirectiveValues(def, { directives: [node] });
      } catch (e) {
        problems.push(`@${node.name.value}: ${(e as Error).message}`);
      }
    },
  });
  return problems;
}
