/**
 * UI messages: `validateUIMessages` / `safeValidateUIMessages` on the AI SDK
 * `UIMessage` shape, defaulting and validating metadata, data parts and tool parts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError } from '../../api.ts'
import {
  InvalidArgumentError,
  InvalidToolInputError,
  InvalidToolOutputError,
  safeValidateUIMessages,
  validateUIMessages,
} from '../../integrations/index.ts'
import type { UIMessageLike, UIMessagePartLike } from '../../integrations/index.ts'

const weatherInput = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'], default: 'c' } },
  required: ['city', 'unit'],
}
const weatherOutput = {
  type: 'object',
  properties: { high: { type: 'number' }, source: { type: 'string', default: 'met.no' } },
  required: ['high', 'source'],
}
const tools = { weather: { inputSchema: weatherInput, outputSchema: weatherOutput } }

function history(toolPart: UIMessagePartLike): UIMessageLike[] {
  return [
    { id: 'm0', role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
    { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] },
    { id: 'm2', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'reasoning', text: 'Call the tool.' }] },
    { id: 'm3', role: 'assistant', parts: [{ type: 'step-start' }, toolPart] },
  ]
}

/** Runs `validateUIMessages` and checks that it did not touch its input. */
function validate(options: Parameters<typeof validateUIMessages>[0]): UIMessageLike[] {
  const before = structuredClone(options.messages)
  try {
    return validateUIMessages(options)
  } finally {
    assert.equal(options.messages, before, 'the messages are not mutated')
  }
}

function rejects(run: () => unknown, check: (e: unknown) => boolean): void {
  assert.throws(run, check)
}

const toolParts = suite('validateUIMessages defaults and validates tool input and output')

toolParts('passes tool input missing a defaulted required property, with the default filled in', () => {
  const messages = history({ type: 'tool-weather', toolCallId: 'call-1', state: 'input-available', input: { city: 'Oslo' } })
  const out = validate({ messages, tools })
  assert.equal(out[3]!.parts[1]!.input, { city: 'Oslo', unit: 'c' })
  assert.is.not(out, messages)
  assert.is.not(out[3], messages[3])
  assert.is.not(out[3]!.parts[1], messages[3]!.parts[1])
})

toolParts('rejects tool input missing a required property without a default, at messages[3].parts[1].input', () => {
  const messages = history({ type: 'tool-weather', toolCallId: 'call-1', state: 'approval-requested', input: { unit: 'f' }, approval: { id: 'ap-1' } })
  rejects(
    () => validate({ messages, tools }),
    (e) =>
      InvalidToolInputError.isInstance(e) &&
      e.field === 'messages[3].parts[1].input' &&
      e.toolName === 'weather' &&
      e.toolCallId === 'call-1' &&
      ValidationError.isInstance(e.cause) &&
      e.message.startsWith('Invalid input for tool "weather" at messages[3].parts[1].input'),
  )
})

toolParts('checks input from input-available on, but not while it streams', () => {
  const streaming = history({ type: 'tool-weather', toolCallId: 'call-1', state: 'input-streaming', input: { ci: 'Os' } })
  assert.equal(validate({ messages: streaming, tools })[3]!.parts[1]!.input, { ci: 'Os' })
  for (const [state, extra] of [
    ['input-available', {}],
    ['approval-responded', { approval: { id: 'a', approved: true } }],
    ['output-available', { output: { high: 3 } }],
    ['output-denied', { approval: { id: 'a', approved: false, reason: 'no' } }],
  ] as const) {
    const messages = history({ type: 'tool-weather', toolCallId: 'c', state, input: {}, ...extra })
    rejects(() => validate({ messages, tools }), (e) => InvalidToolInputError.isInstance(e))
  }
})

toolParts('accepts a failed call whose input does not match: the error already happened', () => {
  const messages = history({ type: 'tool-weather', toolCallId: 'c', state: 'output-error', input: { city: 3 }, errorText: 'bad input' })
  assert.equal(validate({ messages, tools })[3]!.parts[1]!.input, { city: 3 })
})

