/**
 * `npm run corpus`: schemavet, ajv and @hyperjump/json-schema over the real-world corpus in
 * `../shared/corpus/maskbench` (beside the project root; absent on a user's fresh clone, and then
 * the run prints one `corpus: SKIPPED` line saying why and exits 0, checking nothing). Each file's schema is compiled and each labelled instance
 * validated, with formats annotated and asserted; the counts are printed per dialect, side by side.
 *
 * Labels can be wrong: `test/corpus/disputed.json` lists the files where they are, each with its
 * reason. The run checks every entry against the rule (ajv and hyperjump both disagree with the
 * label, or both refuse the schema) and fails an entry that does not qualify; it lists apart
 * whatever schemavet refuses or gets wrong (formats asserted) that no entry covers.
 *
 *   npm run corpus                    every library on every file
 *   npm run corpus -- --update        the same, then writes test/corpus/baseline.json
 *   npm run corpus -- --check         schemavet on every file, ajv and hyperjump only on the
 *                                     disputed files; fails on any count worse than the baseline
 *   npm run corpus -- --check --update  the check, then (when it passes) the baseline takes
 *                                     schemavet's new counts; the peers' figures are kept
 *   --jobs N (worker threads, default 2), --timeout S (per library and file, default 120),
 *   --files REGEX (only matching file names; not with --check or --update)
 *   --no-sections (without the providers, repair and grammar sections the full run adds at its
 *                                     end, and the grammar sample the check adds)
 *   --corpus DIR, --disputed FILE, --baseline FILE (other places, for the runner's own tests)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { DIALECT_KEYS, LIBRARIES, MODES, dialectOf } from './libraries.ts'
import type { Answer, CorpusFile, DialectKey, FormatMode, LibraryName } from './libraries.ts'
import type { Reply, Task } from './worker.ts'
import { checkDisputed, readDisputed } from './disputed.ts'
import type { FileResult } from './disputed.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

// --- arguments
const argv = process.argv.slice(2)
const flag = (name: string) => argv.includes(name)
const value = (name: string) => {
  const i = argv.indexOf(name)
  return i >= 0 ? argv[i + 1] : undefined
}
// Another corpus folder and list files: for the runner's own tests (a few made-up files).
const CORPUS = resolve(value('--corpus') ?? resolve(ROOT, '..', 'shared', 'corpus', 'maskbench'))
const DISPUTED = resolve(value('--disputed') ?? join(ROOT, 'test', 'corpus', 'disputed.json'))
const BASELINE = resolve(value('--baseline') ?? join(ROOT, 'test', 'corpus', 'baseline.json'))
const check = flag('--check')
const update = flag('--update')
const jobs = Math.max(1, Number(value('--jobs') ?? 2))
const timeoutMs = Math.max(1, Number(value('--timeout') ?? 120)) * 1000
const only = value('--files')
if ((check || update) && only !== undefined) fail('--files cannot be combined with --check or --update (they need every file)')

function fail(message: string): never {
  console.error(`corpus: ${message}`)
  process.exit(2)
}

if (!existsSync(CORPUS)) {
  // One line, so a run without the corpus (a fresh clone) is visibly a skip, not a pass.
  console.log(`corpus: SKIPPED, nothing checked: no corpus at ${CORPUS} (the real-world corpus sits beside the project in ../shared/corpus and is not part of the repository)`)
  process.exit(0)
}

const names = readdirSync(CORPUS)
  .filter((n) => n.endsWith('.json'))
  .filter((n) => only === undefined || new RegExp(only).test(n))
  .sort()
const disputed = readDisputed(DISPUTED)
const disputedFiles = new Set(disputed.map((e) => e.file))

// --- tasks: schemavet everywhere; peers everywhere, or (--check) only where an entry needs them
const tasks: Task[] = []
for (const name of names) {
  for (const library of LIBRARIES) {
    if (check && library !== 'schemavet' && !disputedFiles.has(name)) continue
    tasks.push({ id: tasks.length, path: join(CORPUS, name), library })
  }
}

const results = new Map<string, FileResult>()
const started = Date.now()
await runPool(tasks, (task, reply) => {
  const name = task.path.slice(CORPUS.length + 1)
  let result = results.get(name)
  if (result === undefined) {
    result = { dialect: reply.dialect, labels: reply.labels, answers: {} }
    results.set(name, result)
  }
  result.answers[task.library] = reply.answers
})
const seconds = Math.round((Date.now() - started) / 1000)

// --- counts
interface Counts {
  schemas: number
  refused: number
  tests: number
  notRun: number
  agree: number
  validRejected: number
  invalidAccepted: number
}
type Table = Record<string, Partial<Record<LibraryName, Record<FormatMode, Counts>>>>

const zero = (): Counts => ({ schemas: 0, refused: 0, tests: 0, notRun: 0, agree: 0, validRejected: 0, invalidAccepted: 0 })
const table: Table = {}
for (const [, r] of results) {
  for (const library of LIBRARIES) {
    const answers = r.answers[library]
    if (answers === undefined || (check && library !== 'schemavet')) continue
    for (const key of [r.dialect, 'all']) {
      const row = ((table[key] ??= {})[library] ??= { annotate: zero(), assert: zero() })
      for (const mode of MODES) add(row[mode], answers[mode], r.labels)
    }
  }
}

function add(c: Counts, answer: Answer, labels: boolean[]): void {
  c.schemas++
  c.tests += labels.length
  if ('refused' in answer) {
    c.refused++
    c.notRun += labels.length
    return
  }
  labels.forEach((label, i) => {
    const verdict = answer.verdicts[i]
    if (verdict === label) c.agree++
    else if (label) c.validRejected++
    else c.invalidAccepted++
  })
}

// --- baseline
interface Baseline {
  note: string
  files: number
  tests: number
  counts: Table
  undisputed: number
}
const baseline: Baseline | undefined = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline) : undefined

// In --check the peers' figures come from the baseline, where --update recorded them.
if (check && baseline !== undefined) {
  for (const [dialect, rows] of Object.entries(baseline.counts)) {
    for (const library of LIBRARIES) if (library !== 'schemavet' && rows[library] !== undefined) (table[dialect] ??= {})[library] = rows[library]
  }
}

// --- report
const pad = (s: string | number, n: number) => String(s).padStart(n)
const COLUMNS: [keyof Counts, string][] = [
  ['schemas', 'schemas'],
  ['refused', 'refused'],
  ['tests', 'tests'],
  ['notRun', 'not run'],
  ['agree', 'agree'],
  ['validRejected', 'valid rejected'],
  ['invalidAccepted', 'invalid accepted'],
]
console.log(`\ncorpus: ${names.length} files, ${tasks.length} library runs in ${seconds} s${check ? ' (ajv, hyperjump: figures from the baseline)' : ''}\n`)
for (const dialect of [...DIALECT_KEYS, 'all']) {
  const rows = table[dialect]
  if (rows === undefined) continue
  const label = dialect === 'none' ? 'no $schema (read as 2020-12)' : dialect
  console.log(`${label}`)
  console.log(`  ${'library'.padEnd(10)} ${'formats'.padEnd(9)}` + COLUMNS.map(([, h]) => pad(h, Math.max(8, h.length + 1))).join(''))
  for (const library of LIBRARIES) {
    const row = rows[library]
    if (row === undefined) continue
    for (const mode of MODES) {
      const c = row[mode]
      console.log(`  ${library.padEnd(10)} ${(mode === 'assert' ? 'asserted' : 'annotated').padEnd(9)}` + COLUMNS.map(([k, h]) => pad(c[k], Math.max(8, h.length + 1))).join(''))
    }
  }
  console.log('')
}

const verdict = checkDisputed(disputed, results, names)
console.log(`disputed labels (test/corpus/disputed.json): ${disputed.length} entries`)
for (const line of verdict.report) console.log(`  ${line}`)
if (verdict.unqualified.length > 0) {
  console.log(`\nentries that do not qualify (ajv and hyperjump must both disagree with the label, or both refuse the schema):`)
  for (const line of verdict.unqualified) console.log(`  ${line}`)
}
console.log(`\nschemavet (formats asserted) refusals and disagreements no entry covers: ${verdict.undisputed.length}`)
for (const line of verdict.undisputed) console.log(`  ${line}`)

let failed = verdict.unqualified.length > 0

// --- baseline comparison / update
const totalTests = table.all?.schemavet?.assert.tests ?? 0
const writeBaseline = () => {
  const out: Baseline = {
    note: 'Written by `npm run corpus -- --update`; `npm run corpus -- --check` fails on any schemavet count worse than this.',
    files: names.length,
    tests: totalTests,
    counts: table,
    undisputed: verdict.undisputed.length,
  }
  writeFileSync(BASELINE, JSON.stringify(out, null, 2) + '\n')
  console.log(`\nwrote ${BASELINE}`)
}
if (update && !check) {
  writeBaseline()
} else if (check) {
  if (baseline === undefined) fail(`no baseline at ${BASELINE}; write one with npm run corpus -- --update`)
  const worse: string[] = []
  if (baseline.files !== names.length || baseline.tests !== totalTests) {
    worse.push(`the corpus changed: ${names.length} files and ${totalTests} tests, the baseline has ${baseline.files} and ${baseline.tests}; rerun --update`)
  }
  for (const dialect of Object.keys(baseline.counts)) {
    const base = baseline.counts[dialect]?.schemavet
    const now = table[dialect]?.schemavet
    if (base === undefined) continue
    for (const mode of MODES) {
      const b = base[mode]
      const n = now?.[mode] ?? zero()
      for (const [k, better] of [['refused', -1], ['agree', 1], ['validRejected', -1], ['invalidAccepted', -1]] as const) {
        if ((n[k] - b[k]) * better < 0) worse.push(`${dialect}, formats ${mode === 'assert' ? 'asserted' : 'annotated'}: ${k} ${b[k]} -> ${n[k]}`)
      }
    }
  }
  if (verdict.undisputed.length > baseline.undisputed) worse.push(`undisputed refusals and disagreements ${baseline.undisputed} -> ${verdict.undisputed.length}`)
  if (worse.length > 0) {
    console.log(`\nworse than the baseline (test/corpus/baseline.json):`)
    for (const line of worse) console.log(`  ${line}`)
    failed = true
  } else {
    console.log(`\nno count worse than the baseline (test/corpus/baseline.json)`)
    // In check mode `table` holds the baseline's peer rows, so only schemavet's figures move.
    if (update && !failed) writeBaseline()
  }
}

// The full run also measures what schemavet builds on the corpus: provider schemas (round trips,
// constraints kept) and repair of corrupted model output. Each section is its own script
// (`npm run corpus:providers`, `npm run corpus:repair`) and fails on its own thresholds.
// They read the real corpus, so a run over another folder (--corpus) leaves them out.
// The check runs the grammar section on a small fixed sample (both engines judging grammars of
// real schemas, bounded for CI); the full run runs it on every file.
const TSX = ['--import', 'tsx', '--import', join(ROOT, 'test', 'support', 'optional-entries.ts')]
if ((check || (!update && only === undefined)) && !flag('--no-sections') && value('--corpus') === undefined) {
  const sections: [string, string[]][] = check
    ? [['grammar (a sample)', [...TSX, join(ROOT, 'scripts', 'corpus-grammar.mjs'), '--sample', '10', '--check']]]
    : [
        ['providers', [join(ROOT, 'scripts', 'corpus-providers.mjs')]],
        ['repair', [...TSX, join(ROOT, 'scripts', 'corpus-repair.mjs')]],
        ['grammar', [...TSX, join(ROOT, 'scripts', 'corpus-grammar.mjs'), '--check']],
      ]
  for (const [name, args] of sections) {
    console.log(`\n--- corpus section: ${name}\n`)
    const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' })
    if (run.status !== 0) {
      console.log(`corpus section ${name}: FAILED (exit ${run.status ?? run.signal})`)
      failed = true
    }
  }
}

console.log(failed ? '\ncorpus: FAILED' : '\ncorpus: ok')
process.exit(failed ? 1 : 0)

/**
 * Runs the tasks on `jobs` worker threads. A task that takes longer than the timeout ends its
 * worker (a new one takes its place) and counts as a refusal in both modes.
 */
