/**
 * sdl-validate: stage 4 of sdl-read (record 0028). graphql-js's `validateSDL`, then
 * `validateSchema` (a missing Query type is not a problem), on the document with the
 * federation definitions it applies without defining them: GRAPHQL_INVALID at the
 * earliest location reported. sdl-read skips this stage where sdl-rules and
 * sdl-schema-rules prove it would report nothing. The twin of rust/src/sdl_validate.rs,
 * which brings apollo-compiler's diagnostics to graphql-js's.
 */
import type * as G from 'graphql';
import type { SDLValidationRule } from 'graphql/validation/ValidationContext';
import { ErrorCodes } from './errors';
import { SHAREABLE_TWICE } from './lower-directives';
import { DEFAULT_FEDERATION_MINOR, FEDERATION_SPEC, MAX_FEDERATION_MINOR, FEDERATION_URL_PREFIX, federationDefinitionsSdl, federationPrintNames, minorOfUrl } from './federation';
import type { AppliedDirective } from './ir';
import type { JsonValue } from './load';
import type { Reader } from './sdl-read';
import { withoutDeepInputChains } from './sdl-input-cycles';
import { schemaRulesHold, unreadableDirectiveArguments } from './sdl-schema-rules';

/** The parsed definitions of each minor version (with the link's names), made at first use. */
const federationAsts = new Map<string, G.DocumentNode>();

const FEDERATION_NAMES = new Set([...FEDERATION_SPEC.map((d) => d.name), 'link']);

/**
 * Records 0074, 0075: the first `@link` to Apollo Federation the document's schema
 * definition or extensions apply, as an applied directive (its values as JSON), or
 * undefined (a federation 1 style document that applies `@key` without a link is read
 * against 2.3's definitions under their own names).
 */
function federationLink(graphql: typeof import('graphql'), doc: G.DocumentNode): AppliedDirective | undefined {
  for (const def of doc.definitions) {
    if (def.kind !== 'SchemaExtension' && def.kind !== 'SchemaDefinition') continue;
    for (const d of def.directives ?? []) {
      if (d.name.value !== 'link') continue;
      const url = d.arguments?.find((a) => a.name.value === 'url')?.value;
      if (url?.kind !== 'StringValue' || !url.value.startsWith(FEDERATION_URL_PREFIX)) continue;
      return { name: 'link', args: (d.arguments ?? []).map((a) => [a.name.value, graphql.valueFromASTUntyped(a.value) as JsonValue]) };
    }
  }
  return undefined;
}

/**
 * The document with the federation definitions it applies without defining them
 * (federation.ts, at the version the document links), for validation; the document itself when it
 * applies none.
 */
export function withFederationDefinitions(graphql: typeof import('graphql'), doc: G.DocumentNode): G.DocumentNode {
  const definedDirectives = new Set<string>();
  const definedTypes = new Set<string>();
  for (const def of doc.definitions) {
    if (def.kind === 'DirectiveDefinition') definedDirectives.add(def.name.value);
    else if ('name' in def && def.name !== undefined && def.kind.endsWith('Definition')) definedTypes.add(def.name.value);
  }
  const needsFederation = someAppliedDirective(doc, (name) => FEDERATION_NAMES.has(name) && !definedDirectives.has(name));
  if (!needsFederation) return doc;
  const link = federationLink(graphql, doc);
  const url = link?.args.find(([n]) => n === 'url')?.[1];
  // Without a link: every version's directives (a document that applies them without a link, as
  // `federationLink: false` prints, is read as the forward direction wrote it; record 0075).
  const minor = link === undefined ? MAX_FEDERATION_MINOR : ((typeof url === 'string' ? minorOfUrl(url) : undefined) ?? DEFAULT_FEDERATION_MINOR);
  const names = link && federationPrintNames([link]);
  const key = `${minor} ${names === undefined ? '' : JSON.stringify([...names])}`;
  let defs = federationAsts.get(key);
  if (defs === undefined) {
    defs = graphql.parse(federationDefinitionsSdl(minor, names));
    federationAsts.set(key, defs);
  }
  const extra = defs.definitions.filter(
    (d) => 'name' in d && d.name !== undefined && !(d.kind === 'DirectiveDefinition' ? definedDirectives : definedTypes).has(d.name.value),
  );
  return { ...doc, definitions: [...doc.definitions, ...extra] };
}

