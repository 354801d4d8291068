/**
 * One answer in every tier: a schema answers the same from its first call (interpreter) to its
 * twentieth (generated code, after the tier-up), and the same as a validator that never generates
 * code, for the shapes where generated code used to take a shortcut the interpreter does not.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError, applyDefaults, newJSONSchema } from '../../index.ts'

/** What a validate call answers: `valid`, or the issues' keywords and paths. */
function answer(error: ValidationError | null): string {
  return error === null ? 'valid' : error.errors.map((e) => `${e.keyword}@${e.instancePath}`).join(', ')
}

/** The answers of 20 calls with default options, and of validators without / only with generated code. */
function answers(schema: unknown, make: () => unknown): { hot: string[]; interpreted: string; generated: string } {
  const s = newJSONSchema(schema)
  const hot: string[] = []
  for (let i = 0; i < 20; i++) hot.push(answer(s.validate(make())))
  return {
    hot,
    interpreted: answer(newJSONSchema(schema, { codegen: false }).validate(make())),
    generated: answer(newJSONSchema(schema, { codegenThreshold: 0 }).validate(make())),
  }
}

function assertOneAnswer(schema: unknown, make: () => unknown, expected?: string): void {
  const { hot, interpreted, generated } = answers(schema, make)
  const label = JSON.stringify(schema)
  assert.equal(new Set(hot).size, 1, `${label}: the same call 20 times gave ${[...new Set(hot)].join(' | ')}`)
  assert.is(hot[0], interpreted, `${label}: default validator vs interpreter`)
  assert.is(generated, interpreted, `${label}: generated from the first call vs interpreter`)
  if (expected !== undefined) assert.is(interpreted, expected, label)
}

const cycles = suite('a reference cycle that consumes no input is an error on every call')

