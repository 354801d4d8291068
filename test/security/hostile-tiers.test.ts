/**
 * Unreadable data gets one answer in every tier: the interpreter (`codegen: false`), generated code
 * from the first call (`codegenThreshold: 0`) and the default options over 20 calls (interpreted,
 * then generated from the 16th). Generated code reads a value only where its answer depends on
 * it and hands anything that throws to the interpreter, so the interpreter must read no more than
 * that: a keyword reads a value only where it may fail on it. A matrix of applicators and
 * subschemas that cannot fail against throwing getters, revoked Proxies and throwing traps.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'

const tiers = suite('unreadable data: one answer in every tier, for every applicator')

const boom = (): never => {
  throw new Error('boom')
}
function revoked(target: object = {}): object {
  const { proxy, revoke } = Proxy.revocable(target, {})
  revoke()
  return proxy
}

const VALUES: [string, () => unknown][] = [
  ['a throwing getter at a', () => Object.defineProperty({ b: 1 }, 'a', { get: boom, enumerable: true })],
  ['a throwing getter at b', () => Object.defineProperty({ a: 'x' }, 'b', { get: boom, enumerable: true })],
  ['an array with a throwing getter at 0', () => Object.defineProperty([1, 2], 0, { get: boom, enumerable: true })],
  ['an array with a throwing getter at 1', () => Object.defineProperty(['x', 2], 1, { get: boom, enumerable: true })],
  ['a revoked Proxy', () => revoked()],
  ['a revoked Proxy of an array', () => revoked([])],
  ['{ a: a revoked Proxy }', () => ({ a: revoked() })],
  ['[a revoked Proxy]', () => [revoked()]],
  ['a Proxy whose get throws', () => new Proxy({ a: 1 }, { get: boom })],
  ['a Proxy whose has throws', () => new Proxy({ a: 1 }, { has: boom })],
]

/** Subschemas that cannot fail, and some that can. */
const SUBSCHEMAS: unknown[] = [{}, true, { description: 'only words' }, { type: 'string' }, false, { $ref: '#/$defs/s' }]
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#'

function schemas(): unknown[] {
  const out: unknown[] = []
  for (const s of SUBSCHEMAS) {
    out.push(
      { properties: { a: s } },
      { properties: { a: s }, additionalProperties: false },
      { properties: { b: s } },
      { additionalProperties: s },
      { properties: { a: {} }, additionalProperties: s },
      { patternProperties: { '^a': s } },
      { patternProperties: { '^a': s }, additionalProperties: false },
      { patternProperties: { '^a': true }, additionalProperties: s },
      { items: s },
      { prefixItems: [s] },
      { prefixItems: [s], items: false },
      { contains: s },
      { dependentSchemas: { a: s } },
      { propertyNames: s },
      { unevaluatedProperties: s },
      { unevaluatedItems: s },
      { allOf: [s] },
      { anyOf: [s, { type: 'number' }] },
      { oneOf: [s, { type: 'number' }] },
      { not: s },
      { if: s, then: { minProperties: 5 } },
      { $schema: DRAFT_07, items: [s], additionalItems: false },
      { $schema: DRAFT_07, items: [{}], additionalItems: s },
      { $schema: DRAFT_07, dependencies: { a: s } },
    )
  }
  out.push(
    { type: ['object', 'array'] },
    { type: ['object', 'array', 'string'] },
    { type: ['array', 'string'] },
    { type: ['object', 'null'] },
    { type: 'object' },
    { type: 'array' },
    { required: ['a'] },
    { maxProperties: 3 },
    { minItems: 1 },
    { uniqueItems: true },
    { enum: [{ a: 1 }] },
    { const: [1, 2] },
    { dependentRequired: { a: ['b'] } },
    { $schema: DRAFT_07, dependencies: { a: ['b'] } },
    { $schema: DRAFT_07, dependencies: { a: [] } },
    { $schema: 'http://json-schema.org/draft-04/schema#', properties: { a: {} }, additionalProperties: false },
  )
  return out.map((s) => ({ $defs: { s: { type: 'string' } }, ...(s as object) }))
}

/** The answers of one tier: each call's issue keywords and paths (every distinct one, joined). */
function answers(schema: unknown, options: object, make: () => unknown, calls: number): string {
  const v = newJSONSchema(schema, options)
  const seen = new Set<string>()
  for (let i = 0; i < calls; i++) seen.add(JSON.stringify(v.validate(make())?.errors.map((e) => `${e.keyword}@${e.instancePath}`) ?? null))
  return [...seen].join(' | ')
}

tiers('every schema of the matrix, every unreadable value', () => {
  const differ: string[] = []
  for (const schema of schemas()) {
    for (const [name, make] of VALUES) {
      const interpreted = answers(schema, { codegen: false }, make, 1)
      const generated = answers(schema, { codegenThreshold: 0 }, make, 2)
      const defaults = answers(schema, {}, make, 20)
      if (interpreted !== generated || interpreted !== defaults) differ.push(`${name} against ${JSON.stringify(schema)}: ${interpreted} / ${generated} / ${defaults}`)
    }
  }
  assert.equal(differ, [])
})

tiers('the reported cases, with their answers', () => {
  const getter = () => Object.defineProperty({}, 'a', { get: boom, enumerable: true })
  const one = (schema: unknown, make: () => unknown) => {
    const all = [answers(schema, { codegen: false }, make, 1), answers(schema, { codegenThreshold: 0 }, make, 2), answers(schema, {}, make, 20)]
    assert.equal(new Set(all).size, 1, `${JSON.stringify(schema)}: ${all.join(' / ')}`)
    return all[0]
  }
  // `a` is named, so not additional: its value is not read (the interpreter read it first, then asked).
  assert.is(one({ properties: { a: {} }, additionalProperties: false }, getter), 'null')
  assert.is(one({ properties: { a: {} }, additionalProperties: { type: 'string' } }, getter), 'null')
  assert.is(one({ patternProperties: { '^a': true }, additionalProperties: { type: 'string' } }, getter), 'null')
  // Objects and arrays both allowed: nothing tells them apart, so nothing reads the Proxy (the
  // interpreter asked Array.isArray: an issue for 15 calls, valid from the 16th).
  assert.is(one({ type: ['object', 'array', 'string'] }, () => revoked()), 'null')
  assert.is(one({ type: 'object' }, () => revoked()), '["exception@"]')
  // `items: false` is a length test.
  assert.is(one({ prefixItems: [{}], items: false }, () => Object.defineProperty(['x', 2], 1, { get: boom, enumerable: true })), '["items@"]')
})

tiers.run()
