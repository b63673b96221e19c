/**
 * field-set: the federation field sets of `@key`, `@requires` and `@provides`
 * (record 0073), parsed and checked against the types once their names are
 * final (assemble), so the SDL we print for a federated document builds with
 * `@apollo/subgraph`'s `buildSubgraphSchema`. The first problem is the error:
 *
 * 1. each field set parses: names, nested `{ }` selections, commas and white
 *    space (aliases, arguments, fragments and directives are not supported);
 * 2. it names fields the type has (`@key`: the type; `@requires`: the type of
 *    the field; `@provides`: the type the field returns), a leaf field with no
 *    selection, an object, interface or union field with one;
 * 3. `@key` selects no field with arguments, and no interface or union field;
 *    `@provides` no field with arguments; a leaf that `@requires` or `@provides`
 *    names is `@external` (or inside an `@external` field);
 * 4. placement: no `@requires`, `@provides`, `@external` or `@shareable` on
 *    an interface field; `@provides` only on a field of composite type that is not
 *    `@external`;
 * 5. a key of an interface is a key of every object type implementing it;
 * 6. every `@external` field is used: named by a field set, or a field of an
 *    interface its type implements.
 *
 * Every problem is FIELD_SET at the attribute entry that gave the directive
 * (`x-graphql-federation-keys/0`, `x-graphql-federation-requires`, or the entry
 * of `x-graphql-type-directives` / `x-graphql-field-directives`), placement
 * too: these are federation's rules (a directive at a location GraphQL itself
 * forbids stays lower-directives' ATTRIBUTE_SCOPE). A field set is a flat list
 * in preorder with depths, so no walk over it recurses.
 * rust/src/field_set.rs is the same.
 */
import { ConversionError, ErrorCodes } from './errors';
import type { AppliedDirective } from './ir';
import type { Loc } from './loc';
import { where, type Lowering } from './lower';
import { checkContexts } from './from-context';
import type { DraftField, Slot } from './slots';
import { baseOf, renderType, type TypeExpr } from './type-expr';
import { fieldSetLocKey } from './field-set-locs';
import { hasSelection, parseFieldSet, type Selection } from './field-set-parse';

/** The end of rule 6's message, after `Type.field`. */
const UNUSED_EXTERNAL = ' is @external but has no use: no @key, @requires or @provides names it and no interface has it';

/**
 * The field of rule 6's problem (an `@external` field nothing uses), read off its
 * message; undefined for any other problem. The net of `validate` (record 0089)
 * asks it: whether such a field is used depends only on the field sets that name it.
 */
export function unusedExternalField(code: string, message: string): string | undefined {
  if (code !== ErrorCodes.FIELD_SET || !message.endsWith(UNUSED_EXTERNAL)) return undefined;
  const head = message.slice(0, message.length - UNUSED_EXTERNAL.length);
  const dot = head.lastIndexOf('.');
  return dot < 0 ? undefined : head.slice(dot + 1);
}

/** The directives this module checks: where one is applied, lowering keeps where each directive of the element was given. */
export const FIELD_SET_DIRECTIVES = [
  'key', 'requires', 'provides', 'external', 'shareable',
  // record 0075: federation's other rules (`laterRules`)
  'interfaceObject', 'authenticated', 'requiresScopes', 'policy', 'cost', 'listSize',
  // record 0084: from-context.ts
  'context', 'fromContext',
];

/** Federation refuses these on interfaces, their fields and interface objects (`validateNoAuthenticationOnInterfaces`). */
const AUTHORIZATION = ['authenticated', 'requiresScopes', 'policy'];

/**
 * Record 0084: the problems after the first of the two rules only the converter
 * checks (interface keys, unused `@external`), while `validate` collects them
 * (`collectingRuleProblems`); undefined otherwise, and a conversion stops at the
 * first as before. Module state: a conversion is synchronous and runs on one thread.
 */
let collected: ConversionError[] | undefined;

