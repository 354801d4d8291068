/**
 * `isValid`: the same answer as `validate(data) === null` in every tier, over the official suite,
 * without building issues.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createKernel, newJSONSchema } from '../../index.ts'
import { countingEven } from '../support/keywords.ts'
import { DRAFTS, remotes, suiteFiles } from '../support/suite.ts'

const same = suite('isValid answers as validate does')

const TIERS = { interpreter: { codegen: false }, generated: { codegenThreshold: 0 }, default: {} } as const

same('over every draft of the official suite, in every tier and across the tier-up', () => {
  const schemas = remotes()
  let compared = 0
  for (const [draft, dialect] of DRAFTS) {
    for (const file of suiteFiles(draft)) {
      for (const group of file.groups) {
        for (const [tier, options] of Object.entries(TIERS)) {
          let v
          try {
            v = newJSONSchema(group.schema, { ...options, schemas, defaultDialect: dialect, formats: file.formats })
          } catch {
            continue // a schema this dialect refuses: the suite runner covers it
          }
          // Default options: twenty rounds, so the schema moves to generated code on the way.
          const rounds = tier === 'default' ? 20 : 1
          for (let r = 0; r < rounds; r++) {
            for (const t of group.tests) {
              const where = `${draft}/${file.name} "${group.description}" / "${t.description}" (${tier}, round ${r})`
              assert.is(v.isValid(t.data), v.validate(t.data) === null, where)
              compared++
            }
          }
        }
      }
    }
  }
  assert.ok(compared > 50_000, `${compared} comparisons`)
})

same('data validate reports as an issue rather than an answer is not valid', () => {
  const revoked = Proxy.revocable({}, {})
  revoked.revoke()
  const cyclic: Record<string, unknown> = {}
  cyclic.self = cyclic
  const deep = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)) as unknown
  for (const options of Object.values(TIERS)) {
    const object = newJSONSchema({ type: 'object', properties: { a: { type: 'string' } } }, options)
    assert.is(object.isValid(revoked.proxy), object.validate(revoked.proxy) === null)
    assert.is(object.isValid(cyclic), object.validate(cyclic) === null)
    assert.is(object.isValid(undefined), false)
    const loop = newJSONSchema({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }, options)
    assert.is(loop.isValid(1), false)
    const nested = newJSONSchema({ type: 'array', items: { $ref: '#' } }, options)
    assert.is(nested.isValid(deep), true)
    assert.is(nested.isValid(deep), nested.validate(deep) === null)
  }
})

same.run()

const cost = suite('isValid builds no issue')

cost('a failing value is answered without a message, in both tiers', () => {
  const { definition: even, counter } = countingEven()
  const kernel = createKernel({ plugins: [even] })
  for (const options of Object.values(TIERS)) {
    const schema = kernel.newJSONSchema({ type: 'array', items: { even: true } }, options)
    for (let i = 0; i < 40; i++) assert.is(schema.isValid([2, 3]), false)
  }
  assert.is(counter.built, 0, 'isValid built a message')
})

cost.run()
