/**
 * The canonical SDL printer: IR -> text.
 *
 * One function per definition kind plus small helpers, as graphql-js's
 * printSchema is built, but with our own fixed format (docs/decisions): 2-space
 * indent, one blank line between definitions, arguments on one line unless one
 * of them has a description, `\n` endings and exactly one trailing newline.
 */
import type {
  AppliedDirective,
  Definition,
  DirectiveDef,
  Document,
  DocumentHead,
  EnumTypeDef,
  InputValueDef,
  ObjectTypeDef,
  ScalarTypeDef,
  SchemaDef,
  UnionTypeDef,
} from './ir';
import { federationPrintNames } from './federation';
import { isObject, keysOf, type JsonValue } from './load';
import { formatNumber, printDescription, printString } from './text';

export function printDocument(doc: Document, descriptionBlockThreshold: number): string {
  const p = new Printer(descriptionBlockThreshold, doc.schemaExtension && federationPrintNames(doc.schemaExtension.directives));
  return joinBlocks(p.head(doc), doc.definitions.map((def) => p.definition(def)));
}

/** The document's text from its head's blocks and its definitions' blocks: one blank line between blocks. */
export function joinBlocks(head: string[], definitions: string[]): string {
  return head.concat(definitions).join('\n');
}

export class Printer {
  /**
   * `names`: the names the document's federation `@link` gives federation directives
   * (federation.ts `federationPrintNames`): the IR holds federation's names, the text the link's.
   */
  constructor(
    private readonly threshold: number,
    private readonly names?: ReadonlyMap<string, string>,
  ) {}

  /** The blocks before the definitions: the schema extension or the federation `@link`, then the schema. */
  head(doc: DocumentHead): string[] {
    const blocks: string[] = [];
    if (doc.schemaExtension) {
      blocks.push(this.schema('extend schema', doc.schemaExtension));
    } else if (doc.link) {
      const imports = doc.link.imports.map(printString).join(', ');
      blocks.push(`extend schema @link(url: ${printString(doc.link.url)}, import: [${imports}])\n`);
    }
    if (doc.schema) blocks.push(this.schema('schema', doc.schema));
    return blocks;
  }

  definition(def: Definition): string {
    switch (def.kind) {
      case 'object':
      case 'interface':
      case 'input':
        return this.objectType(def);
      case 'union':
        return this.unionType(def);
      case 'enum':
        return this.enumType(def);
      case 'scalar':
        return this.scalarType(def);
      case 'directive':
        return this.directiveDef(def);
    }
  }

  /** `schema @d {\n  query: Q\n}` (or `extend schema ...`); no braces when there are no operations. */
  schema(keyword: string, def: SchemaDef): string {
    const head = `${this.description(def.description, '')}${keyword}${printDirectives(def.directives, this.names)}`;
    if (def.operations.length === 0) return head + '\n';
    return `${head} {\n${def.operations.map(([op, type]) => `  ${op}: ${type}\n`).join('')}}\n`;
  }

  private description(text: string | undefined, indent: string): string {
    return text === undefined ? '' : printDescription(text, indent, this.threshold);
  }

  objectType(def: ObjectTypeDef): string {
    const keyword = def.kind === 'input' ? 'input' : def.kind === 'interface' ? 'interface' : 'type';
    // An extension (record 0076) has no description of its own.
    let head = def.extension === true ? `extend ${keyword} ${def.name}` : `${keyword} ${def.name}`;
    if (def.interfaces.length > 0) head += ` implements ${def.interfaces.join(' & ')}`;
    head += printDirectives(def.directives, this.names);
    // The pieces of every field in one list, joined once: a string built per field, then
    // the fields' strings joined, made each field's text three times (issue #8).
    const parts: string[] = [def.extension === true ? '' : this.description(def.description, ''), head, ' {\n'];
    for (const f of def.fields) {
      if (f.description !== undefined) parts.push(this.description(f.description, '  '));
      parts.push('  ', f.name, this.args(f.args, '  '), ': ', f.type, printDefault(f.defaultValue), printDirectives(f.directives, this.names), '\n');
    }
    parts.push('}\n');
    return parts.join('');
  }

  /** `(a: Int, b: String)` on one line, or one per line when any has a description. */
  private args(args: readonly InputValueDef[], indent: string): string {
    if (args.length === 0) return '';
    if (args.every((a) => a.description === undefined || a.description === '')) {
      return `(${args.map((a) => printInputValue(a, this.names)).join(', ')})`;
    }
    const inner = indent + '  ';
    const lines = args.map((a) => this.description(a.description, inner) + inner + printInputValue(a, this.names) + '\n');
    return `(\n${lines.join('')}${indent})`;
  }

  unionType(def: UnionTypeDef): string {
    return (
      (def.extension === true ? 'extend ' : this.description(def.description, '')) +
      `union ${def.name}${printDirectives(def.directives, this.names)} = ${def.members.join(' | ')}\n`
    );
  }

  enumType(def: EnumTypeDef): string {
    const values = def.values
      .map((v) => `${this.description(v.description, '  ')}  ${v.name}${printDirectives(v.directives, this.names)}\n`)
      .join('');
    return `${def.extension === true ? 'extend ' : this.description(def.description, '')}enum ${def.name}${printDirectives(def.directives, this.names)} {\n${values}}\n`;
  }

  scalarType(def: ScalarTypeDef): string {
    return `${this.description(def.description, '')}scalar ${def.name}${printDirectives(def.directives, this.names)}\n`;
  }

  directiveDef(def: DirectiveDef): string {
    const repeatable = def.repeatable ? ' repeatable' : '';
    return (
      this.description(def.description, '') +
      `directive @${def.name}${this.args(def.args, '')}${repeatable} on ${def.locations.join(' | ')}\n`
    );
  }
}

function printInputValue(a: InputValueDef, names: ReadonlyMap<string, string> | undefined): string {
  return `${a.name}: ${a.type}${printDefault(a.defaultValue)}${printDirectives(a.directives, names)}`;
}

function printDefault(value: JsonValue | undefined): string {
  return value === undefined ? '' : ` = ${printValue(value)}`;
}

export function printDirectives(directives: readonly AppliedDirective[], names?: ReadonlyMap<string, string>): string {
  let out = '';
  for (const d of directives) {
    out += ` @${names?.get(d.name) ?? d.name}`;
    if (d.args.length > 0) {
      out += `(${d.args.map(([name, value]) => `${name}: ${printValue(value)}`).join(', ')})`;
    }
  }
  return out;
}

/** The key of the one-key object that stands for an enum value in a JSON literal (record 0028). */
export const ENUM_LITERAL_KEY = 'x-graphql-enum';

/** `{"x-graphql-enum": "V"}` -> "V"; anything else -> undefined. */
export function enumLiteral(value: JsonValue): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = keysOf(value);
  if (keys.length !== 1 || keys[0] !== ENUM_LITERAL_KEY) return undefined;
  const v = value[ENUM_LITERAL_KEY];
  return typeof v === 'string' ? v : undefined;
}

/**
 * A JSON value as a GraphQL literal; `{"x-graphql-enum": "V"}` is the enum
 * value `V`. Object keys and enum values were checked to be names by `lower`.
 */
export function printValue(value: JsonValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return printString(value);
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (Array.isArray(value)) return `[${value.map(printValue).join(', ')}]`;
  if (isObject(value)) {
    const enumValue = enumLiteral(value);
    if (enumValue !== undefined) return enumValue;
    return `{${keysOf(value)
      .map((k) => `${k}: ${printValue(value[k])}`)
      .join(', ')}}`;
  }
  return 'null';
}
