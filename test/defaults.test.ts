/**
 * `applyDefaults(value, schema)` (issue 3, "applyDefaults"): a full copy of the input with
 * missing values filled from `default`, walking the applicators the issue lists in its order;
 * the input and the schema are never mutated, every inserted default is a fresh copy, and keys
 * such as `__proto__` are ordinary own properties. The example vectors are a table run
 * with every constructor.
 *
 * Cycles in the schema and deep or self-containing data are covered by cycles.test.ts and
 * deep-data.test.ts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, createKernel, newJSONSchema, newSimpleJSONSchema } from '../index.ts'
import type { Schema } from '../index.ts'

type Json = Record<string, unknown>

interface Constructor {
  name: string
  build(schema: unknown): Schema
}

const kernel = createKernel()

/** Every way to get a `Schema` that applyDefaults accepts. */
const CONSTRUCTORS: Constructor[] = [
  { name: 'newJSONSchema', build: (s) => newJSONSchema(s) },
  { name: 'newSimpleJSONSchema', build: (s) => newSimpleJSONSchema(s) },
  { name: 'kernel.newJSONSchema', build: (s) => kernel.newJSONSchema(s) },
  { name: 'kernel.newSimpleJSONSchema', build: (s) => kernel.newSimpleJSONSchema(s) },
  {
    name: 'a plain Schema whose validator() is compiled',
    build: (s) => {
      const compiled = newJSONSchema(s)
      return { validator: () => compiled.validator() }
    },
  },
]

interface Vector {
  description: string
  schema: unknown
  input: unknown
  result: unknown
}

const ONE_OF_T = {
  oneOf: [
    { properties: { t: { const: 'x' }, n: { default: 1 } }, required: ['t'] },
    { properties: { t: { const: 'y' }, m: { default: 2 } }, required: ['t'] },
  ],
}

/** The example vectors (schema / input / result), verbatim. */
const VECTORS: Vector[] = [
  {
    description: 'a property default, then the if on the defaulted value selects then',
    schema: { properties: { kind: { default: 'a' } }, if: { properties: { kind: { const: 'a' } } }, then: { properties: { x: { default: 1 } } } },
    input: {},
    result: { kind: 'a', x: 1 },
  },
  {
    description: 'allOf branches in order, the first to fill a key wins',
    schema: { allOf: [{ properties: { a: { default: 1 } } }, { properties: { a: { default: 2 }, b: { default: 2 } } }] },
    input: {},
    result: { a: 1, b: 2 },
  },
  { description: 'oneOf: the one branch that validates applies', schema: ONE_OF_T, input: { t: 'y' }, result: { t: 'y', m: 2 } },
  { description: 'oneOf: both branches fail, so neither applies', schema: ONE_OF_T, input: {}, result: {} },
  {
    description: 'an inserted default object is walked for nested defaults',
    schema: { properties: { o: { type: 'object', default: {}, properties: { b: { default: 1 } } } } },
    input: {},
    result: { o: { b: 1 } },
  },
  {
    description: "a $ref target's own default",
    schema: { properties: { r: { $ref: '#/$defs/R' } }, $defs: { R: { type: 'string', default: 'eu' } } },
    input: {},
    result: { r: 'eu' },
  },
  { description: 'prefixItems fills an item that is present', schema: { prefixItems: [{ properties: { e: { default: true } } }] }, input: [{}], result: [{ e: true }] },
  { description: 'prefixItems never pads an array', schema: { prefixItems: [{ properties: { e: { default: true } } }] }, input: [], result: [] },
  {
    description: 'a property present with null stays null',
    schema: { properties: { region: { type: ['string', 'null'], default: 'us' } } },
    input: { region: null },
    result: { region: null },
  },
]

/** Every object and array reachable from `value` (iterative). */
function containers(value: unknown): Set<object> {
  const seen = new Set<object>()
  const stack = [value]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null || seen.has(v)) continue
    seen.add(v)
    for (const child of Object.values(v)) stack.push(child)
  }
  return seen
}

function assertNothingShared(result: unknown, other: unknown, what: string): void {
  const theirs = containers(other)
  for (const c of containers(result)) assert.not.ok(theirs.has(c), `the result shares ${JSON.stringify(c)} with ${what}`)
}

