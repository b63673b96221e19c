/**
 * `--format json|github|sarif` of `convert` and `validate` (record 0089): the
 * problems of a run as a machine-readable report. `text` (the default, also
 * spelled `human`) is printed by the commands themselves. The Rust twin is
 * rust/src/bin/x-graphql/report.rs; both print the same bytes.
 *
 * - json: the report of `validate` (validate.ts, record 0034);
 * - github: one GitHub Actions workflow command per problem,
 *   `::error file=F,line=L,col=C,title=CODE::message` (`::warning` for a warning),
 *   with GitHub's escaping (data: `%`, CR, LF; properties also `:` and `,`);
 * - sarif: a SARIF 2.1.0 log with one run; the rules are every code of
 *   schemas/error-codes.json (generated from docs/errors.md), the results name
 *   the file by a URI relative to the current folder.
 *
 * A problem's file is the validated (or converted) file, or the `$ref`'d file
 * it is in (relative to the base folder); standard input has no file, so its
 * annotations and results carry no location file.
 */
import * as fs from 'fs';
import * as path from 'path';
import { printJson } from './json-print';
import type { Diagnostic } from './errors';
import type { JsonObject, JsonValue } from './load';
import { fileReport, reportToJson, summarize, toProblem, type ValidationReport } from './validate';

export type ReportFormat = 'text' | 'json' | 'github' | 'sarif';

/** The values `--format` takes; `human` is the former name of `text`. */
export const REPORT_FORMATS = ['text', 'human', 'json', 'github', 'sarif'];

export const STDIN_NAME = '<stdin>';

const INFORMATION_URI = 'https://www.npmjs.com/package/x-graphql';

/** A problem with the path of the file it is in, as given on the command line (undefined: standard input). */
interface Located {
  where: string | undefined;
  code: string;
  severity: 'error' | 'warning';
  message: string;
  line: number;
  column: number;
}

function located(report: ValidationReport, baseDir: string): Located[] {
  const out: Located[] = [];
  for (const f of report.files) {
    for (const p of f.problems) {
      const where = p.file !== undefined ? path.join(baseDir, p.file) : f.path === STDIN_NAME ? undefined : f.path;
      out.push({ where, code: p.code, severity: p.severity, message: p.message, line: p.line, column: p.column });
    }
  }
  return out;
}

/** `where` relative to the current folder, with `/` separators. */
function relativePath(where: string): string {
  const rel = path.relative(process.cwd(), path.resolve(where));
  return rel === '' ? '.' : rel.split(path.sep).join('/');
}

/** GitHub's escaping of a workflow command's message. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** GitHub's escaping of a workflow command's property value. */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `--format github`: one workflow command per problem. */
export function reportToGithub(report: ValidationReport, baseDir: string): string {
  return located(report, baseDir)
    .map((p) => {
      const props = [
        ...(p.where !== undefined ? [`file=${escapeProperty(relativePath(p.where))}`] : []),
        `line=${p.line}`,
        `col=${p.column}`,
        `title=${escapeProperty(p.code)}`,
      ];
      return `::${p.severity} ${props.join(',')}::${escapeData(p.message)}\n`;
    })
    .join('');
}

/**
 * A relative path as a URI reference: unreserved characters, `/` and the
 * sub-delimiters stay, every other byte of its UTF-8 is percent-encoded
 * (`:` too, so that a first segment is never read as a scheme).
 */
function pathToUri(p: string): string {
  let out = '';
  for (const byte of Buffer.from(p, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~/!$&'()*+,;=@]/.test(c)) out += c;
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

interface Rule {
  id: string;
  level: 'error' | 'warning';
  /** The code's header line, `CODE: an error (exit code 1)`. */
  summary: string;
  /** The code's text in docs/errors.md. */
  help: string;
}

/**
 * The rules, from schemas/error-codes.json: each text is the header line, a
 * blank line, the meaning wrapped at 80 columns and indented by two spaces,
 * a blank line and a closing line; the meaning is unwrapped (the generator
 * wraps at single spaces, so joining the lines with one space restores it).
 */
function rules(): Rule[] {
  const file = path.join(__dirname, '..', '..', 'schemas', 'error-codes.json');
  const codes = (JSON.parse(fs.readFileSync(file, 'utf8')) as { codes: Array<{ code: string; text: string }> }).codes;
  return codes.map(({ code, text }) => {
    const lines = text.split('\n');
    const body: string[] = [];
    for (const line of lines.slice(2)) {
      if (!line.startsWith('  ')) break;
      body.push(line.slice(2));
    }
    return { id: code, level: lines[0]!.includes(': a warning') ? 'warning' : 'error', summary: lines[0]!, help: body.join(' ') };
  });
}

/** `--format sarif`: the SARIF 2.1.0 log of the run. */
export function reportToSarif(report: ValidationReport, baseDir: string, version: string): string {
  const table = rules();
  const index = new Map(table.map((r, i) => [r.id, i]));
  const results: JsonValue[] = located(report, baseDir).map((p) => {
    const result: JsonObject = { ruleId: p.code };
    const i = index.get(p.code);
    if (i !== undefined) result.ruleIndex = i;
    result.level = p.severity;
    result.message = { text: p.message };
    const region = { startLine: p.line, startColumn: p.column };
    if (p.where !== undefined) {
      result.locations = [{ physicalLocation: { artifactLocation: { uri: pathToUri(relativePath(p.where)) }, region } }];
    }
    return result;
  });
  const driver = {
    name: 'x-graphql',
    version,
    informationUri: INFORMATION_URI,
    rules: table.map((r) => ({
      id: r.id,
      shortDescription: { text: r.summary },
      fullDescription: { text: r.help },
      help: { text: r.help },
      defaultConfiguration: { level: r.level },
    })),
  };
  return printJson({
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver }, columnKind: 'unicodeCodePoints', results }],
  });
}

/** The report of a run in a format other than text. */
export function renderReport(format: ReportFormat, report: ValidationReport, baseDir: string, version: string): string {
  if (format === 'github') return reportToGithub(report, baseDir);
  if (format === 'sarif') return reportToSarif(report, baseDir, version);
  return reportToJson(report);
}

/**
 * `convert --format`: the conversion's warnings and error as the report of
 * one file, in the shape of `validate`'s (problems in document order, then
 * those of `$ref`'d files; valid when there is no error).
 */
export function convertReport(format: ReportFormat, fileName: string | undefined, baseDir: string, found: Diagnostic[], version: string): string {
  const problems = found.map((d) => toProblem(d, false));
  const report = summarize([fileReport(fileName ?? STDIN_NAME, problems, fileName)]);
  return renderReport(format, report, baseDir, version);
}
