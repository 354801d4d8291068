/**
 * `npm run corpus:compile`: the real-world corpus (../shared/corpus, see its SOURCE.md) through
 * compiled modules, compared with the runtime (test/compile/harness.ts: answers, issues,
 * defaulted copies, ~standard, no mutation, with code generation forbidden in the children).
 * Nothing of the corpus is written into the project: modules go to a temporary folder.
 *
 *   --sample        a fixed sample (every 40th maskbench file, every 10th schemastore file, 3
 *                   catalogue schemas with their first 20 documents): what CI runs
 *   --corpus DIR    the corpus folder (default ../shared/corpus)
 *   --formats M     assert (default, the runtime's) or annotate
 *
 * Prints the counts and every difference; exits 1 on any difference, 2 when the corpus is missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { compareCompiled } from '../test/compile/harness.ts'
import type { Subject } from '../test/compile/harness.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: { sample: { type: 'boolean' }, corpus: { type: 'string' }, formats: { type: 'string' } },
})
const corpus = values.corpus ?? join(root, '../shared/corpus')
const formats = (values.formats ?? 'assert') as 'assert' | 'annotate'
if (!existsSync(join(corpus, 'maskbench'))) {
  console.error(`compile-corpus: no corpus at ${corpus} (see ../shared/corpus/SOURCE.md)`)
  process.exit(2)
}
const sample = values.sample === true

interface CorpusFile {
  schema: unknown
  remotes?: Record<string, unknown>
  tests?: { data: unknown }[]
}

const subjects: Subject[] = []
for (const folder of ['maskbench', 'schemastore']) {
  const dir = join(corpus, folder)
  if (!existsSync(dir)) continue
  const every = sample ? (folder === 'maskbench' ? 40 : 10) : 1
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .forEach((name, i) => {
      if (i % every !== 0) return
      const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CorpusFile
      const options = file.remotes === undefined ? { formats } : { formats, schemas: file.remotes }
      subjects.push({ name: `${folder}/${name}`, schema: file.schema, options, data: (file.tests ?? []).map((t) => t.data) })
    })
}
const catalogue = join(corpus, 'catalogue')
if (existsSync(catalogue)) {
  const names = readdirSync(catalogue).sort()
  for (const name of sample ? names.slice(0, 3) : names) {
    const lines = readFileSync(join(catalogue, name, 'instances.jsonl'), 'utf8').split('\n').filter((l) => l.trim() !== '')
    const data = (sample ? lines.slice(0, 20) : lines.slice(0, 200)).map((l) => JSON.parse(l) as unknown)
    subjects.push({ name: `catalogue/${name}`, schema: JSON.parse(readFileSync(join(catalogue, name, 'schema.json'), 'utf8')), options: { formats }, data })
  }
}

const r = compareCompiled(subjects)
for (const d of r.differences) console.log(`DIFFERENCE ${d}`)
console.log(
  `compile corpus${sample ? ' (sample)' : ''}, formats ${formats}: ${subjects.length} schemas, ${r.modules} modules run (${r.generated} on generated code, ${r.rebuilt} of them with constants from the runtime; ${r.whole} written whole, ${r.failureCode} with failure code, ${r.defaultsCode} with defaults code), ` +
    `${r.refused} refused as by the runtime, ${r.values} values compared, ${r.differences.length} differences`,
)
process.exit(r.differences.length > 0 ? 1 : 0)