function deepFreeze<T>(value: T): T {
  for (const c of containers(value)) Object.freeze(c)
  return value
}

/** applyDefaults with a newJSONSchema: the shorthand most tests use. */
const fill = (schema: unknown, input: unknown) => applyDefaults(input, newJSONSchema(schema))

// ---------------------------------------------------------------------------------------------

const vectors = suite("applyDefaults gives the issue's example results")

for (const c of CONSTRUCTORS) {
  for (const v of VECTORS) {
    vectors(`${v.description}, with ${c.name}`, () => {
      const schemaBefore = structuredClone(v.schema)
      const inputBefore = structuredClone(v.input)
      const result = applyDefaults(v.input, c.build(v.schema))
      assert.equal(result, v.result)
      assert.equal(v.input, inputBefore, 'the input is not mutated')
      assert.equal(v.schema, schemaBefore, 'the schema is not mutated')
      assert.ok(result !== v.input, 'the result is not the input')
      assertNothingShared(result, v.input, 'the input')
      assertNothingShared(result, v.schema, 'the schema')
    })
  }
}

vectors.run()

// ---------------------------------------------------------------------------------------------

const copies = suite('applyDefaults returns a copy and never mutates or shares')

copies('works on a frozen input and a frozen schema (nothing is written to either)', () => {
  for (const v of VECTORS) {
    const schema = deepFreeze(structuredClone(v.schema))
    const input = deepFreeze(structuredClone(v.input))
    assert.equal(applyDefaults(input, newJSONSchema(schema)), v.result, v.description)
  }
})

copies('returns a new object even when nothing is filled', () => {
  const input = { a: { b: [1, { c: 2 }] } }
  const result = fill({ type: 'object' }, input)
  assert.equal(result, input)
  assert.ok(result !== input)
  assertNothingShared(result, input, 'the input')
})

copies('the returned value shares no subtree with the input, at any depth', () => {
  const input = { list: [{ a: {} }, [[{}]]], o: { p: { q: [] } }, keep: { deep: { deeper: {} } } }
  const before = structuredClone(input)
  const schema = { properties: { list: { items: { properties: { d: { default: 1 } } } }, o: { properties: { p: { properties: { n: { default: 2 } } } } } } }
  const result = fill(schema, input) as Json
  assert.equal(input, before, 'the input is not mutated')
  assertNothingShared(result, input, 'the input')
  assert.equal((result.o as Json).p, { q: [], n: 2 })
})

copies('every inserted default is a fresh deep copy', () => {
  const source = { properties: { o: { default: { list: [1], inner: { x: 1 } } } } }
  const schema = newJSONSchema(source)
  const first = applyDefaults({}, schema) as { o: { list: number[]; inner: Json } }
  const second = applyDefaults({}, schema) as { o: { list: number[]; inner: Json } }
  assert.equal(first, second)
  assert.ok(first.o !== second.o && first.o.list !== second.o.list && first.o.inner !== second.o.inner, 'two results share the default')
  assertNothingShared(first, source, 'the schema')
  first.o.list.push(2)
  first.o.inner.x = 99
  assert.equal(source.properties.o.default, { list: [1], inner: { x: 1 } }, 'the schema default is untouched')
  assert.equal(applyDefaults({}, schema), { o: { list: [1], inner: { x: 1 } } })
})

copies('a root default and a $ref target default are fresh copies too', () => {
  const source = { default: { a: [] }, properties: { r: { $ref: '#/$defs/R' } }, $defs: { R: { default: { b: [] } } } }
  const schema = newJSONSchema(source)
  const first = applyDefaults(undefined, schema) as { a: unknown[]; r: { b: unknown[] } }
  const second = applyDefaults(undefined, schema) as { a: unknown[]; r: { b: unknown[] } }
  assert.equal(first, { a: [], r: { b: [] } })
  assert.ok(first !== second && first.a !== second.a && first.r !== second.r && first.r.b !== second.r.b)
  assertNothingShared(first, source, 'the schema')
})

