/**
 * Dialects beyond the official suite: draft-04 / draft-06 / OpenAPI 3.0 / 3.1 behaviour a user
 * meets first, the named SchemaError for a keyword in another dialect's shape, unknown `$schema`
 * URIs, and `$ref`s across dialects.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { SchemaError, createKernel, newJSONSchema } from '../../index.ts'
import type { DialectName, SchemaOptions } from '../../index.ts'
import { draft4, draft6, openApi30, openApi31 } from '../../plugins/index.ts'

const D04 = 'http://json-schema.org/draft-04/schema#'
const D06 = 'http://json-schema.org/draft-06/schema#'

/** The SchemaError a compile throws (fails the test when it compiles). */
function refusal(schema: unknown, options?: SchemaOptions): SchemaError {
  try {
    newJSONSchema(schema, options)
  } catch (e) {
    assert.ok(SchemaError.isInstance(e), `expected a SchemaError, got ${String(e)}`)
    return e as SchemaError
  }
  assert.unreachable('the schema compiled')
  throw new Error('unreachable')
}

const valid = (schema: unknown, data: unknown, options?: SchemaOptions) => newJSONSchema(schema, options).validate(data) === null

const legacy = suite('draft-04 and draft-06')

legacy('draft-04 boolean exclusive bounds make maximum and minimum strict', () => {
  const s = { $schema: D04, maximum: 5, exclusiveMaximum: true, minimum: 1, exclusiveMinimum: true }
  assert.equal([0.5, 1, 1.5, 4.9, 5, 6].map((x) => valid(s, x)), [false, false, true, true, false, false])
  const inclusive = { $schema: D04, maximum: 5, exclusiveMaximum: false, minimum: 1 }
  assert.equal([1, 5, 5.1].map((x) => valid(inclusive, x)), [true, true, false])
  const error = newJSONSchema(s).validate(5)!
  assert.equal(error.errors.map((e) => [e.keyword, e.params]), [['exclusiveMaximum', { comparison: '<', limit: 5 }]])
})

legacy('the generated tier and the interpreter agree on draft-04 exclusive bounds', () => {
  const s = { $schema: D04, type: 'array', items: { maximum: 5, exclusiveMaximum: true } }
  const generated = newJSONSchema(s, { codegenThreshold: 0 })
  const interpreted = newJSONSchema(s, { codegen: false })
  for (const data of [[1, 4.99], [5], [1, 6]]) assert.is(generated.validate(data) === null, interpreted.validate(data) === null, JSON.stringify(data))
  assert.is(generated.validate([5]) === null, false)
})

legacy('draft-04 id with a plain-name fragment is an anchor; a $ref sibling is ignored', () => {
  const s = { $schema: D04, definitions: { int: { id: '#int', type: 'integer' } }, properties: { n: { $ref: '#int', type: 'string' } } }
  assert.ok(valid(s, { n: 3 }))
  assert.not.ok(valid(s, { n: 'three' }))
})

legacy('a draft-04 id that is not a string identifies nothing, where the meta-schema does not reach', () => {
  // A property map misplaced as a schema, reached through a reference from outside any keyword.
  const s = { $schema: D04, list: { items: { id: { type: 'integer' } } }, properties: { list: { $ref: '#/list' } } }
  assert.ok(valid(s, { list: ['anything'] }))
  assert.match(refusal({ $schema: D04, id: 5 }).message, '#/id')
})

legacy('draft-04 has no const, contains, propertyNames or if; draft-06 has all but if', () => {
  const later = { const: 1, contains: { type: 'string' }, propertyNames: { maxLength: 1 }, if: { type: 'number' }, then: { minimum: 10 } }
  // Unknown keywords are annotations: draft-04 accepts anything here.
  assert.ok(valid({ $schema: D04, ...later }, 2))
  assert.ok(valid({ $schema: D04, ...later }, { long: 1 }))
  assert.not.ok(valid({ $schema: D06, ...later }, 2), 'draft-06 const')
  assert.ok(valid({ $schema: D06, contains: { type: 'string' }, if: { type: 'number' }, then: { minimum: 10 } }, 2), 'draft-06 has no if/then')
  assert.not.ok(valid({ $schema: D06, contains: { type: 'string' } }, [1]))
  assert.not.ok(valid({ $schema: D06, propertyNames: { maxLength: 1 } }, { long: 1 }))
})

legacy('array items with additionalItems, and dependencies, in draft-04', () => {
  const s = { $schema: D04, items: [{ type: 'string' }], additionalItems: false, dependencies: { a: ['b'], c: { required: ['d'] } } }
  assert.ok(valid(s, ['x']))
  assert.not.ok(valid(s, ['x', 1]))
  assert.not.ok(valid(s, { a: 1 }))
  assert.not.ok(valid(s, { c: 1 }))
  assert.ok(valid(s, { a: 1, b: 2, c: 3, d: 4 }))
})

