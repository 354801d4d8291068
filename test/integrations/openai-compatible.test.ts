/**
 * Structured generation through a real provider package: `@ai-sdk/openai-compatible`
 * talking HTTP to an OpenAI-compatible server on 127.0.0.1 that the tests start and stop,
 * serving chat completions as JSON and as server-sent events.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { ValidationError } from '../../api.ts'
import { NoObjectGeneratedError, generateObject, streamObject } from '../../integrations/index.ts'
import { drain } from './models.ts'

interface Reply {
  /** The assistant's text, whole (JSON response) or in these pieces (SSE). */
  pieces: string[]
  /** SSE only: wait for the client to go away after this many pieces, instead of sending the rest. */
  holdAfter?: number
}

/** An OpenAI-compatible chat completions endpoint answering with the queued replies. */
class LocalProvider {
  readonly requests: Record<string, unknown>[] = []
  readonly replies: Reply[] = []
  /** Resolved when a held SSE response sees its client disconnect. */
  disconnected: Promise<void> = Promise.resolve()
  private server: Server | undefined

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve, reject) => this.server?.close((e) => (e ? reject(e) : resolve())) ?? resolve())
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = ''
    for await (const chunk of req) body += chunk
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end()
      return
    }
    const request = JSON.parse(body) as Record<string, unknown>
    this.requests.push(request)
    const reply = this.replies.shift() ?? { pieces: ['{}'] }
    const base = { id: 'chatcmpl-1', created: 1700000000, model: 'local-model' }
    const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 }
    if (request.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: reply.pieces.join('') }, finish_reason: 'stop' }], usage }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    const chunk = (delta: object, finish: string | null, extra: object = {}) => send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })
    const pieces = reply.holdAfter === undefined ? reply.pieces : reply.pieces.slice(0, reply.holdAfter)
    pieces.forEach((content, i) => chunk(i === 0 ? { role: 'assistant', content } : { content }, null))
    if (reply.holdAfter !== undefined) {
      // Keep the response open: only the client cancelling its stream ends it.
      this.disconnected = new Promise((resolve) => res.on('close', () => resolve()))
      return
    }
    chunk({}, 'stop', { usage })
    send('[DONE]')
    res.end()
  }
}

const provider = new LocalProvider()
let baseURL = ''

function model() {
  return createOpenAICompatible({ baseURL, name: 'local', supportsStructuredOutputs: true, includeUsage: true }).chatModel('local-model')
}

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    highs: { type: 'array', items: { type: 'number' }, maxItems: 3 },
  },
  required: ['city', 'unit', 'highs'],
  additionalProperties: false,
}

const http = suite('generateObject and streamObject work through @ai-sdk/openai-compatible over HTTP')

http.before(async () => {
  baseURL = await provider.start()
})

http.after(async () => {
  await provider.stop()
})

http('generates an object from a JSON completion, filling in a default the model left out', async () => {
  provider.replies.push({ pieces: ['{"city":"Oslo","highs":[3,4]}'] })
  const result = await generateObject({ model: model(), prompt: 'Forecast for Oslo', schema })
  assert.equal(result.object, { city: 'Oslo', unit: 'celsius', highs: [3, 4] })
  assert.is(result.finishReason, 'stop')
  assert.equal(result.usage, { inputTokens: 11, outputTokens: 7, totalTokens: 18 })
  const request = provider.requests.at(-1)!
  // The provider turned responseFormat { type: 'json', schema } into OpenAI's structured output.
  const format = request.response_format as { type: string; json_schema: { name: string; schema: unknown } }
  assert.is(format.type, 'json_schema')
  assert.is(format.json_schema.name, 'response')
  assert.equal(format.json_schema.schema, schema)
  assert.equal(request.messages, [{ role: 'user', content: 'Forecast for Oslo' }])
})

http('rejects a completion missing a required property without a default', async () => {
  provider.replies.push({ pieces: ['{"unit":"fahrenheit","highs":[]}'] })
  const e = await generateObject({ model: model(), prompt: 'x', schema }).then(
    () => assert.unreachable('should have rejected'),
    (error: unknown) => error,
  )
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is(e.text, '{"unit":"fahrenheit","highs":[]}')
  assert.equal((e.cause as ValidationError).errors.map((i) => i.params.missingProperty), ['city'])
})

http('repairs over HTTP: the second request carries the problems', async () => {
  provider.replies.push({ pieces: ['{"city":"Oslo","highs":"warm"}'] }, { pieces: ['{"city":"Oslo","highs":[20]}'] })
  const result = await generateObject({ model: model(), prompt: 'x', schema, maxRepairs: 1 })
  assert.equal(result.object, { city: 'Oslo', unit: 'celsius', highs: [20] })
  const messages = provider.requests.at(-1)!.messages as { role: string; content: string }[]
  assert.equal(messages.map((m) => m.role), ['user', 'assistant', 'user'])
  assert.match(messages[2]!.content, '$.highs: must be an array (got "warm")')
})

http('streams an object from server-sent events, ending with the defaulted value', async () => {
  const text = '{"city":"Bergen","highs":[11,12.5,9]}'
  provider.replies.push({ pieces: text.match(/.{1,5}/g)! })
  const result = streamObject({ model: model(), prompt: 'x', schema })
  const partials = await drain(result.partialObjectStream)
  assert.is(partials.error, undefined)
  assert.ok(partials.values.length > 3)
  assert.equal(partials.values.at(-1), JSON.parse(text))
  assert.equal(await result.object, { city: 'Bergen', unit: 'celsius', highs: [11, 12.5, 9] })
  assert.equal(await result.usage, { inputTokens: 11, outputTokens: 7, totalTokens: 18 })
  assert.is(provider.requests.at(-1)!.stream, true)
})

http('stops a streamed response early and closes the HTTP response', async () => {
  provider.replies.push({ pieces: ['{"city":"Bergen",', '"unit":"kel', 'vin","highs":[]}'], holdAfter: 2 })
  const result = streamObject({ model: model(), prompt: 'x', schema })
  const e = await result.object.then(
    () => assert.unreachable('should have stopped'),
    (error: unknown) => error,
  )
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is(((e as Error).cause as ValidationError).errors[0]!.keyword, 'enum')
  assert.is(e.text, '{"city":"Bergen","unit":"kel')
  // The server never sent the rest: only the client going away ends this response. The timer
  // only ends a hang (a response never closed); it measures nothing, so a busy machine cannot trip it.
  let guard: NodeJS.Timeout | undefined
  await Promise.race([
    provider.disconnected,
    new Promise((_, reject) => (guard = setTimeout(() => reject(new Error('the HTTP response was not closed within 60 s')), 60_000))),
  ]).finally(() => clearTimeout(guard))
})

http.run()
