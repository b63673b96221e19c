/**
 * What the CLI writes to stderr for people: colour (or not), `error[...]` and
 * `warning[...]` styling, a code frame under an error, `--quiet`.
 * The Rust twin is rust/src/bin/x-graphql/terminal.rs; with colour off both
 * write the same bytes (cli-parity and terminal tests check it).
 *
 *   const term = terminalFor({ color: flags.color, quiet: flags.quiet });
 *   term.error('bad.json:3:11: error[JSON_SYNTAX] Unexpected token', { text, line: 3, column: 11 });
 *   term.warning('a.json:5:3: warning[INT_RANGE] ...');   // dropped with --quiet
 *   term.info('converted 3 files, 0 failed');              // dropped with --quiet
 *
 * Colour is a few ANSI constants here rather than a package or `util.styleText`
 * (whose own TTY check differs between Node versions and would fight
 * `--color always`); decision record 0047.
 */

/** `--color` values. */
export const COLOR_MODES = ['auto', 'always', 'never'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

const RESET = '\x1b[0m';
const BOLD = '\x1b[1m';
const RED = '\x1b[1;31m';
const YELLOW = '\x1b[1;33m';
const BLUE = '\x1b[1;34m';
const GREEN = '\x1b[32m';

/** `--color <when>`, or `false` from `--no-color` (the same as `never`; record 0088). */
export type ColorFlag = ColorMode | false;

/** FORCE_COLOR values that turn colour on, as Node's tty.getColorDepth reads them; any other value turns it off. */
const FORCE_ON = new Set(['', '1', '2', '3', 'true']);

/**
 * Whether stderr gets colour: `--color always|never` (and `--no-color`) decide;
 * `auto` (the default) is off when NO_COLOR is set (non-empty, no-color.org);
 * a set FORCE_COLOR then decides as in Node (`1`..`3`, `true` or empty: on;
 * `0`, `false` or anything else: off; record 0088); else on for a terminal
 * that is not TERM=dumb.
 */
export function useColor(
  mode: ColorFlag | undefined,
  env: NodeJS.ProcessEnv = process.env,
  isTTY: boolean = process.stderr.isTTY === true,
): boolean {
  if (mode === 'always') return true;
  if (mode === 'never' || mode === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return FORCE_ON.has(force);
  return isTTY && env.TERM !== 'dumb';
}

/** `error[CODE]` / `warning[CODE]` after `<where>: ` in a diagnostic or usage line. */
const LABEL = /: (error|warning)\[[A-Za-z0-9_]+\]/;

/** Colours the location bold and the label red (error) or yellow (warning); other lines unchanged. */
export function paintLine(line: string, color: boolean): string {
  if (!color) return line;
  const m = LABEL.exec(line);
  if (m === null) return line;
  const label = m[0].slice(2);
  const paint = m[1] === 'error' ? RED : YELLOW;
  const where = line.slice(0, m.index + 1);
  return `${BOLD}${where}${RESET} ${paint}${label}${RESET}${line.slice(m.index + m[0].length)}`;
}

/** Where an error is in its source text (1-based; columns count code points). */
export interface SourceSpot {
  text: string;
  line?: number;
  column?: number;
}

/** Lines longer than this (code points) are shown as an 80-column window around the column. */
const LONG_LINE = 120;
const WINDOW = 80;

function cut(chars: string[], from: number): string {
  const end = Math.min(chars.length, from + WINDOW);
  return (from > 0 ? '...' : '') + chars.slice(from, end).join('') + (end < chars.length ? '...' : '');
}

/**
 * A code frame like graphql-js's `printSourceLocation`: the line before, the
 * offending line, a caret under the column, the line after, each behind a
 * right-aligned `N |` gutter. Differences: the caret's padding repeats the
 * line's own tabs (so it stays aligned), and a line longer than 120 code points
 * shows only the 80 around the column (minified JSON is one long line).
 * A leading BOM is not part of line 1 (as in load.ts). Empty when the line
 * is not in the text.
 */
export function codeFrame(spot: SourceSpot, color = false): string {
  const { line } = spot;
  if (line === undefined || line < 1) return '';
  const text = spot.text.charCodeAt(0) === 0xfeff ? spot.text.slice(1) : spot.text;
  const lines = text.split(/\r\n|\r|\n/);
  if (line > lines.length) return '';
  const at = Array.from(lines[line - 1]);
  let shown = at.join('');
  let caretAt = spot.column; // 1-based position in `shown`
  if (at.length > LONG_LINE) {
    const column = Math.min(Math.max(spot.column ?? 1, 1), at.length + 1);
    const from = Math.floor((column - 1) / WINDOW) * WINDOW;
    shown = cut(at, from);
    if (caretAt !== undefined) caretAt = column - from + (from > 0 ? 3 : 0);
  }
  const neighbour = (n: number): string | undefined => {
    const l = lines[n - 1];
    if (l === undefined) return undefined;
    const chars = Array.from(l);
    return chars.length > LONG_LINE ? cut(chars, 0) : l;
  };
  const rows: Array<[string, string | undefined, boolean]> = [
    [`${line - 1} |`, line > 1 ? neighbour(line - 1) : undefined, false],
    [`${line} |`, shown, false],
  ];
  if (caretAt !== undefined && caretAt >= 1) {
    const before = Array.from(shown).slice(0, caretAt - 1);
    const pad = before.map((c) => (c === '\t' ? '\t' : ' ')).join('');
    rows.push(['|', pad + ' '.repeat(Math.max(0, caretAt - 1 - before.length)) + '^', true]);
  }
  rows.push([`${line + 1} |`, neighbour(line + 1), false]);
  const present = rows.filter(([, l]) => l !== undefined);
  const width = Math.max(...present.map(([p]) => p.length));
  return present
    .map(([prefix, l, caret]) => {
      const gutter = prefix.padStart(width);
      const body = l === '' || l === undefined ? '' : ' ' + (caret && color ? `${RED}${l}${RESET}` : l);
      return (color ? `${BLUE}${gutter}${RESET}` : gutter) + body;
    })
    .join('\n');
}

/** Something that draws on the terminal's last line (the progress line) and must step aside for other output. */
export interface StatusLine {
  clear(): void;
  redraw(): void;
}

/** The CLI's stderr for people. */
export class Terminal {
  /** Set by a running progress line. */
  status: StatusLine | undefined;

  constructor(
    readonly color: boolean,
    readonly quiet: boolean,
    readonly isTTY: boolean,
    private readonly out: (s: string) => void = (s) => {
      process.stderr.write(s);
    },
  ) {}

  /** Writes raw text (progress frames); nothing else should bypass `line`. */
  raw(s: string): void {
    this.out(s);
  }

  /** One line, painted if it is a diagnostic, with the status line moved out of the way. */
  line(text: string): void {
    this.status?.clear();
    this.out(paintLine(text, this.color) + '\n');
    this.status?.redraw();
  }

  /** An error line and, when its source is known, the code frame under it. Never silenced. */
  error(text: string, spot?: SourceSpot): void {
    const frame = spot === undefined ? '' : codeFrame(spot, this.color);
    this.status?.clear();
    this.out(paintLine(text, this.color) + '\n' + (frame === '' ? '' : frame + '\n'));
    this.status?.redraw();
  }

  warning(text: string): void {
    if (!this.quiet) this.line(text);
  }

  /** Summaries and watch lines. */
  info(text: string): void {
    if (!this.quiet) this.line(text);
  }

  /** Green for a success word at the start of an info line (watch mode). */
  ok(word: string): string {
    return this.color ? `${GREEN}${word}${RESET}` : word;
  }
}

/** The terminal for `--color` and `--quiet` as given (undefined: auto, not quiet). */
export function terminalFor(flags: { color?: ColorFlag; quiet?: boolean } = {}): Terminal {
  const isTTY = process.stderr.isTTY === true;
  return new Terminal(useColor(flags.color, process.env, isTTY), flags.quiet === true, isTTY);
}
