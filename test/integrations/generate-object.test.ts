/**
 * `generateObject` with the AI SDK's mock models of specification v2, v3 and v4.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MockLanguageModelV3 } from 'ai/test'
import { SchemaError, ValidationError, newJSONSchema } from '../../api.ts'
import { InvalidArgumentError, NoObjectGeneratedError, generateObject } from '../../integrations/index.ts'
import { USAGE_V3, event, generating, generatingV4, modelV2 } from './models.ts'

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.unreachable('should have rejected'),
    (e: unknown) => e,
  )
}

const generate = suite('generateObject asks for JSON, then defaults and validates it')

generate('passes an object missing a defaulted required property, with the default filled in', async () => {
  const schema = structuredClone(event)
  const model = generating(['{"title":"Standup","minutes":15}'])
  const result = await generateObject({ model, system: 'Plan.', prompt: 'Make an event', schema })
  assert.equal(result.object, { title: 'Standup', minutes: 15, kind: 'meeting' })
  assert.is(result.finishReason, 'stop')
  assert.equal(result.usage, { inputTokens: 10, outputTokens: 5, totalTokens: 15 })
  assert.is(result.text, '{"title":"Standup","minutes":15}')
  const call = model.doGenerateCalls[0]!
  assert.equal(call.responseFormat, { type: 'json', schema: event })
  assert.is.not((call.responseFormat as { schema: unknown }).schema, schema, 'the model gets a fresh copy')
  assert.equal(call.prompt, [
    { role: 'system', content: 'Plan.' },
    { role: 'user', content: [{ type: 'text', text: 'Make an event' }] },
  ])
  assert.equal(schema, event, "the caller's schema is not mutated")
})

generate('rejects an object missing a required property without a default with NoObjectGeneratedError', async () => {
  const e = await rejection(generateObject({ model: generating(['{"minutes":15}']), prompt: 'x', schema: event }))
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is(e.name, 'NoObjectGeneratedError')
  assert.is(e.message, 'No object generated: response did not match schema.')
  assert.is(e.text, '{"minutes":15}')
  assert.is(e.finishReason, 'stop')
  assert.equal(e.usage, { inputTokens: 10, outputTokens: 5, totalTokens: 15 })
  assert.ok(ValidationError.isInstance(e.cause))
  assert.equal((e.cause as ValidationError).errors.map((i) => i.params.missingProperty), ['title'])
})

generate('rejects text that is not JSON, and a response without text', async () => {
  const e = await rejection(generateObject({ model: generating(['Sure! {"title":']), prompt: 'x', schema: event }))
  assert.ok(NoObjectGeneratedError.isInstance(e) && e.cause instanceof SyntaxError && e.message === 'No object generated: could not parse the response.')
  const empty = new MockLanguageModelV3({ doGenerate: async () => ({ content: [], finishReason: { unified: 'length', raw: 'length' }, usage: USAGE_V3, warnings: [] }) })
  const f = await rejection(generateObject({ model: empty, prompt: 'x', schema: event }))
  assert.ok(NoObjectGeneratedError.isInstance(f) && f.text === undefined && f.finishReason === 'length')
})

generate('reads JSON inside one markdown code fence', async () => {
  const result = await generateObject({ model: generating(['```json\n{"title":"Lunch"}\n```']), prompt: 'x', schema: event })
  assert.equal(result.object, { title: 'Lunch', kind: 'meeting' })
})

generate('takes messages, a compiled Schema and call settings', async () => {
  const model = generating(['{"title":"Retro"}'])
  const result = await generateObject({
    model,
    messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: [{ type: 'text', text: 'hello' }] }, { role: 'user', content: 'event please' }],
    schema: newJSONSchema(event),
    schemaName: 'event',
    schemaDescription: 'A calendar event',
    temperature: 0,
    seed: 1,
  })
  assert.equal(result.object, { title: 'Retro', kind: 'meeting' })
  const call = model.doGenerateCalls[0]!
  assert.is(call.prompt.length, 3)
  assert.equal(call.prompt[0], { role: 'user', content: [{ type: 'text', text: 'hi' }] })
  assert.is((call.responseFormat as { name?: string }).name, 'event')
  assert.is(call.temperature, 0)
  assert.is(call.seed, 1)
})

generate('passes the model call error through unchanged', async () => {
  const broken = new MockLanguageModelV3({ doGenerate: async () => { throw new RangeError('HTTP 500') } })
  const e = await rejection(generateObject({ model: broken, prompt: 'x', schema: event }))
  assert.ok(e instanceof RangeError)
})

generate('rejects contradictory options before calling the model', async () => {
  const model = generating(['{}'])
  const bad: [object, string][] = [
    [{ prompt: 'x', messages: [], schema: event }, 'prompt'],
    [{ schema: event }, 'prompt'],
    [{ prompt: 'x' }, 'schema'],
    [{ prompt: 'x', output: 'enum', enum: [] }, 'enum'],
    [{ prompt: 'x', output: 'no-schema', schema: event }, 'schema'],
    [{ prompt: 'x', output: 'table', schema: event }, 'output'],
    [{ prompt: 'x', schema: event, maxRepairs: -1 }, 'maxRepairs'],
  ]
  for (const [options, parameter] of bad) {
    const e = await rejection(generateObject({ model, ...options } as Parameters<typeof generateObject>[0]))
    assert.ok(InvalidArgumentError.isInstance(e) && e.parameter === parameter, parameter)
  }
  const e = await rejection(generateObject({ model: {} as never, prompt: 'x', schema: event }))
  assert.ok(InvalidArgumentError.isInstance(e) && e.parameter === 'model')
  assert.ok(SchemaError.isInstance(await rejection(generateObject({ model, prompt: 'x', schema: { type: 'objekt' } }))))
  assert.is(model.doGenerateCalls.length, 0)
})

const modes = suite('generateObject has object, array, enum and no-schema outputs')

modes('defaults and validates each element in array mode', async () => {
  const model = generating(['{"elements":[{"title":"A"},{"title":"B","kind":"call"}]}'])
  const result = await generateObject({ model, prompt: 'x', output: 'array', schema: event })
  assert.equal(result.object, [{ title: 'A', kind: 'meeting' }, { title: 'B', kind: 'call' }])
  const format = model.doGenerateCalls[0]!.responseFormat as unknown as { schema: { properties: { elements: { items: unknown } } } }
  assert.equal(format.schema.properties.elements.items, event)
  const e = await rejection(generateObject({ model: generating(['{"elements":[{"title":"A"},{"kind":"call"}]}']), prompt: 'x', output: 'array', schema: event }))
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.equal((e.cause as ValidationError).errors.map((i) => i.instancePath), ['/1'])
})

modes('keeps local references of an element schema working inside the array wrapper', async () => {
  const schema = { $defs: { Minutes: { type: 'integer', default: 30 } }, type: 'object', properties: { m: { $ref: '#/$defs/Minutes' } }, required: ['m'] }
  const model = generating(['{"elements":[{}]}'])
  const result = await generateObject({ model, prompt: 'x', output: 'array', schema })
  assert.equal(result.object, [{ m: 30 }])
  const wrapper = (model.doGenerateCalls[0]!.responseFormat as unknown as { schema: { properties: { elements: { items: { properties: { m: { $ref: string } } } } } } }).schema
  assert.is(wrapper.properties.elements.items.properties.m.$ref, '#/properties/elements/items/$defs/Minutes')
  assert.equal(newJSONSchema(wrapper).validate({ elements: [{ m: 1.5 }] })?.errors[0]!.instancePath, '/elements/0/m')
})

modes('returns the chosen string in enum mode', async () => {
  const model = generating(['{"result":"call"}'])
  const result = await generateObject({ model, prompt: 'x', enum: ['meeting', 'call'] })
  assert.is(result.object, 'call')
  assert.equal((model.doGenerateCalls[0]!.responseFormat as { schema: unknown }).schema, {
    type: 'object',
    properties: { result: { type: 'string', enum: ['meeting', 'call'] } },
    required: ['result'],
    additionalProperties: false,
  })
  assert.ok(NoObjectGeneratedError.isInstance(await rejection(generateObject({ model: generating(['{"result":"lunch"}']), prompt: 'x', output: 'enum', enum: ['meeting', 'call'] }))))
})

modes('returns any JSON in no-schema mode, asking for JSON without a schema', async () => {
  const model = generating(['[1,{"a":null}]'])
  const result = await generateObject({ model, prompt: 'x', output: 'no-schema' })
  assert.equal(result.object, [1, { a: null }])
  assert.equal(model.doGenerateCalls[0]!.responseFormat, { type: 'json', schema: undefined })
})

const repairs = suite('generateObject with maxRepairs sends the problems back and retries')

repairs('repairs a response that does not match, telling the model each problem', async () => {
  const model = generating(['{"title":"Standup","kind":"sync","minutes":2}', '{"title":"Standup","minutes":15}'])
  const result = await generateObject({ model, prompt: 'x', schema: event, maxRepairs: 1 })
  assert.equal(result.object, { title: 'Standup', minutes: 15, kind: 'meeting' })
  assert.equal(result.usage, { inputTokens: 20, outputTokens: 10, totalTokens: 30 })
  const second = model.doGenerateCalls[1]!.prompt
  assert.equal(second[1], { role: 'assistant', content: [{ type: 'text', text: '{"title":"Standup","kind":"sync","minutes":2}' }] })
  assert.equal(second[2], {
    role: 'user',
    content: [
      {
        type: 'text',
        text:
          'Your answer does not match the required JSON schema:\n' +
          '$.kind: must be one of: "meeting", "call" (got "sync")\n' +
          '$.minutes: must be at least 5 (got 2)\n' +
          'Reply with the complete corrected JSON value only.',
      },
    ],
  })
})

repairs('repairs text that is not JSON', async () => {
  const model = generating(['{"title":', '{"title":"Ok"}'])
  const result = await generateObject({ model, prompt: 'x', schema: event, maxRepairs: 2 })
  assert.equal(result.object, { title: 'Ok', kind: 'meeting' })
  assert.match((model.doGenerateCalls[1]!.prompt[2]!.content as { text: string }[])[0]!.text, 'Your answer is not valid JSON')
  assert.is(model.doGenerateCalls.length, 2)
})

repairs('gives up after maxRepairs further attempts', async () => {
  const model = generating(['{"minutes":1}'])
  const e = await rejection(generateObject({ model, prompt: 'x', schema: event, maxRepairs: 2 }))
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is(model.doGenerateCalls.length, 3)
  assert.equal(e.usage, { inputTokens: 30, outputTokens: 15, totalTokens: 45 })
})

const versions = suite('generateObject works with models of specification v2, v3 and v4')

versions('reads a v2 model (AI SDK 5): flat usage and a string finish reason', async () => {
  const model = modelV2('{"title":"v2"}')
  const result = await generateObject({ model, prompt: 'x', schema: event })
  assert.equal(result.object, { title: 'v2', kind: 'meeting' })
  assert.is(result.finishReason, 'stop')
  assert.equal(result.usage, { inputTokens: 3, outputTokens: 4, totalTokens: 7 })
  assert.equal(model.doGenerateCalls[0]!.responseFormat, { type: 'json', schema: event })
})

versions("reads a v4 model's structuredOutputText before its text parts", async () => {
  assert.equal((await generateObject({ model: generatingV4('{"title":"text"}'), prompt: 'x', schema: event })).object, { title: 'text', kind: 'meeting' })
  const result = await generateObject({ model: generatingV4('Draft: {"title":"draft"}', '{"title":"final"}'), prompt: 'x', schema: event })
  assert.equal(result.object, { title: 'final', kind: 'meeting' })
})

const grammars = suite('generateObject with a grammar sends it through the provider options')

grammars('the grammar goes into the provider options of the model\'s provider, in place of the JSON response format', async () => {
  const model = generating(['{"title":"Standup"}'])
  const given = { 'mock-provider': { user: 'u1' }, other: { x: 1 } }
  const frozen = structuredClone(given)
  const result = await generateObject({ model, prompt: 'x', schema: event, grammar: 'root ::= "{}"', providerOptions: given })
  assert.equal(result.object, { title: 'Standup', kind: 'meeting' })
  const call = model.doGenerateCalls[0]!
  assert.equal(call.providerOptions, { 'mock-provider': { user: 'u1', grammar: 'root ::= "{}"' }, other: { x: 1 } })
  assert.equal(call.responseFormat, { type: 'text' })
  assert.equal(given, frozen, "the caller's provider options are not changed")
})

grammars('an empty or non-string grammar, or a second different one in the provider options, is an InvalidArgumentError', async () => {
  for (const grammar of ['', 42, null]) {
    const e = await rejection(generateObject({ model: generating(['{}']), prompt: 'x', schema: event, grammar: grammar as string }))
    assert.ok(InvalidArgumentError.isInstance(e), String(grammar))
  }
  const e = await rejection(generateObject({ model: generating(['{}']), prompt: 'x', schema: event, grammar: 'root ::= "a"', providerOptions: { 'mock-provider': { grammar: 'root ::= "b"' } } }))
  assert.ok(InvalidArgumentError.isInstance(e))
  assert.match((e as Error).message, 'give the grammar once')
  // the same grammar given in both places is no contradiction
  const model = generating(['{"title":"t"}'])
  await generateObject({ model, prompt: 'x', schema: event, grammar: 'root ::= "a"', providerOptions: { 'mock-provider': { grammar: 'root ::= "a"' } } })
  assert.is(model.doGenerateCalls[0]!.providerOptions!['mock-provider']!.grammar, 'root ::= "a"')
})

generate.run()
grammars.run()
modes.run()
repairs.run()
versions.run()
