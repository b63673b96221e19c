/**
 * fast-check arbitraries for the converter's inputs, shared by the parity
 * runner (parity/run.ts) and the property tests (js/test/properties.test.ts,
 * js/test/reverse-properties.test.ts).
 *
 * - `jsonCases`: x-graphql-annotated JSON Schemas as text, with converter
 *   options. They reach every attribute of the catalog, every option and root
 *   override: nested and inline objects around the inline threshold, `$ref`
 *   chains, cycles and file refs, `definitions` and `$defs`, unions,
 *   interfaces implementing interfaces, enums with odd values, inputs,
 *   arguments, directives with every JSON value kind, federation attributes,
 *   descriptions with quotes, backslashes, unicode and newlines around the
 *   block threshold, names with digits, separators and collisions,
 *   integer-like keys (`"200"`) in any position, duplicate keys, numbers such
 *   as `1.0` and `1e21`, several text layouts (indent, CRLF, \u escapes), and
 *   invalid inputs on purpose (broken text, bad attribute values).
 * - `sdlCases`: SDL documents for the reverse direction, valid and not.
 * - The generators the property tests were written with (`simpleDocuments`,
 *   `sdlDocuments`, `roundTripDocuments`, ...), unchanged.
 *
 * Options may name `$WORLD`: the runner replaces it with a folder holding
 * WORLD_FILES (the files that file `$ref`s reach).
 */
import fc from 'fast-check';
import { printString } from '../js/src/text';

// ===========================================================================
// Moved from js/test/properties.test.ts (the converter properties): small JSON
// Schemas with names, descriptions, refs and kinds.
// ===========================================================================

const simpleNames = fc.constantFrom('id', 'user_name', 'HTTPStatus', 'userID', '2fa', 'a-b.c', '__proto__', 'constructor', '200', 'x', 'Node', 'type');
const simpleDefNames = fc.constantFrom('User', 'user', 'user-profile', 'user_profile', 'string', 'Node', 'Pet', 'Cat', '1st', 'JSON');
const simpleDescriptions = fc.oneof(
  fc.string({ maxLength: 90 }),
  fc.constantFrom('multi\nline', '  indented\n  both', 'with """ quotes', 'trailing \n', 'é😀 ünï', ''),
);

