/**
 * `properties` with many optional names walks the object's own keys in generated code (a
 * `switch` per key, a `Map` to an index past 32 names, `required` counted in the walk, an
 * unknown key failing where `additionalProperties` is `false`). It agrees with the interpreter
 * (answer and issues, whatever the key order), and stays right with `Object.prototype` polluted.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { additionalPropertiesKeyword, checkEmit, propertiesKeyword, requiredKeyword } from '../../../plugins/index.ts'
import type { EmitCase } from '../../../plugins/index.ts'

const test = suite('properties: the key walk')

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`)
/** Alternate types so objects fail at any name: even names strings, odd ones integers. */
const props = (n: number) => Object.fromEntries(names(n).map((p, i) => [p, i % 2 === 0 ? { type: 'string' } : { type: 'integer', minimum: 0 }]))
const good = (i: number) => (i % 2 === 0 ? 's' : i)
const bad = (i: number) => (i % 2 === 0 ? 1 : 'x')

function instances(n: number): unknown[] {
  const out: unknown[] = [{}, { p0: 's' }, { other: 1 }, { p0: undefined }, { p1: undefined, p2: 's' }]
  // Sparse objects in varied orders, valid and failing at one or two names (a later name first).
  for (const at of [0, 1, 5, n - 1]) {
    out.push({ [`p${at}`]: good(at), other: true })
    out.push({ [`p${at}`]: bad(at) })
    out.push({ [`p${n - 1}`]: bad(n - 1), [`p${at}`]: bad(at) })
    out.push({ zzz: 1, [`p${at}`]: good(at), p3: bad(3) })
  }
  out.push(Object.fromEntries(names(n).map((p, i) => [p, good(i)])))
  out.push(Object.fromEntries(names(n).reverse().map((p) => [p, good(Number(p.slice(1)))])))
  // Inherited values are not properties; a null prototype changes nothing.
  out.push(Object.create({ p0: 1, p1: 'x' }))
  out.push(Object.assign(Object.create(null), { p0: 's', p1: 2 }))
  out.push(Object.assign(Object.create(null), { p0: 2 }))
  out.push([], 'text', 3, null)
  return out
}

for (const n of [14, 40]) {
  test(`${n} names: open, required (declared or not), closed`, () => {
    const cases: EmitCase[] = [
      { schema: { type: 'object', properties: props(n) }, instances: instances(n) },
      { schema: { properties: props(n), required: ['p1', 'p4', 'zz'] }, instances: [...instances(n), { p1: 1, p4: 's', zz: 0 }, { p1: 1, p4: 's', zz: undefined }, { zz: null, p4: 's', p1: 3, p7: 'x' }] },
      { schema: { type: 'object', properties: props(n), additionalProperties: false }, instances: instances(n) },
      { schema: { type: 'object', properties: props(n), required: ['p0'], additionalProperties: false }, instances: [...instances(n), { p0: 's', x: undefined }] },
      { schema: { properties: { a: { properties: props(n), required: ['p2'] } } }, instances: instances(n).map((a) => ({ a })) },
    ]
    for (const options of [{}, { allErrors: true }]) {
      const withOptions = cases.map((c) => ({ ...c, options }))
      assert.equal(checkEmit(propertiesKeyword, withOptions), [])
      assert.equal(checkEmit(requiredKeyword, withOptions.filter((c) => JSON.stringify(c.schema).includes('required'))), [])
      assert.equal(checkEmit(additionalPropertiesKeyword, withOptions.filter((c) => JSON.stringify(c.schema).includes('additionalProperties'))), [])
    }
  })
}

test('with Object.prototype polluted (enumerable names the schema declares), the walk answers right', () => {
  const schema = { type: 'object', properties: props(20), required: ['p0', 'p3'], additionalProperties: false }
  const generated = newJSONSchema(schema, { codegenThreshold: 0 })
  const interpreted = newJSONSchema(schema, { codegen: false })
  const proto = Object.prototype as Record<string, unknown>
  proto.p0 = 's'
  proto.p3 = 'not an integer'
  proto.extra = 1
  try {
    for (const x of [{}, { p0: 's' }, { p0: 's', p3: 1 }, { p3: 1, p0: 's', p5: 2 }, { p0: 's', p3: 1, p2: 3 }]) {
      assert.is(generated.isValid(x), interpreted.isValid(x), JSON.stringify(x))
      assert.equal(generated.validate(x)?.errors, interpreted.validate(x)?.errors, JSON.stringify(x))
    }
    assert.is(generated.isValid({}), false)
    assert.is(generated.isValid({ p0: 's', p3: 1 }), true)
  } finally {
    delete proto.p0
    delete proto.p3
    delete proto.extra
  }
})

test.run()