copies('an object the input reuses at two places gets each place its own defaults', () => {
  const shared = {}
  const schema = { properties: { a: { properties: { x: { default: 1 } } }, b: { properties: { x: { default: 2 } } } } }
  const result = fill(schema, { a: shared, b: shared })
  assert.equal(result, { a: { x: 1 }, b: { x: 2 } })
  assert.equal(shared, {}, 'the input is not mutated')
  assert.equal(fill({ properties: { a: { properties: { x: { default: 1 } } } } }, { a: shared, b: shared }), { a: { x: 1 }, b: {} })
})

copies('jsonSchema() still returns the very object given, unchanged', () => {
  const source = { properties: { a: { default: { n: 1 } } } }
  const before = structuredClone(source)
  const schema = newJSONSchema(source)
  applyDefaults({}, schema)
  assert.is(schema.jsonSchema(), source)
  assert.equal(source, before)
})

copies.run()

// ---------------------------------------------------------------------------------------------

const missing = suite('applyDefaults fills only what is missing')

missing('a missing property takes its default', () => {
  assert.equal(fill({ properties: { a: { default: 1 } } }, {}), { a: 1 })
})

missing('a property whose value is undefined counts as missing', () => {
  assert.equal(fill({ properties: { a: { default: 1 } } }, { a: undefined }), { a: 1 })
})

missing('a property present with null, 0, false or "" keeps its value', () => {
  const schema = { properties: { n: { default: 'd' }, z: { default: 1 }, f: { default: true }, s: { default: 'x' } } }
  assert.equal(fill(schema, { n: null, z: 0, f: false, s: '' }), { n: null, z: 0, f: false, s: '' })
})

missing('a missing root takes the root default', () => {
  assert.equal(fill({ default: { a: 1 } }, undefined), { a: 1 })
  assert.is(fill({ type: 'string', default: 'x' }, undefined), 'x')
})

missing('a missing root without a default stays missing', () => {
  assert.is(fill({ properties: { a: { default: 1 } } }, undefined), undefined)
})

missing('a root null stays null', () => {
  assert.is(fill({ default: 5 }, null), null)
})

missing('a present root keeps its value', () => {
  assert.is(fill({ default: 5 }, 0), 0)
  assert.equal(fill({ default: { a: 1 } }, {}), {})
})

missing('arrays are never padded', () => {
  assert.equal(fill({ prefixItems: [{ default: 1 }, { default: 2 }] }, []), [])
  assert.equal(fill({ prefixItems: [{ default: 1 }, { default: 2 }] }, [0]), [0])
  assert.equal(fill({ items: { default: 1 } }, []), [])
  assert.equal(fill({ prefixItems: [{ properties: { e: { default: true } } }, { properties: { e: { default: true } } }] }, [{}]), [{ e: true }])
})

missing('a missing nested object without a default is not created', () => {
  assert.equal(fill({ properties: { o: { type: 'object', properties: { b: { default: 1 } } } } }, {}), {})
  assert.equal(fill({ properties: { o: { $ref: '#/$defs/O' } }, $defs: { O: { properties: { b: { default: 1 } } } } }, {}), {})
})

missing('an inserted default object or array is walked for nested defaults', () => {
  assert.equal(fill({ default: {}, properties: { a: { default: 1 } } }, undefined), { a: 1 })
  assert.equal(fill({ properties: { list: { default: [{}], items: { properties: { d: { default: 1 } } } } } }, {}), { list: [{ d: 1 }] })
  assert.equal(fill({ properties: { o: { $ref: '#/$defs/R' } }, $defs: { R: { default: {}, properties: { b: { default: 1 } } } } }, {}), { o: { b: 1 } })
})

missing('what a default object already holds is not overwritten by nested defaults', () => {
  assert.equal(fill({ properties: { o: { default: { b: 5 }, properties: { b: { default: 1 }, c: { default: 2 } } } } }, {}), { o: { b: 5, c: 2 } })
})

missing('additionalProperties and patternProperties only walk keys that are present', () => {
  assert.equal(fill({ additionalProperties: { default: 1 } }, {}), {})
  assert.equal(fill({ patternProperties: { '^a': { default: 1 } } }, {}), {})
})

missing.run()

// ---------------------------------------------------------------------------------------------

