/**
 * The `draft-07` target of the schema converter (convert/), which the AI SDK asks every
 * Standard Schema for: what each construct becomes, where references land after renames, what
 * it refuses, and the official suite's verdicts kept by every schema it converts.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import { convertSchema } from '../../convert/index.ts'
import { keywordsIn, runConverted } from './suite.ts'

const to07 = (schema: unknown) => convertSchema(schema, 'draft-07')
const shapes = suite('draft-07: what each construct becomes')

shapes('$defs becomes definitions and every $ref into it is re-pointed, escaped names included', () => {
  const out = to07({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $defs: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' } },
    properties: { p: { $ref: '#/$defs/a~1b' }, q: { $ref: '#/$defs/c~0d' } },
  })
  assert.equal(out, {
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' } },
    properties: { p: { $ref: '#/definitions/a~1b' }, q: { $ref: '#/definitions/c~0d' } },
  })
})

shapes('prefixItems and items become items (an array) and additionalItems; references follow', () => {
  const out = to07({ type: 'array', prefixItems: [{ type: 'string' }, { $ref: '#/prefixItems/0' }], items: false })
  assert.equal(out, { type: 'array', items: [{ type: 'string' }, { $ref: '#/items/0' }], additionalItems: false })
  assert.equal(to07({ items: { type: 'integer' } }), { items: { type: 'integer' } })
})

shapes('dependentRequired and dependentSchemas merge into dependencies, with allOf where a name has both', () => {
  const out = to07({
    dependentRequired: { a: ['b'], c: ['d'] },
    dependentSchemas: { a: { properties: { x: { $ref: '#/dependentSchemas/a/$defs/inner' } }, $defs: { inner: { type: 'integer' } } } },
  })
  assert.equal(out, {
    dependencies: {
      a: {
        allOf: [
          { required: ['b'] },
          { properties: { x: { $ref: '#/dependencies/a/allOf/1/definitions/inner' } }, definitions: { inner: { type: 'integer' } } },
        ],
      },
      c: ['d'],
    },
  })
})

shapes('$anchor becomes a #name $id, and references by anchor keep their name', () => {
  assert.equal(to07({ $defs: { n: { $anchor: 'num', type: 'number' } }, $ref: '#num' }), { definitions: { n: { $id: '#num', type: 'number' } }, $ref: '#num' })
})

shapes('a $ref beside assertions moves into allOf (draft-07 ignores $ref siblings); beside annotations it stays', () => {
  assert.equal(to07({ $defs: { n: { type: 'number' } }, properties: { a: { $ref: '#/$defs/n', minimum: 3 } } }), {
    definitions: { n: { type: 'number' } },
    properties: { a: { minimum: 3, allOf: [{ $ref: '#/definitions/n' }] } },
  })
  assert.equal(to07({ $defs: { n: { type: 'number' } }, properties: { a: { $ref: '#/$defs/n', description: 'a number' } } }), {
    definitions: { n: { type: 'number' } },
    properties: { a: { $ref: '#/definitions/n', description: 'a number' } },
  })
})

shapes('references into embedded resources ($id) are re-pointed within their resource', () => {
  const out = to07({
    $id: 'https://example.com/root.json',
    $defs: { inner: { $id: 'inner.json', $defs: { x: { type: 'number' } } } },
    properties: { q: { $ref: 'inner.json#/$defs/x' }, r: { $ref: 'https://example.com/root.json#/$defs/inner' }, s: { $ref: 'https://elsewhere.com/s.json#/$defs/t' } },
  })
  assert.equal(out.properties, {
    q: { $ref: 'inner.json#/definitions/x' },
    r: { $ref: 'https://example.com/root.json#/definitions/inner' },
    s: { $ref: 'https://elsewhere.com/s.json#/$defs/t' },
  })
})

shapes('constructs draft-07 has another way to say', () => {
  assert.equal(to07({ type: 'array', contains: { type: 'string' }, minContains: 0 }), { type: 'array' })
  assert.equal(to07({ contains: { type: 'string' }, minContains: 1 }), { contains: { type: 'string' } })
  assert.equal(to07({ enum: [] }), { allOf: [false] })
  assert.equal(to07({ properties: { a: true }, unevaluatedProperties: true }), { properties: { a: true } })
  assert.equal(to07({ type: 'string', contentMediaType: 'application/json' }), { type: 'string' })
  assert.equal(to07(true), {})
  assert.equal(to07(false), { not: {} })
})

shapes('a draft-07 document comes back as it is, and 2019-09 items arrays stay arrays', () => {
  const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { a: { type: 'string' } }, items: [{ $ref: '#/definitions/a' }], dependencies: { x: ['y'] } }
  assert.equal(to07(draft07), draft07)
  assert.equal(to07({ $schema: 'https://json-schema.org/draft/2019-09/schema', items: [{ type: 'string' }], additionalItems: false }), {
    $schema: 'http://json-schema.org/draft-07/schema#',
    items: [{ type: 'string' }],
    additionalItems: false,
  })
})

shapes('returns a fresh object that shares nothing with the input', () => {
  const input = { $defs: { a: { enum: [{ x: 1 }] } }, default: { y: [1] }, properties: { a: { $ref: '#/$defs/a' } } }
  const snapshot = JSON.parse(JSON.stringify(input))
  const out = to07(input) as any
  out.definitions.a.enum[0].x = 2
  out.default.y.push(2)
  assert.equal(input, snapshot)
})

shapes.run()

const refusals = suite('draft-07: what it refuses, and where')

refusals('unevaluatedProperties, unevaluatedItems, $dynamicRef, $recursiveRef, maxContains, minContains above 1', () => {
  const cases: [unknown, RegExp][] = [
    [{ properties: { a: { unevaluatedProperties: false } } }, /"draft-07" cannot express unevaluatedProperties .* \(at #\/properties\/a\/unevaluatedProperties\)/],
    [{ unevaluatedItems: { type: 'string' } }, /unevaluatedItems/],
    [{ $dynamicAnchor: 'm', $dynamicRef: '#m' }, /\$dynamicRef/],
    [{ $schema: 'https://json-schema.org/draft/2019-09/schema', $recursiveRef: '#' }, /\$recursiveRef/],
    [{ contains: {}, maxContains: 2 }, /maxContains \(at #\/maxContains\)/],
    [{ contains: {}, minContains: 2 }, /minContains above 1/],
    [{ $dynamicAnchor: 'm', $ref: 'https://example.com/other.json' }, /\$dynamicAnchor in a schema that refers to other documents/],
  ]
  for (const [schema, message] of cases) assert.throws(() => to07(schema), message, JSON.stringify(schema))
})

refusals.run()

const keeps = suite('draft-07: the official suite agrees with every converted schema')

for (const draft of ['draft2020-12', 'draft2019-09', 'draft7'] as const) {
  keeps(`${draft}: each converted schema accepts exactly what the original does`, () => {
    const report = runConverted(draft, 'draft-07')
    assert.equal(report.mismatches, [])
    assert.ok(report.agreed > 900, `${report.agreed} cases agreed`)
    const allowed = /^(unevaluated(Properties|Items)|\$dynamicRef|\$recursiveRef|maxContains|minContains above 1|\$dynamicAnchor in a schema that refers to other documents|two different anchors on one schema) /
    for (const reason of report.refused.keys()) assert.match(reason + ' ', allowed)
  })
}

keeps('no 2019-09/2020-12 keyword survives conversion', () => {
  const out = to07({
    $defs: { a: { $anchor: 'x', type: 'string' } },
    prefixItems: [{ $ref: '#x' }],
    dependentRequired: { a: ['b'] },
    dependentSchemas: { c: { minProperties: 1 } },
    contains: { type: 'string' },
    minContains: 1,
  })
  const later = ['$defs', 'prefixItems', 'dependentRequired', 'dependentSchemas', 'minContains', 'maxContains', '$anchor', '$dynamicAnchor']
  assert.equal([...keywordsIn(out)].filter((k) => later.includes(k)), [])
  assert.is(newJSONSchema(out, { defaultDialect: 'draft-07' }).validate(['a', 1]), null)
})

keeps.run()