legacy('the presets hold each dialect keywords', () => {
  const names = (preset: readonly { keyword: string }[]) => new Set(preset.map((d) => d.keyword))
  assert.not.ok(names(draft4).has('const'))
  assert.ok(names(draft4).has('id'))
  assert.ok(names(draft6).has('const'))
  assert.not.ok(names(draft6).has('if'))
  assert.ok(names(openApi30).has('nullable'))
  assert.not.ok(names(openApi31).has('nullable'))
  assert.ok(names(openApi31).has('prefixItems'))
})

legacy('the view reports the dialect each resource is read in', () => {
  assert.is(newJSONSchema({ $schema: D04 }).root().inspect().dialect, 'draft-04')
  assert.is(newJSONSchema({ $schema: D06 }).root().inspect().dialect, 'draft-06')
  assert.is(newJSONSchema({}, { defaultDialect: 'openapi-3.0' }).root().inspect().dialect, 'openapi-3.0')
})

legacy.run()

const shape = suite('a keyword in another dialect shape')

shape('exclusiveMaximum: true under 2020-12 names the keyword, 2020-12 and draft-04', () => {
  for (const validateSchema of [true, false]) {
    const e = refusal({ maximum: 5, exclusiveMaximum: true }, { validateSchema })
    const problem = e.errors.find((p) => p.schemaPath === '#/exclusiveMaximum')
    assert.ok(problem !== undefined, e.message)
    assert.match(problem.message, /^exclusiveMaximum: true is not valid in dialect 2020-12 \(the dialect in force here\); it is draft-04 \/ openapi-3\.0 syntax/)
    assert.match(problem.message, 'http://json-schema.org/draft-04/schema')
  }
})

shape('a numeric exclusiveMaximum under draft-04 names draft-04 and the dialects that take numbers', () => {
  for (const validateSchema of [true, false]) {
    const e = refusal({ $schema: D04, exclusiveMaximum: 5 }, { validateSchema })
    const problem = e.errors.find((p) => p.schemaPath === '#/exclusiveMaximum')!
    assert.match(problem.message, /exclusiveMaximum: 5 is not valid in dialect draft-04 .*2020-12 \/ 2019-09 \/ draft-07 \/ draft-06/)
  }
})

shape('the same under OpenAPI 3.0 and inside a nested subschema', () => {
  const e = refusal({ properties: { n: { exclusiveMinimum: 0 } } }, { defaultDialect: 'openapi-3.0' })
  const problem = e.errors.find((p) => p.schemaPath === '#/properties/n/exclusiveMinimum')
  assert.ok(problem !== undefined, e.message)
  assert.match(problem.message, 'is not valid in dialect openapi-3.0')
})

shape('an items array under 2020-12 points to the dialects that read it as a tuple', () => {
  const e = refusal({ items: [{ type: 'string' }] })
  assert.match(e.errors[0]!.message, /items: \[\{"type":"string"\}\] is not valid in dialect 2020-12.*2019-09 \/ draft-07/)
})

shape('a value no dialect accepts stays a plain error', () => {
  const e = refusal({ exclusiveMaximum: 'five' }, { validateSchema: false })
  assert.not.match(e.message, 'dialect')
})

shape.run()

const unknown = suite('unknown $schema')

unknown('draft-03, a typo and an unregistered custom URI are SchemaErrors naming the dialects', () => {
  for (const uri of ['http://json-schema.org/draft-03/schema#', 'https://json-schema.org/draft/2020-12/schema/', 'https://example.com/my-meta']) {
    for (const validateSchema of [true, false]) {
      const e = refusal({ $schema: uri, type: 'string' }, { validateSchema })
      assert.match(e.message, `unknown $schema ${JSON.stringify(uri.replace(/#$/, validateSchema ? '' : '#'))}`)
      for (const name of ['2020-12', '2019-09', 'draft-07', 'draft-06', 'draft-04', 'openapi-3.1', 'openapi-3.0']) assert.match(e.message, name)
      assert.match(e.message, '"schemas" option')
    }
  }
})

unknown('an embedded resource with an unknown $schema is refused too', () => {
  const e = refusal({ $defs: { a: { $id: 'https://example.com/a', $schema: 'https://example.com/nope' } } }, { validateSchema: false })
  assert.match(e.message, 'unknown $schema "https://example.com/nope"')
})

unknown('a custom meta-schema registered through schemas is accepted', () => {
  const meta = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/my-meta', $ref: 'https://json-schema.org/draft/2020-12/schema' }
  const v = newJSONSchema({ $schema: 'https://example.com/my-meta', type: 'string' }, { schemas: { 'https://example.com/my-meta': meta } })
  assert.is(v.validate('x'), null)
  assert.ok(v.validate(1) !== null)
})

