/**
 * `uniqueItems` against a reference built from canonical keys (sorted-key serializations) on
 * random arrays full of near-duplicates: objects with their keys in another order, 0 and -0,
 * nested arrays and objects, values differing at one leaf. Short arrays take the pair-by-pair
 * path, longer ones the hashing path; both must name the same first duplicate pair.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { canonicalKey } from '../../../core/index.ts'

let seed = 20261121
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return (seed >>> 12) % n
}

/** A small JSON value from a pool of few shapes, so equal values recur. */
function value(depth: number): unknown {
  const pick = random(depth > 2 ? 5 : 8)
  if (pick === 0) return random(3) - 1 || (random(2) === 0 ? 0 : -0)
  if (pick === 1) return ['a', 'b', ''][random(3)]
  if (pick === 2) return [true, false, null][random(3)]
  if (pick === 3) return random(2) + 0.5
  if (pick === 4) return random(2) === 0 ? {} : []
  if (pick < 7) {
    const keys = ['k', 'n', 'x'].filter(() => random(2) === 0)
    if (random(2) === 0) keys.reverse()
    return Object.fromEntries(keys.map((k) => [k, value(depth + 1)]))
  }
  return Array.from({ length: random(3) }, () => value(depth + 1))
}

function reference(items: unknown[]): [number, number] | undefined {
  const seen = new Map<string, number>()
  for (let i = 0; i < items.length; i++) {
    const key = canonicalKey(items[i])
    const j = seen.get(key)
    if (j !== undefined) return [j, i]
    seen.set(key, i)
  }
  return undefined
}

test('uniqueItems names the first duplicate pair as canonical keys do, short (pairwise) and long (hashed) arrays, both tiers', () => {
  const tiers = [newJSONSchema({ uniqueItems: true }, { codegen: false }), newJSONSchema({ uniqueItems: true }, { codegenThreshold: 0 })]
  const counts = { short: 0, long: 0, duplicates: 0 }
  for (let n = 0; n < 6000; n++) {
    const length = n % 3 === 0 ? 17 + random(8) : random(17)
    const items = Array.from({ length }, () => value(0))
    const expected = reference(items)
    if (expected !== undefined) counts.duplicates++
    if (length <= 16) counts.short++
    else counts.long++
    for (const tier of tiers) {
      const error = tier.validate(items)
      const got = error === null ? undefined : [error.errors[0]!.params.j, error.errors[0]!.params.i]
      assert.equal(got, expected, JSON.stringify(items))
    }
  }
  assert.ok(counts.short > 3000 && counts.long > 1500, JSON.stringify(counts))
  assert.ok(counts.duplicates > 1000 && counts.duplicates < 5500, JSON.stringify(counts))
})

test.run()
