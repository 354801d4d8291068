// Before and after: two builds of schemavet in one process, with an A/A twin to show the noise.
//
//   npm run bench:compare -- --before <git-ref>         full run, writes bench/RESULTS.compare.md
//   npm run bench:compare -- --before HEAD~5 --quick    smoke run, not written
//   npm run bench:compare -- --help                     every option
//
// Three builds are loaded into this one process: `before` (the ref checked out with
// `git worktree add --detach` into a temporary directory, node_modules linked from this project,
// built with its own scripts/build.mjs), `after` (this working tree, built), and `twin` (a copy of
// the after build's dist/ in another directory: the same code as a separate module instance, so
// its code is compiled and optimized by V8 on its own). Every row of bench/harness.mjs that times
// schemavet alone runs for each build, on the workloads of bench/workloads.mjs: interleaved
// round by round (the order rotates per round), a median per build.
//
// The A/A ratio (twin / after) is what two identical builds differ by in this run: the noise.
// A row is worse when after/before falls below the A/A spread (see compare-core.mjs: the largest
// |ln A/A| over the rows). A row found worse runs again (--confirm, twice at most by default),
// its rounds pooled with the first, before the verdict. Row 5 (cold start) runs in a fresh
// process, as in bench/harness.mjs.
//
// V8's compilation cache is off in the timed processes (--no-compilation-cache; --shared-code-cache
// keeps it): from the second `new Function` of the same source text on, V8 hands out one shared
// function with one shared feedback vector, and schemavet's generated code is the same text
// whenever the schema shapes are (its constants are bound by name, not written in). With the
// cache on, the builds' generated code for a row shares type feedback across builds, in compile
// order: the third validator compiled of the recursive row i3a-plain ran at 0.4-0.5x of the first
// two whichever build it came from (0.37x A/A), and evened out with the cache off.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { median, parseArgs, rotation, summarize } from './compare-core.mjs'
import * as W from './workloads.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const gc = typeof globalThis.gc === 'function' ? globalThis.gc : () => {}
const started = performance.now()
const log = (...a) => console.error(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s]`, ...a)
const short = (e) => String(e?.message ?? e).split('\n')[0].slice(0, 90)
const git = (cwd, ...a) => execFileSync('git', a, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

// ── the builds ───────────────────────────────────────────────────────────────────────────────
/** Loads one build's dist/ (with the optional entries, as bench/harness.mjs does) as adapters. */
async function loadBuild(label, dir) {
  const url = (f) => pathToFileURL(join(dir, 'dist', f)).href
  const m = await import(url('index.js'))
  // The whole library, as in bench/harness.mjs (older builds may lack an entry).
  for (const f of ['idn.js', 'linear-regex.js']) if (existsSync(join(dir, 'dist', f))) await import(url(f))
  return {
    label,
    dir,
    compile: (schema, options) => {
      const v = options === undefined ? m.newJSONSchema(schema) : m.newJSONSchema(schema, options)
      return (data) => v.validate(data) === null
    },
    defaults: (schema) => {
      const v = m.newJSONSchema(schema)
      return (input) => {
        const value = m.applyDefaults(input, v)
        return [v.validate(value) === null, value]
      }
    },
  }
}

/** Builds `ref` in a detached worktree under `tmp`; returns its directory. */
function buildBefore(ref, tmp) {
  const dir = join(tmp, 'before')
  git(root, 'worktree', 'add', '--detach', dir, ref)
  // The before build uses this project's installed packages: no install per ref.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
  log(`building ${ref} in ${dir}`)
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] })
  if (r.status !== 0) throw new Error(`the build of ${ref} failed (exit ${r.status})`)
  return dir
}

/** A copy of the after build's dist/ in its own directory: a second module instance of it. */
function makeTwin(tmp) {
  const dir = join(tmp, 'twin')
  mkdirSync(dir)
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true })
  cpSync(join(root, 'package.json'), join(dir, 'package.json'))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return dir
}

// ── timing (as in bench/harness.mjs: ~1 ms batches, time slices, medians) ──────────────────────
let sink = 0
let cfg

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

function calibrate(fn, data) {
  let ops = 0
  const t0 = performance.now()
  let t = t0
  do {
    if (fn(data)) sink++
    ops++
    t = performance.now()
  } while (t - t0 < cfg.warmMs)
  return Math.max(1, Math.min(100_000, Math.round(1 / ((t - t0) / ops))))
}

/** CPU time this process got over the wall time since the call, in % of one core. */
function cpuMeter() {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  return () => {
    const c = process.cpuUsage(c0)
    return (100 * (c.user + c.system)) / 1000 / (performance.now() - t0)
  }
}

/** Interleaved rounds over entries { fn, data } (one per build); fills entry.rounds; returns the cpu share. */
function race(entries) {
  gc()
  for (const e of entries) {
    e.batch = calibrate(e.fn, e.data)
    e.rounds = []
  }
  const cpu = cpuMeter()
  for (let r = 0; r < cfg.rounds; r++) for (const k of rotation(entries.length, r)) entries[k].rounds.push(slice(entries[k].fn, entries[k].data, entries[k].batch, cfg.sliceMs))
  return cpu()
}

// ── rows ─────────────────────────────────────────────────────────────────────────────────────
/** Checks a compiled function on a workload's timed data and probes; a reason it is wrong, or undefined. */
function check(fn, w) {
  const wrong = []
  const ask = (data, expect, what) => {
    try {
      if (fn(data) !== expect) wrong.push(`${what}: said ${expect ? 'invalid' : 'valid'}`)
    } catch (e) {
      wrong.push(`${what}: threw ${short(e)}`)
    }
  }
  ask(w.valid, true, 'the timed valid datum')
  ask(w.invalid, false, 'the timed invalid datum')
  for (const p of w.probes) ask(p.data, p.valid, `probe "${p.name}"`)
  return wrong.length === 0 ? undefined : wrong.join('; ')
}

/** The rows: { id, name, setUp(build) -> { fn, data } (throws when the build is wrong) }. */
function rowList() {
  const rows = []
  const hot = (id, name, w, options) => {
    for (const variant of ['valid', 'invalid']) {
      rows.push({
        id: `${id}${variant === 'valid' ? 'v' : 'i'}`,
        name: `${name}, ${variant}`,
        setUp(b) {
          const fn = b.compile(w.schema, options)
          const wrong = check(fn, w)
          if (wrong !== undefined) throw new Error(wrong)
          return { fn, data: w[variant] }
        },
      })
    }
  }
  for (const w of W.hotWorkloads) hot(w.id, w.name, w)
  for (const w of W.hotWorkloads) hot(`${w.id}e`, `eval-free (codegen: false): ${w.name}`, w, { codegen: false })
  const guard = (schema) => ({ schema, valid: W.guardTree, invalid: W.guardTreeInvalid, probes: W.guardProbes })
  hot('i3a-plain-', 'cycle guard: recursive value tree without a cycle', guard(W.guardPlainSchema))
  hot('i3a-guarded-', 'cycle guard: the same with a never-taken in-place cycle', guard(W.guardCycleSchema))
  const defaults = (id, name, schema, input, expected) =>
    rows.push({
      id,
      name,
      setUp(b) {
        const run = b.defaults(schema)
        const before = structuredClone(input)
        const [ok, out] = run(input)
        if (!ok) throw new Error('the filled-in value did not validate')
        if (!isDeepStrictEqual(out, expected)) throw new Error('defaults filled in wrong')
        if (!isDeepStrictEqual(before, input)) throw new Error('mutated the input')
        return { fn: (x) => run(x)[0], data: input }
      },
    })
  defaults('6', 'applyDefaults + validate, tool input', W.toolSchema, W.toolSparse, W.toolSparseExpected)
  defaults('i3b', 'defaults: applyDefaults + validate, examples/ tool input', W.meetingSchema, W.meetingInput, W.meetingExpected)
  return rows
}

/** Runs one row for every build: { rounds: per build, cpu } or { error }. */
function runRow(row, builds) {
  const entries = []
  for (const b of builds) {
    try {
      entries.push(row.setUp(b))
    } catch (e) {
      return { error: `${b.label}: ${short(e)}` }
    }
  }
  const cpu = race(entries)
  return { rounds: entries.map((e) => e.rounds), cpu }
}

// Row 5: compile a fresh, distinct tool schema and validate one value, per build; a fresh
// process (bench/harness.mjs's row 5 figure is a fresh process's too).
function coldMeasure(builds) {
  let distinctId = 1
  const coldMs = cfg.sliceMs * 2.5
  const entries = []
  for (const b of builds) {
    const a = W.distinctTool(distinctId++)
    const c = W.distinctTool(distinctId++)
    try {
      const ok = b.compile(a.schema)(a.valid) === true && b.compile(c.schema)(W.distinctToolOther(1)) === false
      if (!ok) return { error: `${b.label}: wrong answer on a freshly compiled schema` }
    } catch (e) {
      return { error: `${b.label}: ${short(e)}` }
    }
    entries.push({ b })
  }
  const runBatch = (b, n) => {
    const batch = []
    for (let i = 0; i < n; i++) batch.push(W.distinctTool(distinctId++))
    const t0 = performance.now()
    for (let i = 0; i < n; i++) if (b.compile(batch[i].schema)(batch[i].valid)) sink++
    return performance.now() - t0
  }
  gc()
  for (const e of entries) {
    let ms = 0
    let ops = 0
    while (ms < cfg.warmMs) {
      ms += runBatch(e.b, 1)
      ops++
    }
    e.batch = Math.max(1, Math.min(200, Math.round(2 / (ms / ops))))
    e.rounds = []
  }
  const cpu = cpuMeter()
  for (let r = 0; r < cfg.rounds; r++) {
    for (const k of rotation(entries.length, r)) {
      const e = entries[k]
      let ms = 0
      let ops = 0
      while (ms < coldMs) {
        ms += runBatch(e.b, e.batch)
        ops += e.batch
      }
      e.rounds.push((ops * 1000) / ms)
    }
  }
  return { rounds: entries.map((e) => e.rounds), cpu: cpu() }
}

// ── output ───────────────────────────────────────────────────────────────────────────────────
function fmtOps(x) {
  if (x >= 1e6) return `${(x / 1e6).toPrecision(3)}M`
  if (x >= 1e3) return `${(x / 1e3).toPrecision(3)}k`
  return x.toPrecision(3)
}
const pct = (x) => `${x >= 1 ? '+' : ''}${((x - 1) * 100).toFixed(1)}%`

function render(opts, meta, summary, results) {
  const cpus = os.cpus()
  const lines = ['# schemavet before/after comparison', '']
  lines.push(`- Date: ${new Date().toISOString()}; Node ${process.version} (V8 ${process.versions.v8}), ${os.platform()} ${os.arch()}`)
  lines.push(`- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores; load average (1 min) at start ${meta.loadAtStart.toFixed(2)}, at end ${os.loadavg()[0].toFixed(2)}`)
  const built = (dir) => statSync(join(dir, 'dist', 'index.js')).mtime.toISOString()
  lines.push(`- before: ${opts.beforeDir === undefined ? `\`${opts.before}\` = ` : ''}${meta.beforeCommit} (dist/ written ${built(meta.beforeDir)}); after: the working tree at ${meta.afterCommit} (dist/ written ${built(root)}); twin: a copy of the after build's dist/ (a second module instance of the same code)`)
  lines.push(
    `- Method: the three builds in one process; per row ${cfg.rounds} rounds, each running every build for a ${cfg.sliceMs} ms slice in an order that rotates per round ` +
      `(row 5: ${cfg.sliceMs * 2.5} ms slices in a fresh process of its own), after a ${cfg.warmMs} ms warm-up per build; a gc before each row. ` +
      'Before timing, every build answers every datum of the row (the timed valid and invalid data and the probes of bench/workloads.mjs; rows 6 and i3b: the filled-in value, and the input left untouched). ' +
      'schemavet is timed through `validate(data) === null`, as in bench/harness.mjs. ' +
      (process.execArgv.includes('--no-compilation-cache')
        ? "V8's compilation cache off (`--no-compilation-cache`), so builds whose generated code is the same text do not share one feedback vector (see bench/compare.mjs)."
        : "V8's compilation cache on (`--shared-code-cache`): generated code of the same text shares one feedback vector across builds, in compile order (see bench/compare.mjs)."),
  )
  lines.push(
    '- after/before: the median over rounds of the round\'s after/before throughput (builds of one round ran back to back, so load that changed between rounds cancels). ' +
      'A/A: the same for twin/after; its range is the lowest and highest per-round twin/after.',
  )
  lines.push(
    `- **A/A spread: ±${pct(Math.exp(summary.spread)).slice(1)}**, the largest |ln(A/A)| over the ${summary.rows.length} rows that ran: ` +
      'the widest gap this run showed between two identical builds. A row is **worse** when after/before is below 1/(1 + spread), **better** when above 1 + spread, else **same** (within the noise).',
  )
  lines.push(
    meta.confirmed.size === 0
      ? `- Confirmation: a row worse than the spread runs again, up to ${opts.confirm} more time(s), its rounds pooled with the first; no row needed it.`
      : `- Confirmation: a row worse than the spread runs again, up to ${opts.confirm} more time(s), its rounds pooled with the first (the spread recomputed each time): ${[...meta.confirmed].map(([id, n]) => `${id} ran ${n} more time${n === 1 ? '' : 's'}`).join(', ')}. The verdict is the pooled one.`,
    '',
  )
  lines.push('| row | before | after | twin | after/before | twin/before | A/A | A/A range over rounds | verdict | rounds | cpu |')
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|')
  for (const r of results) {
    if (r.error !== undefined) {
      lines.push(`| ${r.id}. ${r.name} | — | — | — | — | — | — | — | not run: ${r.error} | — | — |`)
      continue
    }
    const s = summary.rows.find((x) => x.id === r.id)
    const verdict = s.verdict === 'same' ? 'same' : `**${s.verdict}**`
    lines.push(
      `| ${r.id}. ${r.name} | ${fmtOps(s.before)} | ${fmtOps(s.after)} | ${fmtOps(s.twin)} | ${s.ratio.toFixed(3)}x | ${s.twinRatio.toFixed(3)}x | ${s.aa.toFixed(3)}x | ${s.aaMin.toFixed(2)}–${s.aaMax.toFixed(2)} | ${verdict} | ${r.rounds[0].length} | ${r.cpu.toFixed(0)}% |`,
    )
  }
  lines.push('')
  const notRun = results.filter((r) => r.error !== undefined).map((r) => r.id)
  lines.push(
    summary.worse.length === 0
      ? `No row is worse than the A/A spread (${summary.rows.length} rows compared${notRun.length > 0 ? `; not run: ${notRun.join(', ')}` : ''}).`
      : `Worse than the A/A spread: ${summary.worse.join(', ')} (of ${summary.rows.length} rows compared${notRun.length > 0 ? `; not run: ${notRun.join(', ')}` : ''}).`,
  )
  lines.push(
    '',
    `The typical A/A gap (median |ln A/A| over the rows) is ±${pct(Math.exp(summary.typical)).slice(1)}; ` +
      (summary.slower.length === 0
        ? 'no row within the spread is slower than that in both copies of the after build (after and twin against before).'
        : `within the spread but slower than that in both copies of the after build (after and twin against before): ${summary.slower.join(', ')} (not a verdict: rerun them with \`--only\` and more \`--rounds\` to tell).`),
  )
  lines.push(
    '',
    'ops/s: validations per second (row 5: compiles + one validation each; rows 6 and i3b: fill defaults + validate). cpu: CPU time the process got during the timed rounds in % of wall time; ' +
      'well under 100% means other work shared the cores. Rows: 1-4 as in bench/harness.mjs, `e` the same with `{ codegen: false }` (its eval-free column), i3a-plain/guarded its cycle-guard pair, ' +
      '6 and i3b its defaults rows. The peers are not loaded: they are bench/harness.mjs\'s business.',
  )
  return lines.join('\n') + '\n'
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────
if (process.argv[2] === '--cold-child') {
  // Row 5's fresh process: the builds' directories and the settings come from the parent.
  const { dirs, settings } = JSON.parse(process.argv[3])
  cfg = settings
  const builds = []
  for (const [label, dir] of dirs) builds.push(await loadBuild(label, dir))
  console.log(JSON.stringify(coldMeasure(builds)))
  process.exit(0)
}

