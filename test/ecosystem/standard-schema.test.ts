/**
 * Standard Schema V1 and the Standard JSON Schema trait on schemavet schemas (`~standard`), as
 * any consumer of the two specs reads them: defaults applied on success, issues only on failure,
 * and a fresh JSON Schema per call in each target the converter knows.
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Kernel } from '../../core/index.ts'
import { metaSchemas } from '../../metaschemas/index.ts'
import { dialect2020, formatCheckers, standardKeywords } from '../../plugins/index.ts'
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

// `input()` describes what `validate` takes, `output()` what it gives back: the defaulted copy, in
// which every property with a default that `applyDefaults` fills in is present.
const booking = kernel.newJSONSchema({
  $defs: { Guest: { type: 'object', properties: { name: { type: 'string' }, meal: { enum: ['any', 'vegan'], default: 'any' } }, required: ['name'] } },
  type: 'object',
  properties: {
    city: { type: 'string' },
    nights: { type: 'integer', default: 1 },
    options: { type: 'object', default: {}, properties: { late: { type: 'boolean', default: false }, note: { type: 'string' } } },
    guests: { type: 'array', items: { $ref: '#/$defs/Guest' } },
    pay: { anyOf: [{ type: 'object', properties: { card: { type: 'string' }, save: { type: 'boolean', default: true } }, required: ['card'] }, { type: 'string' }] },
  },
  required: ['city'],
})

trait('input() is the schema as written; output() also requires what the defaults fill in', () => {
  const std = asStandard(booking)['~standard'].jsonSchema
  assert.equal(std.input({ target: 'draft-2020-12' }), booking.jsonSchema())
  const output = std.output({ target: 'draft-2020-12' }) as any
  assert.equal(output.required, ['city', 'nights', 'options'])
  assert.equal(output.properties.options.required, ['late'])
  // Definitions stay as written (a reference may be used where defaults do not go).
  assert.equal(output.$defs.Guest.required, ['name'])
  // A branch's defaults apply only when that branch is taken: left as written.
  assert.equal(output.properties.pay.anyOf[0].required, ['card'])
  // Nothing else changes, and the schema itself is untouched.
  const { required: _r, ...rest } = output
  const { required: _w, ...written } = booking.jsonSchema() as any
  assert.equal(Object.keys(rest), Object.keys(written))
  assert.equal((booking.jsonSchema() as any).required, ['city'])
  assert.equal((booking.jsonSchema() as any).$defs.Guest.required, ['name'])
})

trait('every value validate() hands back is valid against output(); a value it could not hand back is not', () => {
  const std = asStandard(booking)['~standard']
  const output = kernel.newJSONSchema(std.jsonSchema.output({ target: 'draft-2020-12' }))
  const input = kernel.newJSONSchema(std.jsonSchema.input({ target: 'draft-2020-12' }))
  const values = [
    { city: 'Oslo' },
    { city: 'Oslo', nights: 3, options: { note: 'x' }, guests: [{ name: 'Ada' }, { name: 'Bo', meal: 'vegan' }] },
    { city: 'Oslo', pay: { card: '4242' } },
    { city: 'Oslo', pay: 'cash', options: { late: true } },
  ]
  for (const value of values) {
    const result = std.validate(value) as StandardSchemaV1.SuccessResult<unknown>
    assert.ok('value' in result, JSON.stringify(value))
    assert.is(output.validate(result.value), null, JSON.stringify(result.value))
  }
  // The input side takes a value without its defaults; the output side does not.
  assert.is(input.validate({ city: 'Oslo' }), null)
  assert.equal(output.validate({ city: 'Oslo' })!.errors.map((e) => e.params.missingProperty), ['nights'])
})

trait('output() through the converters carries the same requirements', () => {
  const std = asStandard(booking)['~standard'].jsonSchema
  const draft07 = std.output({ target: 'draft-07' }) as any
  assert.equal([draft07.required, draft07.properties.options.required, draft07.definitions.Guest.required], [['city', 'nights', 'options'], ['late'], ['name']])
  assert.equal((std.input({ target: 'draft-07' }) as any).required, ['city'])
  const openapi = std.output({ target: 'openapi-3.0' }) as any
  assert.equal([openapi.required, openapi.properties.options.required], [['city', 'nights', 'options'], ['late']])
})

trait('output() leaves as written what it cannot be sure of: recursion, references outside the definitions, definitions', () => {
  const same = (schema: unknown) => {
    const v = kernel.newJSONSchema(schema)
    assert.equal(asStandard(v)['~standard'].jsonSchema.output({ target: 'draft-2020-12' }), v.jsonSchema())
  }
  // A recursive default fills in one level, not every level: `child.child` stays missing.
  const recursive = { type: 'object', properties: { child: { $ref: '#', default: {} } } }
  const filled = asStandard(kernel.newJSONSchema(recursive))['~standard'].validate({}) as StandardSchemaV1.SuccessResult<unknown>
  assert.equal(filled.value, { child: {} })
  same(recursive)
  same({ $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' }, n: { type: 'integer', default: 0 } } } }, $ref: '#/$defs/Node' })
  same({ type: 'object', properties: { a: { type: 'object', properties: { n: { default: 1 } } }, b: { $ref: '#/properties/a' } } })
  same({ $dynamicAnchor: 'meta', type: 'object', properties: { a: { $dynamicRef: '#meta' }, n: { default: 1 } } })
  same({ $id: 'https://example.com/root', type: 'object', properties: { a: { $ref: 'https://example.com/root#/properties/b' }, b: { properties: { n: { default: 1 } } } } })
  // Definitions stay as written, wherever they are used (here also inside a branch, where defaults may not go).
  const shared = kernel.newJSONSchema({
    $defs: { P: { type: 'object', properties: { n: { type: 'integer', default: 1 } } } },
    type: 'object',
    properties: { a: { $ref: '#/$defs/P' }, b: { oneOf: [{ $ref: '#/$defs/P' }, { type: 'string' }] }, c: { default: 0 } },
  })
  const output = asStandard(shared)['~standard'].jsonSchema.output({ target: 'draft-2020-12' }) as any
  assert.equal([output.required, output.$defs.P.required], [['c'], undefined])
})

trait('output() without a converter (a kernel built without one) is the schema as written', () => {
  const bare = new Kernel({ dialects: [dialect2020], presets: standardKeywords, formats: formatCheckers, registry: metaSchemas })
  const v = bare.newJSONSchema({ type: 'object', properties: { n: { default: 1 } } })
  assert.equal(asStandard(v)['~standard'].jsonSchema.output({ target: 'draft-2020-12' }), v.jsonSchema())
})

trait('output(): data that looks like a schema (an `id` in a default or an enum) changes nothing', () => {
  const kinds = kernel.newJSONSchema({ type: 'object', properties: { kind: { enum: [{ id: 'a' }, { id: 'b' }], default: { id: 'a' } } } })
  assert.equal((asStandard(kinds)['~standard'].jsonSchema.output({ target: 'draft-2020-12' }) as any).required, ['kind'])
})

trait('an unknown target throws, naming it', () => {
  assert.throws(() => asStandard(trip)['~standard'].jsonSchema.input({ target: 'draft-04' as never }), /target "draft-04" is not supported/)
})

trait.run()
