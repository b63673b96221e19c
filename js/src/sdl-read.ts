/**
 * sdl-read: GraphQL SDL text -> the IR `Document`, in the canonical form of
 * record 0028 (graphql-to-json direction).
 *
 * Stages, in the order their errors win:
 *   1. parse (graphql-js `parse`): GRAPHQL_SYNTAX;
 *   2. executable definitions (operations, fragments): GRAPHQL_INVALID;
 *   3. our own checks (sdl-names), one walk in document order: names defined
 *      twice (types, directives, fields, arguments, input fields, enum values,
 *      union members, interfaces, schema definitions, operation types),
 *      redefined built-in scalars, a non-scalar `JSON`: GRAPHQL_INVALID at the
 *      second definition;
 *   4. graphql-js `validateSDL`, then `validateSchema` (sdl-validate; a missing
 *      Query type is not a problem): GRAPHQL_INVALID at the earliest location
 *      reported. Stages 3 and 4 are skipped where sdl-rules and sdl-schema-rules
 *      prove neither would report anything;
 *      the federation definitions are added for validation only when the
 *      document applies federation directives (or `@link`) it does not define;
 *      then (sdl-values, never skipped) default values and applied directive
 *      argument values that do not coerce to their types: GRAPHQL_INVALID at
 *      the first such value (records 0030, 0065);
 *   5. building the IR: extensions merged into their type, literals to JSON
 *      (a number beyond the double range, or nesting deeper than 128 levels,
 *      is GRAPHQL_INVALID), directives in canonical order (record 0076),
 *      interfaces hoisted;
 *   6. a document that applies federation's `@key`, `@requires`, `@provides`,
 *      `@external` or `@shareable`: the forward direction's subgraph rules
 *      (sdl-subgraph.ts, record 0077), its first problem with its own code
 *      (FIELD_SET, ...) at the SDL directive it names.
 *
 * Before stage 3, a document that links federation reads its orphan
 * `extend type` / `extend interface` / `extend input` as the type's definition
 * (sdl-orphans.ts, record 0076).
 *
 * graphql-js is required here, inside `readSdl`, so the JSON -> SDL direction
 * never loads it. The mapping itself reads only what any SDL parser gives
 * (names, descriptions, values, locations), so apollo-compiler can do the same.
 */
import type * as G from 'graphql';
import { ConversionError, ErrorCodes } from './errors';
import { canonicalDirectiveOrder } from './canonical';
import { federationPrintNames, linksFederationIn } from './federation';
import { hoistInterfaces } from './hoist';
import {
  NONE,
  OPERATION_KINDS,
  type AppliedDirective,
  type Definition,
  type DirectiveDef,
  type Document,
  type EnumTypeDef,
  type EnumValueDef,
  type FieldDef,
  type InputValueDef,
  type ObjectTypeDef,
  type SchemaDef,
  type UnionTypeDef,
} from './ir';
import { positionAt, type JsonObject, type JsonValue } from './load';
import { parseSdl } from './sdl-parse';
import { sdlRulesHold } from './sdl-rules';
import { schemaRulesHold } from './sdl-schema-rules';
import { checkNames, definesReservedType } from './sdl-names';
import { adoptOrphanExtensions, needsOneOfDefinition, ONE_OF_DEFINITION } from './sdl-orphans';
import { appliesSubgraphDirectives, placeOnSdl, SubgraphError, subgraphProblem, subgraphProblems } from './sdl-subgraph';
import { validate, withFederationDefinitions } from './sdl-validate';
import { checkValues } from './sdl-values';
import { ENUM_LITERAL_KEY, printDocument } from './print';

/** Literal values and list types may nest this deep (record 0028). */
export const MAX_SDL_NESTING = 128;

/**
 * `(`, `[` and `{` may nest this deep (the twin of sdl_syntax.rs
 * MAX_BRACKET_DEPTH): as for JSON, a deeper document is refused at the bracket
 * that opens level 1,001, before graphql-js's recursive parser can run out of
 * stack (where that happens depends on the stack, so it cannot be the rule).
 */
