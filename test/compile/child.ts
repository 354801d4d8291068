/**
 * Runs compiled modules on data, in a process started with code generation forbidden
 * (`node --disallow-code-generation-from-strings`): the other half of `suite.test.ts` and the
 * corpus script. Reads a batch file (`[{ module, data: [...] }]`), writes each answer to the
 * results file given: `isValid`, `validate`'s errors, `applyDefaults`' copy (or what it threw).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { requireNoCodegen } from '../support/no-codegen.ts'

requireNoCodegen()

interface CompiledExports {
  isValid(data: unknown): boolean
  validate(data: unknown): { errors: unknown[] } | null
  applyDefaults(data: unknown): unknown
  standardSchema: { '~standard': { validate(value: unknown): unknown } }
}

const [batchFile, resultFile] = process.argv.slice(2)
const batch = JSON.parse(readFileSync(batchFile!, 'utf8')) as { module: string; data: unknown[] }[]
const out: unknown[] = []
for (const entry of batch) {
  let m: CompiledExports
  try {
    m = (await import(pathToFileURL(entry.module).href)) as CompiledExports
  } catch (e) {
    out.push({ load: String((e as Error).message) })
    continue
  }
  out.push(entry.data.map((data) => answers(m, data)))
}
writeFileSync(resultFile!, JSON.stringify(out))
console.log(`${out.length} modules run`)

function answers(m: CompiledExports, data: unknown) {
  const snapshot = JSON.stringify(data)
  let defaults: unknown
  try {
    defaults = { value: m.applyDefaults(data) }
  } catch (e) {
    defaults = { threw: (e as Error).message }
  }
  const standard = m.standardSchema['~standard'].validate(data)
  return { isValid: m.isValid(data), errors: m.validate(data)?.errors ?? null, defaults, standard, mutated: JSON.stringify(data) !== snapshot }
}