const simpleLeaf = fc.oneof(
  fc.record({ type: fc.constantFrom('string', 'integer', 'number', 'boolean', 'null') }),
  fc.record({ type: fc.constant(['string', 'null']) }),
  fc.record({ enum: fc.array(fc.oneof(fc.constantFrom('a', 'b c', '1x', 'true', 'A'), fc.constant(null)), { maxLength: 4 }) }),
  fc.record({ const: fc.oneof(fc.integer(), fc.string(), fc.boolean()) }),
  fc.constant({}),
  simpleDefNames.map((n) => ({ $ref: `#/definitions/${n}` })),
  fc.record({ type: fc.constant('string'), 'x-graphql-field-type': fc.constantFrom('DateTime', '[ID!]!', 'URL!', 'String') }),
  // Record 0082: formats, mapped or not by the formatScalars option.
  fc.record({ type: fc.constantFrom('string', 'integer', 'number'), format: fc.constantFrom('date-time', 'uuid', 'email', 'int64', 'uint32', 'double') }),
  // Record 0081: documented enums (string consts and one-value enums, with descriptions and deprecation).
  fc.record({
    oneOf: fc.array(
      fc.oneof(
        fc.record(
          { const: fc.constantFrom('a', 'b c', '1x', 'A', 'in-review'), description: simpleDescriptions, deprecated: fc.boolean() },
          { requiredKeys: ['const'] },
        ),
        fc.record({ enum: fc.constantFrom(['a'], ['B'], ['x-y']), type: fc.constant('string') }),
        fc.constant({ type: 'null' }),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  // Record 0080: a `$ref` with keywords beside it (an object under 2020-12, ignored with a warning before).
  fc.record({
    $ref: simpleDefNames.map((n) => `#/definitions/${n}`),
    properties: fc.dictionary(simpleNames, fc.record({ type: fc.constantFrom('string', 'integer') }), { maxKeys: 2 }),
    enum: fc.constant(['a']),
  }, { requiredKeys: ['$ref'] }),
);

const simpleSchema = fc.letrec((tie) => ({
  prop: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    simpleLeaf,
    fc.record({ type: fc.constant('array'), items: tie('prop') }),
    tie('object'),
    fc.record({ oneOf: fc.array(simpleDefNames.map((n) => ({ $ref: `#/definitions/${n}` })), { minLength: 1, maxLength: 3 }) }),
    // Record 0081: unions of inline objects, mixed with refs, null and annotation-only branches.
    fc.record({
      anyOf: fc.array(
        fc.oneof(
          tie('object'),
          simpleDefNames.map((n) => ({ $ref: `#/definitions/${n}` })),
          fc.record({ title: simpleDefNames, properties: fc.dictionary(simpleNames, simpleLeaf as fc.Arbitrary<unknown>, { minKeys: 1, maxKeys: 2 }) }),
          fc.constantFrom({ type: 'null' }, { type: 'object', description: 'anything' }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  ),
  object: fc.record(
    {
      type: fc.constant('object'),
      description: simpleDescriptions,
      properties: fc.dictionary(simpleNames, tie('prop') as fc.Arbitrary<unknown>, { maxKeys: 5 }),
      required: fc.array(simpleNames, { maxLength: 3 }),
      'x-graphql-type-kind': fc.constantFrom('OBJECT', 'INTERFACE', 'INPUT_OBJECT'),
      'x-graphql-implements': fc.array(simpleDefNames, { maxLength: 2 }),
      'x-graphql-federation-keys': fc.constantFrom('id', ['id', 'x']),
    },
    { requiredKeys: ['type', 'properties'] },
  ),
}));

export const simpleDocuments = fc.record(
  {
    // Record 0080: the draft decides what a `$ref` beside other keywords means.
    $schema: fc.constantFrom('https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#'),
    title: simpleDefNames,
    type: fc.constant('object'),
    properties: fc.dictionary(simpleNames, simpleSchema.prop as fc.Arbitrary<unknown>, { maxKeys: 4 }),
    definitions: fc.dictionary(simpleDefNames, fc.oneof(simpleSchema.object, simpleSchema.prop) as fc.Arbitrary<unknown>, { maxKeys: 5 }),
  },
  { requiredKeys: ['properties', 'definitions'] },
);

export const simpleOptions = fc.record({
  inlineObjectThreshold: fc.integer({ min: 0, max: 4 }),
  descriptionBlockThreshold: fc.integer({ min: 0, max: 100 }),
  emitEmptyTypes: fc.boolean(),
  refNaming: fc.constantFrom('basename' as const, 'hash' as const),
  formatScalars: fc.constantFrom({}, { 'date-time': 'DateTime', uuid: 'ID', int64: 'BigInt' }, { email: 'Email', 'date-time': 'JSON' }),
});

// ===========================================================================
// Moved from js/test/reverse-properties.test.ts: (1) valid SDL documents of
// every definition kind, (2) JSON Schemas whose SDL round-trips.
// ===========================================================================

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
  // @deprecated is not repeatable, and federation allows @shareable once per declaration.
  const once = (d: string) => (d.startsWith('@deprecated') ? '@deprecated' : d === '@shareable' ? '@shareable' : undefined);
  return fc
    .array(fc.oneof(...choices), { maxLength: 3 })
    .map((list) => list.filter((d, i) => once(d) === undefined || list.findIndex((x) => once(x) === once(d)) === i))
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
export const sdlDocuments = fc
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
    const kinds = new Map(plan.map((p) => [p.name, p.kind]));
    // A default coerces to its type (record 0030): any literal for a custom scalar, `null` or
    // `[]` alone where the values of an enum or input object are not known yet.
    const valueFor = (type: string): fc.Arbitrary<string> | undefined => {
      const nonNull = type.endsWith('!');
      const bare = nonNull ? type.slice(0, -1) : type;
      let value: fc.Arbitrary<string> | undefined;
      if (bare.startsWith('[')) {
        const itemType = bare.slice(1, -1);
        const item = valueFor(itemType);
        // A single value stands for a list of it, but `null` is no list.
        // (Only for items that are not lists: a list would be read as the outer list.)
        const single = itemType.startsWith('[') ? undefined : valueFor(itemType.endsWith('!') ? itemType : itemType + '!');
        const list = item === undefined ? fc.constant('[]') : fc.array(item, { maxLength: 2 }).map((items) => `[${items.join(', ')}]`);
        value = single === undefined ? list : fc.oneof(single, list);
      } else {
        value = {
          Int: fc.integer({ min: -100000, max: 100000 }).map(String),
          Float: numberText,
          String: stringText,
          Boolean: fc.constantFrom('true', 'false'),
          ID: fc.oneof(stringText, fc.integer({ min: 0, max: 100000 }).map(String)),
        }[bare];
        // Not a list: inside a list type, a list would be read as the list's own items.
        if (bare === 'J' || kinds.get(bare) === 'scalar') value = literal.filter((v) => !v.startsWith('[') && (!nonNull || v !== 'null'));
      }
      if (nonNull) return value;
      return value === undefined ? fc.constant('null') : fc.oneof(value, fc.constant('null'));
    };
    const typeAndDefault = inputType.chain((type) => {
      const value = valueFor(type);
      return fc.record({ type: fc.constant(type), dflt: value === undefined ? fc.constant(undefined) : fc.option(value, { nil: undefined }) });
    });
    const args = fc
      .uniqueArray(
        fc
          .record({ name: fc.constantFrom(...ARG_NAMES), typed: typeAndDefault, dirs: applied('other'), desc: description })
          .map(({ typed, ...rest }) => ({ ...rest, ...typed })),
        { maxLength: 2, selector: (a) => a.name },
      )
      .map((list) =>
        list.length === 0
          ? ''
          : `(${list.map((a) => `${a.desc ? a.desc + ' ' : ''}${a.name}: ${a.type}${a.dflt !== undefined ? ` = ${a.dflt}` : ''}${a.dirs}`).join(', ')})`,
      );
    const fields = (input: boolean) =>
      fc.uniqueArray(
        fc
          .record({
            name: fc.constantFrom(...FIELD_NAMES),
            args: input ? fc.constant('') : args,
            typed: input ? typeAndDefault : outputType.map((type) => ({ type, dflt: undefined as string | undefined })),
            dirs: applied('field'),
            desc: description,
          })
          .map(({ typed, ...rest }) => ({ ...rest, ...typed })),
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

/**
 * Federation subgraphs (records 0076, 0077): orphan `extend type` / `extend interface` /
 * `extend input` of types other subgraphs define (`extend type Query` alone too), further
 * extensions of them, and directives in mixed orders, attribute ones (`@key`,
 * `@shareable`, `@external`, `@requires`) among the others.
 */
export const subgraphDocuments = fc
  .record({
    orphanUser: fc.boolean(),
    userDirs: fc.shuffledSubarray(['@tag(name: "u")', '@custom', '@shareable'], { maxLength: 3 }),
    keyAt: fc.nat(3),
    nameDirs: fc.shuffledSubarray(['@shareable', '@custom', '@tag(name: "n")', '@deprecated'], { maxLength: 3 }),
    requiresDirs: fc.shuffledSubarray(['@custom', '@tag(name: "r")'], { maxLength: 2 }),
    requiresAt: fc.nat(2),
    orphanQuery: fc.boolean(),
    orphanNode: fc.boolean(),
    orphanFilter: fc.boolean(),
    secondExtension: fc.boolean(),
    reviewDirs: fc.shuffledSubarray(['@custom', '@key(fields: "id")', '@key(resolvable: false, fields: "body")'], { maxLength: 3 }),
  })
  .map((g) => {
    const insert = (list: string[], at: number, d: string) => [...list.slice(0, at), d, ...list.slice(at)];
    const dirs = (list: string[]) => list.map((d) => ' ' + d).join('');
    const userDirs = insert(g.userDirs, Math.min(g.keyAt, g.userDirs.length), '@key(fields: "id")');
    const requires = insert(g.requiresDirs, Math.min(g.requiresAt, g.requiresDirs.length), '@requires(fields: "weight")');
    const blocks = [
      'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable", "@external", "@requires", "@tag"])\n',
      'directive @custom repeatable on OBJECT | FIELD_DEFINITION | INTERFACE | INPUT_OBJECT\n',
      `${g.orphanQuery ? 'extend type' : 'type'} Query {\n  reviews(filter: Filter): [Review]\n}\n`,
      `${g.orphanUser ? 'extend type' : 'type'} User${dirs(userDirs)} {\n  id: ID!${g.orphanUser ? ' @external' : ''}\n  name: String${dirs(g.nameDirs)}\n  weight: Int @external\n  shipping: Int${dirs(requires)}\n}\n`,
      `type Review${dirs(g.reviewDirs)} {\n  id: ID!\n  body: String\n  author: User\n}\n`,
      `${g.orphanNode ? 'extend interface' : 'interface'} Node @custom {\n  id: ID!\n}\n`,
      `${g.orphanFilter ? 'extend input' : 'input'} Filter {\n  minRating: Int = 1\n}\n`,
    ];
    if (g.secondExtension) blocks.push('extend type User @custom {\n  age: Int @custom @shareable\n}\n');
    return blocks.join('\n');
  });

const jsonNames = fc.constantFrom('id', 'user_name', 'HTTPStatus', 'userID', '2fa', 'a-b.c', '__proto__', 'x', 'Node', 'type');
const rtDefNames = fc.constantFrom('User', 'user', 'user-profile', 'user_profile', 'string', 'Node', 'Pet', 'Cat', '1st', 'JSON');
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
  // record 0075: later federation names, federation's in these federated documents
  { name: 'authenticated' },
  { name: 'requiresScopes', args: { scopes: [['read'], ['admin', 'audit']] } },
);
const fieldDirective = fc.constantFrom(
  { name: 'shareable' },
  { name: 'external' },
  { name: 'requires', args: { fields: 'id' } },
  { name: 'override', args: { from: 'a' } },
  { name: 'tag', args: { name: 't' } },
  { name: 'deprecated', args: { reason: 'old' } },
  { name: 'audit', args: { level: { 'x-graphql-enum': 'HIGH' }, n: 1.5 } },
  { name: 'cost', args: { weight: 2 } },
  { name: 'policy', args: { policies: [['owner']] } },
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
      'x-graphql-federation-override-label': fc.constant('percent(5)'),
      'x-graphql-federation-inaccessible': fc.boolean(),
      'x-graphql-federation-tags': fc.constantFrom(['a'], ['a', 'b']),
      'x-graphql-federation-authenticated': fc.boolean(),
      'x-graphql-federation-requires-scopes': fc.constant([['read']]),
      'x-graphql-federation-cost': fc.constant(3),
      'x-graphql-field-arguments': fc.constant({ first: { type: 'Int', default: 10, directives: [{ name: 'deprecated' }] } }),
    },
    { requiredKeys: [] },
  ).map((o) => {
    // A label only with the @override it labels (record 0075).
    if (o['x-graphql-federation-override-from'] === undefined) delete o['x-graphql-federation-override-label'];
    return o;
  }),
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

/** Federation refuses these on interfaces and their fields (record 0075). */
const INTERFACE_REFUSED = new Set(['authenticated', 'requiresScopes', 'policy', 'cost']);

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
      ? ['x-graphql-federation-shareable', 'x-graphql-federation-external', 'x-graphql-federation-requires', 'x-graphql-federation-override-from', 'x-graphql-federation-override-label', 'x-graphql-federation-authenticated', 'x-graphql-federation-requires-scopes', 'x-graphql-field-arguments', 'x-graphql-field-directives']
      : // Federation refuses authorization and @cost on interface fields (record 0075).
        ['x-graphql-federation-authenticated', 'x-graphql-federation-requires-scopes', 'x-graphql-federation-cost'];
    for (const key of drop) delete p[key];
    if (kind === 'INTERFACE' && Array.isArray(p['x-graphql-field-directives'])) {
      p['x-graphql-field-directives'] = (p['x-graphql-field-directives'] as Array<{ name: string }>).filter((d) => !INTERFACE_REFUSED.has(d.name));
    }
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
    out['x-graphql-type-directives'] = kind === 'OBJECT' ? directives : directives.filter((d) => d.name !== 'shareable' && !INTERFACE_REFUSED.has(d.name));
    if (kind === 'OBJECT') out['x-graphql-federation-shareable'] = shareable;
    return out;
  });

/** `Node` is always an interface (the one that may be implemented). */
const nodeInterface = fedObject.map((o) => {
  const out: Record<string, unknown> = { ...(o as Record<string, unknown>), 'x-graphql-type-kind': 'INTERFACE' };
  delete out['x-graphql-implements'];
  delete out['x-graphql-federation-shareable'];
  if (Array.isArray(out['x-graphql-type-directives'])) {
    out['x-graphql-type-directives'] = (out['x-graphql-type-directives'] as Array<{ name: string }>).filter((d) => d.name !== 'shareable' && !INTERFACE_REFUSED.has(d.name));
  }
  if (typeof out.properties === 'object' && out.properties !== null) out.properties = withoutObjectOnly(out.properties as Record<string, unknown>, 'INTERFACE');
  return out;
});

export const roundTripDocuments = fc.record(
  {
    title: rtDefNames,
    type: fc.constant('object'),
    properties: fc.dictionary(jsonNames, jsonSchema.prop as fc.Arbitrary<unknown>, { maxKeys: 4 }),
    definitions: fc
      .tuple(
        fc.record({ User: fedObject, Node: nodeInterface, user_profile: fc.oneof(fedObject, jsonSchema.prop) }),
        fc.dictionary(rtDefNames, fc.oneof(fedObject, jsonSchema.prop) as fc.Arbitrary<unknown>, { maxKeys: 3 }),
      )
      .map(([fixed, more]) => ({ ...more, ...fixed })),
  },
  { requiredKeys: ['properties', 'definitions'] },
).map(federationConsistent);

const FIELD_SET_ONLY = new Set(['requires', 'provides', 'external']);

/**
 * Record 0073: a federated output must build with `buildSubgraphSchema`, which the
 * generated `requires: "id"` and `@external` rarely allow (the field is not external,
 * or nothing uses it), and neither a key on `Node` whose implementations lack it. So
 * that these documents still reach conversions, every keyed type (and `Node`) gets
 * `String` fields `id` and `x` (the keys name them), `Node` has no key, and `requires` /
 * `external` are left out (the other JSON generators keep them; fixtures 280-299 cover
 * them). A copy: fast-check may hand out a generated value again.
 */
function federationConsistent<T>(generated: T): T {
  const doc = structuredClone(generated) as Record<string, unknown>;
  const definitions = (doc.definitions ?? {}) as Record<string, unknown>;
  for (const [name, def] of Object.entries(definitions)) {
    if (typeof def !== 'object' || def === null) continue;
    const d = def as Record<string, unknown>;
    if (name === 'Node') {
      delete d['x-graphql-federation-keys'];
      if (Array.isArray(d['x-graphql-type-directives'])) {
        d['x-graphql-type-directives'] = (d['x-graphql-type-directives'] as Array<{ name: string }>).filter((x) => x.name !== 'key');
      }
    }
    const keyed = d['x-graphql-federation-keys'] !== undefined || name === 'Node'
      || (Array.isArray(d['x-graphql-type-directives']) && (d['x-graphql-type-directives'] as Array<{ name: string }>).some((x) => x.name === 'key'));
    if (keyed && typeof d.properties === 'object' && d.properties !== null) {
      d.properties = { ...(d.properties as object), id: { type: 'string' }, x: { type: 'string' } };
    }
  }
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const o = node as Record<string, unknown>;
    delete o['x-graphql-federation-requires'];
    delete o['x-graphql-federation-external'];
    for (const list of ['x-graphql-field-directives', 'x-graphql-type-directives']) {
      if (Array.isArray(o[list])) o[list] = (o[list] as Array<{ name: string }>).filter((x) => !FIELD_SET_ONLY.has(x.name));
    }
    for (const [k, v] of Object.entries(o)) if (!k.startsWith('x-graphql-')) stack.push(v);
  }
  return doc as T;
}

export const roundTripOptions = fc.record({
  inlineObjectThreshold: fc.integer({ min: 0, max: 4 }),
  descriptionBlockThreshold: fc.integer({ min: 0, max: 100 }),
  emitEmptyTypes: fc.boolean(),
  federationLink: fc.boolean(),
});

// ===========================================================================
// The parity generators: x-graphql-annotated JSON Schemas that reach every
// attribute of the catalog (schemas/x-graphql-extensions.schema.json), every
// option and every root override, valid and invalid, written out as text in
// several layouts; and SDL documents for the reverse direction.
// ===========================================================================

/** `arb` once in `oneIn` draws, else undefined. */
export function rarely<T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
}

/** A number written exactly as `text` in the JSON (`1.0`, `1e21`, `-0`). */
export class RawNumber {
  constructor(readonly text: string) {}
  toJSON(): number {
    return Number(this.text);
  }
}

/**
 * Key markers, so that generated objects keep the order and duplicates they
 * were built with (a JS object moves integer-like keys to the front and has
 * no duplicate keys): an integer-like key is stored as INT_KEY + key, and a
 * duplicate as key + DUP_KEY + n. `writeJson` prints the plain key.
 */
export const INT_KEY = '\u0001';
export const DUP_KEY = '\u0002';

export function plainKey(k: string): string {
  const s = k.startsWith(INT_KEY) ? k.slice(1) : k;
  const d = s.indexOf(DUP_KEY);
  return d >= 0 ? s.slice(0, d) : s;
}

/** An object from entries, in order; a repeated key is kept as a duplicate key. */
export function obj(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k0, v] of entries) {
    let k = /^(0|[1-9][0-9]*)$/.test(k0) ? INT_KEY + k0 : k0;
    if (Object.prototype.hasOwnProperty.call(out, k)) {
      let n = 1;
      while (Object.prototype.hasOwnProperty.call(out, `${k}${DUP_KEY}${n}`)) n++;
      k = `${k}${DUP_KEY}${n}`;
    }
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** How a generated tree is written out. */
export interface JsonStyle {
  indent: '' | '  ' | '    ' | '\t';
  eol: '\n' | '\r\n';
  /** Non-ASCII characters as \uXXXX escapes (surrogate pairs for astral ones). */
  asciiOnly: boolean;
  /** `/` as `\/`. */
  escapeSlash: boolean;
}

export const DEFAULT_STYLE: JsonStyle = { indent: '  ', eol: '\n', asciiOnly: false, escapeSlash: false };

function writeString(s: string, style: JsonStyle): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '/' && style.escapeSlash) out += '\\/';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) out += '\\u' + c.toString(16).padStart(4, '0');
    else if (c > 0x7e && style.asciiOnly) {
      for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    } else out += ch;
  }
  return out + '"';
}