const walks = suite('applyDefaults walks every applicator the issue lists')

walks('properties, nested', () => {
  assert.equal(fill({ properties: { a: { properties: { b: { properties: { c: { default: 1 } } } } } } }, { a: { b: {} } }), { a: { b: { c: 1 } } })
})

walks('patternProperties, for present keys', () => {
  assert.equal(fill({ patternProperties: { '^x': { properties: { d: { default: 1 } } } } }, { x1: {}, y: {} }), { x1: { d: 1 }, y: {} })
})

walks('additionalProperties, for present keys', () => {
  assert.equal(fill({ properties: { a: {} }, additionalProperties: { properties: { d: { default: 1 } } } }, { a: {}, b: {} }), { a: {}, b: { d: 1 } })
})

walks('items, every present item', () => {
  assert.equal(fill({ items: { properties: { d: { default: 1 } } } }, [{}, { d: 2 }, 3]), [{ d: 1 }, { d: 2 }, 3])
})

walks('prefixItems, then items after them', () => {
  const schema = { prefixItems: [{ properties: { p: { default: 1 } } }], items: { properties: { i: { default: 2 } } } }
  assert.equal(fill(schema, [{}, {}]), [{ p: 1 }, { i: 2 }])
})

walks("$ref: the target's default, its subschemas and the $ref's siblings", () => {
  const schema = { $ref: '#/$defs/R', properties: { s: { default: 'sibling' } }, $defs: { R: { properties: { t: { default: 'target' } } } } }
  assert.equal(fill(schema, {}), { s: 'sibling', t: 'target' })
  assert.equal(fill({ $ref: '#/$defs/R', $defs: { R: { default: { z: 1 } } } }, undefined), { z: 1 })
  assert.equal(fill({ items: { $ref: '#/$defs/I' }, $defs: { I: { type: 'object', properties: { q: { default: 'q' } } } } }, [{}, 1]), [{ q: 'q' }, 1])
})

walks('$ref chains and recursive $refs', () => {
  const schema = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { properties: { b: { default: 1 }, kids: { items: { $ref: '#/$defs/A' } } } } } }
  assert.equal(fill(schema, { kids: [{}, { kids: [{}] }] }), { b: 1, kids: [{ b: 1 }, { b: 1, kids: [{ b: 1 }] }] })
})

walks('allOf: every branch', () => {
  assert.equal(fill({ allOf: [{ properties: { a: { default: 1 } } }, { properties: { b: { default: 2 } } }, { properties: { c: { default: 3 } } }] }, {}), { a: 1, b: 2, c: 3 })
})

walks('if/then/else: only the branch the value selects', () => {
  const schema = { if: { required: ['a'] }, then: { properties: { t: { default: 't' } } }, else: { properties: { e: { default: 'e' } } } }
  assert.equal(fill(schema, {}), { e: 'e' })
  assert.equal(fill(schema, { a: 1 }), { a: 1, t: 't' })
})

walks('dependentSchemas: only when the key is present', () => {
  const schema = { dependentSchemas: { k: { properties: { d: { default: 1 } } } } }
  assert.equal(fill(schema, { k: 1 }), { k: 1, d: 1 })
  assert.equal(fill(schema, {}), {})
})

walks('anyOf: the branch applies when it is the only one that validates', () => {
  const schema = { anyOf: [{ required: ['a'], properties: { x: { default: 1 } } }, { required: ['b'], properties: { y: { default: 2 } } }] }
  assert.equal(fill(schema, { a: 1 }), { a: 1, x: 1 })
  assert.equal(fill(schema, { b: 1 }), { b: 1, y: 2 })
})

walks('anyOf: no branch applies when two validate or none does', () => {
  const schema = { anyOf: [{ required: ['a'], properties: { x: { default: 1 } } }, { required: ['b'], properties: { y: { default: 2 } } }] }
  assert.equal(fill(schema, { a: 1, b: 1 }), { a: 1, b: 1 })
  assert.equal(fill(schema, {}), {})
  assert.equal(fill({ anyOf: [{ properties: { x: { default: 1 } } }, { properties: { y: { default: 2 } } }] }, {}), {})
})

