/**
 * `applyDefaults(value, schema)`: a full copy of the input with missing values filled from
 * `default`, walking the applicators in the documented order; the input and the schema are
 * never mutated, every inserted default is a fresh copy, and keys such as `__proto__` are
 * ordinary own properties.
 *
 * The behaviour is tables of `{ description, schema, data, expected }` rows, one test per row:
 * `applyDefaults(data, schema)` deep-equals `expected`, leaves `data` and `schema` as they were
 * and shares no object with either (`valid` rows also validate the result). The example vectors
 * run with every constructor; what is not data-shaped (frozen inputs, copies across calls,
 * `__proto__` descriptors, nested calls) is code below the tables.
 *
 * Cycles in the schema and deep or self-containing data are covered by cycles.test.ts and
 * deep-data.test.ts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, createKernel, defineKeyword, newJSONSchema, newSimpleJSONSchema } from '../index.ts'
import type { Schema } from '../index.ts'

type Json = Record<string, unknown>

interface Constructor {
  name: string
  build(schema: unknown): Schema
}

const kernel = createKernel()

/** Every way to get a `Schema` that applyDefaults accepts. */
const CONSTRUCTORS: Constructor[] = [
  { name: 'newJSONSchema', build: (s) => newJSONSchema(s) },
  { name: 'newSimpleJSONSchema', build: (s) => newSimpleJSONSchema(s) },
  { name: 'kernel.newJSONSchema', build: (s) => kernel.newJSONSchema(s) },
  { name: 'kernel.newSimpleJSONSchema', build: (s) => kernel.newSimpleJSONSchema(s) },
  {
    name: 'a plain Schema whose validator() is compiled',
    build: (s) => {
      const compiled = newJSONSchema(s)
      return { validator: () => compiled.validator() }
    },
  },
]

/** One case: `applyDefaults(data, schema)` gives `expected`. */
interface Row {
  description: string
  schema: unknown
  data: unknown
  expected: unknown
  /** Whether `validate` accepts the data before and the result after (the call order: applyDefaults, then validate). */
  valid?: { before: boolean; after: boolean }
}

const ONE_OF_T = {
  oneOf: [
    { properties: { t: { const: 'x' }, n: { default: 1 } }, required: ['t'] },
    { properties: { t: { const: 'y' }, m: { default: 2 } }, required: ['t'] },
  ],
}

/** The example vectors, verbatim. */
const VECTORS: Row[] = [
  {
    description: 'a property default, then the if on the defaulted value selects then',
    schema: { properties: { kind: { default: 'a' } }, if: { properties: { kind: { const: 'a' } } }, then: { properties: { x: { default: 1 } } } },
    data: {},
    expected: { kind: 'a', x: 1 },
  },
  {
    description: 'allOf branches in order, the first to fill a key wins',
    schema: { allOf: [{ properties: { a: { default: 1 } } }, { properties: { a: { default: 2 }, b: { default: 2 } } }] },
    data: {},
    expected: { a: 1, b: 2 },
  },
  { description: 'oneOf: the one branch that validates applies', schema: ONE_OF_T, data: { t: 'y' }, expected: { t: 'y', m: 2 } },
  { description: 'oneOf: both branches fail, so neither applies', schema: ONE_OF_T, data: {}, expected: {} },
  {
    description: 'an inserted default object is walked for nested defaults',
    schema: { properties: { o: { type: 'object', default: {}, properties: { b: { default: 1 } } } } },
    data: {},
    expected: { o: { b: 1 } },
  },
  {
    description: "a $ref target's own default",
    schema: { properties: { r: { $ref: '#/$defs/R' } }, $defs: { R: { type: 'string', default: 'eu' } } },
    data: {},
    expected: { r: 'eu' },
  },
  { description: 'prefixItems fills an item that is present', schema: { prefixItems: [{ properties: { e: { default: true } } }] }, data: [{}], expected: [{ e: true }] },
  { description: 'prefixItems never pads an array', schema: { prefixItems: [{ properties: { e: { default: true } } }] }, data: [], expected: [] },
  {
    description: 'a property present with null stays null',
    schema: { properties: { region: { type: ['string', 'null'], default: 'us' } } },
    data: { region: null },
    expected: { region: null },
  },
]

