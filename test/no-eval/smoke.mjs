/**
 * Compile and validate with code generation forbidden (as on edge runtimes and under a strict
 * CSP): run with `node --disallow-code-generation-from-strings` against the build. Prints
 * `N passed, N failed` and exits non-zero on failure.
 */
import assert from 'node:assert/strict'
import { check, checkCodeGenerationForbidden, finish } from '../support/no-eval-checks.mjs'
import { applyDefaults, createKernel, newJSONSchema } from '../../dist/index.js'

checkCodeGenerationForbidden()

check('compiles and validates a tool schema', () => {
  const schema = newJSONSchema({
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 } },
    required: ['city', 'days'],
  })
  assert.equal(schema.validate({ city: 'Oslo', days: 2 }), null)
  const error = schema.validate({ city: '', days: 0 })
  assert.equal(error?.errors[0].keyword, 'minLength')
  assert.deepEqual(applyDefaults({ city: 'Oslo' }, schema), { city: 'Oslo', days: 3 })
})

check('reports a reference cycle instead of overflowing', () => {
  const schema = newJSONSchema({ $defs: { A: { allOf: [{ $ref: '#/$defs/A' }] } }, $ref: '#/$defs/A' })
  assert.match(schema.validate(1)?.message ?? '', /circular reference/)
})

check('hook taps run in stage order without code generation', () => {
  const kernel = createKernel()
  const order = []
  kernel.hooks.compiled.tap({ name: 'late', stage: 10 }, () => order.push('late'))
  kernel.hooks.compiled.tap({ name: 'early', stage: -10 }, () => order.push('early'))
  kernel.hooks.compiled.tap('middle', () => order.push('middle'))
  kernel.newJSONSchema({ type: 'string' })
  assert.deepEqual(order, ['early', 'middle', 'late'])
})

finish()
