/**
 * directive-literals: the literal values that applied directives and defaults
 * carry. Each is checked (`checkLiteral`: object keys are GraphQL names, enum
 * literals valid enum values, nesting within MAX_LIST_NESTING, record 0032), and
 * the values of a directive applied but never declared give it a definition
 * (record 0065: `inferUse` for each use, `inferredDefinitions` at the end), so
 * the output stays a valid schema. rust/src/directive_literals.rs is the same.
 */
import { ErrorCodes } from './errors';
import { isObject, keysOf, type JsonValue } from './load';
import { childLoc, type Loc } from './loc';
import type { Lowering } from './lower';
import { DIRECTIVE_LOCATIONS, type DraftDirectiveDef } from './lower-directives';
import { NAME_RE } from './naming';
import { ENUM_LITERAL_KEY } from './print';
import type { DraftInputValue } from './slots';
import { formatNumber } from './text';
import { JSON_SCALAR, MAX_LIST_NESTING, parseTypeExpr, type TypeExpr } from './type-expr';

/** What the uses of one undeclared directive say about its definition. */
export interface Inference {
  name: string;
  /** The first use, where the warning points. */
  loc: Loc;
  /** Argument name -> what its values say about its type, in first-seen order. */
  args: Map<string, InferredType>;
  locations: Set<string>;
  repeatable: boolean;
}

/**
 * Adds one use of the undeclared directive `name` to `inferred`: where it stands,
 * whether it is repeated, and what each argument's value says about its type.
 */
export function inferUse(
  lw: Lowering,
  inferred: Map<string, Inference>,
  name: string,
  args: Array<[string, JsonValue]>,
  location: string,
  repeated: boolean,
  loc: Loc,
): void {
  let inf = inferred.get(name);
  if (!inf) {
    inf = { name, loc, args: new Map(), locations: new Set(), repeatable: false };
    inferred.set(name, inf);
  }
  inf.locations.add(location);
  if (repeated) inf.repeatable = true;
  for (const [argName, value] of args) {
    let t = inf.args.get(argName);
    if (t === undefined) {
      t = { depth: 0 };
      inf.args.set(argName, t);
    }
    const conflict = inferFrom(value, t, childLoc(loc, 'args', argName));
    if (conflict !== undefined) {
      lw.fail(
        ErrorCodes.ATTRIBUTE_TYPE,
        `the values of argument ${argName} of @${name} have different types (${conflict.kinds}); declare @${name} in x-graphql-directive-definitions`,
        conflict.at,
      );
    }
  }
}

/** The inferred definitions (with a warning each), in first-use order, after `out`'s. */
export function inferredDefinitions(lw: Lowering, inferred: Map<string, Inference>, out: DraftDirectiveDef[]): void {
  for (const inf of inferred.values()) {
    lw.warn(ErrorCodes.DIRECTIVE_INFERRED, `directive @${inf.name} is not declared; its definition was inferred from its uses`, inf.loc);
    const args: DraftInputValue[] = [];
    for (const [argName, inferredType] of inf.args) {
      const type = parseTypeExpr(inferredTypeText(inferredType)) as TypeExpr;
      args.push({ name: argName, type, directives: [] });
    }
    out.push({
      name: inf.name,
      args,
      repeatable: inf.repeatable,
      locations: DIRECTIVE_LOCATIONS.filter((l) => inf.locations.has(l)),
    });
  }
}

/**
 * What the values of one argument of an inferred directive say about its type
 * (record 0065): the deepest list nesting among them and the named type of
 * their items. `base` is unset while only `null`s and empty lists were seen.
 */
interface InferredType {
  depth: number;
  base?: string;
}

/** Values of one argument whose named types no GraphQL type takes both of: the kinds, and where the second stands. */
interface InferenceConflict {
  kinds: string;
  at: Loc;
}

/**
 * Adds one value (at `loc`) to an argument's inferred type, so that the type
 * fits every value of every use under GraphQL input coercion: a number that
 * prints as an integer within 32-bit range is an Int, any other a Float, and
 * Int with Float is Float; a list nests the type of all its items, and since
 * a single value coerces to a list of it, the deepest value decides the
 * nesting; an object (an input object or enum literal) is JSON. Named types
 * that disagree otherwise (String with Int, JSON with String) are a conflict
 * (issue #34: the author declares the directive): the first value, in
 * document order, that disagrees with those before it is returned. Iterative:
 * a value nests up to MAX_LIST_NESTING levels.
 */