/**
 * graphql-js's rules on `full` (the document with the federation definitions), for the
 * message and location of the first problem. `sdlHeld`: sdlRulesHold already proved the
 * SDL rules, so `validateSDL` need not visit every node.
 */
export function validate(graphql: typeof import('graphql'), reader: Reader, doc: G.DocumentNode, full: G.DocumentNode, sdlHeld: boolean): void {
  let errors: readonly G.GraphQLError[] = sdlHeld ? [] : validateSdl(graphql, full);
  if (errors.length === 0) {
    // What buildASTSchema would throw on (record 0028's stage 4, between validateSDL and validateSchema).
    errors = unreadableDirectiveArguments(doc).map((p) => new graphql.GraphQLError(p.message, { nodes: p.node }));
  }
  if (errors.length === 0) {
    // Most documents provably meet the schema's rules without building it (sdl-schema-rules.ts).
    if (schemaRulesHold(full)) return;
    const check = (ast: G.DocumentNode) => {
      // graphql-js's walk of required input fields recurses per link (sdl-input-cycles.ts).
      const shallow = withoutDeepInputChains(ast);
      const schema = graphql.buildASTSchema(shallow.doc, { assumeValidSDL: true });
      const found = graphql.validateSchema(schema).filter((e) => e.message !== 'Query root type must be provided.');
      return [...found, ...shallow.problems.map((p) => new graphql.GraphQLError(p.message, { nodes: p.nodes }))];
    };
    try {
      errors = [...check(full), ...oneOfDefaults(graphql, full)];
    } catch (e) {
      if (e instanceof graphql.GraphQLError) {
        // Another value graphql-js could not read while building: its message, not an internal error.
        return reportEarliest(reader, [e]);
      }
      // graphql-js 16 recurses without end on a default value whose input type contains
      // itself (`input T { t: T = {} }`, a RangeError), and stops on a default value of a type
      // that is not an input type (an invariant); such a document is checked without its
      // defaults, which then reports the type.
      errors = [...check(graphql.visit(full, { InputValueDefinition: (node) => ({ ...node, defaultValue: undefined }) })), ...oneOfDefaults(graphql, full)];
    }
  }
  reportEarliest(reader, errors);
}

/**
 * A default on a field of a `@oneOf` input, as written. graphql-js 16 reports one only when
 * it can coerce it (`f: Int = "x"` builds to no default and passes); the GraphQL
 * specification forbids any, and apollo-compiler's twin (sdl_own_rules.rs `one_of`)
 * reports every one: this brings graphql-js to it. Same message and node (the field) as
 * graphql-js's own, so a default it does report is not told apart. `@oneOf` counts on the
 * definition only (what graphql-js reads); its extensions' fields count too.
 */
function oneOfDefaults(graphql: typeof import('graphql'), doc: G.DocumentNode): G.GraphQLError[] {
  const oneOf = new Set<string>();
  for (const def of doc.definitions) {
    if (def.kind === 'InputObjectTypeDefinition' && def.directives?.some((d) => d.name.value === 'oneOf')) oneOf.add(def.name.value);
  }
  const out: G.GraphQLError[] = [];
  if (oneOf.size === 0) return out;
  for (const def of doc.definitions) {
    if ((def.kind !== 'InputObjectTypeDefinition' && def.kind !== 'InputObjectTypeExtension') || !oneOf.has(def.name.value)) continue;
    for (const f of def.fields ?? []) {
      if (f.defaultValue === undefined) continue;
      out.push(new graphql.GraphQLError(`OneOf input field ${def.name.value}.${f.name.value} cannot have a default value.`, { nodes: f }));
    }
  }
  return out;
}

/**
 * Throws the problem at the earliest location in the user's document among all the
 * locations of all the problems reported; the message of the problem it belongs to (the
 * first such problem on a tie). Nothing when there is no problem.
 */
function reportEarliest(reader: Reader, errors: readonly G.GraphQLError[]): void {
  if (errors.length === 0) return;
  let best: { error: G.GraphQLError; offset?: number } = { error: errors[0] };
  for (const error of errors) {
    for (const n of error.nodes ?? []) {
      if (n.loc === undefined || n.loc.source.body !== reader.text) continue;
      if (best.offset === undefined || n.loc.start < best.offset) best = { error, offset: n.loc.start };
    }
  }
  throw reader.error(ErrorCodes.GRAPHQL_INVALID, best.error.message, best.offset);
}

