/**
 * The differential runner: both implementations over (1) every fixture, in
 * both directions, and (2) generated inputs (fast-check, from a seed), with
 * the checks of check.ts. The Rust side is one `x-graphql --batch` process.
 *
 * On a mismatch in a generated run, fast-check shrinks the input to a minimal
 * case; the runner prints the seed, the path, the minimal input and a unified
 * diff of the two outcomes, and writes the case to parity/failures/<name>/
 * (input.json or input.graphql, options.json, the files its `$ref`s reach,
 * typescript.out, rust.out, diff.txt, report.json), ready to become a fixture.
 *
 * Used by parity/run.ts (`npm run parity`) and parity/parity.test.ts.
 */
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Converter } from '../js/src/index';
import { Checker, render, type Case, type CaseResult, type CheckOptions } from './check';
import { unifiedDiff } from './diff';
import { jsonAndDeepCases, OUTSIDE_FILE, sdlCases, validJsonCases, WORLD_FILES, type TextCase } from './generators';
import { ROOT, RustBatch, rustBinary } from './rust-batch';

export const FAILURES = path.join(__dirname, 'failures');
export const DEFAULT_SEED = 20261121;
export const DEFAULT_RUNS = 50;

export interface RunConfig {
  /** Generated cases per property. */
  runs: number;
  seed: number;
  /** Run the fixtures too. */
  fixtures: boolean;
  /** Only these properties (names of PROPERTIES); all when empty. */
  properties?: string[];
  /** Replay one counterexample: fast-check's path (with the seed it was found with). */
  path?: string;
  /** After a failure, go on with the next seed, skipping failures of kinds already seen. */
  keepGoing?: boolean;
  /** Where failing cases are written (default parity/failures). */
  failuresDir?: string;
  /** Each output line. */
  log?: (line: string) => void;
  /** Rebuild the Rust CLI first (else built only when missing). */
  build?: boolean;
  /** Time fast-check may spend shrinking one failure (default 20 s). */
  shrinkSeconds?: number;
  /** Log a line every this many generated cases of a property (long runs); 0 or absent: never. */
  progress?: number;
}

export interface Failure {
  name: string;
  /** Fixture name or property name. */
  source: string;
  seed?: number;
  path?: string;
  result: CaseResult;
  folder: string;
  /** The input was made smaller after fast-check's shrinking. */
  minimized?: boolean;
  /** What report.json says besides the case (fixture, property, seed, path). */
  report: Record<string, unknown>;
}

export interface RunSummary {
  passed: number;
  failed: number;
  failures: Failure[];
  /** Distinct failure signatures with a count. */
  signatures: Map<string, number>;
  millis: number;
}

interface PropertyDef {
  name: string;
  description: string;
  arbitrary: fc.Arbitrary<TextCase>;
  /** The case to check, or undefined when the generated value gives none (counted as passed). */
  toCase: (t: TextCase, world: string) => Case | undefined;
  options: CheckOptions;
}

/** The TS forward output of a JSON case, when there is one, as a graphql-to-json case. */
function forwardSdl(t: TextCase, world: string): Case | undefined {
  try {
    const options: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(t.options)) options[k] = typeof v === 'string' && v.startsWith('$WORLD') ? world + v.slice(6) : v;
    const sdl = new Converter(options).convert(t.text);
    return sdl === '' ? undefined : { direction: 'graphql-to-json', input: sdl, options: {} };
  } catch {
    return undefined;
  }
}

export const PROPERTIES: PropertyDef[] = [
  {
    name: 'json-to-graphql',
    description: 'generated JSON Schemas: TS == Rust, valid SDL, JSON -> SDL -> JSON -> SDL stable (TS), deterministic, one newline, no \\r',
    arbitrary: jsonAndDeepCases,
    toCase: (t) => ({ direction: 'json-to-graphql', input: t.text, options: t.options }),
    options: { properties: true, stepParity: false },
  },
  {
    name: 'graphql-to-json',
    description: 'generated SDL: TS == Rust (and for the JSON converted back), round trip (1), deterministic, one newline, no \\r',
    arbitrary: sdlCases,
    toCase: (t) => ({ direction: 'graphql-to-json', input: t.text, options: t.options }),
    options: { properties: true, stepParity: true },
  },
  {
    name: 'round-trip',
    description: 'the SDL of generated JSON Schemas back to JSON and to SDL again: TS == Rust at each step',
    arbitrary: validJsonCases,
    toCase: forwardSdl,
    options: { properties: true, stepParity: true },
  },
];

