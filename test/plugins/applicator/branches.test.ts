/**
 * `anyOf`/`oneOf` in generated code: what every branch checks alike is tested once. The tiers
 * agree (answer and issues) on objects that fail or pass the shared property, where the branches
 * differ elsewhere, and where the property only looks shared; and a failing shared property is
 * evaluated twice (first branch, then the shared test), not once per branch, counted through a
 * custom format.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../../index.ts'
import { anyOfKeyword, checkEmit, oneOfKeyword } from '../../../plugins/index.ts'
import type { EmitCase } from '../../../plugins/index.ts'
import { sameCheck, sharedProperties } from '../../../plugins/applicator/_common.ts'

const test = suite('branches: shared properties')

const sync = { type: 'object', properties: { src: { type: 'string' } }, required: ['src'], additionalProperties: false }
/** Four versioned alternatives sharing `image` (inline, written alike) and `sync` (one $ref). */
function versioned(keyword: 'anyOf' | 'oneOf'): Record<string, unknown> {
  const branch = (extra: string) => ({
    additionalProperties: false,
    required: keyword === 'oneOf' ? [extra] : [],
    properties: { image: { type: 'string', description: `the image (${extra})` }, sync: { $ref: '#/$defs/Sync', description: extra }, [extra]: { type: 'integer' } },
  })
  return { $defs: { Sync: sync }, [keyword]: [branch('a'), branch('b'), branch('c'), branch('d')] }
}

const objects = [
  {},
  { image: 'i' },
  { image: 1 },
  { image: 'i', sync: { src: 's' } },
  { image: 'i', sync: { src: 1 } },
  { image: 'i', sync: { src: 's', extra: 1 } },
  { image: 'i', sync: { src: 's' }, c: 1 },
  { image: 'i', sync: { src: 1 }, c: 1 },
  { image: 'i', sync: { src: 's' }, c: 'x' },
  { image: 'i', sync: { src: 's' }, a: 1, d: 2 },
  { image: 'i', sync: undefined, b: 1 },
  { sync: null, d: 1 },
  [],
  'x',
  null,
]

test('anyOf and oneOf: the generated tier agrees with validate around a shared property', () => {
  const cases = (keyword: 'anyOf' | 'oneOf'): EmitCase[] => [
    { schema: versioned(keyword), instances: objects },
    { schema: versioned(keyword), instances: objects, options: { allErrors: true } },
    { schema: { $defs: { Sync: sync }, properties: { p: { [keyword]: versioned(keyword)[keyword] } } }, instances: objects.map((p) => ({ p })) },
    // `sync` differs in one branch (a different target): nothing is shared but `image`.
    { schema: { ...versioned(keyword), $defs: { Sync: sync, Other: { type: 'object' } }, [keyword]: [...(versioned(keyword)[keyword] as object[]).slice(0, 3), { properties: { sync: { $ref: '#/$defs/Other' } } }] }, instances: objects },
  ]
  assert.equal(checkEmit(anyOfKeyword, cases('anyOf')), [])
  assert.equal(checkEmit(oneOfKeyword, cases('oneOf')), [])
})

test('anyOf and oneOf: branches of another type are left out of the code for a value of that type', () => {
  const scalars = [0, 1, 1.5, -2, 'a', '', true, false, null, [], [1], {}, { a: 1 }]
  const cases = (keyword: 'anyOf' | 'oneOf'): EmitCase[] => [
    { schema: { [keyword]: [{ type: 'string' }, { type: 'number' }] }, instances: scalars },
    { schema: { [keyword]: [{ type: 'integer' }, { type: 'number', minimum: 1 }, { type: ['null', 'boolean'] }] }, instances: scalars },
    { schema: { [keyword]: [{ type: 'integer' }, { type: 'string' }, { $ref: '#/$defs/n' }], $defs: { n: { type: 'null' } } }, instances: scalars },
    { schema: { [keyword]: [{ type: 'array', items: { type: 'integer' } }, { type: 'array' }, { minimum: 1 }] }, instances: scalars },
    { schema: { properties: { p: { [keyword]: [{ type: 'string' }, { type: 'object', required: ['a'] }] } } }, instances: scalars.map((p) => ({ p })), options: { allErrors: true } },
    { schema: { [keyword]: [{ type: 'string', nullable: true }, { type: 'number' }] }, instances: scalars, options: { defaultDialect: 'openapi-3.0' } },
  ]
  assert.equal(checkEmit(anyOfKeyword, cases('anyOf')), [])
  assert.equal(checkEmit(oneOfKeyword, cases('oneOf')), [])
})

test('sharedProperties: the same $ref target or the same JSON, not a lookalike', () => {
  const v = newJSONSchema({
    $defs: { A: { type: 'string' }, B: { type: 'string', minLength: 1 } },
    anyOf: [
      { properties: { same: { $ref: '#/$defs/A' }, inline: { items: { $ref: '#/$defs/A' } }, other: { $ref: '#/$defs/A' }, deep: { items: { $ref: '#/$defs/A' } } } },
      { properties: { same: { $ref: '#/$defs/A', title: 't' }, inline: { items: { $ref: '#/$defs/A' } }, other: { $ref: '#/$defs/B' }, deep: { items: { $ref: '#/$defs/B' } } } },
      { type: 'object' },
    ],
  } as never)
  const branches = v.root().inspect().subschemas.filter((e) => e.keyword === 'anyOf').map((e) => e.handle)
  assert.equal(sharedProperties(branches.slice(0, 2)).map(([name]) => name), ['same', 'inline'])
  const [a, b] = branches.map((h) => new Map(h.inspect().subschemas.map((e) => [e.path[0], e.handle])))
  assert.ok(sameCheck(a!.get('inline')!, b!.get('inline')!))
  assert.not.ok(sameCheck(a!.get('deep')!, b!.get('deep')!))
  // A branch without `properties` shares nothing.
  assert.equal(sharedProperties(branches), [])
})

test('a failing shared property is evaluated twice, not once per branch; once when the keys pick the branch', () => {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    let calls = 0
    const counted = (s: string) => (calls++, s !== 'bad')
    const schema = versioned(keyword)
    ;(schema.$defs as Record<string, unknown>).Sync = { properties: { src: { type: 'string', format: 'counted' } } }
    const v = newJSONSchema(schema as never, { customFormats: { counted }, codegenThreshold: 0 })
    const data = { image: 'i', sync: { src: 'bad' }, a: 1 }
    v.isValid(data)
    calls = 0
    assert.is(v.isValid(data), false)
    assert.is(calls, 2, keyword)
    // The valid path still passes.
    assert.is(v.isValid({ ...data, sync: { src: 'good' } }), true)
    // A value whose keys do not fit the first (closed) branch was meant for another: the shared
    // test is skipped, and the matching branch alone checks the property.
    calls = 0
    assert.is(v.isValid({ image: 'i', sync: { src: 'good' }, b: 1 }), true)
    assert.is(calls, 1, `${keyword}, valid through branch b`)
    calls = 0
    assert.is(v.isValid({ image: 'i', sync: { src: 'bad' }, b: 1 }), false)
    assert.is(calls, 1, `${keyword}, invalid through branch b`)
  }
})

test.run()
