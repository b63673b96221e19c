/**
 * federation: the Apollo Federation 2 directives x-graphql knows, which
 * version of the federation spec brought each one (and `@override`'s `label`),
 * and the `@link` they are imported by (records 0011, 0074, 0075). Read from
 * @apollo/federation-internals 2.14 (`specs/federationSpec.js` and the specs it
 * registers as sub-features: tag, inaccessible, authenticated, requiresScopes,
 * policy, context, cost). The twin of rust/src/federation.rs.
 */
import type { AppliedDirective } from './ir';

/** A federation directive: where it may stand, whether it repeats, its arguments, the minor version (2.x) that brought it. */
export interface FederationDirective {
  name: string;
  locations: readonly string[];
  repeatable: boolean;
  /** [name, type as the definition writes it, minor version that brought the argument]. */
  args: ReadonlyArray<readonly [string, string, number]>;
  since: number;
  /**
   * Named by the link of every x-graphql before 0075: a generic directive entry
   * of this name always means federation's. The others mean federation's only
   * in a document that is federated anyway (record 0075).
   */
  classic: boolean;
}

const FIELD_AND_TYPE_LOCATIONS = [
  'FIELD_DEFINITION', 'OBJECT', 'INTERFACE', 'UNION', 'ARGUMENT_DEFINITION', 'SCALAR', 'ENUM', 'ENUM_VALUE',
  'INPUT_OBJECT', 'INPUT_FIELD_DEFINITION',
];
const AUTHORIZATION_LOCATIONS = ['FIELD_DEFINITION', 'OBJECT', 'INTERFACE', 'SCALAR', 'ENUM'];

/** In the order the `@link` import lists them. */
export const FEDERATION_SPEC: readonly FederationDirective[] = [
  { name: 'key', locations: ['OBJECT', 'INTERFACE'], repeatable: true, args: [['fields', 'federation__FieldSet!', 0], ['resolvable', 'Boolean = true', 0]], since: 0, classic: true },
  { name: 'requires', locations: ['FIELD_DEFINITION'], repeatable: false, args: [['fields', 'federation__FieldSet!', 0]], since: 0, classic: true },
  { name: 'provides', locations: ['FIELD_DEFINITION'], repeatable: false, args: [['fields', 'federation__FieldSet!', 0]], since: 0, classic: true },
  { name: 'external', locations: ['OBJECT', 'FIELD_DEFINITION'], repeatable: false, args: [['reason', 'String', 0]], since: 0, classic: true },
  { name: 'tag', locations: FIELD_AND_TYPE_LOCATIONS, repeatable: true, args: [['name', 'String!', 0]], since: 0, classic: true },
  { name: 'extends', locations: ['OBJECT', 'INTERFACE'], repeatable: false, args: [], since: 0, classic: true },
  { name: 'shareable', locations: ['OBJECT', 'FIELD_DEFINITION'], repeatable: true, args: [], since: 0, classic: true },
  { name: 'inaccessible', locations: FIELD_AND_TYPE_LOCATIONS, repeatable: false, args: [], since: 0, classic: true },
  { name: 'override', locations: ['FIELD_DEFINITION'], repeatable: false, args: [['from', 'String!', 0], ['label', 'String', 7]], since: 0, classic: true },
  { name: 'composeDirective', locations: ['SCHEMA'], repeatable: true, args: [['name', 'String!', 1]], since: 1, classic: true },
  { name: 'interfaceObject', locations: ['OBJECT'], repeatable: false, args: [], since: 3, classic: true },
  { name: 'authenticated', locations: AUTHORIZATION_LOCATIONS, repeatable: false, args: [], since: 5, classic: false },
  { name: 'requiresScopes', locations: AUTHORIZATION_LOCATIONS, repeatable: false, args: [['scopes', '[[federation__Scope!]!]!', 5]], since: 5, classic: false },
  { name: 'policy', locations: AUTHORIZATION_LOCATIONS, repeatable: false, args: [['policies', '[[federation__Policy!]!]!', 6]], since: 6, classic: false },
  { name: 'context', locations: ['OBJECT', 'INTERFACE', 'UNION'], repeatable: true, args: [['name', 'String!', 8]], since: 8, classic: false },
  { name: 'fromContext', locations: ['ARGUMENT_DEFINITION'], repeatable: false, args: [['field', 'federation__ContextFieldValue', 8]], since: 8, classic: false },
  {
    name: 'cost',
    locations: ['ARGUMENT_DEFINITION', 'ENUM', 'FIELD_DEFINITION', 'INPUT_FIELD_DEFINITION', 'OBJECT', 'SCALAR'],
    repeatable: false,
    args: [['weight', 'Int!', 9]],
    since: 9,
    classic: false,
  },
  {
    name: 'listSize',
    locations: ['FIELD_DEFINITION'],
    repeatable: false,
    args: [['assumedSize', 'Int', 9], ['slicingArguments', '[String!]', 9], ['sizedFields', '[String!]', 9], ['requireOneSlicingArgument', 'Boolean = true', 9]],
    since: 9,
    classic: false,
  },
  { name: 'cacheTag', locations: ['OBJECT', 'FIELD_DEFINITION'], repeatable: true, args: [['format', 'String!', 12]], since: 12, classic: false },
];

