/**
 * The official JSON Schema Test Suite, drafts 2020-12, 2019-09 and draft-07: every file, required
 * and optional, through one runner. Required files run with `formats: 'annotate'` (the spec's default), `optional/format`
 * with `'assert'`. Remotes resolve through the `schemas` option; nothing is fetched.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../index.ts'
import { DRAFTS, bucketOf, remotes, suiteFiles } from './support/suite.ts'
import { SKIPS } from './support/skips.ts'

const schemas = remotes()

// Pass counts per draft and bucket, printed as a table when the run ends.
const counts = new Map<string, { passed: number; total: number }>()
function count(draft: string, bucket: string, ok: boolean): void {
  const key = `${draft} ${bucket}`
  const c = counts.get(key) ?? { passed: 0, total: 0 }
  c.total++
  if (ok) c.passed++
  counts.set(key, c)
}
process.on('exit', () => {
  console.log('\nofficial JSON Schema Test Suite')
  console.log('| draft | bucket | passed | total |')
  console.log('|---|---|---|---|')
  for (const [key, c] of counts) console.log(`| ${key.replace(' ', ' | ')} | ${c.passed} | ${c.total} |`)
})

for (const [draft, dialect] of DRAFTS) for (const file of suiteFiles(draft)) {
  const skipped = SKIPS[draft]?.[file.name]
  if (skipped === '*') continue
  const test = suite(`${draft}/${file.name}`)
  for (const group of file.groups) {
    if (Array.isArray(skipped) && skipped.includes(group.description)) continue
    let validator: ReturnType<typeof newJSONSchema> | undefined
    let compileError: unknown
    try {
      // Generated code at once: this run checks the faster tier (test/no-eval/suite.ts the eval-free one).
      validator = newJSONSchema(group.schema, { schemas, formats: file.formats, defaultDialect: dialect, codegenThreshold: 0 })
    } catch (e) {
      compileError = e
    }
    for (const c of group.tests) {
      test(`${group.description}: ${c.description}`, () => {
        count(draft, bucketOf(file.name), false)
        if (validator === undefined) throw compileError
        const error = validator.validate(c.data)
        if ((error === null) === c.valid) counts.get(`${draft} ${bucketOf(file.name)}`)!.passed++
        assert.is(error === null, c.valid, error === null ? 'expected invalid, got valid' : `expected valid, got: ${error.message}`)
      })
    }
  }
  test.run()
}
