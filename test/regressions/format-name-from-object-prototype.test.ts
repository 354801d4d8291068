/**
 * Regression: a format name found on Object.prototype (`hasOwnProperty`, `__proto__`) was looked
 * up through the `customFormats` object's prototype, so `{"format": "hasOwnProperty"}` rejected
 * every string and `{"format": "__proto__"}` made validate report an exception. Unknown format
 * names are annotations: every string passes.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'

const test = suite('format names are looked up as own keys only')

test('names of Object.prototype members are unknown formats', () => {
  for (const name of ['hasOwnProperty', '__proto__', 'constructor', 'toString', 'isPrototypeOf']) {
    assert.is(newJSONSchema({ format: name }).validate('anything'), null, name)
  }
})

test('a custom format by such a name still applies', () => {
  const v = newJSONSchema({ format: 'constructor' }, { customFormats: { constructor: (s: string) => s === 'ok' } })
  assert.is(v.validate('ok'), null)
  assert.ok(v.validate('no') !== null)
})

test.run()
