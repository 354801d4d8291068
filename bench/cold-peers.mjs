// Cold against the peers, one process: each sample schema compiled from fresh copies (a numbered
// root `$comment`, as bench/realworld.mjs's cold measure) and its first valid document checked,
// schemavet build(s) and the chosen peers interleaved in a rotating order, the median of R copies
// per library and schema; per build the geometric mean of (best correct peer's time / its time).
// A peer counts on a schema when it compiles it and accepts the document; the builds must too.
//
//   node --expose-gc bench/cold-peers.mjs <dist dir>... [--set maskbench|schemastore|catalogue]
//        [--peers cfworker,ata,ajv,schemasafe,typebox] [--rounds R] [--passes P]
//
// Which peers share the process changes every library's cold time: with all five, schemavet's
// and cfworker's times grow (code-generating peers fill the heap and the caches between two
// compiles), so a ratio is only comparable to one taken with the same peer list.
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { dialectOf, peers } from './realworld-libs.mjs'
import { readCatalogue, readSample, readSchemaStore, unseenCopy } from './realworld-sample.mjs'

const flag = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`)
  return i < 0 ? dflt : process.argv[i + 1]
}
const set = flag('set', 'maskbench')
const R = Number(flag('rounds', 7))
const passes = Number(flag('passes', 2))
const wanted = flag('peers', 'cfworker,ata,ajv,schemasafe,typebox').split(',')
const dirs = []
for (let i = 2; i < process.argv.length; i++) {
  if (process.argv[i].startsWith('--')) i++
  else dirs.push(process.argv[i])
}
if (dirs.length === 0) {
  console.error('usage: node --expose-gc bench/cold-peers.mjs <dist dir>... [--set S] [--peers a,b] [--rounds R] [--passes P]')
  process.exit(2)
}
// MaskBench's labels assume asserted formats; the other two sets annotate (bench/realworld.mjs).
const formats = set === 'maskbench' ? 'assert' : 'annotate'
const libs = []
for (const dir of dirs) {
  const url = (f) => pathToFileURL(resolve(dir, f)).href
  const m = await import(url('index.js'))
  await import(url('idn.js'))
  await import(url('linear-regex.js'))
  libs.push({ name: dir, compile: (s) => { const v = m.newJSONSchema(s, { formats }); return (d) => v.isValid(d) } })
}
for (const p of peers) {
  if (wanted.includes(p.name)) libs.push({ name: p.name, compile: (s, d) => p.compile(s, d, formats), release: p.release && ((s, d) => p.release(s, d, formats)) })
}
const files = { maskbench: () => readSample().sample, schemastore: () => readSchemaStore().kept, catalogue: () => readCatalogue() }[set]
if (files === undefined) throw new Error(`--set takes maskbench, schemastore or catalogue, not ${set}`)
const sample = files().map(({ doc }) => ({ schema: doc.schema, data: doc.tests.find((t) => t.valid).data }))
const median = (a) => {
  a.sort((x, y) => x - y)
  return a[a.length >> 1]
}
const B = dirs.length
let sink = 0
for (let pass = 0; pass < passes; pass++) {
  const logs = libs.map(() => 0)
  const sums = libs.map(() => 0)
  let n = 0
  for (const { schema, data } of sample) {
    const dialect = dialectOf(schema)
    const correct = libs.map((l) => {
      const copy = unseenCopy(schema)
      try {
        return l.compile(copy, dialect)(data) === true
      } catch {
        return false
      } finally {
        try {
          l.release?.(copy, dialect)
        } catch {}
      }
    })
    if (!correct.slice(0, B).every(Boolean) || !correct.slice(B).some(Boolean)) continue
    const times = libs.map(() => [])
    for (let r = 0; r < R; r++) {
      for (let k = 0; k < libs.length; k++) {
        const i = (k + r) % libs.length
        if (!correct[i]) continue
        const copy = unseenCopy(schema)
        const t0 = performance.now()
        if (libs[i].compile(copy, dialect)(data)) sink++
        times[i].push(performance.now() - t0)
        libs[i].release?.(copy, dialect)
      }
    }
    const m = times.map((t) => (t.length === 0 ? NaN : median(t)))
    const best = Math.min(...m.slice(B).filter((_, j) => correct[B + j]))
    m.forEach((t, i) => {
      if (!correct[i]) return
      logs[i] += Math.log(best / t)
      sums[i] += t
    })
    n++
  }
  console.log(`pass ${pass} (${set}, ${n} schemas; per library: geomean of best correct peer / its time, sum of medians)`)
  for (const [i, l] of libs.entries()) console.log(`  ${l.name.padEnd(16)} ${Math.exp(logs[i] / n).toFixed(3)}x  ${sums[i].toFixed(1)} ms`)
}
if (sink < 0) console.log(sink)
