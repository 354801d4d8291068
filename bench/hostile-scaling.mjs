#!/usr/bin/env node
/**
 * Scaling rows of the hostile-input issue (issue 37): work that must stay linear in the size of
 * the input, measured from the smallest size to 4x. Each row reports the time per unit of size
 * and its ratio to the smallest size's figure (the promise: within 1.5x), elapsed and, beside it,
 * the process's CPU time (all threads, the GC's helpers included; on a busy machine a long call
 * is descheduled more often than a short one, which inflates the elapsed ratio only).
 *
 * - `allErrors` on a deep failing union: `{ $defs: { t: { anyOf: [{ type: 'integer' }, { type:
 *   'object', properties: { a: { $ref: '#/$defs/t' } } }] } }, $ref: '#/$defs/t' }` (and the same
 *   with `oneOf`) on `{"a":{"a":...{"a":"x"}}}`, 20,000 / 40,000 / 80,000 levels; and
 *   `parseModelOutput` (which validates with `allErrors`) on the JSON text of the same data.
 *
 * - deep-schema refusal (trusted mode): `allOf`, `anyOf` and `not` nested 4,000 / 8,000 / 16,000
 *   levels around `{ type: 'string' }`, compiled until the `SchemaError` that refuses them.
 *
 * Run: npm run build && node --expose-gc bench/hostile-scaling.mjs [--quick] [--only=<row name part>]
 */
import { performance } from 'node:perf_hooks'
import { newJSONSchema, parseModelOutput, SchemaError } from '../dist/index.js'

const quick = process.argv.includes('--quick')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length)

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(2)} ms`)

/** Median elapsed and CPU milliseconds of `fn()` over up to `runs` runs (fewer once 5 s are spent). */
function time(fn, runs) {
  const times = []
  const cpus = []
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.()
    const cpu = process.cpuUsage()
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
    const used = process.cpuUsage(cpu)
    cpus.push((used.user + used.system) / 1000)
    if (times.reduce((a, b) => a + b, 0) > 5_000) break
  }
  return { ms: median(times), cpu: median(cpus) }
}

const rows = []
/**
 * One scaling row family: `make(size)` returns the call to time (its input built beforehand);
 * `unit` names what the size counts. Sizes past 30 s at the previous one are not run.
 */
function scale(name, unit, sizes, make) {
  if (only !== undefined && !name.includes(only)) return
  let base
  let baseCpu
  let previous = 0
  for (const size of sizes) {
    if (previous > 30_000) {
      rows.push({ row: name, size, time: `not run (${fmt(previous)} before)`, perUnit: '', vsSmallest: '', cpuPerUnit: '', cpuVsSmallest: '' })
      continue
    }
    const fn = make(size)
    fn() // warm
    const { ms, cpu } = time(fn, quick ? 3 : 7)
    previous = ms
    const per = (ms * 1e6) / size
    const perCpu = (cpu * 1e6) / size
    base ??= per
    baseCpu ??= perCpu
    rows.push({
      row: name,
      size: `${size.toLocaleString('en')} ${unit}`,
      time: fmt(ms),
      perUnit: `${per.toFixed(0)} ns`,
      vsSmallest: `${(per / base).toFixed(2)}x`,
      cpuPerUnit: `${perCpu.toFixed(0)} ns`,
      cpuVsSmallest: `${(perCpu / baseCpu).toFixed(2)}x`,
    })
  }
}

const chainText = (n) => '{"a":'.repeat(n) + '"x"' + '}'.repeat(n)
const union = (keyword) => ({
  $defs: { t: { [keyword]: [{ type: 'integer' }, { type: 'object', properties: { a: { $ref: '#/$defs/t' } } }] } },
  $ref: '#/$defs/t',
})
const LEVELS = [20_000, 40_000, 80_000]

for (const keyword of ['anyOf', 'oneOf']) {
  const v = newJSONSchema(union(keyword), { allErrors: true })
  scale(`validate, allErrors, deep failing ${keyword}`, 'levels', LEVELS, (n) => {
    const data = JSON.parse(chainText(n))
    return () => {
      if (v.validate(data) === null) throw new Error('should fail')
    }
  })
}
{
  const schema = union('anyOf')
  scale('parseModelOutput, deep failing anyOf', 'levels', LEVELS, (n) => {
    const text = chainText(n)
    return () => {
      if (parseModelOutput(text, schema).success) throw new Error('should fail')
    }
  })
}

{
  const nest = (keyword, n) => {
    let s = { type: 'string' }
    for (let i = 0; i < n; i++) s = keyword === 'not' ? { not: s } : { [keyword]: [s] }
    return s
  }
  newJSONSchema({ allOf: [{}] }) // the dialect's meta-schema validators, built once
  for (const keyword of ['allOf', 'anyOf', 'not']) {
    scale(`deep-schema refusal, ${keyword}`, 'levels', [4_000, 8_000, 16_000], (n) => {
      const schema = nest(keyword, n)
      return () => {
        try {
          newJSONSchema(schema)
        } catch (e) {
          if (SchemaError.isInstance(e)) return
          throw e
        }
        throw new Error('should be refused')
      }
    })
  }
}

console.log(`hostile-input scaling (node ${process.version}${quick ? ', --quick' : ''})`)
console.table(rows)
