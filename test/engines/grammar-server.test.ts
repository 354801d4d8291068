/**
 * `generateObject` / `streamObject` with a grammar, through `@ai-sdk/openai-compatible` talking
 * HTTP to a server on 127.0.0.1 that the tests start and stop and that behaves as llama.cpp's
 * server does with a `grammar` in the chat request: it refuses a request carrying both a grammar
 * and a JSON response format, compiles the grammar with llama.cpp's own engine (node-llama-cpp),
 * refuses one that does not compile, and answers only with a text the grammar accepts. The model
 * is played by a list of candidate answers: the first one the grammar accepts is the answer, as a
 * decoder constrained by that grammar could only have produced an accepted text. The answer is
 * then parsed, defaulted and validated as always.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { ValidationError } from '../../api.ts'
import { NoObjectGeneratedError, generateObject, streamObject } from '../../integrations/index.ts'
import { toGrammar } from '../../grammar/index.ts'
import { drain } from '../integrations/models.ts'
import { engines } from './judge.mjs'

interface Exchange {
  /** The request body as received. */
  body: Record<string, unknown>
  /** The candidates the grammar rejected before the answer, in order. */
  rejected: string[]
  /** What the server answered (the first accepted candidate), or its error. */
  answer?: string
  error?: string
}

/** A llama.cpp-like server: grammar checked by llama.cpp's engine, answers drawn from candidates. */
class GrammarServer {
  readonly exchanges: Exchange[] = []
  /** One list of candidate answers per request, in turn. */
  readonly candidates: string[][] = []
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

  private refuse(res: ServerResponse, exchange: Exchange, message: string): void {
    exchange.error = message
    res.writeHead(400, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { code: 400, message, type: 'invalid_request_error' } }))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = ''
    for await (const chunk of req) text += chunk
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end()
      return
    }
    const body = JSON.parse(text) as Record<string, unknown>
    const exchange: Exchange = { body, rejected: [] }
    this.exchanges.push(exchange)
    const candidates = this.candidates.shift() ?? []
    let answer: string | undefined
    if (typeof body.grammar === 'string') {
      const format = body.response_format as { type?: string } | undefined
      if (body.json_schema !== undefined || (format !== undefined && format.type !== 'text')) {
        return this.refuse(res, exchange, 'Either "json_schema" or "grammar" can be specified, but not both')
      }
      let grammar
      try {
        grammar = await engines.gbnf.compile(body.grammar)
      } catch (e) {
        return this.refuse(res, exchange, `Failed to parse grammar: ${(e as Error).message}`)
      }
      for (const candidate of candidates) {
        if (await grammar.accepts(candidate)) {
          answer = candidate
          break
        }
        exchange.rejected.push(candidate)
      }
      grammar.dispose()
      if (answer === undefined) return this.refuse(res, exchange, 'no candidate answer matches the grammar')
    } else {
      answer = candidates[0] ?? '{}'
    }
    exchange.answer = answer
    const base = { id: 'chatcmpl-1', created: 1700000000, model: 'local-model' }
    const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 }
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }], usage }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
    const chunk = (delta: object, finish: string | null, extra: object = {}) => send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })
    answer.match(/[\s\S]{1,4}/g)!.forEach((content, i) => chunk(i === 0 ? { role: 'assistant', content } : { content }, null))
    chunk({}, 'stop', { usage })
    send('[DONE]')
    res.end()
  }
}

const server = new GrammarServer()
let baseURL = ''
const model = () => createOpenAICompatible({ baseURL, name: 'llama', supportsStructuredOutputs: true, includeUsage: true }).chatModel('local-model')

const event = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    kind: { enum: ['meeting', 'call'] },
    minutes: { type: 'integer', minimum: 5, maximum: 480 },
  },
  required: ['title'],
  additionalProperties: false,
}

/** What an unconstrained model might write for the event: prose, a wrong enum, a bound broken, then a good one. */
const EVENT_CANDIDATES = [
  'Sure! Here is the event: {"title":"Standup","kind":"call","minutes":15}',
  '{"title":"Standup","kind":"party","minutes":15}',
  '{"title":"Standup","kind":"call","minutes":2}',
  '{"title":"Standup","kind":"call","minutes":15}',
]

const test = suite('grammar over HTTP: a llama.cpp-like server checks the grammar it receives')

test.before(async () => {
  baseURL = await server.start()
})

test.after(async () => {
  await server.stop()
  await engines.gbnf.close()
})

