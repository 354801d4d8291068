/**
 * Harness tool context: defaulted and validated against the tool's contextSchema.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError } from '../../api.ts'
import { InvalidArgumentError, validateToolContext } from '../../integrations/index.ts'

const contextSchema = {
  type: 'object',
  properties: { workspace: { type: 'string' }, readOnly: { type: 'boolean', default: true } },
  required: ['workspace', 'readOnly'],
}

const context = suite('validateToolContext defaults and validates a tool context')

context('passes a context missing a defaulted required property, with the default filled in', () => {
  const input = { workspace: '/tmp/w' }
  const before = structuredClone(input)
  assert.equal(validateToolContext({ toolName: 'shell', context: input, contextSchema }), { workspace: '/tmp/w', readOnly: true })
  assert.equal(input, before, 'the context is not mutated')
})

context('rejects a context missing a required property without a default, naming the tool', () => {
  const input = { readOnly: false }
  const before = structuredClone(input)
  assert.throws(
    () => validateToolContext({ toolName: 'shell', context: input, contextSchema }),
    (e: unknown) =>
      InvalidArgumentError.isInstance(e) &&
      e.parameter === 'context' &&
      e.field === 'context' &&
      e.entityName === 'shell' &&
      ValidationError.isInstance(e.cause) &&
      e.message.startsWith(`Invalid value for context ("shell"): (root): must have required property "workspace" (got {`),
  )
  assert.equal(input, before)
})

context('passes the context through unchanged without a schema', () => {
  const input = { anything: [1] }
  assert.is(validateToolContext({ toolName: 'shell', context: input }), input)
})

context.run()