/** Writes a generated tree as JSON text (RawNumber as written, key markers removed). */
export function writeJson(value: unknown, style: JsonStyle = DEFAULT_STYLE): string {
  const nl = style.indent === '' ? '' : style.eol;
  const colon = style.indent === '' ? ':' : ': ';
  const walk = (v: unknown, depth: number): string => {
    if (v instanceof RawNumber) return v.text;
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'string') return writeString(v, style);
    if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null';
    if (typeof v === 'boolean') return String(v);
    const inner = style.indent.repeat(depth + 1);
    const outer = style.indent.repeat(depth);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[${nl}${v.map((x) => inner + walk(x, depth + 1)).join(',' + nl)}${nl}${outer}]`;
    }
    const keys = Object.keys(v as object);
    if (keys.length === 0) return '{}';
    return `{${nl}${keys.map((k) => `${inner}${writeString(plainKey(k), style)}${colon}${walk((v as Record<string, unknown>)[k], depth + 1)}`).join(',' + nl)}${nl}${outer}}`;
  };
  return walk(value, 0) + style.eol;
}

export const jsonStyles: fc.Arbitrary<JsonStyle> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(DEFAULT_STYLE) },
  {
    weight: 4,
    arbitrary: fc.record({
      indent: fc.constantFrom('' as const, '  ' as const, '    ' as const, '\t' as const),
      eol: fc.constantFrom('\n' as const, '\r\n' as const),
      asciiOnly: fc.boolean(),
      escapeSlash: fc.boolean(),
    }),
  },
);

/**
 * A change to the text that (mostly) breaks it, for error parity: cut it,
 * insert a character, prepend a BOM, or replace it by something that is not
 * a schema.
 */
export type TextMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number }
  | { kind: 'bom' }
  | { kind: 'replace'; text: string };

export function applyMutation(text: string, m: TextMutation | undefined): string {
  if (m === undefined) return text;
  const chars = Array.from(text);
  const pos = (at: number) => Math.min(chars.length, Math.floor(at * (chars.length + 1)));
  switch (m.kind) {
    case 'truncate':
      return chars.slice(0, pos(m.at)).join('');
    case 'insert':
      return [...chars.slice(0, pos(m.at)), m.text, ...chars.slice(pos(m.at))].join('');
    case 'delete': {
      const p = Math.min(chars.length - 1, pos(m.at));
      return [...chars.slice(0, p), ...chars.slice(p + 1)].join('');
    }
    case 'bom':
      return '\ufeff' + text;
    case 'replace':
      return m.text;
  }
}

const fraction = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);

const jsonMutations: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('insert' as const), at: fraction, text: fc.constantFrom(',', '}', ']', '"', '\\', 'x', '\u0000', '\n', '/', '//c', '1', '\u00e9', '\ud83d\ude00', ' ', '{', ':', '\\u', '\\ud83c') }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction }),
  fc.constant({ kind: 'bom' as const }),
  fc.record({
    kind: fc.constant('replace' as const),
    text: fc.constantFrom('', ' ', '[]', 'null', '"schema"', '42', '{}', '{} {}', '{"a": 1,}', '{"a": "\\ud83c"}', '{"a": "\\ud83c\\udf89"}', '{"a" 1}', '\ufeff{}', '{"title": "T", "type": "object", "properties": {"a": {"type": "string"}}}\n\n', '{\r\n"title": "T",\r\n"properties": {"é": 01}}'),
  }),
);

// ---------------------------------------------------------------------------
// Names

/** Definitions that exist in (nearly) every generated document: these live under `definitions`... */
const IN_DEFINITIONS = ['User', 'Node', 'user_profile'] as const;
/** ... and these under `$defs`. */
const IN_DEFS = ['Pet', 'Order'] as const;
/** More definition names: odd ones, collisions, names of built-ins, pointer escapes. */
const EXTRA_DEF_NAMES = ['user', 'user-profile', 'UserProfile', 'string', '1st', 'JSON', 'a/b', 'til~de', 'Query', 'Int', '__Type', 'Ünï', '200', 'user.v2', 'Cat', 'Pet2', 'HTTPStatus', 'Money'];

const pointerEscape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const propertyName = fc.constantFrom(
  'id', 'user_name', 'userName', 'user-name', 'HTTPStatus', 'userID', '2fa', 'a-b.c', '__proto__', 'constructor', 'toString',
  '200', '0', '007', '4294967294', '4294967295', '9007199254740993', 'x', 'Node', 'type', 'first name', 'café_name', 'URL', '',
  'v2_3', '_', 'enum', 'properties', '$ref', 'name', 'Name', 'NAME', 'total_sum', 'total-sum',
  // Named like JSON Schema keywords: inline names read the schema's structure, not the pointer's words.
  'items', 'definitions', '$defs', 'allOf', 'oneOf', 'anyOf', 'additionalProperties',
);


// ---------------------------------------------------------------------------
// Text

/** Strings near the description block threshold (80 by default), in several scripts. */
const aroundThreshold = fc
  .tuple(fc.integer({ min: 76, max: 84 }), fc.constantFrom('x', 'é', '😀', '"', '\\', ' ', 'e\u0301'), fc.constantFrom('', 'A ', ' z', '"""'))
  .map(([n, c, extra]) => (c.repeat(n) + extra).slice(0, n * c.length));

export const descriptionText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 100 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 100, unit: 'grapheme' }) },
  { weight: 2, arbitrary: aroundThreshold },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'multi\nline', '  indented\n  both', 'with """ quotes', 'trailing \n', 'é😀 ünï', '', 'back\\slash', 'a "quoted" word',
      '\ttab', 'crlf\r\nline', 'cr\ronly', '"""', '\\"""', 'end with quote"', 'ends with backslash\\', 'blank\n\n\nlines',
      ' leading space', 'nul\u0000char', 'ctl\u001fchar', 'line\u2028sep', 'e\u0301 combining', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '# not a comment',
      '   ', '\n', 'tab\tinside', 'trailing spaces   ', '\n\nleading newlines', 'a\\nb', 'del\u007fchar', 'bom\ufeffinside',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.constantFrom('a', ' ', '\n', '"', '\\', '\t', 'é', '😀', '"""', '\r\n', '  ', 'x'), { maxLength: 40 }).map((a) => a.join('')),
  },
);

// ---------------------------------------------------------------------------
// Values: numbers, literals, directives; schemas; options.
//
// Two modes. `valid`: attribute values of the right shape, refs that resolve,
// good options, so that most inputs convert and their outputs are compared.
// `any`: also wrong values, unresolvable refs and bad options at every place
// (each about one time in seven), so that the errors are compared.

const GOOD_RAW_NUMBERS = ['0', '-0', '1', '1.0', '-1', '1.5', '1e21', '1E3', '1e-7', '2147483647', '2147483648', '-2147483648', '-2147483649', '4294967296.5', '9007199254740993', '0.1', '123456789012345678901234567890', '5e-324', '0.30000000000000004', '100e-2', '1e300'];
const BAD_RAW_NUMBERS = ['1e400', '-1e400'];

const GOOD_ENUM_LITERALS = ['HIGH', 'LOW', '_ok', 'A1'];
const BAD_ENUM_LITERALS = ['true', 'null', 'bad name', '1x', ''];
const GOOD_OBJECT_KEYS = ['a', 'b_c', '__k', 'D', 'value'];
const BAD_OBJECT_KEYS = ['1a', 'bad-key', 'x-graphql-enum', '200', ''];

const GOOD_DIRECTIVE_NAMES = ['deprecated', 'key', 'shareable', 'tag', 'external', 'requires', 'provides', 'override', 'inaccessible', 'audit', 'cacheControl', 'link', 'experimental', 'specifiedBy', 'oneOf'];
const BAD_DIRECTIVE_NAMES = ['bad-name', '__d', '', 'include', '1d'];
const DIRECTIVE_ARG_NAMES = ['reason', 'fields', 'resolvable', 'from', 'label', 'name', 'maxAge', 'level', 'n', 'url', 'import', 'if'];

const TYPE_EXPRESSIONS = ['String', 'String!', '[String]', '[String!]!', '[[Int!]]', 'ID', 'ID!', 'Int', 'Float', 'Boolean', 'DateTime', 'URL!', 'JSON', 'User', 'Node', 'Pet', 'Order', 'UserProfile', '[User!]!', '[[ID]!]'];
const BAD_TYPE_EXPRESSIONS = ['', '[String', 'String!!', '[]', 'bad-type', '[String]]', '!', 'String !', ' String', '[[String]', 'Missing'];

const LOCATIONS = [
  'QUERY', 'MUTATION', 'SUBSCRIPTION', 'FIELD', 'FRAGMENT_DEFINITION', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT', 'VARIABLE_DEFINITION',
  'SCHEMA', 'SCALAR', 'OBJECT', 'FIELD_DEFINITION', 'ARGUMENT_DEFINITION', 'INTERFACE', 'UNION', 'ENUM', 'ENUM_VALUE', 'INPUT_OBJECT',
  'INPUT_FIELD_DEFINITION',
];
const TYPE_SYSTEM_LOCATIONS = LOCATIONS.slice(8);

const LINK = { name: 'link', args: { url: 'https://specs.apollo.dev/federation/v2.3', import: ['@key', '@shareable', '@external', '@requires', '@provides', '@override', '@tag', '@inaccessible'] } };

/**
 * A declared directive with an argument of every kind of input type: built-in scalars,
 * a non-null, a list, an enum and an input object that the document defines (RATE_LIMIT_TYPES,
 * added to the definitions when it is declared).
 */
const RATE_LIMIT = {
  args: { max: { type: 'Int!' }, ratio: { type: 'Float' }, label: { type: 'String' }, on: { type: 'Boolean' }, ids: { type: '[ID!]' }, level: { type: 'Level' }, window: { type: 'Window' } },
  locations: TYPE_SYSTEM_LOCATIONS,
  repeatable: true,
};
const RATE_LIMIT_TYPES: Array<[string, unknown]> = [
  ['Level', { enum: ['LOW', 'HIGH'] }],
  ['Window', { 'x-graphql-type-kind': 'INPUT_OBJECT', type: 'object', properties: { n: { type: 'integer' }, unit: { type: 'string' } }, required: ['n'] }],
];
/** Per argument of RATE_LIMIT: values that coerce, values that do not (GraphQL input coercion). */
const RATE_LIMIT_VALUES: Record<string, [unknown[], unknown[]]> = {
  max: [[1, 100, -5, 0], ['sixty', 1.5, null, true, 2147483648]],
  ratio: [[1, 2.5, null, -0.5], ['x', true, [1]]],
  label: [['a', '', null], [5, ['a'], { 'x-graphql-enum': 'A' }]],
  on: [[true, false], ['yes', 1]],
  ids: [[['a', 1], 'single', [], 7, null], [[null], [true], { a: 1 }, [['a']], 1.5]],
  level: [[{ 'x-graphql-enum': 'HIGH' }, null], ['HIGH', { 'x-graphql-enum': 'NOPE' }, 1]],
  window: [[{ n: 1 }, { n: 2, unit: 's' }, null], [{}, { n: 'x' }, { m: 1 }, 5, [{ n: 1 }]]],
};

const GOOD_FILE_REFS = ['common/address.json', 'common/types.json#/definitions/Tag', 'common/address.json#/definitions/Geo', './common/../common/address.json', 'local.json', 'common/address.json#'];
const BAD_FILE_REFS = ['sub/local.json', 'missing.json', '../outside.json', 'https://example.com/schema.json', 'http://example.com/s.json#/x', 'bad.json', 'dir', 'common/types.json#/definitions/Loop', 'common/types.json#/definitions/Missing'];
const BAD_LOCAL_REFS = ['#/definitions/Missing', '#/definitions/a/b', '#/definitions/a%2Fb', '#/definitions/User/', '#/$defs/Pet/properties', '#definitions/User', '#/definitions/Node/allOf/0', '#/properties/id', '#/definitions/User/properties/id'];

type Entry = readonly [string, unknown];

interface Tie {
  (key: 'prop'): fc.Arbitrary<unknown>;
  (key: 'object'): fc.Arbitrary<unknown>;
}

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const entryIf = (key: string, v: unknown): Entry[] => (v !== undefined ? [[key, v]] : []);
const entriesOf = (o: unknown): Entry[] => Object.entries(o as object).map(([k, v]) => [plainKey(k), v] as const);

export interface SchemaArbitraries {
  literal: fc.Arbitrary<unknown>;
  directive: fc.Arbitrary<unknown>;
  property: fc.Arbitrary<unknown>;
  object: fc.Arbitrary<unknown>;
  document: fc.Arbitrary<unknown>;
  options: fc.Arbitrary<Record<string, unknown>>;
}

/** The JSON Schema arbitraries of one mode. */
export function schemaArbitraries(valid: boolean): SchemaArbitraries {
  /** `good`, or in `any` mode sometimes `bad`. */
  const alt = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>, goodWeight = 6): fc.Arbitrary<T> =>
    valid ? good : fc.oneof({ weight: goodWeight, arbitrary: good }, { weight: 1, arbitrary: bad });
  const from = <T>(good: T[], bad: T[], goodWeight = 6) => alt(fc.constantFrom(...good), fc.constantFrom(...bad), goodWeight);

  const rawNumber = from(GOOD_RAW_NUMBERS, BAD_RAW_NUMBERS, 12).map((t) => new RawNumber(t));

  /** A GraphQL literal written as JSON: every JSON value kind, enum literals, object values. */
  const literal: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: fc.oneof(descriptionText, fc.constantFrom('id', 'a "b"', 'back\\slash', 'é😀', '')) },
      { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
      { weight: 2, arbitrary: rawNumber },
      { weight: 2, arbitrary: fc.constantFrom(true, false, null) },
      { weight: 2, arbitrary: from(GOOD_ENUM_LITERALS, BAD_ENUM_LITERALS).map((n) => ({ 'x-graphql-enum': n })) },
      ...(valid ? [] : [{ weight: 1, arbitrary: fc.constantFrom<unknown>({ 'x-graphql-enum': 1 }, { 'x-graphql-enum': 'HIGH', extra: 1 }) }]),
      { weight: 1, arbitrary: fc.array(tie('v'), { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.array(fc.tuple(from(GOOD_OBJECT_KEYS, BAD_OBJECT_KEYS), tie('v')), { maxLength: 3 }).map(obj) },
    ),
  })).v;

  /** Applied directives that fit their place most of the time. */
  const fittingDirective = fc.constantFrom(
    { name: 'deprecated' },
    { name: 'deprecated', args: { reason: 'Use something else' } },
    { name: 'key', args: { fields: 'id' } },
    { name: 'key', args: { fields: 'id', resolvable: false } },
    { name: 'shareable' },
    { name: 'tag', args: { name: 'public' } },
    { name: 'external' },
    { name: 'requires', args: { fields: 'id' } },
    { name: 'provides', args: { fields: 'name' } },
    { name: 'override', args: { from: 'accounts' } },
    { name: 'override', args: { from: 'accounts', label: 'percent(5)' } },
    { name: 'inaccessible' },
    { name: 'audit', args: { level: { 'x-graphql-enum': 'HIGH' }, n: 1.5 } },
    { name: 'cacheControl', args: { maxAge: 60 } },
    { name: 'experimental' },
  );

  /**
   * `@rateLimit` applied: values of every input type of RATE_LIMIT (valid mode: values
   * that coerce; any mode: also values that do not, an unknown and a missing argument).
   * Undeclared, its definition is inferred from all its uses (record 0065).
   */
  const rateLimitArgs = fc
    .tuple(
      ...Object.entries(RATE_LIMIT_VALUES).map(([arg, [good, bad]]) =>
        fc.option(from<unknown>(good, bad, 8).map((v): Entry => [arg, v]), { nil: undefined, freq: arg === 'max' ? (valid ? 1000 : 10) : 2 }),
      ),
      valid ? fc.constant(undefined) : rarely(fc.constant<Entry>(['bogus', 1]), 10),
    )
    .map((entries) => obj(entries.filter((e): e is Entry => e !== undefined)));
  const rateLimit = rateLimitArgs.map((args) => ({ name: 'rateLimit', args }));

  /** An applied directive `{name, args}`: any name, any argument value. */
  const directive: fc.Arbitrary<unknown> = alt(
    fc.oneof(
      { weight: 4, arbitrary: fittingDirective },
      { weight: 2, arbitrary: rateLimit },
      {
        weight: 2,
        arbitrary: fc
          .tuple(valid ? fc.constantFrom('audit', 'cacheControl', 'experimental') : from(GOOD_DIRECTIVE_NAMES, BAD_DIRECTIVE_NAMES), opt(fc.array(fc.tuple(fc.constantFrom(...DIRECTIVE_ARG_NAMES), literal), { maxLength: 3 })))
          .map(([name, args]) => (args === undefined ? { name } : { name, args: obj(args) })),
      },
    ),
    fc.constantFrom<unknown>('deprecated', { args: {} }, { name: 'tag', args: [] }, { name: 'tag', extra: 1 }, { name: 5 }, null),
    10,
  );

  /**
   * Directives for one kind of place. In valid mode: those that fit anywhere (`@tag`,
   * `@inaccessible`, undeclared ones, which are inferred) plus those of the place, each
   * non-repeatable one at most once.
   */
  const SAFE = ['tag', 'inaccessible', 'audit', 'cacheControl', 'experimental', 'rateLimit'];
  const PLACE: Record<'type' | 'field' | 'other' | 'schema', string[]> = {
    type: [...SAFE, 'key', 'shareable'],
    field: [...SAFE, 'deprecated', 'shareable', 'external', 'requires', 'provides', 'override'],
    other: [...SAFE, 'deprecated'],
    schema: ['audit', 'cacheControl', 'experimental'],
  };
  const REPEATABLE = new Set(['tag', 'key', 'shareable', 'audit', 'cacheControl', 'experimental', 'rateLimit']);
  const directivesFor = (place: 'type' | 'field' | 'other' | 'schema') =>
    valid
      ? fc
          .array(
            directive.filter((d) => PLACE[place].includes((d as { name: string }).name)),
            { maxLength: 3 },
          )
          .map((list) => list.filter((d, i) => REPEATABLE.has((d as { name: string }).name) || list.findIndex((x) => (x as { name: string }).name === (d as { name: string }).name) === i))
      : fc.oneof({ weight: 10, arbitrary: fc.array(directive, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constantFrom<unknown[]>(['deprecated'], [[]]) });
  const directiveList = directivesFor('field') as fc.Arbitrary<unknown>;
  const typeDirectiveList = directivesFor('type') as fc.Arbitrary<unknown>;
  const otherDirectiveList = directivesFor('other') as fc.Arbitrary<unknown>;
  const schemaDirectiveList = directivesFor('schema') as fc.Arbitrary<unknown>;
  const typeExpression = from(TYPE_EXPRESSIONS, BAD_TYPE_EXPRESSIONS, 10);

  /** An argument (or directive-definition argument) declaration. */
  const inputValue: fc.Arbitrary<unknown> = alt(
    fc
      .tuple(
        from(['Int', 'Int!', 'String', '[String!]', 'Boolean', 'Float', 'ID', 'JSON', '[Int]!'], ['Order', 'User', 'Missing'], 10),
        opt(descriptionText),
        opt(literal),
        opt(otherDirectiveList),
      )
      .map(([type, description, dflt, directives]) => obj([['type', type], ...entryIf('description', description), ...entryIf('default', dflt), ...entryIf('directives', directives)])),
    fc.constantFrom<unknown>({}, { type: 5 }, { type: 'Int', extra: true }, 'Int', { type: '[Int' }, { type: 'Missing' }),
  );

  const argumentsAttr = alt(
    fc.array(fc.tuple(from(['first', 'after', 'order_by', 'x', 'limit', '_a', 'first'], ['bad-arg', '1x', '', '__a']), inputValue), { maxLength: 3 }).map(obj),
    fc.constantFrom<unknown>([], 'first', null),
  );

  const directiveDefinition: fc.Arbitrary<unknown> = alt(
    fc
      .tuple(
        opt(descriptionText),
        opt(fc.array(fc.tuple(from(['level', 'n', 'reason', 'maxAge', 'if'], ['bad-arg']), inputValue), { maxLength: 2 }).map(obj)),
        alt(fc.shuffledSubarray(TYPE_SYSTEM_LOCATIONS, { minLength: 1, maxLength: 4 }), fc.oneof(fc.shuffledSubarray(LOCATIONS, { maxLength: 3 }), fc.constantFrom<unknown>(['NOWHERE'], 'OBJECT', [], ['OBJECT', 'OBJECT'])), 3),
        opt(alt(fc.boolean(), fc.constant<unknown>('yes') as fc.Arbitrary<boolean>)),
      )
      .map(([description, args, locations, repeatable]) => obj([...entryIf('description', description), ...entryIf('args', args), ['locations', locations], ...entryIf('repeatable', repeatable)])),
    fc.constantFrom<unknown>({}, { locations: ['OBJECT'], extra: 1 }, 'OBJECT'),
  );

  /** `@audit` as it is used everywhere: any argument (JSON), every type-system location, repeatable. */
  const catchAllAudit: Entry = ['audit', { description: 'Audit hints.', args: obj(DIRECTIVE_ARG_NAMES.map((a) => [a, { type: 'JSON' }])), locations: TYPE_SYSTEM_LOCATIONS, repeatable: true }];
  const directiveDefinitions = valid
    ? fc
        .tuple(fc.array(fc.tuple(fc.constantFrom('cost', 'policy', 'declared', 'cost'), directiveDefinition), { maxLength: 2 }), fc.boolean(), fc.boolean())
        .map(([list, audit, limit]) => obj([...(audit ? [catchAllAudit] : []), ...(limit ? [['rateLimit', RATE_LIMIT] as Entry] : []), ...list]))
    : fc
        .tuple(fc.array(fc.tuple(from([...GOOD_DIRECTIVE_NAMES, 'audit', 'audit', 'experimental'], BAD_DIRECTIVE_NAMES), directiveDefinition), { maxLength: 3 }), fc.boolean())
        .map(([list, limit]) => obj(limit ? [['rateLimit', RATE_LIMIT], ...list] : list));

  const operationTypes = (withDescription: boolean) =>
    fc
      .tuple(
        withDescription ? opt(descriptionText) : fc.constant(undefined),
        opt(schemaDirectiveList),
        opt(from(['User', 'Query', 'Order', 'user_profile'], ['Missing', 'bad-name', 'Node'])),
        opt(fc.constantFrom('User', 'Pet', 'Order')),
        opt(fc.constantFrom('User', 'Order')),
        valid ? fc.constant(undefined) : rarely(fc.constant<Entry>(['extra', 1]), 10),
      )
      .map(([description, directives, query, mutation, subscription, extra]) =>
        obj([...entryIf('description', description), ...entryIf('directives', directives), ...entryIf('query', query), ...entryIf('mutation', mutation), ...entryIf('subscription', subscription), ...(extra ? [extra] : [])]),
      );

  const schemaExtension = alt(
    fc.oneof(
      fc.constant<unknown>({ directives: [LINK] }),
      operationTypes(false).map((o) => obj([['directives', [LINK]], ...entriesOf(o).filter(([k]) => k !== 'directives')])),
      operationTypes(false),
    ),
    fc.constantFrom<unknown>({}, [], 'link'),
  );

  // $ref targets
  const localRef = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...IN_DEFINITIONS).map((n) => `#/definitions/${pointerEscape(n)}`) },
    { weight: 3, arbitrary: fc.constantFrom(...IN_DEFS).map((n) => `#/$defs/${pointerEscape(n)}`) },
    // Defined (as extra definitions) in some documents only.
    { weight: valid ? 1 : 2, arbitrary: fc.constantFrom(...EXTRA_DEF_NAMES).map((n) => `#/definitions/${pointerEscape(n)}`) },
    { weight: 1, arbitrary: fc.constant('#') },
    { weight: 2, arbitrary: from(GOOD_FILE_REFS, BAD_FILE_REFS, 2) },
    ...(valid ? [] : [{ weight: 1, arbitrary: fc.constantFrom(...BAD_LOCAL_REFS) }]),
  );

  /** Field-level attributes. */
  const fieldAttribute: fc.Arbitrary<Entry> = fc.oneof(
    fc.tuple(fc.constant('description'), descriptionText),
    fc.tuple(fc.constant('x-graphql-description'), alt(descriptionText, fc.constant<unknown>(5) as fc.Arbitrary<string>)),
    fc.tuple(fc.constant('x-graphql-field-name'), from<unknown>(['renamed', 'id', 'userName', '_x', 'x1', 'Node', 'user_name'], ['1bad', '__typename', 'bad-name', '', 1])),
    fc.tuple(fc.constant('x-graphql-field-type'), alt<unknown>(typeExpression, fc.constant(['String']), 10)),
    fc.tuple(fc.constant('x-graphql-field-non-null'), alt<unknown>(fc.boolean(), fc.constant('yes'))),
    fc.tuple(fc.constant('x-graphql-nullable'), alt<unknown>(fc.boolean(), fc.constant(1))),
    fc.tuple(fc.constant('x-graphql-field-list-item-non-null'), fc.boolean()),
    fc.tuple(fc.constant('x-graphql-field-directives'), directiveList),
    fc.tuple(fc.constant('x-graphql-field-arguments'), argumentsAttr),
    fc.tuple(fc.constant('x-graphql-federation-external'), alt<unknown>(fc.boolean(), fc.constant('true'))),
    fc.tuple(fc.constant('x-graphql-federation-requires'), from<unknown>(['id', 'weight size', ['weight', 'size'], []], [5, ['a', 1]])),
    fc.tuple(fc.constant('x-graphql-federation-provides'), from<unknown>(['name', ['name', 'price'], []], ['', {}])),
    fc.tuple(fc.constant('x-graphql-federation-override-from'), from<unknown>(['accounts', 'legacy'], ['', 7])),
    fc.tuple(fc.constant('x-graphql-federation-shareable'), alt<unknown>(fc.boolean(), fc.constant(null))),
    // record 0075: the later federation attributes (placement and versions are the converter's)
    fc.tuple(fc.constant('x-graphql-federation-override-label'), from<unknown>(['percent(5)'], [5])),
    fc.tuple(fc.constant('x-graphql-federation-inaccessible'), alt<unknown>(fc.boolean(), fc.constant(1))),
    fc.tuple(fc.constant('x-graphql-federation-tags'), from<unknown>([['public'], ['a', 'b']], ['public', [1]])),
    fc.tuple(fc.constant('x-graphql-federation-authenticated'), alt<unknown>(fc.boolean(), fc.constant('yes'))),
    fc.tuple(fc.constant('x-graphql-federation-requires-scopes'), from<unknown>([[['read']], [['a', 'b'], ['c']]], [['read'], 'read'])),
    fc.tuple(fc.constant('x-graphql-federation-policy'), from<unknown>([[['owner']]], [[[1]]])),
    fc.tuple(fc.constant('x-graphql-federation-cost'), from<unknown>([1, 10], [1.5, '2'])),
    fc.tuple(fc.constant('x-graphql-federation-list-size'), from<unknown>([{ assumedSize: 5 }, { sizedFields: ['id'] }, {}], [{ size: 1 }, { assumedSize: -1 }])),
    fc.tuple(fc.constant('x-graphql-skip'), alt<unknown>(fc.boolean(), fc.constant('yes'))),
    fc.tuple(fc.constant('x-graphql-default'), literal),
    fc.tuple(
      fc.constant('x-graphql-scalar'),
      from<unknown>(
        [
          { name: 'DateTime' },
          { name: 'DateTime', description: 'An RFC 3339 date-time.', specifiedByURL: 'https://scalars.graphql.org/andimarek/date-time' },
          { name: 'Decimal', description: 'A "decimal"\nnumber' },
          { name: 'Money' },
        ],
        [{ name: '1x' }, { name: 'String' }, {}, { name: 'X', extra: 1 }, 'DateTime', { name: 'URL', specifiedByURL: 'not a uri' }],
      ),
    ),
    // Unknown attributes are warnings (errors under strict).
    fc.tuple(fc.constantFrom('x-graphql-field-nam', 'x-graphql-nonnull', 'x-graphql-foo', 'x-graphql-type-directive', 'x-graphql-'), fc.constant<unknown>(true)),
    ...(valid ? [] : [fc.tuple(fc.constantFrom('x-graphql-inline-object-threshold', 'x-graphql-implements', 'x-graphql-union-types', 'x-graphql-federation-keys', 'x-graphql-enum-values', 'x-graphql-schema'), fc.constantFrom<unknown>(1, ['Node'], 'id', {}))]),
  );

  /** Type-level attributes. */
  const typeAttribute: fc.Arbitrary<Entry> = fc.oneof(
    { weight: 2, arbitrary: fc.tuple(fc.constant('x-graphql-type-name'), from<unknown>(['Thing', 'User', 'Node', 'Pet', 'my_type', 'Thing2', '_Private', 'Query', 'UserProfile'], ['1bad', '__Reserved', 'String', 'JSON', 'bad-name', '', 'ÜberType', 3])) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('x-graphql-type-kind'), from<unknown>(['OBJECT', 'INTERFACE', 'INPUT_OBJECT', 'UNION', 'ENUM'], ['object', 'SCALAR', 1], 10)) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('x-graphql-implements'), alt<unknown>(fc.shuffledSubarray(['Node', 'Pet', 'User', 'UserProfile'], { maxLength: 2 }), fc.constantFrom('Node', ['Missing']))) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-union-types'), alt<unknown>(fc.shuffledSubarray(['User', 'Pet', 'Order', 'UserProfile', 'User'], { minLength: 1, maxLength: 3 }), fc.constantFrom('User', ['Missing'], ['String'], []))) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('x-graphql-type-directives'), typeDirectiveList) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-skip'), alt<unknown>(fc.boolean(), fc.constant('yes'))) },
    {
      weight: 2,
      arbitrary: fc.tuple(
        fc.constant('x-graphql-federation-keys'),
        from<unknown>(['id', 'id name', ['id', 'x'], ['id', { fields: 'sku', resolvable: false }], [{ fields: 'id' }], []], [5, [{ resolvable: true }], [{ fields: 'id', extra: 1 }], [1]]),
      ),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-federation-shareable'), alt<unknown>(fc.boolean(), fc.constant('true'))) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-federation-interface-object'), alt<unknown>(fc.boolean(), fc.constant('true'))) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-federation-authenticated'), alt<unknown>(fc.boolean(), fc.constant(0))) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-federation-context'), from<unknown>([['userContext']], ['userContext'])) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-federation-tags'), from<unknown>([['public']], [[true]])) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-description'), descriptionText) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('description'), descriptionText) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('title'), fc.constantFrom('Titled', 'user profile', 'Order Line', '', '1x')) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('x-graphql-type'), from<unknown>(['Legacy', { name: 'LegacyNode', kind: 'INTERFACE' }, { name: 'LegacyInput', kind: 'INPUT_OBJECT' }], [{ kind: 'OBJECT' }, { name: 1 }, 7])) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x-graphql-type-nam', 'x-graphql-kind', 'x-graphql-federation-key', 'x-graphql-bogus'), fc.constant<unknown>('x')) },
    ...(valid ? [] : [{ weight: 1, arbitrary: fc.tuple(fc.constantFrom('x-graphql-field-type', 'x-graphql-default', 'x-graphql-emit-empty-types', 'x-graphql-federation-external'), fc.constantFrom<unknown>('String', true, 1)) }]),
  );

  const enumValue = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom<unknown>('a', 'b c', '1x', 'true', 'A', '', 'in-progress', 'in_progress', 'IN_PROGRESS', 'party🎉', 'ÀB', 'null', 'ASC', 'DESC', 'Value', 'value', '__x', 'café') },
      { weight: 2, arbitrary: fc.constantFrom<unknown>(null, 1, 0, -1, true, false, 1.5) },
      { weight: 1, arbitrary: alt<unknown>(rawNumber, fc.constantFrom({}, [], ['a'])) },
    );
  // draft-07 (validate: true) wants enum values unique and at least one.
  const enumValues = valid ? fc.uniqueArray(enumValue, { minLength: 1, maxLength: 5, selector: (v) => JSON.stringify(v) }) : fc.array(enumValue, { maxLength: 5 });

  const enumValuesAttr = (values: unknown[]) =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...values.filter((v): v is string => typeof v === 'string'), 'A', 'not-there'),
          alt<unknown>(
            fc.tuple(opt(descriptionText), opt(otherDirectiveList)).map(([d, dirs]) => obj([...entryIf('description', d), ...entryIf('directives', dirs)])),
            fc.constantFrom('desc', { extra: 1 }, null),
          ),
        ),
        { maxLength: 3 },
      )
      .map(obj);

  /** An enum schema: odd values, per-value facts, type attributes. */
  const enumSchema: fc.Arbitrary<unknown> = enumValues.chain((values) =>
    fc
      .tuple(opt(fc.constantFrom<unknown>('string', 'integer', ['string', 'null'], 'number')), fc.option(enumValuesAttr(values), { nil: undefined, freq: 2 }), fc.array(typeAttribute, { maxLength: 2 }))
      .map(([type, facts, attrs]) => obj([...entryIf('type', type), ['enum', values], ...entryIf('x-graphql-enum-values', facts), ...attrs])),
  );

  const bounds = fc.tuple(fc.constantFrom('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'), rawNumber);

  /** A schema with no sub-schemas. */
  const leafSchema: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 6, arbitrary: from<unknown>(['string', 'integer', 'number', 'boolean', 'null', 'object', ['string', 'null'], ['integer', 'string'], ['null']], [[], 'strin', 5], 12).map((type) => ({ type })) },
    { weight: 1, arbitrary: fc.constantFrom('date-time', 'email', 'uuid', 'uri', 'int64').map((format) => ({ type: 'string', format })) },
    // Record 0082: wide integer formats (INT_RANGE unless formatScalars maps them).
    { weight: 1, arbitrary: fc.constantFrom('int64', 'uint32', 'uint64', 'int32').map((format) => ({ type: 'integer', format })) },
    // Record 0081: a documented enum (string consts, one-value enums, descriptions, deprecation, a null branch).
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('oneOf', 'anyOf'),
          fc.array(
            fc.oneof(
              fc.tuple(fc.constantFrom('a', 'b c', '1x', 'A', 'in-review', 'true'), opt(descriptionText), fc.boolean()).map(([c, d, dep]) => obj([['const', c], ...entryIf('description', d), ...(dep ? [['deprecated', true] as Entry] : [])])),
              fc.constantFrom<unknown>({ type: 'string', enum: ['x-y'] }, { enum: ['B'], title: 'Bee' }, { type: 'null' }, { const: 3 }),
            ),
            { minLength: 1, maxLength: 4 },
          ),
        )
        .map(([k, branches]) => obj([[k, branches]])),
    },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('integer', 'number'), fc.array(bounds, { minLength: 1, maxLength: 2 })).map(([type, b]) => obj([['type', type], ...b])) },
    { weight: 2, arbitrary: enumSchema },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), descriptionText, fc.boolean(), rawNumber, fc.constant<unknown>(null), fc.constant<unknown>({ a: 1 })).map((c) => ({ const: c })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({}, true, false, { not: {} }) },
    { weight: 1, arbitrary: fc.tuple(typeExpression, fc.constantFrom('string', 'object', 'array')).map(([t, type]) => ({ type, 'x-graphql-field-type': t })) },
  );

  const refSchema = fc
    .tuple(
      localRef,
      fc.array(fieldAttribute, { maxLength: 2 }),
      opt(
        fc.constantFrom<Entry>(
          ['type', 'string'],
          ['description', 'Beside the ref'],
          ['title', 'RefTitle'],
          // Record 0080: structure beside a `$ref` (an object under 2019-09 / 2020-12, else ignored with a warning).
          ['properties', { extra: { type: 'string' } }],
          ['allOf', [{ properties: { more: { type: 'integer' } }, required: ['more'] }]],
          ['enum', ['a']],
          ['required', ['id']],
        ),
      ),
    )
    .map(([ref, attrs, sibling]) => obj([['$ref', ref], ...(sibling ? [sibling] : []), ...attrs]));

  /** An object schema (a definition or an inline object): properties around the inline threshold, required, type attributes. */
  const objectSchema = (tie: Tie, maxProps: number) =>
    fc
      .tuple(
        fc.array(fc.tuple(propertyName, tie('prop')), { maxLength: maxProps }),
        fc.oneof(fc.constant(undefined), fc.array(propertyName, { maxLength: 3 }), ...(valid ? [] : [fc.constant<unknown>('id')])),
        fc.array(typeAttribute, { maxLength: 2 }),
        rarely(fc.constantFrom<unknown>(false, true, { type: 'string' }), 8),
        fc.oneof({ weight: 8, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      )
      .map(([props, required, attrs, additional, unique]) => {
        // Distinct property names, or now and then a duplicate key.
        const list = unique ? props.filter(([k], i) => props.findIndex(([k2]) => k2 === k) === i) : props;
        return obj([['type', 'object'], ...attrs, ['properties', obj(list)], ...entryIf('required', required), ...entryIf('additionalProperties', additional)]);
      });

  const schemas = fc.letrec<{ prop: unknown; object: unknown }>((tie) => ({
    prop: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: fc.tuple(leafSchema, fc.array(fieldAttribute, { maxLength: 2 })).map(([leaf, attrs]) => (typeof leaf === 'object' && leaf !== null ? obj([...entriesOf(leaf), ...attrs]) : leaf)) },
      { weight: 3, arbitrary: refSchema },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.option(tie('prop'), { nil: undefined, freq: 8 }), fc.array(fieldAttribute, { maxLength: 2 }), opt(fc.constantFrom<Entry>(['minItems', 1], ['uniqueItems', true], ['items', [{ type: 'string' }]])))
          .map(([items, attrs, extra]) => obj([['type', 'array'], ...entryIf('items', items), ...(extra ? [extra] : []), ...attrs])),
      },
      { weight: 2, arbitrary: fc.tuple(tie('object'), fc.array(fieldAttribute, { maxLength: 2 })).map(([o, attrs]) => obj([...entriesOf(o), ...attrs])) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom('oneOf', 'anyOf'),
            fc.array(
              fc.oneof(
                { weight: 4, arbitrary: localRef.map((r) => ({ $ref: r })) },
                { weight: 1, arbitrary: fc.constantFrom<unknown>({ type: 'null' }, { type: 'string' }, { type: 'object', description: 'Annotation only.' }) },
                { weight: 2, arbitrary: tie('object') },
              ),
              { minLength: 1, maxLength: 3 },
            ),
            fc.array(fieldAttribute, { maxLength: 1 }),
          )
          .map(([k, branches, attrs]) => obj([[k, branches], ...attrs])),
      },
      { weight: 1, arbitrary: fc.array(fc.oneof(localRef.map((r) => ({ $ref: r })), tie('object')), { minLength: 1, maxLength: 3 }).map((members) => ({ allOf: members })) },
      // The nullable inline object: with `null` removed, the branch is the property's own schema.
      {
        weight: 1,
        arbitrary: fc
          .tuple(tie('object'), fc.constantFrom('oneOf', 'anyOf'), fc.boolean())
          .map(([o, k, nullFirst]) => obj([[k, nullFirst ? [{ type: 'null' }, o] : [o, { type: 'null' }]]])),
      },
    ),
    object: objectSchema(tie as Tie, 4),
  }));

  /**
   * A `@oneOf` input object: its fields are nullable and have no defaults, so `required`
   * and `x-graphql-field-non-null` are ignored there (with a warning) and a default is an error.
   */
  const oneOfField = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom<unknown>({ type: 'string' }, { type: 'integer' }, { type: 'array', items: { type: 'string' } }, { enum: ['A', 'B'] }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({ type: 'boolean', 'x-graphql-field-non-null': true }, { type: 'string', 'x-graphql-default': 'x' }, { type: 'string', 'x-graphql-field-type': 'String!' }) },
  );
  const oneOfInput = fc
    .tuple(fc.uniqueArray(fc.tuple(fc.constantFrom('a', 'b', 'c', 'by_id'), oneOfField), { minLength: 1, maxLength: 3, selector: ([k]) => k }), opt(fc.constantFrom(['a'], ['a', 'b'], ['c'])), fc.array(typeAttribute, { maxLength: 1 }))
    .map(([props, required, attrs]) =>
      obj([['type', 'object'], ['x-graphql-type-kind', 'INPUT_OBJECT'], ['x-graphql-type-directives', [{ name: 'oneOf' }]], ...attrs.filter(([k]) => k !== 'x-graphql-type-kind' && k !== 'x-graphql-type-directives'), ['properties', obj(props)], ...entryIf('required', required)]),
    );

  /** A definition: object (any kind), enum, scalar, alias, union, allOf, or a plain schema. */
  const definition = (kinds: { kind?: string; implementsFrom?: string[] } = {}) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(schemas.object, (kinds.implementsFrom ?? []).length > 0 ? opt(fc.shuffledSubarray(kinds.implementsFrom ?? [], { minLength: 1 })) : fc.constant(undefined))
          .map(([o, impl]) => {
            const entries = entriesOf(o);
            const extra: Entry[] = [];
            if (kinds.kind !== undefined && !entries.some(([k]) => k === 'x-graphql-type-kind')) extra.push(['x-graphql-type-kind', kinds.kind]);
            if (impl !== undefined && impl.length > 0 && !entries.some(([k]) => k === 'x-graphql-implements')) extra.push(['x-graphql-implements', impl]);
            return obj([...extra, ...entries]);
          }),
      },
      { weight: 1, arbitrary: enumSchema },
      {
        weight: 1,
        arbitrary: fc
          .tuple(from<unknown>([{ name: 'DateTime' }, { name: 'Money', description: 'An amount.\nWith "cents".', specifiedByURL: 'https://example.com/money' }, { name: 'JSON' }], [{ name: 'Bad Name' }]), fc.array(typeAttribute, { maxLength: 1 }))
          .map(([scalar, attrs]) => obj([['type', 'string'], ['x-graphql-scalar', scalar], ...attrs])),
      },
      { weight: 1, arbitrary: localRef.map((r) => ({ $ref: r })) },
      { weight: 1, arbitrary: oneOfInput },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('oneOf', 'anyOf'), fc.array(localRef.map((r) => ({ $ref: r })), { minLength: 1, maxLength: 3 }), fc.array(typeAttribute, { maxLength: 2 }))
          .map(([k, refs, attrs]) => obj([[k, refs], ...attrs])),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.array(fc.oneof(localRef.map((r) => ({ $ref: r })), schemas.object), { minLength: 1, maxLength: 3 }), fc.array(typeAttribute, { maxLength: 2 }))
          .map(([members, attrs]) => obj([['allOf', members], ...attrs])),
      },
      { weight: 1, arbitrary: schemas.prop },
    );

  /** Root-level overrides of the options. */
  const rootOverride: fc.Arbitrary<Entry> = fc.oneof(
    fc.tuple(fc.constant('x-graphql-description-block-threshold'), from<unknown>([0, 10, 79, 80, 81, 200], [-1, 1.5, '80', new RawNumber('80.0'), new RawNumber('8e1')])),
    fc.tuple(fc.constant('x-graphql-emit-empty-types'), alt<unknown>(fc.boolean(), fc.constant('no'))),
    fc.tuple(fc.constant('x-graphql-inline-object-threshold'), alt<unknown>(fc.integer({ min: 0, max: 5 }), fc.constantFrom(-1, 2.5, new RawNumber('1.0'), null))),
    fc.tuple(fc.constant('x-graphql-ref-naming'), from<unknown>(['basename', 'file_and_path', 'hash'], ['short'])),
    fc.tuple(fc.constant('x-graphql-federation-link'), alt<unknown>(fc.boolean(), fc.constant(1))),
    fc.tuple(fc.constant('x-graphql-federation-version'), from<unknown>(['2.0', '2.3', '2.5', '2.9', '2.14'], ['3.0', 2.5])),
    fc.tuple(fc.constant('x-graphql-directive-definitions'), alt<unknown>(directiveDefinitions, fc.constantFrom([], 'audit'))),
    fc.tuple(fc.constant('x-graphql-schema'), alt<unknown>(operationTypes(true), fc.constantFrom([], 'Query'))),
    fc.tuple(fc.constant('x-graphql-schema-extension'), schemaExtension),
  );

  /** A whole document as a tree (see writeJson). */
  const document: fc.Arbitrary<unknown> = fc
    .tuple(
      opt(fc.constantFrom('User', 'Root', 'user-profile', 'my api', '1st', 'JSON', '', 'Query', 'ÜberRoot')),
      fc.option(descriptionText, { nil: undefined, freq: 3 }),
      fc.array(fc.tuple(propertyName, schemas.prop), { maxLength: 3 }),
      opt(fc.array(propertyName, { maxLength: 3 })),
      // The usual definitions, by role: User (an object), Node (an interface), Pet (an interface implementing Node, or anything), ...
      fc.record(
        {
          User: definition({ kind: 'OBJECT', implementsFrom: ['Node', 'Pet'] }),
          Node: definition({ kind: 'INTERFACE' }),
          user_profile: definition(),
        },
        { requiredKeys: [] },
      ),
      fc.record({ Pet: fc.oneof(definition({ kind: 'INTERFACE', implementsFrom: ['Node'] }), definition()), Order: definition() }, { requiredKeys: [] }),
      fc.array(fc.tuple(fc.constantFrom(...EXTRA_DEF_NAMES), definition()), { maxLength: 2 }),
      fc.array(fc.oneof({ weight: 3, arbitrary: rootOverride }, { weight: 2, arbitrary: typeAttribute }), { maxLength: 4 }),
      valid ? fc.constant('both' as const) : fc.constantFrom<'definitions' | '$defs' | 'both' | 'none'>('both', 'both', 'definitions', '$defs', 'none'),
      opt(
        fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom<Entry>(['$schema', 'http://json-schema.org/draft-07/schema#'], ['$id', 'https://example.com/root.json'], ['allOf', [{ $ref: '#/definitions/Node' }]], ['examples', [{ id: 'x' }]], ...(valid ? [] : [['type', 'string'] as Entry])) },
          // Other drafts: 2020-12 changes what a $ref beside other keywords means (record 0080); validate: true checks each against its own meta-schema.
          { weight: 3, arbitrary: fc.constantFrom<Entry>(['$schema', 'https://json-schema.org/draft/2020-12/schema'], ['$schema', 'http://json-schema.org/draft-04/schema#']) },
        ),
      ),
    )
    .map(([title, description, props, required, inDefinitions, inDefs, extraDefs, rootAttrs, placement, misc]) => {
      const declaresRateLimit = rootAttrs.some(([k, v]) => k === 'x-graphql-directive-definitions' && typeof v === 'object' && v !== null && Object.keys(v).some((n) => plainKey(n) === 'rateLimit'));
      const extra = declaresRateLimit ? [...extraDefs, ...RATE_LIMIT_TYPES] : extraDefs;
      const defsA = Object.entries(inDefinitions);
      const defsB = Object.entries(inDefs);
      const definitions = placement === '$defs' ? [] : [...defsA, ...extra, ...(placement === 'definitions' ? defsB : [])];
      const defs = placement === 'definitions' ? [] : [...defsB, ...(placement === '$defs' ? [...defsA, ...extra] : [])];
      return obj([
        ...(misc && misc[0] === '$schema' ? [misc] : []),
        ...entryIf('title', title),
        ...entryIf('description', description),
        ...(misc && misc[0] === 'type' ? [] : [['type', 'object'] as const]),
        ...rootAttrs,
        ['properties', obj(props)],
        ...entryIf('required', required),
        ...(placement !== 'none' && definitions.length > 0 ? [['definitions', obj(definitions)] as const] : []),
        ...(placement !== 'none' && defs.length > 0 ? [['$defs', obj(defs)] as const] : []),
        ...(misc && misc[0] !== '$schema' ? [misc] : []),
      ]);
    })
    .map((doc) => (valid ? fitting(doc) : doc));

  /** Converter options: every option; `$WORLD` is the folder of WORLD_FILES. */
  const options: fc.Arbitrary<Record<string, unknown>> = fc
    .record(
      {
        descriptionBlockThreshold: from([0, 1, 20, 79, 80, 81, 100], [-1, 1.5]),
        emitEmptyTypes: fc.boolean(),
        inlineObjectThreshold: alt(fc.integer({ min: 0, max: 5 }), fc.constantFrom(-1, 0.5)),
        refNaming: from(['basename', 'file_and_path', 'hash'], ['short']),
        typeNameSanitizer: from(['pascal'], ['snake']),
        fieldNameSanitizer: from(['camel'], ['kebab']),
        validate: fc.boolean(),
        strict: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        federationLink: fc.boolean(),
        formatScalars: from<unknown>([{}, { 'date-time': 'DateTime', uuid: 'ID', int64: 'BigInt' }, { email: 'Email', uint32: 'Long' }], [{ 'date-time': 'Date Time' }, 'DateTime']),
        federationVersion: from(['2.3', '2.7', '2.12'], ['2.15', 'v2.5']),
        fileName: fc.constantFrom('user.schema.json', 'orders.json', 'my-api.v2.json', '200.json', 'schema', 'é.json'),
        baseDir: fc.constant('$WORLD'),
        inputDir: valid ? fc.constant('$WORLD') : fc.constantFrom('$WORLD', '$WORLD/sub'),
      },
      { requiredKeys: valid ? ['baseDir'] : [] },
    )
    .map((o) => {
      // inputDir only with baseDir.
      if (o.inputDir !== undefined && o.baseDir === undefined) delete o.inputDir;
      return o;
    });

  return { literal, directive, property: schemas.prop, object: schemas.object, document, options };
}

