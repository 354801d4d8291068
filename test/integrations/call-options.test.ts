/**
 * Agent call options: defaulted and validated against the agent's callOptionsSchema.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError, newJSONSchema } from '../../api.ts'
import { InvalidArgumentError, validateCallOptions } from '../../integrations/index.ts'

const callOptionsSchema = {
  type: 'object',
  properties: { userId: { type: 'string' }, plan: { enum: ['free', 'pro'], default: 'free' }, locale: { type: 'string', default: 'en' } },
  required: ['userId', 'plan'],
}

const options = suite('validateCallOptions defaults and validates agent call options')

options('passes options missing a defaulted required property, with the default filled in', () => {
  const input = { userId: 'u1' }
  const before = structuredClone(input)
  const out = validateCallOptions({ options: input, callOptionsSchema })
  assert.equal(out, { userId: 'u1', plan: 'free', locale: 'en' })
  assert.is.not(out, input)
  assert.equal(input, before, 'the options are not mutated')
})

options('rejects options missing a required property without a default, for field options', () => {
  const input = { plan: 'pro' }
  const before = structuredClone(input)
  assert.throws(
    () => validateCallOptions({ options: input, callOptionsSchema }),
    (e: unknown) =>
      InvalidArgumentError.isInstance(e) &&
      e.name === 'InvalidArgumentError' &&
      e.parameter === 'options' &&
      e.field === 'options' &&
      e.value === input &&
      ValidationError.isInstance(e.cause) &&
      e.message.startsWith('Invalid value for options: (root): must have required property "userId" (got {'),
  )
  assert.equal(input, before)
})

options('passes options through unchanged without a schema, and takes a compiled Schema', () => {
  const input = { anything: 1 }
  assert.is(validateCallOptions({ options: input }), input)
  assert.equal(validateCallOptions({ options: { userId: 'x' }, callOptionsSchema: newJSONSchema(callOptionsSchema) }), { userId: 'x', plan: 'free', locale: 'en' })
})

options.run()
