/**
 * The round trips of record 0028 over generated documents.
 *
 * (1) Generated SDL: every generated document is valid, converts to a JSON
 * Schema, and converts back to its canonical print. The generator covers every kind of definition, names the
 * forward sanitizer would change, wrappers at every depth, arguments with
 * defaults, literals of every kind (enum values, escapes, floats), attribute
 * directives that fit and that do not, repeatable directives, descriptions,
 * interfaces, unions and type extensions.
 *
 * (2) Generated JSON Schemas (the generator of properties.test.ts, plus
 * attribute and generic directives): whenever one converts to SDL, that SDL
 * converts to JSON and back to itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError, Converter, canonicalSdl } from '../src/index';
import { printString } from '../src/text';
import { graphqlJsProblems } from './support';

const TYPE_NAMES = ['User', 'my_type', 'HTTPThing', 'Node', 'Pet', '_Private', 'Order_Line', 'Cat', 'Dog', 'Thing2'];
const FIELD_NAMES = ['id', 'first_name', 'URL', 'aB', '_x', 'value', 'userID', 'name', 'total_sum'];
const ARG_NAMES = ['first', 'after', 'order_by', 'x'];
const VALUE_NAMES = ['ASC', 'DESC', 'in_progress', 'A1', '_hidden'];

/** Directives the generated documents declare (all repeatable, on every type-system location). */
const DECLARATIONS = `scalar J

directive @d(v: J) repeatable on SCHEMA | SCALAR | OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION

directive @key(fields: J, resolvable: J) repeatable on SCALAR | OBJECT | INTERFACE | UNION | ENUM | INPUT_OBJECT

directive @shareable repeatable on SCALAR | OBJECT | FIELD_DEFINITION | INTERFACE | UNION | ENUM | INPUT_OBJECT | INPUT_FIELD_DEFINITION

directive @external(reason: J) repeatable on FIELD_DEFINITION | INPUT_FIELD_DEFINITION

directive @requires(fields: J) repeatable on FIELD_DEFINITION | INPUT_FIELD_DEFINITION

directive @override(from: J, label: J) repeatable on FIELD_DEFINITION | INPUT_FIELD_DEFINITION
`;

const numberText = fc.oneof(
  fc.integer({ min: -100000, max: 100000 }).map(String),
  fc.constantFrom('1.0', '-0.5', '2e3', '1.5E-7', '0', '-0', '123456789012345678', '0.1'),
);

const stringText = fc
  .oneof(fc.string({ maxLength: 12 }), fc.constantFrom('a"b', 'back\\slash', 'tab\there', 'line\nbreak', 'é😀', ''))
  .map(printString);

