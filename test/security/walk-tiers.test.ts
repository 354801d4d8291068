/**
 * A `properties` with many optional names walks the object's own keys in generated code
 * (`for...in`) instead of reading each name; the interpreter reads each name. Both must give the
 * same answer: a non-enumerable own property is seen by every tier where a name is read
 * (`properties`, `required`) and by none where keys are listed (`additionalProperties`), as the
 * interpreter does; and under `additionalProperties: false` a required name that `properties`
 * does not declare is an additional property in every tier. Found by the hostile-value fuzz.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import type { JSONSchemaValidator } from '../../index.ts'

const walk = suite('the key walk gives the interpreter answer')

/** 13 optional names (past the walk's 12), `constructor` an integer, the rest open. */
const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'm', 'constructor']
function wide(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties: Object.fromEntries(NAMES.map((n) => [n, n === 'constructor' ? { type: 'integer' } : {}])), ...extra }
}

/** Each tier's answers on `data` (a function: each call builds it anew): the issues' keyword and path, or `valid`. */
function answers(schema: unknown, data: () => unknown): string[] {
  const tiers: JSONSchemaValidator[] = [newJSONSchema(schema, { codegen: false }), newJSONSchema(schema, { codegenThreshold: 0 }), newJSONSchema(schema)]
  const out: string[] = []
  for (const [t, v] of tiers.entries()) {
    // The default tier moves to generated code at the 16th call.
    for (let call = 0; call < (t === 2 ? 20 : 1); call++) {
      const e = v.validate(data())
      out.push(e === null ? 'valid' : e.errors.map((i) => `${i.keyword} ${i.instancePath}`).join(' | '))
    }
  }
  return out
}

const hidden = (name: string, value: unknown, base: Record<string, unknown> = {}) => Object.defineProperty({ ...base }, name, { value, enumerable: false, writable: true, configurable: true })

for (const [label, extra] of [
  ['open', {}],
  ['closed', { additionalProperties: false }],
  ['with required', { required: ['a'] }],
] as const) {
  walk(`${label}: a non-enumerable declared property is checked in every tier`, () => {
    const base = label === 'with required' ? { a: 1 } : {}
    const got = answers(wide(extra), () => hidden('constructor', [], base))
    assert.equal(new Set(got), new Set(['type /constructor']), got.join(', '))
    const fine = answers(wide(extra), () => hidden('constructor', 3, base))
    assert.equal(new Set(fine), new Set(['valid']), fine.join(', '))
  })
}

walk('a non-enumerable required property is present in every tier; a non-enumerable unknown key is not additional', () => {
  const got = answers(wide({ required: ['a', 'zz'], additionalProperties: false }), () => hidden('zz', 1, { a: 1 }))
  assert.equal(new Set(got), new Set(['valid']), got.join(', '))
  const open = answers(wide({ required: ['zz'] }), () => hidden('zz', 1))
  assert.equal(new Set(open), new Set(['valid']), open.join(', '))
  const missing = answers(wide({ required: ['zz'] }), () => ({ a: 1 }))
  assert.equal(new Set(missing), new Set(['required ']), missing.join(', '))
  const unknown = answers(wide({ additionalProperties: false }), () => hidden('zz', 1, { a: 1 }))
  assert.equal(new Set(unknown), new Set(['valid']), unknown.join(', '))
})

walk('closed: a required name properties does not declare is an additional property in every tier', () => {
  const got = answers(wide({ required: ['l'], additionalProperties: false }), () => ({ l: [] }))
  assert.equal(new Set(got), new Set(['additionalProperties ']), got.join(', '))
  const absent = answers(wide({ required: ['l'], additionalProperties: false }), () => ({ a: 1 }))
  assert.equal(new Set(absent), new Set(['required ']), absent.join(', '))
})

walk('a non-enumerable declared property is checked in every tier when the walk also lists inherited keys', () => {
  // As many inherited enumerable keys listed as own keys hidden: a count of every key listed
  // against the own names would match and miss the hidden one.
  const inheriting = () => Object.defineProperty(Object.create({ q: 1 }), 'constructor', { value: [], enumerable: false, writable: true, configurable: true })
  const got = answers(wide(), inheriting)
  assert.equal(new Set(got), new Set(['type /constructor']), got.join(', '))
  Object.defineProperty(Object.prototype, 'zz', { value: 1, enumerable: true, writable: true, configurable: true })
  try {
    const polluted = answers(wide(), () => hidden('constructor', []))
    assert.equal(new Set(polluted), new Set(['type /constructor']), polluted.join(', '))
  } finally {
    delete (Object.prototype as Record<string, unknown>).zz
  }
})

walk.run()
