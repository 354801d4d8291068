#!/usr/bin/env node
/**
 * Calibration of `maxWork`: the time one validate call takes to spend a whole work budget on the
 * worst shapes found, as nanoseconds per unit charged and as milliseconds for the default budget.
 * Each case compiles in untrusted mode (its default `maxWork`) or with the `maxWork` given, on
 * data large enough that the call ends with the `limit` issue (checked), so the time measured is
 * the time to spend the budget (one pass, or two on invalid data: see SECURITY.md).
 *
 * On a loaded machine the fastest of several runs is the closest to an idle one: the table shows
 * the fastest and the median. `--maxWork=N` overrides the budget of every case (ns per unit is
 * then read at another size: the figure should not move).
 *
 * Run: npm run build && node --expose-gc bench/maxwork-bound.mjs [--runs=N] [--maxWork=N] [--only=<case name part>]
 */
import { performance } from 'node:perf_hooks'
import { newJSONSchema, UNTRUSTED_LIMITS } from '../dist/index.js'
import '../dist/linear-regex.js'

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const runs = Number(arg('runs') ?? 9)
const only = arg('only')
const budget = Number(arg('maxWork') ?? UNTRUSTED_LIMITS.maxWork)

const cases = []
/** `make()` returns [schema, data, options?]; the call must end with the `limit` issue. */
const add = (name, make) => {
  if (only === undefined || name.includes(only)) cases.push({ name, make })
}

const deep = (n, leaf) => {
  let v = leaf
  for (let i = 0; i < n; i++) v = { a: v }
  return v
}
const union = (keyword) => ({
  $defs: { t: { [keyword]: [{ type: 'integer' }, { type: 'object', properties: { a: { $ref: '#/$defs/t' } } }] } },
  $ref: '#/$defs/t',
})

