/**
 * validate-semantics: the checks of `validate json-schema` that need more
 * than one attribute at a time, all of them collected (the converter stops at
 * the first). One walk over the schema nodes in document order (normalize's
 * `subschemas`), reusing the converter's rules:
 *
 * - explicit names (`x-graphql-type-name`, legacy `x-graphql-type`,
 *   `x-graphql-field-name`): naming.ts `isValidName` (argument names are
 *   checked by the catalog);
 * - type expressions (`x-graphql-field-type`, argument `type`): type-expr.ts;
 * - `x-graphql-union-types` / `x-graphql-implements` names that no type of
 *   the document has, or that name a type of the wrong kind. A type's name is
 *   its explicit name, else its definition key as a type name (naming.ts);
 *   a kind is known only when written (`x-graphql-type-kind`), an `enum`, a
 *   scalar, or an object with properties, so nothing is reported on a guess;
 * - the catalog's scopes where the place is certain (a warning: the
 *   converter ignores a misplaced attribute);
 * - federation field sets (`keys`, `requires`, `provides`, parsed by field-set.ts): every field they
 *   name must be a field of the type (`requires`: the type holding the field;
 *   `provides`: the type the field returns, when the document shows it), and a
 *   key may not name a field that `x-graphql-skip` leaves out (FIELD_SET,
 *   KEY_FIELD_SKIPPED).
 *
 * The messages are the converter's where it has the same check.
 * rust/src/validate_semantics.rs is the same.
 */
import { scopeOf, type Scope } from './catalog';
import { ErrorCodes, type Diagnostic } from './errors';
import { isObject, keysOf, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { hasSelection, parseFieldSet } from './field-set-parse';
import { evaluatePointer } from './loc';
import { isValidName, toFieldName, toTypeName } from './naming';
import { attr, explicitKind, explicitTypeName, subschemas } from './normalize';
import { BUILTIN_SCALARS, parseTypeExpr } from './type-expr';

type Kind = 'OBJECT' | 'INTERFACE' | 'UNION' | 'INPUT_OBJECT' | 'ENUM' | 'SCALAR';

export function semanticProblems(root: JsonObject, file: string | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fail = (code: string, message: string, pointer: string): void => {
    out.push({ code, severity: 'error', message, ...(file !== undefined ? { file } : {}), pointer });
  };
  const warn = (code: string, message: string, pointer: string): void => {
    out.push({ code, severity: 'warning', message, ...(file !== undefined ? { file } : {}), pointer });
  };
  const types = typeTable(root, file);
  const stack: Array<[JsonValue, string]> = [[root, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (!isObject(node)) continue;
    checkNode(root, node, pointer, types, fail, warn);
    const children = subschemas(node, pointer);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i].node, children[i].pointer]);
  }
  return out;
}

type Fail = (code: string, message: string, pointer: string) => void;

function checkNode(root: JsonObject, node: JsonObject, pointer: string, types: Map<string, Kind | undefined>, fail: Fail, warn: Fail): void {
  checkScopes(node, pointer, warn);
  const typeName = explicitTypeName(node);
  if (typeName !== undefined && (!isValidName(typeName.name) || BUILTIN_SCALARS.has(typeName.name))) {
    fail(ErrorCodes.INVALID_NAME, `"${typeName.name}" is not a valid GraphQL type name here`, pointer + typeName.pointer);
  }
  const fieldName = attr(node, 'x-graphql-field-name');
  if (typeof fieldName === 'string' && !isValidName(fieldName)) {
    fail(ErrorCodes.INVALID_NAME, `"${fieldName}" is not a valid GraphQL name`, pointerJoin(pointer, 'x-graphql-field-name'));
  }
  const fieldType = attr(node, 'x-graphql-field-type');
  if (typeof fieldType === 'string' && parseTypeExpr(fieldType) === undefined) {
    fail(ErrorCodes.FIELD_TYPE_SYNTAX, `"${fieldType}" is not a GraphQL type expression`, pointerJoin(pointer, 'x-graphql-field-type'));
  }
  const args = attr(node, 'x-graphql-field-arguments');
  if (isObject(args)) {
    for (const name of keysOf(args)) {
      // (argument names are the catalog's: propertyNames)
      const at = pointerJoin(pointer, 'x-graphql-field-arguments', name);
      const spec = own(args, name);
      const typeText = isObject(spec) ? own(spec, 'type') : undefined;
      if (typeof typeText === 'string' && parseTypeExpr(typeText) === undefined) {
        fail(ErrorCodes.FIELD_TYPE_SYNTAX, `"${typeText}" is not a GraphQL type expression`, pointerJoin(at, 'type'));
      }
    }
  }
  namedTypes(node, pointer, 'x-graphql-union-types', types, fail);
  namedTypes(node, pointer, 'x-graphql-implements', types, fail);
  const fields = fieldsOf(node);
  if (fields !== undefined) {
    for (const [at, set] of fieldSets(node, pointer, 'x-graphql-federation-keys')) {
      checkFieldSet(root, 'key', set, fields, at, fail, true);
    }
    const props = own(node, 'properties');
    if (isObject(props)) {
      for (const key of keysOf(props)) {
        const prop = own(props, key);
        if (!isObject(prop)) continue;
        const propPointer = pointerJoin(pointer, 'properties', key);
        for (const [at, set] of fieldSets(prop, propPointer, 'x-graphql-federation-requires')) {
          checkFieldSet(root, 'requires', set, fields, at, fail, false);
        }
        const returned = fieldsOf(returnedObject(root, prop));
        if (returned === undefined) continue;
        for (const [at, set] of fieldSets(prop, propPointer, 'x-graphql-federation-provides')) {
          checkFieldSet(root, 'provides', set, returned, at, fail, false);
        }
      }
    }
  }
}

