/** stringifyJson: JSON.stringify's text for data of any depth, and a CyclicDataError for data that contains itself. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { CyclicDataError, stringifyJson } from '../../../core/index.ts'

const test = suite('stringifyJson')

/** Values whose JSON.stringify text the deep writer must reproduce, each set inside deep nesting. */
const VALUES: unknown[] = [
  null, true, 0, -0, 1e21, 1.5, NaN, Infinity, 'a"b\\c\u2028\ud800', [], {}, [undefined, () => 1, Symbol('s')],
  { a: undefined, b: () => 1, c: 1, __proto__x: 2 }, JSON.parse('{"__proto__":1,"constructor":[]}'), new Date(0), [new Number(3), new String('s'), new Boolean(false)],
  { toJSON: () => ({ from: 'toJSON' }) }, Object.assign(Object.create(null), { z: 1, y: [2] }), [[], [{}], { x: [] }],
]

test('deeper than the platform JSON.stringify goes, the text is the one it would write', () => {
  const n = 50_000
  for (const v of VALUES) {
    for (const indent of [undefined, 2, '\t']) {
      const inner = JSON.stringify(v, null, indent)
      if (inner === undefined) continue
      const depth = indent === undefined ? n : 7_000 // indented text grows with the square of the depth
      let deep: unknown = v
      for (let i = 0; i < depth; i++) deep = [deep]
      const pad = indent === undefined ? '' : typeof indent === 'number' ? ' '.repeat(indent) : indent
      const nl = indent === undefined ? '' : '\n'
      const open: string[] = []
      const close: string[] = []
      for (let i = 0; i < depth; i++) {
        open.push(pad.repeat(i) + '[')
        close.push(pad.repeat(depth - 1 - i) + ']')
      }
      const body = inner.split('\n').map((line) => pad.repeat(depth) + line).join('\n')
      const expected = indent === undefined ? '['.repeat(n) + inner + ']'.repeat(n) : [...open, body, ...close].join(nl)
      assert.ok(stringifyJson(deep, indent) === expected, `${inner} with indent ${JSON.stringify(indent)}`)
    }
  }
})

test('data that contains itself throws CyclicDataError, shallow or deep; a BigInt throws as JSON.stringify does', () => {
  const a: unknown[] = []
  a.push(a)
  assert.throws(() => stringifyJson(a), (e: unknown) => e instanceof CyclicDataError)
  let deep: Record<string, unknown> = {}
  const bottom = deep
  for (let i = 0; i < 50_000; i++) deep = { c: deep }
  bottom.loop = deep
  assert.throws(() => stringifyJson(deep), (e: unknown) => e instanceof CyclicDataError)
  assert.throws(() => stringifyJson({ n: 1n }), (e: unknown) => e instanceof TypeError)
  // a shared (not cyclic) subtree is written at each place
  const shared = { x: 1 }
  assert.is(stringifyJson([shared, shared]), '[{"x":1},{"x":1}]')
})

test.run()
