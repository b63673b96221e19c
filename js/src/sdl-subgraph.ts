/**
 * sdl-subgraph: stage 6 of sdl-read (record 0077). A document that applies federation's
 * `@key`, `@requires`, `@provides`, `@external` or `@shareable` meets the subgraph rules
 * the forward direction checks (field sets and `@external` use, record 0073; the values
 * and places of these directives, records 0031 and 0065), so that every subgraph the
 * reverse direction accepts converts back. The rules are not written twice: the
 * document's JSON Schema (reverse) goes through the forward direction, and its first
 * problem, with its code and message, is placed back on the SDL: the directive that the
 * problem's JSON pointer names (`x-graphql-federation-keys/0`, `x-graphql-field-directives/1`,
 * ...: canonical.ts `typeDirectivePlaces`), or else the field, the argument or the type.
 * The twin of rust/src/sdl_subgraph.rs.
 */
import type * as G from 'graphql';
import { fieldDirectivePlaces, typeDirectivePlaces } from './canonical';
import { checkJsonSchemaTree } from './convert';
import { ConversionError } from './errors';
import type { AppliedDirective, Document } from './ir';
import { DEFAULT_OPTIONS } from './options';
import { linksFederation } from './sdl-orphans';
import { printReversed, reverseDocument } from './reverse';
import { validateJsonSchema } from './validate-json';
import type { Reader } from './sdl-read';

/** The federation directives whose rules the forward direction checks (field-set.ts FIELD_SET_DIRECTIVES). */
const SUBGRAPH_DIRECTIVES = new Set(['key', 'requires', 'provides', 'external', 'shareable', 'context', 'fromContext']);

/** Whether a type or field of the document applies one of SUBGRAPH_DIRECTIVES. */
export function appliesSubgraphDirectives(doc: Document): boolean {
  const any = (list: readonly AppliedDirective[]) => list.some((d) => SUBGRAPH_DIRECTIVES.has(d.name));
  for (const def of doc.definitions) {
    if (def.kind === 'directive') continue;
    if (any(def.directives)) return true;
    if ((def.kind === 'object' || def.kind === 'interface' || def.kind === 'input') && def.fields.some((f) => any(f.directives) || f.args.some((a) => any(a.directives)))) {
      return true;
    }
  }
  return false;
}

/** The JSON Schema text stage 6 printed for a document it checked: SDL -> JSON reverses once. */
const printed = new WeakMap<Document, string>();

/** The document's JSON Schema text (reverse.ts), printed by stage 6 already or now. */
export function reversedJson(doc: Document): string {
  return printed.get(doc) ?? printReversed(reverseDocument(doc));
}

/**
 * The first problem the forward direction finds in the document's JSON Schema, or
 * undefined. Its pointer is placed on the SDL by `placeOnSdl`.
 */
export function subgraphProblem(doc: Document): ConversionError | undefined {
  const tree = reverseDocument(doc);
  // Printed before the check reads the tree: SDL -> JSON's output (reversedJson).
  printed.set(doc, printReversed(tree));
  try {
    checkJsonSchemaTree(tree, DEFAULT_OPTIONS);
    return undefined;
  } catch (e) {
    if (e instanceof ConversionError) return e;
    throw e;
  }
}

/**
 * Stage 6's error: the first problem, as `readSdl` reports it, and every problem for
 * `validate graphql` (`all`).
 */
export class SubgraphError extends ConversionError {
  constructor(
    first: ConversionError,
    private readonly every: () => ConversionError[],
  ) {
    super(first.code, first.message, first);
    this.name = 'ConversionError';
  }

  /** Every problem (`subgraphProblems`), the first included. */
  all(): ConversionError[] {
    const out = this.every();
    if (!out.some((e) => e.code === this.code && e.line === this.line && e.column === this.column)) out.unshift(this);
    return out;
  }
}

/**
 * Every error validate's JSON Schema checks (validate-json.ts: the semantic checks of
 * field sets, the catalog, the converter as the net) find in the document's JSON Schema,
 * each placed on the SDL as `placeOnSdl` does: what `validate graphql` reports for a
 * subgraph (record 0077).
 */