add('deep recursive anyOf, failing (allErrors)', () => [union('anyOf'), deep(200_000, 'x'), { allErrors: true }])
add('deep recursive anyOf, failing', () => [union('anyOf'), deep(200_000, 'x')])
add('deep recursive anyOf, valid', () => [union('anyOf'), deep(200_000, 1)])
add('deep recursive oneOf, failing (allErrors)', () => [union('oneOf'), deep(200_000, 'x'), { allErrors: true }])
add('wide anyOf of 8 objects, each failing', () => {
  const branches = Array.from({ length: 8 }, (_, i) => ({ type: 'object', required: [`k${i}`], properties: { a: { $ref: '#' } } }))
  return [{ anyOf: branches }, deep(200_000, 'x'), { allErrors: true }]
})
add('items over many arrays', () => [{ items: { items: { type: 'integer' } } }, Array.from({ length: 2000 }, () => Array.from({ length: 1000 }, (_, i) => i))])
add('patternProperties over many keys, 4 patterns', () => {
  const o = {}
  for (let i = 0; i < 30_000; i++) o[`key${i}`] = i
  return [{ patternProperties: { '^a': { type: 'string' }, '^b': { type: 'string' }, 'c$': { type: 'string' }, '^k.*z$': { type: 'string' } } }, o]
})
add('additionalProperties with patterns over many keys', () => {
  const o = {}
  for (let i = 0; i < 30_000; i++) o[`key${i}`] = i
  return [{ properties: { x: {} }, patternProperties: { '^a': {}, '^b': {}, 'c$': {} }, additionalProperties: { type: 'integer' } }, o]
})
add('uniqueItems over many objects', () => [{ uniqueItems: true }, Array.from({ length: 400_000 }, (_, i) => ({ a: i, b: `x${i}` }))])
add('uniqueItems over items of one hash', () => [{ uniqueItems: true }, Array.from({ length: 30_000 }, (_, i) => [[i]])])
add('format regex on property escapes', () => [{ format: 'regex' }, '\\p{L}'.repeat(200_000)])
add('format regex on classes', () => [{ format: 'regex' }, '[\\P{L}\\p{N}]'.repeat(100_000)])
add('format email on long strings, many branches', () => [{ anyOf: Array.from({ length: 50 }, () => ({ format: 'email' })) }, 'a'.repeat(1_000_000)])
add('minLength on a long string, many branches', () => [{ anyOf: Array.from({ length: 200 }, (_, i) => ({ minLength: 1_500_000 + i })) }, '\u{1F600}'.repeat(1_000_000)])
add('long pattern on long strings', () => [{ pattern: `^(?:${Array.from({ length: 100 }, (_, i) => `a{1,9}b${i}`).join('|')})+$` }, 'a'.repeat(2_000_000)])
add('pattern on long strings, many branches', () => [{ anyOf: Array.from({ length: 100 }, (_, i) => ({ pattern: `^[a-z]*${i}$` })) }, 'a'.repeat(2_000_000)])
add('enum of many objects', () => [{ items: { enum: Array.from({ length: 5000 }, (_, i) => ({ a: i, b: [i, i] })) } }, Array.from({ length: 10_000 }, () => ({ a: -1, b: [0, 0] }))])
add('const of a large object', () => {
  const c = {}
  for (let i = 0; i < 10_000; i++) c[`k${i}`] = i
  return [{ items: { const: c } }, Array.from({ length: 200 }, () => ({ ...c, k9999: -1 })), { allErrors: true }]
})
add('propertyNames over many keys', () => {
  const o = {}
  for (let i = 0; i < 30_000; i++) o[`key${i}`] = i
  return [{ propertyNames: { maxLength: 3 } }, o]
})
add('minProperties on a wide object, many branches', () => {
  const o = {}
  for (let i = 0; i < 10_000; i++) o[`key${i}`] = i
  return [{ anyOf: Array.from({ length: 200 }, (_, i) => ({ minProperties: 20_000 + i })) }, o]
})
add('contentMediaType json on a long string', () => [{ anyOf: Array.from({ length: 50 }, () => ({ contentMediaType: 'application/json', contentSchema: { type: 'integer' } })) }, `[${'1,'.repeat(500_000)}1]`])

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
/** Elapsed and CPU milliseconds of one call (CPU: this process, all threads, so the GC's helpers too). */
function timed(fn) {
  globalThis.gc?.()
  const cpu = process.cpuUsage()
  const start = performance.now()
  const result = fn()
  const ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  return { result, ms, cpu: (used.user + used.system) / 1000 }
}
const rows = []
let worst = { name: '', perUnit: 0 }
for (const c of cases) {
  const [schema, data, options] = c.make()
  const v = newJSONSchema(schema, { untrusted: true, ...(arg('maxWork') === undefined ? {} : { maxWork: budget }), ...options })
  const first = timed(() => v.validate(data))
  const limited = first.result !== null && first.result.errors.length === 1 && first.result.errors[0].keyword === 'limit'
  const times = [first.ms]
  const cpus = [first.cpu]
  // A case that is not bounded (seconds per call) is timed once.
  for (let i = 0; i < (first.cpu > 3_000 ? 0 : runs); i++) {
    const t = timed(() => v.validate(data))
    times.push(t.ms)
    cpus.push(t.cpu)
  }
  const fastest = Math.min(...times)
  const fastestCpu = Math.min(...cpus)
  // Spent: the whole budget (and at most once more on the failure pass of invalid data). On a
  // loaded machine CPU time is the closer figure to an idle one's elapsed time.
  const perUnit = (Math.min(fastest, fastestCpu) * 1e6) / budget
  if (limited && perUnit > worst.perUnit) worst = { name: c.name, perUnit }
  const row = {
    case: c.name,
    ends: limited ? 'limit' : first.result === null ? 'valid (NOT LIMITED)' : `${first.result.errors[0].keyword} (NOT LIMITED)`,
    fastest: `${fastest.toFixed(1)} ms`,
    median: `${median(times).toFixed(1)} ms`,
    'fastest CPU': `${fastestCpu.toFixed(1)} ms`,
    'ns per unit': perUnit.toFixed(1),
  }
  rows.push(row)
  console.log(JSON.stringify(row))
}
console.log(`maxWork calibration (node ${process.version}, budget ${budget.toLocaleString('en')}, fastest of ${runs + 1} runs)`)
console.table(rows)
if (worst.perUnit > 0) {
  console.log(`worst limited case: ${worst.name}: ${worst.perUnit.toFixed(1)} ns per unit; the default budget (${UNTRUSTED_LIMITS.maxWork.toLocaleString('en')}) in ${((worst.perUnit * UNTRUSTED_LIMITS.maxWork) / 1e6).toFixed(1)} ms`)
}