const OBJECT_REF = { $defs: { R: { properties: { a: { default: 'ref' } } } } }
const ANY_OF_XY = { anyOf: [{ required: ['a'], properties: { x: { default: 1 } } }, { required: ['b'], properties: { y: { default: 2 } } }] }
const IF_A = { if: { required: ['a'] }, then: { properties: { t: { default: 't' } } }, else: { properties: { e: { default: 'e' } } } }
const KIND = {
  properties: { kind: { default: 'b' } },
  if: { properties: { kind: { const: 'a' } } },
  then: { properties: { x: { default: 1 } } },
  else: { properties: { y: { default: 2 } } },
}
const SHARED = {}
const DEPENDENT_D = { dependentSchemas: { k: { properties: { d: { default: 1 } } } } }
const ONE_OF_TYPES = { oneOf: [{ type: 'object', properties: { a: { default: 1 } } }, { type: 'array', items: { default: 2 } }] }
const MUTUAL = {
  $defs: {
    A: { properties: { b: { $ref: '#/$defs/B', default: {} } } },
    B: { properties: { a: { $ref: '#/$defs/A', default: {} } } },
  },
  $ref: '#/$defs/A',
}

/** Data-shaped cases by concern. */
const TABLES: { concern: string; rows: Row[] }[] = [
  {
    concern: 'applyDefaults returns a copy and never mutates or shares',
    rows: [
      { description: 'a new object even when nothing is filled', schema: { type: 'object' }, data: { a: { b: [1, { c: 2 }] } }, expected: { a: { b: [1, { c: 2 }] } } },
      {
        description: 'no subtree shared with the input, at any depth',
        schema: { properties: { list: { items: { properties: { d: { default: 1 } } } }, o: { properties: { p: { properties: { n: { default: 2 } } } } } } },
        data: { list: [{ a: {} }, [[{}]]], o: { p: { q: [] } }, keep: { deep: { deeper: {} } } },
        expected: { list: [{ a: {}, d: 1 }, [[{}]]], o: { p: { q: [], n: 2 } }, keep: { deep: { deeper: {} } } },
      },
      {
        description: 'an object the input reuses at two places gets each place its own defaults',
        schema: { properties: { a: { properties: { x: { default: 1 } } }, b: { properties: { x: { default: 2 } } } } },
        data: { a: SHARED, b: SHARED },
        expected: { a: { x: 1 }, b: { x: 2 } },
      },
      {
        description: 'an object the input reuses at two places is copied at each, filled where described',
        schema: { properties: { a: { properties: { x: { default: 1 } } } } },
        data: { a: SHARED, b: SHARED },
        expected: { a: { x: 1 }, b: {} },
      },
    ],
  },
  {
    concern: 'applyDefaults fills only what is missing',
    rows: [
      { description: 'a missing property takes its default', schema: { properties: { a: { default: 1 } } }, data: {}, expected: { a: 1 } },
      { description: 'a property whose value is undefined counts as missing', schema: { properties: { a: { default: 1 } } }, data: { a: undefined }, expected: { a: 1 } },
      {
        description: 'a property present with null, 0, false or "" keeps its value',
        schema: { properties: { n: { default: 'd' }, z: { default: 1 }, f: { default: true }, s: { default: 'x' } } },
        data: { n: null, z: 0, f: false, s: '' },
        expected: { n: null, z: 0, f: false, s: '' },
      },
      { description: 'a missing root takes the root default (an object)', schema: { default: { a: 1 } }, data: undefined, expected: { a: 1 } },
      { description: 'a missing root takes the root default (a string)', schema: { type: 'string', default: 'x' }, data: undefined, expected: 'x' },
      { description: 'a missing root without a default stays missing', schema: { properties: { a: { default: 1 } } }, data: undefined, expected: undefined },
      { description: 'a root null stays null', schema: { default: 5 }, data: null, expected: null },
      { description: 'a present root 0 keeps its value', schema: { default: 5 }, data: 0, expected: 0 },
      { description: 'a present empty root object keeps its value', schema: { default: { a: 1 } }, data: {}, expected: {} },
      { description: 'prefixItems never pad an empty array', schema: { prefixItems: [{ default: 1 }, { default: 2 }] }, data: [], expected: [] },
      { description: 'prefixItems never pad a short array', schema: { prefixItems: [{ default: 1 }, { default: 2 }] }, data: [0], expected: [0] },
      { description: 'items never pad an array', schema: { items: { default: 1 } }, data: [], expected: [] },
      {
        description: 'prefixItems fill the items present, and add none',
        schema: { prefixItems: [{ properties: { e: { default: true } } }, { properties: { e: { default: true } } }] },
        data: [{}],
        expected: [{ e: true }],
      },
      {
        description: 'a missing nested object without a default is not created',
        schema: { properties: { o: { type: 'object', properties: { b: { default: 1 } } } } },
        data: {},
        expected: {},
      },
      {
        description: 'a missing nested object behind a $ref without a default is not created',
        schema: { properties: { o: { $ref: '#/$defs/O' } }, $defs: { O: { properties: { b: { default: 1 } } } } },
        data: {},
        expected: {},
      },
      { description: 'an inserted root default is walked for nested defaults', schema: { default: {}, properties: { a: { default: 1 } } }, data: undefined, expected: { a: 1 } },
      {
        description: 'an inserted default array is walked for nested defaults',
        schema: { properties: { list: { default: [{}], items: { properties: { d: { default: 1 } } } } } },
        data: {},
        expected: { list: [{ d: 1 }] },
      },
      {
        description: 'an inserted $ref target default is walked for nested defaults',
        schema: { properties: { o: { $ref: '#/$defs/R' } }, $defs: { R: { default: {}, properties: { b: { default: 1 } } } } },
        data: {},
        expected: { o: { b: 1 } },
      },
      {
        description: 'what a default object already holds is not overwritten by nested defaults',
        schema: { properties: { o: { default: { b: 5 }, properties: { b: { default: 1 }, c: { default: 2 } } } } },
        data: {},
        expected: { o: { b: 5, c: 2 } },
      },
      { description: 'additionalProperties walks only keys that are present', schema: { additionalProperties: { default: 1 } }, data: {}, expected: {} },
      { description: 'patternProperties walks only keys that are present', schema: { patternProperties: { '^a': { default: 1 } } }, data: {}, expected: {} },
    ],
  },
  {
    concern: 'applyDefaults walks every applicator',
    rows: [
      {
        description: 'properties, nested',
        schema: { properties: { a: { properties: { b: { properties: { c: { default: 1 } } } } } } },
        data: { a: { b: {} } },
        expected: { a: { b: { c: 1 } } },
      },
      {
        description: 'patternProperties, for present keys',
        schema: { patternProperties: { '^x': { properties: { d: { default: 1 } } } } },
        data: { x1: {}, y: {} },
        expected: { x1: { d: 1 }, y: {} },
      },
      {
        description: 'additionalProperties, for present keys',
        schema: { properties: { a: {} }, additionalProperties: { properties: { d: { default: 1 } } } },
        data: { a: {}, b: {} },
        expected: { a: {}, b: { d: 1 } },
      },
      { description: 'items, every present item', schema: { items: { properties: { d: { default: 1 } } } }, data: [{}, { d: 2 }, 3], expected: [{ d: 1 }, { d: 2 }, 3] },
      {
        description: 'prefixItems, then items after them',
        schema: { prefixItems: [{ properties: { p: { default: 1 } } }], items: { properties: { i: { default: 2 } } } },
        data: [{}, {}],
        expected: [{ p: 1 }, { i: 2 }],
      },
      {
        description: "$ref: the target's subschemas and the $ref's siblings",
        schema: { $ref: '#/$defs/R', properties: { s: { default: 'sibling' } }, $defs: { R: { properties: { t: { default: 'target' } } } } },
        data: {},
        expected: { s: 'sibling', t: 'target' },
      },
      { description: "$ref: the target's own default", schema: { $ref: '#/$defs/R', $defs: { R: { default: { z: 1 } } } }, data: undefined, expected: { z: 1 } },
      {
        description: '$ref: under items, for the items its target describes',
        schema: { items: { $ref: '#/$defs/I' }, $defs: { I: { type: 'object', properties: { q: { default: 'q' } } } } },
        data: [{}, 1],
        expected: [{ q: 'q' }, 1],
      },
      {
        description: '$ref chains and recursive $refs',
        schema: { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { properties: { b: { default: 1 }, kids: { items: { $ref: '#/$defs/A' } } } } } },
        data: { kids: [{}, { kids: [{}] }] },
        expected: { b: 1, kids: [{ b: 1 }, { b: 1, kids: [{ b: 1 }] }] },
      },
      {
        description: 'allOf: every branch',
        schema: { allOf: [{ properties: { a: { default: 1 } } }, { properties: { b: { default: 2 } } }, { properties: { c: { default: 3 } } }] },
        data: {},
        expected: { a: 1, b: 2, c: 3 },
      },
      { description: 'if/then/else: else where the value fails the if', schema: IF_A, data: {}, expected: { e: 'e' } },
      { description: 'if/then/else: then where the value passes the if', schema: IF_A, data: { a: 1 }, expected: { a: 1, t: 't' } },
      { description: 'dependentSchemas: when the key is present', schema: DEPENDENT_D, data: { k: 1 }, expected: { k: 1, d: 1 } },
      { description: 'dependentSchemas: not when the key is missing', schema: DEPENDENT_D, data: {}, expected: {} },
      { description: 'anyOf: the first branch, the only one that validates', schema: ANY_OF_XY, data: { a: 1 }, expected: { a: 1, x: 1 } },
      { description: 'anyOf: the second branch, the only one that validates', schema: ANY_OF_XY, data: { b: 1 }, expected: { b: 1, y: 2 } },
      { description: 'anyOf: no branch where two validate', schema: ANY_OF_XY, data: { a: 1, b: 1 }, expected: { a: 1, b: 1 } },
      { description: 'anyOf: no branch where none validates', schema: ANY_OF_XY, data: {}, expected: {} },
      {
        description: 'anyOf: no branch where every branch validates',
        schema: { anyOf: [{ properties: { x: { default: 1 } } }, { properties: { y: { default: 2 } } }] },
        data: {},
        expected: {},
      },
      { description: 'oneOf: the object branch, the only one that validates', schema: ONE_OF_TYPES, data: {}, expected: { a: 1 } },
      { description: 'oneOf: the array branch, the only one that validates (never padding)', schema: ONE_OF_TYPES, data: [], expected: [] },
      {
        description: '$dynamicRef: the dynamic target',
        schema: { $dynamicAnchor: 'node', properties: { kids: { items: { $dynamicRef: '#node' } }, d: { default: 1 } } },
        data: { kids: [{}] },
        expected: { kids: [{ d: 1 }], d: 1 },
      },
      {
        description: 'values the schema does not describe are copied as they are',
        schema: { properties: { a: { default: 1 } } },
        data: { b: [1, { c: null }], d: 'x' },
        expected: { b: [1, { c: null }], d: 'x', a: 1 },
      },
      { description: 'a present string root is kept', schema: { default: 1 }, data: 'x', expected: 'x' },
    ],
  },
  {
    concern: 'applyDefaults applies sources in the documented order, first to fill a key wins',
    rows: [
      {
        description: "the node's own default comes before its properties",
        schema: { default: { a: 'own' }, properties: { a: { default: 'properties' }, b: { default: 'properties' } } },
        data: undefined,
        expected: { a: 'own', b: 'properties' },
      },
      {
        description: 'properties come before the $ref target ($ref written first)',
        schema: { $ref: '#/$defs/R', properties: { a: { default: 'properties' } }, ...OBJECT_REF },
        data: {},
        expected: { a: 'properties' },
      },
      {
        description: 'properties come before the $ref target (properties written first)',
        schema: { properties: { a: { default: 'properties' } }, $ref: '#/$defs/R', ...OBJECT_REF },
        data: {},
        expected: { a: 'properties' },
      },
      {
        description: 'the $ref target comes before allOf',
        schema: { allOf: [{ properties: { a: { default: 'allOf' } } }], $ref: '#/$defs/R', ...OBJECT_REF },
        data: {},
        expected: { a: 'ref' },
      },
      {
        description: 'properties come before allOf',
        schema: { allOf: [{ properties: { a: { default: 'allOf' } } }], properties: { a: { default: 'properties' } } },
        data: {},
        expected: { a: 'properties' },
      },
      {
        description: 'allOf comes before dependentSchemas',
        schema: { dependentSchemas: { k: { properties: { a: { default: 'dependentSchemas' } } } }, allOf: [{ properties: { a: { default: 'allOf' } } }] },
        data: { k: 1 },
        expected: { k: 1, a: 'allOf' },
      },
      {
        description: 'dependentSchemas comes before if/then/else',
        schema: { if: true, then: { properties: { a: { default: 'then' } } }, dependentSchemas: { k: { properties: { a: { default: 'dependentSchemas' } } } } },
        data: { k: 1 },
        expected: { k: 1, a: 'dependentSchemas' },
      },
      {
        description: 'dependentSchemas sees a key that a property default inserted',
        schema: { properties: { k: { default: 1 } }, dependentSchemas: { k: { properties: { d: { default: 2 } } } } },
        data: {},
        expected: { k: 1, d: 2 },
      },
      { description: 'the if is evaluated on the value as defaulted so far (else)', schema: KIND, data: {}, expected: { kind: 'b', y: 2 } },
      { description: 'the if is evaluated on the value as defaulted so far (then)', schema: KIND, data: { kind: 'a' }, expected: { kind: 'a', x: 1 } },
      {
        description: 'if/then/else comes before anyOf',
        schema: { anyOf: [{ properties: { a: { default: 'anyOf' } } }], if: true, then: { properties: { a: { default: 'then' } } } },
        data: {},
        expected: { a: 'then' },
      },
      {
        description: 'if/then/else comes before oneOf',
        schema: { oneOf: [{ properties: { a: { default: 'oneOf' } } }], if: true, then: { properties: { a: { default: 'then' } } } },
        data: {},
        expected: { a: 'then' },
      },
      {
        description: 'anyOf and oneOf are decided on the value as defaulted so far',
        schema: { ...ONE_OF_T, properties: { t: { default: 'y' } } },
        data: {},
        expected: { t: 'y', m: 2 },
      },
      {
        description: 'nothing present in the input is overwritten by any source',
        schema: {
          default: { a: 'root' },
          properties: { a: { default: 'properties' } },
          allOf: [{ properties: { a: { default: 'allOf' } } }],
          if: true,
          then: { properties: { a: { default: 'then' } } },
        },
        data: { a: 'input' },
        expected: { a: 'input' },
      },
    ],
  },
  {
    concern: "the spec's call order: applyDefaults, then validate the result",
    rows: [
      {
        description: 'a required property with a default passes when missing',
        schema: {
          type: 'object',
          properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 } },
          required: ['city', 'days'],
        },
        data: { city: 'Oslo' },
        expected: { city: 'Oslo', days: 3 },
        valid: { before: false, after: true },
      },
      {
        description: 'nested required properties with defaults pass, through a default object and a $ref',
        schema: {
          type: 'object',
          properties: {
            options: { type: 'object', default: {}, properties: { n: { type: 'integer', default: 1 } }, required: ['n'] },
            region: { $ref: '#/$defs/Region' },
          },
          required: ['options', 'region'],
          $defs: { Region: { type: 'string', enum: ['eu', 'us'], default: 'eu' } },
        },
        data: {},
        expected: { options: { n: 1 }, region: 'eu' },
        valid: { before: false, after: true },
      },
      {
        description: 'a required property without a default still fails',
        schema: { type: 'object', properties: { a: { default: 1 }, b: { type: 'string' } }, required: ['a', 'b'] },
        data: {},
        expected: { a: 1 },
        valid: { before: false, after: false },
      },
    ],
  },
  {
    concern: 'applyDefaults fills a default that reaches its own schema once per level',
    rows: [
      {
        // The shape of a meta-schema copy: `items` defaults to {} and is itself a schema.
        description: 'a recursive schema whose default re-enters it stops at the second level',
        schema: { properties: { items: { anyOf: [{ $ref: '#' }], default: {} }, name: { default: 'x' } } },
        data: {},
        expected: { items: { name: 'x' }, name: 'x' },
        valid: { before: true, after: true },
      },
      { description: 'two schemas whose defaults reach each other fill each once', schema: MUTUAL, data: {}, expected: { b: { a: {} } } },
      {
        // Only filled-in defaults stop re-filling themselves.
        description: 'given data under two schemas that reach each other is walked as deep as it goes',
        schema: MUTUAL,
        data: { b: { a: { b: { a: {} } } } },
        expected: { b: { a: { b: { a: { b: { a: {} } } } } } },
      },
      {
        description: 'defaults inside a filled-in default still fill, and sibling slots each get theirs',
        schema: {
          properties: { x: { $ref: '#/$defs/P' }, y: { $ref: '#/$defs/P' }, config: { default: {}, properties: { port: { default: 80 } } } },
          $defs: { P: { default: {}, properties: { z: { default: 1 } } } },
        },
        data: {},
        expected: { x: { z: 1 }, y: { z: 1 }, config: { port: 80 } },
      },
    ],
  },
]