export const FEDERATION_BY_NAME = new Map(FEDERATION_SPEC.map((d) => [d.name, d]));

/** The classic names (record 0011's list). */
export const FEDERATION_DIRECTIVES = FEDERATION_SPEC.filter((d) => d.classic).map((d) => d.name);

/** Names that mean federation's directive only in a federated document (record 0075). */
export const LATER_FEDERATION_DIRECTIVES = new Set(FEDERATION_SPEC.filter((d) => !d.classic).map((d) => d.name));

/** Scalars of the federation spec that hold strings: checked as `String` (buildSubgraphSchema reads them so). */
export const FEDERATION_STRING_SCALARS = ['federation__FieldSet', 'federation__Scope', 'federation__Policy', 'federation__ContextFieldValue'];

/** The minor versions of Federation 2 that @apollo/subgraph 2.14 knows: 2.0 to 2.14. */
export const MAX_FEDERATION_MINOR = 14;
/** The version linked when nothing asks for a later one (record 0011). */
export const DEFAULT_FEDERATION_MINOR = 3;
export const FEDERATION_VERSIONS = Array.from({ length: MAX_FEDERATION_MINOR + 1 }, (_, i) => `2.${i}`);

export const FEDERATION_URL_PREFIX = 'https://specs.apollo.dev/federation/';

export function federationUrl(minor: number): string {
  return `${FEDERATION_URL_PREFIX}v2.${minor}`;
}

/** The minor of `"2.5"`; undefined for anything else. */
export function minorOfVersion(version: string): number | undefined {
  const i = FEDERATION_VERSIONS.indexOf(version);
  return i < 0 ? undefined : i;
}

/** The minor of a federation `@link` url (`https://specs.apollo.dev/federation/v2.5`), if it names a known 2.x. */
export function minorOfUrl(url: string): number | undefined {
  if (!url.startsWith(FEDERATION_URL_PREFIX + 'v')) return undefined;
  return minorOfVersion(url.slice(FEDERATION_URL_PREFIX.length + 1));
}

/** Whether schema directives (a schema extension's) apply `@link` to an Apollo Federation url. */
export function linksFederationIn(ext: { directives: readonly AppliedDirective[] }): boolean {
  return ext.directives.some((d) => d.name === 'link' && d.args.some(([n, v]) => n === 'url' && typeof v === 'string' && v.startsWith(FEDERATION_URL_PREFIX)));
}

/**
 * The minor version an applied federation directive needs: its own, or a later
 * one for an argument that came later (`@override(label:)`: 2.7), with what
 * needs it, for the message.
 */
export function versionNeed(name: string, argNames: readonly string[]): { minor: number; what: string } {
  const d = FEDERATION_BY_NAME.get(name);
  if (d === undefined) return { minor: 0, what: `directive @${name}` };
  let need = { minor: d.since, what: `directive @${name}` };
  for (const [arg, , since] of d.args) {
    if (since > need.minor && argNames.includes(arg)) need = { minor: since, what: `argument ${arg} of @${name}` };
  }
  return need;
}