unknown('a custom meta-schema a resolveRef hook supplies is accepted, except in untrusted mode', () => {
  const meta = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://example.com/hooked', $ref: 'https://json-schema.org/draft/2020-12/schema' }
  const kernel = createKernel({ plugins: [{ apply: (k) => k.hooks.resolveRef.tap('Hooked', (uri) => (uri === 'https://example.com/hooked' ? meta : undefined)) }] })
  const v = kernel.newJSONSchema({ $schema: 'https://example.com/hooked', type: 'string' })
  assert.ok(v.validate(1) !== null)
  assert.throws(() => kernel.newJSONSchema({ $schema: 'https://example.com/hooked' }, { untrusted: true }), /unknown \$schema/)
})

unknown('every dialect URI works with and without the trailing #', () => {
  const uris: Record<string, DialectName> = {
    'https://json-schema.org/draft/2020-12/schema': '2020-12',
    'https://json-schema.org/draft/2019-09/schema': '2019-09',
    'http://json-schema.org/draft-07/schema': 'draft-07',
    'http://json-schema.org/draft-06/schema': 'draft-06',
    'http://json-schema.org/draft-04/schema': 'draft-04',
    'https://spec.openapis.org/oas/3.1/dialect/base': 'openapi-3.1',
    'https://spec.openapis.org/oas/3.1/dialect/2024-11-10': 'openapi-3.1',
  }
  for (const [uri, name] of Object.entries(uris)) {
    for (const $schema of [uri, uri + '#']) {
      const v = newJSONSchema({ $schema, minimum: 2 })
      assert.is(v.root().inspect().dialect, name, $schema)
      assert.ok(v.validate(1) !== null, $schema)
    }
  }
})

unknown('an unknown defaultDialect is a TypeError, on a constructor and on a kernel', () => {
  assert.throws(() => newJSONSchema({}, { defaultDialect: 'draft-03' as DialectName }), (e: unknown) => e instanceof TypeError && /defaultDialect must be one of/.test((e as Error).message))
  assert.throws(() => createKernel({ defaultDialect: 'openapi-2.0' as DialectName }), (e: unknown) => e instanceof TypeError)
})

unknown.run()

const openapi = suite('OpenAPI Schema Objects')

openapi('3.0: nullable adds null to type only; x-* keys and OpenAPI annotations pass strict mode', () => {
  const o = { defaultDialect: 'openapi-3.0' as const, strict: true }
  const s = { type: 'string', nullable: true, example: 'a', 'x-order': 3, discriminator: { propertyName: 'kind' }, externalDocs: { url: 'https://example.com' }, xml: { name: 's' } }
  assert.ok(valid(s, null, o))
  assert.ok(valid(s, 'x', o))
  assert.not.ok(valid(s, 1, o))
  assert.not.ok(valid({ type: 'string' }, null, o))
  assert.not.ok(valid({ type: 'string', nullable: true, enum: ['a'] }, null, o), 'enum keeps its say over null')
  assert.not.ok(valid({ nullable: false, type: 'integer' }, null, o))
  assert.throws(() => newJSONSchema({ 'y-order': 1 }, o), /unknown keyword "y-order"/)
})

openapi('3.0: boolean exclusive bounds; nullable in another dialect is an unknown keyword, named so in strict mode', () => {
  assert.not.ok(valid({ type: 'number', minimum: 0, exclusiveMinimum: true }, 0, { defaultDialect: 'openapi-3.0' }))
  assert.ok(valid({ type: 'number', minimum: 0, exclusiveMinimum: true }, 0.1, { defaultDialect: 'openapi-3.0' }))
  assert.not.ok(valid({ type: 'string', nullable: true }, null), '2020-12 ignores nullable')
  assert.throws(() => newJSONSchema({ type: 'string', nullable: true }, { strict: true }), /unknown keyword "nullable" in 2020-12 \(strict mode\): it is a keyword of openapi-3\.0;/)
  assert.throws(() => newJSONSchema({ $schema: D04, const: 1 }, { strict: true }), /unknown keyword "const" in draft-04 \(strict mode\): it is a keyword of 2020-12 \/ 2019-09 \/ draft-07 \/ draft-06 \/ openapi-3\.1;/)
})

openapi('3.0 and 3.1: OpenAPI keywords of the wrong shape are SchemaErrors', () => {
  for (const defaultDialect of ['openapi-3.0', 'openapi-3.1'] as const) {
    assert.match(refusal({ discriminator: 'kind' }, { defaultDialect }).message, 'discriminator must be an object')
    assert.match(refusal({ discriminator: { mapping: {} } }, { defaultDialect }).message, 'discriminator must have a string propertyName')
    assert.match(refusal({ externalDocs: {} }, { defaultDialect }).message, 'externalDocs must be an object with a string url')
  }
  assert.match(refusal({ nullable: 'yes' }, { defaultDialect: 'openapi-3.0' }).message, 'nullable must be a boolean')
})

