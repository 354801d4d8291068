// Real-world suite: schemas found in real use (../shared/corpus, see its SOURCE.md), each with
// its own documents, schemavet against its peers in one process. Three sets, reported apart:
//   catalogue    (the headline) 17 configuration-file schemas with 12,709 documents collected
//                from real repositories, all valid: sparse, varied objects. Formats annotated.
//                A peer is correct on a schema when it accepts every document. Blaze (the native
//                CLI of @sourcemeta/jsonschema, a devDependency of bench/) is a reference
//                column: its mean time per instance from its own `--benchmark --fast --loop 30`,
//                in its own process, against schemavet's per-instance time on the same documents.
//   schemastore  SchemaStore's schemas with the catalogue's own positive and negative test
//                documents (formats annotated, as they were labelled); the one file whose
//                schema references another file is left out.
//   maskbench    every 12th MaskBench file with a valid instance (model-written instances,
//                formats asserted, as labelled).
//
//   npm run bench:realworld                 full run, writes the real-world section of bench/RESULTS.md
//   BENCH_QUICK=1 npm run bench:realworld   smoke run over a tenth of the sample, not written
//   npm run bench:realworld -- --quick      the whole sample with the short timing (15 ms warm-up,
//                                           7 slices of 4 ms): some large schemas are then timed
//                                           while still being optimized; not written
//   npm run bench:realworld -- --only <regex> --limit <n>
//                                           the sample's files whose names match, at most n of
//                                           them (in sample order); not written
//   ... -- --warm <ms> --slice <ms> --rounds <n>
//                                           other timing (default: warm until stable, at most
//                                           300 ms; 20 ms; 7); not written
//   ... -- --sets catalogue,schemastore  these sets only (default: all three); not written
//   ... -- --no-blaze                       without the Blaze column
//   ... -- --lenient-invalid                count a peer correct on a schema's invalid instances
//                                           even when it is wrong on its valid ones (the rule
//                                           before; one that rejects everything counted); not written
//
// MaskBench sample: every 12th file by name (byte order) among the files with at least one valid
// instance. The rule was fixed before the first measurement and is kept, so runs compare.
//
// Each library compiles the schema in the dialect its `$schema` names (none: 2020-12, as the
// labels were made), with format assertion on (ajv through ajv-formats) and unknown keywords
// allowed (real schemas carry many). A library is correct on a measure of a schema when it
// compiles the schema and gives the labelled answer on every instance that measure times (for
// the invalid instances, and on the valid ones too: a library that rejects everything is not
// correct on the invalid ones); the ratio is schemavet's throughput over the fastest correct
// peer's. Four measures:
//   valid    every valid instance, warm (after calibration, so generated code is in)
//   invalid  every invalid instance, warm
//   cold     compile a fresh copy of the schema and validate its first instance once, in this
//            process that has already run hot work (what an agent meeting new tools does); each
//            copy's text is new to the process (unseenCopy: a numbered root `$comment`), so a
//            library's cache of compiled schemas by text, which the warm measures filled, does
//            not answer it
//   once     the same, with every valid document validated once after the compile (a batch met
//            once: the generated code runs before V8 optimises it)
// Warm figures are medians of interleaved rounds (a rotating order of libraries per round), after
// each library has run 5,000 validations and then is warmed until two consecutive slices agree
// within 10% (at most 300 ms): a
// large schema's code is tiered up and optimized, by V8 on a loaded machine too, before it is
// timed, for every library alike.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
// The libraries (schemavet from dist/ first, then the peers), as bench/realworld-one.mjs uses them too.
import { dialectOf, libraries, peers } from './realworld-libs.mjs'
import { EVERY, readCatalogue, readSample, readSchemaStore, unseenCopy } from './realworld-sample.mjs'