walks('oneOf: the branch applies when it is the only one that validates', () => {
  const schema = { oneOf: [{ type: 'object', properties: { a: { default: 1 } } }, { type: 'array', items: { default: 2 } }] }
  assert.equal(fill(schema, {}), { a: 1 })
  assert.equal(fill(schema, []), [])
})

walks('$dynamicRef: the dynamic target', () => {
  const schema = { $dynamicAnchor: 'node', properties: { kids: { items: { $dynamicRef: '#node' } }, d: { default: 1 } } }
  assert.equal(fill(schema, { kids: [{}] }), { kids: [{ d: 1 }], d: 1 })
})

walks('values the schema does not describe are copied as they are', () => {
  assert.equal(fill({ properties: { a: { default: 1 } } }, { b: [1, { c: null }], d: 'x' }), { b: [1, { c: null }], d: 'x', a: 1 })
  assert.is(fill({ default: 1 }, 'x'), 'x')
})

walks.run()

// ---------------------------------------------------------------------------------------------

const order = suite('applyDefaults applies sources in the documented order, first to fill a key wins')

order("the node's own default comes before its properties", () => {
  assert.equal(fill({ default: { a: 'own' }, properties: { a: { default: 'properties' }, b: { default: 'properties' } } }, undefined), { a: 'own', b: 'properties' })
})

order('properties come before the $ref target, whatever the keyword order', () => {
  const target = { $defs: { R: { properties: { a: { default: 'ref' } } } } }
  assert.equal(fill({ $ref: '#/$defs/R', properties: { a: { default: 'properties' } }, ...target }, {}), { a: 'properties' })
  assert.equal(fill({ properties: { a: { default: 'properties' } }, $ref: '#/$defs/R', ...target }, {}), { a: 'properties' })
})

order('the $ref target comes before allOf', () => {
  const schema = { allOf: [{ properties: { a: { default: 'allOf' } } }], $ref: '#/$defs/R', $defs: { R: { properties: { a: { default: 'ref' } } } } }
  assert.equal(fill(schema, {}), { a: 'ref' })
})

order('properties come before allOf', () => {
  assert.equal(fill({ allOf: [{ properties: { a: { default: 'allOf' } } }], properties: { a: { default: 'properties' } } }, {}), { a: 'properties' })
})

order('allOf comes before dependentSchemas', () => {
  const schema = { dependentSchemas: { k: { properties: { a: { default: 'dependentSchemas' } } } }, allOf: [{ properties: { a: { default: 'allOf' } } }] }
  assert.equal(fill(schema, { k: 1 }), { k: 1, a: 'allOf' })
})

order('dependentSchemas comes before if/then/else', () => {
  const schema = { if: true, then: { properties: { a: { default: 'then' } } }, dependentSchemas: { k: { properties: { a: { default: 'dependentSchemas' } } } } }
  assert.equal(fill(schema, { k: 1 }), { k: 1, a: 'dependentSchemas' })
})

order('dependentSchemas sees a key that a property default inserted', () => {
  assert.equal(fill({ properties: { k: { default: 1 } }, dependentSchemas: { k: { properties: { d: { default: 2 } } } } }, {}), { k: 1, d: 2 })
})

order('the if is evaluated on the value as defaulted so far', () => {
  const schema = {
    properties: { kind: { default: 'b' } },
    if: { properties: { kind: { const: 'a' } } },
    then: { properties: { x: { default: 1 } } },
    else: { properties: { y: { default: 2 } } },
  }
  assert.equal(fill(schema, {}), { kind: 'b', y: 2 })
  assert.equal(fill(schema, { kind: 'a' }), { kind: 'a', x: 1 })
})

order('if/then/else comes before anyOf and oneOf', () => {
  assert.equal(fill({ anyOf: [{ properties: { a: { default: 'anyOf' } } }], if: true, then: { properties: { a: { default: 'then' } } } }, {}), { a: 'then' })
  assert.equal(fill({ oneOf: [{ properties: { a: { default: 'oneOf' } } }], if: true, then: { properties: { a: { default: 'then' } } } }, {}), { a: 'then' })
})