test('generateObject sends the grammar in place of the JSON response format; the answer is the one the grammar lets through', async () => {
  const { grammar, exact } = toGrammar(event, { format: 'gbnf' })
  assert.is(exact, true)
  server.candidates.push(EVENT_CANDIDATES)
  const result = await generateObject({ model: model(), prompt: 'The standup as an event', schema: event, grammar })
  assert.equal(result.object, { title: 'Standup', kind: 'call', minutes: 15 })
  const exchange = server.exchanges.at(-1)!
  assert.is(exchange.body.grammar, grammar)
  assert.is(exchange.body.response_format, undefined)
  assert.is(exchange.error, undefined)
  // llama.cpp's engine turned down the prose, the unknown kind and the broken bound.
  assert.equal(exchange.rejected, EVENT_CANDIDATES.slice(0, 3))
})

test('the same server refuses a grammar beside a JSON schema, as llama.cpp does (so the option must not send both)', async () => {
  const { grammar } = toGrammar(event, { format: 'gbnf' })
  server.candidates.push(EVENT_CANDIDATES)
  const e = await generateObject({ model: model(), prompt: 'x', schema: event, providerOptions: { llama: { grammar, json_schema: event } } }).then(
    () => assert.unreachable('should have been refused'),
    (error: unknown) => error,
  )
  assert.match(String((e as Error).message), 'Either "json_schema" or "grammar"')
})

test('a grammar the engine cannot parse is refused by the server', async () => {
  server.candidates.push(EVENT_CANDIDATES)
  const e = await generateObject({ model: model(), prompt: 'x', schema: event, grammar: 'root ::= ("' }).then(
    () => assert.unreachable('should have been refused'),
    (error: unknown) => error,
  )
  assert.match(String((e as Error).message), 'Failed to parse grammar')
})

test('where the grammar is approximate, the validator decides: an accepted but invalid answer goes back for repair', async () => {
  const tagged = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }, required: ['tags'], additionalProperties: false }
  const { grammar, exact, lost } = toGrammar(tagged, { format: 'gbnf' })
  assert.is(exact, false)
  assert.ok(lost.some((l) => l.keyword === 'uniqueItems'))
  server.candidates.push(['{"tags":["a","a"]}'], ['{"tags":["a","b"]}'])
  const result = await generateObject({ model: model(), prompt: 'x', schema: tagged, grammar, maxRepairs: 1 })
  assert.equal(result.object, { tags: ['a', 'b'] })
  const [first, second] = server.exchanges.slice(-2)
  assert.is(first!.answer, '{"tags":["a","a"]}', 'the grammar let the duplicate through')
  const messages = second!.body.messages as { role: string; content: string }[]
  assert.equal(messages.map((m) => m.role), ['user', 'assistant', 'user'])
  assert.match(messages[2]!.content, 'must not contain duplicate items')
})

test('without repairs, an answer the grammar accepted but the schema does not is an error', async () => {
  const tagged = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }, required: ['tags'] }
  const { grammar } = toGrammar(tagged, { format: 'gbnf' })
  server.candidates.push(['{"tags":["a","a"]}'])
  const e = await generateObject({ model: model(), prompt: 'x', schema: tagged, grammar }).then(
    () => assert.unreachable('should have failed validation'),
    (error: unknown) => error,
  )
  assert.ok(NoObjectGeneratedError.isInstance(e))
  assert.is((e.cause as ValidationError).errors[0]!.keyword, 'uniqueItems')
})

test('streamObject sends the grammar too and streams the answer it allows', async () => {
  const { grammar } = toGrammar(event, { format: 'gbnf', indent: 2 })
  const pretty = JSON.stringify({ title: 'Review', kind: 'meeting', minutes: 30 }, null, 2)
  server.candidates.push(['{"title":"Review","kind":"meeting","minutes":30}', pretty])
  const result = streamObject({ model: model(), prompt: 'x', schema: event, grammar })
  const partials = await drain(result.partialObjectStream)
  assert.is(partials.error, undefined)
  assert.equal(await result.object, { title: 'Review', kind: 'meeting', minutes: 30 })
  const exchange = server.exchanges.at(-1)!
  assert.is(exchange.body.stream, true)
  assert.is(exchange.body.grammar, grammar)
  // indent: 2 grammars take the 2-space layout only, not the compact text
  assert.equal(exchange.rejected, ['{"title":"Review","kind":"meeting","minutes":30}'])
})

test('without the option the request carries the JSON schema and no grammar', async () => {
  server.candidates.push(['{"title":"Plain"}'])
  const result = await generateObject({ model: model(), prompt: 'x', schema: event })
  assert.equal(result.object, { title: 'Plain' })
  const body = server.exchanges.at(-1)!.body
  assert.is(body.grammar, undefined)
  assert.is((body.response_format as { type: string }).type, 'json_schema')
})

test.run()
