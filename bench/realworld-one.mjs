// One schema of the real-world corpus against its peers: to find out why a shape is slow.
//
//   node --expose-gc bench/realworld-one.mjs <catalogue folder, corpus file or regex> [options]
//
//   --invalid        time the invalid instances (default: the valid ones)
//   --cold           time compile-a-fresh-copy + validate-the-first-valid-instance instead
//   --libs a,b       time these libraries only (every peer is still loaded, as in the suite:
//                    loading @exodus/schemasafe slows string methods for everyone, see harness.mjs)
//   --warm <ms>      warm-up per library (default 200; the suite uses 15)
//   --slice <ms>     time slice per library per round (default 30; the suite uses 4)
//   --rounds <n>     interleaved rounds (default 11)
//   --profile        schemavet alone under node --cpu-prof (--seconds, default 3): self and
//                    inclusive time per function
//   --source         print the code schemavet generates for the schema
//
// Libraries and dialects are bench/realworld.mjs's (bench/realworld-libs.mjs). Each library's
// answer on every timed instance is shown; a wrong one is marked and left out of the ratio.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const argv = process.argv.slice(2)
const flag = (name) => argv.includes(`--${name}`)
function opt(name, dflt) {
  const i = argv.indexOf(`--${name}`)
  if (i < 0) return dflt
  const v = argv[i + 1]
  if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value`)
  return v
}
const count = (name, dflt) => {
  const v = opt(name, undefined)
  if (v === undefined) return dflt
  if (!/^[1-9][0-9]*$/.test(v)) throw new Error(`--${name} takes a whole number above 0, not "${v}"`)
  return Number(v)
}
const valued = new Set(['libs', 'warm', 'slice', 'rounds', 'seconds'])
const target = argv.find((a, i) => !a.startsWith('--') && !(i > 0 && valued.has(argv[i - 1].slice(2))))
if (target === undefined) {
  console.error('usage: node --expose-gc bench/realworld-one.mjs <corpus file or regex> [--invalid] [--cold] [--libs a,b] [--warm ms] [--slice ms] [--rounds n] [--profile] [--source]')
  process.exit(2)
}

// A catalogue folder's name (../shared/corpus/catalogue/<name>: every document valid, formats
// annotated), else a MaskBench or SchemaStore file's name or a regex over them.
const corpus = new URL('../../shared/corpus/', import.meta.url)
if (!existsSync(corpus)) {
  console.error(`no corpus at ${corpus.pathname}: this needs ../shared/corpus beside the project`)
  process.exit(1)
}
let file
let doc
let formats = 'assert'
const catalogue = new URL('catalogue/', corpus)
if (existsSync(new URL(`${target}/schema.json`, catalogue))) {
  file = `catalogue/${target}`
  const lines = readFileSync(new URL(`${target}/instances.jsonl`, catalogue), 'utf8').split('\n').filter((l) => l.trim() !== '')
  doc = { schema: JSON.parse(readFileSync(new URL(`${target}/schema.json`, catalogue), 'utf8')), tests: lines.map((l) => ({ data: JSON.parse(l), valid: true })) }
  formats = 'annotate'
} else {
  const names = ['maskbench', 'schemastore'].flatMap((d) => (existsSync(new URL(`${d}/`, corpus)) ? readdirSync(new URL(`${d}/`, corpus)).filter((f) => f.endsWith('.json')).sort().map((f) => `${d}/${f}`) : []))
  const matches = names.filter((f) => f.endsWith(`/${target}`))
  if (matches.length === 0) matches.push(...names.filter((f) => new RegExp(target).test(f)))
  if (matches.length !== 1) {
    console.error(matches.length === 0 ? `no corpus file matches ${target}` : `${matches.length} files match ${target}, name one: ${matches.slice(0, 10).join(', ')}${matches.length > 10 ? ', …' : ''}`)
    process.exit(2)
  }
  file = matches[0]
  doc = JSON.parse(readFileSync(new URL(file, corpus), 'utf8'))
  // SchemaStore's documents were labelled with formats annotated.
  if (file.startsWith('schemastore/')) formats = 'annotate'
}
const schemaText = JSON.stringify(doc.schema)
const wantValid = !flag('invalid')
const data = doc.tests.filter((t) => t.valid === wantValid).map((t) => t.data)
const firstValid = doc.tests.find((t) => t.valid === true)?.data
const cfg = { warmMs: count('warm', 200), sliceMs: count('slice', 30), rounds: count('rounds', 11), seconds: count('seconds', 3) }

// --source: capture every `new Function` body while schemavet compiles and tiers up.
const sources = []
if (flag('source')) {
  const Original = globalThis.Function
  globalThis.Function = new Proxy(Original, {
    construct(t, args) {
      sources.push(String(args.at(-1)))
      return Reflect.construct(t, args)
    },
  })
}
const { dialectOf, libraries, unseenCopy } = await import('./realworld-libs.mjs')
const dialect = dialectOf(doc.schema)
const only = opt('libs', undefined)?.split(',')
const libs = libraries.filter((l) => only === undefined || only.includes(l.name))
if (libs.length === 0) throw new Error(`--libs ${opt('libs')}: none of ${libraries.map((l) => l.name).join(', ')}`)

let sink = 0
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toPrecision(3)}M` : x >= 1e3 ? `${(x / 1e3).toPrecision(3)}k` : x.toPrecision(3))

