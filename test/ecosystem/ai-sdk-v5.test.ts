/**
 * `ai@5` (installed as the `ai-v5` alias) with schemavet schemas through `toAISDKSchema`: the
 * object `ai@5` recognises as its own `Schema` (both its symbols), a fresh JSON Schema per read,
 * and defaults applied wherever the SDK validates. Driven by `ai@5`'s `MockLanguageModelV2`.
 */
import { asSchema, generateObject, generateText, jsonSchema, streamObject, tool } from 'ai-v5'
import type { Schema } from 'ai-v5'
import { MockLanguageModelV2 } from 'ai-v5/test'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError } from '../../index.ts'
import { toAISDKSchema } from '../../integrations/ai-sdk.ts'
import type { Equal, Expect } from '../types/equal.ts'
import { doStreamV2, textModelV2, toolCallModelV2 } from './ai-sdk-fixture.ts'
import { kernel } from './kernel.ts'

;(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false

const trip = kernel.newJSONSchema({
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 }, stops: { type: 'array', prefixItems: [{ $ref: '#/$defs/stop' }] } },
  required: ['city', 'days'],
  $defs: { stop: { type: 'string' } },
})
type TripOut = { city: string; days: number; stops?: [string?, ...unknown[]] }

const v5 = suite('ai@5 through toAISDKSchema')

v5('builds what ai@5 takes as its own Schema (both symbols), with a validate that applies defaults', async () => {
  const schema = toAISDKSchema(trip)
  assert.is(asSchema(schema as never), schema, 'asSchema passes it through instead of treating it as Zod')
  assert.is((schema as any)[Symbol.for('vercel.ai.schema')], true)
  assert.is((schema as any)[Symbol.for('vercel.ai.validator')], true)
  const input = { city: 'Oslo' }
  assert.equal(schema.validate({ city: 'Oslo' }), { success: true, value: { city: 'Oslo', days: 3 } })
  assert.equal(input, { city: 'Oslo' })
  const failed = schema.validate({ city: 'Oslo', days: 0 })
  assert.is(failed.success, false)
  assert.ok(!failed.success && ValidationError.isInstance(failed.error) && failed.error.errors[0]!.instancePath === '/days')
})

v5('hands draft-07 by default, a fresh copy at every read', () => {
  const schema = toAISDKSchema(trip)
  const first = schema.jsonSchema
  assert.equal(first.definitions, { stop: { type: 'string' } })
  assert.equal((first.properties as any).stops, { type: 'array', items: [{ $ref: '#/definitions/stop' }] })
  ;(first.properties as any).city.type = 'number' // what a consumer may do to what it gets
  const second = schema.jsonSchema
  assert.is.not(second, first)
  assert.equal((second.properties as any).city, { type: 'string', minLength: 1 })
  assert.equal((trip.jsonSchema() as any).properties.city, { type: 'string', minLength: 1 }, 'the schema itself is untouched')
})

v5('target draft-2020-12 hands the schema as written', () => {
  assert.equal(toAISDKSchema(trip, { target: 'draft-2020-12' }).jsonSchema, trip.jsonSchema())
})

v5('a schema draft-07 cannot express fails when converted, not inside a model call', () => {
  const strict = kernel.newJSONSchema({ type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false })
  assert.throws(() => toAISDKSchema(strict), /"draft-07" cannot express unevaluatedProperties/)
  assert.is(toAISDKSchema(strict, { target: 'draft-2020-12' }).validate({ a: 'x', b: 1 }).success, false)
})

v5('takes a raw JSON Schema document (compiled once per object)', () => {
  const raw = { type: 'object', properties: { n: { type: 'integer', default: 1 } } }
  const a = toAISDKSchema(raw, { target: 'draft-2020-12' })
  assert.equal(a.validate({}), { success: true, value: { n: 1 } })
  assert.is(a.validate({ n: 'x' }).success, false)
  assert.throws(() => toAISDKSchema({ type: 'nope' }, { target: 'draft-2020-12' }), /invalid schema/)
})

v5('with the SDK\'s own jsonSchema function, the SDK builds it, typed as its Schema', async () => {
  const schema = toAISDKSchema(trip, { jsonSchema })
  type _typed = Expect<Equal<typeof schema, Schema<TripOut>>>
  assert.is(asSchema(schema), schema)
  assert.equal(await schema.validate!({ city: 'Oslo' }), { success: true, value: { city: 'Oslo', days: 3 } })
  assert.equal(schema.jsonSchema.definitions, { stop: { type: 'string' } })
})

v5('generateObject hands back the defaulted object', async () => {
  const result = await generateObject({ model: textModelV2('{"city":"Bergen"}'), prompt: 'Plan a trip', schema: toAISDKSchema(trip, { jsonSchema }) })
  const object: TripOut = result.object
  assert.equal(object, { city: 'Bergen', days: 3 })
})

v5('generateObject rejects an invalid object with schemavet\'s ValidationError as the cause', async () => {
  let error: unknown
  try {
    await generateObject({ model: textModelV2('{"city":""}'), prompt: 'Plan a trip', schema: toAISDKSchema(trip, { jsonSchema }) })
  } catch (e) {
    error = e
  }
  let cause = (error as { cause?: unknown } | undefined)?.cause
  while (cause !== undefined && !ValidationError.isInstance(cause)) cause = (cause as { cause?: unknown }).cause
  assert.ok(ValidationError.isInstance(cause), 'a ValidationError along the cause chain')
  assert.is(cause.errors[0]!.message, 'must be at least 1 character long (got "")')
})

v5('streamObject ends with the defaulted object', async () => {
  const model = new MockLanguageModelV2({ doStream: doStreamV2(['{"city":', '"Tromsø"}']) })
  const result = streamObject({ model, prompt: 'Plan a trip', schema: toAISDKSchema(trip, { jsonSchema }) })
  for await (const _ of result.partialObjectStream) void _
  assert.equal(await result.object, { city: 'Tromsø', days: 3 })
})

v5('a tool whose input needs a default: execute receives the defaulted input', async () => {
  const seen: unknown[] = []
  const plan = tool({ inputSchema: toAISDKSchema(trip, { jsonSchema }), execute: async (input) => (seen.push(input), `${input.days} days`) })
  const result = await generateText({ model: toolCallModelV2('plan', '{"city":"Oslo"}'), prompt: 'Plan a trip', tools: { plan } })
  assert.equal(seen, [{ city: 'Oslo', days: 3 }])
  assert.equal(result.toolResults.map((r) => r.output), ['3 days'])
})

v5.run()