export const validSchemas = schemaArbitraries(true);
export const anySchemas = schemaArbitraries(false);

// ---------------------------------------------------------------------------
// Valid mode: make a generated document fit (the generators pick attributes
// and directives without knowing where they land).

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawNumber);
const keysNamed = (o: Tree, name: string) => Object.keys(o).filter((k) => plainKey(k) === name);
const getKey = (o: Tree, name: string): unknown => {
  const ks = keysNamed(o, name);
  return ks.length > 0 ? o[ks[ks.length - 1]] : undefined;
};
const deleteKey = (o: Tree, name: string) => {
  for (const k of keysNamed(o, name)) delete o[k];
};
const setKey = (o: Tree, name: string, v: unknown) => {
  const ks = keysNamed(o, name);
  const k = ks.length > 0 ? ks[ks.length - 1] : /^(0|[1-9][0-9]*)$/.test(name) ? INT_KEY + name : name;
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
};

function deepCopy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(deepCopy);
  if (!isTree(v)) return v;
  const out: Tree = {};
  for (const k of Object.keys(v)) Object.defineProperty(out, k, { value: deepCopy(v[k]), enumerable: true, writable: true, configurable: true });
  return out;
}

const FIELD_ONLY_DIRECTIVES = new Set(['shareable', 'external', 'requires', 'provides', 'override']);
const OUTPUT_FIELD_ATTRIBUTES = ['x-graphql-federation-external', 'x-graphql-federation-requires', 'x-graphql-federation-provides', 'x-graphql-federation-override-from', 'x-graphql-federation-shareable', 'x-graphql-field-arguments'];
/** Attributes that apply a non-repeatable directive: the directive must not be in the list too. */
const ATTRIBUTE_DIRECTIVES: Array<[string, string]> = [
  ['x-graphql-federation-external', 'external'],
  ['x-graphql-federation-requires', 'requires'],
  ['x-graphql-federation-provides', 'provides'],
  ['x-graphql-federation-override-from', 'override'],
];

