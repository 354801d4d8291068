#!/usr/bin/env node
/**
 * Grammars over the real-world corpus (../shared/corpus/maskbench and ../shared/corpus/schemastore),
 * judged by the decoding engines themselves (test/engines/judge.mjs: llama.cpp's GBNF engine and
 * XGrammar's EBNF engine, no model). Per corpus and format (GBNF, XGrammar EBNF):
 *
 * - schemas exported: `toGrammar` wrote a grammar, compact and with `indent: 2`, and the engine
 *   compiled both (a refusal is a syntax error of ours, listed);
 * - exact share: schemas whose grammar says `exact`, of those exported with tests;
 * - valid instances rejected, each judged on the text `serialize` writes with the same indent
 *   (compact and 2-space), which must also parse back to the instance;
 * - invalid instances accepted, as `serialize` writes them and as their own JSON text, apart
 *   for exact and approximate grammars (an exact grammar must accept none);
 * - beside them, each engine's own converter (llama.cpp `createGrammarForJsonSchema`, XGrammar
 *   `Grammar.fromJSONSchema`) on the compact JSON text of the same instances, and the invalid
 *   instances accepted in total over the schemas that all three compile (ours on the instances'
 *   compact JSON text, as the converters are judged).
 *
 * Labels listed in test/corpus/disputed.json are left out (a refused schema entirely). A schema
 * schemavet itself refuses is counted apart: the grammar is compiled from schemavet's graph.
 *
 *   npm run corpus:grammar                     every file of both corpora
 *   npm run corpus:grammar -- --sample N       every k-th file so that about N per corpus run
 *   --files REGEX, --jobs N (default 2), --timeout S (per file, default 180), --json FILE (every
 *   file's record), --check (exit 1 when a "must" line fails: the sample run of `npm run corpus -- --check`),
 *   --converters-only (only the engines' own converters: the figures toGrammar is measured against),
 *   --corpus maskbench|schemastore (one of them), --report FILE (the tables of a --json FILE, which a
 *   long run rewrites as it goes: a run cut short still leaves the files it finished)
 *
 * Without the corpus it prints one `corpus:grammar: SKIPPED` line and exits 0. Each file runs in
 * a worker process with a time budget and a grammar size guard; a file over either is recorded
 * with the reason, not dropped silently.
 */
import { fork, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const CORPORA = ['maskbench', 'schemastore']
const FORMATS = ['gbnf', 'xgrammar']
/** The two whitespace modes of toGrammar and serialize. */
const INDENTS = [
  ['compact', undefined],
  ['indent2', 2],
]
/** A `lost` entry that narrows only (the grammar accepts fewer texts there, never more). */
const NARROWS = /fewer texts accepted/
/** The `lost` entry of extra keys written as a repetition (a key may come twice). */
const REPEATS = /a key may repeat/
/** A grammar longer than this is not handed to an engine (recorded as too large). */
const MAX_GRAMMAR_CHARS = 4_000_000

const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}

/** Installs test/engines/ from its lockfile when missing, as `npm test` does. */
function ensureEngines() {
  if (existsSync(join(ROOT, 'test/engines/node_modules'))) return
  const r = spawnSync('npm', ['ci', '--prefix', join(ROOT, 'test/engines'), '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund'], { stdio: 'inherit' })
  if (r.status !== 0) {
    console.error('corpus:grammar: could not install test/engines (the decoding engines)')
    process.exit(2)
  }
}

function readDisputed() {
  const raw = JSON.parse(readFileSync(join(ROOT, 'test/corpus/disputed.json'), 'utf8'))
  return new Map(raw.entries.map((e) => [e.file, e]))
}

