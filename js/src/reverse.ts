/**
 * reverse: the IR of an SDL document (from sdl-read, canonical form) -> an
 * annotated draft-07 JSON Schema, as an ordered JSON object (record 0028).
 *
 * Every fact is written so that the forward direction (records 0001-0027 and
 * the 2.2.0 attributes) prints the same canonical SDL back. Key orders are
 * fixed here (json-print prints objects in insertion order):
 *
 *   root        $schema, x-graphql-federation-link, x-graphql-schema-extension,
 *               x-graphql-links, x-graphql-compose-directives (record 0084),
 *               x-graphql-schema, x-graphql-directive-definitions, definitions
 *   type        description, type, x-graphql-type-name, x-graphql-type-kind,
 *               x-graphql-extends, x-graphql-implements, x-graphql-union-types, x-graphql-scalar,
 *               the federation attributes (keys, shareable, interface-object,
 *               inaccessible, tags, authenticated, requires-scopes, policy,
 *               context, cost: canonical.ts's order),
 *               x-graphql-type-directives, x-graphql-directive-order, enum, x-graphql-enum-values, oneOf,
 *               properties, required
 *   field       description, $ref | type (+ items), x-graphql-field-name,
 *               x-graphql-field-type, x-graphql-field-list-item-non-null,
 *               x-graphql-field-arguments, x-graphql-default, federation
 *               attributes (external, requires, provides, shareable,
 *               override-from, override-label, inaccessible, tags,
 *               authenticated, requires-scopes, policy, cost, list-size),
 *               x-graphql-field-directives, x-graphql-directive-order
 *   argument    type, description, default, fromContext (a field's), directives
 *   directive   name, args
 */
import { splitSchemaLinks } from './schema-links';
import type {
  AppliedDirective,
  Definition,
  DirectiveDef,
  Document,
  EnumTypeDef,
  FieldDef,
  InputValueDef,
  ObjectTypeDef,
  ScalarTypeDef,
  SchemaDef,
  UnionTypeDef,
} from './ir';
import type { JsonObject, JsonValue } from './load';
import { FEDERATION_DIRECTIVES, LATER_FEDERATION_DIRECTIVES, linksFederationIn } from './federation';
import { toFieldName, toTypeName } from './naming';
import { canonicalFieldDirectives, canonicalTypeDirectives, sameOrder, splitFieldDirectives, splitTypeDirectives } from './canonical';
import { parseTypeExpr, type TypeExpr } from './type-expr';

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

const KIND_ATTRIBUTE: Partial<Record<Definition['kind'], string>> = {
  interface: 'INTERFACE',
  input: 'INPUT_OBJECT',
  union: 'UNION',
};

const SCALAR_TYPES: Record<string, string> = {
  String: 'string',
  Int: 'integer',
  Float: 'number',
  Boolean: 'boolean',
  ID: 'string',
};

/**
 * The reverse tree printed: `JSON.stringify(tree, null, 2)` plus the newline,
 * the bytes json-print's `printJson` gives (its header; js/test/reverse.test.ts
 * compares the two) for the trees of this module, built of plain objects and
 * arrays whose keys are GraphQL names (never integer-like, so insertion order is
 * key order) and finite numbers. About 4x faster than `printJson` at N = 5,000
 * (60 against 280 ms; issue #8). Trees from load.ts (an explicit key order) must
 * still go through `printJson`.
 */
export function printReversed(tree: JsonObject): string {
  return JSON.stringify(tree, null, 2) + '\n';
}

export function reverseDocument(doc: Document): JsonObject {
  const root: JsonObject = { $schema: DRAFT_07 };
  // Without its own `extend schema`, the document must say that no @link is to be generated.
  if (!doc.schemaExtension && usesFederation(doc)) root['x-graphql-federation-link'] = false;
  // Record 0084: other specs' trailing `@link`s and `@composeDirective`s as their attributes.
  const split =
    doc.schemaExtension !== undefined && linksFederationIn(doc.schemaExtension)
      ? splitSchemaLinks(doc.schemaExtension.directives, new Set(doc.definitions.filter((d) => d.kind === 'directive').map((d) => d.name)))
      : undefined;
  if (doc.schemaExtension) root['x-graphql-schema-extension'] = schemaJson(split === undefined ? doc.schemaExtension : { ...doc.schemaExtension, directives: split.kept });
  if (split !== undefined && split.links.length > 0) root['x-graphql-links'] = split.links;
  if (split !== undefined && split.compose.length > 0) root['x-graphql-compose-directives'] = split.compose;
  if (doc.schema) root['x-graphql-schema'] = schemaJson(doc.schema);
  const directiveDefs: JsonObject = {};
  const definitions: JsonObject = {};
  const shapes: Shapes = new Map();
  // Record 0075: the later federation attributes are read only under a federation @link.
  const linked = doc.schemaExtension !== undefined && linksFederationIn(doc.schemaExtension);
  let anyDirective = false;
  let anyType = false;
  for (const def of doc.definitions) {
    if (def.kind === 'directive') {
      directiveDefs[def.name] = directiveDefinition(def);
      anyDirective = true;
    } else {
      definitions[def.name] = typeDefinition(def, shapes, linked);
      anyType = true;
    }
  }
  if (anyDirective) root['x-graphql-directive-definitions'] = directiveDefs;
  if (anyType) root.definitions = definitions;
  return root;
}

