/**
 * MCP structured tool output: `parseToolOutput` on `CallToolResult`s, and
 * `withValidatedToolOutput` around a real `@modelcontextprotocol/sdk` Client talking to real SDK
 * servers over the SDK's in-memory transport.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { ValidationError } from '../../api.ts'
import { InvalidToolOutputError, parseToolOutput, withValidatedToolOutput } from '../../integrations/index.ts'

const forecast = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'], default: 'c' }, high: { type: 'number' } },
  required: ['city', 'unit', 'high'],
  additionalProperties: false,
}

const parse = suite('parseToolOutput defaults and validates MCP tool results')

parse('passes structuredContent missing a defaulted required property, with the default filled in', () => {
  const result = { content: [{ type: 'text', text: 'ignored' }], structuredContent: { city: 'Oslo', high: 21 } }
  const before = structuredClone(result)
  const checked = parseToolOutput(result, { toolName: 'forecast', outputSchema: forecast })
  assert.equal(checked.structuredContent, { city: 'Oslo', high: 21, unit: 'c' })
  assert.equal(checked.content, result.content)
  assert.equal(result, before, 'the result is not mutated')
})

parse('rejects structuredContent missing a required property without a default, naming the tool', () => {
  const result = { content: [], structuredContent: { city: 'Oslo' } }
  const before = structuredClone(result)
  try {
    parseToolOutput(result, { toolName: 'forecast', outputSchema: forecast })
    assert.unreachable('should have thrown')
  } catch (e) {
    assert.ok(InvalidToolOutputError.isInstance(e))
    assert.is(e.name, 'InvalidToolOutputError')
    assert.is(e.toolName, 'forecast')
    assert.is(e.field, 'structuredContent')
    assert.ok(ValidationError.isInstance(e.cause))
    assert.ok(e.message.startsWith('Tool "forecast" returned structuredContent that does not match the expected outputSchema'))
    assert.match(e.message, 'must have required property "high"')
  }
  assert.equal(result, before)
})

parse('falls back to the first text content parsed as JSON', () => {
  const result = { content: [{ type: 'image', data: 'x', mimeType: 'image/png' }, { type: 'text', text: '{"city":"Rome","high":30}' }] }
  assert.equal(parseToolOutput(result, { toolName: 'forecast', outputSchema: forecast }).structuredContent, { city: 'Rome', high: 30, unit: 'c' })
  assert.throws(
    () => parseToolOutput({ content: [{ type: 'text', text: '{"city":"Rome"}' }] }, { toolName: 'forecast', outputSchema: forecast }),
    (e: unknown) => InvalidToolOutputError.isInstance(e) && e.message.startsWith('Tool "forecast" returned content that does not match the expected outputSchema'),
  )
})

parse('rejects a result with neither structuredContent nor parseable text', () => {
  const message = 'Tool "forecast" did not return structuredContent or parseable text content'
  assert.throws(() => parseToolOutput({ content: [{ type: 'text', text: 'sunny' }] }, { toolName: 'forecast', outputSchema: forecast }), (e: unknown) => InvalidToolOutputError.isInstance(e) && e.message === message && e.cause instanceof SyntaxError)
  assert.throws(() => parseToolOutput({ content: [] }, { toolName: 'forecast', outputSchema: forecast }), (e: unknown) => InvalidToolOutputError.isInstance(e) && e.message === message)
})

parse('lets isError results and tools without an outputSchema through unchecked', () => {
  const failed = { content: [{ type: 'text', text: 'upstream down' }], isError: true }
  assert.is(parseToolOutput(failed, { toolName: 'forecast', outputSchema: forecast }), failed)
  const free = { content: [], structuredContent: { anything: true } }
  assert.is(parseToolOutput(free, { toolName: 'free' }), free)
})

/** A server whose tools answer whatever the test wants, with raw JSON Schemas (no server-side check). */
function rawServer(): Server {
  const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } })
  const tools = [
    { name: 'legacy', inputSchema: { type: 'object' as const }, outputSchema: forecast },
    { name: 'broken', inputSchema: { type: 'object' as const }, outputSchema: forecast },
    { name: 'failing', inputSchema: { type: 'object' as const }, outputSchema: forecast },
    { name: 'plain', inputSchema: { type: 'object' as const } },
  ]
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    // Two pages, so the wrapper's own listing has to follow the cursor.
    const second = request.params?.cursor === 'page-2'
    return second ? { tools: tools.slice(2) } : { tools: tools.slice(0, 2), nextCursor: 'page-2' }
  })
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case 'legacy':
        return { content: [{ type: 'text', text: '{"city":"Lima","high":19}' }] }
      case 'broken':
        return { content: [], structuredContent: { city: 'Lima', unit: 'k', high: 19 } }
      case 'failing':
        return { content: [{ type: 'text', text: 'no data' }], isError: true }
      default:
        return { content: [{ type: 'text', text: 'pong' }] }
    }
  })
  return server
}

