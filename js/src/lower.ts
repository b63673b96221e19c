/**
 * lower: schema nodes -> type slots with draft definitions.
 *
 * Order (D15): the root type (D16), then `definitions` / `$defs` entries in
 * file order; a type met while lowering another (an inline object, an inline
 * enum or union, a ref target that is not a top-level definition) becomes a
 * child of that type. `classify` decides what a node becomes; `typeOf` (in
 * lower-types.ts) maps a property schema to a type expression.
 */
import { ConversionError, ErrorCodes, type Diagnostic } from './errors';
import type { AppliedDirective, ScalarTypeDef } from './ir';
import { isObject, keysOf, own, pointerJoin, type JsonObject } from './load';
import { LocMap, locKey, type Loc, type Source, type Target } from './loc';
import { inlineBaseName, isPropertyPlace } from './inline-names';
import { jsonFieldWarnings, type JsonField, type JsonReason } from './json-reasons';
import { FieldDirectives, type DraftSchemaDef } from './lower-directives';
import { lowerObject } from './lower-objects';
import { enumValues, lowerUnion } from './lower-unions-enums';
import { MAX_TYPE_DEPTH } from './lower-types';
import { isMixedUnion } from './mixed-unions';
import { isValidName, toTypeName } from './naming';
import { attr, explicitKind, explicitTypeName, flag, isRefConjunction, refKeyword, refOf } from './normalize';
import type { ResolvedOptions } from './options';
import { mergeObject, type MergedObject } from './merge-all-of';
import type { Resolver } from './resolve';
import { lowerSchemaLinks } from './schema-links';
import { descriptionOf, documentedEnum, isAnnotationOnlyObject, isScalarAlias, isStringEnum } from './schema-shapes';
import { newSlot, type Slot, type SlotKind } from './slots';
import { BUILTIN_SCALARS, type TypeExpr } from './type-expr';

/** The keywords of union branches, in the order they are read (hoisted: these loops run per property). */
export const BRANCH_KEYWORDS: readonly string[] = ['oneOf', 'anyOf'];

export type Classification = SlotKind | 'skip' | 'empty' | 'alias' | 'ref';

export class Lowering {
  readonly slots = new LocMap<Slot>();
  /** Top-level slots in document order; children hang below them. */
  readonly units: Slot[] = [];
  readonly directives: FieldDirectives;
  /** Aliases being expanded, to stop one that contains itself. */
  readonly aliasStack = new Set<string>();
  /** How many `typeOf` calls are under way (see MAX_TYPE_DEPTH). */
  typeDepth = 0;
  /** How many `classify` calls wait on a union member's classification (see refUnionMembers). */
  classifyDepth = 0;
  /**
   * Scalars declared by `x-graphql-scalar` on a property: name -> its first declaration
   * (description and URL) and where it is, in the order they are met.
   */
  readonly scalarInfo = new Map<string, { scalar: JsonObject; loc: Loc }>();
  private readonly classes = new LocMap<Classification>();
  /** The root `x-graphql-schema-extension` and `x-graphql-schema` (record 0028). */
  schemaExtension?: DraftSchemaDef;
  schema?: DraftSchemaDef;
  /** `x-graphql-links` and `x-graphql-compose-directives` (record 0084), printed after the federation `@link`. */
  schemaLinks: AppliedDirective[] = [];
  private readonly merges = new LocMap<MergedObject>();
  /** Why the last JSON type was made (record 0079): set by lower-types.ts, read by `lowerField`. */
  jsonReason: JsonReason | undefined;
  /** The fields that became the JSON scalar, with why, in the order they were lowered. */
  readonly jsonFields: JsonField[] = [];
  /** `mixedUnions: "types"` (record 0085): the branches' types of the last JSON type, set by lower-types.ts. */
  jsonBranches: TypeExpr[] | undefined;
  /** `mixedUnions: "wrap"` (record 0085): the wrapper types by what they wrap, named after every other type. */
  readonly wrappers = new Map<string, Slot>();
  private readonly mixedUnions = new LocMap<boolean>();

