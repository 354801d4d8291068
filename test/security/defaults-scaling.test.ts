/**
 * applyDefaults does work linear in the data on recursive `anyOf` / `oneOf` / `if`: the branch
 * tests at each level of the data reuse what the tests above learnt. Counted (subschema
 * applications), never timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { Run } from '../../core/evaluator/run.ts'
import { Driver } from '../../core/evaluator/driver.ts'

const scaling = suite('applyDefaults on recursive unions is linear')

/** Subschema applications `f` makes. */
function applications(f: () => void): number {
  let n = 0
  const apply = Run.prototype.apply
  Run.prototype.apply = function (this: Run, ...args: Parameters<typeof apply>) {
    n++
    return apply.apply(this, args)
  }
  try {
    f()
  } finally {
    Run.prototype.apply = apply
  }
  return n
}

function nested(depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown {
  let x = leaf
  for (let i = 0; i < depth; i++) x = wrap(x)
  return x
}

scaling('anyOf over arrays of itself, 1,000 / 4,000 / 16,000 deep', () => {
  const s = newJSONSchema({ anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#' } }] })
  const counts = [1000, 4000, 16000].map((d) => applications(() => applyDefaults(nested(d, (x) => [x], 1), s)))
  assert.ok(counts[1]! / counts[0]! <= 4 * 1.5, `x4 depth: ${counts.join(' / ')}`)
  assert.ok(counts[2]! / counts[1]! <= 4 * 1.5, `x4 depth: ${counts.join(' / ')}`)
})

scaling('a recursive union with defaults at every level fills each and stays linear', () => {
  const schema = {
    $defs: { v: { oneOf: [{ type: 'object', properties: { k: { default: 1 }, c: { $ref: '#/$defs/v' } } }, { type: 'string' }] } },
    $ref: '#/$defs/v',
  }
  const s = newJSONSchema(schema)
  const counts = [1000, 4000].map((d) =>
    applications(() => {
      let out = applyDefaults(nested(d, (x) => ({ c: x }), {}), s) as { k?: number; c?: unknown } | undefined
      let levels = 0
      for (; out !== undefined; out = out.c as typeof out) {
        assert.is(out.k, 1)
        levels++
      }
      assert.is(levels, d + 1)
    }),
  )
  assert.ok(counts[1]! / counts[0]! <= 4 * 1.5, `x4 depth: ${counts.join(' / ')}`)
})

scaling('a default filled in changes the answers about the objects above it', () => {
  // The `then` branch holds only when the default is in: its test after the fill sees it.
  const s = newJSONSchema({
    type: 'object',
    properties: { inner: { type: 'object', properties: { flag: { default: true } } } },
    if: { properties: { inner: { required: ['flag'] } } },
    then: { properties: { tag: { default: 'after' } } },
    else: { properties: { tag: { default: 'before' } } },
  })
  assert.equal(applyDefaults({ inner: {} }, s), { inner: { flag: true }, tag: 'after' })
})

scaling('one call runs its walk, its branch tests and its cycle checks on one driver', () => {
  // A schema with an in-place cycle (checked before and after the walk) and branch tests at each level.
  const s = newJSONSchema({
    anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#' } }],
    $defs: { loop: { if: { $ref: '#/$defs/loop' }, then: true } },
    properties: { never: { $ref: '#/$defs/loop' } },
  })
  const seen = new Set<Driver>()
  let calls = 0
  const names = ['run', 'test', 'walkDefaults'] as const
  const prototype = Driver.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const originals = names.map((name) => prototype[name]!)
  names.forEach((name, i) => {
    prototype[name] = function (this: Driver, ...args: unknown[]) {
      seen.add(this)
      if (name === 'test') calls++
      return originals[i]!.apply(this, args)
    }
  })
  try {
    assert.equal(applyDefaults(nested(50, (x) => [x], 1), s), nested(50, (x) => [x], 1))
  } finally {
    names.forEach((name, i) => (prototype[name] = originals[i]!))
  }
  assert.ok(calls >= 50, `a branch test per level (${calls})`)
  assert.is(seen.size, 1)
})

scaling.run()