/** Whether a directive of this name exists at that minor version (with that argument, when given). */
export function existsAt(name: string, minor: number): boolean {
  const d = FEDERATION_BY_NAME.get(name);
  return d !== undefined && d.since <= minor;
}

/**
 * The definitions of the federation directives and types at a minor version,
 * as SDL, for validation only (record 0028's stage 4; the test runners use them
 * too): `@link` and its types, the spec's scalars, then each directive with the
 * arguments that version has. `minor` 3 gives schemas/federation-v2.3.graphql's
 * definitions.
 */
export function federationDefinitionsSdl(minor: number, names?: ReadonlyMap<string, string>): string {
  const lines = [
    'directive @link(url: String!, as: String, import: [link__Import], for: link__Purpose) repeatable on SCHEMA',
    'scalar link__Import',
    'enum link__Purpose { SECURITY EXECUTION }',
    'scalar federation__FieldSet',
  ];
  if (minor >= 5) lines.push('scalar federation__Scope');
  if (minor >= 6) lines.push('scalar federation__Policy');
  if (minor >= 8) lines.push('scalar federation__ContextFieldValue');
  for (const d of FEDERATION_SPEC) {
    if (d.since > minor) continue;
    const args = d.args.filter(([, , since]) => since <= minor).map(([name, type]) => `${name}: ${type}`);
    const argText = args.length === 0 ? '' : `(${args.join(', ')})`;
    lines.push(`directive @${names?.get(d.name) ?? d.name}${argText}${d.repeatable ? ' repeatable' : ''} on ${d.locations.join(' | ')}`);
  }
  return lines.join('\n') + '\n';
}

/** The minor version of the first federation `@link` url in an SDL text (`federation/v2.5`), if any. */
export function linkedMinorInText(sdl: string): number | undefined {
  const m = /"https:\/\/specs\.apollo\.dev\/federation\/(v2\.[0-9]+)"/.exec(sdl);
  return m === null ? undefined : minorOfUrl(FEDERATION_URL_PREFIX + m[1]);
}

/**
 * Record 0075: the names a federation `@link` gives the federation directives, for
 * those it does not leave as they are: an import renamed with `as`
 * (`{name: "@key", as: "@pk"}`: key -> pk), and every directive it does not import,
 * namespaced (`federation__shareable`, or `<as>__shareable` when the link has
 * `as:`). Read from the first `@link` to federation among `directives` (a schema
 * extension's, as JSON values); undefined when there is none or it renames nothing.
 * The printers print a directive under its name here; the SDL reader reads these
 * names back to federation's.
 */
export function federationPrintNames(directives: readonly AppliedDirective[]): Map<string, string> | undefined {
  const link = directives.find((d) => d.name === 'link' && d.args.some(([n, v]) => n === 'url' && typeof v === 'string' && v.startsWith(FEDERATION_URL_PREFIX)));
  if (link === undefined) return undefined;
  const arg = (name: string) => link.args.find(([n]) => n === name)?.[1];
  const as = arg('as');
  const namespace = typeof as === 'string' ? as : 'federation';
  const imported = new Map<string, string>();
  const imports = arg('import');
  for (const entry of Array.isArray(imports) ? imports : []) {
    if (typeof entry === 'string') {
      if (entry.startsWith('@')) imported.set(entry.slice(1), entry.slice(1));
    } else if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
      const name = (entry as Record<string, unknown>).name;
      const alias = (entry as Record<string, unknown>).as;
      if (typeof name === 'string' && name.startsWith('@')) {
        imported.set(name.slice(1), typeof alias === 'string' && alias.startsWith('@') ? alias.slice(1) : name.slice(1));
      }
    }
  }
  const out = new Map<string, string>();
  for (const d of FEDERATION_SPEC) {
    const printed = imported.get(d.name) ?? `${namespace}__${d.name}`;
    if (printed !== d.name) out.set(d.name, printed);
  }
  return out.size === 0 ? undefined : out;
}
