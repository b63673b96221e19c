/**
 * sdl-input-cycles: graphql-js's `validateInputObjectCircularRefs` without its recursion.
 * graphql-js follows the non-null input-object fields of an input type depth first, one
 * stack frame per link, so a chain or a cycle of a few thousand input types each requiring
 * the next overflows V8's stack (`Maximum call stack size exceeded`), where Rust, which
 * has the rule in sdl_own_rules.rs, answers (record 0042: no input overflows a stack).
 *
 * `withoutDeepInputChains` finds the problems graphql-js would report for cycles, with an
 * explicit stack, and, when some path of required input fields is long, gives graphql-js
 * a document in which those fields are nullable, so that its own walk stays shallow. The
 * two other rules of `validateSchema` that read whether an input field is non-null
 * (a required input field cannot be deprecated; a `@oneOf` field must be nullable) are
 * reported here for the fields made nullable, with graphql-js's messages and nodes.
 */
import type * as G from 'graphql';

/** Paths of required input fields up to this length are left to graphql-js. */
const SHALLOW = 500;

export interface CycleProblem {
  message: string;
  nodes: readonly G.ASTNode[];
}

interface InputType {
  name: string;
  oneOf: boolean;
  fields: G.InputValueDefinitionNode[];
}

/** The required input-object type a field names (`T!` where T is an input type), if any. */
function requiredInput(field: G.InputValueDefinitionNode, inputs: Map<string, InputType>): InputType | undefined {
  return field.type.kind === 'NonNullType' && field.type.type.kind === 'NamedType' ? inputs.get(field.type.type.name.value) : undefined;
}

/**
 * The document graphql-js should validate (`doc` itself, or a copy with the required
 * input-object fields made nullable when some path of them is longer than SHALLOW), and
 * the problems it then no longer finds itself.
 */
export function withoutDeepInputChains(doc: G.DocumentNode): { doc: G.DocumentNode; problems: CycleProblem[] } {
  const inputs = new Map<string, InputType>();
  const order: InputType[] = [];
  for (const def of doc.definitions) {
    if (def.kind !== 'InputObjectTypeDefinition' && def.kind !== 'InputObjectTypeExtension') continue;
    let input = inputs.get(def.name.value);
    if (input === undefined) {
      input = { name: def.name.value, oneOf: false, fields: [] };
      inputs.set(input.name, input);
      order.push(input);
    }
    if (def.kind === 'InputObjectTypeDefinition') input.oneOf = def.directives?.some((d) => d.name.value === 'oneOf') ?? false;
    input.fields.push(...(def.fields ?? []));
  }
  const problems: CycleProblem[] = [];
  let deepest = 0;
  // graphql-js's detectCycleRecursive over the input types in order, a frame per type.
  const visited = new Set<InputType>();
  const onPath = new Map<InputType, number>();
  const path: G.InputValueDefinitionNode[] = [];
  for (const root of order) {
    if (visited.has(root)) continue;
    const frames: Array<{ type: InputType; i: number }> = [];
    const enter = (type: InputType) => {
      visited.add(type);
      onPath.set(type, path.length);
      frames.push({ type, i: 0 });
      deepest = Math.max(deepest, frames.length);
    };
    enter(root);
    while (frames.length > 0) {
      const top = frames[frames.length - 1];
      if (top.i === top.type.fields.length) {
        onPath.delete(top.type);
        frames.pop();
        if (frames.length > 0) path.pop();
        continue;
      }
      const field = top.type.fields[top.i++];
      const next = requiredInput(field, inputs);
      if (next === undefined) continue;
      path.push(field);
      const start = onPath.get(next);
      if (start !== undefined) {
        const cycle = path.slice(start);
        problems.push({
          message: `Cannot reference Input Object "${next.name}" within itself through a series of non-null fields: "${cycle.map((f) => f.name.value).join('.')}".`,
          nodes: cycle,
        });
      }
      if (visited.has(next)) path.pop();
      else enter(next);
    }
  }
  if (deepest <= SHALLOW) return { doc, problems: [] };
  // The rules that read the non-null wrapper of the fields about to lose it.
  for (const input of order) {
    for (const field of input.fields) {
      if (requiredInput(field, inputs) === undefined) continue;
      const deprecated = field.directives?.find((d) => d.name.value === 'deprecated');
      const reason = deprecated?.arguments?.find((a) => a.name.value === 'reason');
      if (deprecated !== undefined && field.defaultValue === undefined && reason?.value.kind !== 'NullValue') {
        problems.push({ message: `Required input field ${input.name}.${field.name.value} cannot be deprecated.`, nodes: [deprecated, field.type] });
      }
      if (input.oneOf) problems.push({ message: `OneOf input field ${input.name}.${field.name.value} must be nullable.`, nodes: [field.type] });
    }
  }
  const nullable = (def: G.DefinitionNode): G.DefinitionNode => {
    if (def.kind !== 'InputObjectTypeDefinition' && def.kind !== 'InputObjectTypeExtension') return def;
    const fields = def.fields?.map((f) => (requiredInput(f, inputs) !== undefined && f.type.kind === 'NonNullType' ? { ...f, type: f.type.type } : f));
    return { ...def, fields };
  };
  return { doc: { ...doc, definitions: doc.definitions.map(nullable) }, problems };
}
