/**
 * Keyword behaviour as tables: every `test/plugins/<vocabulary>/<keyword>.json` file, beside where
 * the keyword's source is (`plugins/<vocabulary>/<keyword>.ts`), and `_<topic>.json` for cases
 * about several keywords of a vocabulary, in the official test-suite shape
 * `{ description, schema, options?, tests: [{ description, data, valid, errors? }] }`, through this
 * one runner, one suite per file. `options` is the second argument of `newJSONSchema`. Every
 * invalid case lists the issues `validate` must return, in order: `keyword` and `instancePath`
 * always, `schemaPath`, `params` (compared whole) and `message` when given. Each case runs on the
 * interpreter and on the generated tier. A table that breaks this shape fails its test, so an
 * invalid case cannot silently skip its errors.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { newJSONSchema } from '../../index.ts'
import type { SchemaOptions, ValidationIssue } from '../../index.ts'

interface ExpectedIssue {
  keyword: string
  instancePath: string
  schemaPath?: string
  params?: Record<string, unknown>
  message?: string
}
interface Case {
  description: string
  data: unknown
  valid: boolean
  errors?: ExpectedIssue[]
}
interface Group {
  description: string
  schema: unknown
  options?: SchemaOptions
  tests: Case[]
}

const DIR = new URL('./', import.meta.url)
const PLUGINS = new URL('../../plugins/', import.meta.url)
const GROUP_FIELDS = ['description', 'schema', 'options', 'tests']
const CASE_FIELDS = ['description', 'data', 'valid', 'errors']
const ISSUE_FIELDS = ['keyword', 'instancePath', 'schemaPath', 'params', 'message']

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key)

/** Problems with a record's fields: an unknown field (a typo such as `error`) or a missing one. */
function fieldProblems(o: Record<string, unknown>, allowed: string[], required: string[], what: string): string[] {
  const unknown = Object.keys(o).filter((k) => !allowed.includes(k)).map((k) => `${what} has unknown field "${k}"`)
  return [...unknown, ...required.filter((k) => !has(o, k)).map((k) => `${what} lacks "${k}"`)]
}

/** Everything wrong with a case's shape; empty when it can run. */
function caseProblems(c: Record<string, unknown>): string[] {
  const problems = fieldProblems(c, CASE_FIELDS, ['description', 'data', 'valid'], 'the case')
  if (typeof c.description !== 'string' || c.description === '') problems.push('the case needs a description')
  if (typeof c.valid !== 'boolean') problems.push('"valid" must be true or false')
  if (c.valid === true && has(c, 'errors')) problems.push('a valid case must not list errors')
  if (c.valid === false) {
    if (!Array.isArray(c.errors) || c.errors.length === 0) problems.push('an invalid case must list its expected errors')
    else
      c.errors.forEach((e, i) => {
        if (!isRecord(e)) return problems.push(`errors[${i}] must be an object`)
        problems.push(...fieldProblems(e, ISSUE_FIELDS, ['keyword', 'instancePath'], `errors[${i}]`))
        if (has(e, 'params') && !isRecord(e.params)) problems.push(`errors[${i}].params must be an object`)
      })
  }
  return problems
}

function describeIssues(issues: ValidationIssue[]): string {
  return issues.map((e) => `  ${e.keyword} at "${e.instancePath}" ${JSON.stringify(e.params)}: ${e.message}`).join('\n')
}

function checkErrors(actual: ValidationIssue[], expected: ExpectedIssue[]): void {
  const got = `got:\n${describeIssues(actual)}`
  assert.is(actual.length, expected.length, `expected ${expected.length} error(s), ${got}`)
  expected.forEach((want, i) => {
    const issue = actual[i]!
    assert.is(issue.keyword, want.keyword, `errors[${i}].keyword, ${got}`)
    assert.is(issue.instancePath, want.instancePath, `errors[${i}].instancePath, ${got}`)
    if (want.schemaPath !== undefined) assert.is(issue.schemaPath, want.schemaPath, `errors[${i}].schemaPath, ${got}`)
    if (want.params !== undefined) assert.equal(issue.params, want.params, `errors[${i}].params, ${got}`)
    if (want.message !== undefined) assert.is(issue.message, want.message, `errors[${i}].message, ${got}`)
  })
}

function runCase(validator: ReturnType<typeof newJSONSchema>, c: Case): void {
  const error = validator.validate(c.data)
  if (c.valid) {
    assert.ok(error === null, `expected valid, got:\n${error === null ? '' : describeIssues(error.errors)}`)
    return
  }
  assert.ok(error !== null, 'expected invalid, got valid')
  checkErrors(error.errors, c.errors!)
}

/** Every table, as `<vocabulary>/<name>.json`. */
const files = readdirSync(DIR)
  .filter((d) => statSync(new URL(d, DIR)).isDirectory())
  .flatMap((d) => readdirSync(new URL(`${d}/`, DIR)).filter((f) => f.endsWith('.json')).map((f) => `${d}/${f}`))
  .sort()

const tables = suite('keyword tables')
tables('are found in test/plugins', () => assert.ok(files.length > 0, 'no test/plugins/<vocabulary>/*.json file'))
tables('are named for a keyword whose source file is in the same vocabulary folder, or start with _', () => {
  const strays = files.filter((f) => !f.split('/')[1]!.startsWith('_') && !existsSync(new URL(f.replace(/\.json$/, '.ts'), PLUGINS)))
  assert.equal(strays, [], 'a table named like no plugins/<vocabulary>/<keyword>.ts')
})
tables.run()

for (const file of files) {
  const test = suite(`plugins/${file}`)
  const groups: unknown = JSON.parse(readFileSync(new URL(file, DIR), 'utf8'))
  if (!Array.isArray(groups) || groups.length === 0) {
    test('is a non-empty array of groups', () => assert.unreachable(`${file} must hold a non-empty array of groups`))
  } else {
    const seen = new Set<string>()
    groups.forEach((raw: unknown, gi) => {
      const problems = isRecord(raw) ? fieldProblems(raw, GROUP_FIELDS, ['description', 'schema', 'tests'], 'the group') : ['a group must be an object']
      const group = raw as Group
      if (isRecord(raw) && (!Array.isArray(group.tests) || group.tests.length === 0)) problems.push('"tests" must be a non-empty array')
      if (isRecord(raw) && (typeof group.description !== 'string' || group.description === '')) problems.push('the group needs a description')
      if (isRecord(raw) && has(raw, 'options') && !isRecord(raw.options)) problems.push('"options" must be an object')
      if (problems.length > 0) {
        test(`group ${gi} of ${file} is well formed`, () => assert.unreachable(problems.join('; ')))
        return
      }
      // Each case runs on the interpreter and on the generated tier (from the first call).
      let validators: ReturnType<typeof newJSONSchema>[] | undefined
      let compileError: unknown
      try {
        validators = [newJSONSchema(group.schema, { ...group.options, codegen: false }), newJSONSchema(group.schema, { ...group.options, codegenThreshold: 0 })]
      } catch (e) {
        compileError = e
      }
      for (const c of group.tests) {
        const name = `${group.description}: ${isRecord(c) ? String(c.description) : '(not an object)'}`
        const duplicate = seen.has(name)
        seen.add(name)
        test(name, () => {
          const shape = isRecord(c) ? caseProblems(c) : ['a case must be an object']
          if (duplicate) shape.push('another case of this file has the same name')
          if (shape.length > 0) assert.unreachable(`malformed case: ${shape.join('; ')}`)
          if (validators === undefined) throw compileError
          for (const validator of validators) runCase(validator, c)
        })
      }
    })
  }
  test.run()
}