export const MAX_SDL_DEPTH = 1000;

/**
 * The offset of the bracket that opens level MAX_SDL_DEPTH + 1, counted over
 * graphql-js's tokens; undefined within the limit or when a lexical error comes
 * first (the parse then reports that error).
 */
export function tooDeep(graphql: typeof import('graphql'), text: string): number | undefined {
  // A document whose brackets provably stay within the limit needs no lexing: lexing a
  // large one with graphql-js only for this cost 5% of SDL -> JSON (bench-corpus N = 5,000).
  const bound = bracketDepthBound(text);
  if (bound !== undefined && bound <= MAX_SDL_DEPTH) return undefined;
  const { TokenKind } = graphql;
  const lexer = new graphql.Lexer(new graphql.Source(text));
  let depth = 0;
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF; t = lexer.advance()) {
      if (t.kind === TokenKind.PAREN_L || t.kind === TokenKind.BRACKET_L || t.kind === TokenKind.BRACE_L) {
        if (++depth > MAX_SDL_DEPTH) return t.start;
      } else if (t.kind === TokenKind.PAREN_R || t.kind === TokenKind.BRACKET_R || t.kind === TokenKind.BRACE_R) {
        depth = Math.max(0, depth - 1);
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The deepest nesting of `(`, `[` and `{` outside strings, block strings and
 * comments, skipped as graphql-js's lexer skips them; undefined where only the
 * lexer can tell (a line break in a string, a string or block string left
 * open). An upper bound of the depth `tooDeep` counts over the tokens: until
 * the lexer's first error both read the same tokens, and the lexer counts
 * nothing after it. Closing brackets never go below zero, as in `tooDeep`.
 */
export function bracketDepthBound(text: string): number | undefined {
  let depth = 0;
  let max = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      if (depth > 0) depth--;
    } else if (c === 0x23) {
      // `#` comment: to the end of the line.
      while (i + 1 < n && text.charCodeAt(i + 1) !== 0x0a && text.charCodeAt(i + 1) !== 0x0d) i++;
    } else if (c === 0x22) {
      if (text.startsWith('""', i + 1)) {
        // Block string: to the next `"""` that is not escaped as `\"""`.
        let j = i + 3;
        for (;;) {
          const q = text.indexOf('"""', j);
          if (q < 0) return undefined;
          if (text.charCodeAt(q - 1) === 0x5c) {
            j = q + 3;
            continue;
          }
          i = q + 2;
          break;
        }
      } else {
        // String: to the next unescaped `"` on the same line.
        let j = i + 1;
        for (;;) {
          if (j >= n) return undefined;
          const d = text.charCodeAt(j);
          if (d === 0x22) break;
          if (d === 0x0a || d === 0x0d) return undefined;
          j += d === 0x5c ? 2 : 1;
        }
        i = j;
      }
    }
  }
  return max;
}

export interface ReadOptions {
  /** The input's name, for diagnostics. */
  fileName?: string;
}

/** The canonical form of an SDL document (record 0028), printed: what SDL -> JSON -> SDL gives back. */
export function canonicalSdl(text: string, descriptionBlockThreshold = 80): string {
  return printDocument(readSdl(text), descriptionBlockThreshold);
}

