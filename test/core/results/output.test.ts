/** The standard output formats (`validator.output(data, format)`): official tests, the output schema, hand-written outputs. */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, newJSONSchema } from '../../../index.ts'
import type { OutputUnit } from '../../../core/results/output.ts'
import { SUITE_ROOT } from '../../support/suite.ts'

const OUTPUT_TESTS = join(SUITE_ROOT, 'output-tests')

interface OutputTest {
  description: string
  schema: unknown
  tests: { description: string; data: unknown; output: Record<string, unknown> }[]
}

const official = suite('official output tests')

const testSchema = JSON.parse(readFileSync(join(SUITE_ROOT, 'output-test-schema.json'), 'utf8'))
const fileChecker = newJSONSchema(testSchema)

// v1 holds the next draft's output format (a different structure); schemavet emits 2020-12's.
for (const draft of ['draft2020-12', 'draft2019-09']) {
  const dir = join(OUTPUT_TESTS, draft)
  const outputSchema = JSON.parse(readFileSync(join(dir, 'output-schema.json'), 'utf8'))
  for (const name of readdirSync(join(dir, 'content')).sort()) {
    const groups = JSON.parse(readFileSync(join(dir, 'content', name), 'utf8')) as OutputTest[]
    official(`${draft}/${name} is a well-formed test file`, () => {
      assert.is(fileChecker.validate(groups), null)
    })
    for (const group of groups) {
      const schema = newJSONSchema(group.schema)
      for (const t of group.tests) {
        for (const [format, check] of Object.entries(t.output)) {
          official(`${draft} ${name}: ${group.description}: ${t.description} (${format})`, () => {
            const checker = newJSONSchema(check, { schemas: { [outputSchema.$id]: outputSchema } })
            const out = schema.output(t.data, format as 'basic')
            assert.is(checker.validate(out), null, JSON.stringify(out))
          })
        }
      }
    }
  }
}

official('the official checks reject an output that reports the wrong keyword', () => {
  const group = (JSON.parse(readFileSync(join(OUTPUT_TESTS, 'draft2020-12/content/type.json'), 'utf8')) as OutputTest[])[0]!
  const checker = newJSONSchema(group.tests[0]!.output.basic, { schemas: {} })
  const wrong = { valid: false, keywordLocation: '', instanceLocation: '', errors: [{ valid: false, keywordLocation: '/anyOf', instanceLocation: '', error: 'x' }] }
  assert.ok(checker.validate(wrong))
})

official('the official checks reject an annotation kept on a failed validation', () => {
  const group = (JSON.parse(readFileSync(join(OUTPUT_TESTS, 'draft2020-12/content/general.json'), 'utf8')) as OutputTest[])[0]!
  const checker = newJSONSchema(group.tests[0]!.output.basic)
  const wrong = { valid: false, keywordLocation: '', instanceLocation: '', errors: [], annotations: [] }
  assert.ok(checker.validate(wrong))
})

official.run()

/**
 * Hand-written schemas, data and their expected `detailed` output (and `basic` for some), in
 * test/core/output-cases.json; `flag` is `{ valid }` of the same.
 */
const CASES = JSON.parse(readFileSync(new URL('./output-cases.json', import.meta.url), 'utf8')) as {
  name: string
  schema: unknown
  data: unknown
  detailed: OutputUnit
  basic?: OutputUnit
}[]

const handWritten = suite('hand-written expected outputs')

handWritten('there are a dozen cases or more', () => {
  assert.ok(CASES.length >= 12)
})

for (const c of CASES) {
  handWritten(`detailed and flag output for ${c.name}`, () => {
    const v = newJSONSchema(c.schema)
    assert.equal(v.output(c.data, 'detailed'), c.detailed)
    assert.equal(v.output(c.data, 'flag'), { valid: c.detailed.valid })
    assert.is(v.validate(c.data) === null, c.detailed.valid)
  })
  if (c.basic !== undefined) {
    handWritten(`basic output for ${c.name}`, () => {
      assert.equal(newJSONSchema(c.schema).output(c.data, 'basic'), c.basic)
    })
  }
}

handWritten.run()

const outputSchema = suite('the 2020-12 output schema')

const OUTPUT = 'https://json-schema.org/draft/2020-12/output/schema'
const shapes = {
  flag: newJSONSchema({ $ref: `${OUTPUT}#/$defs/flag` }),
  basic: newJSONSchema({ $ref: `${OUTPUT}#/$defs/basic` }),
  detailed: newJSONSchema({ $ref: `${OUTPUT}#/$defs/detailed` }),
}

