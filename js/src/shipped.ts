/**
 * The texts of the files the package ships in `schemas/` that the library
 * reads at run time (the extension catalog, the type-system schema, two
 * meta-schemas). In Node they are read from `<package>/schemas/`, two levels
 * above this file in js/src (tests) and in js/dist (the published package).
 *
 * `node:fs` is required at first use, not imported: the browser bundle
 * (scripts/browser-bundle.ts) replaces this module by one that embeds the
 * texts, so no Node built-in is reached by the library core in a browser.
 */
export const SHIPPED_FILES = [
  'x-graphql-extensions.schema.json',
  'graphql-type-system.schema.json',
  'graphql-introspection-builtins.json',
  'meta-schemas/draft-04.json',
  'meta-schemas/draft-06.json',
] as const;

export type ShippedFile = (typeof SHIPPED_FILES)[number];

const texts = new Map<ShippedFile, string>();

/** The text of a shipped file, by its path below `schemas/`; read once. */
export function shippedText(name: ShippedFile): string {
  let text = texts.get(name);
  if (text === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require('node:fs') as typeof import('node:fs');
    text = fs.readFileSync(`${__dirname}/../../schemas/${name}`, 'utf8');
    texts.set(name, text);
  }
  return text;
}