/** Parses, validates and reads an SDL document into the IR, in canonical form. */
export function readSdl(input: string, options: ReadOptions = {}): Document {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const graphql = require('graphql') as typeof import('graphql');
  // One leading BOM is skipped; it is not a column (as for JSON input).
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const reader = new Reader(text, options.fileName);
  // graphql-js's parser recurses per bracket: the depth is checked before it runs.
  const deep = tooDeep(graphql, text);
  if (deep !== undefined) {
    throw reader.error(ErrorCodes.GRAPHQL_SYNTAX, `the document nests deeper than ${MAX_SDL_DEPTH} levels`, deep);
  }
  const parse = (locations: boolean): G.DocumentNode => {
    try {
      return parseSdl(text, locations);
    } catch (e) {
      if (e instanceof graphql.GraphQLError) {
        throw reader.error(ErrorCodes.GRAPHQL_SYNTAX, e.message, e.positions?.[0]);
      }
      if (e instanceof RangeError) {
        throw reader.error(ErrorCodes.GRAPHQL_SYNTAX, 'the document nests too deeply to be parsed');
      }
      throw e;
    }
  };
  // The nodes' locations are read only to report a problem, and graphql-js's keep every
  // token of the document alive (a fifth of the parse, and garbage collection after it;
  // issue #8). So the document is read without them, and a document with a problem is read
  // again with them, for the problem's position (the checks do not depend on them).
  // A syntax error is reported at once: its position comes from the lexer.
  const unlocated = parse(false);
  let document: Document;
  try {
    document = readParsed(graphql, reader, unlocated);
  } catch (e) {
    if (!(e instanceof ConversionError)) throw e;
    document = readParsed(graphql, reader, parse(true));
  }
  // Stage 6: the subgraph rules of the forward direction (sdl-subgraph.ts, record 0077).
  if (appliesSubgraphDirectives(document)) {
    const problem = subgraphProblem(document);
    if (problem !== undefined) {
      const ast = adoptOrphanExtensions(parse(true)).doc;
      throw new SubgraphError(placeOnSdl(reader, ast, problem), () => subgraphProblems(reader, document, ast));
    }
  }
  return document;
}

/** The stages after parsing (2 to 5 of the header). */
function readParsed(graphql: typeof import('graphql'), reader: Reader, parsed: G.DocumentNode): Document {
  for (const def of parsed.definitions) {
    if (def.kind === graphql.Kind.OPERATION_DEFINITION || def.kind === graphql.Kind.FRAGMENT_DEFINITION) {
      throw reader.error(
        ErrorCodes.GRAPHQL_INVALID,
        'an executable definition (operation or fragment) is not part of a type-system document',
        def.loc?.start,
      );
    }
  }
  // A subgraph's orphan `extend type` is its type's definition (record 0076).
  const { doc, names: adopted } = adoptOrphanExtensions(parsed);
  const full = withFederationDefinitions(graphql, doc);
  // Stage 3 (checkNames) reports names defined twice before stage 4 (graphql-js's rules)
  // reports anything. A document both proofs pass has no name defined twice (sdlRulesHold:
  // types, fields, arguments, enum values, directives, operations; schemaRulesHold: the
  // interfaces of a type and the members of a union), so when it defines no reserved type
  // name either, neither stage can report a problem and both are skipped (checkNames was
  // 4% of the conversion's CPU samples at N = 5,000; issue #8). Nor can a value
  // be unreadable (unreadableDirectiveArguments): schemaRulesHold holds only where every
  // applied @deprecated and @specifiedBy has a string literal or no argument.
  const sdlHeld = sdlRulesHold(full, graphql.specifiedDirectives);
  const proven = sdlHeld && !definesReservedType(doc) && schemaRulesHold(full);
  if (!proven) {
    checkNames(reader, doc);
    validate(graphql, reader, doc, full, sdlHeld);
  }
  checkValues(graphql, reader, doc, full);
  requireDefinition(graphql, reader, doc);
  return reader.build(doc, adopted);
}

/**
 * A valid document with no type and no directive definition holds only
 * `extend schema` (a schema definition needs a query type). Nothing of it
 * converts back: the JSON Schema would hold the extension alone, which the
 * forward direction does not print (NO_TYPES, record 0024), and the extension
 * alone is not valid to apollo-compiler. Refused at 1:1 (record 0051).
 */