const literal: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.constantFrom(...VALUE_NAMES),
    fc.array(tie('v'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    fc
      .uniqueArray(fc.tuple(fc.constantFrom('a', 'b_c', '__k', 'D'), tie('v')), { maxLength: 3, selector: ([k]) => k })
      .map((fields) => `{${fields.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
  ),
})).v;

const description = fc.option(
  fc.oneof(
    fc.string({ maxLength: 100 }).map(printString),
    fc.constantFrom('"""\nMulti\nline\n"""', '"""Block "quoted" text"""', '""', '"With \\"quotes\\""', '"""   indented\n   block"""'),
  ),
  { nil: undefined },
);

const applied = (location: 'type' | 'field' | 'other') => {
  const always = [fc.constant('@d'), literal.map((v) => `@d(v: ${v})`)];
  const typeOnly = [
    stringText.map((f) => `@key(fields: ${f})`),
    fc.tuple(stringText, fc.constantFrom('true', 'false')).map(([f, r]) => `@key(fields: ${f}, resolvable: ${r})`),
    stringText.map((f) => `@key(resolvable: false, fields: ${f})`),
    fc.constant('@shareable'),
  ];
  const fieldOnly = [
    fc.constant('@shareable'),
    fc.constant('@external'),
    stringText.map((r) => `@external(reason: ${r})`),
    stringText.map((f) => `@requires(fields: ${f})`),
    fc.constant('@requires(fields: 1)'),
    stringText.map((f) => `@override(from: ${f})`),
    stringText.map((f) => `@override(from: ${f}, label: "x")`),
    fc.constant('@deprecated'),
    stringText.map((r) => `@deprecated(reason: ${r})`),
  ];
  const choices = location === 'type' ? [...always, ...typeOnly] : location === 'field' ? [...always, ...fieldOnly] : always;
  // @deprecated is the only directive here that is not repeatable.
  return fc
    .array(fc.oneof(...choices), { maxLength: 3 })
    .map((list) => list.filter((d, i) => !d.startsWith('@deprecated') || list.findIndex((x) => x.startsWith('@deprecated')) === i))
    .map((list) => list.map((d) => ' ' + d).join(''));
};

type Kind = 'object' | 'interface' | 'input' | 'enum' | 'union' | 'scalar';

interface Plan {
  name: string;
  kind: Kind;
}

const wrap = (base: string) =>
  fc.tuple(fc.integer({ min: 0, max: 2 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 })).map(([depth, bangs]) => {
    let t = base + (bangs[0] ? '!' : '');
    for (let i = 1; i <= depth; i++) t = `[${t}]${bangs[i] ? '!' : ''}`;
    return t;
  });

/** A whole document: a plan of types, then each type's text. */
const documents = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...TYPE_NAMES), fc.constantFrom<Kind>('object', 'object', 'interface', 'input', 'enum', 'union', 'scalar')), {
    minLength: 1,
    maxLength: 6,
    selector: ([n]) => n,
  })
  .map((pairs) => pairs.map(([name, kind]) => ({ name, kind })))
  .filter((plan) => plan.some((p) => p.kind === 'object'))
  .chain((plan) => {
    const named = (kinds: Kind[]) => ['String', 'Int', 'Float', 'Boolean', 'ID', 'J', ...plan.filter((p) => kinds.includes(p.kind)).map((p) => p.name)];
    const outputType = fc.constantFrom(...named(['object', 'interface', 'union', 'enum', 'scalar'])).chain(wrap);
    const inputNames = new Set(plan.filter((p) => p.kind === 'input').map((p) => p.name));
    // An input may not reach itself through non-null fields: a bare input type stays nullable.
    const inputType = fc
      .constantFrom(...named(['input', 'enum', 'scalar']))
      .chain((base) => wrap(base).map((t) => (inputNames.has(base) && t === base + '!' ? base : t)));
    const args = fc
      .uniqueArray(
        fc.record({ name: fc.constantFrom(...ARG_NAMES), type: inputType, dflt: fc.option(literal, { nil: undefined }), dirs: applied('other'), desc: description }),
        { maxLength: 2, selector: (a) => a.name },
      )
      .map((list) =>
        list.length === 0
          ? ''
          : `(${list.map((a) => `${a.desc ? a.desc + ' ' : ''}${a.name}: ${a.type}${a.dflt !== undefined ? ` = ${a.dflt}` : ''}${a.dirs}`).join(', ')})`,
      );
    const fields = (input: boolean) =>
      fc.uniqueArray(
        fc.record({
          name: fc.constantFrom(...FIELD_NAMES),
          args: input ? fc.constant('') : args,
          type: input ? inputType : outputType,
          dflt: input ? fc.option(literal, { nil: undefined }) : fc.constant(undefined),
          dirs: applied('field'),
          desc: description,
        }),
        { minLength: 1, maxLength: 4, selector: (f) => f.name },
      );
    const interfaces = plan.filter((p) => p.kind === 'interface');
    const objects = plan.filter((p) => p.kind === 'object');
    const perType = plan.map((p) =>
      fc.record({
        desc: description,
        dirs: applied('type'),
        fields: fields(p.kind === 'input'),
        more: fields(p.kind === 'input'),
        extend: fc.boolean(),
        implementsList: p.kind === 'object' ? fc.subarray(interfaces, { maxLength: Math.min(1, interfaces.length) }) : fc.constant([] as Plan[]),
        members: fc.subarray(objects, { minLength: 1 }),
        values: fc.uniqueArray(fc.tuple(fc.constantFrom(...VALUE_NAMES), description, applied('other')), { minLength: 1, maxLength: 3, selector: ([v]) => v }),
      }),
    );
    return fc.tuple(fc.constant(plan), fc.tuple(...perType), fc.option(applied('other'), { nil: undefined }));
  })
  .map(([plan, parts, schemaDirs]) => {
    // Interface fields, for the objects that implement them.
    const interfaceFields = new Map<string, string[]>();
    const fieldLines = (fs: Array<{ name: string; args: string; type: string; dflt?: string; dirs: string; desc?: string }>) =>
      fs.map((f) => {
        // A required input field (non-null, and graphql-js ignores a default it cannot coerce) cannot be deprecated.
        const dirs = f.type.endsWith('!') ? f.dirs.replace(/ @deprecated(\(reason: "(?:[^"\\]|\\.)*"\))?/g, '') : f.dirs;
        return `  ${f.desc ? f.desc + '\n  ' : ''}${f.name}${f.args}: ${f.type}${f.dflt !== undefined ? ` = ${f.dflt}` : ''}${dirs}\n`;
      });
    // An interface's fields: its own, then the extra ones (in its definition or an extension).
    const allFields = (i: number) => {
      const seen = new Set(parts[i].fields.map((f) => f.name));
      return [...parts[i].fields, ...parts[i].more.filter((f) => !seen.has(f.name))];
    };
    plan.forEach((p, i) => {
      if (p.kind === 'interface') interfaceFields.set(p.name, fieldLines(allFields(i)));
    });
    const blocks: string[] = [DECLARATIONS];
    const extensions: string[] = [];
    plan.forEach((p, i) => {
      const part = parts[i];
      const head = part.desc ? part.desc + '\n' : '';
      switch (p.kind) {
        case 'scalar':
          blocks.push(`${head}scalar ${p.name}${part.dirs}${i % 2 === 0 ? ' @specifiedBy(url: "https://example.com/s")' : ''}\n`);
          break;
        case 'enum':
          blocks.push(`${head}enum ${p.name}${part.dirs} {\n${part.values.map(([v, d, dirs]) => `  ${d ? d + '\n  ' : ''}${v}${dirs}\n`).join('')}}\n`);
          break;
        case 'union':
          blocks.push(`${head}union ${p.name}${part.dirs} = ${part.members.map((m) => m.name).join(' | ')}\n`);
          break;
        default: {
          const keyword = p.kind === 'object' ? 'type' : p.kind === 'interface' ? 'interface' : 'input';
          const impl = part.implementsList.map((x) => x.name);
          // An implementing object starts with its interfaces' fields, then its own other fields.
          const names = new Set<string>();
          const inherited: string[] = [];
          for (const iface of impl) {
            allFields(plan.findIndex((x) => x.name === iface)).forEach((f, k) => {
              if (names.has(f.name)) return;
              names.add(f.name);
              inherited.push(interfaceFields.get(iface)![k]);
            });
          }
          const own = fieldLines(part.fields.filter((f) => !names.has(f.name)));
          for (const f of part.fields) names.add(f.name);
          const extra = part.more.filter((f) => !names.has(f.name));
          const implText = impl.length > 0 ? ` implements ${impl.join(' & ')}` : '';
          if (part.extend && extra.length > 0) {
            blocks.push(`${head}${keyword} ${p.name}${implText}${part.dirs} {\n${[...inherited, ...own].join('')}}\n`);
            extensions.push(`extend ${keyword} ${p.name} @d {\n${fieldLines(extra).join('')}}\n`);
          } else {
            blocks.push(`${head}${keyword} ${p.name}${implText}${part.dirs} {\n${[...inherited, ...own, ...fieldLines(extra)].join('')}}\n`);
          }
        }
      }
    });
    if (schemaDirs !== undefined && schemaDirs !== '') blocks.push(`extend schema${schemaDirs}\n`);
    return [...extensions.slice(0, 1), ...blocks, ...extensions.slice(1)].join('\n');
  });

describe('round trip (1) over generated SDL', () => {
  it('SDL -> JSON -> SDL is the canonical SDL, without warnings', () => {
    const converter = new Converter();
    fc.assert(
      fc.property(documents, (sdl) => {
        const json = converter.convert(sdl, 'graphql-to-json');
        const back = converter.convertWithWarnings(json);
        expect(back.warnings).toEqual([]);
        expect(back.output).toBe(canonicalSdl(sdl));
      }),
      { numRuns: Number(process.env.SDL_RUNS ?? 300) },
    );
  });
});

// ---------------------------------------------------------------------------
// (2) JSON -> SDL -> JSON -> SDL

const jsonNames = fc.constantFrom('id', 'user_name', 'HTTPStatus', 'userID', '2fa', 'a-b.c', '__proto__', 'x', 'Node', 'type');
const defNames = fc.constantFrom('User', 'user', 'user-profile', 'user_profile', 'string', 'Node', 'Pet', 'Cat', '1st', 'JSON');
/** Always defined, so most refs resolve. */
const refNames = fc.constantFrom('User', 'Node', 'user_profile');
const jsonDescriptions = fc.oneof(
  fc.string({ maxLength: 90 }),
  fc.constantFrom('multi\nline', '  indented\n  both', 'with """ quotes', 'trailing \n', 'é😀 ünï', ''),
);
const typeDirective = fc.constantFrom(
  { name: 'key', args: { fields: 'id' } },
  { name: 'key', args: { resolvable: false, fields: 'id' } },
  { name: 'shareable' },
  { name: 'tag', args: { name: 't' } },
  { name: 'audit', args: { level: { 'x-graphql-enum': 'HIGH' }, n: 1.5 } },
);
const fieldDirective = fc.constantFrom(
  { name: 'shareable' },
  { name: 'external' },
  { name: 'requires', args: { fields: 'id' } },
  { name: 'override', args: { from: 'a' } },
  { name: 'tag', args: { name: 't' } },
  { name: 'deprecated', args: { reason: 'old' } },
  { name: 'audit', args: { level: { 'x-graphql-enum': 'HIGH' }, n: 1.5 } },
);
/** Non-repeatable ones at most once. */
const directiveList = (entry: fc.Arbitrary<{ name: string }>) =>
  fc.uniqueArray(entry, { maxLength: 3, selector: (d) => (['shareable', 'tag', 'key', 'audit'].includes(d.name) ? JSON.stringify(d) : d.name) });
/** A field's directives: attributes only, generic ones only, or both with different names. */
const fieldExtras = fc.oneof(
  fc.record(
    {
      description: jsonDescriptions,
      'x-graphql-federation-shareable': fc.boolean(),
      'x-graphql-federation-external': fc.boolean(),
      'x-graphql-federation-requires': fc.constant('id'),
      'x-graphql-federation-override-from': fc.constant('legacy'),
      'x-graphql-field-arguments': fc.constant({ first: { type: 'Int', default: 10, directives: [{ name: 'deprecated' }] } }),
    },
    { requiredKeys: [] },
  ),
  fc.constant({}).chain(() => fc.record({ 'x-graphql-field-directives': directiveList(fieldDirective) })),
  fc.record({
    'x-graphql-federation-requires': fc.constant('id'),
    'x-graphql-field-directives': fc.shuffledSubarray([{ name: 'tag', args: { name: 't' } }, { name: 'external' }, { name: 'shareable' }, { name: 'deprecated' }]),
  }),
);
const jsonLeaf = fc.oneof(
  fc.record({ type: fc.constantFrom('string', 'integer', 'number', 'boolean', 'null') }),
  fc.record({ enum: fc.array(fc.oneof(fc.constantFrom('a', 'b c', '1x', 'true', 'A'), fc.constant(null)), { maxLength: 4 }) }),
  fc.constant({}),
  refNames.map((n) => ({ $ref: `#/definitions/${n}` })),
  fc.record({ type: fc.constant('string'), 'x-graphql-field-type': fc.constantFrom('DateTime', '[ID!]!', 'URL!', '[[Int!]]') }),
);
const jsonSchema = fc.letrec((tie) => ({
  prop: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // An inline enum's property is also its type's node: type attributes would land on the enum.
    fc.tuple(jsonLeaf, fieldExtras).map(([leaf, extra]) => ('enum' in leaf ? leaf : { ...leaf, ...extra })),
    fc.record({ type: fc.constant('array'), items: tie('prop') }),
    tie('object'),
    fc.record({ oneOf: fc.array(refNames.map((n) => ({ $ref: `#/definitions/${n}` })), { minLength: 1, maxLength: 3 }) }),
  ),
  object: fc.constantFrom('OBJECT', 'OBJECT', 'OBJECT', 'INTERFACE', 'INPUT_OBJECT').chain((kind) =>
    fc.record(
      {
        type: fc.constant('object'),
        description: jsonDescriptions,
        properties: fc.dictionary(jsonNames, tie('prop') as fc.Arbitrary<unknown>, { maxKeys: 5 }),
        required: fc.array(jsonNames, { maxLength: 3 }),
        'x-graphql-type-kind': fc.constant(kind),
        'x-graphql-implements': fc.array(fc.constant('Node'), { maxLength: 1 }),
      },
      { requiredKeys: ['type', 'properties', 'x-graphql-type-kind'] },
    ).map((o) => (kind === 'OBJECT' ? o : { ...o, properties: withoutObjectOnly(o.properties as Record<string, unknown>, kind) })),
  ),
}));

/** Input fields take no federation attributes or arguments; interface fields are not @shareable. */
function withoutObjectOnly(properties: Record<string, unknown>, kind: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(properties)) {
    if (typeof v !== 'object' || v === null) {
      out[k] = v;
      continue;
    }
    const p = { ...(v as Record<string, unknown>) };
    const drop = kind === 'INPUT_OBJECT'
      ? ['x-graphql-federation-shareable', 'x-graphql-federation-external', 'x-graphql-federation-requires', 'x-graphql-federation-override-from', 'x-graphql-field-arguments', 'x-graphql-field-directives']
      : [];
    for (const key of drop) delete p[key];
    Object.defineProperty(out, k, { value: p, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A top-level definition: an object with type-level attributes and directives that fit its kind. */
const fedObject = fc
  .tuple(jsonSchema.object, fc.constantFrom('id', ['id', 'x']), directiveList(typeDirective), fc.boolean())
  .map(([o, keys, directives, shareable]) => {
    const kind = (o as Record<string, unknown>)['x-graphql-type-kind'];
    if (kind === 'INPUT_OBJECT') return o;
    const out: Record<string, unknown> = { ...(o as Record<string, unknown>), 'x-graphql-federation-keys': keys };
    out['x-graphql-type-directives'] = kind === 'OBJECT' ? directives : directives.filter((d) => d.name !== 'shareable');
    if (kind === 'OBJECT') out['x-graphql-federation-shareable'] = shareable;
    return out;
  });

/** `Node` is always an interface (the one that may be implemented). */
const nodeInterface = fedObject.map((o) => {
  const out: Record<string, unknown> = { ...(o as Record<string, unknown>), 'x-graphql-type-kind': 'INTERFACE' };
  delete out['x-graphql-implements'];
  delete out['x-graphql-federation-shareable'];
  if (Array.isArray(out['x-graphql-type-directives'])) {
    out['x-graphql-type-directives'] = (out['x-graphql-type-directives'] as Array<{ name: string }>).filter((d) => d.name !== 'shareable');
  }
  return out;
});

const jsonDocuments = fc.record(
  {
    title: defNames,
    type: fc.constant('object'),
    properties: fc.dictionary(jsonNames, jsonSchema.prop as fc.Arbitrary<unknown>, { maxKeys: 4 }),
    definitions: fc
      .tuple(
        fc.record({ User: fedObject, Node: nodeInterface, user_profile: fc.oneof(fedObject, jsonSchema.prop) }),
        fc.dictionary(defNames, fc.oneof(fedObject, jsonSchema.prop) as fc.Arbitrary<unknown>, { maxKeys: 3 }),
      )
      .map(([fixed, more]) => ({ ...more, ...fixed })),
  },
  { requiredKeys: ['properties', 'definitions'] },
);

const jsonOptions = fc.record({
  inlineObjectThreshold: fc.integer({ min: 0, max: 4 }),
  descriptionBlockThreshold: fc.integer({ min: 0, max: 100 }),
  emitEmptyTypes: fc.boolean(),
  federationLink: fc.boolean(),
});

describe('round trip (2) over generated JSON Schemas', () => {
  it('JSON -> SDL -> JSON -> SDL gives the first SDL', () => {
    let converted = 0;
    fc.assert(
      fc.property(jsonDocuments, jsonOptions, (doc, opts) => {
        let first: string;
        try {
          first = new Converter(opts).convert(JSON.stringify(doc, null, 2));
        } catch (e) {
          expect(e).toBeInstanceOf(ConversionError);
          if (process.env.SDL_DEBUG) console.log((e as ConversionError).code, (e as ConversionError).message);
          return;
        }
        if (first === '') return;
        // Whatever the forward direction emits is valid SDL.
        expect(graphqlJsProblems(first, true)).toEqual([]);
        converted++;
        const print = { descriptionBlockThreshold: opts.descriptionBlockThreshold, federationLink: opts.federationLink };
        const json = new Converter().convert(first, 'graphql-to-json');
        const back = new Converter(print).convertWithWarnings(json);
        expect(back.warnings).toEqual([]);
        expect(back.output).toBe(first);
      }),
      { numRuns: Number(process.env.SDL_RUNS ?? 300), seed: Number(process.env.PROPERTY_SEED ?? 20261121) },
    );
    // The generator must reach conversions, not only errors.
    if (process.env.SDL_DEBUG) console.log(`converted ${converted}`);
    expect(converted).toBeGreaterThan(30);
  });
});