  constructor(
    readonly options: ResolvedOptions,
    readonly resolver: Resolver,
    readonly refTargets: LocMap<true>,
    readonly warnings: Diagnostic[],
  ) {
    this.directives = new FieldDirectives(this);
  }

  warn(code: string, message: string, loc: Loc): void {
    this.warnings.push({ code, severity: 'warning', message, ...where(loc) });
  }

  fail(code: string, message: string, loc: Loc): never {
    throw new ConversionError(code, message, where(loc));
  }

  /**
   * D6: `x-graphql-scalar` on a property declares that scalar (the first declaration
   * wins); its name is explicit, checked against the types' in assemble (record 0067).
   */
  declareScalar(scalar: JsonObject, loc: Loc): void {
    const name = scalar.name as string;
    if (!isValidName(name) || BUILTIN_SCALARS.has(name)) {
      this.fail(ErrorCodes.INVALID_NAME, `"${name}" is not a valid scalar name`, {
        source: loc.source,
        pointer: pointerJoin(loc.pointer, 'x-graphql-scalar', 'name'),
      });
    }
    if (!this.scalarInfo.has(name)) this.scalarInfo.set(name, { scalar, loc });
  }

  scalarDefinition(name: string): ScalarTypeDef {
    const def: ScalarTypeDef = { kind: 'scalar', name, directives: [] };
    const info = this.scalarInfo.get(name)?.scalar;
    if (!info) return def;
    const description = own(info, 'description');
    if (typeof description === 'string' && description !== '') def.description = description;
    const url = own(info, 'specifiedByURL');
    if (typeof url === 'string') def.directives = [{ name: 'specifiedBy', args: [['url', url]] }];
    return def;
  }

  /** Registers the top-level slots, then lowers every slot in preorder. */
  run(): void {
    const main = this.resolver.main;
    const root = main.root as JsonObject;
    const rootLoc: Loc = { source: main, pointer: '' };
    // A bundle (record 0090) is one document: its roots' types in path order, each root's
    // definitions after it; the schema attributes are the first input's.
    for (const source of this.resolver.roots) {
      if (source !== main) checkBundleRoot(source, main);
      this.directives.declare(source.root as JsonObject, { source, pointer: '' });
    }
    this.schemaExtension = this.directives.schemaDef(root, 'x-graphql-schema-extension', rootLoc);
    if (this.schemaExtension) this.directives.useLinkNames(this.schemaExtension.directives);
    this.directives.rootLinkOff = own(root, 'x-graphql-federation-link') === false;
    this.schemaLinks = lowerSchemaLinks(this, root, rootLoc, this.schemaExtension?.directives ?? []);
    this.schema = this.directives.schemaDef(root, 'x-graphql-schema', rootLoc, this.schemaExtension?.directives.map((d) => d.name));
    for (const source of this.resolver.roots) this.registerRoot(source);
    // Preorder with an explicit stack: children are lowered right after their parent.
    const stack = [...this.units].reverse();
    while (stack.length > 0) {
      const slot = stack.pop()!;
      const before = slot.children.length;
      this.lowerSlot(slot);
      for (let i = slot.children.length - 1; i >= before; i--) stack.push(slot.children[i]);
    }
    // The summary is placed at the file of a lone input; in a bundle (record 0090), at the file of the first such field.
    const summaryFile = this.resolver.roots.length > 1 ? this.jsonFields[0]?.loc.source.file : main.file;
    this.warnings.push(...jsonFieldWarnings(this.jsonFields, this.options.explainJson, summaryFile));
  }

