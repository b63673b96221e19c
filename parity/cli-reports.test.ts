/**
 * `--format text|json|github|sarif` of `convert` and `validate` (record 0089):
 * both CLIs give the same exit code and bytes, the GitHub workflow commands are
 * the ones written out below by hand, and the SARIF log passes a schema of the
 * SARIF 2.1.0 fields we emit (below, taken from the SARIF 2.1.0 standard: the
 * official schema is not among the installed packages).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClis, JS_CLI, type Run, runOne, type RunOptions } from './cli-run';

let RUST_CLI = '';
let tmp = '';
/** The cases of the second group (not in the -r runs of the first). */
let tmp2 = '';

beforeAll(() => {
  RUST_CLI = buildClis();
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-cli-reports-')));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
    fs.writeFileSync(path.join(tmp, rel), text);
  };
  write(
    'bad.json',
    '{\n  "type": "object",\n  "properties": {\n    "a": { "type": "strin" },\n    "b": { "$ref": "#/definitions/Nope" },\n    "c": { "$ref": "common/c.json" }\n  }\n}\n',
  );
  write('common/c.json', '{ "type": "object", "x-graphql-field-type": "[Int" }\n');
  write('ok.json', '{ "title": "Ok", "type": "object", "properties": { "a": { "type": "string" } } }\n');
  write('warn.json', '{ "title": "W", "type": "object", "properties": { "a": { "type": "strin" } } }\n');
  // A name GitHub's escaping and a URI must change: `%`, a newline, `,` and `:`.
  write('we,ird:na%me dir/esc.json', '{ "type": "object", "x-graphql-type-name": "a%b\\nc,d:e", "properties": { "a": { "type": "string" } } }\n');
  write('api.graphql', 'type Query { a: Strin }\n');
  tmp2 = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-cli-reports-')));
  const write2 = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(tmp2, rel)), { recursive: true });
    fs.writeFileSync(path.join(tmp2, rel), text);
  };
  write2('meta/d07.json', "{\n  \"title\": \"Seven\",\n  \"type\": \"object\",\n  \"properties\": {\n    \"a\": { \"type\": \"strin\" },\n    \"b\": { \"minimum\": \"1\", \"maximum\": [], \"exclusiveMinimum\": true, \"multipleOf\": 0 },\n    \"c\": { \"minLength\": -1, \"maxItems\": 1.5, \"uniqueItems\": \"yes\", \"readOnly\": 1 },\n    \"d\": { \"enum\": [], \"const\": 1, \"examples\": 3 },\n    \"e\": { \"items\": [{ \"type\": 5 }], \"additionalItems\": 3, \"contains\": \"x\" },\n    \"f\": { \"required\": [\"a\", \"a\"], \"title\": 1, \"description\": 2, \"format\": 3, \"pattern\": 4 },\n    \"g\": { \"required\": [1] },\n    \"h\": { \"properties\": 3, \"patternProperties\": { \"^a\": 2 }, \"definitions\": [] },\n    \"i\": { \"allOf\": [], \"anyOf\": [3], \"oneOf\": {}, \"not\": 4 },\n    \"j\": { \"dependencies\": { \"x\": 3, \"y\": [\"a\", \"a\"], \"z\": [1], \"w\": { \"type\": 1 } } },\n    \"k\": 5,\n    \"l\": { \"type\": [\"string\", \"string\"], \"$id\": 3, \"$ref\": 4, \"$comment\": 5 },\n    \"m\": { \"if\": 1, \"then\": 2, \"else\": 3, \"propertyNames\": 4, \"contentMediaType\": 5, \"contentEncoding\": 6 },\n    \"n\": { \"type\": \"array\", \"items\": { \"type\": \"strin\" } },\n    \"o\": { \"type\": [5] }\n  },\n  \"additionalProperties\": \"no\",\n  \"x-unknown\": { \"type\": 5 }\n}\n");
  write2('meta/d04.json', "{\n  \"$schema\": \"http://json-schema.org/draft-04/schema#\",\n  \"type\": \"object\",\n  \"required\": [],\n  \"properties\": {\n    \"a\": { \"exclusiveMinimum\": true },\n    \"b\": { \"exclusiveMaximum\": 3, \"maximum\": 4 },\n    \"c\": true,\n    \"d\": { \"additionalProperties\": 3, \"id\": 4, \"dependencies\": { \"x\": [] } },\n    \"e\": { \"exclusiveMinimum\": 1 }\n  }\n}\n");
  write2('meta/d19.json', "{\n  \"$schema\": \"https://json-schema.org/draft/2019-09/schema\",\n  \"$id\": \"a#b\",\n  \"type\": \"object\",\n  \"$anchor\": \"1x\",\n  \"$defs\": { \"Id\": { \"type\": \"string\", \"minLength\": -1, \"minContains\": -2, \"deprecated\": 3 } },\n  \"dependentRequired\": { \"id\": [\"id\", \"id\"], \"x\": [1], \"y\": 3 },\n  \"dependentSchemas\": { \"a\": 3 },\n  \"enum\": 3,\n  \"unevaluatedProperties\": 3,\n  \"$recursiveAnchor\": 3,\n  \"$vocabulary\": { \"https://x\": 3 }\n}\n");
  write2('meta/d20.json', "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"type\": \"object\",\n  \"$anchor\": \":x\",\n  \"$dynamicAnchor\": 3,\n  \"properties\": {\n    \"point\": { \"type\": \"array\", \"prefixItems\": { \"type\": \"number\" }, \"items\": [] },\n    \"label\": { \"type\": \"text\" },\n    \"e\": { \"enum\": [] }\n  }\n}\n");
  write2('dup.json', "{\n  \"definitions\": {\n    \"A\": { \"type\": \"object\", \"x-graphql-type-name\": \"Account\", \"properties\": { \"a\": { \"type\": \"string\" } } },\n    \"B\": { \"type\": \"object\", \"x-graphql-type-name\": \"Account\", \"properties\": { \"b\": { \"type\": \"string\" } } },\n    \"C\": {\n      \"type\": \"object\",\n      \"properties\": {\n        \"x\": { \"type\": \"string\", \"x-graphql-field-name\": \"same\" },\n        \"y\": { \"type\": \"string\", \"x-graphql-field-name\": \"same\" }\n      }\n    },\n    \"D\": { \"type\": \"object\", \"x-graphql-type-name\": \"User\", \"properties\": { \"d\": { \"type\": \"string\" } } },\n    \"E\": { \"type\": \"object\", \"x-graphql-type-name\": \"User\", \"properties\": { \"e\": { \"type\": \"string\" } } }\n  }\n}\n");
}, 900000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (tmp2) fs.rmSync(tmp2, { recursive: true, force: true });
});