/** Every object and array reachable from `value` (iterative). */
function containers(value: unknown): Set<object> {
  const seen = new Set<object>()
  const stack = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null || seen.has(v)) continue
    seen.add(v)
    for (const child of Object.values(v)) stack.push(child)
  }
  return seen
}

function assertNothingShared(result: unknown, other: unknown, what: string): void {
  const theirs = containers(other)
  for (const c of containers(result)) assert.not.ok(theirs.has(c), `the result shares ${JSON.stringify(c)} with ${what}`)
}

function deepFreeze<T>(value: T): T {
  for (const c of containers(value)) Object.freeze(c)
  return value
}

/** applyDefaults with a newJSONSchema: the shorthand the code tests use. */
const fill = (schema: unknown, input: unknown) => applyDefaults(input, newJSONSchema(schema))

/** Runs one row with `build`'s schema: the expected result, nothing of the input or schema changed or shared. */
function check(row: Row, build: (schema: unknown) => Schema): void {
  const schemaBefore = structuredClone(row.schema)
  const dataBefore = structuredClone(row.data)
  const schema = build(row.schema)
  const result = applyDefaults(row.data, schema)
  assert.equal(result, row.expected)
  assert.equal(row.data, dataBefore, 'the input is not mutated')
  assert.equal(row.schema, schemaBefore, 'the schema is not mutated')
  if (typeof row.data === 'object' && row.data !== null) assert.ok(result !== row.data, 'the result is not the input')
  assertNothingShared(result, row.data, 'the input')
  assertNothingShared(result, row.schema, 'the schema')
  if (row.valid !== undefined) {
    assert.is(schema.validator().validate(row.data) === null, row.valid.before, 'the input alone validates')
    assert.is(schema.validator().validate(result) === null, row.valid.after, 'the result validates')
  }
}