  /** The root type of one converted document (D16, record 0078), then its `definitions` / `$defs`. */
  private registerRoot(source: Source): void {
    const root = source.root as JsonObject;
    const rootLoc: Loc = { source, pointer: '' };
    const name = () => this.rootName(root, source);
    if (isObject(own(root, 'properties'))) {
      const kind = this.classify({ loc: rootLoc, node: root });
      if (isSlotKind(kind)) this.units.push(this.createSlot({ loc: rootLoc, node: root }, kind, name));
    } else {
      const kind = this.rootKind({ loc: rootLoc, node: root });
      if (kind !== undefined) this.units.push(this.createSlot({ loc: rootLoc, node: root }, kind, name));
    }
    for (const section of keysOf(root)) {
      if (section !== 'definitions' && section !== '$defs') continue;
      const defs = root[section];
      if (!isObject(defs)) continue;
      for (const key of keysOf(defs)) {
        const target: Target = { loc: { source, pointer: pointerJoin('', section, key) }, node: defs[key] };
        const kind = this.classify(target);
        if (isSlotKind(kind)) this.units.push(this.createSlot(target, kind, this.baseNameFor(target)));
      }
    }
  }

  /**
   * Record 0078: a root without properties that is an enum (the SPDX license list), a
   * union or a scalar alias (`{"title": "Id", "type": "string"}`) is that type, named
   * as a root object is (D16); anything else (definitions only, a lone `$ref`) is none.
   */
  private rootKind(target: Target): SlotKind | undefined {
    const kind = this.classify(target);
    if (kind === 'enum' || kind === 'union' || kind === 'scalar') return kind;
    if (kind !== 'alias' || !isScalarAlias(target.node as JsonObject)) return undefined;
    // A `$ref` to the root (`#`) names that scalar too.
    this.classes.set(target, 'scalar');
    return 'scalar';
  }

  private rootName(root: JsonObject, source: Source): string {
    const title = own(root, 'title');
    if (typeof title === 'string' && title !== '') return toTypeName(title);
    const file = source === this.resolver.main && source.id === '' ? this.options.fileName : source.id;
    if (file !== undefined) {
      const base = file.split(/[\\/]/).pop() ?? '';
      const dot = base.lastIndexOf('.');
      const stem = dot > 0 ? base.slice(0, dot) : base;
      if (stem !== '') return toTypeName(stem);
    }
    return 'Root';
  }

  // -------------------------------------------------------------------------
  // Slots

  createSlot(target: Target, kind: SlotKind, base: () => string, owner?: Slot): Slot {
    const node = target.node as JsonObject;
    let explicit = explicitTypeName(node);
    const scalar = attr(node, 'x-graphql-scalar');
    if (kind === 'scalar' && isObject(scalar) && typeof own(scalar, 'name') === 'string') {
      explicit = { name: scalar.name as string, pointer: '/x-graphql-scalar/name' };
    }
    const init: Parameters<typeof newSlot>[0] = { loc: target.loc, node, kind, base };
    if (explicit) init.explicit = { name: explicit.name, loc: { source: target.loc.source, pointer: target.loc.pointer + explicit.pointer } };
    const slot = newSlot(init);
    this.slots.set(target, slot);
    owner?.children.push(slot);
    return slot;
  }

  /** The slot of a target, created as a child of `owner` when it has none yet. */
  slotFor(target: Target, kind: SlotKind, owner: Slot, base: () => string): Slot {
    return this.slots.get(target) ?? this.createSlot(target, kind, base, owner);
  }

  /** What a schema node becomes. Memoized by location; cycles classify as alias. */
  classify(target: Target): Classification {
    const known = this.classes.get(target);
    if (known !== undefined) return known;
    this.classes.set(target, 'alias');
    const result = this.classifyNode(target);
    this.classes.set(target, result);
    return result;
  }

