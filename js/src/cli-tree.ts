/**
 * `convert -r`: every input file of a tree converted into a mirror tree, read and
 * converted on worker threads (cli-batch.ts), reported and written here in file
 * order; goes on past failures. Loaded by cli.ts only for `-r`.
 * rust/src/bin/x-graphql/tree.rs is the same.
 */
import * as fs from 'fs';
import type { PreparedFile } from './cli-batch';
import type { ConverterOptions } from './index';
import type { Direction } from './cli-direction';
import type { Terminal } from './terminal';
import { Progress } from './progress';
import { errnoText, IoError, makeFolder, statOrUndefined, writeAtomic } from './cli-write';
import type { Selection } from './glob';
import { asBuffer, dirnameBytes, joinUnder, lossy, renameExtBytes, walkBytes } from './cli-paths';
import { EXIT, extensions, oneLine, replay, say, UsageError } from './cli';

/** `-r`: converts every input file of a tree into a mirror tree; goes on past failures. */
export async function convertTree(
  base: ConverterOptions,
  inRoot: string,
  outRoot: string,
  direction: Direction,
  sel: Selection,
  term: Terminal,
): Promise<number> {
  const [from, to] = extensions(direction);
  let converted = 0;
  let invalid = 0;
  let io = 0;
  const ioFailure = (where: string, message: string): void => {
    say(`${where}: error[IO] ${oneLine(message)}`);
    io++;
  };
  if (statOrUndefined(inRoot) === undefined) {
    // Reading the folder reports the reason (missing, not permitted).
    try {
      fs.readdirSync(inRoot);
    } catch (e) {
      throw new IoError(`cannot read folder: ${errnoText(e)}`, inRoot);
    }
  }
  const files = walkBytes(
    inRoot,
    from,
    (where, e) => ioFailure(where, `cannot read folder: ${errnoText(e)}`),
    (e) => new IoError(`cannot read folder: ${errnoText(e)}`, inRoot),
    sel,
  );
  const progress = new Progress(term, files.length);
  /**
   * Output path -> the input written there (`a.graphql` and `a.gql` would both give
   * `a.json`); keyed by the path's bytes (latin1 keeps each byte), never its lossy form.
   */
  const written = new Map<string, string>();
  // Read and convert on worker threads (cli-batch.ts); report and write here, in file order.
  const emit = async (prepared: PreparedFile): Promise<void> => {
    const failedBefore = invalid + io;
    await emitFile(prepared);
    progress.done(invalid + io > failedBefore);
  };
  /** One file of the tree; a failure is counted (invalid or io) and ends it early. */
  const emitFile = async ({ rel, fileName, reports, result }: PreparedFile): Promise<void> => {
    for (const r of reports) replay(r);
    if (result.kind === 'unreadable') return ioFailure(fileName, result.message);
    if (result.kind === 'skipped') return term.warning(`${fileName}: warning[LINK_OUTSIDE] ${result.message}`);
    if (result.kind === 'usage') throw new UsageError(result.message, result.where, result.code);
    if (result.kind === 'failed') {
      if (result.exit === EXIT.Io) io++;
      else invalid++;
      return;
    }
    const target = joinUnder(outRoot, renameExtBytes(asBuffer(rel), from, to));
    const key = target.toString('latin1');
    const earlier = written.get(key);
    if (earlier !== undefined) {
      return ioFailure(fileName, `cannot write output: ${lossy(target)} was already written from ${earlier}`);
    }
    try {
      makeFolder(dirnameBytes(target));
    } catch (e) {
      return ioFailure(lossy(dirnameBytes(target)), `cannot create folder: ${errnoText(e)}`);
    }
    try {
      await writeAtomic(target, result.text);
    } catch (e) {
      if (e instanceof IoError) return ioFailure(e.where, e.message);
      throw e;
    }
    written.set(key, fileName);
    converted++;
  };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const batch = require('./cli-batch') as typeof import('./cli-batch');
  const job = { base, inRoot, direction };
  const workers = batch.workersFor(files.length);
  if (workers > 0) await batch.forEachOrdered(job, files, workers, emit);
  else for (const rel of files) await emit(batch.prepareFile(job, rel));
  progress.finish();
  const failed = invalid + io;
  term.info(`converted ${converted} file${converted === 1 ? '' : 's'}, ${failed} failed`);
  if (invalid > 0) return EXIT.InvalidInput;
  if (io > 0) return EXIT.Io;
  return EXIT.Ok;
}
