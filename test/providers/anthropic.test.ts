/**
 * The Anthropic profile, rule by documented rule (structured outputs and strict tool use: JSON
 * Schema limitations and per-request limits): one row per rule, a schema in, what the converted
 * schema must say, and a value that must round-trip. Plus the profile's meta-schema against
 * schemas that follow and break each rule.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { anthropic, checkProviderRequest, compileForProvider } from '../../providers/index.ts'
import { metaValidator } from './profiles.ts'

interface Row {
  rule: string
  schema: Record<string, unknown>
  /** Where to look in the converted schema (path of keys) and what must (not) be there. */
  at: (string | number)[]
  has?: Record<string, unknown>
  lacks?: string[]
  /** Keywords listed in `lost`. */
  lost?: string[]
  value: unknown
}

const obj = (props: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties: props, required: Object.keys(props), additionalProperties: false, ...extra })

const ROWS: Row[] = [
  { rule: 'numeric bounds are not supported', schema: obj({ n: { type: 'number', minimum: 1, maximum: 9, multipleOf: 0.5 } }), at: ['properties', 'n'], has: { type: 'number' }, lacks: ['minimum', 'maximum', 'multipleOf'], lost: ['minimum', 'maximum', 'multipleOf'], value: { n: 2.5 } },
  { rule: 'string length bounds are not supported', schema: obj({ s: { type: 'string', minLength: 2, maxLength: 5 } }), at: ['properties', 's'], lacks: ['minLength', 'maxLength'], lost: ['minLength', 'maxLength'], value: { s: 'abc' } },
  { rule: 'complex regular expressions are refused, so patterns are described', schema: obj({ s: { type: 'string', pattern: '^(?=a)a+$' } }), at: ['properties', 's'], lacks: ['pattern'], lost: ['pattern'], value: { s: 'aa' } },
  { rule: 'minItems of 0 or 1 is supported', schema: obj({ a: { type: 'array', items: { type: 'string' }, minItems: 1 } }), at: ['properties', 'a'], has: { minItems: 1 }, value: { a: ['x'] } },
  { rule: 'minItems above 1 goes out as 1 and is checked after decode', schema: obj({ a: { type: 'array', items: { type: 'string' }, minItems: 3 } }), at: ['properties', 'a'], has: { minItems: 1 }, lost: ['minItems'], value: { a: ['x', 'y', 'z'] } },
  { rule: 'maxItems is not supported', schema: obj({ a: { type: 'array', items: { type: 'string' }, maxItems: 3 } }), at: ['properties', 'a'], lacks: ['maxItems'], lost: ['maxItems'], value: { a: [] } },
  { rule: 'documented string formats are kept', schema: obj({ e: { type: 'string', format: 'email' }, u: { type: 'string', format: 'uri' }, d: { type: 'string', format: 'duration' } }), at: ['properties', 'e'], has: { format: 'email' }, value: { e: 'a@b.co', u: 'https://x.dev/', d: 'P1D' } },
  { rule: 'other string formats are described', schema: obj({ r: { type: 'string', format: 'regex' } }), at: ['properties', 'r'], lacks: ['format'], lost: ['format'], value: { r: 'a+' } },
  { rule: 'additionalProperties must be false: open objects send their extra keys as entries', schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, at: [], has: { additionalProperties: false }, value: { a: 'x', b: 1 } },
  { rule: 'optional properties stay optional', schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'], additionalProperties: false }, at: [], has: { required: ['a'] }, value: { a: 'x' } },
  { rule: 'enum of primitives and const are kept', schema: obj({ c: { enum: ['x', 1, null] }, k: { const: 'only' } }), at: ['properties', 'k'], has: { enum: ['only'] }, value: { c: null, k: 'only' } },
  { rule: 'enum values that are objects are checked after decode', schema: obj({ c: { enum: [{ a: 1 }, 'x'] } }), at: ['properties', 'c'], lost: ['enum'], value: { c: { a: 1 } } },
  { rule: 'anyOf is supported', schema: obj({ v: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }), at: ['properties', 'v'], has: { anyOf: [{ type: 'integer' }, { type: 'string' }] }, value: { v: 3 } },
  { rule: 'recursive schemas are not supported: recursion is sent as JSON text', schema: { $defs: { t: obj({ kids: { type: 'array', items: { $ref: '#/$defs/t' } } }) }, $ref: '#/$defs/t' }, at: ['properties', 'kids', 'items'], has: { type: 'string' }, lost: ['$ref'], value: { kids: [{ kids: [] }] } },
  { rule: 'the root is an object: anything else is wrapped', schema: { type: 'string', format: 'date' }, at: [], has: { type: 'object', required: ['value'] }, value: '2024-05-06' },
]

const rules = suite('anthropic: documented rules')

for (const row of ROWS) {
  rules(row.rule, () => {
    const p = compileForProvider(row.schema, { provider: 'anthropic' })
    assert.is(metaValidator('anthropic').validate(p.schema), null)
    let at: unknown = p.schema
    for (const k of row.at) at = (at as Record<string | number, unknown>)[k]
    const node = at as Record<string, unknown>
    for (const [k, v] of Object.entries(row.has ?? {})) assert.equal(node[k], v, `${row.rule}: ${k}`)
    for (const k of row.lacks ?? []) assert.is(node[k], undefined, `${row.rule}: no ${k}`)
    assert.equal(p.lost.map((l) => l.keyword).filter((k) => (row.lost ?? []).includes(k)).sort(), [...(row.lost ?? [])].sort())
    // what is not sent is still checked: the round trip holds and the described constraints appear
    const encoded = p.encode(row.value)
    assert.is(newJSONSchema(p.schema).validate(encoded), null)
    assert.equal(p.decode(encoded), { success: true, value: applyDefaults(row.value, newJSONSchema(row.schema)) })
  })
}

rules('a value breaking a constraint the schema does not send is refused after decode, on the original path', () => {
  const p = compileForProvider(obj({ n: { type: 'number', maximum: 9 } }), { provider: 'anthropic' })
  const r = p.decode({ n: 10 })
  assert.not.ok(r.success)
  if (!r.success) assert.equal(r.error.errors.map((e) => [e.instancePath, e.keyword]), [['/n', 'maximum']])
})

rules('per request: at most 20 strict tools, 24 optional parameters and 16 parameters with union types', () => {
  assert.equal(anthropic.limits, { tools: 20, optionalParameters: 24, unionParameters: 16 })
  const optional = (n: number) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`o${i}`, { type: 'string' }])) })
  const unions = (n: number) => obj(Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, { type: ['string', 'integer'] }])))
  assert.equal(checkProviderRequest([{ name: 'a', inputSchema: optional(24) }], { provider: 'anthropic' }), [])
  assert.equal(checkProviderRequest([{ name: 'a', inputSchema: optional(12) }, { name: 'b', inputSchema: optional(13) }], { provider: 'anthropic' }).map((p) => p.limit), ['optionalParameters'])
  assert.equal(checkProviderRequest([{ name: 'a', inputSchema: unions(16) }], { provider: 'anthropic' }), [])
  assert.equal(checkProviderRequest([{ name: 'a', inputSchema: unions(17) }], { provider: 'anthropic' }).map((p) => p.limit), ['unionParameters'])
  const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}`, inputSchema: obj({}) }))
  assert.equal(checkProviderRequest(tools(20), { provider: 'anthropic' }), [])
  assert.equal(checkProviderRequest(tools(21), { provider: 'anthropic' }).map((p) => p.limit), ['tools'])
})

const meta = suite('anthropic: the profile meta-schema')

const META_CASES: [string, unknown, boolean][] = [
  ['a closed object with a string property', obj({ a: { type: 'string' } }), true],
  ['optional properties', { type: 'object', properties: { a: { type: 'string' } }, required: [], additionalProperties: false }, true],
  ['anyOf and $defs', { ...obj({ a: { anyOf: [{ $ref: '#/$defs/x' }, { type: 'null' }] } }), $defs: { x: { type: 'integer' } } }, true],
  ['an open object', { type: 'object', properties: {} }, false],
  ['additionalProperties true', { type: 'object', properties: {}, additionalProperties: true }, false],
  ['a root that is not an object', { type: 'string' }, false],
  ['minimum', obj({ a: { type: 'number', minimum: 0 } }), false],
  ['minLength', obj({ a: { type: 'string', minLength: 1 } }), false],
  ['minItems 2', obj({ a: { type: 'array', items: { type: 'string' }, minItems: 2 } }), false],
  ['an unsupported format', obj({ a: { type: 'string', format: 'regex' } }), false],
  ['an enum of objects', obj({ a: { enum: [{ x: 1 }] } }), false],
  ['a nested open object', obj({ a: { type: 'object', properties: {} } }), false],
]

for (const [what, schema, valid] of META_CASES) {
  meta(`${valid ? 'accepts' : 'rejects'} ${what}`, () => {
    assert.is(metaValidator('anthropic').validate(schema) === null, valid)
  })
}

rules.run()
meta.run()