async function same(args: string[], opts: RunOptions = {}): Promise<Run> {
  const o = { cwd: tmp, encoding: 'utf8' as const, ...opts };
  const js = await runOne(process.execPath, [JS_CLI, ...args], o);
  const rust = await runOne(RUST_CLI, args, o);
  expect(rust, `${args.join(' ')}: rust vs npm CLI`).toEqual(js);
  return js;
}

/** The SARIF 2.1.0 objects and properties we emit, as the standard defines them (additional properties refused). */
const SARIF_SUBSET = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: {
    message: { type: 'object', additionalProperties: false, required: ['text'], properties: { text: { type: 'string' } } },
    rule: {
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: {
        id: { type: 'string' },
        shortDescription: { $ref: '#/definitions/message' },
        fullDescription: { $ref: '#/definitions/message' },
        help: { $ref: '#/definitions/message' },
        defaultConfiguration: {
          type: 'object',
          additionalProperties: false,
          properties: { level: { enum: ['none', 'note', 'warning', 'error'] } },
        },
      },
    },
    result: {
      type: 'object',
      additionalProperties: false,
      required: ['message'],
      properties: {
        ruleId: { type: 'string' },
        ruleIndex: { type: 'integer', minimum: -1 },
        level: { enum: ['none', 'note', 'warning', 'error'] },
        message: { $ref: '#/definitions/message' },
        locations: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              physicalLocation: {
                type: 'object',
                additionalProperties: false,
                anyOf: [{ required: ['address'] }, { required: ['artifactLocation'] }],
                properties: {
                  artifactLocation: {
                    type: 'object',
                    additionalProperties: false,
                    properties: { uri: { type: 'string', format: 'uri-reference' } },
                  },
                  region: {
                    type: 'object',
                    additionalProperties: false,
                    properties: { startLine: { type: 'integer', minimum: 1 }, startColumn: { type: 'integer', minimum: 1 } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  type: 'object',
  additionalProperties: false,
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    version: { enum: ['2.1.0'] },
    runs: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            additionalProperties: false,
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                additionalProperties: false,
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  version: { type: 'string' },
                  informationUri: { type: 'string', format: 'uri' },
                  rules: { type: 'array', uniqueItems: true, items: { $ref: '#/definitions/rule' } },
                },
              },
            },
          },
          columnKind: { enum: ['utf16CodeUnits', 'unicodeCodePoints'] },
          results: { type: 'array', items: { $ref: '#/definitions/result' } },
        },
      },
    },
  },
};

