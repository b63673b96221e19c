/**
 * default-values: whether a value fits its type, as GraphQL's input coercion
 * (`fits`), and the defaults of the document checked with it (record 0030).
 *
 * Every default must coerce to its type (the spec, graphql-js 17 and
 * buildSubgraphSchema refuse one that does not: `first: Int = {}`), so one
 * that does not is ATTRIBUTE_TYPE at the default; the reverse direction
 * refuses the same SDL (sdl-values.ts). graphql-js 16 keeps no default that
 * does not coerce (`valueFromAST`), so to it a non-null argument or input
 * field with such a default is *required*, and `@deprecated` on it makes the
 * SDL invalid: that is ATTRIBUTE_SCOPE at the `@deprecated` entry, as it is
 * without a default (lower-directives.ts), and is checked first.
 * rust/src/default_values.rs is the same check.
 *
 * The value is JSON, as printed (`printValue`): a number is an Int literal when
 * it prints as digits, an `{"x-graphql-enum": "V"}` object is an enum value.
 */
import { ErrorCodes } from './errors';
import { isObject, keysOf, own, pointerJoin, type JsonValue } from './load';
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

/**
 * Every default against its type (record 0030), in the order of the document:
 * the arguments of directive definitions, then each type's fields, their
 * arguments and (input fields) their `x-graphql-default`. For each default,
 * `@deprecated` on a non-null one whose default does not fit as graphql-js 16
 * reads it is ATTRIBUTE_SCOPE at the directive; then a default that does not
 * coerce to its type under GraphQL's input coercion (the spec, graphql-js 17
 * and buildSubgraphSchema refuse it) is ATTRIBUTE_TYPE at the default.
 */
export function checkDefaults(lw: Lowering, order: Slot[], directiveDefs: DraftDirectiveDef[], byName: Map<string, Slot>): void {
  type What = 'argument' | 'input field';
  const check = (type: TypeExpr, dflt: JsonValue | undefined, deprecatedAt: Loc | undefined, defaultAt: () => Loc, what: What, coordinate: () => string): void => {
    if (dflt === undefined) return;
    if (deprecatedAt !== undefined && type.kind === 'nonNull' && !fits(dflt, type, byName, 0)) {
      lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `directive @deprecated cannot be applied to a required ${what} (its default does not fit ${renderType(type)}, so GraphQL ignores it)`, deprecatedAt);
    }
    if (!fits(dflt, type, byName, 0, true)) {
      lw.fail(ErrorCodes.ATTRIBUTE_TYPE, `the default value of ${what} ${coordinate()} does not fit its type ${renderType(type)}`, defaultAt());
    }
  };
  for (const d of directiveDefs) {
    for (const a of d.args) check(a.type, a.defaultValue, a.deprecatedAt, () => a.defaultAt!, 'argument', () => `@${d.name}(${a.name}:)`);
  }
  for (const slot of order) {
    for (const f of slot.fields) {
      for (const a of f.args) check(a.type, a.defaultValue, a.deprecatedAt, () => a.defaultAt!, 'argument', () => `${slot.name}.${f.name}(${a.name}:)`);
      if (slot.kind === 'input') {
        const at = (): Loc => ({ source: f.loc.source, pointer: pointerJoin(f.loc.pointer, 'x-graphql-default') });
        check(f.type, f.defaultValue, f.deprecatedAt, at, 'input field', () => `${slot.name}.${f.name}`);
      }
    }
  }
}

/**
 * graphql-js `valueFromAST(value, type) !== undefined`, for a JSON value as printed.
 * `strict`: GraphQL's input coercion, for the value of an applied directive's
 * argument (record 0065) and a default (record 0030), which also refuses a
 * field its input object type lacks (`valueFromAST` ignores those, as
 * validation has refused them before).
 */
export function fits(value: JsonValue, type: TypeExpr, byName: Map<string, Slot>, depth: number, strict = false): boolean {
  if (depth > MAX_DEPTH) return true;
  if (type.kind === 'nonNull') return value !== null && fits(value, type.of, byName, depth, strict);
  if (value === null) return true;
  if (type.kind === 'list') {
    return Array.isArray(value)
      ? value.every((item) => fits(item, type.of, byName, depth + 1, strict))
      : fits(value, type.of, byName, depth + 1, strict);
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
  if (strict && keysOf(value).some((k) => !slot.fields.some((f) => f.name === k))) return false;
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
    if (!fits(given, field.type, byName, depth + 1, strict)) return false;
    coerced++;
    lastNull = given === null;
  }
  // @oneOf: exactly one field, not null.
  if (slot.directives.some((d) => d.name === 'oneOf')) return coerced === 1 && !lastNull;
  return true;
}

