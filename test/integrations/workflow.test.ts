/**
 * Workflow tool input: a serialised tool call's input is defaulted and validated when
 * a workflow step runs it.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError } from '../../api.ts'
import { InvalidToolInputError, validateSerializableToolInput } from '../../integrations/index.ts'

const inputSchema = {
  type: 'object',
  properties: { url: { type: 'string' }, retries: { type: 'integer', default: 2 } },
  required: ['url', 'retries'],
}

const workflow = suite('validateSerializableToolInput defaults and validates workflow tool input')

workflow('passes input missing a defaulted required property, with the default filled in', () => {
  const input = { url: 'https://example.com' }
  const before = structuredClone(input)
  assert.equal(validateSerializableToolInput({ name: 'fetch', inputSchema }, input), { url: 'https://example.com', retries: 2 })
  assert.equal(input, before, 'the input is not mutated')
})

workflow('rejects input missing a required property without a default, naming the tool', () => {
  const input = { retries: 1 }
  const before = structuredClone(input)
  assert.throws(
    () => validateSerializableToolInput({ name: 'fetch', inputSchema }, input),
    (e: unknown) =>
      InvalidToolInputError.isInstance(e) &&
      e.toolName === 'fetch' &&
      ValidationError.isInstance(e.cause) &&
      e.message.startsWith('workflow: invalid input for fetch: (root): must have required property "url" (got {"retries":1'),
  )
  assert.equal(input, before)
})

workflow('says "tool" when the definition has no name, and prefers inputSchema over parameters', () => {
  assert.throws(
    () => validateSerializableToolInput({ parameters: inputSchema }, {}),
    (e: unknown) => InvalidToolInputError.isInstance(e) && e.message.startsWith('workflow: invalid input for tool: '),
  )
  const def = { inputSchema: { type: 'object', properties: { n: { default: 1 } } }, parameters: { type: 'string' } }
  assert.equal(validateSerializableToolInput(def, {}), { n: 1 })
})

workflow('checks nothing without inputSchema or parameters', () => {
  const input = { whatever: true }
  assert.is(validateSerializableToolInput({ name: 'free', description: 'no schema' }, input), input)
})

workflow.run()
