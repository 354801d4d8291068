/**
 * The shared adapter: `applyDefaults`, then `validate`, then the defaulted copy; raw
 * schemas compiled once per object with every problem collected; a caller's `Schema` used as is.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, ValidationError, newJSONSchema } from '../../api.ts'
import { InvalidArgumentError, jsonSchemaOf, parseWithDefaults, toSchema } from '../../integrations/index.ts'

const trip = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, default: 3 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['city', 'days'],
}

const adapter = suite('parseWithDefaults applies defaults, then validates, then hands on the copy')

adapter('passes a value missing a defaulted required property and returns the default', () => {
  const input = { city: 'Oslo' }
  const before = structuredClone(input)
  const r = parseWithDefaults(trip, input, { field: 'options' })
  assert.ok(r.success)
  if (!r.success) return
  assert.equal(r.value, { city: 'Oslo', days: 3 })
  assert.is.not(r.value, input, 'the value handed on is the copy, not the input')
  assert.equal(input, before, 'the input is not mutated')
})

adapter('fails a value missing a required property without a default, naming the field and entity', () => {
  const input = { days: 2 }
  const before = structuredClone(input)
  const r = parseWithDefaults(trip, input, { field: 'messages[3].parts[1].input', entityName: 'plan', entityId: 'call-7' })
  assert.not.ok(r.success)
  if (r.success) return
  assert.ok(InvalidArgumentError.isInstance(r.error))
  assert.is(r.error.name, 'InvalidArgumentError')
  assert.is(r.error.field, 'messages[3].parts[1].input')
  assert.is(r.error.parameter, 'messages')
  assert.is(r.error.entityName, 'plan')
  assert.is(r.error.entityId, 'call-7')
  assert.is(r.error.cause, r.validationError)
  assert.ok(ValidationError.isInstance(r.validationError))
  assert.equal(r.validationError.errors.map((e) => e.params.missingProperty), ['city'])
  assert.match(r.error.message, 'messages[3].parts[1].input ("plan", id call-7)')
  assert.match(r.error.message, 'must have required property "city"')
  assert.equal(input, before)
})

adapter('collects every problem of a raw schema, not just the first', () => {
  const r = parseWithDefaults(trip, { city: '', days: 0, tags: [1, 'a', 2] }, { field: 'options' })
  assert.not.ok(r.success)
  if (r.success) return
  assert.equal(r.validationError.errors.map((e) => `${e.instancePath} ${e.keyword}`).sort(), [
    '/city minLength',
    '/days minimum',
    '/tags/0 type',
    '/tags/2 type',
  ])
})

adapter('bounds the problems of a raw schema at 20', () => {
  const r = parseWithDefaults({ type: 'array', items: { type: 'string' } }, Array.from({ length: 50 }, (_, i) => i), { field: 'input' })
  assert.not.ok(r.success)
  if (!r.success) assert.is(r.validationError.errors.length, 20)
})

adapter("uses a caller's Schema as is, with its own options", () => {
  const schema = newJSONSchema(trip)
  const r = parseWithDefaults(schema, { city: '', days: 0 }, { field: 'options' })
  assert.not.ok(r.success)
  if (!r.success) assert.is(r.validationError.errors.length, 2, 'a boundary reports every problem when allErrors is not given')
  assert.is(toSchema(schema), schema)
  const first = newJSONSchema(trip, { allErrors: false })
  const f = parseWithDefaults(first, { city: '', days: 0 }, { field: 'options' })
  assert.not.ok(f.success)
  if (!f.success) assert.is(f.validationError.errors.length, 1, 'allErrors: false given on the schema wins')
})

adapter('validates the defaulted copy: an invalid default is reported', () => {
  const r = parseWithDefaults({ type: 'object', properties: { n: { type: 'integer', default: 'three' } } }, {}, { field: 'options' })
  assert.not.ok(r.success)
  if (!r.success) assert.equal(r.validationError.errors[0]!.instancePath, '/n')
})

adapter('turns a reference cycle that applyDefaults throws into a failure', () => {
  const cyclic = { $defs: { A: { anyOf: [{ $ref: '#/$defs/B' }] }, B: { allOf: [{ $ref: '#/$defs/A' }] } }, $ref: '#/$defs/A' }
  const r = parseWithDefaults(cyclic, 5, { field: 'input' })
  assert.not.ok(r.success)
  if (!r.success) {
    assert.is(r.validationError.errors[0]!.keyword, '$ref')
    assert.match(r.error.message, 'circular reference')
  }
})

adapter('throws SchemaError for a malformed raw schema', () => {
  assert.throws(() => parseWithDefaults({ type: 'strnig' }, 'x', { field: 'input' }), (e: unknown) => SchemaError.isInstance(e))
})

const cache = suite('raw schemas are compiled once per object')

cache('returns the same compiled schema for the same object, and another for an equal copy', () => {
  const a = toSchema(trip)
  assert.is(toSchema(trip), a)
  assert.is.not(toSchema(structuredClone(trip)), a)
  assert.is(a.validator().jsonSchema(), trip, 'the very object, not a copy')
})

cache('compiles boolean schemas once each', () => {
  assert.is(toSchema(true), toSchema(true))
  const r = parseWithDefaults(false, 1, { field: 'input' })
  assert.not.ok(r.success)
  assert.ok(parseWithDefaults(true, 1, { field: 'input' }).success)
})

cache("takes the JSON Schema out of an AI SDK jsonSchema() wrapper, and jsonSchemaOf gives the document", () => {
  const wrapped = { [Symbol.for('vercel.ai.schema')]: true, jsonSchema: trip, validate: undefined }
  const r = parseWithDefaults(wrapped, { city: 'Rome' }, { field: 'input' })
  assert.ok(r.success)
  if (r.success) assert.equal(r.value, { city: 'Rome', days: 3 })
  assert.is(jsonSchemaOf(wrapped), trip)
  assert.is(jsonSchemaOf(newJSONSchema(trip)), trip)
})

adapter.run()
cache.run()