/** Runs `convert` with the rule problems past the first collected, and returns them. */
export function collectingRuleProblems(convert: () => void): ConversionError[] {
  const before = collected;
  collected = [];
  try {
    convert();
    return collected;
  } finally {
    collected = before;
  }
}

/** A field met in a field set: the type that has it, the field, what it returns. */
interface Step {
  owner: Slot;
  field: DraftField;
  /** The slot of the field's named type (undefined for a scalar not defined here). */
  target: Slot | undefined;
  selected: boolean;
}

type Use = 'key' | 'requires' | 'provides';

/**
 * The checks of the module comment over the assembled slots (`order`: every
 * slot, names final, interfaces completed). Does nothing when no field-set
 * directive is used.
 */
export function checkFieldSets(lw: Lowering, order: readonly Slot[], byName: Map<string, Slot>): void {
  if (!FIELD_SET_DIRECTIVES.some((d) => lw.directives.federationUsed.has(d))) return;
  new FieldSetCheck(lw, order, byName).run();
}

class FieldSetCheck {
  /** Object types by the interfaces they implement (directly or not). */
  private readonly implementations = new Map<Slot, Slot[]>();
  /** `Type.field` of every field a field set names (and its interface implementations). */
  private readonly used = new Set<string>();
  /** `@external` key fields of `@extends` types, which federation counts as not external. */
  private readonly fake = new Set<string>();
  /** The directives of FIELD_SET_DIRECTIVES the document declares itself: its own, not federation's. */
  private readonly declared: Set<string>;
  /** Problems of rules 5 and 6, in order, while validate collects them (`report`). */
  private readonly problems: ConversionError[] = [];

  constructor(
    private readonly lw: Lowering,
    private readonly order: readonly Slot[],
    private readonly byName: Map<string, Slot>,
  ) {
    this.declared = new Set(lw.directives.declared.map((d) => d.name).filter((n) => FIELD_SET_DIRECTIVES.includes(n)));
    for (const slot of order) {
      if (slot.kind !== 'object') continue;
      for (const iface of slot.interfaces) {
        const list = this.implementations.get(iface);
        if (list) list.push(slot);
        else this.implementations.set(iface, [slot]);
      }
    }
  }

  run(): void {
    this.collectFakeExternals();
    for (const slot of this.order) {
      if (slot.kind !== 'object' && slot.kind !== 'interface') continue;
      if (slot.directives.length > 0) {
        const typeLocs = this.locs('type', slot.loc, slot.directives.length);
        slot.directives.forEach((d, i) => {
          if (d.name === 'key' && this.isFederation('key')) this.fieldSet('key', d, slot, undefined, typeLocs[i]);
          this.typeRules(slot, d, typeLocs[i]);
        });
      }
      // Plain loops: no closure per field (this runs over every field of the document).
      for (const field of slot.fields) {
        const list = field.directives;
        let any = false;
        for (let i = 0; i < list.length && !any; i++) any = FIELD_SET_DIRECTIVES.includes(list[i].name);
        if (!any) continue;
        const locs = this.locs('field', field.loc, list.length);
        for (let i = 0; i < list.length; i++) this.fieldDirective(slot, field, list[i], locs[i]);
      }
    }
    checkContexts({
      lw: this.lw,
      order: this.order,
      slotOf: (field) => this.slotOf(field),
      use: (type, name) => this.use(type, name),
      isFederation: (name) => this.isFederation(name),
      typeLocs: (slot) => this.locs('type', slot.loc, slot.directives.length),
    });
    for (const slot of this.order) if (slot.kind === 'interface') this.interfaceKeys(slot);
    this.unusedExternals();
    if (this.problems.length > 0) {
      collected?.push(...this.problems.slice(1));
      throw this.problems[0];
    }
  }

  /** Rules 5 and 6: every problem while validate collects them, else the first at once. */
  private report(message: string, loc: Loc): void {
    if (collected === undefined) this.lw.fail(ErrorCodes.FIELD_SET, message, loc);
    this.problems.push(new ConversionError(ErrorCodes.FIELD_SET, message, where(loc)));
  }

