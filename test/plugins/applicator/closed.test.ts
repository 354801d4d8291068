/**
 * `additionalProperties: false` beside `properties` in generated code: the keys are tested before
 * any value, so an object with an unknown key is rejected without evaluating its properties, and
 * the failure is still explained in the schema's order (a failing property before the unknown
 * key's issue, as the interpreter reports it). Counted through a custom format, not timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { additionalPropertiesKeyword, checkEmit, propertiesKeyword } from '../../../plugins/index.ts'
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
