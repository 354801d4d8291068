/**
 * The official suite (every dialect, required, optional and format, less the shared skips)
 * through compiled modules run with code generation forbidden, compared with the runtime on
 * every case: answers, issues (paths, keywords, params, messages), defaulted copies, `~standard`.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DRAFTS, remotes, suiteFiles } from '../support/suite.ts'
import { compileModule } from '../../compile/index.ts'
import { compareCompiled } from './harness.ts'
import type { Subject } from './harness.ts'

const test = suite('compile: official suite')

test('every suite case answers the same through its compiled module', () => {
  const schemas = remotes()
  const subjects: Subject[] = []
  let cases = 0
  for (const [draft, dialect] of DRAFTS) {
    for (const file of suiteFiles(draft)) {
      for (const group of file.groups) {
        subjects.push({
          name: `${draft}/${file.name}: ${group.description}`,
          schema: group.schema,
          options: { schemas, formats: file.formats, defaultDialect: dialect },
          data: group.tests.map((t) => t.data),
        })
        cases += group.tests.length
      }
    }
  }
  const r = compareCompiled(subjects)
  console.log(`compile suite: ${r.modules} modules (${r.generated} generated, ${r.rebuilt} of them with constants from the runtime, ${r.failureCode} with failure code, ${r.defaultsCode} with defaults code, ${r.whole} written whole), ${r.values} cases, ${r.refused} refused, ${r.differences.length} differences`)
  assert.is(r.differences.length, 0, r.differences.slice(0, 20).join('\n'))
  // Every case ran: none was lost to a module that did not load or a child that failed.
  assert.is(r.values, cases)
  assert.is(r.modules + r.refused, subjects.length)
  // The generated code itself was exercised, not only the interpreter behind it.
  assert.ok(r.generated > subjects.length / 2, `${r.generated} of ${subjects.length} modules generated`)
  assert.ok(r.defaultsCode > subjects.length / 2, `${r.defaultsCode} of ${subjects.length} modules with defaults code`)
})

for (const extra of [{}, { allErrors: true }]) test(`every module whose validate has its own failure code explains every failure itself, as the runtime words it (${JSON.stringify(extra)})`, () => {
  const schemas = remotes()
  const subjects: Subject[] = []
  for (const [draft, dialect] of DRAFTS) {
    for (const file of suiteFiles(draft)) {
      for (const group of file.groups) {
        const options = { schemas, formats: file.formats, defaultDialect: dialect, ...extra }
        let covered = false
        try {
          covered = compileModule(group.schema, options).failureCode
        } catch {
          // Refused by the runtime too: the test above checks that.
        }
        if (covered) subjects.push({ name: `${draft}/${file.name}: ${group.description}`, schema: group.schema, options, data: group.tests.map((t) => t.data) })
      }
    }
  }
  // No fallback to the interpreter: a failure the failure code does not explain is a difference.
  const r = compareCompiled(subjects, { compile: { explainOnly: true } })
  console.log(`compile suite, failure code ${JSON.stringify(extra)}: ${r.failureCode} modules, ${r.values} cases, ${r.differences.length} differences`)
  assert.is(r.differences.length, 0, r.differences.slice(0, 20).join('\n'))
  assert.is(r.failureCode, subjects.length)
  assert.ok(subjects.length > 300, `${subjects.length} suite groups with failure code`)
})

test('defaults code fills the copy as the runtime does (nested, through $ref and allOf, items, additional properties)', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { default: { x: [1, { y: 2 }] } },
      b: { $ref: '#/$defs/b' },
      list: { type: 'array', items: { type: 'object', properties: { on: { type: 'boolean', default: false } } } },
      ['__proto__']: { default: 'own' },
      all: { allOf: [{ properties: { p: { default: 1 } } }, { properties: { q: { default: 2 } } }] },
    },
    additionalProperties: { properties: { extra: { default: 'e' } } },
    $defs: { b: { default: {}, properties: { inner: { default: 'i' } } } },
  }
  const data = [{}, { a: null, b: { inner: 'set' } }, { list: [{}, { on: true }, 3, []], all: {} }, { z: {}, w: [] }, [], 'x', { b: 'not an object' }, JSON.parse('{"__proto__": 5}')]
  const withDefault = { default: { at: 'root' }, properties: { at: { default: 'x' }, more: { default: 'm' } } }
  const subjects: Subject[] = [
    { name: 'defaults', schema, options: {}, data },
    { name: 'root default', schema: withDefault, options: {}, data: [{}, { at: 1 }, null, 'x'] },
  ]
  for (const s of subjects) assert.ok(compileModule(s.schema).defaultsCode, s.name)
  const r = compareCompiled(subjects)
  assert.is(r.differences.length, 0, r.differences.join('\n'))
  assert.is(r.values, data.length + 4)
})

/** Nested arrays `depth` deep, with `leaf` at the bottom. */
function nested(depth: number, leaf: unknown): unknown {
  let v = leaf
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

test('shapes the generated code leaves to the interpreter, deep data and limits answer as at run time', () => {
  const cycle = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }] }
  const subjects: Subject[] = [
    // An in-place cycle: reported on every call that reaches it.
    { name: 'in-place cycle', schema: cycle, options: {}, data: ['x', 1, null] },
    { name: 'dynamic scope', schema: { $dynamicAnchor: 'n', type: 'object', properties: { c: { $dynamicRef: '#n' } } }, options: {}, data: [{ c: { c: {} } }, { c: 1 }] },
    { name: 'unevaluatedProperties', schema: { properties: { a: {} }, unevaluatedProperties: false }, options: {}, data: [{ a: 1 }, { a: 1, b: 2 }] },
    { name: 'untrusted limits', schema: { type: 'object', properties: { s: { type: 'string', pattern: '^a+$' } } }, options: { untrusted: true }, data: [{ s: 'aaa' }, { s: 'b' }] },
    // Past the generated code's depth count (256): the interpreter answers the deep values.
    { name: 'deep recursion', schema: { type: 'array', items: { $ref: '#' }, maxItems: 1 }, options: {}, data: [nested(300, []), nested(300, [1, 2]), nested(10, [[], []])] },
    { name: 'all errors', schema: { type: 'object', properties: { a: { type: 'string' }, b: { minimum: 3 } }, required: ['c'] }, options: { allErrors: true, maxErrors: 2 }, data: [{ a: 1, b: 1 }, {}] },
  ]
  assert.equal(compileModule(cycle).tier, { generated: false, reason: 'an in-place $ref cycle (reported on every call by the interpreter)' })
  assert.is(compileModule(subjects[4]!.schema).tier.generated, true)
  const r = compareCompiled(subjects)
  assert.is(r.differences.length, 0, r.differences.join('\n'))
  assert.is(r.values, 14)
})

test('the comparison sees a difference (a module compiled with other options)', () => {
  const subject: Subject = {
    name: 'two failures',
    schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } },
    options: {},
    data: [{ a: 1, b: 'x' }, { a: 'ok', b: 2 }],
  }
  const r = compareCompiled([subject], { compile: { allErrors: true } })
  // The first value's issues differ (two against one); the second value agrees.
  assert.is(r.values, 2)
  assert.is(r.differences.length, 1, r.differences.join('\n'))
  assert.match(r.differences[0]!, /data 0/)
})

test.run()