  private classifyNode(target: Target): Classification {
    const node = target.node;
    if (!isObject(node)) return 'alias';
    if (flag(node, 'x-graphql-skip')) return 'skip';
    if (isObject(attr(node, 'x-graphql-scalar'))) return 'scalar';
    if (refOf(node) !== undefined && !isRefConjunction(node, target.loc.source.draft)) return 'ref';
    const kind = explicitKind(node);
    if (kind === 'UNION') return 'union';
    if (kind === 'ENUM' || (kind === undefined && isStringEnum(node))) return isStringEnum(node) || documentedEnum(node) !== undefined ? 'enum' : 'alias';
    if (kind === undefined && documentedEnum(node) !== undefined) return 'enum';
    // A schema with `properties` beside its `oneOf` is an object type (record 0008): its
    // branches refine it, they are no alternatives to its own fields.
    if (kind === undefined && !isObject(own(node, 'properties')) && this.refUnionMembers(target) !== undefined) return 'union';
    if (kind === undefined && this.options.mixedUnions === 'wrap' && this.isMixedUnion(target)) return 'union';
    const objectish =
      kind !== undefined || own(node, 'type') === 'object' || isObject(own(node, 'properties')) || Array.isArray(own(node, 'allOf'));
    if (!objectish) return 'alias';
    const merged = this.merged(target);
    if (merged.properties.length === 0 && kind === undefined && own(node, 'type') !== 'object') return 'alias';
    const slotKind: SlotKind = kind === 'INTERFACE' ? 'interface' : kind === 'INPUT_OBJECT' ? 'input' : 'object';
    if (this.fieldCount(merged) === 0) return this.options.emitEmptyTypes ? slotKind : 'empty';
    return slotKind;
  }

  /**
   * `oneOf`/`anyOf` made only of object types (null branches aside): refs to object
   * types and, record 0081, inline object schemas; annotation-only objects are left out.
   * The targets, else undefined.
   */
  refUnionMembers(target: Target): Target[] | undefined {
    const node = target.node as JsonObject;
    for (const keyword of BRANCH_KEYWORDS) {
      const list = own(node, keyword);
      if (!Array.isArray(list) || list.length === 0) continue;
      const members: Target[] = [];
      for (let i = 0; i < list.length; i++) {
        const m = list[i];
        if (isObject(m) && own(m, 'type') === 'null') continue;
        if (!isObject(m)) return undefined;
        const at = { source: target.loc.source, pointer: pointerJoin(target.loc.pointer, keyword, i) };
        // A `$ref` with properties beside it (2019-09 / 2020-12) is no pure ref: an inline object.
        const ref = isRefConjunction(m, target.loc.source.draft) ? undefined : refOf(m);
        if (ref === undefined && isAnnotationOnlyObject(m)) continue;
        const t = ref === undefined ? { loc: at, node: m } : this.followRefs(this.resolver.resolve(ref, at));
        // Classifying a member can ask for its own members' classes: a chain of `oneOf`s
        // of one `$ref` nests one call per link, bounded as typeOf is (record 0042).
        if (this.classifyDepth >= MAX_TYPE_DEPTH) {
          this.fail(ErrorCodes.TOO_DEEP, `types nest deeper than ${MAX_TYPE_DEPTH} levels here (array items, branches and $refs to aliases)`, at);
        }
        this.classifyDepth++;
        let kind: Classification;
        try {
          kind = this.classify(t);
        } finally {
          this.classifyDepth--;
        }
        if (kind !== 'object') return undefined;
        members.push(t);
      }
      return members.length > 0 ? members : undefined;
    }
    return undefined;
  }

  /** Record 0085: a oneOf/anyOf of object types and others, under `mixedUnions` "types" or "wrap" (memoized). */
  isMixedUnion(target: Target): boolean {
    let known = this.mixedUnions.get(target);
    if (known === undefined) {
      // Set first: a branch that reaches the node again is no object type of it.
      this.mixedUnions.set(target, false);
      known = isMixedUnion(this, target);
      this.mixedUnions.set(target, known);
    }
    return known;
  }

