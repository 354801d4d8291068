/**
 * generateObject / streamObject with `provider`: the request carries the converted schema and the
 * answer, in the converted shape, comes back in the original shape. Over HTTP to an
 * OpenAI-compatible server on 127.0.0.1 that the test starts and stops.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { NoObjectGeneratedError, generateObject, streamObject } from '../../integrations/index.ts'
import { compileForProvider } from '../../providers/index.ts'
import { metaValidator } from './profiles.ts'

const requests: Record<string, unknown>[] = []
const replies: string[] = []
let server: Server
let baseURL = ''

function start(): Promise<void> {
  server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const request = JSON.parse(body) as Record<string, unknown>
    requests.push(request)
    const content = replies.shift() ?? '{}'
    const base = { id: 'c1', created: 1700000000, model: 'm' }
    if (request.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const piece of content.match(/.{1,7}/gs)!) res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`)
    res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`)
    res.end()
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
      resolve()
    }),
  )
}

const model = (name = 'local') => createOpenAICompatible({ baseURL, name, supportsStructuredOutputs: true }).chatModel('m')

// optional with a default, a map and a union: three things OpenAI strict mode does not take as written
const schema = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 2 },
    unit: { enum: ['celsius', 'fahrenheit'], default: 'celsius' },
    highs: { type: 'object', additionalProperties: { type: 'number' } },
    note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  },
  required: ['city', 'highs'],
  additionalProperties: false,
}

const http = suite('generateObject with provider over HTTP')
http.before(start)
http.after(() => new Promise<void>((resolve) => server.close(() => resolve())))

http("provider: 'openai' sends the converted schema and returns the answer in the original shape", async () => {
  // the model answers in the converted shape: every property present, the map as entries
  replies.push('{"city":"Oslo","unit":null,"highs":{"additionalProperties":[{"key":"mon","value":3},{"key":"tue","value":4}]},"note":null}')
  const result = await generateObject({ model: model(), prompt: 'Forecast', schema, provider: 'openai' })
  assert.equal(result.object, { city: 'Oslo', unit: 'celsius', highs: { mon: 3, tue: 4 } })
  const sent = (requests.at(-1)!.response_format as { json_schema: { schema: Record<string, unknown> } }).json_schema.schema
  assert.equal(sent, compileForProvider(schema, { provider: 'openai' }).schema)
  assert.is(metaValidator('openai').validate(sent), null)
  assert.equal(sent.required, ['city', 'unit', 'highs', 'note'])
})

http('a constraint the provider schema does not carry is checked after decode, and the repair request names the original path', async () => {
  replies.push('{"city":"O","unit":"celsius","highs":{"additionalProperties":[]},"note":null}', '{"city":"Oslo","unit":"celsius","highs":{"additionalProperties":[]},"note":{"value":"dry"}}')
  const result = await generateObject({ model: model(), prompt: 'Forecast', schema, provider: 'openai', maxRepairs: 1 })
  assert.equal(result.object, { city: 'Oslo', unit: 'celsius', highs: {}, note: 'dry' })
  const messages = requests.at(-1)!.messages as { role: string; content: string }[]
  assert.match(messages.at(-1)!.content, '$.city')
  const e = await generateObject({ model: model(), prompt: 'x', schema, provider: 'openai' }).then(
    () => assert.unreachable('should reject'),
    (error: unknown) => error,
  )
  assert.ok(NoObjectGeneratedError.isInstance(e))
})

http("streamObject with provider streams partial objects in the original shape and ends with the decoded value", async () => {
  replies.push('{"city":"Bergen","unit":"fahrenheit","highs":{"additionalProperties":[{"key":"wed","value":9}]},"note":null}')
  const s = streamObject({ model: model(), prompt: 'Forecast', schema, provider: 'openai' })
  const partials: unknown[] = []
  for await (const p of s.partialObjectStream) partials.push(p)
  assert.equal(await s.object, { city: 'Bergen', unit: 'fahrenheit', highs: { wed: 9 } })
  assert.ok(partials.length > 1)
  for (const p of partials) assert.not.ok(JSON.stringify(p).includes('additionalProperties'), JSON.stringify(p))
})

http("provider: 'infer' converts for a model whose provider id is openai.*, and sends the schema as written for any other", async () => {
  replies.push('{"city":"Oslo","unit":null,"highs":{"additionalProperties":[]},"note":null}', '{"city":"Oslo","highs":{}}')
  const a = await generateObject({ model: model('openai'), prompt: 'x', schema, provider: 'infer' })
  assert.equal(a.object, { city: 'Oslo', unit: 'celsius', highs: {} })
  const b = await generateObject({ model: model('local'), prompt: 'x', schema, provider: 'infer' })
  assert.equal(b.object, { city: 'Oslo', unit: 'celsius', highs: {} })
  assert.equal((requests.at(-1)!.response_format as { json_schema: { schema: unknown } }).json_schema.schema, schema)
})

http.run()