order('anyOf and oneOf are decided on the value as defaulted so far', () => {
  assert.equal(fill({ ...ONE_OF_T, properties: { t: { default: 'y' } } }, {}), { t: 'y', m: 2 })
})

order('nothing present in the input is overwritten by any source', () => {
  const schema = {
    default: { a: 'root' },
    properties: { a: { default: 'properties' } },
    allOf: [{ properties: { a: { default: 'allOf' } } }],
    if: true,
    then: { properties: { a: { default: 'then' } } },
  }
  assert.equal(fill(schema, { a: 'input' }), { a: 'input' })
})

order.run()

// ---------------------------------------------------------------------------------------------

const proto = suite('applyDefaults is prototype-safe')

const protoKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort()

function assertPrototypeUntouched(): void {
  assert.equal(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeysBefore, 'Object.prototype gained a key')
  assert.is(({} as Json).polluted, undefined, 'Object.prototype.polluted is set')
}

proto('a __proto__ property in the schema is filled as an own property', () => {
  const schema = JSON.parse('{"properties":{"__proto__":{"default":{"polluted":true}}}}')
  const result = fill(schema, {}) as Json
  assert.ok(Object.hasOwn(result, '__proto__'), 'no own __proto__ property')
  assert.is(Object.getPrototypeOf(result), Object.prototype)
  assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')!.value, { polluted: true })
  assert.is(result.polluted, undefined)
  assertPrototypeUntouched()
})

proto('a __proto__ key in the data stays an own property and is walked', () => {
  const input = JSON.parse('{"__proto__":{"admin":true}}')
  const schema = JSON.parse('{"properties":{"__proto__":{"properties":{"x":{"default":1}}}}}')
  const result = fill(schema, input) as Json
  assert.ok(Object.hasOwn(result, '__proto__'))
  assert.is(Object.getPrototypeOf(result), Object.prototype)
  assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')!.value, { admin: true, x: 1 })
  assert.is(result.admin, undefined)
  assert.equal(Object.getOwnPropertyDescriptor(input, '__proto__')!.value, { admin: true }, 'the input is not mutated')
  assertPrototypeUntouched()
})

proto('a __proto__ key reached through additionalProperties is an own property', () => {
  const result = fill({ additionalProperties: { properties: { d: { default: 1 } } } }, JSON.parse('{"__proto__":{}}')) as Json
  assert.ok(Object.hasOwn(result, '__proto__'))
  assert.equal(Object.getOwnPropertyDescriptor(result, '__proto__')!.value, { d: 1 })
  assertPrototypeUntouched()
})

proto('a default value holding a __proto__ key is copied as an own property', () => {
  const schema = { default: JSON.parse('{"__proto__":{"polluted":true}}') }
  const result = fill(schema, undefined) as Json
  assert.ok(Object.hasOwn(result, '__proto__'))
  assert.is(Object.getPrototypeOf(result), Object.prototype)
  assert.is(result.polluted, undefined)
  assertPrototypeUntouched()
})

proto('constructor, prototype and other Object.prototype names count as missing and are filled', () => {
  const schema = { properties: { constructor: { default: 'c' }, prototype: { default: 'p' }, toString: { default: 't' }, hasOwnProperty: { default: 'h' } } }
  const result = fill(schema, {}) as Json
  assert.equal({ ...result }, { constructor: 'c', prototype: 'p', toString: 't', hasOwnProperty: 'h' })
  for (const key of ['constructor', 'prototype', 'toString', 'hasOwnProperty']) assert.ok(Object.hasOwn(result, key), key)
  assertPrototypeUntouched()
})

proto('a constructor object in the data is walked like any other property', () => {
  const result = fill({ properties: { constructor: { properties: { z: { default: 3 } } } } }, { constructor: { y: 2 } }) as Json
  // Compared key by key: uvu's deep equality reads `.constructor` itself.
  assert.equal(Object.keys(result), ['constructor'])
  assert.equal({ ...(result.constructor as unknown as Json) }, { y: 2, z: 3 })
  assertPrototypeUntouched()
})

proto.run()

// ---------------------------------------------------------------------------------------------

const callOrder = suite("the spec's call order: applyDefaults, then validate the result")

