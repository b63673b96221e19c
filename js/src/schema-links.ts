/**
 * schema-links: the root attributes `x-graphql-links` (other specs' `@link`s) and
 * `x-graphql-compose-directives` (`@composeDirective`), record 0084. They print after
 * the federation `@link` of the generated `extend schema` (or after the directives of
 * `x-graphql-schema-extension`): the links in order, then one
 * `@composeDirective(name: "@name")` each. A composed directive must be one that
 * composition can keep: declared in `x-graphql-directive-definitions`, imported by a
 * `@link` of another spec (its local name: `as` when the import renames it), and not
 * federation's own; else ATTRIBUTE_SCOPE at the entry. `buildSubgraphSchema` accepts
 * all of these, `composeServices` refuses them (DIRECTIVE_COMPOSITION_ERROR).
 * The twin of rust/src/schema_links.rs.
 */
import { URI } from './canonical';
import { ErrorCodes } from './errors';
import { FEDERATION_BY_NAME, FEDERATION_URL_PREFIX } from './federation';
import type { AppliedDirective } from './ir';
import { isObject, keysOf, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import type { Loc } from './loc';
import type { Lowering } from './lower';
import { isValidName } from './naming';
import { attr } from './normalize';

const child = (loc: Loc, ...segments: Array<string | number>): Loc => ({ source: loc.source, pointer: pointerJoin(loc.pointer, ...segments) });

/** The local names (without `@`) the imports of a `@link`'s `import` list give directives. */
export function importedNames(imports: JsonValue | undefined): string[] {
  const out: string[] = [];
  for (const entry of Array.isArray(imports) ? imports : []) {
    if (typeof entry === 'string') {
      if (entry.startsWith('@')) out.push(entry.slice(1));
    } else if (isObject(entry)) {
      const name = own(entry, 'name');
      const as = own(entry, 'as');
      const local = typeof as === 'string' ? as : name;
      if (typeof name === 'string' && name.startsWith('@') && typeof local === 'string' && local.startsWith('@')) out.push(local.slice(1));
    }
  }
  return out;
}

/** A `@link` of another spec as an applied directive: `url`, then `as`, `import` and `for` when given. */
function linkDirective(entry: JsonObject): AppliedDirective {
  const args: Array<[string, JsonValue]> = [['url', own(entry, 'url') as JsonValue]];
  const as = own(entry, 'as');
  if (typeof as === 'string') args.push(['as', as]);
  const imports = own(entry, 'import');
  if (Array.isArray(imports)) args.push(['import', imports]);
  // `for` is the enum `link__Purpose`: its value prints bare (SECURITY, EXECUTION).
  const purpose = own(entry, 'for');
  if (typeof purpose === 'string') args.push(['for', { 'x-graphql-enum': purpose }]);
  return { name: 'link', args };
}

/**
 * The directives of the two attributes, in print order; `extension`: the directives of
 * `x-graphql-schema-extension`, whose `@link`s may import a composed directive too.
 */
export function lowerSchemaLinks(lw: Lowering, root: JsonObject, rootLoc: Loc, extension: readonly AppliedDirective[]): AppliedDirective[] {
  const out: AppliedDirective[] = [];
  const imported = new Set<string>();
  for (const d of extension) {
    const url = d.args.find(([n]) => n === 'url')?.[1];
    if (d.name === 'link' && typeof url === 'string' && !url.startsWith(FEDERATION_URL_PREFIX)) {
      for (const name of importedNames(d.args.find(([n]) => n === 'import')?.[1])) imported.add(name);
    }
  }
  const links = attr(root, 'x-graphql-links');
  if (Array.isArray(links)) {
    links.forEach((entry, i) => {
      if (!isObject(entry)) return;
      const url = own(entry, 'url');
      if (typeof url !== 'string') return;
      if (url.startsWith(FEDERATION_URL_PREFIX)) {
        lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, 'x-graphql-links holds the links of other specs: federation\'s @link is generated (or given in x-graphql-schema-extension)', child(rootLoc, 'x-graphql-links', i, 'url'));
      }
      for (const name of importedNames(own(entry, 'import'))) imported.add(name);
      out.push(linkDirective(entry));
    });
  }
  const compose = attr(root, 'x-graphql-compose-directives');
  if (Array.isArray(compose)) {
    const declared = attr(root, 'x-graphql-directive-definitions');
    compose.forEach((name, i) => {
      if (typeof name !== 'string') return;
      const at = child(rootLoc, 'x-graphql-compose-directives', i);
      if (FEDERATION_BY_NAME.has(name) || name === 'link') {
        lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `@${name} is federation's own directive: composition composes the directives of other specs`, at);
      }
      if (!isObject(declared) || !keysOf(declared).includes(name)) {
        lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `@${name} is not declared in x-graphql-directive-definitions: composition needs its definition`, at);
      }
      if (!imported.has(name)) {
        lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `no @link of x-graphql-links imports @${name}: composition composes only a directive of a linked spec`, at);
      }
      out.push(lw.directives.federationDirective('composeDirective', [['name', `@${name}`]], 'SCHEMA', at));
    });
  }
  return out;
}


