/**
 * Catastrophic patterns: in untrusted mode they go to the linear engine, which reads each input
 * once, and the compile-time super-linear check flags them in every mode. Bounded by counting
 * (tests and characters handed to the engine), not by the clock: times are in bench/regex.mjs.
 * Bodies run in a guarded worker: a backtracking engine on these inputs never finishes, and the
 * watchdog fails that test instead of stalling the run.
 */
import * as assert from 'uvu/assert'
import { Kernel } from '../../core/index.ts'
import type { RegexEngine } from '../../core/index.ts'
import { SchemaError, createKernel, newJSONSchema } from '../../index.ts'
import type { SchemaWarning } from '../../index.ts'
import { dialect2020, standardKeywords } from '../../plugins/index.ts'
import { linearEngine } from '../../regex/linear.ts'
import { guardedSuite } from '../support/guard.ts'

/** The patterns behind the classic ReDoS reports, and an input that makes a backtracker explode. */
const HOSTILE: [pattern: string, input: (n: number) => string][] = [
  ['^(a+)+$', (n) => 'a'.repeat(n - 1) + '!'],
  // `!y` keeps the `y` a fast scan would look for, so the matcher itself has to run.
  ['(x+x+)+y', (n) => 'x'.repeat(n - 2) + '!y'],
  ['^(\\w+\\s?)*$', (n) => 'a'.repeat(n - 1) + '!'],
]

/** A kernel whose linear engine is the real one, counting the tests and characters it is given. */
function countingKernel(): { kernel: Kernel; seen: { tests: number; chars: number } } {
  const seen = { tests: 0, chars: 0 }
  const counting: RegexEngine = {
    check: (source) => linearEngine.check(source),
    compile(source) {
      const compiled = linearEngine.compile(source)
      return {
        test(input) {
          seen.tests++
          seen.chars += input.length
          return compiled.test(input)
        },
        ...(compiled.cost === undefined ? {} : { cost: (n: number) => compiled.cost!(n) }),
      }
    },
  }
  const kernel = new Kernel({ dialects: [dialect2020], presets: standardKeywords, formats: {}, registry: {}, regexEngines: { linear: counting } }, { validateSchema: false })
  return { kernel, seen }
}

const linear = guardedSuite(import.meta.url, 'hostile patterns are read once by the linear engine in untrusted mode', { timeoutMs: 60_000 })

for (const [pattern, input] of HOSTILE) {
  linear(`${pattern}: untrusted mode hands 1 KB and 10 KB to the linear engine, each character at most twice`, () => {
    const { kernel, seen } = countingKernel()
    const v = kernel.newJSONSchema({ type: 'string', pattern }, { untrusted: true })
    for (const n of [1024, 10_240]) {
      seen.tests = 0
      seen.chars = 0
      assert.is(v.validate(input(n))?.errors[0]?.keyword, 'pattern', 'the hostile input does not match')
      // A failing value is evaluated twice (a fast pass, then the pass that collects the issue).
      assert.ok(seen.tests >= 1 && seen.tests <= 2, `${seen.tests} tests`)
      assert.is(seen.chars, seen.tests * n, 'the engine got the whole input, and nothing else')
    }
  })
}

linear('a 10 KB hostile string against all three patterns gets its answer from the real engine', () => {
  // Under a backtracking engine any one of these would run for longer than the universe has left:
  // the watchdog (60 s) is the bound; work per character is the engine's own promise (RE2).
  const v = newJSONSchema({ type: 'string', allOf: HOSTILE.map(([pattern]) => ({ pattern })) }, { untrusted: true, allErrors: true })
  for (const [, input] of HOSTILE) assert.ok(v.validate(input(10_240)) !== null)
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
      assert.match(e.errors[0]!.message, /super-linear time on hostile input .* \(use regex: 'linear', with 'schemavet\/linear-regex' imported\)/)
    }
  }
  assert.ok(newJSONSchema({ pattern: '^[a-z]+$' }, { untrusted: true, regex: 'ecmascript' }), 'a safe pattern compiles')
  // nested counted quantifiers and chained ones (issue 37): seconds per validate on 30-40 characters, or cubic
  for (const pattern of ['^([a-z0-9]{1,63}\\.?){1,10}$', '^(?:[a-z]{1,10}-?){1,30}$', '^(\\w{1,20}\\s?){1,20}$', '^[\\s\\S]*?x[\\s\\S]*?y[\\s\\S]*?z$']) {
    assert.throws(() => newJSONSchema({ pattern }, { untrusted: true, regex: 'ecmascript' }), (e: unknown) => SchemaError.isInstance(e) && /super-linear/.test(e.message), pattern)
    assert.throws(() => newJSONSchema({ patternProperties: { [pattern]: true } }, { untrusted: true, regex: 'ecmascript' }), (e: unknown) => SchemaError.isInstance(e), pattern)
  }
})

flagged('without untrusted mode or with the linear engine, a flagged pattern compiles', () => {
  for (const [pattern] of HOSTILE) {
    assert.ok(newJSONSchema({ pattern }))
    assert.ok(newJSONSchema({ pattern }, { untrusted: true }))
  }
})

flagged.run()
