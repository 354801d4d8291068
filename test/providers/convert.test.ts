/** compileForProvider: the techniques per provider, decode's answers on bad input, and what it never does. */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'
import { checkProviderRequest, compileForProvider } from '../../providers/index.ts'
import type { ProviderName } from '../../providers/index.ts'
import { metaValidator } from './profiles.ts'

const ALL: ProviderName[] = ['openai', 'gemini', 'gemini-openapi', 'minimal', 'anthropic']

/** The Done-when round trip for one value: encode validates, decode gives back the defaulted value. */
function roundTrip(schema: object, value: unknown, provider: ProviderName): void {
  const p = compileForProvider(schema, { provider })
  const meta = metaValidator(provider).validate(p.schema)
  assert.is(meta, null, `${provider}: ${meta?.message}`)
  const encoded = p.encode(value)
  const error = newJSONSchema(p.schema).validate(encoded)
  assert.is(error, null, `${provider}: ${error?.message} in ${JSON.stringify(encoded)}`)
  const back = p.decode(encoded)
  assert.ok(back.success, `${provider}: ${back.success ? '' : back.error.message}`)
  if (back.success) assert.equal(back.value, applyDefaults(value, newJSONSchema(schema)), provider)
}

const techniques = suite('compileForProvider techniques')

techniques('optional properties go out required and nullable where every property must be listed, and null comes back as absent', () => {
  const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', default: 3 } }, required: ['name'], additionalProperties: false }
  const p = compileForProvider(schema, { provider: 'openai' })
  assert.equal(p.schema.required, ['name', 'age'])
  assert.equal((p.schema.properties as Record<string, { type: unknown }>).age!.type, ['integer', 'null'])
  assert.equal(p.encode({ name: 'a' }), { name: 'a', age: null })
  const back = p.decode({ name: 'a', age: null })
  assert.equal(back, { success: true, value: { name: 'a', age: 3 } })
  // Gemini keeps optional properties optional
  const g = compileForProvider(schema, { provider: 'gemini' })
  assert.equal(g.schema.required, ['name'])
  for (const provider of ALL) roundTrip(schema, { name: 'x' }, provider)
})

techniques('an optional property that may itself be null travels in a { value } box, so null still means absent', () => {
  const schema = { type: 'object', properties: { note: { type: ['string', 'null'] } } }
  const p = compileForProvider(schema, { provider: 'openai' })
  assert.equal(p.encode({ note: null }), { note: { value: null }, additionalProperties: [] })
  assert.equal(p.decode({ note: null, additionalProperties: [] }), { success: true, value: {} })
  assert.equal(p.decode({ note: { value: null }, additionalProperties: [] }), { success: true, value: { note: null } })
  for (const provider of ALL) for (const v of [{}, { note: null }, { note: 'x' }]) roundTrip(schema, v, provider)
})

techniques('open objects and maps travel as key/value entries where objects must be closed, and as maps where the provider takes them', () => {
  const schema = { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: { type: 'number', minimum: 0 } }
  const value = { id: 'a', x: 1, y: 2 }
  const o = compileForProvider(schema, { provider: 'openai' })
  assert.equal(o.encode(value), { id: 'a', additionalProperties: [{ key: 'x', value: 1 }, { key: 'y', value: 2 }] })
  const g = compileForProvider(schema, { provider: 'gemini' })
  assert.equal(g.encode(value), value)
  assert.equal((g.schema.additionalProperties as Record<string, unknown>).type, 'number')
  for (const provider of ALL) roundTrip(schema, value, provider)
  // a key given both as a property and as an entry is refused with its path
  const twice = o.decode({ id: 'a', additionalProperties: [{ key: 'id', value: 1 }] })
  assert.not.ok(twice.success)
  if (!twice.success) assert.is(twice.error.errors[0]!.instancePath, '/id')
})

techniques('unions stay anyOf where allowed and become a wrapper with one property per kind where not', () => {
  const schema = { type: 'object', properties: { v: { anyOf: [{ type: 'string', format: 'date' }, { type: 'array', items: { type: 'integer' } }] } }, required: ['v'] }
  const o = compileForProvider(schema, { provider: 'openai' })
  assert.ok(Array.isArray((o.schema.properties as Record<string, Record<string, unknown>>).v!.anyOf))
  const g = compileForProvider(schema, { provider: 'gemini' })
  assert.equal(g.encode({ v: [1, 2] }), { v: { array: [1, 2] } })
  const both = g.decode({ v: { string: '2024-01-01', array: [1] } })
  assert.not.ok(both.success)
  if (!both.success) assert.is(both.error.errors[0]!.instancePath, '/v')
  for (const provider of ALL) for (const v of [{ v: '2024-02-03' }, { v: [1] }]) roundTrip(schema, v, provider)
  assert.ok(g.lost.some((l) => l.keyword === 'anyOf'), 'the union is listed as lost where a wrapper carries it')
  assert.not.ok(o.lost.some((l) => l.keyword === 'anyOf'))
})

techniques('recursion stays $ref where the provider takes it and is sent as JSON text below the first level elsewhere', () => {
  const schema = { $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['name'], additionalProperties: false } }, $ref: '#/$defs/node' }
  const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [] }] }] }
  const o = compileForProvider(schema, { provider: 'openai' })
  assert.match(JSON.stringify(o.schema), '"$ref":"#"')
  const m = compileForProvider(schema, { provider: 'minimal' })
  const encoded = m.encode(tree) as { children: unknown[] }
  assert.is(encoded.children[0], JSON.stringify(tree.children[0]))
  assert.ok(m.lost.some((l) => l.keyword === '$ref' && /JSON text/.test(l.how)))
  for (const provider of ALL) roundTrip(schema, tree, provider)
})

