/**
 * sdl-fast-parse: the AST graphql-js's `parse(text, { noLocation: true })` gives for a
 * type-system document, built by a parser of that subset of the grammar alone: no token
 * objects, no general lookahead, no executable definitions. It answers `undefined` for
 * anything it does not read exactly as graphql-js does (an executable definition, an
 * escape `\u`, a surrogate, a byte-order mark, `extend directive`, any syntax error...);
 * readSdl then runs graphql-js, which also gives the error. So the answer is either
 * graphql-js's AST, node for node (js/test/sdl-fast-parse.test.ts compares them), or
 * nothing (record 0057). graphql-js's parse was about a third of an SDL -> JSON
 * conversion; this one takes a third of its time (issue #8). The Rust twin,
 * rust/src/sdl_fast_parse.rs, gives apollo-compiler's AST the same way (record 0062).
 */
import type * as G from 'graphql';
import { NONE } from './ir';

type Node = Record<string, unknown>;

/** Not read here: graphql-js parses the document. */
class Unsure {}
const UNSURE = new Unsure();

// Token kinds.
const EOF = 0;
const PUNCT = 1;
const NAME = 2;
const INT = 3;
const FLOAT = 4;
const STRING = 5;
const BLOCK_STRING = 6;

/** graphql-js's DirectiveLocation but DIRECTIVE_DEFINITION, which sdl-parse refuses (a proposal). */
const DIRECTIVE_LOCATIONS = new Set([
  'QUERY', 'MUTATION', 'SUBSCRIPTION', 'FIELD', 'FRAGMENT_DEFINITION', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT',
  'VARIABLE_DEFINITION', 'SCHEMA', 'SCALAR', 'OBJECT', 'FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INTERFACE',
  'UNION', 'ENUM', 'ENUM_VALUE', 'INPUT_OBJECT', 'INPUT_FIELD_DEFINITION',
]);

const SIMPLE_ESCAPES: Record<number, string> = { 0x22: '"', 0x5c: '\\', 0x2f: '/', 0x62: '\b', 0x66: '\f', 0x6e: '\n', 0x72: '\r', 0x74: '\t' };

/**
 * `maxDepth`: more `(`, `[` and `{` open at once is not read here (graphql-js's count of
 * them, as sdl-read's `tooDeep` takes it, for the error); this also bounds the recursion.
 */
