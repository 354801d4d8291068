// Compiled modules: schemavet's (`schemavet compile`) beside the runtime's generated tier and
// ata-validator's compiled module (`ata build`'s toStandaloneModule), interleaved round by round
// in one process; then the size of the example module bundled with what it imports, and the
// compile time of the corpus (../shared/corpus, when present).
//
//   npm run bench:compiled            (npm --prefix bench install, npm run build first)
//   BENCH_QUICK=1 npm run bench:compiled
//
// Rows: each hot workload of bench/workloads.mjs and the example tool input, on valid and on
// invalid data: `isValid` (a verdict) for all three; `validate` (issues built) for schemavet's
// two (ata's `validate` builds ata's own error objects: shown too, not the same work).
// Every function's answer is checked against the runtime before it is timed, and each module's
// `isValid` is compared with the runtime's on mutants of the row's valid document (reported).
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { newJSONSchema } from '../dist/index.js'
import { compileModule } from '../dist/compile/index.js'
import * as W from './workloads.mjs'

const QUICK = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick')
const cfg = QUICK ? { rounds: 5, sliceMs: 20 } : { rounds: 11, sliceMs: 60 }
const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const { toStandaloneModule } = require('ata-validator/build')
const dir = mkdtempSync(join(os.tmpdir(), 'schemavet-bench-compiled-'))
const RUNTIME = pathToFileURL(join(root, 'dist/runtime.js')).href
const INTERPRETER = pathToFileURL(join(root, 'dist/runtime/interpreter.js')).href

let sink = 0
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
function slice(fn, data, ms) {
  let ops = 0
  const t0 = performance.now()
  let t = t0
  do {
    for (let i = 0; i < 16; i++) if (fn(data)) sink++
    ops += 16
    t = performance.now()
  } while (t - t0 < ms)
  return (ops * 1000) / (t - t0)
}

let n = 0
async function load(code) {
  const file = join(dir, `m${n++}.mjs`)
  writeFileSync(file, code)
  return import(pathToFileURL(file).href)
}

const meetingInvalid = { ...W.meetingExpected, durationMinutes: 7 }
const rows = [
  ...W.hotWorkloads.map((w) => ({ id: w.id, name: w.name, schema: w.schema, valid: w.valid, invalid: w.invalid })),
  { id: 'ex', name: 'examples/tool-input.schema.json', schema: W.meetingSchema, valid: W.meetingExpected, invalid: meetingInvalid },
]

const out = []
const line = (s = '') => {
  out.push(s)
  console.log(s)
}
line(`# Compiled modules (${QUICK ? 'quick' : 'full'} run, ${cfg.rounds} rounds of ${cfg.sliceMs} ms, node ${process.version}, ${os.cpus().length} cores)`)
line()
line('ops/s, median of rounds; ratio: the compiled module / the runtime generated tier, and / ata compiled')
line()
line('| row | data | op | runtime generated | schemavet compiled | ata compiled | compiled / generated | compiled / ata |')
line('|---|---|---|---:|---:|---:|---:|---:|')
// Mutants of a row's valid document, made the same way for every row (no case picked by hand):
// the document with one key added to one of its objects, with one object's property removed,
// and with one value replaced by a value of another JSON type; at most `cap` of each kind, spread
// over the document. A module whose verdict differs from the runtime's on some is not answering
// the schema, whatever its speed.
function mutants(doc, cap = 40) {
  const spots = []
  const walk = (v, set) => {
    spots.push({ v, set })
    if (Array.isArray(v)) v.forEach((e, i) => walk(e, (n) => (v[i] = n)))
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], (n) => (v[k] = n))
  }
  const out = []
  const pick = (xs) => xs.filter((_, i) => i % Math.max(1, Math.ceil(xs.length / cap)) === 0)
  const make = () => {
    const copy = structuredClone(doc)
    spots.length = 0
    walk(copy, () => {})
    return { copy, spots: [...spots] }
  }
  const { spots: all } = make()
  const objects = all.map((s, i) => [s, i]).filter(([s]) => s.v !== null && typeof s.v === 'object' && !Array.isArray(s.v))
  for (const [, i] of pick(objects)) {
    const { copy, spots: at } = make()
    at[i].v['zz_extra_key'] = 1
    out.push(copy)
    const keys = Object.keys(at[i].v).filter((k) => k !== 'zz_extra_key')
    if (keys.length > 0) {
      const { copy: c2, spots: at2 } = make()
      delete at2[i].v[keys[0]]
      out.push(c2)
    }
  }
  for (const [, i] of pick(all.map((s, i) => [s, i]).slice(1))) {
    const { copy, spots: at } = make()
    const v = at[i].v
    at[i].set(typeof v === 'string' ? 1 : typeof v === 'number' ? 'x' : v === null ? 0 : typeof v === 'boolean' ? 'true' : null)
    out.push(copy)
  }
  return out
}
const disagreements = []

