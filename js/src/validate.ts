/**
 * validate: the report both `validate` commands print (record 0034).
 *
 *   { "files": [{ "path", "valid", "problems": [{ "code", "severity", "message", "pointer"?, "line", "column" }] }],
 *     "summary": { "files", "valid", "errors", "warnings" } }
 *
 * A file is valid when none of its problems is an error; under `strict` every
 * warning counts as an error (its severity says so). The checks themselves are
 * in validate-json.ts (JSON Schema) and validate-graphql.ts (SDL); this module
 * only orders, counts and prints. rust/src/validate.rs is the same.
 */
import type { Diagnostic } from './errors';
import { printJson } from './json-print';
import type { JsonObject } from './load';

export interface Problem {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** A file other than the validated one (a `$ref`'d file, relative to the base folder). */
  file?: string;
  /** JSON pointer (JSON Schema input only). */
  pointer?: string;
  line: number;
  column: number;
}

export interface FileReport {
  path: string;
  valid: boolean;
  problems: Problem[];
}

export interface ValidationReport {
  files: FileReport[];
  summary: { files: number; valid: number; errors: number; warnings: number };
}

export interface ValidateOptions {
  /** The input's name, for the report and for root naming; undefined for stdin. */
  fileName?: string;
  /** The folder file `$ref`s may not leave (default: the input's folder). */
  baseDir?: string;
  /** The input's own folder when it differs from baseDir. */
  inputDir?: string;
  /** Warnings become errors. */
  strict?: boolean;
}

/** A diagnostic as a problem: position 1:1 when none is known (the document as a whole). */
export function toProblem(d: Diagnostic, strict: boolean): Problem {
  const p: Problem = {
    code: d.code,
    severity: strict ? 'error' : d.severity,
    message: d.message,
    line: d.line ?? 1,
    column: d.column ?? 1,
  };
  if (d.file !== undefined) p.file = d.file;
  if (d.pointer !== undefined) p.pointer = d.pointer;
  return p;
}

/**
 * The report of one file: problems of the file itself in document order (line,
 * then column; equal places keep the order the checks found them), then those
 * of other files in the order found.
 */
export function fileReport(path: string, problems: Problem[], mainFile: string | undefined): FileReport {
  const own = problems.filter((p) => p.file === undefined || p.file === mainFile);
  const others = problems.filter((p) => !(p.file === undefined || p.file === mainFile));
  for (const p of own) delete p.file;
  own.sort((a, b) => a.line - b.line || a.column - b.column);
  const all = [...own, ...others];
  return { path, valid: !all.some((p) => p.severity === 'error'), problems: all };
}

/**
 * The problems found in a file, deduped by code, file and pointer (the first one found
 * stays; without a pointer, by code, file and line). The keys met are kept in a set:
 * comparing each new problem with every earlier one made 20,000 warnings quadratic.
 * The twin of `Problems` in rust/src/validate.rs.
 */
export class Problems {
  readonly list: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  private static key(d: Diagnostic): string {
    return JSON.stringify([d.code, d.file ?? null, d.pointer ?? null, d.pointer === undefined ? (d.line ?? null) : null]);
  }

  /** Adds `d` even if an equal problem is there (it then counts for later ones). */
  push(d: Diagnostic): void {
    this.seen.add(Problems.key(d));
    this.list.push(d);
  }

  /** Whether a problem with the code, file and pointer of `d` is there. */
  has(d: Diagnostic): boolean {
    return this.seen.has(Problems.key(d));
  }

  /** Adds `d` unless a problem with its code, file and pointer is there. */
  add(d: Diagnostic): void {
    const key = Problems.key(d);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(d);
  }
}

export function summarize(files: FileReport[]): ValidationReport {
  let errors = 0;
  let warnings = 0;
  for (const f of files) {
    for (const p of f.problems) {
      if (p.severity === 'error') errors++;
      else warnings++;
    }
  }
  return { files, summary: { files: files.length, valid: files.filter((f) => f.valid).length, errors, warnings } };
}

/** `--format json`: the report with the project's JSON printer (the same bytes as Rust). */
export function reportToJson(report: ValidationReport): string {
  const files = report.files.map((f) => ({
    path: f.path,
    valid: f.valid,
    problems: f.problems.map((p) => {
      const o: JsonObject = { code: p.code, severity: p.severity, message: p.message };
      if (p.file !== undefined) o.file = p.file;
      if (p.pointer !== undefined) o.pointer = p.pointer;
      o.line = p.line;
      o.column = p.column;
      return o;
    }),
  }));
  return printJson({ files, summary: { ...report.summary } });
}
