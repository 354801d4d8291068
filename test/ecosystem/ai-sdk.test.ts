/**
 * The AI SDK (installed): `ai@7` takes schemavet schemas as they are (Standard Schema with the
 * JSON Schema trait), driven by `MockLanguageModelV3`; `ai@5` (the `ai-v5` alias) takes them
 * through `toAISDKSchema`, driven by its `MockLanguageModelV2`. Every place the SDK validates
 * hands on the defaulted copy.
 */
import { Output, generateObject, generateText, stepCountIs, streamObject, tool, validateUIMessages } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { kernel } from './kernel.ts'
import { doStream, textModel, toolCallModel } from './ai-sdk-fixture.ts'

// The SDK logs deprecation notices (generateObject, streamObject) to the console otherwise.
;(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false

const trip = kernel.newJSONSchema({
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, default: 3 },
    stops: { type: 'array', items: { $ref: '#/$defs/stop' } },
  },
  required: ['city', 'days'],
  additionalProperties: false,
  $defs: { stop: { type: 'string' } },
})

async function rejection(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn()
  } catch (e) {
    return e as Error
  }
  throw new Error('expected a rejection, but the call resolved')
}

/** The messages along an error's `cause` chain (the SDK wraps the validation error). */
function causes(error: unknown): string {
  const out: string[] = []
  for (let e = error; e instanceof Error || (typeof e === 'object' && e !== null); e = (e as { cause?: unknown }).cause) {
    out.push(e instanceof Error ? e.message : JSON.stringify(e))
    if (out.length > 10) break
  }
  return out.join(' <- ')
}

const v7 = suite('ai@7: schemavet schemas through Standard Schema')

v7('generateText with Output.object hands back the defaulted object', async () => {
  const model = textModel('{"city":"Oslo"}')
  const result = await generateText({ model, prompt: 'Plan a trip', output: Output.object({ schema: trip }) })
  const output: { city: string; days: number; stops?: string[] } = result.output
  assert.equal(output, { city: 'Oslo', days: 3 })
})

v7('the model is sent the draft-07 JSON Schema the SDK asks for; the schema itself is not changed', async () => {
  const nested = kernel.newJSONSchema({ type: 'object', properties: { inner: { type: 'object' } } })
  const nestedModel = textModel('{"inner":{}}')
  await generateText({ model: nestedModel, prompt: 'x', output: Output.object({ schema: nested }) })
  // The SDK sets additionalProperties: false on every object schema it is given: on a copy.
  const sent = (nestedModel.doGenerateCalls[0]!.responseFormat as { schema: any }).schema
  assert.is(sent.properties.inner.additionalProperties, false)
  assert.equal(nested.jsonSchema(), { type: 'object', properties: { inner: { type: 'object' } } })
  const model = textModel('{"city":"Oslo"}')
  await generateText({ model, prompt: 'Plan a trip', output: Output.object({ schema: trip }) })
  const format = model.doGenerateCalls[0]!.responseFormat as { type: string; schema: Record<string, unknown> }
  assert.is(format.type, 'json')
  assert.equal(format.schema.definitions, { stop: { type: 'string' } })
  assert.equal((format.schema.properties as any).stops, { type: 'array', items: { $ref: '#/definitions/stop' } })
  assert.is(format.schema.$defs, undefined)
})

v7('generateText with Output.object rejects output that does not match, with schemavet\'s issues', async () => {
  const error = await rejection(() => generateText({ model: textModel('{"city":""}'), prompt: 'Plan a trip', output: Output.object({ schema: trip }) }))
  assert.match(causes(error), 'must be at least 1 character long (got ')
})

v7('generateObject hands back the defaulted object', async () => {
  const result = await generateObject({ model: textModel('{"city":"Bergen","stops":["Voss"]}'), prompt: 'Plan a trip', schema: trip })
  assert.equal(result.object, { city: 'Bergen', days: 3, stops: ['Voss'] })
})

v7('generateObject rejects an invalid object', async () => {
  const error = await rejection(() => generateObject({ model: textModel('{"city":"Bergen","days":0}'), prompt: 'Plan a trip', schema: trip }))
  assert.match(causes(error), 'must be at least 1')
})