techniques('a root that is not an object is wrapped in { value } where the provider needs an object root', () => {
  const schema = { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }
  const o = compileForProvider(schema, { provider: 'openai' })
  assert.equal(o.encode(['a']), { value: ['a'] })
  assert.equal(compileForProvider(schema, { provider: 'gemini' }).encode(['a']), ['a'])
  for (const provider of ALL) roundTrip(schema, ['b', 'a'], provider)
})

techniques('constraints the provider lacks are described in the schema, listed as lost and checked after decode', () => {
  const schema = { type: 'object', properties: { code: { type: 'string', minLength: 3, pattern: '^[A-Z]+$' } }, required: ['code'] }
  const g = compileForProvider(schema, { provider: 'gemini' })
  const code = (g.schema.properties as Record<string, Record<string, unknown>>).code!
  assert.is(code.minLength, undefined)
  assert.match(String(code.description), 'minLength 3')
  assert.equal(g.lost.map((l) => `${l.schemaPath} ${l.keyword}`).sort(), ['#/properties/code minLength', '#/properties/code pattern'])
  const r = g.decode({ code: 'ab' })
  assert.not.ok(r.success)
  if (!r.success) assert.equal(r.error.errors.map((e) => e.keyword).sort(), ['minLength', 'pattern'])
  const o = compileForProvider(schema, { provider: 'openai' })
  assert.is((o.schema.properties as Record<string, Record<string, unknown>>).code!.pattern, '^[A-Z]+$')
  // type (twice), required, minLength, pattern: OpenAI keeps all but minLength
  assert.equal(o.constraints, { total: 5, kept: 4 })
})

techniques('draft-07 schemas convert through the same graph (tuples, definitions)', () => {
  const schema = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'number', maximum: 5 } }, type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/n' }], additionalItems: false }
  const g = compileForProvider(schema, { provider: 'gemini' })
  assert.equal((g.schema.prefixItems as unknown[]).length, 2)
  for (const provider of ALL) roundTrip(schema, ['x', 4], provider)
})

const decoding = suite('decode on bad input')

decoding('a value that is not the provider shape gives success: false with the original path', () => {
  const schema = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] } }, required: ['a'] }
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    const r = p.decode(p.encode({ a: { b: 'x' } }))
    assert.not.ok(r.success, provider)
    if (!r.success) assert.is(r.error.errors[0]!.instancePath, '/a/b', provider)
    for (const junk of [undefined, null, 'text', 42, [], { value: 1 }, { a: null }]) {
      const out = p.decode(junk)
      assert.not.ok(out.success, `${provider} ${JSON.stringify(junk)}`)
    }
  }
})

decoding('decode never mutates its argument and never throws, even for deep or unparsable input', () => {
  const schema = { $defs: { t: { type: 'object', properties: { next: { $ref: '#/$defs/t' }, raw: {} } } }, $ref: '#/$defs/t' }
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    const answer = p.encode({ next: { next: { raw: [1, { x: 2 }] } } }) as object
    const frozen = JSON.stringify(answer)
    deepFreeze(answer)
    const r = p.decode(answer)
    assert.ok(r.success, provider)
    assert.is(JSON.stringify(answer), frozen)
    let deep: Record<string, unknown> = {}
    const top = deep
    for (let i = 0; i < 20_000; i++) deep = (deep.next = {}) as Record<string, unknown>
    const far = p.decode(provider === 'openai' ? { next: top, additionalProperties: [] } : top)
    assert.is(typeof far.success, 'boolean')
    const bad = p.decode(provider === 'openai' ? { next: null, raw: '{not json', additionalProperties: [] } : { raw: '{not json' })
    assert.not.ok(bad.success, provider)
  }
})

function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null) return
  Object.freeze(v)
  for (const x of Object.values(v)) deepFreeze(x)
}

decoding('invalid values stay invalid through encode and decode: null for an optional property, extra keys of a closed object', () => {
  const schema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }
  for (const provider of ALL) {
    const p = compileForProvider(schema, { provider })
    for (const bad of [{ a: null }, { a: 'x', b: 1 }, [], 'x']) {
      assert.not.ok(p.decode(p.encode(bad)).success, `${provider} ${JSON.stringify(bad)}`)
    }
  }
})

const request = suite('checkProviderRequest')

request('counts strict tools, optional parameters and union parameters against the provider limits', () => {
  const tool = (i: number) => ({ name: `t${i}`, inputSchema: { type: 'object', properties: { a: { type: 'string' }, b: { type: ['string', 'number'] } }, required: ['a'] } })
  assert.equal(checkProviderRequest([tool(1), tool(2)], { provider: 'anthropic' }), [])
  const many = Array.from({ length: 25 }, (_, i) => tool(i))
  const problems = checkProviderRequest(many, { provider: 'anthropic' })
  assert.equal(problems.map((p) => p.limit).sort(), ['optionalParameters', 'tools', 'unionParameters'])
  assert.match(problems.find((p) => p.limit === 'tools')!.message, '25 strict tools')
  // non-strict tools do not count
  assert.equal(checkProviderRequest(many.map((t) => ({ ...t, strict: false })), { provider: 'anthropic' }), [])
})

request('a schema over the provider size limits is not strict, and says why', () => {
  const properties = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`p${i}`, { type: 'string', enum: ['a', 'b'] }]))
  const p = compileForProvider({ type: 'object', properties }, { provider: 'openai' })
  assert.is(p.strict, false)
  assert.match(p.lost.find((l) => l.keyword === 'strict')!.how, 'enum values')
  assert.equal(checkProviderRequest([{ name: 'big', inputSchema: { type: 'object', properties } }], { provider: 'openai' }).map((x) => x.limit), ['schema'])
})

techniques.run()
decoding.run()
request.run()