async function main() {
  const base = resolve(ROOT, '../shared/corpus')
  if (!existsSync(join(base, 'maskbench'))) {
    console.log(`corpus:grammar: SKIPPED, nothing measured: no corpus at ${base} (the real-world corpus sits beside the project in ../shared/corpus and is not part of the repository)`)
    return
  }
  const saved = arg('--report', undefined)
  if (saved !== undefined) {
    const all = JSON.parse(readFileSync(saved, 'utf8'))
    report(all, args.includes('--sampled'), false)
    return
  }
  ensureEngines()
  const jsonOut = arg('--json', undefined)
  const sample = arg('--sample', undefined)
  const only = arg('--files', undefined)
  const jobs = Math.max(1, Number(arg('--jobs', 2)))
  const timeoutMs = Math.max(1, Number(arg('--timeout', 180))) * 1000
  const check = args.includes('--check')
  const tasks = []
  const corpora = arg('--corpus', undefined)
  for (const corpus of CORPORA.filter((c) => corpora === undefined || corpora.split(',').includes(c))) {
    let names = readdirSync(join(base, corpus))
      .filter((n) => n.endsWith('.json'))
      .filter((n) => only === undefined || new RegExp(only).test(n))
      .sort()
    if (sample !== undefined) {
      const step = Math.max(1, Math.floor(names.length / Number(sample)))
      names = names.filter((_, i) => i % step === 0)
    }
    for (const name of names) tasks.push({ corpus, file: name, path: join(base, corpus, name) })
  }
  const records = new Map(tasks.map((t) => [`${t.corpus}/${t.file}`, { corpus: t.corpus, file: t.file }]))
  let next = 0
  let finished = 0
  let lastReport = Date.now()
  const lane = () =>
    new Promise((resolveLane) => {
      const start = () => {
        if (next >= tasks.length) return resolveLane()
        const child = fork(fileURLToPath(import.meta.url), [], {
          execArgv: ['--import', 'tsx', '--import', join(ROOT, 'test/support/optional-entries.ts'), '--max-old-space-size=2048'],
          env: { ...process.env, CORPUS_GRAMMAR_WORKER: args.includes('--converters-only') ? 'converters' : 'all' },
          stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        })
        let current
        let timer
        const give = () => {
          clearTimeout(timer)
          if (next >= tasks.length) {
            current = undefined
            child.kill()
            return
          }
          current = tasks[next++]
          timer = setTimeout(() => {
            const record = records.get(`${current.corpus}/${current.file}`)
            record.stopped = `no answer within ${timeoutMs / 1000} s (during ${record.stage ?? 'the file'})`
            child.kill('SIGKILL')
          }, timeoutMs)
          child.send(current)
        }
        child.on('message', (m) => {
          if (m.ready) return give()
          const record = records.get(`${m.corpus}/${m.file}`)
          Object.assign(record, m.part)
          if (m.done) {
            record.done = true
            finished++
            if (Date.now() - lastReport > 30_000) {
              lastReport = Date.now()
              process.stderr.write(`corpus:grammar: ${finished}/${tasks.length} files\n`)
              // a long run leaves what it has so far (`--report FILE` prints its tables)
              if (jsonOut !== undefined) writeFileSync(jsonOut, JSON.stringify([...records.values()].filter((r) => r.done), null, 1))
            }
            give()
          }
        })
        child.on('exit', (code, signal) => {
          clearTimeout(timer)
          if (current !== undefined) {
            const record = records.get(`${current.corpus}/${current.file}`)
            record.stopped ??= `worker ended (${signal ?? code}) during ${record.stage ?? 'the file'}`
            finished++
            start() // a fresh worker for the rest
          } else resolveLane()
        })
      }
      start()
    })
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, lane))
  const all = [...records.values()]
  if (arg('--json', undefined) !== undefined) writeFileSync(arg('--json'), JSON.stringify(all, null, 1))
  const ok = report(all, sample !== undefined, args.includes('--converters-only'))
  if (check && !ok) process.exit(1)
}

