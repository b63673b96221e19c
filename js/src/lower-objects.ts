/**
 * lower-objects: the part of lowering that gives an object, interface or input
 * type its fields: the properties merged with the `allOf` members (merge-all-of.ts),
 * names given by `x-graphql-field-name`, `@oneOf` inputs (record 0068), the
 * interfaces it implements; and each field's type, nullability (D4), arguments,
 * default and directives. Split out of lower.ts; Rust has them as a second
 * `impl Lowering` block, rust/src/lower_objects.rs.
 */
import { ErrorCodes } from './errors';
import { isObject, own, pointerJoin, type JsonObject, type JsonValue } from './load';
import { childLoc, type Loc } from './loc';
import { allowsNull, type Lowering } from './lower';
import { typeOf, type TypeContext } from './lower-types';
import { NameRegistry, isValidName, toFieldName } from './naming';
import { attr, flag, isRefConjunction, refOf } from './normalize';
import { descriptionOf, isOneOf } from './schema-shapes';
import type { DraftField, Slot, TypeFrom } from './slots';
import { JSON_SCALAR, MAX_LIST_NESTING, baseOf, listDepth, nonNull, nullable, parseTypeExpr, type TypeExpr } from './type-expr';

export function lowerObject(lw: Lowering, slot: Slot): void {
  const merged = lw.takeMerged({ loc: slot.loc, node: slot.node });
  const registry = new NameRegistry();
  const fields: Array<{ field: DraftField; explicit: boolean }> = [];
  const oneOf = slot.kind === 'input' && isOneOf(slot.node);
  for (const prop of merged.properties) {
    const schema = prop.schema;
    if (isObject(schema) && flag(schema, 'x-graphql-skip')) continue;
    let required = merged.required.has(prop.key);
    if (required && oneOf) {
      // Record 0068: exactly one field of a @oneOf input is given, so none is required.
      required = false;
      lw.warn(ErrorCodes.ONE_OF_REQUIRED, `required lists ${JSON.stringify(prop.key)}, but the fields of a @oneOf input are nullable: ignored`, requiredEntry(slot, prop.key) ?? prop.loc);
    }
    const explicitName = isObject(schema) ? attr(schema, 'x-graphql-field-name') : undefined;
    if (typeof explicitName === 'string') {
      const at = { source: prop.loc.source, pointer: pointerJoin(prop.loc.pointer, 'x-graphql-field-name') };
      if (!isValidName(explicitName)) lw.fail(ErrorCodes.INVALID_NAME, `"${explicitName}" is not a valid GraphQL name`, at);
      if (!registry.reserve(explicitName)) lw.fail(ErrorCodes.DUPLICATE_NAME, `field name ${explicitName} is used twice`, at);
    }
    fields.push({ field: lowerField(lw, slot, prop.key, prop.loc, schema, required, oneOf), explicit: typeof explicitName === 'string' });
  }
  for (const f of fields) if (!f.explicit) f.field.name = registry.claim(f.field.name);
  slot.fields = fields.map((f) => f.field);
  if (slot.fields.length === 0) {
    slot.fields.push({ name: '_empty', args: [], type: { kind: 'name', name: 'Boolean' }, directives: [], loc: slot.loc, typeFrom: 'property' });
  }
  if (slot.kind === 'input') return;
  const implementsList = attr(slot.node, 'x-graphql-implements');
  if (Array.isArray(implementsList)) {
    implementsList.forEach((name, i) => {
      if (typeof name === 'string') {
        slot.interfaceNames.push({ name, loc: { source: slot.loc.source, pointer: pointerJoin(slot.loc.pointer, 'x-graphql-implements', i) } });
      }
    });
  }
  for (const member of merged.refMembers) {
    const t = lw.followRefs(member);
    if (lw.classify(t) === 'interface') {
      slot.interfaceSlots.push(lw.slotFor(t, 'interface', slot, lw.baseNameFor(t)));
    }
  }
}

