// schemavet against its peers, interleaved round by round in one process.
//
//   npm run bench                  full run (a few minutes on 2 cores), writes bench/RESULTS.md
//   BENCH_QUICK=1 npm run bench    smoke run (about 30 s), writes bench/RESULTS.quick.md
//
// Every row: each library is set up, its answer on every datum of the workload is checked
// (the timed valid and invalid data plus probes, each valid or invalid for one reason), then
// the libraries run in rounds; in each round every library runs the row for one time slice (in
// a rotating order), and a library's figure is the median of its per-round ops/s.
// The ratio is schemavet / the fastest peer that answered every datum right.
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { createKernel } from '../dist/index.js'
// The whole library, as before the optional parts had entries of their own.
import '../dist/idn.js'
import '../dist/linear-regex.js'
import { libraries, missing, peers, schemavetNoMetaCheck, versions } from './libs.mjs'
import * as W from './workloads.mjs'

const QUICK = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick')
// A partial run, not written: e.g. BENCH_ONLY=1v,4i,5,6,i3a,i3b,7. Beware: loading
// @exodus/schemasafe runs `class SafeString extends String {}`, which leaves String.prototype in
// V8's dictionary mode; until V8 makes it fast again (it had, by row 4, in every full run seen),
// checks calling string methods run several times slower (row 4 alone: schemavet and ata both
// about 3x slower, schemasafe unchanged). Compare rows measured after the same earlier rows.
const ONLY = process.env.BENCH_ONLY?.split(',')
const LIBS = process.env.BENCH_LIBS?.split(',') // hot rows and row 5 with these libraries only (a diagnostic, not written)
const cfg = QUICK
  ? { rounds: 5, sliceMs: 15, warmMs: 50, coldSliceMs: 30, memN: 100, dropN: 2_000 }
  : { rounds: 11, sliceMs: 60, warmMs: 250, coldSliceMs: 150, memN: 1_000, dropN: 100_000 }
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : () => {}
const want = (id) => ONLY === undefined || ONLY.includes(id)
if (ONLY === undefined && process.env.BENCH_LIBS !== undefined) throw new Error('BENCH_LIBS needs BENCH_ONLY (a partial run)')
const started = performance.now()
const log = (...a) => console.error(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s]`, ...a)

// ── timing ───────────────────────────────────────────────────────────────────────────────────
let sink = 0
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Runs `fn(data)` in batches until `ms` elapsed (at least one batch); returns ops/s. */
function slice(fn, data, batch, ms) {
  let ops = 0
  const t0 = performance.now()
  let t = t0
  do {
    for (let i = 0; i < batch; i++) if (fn(data)) sink++
    ops += batch
    t = performance.now()
  } while (t - t0 < ms)
  return (ops * 1000) / (t - t0)
}

/**
 * CPU time this process got over the wall time since the call, in % of one core. Well under
 * 100 means the process waited for a core: something else loaded the machine while timing.
 * (GC helper threads can push it a little over 100.)
 */
let lastCpuShare
function cpuMeter() {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  return () => {
    const c = process.cpuUsage(c0)
    return (100 * (c.user + c.system)) / 1000 / (performance.now() - t0)
  }
}
const loadAtStart = os.loadavg()

/** Warms `fn` up and picks a batch that takes about 1 ms. */
function calibrate(fn, data) {
  let ops = 0
  const t0 = performance.now()
  let t = t0
  do {
    if (fn(data)) sink++
    ops++
    t = performance.now()
  } while (t - t0 < cfg.warmMs)
  const perOpMs = (t - t0) / ops
  return Math.max(1, Math.min(100_000, Math.round(1 / perOpMs)))
}

/**
 * Interleaved rounds over `entries` ({ name, fn, data }); fills entry.opsPerSec (median) and
 * entry.rounds (per-round figures, in round order).
 */
function race(entries, sliceMs = cfg.sliceMs) {
  // One gc per row, not per slice: a forced full gc before every slice deoptimizes code whose
  // per-call objects' hidden classes it collects (schemavet loses 2-3x to that), which no
  // steadily running program sees; allocation's own gc cost stays with the allocator.
  gc()
  for (const e of entries) {
    e.batch = calibrate(e.fn, e.data)
    e.rounds = []
  }
  const cpu = cpuMeter()
  for (let r = 0; r < cfg.rounds; r++) {
    for (let k = 0; k < entries.length; k++) {
      const e = entries[(k + r) % entries.length]
      e.rounds[r] = slice(e.fn, e.data, e.batch, sliceMs)
    }
  }
  lastCpuShare = cpu()
  for (const e of entries) e.opsPerSec = median(e.rounds)
  return entries
}

// ── checks ───────────────────────────────────────────────────────────────────────────────────
const short = (e) => String(e?.message ?? e).split('\n')[0].slice(0, 90)

/** Sets a library up for a workload and checks every datum; a status the table shows. */
function setUp(lib, w) {
  if (lib.missing) return { status: 'missing' }
  let fn
  try {
    fn = lib.compile(w.schema)
  } catch (e) {
    return { status: 'error', note: `cannot compile the schema: ${short(e)}` }
  }
  const wrong = []
  const ask = (data, expect, what) => {
    try {
      const got = fn(data)
      if (got !== expect) wrong.push(`${what}: said ${got ? 'valid' : 'invalid'}`)
    } catch (e) {
      wrong.push(`${what}: threw ${short(e)}`)
    }
  }
  ask(w.valid, true, 'the timed valid datum')
  ask(w.invalid, false, 'the timed invalid datum')
  const timedOk = wrong.length === 0
  for (const p of w.probes) ask(p.data, p.valid, `probe "${p.name}"`)
  if (!timedOk) return { status: 'wrong', note: wrong.join('; ') }
  return { fn, status: wrong.length === 0 ? 'ok' : 'flagged', note: wrong.join('; ') }
}

// ── rows ─────────────────────────────────────────────────────────────────────────────────────
const names = libraries.map((l) => l.name)
const rows = [] // { id, name, cells: { lib: { opsPerSec?, status, note } }, unit }
const notes = [] // footnotes

function addRow(id, name, cells, extra = {}) {
  const peerCells = peers.map((p) => [p.name, cells[p.name]]).filter(([, c]) => c?.opsPerSec !== undefined && c.status === 'ok')
  let best
  for (const [n, c] of peerCells) if (best === undefined || c.opsPerSec > best[1].opsPerSec) best = [n, c]
  const sv = cells.schemavet
  const ratio = best && sv?.opsPerSec !== undefined && sv.status === 'ok' ? sv.opsPerSec / best[1].opsPerSec : undefined
  const row = { id, name, cells, best: best?.[0], ratio, cpuShare: lastCpuShare, ...extra }
  rows.push(row)
  const fmt = names.map((n) => `${n}=${cells[n]?.opsPerSec !== undefined ? fmtOps(cells[n].opsPerSec) : cells[n]?.status ?? '-'}`).join(' ')
  log(`  row ${id}: ${fmt}  ratio ${ratio === undefined ? '-' : ratio.toFixed(2) + 'x'} vs ${best?.[0] ?? '-'}  cpu ${lastCpuShare?.toFixed(0)}%`)
  return row
}

function hotRows(w) {
  for (const variant of ['valid', 'invalid']) {
    const id = `${w.id}${variant === 'valid' ? 'v' : 'i'}`
    if (!want(id)) continue
    log(`row ${id}: ${w.name}, ${variant} data`)
    const cells = {}
    const entries = []
    for (const lib of libraries) {
      if (LIBS !== undefined && !LIBS.includes(lib.name)) continue
      const s = setUp(lib, w)
      cells[lib.name] = { status: s.status, note: s.note }
      if (s.fn !== undefined) entries.push({ name: lib.name, fn: s.fn, data: w[variant] })
    }
    for (const e of race(entries)) cells[e.name].opsPerSec = e.opsPerSec
    addRow(id, `${w.name}, ${variant}`, cells)
  }
}

// Row 5: compile a fresh, distinct schema and validate one value. Schemas for a batch are made
// (parsed from text, so every object is new) before the clock starts; ajv's shared instance is
// told to forget each batch after the clock stops, so its cache does not grow without bound.
let distinctId = 1
let coldExtra
let coldInSequence
/** Row 5 in this process: { cells, extra (schemavet without the meta-schema check), cpuShare }. */
function coldMeasure() {
  const cells = {}
  const entries = []
  for (const lib of [...libraries, schemavetNoMetaCheck]) {
    if (LIBS !== undefined && !LIBS.includes(lib.name) && lib !== schemavetNoMetaCheck) continue
    if (lib.missing) {
      cells[lib.name] = { status: 'missing' }
      continue
    }
    const a = W.distinctTool(distinctId++)
    const b = W.distinctTool(distinctId++)
    const otherId = distinctId++
    const c = W.distinctTool(otherId)
    try {
      const okValid = lib.compileOwn(a.schema)(a.valid) === true
      const okOwnEnum = lib.compileOwn(b.schema)(W.distinctToolOther(distinctId - 2)) === true
      const okForeign = lib.compileOwn(c.schema)(W.distinctToolOther(1)) === false
      lib.release?.(a.schema)
      lib.release?.(b.schema)
      lib.release?.(c.schema)
      if (!(okValid && okOwnEnum && okForeign)) {
        cells[lib.name] = { status: 'wrong', note: 'wrong answer on a freshly compiled schema' }
        continue
      }
    } catch (e) {
      cells[lib.name] = { status: 'error', note: short(e) }
      continue
    }
    cells[lib.name] = { status: 'ok' }
    entries.push({ name: lib.name, lib })
  }
  const runBatch = (lib, n) => {
    const batch = []
    for (let i = 0; i < n; i++) batch.push(W.distinctTool(distinctId++))
    const t0 = performance.now()
    for (let i = 0; i < n; i++) if (lib.compileOwn(batch[i].schema)(batch[i].valid)) sink++
    const ms = performance.now() - t0
    if (lib.release) for (const x of batch) lib.release(x.schema)
    return ms
  }
  const coldSlice = (e) => {
    let ms = 0
    let ops = 0
    while (ms < cfg.coldSliceMs) {
      ms += runBatch(e.lib, e.batch)
      ops += e.batch
    }
    return (ops * 1000) / ms
  }
  gc()
  for (const e of entries) {
    let ms = 0
    let ops = 0
    while (ms < cfg.warmMs) {
      ms += runBatch(e.lib, 1)
      ops++
    }
    e.batch = Math.max(1, Math.min(200, Math.round(2 / (ms / ops))))
    e.rounds = []
  }
  const cpu = cpuMeter()
  for (let r = 0; r < cfg.rounds; r++) {
    for (let k = 0; k < entries.length; k++) {
      const e = entries[(k + r) % entries.length]
      e.rounds[r] = coldSlice(e)
    }
  }
  const cpuShare = cpu()
  if (process.env.BENCH_ROUNDS) for (const e of entries) log(`  ${e.name} rounds: ${e.rounds.map((x) => fmtOps(x)).join(' ')}`)
  for (const e of entries) cells[e.name].opsPerSec = median(e.rounds)
  const extra = cells[schemavetNoMetaCheck.name]
  delete cells[schemavetNoMetaCheck.name]
  return { cells, extra, cpuShare }
}

/**
 * Row 5 runs in a fresh process of its own (every library interleaved in it, as in the other
 * rows): a cold start is what a process meets before it has done other work. It is also measured
 * here, after the hot rows, and shown below the table (schemavet is much slower there; see the
 * text rendered with it).
 */
function coldRow() {
  if (!want('5')) return
  log('row 5: cold start (compile a distinct tool schema + validate one value), in this process after rows 1-4')
  const inSequence = coldMeasure()
  log('row 5: the same in a fresh process')
  const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--cold-child'], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    env: { ...process.env, BENCH_ONLY: '5' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const fresh = JSON.parse(out.trim().split('\n').at(-1))
  lastCpuShare = fresh.cpuShare
  coldExtra = fresh.extra
  const row = addRow('5', 'cold start: compile a distinct tool schema + validate one value (fresh process)', fresh.cells)
  lastCpuShare = inSequence.cpuShare
  const best = row.best === undefined ? undefined : inSequence.cells[row.best]?.opsPerSec
  const sv = inSequence.cells.schemavet?.opsPerSec
  coldInSequence = { cells: inSequence.cells, best: row.best, ratio: best && sv ? sv / best : undefined }
  log(`  row 5 after rows 1-4: schemavet=${sv ? fmtOps(sv) : '-'} ${row.best}=${best ? fmtOps(best) : '-'} ratio ${coldInSequence.ratio?.toFixed(2) ?? '-'}x`)
}

// Row 6 (and row i3b): applyDefaults then validate, against the peers' own ways of
// filling defaults on a structuredClone of the input. A result must be valid and equal the
// expected filled-in value, and the input must be untouched.
function defaultsRow(id, name, schema, input, expected) {
  if (!want(id)) return
  log(`row ${id}: ${name}`)
  const cells = {}
  const entries = []
  for (const lib of libraries) {
    if (lib.missing) {
      cells[lib.name] = { status: 'missing' }
      continue
    }
    if (lib.defaults === undefined) {
      cells[lib.name] = { status: 'none' }
      continue
    }
    let run
    try {
      run = lib.defaults(schema)
      const before = structuredClone(input)
      const [ok, out] = run(input)
      const problems = []
      if (!ok) problems.push('the filled-in value did not validate')
      if (!isDeepStrictEqual(out, expected)) problems.push(`defaults filled in wrong: ${diffKeys(out, expected).join(', ')}`)
      if (!isDeepStrictEqual(before, input)) problems.push('mutated the input')
      if (problems.length > 0) {
        cells[lib.name] = { status: 'wrong', note: problems.join('; ') }
        continue
      }
    } catch (e) {
      cells[lib.name] = { status: 'error', note: short(e) }
      continue
    }
    cells[lib.name] = { status: 'ok' }
    entries.push({ name: lib.name, fn: (x) => run(x)[0], data: input })
  }
  for (const e of race(entries)) cells[e.name].opsPerSec = e.opsPerSec
  return addRow(id, name, cells)
}

/** Paths where two JSON values differ (for a readable note). */
function diffKeys(a, b, path = '', out = []) {
  if (out.length >= 4) return out
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (!isDeepStrictEqual(a, b)) out.push(`${path || '/'} ${a === undefined ? 'missing' : JSON.stringify(a)} (expected ${JSON.stringify(b)})`)
    return out
  }
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diffKeys(a[k], b[k], `${path}/${k}`, out)
  return out
}

// Rows i3a: what the cycle guard costs on an ordinary recursive tree.
let guard
function guardRow() {
  if (!want('i3a')) return
  log('rows i3a: cycle guard cost on a recursive tree')
  const compileWithCycles = (schema) => {
    const kernel = createKernel()
    const cycles = []
    kernel.hooks.cycle.tap('bench', (c) => cycles.push(c.path.join(' -> ')))
    return { v: kernel.newJSONSchema(schema), cycles }
  }
  const plain = compileWithCycles(W.guardPlainSchema)
  const guarded = compileWithCycles(W.guardCycleSchema)
  if (plain.cycles.length !== 0 || guarded.cycles.length !== 1) {
    throw new Error(`guard row: expected 0 and 1 cycles, got ${plain.cycles.length} and ${guarded.cycles.length}`)
  }
  const data = [W.guardTree, W.guardTreeInvalid, ...W.guardProbes.map((p) => p.data)]
  for (const d of data) {
    const a = plain.v.validate(d)
    const b = guarded.v.validate(d)
    if (!isDeepStrictEqual(a?.errors ?? null, b?.errors ?? null)) throw new Error('guard row: the two schemas answer differently')
  }
  if (plain.v.validate(W.guardTree) !== null || plain.v.validate(W.guardTreeInvalid) === null) throw new Error('guard row: wrong answer')
  const result = {}
  for (const variant of ['valid', 'invalid']) {
    const entries = race([
      { name: 'plain', fn: (d) => plain.v.validate(d) === null, data: variant === 'valid' ? W.guardTree : W.guardTreeInvalid },
      { name: 'guarded', fn: (d) => guarded.v.validate(d) === null, data: variant === 'valid' ? W.guardTree : W.guardTreeInvalid },
    ])
    const perRound = entries[1].rounds.map((g, i) => g / entries[0].rounds[i])
    result[variant] = {
      cpu: lastCpuShare,
      plain: entries[0].opsPerSec,
      guarded: entries[1].opsPerSec,
      ratio: median(perRound),
      min: Math.min(...perRound),
      max: Math.max(...perRound),
    }
    log(`  ${variant}: plain ${fmtOps(entries[0].opsPerSec)}, guarded ${fmtOps(entries[1].opsPerSec)}, guarded/plain ${median(perRound).toFixed(3)}`)
  }
  guard = { cycle: guarded.cycles[0], result }
}

// Row 7: memory, each library in a fresh process; two processes at a time (heap figures do not
// depend on CPU time, and this runs after every timed row).
let memory
async function memoryRow() {
  if (!want('7')) return
  log(`row 7: memory (${cfg.memN} distinct compiled tool schemas kept; schemavet: ${cfg.dropN} compiled and dropped)`)
  const script = fileURLToPath(new URL('./memory.mjs', import.meta.url))
  const child = (...args) =>
    new Promise((resolve) => {
      execFile(process.execPath, ['--expose-gc', script, ...args.map(String)], { encoding: 'utf8', maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
        if (error) resolve({ error: short(stderr.trim().split('\n').at(-1) || error.message) })
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1)))
      })
    })
  memory = { retain: {}, drop: undefined }
  const jobs = [() => child('drop', 'schemavet', cfg.dropN).then((d) => (memory.drop = d))]
  for (const lib of libraries) {
    if (lib.missing) memory.retain[lib.name] = { error: 'missing' }
    else jobs.push(() => child('retain', lib.name, cfg.memN).then((m) => (memory.retain[lib.name] = m)))
  }
  const worker = async () => {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) await job()
  }
  await Promise.all([worker(), worker()])
  for (const lib of libraries) {
    const m = memory.retain[lib.name]
    log(`  ${lib.name}: ${m.error ?? fmtBytes(m.perSchema) + ' per schema'}`)
  }
  const d = memory.drop
  log(`  schemavet drop: ${d.error ?? `start ${fmtBytes(d.start)}, end ${fmtBytes(d.end)} (${fmtBytes(d.end - d.start)}), ${d.seconds.toFixed(1)} s`}`)
}

/** When dist/ was last built (npm run bench builds it first). */
function distTime() {
  try {
    return statSync(new URL('../dist/index.js', import.meta.url)).mtime.toISOString()
  } catch {
    return 'unknown'
  }
}

/** The commit schemavet was measured at, and whether its sources differed from it. */
function sourceState() {
  try {
    const git = (...a) => execFileSync('git', a, { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' })
    const head = git('rev-parse', '--short', 'HEAD').trim()
    const dirty = git('status', '--porcelain', '--', 'core', 'plugins', 'index.ts', 'metaschemas', 'integrations')
      .split('\n')
      .filter((l) => l.length > 3)
      .map((l) => l.slice(3).split('/')[0])
    return `commit ${head}${dirty.length === 0 ? '' : ' with uncommitted changes in ' + [...new Set(dirty)].join(', ')}`
  } catch {
    return 'commit unknown'
  }
}

// ── output ───────────────────────────────────────────────────────────────────────────────────
function fmtOps(x) {
  if (x >= 1e6) return `${(x / 1e6).toPrecision(3)}M`
  if (x >= 1e3) return `${(x / 1e3).toPrecision(3)}k`
  return x.toPrecision(3)
}
function fmtBytes(x) {
  const sign = x < 0 ? '-' : ''
  x = Math.abs(x)
  if (x >= 1 << 20) return `${sign}${(x / (1 << 20)).toFixed(1)} MiB`
  if (x >= 1024) return `${sign}${(x / 1024).toFixed(1)} KiB`
  return `${sign}${Math.round(x)} B`
}

function cellText(row, n) {
  const c = row.cells[n]
  if (c === undefined) return '—'
  let text
  if (c.opsPerSec !== undefined) text = fmtOps(c.opsPerSec)
  else if (c.status === 'none') text = '—'
  else if (c.status === 'missing') return 'missing'
  else text = c.status
  if (c.note) {
    notes.push(`row ${row.id}, ${n}: ${c.status === 'flagged' ? 'timed, but left out of the ratio: ' : ''}${c.note}`)
    text += ` [${notes.length}]`
  }
  if (n === row.best) text = `**${text}**`
  return text
}

function render() {
  const v = versions()
  const cpus = os.cpus()
  const lines = []
  lines.push('# schemavet benchmark results', '')
  lines.push(`- Date: ${new Date().toISOString()}${QUICK ? ' (BENCH_QUICK=1 smoke run: short slices, fewer rounds; not for quoting)' : ''}`)
  lines.push(`- Node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}`)
  lines.push(`- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`)
  lines.push(`- schemavet: ${sourceState()}; measured from dist/ (dist/index.js written ${distTime()})`)
  lines.push(`- Versions: ${Object.entries(v).map(([k, x]) => `${k} ${x}`).join(', ')}`)
  const absent = Object.keys(missing)
  if (absent.length > 0) lines.push(`- Not installed, so not measured: ${absent.join(', ')} (install the peers with \`npm --prefix bench install\`)`)
  lines.push(
    `- Method: one process (row 5: a fresh process of its own, every library interleaved in it; row 7: one process per library); per row ${cfg.rounds} interleaved rounds, each running every library for a ${cfg.sliceMs} ms slice ` +
      `(${cfg.coldSliceMs} ms for row 5) in rotating order (a gc before each row, none between slices); figure = median ops/s over the rounds. ` +
      'Before timing, every library answers every datum of the row (the timed valid and invalid data and a set of probes, each valid or invalid for one stated reason).',
  )
  lines.push(
    '- Set-up: each library with its own defaults plus format assertion (all assert formats by default; ajv through ajv-formats, one shared `Ajv2020` instance). ' +
      'schemavet: `newJSONSchema(schema)` from dist/, timed through `validator.validate(data) === null` (the failure pass builds the errors). ' +
      'schemavet eval-free: the same with `{ codegen: false }`, the path taken where code generation from strings is forbidden (`--disallow-code-generation-from-strings`, a CSP without unsafe-eval): compiled closures, no generated code; shown for reference, never used in the ratio. ' +
      'ajv: `ajv.compile`, `validate(data)`. ata-validator: `new Validator(schema, { useDefaults: false })`, `isValidObject`. ' +
      'schemasafe: `validator(schema)`. cfworker: `new Validator(schema, "2020-12").validate(data).valid`. ' +
      'typebox: `Compile(schema)` from `typebox/compile` (it takes plain JSON Schema), `Check`. json-schema-library (jsl): `compileSchema(schema).validate(data).valid`.',
  )
  lines.push('- Ratio: schemavet / the fastest peer that answered every datum of the row right (bold). >1 means schemavet is faster.')
  lines.push(
    `- cpu: CPU time the benchmark process got during the row's timed rounds, in % of wall time; well under 100% means other work shared the ${cpus.length} cores (figures are then low and noisier; ratios less so, thanks to interleaving). ` +
      `Load average (1 min) at start ${loadAtStart[0].toFixed(2)}, at end ${os.loadavg()[0].toFixed(2)}.`,
    '',
  )
  lines.push(`| row | ${names.join(' | ')} | ratio | cpu |`)
  lines.push(`|---|${names.map(() => '---:').join('|')}|---:|---:|`)
  for (const row of rows) {
    const ratio = row.ratio === undefined ? '—' : `${row.ratio.toFixed(2)}x`
    const cpu = row.cpuShare === undefined ? '—' : `${row.cpuShare.toFixed(0)}%`
    lines.push(`| ${row.id.startsWith('i') ? '' : row.id + '. '}${row.name} | ${names.map((n) => cellText(row, n)).join(' | ')} | ${ratio} | ${cpu} |`)
  }
  if (coldInSequence !== undefined) {
    const c = coldInSequence.cells
    lines.push(
      '',
      `Row 5 measured in the main process, after the rows before it (same libraries and method): ` +
        names.map((n) => `${n} ${c[n]?.opsPerSec !== undefined ? fmtOps(c[n].opsPerSec) : (c[n]?.status ?? '—')}`).join(', ') +
        (coldInSequence.ratio === undefined ? '.' : `; schemavet / ${coldInSequence.best} ${coldInSequence.ratio.toFixed(2)}x. `) +
        'Row 5 used to lose here (0.63x before commit c61ba57): the hot rows had compiled large schemas, V8 had moved the allocation sites of the object and array ' +
        'literals that built compiled records to the old generation, and every later compile then left old garbage holding young objects alive through each ' +
        'scavenge. Those records are now built by classes or copies (docs/plugins.md, "Compiled values").',
    )
  }
  if (coldExtra?.opsPerSec !== undefined) {
    const sv = rows.find((r) => r.id === '5')?.cells.schemavet.opsPerSec
    lines.push(
      '',
      `Row 5 diagnostic: schemavet with \`validateSchema: false\` (no meta-schema check) ${fmtOps(coldExtra.opsPerSec)} ops/s` +
        (sv ? `, ${(coldExtra.opsPerSec / sv).toFixed(2)}x its default (the table's figure, meta-schema check included).` : '.'),
    )
  }
  lines.push(
    '',
    'ops/s: validations per second (row 5: compiles + one validation each, per second; rows 6 and i3b: fill defaults + validate, per second). ' +
      '—: the library has no way to fill defaults. error: the library refused the schema; wrong: it gave a wrong answer on a timed datum (not timed); [n]: see the notes.',
  )
  if (memory !== undefined) {
    lines.push('', `## Row 7: memory`, '')
    lines.push(`Retained heap per compiled tool schema: ${cfg.memN} distinct schemas compiled (each used once) and kept, each library in a fresh \`node --expose-gc\` process; heapUsed after gc, minus the start, divided by N.`, '')
    lines.push(`| | ${names.join(' | ')} |`)
    lines.push(`|---|${names.map(() => '---:').join('|')}|`)
    lines.push(`| retained per schema | ${names.map((n) => (memory.retain[n]?.error ? `error: ${memory.retain[n].error}` : fmtBytes(memory.retain[n].perSchema))).join(' | ')} |`)
    const sv = memory.retain.schemavet?.perSchema
    const aj = memory.retain.ajv?.perSchema
    if (sv !== undefined && aj !== undefined) lines.push('', `schemavet / ajv retained per schema: ${(sv / aj).toFixed(2)}x.`)
    const d = memory.drop
    if (d?.error) lines.push('', `schemavet, ${cfg.dropN.toLocaleString('en-US')} compiled and dropped: error ${d.error}`)
    else if (d) {
      lines.push(
        '',
        `schemavet, ${d.n.toLocaleString('en-US')} distinct tool schemas compiled, each validated once and dropped (${d.seconds.toFixed(1)} s): ` +
          `heap at start ${fmtBytes(d.start)}, after ${fmtBytes(d.end)} (${d.end >= d.start ? '+' : ''}${fmtBytes(d.end - d.start)}); ` +
          `after gc at each fifth: ${d.checkpoints.map((c) => fmtBytes(c.heapUsed)).join(', ')}.`,
      )
    }
  }
  if (guard !== undefined) {
    lines.push('', '## Cycle guard and applyDefaults', '')
    lines.push(
      `Row a: the recursive tree schema \`${JSON.stringify(W.guardPlainSchema)}\` against the same with \`"then": {"$ref": "#"}\` ` +
        `(the same keyword work; \`then\` is never taken), a never-taken in-place self reference (the \`cycle\` hook reports \`${guard.cycle}\`; every node can reach it, so every node takes the guarded, exhaustive evaluator). ` +
        `Data: a ternary tree of 3,280 nodes. Both answer identically on all data. Ratio = median of the per-round ratios (min–max over rounds). ` +
        `Since the generated module (which a compile with an in-place cycle does not get: it keeps the per-node generated tier), the ratio measures that tier difference more than the guard itself.`,
      '',
    )
    lines.push('| data | without guard | with guard | guarded / plain | cpu |', '|---|---:|---:|---:|---:|')
    for (const [k, r] of Object.entries(guard.result)) {
      lines.push(`| ${k} | ${fmtOps(r.plain)} | ${fmtOps(r.guarded)} | ${r.ratio.toFixed(3)} (${r.min.toFixed(2)}–${r.max.toFixed(2)}) | ${r.cpu.toFixed(0)}% |`)
    }
  }
  const b = rows.find((r) => r.id === 'i3b')
  if (b !== undefined) {
    lines.push(
      '',
      `Row b: \`applyDefaults\` then \`validate\` on the project's own example (examples/tool-input.schema.json, examples/valid.json): ` +
        `schemavet ${fmtOps(b.cells.schemavet.opsPerSec ?? NaN)} ops/s (${b.cells.schemavet.opsPerSec ? (1e6 / b.cells.schemavet.opsPerSec).toFixed(2) + ' µs per call' : '—'}); see the row "i3b" above for the peers.`,
    )
  }
  if (notes.length > 0) {
    lines.push('', '## Notes', '')
    notes.forEach((n, i) => lines.push(`${i + 1}. ${n}`))
  }
  return lines.join('\n') + '\n'
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────
const t0 = started
if (process.argv.includes('--cold-child')) {
  // Row 5's fresh process: measure, hand the figures to the parent on the last line, stop.
  console.log(JSON.stringify(coldMeasure()))
  process.exit(0)
}
log(`schemavet bench${QUICK ? ' (quick)' : ''}: ${cfg.rounds} rounds × ${cfg.sliceMs} ms slices${typeof globalThis.gc === 'function' ? '' : ' (no --expose-gc: no gc between slices)'}`)
for (const w of W.hotWorkloads) hotRows(w)
coldRow()
defaultsRow('6', 'applyDefaults + validate, tool input (peers: clone + own defaults)', W.toolSchema, W.toolSparse, W.toolSparseExpected)
defaultsRow('i3b', 'defaults: applyDefaults + validate, examples/ tool input', W.meetingSchema, W.meetingInput, W.meetingExpected)
guardRow()
await memoryRow()
const text = render()
console.log(text)
if (ONLY === undefined) {
  const out = new URL(QUICK ? './RESULTS.quick.md' : './RESULTS.md', import.meta.url)
  // The real-world section is bench/realworld.mjs's: kept as it last wrote it.
  // Sections written by hand (between `<!-- kept:start -->` and `<!-- kept:end -->`) and by
  // bench/realworld.mjs are carried over as they are.
  const old = existsSync(out) ? readFileSync(out, 'utf8') : ''
  const kept = [/<!-- kept:start -->[\s\S]*?<!-- kept:end -->/.exec(old), /<!-- realworld:start[\s\S]*?<!-- realworld:end -->/.exec(old)].filter((m) => m !== null).map((m) => m[0])
  writeFileSync(out, [text.trimEnd(), ...kept].join('\n\n') + '\n')
  log(`wrote ${fileURLToPath(out)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`)
}
if (sink === -1) console.log('')
