/**
 * A compile with size limits (untrusted mode) reads the schema once, into a copy, and checks and
 * compiles that copy: a getter or Proxy that answers each read anew cannot loop the meta-schema
 * check, nor show the depth limit another schema than the one compiled. `jsonSchema()` still
 * returns the caller's object. Counted (reads of the schema), never timed.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, applyDefaults, newJSONSchema } from '../../index.ts'

const snapshot = suite('an untrusted schema is read once')

/** `n` levels of `{ allOf: [...] }`. */
function nest(n: number): unknown {
  let x: unknown = {}
  for (let i = 0; i < n; i++) x = { allOf: [x] }
  return x
}

/** Every read of `value` through Proxies (property gets, `in`, key lists), counted by object and key. */
function counted<T>(value: T, reads: Map<string, number>, cache = new WeakMap<object, object>()): T {
  if (typeof value !== 'object' || value === null) return value
  const known = cache.get(value)
  if (known !== undefined) return known as T
  const wrap = (v: unknown) => counted(v, reads, cache)
  const id = reads.size
  reads.set(`${id}`, 0)
  const note = (k: string | symbol) => reads.set(`${id}:${String(k)}`, (reads.get(`${id}:${String(k)}`) ?? 0) + 1)
  const proxy = new Proxy(value, {
    get(t, k, r) {
      note(k)
      return wrap(Reflect.get(t, k, r))
    },
    has(t, k) {
      note(k)
      return Reflect.has(t, k)
    },
    ownKeys(t) {
      note('(keys)')
      return Reflect.ownKeys(t)
    },
    getOwnPropertyDescriptor(t, k) {
      const d: PropertyDescriptor | undefined = Reflect.getOwnPropertyDescriptor(t as object, k)
      if (d !== undefined && 'value' in d) d.value = wrap(d.value)
      return d
    },
  })
  cache.set(value, proxy)
  return proxy as T
}

snapshot('a getter returning a new 200-deep nest on each read: read once, refused or compiled as read', () => {
  let reads = 0
  const schema = {
    type: 'object',
    get properties() {
      reads++
      return { a: nest(200) }
    },
  }
  try {
    newJSONSchema(schema, { untrusted: true })
    assert.unreachable('expected a SchemaError')
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), String(e))
    assert.match(e.message, /deeper than 128 levels/)
  }
  assert.is(reads, 1)
  // Within a raised depth limit the meta-schema check walks it as data 400 levels deep, in parts
  // it read again: it re-read the getter without end before.
  reads = 0
  const v = newJSONSchema(schema, { untrusted: true, maxSchemaDepth: 1000 })
  assert.is(reads, 1)
  assert.is(v.validate({ a: 1 }), null)
  assert.is(reads, 1)
})

snapshot('a getter that answers a deep nest after its first read: what compiles is what the limits saw', () => {
  let reads = 0
  const deep = { a: nest(200) }
  const schema = {
    type: 'object',
    get properties() {
      return reads++ === 0 ? { a: { type: 'string' } } : deep
    },
  }
  const v = newJSONSchema(schema, { untrusted: true })
  assert.is(v.jsonSchema(), schema, 'jsonSchema() is the very object given')
  for (let call = 0; call < 20; call++) {
    assert.is(v.validate({ a: 'x' }), null)
    assert.equal(v.validate({ a: 1 })?.errors.map((e) => e.message), ['must be a string (got 1)'])
  }
  // Compiled from the one read: the nest the later reads answer was never compiled.
  const props = v.root().inspect().subschemas.find((s) => s.keyword === 'properties')!
  assert.equal(props.handle.inspect().schema, { type: 'string' })
  assert.is(reads, 1)
})

snapshot('each key of an untrusted schema is read once by the whole compile (limits, meta-schema check, compile)', () => {
  const schema = {
    $defs: { item: { type: 'object', properties: { id: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } } }, required: ['id'] } },
    type: 'object',
    properties: { items: { type: 'array', items: { $ref: '#/$defs/item' } }, name: { type: 'string', maxLength: 20, default: 'x' } },
    additionalProperties: false,
  }
  const reads = new Map<string, number>()
  const v = newJSONSchema(counted(schema, reads), { untrusted: true })
  // Before: the size walk, the meta-schema check and the compile each read it (3 to 9 reads a key).
  for (const [key, n] of reads) assert.ok(n <= 1, `${key} read ${n} times`)
  assert.is(v.validate({ items: [{ id: 1, tags: ['a'] }] }), null)
  assert.equal(v.validate({ items: [{ id: -1 }] })?.errors.map((e) => e.instancePath), ['/items/0/id'])
  for (const [key, n] of reads) assert.ok(n <= 1, `after validate: ${key} read ${n} times`)
})

snapshot('the copy is faithful: __proto__ stays an own key, a subschema met many times is read once and counted at each place', () => {
  const p = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"default":{"k":1}}},"required":["__proto__"]}')
  const v = newJSONSchema(p, { untrusted: true })
  assert.is(v.jsonSchema(), p)
  assert.equal(v.validate(JSON.parse('{"__proto__": 1}'))?.errors.map((e) => e.message), ['must be a string (got 1)'])
  assert.equal(v.validate({})?.errors.map((e) => e.keyword), ['required'])
  // A subschema met 1,000 times is read once and counted at each place.
  let reads = 0
  const shared = {
    get type() {
      reads++
      return 'string'
    },
  }
  const s = newJSONSchema({ type: 'array', prefixItems: Array.from({ length: 1000 }, () => shared) }, { untrusted: true })
  assert.is(reads, 1)
  assert.is(s.validate(['a', 'b']), null)
  assert.equal(s.validate([1])?.errors.map((e) => e.instancePath), ['/0'])
  let big: unknown = 'x'.repeat(1000)
  for (let i = 0; i < 40; i++) big = [big, big]
  assert.throws(() => newJSONSchema({ enum: [big] }, { untrusted: true }), /longer than 1048576 characters/)
})

snapshot('the copy keeps the key order: issues and filled-in defaults follow the schema as written', () => {
  const schema = {
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, temperature: { type: 'number' }, units: { default: 'metric' }, zone: { default: 'UTC' } },
  }
  for (const untrusted of [false, true]) {
    const v = newJSONSchema(schema, { untrusted, allErrors: true })
    assert.equal(v.validate({ city: '', temperature: 'warm' })?.errors.map((e) => e.instancePath), ['/city', '/temperature'], `untrusted ${untrusted}`)
    assert.equal(Object.keys(applyDefaults({}, v) as object), ['units', 'zone'], `untrusted ${untrusted}`)
  }
})

snapshot.run()
