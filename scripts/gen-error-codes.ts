/**
 * Writes schemas/error-codes.json from docs/errors.md's tables (record 0083), run by
 * `npm run build`: the text `x-graphql explain <CODE>` prints, made once here so the npm
 * CLI (which reads the file) and the Rust CLI (which embeds it with include_str!) print
 * the same bytes. `npx tsx scripts/gen-error-codes.ts --check` exits 1 when the file is
 * stale (js/test/cli.test.ts runs the check).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DOC = path.join(ROOT, 'docs', 'errors.md');
export const OUT = path.join(ROOT, 'schemas', 'error-codes.json');

/** Exit codes other than 1 for errors, from docs/errors.md's exit-code table. */
const EXIT: Record<string, number> = { INVALID_OPTION: 2, USAGE: 2, UNSUPPORTED_DIRECTION: 2, IO: 3 };
const WIDTH = 80;
const INDENT = '  ';

/** Greedy word wrap at WIDTH columns (the text is ASCII), each line indented. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    if (line !== '' && INDENT.length + line.length + 1 + word.length > WIDTH) {
      lines.push(INDENT + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(INDENT + line);
  return lines.join('\n');
}

export function generate(doc: string): string {
  const codes: Array<{ code: string; text: string }> = [];
  let severity: 'error' | 'warning' | undefined;
  for (const raw of doc.split('\n')) {
    if (raw.startsWith('## ')) severity = raw === '## Errors' ? 'error' : raw === '## Warnings' ? 'warning' : undefined;
    const m = /^\| `([A-Z][A-Z0-9_]*)` \| (.*) \|$/.exec(raw);
    if (m === null || severity === undefined) continue;
    const [, code, meaning] = m as unknown as [string, string, string];
    const kind =
      severity === 'error'
        ? `an error (exit code ${EXIT[code] ?? 1})`
        : 'a warning (exit code 0; with --strict, an error)';
    const text = `${code}: ${kind}\n\n${wrap(meaning)}\n\nAll codes, the exit codes and the decision records: docs/errors.md\n`;
    codes.push({ code, text });
  }
  const doc2 = { $comment: 'Generated from docs/errors.md by scripts/gen-error-codes.ts; do not edit.', codes };
  return JSON.stringify(doc2, null, 2) + '\n';
}

if (require.main === module) {
  const text = generate(fs.readFileSync(DOC, 'utf8'));
  if (process.argv.includes('--check')) {
    const old = fs.existsSync(OUT) ? fs.readFileSync(OUT, 'utf8') : '';
    if (old !== text) {
      process.stderr.write('schemas/error-codes.json is stale: run npx tsx scripts/gen-error-codes.ts\n');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(OUT, text);
  }
}
