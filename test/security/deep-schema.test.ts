/**
 * Deep schemas in trusted mode: refusing one is linear in its depth (each level is located once,
 * its path made only when asked for), and a number keyword that parsed to Infinity says the
 * number is out of range.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, newJSONSchema } from '../../index.ts'

/** `keyword` nested `n` levels deep around `{ type: 'string' }`. */
function nest(keyword: string, n: number): unknown {
  let s: unknown = { type: 'string' }
  for (let i = 0; i < n; i++) s = keyword === 'not' ? { not: s } : { [keyword]: [s] }
  return s
}

/**
 * Array elements walked through the iterator protocol while `fn` runs (`for...of`, spreads: how
 * the library walks and copies its arrays, token paths included): a count of work, not of time.
 */
function iterated(fn: () => void): number {
  const proto = Array.prototype as unknown as Record<symbol, () => Iterator<unknown>>
  const original = proto[Symbol.iterator]!
  let steps = 0
  proto[Symbol.iterator] = function (this: unknown[]) {
    const it = original.call(this)
    return {
      next() {
        steps++
        return it.next()
      },
      [Symbol.iterator]() {
        return this
      },
    } as Iterator<unknown>
  }
  try {
    fn()
  } finally {
    proto[Symbol.iterator] = original
  }
  return steps
}

const refusal = suite('refusing a deeply nested schema is linear in its depth')

for (const keyword of ['allOf', 'anyOf', 'not']) {
  refusal(`${keyword} nested 6,000 and 12,000 levels: twice the depth, at most about twice the work`, () => {
    const work = (n: number) => {
      const schema = nest(keyword, n)
      return iterated(() => {
        try {
          newJSONSchema(schema)
          assert.unreachable('compiled')
        } catch (e) {
          assert.ok(SchemaError.isInstance(e), String(e))
        }
      })
    }
    work(6_000) // warm: the first compile of a dialect builds its meta-schema validators
    const small = work(6_000)
    const large = work(12_000)
    // Copying each level's path from the root was n²/2 token copies: 4x the work at twice the depth.
    assert.ok(large < 2.5 * small, `${small} elements iterated at 6,000 levels, ${large} at 12,000`)
  })
}

refusal.run()

const range = suite('a number keyword that parsed to Infinity says it is out of range')

for (const text of ['{"maximum":1e400}', '{"minimum":-1e400}', '{"exclusiveMaximum":1e400}', '{"multipleOf":1e400}', '{"maxLength":1e400}', '{"minItems":1e400}', '{"maxContains":1e400,"contains":{}}']) {
  range(text, () => {
    const schema = JSON.parse(text)
    for (const options of [{}, { validateSchema: false }, { untrusted: true }]) {
      try {
        newJSONSchema(schema, options)
        assert.unreachable('compiled')
      } catch (e) {
        assert.ok(SchemaError.isInstance(e), String(e))
        assert.match(e.message, /Infinity: the number is out of range/, `${JSON.stringify(options)}: ${e.message}`)
        assert.not.match(e.message, /must be a number$/)
      }
    }
  })
}

range('data holding Infinity is not a JSON value, and says why', () => {
  const issue = newJSONSchema({ type: 'number' }).validate(JSON.parse('[1e400]')[0])!.errors[0]!
  assert.match(issue.message, /^must be a JSON value \(got Infinity: the number is out of range/)
})

range.run()