/**
 * Whether the forward direction would generate an `@link`: a directive of a federation
 * name is applied (record 0075: of a later name, one the document does not define).
 */
function usesFederation(doc: Document): boolean {
  const defined = new Set(doc.definitions.filter((d) => d.kind === 'directive').map((d) => d.name));
  const fed = (list: readonly AppliedDirective[]) =>
    list.some((d) => FEDERATION_DIRECTIVES.includes(d.name) || (LATER_FEDERATION_DIRECTIVES.has(d.name) && !defined.has(d.name)));
  const args = (list: readonly InputValueDef[]) => list.some((a) => fed(a.directives));
  if (doc.schema && fed(doc.schema.directives)) return true;
  for (const def of doc.definitions) {
    if (def.kind === 'directive') {
      if (args(def.args)) return true;
      continue;
    }
    if (fed(def.directives)) return true;
    if (def.kind === 'enum' && def.values.some((v) => fed(v.directives))) return true;
    if (def.kind === 'object' || def.kind === 'interface' || def.kind === 'input') {
      if (def.fields.some((f) => fed(f.directives) || args(f.args))) return true;
    }
  }
  return false;
}

/**
 * The attributes of a split (records 0011, 0075), in its order: a list attribute
 * (`keys`, `tags`, `context`) as the list of its directives' values, a directive
 * without arguments as `true`, `@listSize` as the object of its arguments,
 * `@override` as `override-from` (and `override-label`), any other as the value of
 * its one argument.
 */
function writeAttributes(out: JsonObject, attributes: ReadonlyArray<[string, AppliedDirective[]]>): void {
  for (const [attribute, list] of attributes) {
    const d = list[0];
    if (attribute === 'x-graphql-federation-keys') {
      out[attribute] = list.map((k) => (k.args.length === 1 ? k.args[0][1] : { fields: k.args[0][1], resolvable: k.args[1][1] }));
    } else if (attribute === 'x-graphql-federation-tags' || attribute === 'x-graphql-federation-context') {
      out[attribute] = list.map((k) => k.args[0][1]);
    } else if (attribute === 'x-graphql-federation-list-size') {
      const args: JsonObject = {};
      for (const [name, value] of d.args) args[name] = value;
      out[attribute] = args;
    } else if (d.args.length === 0) {
      out[attribute] = true;
    } else {
      out[attribute] = d.args[0][1];
      if (attribute === 'x-graphql-federation-override-from' && d.args.length === 2) out['x-graphql-federation-override-label'] = d.args[1][1];
    }
  }
}

function schemaJson(def: SchemaDef): JsonObject {
  const out: JsonObject = {};
  if (def.description !== undefined) out.description = def.description;
  if (def.directives.length > 0) out.directives = directiveList(def.directives);
  for (const [op, type] of def.operations) out[op] = type;
  return out;
}

function directiveDefinition(def: DirectiveDef): JsonObject {
  const out: JsonObject = {};
  if (def.description !== undefined) out.description = def.description;
  if (def.args.length > 0) out.args = inputValues(def.args);
  out.locations = [...def.locations];
  if (def.repeatable) out.repeatable = true;
  return out;
}

/**
 * Arguments. A field's (`linked`: under a federation link) says a first directive
 * `@fromContext(field: "...")` as `fromContext` (record 0084), which the forward
 * direction prints first again; one after another directive stays in the list.
 */
function inputValues(args: readonly InputValueDef[], linked = false): JsonObject {
  const out: JsonObject = {};
  for (const a of args) {
    const arg: JsonObject = { type: a.type };
    if (a.description !== undefined) arg.description = a.description;
    if (a.defaultValue !== undefined) arg.default = a.defaultValue;
    const first = a.directives[0];
    const fromContext = linked && first !== undefined && first.name === 'fromContext' && first.args.length === 1 && first.args[0][0] === 'field' && typeof first.args[0][1] === 'string';
    if (fromContext) arg.fromContext = first.args[0][1];
    const rest = fromContext ? a.directives.slice(1) : a.directives;
    if (rest.length > 0) arg.directives = directiveList(rest);
    out[a.name] = arg;
  }
  return out;
}