const QUICK = process.env.BENCH_QUICK === '1'
/** The short timing over the whole sample (the timing of the first runs). */
const SHORT = process.argv.includes('--quick')
/** `--name value` from the command line, or undefined; a bad number stops the run. */
function arg(name, kind) {
  const i = process.argv.indexOf(`--${name}`)
  if (i < 0) return undefined
  const v = process.argv[i + 1]
  if (v === undefined) throw new Error(`--${name} needs a value`)
  if (kind === 'count' && !/^[1-9][0-9]*$/.test(v)) throw new Error(`--${name} takes a whole number above 0, not "${v}"`)
  return kind === 'count' ? Number(v) : new RegExp(v)
}
const SUBSET = { only: arg('only', 'regex'), limit: arg('limit', 'count') }
/** Count a peer correct on a schema's invalid instances only if it is also right on its valid ones. */
const LENIENT_INVALID = process.argv.includes('--lenient-invalid')
const STRICT_INVALID = !LENIENT_INVALID
const TIMING = { warmMs: arg('warm', 'count'), sliceMs: arg('slice', 'count'), rounds: arg('rounds', 'count') }
// `stable`: the warm-up ends once two consecutive slices agree within 10%, or after warmMs.
const cfg = QUICK
  ? { rounds: 3, sliceMs: 2, warmMs: 5, stable: false, cold: 3, stride: 10 }
  : SHORT
    ? { rounds: 7, sliceMs: 4, warmMs: 15, stable: false, cold: 5, stride: 1 }
    : { rounds: 7, sliceMs: 20, warmMs: 300, stable: true, cold: 5, stride: 1 }
