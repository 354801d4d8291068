/**
 * `streamObject` with the AI SDK's mock models: partial values as the text arrives,
 * the final value defaulted and validated, and an early stop (cancelling the model's stream) as
 * soon as the value can no longer become valid.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError } from '../../api.ts'
import { NoObjectGeneratedError, streamObject } from '../../integrations/index.ts'
import { drain, modelV2, streaming, streamingParts, streamingV4, v3Parts } from './models.ts'

const plan = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    days: {
      type: 'array',
      maxItems: 3,
      items: { type: 'object', properties: { n: { type: 'integer' }, note: { type: 'string', default: '' } }, required: ['n', 'note'], additionalProperties: false },
    },
  },
  required: ['city', 'unit', 'days'],
  additionalProperties: false,
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.unreachable('should have rejected'),
    (e: unknown) => e,
  )
}

const stream = suite('streamObject publishes partial values and ends with the defaulted value')

stream('passes a value missing defaulted required properties, with the defaults filled in', async () => {
  const text = '{"city":"Oslo","days":[{"n":1},{"n":2,"note":"fjord"}]}'
  const { model, last } = streaming(text, 4)
  const schema = structuredClone(plan)
  const result = streamObject({ model, prompt: 'Plan a trip', schema })
  const partials = await drain(result.partialObjectStream)
  assert.is(partials.error, undefined)
  assert.equal(partials.values[0], {})
  // Chunks of four: `{"ci`, `ty":`, `"Osl`, ...
  assert.ok(partials.values.some((p) => JSON.stringify(p) === '{"city":"Osl"}'), 'an open string shows as far as received')
  assert.equal(partials.values.at(-1), JSON.parse(text), 'the last partial is the parsed text, before defaults')
  assert.equal(await result.object, { city: 'Oslo', unit: 'celsius', days: [{ n: 1, note: '' }, { n: 2, note: 'fjord' }] })
  assert.is((await drain(result.textStream)).values.join(''), text)
  assert.is(await result.finishReason, 'stop')
  assert.equal(await result.usage, { inputTokens: 10, outputTokens: 5, totalTokens: 15 })
  assert.equal(model.doStreamCalls[0]!.responseFormat, { type: 'json', schema: plan })
  assert.is(last().cancelled(), false)
  assert.equal(schema, plan, "the caller's schema is not mutated")
})

stream('rejects a value missing a required property without a default when the stream ends', async () => {
  const result = streamObject({ model: streaming('{"days":[]}').model, prompt: 'x', schema: plan })
  const e = await rejection(result.object)
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is(e.message, 'No object generated: response did not match schema.')
  assert.is(e.text, '{"days":[]}')
  assert.ok(ValidationError.isInstance(e.cause))
  assert.equal((e.cause as ValidationError).errors.map((i) => i.params.missingProperty), ['city'])
  assert.is((await drain(result.partialObjectStream)).error, e, 'the streams fail with the same error')
})

stream('makes no partials for a caller that only awaits the object', async () => {
  const result = streamObject({ model: streaming('{"city":"Oslo","days":[]}', 2).model, prompt: 'x', schema: plan })
  assert.equal(await result.object, { city: 'Oslo', unit: 'celsius', days: [] })
  assert.equal((await drain(result.partialObjectStream)).values, [], 'taken after the end: nothing was buffered')
})

stream('makes partials independent values that share only what was complete', async () => {
  const result = streamObject({ model: streaming('{"days":[{"n":1},{"n":2},{"n":3}],"city":"Rome"}', 3).model, prompt: 'x', schema: plan })
  const { values } = await drain(result.partialObjectStream)
  const withTwo = values.find((p) => (p as { days?: unknown[] }).days?.length === 2) as { days: unknown[] }
  const last = values.at(-1) as { days: unknown[] }
  assert.is(withTwo.days.length, 2, 'an earlier partial does not grow')
  assert.is(last.days[0], withTwo.days[0])
  await result.object
})

const early = suite('streamObject stops early when the value can no longer become valid')

early('stops at a property of the wrong type, cancelling the model stream', async () => {
  const text = '{"city":42,' + '"days":[' + Array.from({ length: 3 }, (_, n) => `{"n":${n}}`).join(',') + ']}'
  const { model, last } = streaming(text, 2)
  const result = streamObject({ model, prompt: 'x', schema: plan })
  const e = await rejection(result.object)
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is(e.message, 'No object generated: the response can no longer match the schema.')
  const issue = (e.cause as ValidationError).errors[0]!
  assert.equal([issue.keyword, issue.instancePath], ['type', '/city'])
  assert.is(e.text, '{"city":42', 'stopped at the first character of the bad value')
  assert.ok(last().cancelled(), 'the model stream was cancelled')
  assert.ok(last().read() < v3Parts(text, 2).length, 'the rest of the stream was never read')
})

early('stops at a property additionalProperties: false forbids, and at more items than maxItems', async () => {
  const extra = streamObject({ model: streaming('{"city":"Oslo","budget":100,"days":[]}', 4).model, prompt: 'x', schema: plan })
  const e = await rejection(extra.object)
  // Stopped in the chunk that completes the key (`et":`), before any of its value.
  assert.equal((e as NoObjectGeneratedError).text, '{"city":"Oslo","budget":')
  assert.is(((e as Error).cause as ValidationError).errors[0]!.keyword, 'additionalProperties')
  const many = streamObject({ model: streaming('{"city":"Oslo","days":[{"n":1},{"n":2},{"n":3},{"n":4},{"n":5}]}', 4).model, prompt: 'x', schema: plan })
  const f = await rejection(many.object)
  assert.is(((f as Error).cause as ValidationError).errors[0]!.keyword, 'maxItems')
  assert.ok(!(f as NoObjectGeneratedError).text!.includes('{"n":5}'))
})

early('stops at an enum string no member starts with', async () => {
  const result = streamObject({ model: streaming('{"city":"Oslo","unit":"kelvin","days":[]}', 1).model, prompt: 'x', schema: plan })
  const e = await rejection(result.object)
  assert.is((e as NoObjectGeneratedError).text, '{"city":"Oslo","unit":"k')
  assert.is(((e as Error).cause as ValidationError).errors[0]!.keyword, 'enum')
})

early('stops at malformed JSON with the SyntaxError as cause', async () => {
  const { model, last } = streaming('{"city":"Oslo",,"days":[]}', 3)
  const e = await rejection(streamObject({ model, prompt: 'x', schema: plan }).object)
  assert.ok(NoObjectGeneratedError.isInstance(e) && e.cause instanceof SyntaxError)
  assert.ok(last().cancelled())
})

early('does not stop for a value that only needs its defaults', async () => {
  const { model, last } = streaming('{"city":"Oslo","days":[{"n":1}]}', 1)
  assert.equal(await streamObject({ model, prompt: 'x', schema: plan }).object, { city: 'Oslo', unit: 'celsius', days: [{ n: 1, note: '' }] })
  assert.is(last().cancelled(), false)
})

const modes = suite('streamObject streams elements in array mode, and strings in enum mode')

modes('emits each element once, defaulted and validated, and partial arrays of completed elements', async () => {
  const element = plan.properties.days.items
  const { partialObjectStream, elementStream, object } = streamObject({ model: streaming('{"elements":[{"n":1},{"n":2,"note":"b"},{"n":3}]}', 3).model, prompt: 'x', output: 'array', schema: element })
  const [elements, partials] = await Promise.all([drain(elementStream), drain(partialObjectStream)])
  assert.equal(elements.values, [{ n: 1, note: '' }, { n: 2, note: 'b' }, { n: 3, note: '' }])
  assert.equal(partials.values.at(-1), elements.values)
  for (const p of partials.values) assert.ok(Array.isArray(p) && p.every((e) => typeof (e as { note?: unknown }).note === 'string'), 'only completed, defaulted elements')
  assert.equal(await object, elements.values)
})

modes('stops at the first element that does not match', async () => {
  const element = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }
  const { model, last } = streaming('{"elements":[{"n":1},{"m":2},{"n":3}]}', 2)
  const result = streamObject({ model, prompt: 'x', output: 'array', schema: element })
  const elements = await drain(result.elementStream)
  assert.equal(elements.values, [{ n: 1 }])
  assert.ok(NoObjectGeneratedError.isInstance(elements.error))
  const issue = ((elements.error as Error).cause as ValidationError).errors[0]!
  assert.equal([issue.keyword, issue.instancePath], ['required', '/1'])
  assert.ok(last().cancelled())
})

modes('streams the chosen string in enum mode and stops at a prefix no member has', async () => {
  const ok = streamObject({ model: streaming('{"result":"fahrenheit"}', 3).model, prompt: 'x', output: 'enum', enum: ['celsius', 'fahrenheit'] })
  const partials = await drain(ok.partialObjectStream)
  assert.ok(partials.values.length > 1)
  assert.ok(partials.values.every((p) => 'fahrenheit'.startsWith(p as string)))
  assert.is(await ok.object, 'fahrenheit')
  const bad = streamObject({ model: streaming('{"result":"kelvin"}', 1).model, prompt: 'x', enum: ['celsius', 'fahrenheit'] })
  assert.is(((await rejection(bad.object)) as NoObjectGeneratedError).text, '{"result":"k')
})

modes('streams any JSON in no-schema mode', async () => {
  const { partialObjectStream, object } = streamObject({ model: streaming('[1,{"a":"b"}]', 2).model, prompt: 'x', output: 'no-schema' })
  assert.equal(await object, [1, { a: 'b' }])
  assert.equal((await drain(partialObjectStream)).values.at(-1), [1, { a: 'b' }])
})

const plumbing = suite('streamObject reports model errors and works with v2, v3 and v4 models')

plumbing('passes an error part of the model stream through unchanged', async () => {
  const failure = new RangeError('provider overloaded')
  const model = streamingParts([{ type: 'stream-start', warnings: [] }, { type: 'text-delta', id: 't', delta: '{"ci' }, { type: 'error', error: failure }])
  const result = streamObject({ model, prompt: 'x', schema: plan })
  assert.is(await rejection(result.object), failure)
  assert.is((await drain(result.textStream)).error, failure)
})

plumbing('does not leave an unhandled rejection when only a stream is read', async () => {
  const seen: unknown[] = []
  const onRejection = (e: unknown) => seen.push(e)
  process.on('unhandledRejection', onRejection)
  try {
    const result = streamObject({ model: streaming('{"city":1}').model, prompt: 'x', schema: plan })
    assert.ok(NoObjectGeneratedError.isInstance((await drain(result.partialObjectStream)).error))
    await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(seen, [])
  } finally {
    process.off('unhandledRejection', onRejection)
  }
})

plumbing('reads v2 and v4 models', async () => {
  const v2 = streamObject({ model: modelV2('{"city":"Lima","days":[]}'), prompt: 'x', schema: plan })
  assert.equal(await v2.object, { city: 'Lima', unit: 'celsius', days: [] })
  assert.equal(await v2.usage, { inputTokens: 3, outputTokens: 4, totalTokens: 7 })
  const v4 = streamObject({ model: streamingV4('{"city":"Kyiv","days":[]}'), prompt: 'x', schema: plan })
  assert.equal(await v4.object, { city: 'Kyiv', unit: 'celsius', days: [] })
})

stream.run()
early.run()
modes.run()
plumbing.run()
