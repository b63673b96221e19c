/**
 * assemble: slots -> the IR document, its definitions handed one at a time
 * to the caller (the printer) in document order.
 *
 * 1. naming (D2, D3): explicit names are checked and reserved first; then
 *    generated names are claimed in document order (preorder of the slots).
 * 2. names used as references (implements, union members, explicit field
 *    types) are looked up and kind-checked; inputs are checked (D10); the
 *    arguments of applied directives are checked against their definitions,
 *    with the document's input types and enums (record 0065).
 * 3. interfaces (D9, interfaces.ts): transitive interfaces added, missing
 *    fields copied, implementations checked, chains at most 1,000 deep (record
 *    0071); then the federation field sets (field-set.ts, record 0073).
 * 4. order (D15): directive definitions (with `@oneOf`'s when federation is
 *    linked, record 0068), types with interfaces hoisted, declared scalars last;
 *    the federation `@link` when used (D11).
 */
import { canonicalFieldDirectives, canonicalTypeDirectives, orderByNames } from './canonical';
import { checkDefaults } from './default-values';
import { checkAppliedArguments } from './directive-args';
import { ErrorCodes } from './errors';
import { checkFieldSets } from './field-set';
import { hoistInterfaces } from './hoist';
import { checkInputCycles } from './input-cycles';
import { checkInterfaceCycles, completeInterfaces } from './interfaces';
import { NONE, type AppliedDirective, type Definition, type DirectiveDef, type DocumentHead, type EnumTypeDef, type FieldDef, type InputValueDef, type ObjectTypeDef, type ScalarTypeDef, type SchemaDef, type UnionTypeDef } from './ir';
import { isObject, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { locKey } from './loc';
import { FEDERATION_SPEC, FEDERATION_URL_PREFIX, DEFAULT_FEDERATION_MINOR, federationUrl, minorOfUrl, minorOfVersion } from './federation';
import type { DraftDirectiveDef, DraftSchemaDef } from './lower-directives';
import type { Lowering } from './lower';
import { branchesDescription } from './mixed-unions';
import { NameRegistry, isValidName } from './naming';
import { attr } from './normalize';
import { checkSchemaRoots } from './schema-roots';
import { fnv1a32 } from './text';
import { typeLoc, type DraftField, type DraftInputValue, type Slot } from './slots';
import { BUILTIN_SCALARS, JSON_SCALAR, baseOf, renderType, type TypeExpr } from './type-expr';

/**
 * Hands each definition to `sink` as it is built, in document order, and returns the
 * head of the document (what prints before the definitions). The converter prints each
 * definition at once, so the definitions of a large schema are never all alive
 * together: kept in a list until printing, they and their rendered types outlived V8's
 * young generation and were promoted, which raised the npm CLI's peak RSS (N = 20,000,
 * under `--predictable`: 363 MB kept until printing, 344 MB printed at once).
 */
export function assemble(lw: Lowering, directiveDefs: DraftDirectiveDef[], sink: (def: Definition) => void): DocumentHead {
  const minor = federationMinor(lw);
  // Record 0085: the wrappers of mixed unions are named, and printed, after every other type.
  const order = preorder(lw.wrappers.size === 0 ? lw.units : [...lw.units, ...lw.wrappers.values()]);
  nameSlots(lw, order);
  // A bundle's type extension (record 0090) shares its type's name: the name means the type.
  const byName = new Map<string, Slot>();
  for (const slot of order) if (!byName.has(slot.name)) byName.set(slot.name, slot);
  if (lw.resolver.roots.length > 1) checkExtensionFields(lw, order);
  resolveReferences(lw, order, byName);
  checkInterfaceCycles(lw, order);
  completeInterfaces(lw, order, byName);
  checkDefaults(lw, order, directiveDefs, byName);
  checkAppliedArguments(lw, lw.directives.uses, directiveDefs, byName);
  checkInputCycles(lw, order, byName);
  checkFieldSets(lw, order, byName);

  const scalars = new DeclaredScalars(byName);
  const place = (def: Definition): void => {
    scalars.meet(def);
    sink(def);
  };
  const used = lw.directives.federationUsed;
  // A schema extension is printed as given: it carries its own @link, if any.
  const linked = used.size > 0 && lw.options.federationLink && !lw.schemaExtension;
  for (const d of directiveDefs) {
    const def = { kind: 'directive', name: d.name } as DirectiveDef;
    if (d.description !== undefined) def.description = d.description;
    def.args = d.args.map(inputValue);
    def.repeatable = d.repeatable;
    def.locations = d.locations;
    place(def);
  }
  if ((linked || linksFederation(lw.schemaExtension)) && needsOneOfDefinition(order, directiveDefs)) {
    place({ kind: 'directive', name: 'oneOf', args: [], repeatable: false, locations: ['INPUT_OBJECT'] });
  }
  // D15: each type is preceded by the interfaces it implements (with their inline children).
  // Record 0075: under a federation @link (generated or the schema extension's) the later federation
  // directives print where their attributes do, as the SDL reader orders them.
  const federated = linked || linksFederation(lw.schemaExtension);
  for (const slot of hoistInterfaces(order, (s) => s.interfaces, (s) => s.children)) place(slotDefinition(slot, federated));
  for (const name of scalars.names) sink(lw.scalarDefinition(name));

  const head: DocumentHead = {};
  if (lw.schemaExtension) head.schemaExtension = schemaDef(lw, lw.schemaExtension, byName);
  if (lw.schema) head.schema = schemaDef(lw, lw.schema, byName);
  checkSchemaRoots(lw, (name) => byName.get(name)?.kind ?? (scalars.has(name) ? 'scalar' : undefined), byName);
  const link = linked ? { url: federationUrl(minor), imports: FEDERATION_SPEC.filter((d) => used.has(d.name)).map((d) => `@${d.name}`) } : undefined;
  if (lw.schemaLinks.length > 0) {
    // Record 0084: other specs' `@link`s and `@composeDirective`s follow the federation `@link`.
    if (head.schemaExtension) {
      head.schemaExtension = { ...head.schemaExtension, directives: [...head.schemaExtension.directives, ...lw.schemaLinks] };
    } else {
      const first: AppliedDirective[] = link === undefined ? [] : [{ name: 'link', args: [['url', link.url], ['import', link.imports]] }];
      head.schemaExtension = { directives: [...first, ...lw.schemaLinks], operations: [] };
    }
  } else if (link !== undefined) {
    head.link = link;
  }
  return head;
}

/**
 * Record 0074: the Federation 2 minor version of the document: the one its schema
 * extension's `@link` names, else the option `federationVersion` (or its root
 * override), else the lowest that has every directive and argument the document
 * applies, and never less than 2.3. A directive or argument that needs a later
 * version than a version given is FEDERATION_VERSION at its first use.
 */
function federationMinor(lw: Lowering): number {
  const needs = lw.directives.versionNeeds.filter((n) => !n.pending);
  const linkUrl = extensionFederationUrl(lw.schemaExtension);
  const given = linkUrl !== undefined ? minorOfUrl(linkUrl) : lw.options.federationVersion !== undefined ? minorOfVersion(lw.options.federationVersion) : undefined;
  if (given === undefined) return needs.reduce((m, n) => Math.max(m, n.minor), DEFAULT_FEDERATION_MINOR);
  const late = needs.find((n) => n.minor > given);
  if (late !== undefined) {
    const by = linkUrl !== undefined ? 'the @link of x-graphql-schema-extension names' : 'federationVersion is';
    lw.fail(ErrorCodes.FEDERATION_VERSION, `${late.what} needs federation v2.${late.minor}; ${by} v2.${given}`, late.loc);
  }
  return given;
}

/**
 * Record 0068: a federation subgraph is built by `buildSubgraphSchema`, which (like
 * apollo-compiler 1.x) does not know the built-in `@oneOf`; graphql-js accepts an
 * explicit definition of it. So a document linked to federation (by the `@link` header,
 * or by its own schema extension) whose input types apply `@oneOf` defines it, unless it
 * declares `oneOf` itself.
 */
function needsOneOfDefinition(order: Slot[], directiveDefs: DraftDirectiveDef[]): boolean {
  if (directiveDefs.some((d) => d.name === 'oneOf')) return false;
  return order.some((s) => s.kind === 'input' && s.directives.some((d) => d.name === 'oneOf'));
}

/** Whether a schema extension, printed as given, applies `@link` to an Apollo Federation URL. */
export function linksFederation(ext: DraftSchemaDef | undefined): boolean {
  return extensionFederationUrl(ext) !== undefined;
}

/** The url of the first `@link` to Apollo Federation a schema extension applies. */
function extensionFederationUrl(ext: DraftSchemaDef | undefined): string | undefined {
  for (const d of ext?.directives ?? []) {
    if (d.name !== 'link') continue;
    for (const [name, url] of d.args) if (name === 'url' && typeof url === 'string' && url.startsWith(FEDERATION_URL_PREFIX)) return url;
  }
  return undefined;
}

/** Record 0028: each operation type must be an object type of the schema. */
function schemaDef(lw: Lowering, draft: DraftSchemaDef, byName: Map<string, Slot>): SchemaDef {
  for (const { op, type, loc } of draft.operations) {
    if (byName.get(type)?.kind !== 'object') {
      lw.fail(ErrorCodes.OPERATION_TYPE, `the ${op} type ${type} is not an object type of this schema`, loc);
    }
  }
  return {
    ...(draft.description !== undefined ? { description: draft.description } : {}),
    directives: draft.directives,
    operations: draft.operations.map(({ op, type }) => [op, type]),
  };
}

function preorder(units: Slot[]): Slot[] {
  const out: Slot[] = [];
  const stack = [...units].reverse();
  while (stack.length > 0) {
    const slot = stack.pop()!;
    out.push(slot);
    for (let i = slot.children.length - 1; i >= 0; i--) stack.push(slot.children[i]);
  }
  return out;
}

function nameSlots(lw: Lowering, order: Slot[]): void {
  const registry = new NameRegistry([...BUILTIN_SCALARS, JSON_SCALAR]);
  const explicitSlots = new Map<string, Slot>();
  for (const slot of order) {
    if (!slot.explicit) continue;
    const { name, loc } = slot.explicit;
    if (!isValidName(name) || BUILTIN_SCALARS.has(name)) {
      lw.fail(ErrorCodes.INVALID_NAME, `"${name}" is not a valid GraphQL type name here`, loc);
    }
    if (name === JSON_SCALAR && slot.kind !== 'scalar') {
      lw.fail(ErrorCodes.INVALID_NAME, 'JSON names the scalar for arbitrary data; only a scalar may take it', loc);
    }
    // `JSON` is reserved up front for the automatic scalar, which one definition may replace.
    if (name === JSON_SCALAR ? explicitSlots.has(name) : !registry.reserve(name)) {
      const earlier = explicitSlots.get(name);
      if (earlier !== undefined && bundleExtension(lw, earlier, slot)) {
        // Record 0090: an object type named again by another input of a bundle extends it.
        slot.extension = true;
        slot.name = name;
        continue;
      }
      lw.fail(ErrorCodes.DUPLICATE_NAME, `type name ${name} is given to two types`, loc);
    }
    explicitSlots.set(name, slot);
    slot.name = name;
  }
  // Record 0067: a scalar that `x-graphql-scalar` declares on a property is printed, so its
  // name is explicit too: a type with that explicit name is a second definition, unless it
  // is the same scalar declared on a definition (the same description and URL); a
  // generated name yields to it (D3).
  for (const [name, { scalar, loc }] of lw.scalarInfo) {
    const slot = explicitSlots.get(name);
    if (slot === undefined) {
      registry.reserve(name);
    } else if (!(slot.kind === 'scalar' && sameScalar(attr(slot.node, 'x-graphql-scalar'), scalar))) {
      lw.fail(ErrorCodes.DUPLICATE_NAME, `type name ${name} is given to two types`, {
        source: loc.source,
        pointer: pointerJoin(loc.pointer, 'x-graphql-scalar', 'name'),
      });
    }
  }
  for (const slot of order) {
    if (slot.explicit) continue;
    const base = slot.base();
    if (lw.options.refNaming === 'hash' && registry.has(base)) {
      slot.name = registry.claim(`${base}_${fnv1a32(locKey(slot.loc))}`);
    } else {
      slot.name = registry.claim(base);
    }
  }
}

/**
 * Record 0090: in a bundle, an object type that another input names explicitly again
 * (`Query` in each file of an API) is printed as `extend type`, as an SDL split across
 * files says it; within one input a name given twice stays an error.
 */
function bundleExtension(lw: Lowering, earlier: Slot, slot: Slot): boolean {
  return lw.resolver.roots.length > 1 && earlier.kind === 'object' && slot.kind === 'object' && earlier.loc.source !== slot.loc.source;
}

/** A field that a bundle's type and its extensions (record 0090) both define: an error at the later one. */
function checkExtensionFields(lw: Lowering, order: Slot[]): void {
  const fields = new Map<string, Set<string>>();
  for (const slot of order) {
    if (slot.kind !== 'object') continue;
    let names = fields.get(slot.name);
    if (names === undefined) {
      if (slot.extension) continue;
      names = new Set();
      fields.set(slot.name, names);
    } else if (!slot.extension) {
      continue;
    }
    for (const f of slot.fields) {
      if (names.has(f.name)) lw.fail(ErrorCodes.DUPLICATE_NAME, `field ${slot.name}.${f.name} is defined by two inputs of the bundle`, f.loc);
      names.add(f.name);
    }
  }
}

/** Two `x-graphql-scalar` declarations that print the same scalar. */
function sameScalar(a: JsonValue | undefined, b: JsonObject): boolean {
  return isObject(a) && own(a, 'description') === own(b, 'description') && own(a, 'specifiedByURL') === own(b, 'specifiedByURL');
}

function resolveReferences(lw: Lowering, order: Slot[], byName: Map<string, Slot>): void {
  for (const slot of order) {
    // Interfaces: x-graphql-implements names, then allOf refs (D9).
    const interfaces: Slot[] = [];
    for (const ref of slot.interfaceNames) {
      const target = byName.get(ref.name);
      if (!target || target.kind !== 'interface') {
        lw.fail(ErrorCodes.IMPLEMENTS, `${ref.name} is not an interface type of this schema`, ref.loc);
      }
      if (!interfaces.includes(target)) interfaces.push(target);
    }
    for (const target of slot.interfaceSlots) if (!interfaces.includes(target)) interfaces.push(target);
    slot.interfaces = interfaces;
    // Union members: x-graphql-union-types names, then oneOf/anyOf refs (D8).
    const members: Slot[] = [];
    for (const ref of slot.memberNames) {
      const target = byName.get(ref.name);
      if (!target || target.kind !== 'object') {
        lw.fail(ErrorCodes.UNION_MEMBER, `union member ${ref.name} is not an object type of this schema`, ref.loc);
      }
      if (!members.includes(target)) members.push(target);
    }
    for (const m of slot.memberSlots) {
      if (!m.slot || m.slot.kind !== 'object') lw.fail(ErrorCodes.UNION_MEMBER, 'union member is not an object type', m.loc);
      if (!members.includes(m.slot)) members.push(m.slot);
    }
    slot.members = members;
    if (slot.kind === 'union' && members.length === 0) {
      lw.fail(ErrorCodes.UNION_MEMBER, 'a union needs at least one member', slot.loc);
    }
    for (const field of slot.fields) {
      const problem = slot.kind === 'input'
        ? positionProblem(field.type, byName, 'an input field', true)
        : positionProblem(field.type, byName, 'an output field', false);
      if (problem !== undefined) lw.fail(ErrorCodes.INPUT_FIELD, problem, typeLoc(field));
      for (const arg of field.args) {
        const argProblem = positionProblem(arg.type, byName, 'an argument', true);
        if (argProblem !== undefined) lw.fail(ErrorCodes.INPUT_FIELD, argProblem, field.loc);
      }
    }
  }
}

/** D10: input fields and arguments take input types; output fields take output types. The problem, if any: the caller names the place. */
function positionProblem(type: DraftField['type'], byName: Map<string, Slot>, what: string, input: boolean): string | undefined {
  const base = baseOf(type);
  const slot = base.kind === 'slot' ? base.slot : base.kind === 'name' ? byName.get(base.name) : undefined;
  if (!slot) return undefined;
  const isOutput = slot.kind === 'object' || slot.kind === 'interface' || slot.kind === 'union';
  if (input && isOutput) return `${what} cannot have the output type ${slot.name}`;
  if (!input && slot.kind === 'input') return `${what} cannot have the input type ${slot.name}`;
  return undefined;
}

/** `{ kind, name, description? }`: the first keys of a type definition. */
function head<T extends { kind: string; name: string; description?: string }>(kind: T['kind'], slot: Slot): T {
  const def = { kind, name: slot.name } as T;
  if (slot.description !== undefined) def.description = slot.description;
  return def;
}

/** Record 0028, canonical form rule 5: directives that an attribute can say come first. */
function slotDefinition(slot: Slot, linked: boolean): Definition {
  const canonical = canonicalTypeDirectives(slot.kind, slot.directives, linked);
  const directives = slot.directiveOrder === undefined ? canonical : orderByNames(canonical, slot.directiveOrder);
  switch (slot.kind) {
    case 'object':
    case 'interface':
    case 'input': {
      const def = head<ObjectTypeDef>(slot.kind, slot);
      def.interfaces = slot.interfaces.map((s) => s.name);
      def.directives = directives;
      def.fields = slot.fields.map((f) => field(f, linked));
      if (slot.extension) def.extension = true;
      return def;
    }
    case 'union': {
      const def = head<UnionTypeDef>('union', slot);
      def.directives = directives;
      def.members = slot.members.map((s) => s.name);
      if (slot.extension) def.extension = true;
      return def;
    }
    case 'enum': {
      const def = head<EnumTypeDef>('enum', slot);
      def.directives = directives;
      def.values = slot.values;
      if (slot.extension) def.extension = true;
      return def;
    }
    case 'scalar': {
      const def = head<ScalarTypeDef>('scalar', slot);
      def.directives = directives;
      return def;
    }
  }
}

// A field is one literal with all its keys, in the key order of the IR: an object made
// from a smaller literal keeps the keys added later in a store of their own (48 bytes a
// field; commit a9b9671). Not a literal with
// `...(cond ? { key } : {})`: on Node 20 (V8 11) a spread among the properties of a
// literal takes a slow path, ~1 µs an object. The rare field with a default (an input
// field's) is built key by key.

function field(f: DraftField, linked: boolean): FieldDef {
  const name = f.name;
  const description = f.branchTypes === undefined ? f.description : branchesDescription(f.description, f.branchTypes);
  const args = f.args.length === 0 ? NONE : f.args.map(inputValue);
  const type = renderType(f.type);
  const directives =
    f.directiveOrder === undefined ? canonicalFieldDirectives(f.directives, linked) : orderByNames(canonicalFieldDirectives(f.directives, linked), f.directiveOrder);
  if (f.defaultValue === undefined) {
    return description === undefined ? { name, args, type, directives } : { name, description, args, type, directives };
  }
  const out = { name } as FieldDef;
  if (description !== undefined) out.description = description;
  out.args = args;
  out.type = type;
  out.defaultValue = f.defaultValue;
  out.directives = directives;
  return out;
}

function inputValue(a: DraftInputValue): InputValueDef {
  const out = { name: a.name } as InputValueDef;
  if (a.description !== undefined) out.description = a.description;
  out.type = renderType(a.type);
  if (a.defaultValue !== undefined) out.defaultValue = a.defaultValue;
  out.directives = a.directives;
  return out;
}

/**
 * D6: named types that are used but neither built in nor defined, in the order a
 * reader meets them in the printed document, gathered as its definitions are built
 * (in that order), as assemble.rs does.
 */
class DeclaredScalars {
  readonly names: string[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly byName: Map<string, Slot>) {}

  /** A declared scalar (a schema declares a few at most). */
  has(name: string): boolean {
    return this.names.includes(name);
  }

  meet(def: Definition): void {
    if (def.kind === 'directive') def.args.forEach((a) => this.use(a.type));
    if (def.kind === 'object' || def.kind === 'interface' || def.kind === 'input') {
      for (const f of def.fields) {
        f.args.forEach((a) => this.use(a.type));
        this.use(f.type);
      }
    }
  }

  private use(type: string): void {
    const name = baseName(type);
    if (this.seen.has(name)) return;
    this.seen.add(name);
    if (!BUILTIN_SCALARS.has(name) && !this.byName.has(name)) this.names.push(name);
  }
}

/**
 * The name inside a rendered type: leading `[`s and trailing `]`s and `!`s trimmed (names
 * hold neither), as assemble.rs does. A regular expression replace per field was 2.6% of
 * a conversion (N = 5,000).
 */
function baseName(type: string): string {
  let start = 0;
  while (type.charCodeAt(start) === 0x5b /* [ */) start++;
  let end = type.length;
  for (let c = type.charCodeAt(end - 1); c === 0x5d /* ] */ || c === 0x21 /* ! */; c = type.charCodeAt(end - 1)) end--;
  return start === 0 && end === type.length ? type : type.slice(start, end);
}