function requireDefinition(graphql: typeof import('graphql'), reader: Reader, doc: G.DocumentNode): void {
  const defines = doc.definitions.some(
    (d) => graphql.isTypeDefinitionNode(d) || d.kind === graphql.Kind.DIRECTIVE_DEFINITION,
  );
  if (!defines) throw reader.error(ErrorCodes.GRAPHQL_INVALID, NO_DEFINITION_MESSAGE, 0);
}

const NO_DEFINITION_MESSAGE =
  'the document defines no types or directives (only the schema); there is nothing to convert';

// ---------------------------------------------------------------------------
// Errors and positions

export class Reader {
  constructor(
    readonly text: string,
    readonly file: string | undefined,
  ) {}

  /** An error at a UTF-16 offset of the text (line and column count code points). */
  error(code: string, message: string, offset?: number): ConversionError {
    const loc: { file?: string; line?: number; column?: number } = {};
    if (this.file !== undefined) loc.file = this.file;
    if (offset !== undefined) Object.assign(loc, positionAt(this.text, offset));
    return new ConversionError(code, message, loc);
  }

  where(node: G.ASTNode): string {
    const pos = positionAt(this.text, node.loc?.start ?? 0);
    return `line ${pos.line}, column ${pos.column}`;
  }

  // -------------------------------------------------------------------------
  // Building the IR

  /** `adopted`: the types an orphan extension defines (sdl-orphans.ts), marked `extension`. */
  build(doc: G.DocumentNode, adopted: ReadonlySet<string> = new Set()): Document {
    const directiveDefs: DirectiveDef[] = [];
    const types = new Map<string, TypeDraft>();
    const order: TypeDraft[] = [];
    const extensions: G.TypeExtensionNode[] = [];
    let schema: SchemaDef | undefined;
    let schemaExtension: SchemaDef | undefined;
    for (const def of doc.definitions) {
      switch (def.kind) {
        case 'DirectiveDefinition':
          directiveDefs.push({
            kind: 'directive',
            name: def.name.value,
            ...this.description(def.description),
            args: this.inputValues(def.arguments),
            repeatable: def.repeatable,
            locations: def.locations.map((l) => l.value),
          });
          break;
        case 'SchemaDefinition':
          schema = {
            ...this.description(def.description),
            directives: this.directives(def.directives),
            operations: this.operations(def.operationTypes, []),
          };
          break;
        case 'SchemaExtension': {
          const ext: SchemaDef = schemaExtension ?? { directives: [], operations: [] };
          ext.directives = ext.directives.concat(this.directives(def.directives));
          ext.operations = this.operations(def.operationTypes, ext.operations);
          schemaExtension = ext;
          break;
        }
        case 'ScalarTypeDefinition':
        case 'ObjectTypeDefinition':
        case 'InterfaceTypeDefinition':
        case 'UnionTypeDefinition':
        case 'EnumTypeDefinition':
        case 'InputObjectTypeDefinition': {
          const draft = this.typeDraft(def);
          if (adopted.has(def.name.value) && draft.def.kind !== 'scalar') draft.def.extension = true;
          types.set(def.name.value, draft);
          order.push(draft);
          break;
        }
        case 'ScalarTypeExtension':
        case 'ObjectTypeExtension':
        case 'InterfaceTypeExtension':
        case 'UnionTypeExtension':
        case 'EnumTypeExtension':
        case 'InputObjectTypeExtension':
          extensions.push(def);
          break;
        default:
          break;
      }
    }
    // Extensions are merged in document order, wherever they stand.
    for (const ext of extensions) {
      const target = types.get(ext.name.value);
      if (target) this.extend(target, ext);
    }
    const defs = order.map((d) => d.def);
    // Record 0075: federation directives under the names the @link gives them are read as federation's.
    const printNames = schemaExtension && federationPrintNames(schemaExtension.directives);
    if (printNames) readFederationNames(new Map([...printNames].map(([name, printed]) => [printed, name])), directiveDefs, defs, schema, schemaExtension);
    // Record 0075: the later federation directives move to their attributes' places only under a federation @link.
    const linked = schemaExtension !== undefined && linksFederationIn(schemaExtension);
    for (const def of defs) canonicalDirectiveOrder(def, linked);
    const byName = new Map(defs.map((d) => [d.name, d] as const));
    const hoisted = hoistInterfaces(defs, (d) =>
      (d.kind === 'object' || d.kind === 'interface') && d.interfaces.length > 0
        ? d.interfaces.map((n) => byName.get(n)).filter((x): x is TypeDefinition => x !== undefined)
        : NONE,
    );
    if (needsOneOfDefinition(schemaExtension, directiveDefs, defs)) directiveDefs.push(ONE_OF_DEFINITION);
    const out: Document = { definitions: [...directiveDefs, ...hoisted] };
    if (schemaExtension) out.schemaExtension = schemaExtension;
    if (schema) out.schema = schema;
    return out;
  }

