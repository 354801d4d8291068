/** The provider option where tools and schemas are handed out: toAISDKSchema, parseToolCall, toolsForProvider. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { InvalidToolInputError, parseToolCall, toAISDKSchema, toolsForProvider } from '../../integrations/index.ts'
import { compileForProvider } from '../../providers/index.ts'
import { metaValidator } from './profiles.ts'

const schema = {
  $defs: { tag: { type: 'string', minLength: 2 } },
  type: 'object',
  properties: { tags: { type: 'array', items: { $ref: '#/$defs/tag' } }, limit: { type: 'integer', default: 10 } },
  required: ['tags'],
}

const wiring = suite('provider option in the adapters')

wiring('toAISDKSchema hands the SDK the provider schema and decodes in validate', () => {
  const s = toAISDKSchema(schema, { provider: 'minimal' })
  assert.equal(s.jsonSchema, compileForProvider(schema, { provider: 'minimal' }).schema)
  assert.is(metaValidator('minimal').validate(s.jsonSchema), null)
  assert.equal(s.validate({ tags: ['ab'], limit: null, additionalProperties: [] }), { success: true, value: { tags: ['ab'], limit: 10 } })
  const bad = s.validate({ tags: ['a'], limit: null, additionalProperties: [] })
  assert.not.ok(bad.success)
  if (!bad.success) assert.match(bad.error.message, '/tags/0')
})

wiring('parseToolCall with provider decodes the input and reports original paths', () => {
  const tools = { search: { inputSchema: schema } }
  assert.equal(parseToolCall({ toolName: 'search', tools, input: '{"tags":["ab"],"limit":null,"additionalProperties":[{"key":"q","value":"\\"x\\""}]}', provider: 'openai' }), { tags: ['ab'], limit: 10, q: 'x' })
  try {
    parseToolCall({ toolName: 'search', tools, input: '{"tags":["a"],"limit":null,"additionalProperties":[]}', provider: 'openai' })
    assert.unreachable('should throw')
  } catch (e) {
    assert.ok(InvalidToolInputError.isInstance(e))
    assert.match((e as Error).message, '$.tags[0]')
  }
})

wiring('toolsForProvider converts MCP tools with $ref instead of dropping them, checks the request, and parses calls', () => {
  const mcp = [
    { name: 'search', description: 'Search', inputSchema: schema },
    { name: 'noop', inputSchema: { type: 'object' } },
  ]
  const t = toolsForProvider(mcp, { provider: 'anthropic' })
  assert.equal(t.tools.map((x) => x.name), ['search', 'noop'])
  for (const x of t.tools) assert.is(metaValidator('anthropic').validate(x.inputSchema), null, x.name)
  assert.not.match(JSON.stringify(t.tools[0]!.inputSchema), '$ref')
  assert.equal(t.problems, [])
  assert.equal(t.parse('search', { tags: ['ab', 'cd'], additionalProperties: [] }), { tags: ['ab', 'cd'], limit: 10 })
  assert.throws(() => t.parse('search', { tags: ['a'], additionalProperties: [] }), (e: Error) => InvalidToolInputError.isInstance(e))
  assert.throws(() => t.parse('nope', {}), /not available/)
  const many = toolsForProvider(Array.from({ length: 21 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } })), { provider: 'anthropic' })
  assert.equal(many.problems.map((p) => p.limit), ['tools'])
})

wiring.run()

const words = suite('formatForModel after decode')

words('problems inside a map sent as entries name the original path, not the entry list', async () => {
  const { formatForModel } = await import('../../integrations/index.ts')
  const p = compileForProvider({ type: 'object', properties: { highs: { type: 'object', additionalProperties: { type: 'number', maximum: 50 } } } }, { provider: 'openai' })
  const r = p.decode({ highs: { additionalProperties: [{ key: 'mon', value: 60 }] }, additionalProperties: [] })
  assert.not.ok(r.success)
  if (!r.success) {
    const text = formatForModel(r.error)
    assert.match(text, '$.highs.mon')
    assert.not.match(text, 'additionalProperties')
  }
})

words.run()
