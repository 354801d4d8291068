/**
 * The judges themselves: each engine compiles a grammar, accepts exactly the texts of its
 * language (a prefix or a longer text is no match), refuses a grammar with a syntax error, and
 * XGrammar's WASM module is replaced by a fresh copy after it aborts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { GrammarCompileError, engines } from './judge.mjs'

const test = suite('engines: judges')

for (const format of ['gbnf', 'xgrammar'] as const) {
  const engine = engines[format]
  test(`${engine.name}: whole texts only`, async () => {
    const g = await engine.compile('root ::= "{" digits "}"\ndigits ::= [0-9]+')
    assert.is(await g.accepts('{12}'), true)
    assert.is(await g.accepts('{12'), false, 'a prefix is not a match')
    assert.is(await g.accepts('{12}\n'), false, 'nothing after the end')
    assert.is(await g.accepts('{}'), false)
    g.dispose()
  })

  test(`${engine.name}: a syntax error is a GrammarCompileError`, async () => {
    let error: unknown
    try {
      await engine.compile('root ::= ("')
    } catch (e) {
      error = e
    }
    assert.instance(error, GrammarCompileError)
    // the engine still works after refusing a grammar
    const g = await engine.compile('root ::= "a"')
    assert.is(await g.accepts('a'), true)
    g.dispose()
  })

  test(`${engine.name}: its own JSON Schema converter judges JSON text`, async () => {
    const g = await engine.fromJsonSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] })
    assert.is(await g.accepts('{"n":1}'), true)
    assert.is(await g.accepts('{"n":"1"}'), false)
    assert.is(await g.accepts('{}'), false)
    g.dispose()
  })
}

test('xgrammar: a fresh module copy after an abort', async () => {
  const before = engines.xgrammar.loads
  let error: unknown
  try {
    await engines.xgrammar.fromJsonSchema({ type: 'object', properties: { a: false } })
  } catch (e) {
    error = e
  }
  assert.instance(error, GrammarCompileError)
  assert.match((error as Error).message, /false/)
  const g = await engines.xgrammar.compile('root ::= "b"')
  assert.is(engines.xgrammar.loads, before + 1)
  assert.is(await g.accepts('b'), true)
  g.dispose()
})

test.after(async () => {
  await engines.gbnf.close()
})

test.run()
