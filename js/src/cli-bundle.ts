/**
 * `convert --bundle` (record 0090): several files, or the files of folders, into one
 * output. The Rust twin is rust/src/bin/x-graphql/bundle.rs.
 *
 * The inputs are the `-i`s and the arguments, in any order: a folder gives its files
 * of the direction's extensions, walked as `-r` walks (cli-paths.ts: sorted, no
 * `node_modules` or dot-folders, a link out of the folder skipped with LINK_OUTSIDE).
 * The base folder (what file `$ref`s may not leave, and what each input's path in the
 * bundle is relative to) is the deepest folder holding every input: a folder input
 * holds itself. Diagnostics name files as the base joined to that path.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { ConversionError as ConversionErrorType, ConverterOptions, Diagnostic, DirectionInput } from './index';
import type { BundleInput } from './bundle';
import { checkTreeInput, joinUnder, lossy, walkBytes } from './cli-paths';
import { argPath } from './cli-argv';
import { directionOfName, outputExtensionWarning, type Direction } from './cli-direction';
import { IoError, statOrUndefined, writeAtomic, errnoText } from './cli-write';
import type { Terminal } from './terminal';

/** What cli.ts lends: its terminal, its line printer and its usage error. */
export interface BundleContext {
  term: Terminal;
  say: (line: string) => void;
  usage: (message: string) => Error;
  formatDiagnostic: (d: Diagnostic, where: string) => string;
  readInput: (file: string) => string;
}

/** One input file: its name as shown and its place below the base folder. */
interface Listed {
  shown: string;
  /** The path as it is opened (bytes: a name that is not UTF-8 is opened as written). */
  open: string | Buffer;
  segments: string[];
}

const EXIT = { Ok: 0, InvalidInput: 1, Io: 3 } as const;

export async function runBundle(
  ctx: BundleContext,
  inputs: string[],
  output: string | undefined,
  given: Direction | undefined,
  base: ConverterOptions,
): Promise<number> {
  if (inputs.length === 0) throw ctx.usage('--bundle needs inputs: -i <file|folder> (repeatable) or arguments');
  if (inputs.includes('-')) throw ctx.usage('--bundle reads files, not standard input');
  if (output !== undefined && statOrUndefined(output)?.isDirectory()) throw ctx.usage(`--bundle writes one file, but -o ${output} is a folder`);
  const firstFile = inputs.find((i) => !statOrUndefined(argPath(i))?.isDirectory());
  const direction: Direction = given ?? (firstFile !== undefined ? directionOfName(firstFile) : undefined) ?? 'json-to-graphql';
  const exts = direction === 'graphql-to-json' ? ['.graphql', '.gql'] : ['.json'];
  const absolute = inputs.some((i) => path.isAbsolute(i));
  const place = (p: string): string[] => {
    const n = absolute ? path.resolve(p) : path.normalize(p);
    return n.split('/').filter((s, i) => s !== '' && !(i === 0 && s === '.'));
  };
  const files: Listed[] = [];
  // The folder each input says the base must hold.
  const holders: string[][] = [];
  let io = 0;
  for (const input of inputs) {
    const st = statOrUndefined(argPath(input));
    if (st?.isDirectory()) {
      holders.push(place(input));
      const rels = walkBytes(
        input,
        exts,
        (where, e) => {
          ctx.say(`${where}: error[IO] cannot read folder: ${errnoText(e)}`);
          io++;
        },
        (e) => new IoError(`cannot read folder: ${errnoText(e)}`, input),
      );
      for (const rel of rels) {
        const file = joinUnder(input, rel);
        const shown = lossy(file);
        const check = checkTreeInput(input, file);
        if (check.kind === 'outside') {
          ctx.term.warning(`${shown}: warning[LINK_OUTSIDE] ${check.message}`);
          continue;
        }
        if (check.kind === 'unreadable') {
          ctx.say(`${shown}: error[IO] ${check.message}`);
          io++;
          continue;
        }
        files.push({ shown, open: file, segments: [...place(input), ...lossy(rel).split('/')] });
      }
    } else {
      const segments = place(input);
      holders.push(segments.slice(0, -1));
      files.push({ shown: input, open: argPath(input), segments });
    }
  }
  if (io > 0) return EXIT.Io;
  // The deepest folder that holds every input.
  let common = holders[0];
  for (const h of holders.slice(1)) {
    let i = 0;
    while (i < common.length && i < h.length && common[i] === h[i]) i++;
    common = common.slice(0, i);
  }
  const baseDir = absolute ? '/' + common.join('/') : common.length === 0 ? '.' : common.join('/');
  const bundle: BundleInput[] = [];
  for (const f of files) {
    let text: string;
    try {
      text = fs.readFileSync(f.open, 'utf8');
    } catch (e) {
      ctx.say(`${f.shown}: error[IO] cannot read input: ${errnoText(e)}`);
      return EXIT.Io;
    }
    bundle.push({ path: f.segments.slice(common.length).join('/'), text });
  }
  if (bundle.length === 0) throw ctx.usage(`--bundle found no ${exts.join(' or ')} file in ${inputs.join(', ')}`);
  const shownOf = (file: string | undefined): string => (file === undefined ? baseDir : path.join(baseDir, file));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Converter, ConversionError } = require('./index') as typeof import('./index');
  let result;
  try {
    result = new Converter({ ...base, baseDir }).convertWithWarnings(bundle, direction as DirectionInput);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    const err = e as ConversionErrorType;
    if (err.code === 'INVALID_OPTION') throw ctx.usage(err.message);
    const shown = shownOf(err.file);
    let spot;
    if (err.line !== undefined) {
      try {
        spot = { text: fs.readFileSync(shown, 'utf8'), line: err.line, column: err.column };
      } catch {
        spot = undefined;
      }
    }
    ctx.term.error(ctx.formatDiagnostic(err, shown), spot);
    return EXIT.InvalidInput;
  }
  for (const w of result.warnings) ctx.term.warning(ctx.formatDiagnostic(w, shownOf(w.file)));
  if (output === undefined) {
    process.stdout.write(result.output);
    return EXIT.Ok;
  }
  const warning = outputExtensionWarning(output, direction);
  if (warning !== undefined) ctx.term.warning(warning);
  await writeAtomic(output, result.output);
  return EXIT.Ok;
}
