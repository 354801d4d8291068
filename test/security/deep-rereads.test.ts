/**
 * Deep data is evaluated in parts (each on a fresh stack) and a part is retried once its deep
 * parts have answered: a part is retried a few times however many deep parts it has, so a read
 * of the data is repeated a number of times bounded by the schema, not by the number of parts or
 * the depth. Data that answers a read anew (a getter or a Proxy that makes a new object each
 * time) gets an `exception` issue instead of a retry without end, in every tier. Counted (reads,
 * subschema applications), never timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import { Run } from '../../core/evaluator/run.ts'

const rereads = suite('deep data is read a bounded number of times')

/** `n` nested arrays. */
function deep(n: number): unknown[] {
  let x: unknown[] = []
  for (let i = 0; i < n; i++) x = [x]
  return x
}

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

const SCHEMA = { $defs: { t: { items: { $ref: '#/$defs/t' } } }, properties: { a: { $ref: '#/$defs/t' } } }
/** The interpreter, generated code from the first call, and the default options called 20 times. */
const TIERS = [{ codegen: false }, { codegenThreshold: 0 }, {}] as const

rereads('a getter that returns a new deep value on each read: an exception issue, the getter read a few times per call', () => {
  for (const options of TIERS) {
    const v = newJSONSchema(SCHEMA, options)
    let reads = 0
    const data = {
      get a() {
        reads++
        return deep(500)
      },
    }
    for (let call = 0; call < 20; call++) {
      reads = 0
      const error = v.validate(data)
      assert.equal(error?.errors.map((e) => e.keyword), ['exception'], JSON.stringify(options))
      assert.ok(error!.errors[0]!.message.includes('answered a second read differently'), error!.errors[0]!.message)
      assert.ok(reads <= 4, `${JSON.stringify(options)} call ${call}: ${reads} reads`)
      assert.is(v.isValid(data), false)
    }
  }
})

rereads('a Proxy that wraps every read in a new Proxy: an exception issue, in every tier', () => {
  const wrap = (target: object, count: { reads: number }): object =>
    new Proxy(target, {
      get(o, k) {
        count.reads++
        const v = Reflect.get(o, k)
        return typeof v === 'object' && v !== null ? wrap(v, count) : v
      },
    })
  for (const options of TIERS) {
    const v = newJSONSchema(SCHEMA, options)
    for (let call = 0; call < 20; call++) {
      const count = { reads: 0 }
      assert.equal(v.validate(wrap({ a: deep(500) }, count))?.errors.map((e) => e.keyword), ['exception'])
      // Each of the 500 levels is read a few times (its length and its item, per round), not without end.
      assert.ok(count.reads < 20 * 500, `${count.reads} reads`)
    }
  }
})

rereads('a getter over deep data with many deep parts is read as often for 10 parts as for 80', () => {
  const readsFor = (parts: number, options: object) => {
    const value = Array.from({ length: parts }, () => deep(400))
    let reads = 0
    const data = {
      get a() {
        reads++
        return value
      },
    }
    const v = newJSONSchema(SCHEMA, options)
    for (let call = 0; call < 20; call++) assert.is(v.validate(data), null)
    return reads
  }
  for (const options of TIERS) {
    const few = readsFor(10, options)
    const many = readsFor(80, options)
    // Before: one read per part and call (each part retried the root).
    assert.ok(many === few, `${JSON.stringify(options)}: ${few} reads for 10 parts, ${many} for 80`)
    assert.ok(few <= 20 * 4, `${few} reads in 20 calls`)
  }
})

rereads('many deep parts cost work linear in their number (each part retried its parent before)', () => {
  const v = newJSONSchema({ items: { $ref: '#' } }, { codegen: false })
  const [small, large] = [20, 80].map((parts) => {
    const data = Array.from({ length: parts }, () => deep(400))
    return applications(() => assert.is(v.validate(data), null))
  })
  assert.ok(large! / small! <= 4 * 1.5, `x4 parts: ${small} / ${large}`)
  // And on the failure pass: the last part fails, every part's answer is kept.
  const bad = Array.from({ length: 80 }, () => deep(400))
  let leaf = bad[79] as unknown[]
  for (let i = 0; i < 399; i++) leaf = leaf[0] as unknown[]
  leaf.push(1)
  const t = newJSONSchema({ items: { anyOf: [{ type: 'array', maxItems: 1 }, { const: 7 }], $ref: '#' } }, { codegen: false })
  const error = t.validate(bad)
  assert.ok(error !== null)
  assert.ok(error.errors.some((e) => e.instancePath === '/79' + '/0'.repeat(399) + '/1'))
})

rereads('a part that runs after its round sees its own path: shared subtrees are not taken for data that contains itself', () => {
  // X (a deep chain) sits at depth 2 under B, so the round's walk under B (the last it walks)
  // leaves X on the path; under A it sits 400 levels down, inside the first part the round split
  // off. That part must be checked with A's path above it, not the walk's last one.
  const x = deep(450)
  let a: unknown[] = [x]
  for (let i = 0; i < 400; i++) a = [a]
  const data = [a, [x]]
  for (const options of TIERS) {
    const v = newJSONSchema({ items: { $ref: '#' } }, options)
    for (let call = 0; call < 20; call++) assert.is(v.validate(data), null, JSON.stringify(options))
  }
  // Data that does contain itself, deeper than a part, is still caught.
  const loop: unknown[] = []
  let at: unknown[] = loop
  for (let i = 0; i < 1000; i++) at.push((at = []))
  at.push(loop)
  assert.equal(newJSONSchema({ items: { $ref: '#' } }, { codegen: false }).validate([loop])?.errors.map((e) => e.keyword), ['cyclic'])
})

rereads.run()
