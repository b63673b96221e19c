/**
 * normalize: one walk over every schema node of a document, in document order.
 *
 * It checks each `x-graphql-*` attribute against the attribute catalog (a wrong
 * value type is an error whatever the options), warns about unknown attributes
 * with a "did you mean", warns about the legacy `x-graphql-type`, and collects
 * every `$ref` for `resolve`. The walk knows which keywords hold subschemas, so
 * a property *named* `x-graphql-foo` is never mistaken for an attribute.
 * It is iterative: nesting depth cannot overflow the stack.
 */
import { attributeNames, checkAttribute, suggest } from './catalog';
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import { isObject, keysOf, pointerJoin, type JsonObject, type JsonValue } from './load';

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = new Set([
  'additionalProperties', 'items', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else',
]);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'items']);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);

export const ATTRIBUTE_PREFIX = 'x-graphql-';

export interface RefUse {
  pointer: string;
  ref: string;
}

export interface ScanResult {
  refs: RefUse[];
  warnings: Diagnostic[];
}

let knownAttributes: Set<string> | undefined;

function isKnownAttribute(name: string): boolean {
  knownAttributes ??= new Set(attributeNames());
  return knownAttributes.has(name);
}

/**
 * Walks one document (the main input or a referenced file). `file` names it in
 * diagnostics. Throws ATTRIBUTE_TYPE on the first wrong attribute value.
 */
export function scanDocument(root: JsonValue, file: string | undefined): ScanResult {
  const refs: RefUse[] = [];
  const warnings: Diagnostic[] = [];
  const stack: Array<[JsonValue, string]> = [[root, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (!isObject(node)) continue;
    const children: Array<[JsonValue, string]> = [];
    for (const key of keysOf(node)) {
      const value = node[key];
      if (key.startsWith(ATTRIBUTE_PREFIX)) {
        checkOneAttribute(key, value, pointerJoin(pointer, key), file, warnings);
      } else if (key === '$ref') {
        if (typeof value === 'string') refs.push({ pointer, ref: value });
      } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
        if (isObject(value)) {
          for (const name of keysOf(value)) children.push([value[name], pointerJoin(pointer, key, name)]);
        }
      } else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
        value.forEach((item, i) => children.push([item, pointerJoin(pointer, key, i)]));
      } else if (SCHEMA_KEYWORDS.has(key)) {
        children.push([value, pointerJoin(pointer, key)]);
      }
    }
    // Reverse so the stack pops children in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return { refs, warnings };
}

function checkOneAttribute(
  name: string,
  value: JsonValue,
  pointer: string,
  file: string | undefined,
  warnings: Diagnostic[],
): void {
  if (!isKnownAttribute(name)) {
    const guess = suggest(name);
    warnings.push({
      code: ErrorCodes.UNKNOWN_ATTRIBUTE,
      severity: 'warning',
      message: `unknown attribute ${name}` + (guess ? `; did you mean ${guess}?` : ''),
      ...(file !== undefined ? { file } : {}),
      pointer,
    });
    return;
  }
  const problems = checkAttribute(name, value, pointer);
  if (problems.length > 0) {
    const p = problems[0];
    throw new ConversionError(ErrorCodes.ATTRIBUTE_TYPE, p.message, { file, pointer: p.pointer });
  }
  if (name === 'x-graphql-type') {
    warnings.push({
      code: ErrorCodes.DEPRECATED_ATTRIBUTE,
      severity: 'warning',
      message: 'x-graphql-type is deprecated; use x-graphql-type-name and x-graphql-type-kind',
      ...(file !== undefined ? { file } : {}),
      pointer,
    });
  }
}

// ---------------------------------------------------------------------------
// Attribute accessors: the one place that knows legacy spellings and defaults.

export type TypeKind = 'OBJECT' | 'INTERFACE' | 'UNION' | 'INPUT_OBJECT' | 'ENUM';

/** `x-graphql-type-name`, else the legacy `x-graphql-type` (string, or object's name). */
export function explicitTypeName(node: JsonObject): { name: string; pointer: string } | undefined {
  const direct = attr(node, 'x-graphql-type-name');
  if (typeof direct === 'string') return { name: direct, pointer: '/x-graphql-type-name' };
  const legacy = attr(node, 'x-graphql-type');
  if (typeof legacy === 'string') return { name: legacy, pointer: '/x-graphql-type' };
  if (isObject(legacy) && typeof attr(legacy, 'name') === 'string') {
    return { name: legacy.name as string, pointer: '/x-graphql-type/name' };
  }
  return undefined;
}

/** `x-graphql-type-kind`, else the legacy `x-graphql-type.kind`. */
export function explicitKind(node: JsonObject): TypeKind | undefined {
  const direct = attr(node, 'x-graphql-type-kind');
  if (typeof direct === 'string') return direct as TypeKind;
  const legacy = attr(node, 'x-graphql-type');
  if (isObject(legacy) && typeof attr(legacy, 'kind') === 'string') return legacy.kind as TypeKind;
  return undefined;
}

/** Reads an own key (never the prototype chain). */
export function attr(node: JsonObject, key: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

export function flag(node: JsonObject, key: string): boolean {
  return attr(node, key) === true;
}
