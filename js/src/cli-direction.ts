/**
 * `convert` without `--direction` (record 0083; the Rust twin is
 * rust/src/bin/x-graphql/direction.rs): the direction from the input's name, else
 * from its first non-blank character (an introspection result by its shape), and the warning for an `-o` whose extension
 * names the other kind of output.
 */
export type Direction = 'json-to-graphql' | 'graphql-to-json';

/** `.graphql`/`.gql` is SDL, `.json` is JSON Schema; any other name says nothing. */
export function directionOfName(name: string): Direction | undefined {
  if (name.endsWith('.graphql') || name.endsWith('.gql')) return 'graphql-to-json';
  if (name.endsWith('.json')) return 'json-to-graphql';
  return undefined;
}

/**
 * A JSON Schema document is an object, so `{` first (after blanks: space, tab, CR, LF,
 * BOM, the same set in both twins) means JSON; anything else is read as SDL. A blank
 * input keeps the old default (JSON), whose error message is the one users know.
 */
export function directionOfText(text: string): Direction {
  const m = /[^ \t\n\r\uFEFF]/.exec(text);
  if (m === null || m[0] === '{') return 'json-to-graphql';
  return 'graphql-to-json';
}

/**
 * The direction of one input: its name, else its first character; a JSON input
 * (by either) holding an introspection result is read as SDL (record 0091).
 */
export function directionOfInput(name: string | undefined, text: string): Direction {
  const direction = (name !== undefined ? directionOfName(name) : undefined) ?? directionOfText(text);
  // The library is loaded only for a text that names `"__schema"` (the CLI starts without it).
  if (direction === 'json-to-graphql' && text.includes('"__schema"')) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { looksLikeIntrospection } = require('./introspection-read') as typeof import('./introspection-read');
    if (looksLikeIntrospection(text)) return 'graphql-to-json';
  }
  return direction;
}

/** The warning (without `--quiet`) for `-o` naming a file of the other kind; a note, not an error. */
export function outputExtensionWarning(target: string, direction: Direction): string | undefined {
  const named = directionOfName(target);
  if (named === undefined || named !== direction) return undefined;
  // `named` is the direction that would READ such a file: the output is of the other kind.
  const ext = target.slice(target.lastIndexOf('.'));
  const output = direction === 'json-to-graphql' ? 'GraphQL SDL' : 'JSON Schema';
  return `${target}: warning[OUTPUT_EXTENSION] the output is ${output}, but the file name ends in ${ext}`;
}
