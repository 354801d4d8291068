/**
 * When a validator moves to generated code. With `codegenThreshold` given, after exactly that
 * many validations. Without it, after at least 16, and not before the interpreter has run 32
 * steps per step of the compiled graph (each pass counting 16 steps more): a large schema whose
 * documents touch a small part of it stays interpreted for longer. Counted in steps and
 * validations, never in time.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'

const test = suite('tier-up')

type Compiled = ReturnType<typeof newJSONSchema>
/** The validator's internal state: whether it has moved, and the generated check it got. */
const state = (v: Compiled) => v as unknown as { tiered: boolean; generated: unknown }

/** Validations of `data` until the validator has moved (at most `limit`), or undefined. */
function movesAfter(v: Compiled, data: unknown, limit: number): number | undefined {
  for (let n = 1; n <= limit; n++) {
    assert.ok(v.isValid(data), 'the datum is valid')
    if (state(v).tiered) return n
  }
  return undefined
}

/** `{ type: 'object', properties: { p0: ..., pN: ... } }`, each property an object of its own. */
function wide(n: number) {
  const properties: Record<string, unknown> = {}
  for (let i = 0; i < n; i++) properties[`p${i}`] = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', minimum: 0 } } }
  return { type: 'object', properties }
}

test('a small schema moves after a few dozen validations at most', () => {
  const v = newJSONSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })
  // Each pass counts for its steps and 16 more; the graph has 14 steps (one per instance type
  // each node lists a step under), so 448 are needed: 16 passes are not enough.
  const n = movesAfter(v, { a: 'x' }, 1000)
  assert.ok(n !== undefined && n > 16 && n < 40, `moved after ${n}`)
  assert.ok(state(v).generated !== null, 'generated code after the move')
})

test('a large schema with sparse data waits for work in proportion to its size', () => {
  const schema = wide(200)
  const sparse = { p0: { a: 'x' } }
  const dense = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, { a: 'x', b: 1 }]))
  const few = movesAfter(newJSONSchema(schema), sparse, 100_000)
  const many = movesAfter(newJSONSchema(schema), dense, 100_000)
  assert.ok(few !== undefined && many !== undefined, `moves eventually (${few}, ${many})`)
  // The dense document runs every node once, a step of each, where the graph counts a step per
  // instance type a node lists one under (about four per node here): 32 graph-steps' worth
  // takes about 130 such passes. The sparse one runs three nodes of 601: far more validations.
  assert.ok(many >= 16 && many < 400, `dense: moved after ${many}`)
  assert.ok(few > 20 * many, `sparse: moved after ${few}, dense after ${many}`)
})

test('a given codegenThreshold counts validations only', () => {
  const schema = wide(200)
  for (const threshold of [1, 16, 40]) {
    assert.is(movesAfter(newJSONSchema(schema, { codegenThreshold: threshold }), { p0: { a: 'x' } }, 1000), threshold)
  }
  const eager = newJSONSchema(schema, { codegenThreshold: 0 })
  assert.ok(state(eager).tiered && state(eager).generated !== null, 'threshold 0: at once')
})

test('without code generation nothing waits: the move is made once and stays interpreted', () => {
  const v = newJSONSchema(wide(200), { codegen: false })
  assert.is(movesAfter(v, { p0: { a: 'x' } }, 100), 16)
  assert.is(state(v).generated, null)
})

test.run()