  /**
   * Record 0075: federation's rules for the later directives on a type
   * (`validateNoAuthenticationOnInterfaces`, `validateInterfaceObjectsAreOnEntities`).
   */
  private typeRules(slot: Slot, d: AppliedDirective, loc: Loc): void {
    // A later name in a document that is not federated is the document's own (record 0075).
    if (!this.isFederation(d.name) || !this.lw.directives.federationUsed.has(d.name)) return;
    const interfaceObject = slot.directives.some((x) => x.name === 'interfaceObject') && this.isFederation('interfaceObject');
    if (AUTHORIZATION.includes(d.name) && (slot.kind === 'interface' || interfaceObject)) {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @${d.name} cannot be applied to ${slot.kind === 'interface' ? 'the interface' : 'the interface object'} ${slot.name}: federation refuses @authenticated, @requiresScopes and @policy on interfaces, their fields and interface objects`, loc);
    }
    if (d.name === 'interfaceObject' && !slot.directives.some((x) => x.name === 'key')) {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @interfaceObject cannot be applied to ${slot.name}: it has no @key, and federation applies @interfaceObject to entity types only`, loc);
    }
  }

  /** Record 0075: federation's rules for the later directives on a field (`validateCostNotAppliedToInterface`, the `@listSize` rules). */
  private fieldRules(slot: Slot, field: DraftField, d: AppliedDirective, loc: Loc): void {
    if (!this.isFederation(d.name) || !this.lw.directives.federationUsed.has(d.name)) return;
    const where = `${slot.name}.${field.name}`;
    const interfaceObject = slot.directives.some((x) => x.name === 'interfaceObject') && this.isFederation('interfaceObject');
    if ((AUTHORIZATION.includes(d.name) && (slot.kind === 'interface' || interfaceObject)) || (d.name === 'cost' && slot.kind === 'interface')) {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @${d.name} cannot be applied to a field of ${slot.kind === 'interface' ? 'an interface' : 'an interface object'} (${where})`, loc);
    }
    if (d.name !== 'listSize') return;
    const arg = (name: string) => d.args.find(([n]) => n === name)?.[1];
    const sized = arg('sizedFields');
    const sizedList = Array.isArray(sized) ? sized : [];
    if (sizedList.length === 0 && !isListType(field.type)) {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @listSize cannot be applied to ${where}: its type ${renderType(field.type)} is not a list`, loc);
    }
    const assumed = arg('assumedSize');
    if (typeof assumed === 'number' && assumed < 0) this.lw.fail(ErrorCodes.FIELD_SET, `@listSize on ${where}: the assumed size cannot be negative`, loc);
    const slicing = arg('slicingArguments');
    for (const name of Array.isArray(slicing) ? slicing : []) {
      const a = field.args.find((x) => x.name === name);
      if (a === undefined) this.lw.fail(ErrorCodes.FIELD_SET, `@listSize on ${where}: the slicing argument "${String(name)}" is not an argument of the field`, loc);
      else if (!isIntType(a.type)) this.lw.fail(ErrorCodes.FIELD_SET, `@listSize on ${where}: the slicing argument ${a.name} must be Int or Int!`, loc);
    }
    if (sizedList.length === 0) return;
    const target = this.slotOf(field);
    if (target === undefined || (target.kind !== 'object' && target.kind !== 'interface' && target.kind !== 'union')) {
      this.lw.fail(ErrorCodes.FIELD_SET, `@listSize on ${where}: sized fields need an object, interface or union type, not ${renderType(field.type)}`, loc);
    }
    for (const name of sizedList) {
      const f = target.kind === 'union' ? undefined : target.fields.find((x) => x.name === name);
      if (f === undefined) this.lw.fail(ErrorCodes.FIELD_SET, `@listSize on ${where}: ${target.name} has no field "${String(name)}"`, loc);
      else if (!isListType(f.type)) this.lw.fail(ErrorCodes.FIELD_SET, `@listSize on ${where}: the sized field ${target.name}.${f.name} is not a list`, loc);
    }
  }

  private fieldDirective(slot: Slot, field: DraftField, d: AppliedDirective, loc: Loc): void {
    this.fieldRules(slot, field, d, loc);
    if (d.name === 'shareable' && slot.kind === 'interface' && this.isFederation('shareable')) {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @shareable cannot be applied to a field of an interface (${slot.name}.${field.name})`, loc);
    }
    if ((d.name !== 'external' && d.name !== 'requires' && d.name !== 'provides') || !this.isFederation(d.name)) return;
    const where = `${slot.name}.${field.name}`;
    if (slot.kind === 'interface') {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @${d.name} cannot be applied to a field of an interface (${where})`, loc);
    }
    if (d.name === 'requires') this.fieldSet('requires', d, slot, field, loc);
    if (d.name !== 'provides') return;
    if (this.isExternal(slot, field)) {
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @provides cannot be applied to ${where}, which is @external`, loc);
    }
    const target = this.slotOf(field);
    if (target === undefined || (target.kind !== 'object' && target.kind !== 'interface' && target.kind !== 'union')) {
      const type = renderType(field.type);
      this.lw.fail(ErrorCodes.FIELD_SET, `directive @provides cannot be applied to ${where}: its type ${type} is not an object, interface or union type`, loc);
    }
    this.fieldSet('provides', d, target, field, loc, slot.name);
  }

  /** Checks one field set: on `owner` (`@key`), on the field's type (`@requires`) or the type it returns (`@provides`). */
  private fieldSet(use: Use, d: AppliedDirective, owner: Slot, field: DraftField | undefined, loc: Loc, fieldOwner = owner.name): void {
    const on = field === undefined ? `type ${owner.name}` : `field ${fieldOwner}.${field.name}`;
    const fields = d.args.find(([name]) => name === 'fields')?.[1];
    if (typeof fields !== 'string') this.lw.fail(ErrorCodes.FIELD_SET, `@${use} on ${on}: its fields argument must be a string`, loc);
    const head = `@${use}(fields: "${fields}") on ${on}`;
    const set = parseFieldSet(fields);
    if (typeof set === 'string') this.lw.fail(ErrorCodes.FIELD_SET, `${head}: not a field set: ${set}`, loc);
    const steps = this.resolve(set, owner, head, loc);
    // Whether an `@external` field encloses the selections of each depth.
    const externalAbove: boolean[] = [false];
    steps.forEach((step, i) => {
      const depth = set[i].depth;
      const where = `${step.owner.name}.${step.field.name}`;
      const kind = step.target?.kind;
      if (use === 'key' && (kind === 'interface' || kind === 'union')) {
        this.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${where} returns the ${kind} ${step.target!.name}, which a @key cannot select`, loc);
      }
      if (use !== 'requires' && step.field.args.length > 0) {
        this.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${where} takes arguments, which a @${use} cannot select`, loc);
      }
      const external = this.isExternal(step.owner, step.field);
      if (use !== 'key' && !step.selected && !externalAbove[depth] && !external) {
        const why = this.fake.has(where)
          ? 'is a key field of an @extends type, which federation does not count as @external'
          : 'is not @external';
        this.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${where} ${why}: a @${use} names only fields that another subgraph resolves`, loc);
      }
      if (step.selected) externalAbove[depth + 1] = externalAbove[depth] || external || this.externalInImplementation(step.owner, step.field.name);
    });
  }

  /**
   * Each selection's field, or the FIELD_SET error: a field the type lacks, a
   * leaf with a selection, a composite field without one. Records the uses.
   */
  private resolve(set: readonly Selection[], owner: Slot, head: string, loc: Loc): Step[] {
    const steps: Step[] = [];
    // The type whose fields each depth selects.
    const types: Slot[] = [owner];
    set.forEach((s, i) => {
      const type = types[s.depth];
      const field = type.kind === 'union' ? undefined : type.fields.find((f) => f.name === s.name);
      if (field === undefined) this.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${type.name} has no field "${s.name}"`, loc);
      const where = `${type.name}.${field.name}`;
      const target = this.slotOf(field);
      const composite = target !== undefined && (target.kind === 'object' || target.kind === 'interface' || target.kind === 'union');
      const selected = hasSelection(set, i);
      if (composite && !selected) {
        this.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${where} returns the ${target.kind} ${target.name}: select some of its fields, as in "${s.name} { ... }"`, loc);
      }
      if (!composite && selected) {
        this.lw.fail(ErrorCodes.FIELD_SET, `${head}: ${where} has type ${renderType(field.type)}, which has no fields to select`, loc);
      }
      if (selected) types[s.depth + 1] = target!;
      this.use(type, s.name);
      steps.push({ owner: type, field, target, selected });
    });
    return steps;
  }

  /** A field named by a field set; through an interface, its implementations' fields too. */
  private use(type: Slot, name: string): void {
    this.used.add(`${type.name}.${name}`);
    if (type.kind === 'interface') for (const impl of this.implementations.get(type) ?? []) this.used.add(`${impl.name}.${name}`);
  }

  /** Record 0073 rule 5: `validateKeyOnInterfacesAreAlsoOnAllImplementations` of federation. */
  private interfaceKeys(iface: Slot): void {
    if (!this.isFederation('key')) return;
    const locs = this.locs('type', iface.loc, iface.directives.length);
    iface.directives.forEach((d, i) => {
      if (d.name !== 'key') return;
      const fields = keySignature(d);
      const resolvable = !d.args.some(([n, v]) => n === 'resolvable' && v === false);
      for (const impl of this.implementations.get(iface) ?? []) {
        const match = impl.directives.find((k) => k.name === 'key' && keySignature(k) === fields);
        const head = `@key(fields: "${fieldsOf(d)}") on interface ${iface.name}`;
        if (match === undefined) {
          this.report(`${head}: ${impl.name}, which implements it, has no @key with the same fields`, locs[i]);
        } else if (resolvable && match.args.some(([n, v]) => n === 'resolvable' && v === false)) {
          this.report(`${head}: ${impl.name}, which implements it, has this @key with resolvable: false`, locs[i]);
        }
      }
    });
  }

  /** Rule 6: federation refuses an `@external` field nothing uses. */
  private unusedExternals(): void {
    // Fields of interfaces are used by the object types implementing them.
    for (const [iface, impls] of this.implementations) {
      for (const f of iface.fields) for (const impl of impls) this.used.add(`${impl.name}.${f.name}`);
    }
    if (!this.isFederation('external')) return;
    for (const slot of this.order) {
      if (slot.kind !== 'object') continue;
      const typeIndex = slot.directives.findIndex((d) => d.name === 'external');
      for (const field of slot.fields) {
        // isExternal, with the type's mark read once per type: this runs for every field.
        if (typeIndex < 0 && !field.directives.some((d) => d.name === 'external')) continue;
        if (!this.isExternal(slot, field) || this.used.has(`${slot.name}.${field.name}`)) continue;
        const own = field.directives.findIndex((d) => d.name === 'external');
        const loc = own >= 0 ? this.locs('field', field.loc, field.directives.length)[own] : this.locs('type', slot.loc, slot.directives.length)[typeIndex];
        this.report(`${slot.name}.${field.name}${UNUSED_EXTERNAL}`, loc);
      }
    }
  }

  /** Federation's `isExternal`: `@external` on the field or its object type, unless a fake external. */
  private isExternal(slot: Slot, field: DraftField): boolean {
    if (!this.isFederation('external')) return false;
    const marked = field.directives.some((d) => d.name === 'external') || (slot.kind === 'object' && slot.directives.some((d) => d.name === 'external'));
    return marked && !this.fake.has(`${slot.name}.${field.name}`);
  }

  /** Whether an object type implementing interface `owner` has its field `name` `@external`. */
  private externalInImplementation(owner: Slot, name: string): boolean {
    if (owner.kind !== 'interface') return false;
    return (this.implementations.get(owner) ?? []).some((impl) => {
      const f = impl.fields.find((x) => x.name === name);
      return f !== undefined && this.isExternal(impl, f);
    });
  }

  /**
   * Federation's fake externals: the `@external` fields that a key of an
   * `@extends` type selects. Keys that do not resolve are left to `fieldSet`.
   */
  private collectFakeExternals(): void {
    if (!this.isFederation('key')) return;
    for (const slot of this.order) {
      // An extension's keys count as an `@extends` type's (record 0076).
      if (!slot.extension && !slot.directives.some((d) => d.name === 'extends')) continue;
      for (const d of slot.directives) {
        const fields = d.name === 'key' ? d.args.find(([n]) => n === 'fields')?.[1] : undefined;
        const set = typeof fields === 'string' ? parseFieldSet(fields) : undefined;
        if (set === undefined || typeof set === 'string') continue;
        const types: Array<Slot | undefined> = [slot];
        set.forEach((s, i) => {
          const type = types[s.depth];
          const field = type?.fields.find((f) => f.name === s.name);
          if (type !== undefined && field !== undefined && field.directives.some((x) => x.name === 'external')) {
            this.fake.add(`${type.name}.${field.name}`);
          }
          if (hasSelection(set, i)) types[s.depth + 1] = field === undefined ? undefined : this.slotOf(field);
        });
      }
    }
  }

  /** Whether `name` is federation's directive here (record 0031: a document may declare its own). */
  private isFederation(name: string): boolean {
    return !this.declared.has(name);
  }

  /** Where each directive of the element at `loc` was given (lower-directives kept them). */
  private locs(kind: 'type' | 'field', loc: Loc, count: number): readonly Loc[] {
    return this.lw.directives.fieldSetLocs.get(fieldSetLocKey(kind, loc)) ?? new Array<Loc>(count).fill(loc);
  }

  private slotOf(field: DraftField): Slot | undefined {
    const base = baseOf(field.type);
    return base.kind === 'slot' ? base.slot : base.kind === 'name' ? this.byName.get(base.name) : undefined;
  }

}

