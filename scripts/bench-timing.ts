/**
 * Timing and formatting shared by scripts/benchmark.ts and scripts/bench-process.ts:
 * medians of repeated runs after a warm-up, and the tables the benchmark prints.
 */
export const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export interface Timing {
  /** Median wall time, milliseconds. */
  ms: number;
  min: number;
  max: number;
  reps: number;
  /** Median CPU time (user + system) of this process, milliseconds: steadier than wall time on a busy machine. */
  cpuMs?: number;
  /** Whole processes: the largest peak resident set of the timed runs, bytes. */
  maxRssBytes?: number;
}

export function summarize(samples: number[], cpu?: number[]): Timing {
  const t: Timing = { ms: median(samples), min: Math.min(...samples), max: Math.max(...samples), reps: samples.length };
  if (cpu !== undefined) t.cpuMs = median(cpu);
  return t;
}

/**
 * Whether a full GC runs before every timed run (`--gc-each`), or once after the warm-up
 * (the default, as graphql-js's own benchmark runner does). A full GC between runs, with no
 * document alive, frees the hidden classes ("maps") of the document's objects, of the objects
 * the converter builds key by key and of its class instances, and V8 then discards the
 * optimized code that was specialized to them (`--trace-deopt`: "weak objects"); each run
 * after it starts half cold, which a process converting again and again (GC runs while a
 * document is alive, so its maps live on) does not see. JSON -> SDL at N = 5,000 took 523 -
 * 619 ms after a forced GC, 426 - 431 ms when a parsed copy of the document kept those maps
 * alive, and 417 ms back to back.
 */
export const timingMode = { gcEach: false };

/** Warm-up, then at least `reps` timed runs (more for fast work, up to ~1 s of runs and 50 reps). */
export function measure(reps: number, fn: () => unknown): Timing {
  let sink: unknown;
  const warm = performance.now();
  let warmups = 0;
  do {
    sink = fn();
    warmups++;
  } while (warmups < 3 && performance.now() - warm < 300);
  const samples: number[] = [];
  const cpu: number[] = [];
  let spent = 0;
  // The garbage of the warm-up is not the first run's to collect.
  if (!timingMode.gcEach) gc?.();
  while (samples.length < reps || (spent < 1000 && samples.length < 50)) {
    if (timingMode.gcEach) gc?.();
    const c = process.cpuUsage();
    const t = performance.now();
    sink = fn();
    const dt = performance.now() - t;
    const dc = process.cpuUsage(c);
    samples.push(dt);
    cpu.push((dc.user + dc.system) / 1000);
    spent += dt;
  }
  if (sink === Symbol.for('never')) console.log(sink);
  return summarize(samples, cpu);
}

/** Runs per block of interleavedGrowth, at the smaller size and at the larger (the first of a block not counted). */
export const GROWTH_BLOCKS = { small: 4, large: 2 } as const;

/** Linear growth measured with the two sizes taking turns (interleavedGrowth). */
export interface Growth {
  /** Median time of one run at each size, milliseconds. */
  smallMs: number;
  largeMs: number;
  /** largeMs / smallMs: what the growth guard is judged on. */
  growth: number;
  /** The median of each round's own ratio (its large block's median over its small block's). */
  roundGrowth: number;
}

/**
 * The growth from one size to a larger one, with the sizes interleaved: `rounds` rounds,
 * each a block of runs of `small` and one of runs of `large` (GROWTH_BLOCKS),
 * the order alternating from round to round, the first run of each block not counted (it
 * pays for the other size's garbage). Measured one size after the other, minutes apart,
 * the growth of one unchanged conversion moved by more than a unit on a machine whose
 * speed drifts (docs/benchmarks.md, "In turns"); taking turns, both sizes meet
 * the same drift. rust/benches/targets.rs measures the Rust library in turns too.
 */
export function interleavedGrowth(small: () => unknown, large: () => unknown, rounds: number): Growth {
  let sink: unknown;
  const block = (fn: () => unknown, count: number): number[] => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      sink = fn();
      if (i > 0) times.push(performance.now() - t);
    }
    return times;
  };
  const smalls: number[] = [];
  const larges: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let s: number[];
    let l: number[];
    if (r % 2 === 0) {
      s = block(small, GROWTH_BLOCKS.small);
      l = block(large, GROWTH_BLOCKS.large);
    } else {
      l = block(large, GROWTH_BLOCKS.large);
      s = block(small, GROWTH_BLOCKS.small);
    }
    ratios.push(median(l) / median(s));
    smalls.push(...s);
    larges.push(...l);
  }
  if (sink === Symbol.for('never')) console.log(sink);
  const smallMs = median(smalls);
  const largeMs = median(larges);
  return { smallMs, largeMs, growth: largeMs / smallMs, roundGrowth: median(ratios) };
}

// ---------------------------------------------------------------------------
// Formatting

export function fmtMs(t: Timing | string | undefined): string {
  if (t === undefined) return 'n/a';
  if (typeof t === 'string') return t;
  const ms = t.ms;
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

export function fmtRatio(r: number | undefined): string {
  return r === undefined ? 'n/a' : `${r.toFixed(2)}x`;
}

export function fmtBytes(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${(n / 1e3).toFixed(0)} kB`;
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  const sep = '|' + widths.map((w, i) => (i === 0 ? ':' + '-'.repeat(w + 1) : '-'.repeat(w + 1) + ':')).join('|') + '|';
  return [line(head), sep, ...rows.map(line)].join('\n');
}

/**
 * A performance guard (docs/benchmarks.md, "Guards"): a measured figure and the limit it
 * may not pass. `pass` is undefined when the figure could not be measured.
 */
export interface Guard {
  guard: string;
  value: number | undefined;
  limit: number;
  pass: boolean | undefined;
  /** What else to print after the figure, e.g. the same figure measured another way. */
  note?: string;
}

export function guard(name: string, value: number | undefined, limit: number, note?: string): Guard {
  return { guard: name, value, limit, pass: value === undefined ? undefined : value <= limit, note };
}

/** `PASS  <guard>: <figure>` (or FAIL, or `n/a` when not measured), one line per guard. */
export function guardLine(g: Guard): string {
  const verdict = g.pass === undefined ? 'n/a ' : g.pass ? 'PASS' : 'FAIL';
  return `${verdict}  ${g.guard}: ${fmtRatio(g.value)}${g.note ? ` (${g.note})` : ''}`;
}
