/**
 * Bad input gets a clear error of schemavet's own, never a raw RangeError or TypeError: deep or
 * self-containing data in the integrations' messages, schemas that cannot be read, duplicate
 * identifiers, format checkers that do not answer.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, newJSONSchema } from '../../index.ts'
import { parseToolCall, revalidateApprovedToolCall, validateUIMessages } from '../../integrations/index.ts'

/** The error's class name, or 'returned' (fails the test on a RangeError or TypeError). */
function thrown(f: () => unknown): Error | 'returned' {
  try {
    f()
    return 'returned'
  } catch (e) {
    assert.ok(e instanceof Error, String(e))
    assert.not.ok(e instanceof RangeError || e instanceof TypeError, `${(e as Error).name}: ${(e as Error).message}`)
    return e as Error
  }
}

const messages = suite('messages about deep and self-containing data')

const DEEP = '['.repeat(5000) + '1' + ']'.repeat(5000)
const tools = { t: { inputSchema: { type: 'object' } } }

messages('parseToolCall and revalidateApprovedToolCall on 5,000-deep input: an InvalidToolInputError showing its start', () => {
  for (const f of [() => parseToolCall({ toolName: 't', input: DEEP, tools }), () => revalidateApprovedToolCall({ toolName: 't', input: JSON.parse(DEEP), tools })]) {
    const e = thrown(f)
    assert.ok(e !== 'returned')
    assert.is(e.name, 'InvalidToolInputError')
    assert.match(e.message, /got \[\[\[\[/)
    assert.ok(e.message.length < 300, 'the preview is bounded')
  }
})

messages('a value that contains itself is previewed, its loop marked', () => {
  const self: Record<string, unknown> = { a: 1 }
  self.self = self
  const e = thrown(() => parseToolCall({ toolName: 't', input: self, tools: { t: { inputSchema: { type: 'string' } } } }))
  assert.ok(e !== 'returned')
  assert.match(e.message, /got \{"a":1,"self":"\[cyclic\]"\}/)
})

messages('UI messages that cannot be read are an InvalidArgumentError', () => {
  const boom = (): never => {
    throw new Error('boom')
  }
  const cases = [
    { get messages() { return boom() } },
    { messages: [{ id: '1', role: 'user', get metadata() { return boom() }, parts: [{ type: 'text', text: 'hi' }] }], metadataSchema: { type: 'object' } },
    { messages: [{ id: '1', role: 'user', parts: [{ type: 'data-x', get data() { return boom() } }] }], dataSchemas: { x: { type: 'object' } } },
    { messages: new Proxy([], { get: boom }) },
  ]
  for (const options of cases) {
    const e = thrown(() => validateUIMessages(options as never))
    assert.ok(e !== 'returned')
    assert.is(e.name, 'InvalidArgumentError')
  }
})

messages.run()

const schemas = suite('schemas that cannot be read or that say one thing twice')

schemas('a Proxy schema whose traps throw is a SchemaError in default mode too', () => {
  const hostile = new Proxy({}, { get: () => { throw new TypeError('trap') }, ownKeys: () => { throw new TypeError('trap') } })
  for (const options of [{}, { untrusted: true }, { validateSchema: false }]) {
    const e = thrown(() => newJSONSchema(hostile, options))
    assert.ok(e !== 'returned' && SchemaError.isInstance(e), JSON.stringify(options))
  }
})

schemas('two schemas with one $id, or one anchor name twice in a resource, are a SchemaError', () => {
  const bad = [
    { $defs: { a: { $id: 'x.json' }, b: { $id: 'x.json', type: 'string' } } },
    { $defs: { a: { $anchor: 'x' }, b: { $anchor: 'x' } } },
    { $defs: { a: { $dynamicAnchor: 'x' }, b: { $anchor: 'x' } } },
  ]
  for (const schema of bad) {
    const e = thrown(() => newJSONSchema(schema))
    assert.ok(e !== 'returned' && SchemaError.isInstance(e), JSON.stringify(schema))
    assert.match(e.message, /two schemas/)
  }
  // One schema may carry the same name as $anchor and $dynamicAnchor, and one resource may be reached twice.
  newJSONSchema({ $defs: { a: { $anchor: 'x', $dynamicAnchor: 'x' } }, $ref: '#x' })
  newJSONSchema({ $defs: { a: { $id: 'a.json' } }, allOf: [{ $ref: 'a.json' }, { $ref: '#/$defs/a' }] })
})

schemas.run()

const formats = suite('format checkers answer true or false')

formats('an async checker is refused as an option; one returning a Promise is an issue, never a pass', () => {
  const kernel = createKernel({})
  assert.throws(() => kernel.newJSONSchema({ format: 'p' }, { customFormats: { p: (async () => true) as never } }), /synchronous/)
  for (const codegenThreshold of [0, 16]) {
    const s = kernel.newJSONSchema({ format: 'p' }, { customFormats: { p: (() => Promise.resolve(true)) as never }, codegenThreshold })
    for (let i = 0; i < 20; i++) assert.equal(s.validate('x')?.errors.map((e) => e.keyword), ['exception'])
  }
})

formats.run()