/** graphql-js's `validateSDL` with its SDL rules, KnownDirectives replaced by `knownDirectives`. */
export function validateSdl(graphql: typeof import('graphql'), doc: G.DocumentNode): readonly G.GraphQLError[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { validateSDL } = require('graphql/validation/validate') as typeof import('graphql/validation/validate');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { specifiedSDLRules } = require('graphql/validation/specifiedRules') as typeof import('graphql/validation/specifiedRules');
  const rules = specifiedSDLRules.map((r) => (r === graphql.KnownDirectivesRule ? knownDirectives(graphql) : r));
  return validateSDL(doc, undefined, [...rules, shareableOnce(graphql)]);
}

/**
 * Whether a directive applied anywhere in the document satisfies `test`. A
 * walk over the places directives can stand in a type-system document (an
 * executable definition was refused before), not graphql-js's `visit`, which
 * visits every node and cost about as much as the parse itself (issue #8).
 */
function someAppliedDirective(doc: G.DocumentNode, test: (name: string) => boolean): boolean {
  const any = (list: readonly G.ConstDirectiveNode[] | undefined) => list !== undefined && list.some((d) => test(d.name.value));
  const anyArg = (args: readonly G.InputValueDefinitionNode[] | undefined) => args !== undefined && args.some((a) => any(a.directives));
  for (const def of doc.definitions) {
    if (def.kind === 'DirectiveDefinition') {
      if (anyArg(def.arguments)) return true;
      continue;
    }
    if (!('directives' in def)) continue;
    if (any(def.directives as readonly G.ConstDirectiveNode[] | undefined)) return true;
    if ('values' in def && def.values?.some((v) => any(v.directives))) return true;
    if ('fields' in def && def.fields !== undefined) {
      for (const f of def.fields as ReadonlyArray<G.FieldDefinitionNode | G.InputValueDefinitionNode>) {
        if (any(f.directives)) return true;
        if ('arguments' in f && anyArg(f.arguments)) return true;
      }
    }
  }
  return false;
}

/**
 * graphql-js 16's KnownDirectivesRule takes a directive on a field of an
 * `extend input` for one on an argument (ARGUMENT_DEFINITION), so it rejects
 * valid documents. This rule checks those directives for INPUT_FIELD_DEFINITION
 * itself and leaves everything else to the original.
 */
function knownDirectives(graphql: typeof import('graphql')): SDLValidationRule {
  return (context) => {
    const original = graphql.KnownDirectivesRule(context) as { Directive: G.ASTVisitFn<G.DirectiveNode> };
    const locations = new Map<string, readonly string[]>();
    for (const d of graphql.specifiedDirectives) locations.set(d.name, d.locations);
    for (const def of context.getDocument().definitions) {
      if (def.kind === 'DirectiveDefinition') locations.set(def.name.value, def.locations.map((l) => l.value));
    }
    return {
      Directive(node, key, parent, path, ancestors) {
        const appliedTo = ancestors[ancestors.length - 1];
        const owner = ancestors[ancestors.length - 3];
        const known = locations.get(node.name.value);
        const inExtension =
          appliedTo !== undefined && 'kind' in appliedTo && appliedTo.kind === 'InputValueDefinition' &&
          owner !== undefined && 'kind' in owner && owner.kind === 'InputObjectTypeExtension';
        if (!inExtension || known === undefined) return original.Directive.call(this, node, key, parent, path, ancestors);
        if (!known.includes('INPUT_FIELD_DEFINITION')) {
          context.reportError(
            new graphql.GraphQLError(`Directive "@${node.name.value}" may not be used on INPUT_FIELD_DEFINITION.`, { nodes: node }),
          );
        }
        return undefined;
      },
    };
  };
}

/**
 * `@shareable` twice in one list of directives (one type definition, one extension, one
 * field), at the second. Federation v2.3 declares it repeatable, so graphql-js accepts
 * it, but only so that a definition and its extensions may each carry it:
 * @apollo/subgraph refuses it twice on one declaration. sdl-rules.ts does not prove a
 * document with one; the twin of sdl_own_rules.rs `shareable_once`.
 */
function shareableOnce(graphql: typeof import('graphql')): SDLValidationRule {
  return (context) => ({
    enter(node) {
      if (!('directives' in node) || node.directives === undefined) return;
      let seen = false;
      for (const d of node.directives as readonly G.ConstDirectiveNode[]) {
        if (d.name.value !== 'shareable') continue;
        if (seen) context.reportError(new graphql.GraphQLError(SHAREABLE_TWICE, { nodes: d }));
        seen = true;
      }
    },
  });
}
