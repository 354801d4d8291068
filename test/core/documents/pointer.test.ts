/** core/documents/pointer.ts: JSON Pointer escaping, parsing, formatting, following and fragments (RFC 6901). */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { appendPointer, escapePointerToken, followPointer, formatPointer, parsePointer, unescapePointerToken } from '../../../index.ts'
import { fragmentOf, uriFragmentOf } from '../../../core/documents/pointer.ts'

const pointer = suite('JSON Pointer')

// [tokens, pointer] pairs from RFC 6901 section 5 and the escapes' order-sensitive cases.
const PAIRS: [string[], string][] = [
  [[], ''],
  [['foo'], '/foo'],
  [['foo', '0'], '/foo/0'],
  [[''], '/'],
  [['a/b'], '/a~1b'],
  [['c%d'], '/c%d'],
  [['m~n'], '/m~0n'],
  [['~1'], '/~01'],
  [['/0'], '/~10'],
  [[' ', 'k"l'], '/ /k"l'],
]

pointer('formats and parses each RFC 6901 example, in both directions', () => {
  for (const [tokens, text] of PAIRS) {
    assert.is(formatPointer(tokens), text, `format ${JSON.stringify(tokens)}`)
    assert.equal(parsePointer(text), tokens, `parse ${text}`)
  }
})

pointer('escapes and unescapes one token, numbers as their digits', () => {
  assert.is(escapePointerToken('a~/b'), 'a~0~1b')
  assert.is(unescapePointerToken('a~0~1b'), 'a~/b')
  assert.is(unescapePointerToken('~01'), '~1')
  assert.is(escapePointerToken(12), '12')
  assert.is(appendPointer('/x', 'y/z'), '/x/y~1z')
  assert.is(appendPointer('', 0), '/0')
})

pointer('refuses a pointer that does not start with a slash', () => {
  assert.throws(() => parsePointer('foo'), /must start with "\/"/)
})

pointer('follows own properties and in-range indices only', () => {
  const data = { a: [10, 20], 'b/c': { d: 1 } }
  assert.equal(followPointer(data, parsePointer('/a/1')), { found: true, value: 20 })
  assert.equal(followPointer(data, parsePointer('/b~1c/d')), { found: true, value: 1 })
  assert.equal(followPointer(data, ['a', '2']), { found: false })
  assert.equal(followPointer(data, ['a', 'length']), { found: false })
  assert.equal(followPointer(data, ['a', '01']), { found: false })
  assert.equal(followPointer(data, ['constructor']), { found: false })
})

pointer('writes a URI fragment percent-encoded, a schema path as read', () => {
  assert.is(fragmentOf(['properties', 'a b']), '#/properties/a b')
  assert.is(uriFragmentOf(['properties', 'a b', 'x/y', 'c#d', 'é', "(k)=$:@?"]), "#/properties/a%20b/x~1y/c%23d/%C3%A9/(k)=$:@?")
})

pointer.run()
