/**
 * directive-args: the arguments of applied directives, checked against the
 * definitions they are applied under (records 0031, 0065), so that an applied
 * directive with an argument its definition lacks, without a required one,
 * or with a value that does not coerce to the argument's type is an error and
 * not invalid SDL.
 *
 * The built-in and federation definitions are those of the GraphQL spec and of
 * federation.ts (every version's arguments; a later one than the linked version
 * is FEDERATION_VERSION, record 0074); their argument names are checked
 * while lowering (`knownArgumentProblem`). Every applied directive, built-in,
 * declared (`x-graphql-directive-definitions`) or inferred, is then checked once
 * the types have their names (`checkAppliedArguments`, from assemble), with
 * graphql-js's input coercion (`fits`, default-values.ts).
 */
import { fits } from './default-values';
import { FEDERATION_SPEC, FEDERATION_STRING_SCALARS } from './federation';
import { ErrorCodes } from './errors';
import type { JsonValue } from './load';
import { pointerJoin } from './load';
import type { Loc } from './loc';
import type { Lowering } from './lower';
import type { DraftDirectiveDef } from './lower-directives';
import type { Slot } from './slots';
import { parseTypeExpr, renderType, type TypeExpr } from './type-expr';

/**
 * name -> its arguments as [name, type]. `link__Import` and `link__Purpose` are
 * not defined in the document: like any custom scalar, they take every literal.
 * `federation__FieldSet` is one too, but federation reads it as a string
 * (buildSubgraphSchema: "must be a string"), so it is checked as `String`.
 */
const KNOWN_ARGS = new Map<string, Array<[string, string]>>([
  ['deprecated', [['reason', 'String']]],
  ['specifiedBy', [['url', 'String!']]],
  ['oneOf', []],
  ['include', [['if', 'Boolean!']]],
  ['skip', [['if', 'Boolean!']]],
  // Every argument of every version: one that came later than the linked version is
  // FEDERATION_VERSION, checked in assemble (record 0074). A default (`= true`) is dropped.
  ...FEDERATION_SPEC.map((d): [string, Array<[string, string]>] => [d.name, d.args.map(([n, t]) => [n, t.replace(/ = .*$/, '')])]),
  ['link', [['url', 'String!'], ['as', 'String'], ['import', '[link__Import]'], ['for', 'link__Purpose']]],
]);

/** One argument of a directive definition, as the checks read it. */
interface Param {
  name: string;
  type: TypeExpr;
  /** Non-null without a default (graphql-js `isRequiredArgument`). */
  required: boolean;
  /** The type as the definition writes it, when `type` is checked as another (`federation__FieldSet`). */
  shown?: string;
}

/** A directive applied by a list attribute, recorded while lowering for `checkAppliedArguments`. */
export interface DirectiveUse {
  name: string;
  args: ReadonlyArray<[string, JsonValue]>;
  /** The list entry. */
  loc: Loc;
}


/** KNOWN_ARGS as the checks read them, parsed once. */
const KNOWN_PARAMS = new Map<string, Param[]>(
  [...KNOWN_ARGS].map(([name, args]) => [
    name,
    args.map(([arg, text]) => {
      const scalar = FEDERATION_STRING_SCALARS.find((s) => text.includes(s));
      const type = parseTypeExpr(scalar === undefined ? text : text.replace(scalar, 'String')) as TypeExpr;
      const param: Param = { name: arg, type, required: type.kind === 'nonNull' };
      if (scalar !== undefined) param.shown = text;
      return param;
    }),
  ]),
);

/** The problem with the argument names of an applied directive against its definition's, if any. */
function argumentProblem(name: string, params: readonly Param[], argNames: readonly string[]): string | undefined {
  for (const arg of argNames) {
    if (!params.some((p) => p.name === arg)) return `directive @${name} has no argument ${arg}`;
  }
  for (const p of params) {
    if (p.required && !argNames.includes(p.name)) return `directive @${name} needs the argument ${p.name}`;
  }
  return undefined;
}

/** The problem with the argument names of an applied built-in or federation directive, if any. */
export function knownArgumentProblem(name: string, argNames: string[]): string | undefined {
  const params = KNOWN_PARAMS.get(name);
  if (params === undefined) return undefined;
  return argumentProblem(name, params, argNames);
}

/**
 * Record 0065: every applied directive against its definition: the one the
 * document declares or x-graphql inferred (`defs`, with the document's input
 * types and enums in `byName`), else the built-in or federation one. An
 * unknown or missing argument is ATTRIBUTE_SCOPE at the list entry (as in
 * record 0031), a value that does not coerce ATTRIBUTE_TYPE at the argument.
 */
export function checkAppliedArguments(lw: Lowering, uses: readonly DirectiveUse[], defs: readonly DraftDirectiveDef[], byName: Map<string, Slot>): void {
  const byDirective = new Map<string, Param[]>();
  for (const d of defs) {
    byDirective.set(d.name, d.args.map((a) => ({ name: a.name, type: a.type, required: a.type.kind === 'nonNull' && a.defaultValue === undefined })));
  }
  const builtIn = new Map<string, Slot>();
  for (const use of uses) {
    const declared = byDirective.get(use.name);
    const params = declared ?? KNOWN_PARAMS.get(use.name);
    if (params === undefined) continue;
    const problem = argumentProblem(use.name, params, use.args.map(([n]) => n));
    if (problem !== undefined) lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, problem, use.loc);
    for (const [arg, value] of use.args) {
      const param = params.find((p) => p.name === arg)!;
      if (!fits(value, param.type, declared ? byName : builtIn, 0, true)) {
        const at = { source: use.loc.source, pointer: pointerJoin(use.loc.pointer, 'args', arg) };
        const shown = param.shown ?? renderType(param.type);
        lw.fail(ErrorCodes.ATTRIBUTE_TYPE, `the value of argument ${arg} of @${use.name} does not fit its type ${shown}`, at);
      }
    }
  }
}

/**
 * graphql-js reads the reason of `@deprecated` and the url of `@specifiedBy`
 * while it builds a schema, with its own definitions of the two directives,
 * and throws on a value it cannot coerce (record 0028): the SDL would not be
 * valid. So whatever the document declares, a reason is a string or null and
 * a url a string. The problem with one argument's value, if any.
 */
export function readableArgumentProblem(name: string, arg: string, value: unknown): string | undefined {
  if (name === 'deprecated' && arg === 'reason' && value !== null && typeof value !== 'string') return 'the reason of @deprecated must be a string or null';
  if (name === 'specifiedBy' && arg === 'url' && typeof value !== 'string') return 'the url of @specifiedBy must be a string';
  return undefined;
}
