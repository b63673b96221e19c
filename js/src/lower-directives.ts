/**
 * Directives: federation attributes (D11), `x-graphql-type-directives` and
 * `x-graphql-field-directives` (D12), `x-graphql-field-arguments`, the root
 * `x-graphql-directive-definitions`, and definitions inferred for directives
 * that are applied but never declared (so the output stays a valid schema).
 */
import { knownArgumentProblem, readableArgumentProblem, type DirectiveUse } from './directive-args';
import { ErrorCodes } from './errors';
import { NONE, OPERATION_KINDS, type AppliedDirective } from './ir';
import { isObject, keysOf, own, type JsonObject, type JsonValue } from './load';
import { FIELD_SET_DIRECTIVES } from './field-set';
import { fieldDirectiveLocs, fieldSetLocKey, typeDirectiveLocs } from './field-set-locs';
import { childLoc, type Loc } from './loc';
import { checkLiteral, inferredDefinitions, inferUse, type Inference } from './directive-literals';
import type { Lowering } from './lower';
import { descriptionOf } from './schema-shapes';
import { jsonEqual } from './load';
import { isValidName } from './naming';
import { attr, flag } from './normalize';
import type { DraftInputValue, Slot } from './slots';
import { MAX_LIST_NESTING, listDepth, parseTypeExpr, type TypeExpr } from './type-expr';
import { FEDERATION_DIRECTIVES, FEDERATION_SPEC, LATER_FEDERATION_DIRECTIVES, federationPrintNames, versionNeed } from './federation';

export { FEDERATION_DIRECTIVES } from './federation';

/** `@shareable` twice on one type or field: the message of both directions (sdl-validate.ts too). */
export const SHAREABLE_TWICE = 'directive @shareable is not repeatable on one type or field (federation allows it once per declaration)';

interface KnownDirective {
  locations: string[];
  repeatable: boolean;
}

/** Where built-in and federation directives may stand (GraphQL spec 2021-11, federation.ts). */
const KNOWN_DIRECTIVES = new Map<string, KnownDirective>([
  ['deprecated', { locations: ['FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INPUT_FIELD_DEFINITION', 'ENUM_VALUE'], repeatable: false }],
  ['specifiedBy', { locations: ['SCALAR'], repeatable: false }],
  ['oneOf', { locations: ['INPUT_OBJECT'], repeatable: false }],
  ['include', { locations: ['FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'], repeatable: false }],
  ['skip', { locations: ['FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'], repeatable: false }],
  ...FEDERATION_SPEC.map((d): [string, KnownDirective] => [d.name, { locations: [...d.locations], repeatable: d.repeatable }]),
  ['link', { locations: ['SCHEMA'], repeatable: true }],
]);

/** A generic entry of a later federation name, settled once the whole document is read (record 0075). */
interface PendingUse {
  name: string;
  args: Array<[string, JsonValue]>;
  location: string;
  repeated: boolean;
  loc: Loc;
}

/** A federation directive applied, and the minor version it needs (record 0074). */
export interface VersionNeed {
  minor: number;
  what: string;
  loc: Loc;
  /** A generic entry of a later federation name: counts only when the document is federated. */
  pending: boolean;
}

/** `__DirectiveLocation` order, used for inferred definitions. */
export const DIRECTIVE_LOCATIONS = [
  'QUERY', 'MUTATION', 'SUBSCRIPTION', 'FIELD', 'FRAGMENT_DEFINITION', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT',
  'VARIABLE_DEFINITION', 'SCHEMA', 'SCALAR', 'OBJECT', 'FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INTERFACE',
  'UNION', 'ENUM', 'ENUM_VALUE', 'INPUT_OBJECT', 'INPUT_FIELD_DEFINITION',
];

const SLOT_LOCATION: Record<Slot['kind'], string> = {
  object: 'OBJECT',
  interface: 'INTERFACE',
  input: 'INPUT_OBJECT',
  union: 'UNION',
  enum: 'ENUM',
  scalar: 'SCALAR',
};

export interface DraftDirectiveDef {
  name: string;
  description?: string;
  args: DraftInputValue[];
  repeatable: boolean;
  locations: string[];
}

