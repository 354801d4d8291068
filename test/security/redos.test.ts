/**
 * Catastrophic patterns: in untrusted mode they run in time linear in the input, and the
 * compile-time super-linear check flags them in every mode. Bodies run in a guarded worker: a
 * hang fails one test instead of stalling the run (the timeout is generous on purpose; the
 * assertions are about the ratio of times, not their size).
 */
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, newJSONSchema } from '../../index.ts'
import type { SchemaWarning } from '../../index.ts'
import { guardedSuite } from '../support/guard.ts'

/** The patterns behind the classic ReDoS reports, and an input that makes a backtracker explode. */
const HOSTILE: [pattern: string, input: (n: number) => string][] = [
  ['^(a+)+$', (n) => 'a'.repeat(n - 1) + '!'],
  // `!y` keeps the `y` a fast scan would look for, so the matcher itself has to run.
  ['(x+x+)+y', (n) => 'x'.repeat(n - 2) + '!y'],
  ['^(\\w+\\s?)*$', (n) => 'a'.repeat(n - 1) + '!'],
]

/** Milliseconds per call, averaged over enough calls to fill `budgetMs` (so timer noise is small). */
function perCall(fn: () => void, budgetMs = 40): number {
  fn() // warm: the first call compiles the automaton
  let calls = 0
  const start = performance.now()
  let elapsed = 0
  do {
    fn()
    calls++
    elapsed = performance.now() - start
  } while (elapsed < budgetMs)
  return elapsed / calls
}

const linear = guardedSuite(import.meta.url, 'hostile patterns take time linear in the input in untrusted mode', { timeoutMs: 60_000 })

for (const [pattern, input] of HOSTILE) {
  linear(`${pattern} on 10 KB takes less than 20 times what it takes on 1 KB`, () => {
    const v = newJSONSchema({ type: 'string', pattern }, { untrusted: true })
    const small = input(1024)
    const large = input(10_240)
    assert.is(v.validate(small)?.errors[0]?.keyword, 'pattern', 'the hostile input does not match')
    assert.is(v.validate(large)?.errors[0]?.keyword, 'pattern')
    // Median of five measurements of each, against scheduling noise.
    const ratios: number[] = []
    for (let i = 0; i < 5; i++) ratios.push(perCall(() => v.validate(large)) / perCall(() => v.validate(small)))
    const ratio = ratios.sort((a, b) => a - b)[2]!
    assert.ok(ratio < 20, `10 KB took ${ratio.toFixed(1)}x the time of 1 KB`)
  })
}

linear('a 10 KB hostile string against all three patterns validates in well under a second', () => {
  const v = newJSONSchema({ type: 'string', allOf: HOSTILE.map(([pattern]) => ({ pattern })) }, { untrusted: true, allErrors: true })
  const start = performance.now()
  for (const [, input] of HOSTILE) assert.ok(v.validate(input(10_240)) !== null)
  assert.ok(performance.now() - start < 1000, `took ${performance.now() - start} ms`)
})

linear.run()

const flagged = guardedSuite(import.meta.url, 'the super-linear check flags hostile patterns in every mode', { timeoutMs: 60_000 })

flagged('each hostile pattern raises a warning naming it and its schema path', () => {
  const warnings: SchemaWarning[] = []
  const kernel = createKernel()
  kernel.hooks.warning.tap('test', (w) => void warnings.push(w))
  for (const [pattern] of HOSTILE) kernel.newJSONSchema({ properties: { s: { pattern } } })
  assert.is(warnings.length, 3)
  for (const [i, [pattern]] of HOSTILE.entries()) {
    assert.is(warnings[i]!.schemaPath, '#/properties/s/pattern')
    assert.ok(warnings[i]!.message.includes(`pattern "${pattern}" may take super-linear time`), warnings[i]!.message)
    assert.match(warnings[i]!.message, /nested quantifiers/)
  }
})

flagged('the warning comes under the linear engine too, and says it is harmless there', () => {
  const warnings: SchemaWarning[] = []
  const kernel = createKernel({ regex: 'linear' })
  kernel.hooks.warning.tap('test', (w) => void warnings.push(w))
  kernel.newJSONSchema({ patternProperties: { '(x+x+)+y': {} }, additionalProperties: false })
  assert.is(warnings.length, 1, 'once per pattern, though two keywords compile it')
  assert.is(warnings[0]!.schemaPath, '#/patternProperties/(x+x+)+y')
  assert.match(warnings[0]!.message, /harmless with the linear engine in use/)
})

flagged('overlapping alternatives and adjacent quantifiers are flagged; common safe patterns are not', () => {
  const warnings: string[] = []
  const kernel = createKernel()
  kernel.hooks.warning.tap('test', (w) => void warnings.push(w.message))
  const warns = (pattern: string) => {
    warnings.length = 0
    kernel.newJSONSchema({ pattern })
    return warnings[0]
  }
  assert.match(warns('^(a|a)*$') ?? '', /overlapping alternatives/)
  assert.match(warns('^(\\r\\n|\\r|\\n)+$') ?? '', /overlapping alternatives/)
  assert.match(warns('^\\d+\\d+$') ?? '', /adjacent quantifiers/)
  assert.match(warns('^.*.*=$') ?? '', /adjacent quantifiers/)
  for (const safe of ['^[a-z]+(-[a-z]+)*$', '^(\\d{1,3}\\.){3}\\d{1,3}$', '^(?:[^"\\\\]|\\\\.)*$', '^\\S+@\\S+$', '^[A-Z]{2}$', '(ab+)*', '^\\w+(\\.\\w+)*@']) {
    assert.is(warns(safe), undefined, safe)
  }
})

flagged('in untrusted mode with regex ecmascript chosen explicitly, a flagged pattern is a SchemaError', () => {
  for (const [pattern] of HOSTILE) {
    try {
      newJSONSchema({ pattern }, { untrusted: true, regex: 'ecmascript' })
      assert.unreachable('expected a SchemaError')
    } catch (e) {
      assert.ok(SchemaError.isInstance(e), String(e))
      assert.is(e.errors[0]!.schemaPath, '#/pattern')
      assert.match(e.errors[0]!.message, /super-linear time on hostile input .* \(use regex: 'linear'\)/)
    }
  }
  assert.ok(newJSONSchema({ pattern: '^[a-z]+$' }, { untrusted: true, regex: 'ecmascript' }), 'a safe pattern compiles')
})

flagged('without untrusted mode or with the linear engine, a flagged pattern compiles', () => {
  for (const [pattern] of HOSTILE) {
    assert.ok(newJSONSchema({ pattern }))
    assert.ok(newJSONSchema({ pattern }, { untrusted: true }))
  }
})

flagged.run()