let opts
try {
  opts = parseArgs(process.argv.slice(2))
} catch (e) {
  console.error(e.message)
  process.exit(2)
}
const CACHE_OFF = '--no-compilation-cache'
if (opts.sharedCodeCache === process.execArgv.includes(CACHE_OFF) || typeof globalThis.gc !== 'function') {
  // Run again with the cache as asked (off unless --shared-code-cache: see the top of this file) and gc exposed.
  const flags = [...process.execArgv.filter((f) => f !== CACHE_OFF && f !== '--expose-gc'), '--expose-gc', ...(opts.sharedCodeCache ? [] : [CACHE_OFF])]
  const r = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' })
  process.exit(r.status ?? 1)
}
cfg = { rounds: opts.rounds, sliceMs: opts.sliceMs, warmMs: opts.quick ? 50 : 250 }
const loadAtStart = os.loadavg()[0]
const beforeCommit = opts.beforeDir !== undefined ? `the build in ${opts.beforeDir}` : git(root, 'rev-parse', '--short', `${opts.before}^{commit}`)
const dirty = git(root, 'status', '--porcelain', '--', 'core', 'plugins', 'index.ts', 'api.ts', 'integrations', 'metaschemas').length > 0
const afterCommit = `${git(root, 'rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes in the sources' : ''}`
const tmp = mkdtempSync(join(os.tmpdir(), 'schemavet-compare-'))
let beforeDir
const cleanUp = () => {
  if (opts.keep) {
    log(`kept ${tmp} (remove the worktree with: git worktree remove --force ${join(tmp, 'before')})`)
    return
  }
  if (beforeDir !== undefined && opts.beforeDir === undefined) {
    try {
      git(root, 'worktree', 'remove', '--force', beforeDir)
    } catch (e) {
      log(`could not remove the worktree ${beforeDir}: ${short(e)}`)
    }
  }
  rmSync(tmp, { recursive: true, force: true })
}
try {
  if (opts.beforeDir === undefined) beforeDir = buildBefore(opts.before, tmp)
  else if (existsSync(join(opts.beforeDir, 'dist', 'index.js'))) beforeDir = opts.beforeDir
  else throw new Error(`--before-dir ${opts.beforeDir}: no dist/index.js there`)
  if (opts.build) {
    log('building the working tree')
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
    if (r.status !== 0) throw new Error(`the build of the working tree failed (exit ${r.status})`)
  }
  const dirs = [
    ['before', beforeDir],
    ['after', root],
    ['twin', makeTwin(tmp)],
  ]
  const builds = []
  for (const [label, dir] of dirs) builds.push(await loadBuild(label, dir))
  log(`before ${beforeCommit}, after ${afterCommit}: ${cfg.rounds} rounds × ${cfg.sliceMs} ms${typeof globalThis.gc === 'function' ? '' : ' (no --expose-gc: no gc before each row)'}`)

  const want = (id) => opts.only === undefined || opts.only.includes(id)
  const results = []
  const record = (id, name, r) => {
    results.push({ id, name, ...r })
    if (r.error !== undefined) return log(`  row ${id}: not run: ${r.error}`)
    const [b, a, t] = r.rounds.map(median)
    log(`  row ${id}: before ${fmtOps(b)} after ${fmtOps(a)} twin ${fmtOps(t)}  after/before ${median(r.rounds[1].map((x, i) => x / r.rounds[0][i])).toFixed(3)} A/A ${median(r.rounds[2].map((x, i) => x / r.rounds[1][i])).toFixed(3)}  cpu ${r.cpu.toFixed(0)}%`)
  }
  const rows = rowList()
  const coldName = 'cold start: compile a distinct tool schema + validate one value (fresh process)'
  const runCold = () => {
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--cold-child', JSON.stringify({ dirs, settings: cfg })], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    return JSON.parse(out.trim().split('\n').at(-1))
  }
  const runById = (id) => (id === '5' ? runCold() : runRow(rows.find((r) => r.id === id), builds))
  // Row 5 comes after rows 1-4 in bench/harness.mjs's table; it runs in its own process.
  const splitAt = rows.findIndex((r) => r.id === '1ev')
  for (const row of rows.slice(0, splitAt)) if (want(row.id)) record(row.id, row.name, runRow(row, builds))
  if (want('5')) {
    log('row 5: cold start, in a fresh process')
    record('5', coldName, runCold())
  }
  for (const row of rows.slice(splitAt)) if (want(row.id)) record(row.id, row.name, runRow(row, builds))

  const ran = results.filter((r) => r.error === undefined)
  const summarizeRan = () => summarize(ran.map((r) => ({ id: r.id, name: r.name, before: r.rounds[0], after: r.rounds[1], twin: r.rounds[2] })))
  let summary = summarizeRan()
  // A row worse than the spread runs again (the same number of rounds, pooled with the first):
  // at this machine's load one pass of a row can land far from the next.
  const confirmed = new Map()
  for (let pass = 1; pass <= opts.confirm && summary.worse.length > 0; pass++) {
    log(`confirming ${summary.worse.join(', ')}: worse than the A/A spread, running ${cfg.rounds} more rounds (pass ${pass} of at most ${opts.confirm})`)
    for (const id of summary.worse) {
      const r = ran.find((x) => x.id === id)
      const more = runById(id)
      if (more.error !== undefined) throw new Error(`row ${id} failed on its confirming run: ${more.error}`)
      for (let k = 0; k < 3; k++) r.rounds[k].push(...more.rounds[k])
      confirmed.set(id, (confirmed.get(id) ?? 0) + 1)
      const [b, a, t] = r.rounds
      log(`  row ${id}: ${b.length} rounds, after/before ${median(a.map((x, i) => x / b[i])).toFixed(3)} A/A ${median(t.map((x, i) => x / a[i])).toFixed(3)}`)
    }
    summary = summarizeRan()
  }
  const text = render(opts, { loadAtStart, beforeCommit, afterCommit, confirmed, beforeDir }, summary, results)
  console.log(text)
  if (opts.write) {
    const out = new URL('./RESULTS.compare.md', import.meta.url)
    writeFileSync(out, text)
    log(`wrote ${fileURLToPath(out)}`)
  } else log('a partial or quick run: not written')
} finally {
  cleanUp()
}
if (sink === -1) console.log('')