export interface DraftSchemaDef {
  description?: string;
  directives: readonly AppliedDirective[];
  operations: Array<{ op: string; type: string; loc: Loc }>;
}

export class FieldDirectives {
  readonly declared: DraftDirectiveDef[] = [];
  private readonly declaredNames = new Set<string>();
  /** Each declared directive's definition as written, by name (a bundle's later inputs are compared with it). */
  private readonly declaredJson = new Map<string, JsonValue>();
  private readonly inferred = new Map<string, Inference>();
  /** Federation directives applied anywhere. */
  readonly federationUsed = new Set<string>();
  /** Every directive a list attribute applies, for `checkAppliedArguments` (record 0065). */
  readonly uses: DirectiveUse[] = [];
  /** Federation directives that need a version after 2.0, in the order they were met (record 0074). */
  readonly versionNeeds: VersionNeed[] = [];
  /** Generic entries of later federation names (record 0075). */
  private readonly pending: PendingUse[] = [];
  /** The root says `x-graphql-federation-link: false`: a federated document without a link (record 0075). */
  rootLinkOff = false;
  /** The names the schema extension's federation `@link` gives directives, to federation's (record 0075). */
  private linkNames = new Map<string, string>();
  /**
   * By `fieldSetLocKey` of a type or field that has a directive field-set.ts checks:
   * where each of its directives was given, for the errors of that check.
   */
  readonly fieldSetLocs = new Map<string, Loc[]>();

  constructor(private readonly lw: Lowering) {}

  /**
   * Reads the root `x-graphql-directive-definitions` (C7): first every name and
   * location, then the arguments, whose own directives may use any of them.
   */
  declare(root: JsonObject, loc: Loc): void {
    const defs = attr(root, 'x-graphql-directive-definitions');
    if (!isObject(defs)) return;
    // A bundle (record 0090) declares from each input: a directive declared again the
    // same way is one definition; declared differently, two.
    const names = keysOf(defs).filter((name) => {
      const earlier = this.declaredJson.get(name);
      if (earlier === undefined) return true;
      if (jsonEqual(earlier, defs[name])) return false;
      this.lw.fail(ErrorCodes.DUPLICATE_NAME, `directive @${name} is declared twice, differently`, childLoc(loc, 'x-graphql-directive-definitions', name));
    });
    const first = this.declared.length;
    for (const name of names) {
      const at = childLoc(loc, 'x-graphql-directive-definitions', name);
      if (!isValidName(name)) this.lw.fail(ErrorCodes.INVALID_NAME, `"${name}" is not a valid directive name`, at);
      const def = defs[name] as JsonObject;
      this.declaredJson.set(name, def);
      const locations = own(def, 'locations');
      const out: DraftDirectiveDef = {
        name,
        args: [],
        repeatable: own(def, 'repeatable') === true,
        locations: Array.isArray(locations) ? locations.filter((l): l is string => typeof l === 'string') : [],
      };
      const description = descriptionOf(def);
      if (description !== undefined) out.description = description;
      this.declared.push(out);
      this.declaredNames.add(name);
    }
    names.forEach((name, i) => {
      const at = childLoc(loc, 'x-graphql-directive-definitions', name);
      this.declared[first + i].args = this.inputValues(own(defs[name] as JsonObject, 'args'), childLoc(at, 'args'));
    });
  }

  /**
   * The root `x-graphql-schema-extension` or `x-graphql-schema` (record 0028):
   * description, directives (location SCHEMA) and the operation types by name,
   * each with where it was written (assemble checks they are object types).
   * `already`: the directives of the schema extension, which GraphQL counts with
   * the schema definition's as one location (a non-repeatable one in both is twice).
   */
  schemaDef(root: JsonObject, attribute: string, rootLoc: Loc, already: string[] = []): DraftSchemaDef | undefined {
    const value = attr(root, attribute);
    if (!isObject(value)) return undefined;
    const at = childLoc(rootLoc, attribute);
    const out: DraftSchemaDef = {
      directives: this.applied(own(value, 'directives'), childLoc(at, 'directives'), 'SCHEMA', already),
      operations: [],
    };
    const description = own(value, 'description');
    if (typeof description === 'string' && description !== '') out.description = description;
    for (const op of OPERATION_KINDS) {
      const type = own(value, op);
      if (typeof type === 'string') out.operations.push({ op, type, loc: childLoc(at, op) });
    }
    return out;
  }