export function lowerField(lw: Lowering, owner: Slot, key: string, loc: Loc, schema: JsonValue, required: boolean, oneOf: boolean): DraftField {
  const node: JsonObject = isObject(schema) ? schema : {};
  const input = owner.kind === 'input';
  const ctx: TypeContext = { owner, key, input };
  const explicitType = attr(node, 'x-graphql-field-type');
  let type: TypeExpr;
  let schemaNull = false;
  let explicitNonNull = false;
  let branchTypes: TypeExpr[] | undefined;
  if (typeof explicitType === 'string') {
    const parsed = parseTypeExpr(explicitType);
    if (!parsed) {
      lw.fail(ErrorCodes.FIELD_TYPE_SYNTAX, `"${explicitType}" is not a GraphQL type expression`, {
        source: loc.source,
        pointer: pointerJoin(loc.pointer, 'x-graphql-field-type'),
      });
    }
    type = parsed;
    explicitNonNull = parsed.kind === 'nonNull';
    schemaNull = allowsNull(node);
  } else {
    lw.jsonReason = undefined;
    lw.jsonBranches = undefined;
    const info = typeOf(lw, schema, loc, ctx);
    type = info.type;
    schemaNull = info.nullable;
    const base = baseOf(type);
    if (base.kind === 'name' && base.name === JSON_SCALAR) {
      lw.jsonFields.push({ reason: lw.jsonReason ?? 'untyped', loc });
      branchTypes = lw.jsonBranches;
    }
  }
  if (flag(node, 'x-graphql-field-list-item-non-null') && type.kind !== 'nonNull' && type.kind === 'list') {
    type = { kind: 'list', of: nonNull(type.of) };
  } else if (flag(node, 'x-graphql-field-list-item-non-null') && type.kind === 'nonNull' && type.of.kind === 'list') {
    type = nonNull({ kind: 'list', of: nonNull(type.of.of) });
  }
  type = applyNullability(node, type, schemaNull, required);
  if (oneOf && type.kind === 'nonNull') {
    // Record 0068: what made it non-null is an attribute (`required` was set aside).
    const attribute = explicitNonNull ? 'x-graphql-field-type' : 'x-graphql-field-non-null';
    lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, `a field of a @oneOf input is nullable; ${attribute} makes it non-null`, childLoc(loc, attribute));
  }
  if (listDepth(type) > MAX_LIST_NESTING) {
    const at = typeof explicitType === 'string' ? { source: loc.source, pointer: pointerJoin(loc.pointer, 'x-graphql-field-type') } : loc;
    lw.fail(ErrorCodes.TOO_DEEP, `a type nests lists more than ${MAX_LIST_NESTING} levels deep`, at);
  }
  const args = lw.directives.fieldArguments(node, loc, input);
  const defaultValue = lw.directives.fieldDefault(node, loc, input);
  const name = typeof attr(node, 'x-graphql-field-name') === 'string' ? (node['x-graphql-field-name'] as string) : toFieldName(key);
  const directives = lw.directives.forField(node, loc, input ? 'INPUT_FIELD_DEFINITION' : 'FIELD_DEFINITION');
  if (oneOf && defaultValue !== undefined) {
    lw.fail(ErrorCodes.ATTRIBUTE_SCOPE, 'a field of a @oneOf input has no default value', childLoc(loc, 'x-graphql-default'));
  }
  const directiveOrder = lw.directiveOrder(node, loc, directives, 'field');
  const typeFrom: TypeFrom =
    typeof explicitType === 'string' ? 'fieldType' : refOf(node) !== undefined && !isRefConjunction(node, loc.source.draft) ? 'ref' : 'property';
  const description = descriptionOf(node);
  // The description is in the literal, as in assemble.ts `field` (a key added later goes
  // to a store of its own); no `...(cond ? { key } : {})` in a literal, which takes V8's
  // slow path on Node 20 (~1 µs a field). The rare keys are added after.
  const field: DraftField =
    description === undefined ? { name, args, type, directives, loc, typeFrom } : { name, args, type, directives, loc, typeFrom, description };
  if (defaultValue !== undefined) field.defaultValue = defaultValue;
  if (directiveOrder !== undefined) field.directiveOrder = directiveOrder;
  if (branchTypes !== undefined) field.branchTypes = branchTypes;
  if (input) {
    const at = { source: loc.source, pointer: pointerJoin(loc.pointer, 'x-graphql-field-directives') };
    const deprecatedAt = lw.directives.requiredDeprecation(type, defaultValue, attr(node, 'x-graphql-field-directives'), at, 'input field');
    if (deprecatedAt !== undefined) field.deprecatedAt = deprecatedAt;
  }
  return field;
}

/** The place of `key` in a type's own `required`, if it is listed there (not only in an `allOf` member). */
function requiredEntry(slot: Slot, key: string): Loc | undefined {
  const list = own(slot.node, 'required');
  const i = Array.isArray(list) ? list.indexOf(key) : -1;
  return i < 0 ? undefined : childLoc(slot.loc, 'required', i);
}

/** D4: first match wins. */
function applyNullability(node: JsonObject, type: TypeExpr, schemaNull: boolean, required: boolean): TypeExpr {
  if (flag(node, 'x-graphql-nullable')) return nullable(type);
  if (flag(node, 'x-graphql-field-non-null') || type.kind === 'nonNull') return nonNull(type);
  if (schemaNull) return type;
  return required ? nonNull(type) : type;
}
