/**
 * The whole official suite (five drafts, required, optional and format; less the skips) with code generation
 * forbidden, as on edge runtimes: run with `node --disallow-code-generation-from-strings`.
 * Prints `N passed, N failed`; exits non-zero on any failure.
 */
import { newJSONSchema } from '../../index.ts'
import { DRAFTS, remotes, suiteFiles } from '../support/suite.ts'
import { requireNoCodegen } from '../support/no-codegen.ts'

requireNoCodegen()

const schemas = remotes()
let passed = 0
let failed = 0
for (const [draft, dialect] of DRAFTS) {
  for (const file of suiteFiles(draft)) {
    for (const group of file.groups) {
      for (const c of group.tests) {
        try {
          const v = newJSONSchema(group.schema, { schemas, formats: file.formats, defaultDialect: dialect })
          if ((v.validate(c.data) === null) === c.valid) passed++
          else throw new Error(`expected ${c.valid ? 'valid' : 'invalid'}`)
        } catch (e) {
          failed++
          console.error(`FAIL ${draft}/${file.name} ${group.description}: ${c.description}: ${(e as Error).message}`)
        }
      }
    }
  }
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
