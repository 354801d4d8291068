/**
 * Standard Schema V1 and the Standard JSON Schema trait on schemavet schemas (`~standard`), as
 * any consumer of the two specs reads them: defaults applied on success, issues only on failure,
 * and a fresh JSON Schema per call in each target the converter knows.
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kernel } from './kernel.ts'

const trip = kernel.newJSONSchema({
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', default: 3 },
    stops: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  },
  required: ['city', 'days'],
})

/** Reads a schema the way a generic Standard Schema consumer does. */
function asStandard(schema: unknown): StandardSchemaV1 & StandardJSONSchemaV1 {
  return schema as StandardSchemaV1 & StandardJSONSchemaV1
}

const validate = suite('~standard.validate')

validate('identifies itself as Standard Schema version 1 from schemavet', () => {
  for (const s of [trip, kernel.newSimpleJSONSchema({ type: 'string' })]) {
    assert.is(asStandard(s)['~standard'].version, 1)
    assert.is(asStandard(s)['~standard'].vendor, 'schemavet')
  }
})

validate('success carries the defaulted copy; the input is not touched', () => {
  const input = { city: 'Oslo' }
  const result = asStandard(trip)['~standard'].validate(input)
  assert.equal(result, { value: { city: 'Oslo', days: 3 } })
  assert.equal(input, { city: 'Oslo' })
})

validate('failure carries only issues, each with a message and a path of keys and indices', () => {
  const every = kernel.newJSONSchema(trip.jsonSchema(), { allErrors: true })
  const result = asStandard(every)['~standard'].validate({ city: '', stops: [{ name: 'a' }, {}] }) as StandardSchemaV1.FailureResult
  assert.not.ok('value' in result, 'no value key on failure (consumers decide success by its presence)')
  assert.equal(result.issues, [
    { message: 'must be at least 1 character long (got "")', path: ['city'] },
    { message: 'must have required property "name" (got {})', path: ['stops', 1] },
  ])
})

validate('is synchronous', () => {
  const result = asStandard(trip)['~standard'].validate({ city: 'Oslo' })
  assert.not.instance(result, Promise)
})

validate('a reference cycle that consumes no input is an issue, not a throw', () => {
  const cyclic = kernel.newJSONSchema({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' })
  const result = asStandard(cyclic)['~standard'].validate(1) as StandardSchemaV1.FailureResult
  assert.match(result.issues[0]!.message, 'circular reference')
})

validate.run()

const trait = suite('~standard.jsonSchema')

trait('draft-2020-12: the schema as written, a fresh copy at every call', () => {
  const std = asStandard(trip)['~standard'].jsonSchema
  const first = std.input({ target: 'draft-2020-12' })
  assert.equal(first, trip.jsonSchema())
  assert.is.not(first, trip.jsonSchema())
  ;(first.properties as any).city.minLength = 99
  assert.equal((std.output({ target: 'draft-2020-12' }).properties as any).city, { type: 'string', minLength: 1 })
  assert.equal((trip.jsonSchema() as any).properties.city, { type: 'string', minLength: 1 })
})

trait('draft-07 and openapi-3.0 through the converter', () => {
  const nullable = kernel.newJSONSchema({ $defs: { n: { type: ['integer', 'null'] } }, type: 'object', properties: { n: { $ref: '#/$defs/n' } } })
  const std = asStandard(nullable)['~standard'].jsonSchema
  assert.equal(std.input({ target: 'draft-07' }), { definitions: { n: { type: ['integer', 'null'] } }, type: 'object', properties: { n: { $ref: '#/definitions/n' } } })
  assert.equal(std.output({ target: 'openapi-3.0' }), { type: 'object', properties: { n: { type: 'integer', nullable: true } } })
})

trait('a boolean schema comes back as an object', () => {
  assert.equal(asStandard(kernel.newJSONSchema(true))['~standard'].jsonSchema.input({ target: 'draft-2020-12' }), {})
  assert.equal(asStandard(kernel.newJSONSchema(false))['~standard'].jsonSchema.input({ target: 'draft-07' }), { not: {} })
})

trait('an unknown target throws, naming it', () => {
  assert.throws(() => asStandard(trip)['~standard'].jsonSchema.input({ target: 'draft-04' as never }), /target "draft-04" is not supported/)
})

trait.run()
