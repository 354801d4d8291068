/**
 * Explaining a failure costs work linear in the data: a recursive union failing at every level of
 * deep data (the `allErrors` default of `parseModelOutput`, `parseToolCall` and the MCP validator)
 * neither copies the issues of the branches below at each level nor reads each level's instance
 * path anew. Counted (issues moved, characters of long strings sliced), never timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import { Run } from '../../core/evaluator/run.ts'

const scaling = suite('explaining a deep failure is linear')

interface Counted {
  /** Issues taken out, put back or pushed (each a copy of a reference into a list). */
  moved: number
  /** Characters of strings longer than 256 that were sliced (V8 copies a deep path whole to slice it). */
  sliced: number
}

/** What `f` moves and slices. */
function counted(f: () => void): Counted {
  const out = { moved: 0, sliced: 0 }
  const proto = Run.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const take = proto.takeErrors!
  const restore = proto.restoreErrors!
  const push = proto.push!
  const slice = String.prototype.slice
  proto.takeErrors = function (this: Run, ...args: unknown[]) {
    const taken = take.apply(this, args) as unknown[]
    out.moved += taken.length
    return taken
  }
  proto.restoreErrors = function (this: Run, ...args: unknown[]) {
    out.moved += (args[0] as unknown[]).length
    return restore.apply(this, args)
  }
  proto.push = function (this: Run, ...args: unknown[]) {
    out.moved++
    return push.apply(this, args)
  }
  String.prototype.slice = function (this: string, ...args: [number?, number?]) {
    if (this.length > 256) out.sliced += this.length
    return slice.apply(this, args)
  }
  try {
    f()
  } finally {
    proto.takeErrors = take
    proto.restoreErrors = restore
    proto.push = push
    String.prototype.slice = slice
  }
  return out
}

/** `{"a":{"a":...{"a":"x"}}}`, `n` levels. */
const chain = (n: number) => JSON.parse('{"a":'.repeat(n) + '"x"' + '}'.repeat(n)) as unknown

const union = (keyword: 'anyOf' | 'oneOf') => ({
  $defs: { t: { [keyword]: [{ type: 'integer' }, { type: 'object', properties: { a: { $ref: '#/$defs/t' } } }] } },
  $ref: '#/$defs/t',
})

for (const keyword of ['anyOf', 'oneOf'] as const) {
  for (const allErrors of [true, false]) {
    scaling(`a deep failing ${keyword} (allErrors: ${allErrors}), 1,000 / 4,000 levels`, () => {
      const s = newJSONSchema(union(keyword), { allErrors, codegen: false })
      const [small, large] = [1000, 4000].map((n) => {
        const data = chain(n)
        let error: ReturnType<typeof s.validate> = null
        const c = counted(() => (error = s.validate(data)))
        assert.ok(error !== null)
        return c
      })
      const ratio = (k: keyof Counted) => large![k] / Math.max(1, small![k])
      assert.ok(ratio('moved') <= 4 * 1.5, `issues moved, x4 depth: ${small!.moved} / ${large!.moved}`)
      assert.ok(large!.sliced <= 4 * 1.5 * Math.max(small!.sliced, 4000), `long strings sliced, x4 depth: ${small!.sliced} / ${large!.sliced}`)
    })
  }
}

scaling('the summary of a deep failure names the path below it as before (its end past 80 characters)', () => {
  // A failure 50 levels below each alternative (a path of 100 characters), 300 levels deep.
  let below: unknown = { type: 'integer' }
  for (let i = 0; i < 50; i++) below = { type: 'object', properties: { a: below }, required: ['a'] }
  const s = newJSONSchema(
    { $defs: { t: { anyOf: [{ type: 'boolean' }, { type: 'object', properties: { a: { $ref: '#/$defs/t' } } }, below] } }, $ref: '#/$defs/t' },
    { allErrors: true, maxErrors: 100_000, codegen: false },
  )
  const error = s.validate(chain(300))!
  const unions = error.errors.filter((e) => e.keyword === 'anyOf')
  assert.ok(unions.length > 250)
  // Levels with 50 below them whose paths are long (the evaluator keeps their ends).
  const deep = unions.filter((u) => u.instancePath.length > 300 && u.instancePath.length < 2 * 250)
  assert.ok(deep.length > 50)
  for (const e of deep) {
    const first = error.errors.find((i) => i.keyword === 'type' && i.instancePath.length === e.instancePath.length + 100 && i.instancePath.startsWith(e.instancePath))
    assert.ok(first !== undefined)
    assert.ok(e.message.includes(`alternative 2 at ...${first.instancePath.slice(-77)}: must be an integer`), e.message.slice(0, 400))
  }
  // A short one, whole.
  const near = error.errors.find((e) => e.keyword === 'anyOf' && e.instancePath.length === 2 * 299)!
  assert.ok(near.message.includes('alternative 1 at /a: '), near.message)
})

scaling.run()
