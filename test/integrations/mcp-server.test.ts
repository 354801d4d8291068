/**
 * MCP tool output on the server side: a real MCP SDK v2 `McpServer` (`@modelcontextprotocol/server`)
 * sends what its output schema validated (defaults filled in) once wrapped, so a client that is
 * not schemavet accepts it: the SDK v1 `Client` (which checks `structuredContent` with ajv) and a
 * plain ajv check of the advertised `outputSchema`. Also the SDK v1 low-level `Server` path the
 * README shows, since the v1 `McpServer.registerTool` takes only Zod schemas.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Ajv } from 'ajv'
import { InMemoryTransport as V2InMemoryTransport, McpServer as V2McpServer } from '@modelcontextprotocol/server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { newJSONSchema } from '../../api.ts'
import { defaultToolOutput, parseWithDefaults, withDefaultedToolOutput } from '../../integrations/index.ts'

const weather = newJSONSchema({
  type: 'object',
  properties: { city: { type: 'string' }, units: { enum: ['metric', 'imperial'], default: 'metric' } },
  required: ['city', 'units'],
  additionalProperties: false,
})

/** A handler that leaves out `units`, which the schema requires and defaults. */
const oslo = async () => ({ content: [{ type: 'text' as const, text: JSON.stringify({ city: 'Oslo' }) }], structuredContent: { city: 'Oslo' } })

/** A v2 server with the weather tool, registered through `register` (the server or its wrapper). */
async function v2(wrap: boolean): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = new V2McpServer({ name: 'weather', version: '1.0.0' })
  const target = wrap ? withDefaultedToolOutput(server) : server
  target.registerTool('weather', { description: 'The weather in a city', outputSchema: weather }, oslo)
  const [serverSide, clientSide] = V2InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  // The v1 client validates structuredContent with ajv, its default jsonSchemaValidator.
  const client = new Client({ name: 'ajv-client', version: '1.0.0' })
  await client.connect(clientSide as unknown as InMemoryTransport)
  return { client, close: () => client.close() }
}

const server = suite('MCP SDK v2 McpServer: the wire carries the defaulted structuredContent')

server('unwrapped, the SDK sends the undefaulted value, which an ajv client rejects', async () => {
  const { client, close } = await v2(false)
  try {
    await client.listTools() // the v1 client checks output of the tools it has listed
    await client.callTool({ name: 'weather', arguments: {} })
    assert.unreachable('the ajv client should reject the undefaulted output')
  } catch (e) {
    // The client here is the SDK's own ajv check, so the words are ajv's.
    assert.match((e as Error).message, "must have required property 'units'")
  } finally {
    await close()
  }
})

server('withDefaultedToolOutput sends the defaulted copy; the ajv client and a plain ajv check accept it', async () => {
  const { client, close } = await v2(true)
  try {
    const { tools } = await client.listTools()
    const advertised = tools.find((t) => t.name === 'weather')!.outputSchema
    assert.equal((advertised as { required?: unknown }).required, ['city', 'units'])
    const result = (await client.callTool({ name: 'weather', arguments: {} })) as { structuredContent?: unknown; content: { type: string; text?: string }[] }
    assert.equal(result.structuredContent, { city: 'Oslo', units: 'metric' })
    // the text the handler derived from structuredContent follows it
    assert.equal(result.content, [{ type: 'text', text: '{"city":"Oslo","units":"metric"}' }])
    const ajv = new Ajv({ strict: false })
    assert.ok(ajv.validate(advertised as object, result.structuredContent), ajv.errorsText())
    assert.ok(ajv.validate(advertised as object, JSON.parse(result.content[0]!.text!)), ajv.errorsText())
  } finally {
    await close()
  }
})

const handler = suite('defaultToolOutput wraps one tool handler')

handler('returns a copy with the defaulted structuredContent; the handler result is not mutated', async () => {
  const returned = { content: [{ type: 'text', text: '{"city":"Oslo"}' }, { type: 'text', text: 'Sunny in Oslo' }], structuredContent: { city: 'Oslo' }, _meta: { a: 1 } }
  const before = structuredClone(returned)
  const wrapped = defaultToolOutput(weather, (city: string, extra: number) => {
    assert.equal([city, extra], ['Oslo', 2], 'arguments pass through')
    return returned
  })
  const out = await wrapped('Oslo', 2)
  assert.equal(out, {
    content: [{ type: 'text', text: '{"city":"Oslo","units":"metric"}' }, { type: 'text', text: 'Sunny in Oslo' }],
    structuredContent: { city: 'Oslo', units: 'metric' },
    _meta: { a: 1 },
  })
  assert.equal(returned, before)
})

