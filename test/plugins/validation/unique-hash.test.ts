/**
 * `uniqueItems` on lists past 16 items groups objects and arrays by a cheap hash before comparing
 * them structurally: the pair it reports is the first the pairwise comparison finds (the later
 * item's index smallest, then the earlier one's), key order never matters, 0 and -0 are equal, and
 * both tiers answer alike.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { checkEmit, uniqueItemsKeyword } from '../../../plugins/index.ts'

const test = suite('uniqueItems: hashed groups')

/** The first duplicate pair by brute force: the smallest i with an equal earlier item j (smallest j). */
function reference(a: unknown[]): [number, number] | undefined {
  const eq = (x: unknown, y: unknown): boolean => {
    if (x === y) return true
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (Array.isArray(x) !== Array.isArray(y)) return false
    const kx = Object.keys(x)
    if (kx.length !== Object.keys(y).length) return false
    return kx.every((k) => Object.prototype.hasOwnProperty.call(y, k) && eq((x as never)[k], (y as never)[k]))
  }
  for (let i = 1; i < a.length; i++) for (let j = 0; j < i; j++) if (eq(a[i], a[j])) return [j, i]
  return undefined
}

const base = () => Array.from({ length: 20 }, (_, i) => ({ id: i, name: `n${i}`, tags: [i % 3], nested: { a: i } }))
const lists: unknown[][] = [
  base(),
  [...base(), { nested: { a: 3 }, tags: [0], name: 'n3', id: 3 }],
  [...base(), { id: 3, name: 'n3', tags: [0], nested: { a: 4 } }],
  [...base(), { id: 3, name: 'n3', tags: [0] }],
  [...Array.from({ length: 17 }, (_, i) => [i, 'x']), [5, 'x']],
  [...Array.from({ length: 17 }, (_, i) => i), -0, 'a', 'a'],
  [...Array.from({ length: 17 }, (_, i) => ({ v: i === 0 ? 0 : i })), { v: -0 }],
  [...Array.from({ length: 17 }, (_, i) => ({ s: 'abcdefgh'.slice(0, i % 8) + i })), { s: 'abc3' }, { s: 'abc11' }, { s: 'abcdefg15' }],
  [...Array.from({ length: 17 }, () => ({})), {}],
  [...Array.from({ length: 18 }, (_, i) => ({ k: i, u: undefined })), { k: 2 }],
]

test('the pair found is the pairwise comparison\'s, in both tiers', () => {
  const interpreted = newJSONSchema({ uniqueItems: true }, { codegen: false })
  for (const list of lists) {
    const want = reference(list)
    const error = interpreted.validate(list)
    assert.equal(error === null ? undefined : [error.errors[0]!.params.j, error.errors[0]!.params.i], want, JSON.stringify(list).slice(0, 120))
  }
  assert.equal(checkEmit(uniqueItemsKeyword, [{ schema: { uniqueItems: true }, instances: lists }, { schema: { items: { uniqueItems: true } }, instances: [lists] }]), [])
})

test.run()
