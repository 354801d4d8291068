/**
 * Prototype pollution: `__proto__`, `constructor`, `prototype` and `toString` are ordinary keys in
 * data and in schemas, for `validate` and for `applyDefaults`, and no prototype is ever written.
 * The snapshot of the built-in prototypes is compared after every other test of this file.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype]
const snapshot = () => PROTOTYPES.map((p) => Object.getOwnPropertyNames(p).sort().join(','))
const before = snapshot()

/** JSON text parsed: `__proto__` becomes an own key, as it does for data off the wire. */
const parse = (text: string) => JSON.parse(text) as Record<string, unknown>
const valid = (schema: unknown, data: unknown) => newJSONSchema(schema).validate(data) === null

const data = suite('__proto__, constructor, prototype and toString are ordinary keys in data')

data('required is not met by inherited members', () => {
  for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    assert.not.ok(valid({ required: [name] }, {}), name)
    assert.ok(valid({ required: [name] }, parse(`{"${name}": 1}`)), name)
  }
})

data('properties apply to own keys only; inherited members are absent', () => {
  const schema = { properties: { constructor: { type: 'string' }, toString: { type: 'string' }, __proto__: { type: 'string' } } }
  assert.ok(valid(parse(JSON.stringify(schema)), {}))
  assert.not.ok(valid(parse('{"properties":{"__proto__":{"type":"string"}}}'), parse('{"__proto__": 1}')))
  assert.ok(valid(parse('{"properties":{"__proto__":{"type":"string"}}}'), parse('{"__proto__": "x"}')))
})

data('key-enumerating keywords see an own __proto__ like any key', () => {
  const own = parse('{"__proto__": {"polluted": true}, "a": 1}')
  assert.not.ok(valid({ additionalProperties: false, properties: { a: {} } }, own))
  assert.not.ok(valid({ maxProperties: 1 }, own))
  assert.not.ok(valid({ propertyNames: { pattern: '^[a-z]+$' } }, own))
  assert.not.ok(valid({ patternProperties: { '^__': { type: 'number' } } }, own))
  assert.not.ok(valid(parse('{"dependentRequired": {"__proto__": ["b"]}}'), own))
  assert.not.ok(valid({ unevaluatedProperties: false, properties: { a: {} } }, own))
})

data('equality and uniqueness treat __proto__ as a key', () => {
  const a = parse('{"__proto__": 1}')
  assert.not.ok(valid({ const: a }, {}))
  assert.ok(valid({ const: a }, parse('{"__proto__": 1}')))
  assert.ok(valid({ enum: [a] }, parse('{"__proto__": 1}')))
  assert.ok(valid({ uniqueItems: true }, [a, {}]))
  assert.not.ok(valid({ uniqueItems: true }, [a, parse('{"__proto__": 1}')]))
})

data.run()

const schemas = suite('the same names in schemas are ordinary names')

schemas('$defs entries named __proto__ and constructor resolve by pointer', () => {
  const schema = parse('{"$defs":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"properties":{"a":{"$ref":"#/$defs/__proto__"},"b":{"$ref":"#/$defs/constructor"}}}')
  assert.ok(valid(schema, { a: 'x', b: 1 }))
  assert.not.ok(valid(schema, { a: 1 }))
  assert.not.ok(valid(schema, { b: 'x' }))
  assert.throws(() => newJSONSchema({ $ref: '#/$defs/constructor' }), /is not in/, 'an inherited member is no $defs entry')
})

schemas('format and keyword names from Object.prototype are unknown names, not functions', () => {
  for (const name of ['constructor', 'hasOwnProperty', 'toString', '__proto__', 'valueOf']) {
    assert.ok(valid({ format: name }, 'anything'), `format ${name}`)
    assert.ok(valid(parse(`{"${name}": {"type": "number"}}`), 'anything'), `keyword ${name}`)
  }
})

schemas.run()

const defaults = suite('applyDefaults writes own properties only and never a prototype')

defaults('a default under __proto__ is an own property of the result', () => {
  const schema = newJSONSchema(parse('{"properties":{"__proto__":{"default":{"polluted":true}}}}'))
  const out = applyDefaults({}, schema) as Record<string, unknown>
  assert.equal(Object.keys(out), ['__proto__'])
  assert.is(Object.getPrototypeOf(out), Object.prototype)
  assert.equal(Object.getOwnPropertyDescriptor(out, '__proto__')?.value, { polluted: true })
  assert.is(({} as Record<string, unknown>).polluted, undefined)
})

defaults('constructor and prototype defaults are plain data', () => {
  const schema = newJSONSchema({ properties: { constructor: { default: { prototype: { polluted: true } } } } })
  const out = applyDefaults({}, schema) as Record<string, unknown>
  // Compared as JSON: a deep-equal that reads `.constructor` would see the data, not a class.
  assert.is(JSON.stringify(out), '{"constructor":{"prototype":{"polluted":true}}}')
  assert.is(Object.getPrototypeOf(out), Object.prototype)
  assert.is(({} as Record<string, unknown>).polluted, undefined)
  assert.is((Object as unknown as Record<string, unknown>).polluted, undefined)
})

defaults('__proto__ inside a default value and inside the data is copied as an own key', () => {
  const schema = newJSONSchema(parse('{"properties":{"a":{"default":{"__proto__":{"x":1}}},"b":{"properties":{"d":{"default":1}}}}}'))
  const input = parse('{"b":{"__proto__":{"polluted":true}}}')
  const out = applyDefaults(input, schema) as Record<string, Record<string, unknown>>
  assert.is(Object.getPrototypeOf(out.a), Object.prototype)
  assert.equal(Object.getOwnPropertyDescriptor(out.a, '__proto__')?.value, { x: 1 })
  assert.is(Object.getPrototypeOf(out.b), Object.prototype)
  assert.equal(Object.keys(out.b), ['__proto__', 'd'])
  assert.equal(JSON.stringify(input), '{"b":{"__proto__":{"polluted":true}}}', 'the input is unchanged')
})

defaults('a root default and additionalProperties defaults with __proto__ stay own', () => {
  const root = newJSONSchema(parse('{"default":{"__proto__":{"polluted":true}}}'))
  const out = applyDefaults(undefined, root) as Record<string, unknown>
  assert.is(Object.getPrototypeOf(out), Object.prototype)
  assert.equal(Object.keys(out), ['__proto__'])
  const extra = newJSONSchema(parse('{"additionalProperties":{"properties":{"polluted":{"default":true}}}}'))
  const filled = applyDefaults(parse('{"__proto__":{}}'), extra) as Record<string, Record<string, unknown>>
  assert.equal(Object.getOwnPropertyDescriptor(filled, '__proto__')?.value, { polluted: true })
  assert.is(({} as Record<string, unknown>).polluted, undefined)
})

defaults.run()

const untouched = suite('no built-in prototype was written')

untouched('Object, Array, Function, String and Number prototypes have the same own members as before', () => {
  assert.equal(snapshot(), before)
  assert.is(({} as Record<string, unknown>).polluted, undefined)
  assert.is(([] as unknown as Record<string, unknown>).polluted, undefined)
})

untouched.run()
