/**
 * Introspection JSON -> the IR (record 0091; the Rust twin is
 * rust/src/introspection_read.rs): what `convert` (graphql-to-json) and
 * `build --format introspection` read.
 *
 *   loadJson -> the shape checked here (INTROSPECTION_INVALID at a JSON pointer)
 *   -> IR -> print -> readSdl (build.ts `canonicalOf`: GraphQL's own rules, the
 *   validator's message at the pointer of the entry the problem is in)
 *
 * The result is `{"__schema": ...}` or `{"data": {"__schema": ...}}`. The
 * built-in scalars, the introspection types (`__*`) and the specified directives
 * are left out (SDL does not define them). `isDeprecated: true` or a string
 * `deprecationReason` is `@deprecated` (with `reason` unless it is the default),
 * `specifiedByURL` is `@specifiedBy`, `isOneOf: true` is `@oneOf`. A `schema`
 * definition is printed when the roots are not the ones the type names imply
 * (Query, Mutation, Subscription), or there is a schema description. Default
 * values are GraphQL literals, read by the small parser below (no variables, no
 * block strings). Every walk is iterative or bounded by MAX_SDL_NESTING.
 */
import { canonicalOf, type Fail, type Pointers } from './build';
import { DEFAULT_DEPRECATION_REASON } from './describe';
import { ConversionError, ErrorCodes } from './errors';
import { introspectionBuiltins, isBuiltInTypeName, SPECIFIED_DIRECTIVES } from './introspection';
import type { AppliedDirective, Definition, Document, EnumValueDef, FieldDef, InputValueDef, SchemaDef } from './ir';
import { OPERATION_KINDS } from './ir';
import { isObject, loadJson, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { locate } from './locate';
import { enumValue, MAX_SDL_NESTING, setKey } from './sdl-read';

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const NAMED_KINDS = ['SCALAR', 'OBJECT', 'INTERFACE', 'UNION', 'ENUM', 'INPUT_OBJECT'];
const COMMON_ROOTS = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/** Is this JSON value an introspection result (`__schema` at the root or under `data`)? */
export function isIntrospection(root: JsonValue): boolean {
  if (!isObject(root) || Array.isArray(root)) return false;
  if (isObject(own(root, '__schema'))) return true;
  const data = own(root, 'data');
  return isObject(data) && !Array.isArray(data) && isObject(own(data, '__schema'));
}

/**
 * Does this text hold an introspection result? Only a text that names `"__schema"`
 * is parsed (a JSON Schema is not read twice); an unparsable text is not one.
 */
export function looksLikeIntrospection(text: string): boolean {
  if (!text.includes('"__schema"')) return false;
  try {
    return isIntrospection(loadJson(text));
  } catch {
    return false;
  }
}

/** Introspection JSON text -> the canonical IR (empty when it defines nothing beyond the built-ins). */
export function documentFromIntrospection(text: string, fileName?: string): Document {
  const root = loadJson(text, fileName);
  const fail: Fail = (code, message, pointer) => {
    const pos = locate(text, pointer);
    return new ConversionError(code, message, { ...(fileName !== undefined ? { file: fileName } : {}), pointer, ...(pos ?? {}) });
  };
  const { doc, pointers } = new Reader(fail).document(root);
  return canonicalOf(doc, pointers, fail) ?? { definitions: [] };
}

const arr = (v: JsonValue | undefined): JsonValue[] => (Array.isArray(v) ? v : []);

class Reader {
  private types = new Map<string, string>();
  private locations: Set<string>;

  constructor(private readonly fail: Fail) {
    const loc = introspectionBuiltins().types.find((t) => t.name === '__DirectiveLocation')!;
    this.locations = new Set((loc.enumValues as JsonObject[]).map((v) => v.name as string));
  }

  private invalid(message: string, at: string): ConversionError {
    return this.fail(ErrorCodes.INTROSPECTION_INVALID, `not a valid introspection result: ${message}`, at);
  }

  private object(v: JsonValue | undefined, at: string, what: string): JsonObject {
    if (!isObject(v) || Array.isArray(v)) throw this.invalid(`${what} must be an object`, at);
    return v;
  }

  private array(o: JsonObject, key: string, at: string, required: boolean): JsonValue[] {
    const v = own(o, key);
    if (v === undefined || v === null) {
      if (required) throw this.invalid(`"${key}" is missing (a list is required)`, at);
      return [];
    }
    if (!Array.isArray(v)) throw this.invalid(`"${key}" must be a list`, pointerJoin(at, key));
    return v;
  }

  private name(o: JsonObject, at: string): string {
    const v = own(o, 'name');
    if (typeof v !== 'string') throw this.invalid('"name" must be a string', v === undefined ? at : pointerJoin(at, 'name'));
    if (!NAME.test(v)) throw this.invalid(`"${v}" is not a GraphQL name`, pointerJoin(at, 'name'));
    return v;
  }

  private description(o: JsonObject, at: string): { description?: string } {
    const v = own(o, 'description');
    if (v === undefined || v === null || v === '') return {};
    if (typeof v !== 'string') throw this.invalid('"description" must be a string or null', pointerJoin(at, 'description'));
    return { description: v };
  }

  document(root: JsonValue): { doc: Document; pointers: Pointers } {
    if (!isIntrospection(root)) {
      throw this.invalid('the root must be an object with "__schema", or with "data" holding "__schema"', '');
    }
    const top = root as JsonObject;
    const base = isObject(own(top, '__schema')) ? '/__schema' : '/data/__schema';
    const schema = (base === '/__schema' ? own(top, '__schema') : own(own(top, 'data') as JsonObject, '__schema')) as JsonObject;
    const types = this.array(schema, 'types', base, true);
    // Names first: references may point forward.
    types.forEach((t, i) => {
      const at = pointerJoin(base, 'types', i);
      const o = this.object(t, at, 'a type');
      const kind = own(o, 'kind');
      if (typeof kind !== 'string' || !NAMED_KINDS.includes(kind)) {
        throw this.invalid(`"kind" of a type must be one of ${NAMED_KINDS.join(', ')}`, kind === undefined ? at : pointerJoin(at, 'kind'));
      }
      const name = this.name(o, at);
      if (this.types.has(name)) throw this.invalid(`type ${name} is listed twice`, pointerJoin(at, 'name'));
      this.types.set(name, kind);
    });
    const doc: Document = { definitions: [] };
    const pointers: Pointers = { definitions: [] };
    this.array(schema, 'directives', base, false).forEach((d, i) => {
      const at = pointerJoin(base, 'directives', i);
      const def = this.directive(this.object(d, at, 'a directive'), at);
      if (SPECIFIED_DIRECTIVES.includes(def.name)) return;
      doc.definitions.push(def);
      pointers.definitions.push(at);
    });
    types.forEach((t, i) => {
      const at = pointerJoin(base, 'types', i);
      const o = t as JsonObject;
      if (isBuiltInTypeName(own(o, 'name') as string)) return;
      doc.definitions.push(this.type(o, at));
      pointers.definitions.push(at);
    });
    const def = this.schemaDef(schema, base);
    if (def !== undefined) {
      doc.schema = def;
      pointers.schema = base;
    }
    return { doc, pointers };
  }

  private schemaDef(schema: JsonObject, at: string): SchemaDef | undefined {
    const def: SchemaDef = { ...this.description(schema, at), directives: [], operations: [] };
    let differs = def.description !== undefined;
    for (const op of OPERATION_KINDS) {
      const key = `${op}Type`;
      const v = own(schema, key);
      let name: string | undefined;
      if (v !== undefined && v !== null) {
        const o = this.object(v, pointerJoin(at, key), `"${key}"`);
        name = this.name(o, pointerJoin(at, key));
        if (this.types.get(name) !== 'OBJECT') throw this.invalid(`"${key}" names ${name}, which is not an OBJECT type of "types"`, pointerJoin(at, key, 'name'));
        def.operations.push([op, name]);
      }
      const implied = this.types.get(COMMON_ROOTS[op]) === 'OBJECT' ? COMMON_ROOTS[op] : undefined;
      if (name !== implied) differs = true;
    }
    if (!differs) return undefined;
    if (def.operations.length === 0) {
      throw this.invalid('a schema description needs a root type ("queryType")', pointerJoin(at, 'description'));
    }
    return def;
  }

  private deprecatable(o: JsonObject, at: string): AppliedDirective[] {
    const flag = own(o, 'isDeprecated');
    const reason = own(o, 'deprecationReason');
    if (flag !== undefined && flag !== null && typeof flag !== 'boolean') throw this.invalid('"isDeprecated" must be true or false', pointerJoin(at, 'isDeprecated'));
    if (reason !== undefined && reason !== null && typeof reason !== 'string') {
      throw this.invalid('"deprecationReason" must be a string or null', pointerJoin(at, 'deprecationReason'));
    }
    if (flag !== true && typeof reason !== 'string') return [];
    const text = typeof reason === 'string' ? reason : DEFAULT_DEPRECATION_REASON;
    return [{ name: 'deprecated', args: text === DEFAULT_DEPRECATION_REASON ? [] : [['reason', text]] }];
  }

  private directive(o: JsonObject, at: string): Definition {
    const name = this.name(o, at);
    const locations = this.array(o, 'locations', at, true).map((l, i) => {
      if (typeof l !== 'string' || !this.locations.has(l)) throw this.invalid('a directive location must be one of __DirectiveLocation\'s values', pointerJoin(at, 'locations', i));
      return l;
    });
    const repeatable = own(o, 'isRepeatable');
    if (repeatable !== undefined && repeatable !== null && typeof repeatable !== 'boolean') {
      throw this.invalid('"isRepeatable" must be true or false', pointerJoin(at, 'isRepeatable'));
    }
    return {
      kind: 'directive',
      name,
      ...this.description(o, at),
      args: this.array(o, 'args', at, true).map((a, i) => this.inputValue(a, pointerJoin(at, 'args', i))),
      repeatable: repeatable === true,
      locations,
    };
  }

  private inputValue(v: JsonValue, at: string): InputValueDef {
    const o = this.object(v, at, 'an input value');
    const out: InputValueDef = { name: this.name(o, at), ...this.description(o, at), type: this.typeRef(own(o, 'type'), pointerJoin(at, 'type')), directives: [] };
    const def = own(o, 'defaultValue');
    if (def !== undefined && def !== null) {
      if (typeof def !== 'string') throw this.invalid('"defaultValue" must be a string (a GraphQL literal) or null', pointerJoin(at, 'defaultValue'));
      const parsed = parseLiteral(def);
      if (typeof parsed === 'string') throw this.invalid(`"defaultValue" is not a GraphQL value: ${parsed}`, pointerJoin(at, 'defaultValue'));
      out.defaultValue = parsed.value;
    }
    out.directives = this.deprecatable(o, at);
    return out;
  }

  private field(v: JsonValue, at: string): FieldDef {
    const o = this.object(v, at, 'a field');
    return {
      name: this.name(o, at),
      ...this.description(o, at),
      args: this.array(o, 'args', at, true).map((a, i) => this.inputValue(a, pointerJoin(at, 'args', i))),
      type: this.typeRef(own(o, 'type'), pointerJoin(at, 'type')),
      directives: this.deprecatable(o, at),
    };
  }

  private enumValue(v: JsonValue, at: string): EnumValueDef {
    const o = this.object(v, at, 'an enum value');
    return { name: this.name(o, at), ...this.description(o, at), directives: this.deprecatable(o, at) };
  }

  /** The names a list of type references gives, each of the expected kind. */
  private names(o: JsonObject, key: string, at: string, kind: string, required: boolean): string[] {
    return this.array(o, key, at, required).map((r, i) => {
      const rAt = pointerJoin(at, key, i);
      const name = this.name(this.object(r, rAt, 'a type reference'), rAt);
      if (this.types.get(name) !== kind) throw this.invalid(`${name} is not an ${kind} type of "types"`, pointerJoin(rAt, 'name'));
      return name;
    });
  }

  private type(o: JsonObject, at: string): Definition {
    const name = own(o, 'name') as string;
    const base = { name, ...this.description(o, at) };
    const fields = (): FieldDef[] => this.array(o, 'fields', at, true).map((f, i) => this.field(f, pointerJoin(at, 'fields', i)));
    switch (own(o, 'kind')) {
      case 'SCALAR': {
        const url = own(o, 'specifiedByURL');
        if (url !== undefined && url !== null && typeof url !== 'string') throw this.invalid('"specifiedByURL" must be a string or null', pointerJoin(at, 'specifiedByURL'));
        return { kind: 'scalar', ...base, directives: typeof url === 'string' ? [{ name: 'specifiedBy', args: [['url', url]] }] : [] };
      }
      case 'OBJECT':
        return { kind: 'object', ...base, interfaces: this.names(o, 'interfaces', at, 'INTERFACE', false), directives: [], fields: fields() };
      case 'INTERFACE':
        return { kind: 'interface', ...base, interfaces: this.names(o, 'interfaces', at, 'INTERFACE', false), directives: [], fields: fields() };
      case 'UNION':
        return { kind: 'union', ...base, directives: [], members: this.names(o, 'possibleTypes', at, 'OBJECT', true) };
      case 'ENUM':
        return { kind: 'enum', ...base, directives: [], values: this.array(o, 'enumValues', at, true).map((v, i) => this.enumValue(v, pointerJoin(at, 'enumValues', i))) };
      default: {
        const oneOf = own(o, 'isOneOf');
        if (oneOf !== undefined && oneOf !== null && typeof oneOf !== 'boolean') throw this.invalid('"isOneOf" must be true or false', pointerJoin(at, 'isOneOf'));
        const fieldsOf = this.array(o, 'inputFields', at, true).map((f, i) => {
          const v = this.inputValue(f, pointerJoin(at, 'inputFields', i));
          const fd: FieldDef = { name: v.name, ...(v.description !== undefined ? { description: v.description } : {}), args: [], type: v.type, directives: v.directives };
          if (v.defaultValue !== undefined) fd.defaultValue = v.defaultValue;
          return fd;
        });
        return { kind: 'input', ...base, interfaces: [], directives: oneOf === true ? [{ name: 'oneOf', args: [] }] : [], fields: fieldsOf };
      }
    }
  }

  /** A type reference (`kind`, `name`, `ofType`) -> a type expression, iteratively. */
  private typeRef(v: JsonValue | undefined, at: string): string {
    let prefix = '';
    let suffix = '';
    let cur = v;
    let p = at;
    let lists = 0;
    let lastNonNull = false;
    for (;;) {
      const o = this.object(cur, p, 'a type reference');
      const kind = own(o, 'kind');
      if (kind === 'LIST' || kind === 'NON_NULL') {
        if (kind === 'NON_NULL' && lastNonNull) throw this.invalid('NON_NULL cannot wrap NON_NULL', pointerJoin(p, 'kind'));
        if (kind === 'LIST' && ++lists > MAX_SDL_NESTING) throw this.invalid(`a type nests lists more than ${MAX_SDL_NESTING} levels deep`, p);
        lastNonNull = kind === 'NON_NULL';
        if (kind === 'LIST') {
          prefix += '[';
          suffix = ']' + suffix;
        } else suffix = '!' + suffix;
        const next = own(o, 'ofType');
        if (next === undefined || next === null) throw this.invalid(`a ${kind} reference needs "ofType"`, p);
        cur = next;
        p = pointerJoin(p, 'ofType');
        continue;
      }
      if (typeof kind !== 'string' || !NAMED_KINDS.includes(kind)) {
        throw this.invalid(`"kind" of a type reference must be LIST, NON_NULL or one of ${NAMED_KINDS.join(', ')}`, kind === undefined ? p : pointerJoin(p, 'kind'));
      }
      const name = this.name(o, p);
      const known = this.types.get(name) ?? (isBuiltInTypeName(name) && !name.startsWith('__') ? 'SCALAR' : undefined);
      if (known === undefined) throw this.invalid(`type ${name} is not in "types"`, pointerJoin(p, 'name'));
      if (known !== kind) throw this.invalid(`${name} is ${/^[AEIOU]/.test(known) ? 'an' : 'a'} ${known} type, not ${kind}`, pointerJoin(p, 'kind'));
      return prefix + name + suffix;
    }
  }
}

/**
 * A GraphQL constant literal (an introspection `defaultValue`) -> JSON, as
 * sdl-read gives it (an enum value is `{"x-graphql-enum": "V"}`), or the reason
 * it is not one. Recursion is bounded by MAX_SDL_NESTING.
 */
export function parseLiteral(text: string): { value: JsonValue } | string {
  const p = new LiteralParser(text);
  try {
    const value = p.value(0);
    p.skip();
    if (p.pos < text.length) return p.unexpected();
    return { value };
  } catch (e) {
    if (typeof e === 'string') return e;
    throw e;
  }
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameChar = (c: string | undefined): boolean => c !== undefined && (c === '_' || isDigit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'));

class LiteralParser {
  pos = 0;
  constructor(private readonly text: string) {}

  /** Blanks, line ends and commas are ignored tokens. */
  skip(): void {
    while (this.pos < this.text.length && ' \t\n\r,\uFEFF'.includes(this.text[this.pos])) this.pos++;
  }

  unexpected(): string {
    if (this.pos >= this.text.length) return 'unexpected end of the value';
    const c = String.fromCodePoint(this.text.codePointAt(this.pos)!);
    return `unexpected character ${JSON.stringify(c)}`;
  }

  value(depth: number): JsonValue {
    this.skip();
    const t = this.text;
    const c = t[this.pos];
    if (c === '[' || c === '{') {
      if (depth >= MAX_SDL_NESTING) throw `a value nests lists or objects more than ${MAX_SDL_NESTING} levels deep`;
      this.pos++;
      if (c === '[') {
        const items: JsonValue[] = [];
        for (;;) {
          this.skip();
          if (t[this.pos] === ']') {
            this.pos++;
            return items;
          }
          items.push(this.value(depth + 1));
        }
      }
      const out: JsonObject = {};
      for (;;) {
        this.skip();
        if (t[this.pos] === '}') {
          this.pos++;
          return out;
        }
        const name = this.name();
        this.skip();
        if (t[this.pos] !== ':') throw this.unexpected();
        this.pos++;
        if (own(out, name) !== undefined) throw `field ${JSON.stringify(name)} is given twice`;
        setKey(out, name, this.value(depth + 1));
      }
    }
    if (c === '"') return this.string();
    if (c === '$') throw 'a variable is not a constant value';
    if (c === '-' || isDigit(c)) return this.number();
    const name = this.name();
    if (name === 'true') return true;
    if (name === 'false') return false;
    if (name === 'null') return null;
    return enumValue(name);
  }

  /** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not followed by a name character or `.`. */
  private number(): number {
    const t = this.text;
    const start = this.pos;
    const digits = (): number => {
      const from = this.pos;
      while (isDigit(t[this.pos])) this.pos++;
      return this.pos - from;
    };
    if (t[this.pos] === '-') this.pos++;
    if (t[this.pos] === '0') this.pos++;
    else if (digits() === 0) throw this.unexpected();
    if (t[this.pos] === '.') {
      this.pos++;
      if (digits() === 0) throw this.unexpected();
    }
    if (t[this.pos] === 'e' || t[this.pos] === 'E') {
      this.pos++;
      if (t[this.pos] === '+' || t[this.pos] === '-') this.pos++;
      if (digits() === 0) throw this.unexpected();
    }
    if (t[this.pos] === '.' || isNameChar(t[this.pos])) throw this.unexpected();
    const text = t.slice(start, this.pos);
    const n = Number(text);
    if (!Number.isFinite(n)) throw `the number ${text} is beyond the range of a JSON number (IEEE double)`;
    return n;
  }

  private name(): string {
    const start = this.pos;
    const c = this.text[this.pos];
    if (!isNameChar(c) || isDigit(c)) throw this.unexpected();
    while (isNameChar(this.text[this.pos])) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private string(): string {
    const t = this.text;
    if (t.startsWith('"""', this.pos)) throw 'block strings are not read in a default value';
    this.pos++;
    let out = '';
    for (;;) {
      if (this.pos >= t.length) throw 'unterminated string';
      const code = t.codePointAt(this.pos)!;
      if (code === 0x22) {
        this.pos++;
        return out;
      }
      if (code < 0x20 && code !== 0x09) throw 'unterminated string';
      if (code !== 0x5c) {
        const ch = String.fromCodePoint(code);
        if (code >= 0xd800 && code <= 0xdfff) throw 'invalid character in a string';
        out += ch;
        this.pos += ch.length;
        continue;
      }
      const e = t[this.pos + 1];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e !== undefined && Object.prototype.hasOwnProperty.call(simple, e)) {
        out += simple[e];
        this.pos += 2;
        continue;
      }
      if (e !== 'u') throw 'invalid escape sequence';
      let cp = this.hex4(this.pos + 2);
      this.pos += 6;
      if (cp >= 0xd800 && cp <= 0xdbff && t[this.pos] === '\\' && t[this.pos + 1] === 'u') {
        const lo = this.hex4(this.pos + 2);
        if (lo >= 0xdc00 && lo <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          this.pos += 6;
        }
      }
      if (cp >= 0xd800 && cp <= 0xdfff) throw 'invalid escape sequence';
      out += String.fromCodePoint(cp);
    }
  }

  private hex4(at: number): number {
    const h = this.text.slice(at, at + 4);
    if (!/^[0-9A-Fa-f]{4}$/.test(h)) throw 'invalid escape sequence';
    return parseInt(h, 16);
  }
}
