/**
 * default-values: whether a default value fits its type, as graphql-js 16
 * coerces a default (`valueFromAST`) when it builds a schema (record 0030).
 *
 * graphql-js keeps no default that does not coerce, so a non-null argument or
 * input field with such a default is *required* to it, and `@deprecated` on it
 * makes the SDL invalid; apollo-compiler keeps the default. So that every
 * SDL we print is valid for both, `@deprecated` on a non-null argument or
 * input field whose default does not fit is ATTRIBUTE_SCOPE, as it is without
 * a default (lower-directives.ts). rust/src/default_values.rs is the same check,
 * and rust/src/sdl_read.rs applies graphql-js's rule to SDL input.
 *
 * The value is JSON, as printed (`printValue`): a number is an Int literal when
 * it prints as digits, an `{"x-graphql-enum": "V"}` object is an enum value.
 */
import { ErrorCodes } from './errors';
import { isObject, keysOf, own, type JsonValue } from './load';
import type { Loc } from './loc';
import type { DraftDirectiveDef } from './lower-directives';
import type { Lowering } from './lower';
import { enumLiteral } from './print';
import type { Slot } from './slots';
import { formatNumber } from './text';
import { renderType, type TypeExpr } from './type-expr';

const INT_LITERAL = /^-?\d+$/;
/** Deeper than this, a default (of an input type that contains itself) is taken to fit. */
const MAX_DEPTH = 64;

/** `@deprecated` on a non-null argument or input field whose default does not fit: ATTRIBUTE_SCOPE. */
export function checkDeprecatedDefaults(lw: Lowering, order: Slot[], directiveDefs: DraftDirectiveDef[], byName: Map<string, Slot>): void {
  const check = (type: TypeExpr, dflt: JsonValue | undefined, at: Loc | undefined, what: string): void => {
    if (at === undefined || dflt === undefined || type.kind !== 'nonNull' || fits(dflt, type, byName, 0)) return;
    lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `directive @deprecated cannot be applied to a required ${what} (its default does not fit ${renderType(type)}, so GraphQL ignores it)`, at);
  };
  for (const d of directiveDefs) for (const a of d.args) check(a.type, a.defaultValue, a.deprecatedAt, 'argument');
  for (const slot of order) {
    for (const f of slot.fields) {
      for (const a of f.args) check(a.type, a.defaultValue, a.deprecatedAt, 'argument');
      if (slot.kind === 'input') check(f.type, f.defaultValue, f.deprecatedAt, 'input field');
    }
  }
}

/**
 * graphql-js `valueFromAST(value, type) !== undefined`, for a JSON value as printed.
 * `applied`: the value of an applied directive's argument (record 0065), which
 * GraphQL's input coercion also refuses with a field its input object type lacks
 * (`valueFromAST` ignores those, as validation has refused them before).
 */
export function fits(value: JsonValue, type: TypeExpr, byName: Map<string, Slot>, depth: number, applied = false): boolean {
  if (depth > MAX_DEPTH) return true;
  if (type.kind === 'nonNull') return value !== null && fits(value, type.of, byName, depth, applied);
  if (value === null) return true;
  if (type.kind === 'list') {
    return Array.isArray(value)
      ? value.every((item) => fits(item, type.of, byName, depth + 1, applied))
      : fits(value, type.of, byName, depth + 1, applied);
  }
  const name = type.kind === 'slot' ? type.slot.name : type.name;
  const isInt = typeof value === 'number' && INT_LITERAL.test(formatNumber(value));
  switch (name) {
    case 'Int':
      return isInt && (value as number) >= -2147483648 && (value as number) <= 2147483647;
    case 'Float':
      return typeof value === 'number';
    case 'String':
      return typeof value === 'string';
    case 'Boolean':
      return typeof value === 'boolean';
    case 'ID':
      return typeof value === 'string' || isInt;
  }
  const slot = type.kind === 'slot' ? type.slot : byName.get(name);
  if (slot?.kind === 'enum') {
    const v = enumLiteral(value);
    return v !== undefined && slot.values.some((e) => e.name === v);
  }
  if (slot?.kind !== 'input') return true; // a custom scalar takes any literal
  if (!isObject(value) || enumLiteral(value) !== undefined) return false;
  if (applied && keysOf(value).some((k) => !slot.fields.some((f) => f.name === k))) return false;
  let coerced = 0;
  let lastNull = false;
  for (const field of slot.fields) {
    const given = own(value, field.name);
    if (given === undefined) {
      if (field.defaultValue !== undefined && fits(field.defaultValue, field.type, byName, depth + 1)) {
        coerced++;
        lastNull = field.defaultValue === null;
      } else if (field.type.kind === 'nonNull') return false;
      continue;
    }
    if (!fits(given, field.type, byName, depth + 1, applied)) return false;
    coerced++;
    lastNull = given === null;
  }
  // @oneOf: exactly one field, not null.
  if (slot.directives.some((d) => d.name === 'oneOf')) return coerced === 1 && !lastNull;
  return true;
}