function fieldsOf(d: AppliedDirective): string {
  const fields = d.args.find(([n]) => n === 'fields')?.[1];
  return typeof fields === 'string' ? fields : '';
}

/** A key's fields with each level's names sorted, so that two spellings of one selection compare equal. */
function keySignature(d: AppliedDirective): string {
  const set = parseFieldSet(fieldsOf(d));
  if (typeof set === 'string') return '';
  // Each selection's text (its name and sorted sub-selections), built from the deepest up.
  const texts: string[] = new Array<string>(set.length);
  const children: string[][] = set.map(() => []);
  const parents: number[] = [];
  const last: number[] = [];
  set.forEach((s, i) => {
    parents[i] = s.depth === 0 ? -1 : last[s.depth - 1];
    last[s.depth] = i;
  });
  const top: string[] = [];
  for (let i = set.length - 1; i >= 0; i--) {
    const subs = children[i].sort();
    texts[i] = subs.length === 0 ? set[i].name : `${set[i].name}{${subs.join(' ')}}`;
    if (parents[i] < 0) top.push(texts[i]);
    else children[parents[i]].push(texts[i]);
  }
  return top.sort().join(' ');
}

/** `[T]` or `[T]!`. */
function isListType(t: TypeExpr): boolean {
  return t.kind === 'list' || (t.kind === 'nonNull' && t.of.kind === 'list');
}

/** `Int` or `Int!`. */
function isIntType(t: TypeExpr): boolean {
  const named = t.kind === 'nonNull' ? t.of : t;
  return named.kind === 'name' && named.name === 'Int';
}