function checkSarif(text: string): { runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } }; results: Array<Record<string, unknown>> }> } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(SARIF_SUBSET);
  const log = JSON.parse(text) as ReturnType<typeof checkSarif>;
  expect(validate(log) ? [] : validate.errors).toEqual([]);
  // ruleIndex names the rule of ruleId.
  const rules = log.runs[0]!.tool.driver.rules;
  for (const r of log.runs[0]!.results) expect(rules[r.ruleIndex as number]!.id).toBe(r.ruleId);
  return log;
}

describe('--format (record 0089)', () => {
  it('validate --format github: one workflow command per problem, GitHub escaping, paths from the current folder', async () => {
    const run = await same(['validate', 'json-schema', '-r', '.', '--format', 'github']);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        '::error file=bad.json,line=4,col=12,title=SCHEMA_INVALID::not a valid draft-07 JSON Schema: "type" at /properties/a/type must be one of "array", "boolean", "integer", "null", "number", "object", "string", or a non-empty array of them without repeats',
        '::warning file=bad.json,line=4,col=12,title=UNKNOWN_TYPE::type "strin" is not one of JSON Schema\'s seven types (did you mean "string"?): the field is JSON',
        '::error file=bad.json,line=5,col=12,title=REF_UNRESOLVED::reference #/definitions/Nope points at nothing (with --unresolved-refs json, option unresolvedRefs, it becomes the JSON scalar)',
        '::warning file=common/c.json,line=1,col=1,title=NO_TYPES::the schema produces no GraphQL types; the output is empty',
        '::warning file=common/c.json,line=1,col=21,title=ATTRIBUTE_SCOPE::x-graphql-field-type has no effect here: it applies to properties',
        '::error file=common/c.json,line=1,col=21,title=FIELD_TYPE_SYNTAX::"[Int" is not a GraphQL type expression',
        '::error file=warn.json,line=1,col=58,title=SCHEMA_INVALID::not a valid draft-07 JSON Schema: "type" at /properties/a/type must be one of "array", "boolean", "integer", "null", "number", "object", "string", or a non-empty array of them without repeats',
        '::warning file=warn.json,line=1,col=58,title=UNKNOWN_TYPE::type "strin" is not one of JSON Schema\'s seven types (did you mean "string"?): the field is JSON',
        '::error file=we%2Cird%3Ana%25me dir/esc.json,line=1,col=21,title=INVALID_NAME::"a%25b%0Ac,d:e" is not a valid GraphQL type name here',
        '',
      ].join('\n'),
    );
  });

  it('validate --format github from a subfolder names files with ../, and an absolute path relative to the current folder', async () => {
    await same(['validate', 'json-schema', '../bad.json', '--format', 'github'], { cwd: path.join(tmp, 'common') });
    const run = await same(['validate', 'json-schema', path.join(tmp, 'warn.json'), '--format', 'github']);
    expect(run.stdout).toMatch(/^::error file=warn\.json,line=1,col=58,title=SCHEMA_INVALID::/);
  });

  it('validate --format sarif: a SARIF 2.1.0 log; the rules are docs/errors.md codes; URIs percent-encoded', async () => {
    const run = await same(['validate', 'json-schema', '-r', '.', '--format', 'sarif']);
    expect(run.status).toBe(1);
    const log = checkSarif(run.stdout);
    const driver = log.runs[0]!.tool.driver as unknown as Record<string, unknown>;
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(driver.version).toBe(pkg.version);
    const codes = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'schemas', 'error-codes.json'), 'utf8')) as { codes: Array<{ code: string }> }).codes;
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(codes.map((c) => c.code));
    const root = log.runs[0]!.tool.driver.rules.find((r) => r.id === 'JSON_ROOT') as unknown as Record<string, { text?: string; level?: string }>;
    expect(root.help!.text).toBe('the root of the document is not an object');
    expect(root.defaultConfiguration!.level).toBe('error');
    const uris = log.runs[0]!.results.map((r) => JSON.stringify(r.locations));
    expect(uris.some((u) => u.includes('"uri":"we,ird%3Ana%25me%20dir/esc.json"'))).toBe(true);
    expect(uris.some((u) => u.includes('"uri":"common/c.json"'))).toBe(true);
  });

  it('validate graphql --format sarif and github; standard input has no file', async () => {
    checkSarif((await same(['validate', 'graphql', 'api.graphql', '--format', 'sarif'])).stdout);
    const gh = await same(['validate', 'graphql', '-', '--format', 'github'], { input: 'type Query { a: Strin }\n' });
    expect(gh.stdout).toBe('::error line=1,col=17,title=GRAPHQL_INVALID::Unknown type "Strin". Did you mean "String"?\n');
    const log = checkSarif((await same(['validate', 'graphql', '-', '--format', 'sarif'], { input: 'type Query { a: Strin }\n' })).stdout);
    expect(log.runs[0]!.results[0]!.locations).toBeUndefined();
  });

  it('validate --format human is text, the default', async () => {
    const text = await same(['validate', 'json-schema', 'bad.json']);
    expect((await same(['validate', 'json-schema', 'bad.json', '--format', 'human'])).stdout).toBe(text.stdout);
    expect((await same(['validate', 'json-schema', 'bad.json', '--format', 'text'])).stdout).toBe(text.stdout);
  });

  it('convert --format json without -o: the document on stdout, the report on stderr', async () => {
    const run = await same(['convert', '--format', 'json'], { input: fs.readFileSync(path.join(tmp, 'warn.json'), 'utf8') });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('type W {\n  a: JSON\n}\n\nscalar JSON\n');
    const report = JSON.parse(run.stderr) as { files: Array<{ path: string; valid: boolean; problems: Array<{ code: string }> }> };
    expect(report.files[0]!.path).toBe('<stdin>');
    expect(report.files[0]!.valid).toBe(true);
    expect(report.files[0]!.problems.map((p) => p.code)).toEqual(['JSON_FIELDS', 'UNKNOWN_TYPE']);
  });

  it('convert -o --format sarif: the report on stdout; a failed conversion is a report with its error', async () => {
    const out = path.join(os.tmpdir(), `x-graphql-cli-reports-${process.pid}.graphql`);
    try {
      const ok = await same(['convert', 'warn.json', '-o', out, '--format', 'sarif']);
      expect(ok.status).toBe(0);
      expect(ok.stderr).toBe('');
      checkSarif(ok.stdout);
      const bad = await same(['convert', 'bad.json', '-o', out, '--format', 'github']);
      expect(bad.status).toBe(1);
      expect(bad.stdout).toBe(
        '::error file=bad.json,line=5,col=12,title=REF_UNRESOLVED::reference #/definitions/Nope points at nothing (with --unresolved-refs json, option unresolvedRefs, it becomes the JSON scalar)\n',
      );
      checkSarif((await same(['convert', 'bad.json', '--format', 'sarif'])).stderr);
    } finally {
      fs.rmSync(out, { force: true });
    }
  });

  it('convert --format other than text with -r or --watch is a usage error', async () => {
    const run = await same(['convert', '-r', '-i', '.', '-o', path.join(tmp, 'out'), '--format', 'sarif']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('x-graphql: error[USAGE] --format sarif reports one conversion; -r and --watch print text; see x-graphql convert --help\n');
  });
});

