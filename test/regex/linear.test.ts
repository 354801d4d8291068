/**
 * The linear regex engine (`regex: 'linear'`): ECMAScript meaning kept where RE2's differs,
 * refusals with reasons where RE2 cannot match in linear time, the `regex` format under it,
 * and the engine choice per kernel and per schema.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, newJSONSchema } from '../../index.ts'
import { linearEngine, toRE2 } from '../../regex/linear.ts'

const linear = (schema: unknown) => newJSONSchema(schema, { regex: 'linear' })
const ecmascript = (schema: unknown) => newJSONSchema(schema, { regex: 'ecmascript' })
const valid = (v: { validate(d: unknown): unknown }, data: unknown) => v.validate(data) === null

/** Every code point (lone surrogates included) as a one-code-point string. */
function* everyCodePoint(): Generator<string> {
  for (let cp = 0; cp <= 0x10ffff; cp++) yield String.fromCodePoint(cp)
}

const meaning = suite('the linear engine keeps ECMAScript meaning')

meaning('classes and escapes match exactly the code points RegExp with u matches, over all of Unicode', () => {
  // The engine directly (not through validate): 1.1 million code points per class.
  for (const source of ['^.$', '^\\s$', '^\\S$', '^\\w$', '^\\D$', '^[^]$', '^[^\\S\\n]$', '^\\P{Lu}$', '^\\p{Script=Greek}$', '^\\p{ASCII}$']) {
    const native = new RegExp(source, 'u')
    const mine = linearEngine.compile(source)
    let mismatches = 0
    let first = ''
    for (const s of everyCodePoint()) {
      if (native.test(s) !== mine.test(s)) {
        if (mismatches++ === 0) first = s.codePointAt(0)!.toString(16)
      }
    }
    assert.is(mismatches, 0, `${source}: ${mismatches} code points differ, first U+${first}`)
  }
})

meaning('anchors, alternation, counts and escapes agree with RegExp on sample strings', () => {
  const cases: [string, string[]][] = [
    ['^a$', ['a', 'a\n', '\na', 'ab', '']],
    ['a$', ['ba', 'a\n', 'ab']],
    ['^(?:ab|cd)+$', ['abcd', 'abc', '', 'cdab']],
    ['^a{2,3}$', ['a', 'aa', 'aaa', 'aaaa']],
    ['^a{2,}?b', ['aab', 'ab', 'aaaab']],
    ['\\bfoo\\b', ['a foo b', 'afoo', 'foo']],
    ['\\Bfoo', ['afoo', 'foo']],
    ['^\\u{1F600}$', ['😀', '\uD83D', '😀😀']],
    ['^\\uD83D\\uDE00$', ['😀', '\uD83D\uDE00']],
    ['^\\uD800$', ['\uD800', '\uD800\uDC00']],
    ['^.$', ['\uD800', '😀', '\r', '\u2028']],
    ['^\\cJ\\0\\x41\\t$', ['\n\0A\t', 'x']],
    ['^[\\b]$', ['\b', 'b']],
    ['^[a\\-z]+$', ['a-z', 'b']],
    ['^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\$', ['/.*+?()[]{}|^$\\']],
    ['^(?<year>\\d{4})-\\d{2}$', ['2024-05', '24-05']],
    ['^\\p{Letter}+\\p{gc=Nd}$', ['abc1', 'abc']],
    ['^[\\p{Lu}\\d]+$', ['AB12', 'ab']],
    ['(?:)', ['', 'x']],
    ['^(a|)+$', ['aaa', '', 'b']],
  ]
  for (const [source, inputs] of cases) {
    const native = new RegExp(source, 'u')
    const mine = linear({ pattern: source })
    for (const s of inputs) assert.is(valid(mine, s), native.test(s), `${source} on ${JSON.stringify(s)}`)
  }
})

meaning('the translation writes literals as code points and never reuses RE2 classes whose meaning differs', () => {
  assert.is(toRE2('a.b'), 'a[\\x{0}-\\x{9}\\x{b}-\\x{c}\\x{e}-\\x{2027}\\x{202a}-\\x{10ffff}]b')
  assert.is(toRE2('(x)'), '(?:x)', 'captures become non-capturing groups')
  assert.is(toRE2('[^]'), '[\\x{0}-\\x{10ffff}]')
  assert.is(toRE2('[]'), '[^\\x{0}-\\x{10ffff}]')
  assert.ok(!toRE2('\\s').includes('\\s'), 'RE2 \\s lacks NBSP and friends')
})

meaning.run()

const refusals = suite('the linear engine refuses what RE2 cannot match in linear time, with a reason')

function refusal(pattern: string): string {
  try {
    linear({ pattern })
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), String(e))
    assert.is((e as SchemaError).errors[0]!.schemaPath, '#/pattern')
    return (e as SchemaError).errors[0]!.message
  }
  assert.unreachable(`expected a SchemaError for ${pattern}`)
  throw new Error('unreachable')
}

