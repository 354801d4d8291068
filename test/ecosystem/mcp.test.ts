/**
 * The MCP SDK (`@modelcontextprotocol/sdk`, installed) with schemavet's `McpJsonSchemaValidator`
 * as its `jsonSchemaValidator`: the provider on its own, then a client and servers connected in
 * memory (tool output, elicitation). The same scenarios run without code generation in
 * test/no-eval/mcp.ts.
 */
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { McpJsonSchemaValidator } from '../../integrations/mcp-validator.ts'
import { contactForm, lowLevelPair, mcpServerPair, rejection, weatherOutput } from './mcp-fixture.ts'

// The provider is the SDK's interface (checked by tsc): this line fails to compile otherwise.
const asSdkProvider: jsonSchemaValidator = new McpJsonSchemaValidator()

const provider = suite('McpJsonSchemaValidator')

provider('applies defaults, then validates, and hands back the defaulted copy', () => {
  const input = { city: 'Oslo', temperature: 21 }
  const result = asSdkProvider.getValidator<{ units: string }>(weatherOutput)(input)
  assert.equal(result, { valid: true, data: { city: 'Oslo', temperature: 21, units: 'metric' }, errorMessage: undefined })
  assert.equal(input, { city: 'Oslo', temperature: 21 }, 'the input is not mutated')
})

provider('rejects invalid data with every problem and its path', () => {
  const result = new McpJsonSchemaValidator().getValidator(weatherOutput)({ city: '', temperature: 'warm' })
  assert.equal(result.valid, false)
  assert.is(result.data, undefined)
  assert.is(result.errorMessage, '2 problems:\n/city: must be at least 1 character long (got "")\n/temperature: must be a number (got "warm")')
})

/** A validator whose compiles are counted: each compile reads the `schemas` document `urn:n` once. */
function countingCompiles(cacheSize?: number) {
  const count = { compiles: 0 }
  const doc = Object.defineProperty({}, 'type', { enumerable: true, get: () => (count.compiles++, 'integer') })
  const v = new McpJsonSchemaValidator({ schemaOptions: { allErrors: true, maxErrors: 20, schemas: { 'urn:n': doc } }, ...(cacheSize === undefined ? {} : { cacheSize }) })
  return { v, count, schema: () => ({ type: 'object', properties: { n: { $ref: 'urn:n' } } }) }
}

provider('compiles a schema once: the same object, or the same data in a new object', () => {
  const { v, count, schema } = countingCompiles()
  let reads = 0
  const counted = () => {
    const s: Record<string, unknown> = schema()
    Object.defineProperty(s, 'required', { enumerable: true, get: () => (reads++, ['n']) })
    return s
  }
  const first = counted()
  const check = v.getValidator(first)
  assert.is(count.compiles, 1, 'the first request compiles')
  assert.is(reads, 1, 'the schema is read once, into the copy that is compiled')
  reads = 0
  assert.is(v.getValidator(first)({ n: 1 }).valid, true)
  assert.is(reads, 0, 'the same object is not read again')
  const again = v.getValidator(counted())
  assert.is(reads, 1, 'an equal schema in a new object is read once (its snapshot)...')
  assert.is(count.compiles, 1, '...and not compiled')
  assert.is(again({ n: 1.5 }).valid, false)
  assert.is(check({ n: 2 }).valid, true)
})

provider('with cacheSize 0 an equal schema in a new object is compiled again', () => {
  const { v, count, schema } = countingCompiles(0)
  v.getValidator(schema())
  v.getValidator(schema())
  assert.is(count.compiles, 2)
})

provider('a schema that does not compile shares no cache entry with one of the same JSON text, in either order', () => {
  // each pair: JSON.stringify writes both the same, but they are not the same schema
  const pairs: [string, () => Record<string, unknown>, () => Record<string, unknown>][] = [
    ['minLength: undefined', () => ({ type: 'object', properties: { a: { type: 'string', minLength: undefined } } }), () => ({ type: 'object', properties: { a: { type: 'string' } } })],
    ['maximum: NaN', () => ({ type: 'number', maximum: NaN }), () => ({ type: 'number', maximum: null })],
    ['a function', () => ({ type: 'string', pattern: () => 'x' }), () => ({ type: 'string' })],
    ['an array hole', () => ({ type: 'array', items: [{ type: 'string' }, , { type: 'integer' }] }), () => ({ type: 'array', items: [{ type: 'string' }, null, { type: 'integer' }] })],
    ['a Date', () => ({ const: new Date(0) }), () => ({ const: '1970-01-01T00:00:00.000Z' })],
  ]
  for (const [name, odd, plain] of pairs) {
    for (const order of ['odd first', 'plain first']) {
      const v = new McpJsonSchemaValidator()
      const fresh = new McpJsonSchemaValidator()
      const [a, b] = order === 'odd first' ? [odd, plain] : [plain, odd]
      v.getValidator(a())
      const value = name === 'a Date' ? '1970-01-01T00:00:00.000Z' : name === 'minLength: undefined' ? { a: 'x' } : name === 'an array hole' ? ['x', null, 1] : name === 'maximum: NaN' ? 3 : 'x'
      const got = v.getValidator(b())(value)
      const alone = fresh.getValidator(b())(value)
      assert.equal({ valid: got.valid, errorMessage: got.errorMessage }, { valid: alone.valid, errorMessage: alone.errorMessage }, `${name}, ${order}`)
    }
  }
})

