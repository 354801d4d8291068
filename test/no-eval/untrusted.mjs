/**
 * Untrusted mode and the linear regex engine (re2js) with code generation forbidden, as on edge
 * runtimes: run with `node --disallow-code-generation-from-strings` against the build. Prints
 * `N passed, N failed` and exits non-zero on failure.
 */
import assert from 'node:assert/strict'
import { check, checkCodeGenerationForbidden, finish } from '../support/no-eval-checks.mjs'
import { Kernel, applyDefaults, newJSONSchema } from '../../dist/index.js'
import { linearEngine } from '../../dist/linear-regex.js'
import { dialect2020, standardKeywords } from '../../dist/plugins/index.js'

// Only a hang trips this (nothing here takes a noticeable fraction of it).
const watchdog = setTimeout(() => {
  console.error('FAIL: the checks did not finish within 60 s (a hang?)')
  process.exit(1)
}, 60_000)
watchdog.unref()

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

check('a hostile pattern on 10 KB goes to the linear engine once, whole, in untrusted mode', () => {
  // Counted, not timed: a backtracking engine here would never finish (the watchdog above ends
  // the run), and the linear engine is handed each character of the input once per pass.
  const seen = { tests: 0, chars: 0 }
  const counting = {
    check: (source) => linearEngine.check(source),
    compile(source) {
      const compiled = linearEngine.compile(source)
      return { test: (input) => (seen.tests++, (seen.chars += input.length), compiled.test(input)), cost: (n) => compiled.cost(n) }
    },
  }
  const kernel = new Kernel({ dialects: [dialect2020], presets: standardKeywords, formats: {}, registry: {}, regexEngines: { linear: counting } }, { validateSchema: false })
  const schema = kernel.newJSONSchema({ type: 'string', pattern: '^(a+)+$' }, { untrusted: true })
  assert.equal(schema.validate('a'.repeat(10_239) + '!')?.errors[0].keyword, 'pattern')
  assert.ok(seen.tests >= 1 && seen.tests <= 2, `${seen.tests} tests`)
  assert.equal(seen.chars, seen.tests * 10_240)
  assert.equal(newJSONSchema({ type: 'string', pattern: '^(a+)+$' }, { untrusted: true }).validate('a'.repeat(10_239) + '!')?.errors[0].keyword, 'pattern')
})

check('the work limit stops validate and applyDefaults', () => {
  const schema = newJSONSchema({ type: 'array', items: { type: 'number', default: 0 } }, { untrusted: true, maxWork: 50 })
  assert.equal(schema.validate(new Array(100).fill(1))?.errors[0].keyword, 'limit')
  assert.throws(() => applyDefaults(new Array(100).fill(1), schema), (e) => e.errors?.[0]?.keyword === 'limit')
})

finish()
