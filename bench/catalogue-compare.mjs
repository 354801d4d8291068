// Builds of schemavet side by side in one process, on real documents: each dist/ directory named
// on the command line is loaded as its own module instance, and every schema of the chosen set is
// timed for each build, interleaved round by round (the order rotating), a median per build; per
// schema the ratio of each build to the first, and their geometric mean. Name the same build twice
// (a copy of its dist/ in another directory) to see the noise (A/A).
//
//   node --expose-gc --no-compilation-cache bench/catalogue-compare.mjs <dist> <dist> [<dist>...]
//        [--set catalogue|schemastore|maskbench] [--only <regex>] [--invalid] [--rounds n] [--slice ms]
//
// The catalogue is timed on all its documents with formats annotated (as bench/realworld.mjs
// does), SchemaStore on its valid or (--invalid) invalid documents, formats annotated, MaskBench's
// sample on its valid or invalid instances, formats asserted. Timed through `isValid`.
// --no-compilation-cache: see bench/compare.mjs (builds whose generated code has the same text
// would otherwise share one function and its type feedback).
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { readCatalogue, readSample, readSchemaStore } from './realworld-sample.mjs'

const argv = process.argv.slice(2)
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`)
  return i < 0 ? dflt : argv[i + 1]
}
const valued = new Set(['--set', '--only', '--rounds', '--slice'])
const dirs = argv.filter((a, i) => !a.startsWith('--') && !valued.has(argv[i - 1]))
if (dirs.length < 2) {
  console.error('usage: node --expose-gc --no-compilation-cache bench/catalogue-compare.mjs <dist> <dist> [<dist>...] [--set catalogue|schemastore|maskbench] [--only regex] [--invalid] [--rounds n] [--slice ms]')
  process.exit(2)
}
const set = opt('set', 'catalogue')
const only = opt('only', undefined)
const invalid = argv.includes('--invalid')
const rounds = Number(opt('rounds', 9))
const sliceMs = Number(opt('slice', 20))
const builds = []
for (const dir of dirs) {
  const url = (f) => pathToFileURL(resolve(dir, f)).href
  const m = await import(url('index.js'))
  await import(url('idn.js'))
  await import(url('linear-regex.js'))
  builds.push(m.newJSONSchema)
}
const entries = (set === 'catalogue' ? readCatalogue() : set === 'schemastore' ? readSchemaStore().kept : readSample().sample).filter((e) => only === undefined || new RegExp(only).test(e.file))
const formats = set === 'maskbench' ? 'assert' : 'annotate'
let sink = 0
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
function slice(fn, data, ms) {
  let ops = 0
  let passes = 1
  const t0 = performance.now()
  let t = t0
  do {
    const before = t
    for (let p = 0; p < passes; p++) for (let i = 0; i < data.length; i++) if (fn(data[i])) sink++
    ops += passes * data.length
    t = performance.now()
    if (t - before < 0.02) passes *= 2
  } while (t - t0 < ms)
  return (ops * 1000) / (t - t0)
}
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : () => {}
const logs = builds.map(() => [])
console.log(`| schema | ${dirs.slice(1).map((d, i) => `build ${i + 2} / build 1`).join(' | ')} | build 1 /s |`)
console.log(`|---|${dirs.slice(1).map(() => '---:|').join('')}---:|`)
for (const { file, doc } of entries) {
  const data = doc.tests.filter((t) => t.valid === !invalid).map((t) => t.data)
  if (data.length === 0) continue
  let fns
  try {
    fns = builds.map((make) => {
      const v = make(structuredClone(doc.schema), { formats })
      return (d) => v.isValid(d)
    })
  } catch (e) {
    console.log(`| ${file} | refused: ${String(e?.message ?? e).split('\n')[0].slice(0, 80)} |`)
    continue
  }
  // Every build answers every document the same (and tiers up) before timing.
  for (let r = 0; r < 40; r++) for (const d of data) fns.forEach((f) => f(d))
  const answers = fns.map((f) => data.map((d) => f(d)).join())
  if (new Set(answers).size !== 1) console.log(`| ${file} | the builds answer differently |`)
  gc()
  for (const f of fns) slice(f, data, 100)
  const per = fns.map(() => [])
  for (let r = 0; r < rounds; r++) for (let k = 0; k < fns.length; k++) {
    const i = (k + r) % fns.length
    per[i].push(slice(fns[i], data, sliceMs))
  }
  const m = per.map(median)
  m.forEach((v, i) => logs[i].push(Math.log(v / m[0])))
  console.log(`| ${file} | ${m.slice(1).map((v) => `${(v / m[0]).toFixed(2)}x`).join(' | ')} | ${Math.round(m[0])} |`)
}
const g = logs.map((l) => Math.exp(l.reduce((a, b) => a + b, 0) / l.length))
console.log(`| geometric mean (${logs[0].length}) | ${g.slice(1).map((v) => `${v.toFixed(3)}x`).join(' | ')} | |`)
if (sink === -1) console.log('')
