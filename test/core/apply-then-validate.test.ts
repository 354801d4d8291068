/** `applyThenValidate`: defaults first, then validation of the copy, one result shape. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyThenValidate, createKernel, newJSONSchema } from '../../index.ts'

const order = suite('applyThenValidate')

const schema = newJSONSchema({
  type: 'object',
  properties: { n: { type: 'integer', default: 1 }, tags: { type: 'array', items: { type: 'string' }, default: [] } },
  required: ['n'],
})

order('returns the defaulted copy of a conforming value, leaving the input alone', () => {
  const input = { tags: ['a'] }
  const result = applyThenValidate(input, schema)
  assert.equal(result, { value: { n: 1, tags: ['a'] } })
  assert.is.not(result.value, input)
  assert.equal(input, { tags: ['a'] })
})

order('validates the copy, so a default satisfies required, and reports against the copy', () => {
  const input = { tags: [3] }
  const result = applyThenValidate(input, schema)
  assert.is(result.value, undefined)
  assert.equal(
    result.error?.errors.map((i) => i.instancePath),
    ['/tags/0'],
  )
  assert.equal((result as { checked: unknown }).checked, { n: 1, tags: [3] })
})

order('returns the reference cycle applyDefaults throws, with the input as the checked value', () => {
  const cyclic = newJSONSchema({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' })
  const input = { x: 1 }
  const result = applyThenValidate(input, cyclic)
  assert.match(result.error?.message ?? '', /circular reference/)
  assert.is((result as { checked: unknown }).checked, input)
})

order('~standard goes through the same order with the validator’s own kernel', () => {
  const kernel = createKernel({ plugins: [] })
  const s = kernel.newJSONSchema({ properties: { n: { default: 2 } } })
  assert.equal(s['~standard'].validate({}), { value: { n: 2 } })
  assert.equal(applyThenValidate({}, s), { value: { n: 2 } })
})

order.run()
