/** The code builder (core/contract/code.ts): what it writes reads back as what it was given. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { joinCode, js, literal } from '../../../index.ts'
import { identifier } from '../../../core/contract/code.ts'

const test = suite('code builder')

test('literal writes values the code reads back as the same value', () => {
  const values = ['a"b\\c', '\u2028\u2029', '</script>', '', 0, -0.5, 1e21, NaN, Infinity, -Infinity, true, false, null]
  for (const v of values) {
    const back = new Function(`return ${literal(v)}`)() as unknown
    assert.ok(Object.is(back, v), `${String(v)} -> ${literal(v)}`)
  }
})

test('js splices only its code parts; joinCode joins them', () => {
  const terms = [js`x > ${literal(1)}`, js`x < ${literal(9)}`]
  const test = js`(${joinCode(terms, js` && `)})`
  assert.is(test, '(x > 1 && x < 9)')
  assert.is((new Function('x', `return ${test}`) as (x: number) => boolean)(5), true)
})

test('identifier refuses what is not a name', () => {
  assert.is(identifier('t0_t1$'), 't0_t1$')
  for (const bad of ['', '0t', 'a b', 'a;b', 'x)']) assert.throws(() => identifier(bad), /not an identifier/)
})

test.run()
