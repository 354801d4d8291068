/** The fast path's question "could applyDefaults change this value?": never a wrong "no". */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { defaultsMayApply } from '../../repair/defaults-reach.ts'

const reach = suite('defaultsMayApply')

const schemas = [
  { properties: { a: { default: 1 }, b: { properties: { c: { default: 'x' } } } } },
  { $defs: { D: { type: 'object', properties: { n: { default: 0 } } } }, properties: { list: { items: { $ref: '#/$defs/D' } } } },
  { prefixItems: [{}, { default: 2 }] },
  { anyOf: [{ properties: { a: { default: 1 } } }, { type: 'string' }] },
  { if: { required: ['k'] }, then: { properties: { v: { default: true } } } },
  { additionalProperties: { properties: { z: { default: null } } } },
  { properties: { next: { $ref: '#' }, tag: { default: 't' } } },
  { properties: { plain: { type: 'integer' } } },
]

reach('answers yes where a default is missing and no where the value is complete', () => {
  const s = newJSONSchema(schemas[0])
  assert.ok(defaultsMayApply({}, s.root()))
  assert.ok(defaultsMayApply({ a: 1, b: {} }, s.root()))
  assert.not.ok(defaultsMayApply({ a: 1, b: { c: 'y' } }, s.root()))
  assert.not.ok(defaultsMayApply({ a: 1 }, newJSONSchema({ properties: { a: { type: 'integer' } } }).root()))
})

reach('a "no" always means applyDefaults returns an equal value (generated values, every schema)', () => {
  const compiled = schemas.map((s) => newJSONSchema(s))
  let no = 0
  fc.assert(
    fc.property(fc.nat(compiled.length - 1), fc.jsonValue({ maxDepth: 4 }), (i, value) => {
      const s = compiled[i]!
      if (defaultsMayApply(value, s.root())) return
      no++
      assert.equal(applyDefaults(value, s), value)
    }),
    { numRuns: 2000, seed: 27 },
  )
  assert.ok(no > 100, `only ${no} values were answered "no"`)
})

reach.run()