  /** Follows a chain of pure `$ref` nodes; a chain that loops is an error. */
  followRefs(target: Target): Target {
    // Most targets are no `$ref` themselves: the set of places met is made at the first hop.
    let seen: Set<string> | undefined;
    let t = target;
    let closing: Loc | undefined;
    while (isObject(t.node) && refOf(t.node) !== undefined && !flag(t.node, 'x-graphql-skip') && !isRefConjunction(t.node, t.loc.source.draft)) {
      const key = locKey(t.loc);
      seen ??= new Set();
      if (seen.has(key)) {
        // Report the `$ref` that closes the loop.
        this.fail(ErrorCodes.REF_CYCLE, 'reference cycle: these refs only point at each other', closing ?? t.loc);
      }
      seen.add(key);
      closing = { source: t.loc.source, pointer: pointerJoin(t.loc.pointer, refKeyword(t.node)) };
      t = this.resolver.resolve(refOf(t.node)!, t.loc);
    }
    return t;
  }

  merged(target: Target): MergedObject {
    let m = this.merges.get(target);
    if (!m) {
      m = mergeObject(this.resolver, target.node as JsonObject, target.loc, this.warnings);
      this.merges.set(target, m);
    }
    return m;
  }

  /**
   * The merged object of a slot being lowered, taken out of the cache: a slot is
   * lowered once, and nothing asks for its merge afterwards (classification is
   * cached, and an inline object with a slot finds the slot first), so its
   * properties are not kept alive until the lowering ends. Memory: the merges of all
   * slots were alive at the peak of a large conversion.
   */
  takeMerged(target: Target): MergedObject {
    return this.merges.take(target) ?? mergeObject(this.resolver, target.node as JsonObject, target.loc, this.warnings);
  }

  fieldCount(merged: MergedObject): number {
    return merged.properties.filter((p) => !(isObject(p.schema) && flag(p.schema, 'x-graphql-skip'))).length;
  }

  // -------------------------------------------------------------------------
  // Lowering one slot

  private lowerSlot(slot: Slot): void {
    const node = slot.node;
    const atProperty = isPropertyPlace(slot.loc);
    // A node sitting at `properties/<key>` describes the field, not the type.
    slot.description = atProperty ? undefined : descriptionOf(slot.node);
    // A type's own directives come before its properties in the document, so they are
    // recorded first: the first use of an undeclared directive is found in document order.
    const typeDirectives = this.directives.forType(slot);
    if (flag(node, 'x-graphql-extends')) this.extension(slot);
    switch (slot.kind) {
      case 'object':
      case 'interface':
      case 'input':
        lowerObject(this, slot);
        break;
      case 'union':
        lowerUnion(this, slot);
        break;
      case 'enum':
        slot.values = enumValues(this, node, slot.loc);
        break;
      case 'scalar':
        this.lowerScalar(slot);
        break;
    }
    slot.directives.push(...typeDirectives);
    // On a property's schema it is the field's (an inline object's type keeps the canonical order).
    if (!atProperty) slot.directiveOrder = this.directiveOrder(node, slot.loc, slot.directives, 'type');
  }

  /**
   * `x-graphql-directive-order` (record 0076): the element's directives in this order, by
   * name (assemble applies it). A name given more often than the element applies a
   * directive of that name is ATTRIBUTE_SCOPE at its entry.
   */
  directiveOrder(node: JsonObject, loc: Loc, directives: readonly AppliedDirective[], what: string): string[] | undefined {
    const list = attr(node, 'x-graphql-directive-order');
    if (!Array.isArray(list)) return undefined;
    const left = new Map<string, number>();
    for (const d of directives) left.set(d.name, (left.get(d.name) ?? 0) + 1);
    const names: string[] = [];
    list.forEach((name, i) => {
      if (typeof name !== 'string') return;
      const n = left.get(name) ?? 0;
      if (n === 0) {
        const at = { source: loc.source, pointer: pointerJoin(loc.pointer, 'x-graphql-directive-order', i) };
        this.fail(ErrorCodes.ATTRIBUTE_SCOPE, `x-graphql-directive-order names @${name} more times than the ${what} applies it`, at);
      }
      left.set(name, n - 1);
      names.push(name);
    });
    return names;
  }