/** An `import` list the attribute can say: strings, and `{name, as?}` objects of strings. */
function sayableImports(v: JsonValue): boolean {
  if (!Array.isArray(v)) return false;
  return v.every((e) => {
    if (typeof e === 'string') return true;
    if (!isObject(e)) return false;
    const keys = keysOf(e);
    return keys.length >= 1 && keys.length <= 2 && keys[0] === 'name' && typeof own(e, 'name') === 'string' && (keys.length === 1 || (keys[1] === 'as' && typeof own(e, 'as') === 'string'));
  });
}

/** The purposes `link__Purpose` has. */
const PURPOSES = ['SECURITY', 'EXECUTION'];

/** A `@link(for:)` value the attribute can say (`{"x-graphql-enum": "SECURITY"}`): its name. */
function sayablePurpose(v: JsonValue): string | undefined {
  if (!isObject(v) || keysOf(v).length !== 1) return undefined;
  const name = own(v, 'x-graphql-enum');
  return typeof name === 'string' && PURPOSES.includes(name) ? name : undefined;
}

/** A `@link` of another spec that `x-graphql-links` can say: `url`, then `as`, `import` and `for` when given. */
function linkEntry(d: AppliedDirective): JsonObject | undefined {
  if (d.name !== 'link' || d.args.length === 0) return undefined;
  const [first, ...rest] = d.args;
  if (first[0] !== 'url' || typeof first[1] !== 'string' || first[1].startsWith(FEDERATION_URL_PREFIX) || !URI.test(first[1])) return undefined;
  const out: JsonObject = { url: first[1] };
  let next = 0;
  const order = ['as', 'import', 'for'];
  for (const [name, value] of rest) {
    const at = order.indexOf(name);
    if (at < next) return undefined;
    if (name === 'as' && typeof value !== 'string') return undefined;
    if (name === 'import' && !sayableImports(value)) return undefined;
    if (name === 'for' && sayablePurpose(value) === undefined) return undefined;
    out[name] = name === 'for' ? sayablePurpose(value)! : value;
    next = at + 1;
  }
  return out;
}

/** The directive `@composeDirective(name: "@x")` composes (`x`), if the attribute can say it. */
function composedName(d: AppliedDirective): string | undefined {
  if (d.name !== 'composeDirective' || d.args.length !== 1 || d.args[0][0] !== 'name') return undefined;
  const value = d.args[0][1];
  return typeof value === 'string' && value.startsWith('@') && isValidName(value.slice(1)) ? value.slice(1) : undefined;
}

/**
 * Record 0084, SDL -> JSON: the directives of a federation-linked schema extension
 * split into those kept in `x-graphql-schema-extension` and the trailing `@link`s of
 * other specs and `@composeDirective`s, said by the attributes (the order the forward
 * direction prints them back in). Undefined when no trailing directive can be said, or
 * a composed directive would be refused by the forward direction (not defined, not
 * imported by a `@link` of another spec, federation's own): then all stay verbatim.
 */
export function splitSchemaLinks(
  directives: readonly AppliedDirective[],
  defined: ReadonlySet<string>,
): { kept: AppliedDirective[]; links: JsonObject[]; compose: string[] } | undefined {
  let end = directives.length;
  const compose: string[] = [];
  while (end > 0 && composedName(directives[end - 1]) !== undefined) compose.unshift(composedName(directives[--end])!);
  const links: JsonObject[] = [];
  while (end > 0 && linkEntry(directives[end - 1]) !== undefined) links.unshift(linkEntry(directives[--end])!);
  if (links.length === 0 && compose.length === 0) return undefined;
  const kept = directives.slice(0, end);
  const imported = new Set<string>();
  for (const d of directives) {
    const url = d.args.find(([n]) => n === 'url')?.[1];
    if (d.name === 'link' && typeof url === 'string' && !url.startsWith(FEDERATION_URL_PREFIX)) {
      for (const name of importedNames(d.args.find(([n]) => n === 'import')?.[1])) imported.add(name);
    }
  }
  const sayable = (name: string) => !FEDERATION_BY_NAME.has(name) && name !== 'link' && defined.has(name) && imported.has(name);
  if (!compose.every(sayable)) return undefined;
  // The extension keeps at least its federation `@link` (the caller reads only linked documents).
  return { kept, links, compose };
}