v7('streamObject streams partial objects and ends with the defaulted object', async () => {
  const model = new MockLanguageModelV3({ doStream: doStream(['{"city":', '"Tromsø"', ',"stops":["Senja"]}']) })
  const result = streamObject({ model, prompt: 'Plan a trip', schema: trip })
  const partials: unknown[] = []
  for await (const partial of result.partialObjectStream) partials.push(partial)
  assert.ok(partials.length >= 2, 'partial objects were streamed')
  assert.equal(await result.object, { city: 'Tromsø', days: 3, stops: ['Senja'] })
})

v7('a tool whose input needs a default: execute receives the defaulted input', async () => {
  const seen: unknown[] = []
  const plan = tool({
    description: 'Plans a trip',
    inputSchema: trip,
    execute: async (input) => {
      seen.push(input)
      return `${input.days} days in ${input.city}`
    },
  })
  const result = await generateText({ model: toolCallModel('plan', '{"city":"Oslo"}'), prompt: 'Plan a trip', tools: { plan } })
  assert.equal(seen, [{ city: 'Oslo', days: 3 }])
  assert.equal(result.toolResults.map((r) => r.output), ['3 days in Oslo'])
})

v7('a tool call whose input does not match is not executed', async () => {
  const seen: unknown[] = []
  const plan = tool({ inputSchema: trip, execute: async (input) => (seen.push(input), 'done') })
  const result = await generateText({ model: toolCallModel('plan', '{"city":5}'), prompt: 'Plan a trip', tools: { plan } })
  assert.equal(seen, [])
  assert.equal(result.content.map((p) => p.type), ['tool-call', 'tool-error'])
  // The SDK keeps the Standard Schema issues: message and path (keys and indices).
  const call = result.content[0] as { invalid?: boolean; error?: { cause?: { cause?: unknown } } }
  assert.is(call.invalid, true)
  assert.equal(call.error?.cause?.cause, [{ message: 'must be a string (got 5)', path: ['city'] }])
})

v7('a tool input with three mistakes: the model is sent all three in the next step', async () => {
  const booking = kernel.newJSONSchema({
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 }, unit: { enum: ['c', 'f'] } },
    required: ['city', 'days'],
  })
  const prompts: unknown[] = []
  let calls = 0
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt)
      if (calls++ === 0) {
        const input = '{"city":"","days":0,"unit":"k"}'
        return { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'book', input }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }
      }
      return { content: [{ type: 'text', text: 'fixed' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }
    },
  })
  let executed = 0
  const book = tool({ inputSchema: booking, execute: async () => (executed++, 'booked') })
  await generateText({ model, prompt: 'Book a trip', tools: { book }, stopWhen: stepCountIs(2) })
  assert.is(executed, 0)
  assert.is(prompts.length, 2, 'the model is called again with the tool error')
  // What the model reads in its second step: the tool result of the failed call.
  const toolMessages = (prompts[1] as { role: string; content: { type: string; output?: { value?: unknown } }[] }[]).filter((m) => m.role === 'tool')
  const told = toolMessages.flatMap((m) => m.content.map((c) => String(c.output?.value ?? ''))).join('\n')
  for (const problem of ['must be at least 1 character long (got \\"\\")', 'must be at least 1 (got 0)', 'must be one of: \\"c\\", \\"f\\" (got \\"k\\")']) {
    assert.ok(told.includes(problem), `the model is told: ${problem}\n${told}`)
  }
})

v7('validateUIMessages checks data parts with dataSchemas and returns the defaulted data', async () => {
  const messages = [{ id: 'm1', role: 'assistant', parts: [{ type: 'data-trip', data: { city: 'Oslo' } }] }]
  const validated = await validateUIMessages({ messages, dataSchemas: { trip } })
  assert.equal(validated, [{ id: 'm1', role: 'assistant', parts: [{ type: 'data-trip', data: { city: 'Oslo', days: 3 } }] }])
  assert.equal(messages[0]!.parts[0]!.data, { city: 'Oslo' }, 'the caller\'s messages are not mutated')
})

v7('validateUIMessages rejects a data part that does not match', async () => {
  const messages = [{ id: 'm1', role: 'assistant', parts: [{ type: 'data-trip', data: { city: 'Oslo', days: 'many' } }] }]
  const error = await rejection(() => validateUIMessages({ messages, dataSchemas: { trip } }))
  assert.match(causes(error), 'must be an integer')
})

v7.run()
