/**
 * compileForProvider on hostile names and values: property and `$defs` names that are
 * Object.prototype's own (`__proto__` above all) stay ordinary keys of the provider schema, and
 * encode / decode walk values of any depth, and values that contain themselves, without
 * overflowing the stack.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { compileForProvider } from '../../providers/index.ts'
import { parseToolCall } from '../../integrations/index.ts'
import { jsonEqual, stringifyJson } from '../../core/index.ts'
import type { ProviderName } from '../../providers/index.ts'
import { metaValidator } from './profiles.ts'

const ALL: ProviderName[] = ['openai', 'gemini', 'gemini-openapi', 'minimal', 'anthropic']
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']
const own = (o: unknown, k: string) => typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, k)

/** Every object schema in a provider schema: each name in `required` is an own key of `properties`. */
function requiredAreDeclared(schema: unknown, where: string): void {
  const stack: unknown[] = [schema]
  while (stack.length) {
    const s = stack.pop()
    if (typeof s !== 'object' || s === null) continue
    const o = s as Record<string, unknown>
    if (Array.isArray(o.required) && o.additionalProperties === false) {
      for (const n of o.required as string[]) assert.ok(own(o.properties, n), `${where}: "${n}" is required but not in properties`)
    }
    for (const k of Object.keys(o)) stack.push(o[k])
  }
}

const names = suite('provider schemas: property names that Object.prototype has')

names('a property named __proto__ (and constructor, toString, ...) is kept, required and round-trips, for every provider', () => {
  for (const n of NAMES) {
    // JSON.parse makes "__proto__" an own key, as a schema from the wire has it
    const schema = JSON.parse(`{"type":"object","properties":{${JSON.stringify(n)}:{"type":"string"},"b":{"type":"integer"}},"required":[${JSON.stringify(n)},"b"]}`)
    const value = JSON.parse(`{${JSON.stringify(n)}:"x","b":1}`)
    for (const provider of ALL) {
      const p = compileForProvider(schema, { provider })
      const out = p.schema
      assert.ok(own(out.properties, n), `${provider}: properties lost ${n}`)
      assert.equal((out.properties as Record<string, unknown>)[n], { type: 'string' }, `${provider}: ${n}`)
      assert.is(Object.getPrototypeOf(out.properties), Object.prototype, `${provider}: prototype of properties changed`)
      requiredAreDeclared(out, `${provider} ${n}`)
      assert.equal(p.lost, [], `${provider}: ${n}`)
      assert.is(metaValidator(provider).validate(out), null, provider)
      const encoded = p.encode(value)
      assert.is(newJSONSchema(out).validate(encoded), null, `${provider}: ${n}`)
      const back = p.decode(JSON.parse(JSON.stringify(encoded)))
      assert.ok(back.success, provider)
      if (back.success) {
        assert.ok(own(back.value, n), `${provider}: decode lost ${n}`)
        assert.equal(back.value, applyDefaults(value, newJSONSchema(schema)))
      }
    }
  }
})

names('a recursive $defs entry named __proto__ is written out under that name where $ref is allowed', () => {
  const schema = JSON.parse('{"$defs":{"__proto__":{"type":"object","properties":{"x":{"$ref":"#/$defs/__proto__"}}}},"type":"object","properties":{"t":{"$ref":"#/$defs/__proto__"}},"required":["t"]}')
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    const out = p.schema
    requiredAreDeclared(out, provider)
    if (!p.profile.recursiveRefs) continue
    const defs = out.$defs as Record<string, unknown>
    assert.ok(own(defs, '__proto__'), `${provider}: $defs lost __proto__`)
    assert.is(Object.getPrototypeOf(defs), Object.prototype)
    const value = { t: { x: { x: {} } } }
    const encoded = p.encode(value)
    assert.is(newJSONSchema(out).validate(encoded), null, provider)
    const back = p.decode(encoded)
    assert.ok(back.success, provider)
  }
})

names.run()

const deep = suite('provider encode / decode: deep values and values that contain themselves')

/** Recursive schemas of the shapes the codecs take: an optional property, nested arrays, a union, an open map, a required wrapper. */
const RECURSIVE: Record<string, { schema: Record<string, unknown>; value: (n: number) => unknown }> = {
  'optional property': {
    schema: { $defs: { t: { type: 'object', properties: { c: { $ref: '#/$defs/t' } } } }, type: 'object', properties: { c: { $ref: '#/$defs/t' } } },
    value: (n) => nest(n, (v) => ({ c: v }), {}),
  },
  'nested arrays': {
    schema: { $defs: { t: { type: 'array', items: { $ref: '#/$defs/t' } } }, type: 'object', properties: { a: { $ref: '#/$defs/t' } }, required: ['a'] },
    value: (n) => ({ a: nest(n, (v) => [v], []) }),
  },
  'union of integer and object': {
    schema: { $defs: { t: { anyOf: [{ type: 'integer' }, { type: 'object', properties: { a: { $ref: '#/$defs/t' } }, required: ['a'] }] } }, type: 'object', properties: { a: { $ref: '#/$defs/t' } }, required: ['a'] },
    value: (n) => nest(n, (v) => ({ a: v }), 1),
  },
  'open map': {
    schema: { $defs: { t: { type: 'object', additionalProperties: { $ref: '#/$defs/t' } } }, type: 'object', properties: { m: { $ref: '#/$defs/t' } }, required: ['m'] },
    value: (n) => ({ m: nest(n, (v) => ({ k: v }), {}) }),
  },
  'nullable wrapper': {
    schema: { $defs: { t: { type: ['object', 'null'], properties: { c: { $ref: '#/$defs/t' } } } }, type: 'object', properties: { c: { $ref: '#/$defs/t' } } },
    value: (n) => nest(n, (v) => ({ c: v }), { c: null }),
  },
}

