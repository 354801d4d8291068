/**
 * Simple anchored patterns compiled to code-unit scans in generated code (`regex/scan.ts`):
 * each scan answers as `RegExp` with the `u` flag on many strings, including surrogates and
 * astral characters; patterns whose greedy reading is not the only one are left to the engine.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { js, newJSONSchema } from '../../index.ts'
import { scanStatements } from '../../regex/scan.ts'

const scan = suite('pattern scans')

/** The scan of `source` as a function, or undefined when the pattern is refused. */
function scanner(source: string): ((x: string) => boolean) | undefined {
  const write = scanStatements(source)
  if (write === undefined) return undefined
  return new Function('x', `var a; ${write(js`a`)}\nreturn a;`) as (x: string) => boolean
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible string. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Strings over the pattern's own characters plus neighbours, a surrogate pair, lone surrogates. */
function* samples(source: string, count: number): Generator<string> {
  const own = [...new Set(source.replace(/[\\^$[\]{}+*?,]/g, ''))]
  const extra = ['a', 'Z', '0', '9', '-', '.', '/', ' ', '\n', 'é', '\u{1F600}', '\uD83D', '\uDE00', '\uFFFF', '\u0000']
  const alphabet = [...own, ...extra]
  const next = random(source.length * 7919 + 17)
  yield ''
  for (let k = 0; k < count; k++) {
    const length = Math.floor(next() * 14)
    let s = ''
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)]
    yield s
  }
}

const TAKEN = [
  '^[A-Z]{2}$',
  '^TCK-[0-9]{6}$',
  '^[a-z]+\\/[a-z0-9.+-]+$',
  '^[a-z][a-z0-9_]*$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^[0-9]{3,5}x?$',
  '^a{2,}b*$',
  '^[a-f0-9]{8}',
  '^$',
  '^',
  '^[\\u00e0-\\u00ef]+ÿ?$',
  '^\\w+@\\d*$',
  '^[a-z]{0}b$',
]

scan('each taken pattern answers as RegExp with u on every sample', () => {
  for (const source of TAKEN) {
    const f = scanner(source)
    assert.ok(f !== undefined, `${source} should be scanned`)
    const re = new RegExp(source, 'u')
    let checked = 0
    for (const s of samples(source, 4000)) {
      assert.is(f(s), re.test(s), `${source} on ${JSON.stringify(s)}`)
      checked++
    }
    assert.ok(checked > 4000)
  }
})

scan('exact matches and near misses of the bench patterns', () => {
  const cases: [string, string, boolean][] = [
    ['^TCK-[0-9]{6}$', 'TCK-004217', true],
    ['^TCK-[0-9]{6}$', 'TCK-42', false],
    ['^TCK-[0-9]{6}$', 'TCK-0042170', false],
    ['^[A-Z]{2}$', 'NO', true],
    ['^[A-Z]{2}$', 'Norway', false],
    ['^[a-z]+\\/[a-z0-9.+-]+$', 'application/pdf', true],
    ['^[a-z]+\\/[a-z0-9.+-]+$', 'application/', false],
    ['^[a-z]+\\/[a-z0-9.+-]+$', '/pdf', false],
    ['^[a-z]+\\/[a-z0-9.+-]+$', 'image/svg+xml\n', false],
  ]
  for (const [source, s, expected] of cases) assert.is(scanner(source)!(s), expected, `${source} on ${s}`)
})

scan('patterns whose greedy reading may not be the only one, or beyond single code units, are refused', () => {
  const refused = [
    '^a*a$', // the repeat shares `a` with what follows
    '^[a-z]+[a-z0-9]$',
    '^a*b?a$', // an optional item between does not separate them
    'abc', // not anchored at the start
    '^(a|b)$', // alternation
    '^(?:ab)+$', // a group
    '^.+$', // `.` matches astral code points (two code units)
    '^[^a]$', // negated: matches astral code points too
    '^\\p{L}+$', // property escapes
    '^[\\u{10000}-\\u{10FFFF}]$',
    '^[\\uD800-\\uDFFF]$', // surrogates are code points of their own under u
    '^a\\b', // other assertions
    '^a$b',
  ]
  for (const source of refused) assert.is(scanStatements(source), undefined, source)
})

scan('a schema with a scanned pattern gives the same answers and issue on both tiers', () => {
  const schema = { type: 'object', properties: { country: { type: 'string', pattern: '^[A-Z]{2}$' } } }
  const hot = newJSONSchema(schema, { codegenThreshold: 0 })
  const closures = newJSONSchema(schema, { codegen: false })
  for (const country of ['NO', 'no', 'NOR', '', 'N\u{1F600}', 'N']) {
    const a = hot.validate({ country })
    const b = closures.validate({ country })
    assert.equal(a?.errors ?? null, b?.errors ?? null, country)
  }
  assert.is(hot.validate({ country: 'Norway' })?.errors[0]?.instancePath, '/country')
})

scan.run()