function inferFrom(value: JsonValue, into: InferredType, loc: Loc): InferenceConflict | undefined {
  const stack: Array<[JsonValue, number, Loc]> = [[value, 0, loc]];
  while (stack.length > 0) {
    const [v, depth, at] = stack.pop()!;
    if (Array.isArray(v)) {
      into.depth = Math.max(into.depth, depth + 1);
      // Pushed last to first, so that the items are met in document order.
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], depth + 1, childLoc(at, i)]);
      continue;
    }
    into.depth = Math.max(into.depth, depth);
    if (v === null) continue;
    const base = literalBase(v);
    if (into.base === undefined || into.base === base) into.base = base;
    else if (isNumberType(into.base) && isNumberType(base)) into.base = 'Float';
    else return { kinds: `${KIND_NAMES[into.base]}, then ${KIND_NAMES[base]}`, at };
  }
  return undefined;
}

function isNumberType(base: string): boolean {
  return base === 'Int' || base === 'Float';
}

/** How a conflict names the kind of value behind an inferred named type. */
const KIND_NAMES: Record<string, string> = {
  String: 'a string',
  Boolean: 'a boolean',
  Int: 'a number',
  Float: 'a number',
  [JSON_SCALAR]: 'an object',
};

/** The named type of a literal that is not a list or null, by how it prints: `1` is an Int, `1.5` and `1e+21` are Floats. */
function literalBase(value: JsonValue): string {
  if (typeof value === 'string') return 'String';
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number') {
    const text = formatNumber(value);
    return /^-?[0-9]+$/.test(text) && value >= -2147483648 && value <= 2147483647 ? 'Int' : 'Float';
  }
  return JSON_SCALAR;
}

/** `[[Float]]` for depth 2 and base Float; JSON when no value named a type. */
function inferredTypeText(t: InferredType): string {
  return `${'['.repeat(t.depth)}${t.base ?? JSON_SCALAR}${']'.repeat(t.depth)}`;
}

/**
 * Object keys inside a literal must be GraphQL names to print as an object
 * value; `{"x-graphql-enum": "V"}` is the enum value V, which must be a name
 * other than true, false and null.
 */
export function checkLiteral(lw: Lowering, value: JsonValue, loc: Loc): void {
  // The depth counts lists and objects (not enum literals) as GraphQL nests them (record 0032).
  const stack: Array<[JsonValue, Loc, number]> = [[value, loc, 0]];
  const tooDeep = (at: Loc): never =>
    lw.fail(ErrorCodes.TOO_DEEP, `a value nests lists or objects more than ${MAX_LIST_NESTING} levels deep`, at);
  while (stack.length > 0) {
    const [v, at, depth] = stack.pop()!;
    if (Array.isArray(v)) {
      if (depth >= MAX_LIST_NESTING) tooDeep(at);
      v.forEach((item, i) => stack.push([item, childLoc(at, i), depth + 1]));
    } else if (isObject(v)) {
      const keys = keysOf(v);
      if (keys.length === 1 && keys[0] === ENUM_LITERAL_KEY) {
        const name = v[ENUM_LITERAL_KEY];
        if (typeof name !== 'string' || !NAME_RE.test(name) || name === 'true' || name === 'false' || name === 'null') {
          const what = typeof name === 'string' ? `"${name}" is not a valid GraphQL enum value` : 'x-graphql-enum must hold a GraphQL name';
          lw.fail(ErrorCodes.INVALID_NAME, what, childLoc(at, ENUM_LITERAL_KEY));
        }
        continue;
      }
      if (depth >= MAX_LIST_NESTING) tooDeep(at);
      for (const k of keys) {
        if (!NAME_RE.test(k)) lw.fail(ErrorCodes.INVALID_NAME, `"${k}" is not a valid GraphQL name for an object field`, childLoc(at, k));
        stack.push([v[k], childLoc(at, k), depth + 1]);
      }
    }
  }
}
