/** core/contract/words.ts: the excerpts of received values that issue messages quote. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { excerpt } from '../../../core/contract/words.ts'

const words = suite('words: excerpt')

words('a string is quoted exactly as JSON.stringify writes it, for every UTF-16 code unit', () => {
  let differ = 0
  let first = ''
  for (let c = 0; c < 0x10000; c++) {
    const s = `a${String.fromCharCode(c)}b`
    if (excerpt(s, 100) !== JSON.stringify(s)) {
      differ++
      first ||= s
    }
  }
  assert.is(differ, 0, `first difference: ${JSON.stringify(first)}`)
  for (const s of ['', '😀', '\ud83d', 'x\ude00', '"q"', 'back\\slash', '\u2028\u2029', '\u007f'])
    assert.is(excerpt(s, 100), JSON.stringify(s), JSON.stringify(s))
})

words('long strings and structures are cut at the limit, marked by ...', () => {
  assert.is(excerpt('x'.repeat(100), 10), '"xxxxxx...')
  assert.is(excerpt({ a: 'x'.repeat(100) }, 12), '{"a":"xxx...')
  assert.is(excerpt([1, [2, [3]]], 60), '[1,[2,[3]]]')
  assert.is(excerpt(Number.NaN), 'NaN')
  assert.is(excerpt(undefined), 'undefined')
})

words.run()
