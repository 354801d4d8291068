/**
 * `additionalProperties: false` beside `properties` in generated code: the keys are tested before
 * any value, so an object with an unknown key is rejected without evaluating its properties, and
 * the failure is still explained in the schema's order (a failing property before the unknown
 * key's issue, as the interpreter reports it). Counted through a custom format, not timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { additionalPropertiesKeyword, checkEmit, patternPropertiesKeyword, propertiesKeyword } from '../../../plugins/index.ts'
import type { EmitCase } from '../../../plugins/index.ts'

const test = suite('closed objects: keys before values')

const closed = { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'integer' } }, c: { $ref: '#' } }, additionalProperties: false }
const instances = [
  {},
  { a: 'x' },
  { a: 1 },
  { a: 'x', z: 1 },
  { a: 1, z: 1 },
  { z: 1 },
  { a: 'x', b: [1, 'q'], z: 1 },
  { a: 'x', b: [1, 2] },
  { a: 'x', z: undefined },
  { a: 'x', c: { a: 'y', z: 2 } },
  { a: 'x', c: { a: 2 }, z: 2 },
  { a: 'x', c: { a: 'y', c: { a: 'z', b: [true] } } },
  [],
  'x',
]

test('properties and additionalProperties: the generated tier agrees with validate', () => {
  const cases: EmitCase[] = [
    { schema: closed, instances },
    { schema: closed, instances, options: { allErrors: true } },
    { schema: { ...closed, patternProperties: { '^z': { type: 'integer' } } }, instances },
    { schema: { $schema: 'http://json-schema.org/draft-04/schema#', ...closed }, instances },
    { schema: { properties: { p: closed.properties.a }, additionalProperties: false, allOf: [{ properties: { q: {} } }] }, instances: [{ p: 'x' }, { p: 1, q: 1 }, { q: 1 }] },
  ]
  assert.equal(checkEmit(propertiesKeyword, cases), [])
  assert.equal(checkEmit(additionalPropertiesKeyword, cases), [])
})

test('the key test: keys in the schema\'s order, out of it, with gaps, many names, patterns, inherited keys', () => {
  const names = Array.from({ length: 40 }, (_, i) => `n${i}`)
  const many = { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'integer' }])), additionalProperties: false }
  const few = { type: 'object', properties: { '': {}, a: {}, b: {}, c: { type: 'string' }, constructor: {} }, additionalProperties: false }
  const inherited = Object.create({ z: 1 }) as Record<string, unknown>
  inherited.a = 1
  const objects = [
    { a: 1, b: 2, c: 'x' },
    { c: 'x', b: 2, a: 1 },
    { a: 1, c: 'x' },
    { b: 1, '': 2, a: 3 },
    { a: 1, b: 2, c: 'x', d: 4 },
    { d: 4, a: 1 },
    { a: 1, toString: 2 },
    { constructor: 1, a: 1 },
    { a: 1, d: undefined },
    { a: 1, c: 2, d: 4 },
    inherited,
    Object.fromEntries(names.map((n, i) => [n, i])),
    Object.fromEntries([...names].reverse().map((n, i) => [n, i])),
    Object.fromEntries(names.filter((_, i) => i % 3 === 0).map((n, i) => [n, i])),
    { ...Object.fromEntries(names.slice(0, 30).map((n, i) => [n, i])), n99: 1 },
    { n1: 1, n0: 'x' },
  ]
  const cases: EmitCase[] = [
    { schema: few, instances: objects },
    { schema: many, instances: objects },
    { schema: { ...few, patternProperties: { '^d': { type: 'integer' } } }, instances: objects },
    { schema: { type: 'object', patternProperties: { '^n': {} }, additionalProperties: false }, instances: objects },
    { schema: many, instances: objects, options: { allErrors: true } },
  ]
  assert.equal(checkEmit(propertiesKeyword, cases.slice(0, 3)), [])
  assert.equal(checkEmit(additionalPropertiesKeyword, cases), [])
})

test('patternProperties beside additionalProperties: false: one key loop fails on an unknown key, the generated tier agrees', () => {
  const patterned = {
    type: 'object',
    properties: { a: { type: 'string' }, xa: { minLength: 2 } },
    patternProperties: { '^x': { type: 'string' }, 'y$': { type: 'integer' }, '^n': {} },
    additionalProperties: false,
  }
  const objects: unknown[] = [
    {},
    { a: 'q' },
    { xa: 'qq', xb: 'r' },
    { xa: 'q' },
    { xa: 1 },
    { xy: 'q' },
    { xy: 1 },
    { ay: 3, n1: null },
    { ay: 'no' },
    { z: 1 },
    { a: 'q', z: 1, xb: 2 },
    { xb: 2, z: 1 },
    { z: undefined, xb: 's' },
    { a: 1, z: 1 },
    { n: [], m: 1 },
    { toString: 1 },
    [],
    'x',
  ]
  const cases: EmitCase[] = [
    { schema: patterned, instances: objects },
    { schema: patterned, instances: objects, options: { allErrors: true } },
    { schema: { type: 'object', patternProperties: patterned.patternProperties, additionalProperties: false }, instances: objects },
    { schema: { type: 'object', patternProperties: { '^x': { $ref: '#' } }, additionalProperties: false }, instances: [{ x: {} }, { x: { x: {}, y: 1 } }, { x: { x: 1 } }, { y: {} }] },
  ]
  assert.equal(checkEmit(patternPropertiesKeyword, cases), [])
  assert.equal(checkEmit(additionalPropertiesKeyword, cases), [])
  // The issues are the interpreter's: the failing value first when its key comes first, the unknown key when it does.
  const v = newJSONSchema(patterned, { codegenThreshold: 0 })
  assert.equal(v.validate({ xb: 2, z: 1 })?.errors.map((e) => e.keyword), ['type'])
  assert.equal(v.validate({ z: 1, xb: 2 })?.errors.map((e) => e.keyword), ['type'])
  assert.equal(v.validate({ z: 1, xb: 'ok' })?.errors.map((e) => e.keyword), ['additionalProperties'])
})

test('an unknown key is found before any property value is checked', () => {
  let calls = 0
  const counted = (s: string) => (calls++, s !== 'bad')
  const v = newJSONSchema({ properties: { a: { type: 'string', format: 'counted' } }, additionalProperties: false }, { customFormats: { counted }, codegenThreshold: 0 })
  v.isValid({ a: 'ok' })
  calls = 0
  assert.is(v.isValid({ a: 'ok', z: 1 }), false)
  assert.is(calls, 0)
  assert.is(v.isValid({ a: 'ok' }), true)
  assert.is(calls, 1)
  // validate still reports the failing property first, then the unknown key (allErrors), or the property alone.
  assert.equal(v.validate({ a: 'bad', z: 1 })?.errors.map((e) => e.keyword), ['format'])
})

test.run()
