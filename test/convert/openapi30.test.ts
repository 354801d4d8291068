/**
 * The `openapi-3.0` target of the schema converter (convert/): a self-contained Schema
 * Object (references inlined), what each construct becomes, what it refuses, and the official
 * suite's verdicts kept by every schema it converts (read back through a small OpenAPI 3.0 to
 * JSON Schema reading, test/ecosystem/openapi-oracle.ts).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { convertSchema } from '../../convert/index.ts'
import { keywordsIn, runConverted } from './suite.ts'
import { fromOpenApi30 } from './openapi-oracle.ts'

const toOas = (schema: unknown) => convertSchema(schema, 'openapi-3.0')

/** The OpenAPI 3.0 Schema Object's fields (3.0.3, section 4.7.24). */
const OAS_KEYWORDS = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf',
  'anyOf', 'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable',
  'discriminator', 'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated',
])

const shapes = suite('openapi-3.0: what each construct becomes')

shapes('references are inlined, so no $defs or components are needed; $schema and $id are dropped', () => {
  const out = toOas({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://example.com/trip.json',
    type: 'object',
    properties: { from: { $ref: '#/$defs/place' }, to: { $ref: '#/$defs/place', description: 'where to' } },
    $defs: { place: { type: 'string', minLength: 1 } },
  })
  assert.equal(out, {
    type: 'object',
    properties: { from: { type: 'string', minLength: 1 }, to: { type: 'string', minLength: 1, description: 'where to' } },
  })
})

shapes('null in type becomes nullable; "X or null" written with anyOf too', () => {
  assert.equal(toOas({ type: ['string', 'null'] }), { type: 'string', nullable: true })
  assert.equal(toOas({ anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] }), { type: 'integer', minimum: 0, nullable: true })
  assert.equal(toOas({ type: ['string', 'null'], enum: ['a', null] }), { type: 'string', nullable: true, enum: ['a', null] })
  assert.equal(toOas({ type: 'null' }), { type: 'string', nullable: true, enum: [null] })
  assert.equal(toOas({ type: ['string', 'number', 'null'] }), { anyOf: [{ type: 'string', nullable: true }, { type: 'number' }] })
})

shapes('const becomes a one-value enum; numeric exclusive bounds take the boolean form', () => {
  assert.equal(toOas({ const: 'x' }), { enum: ['x'] })
  assert.equal(toOas({ type: 'number', exclusiveMinimum: 0, maximum: 10 }), { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10 })
  // The stricter of two lower bounds wins.
  assert.equal(toOas({ minimum: 5, exclusiveMinimum: 1 }), { minimum: 5 })
  assert.equal(toOas({ exclusiveMaximum: 3, maximum: 9 }), { maximum: 3, exclusiveMaximum: true })
})

shapes('if/then/else and dependencies are rewritten with anyOf and not', () => {
  assert.equal(toOas({ type: 'object', if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } }), {
    type: 'object',
    allOf: [{ anyOf: [{ allOf: [{ required: ['a'] }, { required: ['b'] }] }, { allOf: [{ not: { required: ['a'] } }, { required: ['c'] }] }] }],
  })
  assert.equal(toOas({ dependentRequired: { card: ['address'] } }), {
    anyOf: [{ not: { type: 'object' } }, { not: { required: ['card'] } }, { required: ['address'] }],
  })
})

shapes('examples becomes example; annotations without a counterpart are dropped; arrays get items', () => {
  assert.equal(toOas({ type: 'string', examples: ['a@b.c'], $comment: 'why', contentMediaType: 'text/plain', format: 'email' }), {
    type: 'string',
    example: 'a@b.c',
    format: 'email',
  })
  assert.equal(toOas({ type: 'array' }), { type: 'array', items: {} })
  assert.equal(toOas(true), {})
  assert.equal(toOas(false), { not: {} })
})

shapes('a draft-07 document: definitions inlined, $ref siblings ignored as draft-07 ignores them', () => {
  assert.equal(toOas({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { n: { type: 'number' } }, properties: { a: { $ref: '#/definitions/n', type: 'string' } } }), {
    properties: { a: { type: 'number' } },
  })
})

shapes.run()

const refusals = suite('openapi-3.0: what it refuses, and where')

refusals('recursive and external references, tuples, and keywords OpenAPI 3.0 lacks', () => {
  const cases: [unknown, RegExp][] = [
    [{ $defs: { n: { properties: { next: { $ref: '#/$defs/n' } } } }, $ref: '#/$defs/n' }, /a recursive reference inline \(#\/\$defs\/n -> #\/\$defs\/n\).*\(at #\/\$defs\/n\/properties\/next\/\$ref\)/],
    [{ $ref: 'https://example.com/other.json' }, /the reference "https:\/\/example.com\/other.json" inline/],
    [{ prefixItems: [{ type: 'string' }] }, /tuples \(prefixItems\)/],
    [{ $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }] }, /tuples \(items as an array\)/],
    [{ patternProperties: { '^x': { type: 'string' } } }, /patternProperties/],
    [{ propertyNames: { maxLength: 3 } }, /propertyNames/],
    [{ contains: { type: 'string' } }, /contains/],
    [{ unevaluatedProperties: false }, /unevaluatedProperties/],
    [{ $dynamicAnchor: 'a', $dynamicRef: '#a' }, /\$dynamicRef/],
  ]
  for (const [schema, message] of cases) assert.throws(() => toOas(schema), message, JSON.stringify(schema))
})

refusals('an unknown target is refused by name', () => {
  assert.throws(() => convertSchema({}, 'draft-04'), /target "draft-04" is not supported \(supported: draft-2020-12, draft-07, openapi-3.0\)/)
})

refusals.run()

const keeps = suite('openapi-3.0: the official suite agrees with every converted schema')

for (const draft of ['draft2020-12', 'draft2019-09', 'draft7'] as const) {
  keeps(`${draft}: each converted schema accepts exactly what the original does`, () => {
    const report = runConverted(draft, 'openapi-3.0', fromOpenApi30)
    assert.equal(report.mismatches, [])
    assert.ok(report.agreed > 700, `${report.agreed} cases agreed`)
  })
}

keeps('converted suite schemas use only Schema Object fields, with OpenAPI 3.0 value forms', () => {
  const seen = new Set<string>()
  let checked = 0
  runConverted('draft2020-12', 'openapi-3.0', (converted) => {
    checked++
    keywordsIn(converted, seen)
    JSON.stringify(converted, (key, value) => {
      if (key === 'type') assert.ok(typeof value === 'string' && value !== 'null', `type ${JSON.stringify(value)}`)
      if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') assert.type(value, 'boolean')
      return value
    })
    return fromOpenApi30(converted)
  })
  assert.ok(checked > 100)
  // The suite's unknown-keyword tests carry made-up keywords, which pass through as they are.
  const foreign = [...seen].filter((k) => !OAS_KEYWORDS.has(k) && !/^(foo|bar|unknown|x-)/i.test(k))
  assert.equal(foreign, [])
})

keeps.run()