// ---------------------------------------------------------------------------------------------

const vectors = suite('applyDefaults gives the example results, with every constructor')

for (const c of CONSTRUCTORS) {
  for (const row of VECTORS) vectors(`${row.description}, with ${c.name}`, () => check(row, c.build))
}

vectors.run()

for (const table of TABLES) {
  const rows = suite(table.concern)
  for (const row of table.rows) rows(row.description, () => check(row, (s) => newJSONSchema(s)))
  rows.run()
}

// ---------------------------------------------------------------------------------------------

const copies = suite('applyDefaults copies: what a row cannot show')

copies('works on a frozen input and a frozen schema (nothing is written to either)', () => {
  for (const v of VECTORS) {
    const schema = deepFreeze(structuredClone(v.schema))
    const input = deepFreeze(structuredClone(v.data))
    assert.equal(applyDefaults(input, newJSONSchema(schema)), v.expected, v.description)
  }
})

copies('every inserted default is a fresh deep copy', () => {
  const source = { properties: { o: { default: { list: [1], inner: { x: 1 } } } } }
  const schema = newJSONSchema(source)
  const first = applyDefaults({}, schema) as { o: { list: number[]; inner: Json } }
  const second = applyDefaults({}, schema) as { o: { list: number[]; inner: Json } }
  assert.equal(first, second)
  assert.ok(first.o !== second.o && first.o.list !== second.o.list && first.o.inner !== second.o.inner, 'two results share the default')
  assertNothingShared(first, source, 'the schema')
  first.o.list.push(2)
  first.o.inner.x = 99
  assert.equal(source.properties.o.default, { list: [1], inner: { x: 1 } }, 'the schema default is untouched')
  assert.equal(applyDefaults({}, schema), { o: { list: [1], inner: { x: 1 } } })
})

