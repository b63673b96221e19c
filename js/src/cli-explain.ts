/**
 * `x-graphql explain <CODE>` (record 0083): what an error or warning code means, from
 * docs/errors.md's tables. scripts/gen-error-codes.ts writes the text of each code to
 * schemas/error-codes.json at build time; this reads that file and the Rust twin
 * (rust/src/bin/x-graphql/explain.rs) embeds it, so both print the same bytes.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Command } from 'commander';
import { closestOf } from './catalog';
import { UsageError } from './cli';

const HINT = 'see x-graphql explain --help';

interface CodeText {
  code: string;
  text: string;
}

function table(): CodeText[] {
  // <package>/schemas/, beside js/dist (as the attribute catalog).
  const file = path.join(__dirname, '..', '..', 'schemas', 'error-codes.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { codes: CodeText[] }).codes;
}

/** The text for `code` (any case); an unknown code is a usage error naming the closest one. */
export function explain(code: string): string {
  const codes = table();
  const wanted = code.toUpperCase();
  const found = codes.find((c) => c.code === wanted);
  if (found !== undefined) return found.text;
  const closest = closestOf(wanted, codes.map((c) => c.code));
  const suggestion = closest === undefined ? '' : ` (did you mean ${closest}?)`;
  throw new UsageError(`unknown error code ${code}${suggestion}; the codes are listed in docs/errors.md`, undefined, 'USAGE', HINT);
}

/** Adds `explain <code>` to the program; `done` receives the exit code. */
export function addExplainCommand(program: Command, done: (exit: number) => void): void {
  program
    .command('explain')
    .description('print what an error or warning code means (docs/errors.md)')
    .helpOption('-h, --help', 'print this help')
    .argument('<code>', 'a code of an error or warning line, e.g. JSON_SYNTAX in error[JSON_SYNTAX]')
    .addHelpText('after', '\nExamples:\n  x-graphql explain REF_OUTSIDE\n  x-graphql explain int_range\n\nExit codes: 0 ok, 2 usage error (an unknown code).')
    .action((code: string) => {
      process.stdout.write(explain(code));
      done(0);
    });
}
