/**
 * `maxWork` charges the work that grows with the size of a value, not only one unit per keyword:
 * an object's keys listed, an array's items hashed and compared, a string scanned or compiled as a
 * pattern, an equality with a large `const` or `enum`, an issue recorded. Each case is shown by
 * counting: a budget the value's size needs is refused below that size and met above it, and
 * the same keyword on a value 4x as large needs about 4x the budget (the least budget that
 * passes, found by bisection, is the work the call was charged).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import '../../linear-regex.ts'

/** The least `maxWork` with which `validate(data)` does not end with the `limit` issue. */
function charged(schema: unknown, data: unknown, options: Record<string, unknown> = {}): number {
  const limited = (maxWork: number) => newJSONSchema(schema, { maxWork, ...options }).validate(data)?.errors[0]?.keyword === 'limit'
  let lo = 1
  let hi = 1
  while (limited(hi)) hi *= 2
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (limited(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}

const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))
const charges = suite('work that grows with a value is charged in proportion to it')

/** The charge at size n and at 4n: the larger must be about 4x (the keyword's own units aside). */
function scales(name: string, schema: unknown, make: (n: number) => unknown, n: number, options?: Record<string, unknown>, atLeast = 0) {
  const at = (size: number) => (typeof schema === 'function' ? (schema as (n: number) => unknown)(size) : schema)
  charges(name, () => {
    const small = charged(at(n), make(n), options)
    const large = charged(at(4 * n), make(4 * n), options)
    assert.ok(small > 16 && small >= atLeast * n, `${name}: ${small} units for size ${n} (at least ${atLeast * n})`)
    const ratio = large / small
    assert.ok(ratio > 3.5 && ratio < 4.5, `${name}: ${small} units at ${n}, ${large} at ${4 * n} (ratio ${ratio.toFixed(2)})`)
  })
}

// Keys: 4 units each for the listing (KEY_WORK) besides each test and application.
scales('patternProperties: each key listed and each key × pattern test', { patternProperties: { '^x': { type: 'integer' }, 'y$': { type: 'integer' } } }, wide, 500, {}, 6)
scales('additionalProperties: each key listed', { properties: { a: {} }, additionalProperties: { type: 'integer' } }, wide, 500, {}, 6)
scales('propertyNames: each key listed', { propertyNames: { type: 'string' } }, wide, 500, {}, 6)
scales('minProperties: counting keys lists them', { minProperties: 1 }, wide, 500)
scales('unevaluatedProperties: each key listed', { unevaluatedProperties: { type: 'integer' } }, wide, 500, {}, 6)
scales('uniqueItems: each item hashed', { uniqueItems: true }, (n) => Array.from({ length: n }, (_, i) => ({ a: i })), 500)
scales('uniqueItems: each comparison of items of one hash', { uniqueItems: true }, (n) => Array.from({ length: Math.round(Math.sqrt(n * 64)) }, (_, i) => [[i]]), 500)
scales('format regex: compiling the string', { format: 'regex' }, (n) => 'a'.repeat(n), 2_000)
scales('format regex, linear engine: checking the string', { format: 'regex' }, (n) => 'a'.repeat(n), 2_000, { regex: 'linear' })
scales('format: a checker scans the string', { format: 'email' }, (n) => 'a'.repeat(n), 64_000)
// A limit between half the string's length and its length: only counting code points decides.
scales('minLength: counting code points scans the string', (n: number) => ({ minLength: n / 2 + 1 }), (n) => '\u{1F600}'.repeat(n / 2), 64_000)
scales('enum: a string is hashed whole', { enum: ['a', 'b'] }, (n) => 'c'.repeat(n), 64_000)
scales('const: the comparison reads up to the size of the value', { items: { const: wide(50) } }, (n) => new Array(n / 50).fill(wide(50)), 500, {}, 1)

charges('a Unicode property escape in the regex format costs as the platform compiles it, and a long one is refused before it compiles', () => {
  const plain = charged({ format: 'regex' }, 'a'.repeat(100))
  const escapes = charged({ format: 'regex' }, '\\p{L}'.repeat(20))
  assert.ok(escapes > 20 * plain, `${escapes} units for 20 escapes, ${plain} for 100 letters`)
  // 1 MB of \p{L} took seconds before it was charged: now the charge ends it before the compile.
  const v = newJSONSchema({ format: 'regex' }, { untrusted: true })
  assert.is(v.validate('\\p{L}'.repeat(200_000))?.errors[0]?.keyword, 'limit')
})

charges('an issue recorded is charged: a failing union records one per branch', () => {
  const schema = { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'boolean' }] }
  const valid = charged(schema, true)
  const failing = charged(schema, null, { allErrors: true })
  assert.ok(failing >= valid + 3 * 16, `${failing} units failing, ${valid} passing`)
})

charges('budgets change no answer: with room to spare, charged and uncharged validators agree', () => {
  const schema = { uniqueItems: true, items: { format: 'regex', minLength: 1 }, maxItems: 10 }
  for (const data of [['a', 'b'], ['a', 'a'], ['(', 'b'], ['', 'x'], ['\\p{L}', '[a-z]+']]) {
    const free = newJSONSchema(schema).validate(data)?.errors.map((e) => e.keyword)
    const budgeted = newJSONSchema(schema, { maxWork: 1e9 }).validate(data)?.errors.map((e) => e.keyword)
    assert.equal(budgeted, free, JSON.stringify(data))
  }
})

charges.run()