const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`)
const n = (x) => x.toLocaleString('en-US')

/** Prints the tables; true when every "must" holds. */
function report(all, sampled, convertersOnly) {
  let ok = true
  const must = (holds, line) => {
    console.log(`${holds ? 'ok  ' : 'FAIL'} ${line}`)
    if (!holds) ok = false
  }
  console.log(`grammars over the corpus${sampled ? ' (a sample)' : ''}: ${n(all.length)} files\n`)
  const common3 = { schemas: 0, invalidThere: 0, oursGbnf: 0, oursX: 0, llama: 0, xg: 0 }
  for (const corpus of CORPORA) {
    const files = all.filter((r) => r.corpus === corpus)
    if (files.length === 0) continue
    const skipped = files.filter((r) => r.skipped !== undefined)
    const stopped = files.filter((r) => r.stopped !== undefined)
    const compiled = files.filter((r) => r.schemavet === true)
    console.log(`## ${corpus}: ${n(files.length)} files, ${n(compiled.length)} compiled by schemavet (${n(files.filter((r) => r.schemavet === false).length)} refused, ${n(skipped.length)} disputed schemas left out, ${n(stopped.length)} stopped)`)
    for (const r of stopped) console.log(`  stopped: ${r.file}: ${r.stopped}`)
    if (!convertersOnly) console.log('| format | exported | exact (with tests) | valid rejected, compact | valid rejected, indent 2 | invalid accepted, exact | invalid accepted, approximate |')
    if (!convertersOnly) console.log('|---|---|---|---|---|---|---|')
    const lines = []
    const causes = []
    for (const format of convertersOnly ? [] : FORMATS) {
      const t = { exported: 0, withTests: 0, exact: 0, butRepeats: 0, kinds: new Map(), valid: { compact: 0, indent2: 0 }, rejected: { compact: 0, indent2: 0 }, invalidExact: 0, acceptedExact: 0, invalidApprox: 0, acceptedApprox: 0 }
      const problems = []
      for (const r of compiled) {
        const g = r.ours?.[format]
        if (g === undefined || g.failed !== undefined) {
          problems.push(`${r.file}: ${g?.failed ?? r.stopped ?? 'no answer'}`)
          continue
        }
        t.exported++
        if (r.tests > 0) {
          t.withTests++
          if (g.exact) t.exact++
          if (g.exactButRepeats) t.butRepeats++
          for (const k of g.lostKinds ?? []) t.kinds.set(k, (t.kinds.get(k) ?? 0) + 1)
        }
        for (const [mode] of INDENTS) {
          t.valid[mode] += g[mode].valid
          t.rejected[mode] += g[mode].validRejected.length
          for (const x of g[mode].validRejected) problems.push(`${r.file}: valid #${x.test} rejected (${mode}${x.why ? `: ${x.why}` : ''})`)
          if (g.exact) {
            t.invalidExact += g[mode].invalid
            t.acceptedExact += g[mode].invalidAccepted.length
            for (const x of g[mode].invalidAccepted) problems.push(`${r.file}: invalid #${x.test} accepted by an exact grammar (${mode}, as ${x.as})`)
          } else {
            t.invalidApprox += g[mode].invalid
            t.acceptedApprox += g[mode].invalidAccepted.length
          }
        }
      }
      causes.push({ format, withTests: t.withTests, exact: t.exact, butRepeats: t.butRepeats, kinds: t.kinds })
      console.log(
        `| ${format} | ${n(t.exported)} of ${n(compiled.length)} | ${n(t.exact)} of ${n(t.withTests)} (${pct(t.exact, t.withTests)}) | ${n(t.rejected.compact)} of ${n(t.valid.compact)} | ${n(t.rejected.indent2)} of ${n(t.valid.indent2)} | ${n(t.acceptedExact)} of ${n(t.invalidExact)} | ${n(t.acceptedApprox)} of ${n(t.invalidApprox)} |`,
      )
      lines.push(() => {
        must(t.exported === compiled.length, `${corpus} ${format}: a grammar for every schema schemavet compiles, compact and indent 2, compiled by the engine (${n(t.exported)} of ${n(compiled.length)})`)
        must(t.rejected.compact + t.rejected.indent2 === 0, `${corpus} ${format}: no valid instance rejected (${n(t.rejected.compact + t.rejected.indent2)})`)
        must(t.acceptedExact === 0, `${corpus} ${format}: no invalid instance accepted where exact (${n(t.acceptedExact)})`)
        if (!sampled) must(t.exact >= 0.6 * t.withTests, `${corpus} ${format}: exact on at least 60% of the schemas with tests (${pct(t.exact, t.withTests)})`)
        for (const p of problems.slice(0, 12)) console.log(`       ${p}`)
        if (problems.length > 12) console.log(`       ... ${problems.length - 12} more (--json FILE lists every file)`)
      })
    }
    for (const c of causes) {
      console.log(`\n${c.format}: exact ${n(c.exact)} of ${n(c.withTests)} (${pct(c.exact, c.withTests)}); with extra keys that may repeat counted as exact ${n(c.exact + c.butRepeats)} (${pct(c.exact + c.butRepeats, c.withTests)}). What keeps the others inexact, by schemas with tests:`)
      for (const [k, v] of [...c.kinds].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${n(v)}  ${k}`)
    }
    console.log('\nthe engines\' own converters, on the compact JSON text of the same instances (schemas with tests):')
    console.log('| converter | schemas compiled | valid rejected | invalid accepted |')
    console.log('|---|---|---|---|')
    const withTests = files.filter((r) => r.tests > 0)
    for (const engine of ['llama', 'xgrammar']) {
      const c = { compiled: 0, valid: 0, rejected: 0, invalid: 0, accepted: 0 }
      for (const r of withTests) {
        const b = r.baseline?.[engine]
        if (b === undefined || b.failed !== undefined) continue
        c.compiled++
        c.valid += b.valid
        c.rejected += b.validRejected
        c.invalid += b.invalid
        c.accepted += b.invalidAccepted
      }
      console.log(`| ${engine === 'llama' ? 'llama.cpp createGrammarForJsonSchema' : 'XGrammar Grammar.fromJSONSchema'} | ${n(c.compiled)} of ${n(withTests.length)} | ${n(c.rejected)} of ${n(c.valid)} | ${n(c.accepted)} of ${n(c.invalid)} |`)
    }
    if (convertersOnly) continue
    // Over the schemas all three compile: ours (each format in its engine) against each converter.
    const common = withTests.filter((r) => r.schemavet === true && FORMATS.every((f) => r.ours?.[f]?.failed === undefined && r.ours?.[f] !== undefined) && ['llama', 'xgrammar'].every((e) => r.baseline?.[e] !== undefined && r.baseline[e].failed === undefined))
    const sum = (pick) => common.reduce((s, r) => s + pick(r), 0)
    const invalidThere = sum((r) => r.baseline.llama.invalid)
    const oursGbnf = sum((r) => r.ours.gbnf.ownCompactInvalidAccepted)
    const oursX = sum((r) => r.ours.xgrammar.ownCompactInvalidAccepted)
    const llama = sum((r) => r.baseline.llama.invalidAccepted)
    const xg = sum((r) => r.baseline.xgrammar.invalidAccepted)
    console.log(`\nover the ${n(common.length)} schemas with tests that all three compile (${n(invalidThere)} invalid instances, compact JSON text): invalid accepted by ours ${n(oursGbnf)} (GBNF) and ${n(oursX)} (XGrammar), llama.cpp's converter ${n(llama)}, XGrammar's ${n(xg)}`)
    for (const line of lines) line()
    for (const [k, v] of Object.entries({ invalidThere, oursGbnf, oursX, llama, xg })) common3[k] += v
    common3.schemas += common.length
    console.log('')
  }
  // Over both corpora together: one corpus alone may leave a converter nothing to lose (XGrammar's
  // accepts no invalid SchemaStore instance of the schemas it compiles).
  if (convertersOnly) return ok
  const c = common3
  console.log(`both corpora, the ${n(c.schemas)} schemas with tests all three compile (${n(c.invalidThere)} invalid instances): invalid accepted by ours ${n(c.oursGbnf)} (GBNF) and ${n(c.oursX)} (XGrammar), llama.cpp's converter ${n(c.llama)}, XGrammar's ${n(c.xg)}`)
  const ours = Math.max(c.oursGbnf, c.oursX)
  // A goal to report, not a property of every build: the counts move with the sample and with
  // each keyword the grammar learns to hold, so `--check` fails only on the correctness lines.
  const fewer = ours < Math.min(c.llama, c.xg)
  console.log(`${fewer ? 'met ' : 'SHORT'} target: fewer invalid instances accepted in total than either engine's converter over the schemas all three compile (ours ${n(ours)} against ${n(Math.min(c.llama, c.xg))})`)
  console.log(ok ? 'corpus:grammar: ok' : 'corpus:grammar: FAILED')
  return ok
}

// --- the worker: one file at a time

async function worker() {
  const convertersOnly = process.env.CORPUS_GRAMMAR_WORKER === 'converters'
  const { toGrammar } = convertersOnly ? {} : await import('../grammar/index.ts')
  const { newJSONSchema } = await import('../index.ts')
  const { engines } = await import('../test/engines/judge.mjs')
  const disputed = readDisputed()
  // Load both engines before the first file, so its time budget is the file's alone.
  for (const engine of [engines.gbnf, engines.xgrammar]) (await engine.compile('root ::= "a"')).dispose()
  process.on('message', async (task) => {
    const send = (part, done = false) => process.send({ corpus: task.corpus, file: task.file, part, done })
    try {
      await runFile(task, send, { toGrammar, newJSONSchema, engines, disputed, convertersOnly })
    } catch (e) {
      send({ crashed: String(e?.stack ?? e).slice(0, 500) })
    }
    send({ stage: undefined }, true)
  })
  process.send({ ready: true })
}

async function runFile(task, send, { toGrammar, newJSONSchema, engines, disputed, convertersOnly }) {
  const doc = JSON.parse(readFileSync(task.path, 'utf8'))
  const entry = task.corpus === 'maskbench' ? disputed.get(task.file) : undefined
  if (entry?.refused) {
    send({ skipped: 'disputed schema' })
    return
  }
  const leftOut = new Set(entry?.tests ?? [])
  const tests = (doc.tests ?? []).map((t, i) => ({ ...t, index: i })).filter((t) => !leftOut.has(t.index))
  send({ tests: tests.length, stage: 'schemavet' })
  let compiled
  try {
    compiled = newJSONSchema(doc.schema, doc.remotes === undefined ? {} : { schemas: doc.remotes })
  } catch (e) {
    send({ schemavet: false, refused: String(e?.message ?? e).slice(0, 200) })
    return
  }
  send({ schemavet: true })
  const ours = {}
  for (const format of convertersOnly ? [] : FORMATS) {
    send({ stage: `ours ${format}` })
    ours[format] = await judgeOurs(toGrammar, compiled, format, engines[format], tests)
  }
  send({ ours })
  if (tests.length === 0) return
  const baseline = {}
  for (const [name, engine] of [
    ['llama', engines.gbnf],
    ['xgrammar', engines.xgrammar],
  ]) {
    send({ stage: `baseline ${name}` })
    baseline[name] = await judgeConverter(engine, doc.schema, tests)
    send({ baseline: { ...baseline } })
  }
}

/** One format: both indents exported, compiled, and judged on every instance. */
async function judgeOurs(toGrammar, compiled, format, engine, tests) {
  const out = {}
  for (const [mode, indent] of INDENTS) {
    let g
    try {
      g = toGrammar(compiled, indent === undefined ? { format } : { format, indent })
    } catch (e) {
      return { failed: `toGrammar ${mode}: ${String(e?.message ?? e).slice(0, 200)}` }
    }
    if (g.grammar.length > MAX_GRAMMAR_CHARS) return { failed: `grammar of ${g.grammar.length} characters (${mode}) over the guard of ${MAX_GRAMMAR_CHARS}` }
    out.exact = g.exact
    out.lost = g.lost.length
    // what keeps the grammar from exact, per kind (locations dropped), for the tables of causes
    out.lostKinds = [...new Set(g.lost.map((l) => `${l.keyword}: ${l.how.replace(/#[^\s)]*/g, '#')}`))]
    // exact but for extra keys that may repeat (a grammar cannot remember the keys it wrote)
    out.exactButRepeats = !g.exact && g.lost.every((l) => NARROWS.test(l.how) || REPEATS.test(l.how))
    out.chars = Math.max(out.chars ?? 0, g.grammar.length)
    let judged
    try {
      judged = await engine.compile(g.grammar)
    } catch (e) {
      return { failed: `the engine refuses the grammar (${mode}): ${String(e?.message ?? e).slice(0, 200)}` }
    }
    const r = { valid: 0, validRejected: [], invalid: 0, invalidAccepted: [] }
    try {
      for (const t of tests) {
        const own = indent === undefined ? JSON.stringify(t.data) : JSON.stringify(t.data, null, indent)
        let written
        let why
        try {
          written = g.serialize(t.data, indent === undefined ? {} : { indent })
        } catch (e) {
          why = `serialize threw: ${String(e?.message ?? e).slice(0, 120)}`
        }
        if (t.valid) {
          r.valid++
          if (written === undefined) r.validRejected.push({ test: t.index, why })
          else if (!isDeepStrictEqual(JSON.parse(written), t.data)) r.validRejected.push({ test: t.index, why: 'serialize does not parse back to the instance' })
          else if (!(await judged.accepts(written))) r.validRejected.push({ test: t.index })
        } else {
          r.invalid++
          if (written !== undefined && written !== own && (await judged.accepts(written))) r.invalidAccepted.push({ test: t.index, as: 'serialize' })
          else if (await judged.accepts(own)) r.invalidAccepted.push({ test: t.index, as: 'own JSON text' })
          if (mode === 'compact' && (await judged.accepts(own))) {
            out.ownCompactInvalidAccepted = (out.ownCompactInvalidAccepted ?? 0) + 1
            ;(out.ownCompactAcceptedTests ??= []).push(t.index)
          }
        }
      }
    } finally {
      judged.dispose()
    }
    out[mode] = r
  }
  out.ownCompactInvalidAccepted ??= 0
  return out
}

/** An engine's own converter on the raw schema, judged on each instance's compact JSON text. */
async function judgeConverter(engine, schema, tests) {
  let judged
  try {
    judged = await engine.fromJsonSchema(schema)
  } catch (e) {
    return { failed: String(e?.message ?? e).slice(0, 200) }
  }
  const r = { valid: 0, validRejected: 0, invalid: 0, invalidAccepted: 0, acceptedTests: [] }
  try {
    for (const t of tests) {
      const accepted = await judged.accepts(JSON.stringify(t.data))
      if (t.valid) {
        r.valid++
        if (!accepted) r.validRejected++
      } else {
        r.invalid++
        if (accepted) {
          r.invalidAccepted++
          r.acceptedTests.push(t.index)
        }
      }
    }
  } finally {
    judged.dispose()
  }
  return r
}

if (process.env.CORPUS_GRAMMAR_WORKER) await worker()
else await main()