  private typeDraft(def: G.TypeDefinitionNode): TypeDraft {
    // Key by key, in the order the literals with spreads gave (see the builders below).
    const out = { kind: TYPE_KINDS[def.kind], name: def.name.value } as TypeDefinition;
    this.describe(out, def.description);
    switch (def.kind) {
      case 'ObjectTypeDefinition':
      case 'InterfaceTypeDefinition': {
        const o = out as ObjectTypeDef;
        o.interfaces = (def.interfaces ?? []).map((i) => i.name.value);
        o.directives = this.directives(def.directives);
        o.fields = this.fields(def.fields);
        break;
      }
      case 'InputObjectTypeDefinition': {
        const o = out as ObjectTypeDef;
        o.interfaces = [];
        o.directives = this.directives(def.directives);
        o.fields = this.inputFields(def.fields);
        break;
      }
      case 'UnionTypeDefinition':
        out.directives = this.directives(def.directives);
        (out as UnionTypeDef).members = (def.types ?? []).map((t) => t.name.value);
        break;
      case 'EnumTypeDefinition':
        out.directives = this.directives(def.directives);
        (out as EnumTypeDef).values = this.enumValues(def.values);
        break;
      default:
        out.directives = this.directives(def.directives);
        break;
    }
    return { def: out };
  }

  private extend(target: TypeDraft, ext: G.TypeExtensionNode): void {
    const def = target.def;
    def.directives = def.directives.concat(this.directives(ext.directives));
    switch (ext.kind) {
      case 'ObjectTypeExtension':
      case 'InterfaceTypeExtension':
        if (def.kind === 'object' || def.kind === 'interface') {
          def.interfaces.push(...(ext.interfaces ?? []).map((i) => i.name.value));
          def.fields.push(...this.fields(ext.fields));
        }
        break;
      case 'InputObjectTypeExtension':
        if (def.kind === 'input') def.fields.push(...this.inputFields(ext.fields));
        break;
      case 'UnionTypeExtension':
        if (def.kind === 'union') def.members.push(...(ext.types ?? []).map((t) => t.name.value));
        break;
      case 'EnumTypeExtension':
        if (def.kind === 'enum') def.values.push(...this.enumValues(ext.values));
        break;
      case 'ScalarTypeExtension':
        break;
    }
  }

  private description(node: G.StringValueNode | undefined): { description?: string } {
    const description = this.descriptionOf(node);
    return description !== undefined ? { description } : {};
  }

  private operations(nodes: readonly G.OperationTypeDefinitionNode[] | undefined, before: Array<[string, string]>): Array<[string, string]> {
    const all = new Map(before);
    for (const op of nodes ?? []) all.set(op.operation, op.type.name.value);
    const out: Array<[string, string]> = [];
    for (const kind of OPERATION_KINDS) {
      const type = all.get(kind);
      if (type !== undefined) out.push([kind, type]);
    }
    return out;
  }