// A sibling keyword that decides the answer before the reference is reached: `type`, an empty
// `enum`, a `{}` branch, inside `if` (whose failure does not fail the whole), under `not`.
const NO_CONSUME = [
  { if: { $ref: '#', type: 'boolean' } },
  { if: { enum: [], $ref: '#' } },
  { anyOf: [{}, { $ref: '#' }] },
  { oneOf: [{}, { $ref: '#' }] },
  { not: { type: 'string', $ref: '#' } },
  { type: 'string', allOf: [{ $ref: '#' }] },
  { $defs: { a: { if: { $ref: '#/$defs/b' } }, b: { type: 'null', $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
  { properties: { p: { anyOf: [{ type: 'number' }, { $ref: '#/properties/p' }] } } },
]

cycles('validate gives the cycle error on call 1 and call 20, with and without generated code', () => {
  for (const schema of NO_CONSUME) {
    const data = 'properties' in schema ? { p: 0 } : 0
    assertOneAnswer(schema, () => data)
    assert.match(answers(schema, () => data).interpreted, /^\$ref@/, JSON.stringify(schema))
  }
})

cycles('applyDefaults throws the cycle error on a hot schema too', () => {
  for (const schema of NO_CONSUME) {
    const data = 'properties' in schema ? { p: 0 } : 0
    const s = newJSONSchema(schema)
    for (let i = 0; i < 20; i++) s.validate(data)
    assert.throws(() => applyDefaults(data, s), (e: unknown) => ValidationError.isInstance(e) && e.errors[0]!.keyword === '$ref')
  }
})

cycles.run()

const exotic = suite('data that cannot be read gets one answer in every tier')

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

function throwingGetter(): object {
  return Object.defineProperty({}, 'a', { get: () => { throw new Error('boom') }, enumerable: true })
}

function throwingItem(): unknown[] {
  return Object.defineProperty([1], 0, { get: () => { throw new Error('boom') }, enumerable: true })
}

exotic('a revoked Proxy is an object every read of which throws', () => {
  assertOneAnswer({}, revoked, 'valid')
  // Telling an object from an array is a read (Array.isArray throws on it).
  assertOneAnswer({ type: 'object' }, revoked, 'exception@')
  assertOneAnswer({ type: 'string' }, revoked, 'type@')
  assertOneAnswer({ maxLength: 2 }, revoked, 'valid')
  assertOneAnswer({ required: ['a'] }, revoked, 'exception@')
  assertOneAnswer({ minProperties: 1 }, revoked, 'exception@')
  assertOneAnswer({ properties: { a: { type: 'string' } } }, revoked, 'exception@')
  assertOneAnswer({ type: 'array', items: { type: 'string' } }, () => [revoked()], 'type@/0')
  assertOneAnswer({ items: { required: ['a'] } }, () => [revoked()], 'exception@')
})

exotic('a subschema that asserts nothing does not read its value, in either tier', () => {
  assertOneAnswer({ properties: { a: {} } }, throwingGetter, 'valid')
  assertOneAnswer({ properties: { a: { description: 'only words' } }, maxProperties: 1 }, throwingGetter, 'valid')
  assertOneAnswer({ properties: { a: { type: 'string' } } }, throwingGetter, 'exception@')
  assertOneAnswer({ additionalProperties: true }, throwingGetter, 'valid')
  assertOneAnswer({ patternProperties: { '^a': {} } }, throwingGetter, 'valid')
  assertOneAnswer({ items: {} }, throwingItem, 'valid')
  assertOneAnswer({ prefixItems: [true] }, throwingItem, 'valid')
  assertOneAnswer({ contains: true }, throwingItem, 'valid')
  assertOneAnswer({ contains: { type: 'number' } }, throwingItem, 'exception@')
  assertOneAnswer({ items: { $defs: {} }, unevaluatedItems: false }, () => [null, revoked()], 'valid')
  assertOneAnswer({ items: { $defs: {} } }, () => [null, revoked()], 'valid')
})

exotic('output() still applies annotation-only subschemas (it collects their annotations)', () => {
  const s = newJSONSchema({ properties: { a: { title: 'A' } } })
  const out = JSON.stringify(s.output({ a: 1 }, 'basic'))
  assert.match(out, /properties\/a\/title/)
})

exotic.run()

const caps = suite('limits count only what is reported')

caps('contains past maxWork gives one limit issue, not the issues of items that did not match', () => {
  const s = newJSONSchema({ type: 'array', contains: { const: 999 } }, { untrusted: true, maxWork: 1000 })
  const error = s.validate([...Array(1000).keys()])
  assert.equal(error?.errors.map((e) => e.keyword), ['limit'])
})

caps('maxErrors with allErrors counts reported issues: items that did not match contains are not issues', () => {
  const s = newJSONSchema({ type: 'array', contains: { const: 999 }, maxItems: 2 }, { allErrors: true, maxErrors: 5 })
  const error = s.validate([...Array(50).keys()])
  assert.equal(error?.errors.map((e) => e.keyword).sort(), ['contains', 'maxItems'])
  for (const branch of [{ not: { type: 'number' } }, { if: { type: 'number' }, then: false }]) {
    const t = newJSONSchema({ type: 'array', items: branch }, { allErrors: true, maxErrors: 3 })
    assert.ok(t.validate([1, 2, 3, 4])!.errors.length <= 3, JSON.stringify(branch))
  }
})

caps.run()

const hotMeta = suite('checking an untrusted schema costs the same once the meta-schema validator is hot')

hotMeta('nested shapes up to the depth limit: the same interpreter work in a fresh and a warm kernel', async () => {
  const { createKernel } = await import('../../index.ts')
  const { Run } = await import('../../core/evaluator/run.ts')
  let applications = 0
  const apply = Run.prototype.apply
  Run.prototype.apply = function (this: InstanceType<typeof Run>, ...args: Parameters<typeof apply>) {
    applications++
    return apply.apply(this, args)
  }
  try {
    const shapes: Record<string, (s: unknown) => unknown> = {
      dependentSchemas: (s) => ({ dependentSchemas: { x: s } }),
      anyOf: (s) => ({ anyOf: [s] }),
      contains: (s) => ({ contains: s }),
      additionalProperties: (s) => ({ additionalProperties: s }),
    }
    const work = (kernel: ReturnType<typeof createKernel>, schema: unknown): number => {
      applications = 0
      assert.throws(() => kernel.newJSONSchema(schema, { untrusted: true }), /invalid schema/)
      return applications
    }
    const warm = createKernel()
    for (let i = 0; i < 40; i++) warm.newJSONSchema({ type: 'object', properties: { a: { type: 'string' } } }, { untrusted: true })
    for (const [name, wrap] of Object.entries(shapes)) {
      // The default maxSchemaDepth (128) counts objects and arrays: 60 levels of these shapes fit.
      for (const levels of [10, 26, 60]) {
        let schema: unknown = { format: true }
        for (let i = 0; i < levels; i++) schema = wrap(schema)
        const fresh = work(createKernel(), schema)
        const hot = work(warm, schema)
        assert.ok(hot <= fresh * 1.1, `${name} x${levels}: ${hot} applications warm against ${fresh} fresh`)
      }
    }
  } finally {
    Run.prototype.apply = apply
  }
})

hotMeta.run()
