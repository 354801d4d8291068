// Before and after on the cold stream, in one process: two builds' dist/ directories loaded side
// by side, each sample schema (every 12th of the corpus with a valid instance, as in
// bench/cold-stream.mjs) compiled from fresh copies (a numbered root `$comment`) and its first
// valid instance checked, the builds alternating copy by copy. Per schema and build the minimum
// of R copies (scheduling noise only ever adds time), then per pass the sum of those minima and
// the geometric mean of after/before. The first pass is each build meeting the stream cold.
//
//   node --expose-gc bench/cold-compare.mjs <before dist dir> <after dist dir> [passes] [R] [--set S]
//
// --set: maskbench (the default: the cold stream's sample), schemastore or catalogue (each file's
// schema with its first valid document, as bench/realworld.mjs's cold measure takes them).
//
// Run it with the same directory copied twice (A/A) to see the noise.
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { readCatalogue, readSample, readSchemaStore, unseenCopy } from './realworld-sample.mjs'

const setAt = process.argv.indexOf('--set')
const set = setAt < 0 ? 'maskbench' : process.argv[setAt + 1]
const positional = setAt < 0 ? process.argv.slice(2) : [...process.argv.slice(2, setAt), ...process.argv.slice(setAt + 2)]
const [before, after] = positional
if (after === undefined) {
  console.error('usage: node --expose-gc bench/cold-compare.mjs <before dist dir> <after dist dir> [passes] [R]')
  process.exit(2)
}
const passes = Number(positional[2] ?? 3)
const R = Number(positional[3] ?? 6)
const builds = []
for (const dir of [before, after]) {
  const url = (f) => pathToFileURL(resolve(dir, f)).href
  const m = await import(url('index.js'))
  // The whole library, as bench/realworld-libs.mjs loads it.
  await import(url('idn.js'))
  await import(url('linear-regex.js'))
  builds.push(m.newJSONSchema)
}
const files = { maskbench: () => readSample().sample, schemastore: () => readSchemaStore().kept, catalogue: () => readCatalogue() }[set]
if (files === undefined) throw new Error(`--set takes maskbench, schemastore or catalogue, not ${set}`)
const sample = files().map(({ doc }) => ({ schema: doc.schema, data: doc.tests.find((t) => t.valid).data }))

let sink = 0
const fresh = unseenCopy
for (let pass = 0; pass < passes; pass++) {
  const sums = [0, 0]
  let logSum = 0
  let n = 0
  for (const [i, { schema, data }] of sample.entries()) {
    const best = [Infinity, Infinity]
    const copies = Array.from({ length: 2 * R }, () => fresh(schema))
    for (let r = 0; r < 2 * R; r++) {
      const b = (r + i) % 2
      const t0 = performance.now()
      try {
        if (builds[b](copies[r]).isValid(data)) sink++
      } catch {}
      const t = performance.now() - t0
      if (t < best[b]) best[b] = t
    }
    sums[0] += best[0]
    sums[1] += best[1]
    if (best[0] > 0 && best[1] > 0) {
      logSum += Math.log(best[1] / best[0])
      n++
    }
  }
  console.log(`pass ${pass}: sum of minima before ${sums[0].toFixed(1)} ms, after ${sums[1].toFixed(1)} ms (${(sums[1] / sums[0]).toFixed(3)}x); geomean after/before ${Math.exp(logSum / n).toFixed(3)}x over ${n} schemas`)
}
if (sink < 0) console.log(sink)
