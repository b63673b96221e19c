/**
 * A live progress line on stderr for long runs (`convert -r`), drawn only when
 * stderr is a terminal, the run is not `--quiet` and has more than
 * PROGRESS_MIN_FILES files; otherwise every method does nothing, so CI logs
 * stay clean. Rust twin: rust/src/bin/x-graphql/progress.rs (same text).
 *
 *   const progress = new Progress(term, files.length);
 *   for (const f of files) { ...; progress.done(failed); }
 *   progress.finish();           // clears the line; print the summary after it
 *
 * The line reads `converting 120/1000 files, 2 failed, 1.3s`. Other output goes
 * through the Terminal, which clears the line first and redraws it after.
 * Frames are drawn at most every 100 ms (the first and the last always).
 */
import type { StatusLine, Terminal } from './terminal';

/** "More than a few dozen files" (decision record 0047). */
export const PROGRESS_MIN_FILES = 30;
const FRAME_MS = 100;
const CLEAR = '\r\x1b[K';

/** `0.0s`..`59.9s`, then `1m05s`. */
export function elapsedText(ms: number): string {
  const tenths = Math.floor(ms / 100);
  if (tenths < 600) return `${Math.floor(tenths / 10)}.${tenths % 10}s`;
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** The text of one frame. */
export function progressText(verb: string, done: number, total: number, failed: number, ms: number): string {
  return `${verb} ${done}/${total} files, ${failed} failed, ${elapsedText(ms)}`;
}

export class Progress implements StatusLine {
  private readonly enabled: boolean;
  private readonly start = Date.now();
  private done_ = 0;
  private failed = 0;
  private lastFrame = 0;
  private drawn = false;

  constructor(
    private readonly term: Terminal,
    private readonly total: number,
    /** `converting`, `validating`, ... */
    private readonly verb = 'converting',
  ) {
    this.enabled = term.isTTY && !term.quiet && total > PROGRESS_MIN_FILES;
    if (this.enabled) {
      term.status = this;
      this.draw();
    }
  }

  /** One file finished (`failed`: it did not convert). */
  done(failed = false): void {
    this.done_++;
    if (failed) this.failed++;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastFrame >= FRAME_MS || this.done_ === this.total) this.draw(now);
  }

  private draw(now = Date.now()): void {
    this.lastFrame = now;
    const text = progressText(this.verb, this.done_, this.total, this.failed, now - this.start);
    this.term.raw(CLEAR + text);
    this.drawn = true;
  }

  clear(): void {
    if (this.enabled && this.drawn) {
      this.term.raw(CLEAR);
      this.drawn = false;
    }
  }

  redraw(): void {
    if (this.enabled) this.draw();
  }

  /** Clears the line for good; call before the summary. */
  finish(): void {
    if (!this.enabled) return;
    this.clear();
    this.term.status = undefined;
  }
}
