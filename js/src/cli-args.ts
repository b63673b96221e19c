/**
 * The command line of `x-graphql` and its `convert` command as commander reads
 * them: the options, their help and examples, `--version`. cli.ts runs what they
 * give. rust/src/bin/x-graphql/args.rs is the same (with commander.rs).
 */
import * as fs from 'fs';
import * as path from 'path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { COLOR_MODES } from './terminal';
import { withSelectOptions } from './cli-select';
import { UsageError, type ConvertFlags } from './cli';

function count(value: string): number {
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a non-negative integer');
  }
  return Number(value);
}

/** `--format-scalar FORMAT=NAME`, repeatable: the map so far plus this entry (record 0082). */
function formatScalarEntry(value: string, previous: Record<string, string> | undefined): Record<string, string> {
  const eq = value.indexOf('=');
  const name = eq < 0 ? '' : value.slice(eq + 1);
  if (eq <= 0 || !/^[_A-Za-z][_0-9A-Za-z]*$/.test(name)) {
    throw new InvalidArgumentError('expected FORMAT=NAME, NAME a GraphQL name');
  }
  return { ...(previous ?? {}), [value.slice(0, eq)]: name };
}

export function version(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const CONVERT_EXAMPLES = `
Examples:
  x-graphql convert -i user.schema.json -o user.graphql
  x-graphql convert user.schema.json -o user.graphql
  x-graphql convert < user.schema.json > user.graphql
  x-graphql convert -r -i schemas -o generated
  x-graphql convert --bundle schemas -o schema.graphql
  x-graphql convert --bundle order.json customer.json -o schema.graphql
  x-graphql convert api.graphql -o api.json
  x-graphql convert --direction graphql-to-json -i api.graphql -o api.json
  x-graphql convert -i user.schema.json --config x-graphql.json
  x-graphql convert -i user.schema.json --description-block-threshold 0
  x-graphql convert -i user.schema.json --emit-empty-types
  x-graphql convert -i user.schema.json --inline-object-threshold 0
  x-graphql convert -r -i schemas -o generated --ref-naming file_and_path
  x-graphql convert -i api.schema.json --format-scalar date-time=DateTime
  x-graphql convert -i product.schema.json --no-federation-link
  x-graphql convert -i product.schema.json --federation-version 2.7
  x-graphql convert -i user.schema.json --strict --validate
  x-graphql convert -i fhir.schema.json --unresolved-refs json --explain-json
  x-graphql convert -i config.schema.json --mixed-unions wrap
  x-graphql convert --watch -i user.schema.json -o user.graphql
  x-graphql convert user.schema.json -o user.graphql --format sarif > report.sarif
  x-graphql convert -r -i schemas -o generated --include '**/*.schema.json' --exclude 'drafts/**'
  x-graphql convert -r -i schemas -o generated --quiet --color never
  x-graphql convert -i user.schema.json -o user.graphql --no-color`;

const PROGRAM_EXAMPLES = `
Examples:
  x-graphql convert -i user.schema.json -o user.graphql
  x-graphql validate json-schema -r schemas/
  x-graphql migrate --check -r schemas/
  x-graphql describe schema.graphql -o types.json
  x-graphql explain REF_OUTSIDE
  x-graphql convert --help
  x-graphql --version`;

/**
 * `-q, --quiet` and `--color <when>`, the options every command that reports
 * files has (read them with `terminalFor(cmd.opts())`); the Rust twin is the
 * `quiet` and `color` fields of each command's flags in args.rs.
 */
export function withTerminalOptions(cmd: Command): Command {
  return cmd
    .option('-q, --quiet', 'print errors only: no warnings, summary, progress or watch lines')
    .addOption(
      new Option('--color <when>', 'colour on stderr; auto: on for a terminal unless NO_COLOR is set')
        .choices(COLOR_MODES)
        .default('auto'),
    )
    .option('--no-color', 'no colour on stderr: the same as --color never');
}

export function buildProgram(run: (flags: ConvertFlags, cmd: Command) => Promise<void>): Command {
  const program = new Command();
  program
    .name('x-graphql')
    .description('Convert JSON Schema annotated with x-graphql-* attributes to GraphQL SDL, and GraphQL SDL to JSON Schema.')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'print this help')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
      // Usage errors are printed by main, in one line.
      outputError: () => undefined,
    })
    .addHelpText('after', PROGRAM_EXAMPLES);

  const convert = program.command('convert');
  convert
    .description('convert a JSON Schema (or SDL) file, stdin, or (-r) a folder tree')
    .helpOption('-h, --help', 'print this help')
    .argument('[input...]', 'input file, folder (with -r), or - for stdin; the same as -i; several with --bundle')
    .option('-i, --input <file|dir|->', 'input file, folder (with -r), or - for stdin (default: stdin); repeatable with --bundle', (v: string, prev: string[] | undefined) => [...(prev ?? []), v])
    .option('-o, --output <file|dir>', 'output file or folder (default: stdout)')
    .addOption(
      new Option('--direction <direction>', 'conversion direction (default: .graphql/.gql input or SDL text: graphql-to-json; -r: json-to-graphql)')
        .choices(['json-to-graphql', 'graphql-to-json']),
    )
    .option('-r, --recursive', 'convert every .json file (graphql-to-json: .graphql and .gql file) under -i into a mirror tree under -o');
  withSelectOptions(convert)
    .option('--bundle', 'convert every input (files, and the files of folders) into one output: one SDL document, or one JSON Schema')
    .option('--config <options.json>', 'JSON object of converter options (camelCase); flags override it (default: x-graphql.config.json in the current folder or above)')
    .option('--description-block-threshold <N>', 'descriptions longer than N code points print as block strings (default: 80)', count)
    .option('--emit-empty-types', 'keep object types without fields (with a placeholder field)')
    .option('--inline-object-threshold <N>', 'inline objects with at most N properties become the JSON scalar (default: 3)', count)
    .addOption(
      new Option('--ref-naming <mode>', 'how types reached through $ref are named (default: basename)').choices([
        'basename',
        'file_and_path',
        'hash',
      ]),
    )
    .option('--format-scalar <format=name>', 'map a format to a custom scalar, e.g. date-time=DateTime (repeatable)', formatScalarEntry)
    .option('--no-federation-link', 'do not prepend `extend schema @link(...)` for federation directives')
    .option('--federation-version <version>', 'the Federation 2 version the @link names, 2.0 to 2.14 (default: the lowest the document needs, at least 2.3)')
    .option('-s, --strict', 'treat warnings as errors')
    .option('--validate', 'check the input against the draft-07 meta-schema and the attribute catalog first')
    .addOption(
      new Option('--unresolved-refs <mode>', 'a $ref to nothing, to a remote URI or to a missing file: an error, or the JSON scalar with a warning (default: error)').choices([
        'error',
        'json',
      ]),
    )
    .addOption(
      new Option('--mixed-unions <mode>', 'a oneOf/anyOf mixing objects with scalars: the JSON scalar, the JSON scalar and a type per object branch, or a union with the scalars wrapped (default: json)').choices([
        'json',
        'types',
        'wrap',
      ]),
    )
    .option('--explain-json', 'list every field that became the JSON scalar, with its reason')
    .option('--watch', 'convert again each time an input file changes (needs -i and -o), until Ctrl-C')
    // A short -w is --write everywhere (migrate -w, record 0088); the old spelling gets a pointer.
    .addOption(new Option('-w').hideHelp())
    .addOption(
      new Option('--format <format>', 'report format; json, github and sarif go to stdout with -o, to stderr without (human: the former name of text)')
        .choices(['text', 'human', 'json', 'github', 'sarif'])
        .default('text'),
    );
  withTerminalOptions(convert)
    .addHelpText('after', CONVERT_EXAMPLES)
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error.\nWarnings and errors go to stderr as <file>:<line>:<column>: error[CODE] message.',
    )
    .action(async (positionals: string[], _opts: unknown, cmd: Command) => {
      const flags = cmd.opts() as ConvertFlags;
      if (flags.w) throw new UsageError('-w is not --watch any more (a short -w means --write, as in migrate -w); use --watch');
      // -i is repeatable for --bundle (record 0090); otherwise the last one counts, as before.
      const given = (flags.input as unknown as string[] | undefined) ?? [];
      flags.inputs = [...given, ...positionals];
      flags.input = given.length > 0 ? given[given.length - 1] : undefined;
      if (!flags.bundle && positionals.length > 1) {
        throw new UsageError(`too many arguments for 'convert'. Expected 1 argument but got ${positionals.length}.`);
      }
      const positional = flags.bundle ? undefined : positionals[0];
      if (positional !== undefined) {
        // The input as an argument, like the other commands (record 0083); -i stays.
        if (flags.input !== undefined) {
          throw new UsageError(`the input is given twice: as the argument ${positional} and with -i ${flags.input}; give one`);
        }
        flags.input = positional;
      }
      await run(flags, cmd);
    });
  return program;
}