async function runPool(all: Task[], done: (task: Task, reply: Reply) => void): Promise<void> {
  const queue = [...all]
  const workerUrl = new URL('./worker.mjs', import.meta.url)
  let finished = 0
  let lastReport = Date.now()
  const progress = () => {
    finished++
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now()
      process.stderr.write(`corpus: ${finished}/${all.length} library runs\n`)
    }
  }
  const lane = async (): Promise<void> => {
    let worker: Worker | undefined
    while (queue.length > 0) {
      const task = queue.shift()!
      worker ??= new Worker(workerUrl)
      const w = worker
      const reply = await new Promise<Reply | 'timeout' | Error>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), timeoutMs)
        const onMessage = (r: Reply) => {
          if (r.id !== task.id) return
          clearTimeout(timer)
          w.off('message', onMessage)
          w.off('error', onError)
          resolve(r)
        }
        const onError = (e: Error) => {
          clearTimeout(timer)
          w.off('message', onMessage)
          resolve(e)
        }
        w.on('message', onMessage)
        w.once('error', onError)
        w.postMessage(task)
      })
      // A crashed worker is a fault of the run, not an answer: stop rather than count it.
      if (reply instanceof Error) throw new Error(`the worker failed on ${task.library} ${task.path}: ${reply.message}`)
      if (reply === 'timeout') {
        await w.terminate()
        worker = undefined
        const file = JSON.parse(readFileSync(task.path, 'utf8')) as CorpusFile
        const why = `no answer within ${timeoutMs / 1000} s`
        done(task, {
          id: task.id,
          dialect: dialectOf(file.schema) as DialectKey,
          labels: (file.tests ?? []).map((t) => t.valid),
          answers: { annotate: { refused: why }, assert: { refused: why } },
        })
      } else {
        done(task, reply)
      }
      progress()
    }
    if (worker !== undefined) await worker.terminate()
  }
  await Promise.all(Array.from({ length: Math.min(jobs, all.length) }, lane))
}