for (const c of CASES) {
  for (const format of ['flag', 'basic', 'detailed'] as const) {
    outputSchema(`${format} output for ${c.name} conforms to #/$defs/${format}`, () => {
      const out = newJSONSchema(c.schema).output(c.data, format)
      assert.is(shapes[format].validate(out), null, JSON.stringify(out))
      assert.is(newJSONSchema({ $ref: OUTPUT }).validate(out), null)
    })
  }
}

outputSchema('the output schema rejects a unit without an instance location', () => {
  assert.ok(shapes.detailed.validate({ valid: false, keywordLocation: '', errors: [] }))
})

outputSchema('the output schema rejects a unit through $ref without an absolute location', () => {
  assert.ok(shapes.basic.validate({ valid: false, keywordLocation: '/$ref/type', instanceLocation: '', error: 'x' }))
})

outputSchema.run()

const behaviour = suite('output options, hooks and limits')

behaviour('collects every problem, up to maxErrors', () => {
  const out = newJSONSchema({ items: { type: 'number' } }, { maxErrors: 2 }).output([1, 'a', 'b', 'c'], 'basic')
  assert.equal(out.errors?.map((u) => u.instanceLocation), ['/1', '/2'])
  const all = newJSONSchema({ items: { type: 'number' } }).output([1, 'a', 'b', 'c'], 'basic')
  assert.is(all.errors?.length, 3)
})

behaviour('messages go through the errorMessage hook, issues through afterValidate', () => {
  const kernel = createKernel()
  kernel.hooks.errorMessage.tap('Upper', (m) => m.toUpperCase())
  kernel.hooks.afterValidate.tap('DropMinimum', (issues) => issues.filter((i) => i.keyword !== 'minimum'))
  const v = kernel.newJSONSchema({ properties: { a: { type: 'string' }, b: { minimum: 5 } } })
  assert.equal(v.output({ a: 1, b: 1 }, 'basic').errors, [{ valid: false, keywordLocation: '/properties/a/type', instanceLocation: '/a', error: 'MUST BE A STRING (GOT 1)' }])
  assert.equal(v.output({ a: 'x', b: 1 }, 'basic'), { valid: true, keywordLocation: '', instanceLocation: '' })
  assert.is(v.validate({ a: 'x', b: 1 }), null)
})

behaviour('beforeValidate sees the data first', () => {
  const kernel = createKernel()
  kernel.hooks.beforeValidate.tap('Trim', (d) => (typeof d === 'string' ? d.trim() : d))
  const v = kernel.newJSONSchema({ maxLength: 2 })
  assert.equal(v.output('  ab  ', 'detailed'), { valid: true, keywordLocation: '', instanceLocation: '' })
})

behaviour('a value JSON cannot hold is reported where it sits', () => {
  const out = newJSONSchema({ properties: { a: { type: 'number' } } }).output({ a: NaN }, 'detailed')
  assert.equal(out.errors, [{ valid: false, keywordLocation: '/properties/a', instanceLocation: '/a', error: 'must be a JSON value (got NaN)' }])
})

behaviour('undefined data is one error at the root', () => {
  const out = newJSONSchema({}).output(undefined, 'basic')
  assert.equal(out, { valid: false, keywordLocation: '', instanceLocation: '', errors: [{ valid: false, keywordLocation: '', instanceLocation: '', error: 'a value is required (got undefined)' }] })
})

behaviour('data nested deeper than the trace can follow still gets its issues', () => {
  let deep: unknown = 1
  for (let i = 0; i < 20000; i++) deep = [deep]
  const v = newJSONSchema({ $defs: { n: { anyOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/$defs/n' } }] } }, $ref: '#/$defs/n' })
  const out = v.output(deep, 'basic')
  assert.is(out.valid, false)
  assert.is(out.errors?.length, v.validate(deep)?.errors.length)
  assert.ok(out.errors!.every((u) => u.error !== undefined && u.instanceLocation!.startsWith('/0/0/0')))
})

behaviour('spends the work budget validate spends: past maxWork the output is the limit issue', () => {
  const s = newJSONSchema({ type: 'array', items: { type: 'integer' } }, { untrusted: true, maxWork: 1000 })
  const data = Array.from({ length: 5000 }, () => 1)
  const limit = s.validate(data)!.errors[0]!
  assert.is(limit.keyword, 'limit')
  for (const format of ['basic', 'detailed'] as const) {
    const out = s.output(data, format)
    assert.is(out.valid, false, format)
    assert.ok(JSON.stringify(out).includes(limit.message), `${format}: the limit issue`)
  }
  // Within the budget the trace is the ordinary one.
  assert.equal(s.output(data.slice(0, 10), 'basic'), { valid: true, keywordLocation: '', instanceLocation: '' })
})

behaviour('an unknown format name is a TypeError', () => {
  assert.throws(() => newJSONSchema({}).output(1, 'verbose' as 'basic'), /unknown output format "verbose"/)
})

behaviour.run()