toolParts('defaults and validates output in output-available against the outputSchema', () => {
  const ok = history({ type: 'tool-weather', toolCallId: 'c', state: 'output-available', input: { city: 'Oslo' }, output: { high: 21 } })
  const part = validate({ messages: ok, tools })[3]!.parts[1]!
  assert.equal(part.output, { high: 21, source: 'met.no' })
  assert.equal(part.input, { city: 'Oslo', unit: 'c' })
  const bad = history({ type: 'tool-weather', toolCallId: 'c', state: 'output-available', input: { city: 'Oslo' }, output: { source: 'x' } })
  rejects(() => validate({ messages: bad, tools }), (e) => InvalidToolOutputError.isInstance(e) && e.field === 'messages[3].parts[1].output' && e.toolName === 'weather')
})

toolParts('rejects an unknown tool in a non-terminal state, and keeps one in a terminal state', () => {
  const pending = history({ type: 'tool-search', toolCallId: 'c', state: 'input-available', input: {} })
  rejects(
    () => validate({ messages: pending, tools }),
    (e) => InvalidArgumentError.isInstance(e) && e.entityName === 'search' && e.message.startsWith('No tool schema found for tool part "search" at messages[3].parts[1]'),
  )
  const done = history({ type: 'tool-search', toolCallId: 'c', state: 'output-available', input: {}, output: 1 })
  assert.equal(validate({ messages: done, tools })[3]!.parts[1]!.output, 1)
})

toolParts('checks dynamic-tool parts against tools that have their name, and passes others', () => {
  const known = history({ type: 'dynamic-tool', toolName: 'weather', toolCallId: 'c', state: 'input-available', input: { city: 'Oslo' } })
  assert.equal(validate({ messages: known, tools })[3]!.parts[1]!.input, { city: 'Oslo', unit: 'c' })
  const unknown = history({ type: 'dynamic-tool', toolName: 'mcp_search', toolCallId: 'c', state: 'input-available', input: { q: 1 } })
  assert.equal(validate({ messages: unknown, tools })[3]!.parts[1]!.input, { q: 1 })
})

toolParts('does not look at tool input without tools', () => {
  const messages = history({ type: 'tool-weather', toolCallId: 'c', state: 'input-available', input: {} })
  assert.equal(validate({ messages })[3]!.parts[1]!.input, {})
})

const data = suite('validateUIMessages defaults and validates metadata and data parts')

data('passes metadata missing a defaulted required property, with the default filled in', () => {
  const metadataSchema = { type: 'object', properties: { model: { type: 'string', default: 'gpt' }, at: { type: 'integer' } }, required: ['model'] }
  const messages = [{ id: 'u1', role: 'user', metadata: { at: 5 }, parts: [{ type: 'text', text: 'hi' }] }]
  assert.equal(validate({ messages, metadataSchema })[0]!.metadata, { at: 5, model: 'gpt' })
})

data('rejects metadata missing a required property without a default, naming the message', () => {
  const metadataSchema = { type: 'object', required: ['at'] }
  const messages = [
    { id: 'u1', role: 'user', metadata: { at: 1 }, parts: [{ type: 'text', text: 'hi' }] },
    { id: 'a1', role: 'assistant', metadata: {}, parts: [] },
  ]
  rejects(
    () => validate({ messages, metadataSchema }),
    (e) => InvalidArgumentError.isInstance(e) && e.field === 'messages[1].metadata' && e.entityId === 'a1' && e.parameter === 'messages' && ValidationError.isInstance(e.cause),
  )
})

data('passes a data part missing a defaulted required property, with the default filled in', () => {
  const dataSchemas = { progress: { type: 'object', properties: { done: { type: 'boolean', default: false }, pct: { type: 'number' } }, required: ['done', 'pct'] } }
  const messages = [{ id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '...' }, { type: 'data-progress', id: 'p1', data: { pct: 40 } }] }]
  assert.equal(validate({ messages, dataSchemas })[0]!.parts[1]!.data, { pct: 40, done: false })
})

data('rejects a data part missing a required property without a default, naming the part', () => {
  const dataSchemas = { progress: { type: 'object', required: ['pct'] } }
  const messages = [{ id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '...' }, { type: 'data-progress', id: 'p1', data: {} }] }]
  rejects(
    () => validate({ messages, dataSchemas }),
    (e) => InvalidArgumentError.isInstance(e) && e.field === 'messages[0].parts[1].data' && e.entityName === 'progress' && e.entityId === 'p1',
  )
})

data('rejects a data part without a schema when dataSchemas is given, and passes it when not', () => {
  const messages = [{ id: 'a1', role: 'assistant', parts: [{ type: 'data-chart', data: [1, 2] }] }]
  rejects(
    () => validate({ messages, dataSchemas: { progress: {} } }),
    (e) => InvalidArgumentError.isInstance(e) && e.message.startsWith('No data schema found for data part "chart" at messages[0].parts[0]'),
  )
  assert.equal(validate({ messages })[0]!.parts[0]!.data, [1, 2])
})

