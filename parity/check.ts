/**
 * One parity case: the same input through TypeScript (in process, js/src) and
 * Rust (the batch process), compared, plus the properties every conversion
 * must have:
 *
 * - TS == Rust: output bytes; warnings as (code, severity, message, pointer,
 *   line, column, file); errors as (code, pointer, line, column, file), and the
 *   message except for GRAPHQL_SYNTAX / GRAPHQL_INVALID (graphql-js and
 *   apollo-compiler word them differently). A thrown non-ConversionError (TS)
 *   or a panic (Rust, code INTERNAL) is always a failure.
 * - the same input gives the same outcome twice (both implementations);
 * - output ends with exactly one newline (or is empty, with NO_TYPES) and
 *   holds no `\r`;
 * - json-to-graphql: the SDL validates with graphql-js (with the federation
 *   definitions when it links federation or leaves the link out on purpose),
 *   applied directives' values coerce to their definitions, and an SDL that
 *   links federation builds with `buildSubgraphSchema`;
 *   JSON -> SDL -> JSON -> SDL gives the same SDL without warnings;
 * - graphql-to-json: the JSON converts back to the canonical print of the
 *   input without warnings (round trip (1) of record 0028).
 */
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { canonicalSdl, ConversionError, Converter, diagnosticToJSON, type Diagnostic } from '../js/src/index';
import { graphqlJsProblems } from '../js/test/support';
import { unifiedDiff } from './diff';
import { RustBatch, type BatchDiagnostic, type Direction } from './rust-batch';

export interface Case {
  direction: Direction;
  input: string;
  /** Converter options; string values may start with `$WORLD` (the folder of WORLD_FILES). */
  options: Record<string, unknown>;
}

export type Outcome =
  | { kind: 'ok'; output: string; warnings: BatchDiagnostic[] }
  | { kind: 'error'; error: BatchDiagnostic }
  | { kind: 'crash'; message: string };

export interface Problem {
  /** What failed: `parity` (TS != Rust) or a property name. */
  what: string;
  /** A short key for "the same kind of failure". */
  signature: string;
  detail: string;
  /** Set when the problem is in a step of the round trip (a conversion of its own). */
  step?: string;
}

export interface CaseResult {
  case: Case;
  ts: Outcome;
  rust: Outcome;
  problems: Problem[];
  /** Follow-up cases (the round trip's steps) that were checked, with their results. */
  steps: CaseResult[];
}

/** Codes whose messages come from different validators (graphql-js, apollo-compiler). */
const VALIDATOR_CODES = new Set(['GRAPHQL_SYNTAX', 'GRAPHQL_INVALID']);

export function resolveWorld(options: Record<string, unknown>, world: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) out[k] = typeof v === 'string' && v.startsWith('$WORLD') ? world + v.slice('$WORLD'.length) : v;
  return out;
}

function plainDiagnostic(d: Diagnostic | BatchDiagnostic): BatchDiagnostic {
  return { ...diagnosticToJSON(d as Diagnostic) };
}