describe('validate json-schema: every problem, meta-schema reasons in our words (record 0089)', () => {
  it('the same reasons from both CLIs for every keyword of each draft', async () => {
    for (const d of ['d04', 'd20']) await same(['validate', 'json-schema', `meta/${d}.json`], { cwd: tmp2 });
    const seven = (await same(['validate', 'json-schema', 'meta/d07.json'], { cwd: tmp2 })).stdout.split('\n');
    const at = (pointer: string) => seven.find((l) => l.includes(` at ${pointer} `))!.replace(/^.*error\[SCHEMA_INVALID\] not a valid draft-07 JSON Schema: /, '');
    expect(at('/properties/b/minimum')).toBe('"minimum" at /properties/b/minimum must be a number');
    expect(at('/properties/c/minLength')).toBe('"minLength" at /properties/c/minLength must be a non-negative integer');
    expect(at('/properties/d/enum')).toBe('"enum" at /properties/d/enum must be a non-empty array of distinct values');
    expect(at('/properties/g/required/0')).toBe('an item of "required" at /properties/g/required/0 must be a string');
    expect(at('/properties/k')).toBe('the value at /properties/k must be a schema (an object or a boolean)');
    // Reported by both validators at `items` (an anyOf): the message explains the place inside.
    expect(at('/properties/e/items/0/type')).toBe(
      '"type" at /properties/e/items/0/type must be one of "array", "boolean", "integer", "null", "number", "object", "string", or a non-empty array of them without repeats',
    );
    expect(seven.some((l) => l.startsWith('meta/d07.json:9:12: error[SCHEMA_INVALID] not a valid draft-07 JSON Schema: "type" at /properties/e/items/0/type '))).toBe(true);
    const four = (await same(['validate', 'json-schema', 'meta/d04.json'], { cwd: tmp2 })).stdout;
    expect(four).toContain('error[SCHEMA_INVALID] not a valid draft-04 JSON Schema: the value at /properties/a must be a schema with "minimum" beside "exclusiveMinimum"\n');
    expect(four).toContain('error[SCHEMA_INVALID] not a valid draft-04 JSON Schema: "exclusiveMaximum" at /properties/b/exclusiveMaximum must be a boolean\n');
    const nineteen = (await same(['validate', 'json-schema', 'meta/d19.json'], { cwd: tmp2 })).stdout;
    expect(nineteen).toContain('error[SCHEMA_INVALID] not a valid draft 2019-09 JSON Schema: "$id" at /$id must be a URI reference without a fragment\n');
    expect(nineteen).toContain('error[SCHEMA_INVALID] not a valid draft 2019-09 JSON Schema: an item of "dependentRequired" at /dependentRequired/x/0 must be a string\n');
  });

  it('names given twice: every one, not only the first the converter meets', async () => {
    const run = await same(['validate', 'json-schema', 'dup.json'], { cwd: tmp2 });
    expect(run.stdout).toBe(
      [
        'dup.json:4:30: error[DUPLICATE_NAME] type name Account is given to two types',
        'dup.json:9:34: error[DUPLICATE_NAME] field name same is used twice',
        'dup.json:13:30: error[DUPLICATE_NAME] type name User is given to two types',
        '',
      ].join('\n'),
    );
  });
});
