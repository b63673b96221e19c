/**
 * terminal.ts and progress.ts, piece by piece; the same vectors are in the
 * Rust unit tests of terminal.rs and progress.rs. Whole-CLI behaviour (pipes,
 * pseudo-terminal, watch mode) is in parity/cli-terminal.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFrame, paintLine, Terminal, useColor } from '../src/terminal';
import { elapsedText, Progress, progressText } from '../src/progress';

const frame = (text: string, line: number, column?: number) => codeFrame({ text, line, column });

interface FrameCase {
  in: { text: string; line: number; column?: number };
  out: string;
}
const FRAMES = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'helpers', 'code-frame.json'), 'utf8')) as {
    codeFrame: FrameCase[];
  }
).codeFrame;

describe('codeFrame', () => {
  it('gives the shared vectors of fixtures/helpers/code-frame.json (also run by terminal.rs)', () => {
    expect(FRAMES.length).toBeGreaterThan(10);
    for (const c of FRAMES) expect(codeFrame(c.in), JSON.stringify(c.in)).toBe(c.out);
  });


  it('shows the line before, the line, a caret and the line after, like graphql-js printLocation', () => {
    const text = '{\n  "title": "T",\n  "type": ,\n}\n';
    expect(frame(text, 3, 11)).toBe('2 |   "title": "T",\n3 |   "type": ,\n  |           ^\n4 | }');
    // first and last line: no neighbour on that side; an empty neighbour is a bare gutter
    expect(frame('a\nb\n', 1, 1)).toBe('1 | a\n  | ^\n2 | b');
    expect(frame('a\nb\n', 2, 2)).toBe('1 | a\n2 | b\n  |  ^\n3 |');
  });

  it('widens the gutter for two-digit line numbers', () => {
    const text = Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join('\n');
    expect(frame(text, 9, 2)).toBe(' 8 | l8\n 9 | l9\n   |  ^\n10 | l10');
  });

  it('keeps tabs in the caret padding, counts code points, skips a BOM, and knows CR LF and CR', () => {
    expect(frame('a\tb', 1, 3)).toBe('1 | a\tb\n  |  \t^');
    expect(frame('\ufeff"😀", x', 1, 6)).toBe('1 | "😀", x\n  |      ^');
    expect(frame('a\r\nb\rc', 3, 1)).toBe('2 | b\n3 | c\n  | ^');
  });

  it('shows an 80-column window of a long line', () => {
    const f = frame('x'.repeat(290), 1, 200);
    const lines = f.split('\n');
    expect(lines[0]).toBe(`1 | ...${'x'.repeat(80)}...`);
    expect(lines[1]).toBe(`  | ${' '.repeat(42)}^`);
  });

  it('is empty for a line outside the text, and has no caret without a column', () => {
    expect(frame('x', 2, 1)).toBe('');
    expect(frame('x\ny', 1)).toBe('1 | x\n2 | y');
  });
});

describe('colour', () => {
  it('--color decides; auto follows NO_COLOR, FORCE_COLOR, the terminal and TERM=dumb', () => {
    expect(useColor('always', { NO_COLOR: '1' }, false)).toBe(true);
    expect(useColor('never', { FORCE_COLOR: '1' }, true)).toBe(false);
    expect(useColor('auto', { NO_COLOR: '1' }, true)).toBe(false);
    expect(useColor('auto', { NO_COLOR: '' }, true)).toBe(true);
    expect(useColor(undefined, { FORCE_COLOR: '1' }, false)).toBe(true);
    expect(useColor(undefined, { FORCE_COLOR: '0' }, false)).toBe(false);
    expect(useColor(undefined, {}, true)).toBe(true);
    expect(useColor(undefined, { TERM: 'dumb' }, true)).toBe(false);
    expect(useColor(undefined, {}, false)).toBe(false);
  });

  it('paints the location and the label of diagnostic lines only', () => {
    expect(paintLine('a.json:1:2: error[X_Y] m', false)).toBe('a.json:1:2: error[X_Y] m');
    expect(paintLine('a.json:1:2: warning[X] m: error[Z] n', true)).toBe(
      '\x1b[1ma.json:1:2:\x1b[0m \x1b[1;33mwarning[X]\x1b[0m m: error[Z] n',
    );
    expect(paintLine('converted 1 file', true)).toBe('converted 1 file');
  });
});

describe('Terminal and Progress', () => {
  const capture = (color: boolean, quiet: boolean, isTTY: boolean) => {
    let out = '';
    return { term: new Terminal(color, quiet, isTTY, (s) => (out += s)), out: () => out };
  };

  it('--quiet keeps errors only', () => {
    const { term, out } = capture(false, true, false);
    term.warning('a: warning[W] w');
    term.info('converted 1 file, 0 failed');
    term.error('a:1:1: error[E] e', { text: 'x', line: 1, column: 1 });
    expect(out()).toBe('a:1:1: error[E] e\n1 | x\n  | ^\n');
  });

  it('draws nothing off a terminal or for a few files; on a terminal steps aside for other lines', () => {
    const off = capture(false, false, false);
    const p = new Progress(off.term, 100);
    p.done();
    p.finish();
    expect(off.out()).toBe('');
    const few = capture(false, false, true);
    new Progress(few.term, 30).finish();
    expect(few.out()).toBe('');
    const on = capture(false, false, true);
    const q = new Progress(on.term, 31);
    on.term.line('x: error[E] e');
    q.finish();
    on.term.info('done');
    expect(on.out()).toMatch(
      /^\r\x1b\[Kconverting 0\/31 files, 0 failed, 0\.\ds\r\x1b\[Kx: error\[E\] e\n\r\x1b\[Kconverting 0\/31 files, 0 failed, 0\.\ds\r\x1b\[Kdone\n$/,
    );
  });

  it('formats elapsed time and the frame text', () => {
    expect(elapsedText(0)).toBe('0.0s');
    expect(elapsedText(1349)).toBe('1.3s');
    expect(elapsedText(65000)).toBe('1m05s');
    expect(progressText('converting', 3, 40, 1, 250)).toBe('converting 3/40 files, 1 failed, 0.2s');
  });
});