function directiveList(list: readonly AppliedDirective[]): JsonValue[] {
  return list.map((d) => {
    const out: JsonObject = { name: d.name };
    if (d.args.length > 0) {
      const args: JsonObject = {};
      for (const [name, value] of d.args) args[name] = value;
      out.args = args;
    }
    return out;
  });
}

// ---------------------------------------------------------------------------
// Types

function typeDefinition(def: Exclude<Definition, DirectiveDef>, shapes: Shapes, linked: boolean): JsonObject {
  const out: JsonObject = {};
  if (def.description !== undefined) out.description = def.description;
  switch (def.kind) {
    case 'object':
    case 'interface':
    case 'input':
      out.type = 'object';
      break;
    case 'enum':
      out.type = 'string';
      break;
    default:
      break;
  }
  if (def.kind !== 'scalar' && toTypeName(def.name) !== def.name) out['x-graphql-type-name'] = def.name;
  const kind = KIND_ATTRIBUTE[def.kind];
  if (kind !== undefined) out['x-graphql-type-kind'] = kind;
  if (def.kind !== 'scalar' && def.extension === true) out['x-graphql-extends'] = true;
  if ((def.kind === 'object' || def.kind === 'interface') && def.interfaces.length > 0) {
    out['x-graphql-implements'] = [...def.interfaces];
  }
  if (def.kind === 'union') out['x-graphql-union-types'] = [...def.members];
  const split = splitTypeDirectives(def.kind, def.directives, linked);
  if (def.kind === 'scalar') out['x-graphql-scalar'] = scalarAttribute(def, split.specifiedBy);
  writeAttributes(out, split.attributes);
  if (split.rest.length > 0) out['x-graphql-type-directives'] = directiveList(split.rest);
  // Record 0076: an order other than the canonical one, by name.
  if (def.directives.length > 1 && !sameOrder(def.directives, canonicalTypeDirectives(def.kind, def.directives, linked))) {
    out['x-graphql-directive-order'] = def.directives.map((d) => d.name);
  }
  switch (def.kind) {
    case 'enum':
      enumBody(def, out);
      break;
    case 'union':
      unionBody(def, out);
      break;
    case 'object':
    case 'interface':
    case 'input':
      objectBody(def, out, shapes, linked);
      break;
    default:
      break;
  }
  return out;
}

function scalarAttribute(def: ScalarTypeDef, specifiedBy: AppliedDirective | undefined): JsonObject {
  const out: JsonObject = { name: def.name };
  if (specifiedBy) out.specifiedByURL = specifiedBy.args[0][1];
  return out;
}

function enumBody(def: EnumTypeDef, out: JsonObject): void {
  out.enum = def.values.map((v) => v.name);
  const facts: JsonObject = {};
  let any = false;
  for (const v of def.values) {
    if (v.description === undefined && v.directives.length === 0) continue;
    const entry: JsonObject = {};
    if (v.description !== undefined) entry.description = v.description;
    if (v.directives.length > 0) entry.directives = directiveList(v.directives);
    facts[v.name] = entry;
    any = true;
  }
  if (any) out['x-graphql-enum-values'] = facts;
}

function unionBody(def: UnionTypeDef, out: JsonObject): void {
  out.oneOf = def.members.map((m) => ({ $ref: ref(m) }));
}

function objectBody(def: ObjectTypeDef, out: JsonObject, shapes: Shapes, linked: boolean): void {
  const properties = nameKeyedObject();
  const required: string[] = [];
  for (const f of def.fields) {
    properties[f.name] = field(f, shapes, linked);
    if (f.type.endsWith('!')) required.push(f.name);
  }
  out.properties = properties;
  if (required.length > 0) out.required = required;
}

/**
 * A new object for keys that are names from the document (a type's fields). V8 gives an
 * object a hidden class per sequence of keys added to it, and thousands of types with field
 * names of their own made thousands of classes, whose garbage collection cost the conversion
 * 5% to 6% (N = 5,000: wall time pairwise 0.937, CPU time 0.948, 41 interleaved rounds). An
 * object that had a key deleted keeps its keys in a dictionary instead; `JSON.stringify`
 * prints it the same, keys in the order they were added (GraphQL names are never
 * integer-like).
 */
