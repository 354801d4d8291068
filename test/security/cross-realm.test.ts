/**
 * Plain objects from another realm (a `vm` context; an iframe in a browser) are plain objects:
 * `applyDefaults` copies them and fills their defaults, as it does for this realm's, and never
 * writes to them. Their prototype is recognised as that realm's Object.prototype; look-alikes
 * (a null-prototype object with a `constructor`, a class instance) are not.
 */
import vm from 'node:vm'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, applyThenValidate, newJSONSchema } from '../../index.ts'
import { parseWithDefaults } from '../../integrations/index.ts'

const test = suite('cross-realm plain objects')

const schema = newJSONSchema({
  type: 'object',
  properties: { n: { type: 'object', properties: { d: { default: 1 } } }, m: { default: 2 }, list: { items: { properties: { a: { default: 'x' } } } } },
  required: ['m'],
})

test('applyDefaults copies a plain object of another realm and fills its defaults at every level, writing nothing to it', () => {
  // frozen in its own realm: a write to it would throw in this strict module
  const input = vm.runInNewContext('Object.freeze({ n: Object.freeze({}), list: Object.freeze([Object.freeze({}), Object.freeze({ a: 1 })]) })')
  const out = applyDefaults(input, schema) as Record<string, unknown>
  assert.is.not(out, input)
  assert.equal(out, { n: { d: 1 }, list: [{ a: 'x' }, { a: 1 }], m: 2 })
  assert.is(Object.getPrototypeOf(out), Object.prototype, 'the copy is of this realm')
  assert.equal(JSON.stringify(input), '{"n":{},"list":[{},{"a":1}]}')
})

test('parseWithDefaults and applyThenValidate take it, with a required field that a default fills', () => {
  const r = parseWithDefaults(schema, vm.runInNewContext('({ n: {} })'), { field: 'input' })
  assert.ok(r.success, r.success ? '' : r.error.message)
  if (r.success) assert.equal(r.value, { n: { d: 1 }, m: 2 })
  const a = applyThenValidate(vm.runInNewContext('({})'), schema)
  assert.is(a.error, undefined)
  // the same answers as for this realm's objects, in the interpreter and in generated code
  const hot = newJSONSchema({ properties: { m: { default: 2 } }, required: ['m'] }, { codegenThreshold: 0 })
  assert.equal(applyThenValidate(vm.runInNewContext('({})'), hot), applyThenValidate({}, hot))
})

test('look-alikes are not plain: a class instance of another realm, and null-prototype objects posing as Object.prototype', () => {
  const s = newJSONSchema({ properties: { d: { default: 1 } } })
  const instance = vm.runInNewContext('new (class A {})()')
  assert.is(applyDefaults(instance, s), instance, 'a class instance is passed through as it is')
  const fakeProto = Object.create(null) as Record<string, unknown>
  fakeProto.constructor = Object
  const fake = Object.create(fakeProto)
  assert.is(applyDefaults(fake, s), fake)
  const lookalike = Object.create(null) as Record<string, unknown>
  const ctor = function Object() {}
  ctor.prototype = lookalike
  lookalike.constructor = ctor
  const posing = Object.create(lookalike)
  assert.is(applyDefaults(posing, s), posing)
  // a getter named constructor on the prototype is not run
  let runs = 0
  const getterProto = Object.create(null)
  Object.defineProperty(getterProto, 'constructor', { get: () => (runs++, Object) })
  const g = Object.create(getterProto)
  assert.is(applyDefaults(g, s), g)
  assert.is(runs, 0)
})

test.run()