const shape = suite('validateUIMessages checks the message structure and passes unknown parts through')

shape('rejects missing, non-array and empty messages with clear errors', () => {
  rejects(() => validateUIMessages({ messages: undefined }), (e) => InvalidArgumentError.isInstance(e) && e.message === 'messages parameter must be provided')
  rejects(() => validateUIMessages({ messages: {} }), (e) => InvalidArgumentError.isInstance(e) && e.message === 'messages must be an array of UI messages')
  rejects(() => validateUIMessages({ messages: [] }), (e) => InvalidArgumentError.isInstance(e) && e.message === 'messages must not be empty')
})

shape('rejects malformed messages and parts, naming where', () => {
  const cases: [unknown, string, string][] = [
    [{ role: 'user', parts: [] }, 'messages[0]', 'must have required property "id"'],
    [{ id: 'x', role: 'robot', parts: [] }, 'messages[0]', '/role'],
    [{ id: 'x', role: 'user', parts: [] }, 'messages[0].parts', 'must contain at least one part'],
    [{ id: 'x', role: 'user', parts: [{ text: 'hi' }] }, 'messages[0].parts[0]', 'must have required property "type"'],
    [{ id: 'x', role: 'user', parts: [{ type: 'text' }] }, 'messages[0].parts[0]', 'must have required property "text"'],
    [{ id: 'x', role: 'assistant', parts: [{ type: 'file', url: 'u' }] }, 'messages[0].parts[0]', 'must have required property "mediaType"'],
    [{ id: 'x', role: 'assistant', parts: [{ type: 'tool-weather', toolCallId: 'c', state: 'done' }] }, 'messages[0].parts[0]', '/state'],
    [{ id: 'x', role: 'assistant', parts: [{ type: 'tool-weather', toolCallId: 'c', state: 'approval-responded', input: {} }] }, 'messages[0].parts[0]', 'must have required property "approval"'],
    [{ id: 'x', role: 'assistant', parts: [{ type: 'dynamic-tool', toolCallId: 'c', state: 'input-streaming' }] }, 'messages[0].parts[0]', 'must have required property "toolName"'],
  ]
  for (const [message, field, detail] of cases) {
    rejects(
      () => validateUIMessages({ messages: [message] }),
      (e) => InvalidArgumentError.isInstance(e) && e.field === field && e.message.includes(detail) && e.message.startsWith(`Invalid UI message at ${field}`),
    )
  }
})

shape('passes part types it does not know through unchanged, as new objects (the result is a copy)', () => {
  const unknown = [
    { type: 'custom', kind: 'x' },
    { type: 'reasoning-file', mediaType: 'image/png', url: 'u' },
    { type: 'steering-message', id: 's', parts: [] },
    { type: 'from-a-future-sdk', anything: [1] },
  ]
  const messages = [{ id: 'a', role: 'assistant', parts: unknown }]
  const out = validate({ messages, tools })
  unknown.forEach((part, i) => {
    assert.equal(out[0]!.parts[i], part)
    assert.is.not(out[0]!.parts[i], part)
  })
})

shape('allows an assistant message without parts', () => {
  assert.equal(validate({ messages: [{ id: 'a', role: 'assistant', parts: [] }] })[0]!.parts, [])
})

const safe = suite('safeValidateUIMessages returns the outcome instead of throwing')

safe('returns the defaulted copy on success and the error on failure', () => {
  const ok = safeValidateUIMessages({ messages: history({ type: 'tool-weather', toolCallId: 'c', state: 'input-available', input: { city: 'Oslo' } }), tools })
  assert.ok(ok.success)
  if (ok.success) assert.equal(ok.data[3]!.parts[1]!.input, { city: 'Oslo', unit: 'c' })
  const bad = safeValidateUIMessages({ messages: history({ type: 'tool-weather', toolCallId: 'c', state: 'input-available', input: {} }), tools })
  assert.not.ok(bad.success)
  if (!bad.success) assert.ok(InvalidToolInputError.isInstance(bad.error))
  const malformedSchema = safeValidateUIMessages({ messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'x' }] }], metadataSchema: { type: 7 } })
  assert.not.ok(malformedSchema.success)
})

toolParts.run()
data.run()
shape.run()
safe.run()