function nameKeyedObject(): JsonObject {
  const out: JsonObject = { _: null };
  delete out._;
  return out;
}

/**
 * `String.prototype.concat`, not `+` or a template: by the time a name gets here it has
 * been a property key, and V8 (11, Node 20) then holds it as a thin string, which the
 * optimized `+` joins into a two-byte rope. One such `$ref` made `JSON.stringify` write
 * the whole output two bytes a character (58 instead of 29 MB at N = 20,000); `concat`
 * looks through the thin string.
 */
function ref(name: string): string {
  return '#/definitions/'.concat(name);
}

// ---------------------------------------------------------------------------
// Fields

function field(f: FieldDef, shapes: Shapes, linked: boolean): JsonObject {
  const out: JsonObject = {};
  if (f.description !== undefined) out.description = f.description;
  const shape = shapeOf(f.type, shapes);
  writeStructure(out, shape.name, shape.lists);
  if (toFieldName(f.name) !== f.name) out['x-graphql-field-name'] = f.name;
  if (shape.exact) out['x-graphql-field-type'] = f.type;
  else if (shape.itemNonNull) out['x-graphql-field-list-item-non-null'] = true;
  if (f.args.length > 0) out['x-graphql-field-arguments'] = inputValues(f.args, linked);
  if (f.defaultValue !== undefined) out['x-graphql-default'] = f.defaultValue;
  if (f.directives.length > 0) {
    const split = splitFieldDirectives(f.directives, linked);
    writeAttributes(out, split.attributes);
    if (split.rest.length > 0) out['x-graphql-field-directives'] = directiveList(split.rest);
    if (f.directives.length > 1 && !sameOrder(f.directives, canonicalFieldDirectives(f.directives, linked))) {
      out['x-graphql-directive-order'] = f.directives.map((d) => d.name);
    }
  }
  return out;
}

/**
 * What a field's type expression says in JSON Schema: the named type, how many lists wrap
 * it, and whether the structure, `required` and `x-graphql-field-list-item-non-null` say
 * it exactly (they can say an outer `!` and a `!` on the items of the outer list, and not
 * `ID`, a string); otherwise the exact expression goes into `x-graphql-field-type`.
 */
interface Shape {
  name: string;
  lists: number;
  exact: boolean;
  itemNonNull: boolean;
}

/**
 * Shapes of list types by type expression, for one document: a document repeats its list
 * types over many fields, and parsing each again was about a tenth of reversing (issue #8).
 */
type Shapes = Map<string, Shape>;

function shapeOf(type: string, shapes: Shapes): Shape {
  // `Name` or `Name!` (most fields), without the memo: a document names thousands of
  // types, so these miss it as often as they hit (issue #8).
  if (type.charCodeAt(0) !== 0x5b /* [ */) {
    const name = type.charCodeAt(type.length - 1) === 0x21 /* ! */ ? type.slice(0, -1) : type;
    return { name, lists: 0, exact: name === 'ID', itemNonNull: false };
  }
  let shape = shapes.get(type);
  if (shape === undefined) {
    shape = computeShape(parseTypeExpr(type) as TypeExpr);
    shapes.set(type, shape);
  }
  return shape;
}

function computeShape(t: TypeExpr): Shape {
  let lists = 0;
  for (let cur = t; cur.kind !== 'name'; cur = (cur as { of: TypeExpr }).of) if (cur.kind === 'list') lists++;
  let core = t.kind === 'nonNull' ? t.of : t;
  let itemNonNull = false;
  if (core.kind === 'list') {
    core = core.of;
    if (core.kind === 'nonNull') {
      itemNonNull = true;
      core = core.of;
    }
  }
  let exact = false;
  while (core.kind !== 'name') {
    if (core.kind === 'nonNull') exact = true;
    core = (core as { of: TypeExpr }).of;
  }
  if (core.name === 'ID') exact = true;
  return { name: core.name, lists, exact, itemNonNull };
}

/**
 * The JSON Schema structure of a type, written into `out`: a built-in scalar as its JSON
 * type, a named type as a `$ref`, each list as an array of the items. Iterative: lists
 * can nest deep; built from the inside out.
 */
function writeStructure(out: JsonObject, name: string, lists: number): void {
  const scalar = SCALAR_TYPES[name];
  if (lists === 0) {
    if (scalar !== undefined) out.type = scalar;
    else out.$ref = ref(name);
    return;
  }
  let items: JsonObject = scalar !== undefined ? { type: scalar } : { $ref: ref(name) };
  for (let i = 1; i < lists; i++) items = { type: 'array', items };
  out.type = 'array';
  out.items = items;
}
