/**
 * Untrusted mode and the linear regex engine (re2js) with code generation forbidden, as on edge
 * runtimes: run with `node --disallow-code-generation-from-strings` against the build. Prints
 * `N passed, N failed` and exits non-zero on failure.
 */
import assert from 'node:assert/strict'
import { check, checkCodeGenerationForbidden, finish } from '../support/no-eval-checks.mjs'
import { applyDefaults, newJSONSchema } from '../../dist/index.js'

checkCodeGenerationForbidden()

check('the linear engine compiles and matches without code generation', () => {
  const schema = newJSONSchema(
    { type: 'object', patternProperties: { '^x-\\p{L}+$': { type: 'string', pattern: '^\\S+@\\S+$' } }, additionalProperties: false },
    { regex: 'linear' },
  )
  assert.equal(schema.validate({ 'x-émail': 'a@b.c' }), null)
  assert.equal(schema.validate({ 'x-émail': 'a b' })?.errors[0].keyword, 'pattern')
  assert.equal(schema.validate({ y: 1 })?.errors[0].keyword, 'additionalProperties')
})

check('a hostile pattern on 10 KB validates in untrusted mode in well under a second', () => {
  const schema = newJSONSchema({ type: 'string', pattern: '^(a+)+$' }, { untrusted: true })
  const start = performance.now()
  assert.equal(schema.validate('a'.repeat(10_239) + '!')?.errors[0].keyword, 'pattern')
  assert.ok(performance.now() - start < 1000)
})

check('the work limit stops validate and applyDefaults', () => {
  const schema = newJSONSchema({ type: 'array', items: { type: 'number', default: 0 } }, { untrusted: true, maxWork: 50 })
  assert.equal(schema.validate(new Array(100).fill(1))?.errors[0].keyword, 'limit')
  assert.throws(() => applyDefaults(new Array(100).fill(1), schema), (e) => e.errors?.[0]?.keyword === 'limit')
})

finish()
