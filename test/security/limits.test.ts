/**
 * The limits of untrusted mode: each at and past its bound, their defaults, how options combine,
 * and the clear error each breach gives.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, UNTRUSTED_LIMITS, ValidationError, applyDefaults, createKernel, newJSONSchema } from '../../index.ts'
import type { SchemaOptions } from '../../index.ts'

/** The `SchemaError` a compile throws (fails the test when it compiles). */
function schemaError(schema: unknown, options: SchemaOptions): SchemaError {
  try {
    newJSONSchema(schema, options)
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), String(e))
    return e
  }
  assert.unreachable('expected a SchemaError')
  throw new Error('unreachable')
}

/** `{ items: { items: ... {} } }`: `levels` levels of objects. */
function nested(levels: number): unknown {
  let schema: unknown = {}
  for (let i = 1; i < levels; i++) schema = { items: schema }
  return schema
}

const bounds = suite('each limit holds at its bound and fails just past it')

bounds('maxSchemaBytes counts the JSON text of the schema', () => {
  const schema = { type: 'string', description: 'a "quoted" word' }
  const length = JSON.stringify(schema).length
  assert.ok(newJSONSchema(schema, { maxSchemaBytes: length }))
  const e = schemaError(schema, { maxSchemaBytes: length - 1 })
  assert.equal(e.errors, [{ schemaPath: '#', message: `the schema is longer than ${length - 1} characters of JSON (maxSchemaBytes is ${length - 1})` }])
})

bounds('maxSchemaDepth counts levels of objects and arrays', () => {
  assert.ok(newJSONSchema(nested(3), { maxSchemaDepth: 3 }))
  const e = schemaError(nested(4), { maxSchemaDepth: 3 })
  assert.match(e.message, /nests objects and arrays deeper than 3 levels \(maxSchemaDepth is 3\)/)
  assert.ok(newJSONSchema({ enum: [[1]] }, { maxSchemaDepth: 3 }))
  assert.throws(() => newJSONSchema({ enum: [[[1]]] }, { maxSchemaDepth: 3 }), /maxSchemaDepth/, 'arrays in values count too')
})

bounds('maxSchemaNodes counts compiled subschemas, booleans included, and names the one past it', () => {
  const schema = { properties: { a: {}, b: true } }
  assert.ok(newJSONSchema(schema, { maxSchemaNodes: 3 }))
  const e = schemaError(schema, { maxSchemaNodes: 2 })
  assert.equal(e.errors, [{ schemaPath: '#/properties/b', message: 'too many subschemas: more than 2 (maxSchemaNodes is 2)' }])
})

bounds('maxRefs counts each $ref compiled and names the one past it', () => {
  const schema = { $defs: { s: { type: 'string' } }, properties: { x: { $ref: '#/$defs/s' }, y: { $ref: '#/$defs/s' } } }
  assert.ok(newJSONSchema(schema, { maxRefs: 2 }))
  const e = schemaError(schema, { maxRefs: 1 })
  assert.equal(e.errors[0]!.schemaPath, '#/properties/y/$ref')
  assert.match(e.errors[0]!.message, /too many references \(\$ref, \$dynamicRef, \$recursiveRef\): more than 1 \(maxRefs is 1\)/)
  assert.throws(() => newJSONSchema({ $dynamicAnchor: 'n', items: { $dynamicRef: '#n' } }, { maxRefs: 0.5 }), /maxRefs/, '$dynamicRef counts')
})

bounds('maxWork counts one per application plus one per keyword: the root and three items take 9', () => {
  // root: 1 + 2 keywords (type, items); each item: 1 + 1 keyword (type)
  const schema = { type: 'array', items: { type: 'number' } }
  assert.is(newJSONSchema(schema, { maxWork: 9 }).validate([1, 2, 3]), null)
  const error = newJSONSchema(schema, { maxWork: 8 }).validate([1, 2, 3])
  assert.ok(error instanceof ValidationError)
  assert.equal(error.errors, [
    {
      keyword: 'limit',
      instancePath: '',
      schemaPath: '#',
      params: { limit: 'maxWork', max: 8 },
      message: "validation stopped: it used up its work budget (maxWork 8); the data or the schema is too large for this validator's limits",
    },
  ])
})

bounds('maxWork is per call: a validator at its bound validates again and again', () => {
  const v = newJSONSchema({ type: 'array', items: { type: 'number' } }, { maxWork: 9 })
  for (let i = 0; i < 5; i++) assert.is(v.validate([1, 2, 3]), null)
})

bounds('maxWork charges regular-expression scans by length', () => {
  const v = newJSONSchema({ type: 'string', pattern: '^a+$' }, { untrusted: true, maxWork: 2_000 })
  assert.is(v.validate('a'.repeat(1_000)), null)
  assert.is(v.validate('a'.repeat(100_000))?.errors[0]?.keyword, 'limit')
})

bounds('maxWork bounds applyDefaults: its walk and its branch tests share one budget', () => {
  // root: 1 + 2 keywords (type, properties); each property: 1 + 1 (default)
  const schema = { type: 'object', properties: { a: { default: 1 }, b: { default: 2 } } }
  assert.equal(applyDefaults({}, newJSONSchema(schema, { maxWork: 7 })), { a: 1, b: 2 })
  try {
    applyDefaults({}, newJSONSchema(schema, { maxWork: 6 }))
    assert.unreachable('expected the limit error')
  } catch (e) {
    assert.ok(ValidationError.isInstance(e), String(e))
    assert.is(e.errors[0]!.keyword, 'limit')
    assert.is(e.errors[0]!.instancePath, '/b')
  }
  // 50 failing branch tests of 2 units each: past 60 only if the tests share the walk's budget.
  const branchy = { anyOf: Array.from({ length: 50 }, (_, i) => ({ required: [`k${i}`] })) }
  assert.equal(applyDefaults({}, newJSONSchema(branchy, { maxWork: 200 })), {})
  assert.throws(() => applyDefaults({}, newJSONSchema(branchy, { maxWork: 60 })), (e: unknown) => ValidationError.isInstance(e) && e.errors[0]!.keyword === 'limit')
})

