#!/usr/bin/env node
/**
 * parseModelOutput on clean input: the corpus's valid instances (`../shared/corpus/maskbench`,
 * relative to the project root) as compact JSON text, through `parseModelOutput(text, schema)`
 * against `JSON.parse(text)` then `validate`, on the same compiled schemas. Clean text takes the
 * fast path (JSON.parse first; applyDefaults only for schemas with a default), so the promise is
 * within 1.5x of the baseline. Instances schemavet rejects (disputed labels) are left out: they
 * measure the repair path, not the clean one; so are the few whose own defaults make them invalid.
 *
 * Rounds alternate the two sides; each side's time is the median over rounds.
 *
 * Run: npm run build && node bench/repair.mjs [--quick] [--every N]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { applyDefaults, newJSONSchema, parseModelOutput } from '../dist/index.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const corpus = join(root, '..', 'shared', 'corpus', 'maskbench')
if (!existsSync(corpus)) {
  console.error(`bench/repair: no corpus at ${corpus}`)
  process.exit(2)
}
const quick = process.argv.includes('--quick')
const everyArg = process.argv.indexOf('--every')
const every = everyArg > 0 ? Number(process.argv[everyArg + 1]) : quick ? 12 : 1
const rounds = quick ? 5 : 11

const work = []
const files = readdirSync(corpus).filter((f) => f.endsWith('.json')).sort()
for (let i = 0; i < files.length; i += every) {
  const doc = JSON.parse(readFileSync(join(corpus, files[i]), 'utf8'))
  if (!Array.isArray(doc.tests)) continue
  let schema
  try {
    schema = newJSONSchema(doc.schema, { allErrors: true, maxErrors: 20 })
  } catch {
    continue
  }
  for (const t of doc.tests) {
    if (t.valid !== true || t.data === undefined) continue
    if (schema.validate(t.data) !== null) continue
    // Defaults come before validation: an instance its own defaults make invalid is not clean.
    try {
      if (schema.validate(applyDefaults(t.data, schema)) !== null) continue
    } catch {
      continue
    }
    work.push({ schema, text: JSON.stringify(t.data) })
  }
}
const bytes = work.reduce((n, w) => n + w.text.length, 0)

function baseline() {
  let bad = 0
  for (const w of work) if (w.schema.validate(JSON.parse(w.text)) !== null) bad++
  return bad
}
function ours() {
  let bad = 0
  for (const w of work) if (!parseModelOutput(w.text, w.schema).success) bad++
  return bad
}

// Warm both (codegen tiers, caches), and check they agree.
for (let i = 0; i < 3; i++) {
  const a = baseline()
  const b = ours()
  if (a !== 0 || b !== 0) throw new Error(`clean instances rejected: baseline ${a}, parseModelOutput ${b}`)
}
const times = { baseline: [], ours: [] }
for (let r = 0; r < rounds; r++) {
  for (const [name, fn] of r % 2 === 0 ? [['baseline', baseline], ['ours', ours]] : [['ours', ours], ['baseline', baseline]]) {
    globalThis.gc?.()
    const t0 = performance.now()
    fn()
    times[name].push(performance.now() - t0)
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const b = median(times.baseline)
const o = median(times.ours)
console.log(`parseModelOutput on clean text: ${work.length} valid instances (${(bytes / 1024).toFixed(0)} KB) of every ${every === 1 ? '' : `${every}th `}corpus file, ${rounds} rounds`)
console.log(`| side | median ms | MB/s |`)
console.log(`|---|---|---|`)
console.log(`| JSON.parse + validate | ${b.toFixed(1)} | ${(bytes / 1048576 / (b / 1000)).toFixed(1)} |`)
console.log(`| parseModelOutput | ${o.toFixed(1)} | ${(bytes / 1048576 / (o / 1000)).toFixed(1)} |`)
console.log(`ratio: ${(o / b).toFixed(2)}x (promise: within 1.5x)`)
process.exit(o / b <= 1.5 ? 0 : 1)