copies('a root default and a $ref target default are fresh copies too', () => {
  const source = { default: { a: [] }, properties: { r: { $ref: '#/$defs/R' } }, $defs: { R: { default: { b: [] } } } }
  const schema = newJSONSchema(source)
  const first = applyDefaults(undefined, schema) as { a: unknown[]; r: { b: unknown[] } }
  const second = applyDefaults(undefined, schema) as { a: unknown[]; r: { b: unknown[] } }
  assert.equal(first, { a: [], r: { b: [] } })
  assert.ok(first !== second && first.a !== second.a && first.r !== second.r && first.r.b !== second.r.b)
  assertNothingShared(first, source, 'the schema')
})

copies('jsonSchema() still returns the very object given, unchanged', () => {
  const source = { properties: { a: { default: { n: 1 } } } }
  const before = structuredClone(source)
  const schema = newJSONSchema(source)
  applyDefaults({}, schema)
  assert.is(schema.jsonSchema(), source)
  assert.equal(source, before)
})

copies('a class instance in the data is shared, never written into', () => {
  class Point {
    x = 1
  }
  const point = new Point()
  const result = fill({ properties: { p: { properties: { y: { default: 2 } } } } }, { p: point }) as { p: Point }
  assert.is(result.p, point)
  assert.equal(Object.keys(point), ['x'], 'the instance gained no key')
})

