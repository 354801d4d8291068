/**
 * The official JSON Schema Test Suite, draft 2020-12: every file, required and optional, through
 * one runner. Required files run with `formats: 'annotate'` (the spec's default), `optional/format`
 * with `'assert'`. Remotes resolve through the `schemas` option; nothing is fetched.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../index.ts'
import { remotes, suiteFiles } from './support/suite.ts'
import { SKIPS } from './support/skips.ts'

const schemas = remotes()

for (const file of suiteFiles('draft2020-12')) {
  const skipped = SKIPS['draft2020-12']?.[file.name]
  if (skipped === '*') continue
  const test = suite(`draft2020-12/${file.name}`)
  for (const group of file.groups) {
    if (Array.isArray(skipped) && skipped.includes(group.description)) continue
    let validator: ReturnType<typeof newJSONSchema> | undefined
    let compileError: unknown
    try {
      validator = newJSONSchema(group.schema, { schemas, formats: file.formats })
    } catch (e) {
      compileError = e
    }
    for (const c of group.tests) {
      test(`${group.description}: ${c.description}`, () => {
        if (validator === undefined) throw compileError
        const error = validator.validate(c.data)
        assert.is(error === null, c.valid, error === null ? 'expected invalid, got valid' : `expected valid, got: ${error.message}`)
      })
    }
  }
  test.run()
}