handler('passes errors, results without structuredContent and invalid output through unchanged', async () => {
  for (const result of [
    { isError: true, content: [{ type: 'text', text: 'boom' }], structuredContent: { city: 'Oslo' } },
    { content: [{ type: 'text', text: 'no structured output' }] },
    { content: [], structuredContent: { city: 7 } },
  ]) {
    assert.is(await defaultToolOutput(weather, () => result)(), result)
  }
})

handler('takes a raw JSON Schema object, or any Standard Schema (a Zod default is its parsed value)', async () => {
  const raw = { type: 'object', properties: { n: { type: 'integer', default: 1 } }, required: ['n'] }
  assert.equal((await defaultToolOutput(raw, () => ({ content: [], structuredContent: {} }))()).structuredContent, { n: 1 })
  const zod = z.object({ n: z.number().default(2) })
  assert.equal((await defaultToolOutput(zod, async () => ({ content: [], structuredContent: {} }))()).structuredContent, { n: 2 })
})

handler('withDefaultedToolOutput leaves tools without an outputSchema and the rest of the server as they are', async () => {
  const calls: unknown[][] = []
  const plainHandler = () => ({ content: [] })
  const fake = {
    name: 'fake',
    registerTool(...args: unknown[]) {
      calls.push(args)
      return 'registered'
    },
    describe() {
      return this.name
    },
  }
  const wrapped = withDefaultedToolOutput(fake)
  assert.is(wrapped.registerTool('plain', { description: 'x' }, plainHandler), 'registered')
  assert.is(calls[0]![2], plainHandler)
  wrapped.registerTool('weather', { outputSchema: weather }, oslo)
  assert.is.not(calls[1]![2], oslo)
  assert.is(wrapped.describe(), 'fake')
  assert.is(wrapped.describe, wrapped.describe)
})

const v1 = suite('MCP SDK v1 low-level Server (the README path)')

v1('a schemavet schema on the low-level Server: arguments and output defaulted, an ajv client accepts the output', async () => {
  const input = newJSONSchema({ type: 'object', properties: { city: { type: 'string', default: 'Oslo' } }, required: ['city'] })
  const s = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } })
  s.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'weather', inputSchema: input.jsonSchema() as { type: 'object' }, outputSchema: weather.jsonSchema() as { type: 'object' } }],
  }))
  s.setRequestHandler(CallToolRequestSchema, (request) => {
    const args = parseWithDefaults<{ city: string }>(input, request.params.arguments ?? {}, { field: 'arguments', entityName: 'weather' })
    if (!args.success) return { isError: true, content: [{ type: 'text', text: args.error.message }] }
    const output = parseWithDefaults(weather, { city: args.value.city }, { field: 'structuredContent', entityName: 'weather' })
    if (!output.success) return { isError: true, content: [{ type: 'text', text: output.error.message }] }
    return { content: [{ type: 'text', text: JSON.stringify(output.value) }], structuredContent: output.value as Record<string, unknown> }
  })
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await s.connect(serverSide)
  const client = new Client({ name: 'ajv-client', version: '1.0.0' })
  await client.connect(clientSide)
  try {
    await client.listTools()
    const result = await client.callTool({ name: 'weather', arguments: {} })
    assert.equal(result.structuredContent, { city: 'Oslo', units: 'metric' })
    const bad = await client.callTool({ name: 'weather', arguments: { city: 3 } })
    assert.is(bad.isError, true)
    assert.match(JSON.stringify(bad.content), 'must be a string')
  } finally {
    await client.close()
  }
})

server.run()
handler.run()
v1.run()

const input = suite('MCP SDK v2 McpServer: a tool input with three mistakes')

input('the isError result the model reads names all three problems', async () => {
  const booking = newJSONSchema({
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 }, unit: { enum: ['c', 'f'] } },
    required: ['city', 'days'],
  })
  const mcp = new V2McpServer({ name: 'booking', version: '1.0.0' })
  let executed = 0
  mcp.registerTool('book', { description: 'Books a trip', inputSchema: booking }, async () => (executed++, { content: [{ type: 'text' as const, text: 'booked' }] }))
  const [serverSide, clientSide] = V2InMemoryTransport.createLinkedPair()
  await mcp.connect(serverSide)
  const client = new Client({ name: 'model-side', version: '1.0.0' })
  await client.connect(clientSide as unknown as InMemoryTransport)
  try {
    const result = (await client.callTool({ name: 'book', arguments: { city: '', days: 0, unit: 'k' } })) as { isError?: boolean; content: { type: string; text?: string }[] }
    assert.is(executed, 0)
    assert.is(result.isError, true)
    const text = result.content.map((c) => c.text ?? '').join('\n')
    for (const problem of ['must be at least 1 character long (got "")', 'must be at least 1 (got 0)', 'must be one of: "c", "f" (got "k")']) {
      assert.ok(text.includes(problem), `the result names: ${problem}\n${text}`)
    }
  } finally {
    await client.close()
  }
})

input.run()