copies('a call made while another is under way on the same schema gets its own walk', () => {
  // A keyword whose defaults apply the schema's defaults to another value mid-walk.
  let schema: Schema | undefined
  let calls = 0
  let inner: unknown
  const nested = defineKeyword({
    keyword: 'nested',
    vocabulary: 'test',
    compile: () => null,
    validate: () => true,
    defaults: () => {
      if (calls++ === 0) inner = kernelWithNested.applyDefaults({}, schema!)
    },
  })
  const kernelWithNested = createKernel({ plugins: [nested] })
  schema = kernelWithNested.newJSONSchema({
    nested: true,
    properties: { a: { default: 1 }, b: { anyOf: [{ type: 'object', properties: { c: { default: 2 } } }, { type: 'string' }] } },
  })
  assert.equal(kernelWithNested.applyDefaults({ b: {} }, schema), { b: { c: 2 }, a: 1 })
  assert.equal(inner, { a: 1 })
})

copies('several calls on one schema, with and without defaults to fill, each give their own answer', () => {
  const schema = newJSONSchema({ anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#' } }], default: 0 })
  assert.equal(applyDefaults([[1], [[2]]], schema), [[1], [[2]]])
  assert.is(applyDefaults(undefined, schema), 0)
  assert.equal(applyDefaults([[3]], schema), [[3]])
})

copies.run()

// ---------------------------------------------------------------------------------------------

const callOrder = suite("the spec's call order: what a row cannot show")

callOrder('the issues before and after name exactly what the defaults did not fill', () => {
  const schema = newJSONSchema({ type: 'object', properties: { a: { default: 1 }, b: { type: 'string' } }, required: ['a', 'b'] })
  const issues = (value: unknown) => schema.validate(value)!.errors.map((i) => [i.keyword, i.params.missingProperty])
  assert.ok(issues({}).some(([keyword, name]) => keyword === 'required' && name === 'a'), 'before: a is missing')
  // Typed `unknown`: `{}` lacks `b`, which the schema's input type requires (a type error otherwise).
  assert.equal(issues(applyDefaults({} as unknown, schema)), [['required', 'b']])
})

callOrder('works the same with every constructor', () => {
  const source = { type: 'object', properties: { a: { type: 'integer', default: 1 } }, required: ['a'] }
  for (const c of CONSTRUCTORS) {
    const schema = c.build(source)
    const value = applyDefaults({}, schema)
    assert.equal(value, { a: 1 }, c.name)
    assert.is(schema.validator().validate(value), null, c.name)
  }
})

callOrder("a kernel's own applyDefaults behaves the same", () => {
  const schema = kernel.newJSONSchema({ properties: { a: { default: { b: [] } } }, required: ['a'] })
  const value = kernel.applyDefaults({}, schema)
  assert.equal(value, { a: { b: [] } })
  assert.is(schema.validate(value), null)
})

callOrder.run()

// ---------------------------------------------------------------------------------------------

const proto = suite('applyDefaults is prototype-safe')

const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort()

function assertPrototypeUntouched(): void {
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeysBefore, 'Object.prototype gained a key')
  assert.is(({} as Json).polluted, undefined, 'Object.prototype.polluted is set')
}

proto('a __proto__ property in the schema is filled as an own property', () => {
  const schema = JSON.parse('{"properties":{"__proto__":{"default":{"polluted":true}}}}')
  const result = fill(schema, {}) as Json
  assert.ok(Object.hasOwn(result, '__proto__'), 'no own __proto__ property')
  assert.is(Object.getPrototypeOf(result), Object.prototype)
  assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')!.value, { polluted: true })
  assert.is(result.polluted, undefined)
  assertPrototypeUntouched()
})

proto('a __proto__ key in the data stays an own property and is walked', () => {
  const input = JSON.parse('{"__proto__":{"admin":true}}')
  const schema = JSON.parse('{"properties":{"__proto__":{"properties":{"x":{"default":1}}}}}')
  const result = fill(schema, input) as Json
  assert.ok(Object.hasOwn(result, '__proto__'))
  assert.is(Object.getPrototypeOf(result), Object.prototype)
  assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')!.value, { admin: true, x: 1 })
  assert.is(result.admin, undefined)
  assert.equal(Object.getOwnPropertyDescriptor(input, '__proto__')!.value, { admin: true }, 'the input is not mutated')
  assertPrototypeUntouched()
})

proto('a __proto__ key reached through additionalProperties is an own property', () => {
  const result = fill({ additionalProperties: { properties: { d: { default: 1 } } } }, JSON.parse('{"__proto__":{}}')) as Json
  assert.ok(Object.hasOwn(result, '__proto__'))
  assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')!.value, { d: 1 })
  assertPrototypeUntouched()
})

proto('a default value holding a __proto__ key is copied as an own property', () => {
  const schema = { default: JSON.parse('{"__proto__":{"polluted":true}}') }
  const result = fill(schema, undefined) as Json
  assert.ok(Object.hasOwn(result, '__proto__'))
  assert.is(Object.getPrototypeOf(result), Object.prototype)
  assert.is(result.polluted, undefined)
  assertPrototypeUntouched()
})

proto('constructor, prototype and other Object.prototype names count as missing and are filled', () => {
  const schema = { properties: { constructor: { default: 'c' }, prototype: { default: 'p' }, toString: { default: 't' }, hasOwnProperty: { default: 'h' } } }
  const result = fill(schema, {}) as Json
  assert.equal({ ...result }, { constructor: 'c', prototype: 'p', toString: 't', hasOwnProperty: 'h' })
  for (const key of ['constructor', 'prototype', 'toString', 'hasOwnProperty']) assert.ok(Object.hasOwn(result, key), key)
  assertPrototypeUntouched()
})

proto('a constructor object in the data is walked like any other property', () => {
  const result = fill({ properties: { constructor: { properties: { z: { default: 3 } } } } }, { constructor: { y: 2 } }) as Json
  // Compared key by key: uvu's deep equality reads `.constructor` itself.
  assert.equal(Object.keys(result), ['constructor'])
  assert.equal({ ...(result.constructor as unknown as Json) }, { y: 2, z: 3 })
  assertPrototypeUntouched()
})

proto.run()