provider('a failed compile is not cached: the same object asked again is read and compiled again', () => {
  const v = new McpJsonSchemaValidator()
  let reads = 0
  const schema = Object.defineProperty({}, 'type', { enumerable: true, get: () => (reads++ === 0 ? 'strin' : 'string') })
  assert.is(v.getValidator(schema)('x').valid, false)
  assert.is(v.getValidator(schema)('x').valid, true)
  assert.is(reads, 2)
  // the same text in a new object after a failure is compiled, not answered from the failure
  const w = new McpJsonSchemaValidator()
  assert.is(w.getValidator({ type: 'strin' })('x').valid, false)
  assert.is(w.getValidator({ type: 'string' })('x').valid, true)
})

provider('a getter that answers anew is read once: the validator checks what that read said', () => {
  let reads = 0
  const schema = Object.defineProperty({}, 'type', { enumerable: true, get: () => (reads++ === 0 ? 'string' : 'integer') })
  const check = new McpJsonSchemaValidator().getValidator(schema)
  assert.is(check('x').valid, true)
  assert.is(check(1).valid, false)
  assert.is(reads, 1)
})

provider('a schema it cannot compile rejects every value with the SchemaError, and getValidator does not throw', () => {
  const check = new McpJsonSchemaValidator().getValidator({ type: 'object', properties: { a: { type: 'strin' } } })
  const result = check({ a: 'x' })
  assert.is(result.valid, false)
  assert.match(result.errorMessage!, /^schemavet could not compile the schema: invalid schema/)
})

provider('takes boolean schemas and schemaOptions', () => {
  const v = new McpJsonSchemaValidator()
  assert.is(v.getValidator(true)(42).valid, true)
  assert.is(v.getValidator(false)(42).valid, false)
  const annotate = new McpJsonSchemaValidator({ schemaOptions: { formats: 'annotate' } })
  assert.is(annotate.getValidator({ format: 'email' })('nope').valid, true)
  assert.is(v.getValidator({ format: 'email' })('nope').valid, false)
})

provider('refuses a cacheSize that is not a non-negative integer', () => {
  assert.throws(() => new McpJsonSchemaValidator({ cacheSize: -1 }), /cacheSize must be a non-negative integer/)
})

provider.run()

const wire = suite('MCP client and server in memory, schemavet validating')

wire('the client accepts structuredContent that matches the outputSchema', async () => {
  const pair = await lowLevelPair({ weather: { outputSchema: weatherOutput, structuredContent: { city: 'Oslo', temperature: 21, units: 'imperial' } } })
  try {
    await pair.client.listTools()
    const result = await pair.client.callTool({ name: 'weather', arguments: {} })
    assert.equal(result.structuredContent, { city: 'Oslo', temperature: 21, units: 'imperial' })
  } finally {
    await pair.close()
  }
})

wire('the client rejects structuredContent that does not match, with schemavet\'s message', async () => {
  const pair = await lowLevelPair({ weather: { outputSchema: weatherOutput, structuredContent: { city: 'Oslo', temperature: 'warm', units: 'metric' } } })
  try {
    await pair.client.listTools()
    const error = await rejection(() => pair.client.callTool({ name: 'weather', arguments: {} }))
    assert.match(error.message, "Structured content does not match the tool's output schema: /temperature: must be a number")
  } finally {
    await pair.close()
  }
})

wire('output valid only once defaulted is accepted, but the SDK returns it as sent (it drops data)', async () => {
  const pair = await lowLevelPair({ weather: { outputSchema: weatherOutput, structuredContent: { city: 'Oslo', temperature: 21 } } })
  try {
    await pair.client.listTools()
    const result = await pair.client.callTool({ name: 'weather', arguments: {} })
    // The SDK checks `valid` only: defaults reach callers through withValidatedToolOutput.
    assert.equal(result.structuredContent, { city: 'Oslo', temperature: 21 })
  } finally {
    await pair.close()
  }
})

wire('a tool whose outputSchema cannot be compiled does not break listTools; calling it fails clearly', async () => {
  const broken = { type: 'object', properties: { a: { type: 'strin' } } }
  const pair = await lowLevelPair({
    broken: { outputSchema: broken, structuredContent: { a: 'x' } },
    weather: { outputSchema: weatherOutput, structuredContent: { city: 'Oslo', temperature: 21, units: 'metric' } },
  })
  try {
    const { tools } = await pair.client.listTools()
    assert.equal(tools.map((t) => t.name), ['broken', 'weather'])
    assert.equal((await pair.client.callTool({ name: 'weather', arguments: {} })).structuredContent, { city: 'Oslo', temperature: 21, units: 'metric' })
    const error = await rejection(() => pair.client.callTool({ name: 'broken', arguments: {} }))
    assert.match(error.message, 'schemavet could not compile the schema')
  } finally {
    await pair.close()
  }
})

wire('McpServer: the JSON Schema the SDK generates from Zod compiles, and the tool output passes', async () => {
  const pair = await mcpServerPair(() => ({}))
  try {
    const { tools } = await pair.client.listTools()
    assert.ok(tools[0]!.outputSchema, 'the tool advertises an outputSchema')
    const result = await pair.client.callTool({ name: 'plan', arguments: { city: 'Bergen' } })
    assert.equal(result.structuredContent, { city: 'Bergen', days: 3 })
  } finally {
    await pair.close()
  }
})

wire('McpServer / Server: elicitation answers are checked by the server\'s provider', async () => {
  let answer: Record<string, unknown> = { name: 'Ada', age: 36 }
  const pair = await mcpServerPair(() => answer)
  try {
    const accepted = await pair.server.server.elicitInput({ message: 'Who are you?', requestedSchema: contactForm })
    assert.equal(accepted, { action: 'accept', content: { name: 'Ada', age: 36 } })
    answer = { name: 'Ada', age: 36.5 }
    const error = await rejection(() => pair.server.server.elicitInput({ message: 'Who are you?', requestedSchema: contactForm }))
    assert.match(error.message, 'Elicitation response content does not match requested schema: /age: must be an integer')
  } finally {
    await pair.close()
  }
})

wire.run()
