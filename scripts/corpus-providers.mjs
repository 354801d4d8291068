#!/usr/bin/env node
/**
 * Providers over the real-world corpus (../shared/corpus/maskbench, files with valid instances):
 * per profile, schemas compiled, provider schemas the profile's meta-schema accepts, instances
 * that round-trip (encode validates against the provider schema, decode gives back the defaulted
 * instance), invalid instances decode rejects, and the share of constraints kept in the provider
 * schema. Run: npm run corpus:providers [-- --limit N] [--from N] [--files a.json,b.json] [--failures file.json]
 *
 * Without the corpus it prints one `corpus:providers: SKIPPED` line saying why and exits 0.
 *
 * Files run in worker processes with a per-file time budget: a file that exceeds it is recorded
 * as skipped with the reason instead of stalling the run (this is a measurement script, not a test).
 */
import { fork } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CORPUS = resolve(ROOT, '../shared/corpus/maskbench')
const PROVIDERS = ['openai', 'gemini', 'gemini-openapi', 'minimal', 'anthropic']
const PER_FILE_MS = 30_000

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}

if (process.env.CORPUS_PROVIDERS_WORKER) await worker()
else await main()

async function main() {
  if (!existsSync(CORPUS)) {
    console.log(`corpus:providers: SKIPPED, nothing measured: no corpus at ${CORPUS} (the real-world corpus sits beside the project in ../shared/corpus and is not part of the repository)`)
    return
  }
  const from = Number(arg('--from', 0))
  const limit = Number(arg('--limit', Infinity))
  const jobs = Number(arg('--jobs', 2))
  const only = arg('--files', undefined)
  const files = only ? only.split(',') : readdirSync(CORPUS).filter((f) => f.endsWith('.json')).sort().slice(from, from + limit)
  const totals = Object.fromEntries(PROVIDERS.map((p) => [p, { files: 0, compiled: 0, meta: 0, strict: 0, instances: 0, roundTrips: 0, invalid: 0, rejected: 0, constraints: 0, kept: 0 }]))
  const failures = []
  const skipped = []
  let noValid = 0
  let notCompiled = 0
  let next = 0
  let done = 0
  const run = () =>
    new Promise((resolveRun) => {
      const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx', '--import', join(ROOT, 'test/support/optional-entries.ts'), '--max-old-space-size=2048'], env: { ...process.env, CORPUS_PROVIDERS_WORKER: '1' } })
      let current
      let timer
      const give = () => {
        clearTimeout(timer)
        if (next >= files.length) {
          child.kill()
          return
        }
        current = files[next++]
        timer = setTimeout(() => {
          skipped.push({ file: current, reason: `no answer within ${PER_FILE_MS / 1000} s (applyDefaults or validation did not finish)` })
          child.kill('SIGKILL')
        }, PER_FILE_MS)
        child.send(current)
      }
      child.on('message', (r) => {
        done++
        if (r.noValid) noValid++
        else if (r.notCompiled) {
          notCompiled++
          failures.push({ file: r.file, provider: '*', what: 'original schema does not compile', detail: r.notCompiled })
        } else {
          for (const p of PROVIDERS) {
            const t = totals[p]
            const x = r.providers[p]
            t.files++
            for (const k of Object.keys(x.counts)) t[k] += x.counts[k]
            for (const f of x.failures) failures.push({ file: r.file, provider: p, ...f })
          }
        }
        if (done % 500 === 0) process.stderr.write(`${done}/${files.length}\n`)
        give()
      })
      child.on('exit', (code) => {
        clearTimeout(timer)
        if (code !== 0 && code !== null && current && !skipped.some((s) => s.file === current)) skipped.push({ file: current, reason: `worker exited with code ${code}` })
        if (next < files.length) run().then(resolveRun)
        else resolveRun()
      })
      give()
    })
  await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, run))

  const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(2)}%`)
  console.log(`corpus: ${files.length} files, ${noValid} without valid instances, ${notCompiled} whose schema does not compile, ${skipped.length} skipped`)
  console.log('profile         files  compiled  meta-accepted  strict   round-trips            invalid rejected        constraints kept')
  for (const p of PROVIDERS) {
    const t = totals[p]
    console.log(
      `${p.padEnd(15)} ${String(t.files).padStart(5)}  ${pct(t.compiled, t.files).padStart(8)}  ${pct(t.meta, t.compiled).padStart(13)}  ${pct(t.strict, t.compiled).padStart(7)}  ` +
        `${`${t.roundTrips}/${t.instances}`.padStart(11)} ${pct(t.roundTrips, t.instances).padStart(8)}  ${`${t.rejected}/${t.invalid}`.padStart(11)} ${pct(t.rejected, t.invalid).padStart(8)}  ${pct(t.kept, t.constraints).padStart(8)} of ${t.constraints}`,
    )
  }
  for (const s of skipped) console.log(`skipped ${s.file}: ${s.reason}`)
  // the thresholds the providers section holds to: every schema accepted by its profile, every round trip, every
  // invalid instance refused, at least 80% of constraints kept in the provider schema
  const short = []
  for (const p of PROVIDERS) {
    const t = totals[p]
    if (t.compiled < t.files) short.push(`${p}: ${t.files - t.compiled} schemas not converted`)
    if (t.meta < t.compiled) short.push(`${p}: ${t.compiled - t.meta} provider schemas refused by the profile`)
    if (t.roundTrips < t.instances) short.push(`${p}: ${t.instances - t.roundTrips} instances do not round-trip`)
    if (t.rejected < t.invalid) short.push(`${p}: ${t.invalid - t.rejected} invalid instances decoded as valid`)
    if (t.constraints > 0 && t.kept / t.constraints < 0.8) short.push(`${p}: ${pct(t.kept, t.constraints)} of constraints kept (under 80%)`)
  }
  console.log(short.length ? `short of the thresholds:\n  ${short.join('\n  ')}` : 'every threshold met (meta-schema 100%, round trips 100%, invalid refused 100%, constraints kept >= 80%)')
  if (short.length) process.exitCode = 1
  const out = arg('--failures', undefined)
  if (out) writeFileSync(out, JSON.stringify({ failures, skipped, totals }, null, 1))
  else if (failures.length) console.log(`${failures.length} failures (write them with --failures file.json); first: ${JSON.stringify(failures[0]).slice(0, 400)}`)
}

async function worker() {
  const { newJSONSchema, applyDefaults } = await import('../index.ts')
  const { compileForProvider } = await import('../providers/index.ts')
  const { metaValidator } = await import('../test/providers/profiles.ts')
  process.on('message', (file) => {
    const doc = JSON.parse(readFileSync(join(CORPUS, file), 'utf8'))
    const tests = Array.isArray(doc.tests) ? doc.tests : []
    if (!tests.some((t) => t.valid)) return process.send({ file, noValid: true })
    let schema
    try {
      schema = newJSONSchema(doc.schema)
    } catch (e) {
      return process.send({ file, notCompiled: String(e?.message ?? e).slice(0, 300) })
    }
    const cases = tests.map((t) => {
      let defaulted
      let accepted = false
      try {
        defaulted = applyDefaults(t.data, schema)
        accepted = schema.validator().validate(defaulted) === null
      } catch {
        defaulted = undefined
      }
      return { data: t.data, valid: t.valid, defaulted, accepted }
    })
    const providers = {}
    for (const provider of PROVIDERS) {
      const counts = { compiled: 0, meta: 0, strict: 0, instances: 0, roundTrips: 0, invalid: 0, rejected: 0, constraints: 0, kept: 0 }
      const failures = []
      providers[provider] = { counts, failures }
      let p
      try {
        p = compileForProvider(schema, { provider })
      } catch (e) {
        failures.push({ what: 'compileForProvider threw', detail: String(e?.stack ?? e).slice(0, 400) })
        continue
      }
      counts.compiled++
      if (p.strict) counts.strict++
      counts.constraints += p.constraints.total
      counts.kept += p.constraints.kept
      const ps = p.schema
      const metaError = metaValidator(provider).validate(ps)
      if (metaError === null) counts.meta++
      else failures.push({ what: 'meta-schema rejects p.schema', detail: metaError.message.slice(0, 400) })
      let provider2
      try {
        provider2 = newJSONSchema(ps)
      } catch (e) {
        failures.push({ what: 'p.schema does not compile', detail: String(e?.message ?? e).slice(0, 300) })
        continue
      }
      for (const c of cases) {
        if (c.valid && c.accepted) {
          counts.instances++
          const enc = p.encode(c.data)
          const encError = provider2.validator().validate(enc)
          const dec = p.decode(enc)
          if (encError === null && dec.success && isDeepStrictEqual(dec.value, c.defaulted)) counts.roundTrips++
          else
            failures.push({
              what: encError ? 'encode(x) rejected by p.schema' : !dec.success ? 'decode(encode(x)) failed' : 'decode(encode(x)) differs',
              detail: (encError ? encError.message : !dec.success ? dec.error.message : JSON.stringify(dec.value)).slice(0, 400),
              data: JSON.stringify(c.data).slice(0, 300),
            })
        } else if (!c.valid && c.defaulted !== undefined && !c.accepted) {
          counts.invalid++
          const dec = p.decode(p.encode(c.data))
          if (!dec.success) counts.rejected++
          else failures.push({ what: 'invalid instance decoded as success', data: JSON.stringify(c.data).slice(0, 300) })
        }
      }
    }
    process.send({ file, providers })
  })
}
