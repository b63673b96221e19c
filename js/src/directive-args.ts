/**
 * directive-args: the arguments of the built-in and federation v2.3 directives
 * (record 0031), so that an applied directive with an argument its definition
 * lacks (`@override(label:)`, which needs federation v2.7 while x-graphql links
 * v2.3) or without a required one is an error and not invalid SDL. The
 * definitions are those of the GraphQL spec and of
 * `schemas/federation-v2.3.graphql`. A directive the document declares itself
 * (`x-graphql-directive-definitions`) is not checked here.
 */

/** name -> its arguments as [name, required]. */
const KNOWN_ARGS = new Map<string, Array<[string, boolean]>>([
  ['deprecated', [['reason', false]]],
  ['specifiedBy', [['url', true]]],
  ['oneOf', []],
  ['include', [['if', true]]],
  ['skip', [['if', true]]],
  ['key', [['fields', true], ['resolvable', false]]],
  ['requires', [['fields', true]]],
  ['provides', [['fields', true]]],
  ['external', [['reason', false]]],
  ['tag', [['name', true]]],
  ['extends', []],
  ['shareable', []],
  ['inaccessible', []],
  ['override', [['from', true]]],
  ['composeDirective', [['name', true]]],
  ['interfaceObject', []],
  ['link', [['url', true], ['as', false], ['import', false], ['for', false]]],
]);

/** The problem with the argument names of an applied built-in or federation directive, if any. */
export function knownArgumentProblem(name: string, argNames: string[]): string | undefined {
  const known = KNOWN_ARGS.get(name);
  if (known === undefined) return undefined;
  for (const arg of argNames) {
    if (!known.some(([n]) => n === arg)) {
      const hint = name === 'override' && arg === 'label' ? ' (label needs federation v2.7; x-graphql links v2.3)' : '';
      return `directive @${name} has no argument ${arg}${hint}`;
    }
  }
  for (const [arg, required] of known) {
    if (required && !argNames.includes(arg)) return `directive @${name} needs the argument ${arg}`;
  }
  return undefined;
}

/**
 * graphql-js reads the reason of `@deprecated` and the url of `@specifiedBy`
 * while it builds a schema, with its own definitions of the two directives,
 * and throws on a value it cannot coerce (record 0028): the SDL would not be
 * valid. So whatever the document declares, a reason is a string or null and
 * a url a string. The problem with one argument's value, if any.
 */
export function readableArgumentProblem(name: string, arg: string, value: unknown): string | undefined {
  if (name === 'deprecated' && arg === 'reason' && value !== null && typeof value !== 'string') return 'the reason of @deprecated must be a string or null';
  if (name === 'specifiedBy' && arg === 'url' && typeof value !== 'string') return 'the url of @specifiedBy must be a string';
  return undefined;
}