export function subgraphProblems(reader: Reader, doc: Document, ast: G.DocumentNode): ConversionError[] {
  const report = validateJsonSchema(printReversed(reverseDocument(doc)));
  return report.problems
    .filter((p) => p.severity === 'error')
    .map((p) => placeOnSdl(reader, ast, new ConversionError(p.code, p.message, p.pointer !== undefined ? { pointer: p.pointer } : {})));
}

/**
 * The problem as an error of the SDL document `ast` (read with locations, orphan
 * extensions adopted): same code and message, at the SDL node its pointer names.
 */
export function placeOnSdl(reader: Reader, ast: G.DocumentNode, problem: ConversionError): ConversionError {
  return reader.error(problem.code, problem.message, offsetOf(reader, ast, problem.pointer ?? ''));
}

function offsetOf(reader: Reader, ast: G.DocumentNode, pointer: string): number | undefined {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] !== 'definitions' || parts.length < 2) return undefined;
  // Which directives reverse wrote as attributes depends on the link (record 0075).
  const linked = linksFederation(ast);
  // The definition first, then the extensions in document order: the order sdl-read
  // gives the type's directives.
  const nodes: Array<G.TypeDefinitionNode | G.TypeExtensionNode> = [];
  for (const def of ast.definitions) {
    if (!('name' in def) || def.name?.value !== parts[1]) continue;
    if (def.kind.endsWith('TypeDefinition')) nodes.unshift(def as G.TypeDefinitionNode);
    else if (def.kind.endsWith('TypeExtension')) nodes.push(def as G.TypeExtensionNode);
  }
  if (nodes.length === 0) return undefined;
  const typeStart = nodes[0].loc?.start;
  if (parts[2] === 'properties' && parts.length >= 4) {
    for (const node of nodes) {
      const fields = ('fields' in node ? node.fields : undefined) as ReadonlyArray<G.FieldDefinitionNode | G.InputValueDefinitionNode> | undefined;
      const field = fields?.find((f) => f.name.value === parts[3]);
      if (field === undefined) continue;
      const rest = parts.slice(4);
      if (rest[0] === 'x-graphql-field-arguments' && rest.length >= 2 && 'arguments' in field) {
        const arg = field.arguments?.find((a) => a.name.value === rest[1]);
        // Record 0084: `fromContext` and a `directives` entry of that name are its `@fromContext`.
        const names = arg === undefined || arg.directives === undefined ? [] : reader.directives(arg.directives).map((d) => d.name);
        const fromContext = rest[2] === 'fromContext' || (rest[2] === 'directives' && names[Number(rest[3])] === 'fromContext') ? names.indexOf('fromContext') : -1;
        if (fromContext >= 0) return arg!.directives![fromContext].loc?.start;
        if (arg !== undefined) return arg.loc?.start;
      }
      const at = directiveAt(reader, field.directives ?? [], (list) => fieldDirectivePlaces(list, linked), rest);
      return at ?? field.loc?.start;
    }
    return typeStart;
  }
  const kind = nodes[0].kind.startsWith('Scalar') ? 'scalar' : 'object';
  const all = nodes.flatMap((n) => (n.directives ?? []) as readonly G.ConstDirectiveNode[]);
  return directiveAt(reader, all, (list) => typeDirectivePlaces(kind, list, linked), parts.slice(2)) ?? typeStart;
}

/**
 * The offset of the directive of `nodes` that the pointer's rest (`x-graphql-federation-keys`,
 * `x-graphql-federation-keys/1`, `x-graphql-type-directives/0/args/fields`, ...) names.
 */
function directiveAt(
  reader: Reader,
  nodes: readonly G.ConstDirectiveNode[],
  placesOf: (list: readonly AppliedDirective[]) => string[],
  rest: string[],
): number | undefined {
  if (rest.length === 0 || nodes.length === 0) return undefined;
  const places = placesOf(reader.directives(nodes));
  // `x-graphql-federation-keys` written as one string names its first entry.
  const wanted = [rest.slice(0, 2).join('/'), rest[0], `${rest[0]}/0`];
  for (const w of wanted) {
    const i = places.indexOf(w);
    if (i >= 0) return nodes[i].loc?.start;
  }
  return undefined;
}
