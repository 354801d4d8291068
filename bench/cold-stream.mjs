// A stream of distinct real-world schemas, each compiled and validated once, as an agent meeting
// new tools sees them: every 12th schema of the corpus sample that has a valid instance, compiled
// from a copy whose text the process has not seen (a numbered root `$comment`), then the first
// valid instance checked. Several passes in one process: the first runs the compile pipeline
// unoptimized (what a process meeting its first schemas pays), the later ones warm.
//
//   node --expose-gc bench/cold-stream.mjs [--limit N] [--passes P] [--alone]
//
// Default: every library of the real-world suite, interleaved (5 copies per schema and library,
// the median kept), the geometric mean of best peer / schemavet per pass and each library's total.
// --alone: schemavet only, 3 copies per schema, the total per pass (for `node --cpu-prof`).
// Reads dist/ (run `npm run build` first).
import { dialectOf, libraries } from './realworld-libs.mjs'
import { readSample, unseenCopy } from './realworld-sample.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i < 0 ? fallback : Number(args[i + 1])
}
const limit = option('--limit', 200)
const passes = option('--passes', 3)
const alone = args.includes('--alone')

const sample = readSample()
  .sample.slice(0, limit)
  .map(({ file, doc }) => ({ file, schema: doc.schema, data: doc.tests.find((t) => t.valid).data, dialect: dialectOf(doc.schema) }))

let sink = 0
const fresh = unseenCopy

const used = alone ? libraries.filter((l) => l.name === 'schemavet') : libraries
// A library is timed on a schema only where it answers the valid instance correctly.
const correct = new Set()
for (const { file, schema, data, dialect } of sample) {
  for (const l of used) {
    const copy = fresh(schema)
    try {
      if (l.compile(copy, dialect)(data) === true) correct.add(file + '\0' + l.name)
    } catch {}
    try {
      l.release?.(copy, dialect)
    } catch {}
  }
}

for (let pass = 0; pass < passes; pass++) {
  if (alone) {
    const t0 = performance.now()
    for (const { schema, data } of sample) for (let r = 0; r < 3; r++) if (used[0].compile(fresh(schema))(data)) sink++
    console.log(`pass ${pass}: schemavet ${(performance.now() - t0).toFixed(0)} ms for ${sample.length} schemas x 3`)
    continue
  }
  const totals = Object.fromEntries(used.map((l) => [l.name, 0]))
  let logSum = 0
  let n = 0
  let below = 0
  const best = {}
  for (const [si, { file, schema, data, dialect }] of sample.entries()) {
    const times = {}
    for (let r = 0; r < 5; r++) {
      for (let k = 0; k < used.length; k++) {
        const l = used[(k + r + si) % used.length]
        if (!correct.has(file + '\0' + l.name)) continue
        const copy = fresh(schema)
        const t0 = performance.now()
        if (l.compile(copy, dialect)(data)) sink++
        const t = performance.now() - t0
        ;(times[l.name] ??= []).push(t)
        totals[l.name] += t
        l.release?.(copy, dialect)
      }
    }
    const median = (v) => v.sort((a, b) => a - b)[v.length >> 1]
    if (times.schemavet === undefined) continue
    let top
    for (const [name, v] of Object.entries(times)) if (name !== 'schemavet' && (top === undefined || median(v) < top[1])) top = [name, median(v)]
    if (top === undefined) continue
    const ratio = top[1] / median(times.schemavet)
    logSum += Math.log(ratio)
    n++
    if (ratio < 0.7) below++
    best[top[0]] = (best[top[0]] ?? 0) + 1
  }
  const tot = Object.entries(totals).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')
  console.log(`pass ${pass}: geomean ${Math.exp(logSum / n).toFixed(2)}x of the best peer over ${n}, below 0.7x: ${below}; best ${JSON.stringify(best)}; totals ms: ${tot}`)
}
if (sink < 0) console.log(sink)