  // The builders below set keys one by one, in the order a spread gave them:
  // a conditional spread (`...(d ? { description } : {})`) takes a slow path in
  // V8 11 (about 1 µs), and they run for every field, argument and enum value.
  // A field is one literal of its final keys: keys added one by one to a smaller
  // literal grew a separate property store twice per field (issue #8).

  private fields(nodes: readonly G.FieldDefinitionNode[] | undefined): FieldDef[] {
    if (nodes === undefined) return [];
    return nodes.map((f) => {
      const description = this.descriptionOf(f.description);
      const args = this.inputValues(f.arguments);
      const type = this.typeText(f.type);
      const directives = this.directives(f.directives);
      return description === undefined ? { name: f.name.value, args, type, directives } : { name: f.name.value, description, args, type, directives };
    });
  }

  private inputFields(nodes: readonly G.InputValueDefinitionNode[] | undefined): FieldDef[] {
    if (nodes === undefined) return [];
    return nodes.map((f) => {
      const out = { name: f.name.value } as FieldDef;
      this.describe(out, f.description);
      out.args = NONE;
      out.type = this.typeText(f.type);
      if (f.defaultValue !== undefined) out.defaultValue = this.value(f.defaultValue, 0);
      out.directives = this.directives(f.directives);
      return out;
    });
  }

  private inputValues(nodes: readonly G.InputValueDefinitionNode[] | undefined): readonly InputValueDef[] {
    if (nodes === undefined || nodes.length === 0) return NONE;
    return nodes.map((a) => {
      const out = { name: a.name.value } as InputValueDef;
      this.describe(out, a.description);
      out.type = this.typeText(a.type);
      if (a.defaultValue !== undefined) out.defaultValue = this.value(a.defaultValue, 0);
      out.directives = this.directives(a.directives);
      return out;
    });
  }

  private enumValues(nodes: readonly G.EnumValueDefinitionNode[] | undefined): EnumValueDef[] {
    if (nodes === undefined) return [];
    return nodes.map((v) => {
      const out = { name: v.name.value } as EnumValueDef;
      this.describe(out, v.description);
      out.directives = this.directives(v.directives);
      return out;
    });
  }

  /** The description `description()` would spread, if any. */
  private descriptionOf(node: G.StringValueNode | undefined): string | undefined {
    return node !== undefined && node.value !== '' ? node.value : undefined;
  }

  /** Sets `description` as `description()` would spread it. */
  private describe(out: { description?: string }, node: G.StringValueNode | undefined): void {
    const description = this.descriptionOf(node);
    if (description !== undefined) out.description = description;
  }

  /**
   * Applied directives; none is the shared empty list (ir.ts NONE). The lists are
   * read-only: an extension's directives make a new list for its type (`extend`). One
   * fresh empty array per field was 2 MB per conversion at N = 5,000.
   */
  directives(nodes: readonly G.ConstDirectiveNode[] | undefined): readonly AppliedDirective[] {
    if (nodes === undefined || nodes.length === 0) return NONE;
    return nodes.map((d) => ({
      name: d.name.value,
      args: d.arguments === undefined || d.arguments.length === 0 ? [] : d.arguments.map((a) => [a.name.value, this.value(a.value, 0)] as [string, JsonValue]),
    }));
  }

  /** `[Name!]!` as written, without spaces. */
  private typeText(node: G.TypeNode): string {
    let depth = 0;
    let suffix = '';
    let prefix = '';
    let t = node;
    for (;;) {
      if (t.kind === 'NonNullType') {
        suffix = '!' + suffix;
        t = t.type;
      } else if (t.kind === 'ListType') {
        if (++depth > MAX_SDL_NESTING) {
          throw this.error(ErrorCodes.GRAPHQL_INVALID, `a type nests lists more than ${MAX_SDL_NESTING} levels deep`, node.loc?.start);
        }
        prefix += '[';
        suffix = ']' + suffix;
        t = t.type;
      } else {
        return prefix + t.name.value + suffix;
      }
    }
  }

