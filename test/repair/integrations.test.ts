/**
 * `parseModelOutput` where model output comes in: `generateObject` repairs before spending a
 * round trip, `streamObject` repairs the complete text, `parseToolCall` repairs when asked.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { InvalidToolInputError, generateObject, parseToolCall, streamObject } from '../../integrations/index.ts'
import type { RepairRecord } from '../../index.ts'
import { event, generating, streaming } from '../integrations/models.ts'

const kinds = (repairs: RepairRecord[]): string[] => [...new Set(repairs.map((r) => r.kind))].sort()

const generate = suite('generateObject repairs locally before a round trip')

generate('a fenced answer with a numeric string and an enum in the wrong case costs one call', async () => {
  const model = generating(['Here:\n```json\n{"title":"Standup","kind":"Call","minutes":"15",}\n```'])
  const result = await generateObject({ model, prompt: 'x', schema: event, maxRepairs: 2 })
  assert.equal(result.object, { title: 'Standup', kind: 'call', minutes: 15 })
  assert.is(model.doGenerateCalls.length, 1)
  assert.equal(kinds(result.repairs), ['enum-match', 'extract', 'fence', 'number-from-string', 'trailing-comma'])
})

generate("repair 'none' spends the round trip instead", async () => {
  const model = generating(['{"title":"Standup","minutes":"15"}', '{"title":"Standup","minutes":15}'])
  const result = await generateObject({ model, prompt: 'x', schema: event, maxRepairs: 1, repair: 'none' })
  assert.is(model.doGenerateCalls.length, 2)
  assert.equal(result.repairs, [])
  assert.equal(result.object, { title: 'Standup', minutes: 15, kind: 'meeting' })
})

generate('an answer that matches as sent has no repairs', async () => {
  const result = await generateObject({ model: generating(['{"title":"A","kind":"call"}']), prompt: 'x', schema: event })
  assert.equal(result.repairs, [])
})

generate('array mode repairs the elements wrapper', async () => {
  const model = generating(["{'elements': [{'title': 'A', 'minutes': '5'}]}"])
  const result = await generateObject({ model, prompt: 'x', schema: event, output: 'array' })
  assert.equal(result.object, [{ title: 'A', minutes: 5, kind: 'meeting' }])
})

const stream = suite('streamObject repairs the complete text')

stream('a response cut off by the token limit is closed and validated', async () => {
  const { model } = streaming('{"title":"Standup","kind":"call"')
  const result = streamObject({ model, prompt: 'x', schema: event })
  assert.equal(await result.object, { title: 'Standup', kind: 'call' })
  assert.equal(kinds(await result.repairs), ['truncation'])
})

stream("with repair 'none' the cut-off response is an error", async () => {
  const { model } = streaming('{"title":"Standup","kind":"call"')
  const result = streamObject({ model, prompt: 'x', schema: event, repair: 'none' })
  await result.object.then(
    () => assert.unreachable('should have rejected'),
    (e: unknown) => assert.instance(e, Error),
  )
  assert.equal(await result.repairs, [])
})

const tools = { event: { inputSchema: event } }
const call = suite('parseToolCall repairs when asked')

call('repair is off by default: the input is JSON as JSON.parse reads it', () => {
  assert.throws(() => parseToolCall({ toolName: 'event', input: '{"title":"A","minutes":"9"}', tools }), (e: unknown) => InvalidToolInputError.isInstance(e))
})

call('with repair, the input is repaired and onRepairs hears what changed', () => {
  const heard: RepairRecord[][] = []
  const value = parseToolCall({ toolName: 'event', input: "{title: 'A', minutes: '9'}", tools, repair: 'all', onRepairs: (r) => heard.push(r) })
  assert.equal(value, { title: 'A', minutes: 9, kind: 'meeting' })
  assert.is(heard.length, 1)
  assert.equal(kinds(heard[0]!), ['default', 'number-from-string', 'quote', 'unquoted-key'])
})

call('with repair, what repair cannot fix is the usual error for the model', () => {
  try {
    parseToolCall({ toolName: 'event', input: '{"title":"A","minutes":"two"}', tools, repair: 'all' })
    assert.unreachable('should have thrown')
  } catch (e) {
    assert.ok(InvalidToolInputError.isInstance(e))
    assert.match(e.message, 'minutes')
  }
  assert.throws(() => parseToolCall({ toolName: 'event', input: 'no json', tools, repair: 'all' }), /not valid JSON/)
})

generate.run()
stream.run()
call.run()