const SCOPE_WORDS: Record<string, string> = { root: 'the root schema', object: 'object types', enum: 'enums', property: 'properties' };
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * The catalog's scopes (`x-scope`), where the place is certain: a root-only
 * attribute below the root, a property attribute on the root or on a
 * definition, a type attribute on a schema of a primitive type (no `enum`).
 * The converter ignores such an attribute: a warning (ATTRIBUTE_SCOPE).
 */
function checkScopes(node: JsonObject, pointer: string, warn: Fail): void {
  const segments = pointer.split('/');
  const container = segments.length >= 3 ? segments[segments.length - 2] : undefined;
  const isRoot = pointer === '';
  const isDefinition = container === 'definitions' || container === '$defs';
  const type = own(node, 'type');
  const primitive = typeof type === 'string' && PRIMITIVE_TYPES.has(type) && own(node, 'enum') === undefined;
  for (const key of keysOf(node)) {
    const scope = scopeOf(key);
    if (scope === undefined || scope.includes('any-schema')) continue;
    const has = (s: Scope) => scope.includes(s);
    const typeOnly = !has('property') && !has('root');
    const misplaced =
      (has('root') && scope.length === 1 && !isRoot) ||
      (!has('root') && has('property') && !has('object') && !has('enum') && (isRoot || isDefinition)) ||
      (typeOnly && primitive);
    if (misplaced) {
      const words = scope.map((s) => SCOPE_WORDS[s] ?? s).join(', ');
      warn(ErrorCodes.ATTRIBUTE_SCOPE, `${key} has no effect here: it applies to ${words}`, pointerJoin(pointer, key));
    }
  }
}

/** `x-graphql-union-types` members must be object types, `x-graphql-implements` entries interfaces. */
function namedTypes(node: JsonObject, pointer: string, attribute: string, types: Map<string, Kind | undefined>, fail: Fail): void {
  const list = attr(node, attribute);
  if (!Array.isArray(list)) return;
  const union = attribute === 'x-graphql-union-types';
  list.forEach((name, i) => {
    if (typeof name !== 'string') return;
    const expected: Kind = union ? 'OBJECT' : 'INTERFACE';
    if (types.has(name) && (types.get(name) === undefined || types.get(name) === expected)) return;
    // Types of referenced files are not in the table: a missing name is reported only when the document has none.
    if (!types.has(name) && types.has(FILE_REFS)) return;
    const at = pointerJoin(pointer, attribute, i);
    if (union) fail(ErrorCodes.UNION_MEMBER, `union member ${name} is not an object type of this schema`, at);
    else fail(ErrorCodes.IMPLEMENTS, `${name} is not an interface type of this schema`, at);
  });
}

/** A key of the type table that no GraphQL name can be: the document refers to other files. */
const FILE_REFS = '#file-refs';

/** The root type's name as the converter gives it (lower.ts `rootName`) when there is no `title`. */
function rootNames(file: string | undefined): string[] {
  const names = ['Root'];
  if (file !== undefined) {
    const base = file.split(/[\\/]/).pop() ?? '';
    const dot = base.lastIndexOf('.');
    const stem = dot > 0 ? base.slice(0, dot) : base;
    if (stem !== '') names.push(toTypeName(stem));
  }
  return names;
}

/** Type names of the document with their kind when it is certain. */
function typeTable(root: JsonObject, file: string | undefined): Map<string, Kind | undefined> {
  const table = new Map<string, Kind | undefined>();
  const add = (name: string, node: JsonValue): void => {
    const kind = isObject(node) ? kindOf(node) : undefined;
    if (!table.has(name) || table.get(name) === undefined) table.set(name, kind);
    else if (table.get(name) !== kind) table.set(name, undefined);
  };
  const title = own(root, 'title');
  if (typeof title === 'string' && title !== '') add(toTypeName(title), root);
  else for (const name of rootNames(file)) add(name, root);
  for (const keyword of ['definitions', '$defs']) {
    const defs = own(root, keyword);
    if (!isObject(defs)) continue;
    for (const key of keysOf(defs)) add(toTypeName(key), defs[key]);
  }
  // Every explicit name, wherever the type is written (inline objects too).
  const stack: JsonValue[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isObject(node)) continue;
    const explicit = explicitTypeName(node);
    if (explicit !== undefined) add(explicit.name, node);
    const ref = own(node, '$ref');
    if (typeof ref === 'string' && !ref.startsWith('#')) table.set(FILE_REFS, undefined);
    for (const child of subschemas(node, '')) stack.push(child.node);
  }
  return table;
}