openapi('3.1: the OAS base dialect URI picks it; 2020-12 keywords apply', () => {
  const s = { $schema: 'https://spec.openapis.org/oas/3.1/dialect/base', type: ['string', 'null'], prefixItems: [{ const: 1 }], example: 'x', 'x-internal': true }
  assert.ok(valid(s, null, { strict: true }))
  assert.not.ok(valid({ ...s, type: 'array' }, [2]))
  assert.match(refusal({ exclusiveMaximum: true }, { defaultDialect: 'openapi-3.1' }).message, 'not valid in dialect openapi-3.1')
})

openapi.run()

const across = suite('$ref across dialects')

across('2020-12 refers to a draft-04 document, which refers back to a 2020-12 one', () => {
  const schemas = {
    'https://example.com/legacy.json': { $schema: D04, id: 'https://example.com/legacy.json', maximum: 10, exclusiveMaximum: true, allOf: [{ $ref: 'modern.json' }] },
    'https://example.com/modern.json': { $schema: 'https://json-schema.org/draft/2020-12/schema', exclusiveMinimum: 0 },
  }
  const s = { type: 'array', items: { $ref: 'https://example.com/legacy.json' } }
  const v = newJSONSchema(s, { schemas })
  assert.is(v.validate([1, 9.5]), null)
  assert.ok(v.validate([10]) !== null)
  assert.ok(v.validate([0]) !== null)
})

across('a draft-06 resource embedded in a draft-04 document reads its own keywords', () => {
  const s = { $schema: D04, definitions: { c: { $schema: D06, $id: 'https://example.com/c', const: 'x' } }, properties: { a: { $ref: 'https://example.com/c' } } }
  assert.ok(valid(s, { a: 'x' }, { validateSchema: false }))
  assert.not.ok(valid(s, { a: 'y' }, { validateSchema: false }))
})

across('an embedded resource of another dialect is checked against its own meta-schema', () => {
  const inner = { $schema: D04, id: 'http://example.com/a', maximum: 5, exclusiveMaximum: true }
  const v = newJSONSchema({ $defs: { a: inner }, items: { $ref: 'http://example.com/a' } })
  assert.is(v.validate([4]), null)
  assert.ok(v.validate([5]) !== null)
  const e = refusal({ $defs: { a: { ...inner, exclusiveMaximum: 5, minLength: -1 } }, minLength: -2 })
  assert.equal(
    e.errors.map((p) => [p.schemaPath, /meta-schema (\S+),/.exec(p.message)?.[1]]),
    [
      ['#/minLength', 'https://json-schema.org/draft/2020-12/schema'],
      ['#/$defs/a/exclusiveMaximum', 'http://json-schema.org/draft-04/schema'],
      ['#/$defs/a/minLength', 'http://json-schema.org/draft-04/schema'],
    ],
  )
  assert.match(e.errors[1]!.message, 'is not valid in dialect draft-04')
})

across.run()

const clashes = suite('one $id or anchor on two schemas')

clashes('in draft-04 to draft-07 is harmless until a reference needs it, then a SchemaError', () => {
  // As generators write them: the same id on unrelated subschemas.
  const s = { $schema: D04, properties: { a: { id: 'http://example.com/item', type: 'string' }, b: { id: 'http://example.com/item', type: 'integer' } } }
  assert.ok(valid(s, { a: 'x', b: 1 }))
  assert.not.ok(valid(s, { a: 1 }))
  assert.not.ok(valid(s, { b: 'x' }))
  const e = refusal({ ...s, items: { $ref: 'http://example.com/item' } })
  assert.match(e.message, 'two schemas have the $id "http://example.com/item"')
})

clashes('the same holds for legacy plain-name anchors; 2019-09 and later refuse the schema at once', () => {
  const s = { $schema: D06, definitions: { a: { $id: '#cost', type: 'number' }, b: { $id: '#cost', type: 'string' } } }
  assert.ok(valid(s, 1))
  assert.match(refusal({ ...s, $ref: '#cost' }, { validateSchema: false }).message, 'have the anchor "cost"')
  assert.match(refusal({ $defs: { a: { $anchor: 'cost' }, b: { $anchor: 'cost' } } }).message, 'have the anchor "cost"')
  assert.match(refusal({ $defs: { a: { $id: 'x.json' }, b: { $id: 'x.json', type: 'string' } } }).message, 'two schemas have the $id')
  assert.match(refusal({ $defs: { a: { $dynamicAnchor: 'n' }, b: { $dynamicAnchor: 'n' } } }).message, 'have the anchor "n"')
})

clashes.run()