callOrder('a required property with a default passes when missing', () => {
  const schema = newJSONSchema({
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, default: 3 } },
    required: ['city', 'days'],
  })
  const input = { city: 'Oslo' }
  const error = schema.validate(input)
  assert.ok(error !== null && error.errors.some((i) => i.keyword === 'required'), 'the input alone misses days')
  const value = applyDefaults(input, schema)
  assert.is(schema.validator().validate(value), null)
  assert.equal(value, { city: 'Oslo', days: 3 })
  assert.equal(input, { city: 'Oslo' })
})

callOrder('nested required properties with defaults pass, through a default object and a $ref', () => {
  const schema = newSimpleJSONSchema({
    type: 'object',
    properties: {
      options: { type: 'object', default: {}, properties: { n: { type: 'integer', default: 1 } }, required: ['n'] },
      region: { $ref: '#/$defs/Region' },
    },
    required: ['options', 'region'],
    $defs: { Region: { type: 'string', enum: ['eu', 'us'], default: 'eu' } },
  })
  assert.ok(schema.validator().validate({}) !== null)
  const value = applyDefaults({}, schema)
  assert.equal(value, { options: { n: 1 }, region: 'eu' })
  assert.is(schema.validator().validate(value), null)
})

callOrder('a required property without a default still fails', () => {
  const schema = newJSONSchema({ type: 'object', properties: { a: { default: 1 }, b: { type: 'string' } }, required: ['a', 'b'] })
  const error = schema.validate(applyDefaults({}, schema))
  assert.ok(error !== null)
  assert.equal(
    error.errors.map((i) => [i.keyword, i.params.missingProperty]),
    [['required', 'b']],
  )
})

callOrder('works the same with every constructor', () => {
  const source = { type: 'object', properties: { a: { type: 'integer', default: 1 } }, required: ['a'] }
  for (const c of CONSTRUCTORS) {
    const schema = c.build(source)
    const value = applyDefaults({}, schema)
    assert.equal(value, { a: 1 }, c.name)
    assert.is(schema.validator().validate(value), null, c.name)
  }
})

callOrder("a kernel's own applyDefaults behaves the same", () => {
  const schema = kernel.newJSONSchema({ properties: { a: { default: { b: [] } } }, required: ['a'] })
  const value = kernel.applyDefaults({}, schema)
  assert.equal(value, { a: { b: [] } })
  assert.is(schema.validate(value), null)
})

callOrder.run()

// --- A default that reaches its own schema again ---------------------------------------------

const selfReaching = suite('applyDefaults fills a default that reaches its own schema once per level')

selfReaching('a recursive schema whose default re-enters it stops at the second level', () => {
  // The shape of a meta-schema copy: `items` defaults to {} and is itself a schema.
  const schema = newJSONSchema({ properties: { items: { anyOf: [{ $ref: '#' }], default: {} }, name: { default: 'x' } } })
  const value = applyDefaults({}, schema)
  assert.equal(value, { items: { name: 'x' }, name: 'x' })
  assert.is(schema.validate(value), null)
})

selfReaching('two schemas whose defaults reach each other fill each once', () => {
  const schema = newJSONSchema({
    $defs: {
      A: { properties: { b: { $ref: '#/$defs/B', default: {} } } },
      B: { properties: { a: { $ref: '#/$defs/A', default: {} } } },
    },
    $ref: '#/$defs/A',
  })
  assert.equal(applyDefaults({}, schema), { b: { a: {} } })
  // Given data is walked as deep as it goes; only filled-in defaults stop re-filling themselves.
  assert.equal(applyDefaults({ b: { a: { b: { a: {} } } } }, schema), { b: { a: { b: { a: { b: { a: {} } } } } } })
})

selfReaching('defaults inside a filled-in default still fill, and sibling slots each get theirs', () => {
  const schema = newJSONSchema({
    properties: { x: { $ref: '#/$defs/P' }, y: { $ref: '#/$defs/P' }, config: { default: {}, properties: { port: { default: 80 } } } },
    $defs: { P: { default: {}, properties: { z: { default: 1 } } } },
  })
  assert.equal(applyDefaults({}, schema), { x: { z: 1 }, y: { z: 1 }, config: { port: 80 } })
})

selfReaching.run()