function zodServer(): McpServer {
  const server = new McpServer({ name: 'zod', version: '1.0.0' })
  server.registerTool(
    'forecast',
    { inputSchema: { city: z.string() }, outputSchema: { city: z.string(), unit: z.enum(['c', 'f']).default('c'), high: z.number() } },
    async ({ city }) => ({ content: [{ type: 'text', text: JSON.stringify({ city, high: 21 }) }], structuredContent: { city, high: 21 } }),
  )
  return server
}

async function connected(server: Server | McpServer): Promise<{ client: Client; close: () => Promise<void> }> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  const client = new Client({ name: 'schemavet-test', version: '1.0.0' })
  await client.connect(clientSide)
  return {
    client,
    close: async () => {
      await client.close()
      await server.close()
    },
  }
}

const sdk = suite('withValidatedToolOutput defaults and validates a real MCP client')

sdk("returns the default the SDK's own check ignores, for a McpServer tool with a Zod .default()", async () => {
  const { client, close } = await connected(zodServer())
  try {
    await client.listTools()
    // The SDK alone rejects it: its output check does not apply defaults.
    await client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } }).then(
      () => assert.unreachable('the SDK accepted output missing a required property'),
      (e: Error) => assert.match(e.message, "must have required property 'unit'"), // the SDK's ajv
    )
    const wrapped = withValidatedToolOutput(client)
    const result = await wrapped.callTool({ name: 'forecast', arguments: { city: 'Oslo' } })
    assert.equal((result as { structuredContent: unknown }).structuredContent, { city: 'Oslo', high: 21, unit: 'c' })
  } finally {
    await close()
  }
})

sdk('lists the tools itself on first use, following every page', async () => {
  const { client, close } = await connected(rawServer())
  try {
    const wrapped = withValidatedToolOutput(client)
    const result = (await wrapped.callTool({ name: 'legacy', arguments: {} })) as { structuredContent: unknown }
    assert.equal(result.structuredContent, { city: 'Lima', high: 19, unit: 'c' })
    const failing = (await wrapped.callTool({ name: 'failing', arguments: {} })) as { isError?: boolean; structuredContent?: unknown }
    assert.is(failing.isError, true)
    assert.is(failing.structuredContent, undefined)
    const plain = (await wrapped.callTool({ name: 'plain', arguments: {} })) as { content: { text: string }[] }
    assert.is(plain.content[0]!.text, 'pong')
  } finally {
    await close()
  }
})

sdk('rejects output that does not match with InvalidToolOutputError, naming the tool', async () => {
  const { client, close } = await connected(rawServer())
  try {
    const wrapped = withValidatedToolOutput(client)
    const page = await wrapped.listTools()
    assert.equal(page.tools.map((t) => t.name), ['legacy', 'broken'])
    await wrapped.callTool({ name: 'broken', arguments: {} }).then(
      () => assert.unreachable('should have rejected'),
      (e: unknown) => {
        assert.ok(InvalidToolOutputError.isInstance(e))
        assert.is(e.toolName, 'broken')
        assert.ok(e.message.startsWith('Tool "broken" returned structuredContent that does not match the expected outputSchema'))
      },
    )
  } finally {
    await close()
  }
})

sdk('leaves the rest of the client alone', async () => {
  const { client, close } = await connected(rawServer())
  try {
    const wrapped = withValidatedToolOutput(client)
    assert.is(wrapped.getServerVersion()?.name, 'raw')
    assert.is(wrapped.ping, wrapped.ping, 'members are bound once')
    await wrapped.ping()
  } finally {
    await close()
  }
})

parse.run()
sdk.run()
