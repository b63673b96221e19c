/**
 * `x-graphql describe <file|->` and `x-graphql build <file|->` (record 0037):
 * SDL -> type-system JSON, and type-system JSON -> canonical SDL.
 *
 * Same conventions as `convert` (cli.ts): the output goes to stdout, or with
 * `-o` to a file written atomically; a problem in the input is one line
 * `<file>:<line>:<column>: error[CODE] message` on stderr; exit codes 0 ok,
 * 1 invalid input, 2 usage error, 3 I/O error. The library loads only when a
 * command runs (and ajv only for `build`).
 */
import { Option, type Command } from 'commander';
import { formatDiagnostic, readInput, readStdin, statOrUndefined, UsageError, useTerminal, withTerminalOptions, writeAtomic } from './cli';
import { isStdinFile, sameFile } from './cli-write';
import type { ColorFlag } from './terminal';

const STDIN_NAME = '<stdin>';

/** The hint of a usage error: the help of the command being parsed. */
let hint = 'see x-graphql convert --help';
export function commandHint(): string {
  return hint;
}

interface TypeSystemCommand {
  name: 'describe' | 'build';
  description: string;
  argument: string;
  output: string;
  format: string;
  examples: string;
}

const COMMANDS: TypeSystemCommand[] = [
  {
    name: 'describe',
    description: 'describe a GraphQL SDL document as type-system JSON (schemas/graphql-type-system.schema.json)',
    argument: 'SDL file, or - for stdin (e.g. schema.graphql)',
    output: 'write the JSON to this file instead of stdout (e.g. -o types.json)',
    format: 'the JSON to write: the type-system document, or the standard introspection result (e.g. --format introspection)',
    examples: [
      'Examples:',
      '  x-graphql describe schema.graphql',
      '  x-graphql describe schema.graphql -o types.json',
      '  x-graphql describe schema.graphql --format introspection -o introspection.json',
      '  cat schema.graphql | x-graphql describe -',
      '  x-graphql describe schema.graphql -q --color never',
    ].join('\n'),
  },
  {
    name: 'build',
    description: 'build canonical GraphQL SDL from a type-system JSON document',
    argument: 'type-system JSON file, or - for stdin (e.g. types.json)',
    output: 'write the SDL to this file instead of stdout (e.g. -o schema.graphql)',
    format: 'the JSON read: a type-system document, or an introspection result ({"data": {"__schema": ...}} or {"__schema": ...}) (e.g. --format introspection)',
    examples: [
      'Examples:',
      '  x-graphql build types.json',
      '  x-graphql build types.json -o schema.graphql',
      '  x-graphql build introspection.json --format introspection',
      '  x-graphql describe schema.graphql | x-graphql build -',
      '  x-graphql build types.json -q --color never',
    ].join('\n'),
  },
];

const TRAILER = '\nExit codes: 0 ok, 1 invalid input, 2 usage error, 3 I/O error.\nErrors go to stderr as <file>:<line>:<column>: error[CODE] message.';

/** Adds `describe` and `build` to the program; `done` receives the exit code. */
export function addTypeSystemCommands(program: Command, done: (exit: number) => void): void {
  program.hook('preSubcommand', (_program, sub) => {
    hint = `see x-graphql ${sub.name()} --help`;
  });
  for (const c of COMMANDS) {
    const cmd = program
      .command(c.name)
      .description(c.description)
      .helpOption('-h, --help', 'print this help')
      .argument('<file>', c.argument)
      .option('-o, --output <file>', c.output)
      .addOption(new Option('--format <format>', c.format).choices(FORMATS).default('type-system'));
    withTerminalOptions(cmd)
      .addHelpText('after', `\n${c.examples}\n${TRAILER}`)
      .action(async (file: string, flags: TypeSystemFlags) => {
        done(await run(c.name, file, flags));
      });
  }
}

/** `--format` (record 0091): the type-system document (record 0037) or standard introspection JSON. */
const FORMATS = ['type-system', 'introspection'] as const;

interface TypeSystemFlags {
  output?: string;
  format: (typeof FORMATS)[number];
  quiet?: boolean;
  color?: ColorFlag;
}

async function run(command: 'describe' | 'build', file: string, flags: TypeSystemFlags): Promise<number> {
  const term = useTerminal(flags);
  const output = flags.output;
  const fileName = file === '-' ? undefined : file;
  if (fileName !== undefined && statOrUndefined(fileName)?.isDirectory()) {
    throw new UsageError(`${fileName} is a folder; ${command} reads one file`, undefined, 'USAGE', hint);
  }
  if (output !== undefined && statOrUndefined(output)?.isDirectory()) {
    throw new UsageError(`-o names a folder (${output}); give a file name`, undefined, 'USAGE', hint);
  }
  if (output !== undefined && (fileName !== undefined ? sameFile(fileName, output) : isStdinFile(output))) {
    // The atomic write would replace the input with its own description or build.
    const input = fileName ?? STDIN_NAME;
    throw new UsageError(`-o names the input file ${input}; the output would overwrite it`, undefined, 'USAGE', hint);
  }
  const text = fileName === undefined ? await readStdin() : readInput(fileName);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const lib = require('./index') as typeof import('./index');
  let result: string;
  try {
    const options = { ...(fileName !== undefined ? { fileName } : {}), format: flags.format };
    result = command === 'describe' ? lib.describe(text, options) : lib.build(text, options);
  } catch (e) {
    if (e instanceof lib.ConversionError) {
      term.error(formatDiagnostic(e, fileName ?? STDIN_NAME), e.line === undefined ? undefined : { text, line: e.line, column: e.column });
      return e.code === 'IO' ? 3 : 1;
    }
    throw e;
  }
  if (output === undefined) process.stdout.write(result);
  else await writeAtomic(output, result);
  return 0;
}