  /**
   * `x-graphql-extends` (record 0076): an object, interface, input, union or enum type printed as an extension,
   * which has no description of its own.
   */
  private extension(slot: Slot): void {
    // Not on a scalar: buildSubgraphSchema refuses a subgraph whose only word on a
    // scalar is `extend scalar S @d` (record 0076).
    if (slot.kind === 'scalar') {
      const at = { source: slot.loc.source, pointer: pointerJoin(slot.loc.pointer, 'x-graphql-extends') };
      this.fail(ErrorCodes.ATTRIBUTE_SCOPE, 'x-graphql-extends applies to object, interface, input, union and enum types only, not to a scalar', at);
    }
    slot.extension = true;
    slot.description = undefined;
  }

  private lowerScalar(slot: Slot): void {
    const scalar = attr(slot.node, 'x-graphql-scalar');
    // A root scalar alias (record 0078) has no x-graphql-scalar: its description is the node's.
    if (!isObject(scalar)) return;
    const description = own(scalar, 'description');
    if (typeof description === 'string') slot.description = description;
    const url = own(scalar, 'specifiedByURL');
    if (typeof url === 'string') slot.directives.push({ name: 'specifiedBy', args: [['url', url]] });
  }

  /**
   * The generated name of a node's type, evaluated at naming time: `title`
   * (except for definitions, named by their key), else what the location
   * implies; `refNaming: file_and_path` prefixes another file's path.
   */
  baseNameFor(target: Target): () => string {
    return () => {
      const node = target.node as JsonObject;
      const segments = target.loc.pointer.split('/');
      const atDefinition = segments.length === 3 && (segments[1] === 'definitions' || segments[1] === '$defs');
      const title = own(node, 'title');
      let base = !atDefinition && typeof title === 'string' && title !== '' ? toTypeName(title) : inlineBaseName(target.loc);
      const id = target.loc.source.id;
      if (this.options.refNaming === 'file_and_path' && id !== '') {
        const dot = id.lastIndexOf('.');
        const prefix = toTypeName(dot > id.lastIndexOf('/') ? id.slice(0, dot) : id);
        base = target.loc.pointer === '' && !(typeof title === 'string' && title !== '') ? prefix : prefix + base;
      }
      return base;
    };
  }
}

/**
 * Record 0090: the schema attributes of a bundle are its first input's; another input
 * giving one is an error, not a second schema definition quietly dropped.
 */
function checkBundleRoot(source: Source, first: Source): void {
  for (const key of ['x-graphql-schema', 'x-graphql-schema-extension']) {
    if (own(source.root as JsonObject, key) === undefined) continue;
    throw new ConversionError(ErrorCodes.ATTRIBUTE_SCOPE, `in a bundle, ${key} is read from the first input (${first.file ?? first.id}) only`, {
      ...(source.file !== undefined ? { file: source.file } : {}),
      pointer: '/' + key,
    });
  }
}

export function isSlotKind(c: Classification): c is SlotKind {
  return c !== 'skip' && c !== 'empty' && c !== 'alias' && c !== 'ref';
}

/** `null` allowed by the node itself: in a `type` list, in `enum`, or a null branch. */
export function allowsNull(node: JsonObject): boolean {
  const type = own(node, 'type');
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  const list = own(node, 'enum');
  if (Array.isArray(list) && list.includes(null)) return true;
  for (const keyword of BRANCH_KEYWORDS) {
    const branches = own(node, keyword);
    if (Array.isArray(branches) && branches.some((b) => isObject(b) && own(b, 'type') === 'null')) return true;
  }
  return false;
}

export function where(loc: Loc): { file?: string; pointer: string } {
  return loc.source.file !== undefined ? { file: loc.source.file, pointer: loc.pointer } : { pointer: loc.pointer };
}