for (const row of rows) {
  const runtime = newJSONSchema(row.schema, { codegenThreshold: 0 })
  if (runtime.generated === null) throw new Error(`row ${row.id}: the runtime did not tier up`)
  const mine = await load(compileModule(row.schema, { runtime: RUNTIME, interpreter: INTERPRETER }).code)
  const ata = await load(toStandaloneModule(structuredClone(row.schema), { format: 'esm' }))
  {
    const ms = mutants(row.valid)
    const wrong = { mine: 0, ata: 0 }
    for (const d of ms) {
      const expected = runtime.isValid(d)
      if (mine.isValid(d) !== expected) wrong.mine++
      if (ata.isValid(d) !== expected) wrong.ata++
    }
    if (wrong.mine > 0) throw new Error(`row ${row.id}: the compiled module differs from the runtime on ${wrong.mine} mutants`)
    disagreements.push(`${row.id}: ata ${wrong.ata} of ${ms.length}`)
  }
  for (const kind of ['valid', 'invalid']) {
    const data = row[kind]
    const expected = kind === 'valid'
    const ops = [
      ['isValid', { generated: (d) => runtime.isValid(d), compiled: (d) => mine.isValid(d), ata: (d) => ata.isValid(d) }],
      ['validate', { generated: (d) => runtime.validate(d) === null, compiled: (d) => mine.validate(d) === null, ata: (d) => ata.validate(d).valid }],
    ]
    for (const [op, fns] of ops) {
      // Answers first: the same verdict, and for schemavet's two the same issues.
      for (const [name, fn] of Object.entries(fns)) if (fn(data) !== expected) throw new Error(`row ${row.id} ${kind} ${op}: ${name} answered ${!expected}`)
      if (JSON.stringify(mine.validate(data)?.errors ?? null) !== JSON.stringify(runtime.validate(data)?.errors ?? null)) throw new Error(`row ${row.id}: issues differ`)
      const names = Object.keys(fns)
      const rates = Object.fromEntries(names.map((k) => [k, []]))
      for (const k of names) slice(fns[k], data, 5 * cfg.sliceMs) // warm-up: optimized before the rounds
      for (let r = 0; r < cfg.rounds; r++) {
        for (let j = 0; j < names.length; j++) {
          const k = names[(r + j) % names.length]
          rates[k].push(slice(fns[k], data, cfg.sliceMs))
        }
      }
      const m = Object.fromEntries(names.map((k) => [k, median(rates[k])]))
      const f = (x) => Math.round(x).toLocaleString('en-US')
      const note = op === 'validate' ? ' (own errors)' : ''
      line(`| ${row.id} ${row.name} | ${kind} | ${op} | ${f(m.generated)} | ${f(m.compiled)} | ${f(m.ata)}${note} | ${(m.compiled / m.generated).toFixed(2)} | ${(m.compiled / m.ata).toFixed(2)} |`)
    }
  }
}

line()
line(`Mutants of each row's valid document (a key added, a property removed, a value of another type) on which a module's \`isValid\` differs from the runtime's (schemavet's compiled module: 0 on every row, checked): ${disagreements.join('; ')}.`)

// ── size: the example module bundled with what it imports, minified, gzipped ─────────────────
const esbuild = await import(pathToFileURL(join(root, 'node_modules/esbuild/lib/main.js')).href)
async function bundled(code) {
  const file = join(dir, `size${n++}.mjs`)
  writeFileSync(file, `${code}`)
  const r = await esbuild.build({ entryPoints: [file], bundle: true, minify: true, format: 'esm', platform: 'neutral', write: false, alias: { 'schemavet/runtime': join(root, 'dist/runtime.js'), 'schemavet/runtime/interpreter': join(root, 'dist/runtime/interpreter.js') }, external: ['node:*'], logLevel: 'silent', mainFields: ['module', 'main'] })
  const text = r.outputFiles[0].text
  return { min: text.length, gzip: gzipSync(text).length }
}
const example = JSON.parse(readFileSync(join(root, 'examples/tool-input.schema.json'), 'utf8'))
const kb = (b) => (b / 1024).toFixed(1)
const sizes = [
  ['schemavet compile (imports schemavet/runtime)', await bundled(compileModule(example).code)],
  ['schemavet compile --standalone', await bundled(compileModule(example, { standalone: true }).code)],
  ['ata compiled module', await bundled(toStandaloneModule(structuredClone(example), { format: 'esm' }))],
]
line()
line('## Size: examples/tool-input.schema.json, bundled with what it imports (esbuild, minified)')
line()
line('| module | min KB | min+gzip KB |')
line('|---|---:|---:|')
for (const [name, s] of sizes) line(`| ${name} | ${kb(s.min)} | ${kb(s.gzip)} |`)

// ── compile time of the corpus ───────────────────────────────────────────────────────────────
const corpus = join(root, '../shared/corpus')
if (existsSync(join(corpus, 'maskbench'))) {
  const schemas = []
  for (const folder of ['maskbench', 'schemastore']) {
    const names = readdirSync(join(corpus, folder)).filter((f) => f.endsWith('.json')).sort()
    const every = QUICK ? 50 : 1
    names.forEach((f, i) => {
      if (i % every !== 0) return
      const file = JSON.parse(readFileSync(join(corpus, folder, f), 'utf8'))
      schemas.push({ schema: file.schema, options: file.remotes === undefined ? {} : { schemas: file.remotes } })
    })
  }
  for (const f of readdirSync(join(corpus, 'catalogue')).sort()) schemas.push({ schema: JSON.parse(readFileSync(join(corpus, 'catalogue', f, 'schema.json'), 'utf8')), options: {} })
  let compiled = 0
  let refused = 0
  let chars = 0
  const times = []
  const t0 = performance.now()
  for (const s of schemas) {
    const t = performance.now()
    try {
      const m = compileModule(s.schema, s.options)
      chars += m.code.length + m.types.length
      compiled++
    } catch {
      refused++
    }
    times.push(performance.now() - t)
  }
  const total = performance.now() - t0
  line()
  line(`## Compile time: the corpus${QUICK ? ' (every 50th file)' : ''}`)
  line()
  line(`${schemas.length} schemas: ${compiled} compiled (module and declarations), ${refused} refused as by the runtime; ${(total / 1000).toFixed(1)} s in all, median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(0)} ms; ${(chars / 1e6).toFixed(1)} MB written`)
}
rmSync(dir, { recursive: true, force: true })
if (!QUICK) writeFileSync(join(root, 'bench/RESULTS.compiled.md'), out.join('\n') + '\n')
console.error(`(sink ${sink})`)