// ---------------------------------------------------------------------------

function makeWorld(): { tmp: string; world: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'x-graphql-parity-'));
  const world = path.join(tmp, 'case');
  for (const [rel, text] of Object.entries(WORLD_FILES)) {
    fs.mkdirSync(path.dirname(path.join(world, rel)), { recursive: true });
    fs.writeFileSync(path.join(world, rel), text);
  }
  fs.mkdirSync(path.join(world, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(tmp, OUTSIDE_FILE.name), OUTSIDE_FILE.text);
  return { tmp, world };
}

interface FixtureCase {
  name: string;
  dir: string;
  case: Case;
}

function fixtureCases(): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const [direction, inputName] of [
    ['json-to-graphql', 'input.json'],
    ['graphql-to-json', 'input.graphql'],
  ] as const) {
    const base = path.join(ROOT, 'fixtures', direction);
    if (!fs.existsSync(base)) continue;
    for (const name of fs.readdirSync(base).sort()) {
      const dir = path.join(base, name);
      if (!fs.statSync(dir).isDirectory() || !fs.existsSync(path.join(dir, inputName))) continue;
      const optionsFile = path.join(dir, 'options.json');
      const options = fs.existsSync(optionsFile) ? (JSON.parse(fs.readFileSync(optionsFile, 'utf8')) as Record<string, unknown>) : {};
      out.push({
        name: `${direction}/${name}`,
        dir,
        case: { direction, input: fs.readFileSync(path.join(dir, inputName), 'utf8'), options: direction === 'json-to-graphql' ? { ...options, baseDir: dir } : options },
      });
    }
  }
  return out;
}