export function runTs(c: Case, world: string): Outcome {
  try {
    const r = new Converter(resolveWorld(c.options, world)).convertWithWarnings(c.input, c.direction);
    return { kind: 'ok', output: r.output, warnings: r.warnings.map(plainDiagnostic) };
  } catch (e) {
    if (e instanceof ConversionError) return { kind: 'error', error: plainDiagnostic(e) };
    return { kind: 'crash', message: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

export async function runRust(rust: RustBatch, c: Case, world: string): Promise<Outcome> {
  let a;
  try {
    a = await rust.request({ direction: c.direction, input: c.input, options: resolveWorld(c.options, world) });
  } catch (e) {
    // The process died on this input (a stack overflow aborts it): a crash of this case.
    return { kind: 'crash', message: `the Rust process died: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (a.ok) return { kind: 'ok', output: a.output, warnings: a.warnings.map(plainDiagnostic) };
  if (a.error.code === 'INTERNAL') return { kind: 'crash', message: `panic: ${a.error.message}` };
  return { kind: 'error', error: plainDiagnostic(a.error) };
}

/** A text form of an outcome, for diffs and failure files. */
export function render(o: Outcome): string {
  switch (o.kind) {
    case 'ok':
      return o.output + (o.warnings.length > 0 ? `# warnings\n${o.warnings.map((w) => JSON.stringify(w)).join('\n')}\n` : '');
    case 'error':
      return `# error\n${JSON.stringify(o.error)}\n`;
    case 'crash':
      return `# crash\n${o.message}\n`;
  }
}

const short = (o: Outcome) => (o.kind === 'ok' ? 'ok' : o.kind === 'error' ? o.error.code : 'crash');
const where = (d: BatchDiagnostic) => JSON.stringify([d.pointer, d.line, d.column, d.file]);
const warningKey = (w: BatchDiagnostic) => JSON.stringify([w.code, w.severity, w.message, w.pointer, w.line, w.column, w.file]);

/** TS vs Rust. */
export function compare(ts: Outcome, rust: Outcome): Problem[] {
  const problems: Problem[] = [];
  const diff = () => unifiedDiff(render(ts), render(rust), 'typescript', 'rust');
  if (ts.kind === 'crash') problems.push({ what: 'ts-crash', signature: 'ts-crash', detail: ts.message });
  if (rust.kind === 'crash') problems.push({ what: 'rust-panic', signature: 'rust-panic', detail: rust.message });
  if (ts.kind === 'crash' || rust.kind === 'crash') return problems;
  if (ts.kind !== rust.kind) {
    problems.push({ what: 'parity', signature: `outcome ${short(ts)} / ${short(rust)}`, detail: diff() });
  } else if (ts.kind === 'ok' && rust.kind === 'ok') {
    if (ts.output !== rust.output) problems.push({ what: 'parity', signature: 'output', detail: diff() });
    const tw = ts.warnings.map(warningKey);
    const rw = rust.warnings.map(warningKey);
    if (tw.join('\n') !== rw.join('\n')) {
      const codes = (l: BatchDiagnostic[]) => l.map((w) => w.code).join(',');
      const sig = codes(ts.warnings) === codes(rust.warnings) ? `warning details ${codes(ts.warnings)}` : `warnings ${codes(ts.warnings)} / ${codes(rust.warnings)}`;
      problems.push({ what: 'parity', signature: sig, detail: unifiedDiff(tw.join('\n') + '\n', rw.join('\n') + '\n', 'typescript warnings', 'rust warnings') });
    }
  } else if (ts.kind === 'error' && rust.kind === 'error') {
    const a = ts.error;
    const b = rust.error;
    if (a.code !== b.code) problems.push({ what: 'parity', signature: `error ${a.code} / ${b.code}`, detail: diff() });
    else if (where(a) !== where(b)) problems.push({ what: 'parity', signature: `error location ${a.code}`, detail: diff() });
    else if (!VALIDATOR_CODES.has(a.code) && a.message !== b.message) problems.push({ what: 'parity', signature: `error message ${a.code}`, detail: diff() });
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Properties

// graphqlJsProblems: the one check of js/test/support.ts (a missing Query type is not a problem).

/** The root object of a JSON Schema text (undefined when it does not parse or is not an object). */
function rootOf(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text.replace(/^\ufeff/, '')) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The options the printer used: root overrides win over converter options. */
function effective(c: Case): { descriptionBlockThreshold: number; federationLink: boolean; schemaExtension: boolean } {
  const root = rootOf(c.input) ?? {};
  const t = root['x-graphql-description-block-threshold'];
  const l = root['x-graphql-federation-link'];
  return {
    descriptionBlockThreshold: typeof t === 'number' ? t : typeof c.options.descriptionBlockThreshold === 'number' ? c.options.descriptionBlockThreshold : 80,
    federationLink: typeof l === 'boolean' ? l : typeof c.options.federationLink === 'boolean' ? c.options.federationLink : true,
    schemaExtension: root['x-graphql-schema-extension'] !== undefined,
  };
}

/** A graphql-js message without its names, to tell kinds of invalid SDL apart. */
function genericMessage(m: string): string {
  return m
    .split('\n')[0]
    .replace(/"[^"]*"?/g, '"…"')
    .replace(/@?[_A-Za-z][_0-9A-Za-z]*(\.[_A-Za-z][_0-9A-Za-z]*)*(\([_A-Za-z][_0-9A-Za-z]*:\))?/g, (w) => (/^[A-Z_@]|[.(]/.test(w) && !/^(Syntax|Error|Unexpected|Name|Expected|Required|Unknown|Directive|Type|Field|Argument|The|There|Interface|Input|Union|Enum|Cannot|Only|Query)$/.test(w) ? 'X' : w))
    .slice(0, 120);
}

/**
 * What `buildSubgraphSchema` refuses in an SDL that links federation (undefined
 * when it builds or does not link federation): the promise that every federated
 * output is a subgraph, which graphql-js alone does not check (field sets,
 * federation directive arguments).
 */
function subgraphProblem(sdl: string): string | undefined {
  if (!sdl.startsWith('extend schema @link(') || !/^extend schema @link\(url: "https:\/\/specs\.apollo\.dev\/federation\//.test(sdl)) return undefined;
  try {
    buildSubgraphSchema({ typeDefs: parse(sdl) });
    return undefined;
  } catch (e) {
    // "The schema is not a valid GraphQL schema.. Caused by:" wraps the problems that tell cases apart.
    return (e instanceof Error ? e.message : String(e)).replace(/^The schema is not a valid GraphQL schema\.\. Caused by:\n/, '');
  }
}

/** Two outcomes of one input are the same (a crash by its first line: stacks differ). */
const same = (a: Outcome, b: Outcome) =>
  a.kind === 'crash' && b.kind === 'crash' ? a.message.split('\n')[0] === b.message.split('\n')[0] : JSON.stringify(a) === JSON.stringify(b);

function formatProblems(c: Case, o: Outcome, who: string): Problem[] {
  if (o.kind !== 'ok') return [];
  const out: Problem[] = [];
  if (o.output.includes('\r')) out.push({ what: 'no-cr', signature: `no-cr ${c.direction}`, detail: `${who} output contains \\r` });
  if (o.output === '') {
    if (c.direction !== 'json-to-graphql' || !o.warnings.some((w) => w.code === 'NO_TYPES')) {
      out.push({ what: 'one-newline', signature: `empty ${c.direction}`, detail: `${who} output is empty without NO_TYPES` });
    }
  } else if (!o.output.endsWith('\n') || o.output.endsWith('\n\n')) {
    out.push({ what: 'one-newline', signature: `one-newline ${c.direction}`, detail: `${who} output does not end with exactly one newline: ${JSON.stringify(o.output.slice(-20))}` });
  }
  return out;
}

export interface CheckOptions {
  /** Also check TS == Rust for the round trip's conversions (each is a case of its own). */
  stepParity: boolean;
  /** Check the properties (validity, round trip, determinism, format); parity only when false. */
  properties: boolean;
}

export class Checker {
  constructor(
    public rust: RustBatch,
    readonly world: string,
  ) {}

  /** A new Rust process when the last one died (on an input that crashed it). */
  private revive(): void {
    if (this.rust.dead) this.rust = new RustBatch(this.rust.binary);
  }

  async check(c: Case, opts: CheckOptions = { stepParity: false, properties: true }): Promise<CaseResult> {
    this.revive();
    // Both Rust requests go out at once; TS runs meanwhile.
    const rustRuns = opts.properties ? [runRust(this.rust, c, this.world), runRust(this.rust, c, this.world)] : [runRust(this.rust, c, this.world)];
    const ts = runTs(c, this.world);
    const tsAgain = opts.properties ? runTs(c, this.world) : ts;
    const [rust, rustAgain] = await Promise.all(rustRuns);
    const problems = compare(ts, rust);
    const steps: CaseResult[] = [];
    if (opts.properties) {
      if (!same(ts, tsAgain)) problems.push({ what: 'deterministic', signature: 'ts not deterministic', detail: unifiedDiff(render(ts), render(tsAgain), 'first', 'second') });
      if (rustAgain && !same(rust, rustAgain)) problems.push({ what: 'deterministic', signature: 'rust not deterministic', detail: unifiedDiff(render(rust), render(rustAgain), 'first', 'second') });
      problems.push(...formatProblems(c, ts, 'typescript'));
      if (rust.kind === 'ok' && (ts.kind !== 'ok' || rust.output !== ts.output)) problems.push(...formatProblems(c, rust, 'rust'));
      if (ts.kind === 'ok' && ts.output !== '') {
        if (c.direction === 'json-to-graphql') await this.forwardProperties(c, ts.output, problems, steps, opts);
        else await this.reverseProperties(c, ts.output, problems, steps, opts);
      }
    }
    return { case: c, ts, rust, problems, steps };
  }

  /** A step of the round trip, as a case of its own: TS must convert it; with stepParity, Rust must agree. */
  private async step(c: Case, opts: CheckOptions, steps: CaseResult[], problems: Problem[], name: string): Promise<Outcome> {
    if (opts.stepParity) {
      const r = await this.check(c, { stepParity: false, properties: false });
      steps.push(r);
      for (const p of r.problems) problems.push({ ...p, signature: `${name}: ${p.signature}`, detail: `${name} (${c.direction}):\n${p.detail}`, step: name });
      return r.ts;
    }
    return runTs(c, this.world);
  }

  private async forwardProperties(c: Case, sdl: string, problems: Problem[], steps: CaseResult[], opts: CheckOptions): Promise<void> {
    const eff = effective(c);
    const plain = graphqlJsProblems(sdl, false);
    if (plain.length > 0) {
      const federationAllowed = sdl.startsWith('extend schema @link(') || !eff.federationLink || eff.schemaExtension;
      const withFederation = federationAllowed ? graphqlJsProblems(sdl, true) : plain;
      if (withFederation.length > 0) problems.push({ what: 'valid-sdl', signature: `invalid SDL: ${genericMessage(withFederation[0])}`, detail: withFederation.join('\n') });
    }
    const subgraph = subgraphProblem(sdl);
    if (subgraph !== undefined) problems.push({ what: 'valid-subgraph', signature: `invalid subgraph: ${genericMessage(subgraph)}`, detail: subgraph });
    // JSON -> SDL -> JSON -> SDL
    const json = await this.step({ direction: 'graphql-to-json', input: sdl, options: {} }, opts, steps, problems, 'SDL -> JSON');
    if (json.kind !== 'ok') {
      problems.push({ what: 'round-trip', signature: `round trip: SDL -> JSON ${short(json)}`, detail: render(json) });
      return;
    }
    const print = { descriptionBlockThreshold: eff.descriptionBlockThreshold, federationLink: eff.federationLink };
    const back = await this.step({ direction: 'json-to-graphql', input: json.output, options: print }, opts, steps, problems, 'JSON -> SDL');
    if (back.kind !== 'ok') problems.push({ what: 'round-trip', signature: `round trip: JSON -> SDL ${short(back)}`, detail: render(back) });
    else if (back.output !== sdl || back.warnings.length > 0) {
      problems.push({ what: 'round-trip', signature: back.output !== sdl ? 'round trip: SDL changed' : 'round trip: warnings', detail: unifiedDiff(sdl, render(back), 'first SDL', 'SDL -> JSON -> SDL') });
    }
  }

  private async reverseProperties(c: Case, json: string, problems: Problem[], steps: CaseResult[], opts: CheckOptions): Promise<void> {
    let canonical: string;
    try {
      canonical = canonicalSdl(c.input);
    } catch (e) {
      problems.push({ what: 'round-trip', signature: 'canonicalSdl throws', detail: String(e) });
      return;
    }
    const back = await this.step({ direction: 'json-to-graphql', input: json, options: {} }, opts, steps, problems, 'JSON -> SDL');
    if (back.kind !== 'ok') problems.push({ what: 'round-trip', signature: `round trip (1): JSON -> SDL ${short(back)}`, detail: render(back) });
    else if (back.output !== canonical || back.warnings.length > 0) {
      problems.push({ what: 'round-trip', signature: back.output !== canonical ? 'round trip (1): not canonical' : 'round trip (1): warnings', detail: unifiedDiff(canonical, render(back), 'canonical SDL', 'SDL -> JSON -> SDL') });
    }
  }
}