function filterDirectives(o: Tree, attr: string, keep: (name: string) => boolean): void {
  const list = getKey(o, attr);
  if (Array.isArray(list)) setKey(o, attr, list.filter((d) => !isTree(d) || typeof d.name !== 'string' || keep(d.name)));
}

function fitTypeAttributes(node: Tree, kind: string): void {
  filterDirectives(node, 'x-graphql-type-directives', (n) => (n !== 'key' || kind === 'OBJECT' || kind === 'INTERFACE') && (n !== 'shareable' || kind === 'OBJECT'));
  if (kind !== 'OBJECT' && kind !== 'INTERFACE') deleteKey(node, 'x-graphql-federation-keys');
  if (kind !== 'OBJECT') deleteKey(node, 'x-graphql-federation-shareable');
}

function fitField(p: Tree, input: boolean): void {
  if (input) {
    for (const a of OUTPUT_FIELD_ATTRIBUTES) deleteKey(p, a);
    filterDirectives(p, 'x-graphql-field-directives', (n) => !FIELD_ONLY_DIRECTIVES.has(n));
  } else deleteKey(p, 'x-graphql-default');
  for (const [attr, name] of ATTRIBUTE_DIRECTIVES) if (getKey(p, attr) !== undefined) filterDirectives(p, 'x-graphql-field-directives', (n) => n !== name);
}