  /** A GraphQL literal as JSON (record 0028): an enum value is `{"x-graphql-enum": "V"}`. */
  private value(node: G.ConstValueNode, depth: number): JsonValue {
    switch (node.kind) {
      case 'IntValue':
      case 'FloatValue': {
        const n = Number(node.value);
        if (!Number.isFinite(n)) {
          throw this.error(ErrorCodes.GRAPHQL_INVALID, `the number ${node.value} is beyond the range of a JSON number (IEEE double)`, node.loc?.start);
        }
        return n;
      }
      case 'StringValue':
        return node.value;
      case 'BooleanValue':
        return node.value;
      case 'NullValue':
        return null;
      case 'EnumValue':
        return enumValue(node.value);
      case 'ListValue':
        this.checkDepth(node, depth);
        return node.values.map((v) => this.value(v, depth + 1));
      case 'ObjectValue': {
        this.checkDepth(node, depth);
        const out: JsonObject = {};
        for (const f of node.fields) setKey(out, f.name.value, this.value(f.value, depth + 1));
        return out;
      }
      default:
        throw new Error('unreachable');
    }
  }

  private checkDepth(node: G.ASTNode, depth: number): void {
    if (depth >= MAX_SDL_NESTING) {
      throw this.error(ErrorCodes.GRAPHQL_INVALID, `a value nests lists or objects more than ${MAX_SDL_NESTING} levels deep`, node.loc?.start);
    }
  }
}

type TypeDefinition = Exclude<Definition, DirectiveDef>;

const TYPE_KINDS: Record<G.TypeDefinitionNode['kind'], TypeDefinition['kind']> = {
  ScalarTypeDefinition: 'scalar',
  ObjectTypeDefinition: 'object',
  InterfaceTypeDefinition: 'interface',
  UnionTypeDefinition: 'union',
  EnumTypeDefinition: 'enum',
  InputObjectTypeDefinition: 'input',
};

interface TypeDraft {
  def: TypeDefinition;
}

export function enumValue(name: string): JsonObject {
  const out: JsonObject = {};
  out[ENUM_LITERAL_KEY] = name;
  return out;
}

/** Sets an own key, also `__proto__` (a valid GraphQL name for an object-value field). */
export function setKey(obj: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/**
 * Record 0075: the applied directives of a document whose federation `@link` renames
 * or namespaces federation directives (`@pk`, `@federation__shareable`), under
 * federation's names (`@key`, `@shareable`): the attributes and the canonical order
 * read those; the printer gives them the link's names back. `back`: printed -> federation's.
 */
function readFederationNames(
  back: ReadonlyMap<string, string>,
  directiveDefs: DirectiveDef[],
  defs: Array<Exclude<Definition, DirectiveDef>>,
  ...schemas: Array<SchemaDef | undefined>
): void {
  // Most lists are empty or keep their names: a loop, no closure per list.
  const rename = (list: readonly AppliedDirective[]): readonly AppliedDirective[] => {
    let any = false;
    for (let i = 0; i < list.length && !any; i++) any = back.has(list[i].name);
    return any ? list.map((d) => (back.has(d.name) ? { name: back.get(d.name)!, args: d.args } : d)) : list;
  };
  const args = (list: readonly InputValueDef[]) => {
    for (const a of list) a.directives = rename(a.directives);
  };
  for (const s of schemas) if (s) s.directives = rename(s.directives);
  for (const d of directiveDefs) args(d.args);
  for (const def of defs) {
    def.directives = rename(def.directives);
    if (def.kind === 'enum') for (const v of def.values) v.directives = rename(v.directives);
    if (def.kind === 'object' || def.kind === 'interface' || def.kind === 'input') {
      for (const f of def.fields) {
        f.directives = rename(f.directives);
        args(f.args);
      }
    }
  }
}
