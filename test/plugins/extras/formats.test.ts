/** The custom formats example plugin (plugins/extras/formats.ts). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, newJSONSchema } from '../../../index.ts'
import { FormatsPlugin, isE164, isSemver } from '../../../plugins/extras/index.ts'

const formats = suite('custom formats')

formats('the example checkers accept and refuse what they should', () => {
  for (const ok of ['1.2.3', '0.0.0-rc.1+build.5', '10.20.30']) assert.ok(isSemver(ok), ok)
  for (const bad of ['1.2', '01.2.3', '1.2.3-', 'v1.2.3']) assert.not.ok(isSemver(bad), bad)
  for (const ok of ['+4722334455', '+12025550123']) assert.ok(isE164(ok), ok)
  for (const bad of ['4722334455', '+0123', '+1', '+1234567890123456']) assert.not.ok(isE164(bad), bad)
})

formats('a kernel with the plugin asserts its formats', () => {
  const v = createKernel({ plugins: [new FormatsPlugin()] }).newJSONSchema({ properties: { version: { format: 'semver' }, phone: { format: 'phone-e164' } } })
  assert.is(v.validate({ version: '1.0.0', phone: '+4722334455' }), null)
  assert.equal(v.validate({ version: 'one', phone: '+4722334455' })?.errors[0]!.message, 'must be a string in "semver" format (got "one")')
  // The default kernel does not know the name, so it is an annotation there.
  assert.is(newJSONSchema({ format: 'semver' }).validate('one'), null)
})

formats('custom checkers by name; the customFormats option wins over the hook', () => {
  const k = createKernel({ plugins: [new FormatsPlugin({ even: (s) => s.length % 2 === 0 })] })
  assert.ok(k.newJSONSchema({ format: 'even' }).validate('abc'))
  assert.is(k.newJSONSchema({ format: 'even' }, { customFormats: { even: () => true } }).validate('abc'), null)
  assert.is(k.newJSONSchema({ format: 'even' }, { formats: 'annotate' }).validate('abc'), null)
})

formats('the constructor refuses a checker that is not a function', () => {
  assert.throws(() => new FormatsPlugin({ bad: 'yes' as unknown as () => boolean }), /format "bad" needs a non-empty name and a checker function/)
})

formats.run()
