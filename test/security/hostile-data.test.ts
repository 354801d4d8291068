/**
 * Hostile and odd data: each kind gets a defined answer (the ones SECURITY.md lists), `validate`
 * never throws, and `applyDefaults` throws nothing but `ValidationError`.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ValidationError, applyDefaults, newJSONSchema } from '../../index.ts'
import { guardedSuite } from '../support/guard.ts'

/** The issue keywords `validate` reports (`[]` when valid); fails the test if it throws. */
function issues(schema: unknown, data: unknown, options = {}): string[] {
  const error = newJSONSchema(schema, options).validate(data)
  return error === null ? [] : error.errors.map((e) => e.keyword)
}

/** What `applyDefaults` throws: its issues' keywords (fails the test on any other exception). */
function defaultsThrow(schema: unknown, data: unknown): string[] {
  try {
    applyDefaults(data, newJSONSchema(schema))
  } catch (e) {
    assert.ok(ValidationError.isInstance(e), `threw a non-ValidationError: ${String(e)}`)
    return e.errors.map((i) => i.keyword)
  }
  return []
}

const OBJECT = { type: 'object', properties: { a: { type: 'string', default: 'x' } }, required: ['a'] }

const traps = suite('throwing getters and Proxies are issues, not exceptions')

traps('a getter that throws is an exception issue where the schema reads it, and ignored elsewhere', () => {
  const data = {
    get a(): string {
      throw new Error('boom')
    },
  }
  const error = newJSONSchema(OBJECT).validate(data)
  assert.equal(error?.errors.map((e) => [e.keyword, e.message]), [['exception', 'evaluating the data threw: boom']])
  assert.equal(issues({ type: 'object' }, data), [])
  assert.equal(defaultsThrow(OBJECT, data), ['exception'], 'applyDefaults copies every property')
})

traps('a Proxy is its target to every keyword; a throwing trap or a revoked Proxy is an exception issue', () => {
  assert.equal(issues(OBJECT, new Proxy({ a: 'v' }, {})), [])
  assert.equal(issues({ type: 'array', items: { type: 'number' } }, new Proxy([1, 2], {})), [])
  const throwing = new Proxy({}, { ownKeys: () => { throw new Error('trap') }, get: () => { throw new Error('trap') } })
  assert.equal(issues(OBJECT, throwing), ['exception'])
  assert.equal(defaultsThrow(OBJECT, throwing), ['exception'])
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  // An object every read of which throws: an exception issue where a keyword reads it, and
  // nothing where none does (in both tiers: see tiers.test.ts).
  assert.equal(issues({}, proxy), [])
  assert.equal(issues({ required: ['a'] }, proxy), ['exception'])
  assert.equal(issues({ properties: { a: { type: 'string' } } }, { b: proxy }), [], 'not applied to it: not touched')
  assert.equal(defaultsThrow(OBJECT, proxy), ['exception'])
})

traps('applyDefaults returns a plain copy of a Proxy of a plain object, with defaults filled', () => {
  const proxy = new Proxy({ b: 1 }, {})
  const out = applyDefaults(proxy, newJSONSchema(OBJECT)) as Record<string, unknown>
  assert.equal(out, { b: 1, a: 'x' })
  assert.is.not(out, proxy)
})

traps.run()

const values = suite('odd values get defined answers')

values('a hole in a sparse array is undefined: invalid where asserted, a missing item to applyDefaults', () => {
  // eslint-disable-next-line no-sparse-arrays
  const sparse = [, 1]
  const error = newJSONSchema({ items: { type: 'number' } }).validate(sparse)
  assert.equal(error?.errors.map((e) => [e.instancePath, e.message]), [['/0', 'must be a JSON value (got undefined)']])
  assert.equal(issues({ items: true }, sparse), [])
  assert.equal(applyDefaults(sparse, newJSONSchema({ items: { default: 5 } })), [5, 1])
})

values('a lone surrogate is one character, matched by . in both regex engines, and compared by code unit', () => {
  for (const regex of ['ecmascript', 'linear'] as const) {
    assert.equal(issues({ pattern: '^.$', maxLength: 1, minLength: 1 }, '\uD800', { regex }), [], regex)
    assert.equal(issues({ pattern: '^\\uDC00$' }, '\uD800\uDC00', { regex }), ['pattern'], `${regex}: a pair is one code point`)
  }
  assert.equal(issues({ const: 'a\uD800' }, 'a\uD800'), [])
  assert.equal(issues({ const: 'a\uD800' }, 'a\uDC00'), ['const'])
  assert.equal(issues({ minLength: 2 }, '😀'), ['minLength'], 'a surrogate pair is one character')
})

