/**
 * Legacy patterns: a `pattern` / `patternProperties` source that the `u` flag rejects but the
 * ECMAScript grammar without it (Annex B) accepts compiles with that grammar, says so through the
 * warning hook, and means the same under both engines and in untrusted mode. A source invalid
 * under both grammars stays a SchemaError; a source valid with `u` keeps its `u` meaning.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, newJSONSchema } from '../../index.ts'
import type { SchemaWarning } from '../../index.ts'
import { superLinearReason } from '../../regex/index.ts'
import { linearEngine } from '../../regex/linear.ts'

/** Sources seen in schemas in use: valid only without `u`. */
const LEGACY: [string, string[]][] = [
  ['^[\\w\\.\\d\\_]+$', ['a.b_9', 'a-b', '', 'é']],
  ['^connectedService\\:.+$', ['connectedService:x', 'connectedServicex', 'connectedService:']],
  ['^\\#[0-9a-fA-F]{6}$', ['#00ff00', '#00ff0', '00ff00']],
  ['^a{b}$', ['a{b}', 'ab', 'a{b']],
  ['^x{1,$', ['x{1,', 'x']],
  ['^[\\w-.]+$', ['a-b.c', 'a,b', '-']],
  ['^[a-z\\-\\/\\@]+$', ['a-b/c@d', 'A']],
  ['^\\p{Foo}$', ['p{Foo}', 'x']],
  ['^\\x4$', ['x4', '\x04']],
  ['^\\u12$', ['u12', '\u0012']],
  ['^\\c1$', ['\\c1', '\x11']],
  ['^[\\c1]$', ['\x11', '1', 'c']],
  ['^\\101\\8$', ['A8', '\\101\\8']],
  ['^(a)\\1\\2$', ['aa\x02', 'aa2']],
  ['^\\k$', ['k', '\\k']],
  ['(?=a)*b', ['b', 'ab']],
  ['^]$', [']', '']],
]
/** Of these, the sources RE2 cannot express (a backreference, a quantified lookahead). */
const NOT_LINEAR = new Set(['^(a)\\1\\2$', '(?=a)*b'])

const engines = suite('legacy patterns mean what RegExp without u means')

engines('the linear engine agrees with RegExp without u on every sample', () => {
  for (const [source, samples] of LEGACY) {
    assert.ok(linearEngine.check(source) !== undefined, `${source} must be refused with u syntax`)
    const problem = linearEngine.check(source, 'legacy')
    if (NOT_LINEAR.has(source)) {
      assert.match(problem ?? '', /not supported by the linear engine/, source)
      continue
    }
    assert.is(problem, undefined, source)
    const native = new RegExp(source)
    const mine = linearEngine.compile(source, 'legacy')
    for (const s of samples) assert.is(mine.test(s), native.test(s), `${source} on ${JSON.stringify(s)}`)
  }
})

engines('validate agrees with RegExp without u on both engines and both tiers', () => {
  for (const [source, samples] of LEGACY) {
    const native = new RegExp(source)
    const linearOk = !NOT_LINEAR.has(source)
    for (const options of [{ codegen: false }, { codegenThreshold: 0 }, ...(linearOk ? [{ regex: 'linear' as const }, { untrusted: true }] : [])]) {
      const v = newJSONSchema({ pattern: source, patternProperties: { [source]: false } }, options)
      for (const s of samples) {
        assert.is(v.validate(s) === null, native.test(s), `${JSON.stringify(options)} pattern ${source} on ${JSON.stringify(s)}`)
        assert.is(v.validate({ [s]: 1 }) === null, !native.test(s), `${JSON.stringify(options)} patternProperties ${source} on ${JSON.stringify(s)}`)
      }
    }
  }
})

engines('the super-linear check reads a legacy source with the legacy grammar', () => {
  assert.is(superLinearReason('^[\\w\\.]+$', undefined, 'legacy'), undefined)
  assert.match(superLinearReason('^(\\_+)+$', undefined, 'legacy') ?? '', /nested quantifiers/)
})

const reported = suite('a legacy pattern is reported, never silent')

reported('each legacy source raises one warning naming it, its schema path and the u-flag error', () => {
  const warnings: SchemaWarning[] = []
  const kernel = createKernel()
  kernel.hooks.warning.tap('test', (w) => void warnings.push(w))
  kernel.newJSONSchema({ properties: { s: { pattern: '^a\\:b$' } }, patternProperties: { '^x\\_': {} }, additionalProperties: false })
  assert.equal(
    warnings.map((w) => w.schemaPath),
    ['#/properties/s/pattern', '#/patternProperties/^x\\_'],
  )
  assert.match(warnings[0]!.message, /pattern "\^a\\:b\$" is not valid with the u flag \(.*Invalid escape.*\); compiled with legacy syntax/)
})

reported('a source valid with the u flag raises no legacy warning', () => {
  const warnings: SchemaWarning[] = []
  const kernel = createKernel()
  kernel.hooks.warning.tap('test', (w) => void warnings.push(w))
  kernel.newJSONSchema({ pattern: '^\\p{L}+\\.[\\-]$' })
  assert.equal(warnings, [])
})

const refused = suite('what stays a SchemaError')

refused('a source invalid with and without the u flag is refused with the u-flag reason', () => {
  for (const source of ['(', '[a', 'a**', '(?<n>a)(?<n>b)', '\\']) {
    for (const options of [{}, { regex: 'linear' as const }, { untrusted: true }]) {
      assert.throws(
        () => newJSONSchema({ pattern: source }, options),
        (e: unknown) => SchemaError.isInstance(e) && /invalid regular expression/.test((e as Error).message),
        `${source} ${JSON.stringify(options)}`,
      )
    }
  }
})

refused('a legacy source the linear engine cannot run is refused there, with both reasons', () => {
  assert.throws(
    () => newJSONSchema({ pattern: '^(a)\\1\\_$' }, { regex: 'linear' }),
    (e: unknown) => SchemaError.isInstance(e) && /valid only without the u flag .*backreferences are not supported by the linear engine/.test((e as Error).message),
  )
  // The backtracking engine runs it.
  assert.is(newJSONSchema({ pattern: '^(a)\\1\\_$' }).validate('aa_'), null)
})

refused('a u-valid source the linear engine refuses is not re-read as legacy', () => {
  // Without u, `\p{Lu}(?=x)` would be literal text; its u meaning (a lookahead) is what the linear engine refuses.
  assert.throws(
    () => newJSONSchema({ pattern: '\\p{Lu}(?=x)' }, { regex: 'linear' }),
    (e: unknown) => SchemaError.isInstance(e) && /lookahead/.test((e as Error).message),
  )
})

engines.run()
reported.run()
refused.run()
