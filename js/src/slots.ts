/**
 * Type slots: one per schema node that becomes a named GraphQL type.
 *
 * A slot is keyed by where its node sits (source + JSON pointer), so every
 * `$ref` to the same node, and the node's own position, share one type.
 * Slots are created in document order; a slot created while another is being
 * lowered becomes its child and prints right after it (D15). Names are given
 * after all slots exist (D3), which is why drafts hold `TypeExpr`s.
 */
import type { AppliedDirective, EnumValueDef } from './ir';
import { pointerJoin, type JsonObject, type JsonValue } from './load';
import type { Loc } from './loc';
import type { TypeExpr } from './type-expr';

export type SlotKind = 'object' | 'interface' | 'input' | 'union' | 'enum' | 'scalar';

export interface DraftInputValue {
  name: string;
  description?: string;
  type: TypeExpr;
  defaultValue?: JsonValue;
  directives: readonly AppliedDirective[];
  /** A non-null one's `@deprecated` entry, checked against its default by default-values.ts. */
  deprecatedAt?: Loc;
  /** Where the default is written, for default-values.ts (record 0030). */
  defaultAt?: Loc;
  /** Where its `@fromContext` is given (`fromContext`, or the entry of `directives`), for field-set.ts (record 0084). */
  fromContextAt?: Loc;
}

export interface DraftField {
  name: string;
  description?: string;
  args: readonly DraftInputValue[];
  type: TypeExpr;
  /** Input fields only (`x-graphql-default`). */
  defaultValue?: JsonValue;
  directives: readonly AppliedDirective[];
  /** A non-null input field's `@deprecated` entry, checked against its default by default-values.ts. */
  deprecatedAt?: Loc;
  /** Where the property sits, for diagnostics. */
  loc: Loc;
  /** What gave the field its type, for diagnostics (`typeLoc`). */
  typeFrom: TypeFrom;
  /** `x-graphql-directive-order` (record 0076): the directives in this order, by name. */
  directiveOrder?: readonly string[];
  /** `mixedUnions: "types"` (record 0085): the branches' types, named in the description. */
  branchTypes?: readonly TypeExpr[];
}

/**
 * What gave a field its type: the property's own schema, `x-graphql-field-type`, or its `$ref`.
 * Kept instead of its loc, which is built only for an error.
 */
export type TypeFrom = 'property' | 'fieldType' | 'ref';

/** Where a field's type was given: `x-graphql-field-type`, `$ref`, or the property. */
export function typeLoc(field: DraftField): Loc {
  const { loc } = field;
  switch (field.typeFrom) {
    case 'property':
      return loc;
    case 'fieldType':
      return { source: loc.source, pointer: pointerJoin(loc.pointer, 'x-graphql-field-type') };
    case 'ref':
      return { source: loc.source, pointer: pointerJoin(loc.pointer, '$ref') };
  }
}

export interface NameRef {
  name: string;
  loc: Loc;
}

export interface Slot {
  /** Where the node sits; its `locKey` is the slot's key, and the ref text hashed by `refNaming: hash` (assemble.ts). */
  loc: Loc;
  node: JsonObject;
  kind: SlotKind;
  /** A verbatim name (x-graphql-type-name, legacy x-graphql-type, x-graphql-scalar.name). */
  explicit?: NameRef;
  /** The generated name before collision handling; called in naming order. */
  base: () => string;
  children: Slot[];
  /** The final name, set by naming. */
  name: string;
  description?: string;
  directives: AppliedDirective[];
  fields: DraftField[];
  /** Interfaces by name (x-graphql-implements) and by ref (allOf), resolved after naming. */
  interfaceNames: NameRef[];
  interfaceSlots: Slot[];
  interfaces: Slot[];
  /** Union members by name (x-graphql-union-types) and by ref (oneOf/anyOf). */
  memberNames: NameRef[];
  memberSlots: Array<{ slot: Slot | undefined; loc: Loc }>;
  members: Slot[];
  values: EnumValueDef[];
  /** `x-graphql-extends` (record 0076): printed `extend type` / `extend interface` / `extend input`. */
  extension: boolean;
  /** `x-graphql-directive-order` (record 0076): the type's directives in this order, by name. */
  directiveOrder: readonly string[] | undefined;
}

export function newSlot(init: Pick<Slot, 'loc' | 'node' | 'kind' | 'base'> & { explicit?: NameRef }): Slot {
  // Built property by property, never as `{ ...init, children: [], ... }`: on Node 20 (V8 11)
  // an object spread followed by more properties makes a fresh hidden class every time,
  // about 10 µs a slot (bench-corpus N = 5,000: 0.3 s of the conversion).
  const slot: Slot = {
    loc: init.loc,
    node: init.node,
    kind: init.kind,
    base: init.base,
    children: [],
    name: '',
    directives: [],
    fields: [],
    interfaceNames: [],
    interfaceSlots: [],
    interfaces: [],
    memberNames: [],
    memberSlots: [],
    members: [],
    values: [],
    extension: false,
    directiveOrder: undefined,
  };
  if (init.explicit !== undefined) slot.explicit = init.explicit;
  return slot;
}