for (const [k, v] of Object.entries(TIMING)) if (v !== undefined) cfg[k] = v
/** The default run over the whole sample: the only one that writes bench/RESULTS.md and the JSON. */
const SETS = ['catalogue', 'schemastore', 'maskbench']
const setsArg = (() => {
  const i = process.argv.indexOf('--sets')
  if (i < 0) return SETS
  const v = (process.argv[i + 1] ?? '').split(',')
  for (const k of v) if (!SETS.includes(k)) throw new Error(`--sets takes ${SETS.join(', ')}, not "${k}"`)
  return v
})()
const BLAZE = !process.argv.includes('--no-blaze')
const PARTIAL = setsArg.length !== SETS.length || !BLAZE || Object.values(SUBSET).some((v) => v !== undefined) || Object.values(TIMING).some((v) => v !== undefined) || LENIENT_INVALID || SHORT || process.env.BENCH_FILES !== undefined
const started = performance.now()
const log = (...a) => console.error(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s]`, ...a)

// ── the sets ─────────────────────────────────────────────────────────────────────────────────
/** Applies --only, --limit, BENCH_FILES and the quick stride to a set's entries. */
const pick = (entries) =>
  entries
    .filter((_, i) => i % cfg.stride === 0)
    .filter((e) => ONLY === undefined || ONLY.includes(e.file))
    .filter((e) => SUBSET.only === undefined || SUBSET.only.test(e.file))
    .slice(0, SUBSET.limit ?? Infinity)
// BENCH_FILES=a.json,b.json: those files only (a diagnostic, not written).
const ONLY = process.env.BENCH_FILES?.split(',')
const sets = []
try {
  for (const key of setsArg) {
    if (key === 'catalogue') {
      const all = readCatalogue()
      const entries = pick(all)
      sets.push({ key, title: 'Catalogue (../shared/corpus/catalogue): real documents', entries, formats: 'annotate', blaze: BLAZE, invalid: false, about: `${entries.length} of ${all.length} configuration-file schemas, ${entries.reduce((a, e) => a + e.doc.tests.length, 0)} documents from real repositories (all valid), formats annotated` })
    } else if (key === 'schemastore') {
      const { files, kept, skipped } = readSchemaStore()
      const entries = pick(kept)
      sets.push({ key, title: 'SchemaStore (../shared/corpus/schemastore): the catalogue\'s test documents', entries, formats: 'annotate', blaze: false, invalid: true, about: `${entries.length} schemas: the ${kept.length} of ${files.length} files with a valid document and no reference to another file (${skipped} left out), formats annotated` })
    } else {
      const read = readSample()
      const entries = pick(read.sample)
      sets.push({ key, title: 'MaskBench sample (../shared/corpus/maskbench)', entries, formats: 'assert', blaze: false, invalid: true, about: `${entries.length} schemas: every ${EVERY}th by name of the ${read.withValid.length} corpus files with valid instances, formats asserted` })
    }
  }
} catch (e) {
  console.error(e.message)
  process.exit(1)
}
log(`sets: ${sets.map((s) => `${s.key} ${s.entries.length}`).join(', ')}${PARTIAL ? `; a partial run (${[setsArg.length !== SETS.length && `--sets ${setsArg.join(',')}`, !BLAZE && '--no-blaze', SUBSET.only && `--only ${SUBSET.only.source}`, SUBSET.limit && `--limit ${SUBSET.limit}`, ...Object.entries(TIMING).filter(([, v]) => v !== undefined).map(([k, v]) => `${k} ${v}`), LENIENT_INVALID && '--lenient-invalid', SHORT && '--quick', QUICK && 'BENCH_QUICK'].filter(Boolean).join(', ')}), not written` : ''}`)

// ── Blaze, the native reference ──────────────────────────────────────────────────────────────
const blazeBin = new URL('./node_modules/.bin/jsonschema', import.meta.url)
const blazeVersion = (() => {
  try {
    return JSON.parse(readFileSync(new URL('./node_modules/@sourcemeta/jsonschema/package.json', import.meta.url), 'utf8')).version
  } catch {
    return undefined
  }
})()
/**
 * Blaze's mean time per instance in µs over a JSONL file of documents: `jsonschema validate S I
 * --benchmark --fast --loop 30` in its own process prints, per document, the mean over its 30
 * runs; the figure is the mean of those means. Undefined (with why) when the CLI is missing or
 * fails a document (formats are annotated there by default, as in the catalogue's rule).
 */
function blaze(schemaFile, instancesFile) {
  if (!existsSync(blazeBin)) return { error: 'no bench/node_modules/.bin/jsonschema (npm --prefix bench install)' }
  const r = spawnSync(blazeBin.pathname, ['validate', schemaFile, instancesFile, '--benchmark', '--fast', '--loop', '30'], { encoding: 'utf8', maxBuffer: 1 << 28 })
  const lines = `${r.stdout}\n${r.stderr}`.split('\n')
  const means = []
  let failed = 0
  for (const l of lines) {
    const m = /\]: (PASS|FAIL) ([0-9.]+) \+- [0-9.]+ us/.exec(l)
    if (m === null) continue
    if (m[1] === 'FAIL') failed++
    means.push(Number(m[2]))
  }
  if (failed > 0) return { error: `rejected ${failed} document(s)` }
  if (means.length === 0) return { error: `no timing in its output (exit ${r.status}): ${lines.find((l) => l.trim() !== '')?.slice(0, 100) ?? ''}` }
  return { us: means.reduce((a, b) => a + b, 0) / means.length, documents: means.length }
}

// ── per schema ───────────────────────────────────────────────────────────────────────────────
const short = (e) => String(e?.message ?? e).split('\n')[0].slice(0, 80)

/** What a schema is made of, to name the shape of the slow ones. */
function shape(schema) {
  const counts = {}
  let nodes = 0
  const visit = (v, depth) => {
    if (depth > 200 || typeof v !== 'object' || v === null) return
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1))
    nodes++
    for (const [k, x] of Object.entries(v)) {
      if (['$ref', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'patternProperties', 'additionalProperties', 'pattern', 'format', 'enum', 'const', 'items', 'uniqueItems', 'dependencies', 'required'].includes(k)) counts[k] = (counts[k] ?? 0) + 1
      visit(x, depth + 1)
    }
  }
  visit(schema, 0)
  const top = Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, n]) => `${k}×${n}`)
  return `${nodes} objects; ${top.join(' ')}`
}

// ── timing ───────────────────────────────────────────────────────────────────────────────────
let sink = 0
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}
/**
 * Instances per second of `fn` over `data`, one slice. The clock is read after batches of passes
 * over the data, the batch doubling until it lasts 20 µs: reading the clock (~30-50 ns) after each
 * pass would cost more than the pass itself on a small schema (tens of millions of validations
 * per second), and every library's figure would then be mostly the clock's.
 */
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
/**
 * Validations every library runs before its warm-up is timed: schemavet moves a schema to
 * generated code once the interpreter has done work in proportion to the schema's size (a large
 * schema with sparse documents after a few thousand), and two slices of the interpreter agree with
 * each other as well as two of generated code do; the peers that compile or cache lazily get the
 * same head start.
 */
const MIN_WARM_CALLS = 5000
/** Runs `fn` until two consecutive slices agree within 10%, for at most cfg.warmMs (or just that long). */
function warm(fn, data) {
  for (let n = 0; n < MIN_WARM_CALLS; n += data.length) for (let i = 0; i < data.length; i++) if (fn(data[i])) sink++
  if (!cfg.stable) return void slice(fn, data, cfg.warmMs)
  const t0 = performance.now()
  let last = slice(fn, data, cfg.sliceMs)
  while (performance.now() - t0 < cfg.warmMs) {
    const next = slice(fn, data, cfg.sliceMs)
    if (Math.abs(next - last) <= 0.1 * Math.max(next, last)) return
    last = next
  }
}
/** Interleaved rounds over entries { name, fn }; returns name -> median instances/s. */
function race(entries, data) {
  for (const e of entries) warm(e.fn, data)
  const rounds = entries.map(() => [])
  for (let r = 0; r < cfg.rounds; r++) {
    for (let k = 0; k < entries.length; k++) {
      const i = (k + r) % entries.length
      rounds[i].push(slice(entries[i].fn, data, cfg.sliceMs))
    }
  }
  return Object.fromEntries(entries.map((e, i) => [e.name, median(rounds[i])]))
}
/**
 * Compile-and-validate per second (median of fresh copies), or undefined if it fails: `data` is
 * the first document alone (cold) or every valid document once (once: what a compile costs on a
 * batch met once, before the generated code is optimized).
 */
function coldRace(libs, schema, dialect, data, formats) {
  const times = libs.map(() => [])
  for (let r = 0; r < cfg.cold; r++) {
    for (let k = 0; k < libs.length; k++) {
      const i = (k + r) % libs.length
      const lib = libs[i]
      const copy = unseenCopy(schema)
      const t0 = performance.now()
      const fn = lib.compile(copy, dialect, formats)
      for (let d = 0; d < data.length; d++) if (fn(data[d])) sink++
      times[i].push(performance.now() - t0)
      lib.release?.(copy, dialect, formats)
    }
  }
  return Object.fromEntries(libs.map((l, i) => [l.name, 1000 / median(times[i])]))
}

/** Every library on one entry of a set: warm valid and invalid throughput, cold, Blaze. */
function measure(set, { file, doc, schemaFile, instancesFile }) {
  const { schema } = doc
  const dialect = dialectOf(schema)
  const formats = set.formats
  const valid = doc.tests.filter((t) => t.valid === true).map((t) => t.data)
  const invalid = set.invalid ? doc.tests.filter((t) => t.valid === false).map((t) => t.data) : []
  const entry = { file, dialect, shape: shape(schema), documents: valid.length + invalid.length, libs: {} }
  const ready = []
  for (const lib of libraries) {
    const cell = (entry.libs[lib.name] = {})
    let fn
    const copy = structuredClone(schema)
    try {
      fn = lib.compile(copy, dialect, formats)
    } catch (e) {
      cell.refused = short(e)
      continue
    }
    const right = (xs, want) => xs.every((x) => {
      try {
        return fn(x) === want
      } catch {
        return false
      }
    })
    cell.validOk = right(valid, true)
    cell.invalidOk = invalid.length > 0 && right(invalid, false)
    ready.push({ name: lib.name, fn, cell, release: () => lib.release?.(copy, dialect, formats) })
  }
  const timed = (key, data) => {
    const entries = ready.filter((r) => r.cell[key])
    if (data.length === 0 || entries.length === 0) return
    const ops = race(entries, data)
    for (const e of entries) e.cell[key === 'validOk' ? 'valid' : 'invalid'] = ops[e.name]
  }
  timed('validOk', valid)
  timed('invalidOk', invalid)
  // What the warm measures compiled is forgotten first: ajv refuses a second schema with the same `$id`.
  for (const r of ready) r.release()
  const coldLibs = libraries.filter((l) => entry.libs[l.name].validOk)
  try {
    const cold = coldRace(coldLibs, schema, dialect, [valid[0]], formats)
    for (const l of coldLibs) entry.libs[l.name].cold = cold[l.name]
    const once = coldRace(coldLibs, schema, dialect, valid, formats)
    for (const l of coldLibs) entry.libs[l.name].once = once[l.name]
  } catch (e) {
    entry.coldError = short(e)
  }
  if (set.blaze && schemaFile !== undefined) {
    const b = blaze(schemaFile, instancesFile)
    if (b.error !== undefined) entry.blazeError = b.error
    else entry.blazeUs = b.us
  }
  return entry
}

// ── ratios ───────────────────────────────────────────────────────────────────────────────────
/** schemavet over the fastest correct peer for a measure, per schema (undefined: no ratio). */
function ratios(results, measure) {
  const out = []
  for (const r of results) {
    const sv = r.libs.schemavet?.[measure]
    let best
    for (const p of peers) {
      const v = r.libs[p.name]?.[measure]
      // A peer that also calls the valid instances invalid is not correct on them (--lenient-invalid: it is)
      if (STRICT_INVALID && measure === 'invalid' && !r.libs[p.name]?.validOk) continue
      if (v !== undefined && (best === undefined || v > best[1])) best = [p.name, v]
    }
    if (best === undefined) continue
    out.push({ file: r.file, dialect: r.dialect, shape: r.shape, best: best[0], bestOps: best[1], ratio: sv === undefined ? undefined : sv / best[1] })
  }
  return out
}
const geomean = (xs) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length)
const measures = ['valid', 'invalid', 'cold', 'once']
function summarise(results) {
  const summary = {}
  for (const m of measures) {
    const rs = ratios(results, m)
    const with_ = rs.filter((r) => r.ratio !== undefined)
    summary[m] = {
      compared: with_.length,
      schemavetNotCorrect: rs.length - with_.length,
      geomean: with_.length > 0 ? geomean(with_.map((r) => r.ratio)) : undefined,
      below07: with_.filter((r) => r.ratio < 0.7).length,
      all: rs,
      worst: [...with_].sort((a, b) => a.ratio - b.ratio).slice(0, 20),
    }
  }
  // schemavet's per-instance time (valid documents, warm) against Blaze's on the same documents.
  const vsBlaze = results.filter((r) => r.blazeUs !== undefined && r.libs.schemavet?.valid !== undefined).map((r) => r.blazeUs / (1e6 / r.libs.schemavet.valid))
  summary.blaze = { compared: vsBlaze.length, geomean: vsBlaze.length > 0 ? geomean(vsBlaze) : undefined }
  return summary
}
const correctCounts = (results) =>
  Object.fromEntries(
    libraries.map((l) => [
      l.name,
      {
        refused: results.filter((r) => r.libs[l.name].refused !== undefined).length,
        validOk: results.filter((r) => r.libs[l.name].validOk).length,
        invalidOk: results.filter((r) => r.libs[l.name].invalidOk).length,
      },
    ]),
  )

// ── the run ──────────────────────────────────────────────────────────────────────────────────
const done = []
for (const set of sets) {
  const results = []
  for (const [n, e] of set.entries.entries()) {
    results.push(measure(set, e))
    if (ONLY !== undefined) log(e.file, JSON.stringify(results.at(-1).libs))
    if ((n + 1) % 25 === 0) log(`${set.key} ${n + 1}/${set.entries.length}`)
  }
  done.push({ set, results, summary: summarise(results), counts: correctCounts(results) })
  log(`${set.key} done`)
}

// ── report ───────────────────────────────────────────────────────────────────────────────────
const x = (v) => (v === undefined ? '-' : `${v.toFixed(2)}x`)
const fmt = (v) => (v === undefined ? '-' : v >= 1e6 ? `${(v / 1e6).toPrecision(3)}M` : v >= 1e3 ? `${(v / 1e3).toPrecision(3)}k` : v.toPrecision(3))
const lines = []
lines.push('<!-- realworld:start (written by bench/realworld.mjs) -->')
lines.push('## Real-world suite (../shared/corpus)')
lines.push('')
lines.push(`${os.cpus().length} cores, load at end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`)
lines.push('Ratio: schemavet / the fastest peer correct on that schema (compiles it, the labelled answer on every timed document; for the invalid measure, on the valid documents too). Every library is timed through its boolean answer (schemavet: `isValid`); the JS libraries in one process, interleaved.')
lines.push(`Warm timing: ${cfg.stable ? `each library warmed by ${MIN_WARM_CALLS} validations, then until two consecutive ${cfg.sliceMs} ms slices agree within 10% (at most ${cfg.warmMs} ms)` : `${cfg.warmMs} ms warm-up per library`}, then ${cfg.rounds} interleaved rounds of ${cfg.sliceMs} ms; the median. Cold: the median of ${cfg.cold} compiles of a copy whose text the process has not seen (a numbered root \`$comment\`) + one validation each; once: the same with every valid document validated once.`)
for (const { set, results, summary, counts } of done) {
  lines.push('')
  lines.push(`### ${set.title}`)
  lines.push('')
  lines.push(`${set.about}.`)
  lines.push('')
  lines.push('| measure | schemas compared | geometric mean | below 0.7x | schemavet not correct |')
  lines.push('|---|---|---|---|---|')
  for (const m of measures) {
    const s = summary[m]
    if (m === 'invalid' && !set.invalid) continue
    lines.push(`| ${m} | ${s.compared} | ${x(s.geomean)} | ${s.below07} | ${s.schemavetNotCorrect} |`)
  }
  if (set.blaze) lines.push(`| valid, schemavet / Blaze ${blazeVersion ?? ''} (native, own process; per-instance time) | ${summary.blaze.compared} | ${x(summary.blaze.geomean)} | | |`)
  lines.push('')
  lines.push('| library | refused | correct on valid | correct on invalid |')
  lines.push('|---|---|---|---|')
  for (const [name, c] of Object.entries(counts)) lines.push(`| ${name} | ${c.refused} | ${c.validOk} | ${set.invalid ? c.invalidOk : '-'} |`)
  if (set.key === 'catalogue') {
    // The headline set: every schema, not the worst twenty.
    lines.push('')
    lines.push('| schema | documents | schemavet | best correct peer | ratio | cold ratio | once ratio | Blaze µs/doc | schemavet µs/doc | schemavet / Blaze |')
    lines.push('|---|---:|---:|---|---:|---:|---:|---:|---:|---:|')
    for (const r of results) {
      const v = summary.valid.all.find((a) => a.file === r.file)
      const c = summary.cold.all.find((a) => a.file === r.file)
      const o = summary.once.all.find((a) => a.file === r.file)
      const sv = r.libs.schemavet?.valid
      const svUs = sv === undefined ? undefined : 1e6 / sv
      lines.push(`| ${r.file} | ${r.documents} | ${fmt(sv)}/s | ${v === undefined ? 'none' : `${v.best} ${fmt(v.bestOps)}/s`} | ${x(v?.ratio)} | ${x(c?.ratio)} | ${x(o?.ratio)} | ${r.blazeUs === undefined ? (r.blazeError ?? '-') : r.blazeUs.toFixed(3)} | ${svUs === undefined ? '-' : svUs.toFixed(3)} | ${r.blazeUs === undefined || svUs === undefined ? '-' : x(r.blazeUs / svUs)} |`)
    }
    continue
  }
  for (const m of measures) {
    if (m === 'invalid' && !set.invalid) continue
    lines.push('')
    lines.push(`Worst ten, ${m}:`)
    lines.push('')
    lines.push('| file | dialect | ratio | best peer | shape |')
    lines.push('|---|---|---|---|---|')
    for (const w of summary[m].worst.slice(0, 10)) lines.push(`| ${w.file} | ${w.dialect} | ${x(w.ratio)} | ${w.best} | ${w.shape} |`)
  }
}
lines.push('<!-- realworld:end -->')
const text = lines.join('\n')
console.log(text)
const json = Object.fromEntries(done.map(({ set, results, summary, counts }) => [set.key, { summary: { ...summary, valid: { ...summary.valid, all: undefined }, invalid: { ...summary.invalid, all: undefined }, cold: { ...summary.cold, all: undefined }, once: { ...summary.once, all: undefined } }, correctCounts: counts, results }]))
// A partial run's figures go under bench/.tmp/ (ignored), the full run's beside this file.
if (PARTIAL) mkdirSync(new URL('./.tmp/', import.meta.url), { recursive: true })
writeFileSync(new URL(PARTIAL ? './.tmp/realworld-results.partial.json' : './realworld-results.json', import.meta.url), JSON.stringify(json, null, 1))
if (!QUICK && ONLY === undefined && !PARTIAL) {
  const file = new URL('./RESULTS.md', import.meta.url)
  const old = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const re = /<!-- realworld:start[\s\S]*?<!-- realworld:end -->/
  writeFileSync(file, re.test(old) ? old.replace(re, text) : `${old.trimEnd()}\n\n${text}\n`)
}
log(`done (sink ${sink > 0 ? 'used' : 'empty'})`)
