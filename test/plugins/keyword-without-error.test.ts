/**
 * A plugin keyword defined without `error` still explains its failure: an issue of its own, at
 * its own instance and schema paths, naming it and what it got, in every mode (first issue,
 * `allErrors` beside other issues, the generated tier, the standard output).
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, defineKeyword } from '../../index.ts'

const even = defineKeyword({
  keyword: 'even',
  vocabulary: 'example',
  instanceTypes: ['number'],
  compile: (value: unknown) => (value === true ? true : undefined),
  validate: (_c, x) => (x as number) % 2 === 0,
})
const kernel = createKernel({ plugins: [even] })
const schema = { properties: { n: { even: true }, s: { type: 'string' } } }
const expected = { keyword: 'even', instancePath: '/n', schemaPath: '#/properties/n/even', params: {}, message: 'must be valid against "even" (got 3)' }

const issues = suite('a keyword without error reports an issue at its own paths')

for (const codegenThreshold of [Infinity, 0]) {
  const tier = codegenThreshold === 0 ? 'generated code' : 'interpreter'
  issues(`first issue (${tier})`, () => {
    const v = kernel.newJSONSchema(schema, { codegenThreshold })
    assert.equal(v.validate({ n: 3 })?.errors, [expected])
    assert.is(v.validate({ n: 4 }), null)
  })
  issues(`allErrors with other issues (${tier})`, () => {
    const v = kernel.newJSONSchema(schema, { codegenThreshold, allErrors: true })
    const errors = v.validate({ n: 3, s: 1 })!.errors
    assert.equal(errors.map((e) => e.keyword).sort(), ['even', 'type'])
    assert.equal(errors.find((e) => e.keyword === 'even'), expected)
  })
}

issues('untrusted mode and the standard output', () => {
  assert.equal(kernel.newJSONSchema(schema, { untrusted: true }).validate({ n: 3 })?.errors, [expected])
  const out = kernel.newJSONSchema(schema).output({ n: 3 }, 'basic')
  assert.is(out.valid, false)
  const units = (out.errors ?? []).filter((u) => (u.keywordLocation ?? '').endsWith('/even'))
  assert.ok(units.length > 0, JSON.stringify(out))
  assert.is(units[0]!.instanceLocation, '/n')
})

issues.run()