function kindOf(node: Tree): string {
  if (getKey(node, 'x-graphql-scalar') !== undefined) return 'SCALAR';
  const k = getKey(node, 'x-graphql-type-kind');
  if (typeof k === 'string') return k;
  const legacy = getKey(node, 'x-graphql-type');
  if (isTree(legacy) && typeof legacy.kind === 'string') return legacy.kind;
  if (getKey(node, 'enum') !== undefined) return 'ENUM';
  if (getKey(node, 'properties') !== undefined) return 'OBJECT';
  return getKey(node, 'oneOf') !== undefined || getKey(node, 'anyOf') !== undefined ? 'UNION' : 'OTHER';
}

function fitSchema(node: unknown, input: boolean): void {
  if (!isTree(node)) return;
  const props = getKey(node, 'properties');
  if (isTree(props)) {
    const kind = kindOf(node);
    const inner = input || kind === 'INPUT_OBJECT';
    fitTypeAttributes(node, kind);
    for (const k of Object.keys(props)) {
      const p = props[k];
      if (!isTree(p)) continue;
      fitField(p, inner);
      fitSchema(p, inner);
    }
  } else fitTypeAttributes(node, kindOf(node));
  // A union kind needs members.
  if (getKey(node, 'x-graphql-type-kind') === 'UNION' && getKey(node, 'x-graphql-union-types') === undefined && getKey(node, 'oneOf') === undefined && getKey(node, 'anyOf') === undefined) {
    deleteKey(node, 'x-graphql-type-kind');
  }
  fitSchema(getKey(node, 'items'), input);
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const list = getKey(node, key);
    if (Array.isArray(list)) for (const b of list) fitSchema(b, input);
  }
}