function nest(n: number, wrap: (v: unknown) => unknown, inner: unknown): unknown {
  let v = inner
  for (let i = 0; i < n; i++) v = wrap(v)
  return v
}

/** A read-counting view of a value: every property read of every container. */
function counted(value: unknown, reads: { n: number }): unknown {
  if (typeof value !== 'object' || value === null) return value
  return new Proxy(value as object, {
    get(t, k, r) {
      reads.n++
      return counted(Reflect.get(t, k, r), reads)
    },
  })
}

const DEPTH = 20_000

deep('encode and decode take values 20,000 levels deep for every provider and recursive shape, and give the value back', () => {
  for (const [name, { schema, value }] of Object.entries(RECURSIVE)) {
    const v = value(DEPTH)
    const expected = applyDefaults(v, newJSONSchema(schema))
    for (const provider of ALL) {
      const p = compileForProvider(schema, { provider })
      let encoded: unknown
      try {
        encoded = p.encode(v)
      } catch (e) {
        assert.unreachable(`${provider}, ${name}: encode threw ${(e as Error).name}: ${(e as Error).message}`)
      }
      const back = p.decode(encoded)
      assert.ok(back.success, `${provider}, ${name}: ${back.success ? '' : back.error.message.slice(0, 200)}`)
      if (back.success) assert.ok(jsonEqual(back.value, expected), `${provider}, ${name}: decoded value differs`)
      // the answer as a model sends it: JSON text, parsed
      const text = stringifyJson(encoded)!
      assert.ok(p.decode(JSON.parse(text)).success, `${provider}, ${name}: decode of the parsed text`)
    }
  }
})

deep('encode and decode read a deep value a number of times linear in its depth', () => {
  const { schema, value } = RECURSIVE['union of integer and object']!
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    const work = (n: number) => {
      const reads = { n: 0 }
      const encoded = p.encode(counted(value(n), reads))
      const decodeReads = { n: 0 }
      p.reshape(counted(encoded, decodeReads))
      return reads.n + decodeReads.n
    }
    // both past the depth where the platform's JSON.stringify (JSON text boxes) gives up
    const small = work(10_000)
    const large = work(40_000)
    assert.ok(large / small < 4 * 1.1, `${provider}: ${small} reads at 10,000 levels, ${large} at 40,000`)
  }
})

deep('a value that contains itself encodes without throwing and decodes to a cyclic issue, for every provider and shape', () => {
  const loops: [string, () => unknown][] = [
    ['optional property', () => {
      const a: Record<string, unknown> = { c: {} }
      ;(a.c as Record<string, unknown>).c = a
      return a
    }],
    ['nested arrays', () => {
      const inner: unknown[] = []
      inner.push(inner)
      return { a: inner }
    }],
    ['open map', () => {
      const m: Record<string, unknown> = {}
      m.k = m
      return { m }
    }],
  ]
  for (const [name, make] of loops) {
    const { schema } = RECURSIVE[name]!
    for (const provider of ALL) {
      const p = compileForProvider(schema, { provider })
      const v = make()
      let encoded: unknown
      try {
        encoded = p.encode(v)
      } catch (e) {
        assert.unreachable(`${provider}, ${name}: encode threw ${(e as Error).message}`)
      }
      for (const answer of [encoded, v]) {
        const back = p.decode(answer)
        assert.not.ok(back.success, `${provider}, ${name}`)
        if (!back.success) assert.ok(back.error.errors.some((i) => i.keyword === 'cyclic'), `${provider}, ${name}: ${back.error.message}`)
      }
    }
  }
})

deep('parseToolCall with a provider takes a deep valid answer, and never sends a stack overflow to the model', () => {
  const { schema, value } = RECURSIVE['union of integer and object']!
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    const tools = { t: { inputSchema: schema } }
    for (const n of [900, DEPTH]) {
      const text = stringifyJson(p.encode(value(n)))!
      assert.ok(parseToolCall({ toolName: 't', input: text, tools, provider }) !== undefined, `${provider}: ${n} levels`)
    }
    // a deep wrong answer is rejected with the schema's words
    const wrong = stringifyJson(p.encode(nest(DEPTH, (v) => ({ a: v }), 'x')))!
    try {
      parseToolCall({ toolName: 't', input: wrong, tools, provider })
      assert.unreachable(`${provider}: accepted a wrong answer`)
    } catch (e) {
      const message = (e as Error).message
      assert.not.match(message, /call stack|RangeError/, provider)
    }
  }
})

deep.run()