export function fastParseSdl(text: string, dedent: (lines: string[]) => string[], maxDepth: number): G.DocumentNode | undefined {
  try {
    return new FastParser(text, dedent, maxDepth).document() as unknown as G.DocumentNode;
  } catch (e) {
    if (e === UNSURE) return undefined;
    throw e;
  }
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isNameContinue(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

class FastParser {
  private pos = 0;
  /** The current token: its kind, its value (names, numbers, strings) or character (punctuators). */
  private kind = EOF;
  private value = '';
  private char = 0;
  /** Brackets open at the current token. */
  private depth = 0;
  /**
   * One Name node per name and one NamedType node per type name, shared by all their
   * occurrences: a document repeats its names (fields `id`, types `String`) thousands of
   * times, and each occurrence then hashes an existing string instead of a new one wherever
   * it is a key (the proofs' maps, the reverse tree's properties). Safe because nothing
   * changes or compares AST nodes by identity: the proofs, the IR builder and graphql-js's
   * rules only read them, and a problem is reported from a new parse by graphql-js, with
   * locations. SDL -> JSON at N = 5,000: wall time pairwise 0.964 and 0.943 (31 and 41
   * rounds), at N = 20,000 0.963 (7).
   */
  private readonly names = new Map<string, Node>();
  private readonly namedTypes = new Map<Node, Node>();

  constructor(
    private readonly text: string,
    private readonly dedent: (lines: string[]) => string[],
    private readonly maxDepth: number,
  ) {
    this.advance();
  }

  // -------------------------------------------------------------------------
  // Tokens

  private advance(): void {
    const text = this.text;
    const n = text.length;
    let p = this.pos;
    for (;;) {
      if (p >= n) {
        this.pos = p;
        this.kind = EOF;
        return;
      }
      const c = text.charCodeAt(p);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x2c || c === 0x09) {
        p++;
      } else if (c === 0x23) {
        // A comment, to the end of the line (graphql-js ends one at a lone surrogate, then fails)
        for (p++; p < n; p++) {
          const d = text.charCodeAt(p);
          if (d === 0x0a || d === 0x0d) break;
          if (d >= 0xd800 && d <= 0xdfff) throw UNSURE;
        }
      } else {
        break;
      }
    }
    const c = text.charCodeAt(p);
    if (isNameStart(c)) {
      let e = p + 1;
      while (e < n && isNameContinue(text.charCodeAt(e))) e++;
      this.kind = NAME;
      this.value = text.slice(p, e);
      this.pos = e;
      return;
    }
    switch (c) {
      case 0x28: // (
      case 0x5b: // [
      case 0x7b: // {
        if (++this.depth > this.maxDepth) throw UNSURE;
        this.kind = PUNCT;
        this.char = c;
        this.pos = p + 1;
        return;
      case 0x29: // )
      case 0x5d: // ]
      case 0x7d: // }
        if (this.depth > 0) this.depth--;
        this.kind = PUNCT;
        this.char = c;
        this.pos = p + 1;
        return;
      case 0x21: // !
      case 0x26: // &
      case 0x3a: // :
      case 0x3d: // =
      case 0x40: // @
      case 0x7c: // |
        this.kind = PUNCT;
        this.char = c;
        this.pos = p + 1;
        return;
      case 0x22:
        if (text.charCodeAt(p + 1) === 0x22 && text.charCodeAt(p + 2) === 0x22) this.blockString(p);
        else this.string(p);
        return;
      default:
        if (c === 0x2d || isDigit(c)) {
          this.number(p);
          return;
        }
        throw UNSURE;
    }
  }

  /** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, not followed by `.` or a name character. */
  private number(start: number): void {
    const text = this.text;
    let p = start;
    let float = false;
    if (text.charCodeAt(p) === 0x2d) p++;
    if (text.charCodeAt(p) === 0x30) {
      p++;
      if (isDigit(text.charCodeAt(p))) throw UNSURE;
    } else {
      if (!isDigit(text.charCodeAt(p))) throw UNSURE;
      while (isDigit(text.charCodeAt(p))) p++;
    }
    if (text.charCodeAt(p) === 0x2e) {
      float = true;
      p++;
      if (!isDigit(text.charCodeAt(p))) throw UNSURE;
      while (isDigit(text.charCodeAt(p))) p++;
    }
    const e = text.charCodeAt(p);
    if (e === 0x45 || e === 0x65) {
      float = true;
      p++;
      const s = text.charCodeAt(p);
      if (s === 0x2b || s === 0x2d) p++;
      if (!isDigit(text.charCodeAt(p))) throw UNSURE;
      while (isDigit(text.charCodeAt(p))) p++;
    }
    const after = text.charCodeAt(p);
    if (after === 0x2e || isNameStart(after)) throw UNSURE;
    this.kind = float ? FLOAT : INT;
    this.value = text.slice(start, p);
    this.pos = p;
  }

  /** A `"` string on one line: simple escapes only, no control characters, no surrogates. */
  private string(start: number): void {
    const text = this.text;
    const n = text.length;
    let p = start + 1;
    let chunk = p;
    let out = '';
    for (;;) {
      if (p >= n) throw UNSURE;
      const c = text.charCodeAt(p);
      if (c === 0x22) break;
      if ((c < 0x20 && c !== 0x09) || (c >= 0xd800 && c <= 0xdfff)) throw UNSURE;
      if (c === 0x5c) {
        const escaped = SIMPLE_ESCAPES[text.charCodeAt(p + 1)];
        if (escaped === undefined) throw UNSURE;
        out += text.slice(chunk, p) + escaped;
        p += 2;
        chunk = p;
        continue;
      }
      p++;
    }
    this.kind = STRING;
    this.value = out + text.slice(chunk, p);
    this.pos = p + 1;
  }

  /** A `"""` block string without `\"""`, control characters or surrogates; its lines dedented as graphql-js does. */
  private blockString(start: number): void {
    const text = this.text;
    const n = text.length;
    let p = start + 3;
    let lineStart = p;
    const lines: string[] = [];
    for (;;) {
      if (p >= n) throw UNSURE;
      const c = text.charCodeAt(p);
      if (c === 0x22 && text.charCodeAt(p + 1) === 0x22 && text.charCodeAt(p + 2) === 0x22) {
        lines.push(text.slice(lineStart, p));
        break;
      }
      if (c === 0x0a || c === 0x0d) {
        lines.push(text.slice(lineStart, p));
        p += c === 0x0d && text.charCodeAt(p + 1) === 0x0a ? 2 : 1;
        lineStart = p;
        continue;
      }
      if ((c < 0x20 && c !== 0x09) || (c >= 0xd800 && c <= 0xdfff)) throw UNSURE;
      if (c === 0x5c && text.charCodeAt(p + 1) === 0x22 && text.charCodeAt(p + 2) === 0x22 && text.charCodeAt(p + 3) === 0x22) throw UNSURE;
      p++;
    }
    this.kind = BLOCK_STRING;
    this.value = this.dedent(lines).join('\n');
    this.pos = p + 3;
  }

  private is(char: number): boolean {
    return this.kind === PUNCT && this.char === char;
  }

  private skip(char: number): boolean {
    if (!this.is(char)) return false;
    this.advance();
    return true;
  }

  private expect(char: number): void {
    if (!this.skip(char)) throw UNSURE;
  }

  private isKeyword(word: string): boolean {
    return this.kind === NAME && this.value === word;
  }

  private skipKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.advance();
    return true;
  }

  // -------------------------------------------------------------------------
  // Definitions

  document(): Node {
    const definitions: Node[] = [];
    do definitions.push(this.definition());
    while (this.kind !== EOF);
    return { kind: 'Document', definitions };
  }

  private definition(): Node {
    const description = this.description();
    if (this.kind !== NAME) throw UNSURE;
    switch (this.value) {
      case 'schema':
        return this.schemaDefinition(description);
      case 'scalar':
        this.advance();
        return { kind: 'ScalarTypeDefinition', description, name: this.name(), directives: this.directives() };
      case 'type':
      case 'interface': {
        const kind = this.value === 'type' ? 'ObjectTypeDefinition' : 'InterfaceTypeDefinition';
        this.advance();
        const name = this.name();
        const interfaces = this.interfaces();
        const directives = this.directives();
        return { kind, description, name, interfaces, directives, fields: this.fields() };
      }
      case 'union': {
        this.advance();
        const name = this.name();
        const directives = this.directives();
        return { kind: 'UnionTypeDefinition', description, name, directives, types: this.members() };
      }
      case 'enum': {
        this.advance();
        const name = this.name();
        const directives = this.directives();
        return { kind: 'EnumTypeDefinition', description, name, directives, values: this.enumValues() };
      }
      case 'input': {
        this.advance();
        const name = this.name();
        const directives = this.directives();
        return { kind: 'InputObjectTypeDefinition', description, name, directives, fields: this.inputFields() };
      }
      case 'directive':
        return this.directiveDefinition(description);
      case 'extend':
        if (description !== undefined) throw UNSURE;
        return this.extension();
      default:
        throw UNSURE;
    }
  }

  private description(): Node | undefined {
    if (this.kind !== STRING && this.kind !== BLOCK_STRING) return undefined;
    return this.stringValue();
  }

  private schemaDefinition(description: Node | undefined): Node {
    this.advance();
    const directives = this.directives();
    this.expect(0x7b);
    const operationTypes: Node[] = [];
    do operationTypes.push(this.operationType());
    while (!this.skip(0x7d));
    return { kind: 'SchemaDefinition', description, directives, operationTypes };
  }

  private operationType(): Node {
    if (this.kind !== NAME) throw UNSURE;
    const operation = this.value;
    if (operation !== 'query' && operation !== 'mutation' && operation !== 'subscription') throw UNSURE;
    this.advance();
    this.expect(0x3a);
    return { kind: 'OperationTypeDefinition', operation, type: this.namedType() };
  }

  private directiveDefinition(description: Node | undefined): Node {
    this.advance();
    this.expect(0x40);
    const name = this.name();
    const args = this.argumentDefinitions();
    const repeatable = this.skipKeyword('repeatable');
    if (!this.skipKeyword('on')) throw UNSURE;
    this.skip(0x7c);
    const locations: Node[] = [];
    do {
      const location = this.name();
      // sdl-parse refuses DIRECTIVE_DEFINITION, as graphql-js refuses an unknown location
      if (!DIRECTIVE_LOCATIONS.has(location.value as string)) throw UNSURE;
      locations.push(location);
    } while (this.skip(0x7c));
    return { kind: 'DirectiveDefinition', description, name, arguments: args, directives: [], repeatable, locations };
  }

  /** `extend schema | scalar | type | interface | union | enum | input`, with something to add. */
  private extension(): Node {
    this.advance();
    if (this.kind !== NAME) throw UNSURE;
    const keyword = this.value;
    this.advance();
    let node: Node;
    let empty: boolean;
    switch (keyword) {
      case 'schema': {
        const directives = this.directives();
        const operationTypes: Node[] = [];
        if (this.skip(0x7b)) {
          do operationTypes.push(this.operationType());
          while (!this.skip(0x7d));
        }
        node = { kind: 'SchemaExtension', directives, operationTypes };
        empty = directives.length === 0 && operationTypes.length === 0;
        break;
      }
      case 'scalar': {
        const name = this.name();
        const directives = this.directives();
        node = { kind: 'ScalarTypeExtension', name, directives };
        empty = directives.length === 0;
        break;
      }
      case 'type':
      case 'interface': {
        const name = this.name();
        const interfaces = this.interfaces();
        const directives = this.directives();
        const fields = this.fields();
        node = { kind: keyword === 'type' ? 'ObjectTypeExtension' : 'InterfaceTypeExtension', name, interfaces, directives, fields };
        empty = interfaces.length === 0 && directives.length === 0 && fields.length === 0;
        break;
      }
      case 'union': {
        const name = this.name();
        const directives = this.directives();
        const types = this.members();
        node = { kind: 'UnionTypeExtension', name, directives, types };
        empty = directives.length === 0 && types.length === 0;
        break;
      }
      case 'enum': {
        const name = this.name();
        const directives = this.directives();
        const values = this.enumValues();
        node = { kind: 'EnumTypeExtension', name, directives, values };
        empty = directives.length === 0 && values.length === 0;
        break;
      }
      case 'input': {
        const name = this.name();
        const directives = this.directives();
        const fields = this.inputFields();
        node = { kind: 'InputObjectTypeExtension', name, directives, fields };
        empty = directives.length === 0 && fields.length === 0;
        break;
      }
      default:
        throw UNSURE;
    }
    if (empty) throw UNSURE;
    return node;
  }

  // -------------------------------------------------------------------------
  // Parts

  private name(): Node {
    if (this.kind !== NAME) throw UNSURE;
    const value = this.value;
    this.advance();
    let node = this.names.get(value);
    if (node === undefined) {
      node = { kind: 'Name', value };
      this.names.set(value, node);
    }
    return node;
  }

  private namedType(): Node {
    const name = this.name();
    let node = this.namedTypes.get(name);
    if (node === undefined) {
      node = { kind: 'NamedType', name };
      this.namedTypes.set(name, node);
    }
    return node;
  }

  private type(): Node {
    let type: Node;
    if (this.skip(0x5b)) {
      const inner = this.type();
      this.expect(0x5d);
      type = { kind: 'ListType', type: inner };
    } else {
      type = this.namedType();
    }
    return this.skip(0x21) ? { kind: 'NonNullType', type } : type;
  }

  /** `implements &? A & B` (or nothing). */
  private interfaces(): Node[] {
    if (!this.skipKeyword('implements')) return [];
    this.skip(0x26);
    const out: Node[] = [];
    do out.push(this.namedType());
    while (this.skip(0x26));
    return out;
  }

  /** `= |? A | B` (or nothing). */
  private members(): Node[] {
    if (!this.skip(0x3d)) return [];
    this.skip(0x7c);
    const out: Node[] = [];
    do out.push(this.namedType());
    while (this.skip(0x7c));
    return out;
  }

  private fields(): Node[] {
    const out: Node[] = [];
    if (!this.skip(0x7b)) return out;
    do {
      const description = this.description();
      const name = this.name();
      const args = this.argumentDefinitions();
      this.expect(0x3a);
      const type = this.type();
      out.push({ kind: 'FieldDefinition', description, name, arguments: args, type, directives: this.directives() });
    } while (!this.skip(0x7d));
    return out;
  }

  private argumentDefinitions(): readonly Node[] {
    if (!this.skip(0x28)) return NONE;
    const out: Node[] = [];
    do out.push(this.inputValue());
    while (!this.skip(0x29));
    return out;
  }

  private inputFields(): Node[] {
    const out: Node[] = [];
    if (!this.skip(0x7b)) return out;
    do out.push(this.inputValue());
    while (!this.skip(0x7d));
    return out;
  }

  private inputValue(): Node {
    const description = this.description();
    const name = this.name();
    this.expect(0x3a);
    const type = this.type();
    const defaultValue = this.skip(0x3d) ? this.constValue() : undefined;
    return { kind: 'InputValueDefinition', description, name, type, defaultValue, directives: this.directives() };
  }

  private enumValues(): Node[] {
    const out: Node[] = [];
    if (!this.skip(0x7b)) return out;
    do {
      const description = this.description();
      if (this.kind === NAME && (this.value === 'true' || this.value === 'false' || this.value === 'null')) throw UNSURE;
      const name = this.name();
      out.push({ kind: 'EnumValueDefinition', description, name, directives: this.directives() });
    } while (!this.skip(0x7d));
    return out;
  }

  private directives(): readonly Node[] {
    // Most fields, arguments and values have none: they share one empty list (as the IR
    // does, ir.ts NONE). Nothing adds to an AST's lists once it is parsed.
    if (!this.is(0x40)) return NONE;
    const out: Node[] = [];
    while (this.skip(0x40)) {
      const name = this.name();
      const args: Node[] = [];
      if (this.skip(0x28)) {
        do {
          const argName = this.name();
          this.expect(0x3a);
          args.push({ kind: 'Argument', name: argName, value: this.constValue() });
        } while (!this.skip(0x29));
      }
      out.push({ kind: 'Directive', name, arguments: args });
    }
    return out;
  }

  // -------------------------------------------------------------------------
  // Values (constant)

  private stringValue(): Node {
    const node = { kind: 'StringValue', value: this.value, block: this.kind === BLOCK_STRING };
    this.advance();
    return node;
  }

  private constValue(): Node {
    switch (this.kind) {
      case INT:
      case FLOAT: {
        const node = { kind: this.kind === INT ? 'IntValue' : 'FloatValue', value: this.value };
        this.advance();
        return node;
      }
      case STRING:
      case BLOCK_STRING:
        return this.stringValue();
      case NAME: {
        const value = this.value;
        this.advance();
        if (value === 'true' || value === 'false') return { kind: 'BooleanValue', value: value === 'true' };
        if (value === 'null') return { kind: 'NullValue' };
        return { kind: 'EnumValue', value };
      }
      case PUNCT:
        if (this.skip(0x5b)) {
          const values: Node[] = [];
          while (!this.skip(0x5d)) values.push(this.constValue());
          return { kind: 'ListValue', values };
        }
        if (this.skip(0x7b)) {
          const fields: Node[] = [];
          while (!this.skip(0x7d)) {
            const name = this.name();
            this.expect(0x3a);
            fields.push({ kind: 'ObjectField', name, value: this.constValue() });
          }
          return { kind: 'ObjectValue', fields };
        }
        throw UNSURE;
      default:
        throw UNSURE;
    }
  }
}