function collectRefs(v: unknown, out: Set<string>): void {
  if (Array.isArray(v)) for (const x of v) collectRefs(x, out);
  else if (isTree(v)) {
    for (const k of Object.keys(v)) {
      if (plainKey(k) === '$ref' && typeof v[k] === 'string') out.add(v[k] as string);
      else collectRefs(v[k], out);
    }
  }
}

/**
 * A copy of a generated document in which every `#/definitions/X` and
 * `#/$defs/X` target exists, attributes and directives sit where GraphQL
 * allows them (no `@key` on an input, no `x-graphql-default` on an output
 * field, no directive given twice by an attribute and a list).
 */
export function fitting(doc: unknown): unknown {
  const root = deepCopy(doc);
  if (!isTree(root)) return root;
  const refs = new Set<string>();
  collectRefs(root, refs);
  for (const ref of refs) {
    const m = /^#\/(definitions|\$defs)\/([^/]+)$/.exec(ref);
    if (!m) continue;
    const name = m[2].replace(/~1/g, '/').replace(/~0/g, '~');
    let container = getKey(root, m[1]);
    if (!isTree(container)) {
      container = {};
      setKey(root, m[1], container);
    }
    if (getKey(container as Tree, name) === undefined) setKey(container as Tree, name, { type: 'object', properties: { id: { type: 'string' } } });
  }
  const all: Array<[string, string, Tree]> = [];
  for (const key of ['definitions', '$defs']) {
    const defs = getKey(root, key);
    if (isTree(defs)) for (const k of Object.keys(defs)) if (isTree(defs[k])) all.push([key, plainKey(k), defs[k] as Tree]);
  }
  // Node is an interface when it is an object; interfaces have fields.
  for (const [, name, def] of all) {
    if (name === 'Node' && getKey(def, 'properties') !== undefined) setKey(def, 'x-graphql-type-kind', 'INTERFACE');
    const props = getKey(def, 'properties');
    if (kindOf(def) === 'INTERFACE' && isTree(props) && Object.keys(props).length === 0) setKey(props, 'id', { type: 'string' });
  }
  // Explicit names given once.
  const explicitNames = new Set<string>();
  // Identical scalar declarations share their name (one `scalar` is printed); different ones are renamed.
  const scalarDeclarations = new Map<string, string>();
  for (const [, , def] of all) {
    const scalar = getKey(def, 'x-graphql-scalar');
    if (isTree(scalar) && typeof scalar.name === 'string') {
      const declared = JSON.stringify(scalar);
      if (scalarDeclarations.get(scalar.name) === declared) continue;
      let n = scalar.name;
      for (let i = 2; explicitNames.has(n); i++) n = `${scalar.name}${i}`;
      explicitNames.add(n);
      scalarDeclarations.set(n, JSON.stringify({ ...scalar, name: n }));
      setKey(def, 'x-graphql-scalar', { ...scalar, name: n });
    }
    for (const attr of ['x-graphql-type-name', 'x-graphql-type']) {
      const v = getKey(def, attr);
      const n = typeof v === 'string' ? v : isTree(v) && typeof v.name === 'string' ? v.name : undefined;
      if (n === undefined) continue;
      if (explicitNames.has(n)) deleteKey(def, attr);
      else explicitNames.add(n);
    }
  }
  // Refs that only point at each other: the first of the cycle becomes an object.
  const byRef = new Map(all.map(([key, name, def]) => [`#/${key}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, def]));
  for (const [, , def] of all) {
    const seen = new Set<Tree>();
    let cur: Tree | undefined = def;
    while (cur && typeof getKey(cur, '$ref') === 'string' && !seen.has(cur)) {
      seen.add(cur);
      cur = byRef.get(getKey(cur, '$ref') as string);
    }
    if (cur && seen.has(cur)) {
      deleteKey(cur, '$ref');
      setKey(cur, 'type', 'object');
      setKey(cur, 'properties', { id: { type: 'string' } });
    }
  }
  // x-graphql-implements names interfaces only.
  const interfaces = new Set<string>();
  const objects = new Set<string>();
  for (const [, name, def] of all) {
    const props = getKey(def, 'properties');
    if (!isTree(props) || Object.keys(props).length === 0 || getKey(def, 'x-graphql-skip') === true) continue;
    const explicit = getKey(def, 'x-graphql-type-name');
    const legacy = getKey(def, 'x-graphql-type');
    const typeName = typeof explicit === 'string' ? explicit : typeof legacy === 'string' ? legacy : isTree(legacy) && typeof legacy.name === 'string' ? legacy.name : /^[A-Z][A-Za-z0-9]*$/.test(name) ? name : undefined;
    if (typeName === undefined) continue;
    if (kindOf(def) === 'INTERFACE') interfaces.add(typeName);
    if (kindOf(def) === 'OBJECT') objects.add(typeName);
  }
  // Operation types name object types.
  for (const attr of ['x-graphql-schema', 'x-graphql-schema-extension']) {
    const v = getKey(root, attr);
    if (!isTree(v)) continue;
    for (const op of ['query', 'mutation', 'subscription']) {
      const t = getKey(v, op);
      if (typeof t === 'string' && !objects.has(t)) deleteKey(v, op);
    }
  }
  const fitImplements = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(fitImplements);
    else if (isTree(v)) {
      const impl = getKey(v, 'x-graphql-implements');
      if (Array.isArray(impl)) setKey(v, 'x-graphql-implements', impl.filter((n) => typeof n === 'string' && interfaces.has(n)));
      for (const k of Object.keys(v)) fitImplements(v[k]);
    }
  };
  fitImplements(root);
  fitSchema(root, false);
  for (const [, , def] of all) fitSchema(def, false);
  return root;
}

/**
 * The files a generated document may `$ref`, written by the runner into a folder
 * that stands for the case folder (`$WORLD` in options).
 */
export const WORLD_FILES: Record<string, string> = {
  'common/address.json': JSON.stringify(
    {
      title: 'Address',
      type: 'object',
      description: 'A postal address.',
      properties: { city: { type: 'string' }, zip: { type: 'integer', maximum: 1e12 }, geo: { $ref: '#/definitions/Geo' } },
      required: ['city'],
      definitions: { Geo: { type: 'object', properties: { lat: { type: 'number' }, lng: { type: 'number' }, 'x-graphql-foo': 1 } } },
    },
    null,
    2,
  ) + '\n',
  'common/types.json': JSON.stringify(
    {
      definitions: {
        Tag: { type: 'object', properties: { label: { type: 'string' }, address: { $ref: 'address.json' } } },
        Loop: { $ref: '#/definitions/Loop2' },
        Loop2: { $ref: '#/definitions/Loop' },
        Unused: { type: 'object', properties: { u: { type: 'string' } } },
      },
    },
    null,
    2,
  ) + '\n',
  'sub/local.json': '{\n  "title": "Local",\n  "type": "object",\n  "properties": {\n    "up": { "$ref": "../common/address.json" },\n    "n": { "type": "integer", "minimum": -1e12 }\n  }\n}\n',
  'local.json': '{ "title": "RootLocal", "type": "object", "properties": { "x": { "type": "boolean" } } }\n',
  'bad.json': '{\n  "title": "Bad",\n  "type": "object",\n  "properties": { "a": { "type": "string" }, }\n}\n',
  'dir/readme.txt': 'a folder, not a file\n',
};
/** Outside the world folder, for REF_OUTSIDE. */
export const OUTSIDE_FILE = { name: 'outside.json', text: '{ "title": "Secret", "type": "object", "properties": { "s": { "type": "string" } } }\n' };

export interface TextCase {
  /** The input text. */
  text: string;
  options: Record<string, unknown>;
}

/** Deep inputs, at and around the 1,000-level JSON limit: nested arrays, properties, items, long ref chains. */
function deepInputs(): string[] {
  const arrays = (depth: number) => `{"title":"T","type":"object","properties":{"a":{"type":"string","examples":${'['.repeat(depth - 4)}${']'.repeat(depth - 4)}}}}`;
  const props = (levels: number) => {
    let inner = '{"type":"string"}';
    for (let i = 0; i < levels; i++) inner = `{"type":"object","properties":{"a${i % 3}":${inner},"b":{"type":"integer"},"c":{"type":"boolean"},"d":{"type":"number"}}}`;
    return `{"title":"T","type":"object","properties":{"x":${inner}}}`;
  };
  const items = (levels: number) => `{"title":"T","type":"object","properties":{"x":${'{"type":"array","items":'.repeat(levels)}{"type":"string"}${'}'.repeat(levels)}}}`;
  const chain = (n: number, cycle: boolean) => {
    const defs = Array.from({ length: n }, (_, i) => `"D${i}":{"$ref":"#/definitions/${i + 1 < n ? `D${i + 1}` : cycle ? 'D0' : 'End'}"}`);
    return `{"title":"T","type":"object","properties":{"x":{"$ref":"#/definitions/D0"}},"definitions":{${defs.join(',')},"End":{"type":"object","properties":{"id":{"type":"string"}}}}}`;
  };
  // (Deeper inline objects are slow in the debug Rust build: about 6 s at 300 levels.)
  return [arrays(999), arrays(1000), arrays(1001), props(60), items(128), items(129), items(990), chain(500, false), chain(300, true)];
}

/**
 * JSON Schema inputs: generated trees (valid mode mostly; `any` mode; the
 * documents of the property tests) written in some layout, sometimes broken
 * on purpose.
 */
export const jsonCases: fc.Arbitrary<TextCase> = fc.oneof(
  { weight: 70, arbitrary: fc.tuple(validSchemas.document, validSchemas.options) },
  { weight: 20, arbitrary: fc.tuple(anySchemas.document, anySchemas.options) },
  { weight: 10, arbitrary: fc.tuple(fc.oneof(simpleDocuments as fc.Arbitrary<unknown>, roundTripDocuments as fc.Arbitrary<unknown>), fc.oneof(simpleOptions, roundTripOptions) as fc.Arbitrary<Record<string, unknown>>) },
).chain(([doc, options]) =>
  fc.tuple(jsonStyles, rarely(jsonMutations, 15)).map(([style, mutation]) => ({ text: applyMutation(writeJson(doc, style), mutation), options })),
);

export const jsonAndDeepCases: fc.Arbitrary<TextCase> = fc.oneof(
  { weight: 150, arbitrary: jsonCases },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...deepInputs()), fc.constantFrom<Record<string, unknown>>({}, { inlineObjectThreshold: 0 }, { strict: true })).map(([text, options]) => ({ text, options })) },
);

/** Valid-mode JSON Schemas and options only, unbroken: most of them convert (the round-trip property). */
export const validJsonCases: fc.Arbitrary<TextCase> = fc
  .tuple(validSchemas.document, validSchemas.options, jsonStyles)
  .map(([doc, options, style]) => ({ text: writeJson(doc, style), options }));

// ---------------------------------------------------------------------------
// SDL inputs (graphql-to-json)

const ODD_SDL = [
  'type T { a: Missing }',
  'query { a }',
  'fragment F on T { a }\ntype T { a: Int }',
  'scalar JSON',
  'type JSON { a: Int }',
  'type T { a: Int a: Int }',
  'type T { a: Int }\ntype T { b: Int }',
  'extend type X { a: Int }',
  'extend type T { b: Int }\ntype T { a: Int }',
  '',
  '   \n',
  '# only a comment\n',
  'type T { a(x: Float = 1e400): Int }',
  'type T { a(x: Float = 1e308, y: Int = -0, z: Float = 1.0): Int }',
  'scalar Int',
  'type T @nope { a: Int }',
  '\ufefftype T { a: Int }',
  'type T {\r\n  a: Int\r\n  "é desc"\r\n  b: String\r\n}\r\n',
  '"""desc"""\ntype T { a: Int }',
  '"""\n  indented\n    more\n\n"""\ntype T { a: Int }',
  'directive @d on FIELD_DEFINITION\ntype T { a: Int @d @d }',
  'directive @d repeatable on FIELD_DEFINITION\ntype T { a: Int @d @d }',
  'type T { a: Int @deprecated(reason: "x\\u00e9\\"\\\\") }',
  'enum E { A B A }',
  'enum E { true }',
  'union U = A | B\ntype A { a: Int }\ntype B { b: Int }',
  'union U = A | String\ntype A { a: Int }',
  'interface I { a: Int }\ntype T implements I { b: Int }',
  'interface I implements J { a: Int }\ninterface J implements I { a: Int }',
  'input I { a: I! }',
  'input I { a: Int = "x" }',
  'type T { a: [[Int!]!] }\nschema { query: T }',
  'schema { query: Missing }',
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])\ntype T @key(fields: "id") { id: ID! }',
  'type T @key(fields: "id") @shareable { id: ID! @external name: String @requires(fields: "id") @override(from: "a") }',
  'type T { a: String "unterminated }',
  'type T { a: String """unterminated }',
  'type T { é: Int }',
  'type T { a: Int }}',
  'type T { a(b: [Int] = [1, 2.5, -3e2, "s", null, true, X, {k: 1}]): Int }',
  'type Query { a: Int }\nsubscription S { a }',
  'input In @oneOf { a: Int b: String }',
  'scalar S @specifiedBy(url: "https://example.com")',
  'type T { a: Int! = 1 }',
  'directive @d(x: Int = "s") on OBJECT\ntype T @d { a: Int }',
];

const sdlMutations: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fraction }),
  fc.record({ kind: fc.constant('insert' as const), at: fraction, text: fc.constantFrom('{', '}', '"', '"""', '!', '@', '#', '\n', 'é', '😀', ' type ', '$', '\u0000', '\\', '1e400', ',', '&', '|') }),
  fc.record({ kind: fc.constant('delete' as const), at: fraction }),
  fc.constant({ kind: 'bom' as const }),
);

const sdlFileName = rarely(fc.constantFrom('api.graphql', 'schema.gql', 'é.graphql'), 4);

/**
 * Records 0074, 0075: federated subgraphs whose `@link` names a version from 2.5 on, imports
 * `@key` as it is or renamed, and leaves some directives to their namespaced names
 * (`@federation__shareable`, or `@fed__shareable` under `as: "fed"`), with the later
 * directives on the places federation allows.
 */
export const linkedSdlDocuments: fc.Arbitrary<string> = fc
  .record({
    minor: fc.integer({ min: 9, max: 14 }),
    keyAlias: fc.constantFrom('key', 'pk', 'entity'),
    namespace: fc.constantFrom<string | undefined>(undefined, 'fed'),
    importShareable: fc.boolean(),
    auth: fc.constantFrom('', ' @authenticated', ' @requiresScopes(scopes: [["read"], ["admin", "audit"]])', ' @policy(policies: [["owner"]])'),
    tags: fc.array(fc.constantFrom('public', 'internal'), { maxLength: 2 }),
    cost: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
    label: fc.boolean(),
  })
  .map((g) => {
    const ns = g.namespace ?? 'federation';
    const imports = [g.keyAlias === 'key' ? '"@key"' : `{name: "@key", as: "@${g.keyAlias}"}`, '"@authenticated"', '"@requiresScopes"', '"@policy"'];
    if (g.importShareable) imports.push('"@shareable"');
    const as = g.namespace !== undefined ? `, as: "${g.namespace}"` : '';
    const shareable = g.importShareable ? '@shareable' : `@${ns}__shareable`;
    const tags = g.tags.map((t) => ` @${ns}__tag(name: "${t}")`).join('');
    const cost = g.cost !== undefined ? ` @${ns}__cost(weight: ${g.cost})` : '';
    const override = g.label ? ` @${ns}__override(from: "legacy", label: "percent(5)")` : '';
    return `extend schema @link(url: "https://specs.apollo.dev/federation/v2.${g.minor}"${as}, import: [${imports.join(', ')}])

type Query {
  products(first: Int): [Product] @${ns}__listSize(assumedSize: 10, slicingArguments: ["first"])${cost}
}

type Product @${g.keyAlias}(fields: "id")${g.auth}${tags} {
  id: ID!
  name: String ${shareable}${tags}
  price: Int${override}${g.auth}${cost}
}
`;
  });

/** SDL inputs: valid documents of every kind, odd ones, broken ones, CRLF line ends. */
export const sdlCases: fc.Arbitrary<TextCase> = fc
  .tuple(
    fc.oneof(
      { weight: 6, arbitrary: sdlDocuments },
      { weight: 2, arbitrary: subgraphDocuments },
      { weight: 1, arbitrary: linkedSdlDocuments },
      { weight: 2, arbitrary: fc.constantFrom(...ODD_SDL) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...ODD_SDL), { minLength: 2, maxLength: 3 }).map((l) => l.join('\n')) },
    ),
    rarely(sdlMutations, 5),
    fc.boolean().map((crlf) => (crlf ? '\r\n' : '\n')),
    fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    sdlFileName,
  )
  .map(([sdl, mutation, eol, crlf, fileName]) => ({
    text: applyMutation(crlf ? sdl.replace(/\n/g, eol) : sdl, mutation),
    options: fileName !== undefined ? { fileName } : {},
  }));