/** Per library: a function doing one unit of work (one instance, or one cold compile), or why not. */
function setUp(lib) {
  let fn
  try {
    fn = lib.compile(JSON.parse(schemaText), dialect, formats)
  } catch (e) {
    return { error: `refused the schema: ${String(e?.message ?? e).split('\n')[0].slice(0, 100)}` }
  }
  const answers = data.map((x) => {
    try {
      return fn(x)
    } catch {
      return 'threw'
    }
  })
  const wrong = answers.filter((a) => a !== wantValid).length
  if (flag('cold')) {
    if (firstValid === undefined) return { error: 'no valid instance' }
    return {
      wrong,
      unit: () => {
        const s = unseenCopy(JSON.parse(schemaText))
        const ok = lib.compile(s, dialect, formats)(firstValid)
        lib.release?.(s, dialect, formats)
        return ok
      },
    }
  }
  let i = 0
  return { wrong, unit: () => fn(data[i++ % data.length]) }
}

function slice(unit, ms) {
  let ops = 0
  const t0 = performance.now()
  let t = t0
  do {
    for (let k = 0; k < 16; k++) if (unit()) sink++
    ops += 16
    t = performance.now()
  } while (t - t0 < ms)
  return (ops * 1000) / (t - t0)
}

if (argv.includes('--profile-child')) {
  // The profiled process: schemavet alone, for cfg.seconds.
  const s = setUp(libraries[0])
  if (s.error) throw new Error(s.error)
  slice(s.unit, cfg.seconds * 1000)
  process.exit(0)
}

if (flag('profile')) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'schemavet-one-'))
  const args = argv.filter((a) => a !== '--profile' && a !== '--source')
  const r = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${out}`, fileURLToPath(import.meta.url), ...args, '--profile-child'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
  const profile = JSON.parse(readFileSync(path.join(out, readdirSync(out).find((f) => f.endsWith('.cpuprofile'))), 'utf8'))
  rmSync(out, { recursive: true, force: true })
  printProfile(profile)
  process.exit(0)
}

/** Self and inclusive time per function (name, file:line), the 25 largest of each. */
function printProfile(p) {
  const counts = new Map()
  for (const id of p.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const root = fileURLToPath(new URL('..', import.meta.url))
  const label = (n) => {
    const f = n.callFrame
    const where = f.url.startsWith('file:') ? path.relative(root, fileURLToPath(f.url)) : f.url
    // No file: schemavet's generated code (node<id> or n<id> per schema node, and the module's
    // helpers, older and newer names) or V8/Node internals.
    const generated = /^((node|n)\d+\w*|check|checkNode|enter|failure|generated|F|P|Q|Rn|PLAIN|NJ|failAt|generalRun|isPlainObject|notJson|pushSegment|pushToken)$/.test(f.functionName)
    const name = f.functionName.length > 100 ? `${f.functionName.slice(0, 100)}…` : f.functionName || '(anonymous)'
    return `${name} ${where ? `${where}:${f.lineNumber + 1}` : generated ? '(generated)' : '(native)'}`
  }
  const self = new Map()
  const inclusive = new Map()
  const total = new Map()
  const sum = (n) => {
    let t = counts.get(n.id) ?? 0
    for (const c of n.children ?? []) t += sum(byId.get(c))
    total.set(n.id, t)
    return t
  }
  sum(p.nodes[0])
  // Inclusive time counts a sample once per function even when it recurses.
  const walk = (n, open) => {
    const k = label(n)
    self.set(k, (self.get(k) ?? 0) + (counts.get(n.id) ?? 0))
    const first = !open.has(k)
    if (first) {
      inclusive.set(k, (inclusive.get(k) ?? 0) + total.get(n.id))
      open.add(k)
    }
    for (const c of n.children ?? []) walk(byId.get(c), open)
    if (first) open.delete(k)
  }
  walk(p.nodes[0], new Set())
  const all = p.samples.length
  const show = (title, m) => {
    console.log(`\n${title} (% of ${all} samples; "(generated)": schemavet's generated code, see --source)`)
    for (const [k, v] of [...m].filter(([k]) => !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${((100 * v) / all).toFixed(1).padStart(6)}  ${k}`)
  }
  show('self time', self)
  show('inclusive time', inclusive)
}

// ── the comparison ───────────────────────────────────────────────────────────────────────────
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : () => {}
const entries = []
for (const lib of libs) {
  const s = setUp(lib)
  entries.push({ name: lib.name, ...s, rounds: [] })
}
const timed = entries.filter((e) => e.error === undefined)
gc()
for (const e of timed) slice(e.unit, cfg.warmMs)
for (let r = 0; r < cfg.rounds; r++) for (let k = 0; k < timed.length; k++) timed[(k + r) % timed.length].rounds.push(slice(timed[(k + r) % timed.length].unit, cfg.sliceMs))
const sv = timed.find((e) => e.name === 'schemavet')
const svOps = sv && sv.wrong === 0 ? median(sv.rounds) : undefined
const what = flag('cold') ? 'compile + validate once' : `${wantValid ? 'valid' : 'invalid'} instances`
console.log(`${file} (${dialect}), ${what}: ${data.length} ${wantValid ? 'valid' : 'invalid'} instance(s); ${cfg.rounds} rounds × ${cfg.sliceMs} ms after ${cfg.warmMs} ms warm-up`)
for (const e of entries) {
  if (e.error) {
    console.log(`  ${e.name.padEnd(11)} ${e.error}`)
    continue
  }
  const ops = median(e.rounds)
  const right = e.wrong === 0 ? '' : `  WRONG on ${e.wrong} of ${data.length} (left out)`
  const ratio = svOps !== undefined && e !== sv && e.wrong === 0 ? `  schemavet / ${e.name} ${(svOps / ops).toFixed(2)}x` : ''
  console.log(`  ${e.name.padEnd(11)} ${fmt(ops).padStart(6)}/s${right}${ratio}`)
}
if (flag('source')) for (const s of sources) console.log(`\n// ── generated (${s.length} characters) ──\n${s}`)
if (sink === -1) console.log('')
