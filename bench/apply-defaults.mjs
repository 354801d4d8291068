#!/usr/bin/env node
/**
 * applyDefaults scaling: the recursive `anyOf` schema
 * `{ anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#' } }] }` on data nested
 * 1,000, 4,000 and 16,000 levels deep (`[[[...[1]...]]]`), with `validate` beside it. Reports
 * the time per level and its ratio to the 1,000-level figure: linear work keeps the ratio near 1
 * (the promise is within 1.5x); a walk that re-validates each level's subtree makes it grow with
 * the depth. Beside the elapsed time, the process's CPU time per level (all threads, the GC's
 * helpers included): on a machine other processes keep busy, a call of 50 ms is descheduled
 * more often than one of 1 ms, which inflates the elapsed ratio but not the CPU one.
 *
 * Run: npm run build && node bench/apply-defaults.mjs [--quick]
 */
import { performance } from 'node:perf_hooks'
import { applyDefaults, newJSONSchema } from '../dist/index.js'

const quick = process.argv.includes('--quick')
const schema = { anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#' } }] }

/** `[[[...[1]...]]]`, `depth` arrays deep, built without recursion. */
function nested(depth) {
  let v = 1
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(2)} ms`)

/**
 * Median elapsed and CPU milliseconds of `fn()` over up to `runs` runs (fewer once 3 s are spent:
 * a quadratic row stays finite).
 */
function time(fn, runs) {
  const times = []
  const cpus = []
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage()
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
    const used = process.cpuUsage(cpu)
    cpus.push((used.user + used.system) / 1000)
    if (times.reduce((a, b) => a + b, 0) > 3_000) break
  }
  return { ms: median(times), cpu: median(cpus) }
}

const v = newJSONSchema(schema)
// Warm-up: the schema goes hot (generated tier), and past the walk's stack split (deferred
// slots start at 256 levels) so the first measured depth does not pay for compiling that path.
for (const depth of [50, 1_000, 4_000]) {
  for (let i = 0; i < (depth === 4_000 ? 5 : 20); i++) {
    v.validate(nested(depth))
    applyDefaults(nested(depth), v)
  }
}

const rows = []
const base = {}
/** Per operation, the time at the previous depth: past 20 s the next (4x deeper) depth is not run. */
const previous = {}
for (const depth of [1_000, 4_000, 16_000]) {
  const data = nested(depth)
  if (v.validate(data) !== null) throw new Error(`depth ${depth}: the data should be valid`)
  for (const [op, fn] of [
    ['applyDefaults', () => applyDefaults(data, v)],
    ['validate', () => v.validate(data)],
  ]) {
    if (previous[op] > 20_000) {
      rows.push({ operation: op, depth, time: `not run (${fmt(previous[op])} at the previous depth)`, perLevel: '', 'vs 1,000': '', cpuPerLevel: '', 'cpu vs 1,000': '' })
      continue
    }
    const { ms, cpu } = time(fn, quick ? 3 : 11)
    previous[op] = ms
    const perLevel = (ms * 1e6) / depth
    const cpuPerLevel = (cpu * 1e6) / depth
    base[op] ??= perLevel
    base[`${op} cpu`] ??= cpuPerLevel
    rows.push({
      operation: op,
      depth,
      time: fmt(ms),
      perLevel: `${perLevel.toFixed(0)} ns/level`,
      'vs 1,000': `${(perLevel / base[op]).toFixed(2)}x`,
      cpuPerLevel: `${cpuPerLevel.toFixed(0)} ns/level`,
      'cpu vs 1,000': `${(cpuPerLevel / base[`${op} cpu`]).toFixed(2)}x`,
    })
  }
}

console.log(`applyDefaults on recursive anyOf, nested arrays (node ${process.version})`)
console.table(rows)
