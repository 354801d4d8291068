/**
 * The MCP SDK with schemavet's `McpJsonSchemaValidator`, with code generation forbidden (as on
 * Cloudflare Workers, where the SDK's default ajv provider fails): run with
 * `node --disallow-code-generation-from-strings --import tsx`. A client and servers connected in
 * memory; tool output accepted and rejected; elicitation checked. Prints `N passed, N failed` as
 * its last line; exits non-zero on any failure.
 */
import assert from 'node:assert/strict'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import { Ajv } from 'ajv'
import { McpJsonSchemaValidator } from '../../integrations/mcp-validator.ts'
import { contactForm, lowLevelPair, mcpServerPair, rejection, weatherOutput } from '../ecosystem/mcp-fixture.ts'

let passed = 0
let failed = 0
async function check(name: string, fn: () => Promise<void> | void): Promise<void> {
  try {
    await fn()
    passed++
  } catch (e) {
    failed++
    console.error(`FAIL ${name}: ${(e as Error).stack ?? e}`)
  }
}

await check('code generation is really forbidden here', () => {
  assert.throws(() => new Function('return 1'), EvalError)
})

await check('the SDK\'s default ajv provider cannot compile here (why this provider exists)', () => {
  const quiet = new Ajv({ logger: false })
  assert.throws(() => new AjvJsonSchemaValidator(quiet).getValidator({ type: 'object' }), EvalError)
})

await check('the provider compiles and validates with defaults', () => {
  const validate = new McpJsonSchemaValidator().getValidator(weatherOutput)
  assert.deepEqual(validate({ city: 'Oslo', temperature: 21 }), { valid: true, data: { city: 'Oslo', temperature: 21, units: 'metric' }, errorMessage: undefined })
  assert.equal(validate({ city: 'Oslo', temperature: 'warm' }).valid, false)
})

await check('the client accepts matching structuredContent and rejects the rest', async () => {
  const good = { outputSchema: weatherOutput, structuredContent: { city: 'Oslo', temperature: 21, units: 'metric' } }
  const bad = { outputSchema: weatherOutput, structuredContent: { city: 'Oslo', temperature: 'warm', units: 'metric' } }
  const pair = await lowLevelPair({ good, bad })
  try {
    await pair.client.listTools()
    const result = await pair.client.callTool({ name: 'good', arguments: {} })
    assert.deepEqual(result.structuredContent, good.structuredContent)
    const error = await rejection(() => pair.client.callTool({ name: 'bad', arguments: {} }))
    assert.match(error.message, /Structured content does not match the tool's output schema: \/temperature: must be a number/)
  } finally {
    await pair.close()
  }
})

await check('McpServer: a Zod tool\'s generated outputSchema compiles and its output passes', async () => {
  const pair = await mcpServerPair(() => ({}))
  try {
    await pair.client.listTools()
    const result = await pair.client.callTool({ name: 'plan', arguments: { city: 'Bergen' } })
    assert.deepEqual(result.structuredContent, { city: 'Bergen', days: 3 })
  } finally {
    await pair.close()
  }
})

await check('the server checks elicitation answers', async () => {
  let answer: Record<string, unknown> = { name: 'Ada' }
  const pair = await mcpServerPair(() => answer)
  try {
    const accepted = await pair.server.server.elicitInput({ message: 'Who are you?', requestedSchema: contactForm })
    assert.deepEqual(accepted, { action: 'accept', content: { name: 'Ada' } })
    answer = { name: '' }
    const error = await rejection(() => pair.server.server.elicitInput({ message: 'Who are you?', requestedSchema: contactForm }))
    assert.match(error.message, /\/name: must be at least 1 character long/)
  } finally {
    await pair.close()
  }
})

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