/** Runs `f` over `items`, at most `limit` at a time, keeping the order of results. */
async function pool<T, R>(items: T[], limit: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');

/** Writes a failing case as a fixture-shaped folder (again, if it was removed meanwhile). */
export function rewriteFailure(f: Failure): void {
  writeFailure(path.dirname(f.folder), path.basename(f.folder), f.result, f.report, '');
}

/** Writes a failing case as a fixture-shaped folder. */
function writeFailure(dir: string, name: string, r: CaseResult, extra: Record<string, unknown>, world: string): string {
  const folder = path.join(dir, safeName(name));
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const c = r.case;
  const options: Record<string, unknown> = { ...c.options };
  // A fixture's base folder is its own folder.
  const usesWorld = options.baseDir === '$WORLD';
  delete options.baseDir;
  if (c.direction === 'json-to-graphql') fs.writeFileSync(path.join(folder, 'input.json'), c.input);
  else fs.writeFileSync(path.join(folder, 'input.graphql'), c.input);
  if (Object.keys(options).length > 0) fs.writeFileSync(path.join(folder, 'options.json'), JSON.stringify(options, null, 2) + '\n');
  if (usesWorld) {
    for (const [rel, text] of Object.entries(WORLD_FILES)) {
      fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
      fs.writeFileSync(path.join(folder, rel), text);
    }
  }
  fs.writeFileSync(path.join(folder, 'typescript.out'), render(r.ts));
  fs.writeFileSync(path.join(folder, 'rust.out'), render(r.rust));
  const diffs = [unifiedDiff(render(r.ts), render(r.rust), 'typescript', 'rust'), ...r.problems.map((p) => `# ${p.what}: ${p.signature}\n${p.detail}\n`)];
  fs.writeFileSync(path.join(folder, 'diff.txt'), diffs.join('\n'));
  const report = {
    ...extra,
    direction: c.direction,
    options: c.options,
    world: usesWorld && world !== '' ? world : undefined,
    problems: r.problems,
    typescript: r.ts,
    rust: r.rust,
    steps: r.steps.map((s) => ({ direction: s.case.direction, input: s.case.input, options: s.case.options, typescript: s.ts, rust: s.rust, problems: s.problems })),
  };
  fs.writeFileSync(path.join(folder, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  return folder;
}

const clip = (s: string, n = 6000) => (s.length > n ? `${s.slice(0, n)}\n... (${s.length - n} more characters)` : s);

function describeFailure(f: Failure, log: (s: string) => void): void {
  const c = f.result.case;
  log('');
  log(`FAIL ${f.source}${f.seed !== undefined ? ` (seed ${f.seed}, path "${f.path}")` : ''}`);
  // Property i runs from --seed + i.
  if (f.seed !== undefined) log(`  replay: npm run parity -- --no-fixtures --property ${f.source} --seed ${f.seed - PROPERTIES.findIndex((p) => p.name === f.source)} --path "${f.path}"`);
  log(`  direction: ${c.direction}   options: ${JSON.stringify(c.options)}`);
  if (f.minimized) log('  (the input below is fast-check\'s counterexample with blocks and lines taken out; report.json has both)');
  log(`  written to: ${path.relative(ROOT, f.folder)}`);
  // A fixture is read where it is; a generated case is shown.
  const fixture = f.report.fixture !== undefined;
  if (!fixture) {
    log('  minimal input:');
    log(clip(c.input).replace(/^/gm, '    | '));
  }
  for (const p of f.result.problems) {
    log(`  [${p.what}] ${p.signature}`);
    log(clip(p.detail, fixture ? 2000 : 6000).replace(/^/gm, '    '));
  }
}

/**
 * Deletes blank-line-separated blocks, then lines, of the input while the case still
 * shows one of its problems (by signature), within a time budget.
 */
async function minimizeLines(checker: Checker, start: CaseResult, options: CheckOptions, budgetMs: number): Promise<CaseResult> {
  const wanted = new Set(start.problems.map((p) => p.signature));
  const began = Date.now();
  let best = start;
  for (const sep of ['\n\n', '\n']) {
    let parts = best.case.input.split(sep);
    for (let i = 0; i < parts.length && parts.length > 1; ) {
      if (Date.now() - began > budgetMs) return best;
      const candidate = [...parts.slice(0, i), ...parts.slice(i + 1)];
      const r = await checker.check({ ...best.case, input: candidate.join(sep) }, options);
      if (r.problems.some((p) => wanted.has(p.signature))) {
        parts = candidate;
        best = r;
      } else i++;
    }
  }
  return best;
}

class Found extends Error {
  constructor(readonly result: CaseResult) {
    super(result.problems.map((p) => `${p.what}: ${p.signature}`).join('; '));
  }
}

export async function runParity(cfg: RunConfig): Promise<RunSummary> {
  const log = cfg.log ?? ((s: string) => console.log(s));
  const failuresDir = cfg.failuresDir ?? FAILURES;
  const started = Date.now();
  const binary = rustBinary(cfg.build ?? false);
  const rust = new RustBatch(binary);
  const { tmp, world } = makeWorld();
  const checker = new Checker(rust, world);
  const summary: RunSummary = { passed: 0, failed: 0, failures: [], signatures: new Map(), millis: 0 };
  const seen = new Set<string>();
  const shrinkBudget = (cfg.shrinkSeconds ?? 20) * 1000;
  const note = (r: CaseResult) => {
    for (const p of r.problems) summary.signatures.set(p.signature, (summary.signatures.get(p.signature) ?? 0) + 1);
  };

  try {
    // (1) fixtures
    if (cfg.fixtures) {
      const t0 = Date.now();
      const cases = fixtureCases();
      const results = await pool(cases, 8, (fc0) => checker.check(fc0.case, { properties: true, stepParity: false }));
      let failed = 0;
      results.forEach((r, i) => {
        if (r.problems.length === 0) {
          summary.passed++;
          return;
        }
        failed++;
        summary.failed++;
        note(r);
        for (const p of r.problems) seen.add(p.signature);
        const name = `fixture-${cases[i].name}`;
        const folder = writeFailure(failuresDir, name, r, { fixture: cases[i].name }, cases[i].dir);
        const f: Failure = { name, source: `fixture ${cases[i].name}`, result: r, folder, report: { fixture: cases[i].name } };
        summary.failures.push(f);
        describeFailure(f, log);
      });
      log(`fixtures: ${cases.length} cases, ${failed} failed (${Date.now() - t0} ms)`);
    }

    // (2) generated
    const selected = PROPERTIES.filter((p) => !cfg.properties || cfg.properties.length === 0 || cfg.properties.includes(p.name));
    for (const [index, prop] of selected.entries()) {
      const t0 = Date.now();
      let seed = cfg.seed + PROPERTIES.indexOf(prop);
      let remaining = cfg.runs;
      let failedHere = 0;
      let ran = 0;
      let vacuous = 0;
      let generated = 0;
      while (remaining > 0) {
        let shrinking = false;
        let known = 0;
        // Once a failure is found: its checks only (parity alone when that is all that failed),
        // and a time budget after which every shrink candidate passes, which ends the shrinking.
        let failedAt = 0;
        let focus: CheckOptions = prop.options;
        let details: fc.RunDetails<[TextCase]> | undefined;
        await fc.assert(
          fc.asyncProperty(prop.arbitrary, async (t) => {
            if (!shrinking && cfg.progress && ++generated % cfg.progress === 0) {
              log(`${prop.name}: ${generated} cases, ${summary.failed + failedHere + known > 0 ? 'failures above' : 'no failure'} (${Math.round((Date.now() - t0) / 1000)} s)`);
            }
            const c = prop.toCase(t, world);
            if (c === undefined) {
              if (!shrinking) vacuous++;
              return;
            }
            if (shrinking && Date.now() - failedAt > shrinkBudget) return;
            const r = await checker.check(c, focus);
            if (r.problems.length === 0) return;
            if (cfg.keepGoing && r.problems.every((p) => seen.has(p.signature))) {
              if (!shrinking) {
                known++;
                note(r);
              }
              return;
            }
            if (!shrinking) {
              shrinking = true;
              failedAt = Date.now();
              if (r.problems.every((p) => p.what === 'parity' && p.step === undefined)) focus = { properties: false, stepParity: false };
            }
            throw new Found(r);
          }),
          {
            seed,
            numRuns: remaining,
            ...(cfg.path !== undefined ? { path: cfg.path, endOnFailure: true } : {}),
            reporter: (d) => {
              details = d;
            },
          },
        );
        const d = details!;
        // Not a failing case but a broken harness (the Rust process died, ...): stop.
        if (d.failed && !(d.errorInstance instanceof Found)) throw d.errorInstance instanceof Error ? d.errorInstance : new Error(String(d.errorInstance));
        ran += d.numRuns;
        summary.failed += known;
        failedHere += known;
        if (!d.failed) {
          summary.passed += d.numRuns - known;
          break;
        }
        summary.passed += d.numRuns - 1 - known;
        summary.failed++;
        failedHere++;
        // The minimal case, checked once more for its problems.
        const minimal = d.counterexample![0];
        const c = prop.toCase(minimal, world)!;
        let r = await checker.check(c, prop.options);
        if (r.problems.length === 0 && d.errorInstance instanceof Found) r = d.errorInstance.result;
        // SDL text shrinks badly through its generator: take out blocks and lines while the failure stays.
        let minimizedFrom: string | undefined;
        if (r.case.direction === 'graphql-to-json' && r.problems.length > 0) {
          const smaller = await minimizeLines(checker, r, focus, shrinkBudget);
          if (smaller.case.input !== r.case.input) {
            minimizedFrom = r.case.input;
            r = smaller;
          }
        }
        note(r);
        for (const p of r.problems) seen.add(p.signature);
        const name = `${prop.name}-seed${seed}${failedHere > 1 ? `-${failedHere}` : ''}`;
        const source: Record<string, unknown> = { property: prop.name, seed, path: d.counterexamplePath };
        if (prop.name === 'round-trip') source.sourceJson = minimal;
        if (minimizedFrom !== undefined) source.counterexample = minimizedFrom;
        const folder = writeFailure(failuresDir, name, r, source, world);
        const f: Failure = { name, source: prop.name, seed, path: d.counterexamplePath ?? '', result: r, folder, minimized: minimizedFrom !== undefined, report: source };
        summary.failures.push(f);
        describeFailure(f, log);
        if (prop.name === 'round-trip') log(`  (generated from the JSON Schema: ${JSON.stringify(minimal.text).slice(0, 2000)} with options ${JSON.stringify(minimal.options)})`);
        if (!cfg.keepGoing || cfg.path !== undefined) break;
        remaining -= d.numRuns;
        seed += 1000;
      }
      void index;
      log(`${prop.name}: ${ran} runs from seed ${cfg.seed + PROPERTIES.indexOf(prop)}, ${failedHere} failed${vacuous > 0 ? `, ${vacuous} without a case` : ''} (${Date.now() - t0} ms)`);
    }
  } finally {
    await checker.rust.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  summary.millis = Date.now() - started;
  if (summary.signatures.size > 0) {
    log('');
    log('failure kinds:');
    for (const [s, n] of [...summary.signatures].sort((a, b) => b[1] - a[1])) log(`  ${String(n).padStart(5)}  ${s}`);
  }
  log(`${checker.rust.answered} Rust requests${checker.rust !== rust ? ' (since the last restart of the Rust process)' : ''}, ${summary.millis} ms in all`);
  log(`${summary.passed} passed, ${summary.failed} failed`);
  return summary;
}
