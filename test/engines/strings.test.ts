/**
 * JSON string text judged by both engines: every escape JSON.stringify writes (the controls, `"`,
 * `\`, lone surrogates) is in a string rule's language, written as classes, and the escapes it
 * never writes are not; the same for extra keys, whose rule avoids the declared names.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { toGrammar } from '../../grammar/index.ts'
import { engines } from './judge.mjs'

const test = suite('engines: string escapes')

/** Every control character, the two escaped printables, lone surrogates, a pair, and plain text. */
const WRITTEN = [
  ...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)),
  '"', '\\', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00', 'plain', 'é', '',
]
/** String texts JSON.stringify never writes (uppercase hex, escapes of printables, `\/`). */
const NOT_WRITTEN = ['"\\u001F"', '"\\u0041"', '"\\/"', '"\\u000a"', '"\\uD800"', '"\u0001"', '"\\x"']

for (const format of ['gbnf', 'xgrammar'] as const) {
  const engine = engines[format]

  test(`${engine.name}: a string takes every escape JSON.stringify writes, and no other`, async () => {
    const g = await engine.compile(toGrammar({ type: 'string' }, { format }).grammar)
    try {
      for (const s of WRITTEN) assert.ok(await g.accepts(JSON.stringify(s)), `${JSON.stringify(s)} accepted`)
      for (const t of NOT_WRITTEN) assert.not.ok(await g.accepts(t), `${t} rejected`)
    } finally {
      g.dispose()
    }
  })

  test(`${engine.name}: a pattern's set keeps the escapes of its own members only`, async () => {
    // a tab and a newline are in the set, the other controls and the quote are not
    const schema = { type: 'string', pattern: '^[a-z\\t\\n]*$' }
    const g = await engine.compile(toGrammar(schema, { format }).grammar)
    try {
      for (const s of ['ab\tc\n', '', 'z']) assert.ok(await g.accepts(JSON.stringify(s)), JSON.stringify(s))
      for (const s of ['a\r', '"', '\\', 'A', '\u0001']) assert.not.ok(await g.accepts(JSON.stringify(s)), JSON.stringify(s))
    } finally {
      g.dispose()
    }
  })

  test(`${engine.name}: extra keys take any escaped text but the declared names`, async () => {
    const schema = { type: 'object', properties: { name: { type: 'integer' }, 'na\nme': { type: 'integer' } } }
    const r = toGrammar(schema, { format })
    const g = await engine.compile(r.grammar)
    try {
      for (const key of ['nam', 'names', 'n"me', 'na\tme', '\u0000', 'nam\ud800']) {
        const text = r.serialize({ [key]: true })
        assert.ok(await g.accepts(text), text)
      }
      assert.ok(await g.accepts('{"name":1,"na\\nme":2}'))
      // a declared name cannot come back as an extra key (its value would escape its schema)
      assert.not.ok(await g.accepts('{"name":true}'))
      assert.not.ok(await g.accepts('{"na\\nme":true}'))
    } finally {
      g.dispose()
    }
  })
}

test.run()
