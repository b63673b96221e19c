/**
 * Prints the corpus table of docs/real-world.md (and the reasons object schemas
 * did not become types, summed over the corpus) from fresh measurements: both
 * CLIs must be built (npm run build; cargo build -p x-graphql --features cli).
 * Usage: npx tsx scripts/real-world-table.ts
 */
import * as path from 'node:path';
import { buildClis, ROOT } from '../parity/cli-run';
import { CORPUS, coverage, optionsOf, measure, packageVersion, warningCounts, type Coverage } from '../parity/real-world';

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

async function main(): Promise<void> {
  const rust = buildClis();
  const totals = new Map<string, number>();
  const perDocument: string[] = [];
  console.log('| document | package | draft | size | types / object schemas | coverage | fields that became JSON | other warnings | TypeScript | Rust |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const doc of CORPUS) {
    const m = await measure(doc, rust);
    const same = m.ts.stdout === m.rust.stdout && m.ts.stderr === m.rust.stderr && m.ts.status === m.rust.status;
    let cov: Coverage | undefined;
    let figures = `error: ${/error\[([A-Z_]+)\]/.exec(m.ts.stderr)?.[1] ?? '?'}`;
    let percent = '-';
    if (m.ts.status === 0) {
      cov = coverage(path.join(ROOT, m.input), optionsOf(doc));
      figures = `${cov.types} / ${cov.objects}`;
      percent = cov.objects === 0 ? '-' : `${Math.round((100 * cov.types) / cov.objects)}%`;
      for (const [why, n] of cov.reasons) totals.set(why, (totals.get(why) ?? 0) + n);
      if (cov.reasons.size > 0) perDocument.push(`- ${doc.name}: ${[...cov.reasons].sort((a, b) => b[1] - a[1]).map(([why, n]) => `${n} ${why}`).join('; ')}`);
    }
    const warnings = [...warningCounts(m.ts.stderr)].filter(([code]) => code !== 'JSON_FIELDS').map(([code, n]) => `${n} ${code}`).join(', ') || '0';
    // The JSON_FIELDS summary: "N fields became the JSON scalar: ..." (record 0079).
    const jsonFields = /warning\[JSON_FIELDS\] (\d+) fields? became the JSON scalar: ([^;]*);/.exec(m.ts.stderr);
    const json = jsonFields === null ? '0' : `${jsonFields[1]} (${jsonFields[2]})`;
    console.log(
      `| ${doc.name} | \`${doc.package}@${packageVersion(doc)}\` \`${doc.file}\` | ${doc.draft} | ${size(m.bytes)} | ${figures} | ${percent} | ${json} | ${warnings} | ${m.ts.ms} ms | ${m.rust.ms} ms${same ? '' : ' (DIFFERS)'} |`,
    );
  }
  console.log('\n| why an object schema did not become a type | count |\n|---|---|');
  for (const [why, n] of [...totals].sort((a, b) => b[1] - a[1])) console.log(`| ${why} | ${n} |`);
  console.log('');
  for (const line of perDocument) console.log(line);
}

void main();