function kindOf(node: JsonObject): Kind | undefined {
  const explicit = explicitKind(node);
  if (explicit !== undefined) return explicit;
  if (own(node, 'x-graphql-scalar') !== undefined) return 'SCALAR';
  if (Array.isArray(own(node, 'enum'))) return 'ENUM';
  if (isObject(own(node, 'properties')) && own(node, 'oneOf') === undefined && own(node, 'anyOf') === undefined) return 'OBJECT';
  return undefined;
}

interface FieldInfo {
  node: JsonValue;
  skipped: boolean;
}

/**
 * The GraphQL fields of an object schema by name; undefined when it has no
 * `properties`, or when it may get more fields than it lists (`allOf`, `$ref`,
 * interfaces whose fields are copied): then its field sets are not checked.
 */
function fieldsOf(node: JsonValue | undefined): Map<string, FieldInfo> | undefined {
  if (!isObject(node)) return undefined;
  const props = own(node, 'properties');
  if (!isObject(props)) return undefined;
  if (own(node, 'allOf') !== undefined || own(node, '$ref') !== undefined || own(node, 'x-graphql-implements') !== undefined) return undefined;
  const out = new Map<string, FieldInfo>();
  for (const key of keysOf(props)) {
    const prop = props[key];
    const explicit = isObject(prop) ? attr(prop, 'x-graphql-field-name') : undefined;
    const name = typeof explicit === 'string' ? explicit : toFieldName(key);
    out.set(name, { node: prop, skipped: isObject(prop) && attr(prop, 'x-graphql-skip') === true });
  }
  return out;
}

/** The object a field returns, when the document shows it: inline, array items, or a local `$ref`. */
function returnedObject(root: JsonObject, schema: JsonValue): JsonValue | undefined {
  let node: JsonValue | undefined = schema;
  for (let hops = 0; hops < 32 && isObject(node); hops++) {
    const ref = own(node, '$ref');
    const items = own(node, 'items');
    if (typeof ref === 'string') {
      if (!ref.startsWith('#')) return undefined;
      let pointer = ref.slice(1);
      try {
        pointer = decodeURIComponent(pointer);
      } catch {
        // kept as written, as resolve does
      }
      node = evaluatePointer(root, pointer);
    } else if (isObject(items)) {
      node = items;
    } else {
      return node;
    }
  }
  return undefined;
}

/** The field-set strings of an attribute with their pointers (a string, a list, or `{fields}` entries). */
function fieldSets(node: JsonObject, pointer: string, attribute: string): Array<[string, string]> {
  const value = attr(node, attribute);
  const at = pointerJoin(pointer, attribute);
  if (typeof value === 'string') return [[at, value]];
  if (!Array.isArray(value)) return [];
  const out: Array<[string, string]> = [];
  value.forEach((entry, i) => {
    if (typeof entry === 'string') out.push([pointerJoin(at, i), entry]);
    else if (isObject(entry) && typeof own(entry, 'fields') === 'string') out.push([pointerJoin(at, i, 'fields'), entry.fields as string]);
  });
  return out;
}

function checkFieldSet(root: JsonObject, directive: string, set: string, fields: Map<string, FieldInfo>, at: string, fail: Fail, key: boolean): void {
  const parsed = parseFieldSet(set);
  if (typeof parsed === 'string') {
    fail(ErrorCodes.FIELD_SET, `@${directive} field set "${set}" is not a field set: ${parsed}`, at);
    return;
  }
  // The fields each depth selects from; undefined where the document does not show them.
  const within: Array<Map<string, FieldInfo> | undefined> = [fields];
  for (let i = 0; i < parsed.length; i++) {
    const s = parsed[i];
    const scope = within[s.depth];
    const field = scope?.get(s.name);
    if (scope !== undefined && field === undefined) {
      fail(ErrorCodes.FIELD_SET, `@${directive} field set "${set}" names ${s.name}, which is not a field of the type`, at);
      return;
    }
    if (key && s.depth === 0 && field?.skipped === true) {
      fail(ErrorCodes.KEY_FIELD_SKIPPED, `@key field set "${set}" names ${s.name}, which x-graphql-skip leaves out of the SDL`, at);
      return;
    }
    if (hasSelection(parsed, i)) within[s.depth + 1] = field === undefined ? undefined : fieldsOf(returnedObject(root, field.node));
  }
}