values('-0 equals 0 and is an integer', () => {
  assert.equal(issues({ const: 0, type: 'integer', multipleOf: 2, minimum: 0, maximum: 0 }, -0), [])
  assert.equal(issues({ enum: [0] }, -0), [])
  assert.equal(issues({ uniqueItems: true }, [0, -0]), ['uniqueItems'])
  assert.equal(issues({ exclusiveMinimum: 0 }, -0), ['exclusiveMinimum'])
})

values('huge numbers are numbers, exact for integers and multipleOf; Infinity, NaN and BigInt are not JSON values', () => {
  assert.equal(issues({ type: 'integer', multipleOf: 2 }, 2 ** 60), [])
  assert.equal(issues({ multipleOf: 3 }, 2 ** 60), ['multipleOf'])
  assert.equal(issues({ maximum: 1e308 }, Number.MAX_VALUE), ['maximum'])
  assert.equal(issues({ multipleOf: 0.1 }, 1e308), [])
  for (const x of [Infinity, -Infinity, Number.NaN, 10n]) assert.equal(issues({ type: 'number' }, x), ['type'], String(x))
  assert.equal(issues({}, Number.NaN), [], 'the empty schema asserts nothing')
})

values('functions, symbols and undefined are not JSON values; undefined at the root is always an error', () => {
  for (const x of [() => 1, Symbol('s')]) assert.equal(issues({ type: 'object' }, x), ['type'])
  assert.equal(issues({}, undefined), ['required'])
  assert.equal(issues({ properties: { a: { type: 'number' } } }, { a: undefined }), [], 'an undefined property is absent')
})

values.run()

// In a guarded worker: the watchdog (60 s, for hangs only) is the bound. Anything quadratic in the
// string's length (a copy or a code-point count per character) would take hours on 20 MB.
const huge = guardedSuite(import.meta.url, 'a huge string gets its answer', { timeoutMs: 60_000 })

huge('20 MB through minLength, maxLength and a pattern; untrusted mode charges the scan', () => {
  const big = 'a'.repeat(20_000_000)
  assert.equal(issues({ type: 'string', minLength: 1, maxLength: 20_000_000, pattern: '^a+$' }, big, { regex: 'linear' }), [])
  assert.equal(issues({ type: 'string', maxLength: 19_999_999 }, big), ['maxLength'])
  assert.equal(issues({ type: 'string', pattern: '^a+$' }, big, { untrusted: true }), ['limit'], 'untrusted mode charges the scan')
})

huge.run()

const objects = suite('non-plain objects are objects of their own enumerable string keys')

objects('Map, Set and Date have no properties: an object with none', () => {
  for (const x of [new Map([['a', 'x']]), new Set(['a']), new Date(0)]) {
    assert.equal(issues({ type: 'object', maxProperties: 0 }, x), [], x.constructor.name)
    assert.equal(issues(OBJECT, x), ['required'], x.constructor.name)
    assert.equal(issues({ type: 'string' }, x), ['type'], `${x.constructor.name}: no toJSON is called`)
  }
})

objects('a class instance is checked on its own fields; prototype getters are not properties', () => {
  class Point {
    constructor(public x = 1) {}
    get y(): number {
      return 2
    }
  }
  assert.equal(issues({ required: ['x'], properties: { x: { type: 'number' } } }, new Point()), [])
  assert.equal(issues({ required: ['y'] }, new Point()), ['required'])
})

objects('a Buffer or typed array is an object keyed by index, not an array', () => {
  const bytes = Buffer.from('ab')
  assert.equal(issues({ type: 'array' }, bytes), ['type'])
  assert.equal(issues({ type: 'object', properties: { '0': { const: 97 } }, required: ['1'] }, bytes), [])
  assert.equal(issues({ type: 'object', maxProperties: 2 }, new Uint16Array(3)), ['maxProperties'])
})

objects('symbol keys and non-enumerable properties are not enumerated', () => {
  const data = Object.defineProperty({ [Symbol('s')]: 1, a: 1 }, 'hidden', { value: 1, enumerable: false })
  assert.equal(issues({ maxProperties: 1, additionalProperties: { type: 'number' } }, data), [])
})

objects('applyDefaults passes non-plain objects through untouched and copies plain ones', () => {
  const date = new Date(0)
  const map = new Map()
  const out = applyDefaults({ when: date, map, plain: {} }, newJSONSchema({ properties: { plain: { properties: { d: { default: 1 } } }, map: { properties: { d: { default: 1 } } } } })) as Record<string, unknown>
  assert.is(out.when, date)
  assert.is(out.map, map)
  assert.is(map.size, 0)
  assert.equal(out.plain, { d: 1 })
})

objects('frozen input is never written to', () => {
  const input = Object.freeze({ a: Object.freeze([Object.freeze({})]) })
  const out = applyDefaults(input, newJSONSchema({ properties: { a: { items: { properties: { d: { default: 1 } } } }, b: { default: 2 } } }))
  assert.equal(out, { a: [{ d: 1 }], b: 2 })
  assert.equal(input, { a: [{}] })
})

objects.run()