refusals('lookahead and lookbehind are a SchemaError that names them', () => {
  for (const p of ['(?=a)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) assert.match(refusal(p), /lookahead and lookbehind assertions are not supported by the linear engine/)
})

refusals('backreferences, numbered or named, are a SchemaError that names them', () => {
  assert.match(refusal('(a)\\1'), /backreferences are not supported/)
  assert.match(refusal('(?<x>a)\\k<x>'), /backreferences are not supported/)
})

refusals('counts above 1000, or nested past 1000 copies, are a SchemaError; 1000 is accepted', () => {
  assert.ok(valid(linear({ pattern: '^a{1000}$' }), 'a'.repeat(1000)))
  assert.match(refusal('a{1001}'), /repetition counts up to 1000, got \{1001,1001\}/)
  assert.match(refusal('a{2,1001}'), /got \{2,1001\}/)
  assert.ok(linear({ pattern: '(?:a{10}){100}' }))
  assert.match(refusal('(?:a{10}){101}'), /nested counted repetitions expand to more than 1000 copies/)
})

refusals('a pattern that expands past 10,000 atoms is a SchemaError; one at the bound compiles', () => {
  assert.ok(linear({ pattern: 'a{999}'.repeat(10) }), 'ten counts of 999 plus their loops fit')
  assert.match(refusal('a{1000}'.repeat(11)), /expands to \d+ atoms .* accepts up to 10000/)
})

refusals('Unicode properties it does not know are a SchemaError; scripts by long name and categories work', () => {
  assert.match(refusal('\\p{Script=Grek}'), /\\p\{Script=Grek\} is not supported by the linear engine/)
  assert.match(refusal('\\p{Script_Extensions=Greek}'), /not supported/)
  assert.match(refusal('\\p{Alphabetic}'), /not supported/)
  assert.ok(valid(linear({ pattern: '^\\p{Script=Greek}$' }), 'α'))
  assert.ok(valid(linear({ pattern: '^\\p{sc=Latin}$' }), 'a'))
})

refusals('an invalid pattern is a SchemaError in either engine, with the platform message', () => {
  assert.match(refusal('('), /invalid regular expression/)
  assert.throws(() => ecmascript({ pattern: '(' }), /invalid regular expression/)
  assert.throws(() => linear({ pattern: 'a{2' + '(' }), /invalid regular expression/, 'invalid without u too')
  // Annex B leniencies compile with the legacy grammar (test/regex/legacy-patterns.test.ts): `{,3}` is text there.
  assert.ok(valid(linear({ pattern: '^a{,3}$' }), 'a{,3}'))
  assert.not.ok(valid(linear({ pattern: '^a{,3}$' }), 'aaa'))
})

refusals('patternProperties and a sibling additionalProperties use the engine too', () => {
  assert.throws(() => linear({ patternProperties: { '(?=x)': {} } }), (e: unknown) => SchemaError.isInstance(e) && /patternProperties/.test(e.errors[0]!.schemaPath))
  const v = linear({ patternProperties: { '^x\\s$': { type: 'number' } }, additionalProperties: false })
  assert.ok(valid(v, { 'x\u00a0': 1 }), 'NBSP is \\s as in ECMAScript')
  assert.not.ok(valid(v, { 'x\u00a0': 'a' }))
  assert.not.ok(valid(v, { y: 1 }))
})

refusals.run()

const format = suite('the regex format follows the engine in use')

format('under linear, a pattern the engine refuses fails the format; under ecmascript it passes', () => {
  for (const s of ['(?=a)', '(a)\\1', 'a{5000}']) {
    assert.not.ok(valid(linear({ format: 'regex' }), s), s)
    assert.ok(valid(ecmascript({ format: 'regex' }), s), s)
  }
  for (const s of ['^a+$', '\\p{L}', '[^]']) assert.ok(valid(linear({ format: 'regex' }), s), s)
  assert.not.ok(valid(linear({ format: 'regex' }), '('))
})

format('a custom regex format wins over the engine check', () => {
  const v = newJSONSchema({ format: 'regex' }, { regex: 'linear', customFormats: { regex: () => true } })
  assert.ok(valid(v, '(?=a)'))
})

format.run()

const choice = suite('the engine is chosen per kernel and per schema')

choice('a kernel default applies to its schemas and a schema option overrides it', () => {
  const kernel = createKernel({ regex: 'linear' })
  assert.throws(() => kernel.newJSONSchema({ pattern: '(?=a)' }), /not supported by the linear engine/)
  assert.ok(kernel.newJSONSchema({ pattern: '(?=a)' }, { regex: 'ecmascript' }))
})

choice('the default is ecmascript, and linear in untrusted mode unless chosen explicitly', () => {
  assert.ok(newJSONSchema({ pattern: '(?=a)' }))
  assert.throws(() => newJSONSchema({ pattern: '(?=a)' }, { untrusted: true }), /linear engine/)
  assert.ok(newJSONSchema({ pattern: '(?=a)' }, { untrusted: true, regex: 'ecmascript' }))
})

choice('an unknown engine name is a TypeError naming the choices', () => {
  assert.throws(() => newJSONSchema({}, { regex: 'pcre' as never }), /regex must be 'ecmascript' or 'linear'/)
})

choice('a kernel without a linear engine says so as a SchemaError', async () => {
  const { Kernel } = await import('../../core/index.ts')
  const { standardKeywords, dialect2020 } = await import('../../plugins/index.ts')
  const bare = new Kernel({ dialects: [dialect2020], presets: standardKeywords, formats: {}, registry: {} }, { validateSchema: false })
  assert.ok(bare.newJSONSchema({ pattern: '^a' }).validate('ab') === null, 'ecmascript falls back to RegExp')
  assert.throws(() => bare.newJSONSchema({ pattern: '^a' }, { regex: 'linear' }), /"linear" regex engine .* is not loaded: import 'schemavet\/linear-regex'/)
})

choice.run()
