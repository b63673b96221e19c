/**
 * `-r --include <glob>` / `--exclude <glob>` (record 0088), on `convert`,
 * `validate json-schema|graphql` and `migrate`: the options, their check, and the
 * selection the walk applies (cli-paths.ts walkBytes; the glob dialect: glob.ts).
 * The Rust twin is the `INCLUDE`/`EXCLUDE` options of commander.rs and glob.rs.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { compileGlob, GlobError, type Selection } from './glob';

export interface SelectFlags {
  recursive?: boolean;
  include?: string[];
  exclude?: string[];
}

/** Each value is checked as it is read (commander's "argument ... is invalid"), and kept in order. */
function globList(value: string, previous: string[] | undefined): string[] {
  try {
    compileGlob(value);
  } catch (e) {
    if (e instanceof GlobError) throw new InvalidArgumentError(e.message);
    throw e;
  }
  return [...(previous ?? []), value];
}

/** Adds `--include <glob>` and `--exclude <glob>` (after `-r`, in the help). */
export function withSelectOptions(cmd: Command): Command {
  return cmd
    .option('--include <glob>', 'with -r: take only the files whose path under the folder matches (repeatable)', globList)
    .option('--exclude <glob>', 'with -r: leave out the files whose path under the folder matches (repeatable; wins over --include)', globList);
}

/** The selection of a `-r` walk; `--include`/`--exclude` without `-r` is a usage error (the message returned). */
export function selectionOf(flags: SelectFlags): Selection | string {
  if (!flags.recursive) {
    if (flags.include !== undefined) return '--include needs -r';
    if (flags.exclude !== undefined) return '--exclude needs -r';
  }
  return { include: (flags.include ?? []).map(compileGlob), exclude: (flags.exclude ?? []).map(compileGlob) };
}
