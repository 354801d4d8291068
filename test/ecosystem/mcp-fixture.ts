/**
 * Test support: an MCP SDK client and server connected by the SDK's in-memory transport, with
 * schemavet's `McpJsonSchemaValidator` as the `jsonSchemaValidator` of each side. Shared by the
 * uvu suite (test/ecosystem/mcp.test.ts) and the no-code-generation run (test/no-eval/mcp.ts),
 * so both exercise the same scenarios.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import * as z from 'zod'
import { McpJsonSchemaValidator } from '../../integrations/mcp-validator.ts'

/** The weather tool's output: `units` is required and defaulted (as Zod `.default()` writes it). */
export const weatherOutput = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    temperature: { type: 'number' },
    units: { enum: ['metric', 'imperial'], default: 'metric' },
  },
  required: ['city', 'temperature', 'units'],
  additionalProperties: false,
} as const

/** What the low-level server's tools return, by tool name (set per scenario). */
export type ToolOutputs = Record<string, { outputSchema: Record<string, unknown>; structuredContent: Record<string, unknown> }>

/** A connected pair: a `Client` and a low-level `Server`, each with its own validator provider. */
export async function lowLevelPair(tools: ToolOutputs, validator: jsonSchemaValidator = new McpJsonSchemaValidator()) {
  const server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} }, jsonSchemaValidator: validator })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: Object.entries(tools).map(([name, t]) => ({ name, inputSchema: { type: 'object' as const }, outputSchema: t.outputSchema as { type: 'object' } })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools[request.params.name]!
    return { content: [{ type: 'text', text: JSON.stringify(tool.structuredContent) }], structuredContent: tool.structuredContent }
  })
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { jsonSchemaValidator: validator, capabilities: { elicitation: { form: {} } } })
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)])
  return { client, server, close: () => Promise.all([client.close(), server.close()]) }
}

/**
 * A `McpServer` with a Zod-typed tool (the SDK turns its output schema into JSON Schema, which
 * the client's schemavet provider compiles), and a client that answers elicitation requests with
 * `elicited`.
 */
export async function mcpServerPair(elicited: () => Record<string, unknown>) {
  const validator = new McpJsonSchemaValidator()
  const server = new McpServer({ name: 'trips', version: '1.0.0' }, { jsonSchemaValidator: validator })
  server.registerTool(
    'plan',
    {
      description: 'Plans a trip',
      inputSchema: { city: z.string() },
      outputSchema: { city: z.string(), days: z.number().int().min(1), tags: z.array(z.string()).optional() },
    },
    async ({ city }) => ({ content: [], structuredContent: { city, days: 3 } }),
  )
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { jsonSchemaValidator: validator, capabilities: { elicitation: { form: {} } } })
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: elicited() as Record<string, string | number | boolean> }))
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)])
  return { client, server, close: () => Promise.all([client.close(), server.close()]) }
}

/** The form the servers ask the user for in the elicitation scenarios. */
export const contactForm = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const, minLength: 1 }, age: { type: 'integer' as const, minimum: 0 } },
  required: ['name'],
}

/** Runs `fn` and returns the error it rejects with (or throws when it resolves). */
export async function rejection(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn()
  } catch (e) {
    return e as Error
  }
  throw new Error('expected a rejection, but the call resolved')
}