bounds('maxErrors caps the issues of untrusted mode even without allErrors', () => {
  const schema = { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array' }] }
  assert.is(newJSONSchema(schema).validate(null)!.errors.length, 5, 'four branches and anyOf itself')
  assert.is(newJSONSchema(schema, { untrusted: true, maxErrors: 5 }).validate(null)!.errors.length, 5)
  assert.is(newJSONSchema(schema, { untrusted: true, maxErrors: 3 }).validate(null)!.errors.length, 3)
  assert.is(newJSONSchema(schema, { maxErrors: 3 }).validate(null)!.errors.length, 5, 'trusted: maxErrors needs allErrors')
})

bounds.run()

const defaults = suite('untrusted mode turns each limit on at its documented default')

defaults('the defaults are the documented ones', () => {
  assert.equal({ ...UNTRUSTED_LIMITS }, { maxSchemaBytes: 1_048_576, maxSchemaDepth: 128, maxSchemaNodes: 10_000, maxRefs: 1_000, maxWork: 80_000 })
})

defaults('maxSchemaDepth defaults to 128 levels', () => {
  assert.ok(newJSONSchema(nested(128), { untrusted: true }))
  assert.match(schemaError(nested(129), { untrusted: true }).message, /maxSchemaDepth is 128/)
})

defaults('maxSchemaBytes defaults to 1 MiB', () => {
  const base = JSON.stringify({ description: '' }).length
  assert.ok(newJSONSchema({ description: 'x'.repeat(1_048_576 - base) }, { untrusted: true }))
  assert.match(schemaError({ description: 'x'.repeat(1_048_577 - base) }, { untrusted: true }).message, /maxSchemaBytes is 1048576/)
})

defaults('maxSchemaNodes defaults to 10,000 subschemas and maxRefs to 1,000', () => {
  const props = (n: number) => ({ properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, true])) })
  assert.ok(newJSONSchema(props(9_999), { untrusted: true }))
  assert.match(schemaError(props(10_000), { untrusted: true }).message, /maxSchemaNodes is 10000/)
  const refs = (n: number) => ({ $defs: { s: {} }, properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { $ref: '#/$defs/s' }])) })
  assert.ok(newJSONSchema(refs(1_000), { untrusted: true }))
  assert.match(schemaError(refs(1_001), { untrusted: true }).message, /maxRefs is 1000/)
})

defaults('maxWork defaults to 80,000 units', () => {
  const v = newJSONSchema({ type: 'array', items: { type: 'number' } }, { untrusted: true })
  assert.is(v.validate(new Array(39_998).fill(0)), null, '3 + 2 × 39,998 = 79,999 units')
  assert.is(v.validate(new Array(40_000).fill(0))?.errors[0]?.keyword, 'limit')
})

defaults('maxErrors keeps its default of 100', () => {
  const schema = { type: 'array', items: { type: 'string' } }
  assert.is(newJSONSchema(schema, { untrusted: true, allErrors: true }).validate(new Array(500).fill(0))!.errors.length, 100)
})

defaults('without untrusted mode no limit applies unless given', () => {
  assert.ok(newJSONSchema(nested(500)))
  assert.is(newJSONSchema({ type: 'array', items: { type: 'number' } }).validate(new Array(600_000).fill(0)), null)
  assert.is(newJSONSchema({ type: 'array', items: { type: 'number' } }, { maxWork: 10 }).validate(new Array(10).fill(0))?.errors[0]?.keyword, 'limit')
})

defaults.run()

const options = suite('limit options combine like every other option')

options('a schema option overrides the kernel default, and untrusted: false turns the defaults off', () => {
  const kernel = createKernel({ untrusted: true })
  assert.throws(() => kernel.newJSONSchema(nested(129)), /maxSchemaDepth/)
  assert.ok(kernel.newJSONSchema(nested(129), { untrusted: false }))
  assert.ok(kernel.newJSONSchema(nested(129), { maxSchemaDepth: 200 }))
  assert.throws(() => kernel.newJSONSchema({ pattern: '(?=a)' }), /linear engine/)
  assert.ok(kernel.newJSONSchema({ pattern: '(?=a)' }, { untrusted: false }), 'the regex default follows the mode')
})

options('a limit given to the kernel stays when a schema turns untrusted mode on or off', () => {
  const kernel = createKernel({ maxSchemaDepth: 5 })
  assert.throws(() => kernel.newJSONSchema(nested(6)), /maxSchemaDepth is 5/)
  assert.throws(() => kernel.newJSONSchema(nested(6), { untrusted: true }), /maxSchemaDepth is 5/)
})

options('a limit that is not a positive number is a TypeError naming it', () => {
  for (const bad of [0, -1, Number.NaN, '5']) {
    assert.throws(() => newJSONSchema({}, { maxWork: bad as number }), /maxWork must be a positive number/)
  }
  assert.ok(newJSONSchema({}, { untrusted: true, maxWork: Infinity }), 'Infinity turns one limit off')
})

options.run()