  /** `x-graphql-enum-values`: the description and directives of each value, by its JSON spelling. */
  enumValueFacts(node: JsonObject, loc: Loc, value: string): { description?: string; directives: readonly AppliedDirective[] } {
    const facts = attr(node, 'x-graphql-enum-values');
    const entry = isObject(facts) ? own(facts, value) : undefined;
    if (!isObject(entry)) return { directives: NONE };
    const at = childLoc(loc, 'x-graphql-enum-values', value);
    const out: { description?: string; directives: readonly AppliedDirective[] } = {
      directives: this.applied(own(entry, 'directives'), childLoc(at, 'directives'), 'ENUM_VALUE'),
    };
    const description = own(entry, 'description');
    if (typeof description === 'string' && description !== '') out.description = description;
    return out;
  }

  /** `x-graphql-default` on an input field (record 0028); elsewhere ATTRIBUTE_SCOPE. */
  fieldDefault(node: JsonObject, loc: Loc, input: boolean): JsonValue | undefined {
    const value = attr(node, 'x-graphql-default');
    if (value === undefined) return undefined;
    const at = childLoc(loc, 'x-graphql-default');
    if (!input) this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, 'x-graphql-default applies to input fields only', at);
    checkLiteral(this.lw, value, at);
    return value;
  }

  /** Directives on a type: `@key`s, `@shareable`, then `x-graphql-type-directives`. */
  forType(slot: Slot): AppliedDirective[] {
    const out: AppliedDirective[] = [];
    const node = slot.node;
    const keys = attr(node, 'x-graphql-federation-keys');
    const location = SLOT_LOCATION[slot.kind];
    const at = (attribute: string) => childLoc(slot.loc, attribute);
    for (const entry of typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : []) {
      if (typeof entry === 'string') out.push(this.federation('key', [['fields', entry]], location, at('x-graphql-federation-keys')));
      else if (isObject(entry) && typeof own(entry, 'fields') === 'string') {
        const args: Array<[string, JsonValue]> = [['fields', entry.fields]];
        if (typeof own(entry, 'resolvable') === 'boolean') args.push(['resolvable', entry.resolvable]);
        out.push(this.federation('key', args, location, at('x-graphql-federation-keys')));
      }
    }
    if (flag(node, 'x-graphql-federation-shareable')) {
      out.push(this.federation('shareable', [], location, at('x-graphql-federation-shareable')));
    }
    if (flag(node, 'x-graphql-federation-interface-object')) {
      out.push(this.later('interfaceObject', [], location, at('x-graphql-federation-interface-object')));
    }
    this.commonAttributes(node, location, slot.loc, out, true);
    const already = out.map((d) => d.name);
    const scalar = attr(node, 'x-graphql-scalar');
    if (slot.kind === 'scalar' && isObject(scalar) && typeof own(scalar, 'specifiedByURL') === 'string') already.push('specifiedBy');
    const list = attr(node, 'x-graphql-type-directives');
    if (Array.isArray(list)) out.push(...this.applied(list, childLoc(slot.loc, 'x-graphql-type-directives'), SLOT_LOCATION[slot.kind], already));
    if (out.some((d) => FIELD_SET_DIRECTIVES.includes(d.name))) this.fieldSetLocs.set(fieldSetLocKey('type', slot.loc), typeDirectiveLocs(node, slot.loc, out.length));
    return out;
  }

  /** Directives on a field: federation ones in a fixed order, then `x-graphql-field-directives`. */
  forField(node: JsonObject, loc: Loc, location: string): readonly AppliedDirective[] {
    // Called for every property, most of which have none of these attributes: no
    // closure, no attribute names built, and a location only for an attribute that
    // is there (with the same in forType: -25 MB of garbage per conversion at N = 5,000).
    const out: AppliedDirective[] = [];
    if (flag(node, 'x-graphql-federation-external')) {
      out.push(this.federation('external', [], location, childLoc(loc, 'x-graphql-federation-external')));
    }
    this.fieldsDirective(node, 'requires', 'x-graphql-federation-requires', location, loc, out);
    this.fieldsDirective(node, 'provides', 'x-graphql-federation-provides', location, loc, out);
    if (flag(node, 'x-graphql-federation-shareable')) {
      out.push(this.federation('shareable', [], location, childLoc(loc, 'x-graphql-federation-shareable')));
    }
    const from = attr(node, 'x-graphql-federation-override-from');
    const label = attr(node, 'x-graphql-federation-override-label');
    if (typeof from === 'string') {
      const args: Array<[string, JsonValue]> = [['from', from]];
      if (typeof label === 'string') args.push(['label', label]);
      out.push(this.federation('override', args, location, childLoc(loc, typeof label === 'string' ? 'x-graphql-federation-override-label' : 'x-graphql-federation-override-from')));
    } else if (typeof label === 'string') {
      this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, 'x-graphql-federation-override-label needs x-graphql-federation-override-from', childLoc(loc, 'x-graphql-federation-override-label'));
    }
    if (hasAnyAttribute(node, FEDERATION_FIELD_ATTRIBUTES)) this.commonAttributes(node, location, loc, out, false);
    const list = attr(node, 'x-graphql-field-directives');
    if (Array.isArray(list)) out.push(...this.applied(list, childLoc(loc, 'x-graphql-field-directives'), location, out.map((d) => d.name)));
    if (out.length === 0) return NONE;
    if (out.some((d) => FIELD_SET_DIRECTIVES.includes(d.name))) this.fieldSetLocs.set(fieldSetLocKey('field', loc), fieldDirectiveLocs(node, loc, out.length));
    return out;
  }

  /**
   * The attributes of the later federation directives (record 0075) that a type
   * and a field share, in this order: `@inaccessible`, `@tag`s, `@authenticated`,
   * `@requiresScopes`, `@policy`, then on a type `@context`s, then `@cost`, and on
   * a field `@listSize`.
   */
  private commonAttributes(node: JsonObject, location: string, loc: Loc, out: AppliedDirective[], type: boolean): void {
    if (flag(node, 'x-graphql-federation-inaccessible')) {
      out.push(this.later('inaccessible', [], location, childLoc(loc, 'x-graphql-federation-inaccessible')));
    }
    const tags = attr(node, 'x-graphql-federation-tags');
    if (Array.isArray(tags)) {
      tags.forEach((tag, i) => {
        if (typeof tag === 'string') out.push(this.later('tag', [['name', tag]], location, childLoc(loc, 'x-graphql-federation-tags', i)));
      });
    }
    if (flag(node, 'x-graphql-federation-authenticated')) {
      out.push(this.later('authenticated', [], location, childLoc(loc, 'x-graphql-federation-authenticated')));
    }
    const scopes = attr(node, 'x-graphql-federation-requires-scopes');
    if (Array.isArray(scopes)) out.push(this.later('requiresScopes', [['scopes', scopes]], location, childLoc(loc, 'x-graphql-federation-requires-scopes')));
    const policies = attr(node, 'x-graphql-federation-policy');
    if (Array.isArray(policies)) out.push(this.later('policy', [['policies', policies]], location, childLoc(loc, 'x-graphql-federation-policy')));
    const contexts = attr(node, 'x-graphql-federation-context');
    if (type && Array.isArray(contexts)) {
      contexts.forEach((name, i) => {
        if (typeof name === 'string') out.push(this.later('context', [['name', name]], location, childLoc(loc, 'x-graphql-federation-context', i)));
      });
    }
    const cost = attr(node, 'x-graphql-federation-cost');
    if (typeof cost === 'number') out.push(this.later('cost', [['weight', cost]], location, childLoc(loc, 'x-graphql-federation-cost')));
    const listSize = attr(node, 'x-graphql-federation-list-size');
    if (!type && isObject(listSize)) {
      const args: Array<[string, JsonValue]> = [];
      for (const key of LIST_SIZE_ARGS) {
        const value = own(listSize, key);
        if (value !== undefined) args.push([key, value]);
      }
      out.push(this.later('listSize', args, location, childLoc(loc, 'x-graphql-federation-list-size')));
    }
  }

  /**
   * Record 0075: a directive list names federation's directives by federation's
   * names; the names the schema extension's `@link` gives them (`pk` for an import
   * `{name: "@key", as: "@pk"}`, `federation__shareable`) are refused in the lists,
   * since the printer gives every federation directive the link's name.
   */
  useLinkNames(directives: readonly AppliedDirective[]): void {
    for (const [name, printed] of federationPrintNames(directives) ?? []) this.linkNames.set(printed, name);
  }

  /**
   * Record 0075: once every directive is read, a generic entry of a later
   * federation name (`{"name": "authenticated"}`) in a federated document (one
   * that applies any federation directive, whose schema extension links
   * federation, or whose root says `x-graphql-federation-link: false`, as the
   * reverse direction writes for a document that applies federation directives
   * without a link) is federation's directive: checked against its definition and
   * imported, not inferred. In any other document it stays the document's own.
   */
  settleFederation(extensionLinksFederation: boolean): void {
    if (this.federationUsed.size === 0 && !extensionLinksFederation && !this.rootLinkOff) return;
    for (const p of this.pending) {
      this.checkPlacement(p.name, p.location, p.repeated, p.loc);
      const argProblem = knownArgumentProblem(p.name, p.args.map(([n]) => n));
      if (argProblem !== undefined) this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, argProblem, p.loc);
      this.inferred.delete(p.name);
      this.federationUsed.add(p.name);
    }
    for (const need of this.versionNeeds) need.pending = false;
  }

  /**
   * `@requires` / `@provides` from their attribute: a string, or a list of
   * strings joined. An empty list applies nothing, as `keys: []` does:
   * `fields: ""` is not a field set.
   */
  private fieldsDirective(node: JsonObject, name: string, attribute: string, location: string, loc: Loc, out: AppliedDirective[]): void {
    const value = attr(node, attribute);
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
    const fields = Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(' ') : value;
    if (typeof fields === 'string') out.push(this.federation(name, [['fields', fields]], location, childLoc(loc, attribute)));
  }

  /** `x-graphql-field-arguments`; an input field cannot have arguments (D10). */
  fieldArguments(node: JsonObject, loc: Loc, input: boolean): readonly DraftInputValue[] {
    const value = attr(node, 'x-graphql-field-arguments');
    if (value === undefined) return NONE;
    const at = childLoc(loc, 'x-graphql-field-arguments');
    if (input) this.lw.fail(ErrorCodes.INPUT_FIELD, 'an input field cannot have arguments', at);
    return this.inputValues(value, at, true);
  }

  /** Arguments; a field's (`field`) may say `fromContext` (record 0084). */
  private inputValues(value: JsonValue | undefined, loc: Loc, field = false): DraftInputValue[] {
    if (!isObject(value)) return [];
    const out: DraftInputValue[] = [];
    for (const name of keysOf(value)) {
      const at = childLoc(loc, name);
      if (!isValidName(name)) this.lw.fail(ErrorCodes.INVALID_NAME, `"${name}" is not a valid argument name`, at);
      const spec: JsonObject = isObject(value[name]) ? (value[name] as JsonObject) : {};
      // Attributes outside the walked schema keywords were never checked by the catalog.
      const typeText = own(spec, 'type');
      const type = typeof typeText === 'string' ? parseTypeExpr(typeText) : undefined;
      if (!type) this.lw.fail(ErrorCodes.FIELD_TYPE_SYNTAX, `"${typeText}" is not a GraphQL type expression`, childLoc(at, 'type'));
      if (listDepth(type) > MAX_LIST_NESTING) this.lw.fail(ErrorCodes.TOO_DEEP, `a type nests lists more than ${MAX_LIST_NESTING} levels deep`, childLoc(at, 'type'));
      const arg: DraftInputValue = { name, type, directives: [] };
      const description = own(spec, 'description');
      // Record 0084: `fromContext` is federation's `@fromContext(field:)`, printed before the list.
      const fromContext = field ? own(spec, 'fromContext') : undefined;
      if (typeof fromContext === 'string') {
        const d = this.later('fromContext', [['field', fromContext]], 'ARGUMENT_DEFINITION', childLoc(at, 'fromContext'));
        arg.directives = [d, ...this.applied(own(spec, 'directives'), childLoc(at, 'directives'), 'ARGUMENT_DEFINITION', ['fromContext'])];
        arg.fromContextAt = childLoc(at, 'fromContext');
      } else {
        arg.directives = this.applied(own(spec, 'directives'), childLoc(at, 'directives'), 'ARGUMENT_DEFINITION');
        const list = own(spec, 'directives');
        const i = Array.isArray(list) ? list.findIndex((e) => isObject(e) && own(e, 'name') === 'fromContext') : -1;
        if (i >= 0) arg.fromContextAt = childLoc(at, 'directives', i);
      }
      if (typeof description === 'string' && description !== '') arg.description = description;
      const dflt = own(spec, 'default');
      if (dflt !== undefined) {
        arg.defaultAt = childLoc(at, 'default');
        checkLiteral(this.lw, dflt, arg.defaultAt);
        arg.defaultValue = dflt;
      }
      const deprecatedAt = this.requiredDeprecation(arg.type, arg.defaultValue, own(spec, 'directives'), childLoc(at, 'directives'), 'argument');
      if (deprecatedAt !== undefined) arg.deprecatedAt = deprecatedAt;
      out.push(arg);
    }
    return out;
  }

  /**
   * Record 0030: GraphQL forbids `@deprecated` on a required argument or input
   * field (non-null, no default), so it is ATTRIBUTE_SCOPE at the directive.
   * Returns where a non-null one's `@deprecated` stands: with a default that
   * does not fit the type it is required too (default-values.ts checks that
   * once the types have their names).
   */
  requiredDeprecation(type: TypeExpr, dflt: JsonValue | undefined, list: JsonValue | undefined, loc: Loc, what: string): Loc | undefined {
    if (type.kind !== 'nonNull' || !Array.isArray(list)) return undefined;
    const i = list.findIndex((entry) => isObject(entry) && own(entry, 'name') === 'deprecated');
    if (i < 0) return undefined;
    if (dflt === undefined) this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `directive @deprecated cannot be applied to a required ${what} (non-null without a default)`, childLoc(loc, i));
    return childLoc(loc, i);
  }

  /**
   * A directive of one of record 0075's attributes: federation's, so a document that
   * declares a directive of that name itself cannot use the attribute (its
   * definition would stand beside federation's import).
   */
  private later(name: string, args: Array<[string, JsonValue]>, location: string, loc: Loc): AppliedDirective {
    if (this.declaredNames.has(name)) {
      this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `the attribute applies federation's @${name}, and x-graphql-directive-definitions declares a @${name} of its own`, loc);
    }
    return this.federation(name, args, location, loc);
  }

  /** A federation directive a root attribute applies (schema-links.ts: `@composeDirective`). */
  federationDirective(name: string, args: Array<[string, JsonValue]>, location: string, loc: Loc): AppliedDirective {
    return this.later(name, args, location, loc);
  }

  private federation(name: string, args: Array<[string, JsonValue]>, location: string, loc: Loc): AppliedDirective {
    this.checkPlacement(name, location, false, loc);
    this.federationUsed.add(name);
    this.needVersion(name, args, loc, false);
    return { name, args };
  }

  private needVersion(name: string, args: ReadonlyArray<[string, JsonValue]>, loc: Loc, pending: boolean): void {
    const need = versionNeed(name, args.map(([n]) => n));
    if (need.minor > 0) this.versionNeeds.push({ minor: need.minor, what: need.what, loc, pending });
  }

  /** A directive GraphQL would reject at this location (or twice here) is an error, not invalid output. */
  private checkPlacement(name: string, location: string, repeated: boolean, loc: Loc): void {
    const declared = this.declared.find((d) => d.name === name);
    const known = declared ? { locations: declared.locations, repeatable: declared.repeatable } : KNOWN_DIRECTIVES.get(name);
    if (!known) return;
    if (!known.locations.includes(location)) {
      this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `directive @${name} cannot be applied to ${location}`, loc);
    }
    if (repeated && !known.repeatable) {
      this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `directive @${name} is not repeatable`, loc);
    }
    // Federation v2.3 declares @shareable repeatable only so that a type definition and
    // its extensions may each carry it; @apollo/subgraph refuses it twice on one
    // declaration, and we print one declaration per type or field.
    if (repeated && name === 'shareable') this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, SHAREABLE_TWICE, loc);
  }

  /**
   * `[{name, args}]` -> applied directives. `already` names the directives an
   * attribute put on the same element, so a non-repeatable one given again here
   * is ATTRIBUTE_SCOPE too.
   */
  private applied(list: JsonValue | undefined, loc: Loc, location: string, already: Iterable<string> = []): readonly AppliedDirective[] {
    if (!Array.isArray(list)) return NONE;
    const out: AppliedDirective[] = [];
    const seenHere = new Set<string>(already);
    list.forEach((entry, i) => {
      if (!isObject(entry)) return;
      const at = childLoc(loc, i);
      const name = own(entry, 'name');
      if (typeof name !== 'string' || !isValidName(name)) this.lw.fail(ErrorCodes.INVALID_NAME, `"${name}" is not a valid directive name`, childLoc(at, 'name'));
      const federationName = this.linkNames.get(name);
      if (federationName !== undefined && !this.declaredNames.has(name)) {
        this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `write @${federationName}: the output names it @${name}, as the @link of x-graphql-schema-extension does`, at);
      }
      const argsValue = own(entry, 'args');
      const args: Array<[string, JsonValue]> = [];
      if (isObject(argsValue)) {
        for (const argName of keysOf(argsValue)) {
          const argAt = childLoc(at, 'args', argName);
          if (!isValidName(argName)) this.lw.fail(ErrorCodes.INVALID_NAME, `"${argName}" is not a valid argument name`, argAt);
          checkLiteral(this.lw, argsValue[argName], argAt);
          args.push([argName, argsValue[argName]]);
        }
      }
      const later = LATER_FEDERATION_DIRECTIVES.has(name) && !this.declaredNames.has(name);
      if (later) {
        // Federation's or the document's own: known once the whole document is read.
        this.pending.push({ name, args, location, repeated: seenHere.has(name), loc: at });
        this.needVersion(name, args, at, true);
      } else {
        this.checkPlacement(name, location, seenHere.has(name), at);
        const argProblem = this.declaredNames.has(name) ? undefined : knownArgumentProblem(name, args.map(([n]) => n));
        if (argProblem !== undefined) this.lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, argProblem, at);
      }
      for (const [argName, value] of args) {
        const valueProblem = readableArgumentProblem(name, argName, value);
        if (valueProblem !== undefined) this.lw.fail(ErrorCodes.ATTRIBUTE_TYPE, valueProblem, childLoc(at, 'args', argName));
      }
      this.record(name, args, location, seenHere.has(name), at);
      this.uses.push({ name, args, loc: at });
      seenHere.add(name);
      out.push({ name, args });
    });
    return out;
  }

  private record(name: string, args: Array<[string, JsonValue]>, location: string, repeated: boolean, loc: Loc): void {
    if (FEDERATION_DIRECTIVES.includes(name)) {
      this.federationUsed.add(name);
      if (!this.declaredNames.has(name)) this.needVersion(name, args, loc, false);
      return;
    }
    if ((KNOWN_DIRECTIVES.has(name) && !LATER_FEDERATION_DIRECTIVES.has(name)) || this.declaredNames.has(name)) return;
    inferUse(this.lw, this.inferred, name, args, location, repeated, loc);
  }

  /** Declared definitions, then inferred ones (with a warning each), in first-use order. */
  definitions(): DraftDirectiveDef[] {
    const out = [...this.declared];
    inferredDefinitions(this.lw, this.inferred, out);
    return out;
  }
}

/** The field attributes of `commonAttributes`: most fields have none, and skip it. */
const FEDERATION_FIELD_ATTRIBUTES = [
  'x-graphql-federation-inaccessible', 'x-graphql-federation-tags', 'x-graphql-federation-authenticated',
  'x-graphql-federation-requires-scopes', 'x-graphql-federation-policy', 'x-graphql-federation-cost',
  'x-graphql-federation-list-size',
];

/** The arguments of `@listSize`, in the order they print. */
const LIST_SIZE_ARGS = ['assumedSize', 'slicingArguments', 'sizedFields', 'requireOneSlicingArgument'];

/** Whether the node has one of the attributes (a loop: no closure per property). */
function hasAnyAttribute(node: JsonObject, names: readonly string[]): boolean {
  for (const name of names) if (attr(node, name) !== undefined) return true;
  return false;
}
