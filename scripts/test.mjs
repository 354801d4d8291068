#!/usr/bin/env node
/**
 * The test command. With no argument (`npm test`, what CI runs): type-check, build, run every
 * uvu suite under c8 (coverage threshold on core/, plugins/ and the libraries beside them:
 * regex/, convert/, formats/), run the no-code-generation checks with plain `node`, then print
 * one closing line `N passed, N failed` counting every test case, and exit non-zero on any
 * failure.
 *
 * With patterns (`npm test -- keywords`, `npm test -- 'plugins/validation/' regex/`):
 * only the test files whose path under test/ matches one of the patterns (regular expressions),
 * without type-check, build or coverage, so a change can be checked in seconds; the closing line
 * is the same. Suites that read the build (the CLI, the bundle) need `npm run build` first. A
 * pattern that matches no file fails, so a typo does not pass as an empty run.
 *
 * The engine-judged grammar tests (test/engines/) need the decoding engines, a test package of
 * their own (test/engines/package.json, its own lockfile): it is installed here when its
 * node_modules is missing and a test under test/engines/ is to run.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '')
let passed = 0
let failed = 0

/** Runs a command, echoing its output; returns the text and exit status. */
function run(label, command, args, env = {}) {
  process.stdout.write(`\n> ${label}\n`)
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 30 })
  process.stdout.write(result.stdout ?? '')
  process.stderr.write(result.stderr ?? '')
  return { text: strip((result.stdout ?? '') + (result.stderr ?? '')), status: result.status ?? 1 }
}

/** A step that is one test case: passes when the command exits 0. */
function step(label, command, args) {
  const { status } = run(label, command, args)
  if (status === 0) passed++
  else failed++
}

/** The uvu suites, `.test.ts` files under test/ (the vendored official suite has none). */
const SUITE = /\.test\.ts$/
/** Run with plain node against the build, each printing its own `N passed, N failed`. */
const NO_EVAL = /\.(mjs|ts)$/

/** TypeScript sources through tsx, with the optional entries (idn, linear regex) registered. */
const TS_LOADER = ['--import', 'tsx', '--import', './test/support/optional-entries.ts']
/** uvu over the test/ folder; the file pattern follows. */
const UVU = [...TS_LOADER, 'node_modules/uvu/bin.js', 'test']

/** Every file under a directory, as paths relative to the project root with `/` separators. */
function filesUnder(dir) {
  const out = []
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules') continue // test/engines/ installs its own
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...filesUnder(path))
    else out.push(relative('.', path).split(sep).join('/'))
  }
  return out
}

/** Counts a no-eval check's own `N passed, N failed` line (a crash or a missing line is a failure). */
function noEval(file) {
  const loader = file.endsWith('.ts') ? TS_LOADER : []
  const r = run(`no-eval: ${file.slice('test/no-eval/'.length)}`, 'node', ['--disallow-code-generation-from-strings', ...loader, file])
  const m = /(\d+) passed, (\d+) failed/.exec(r.text)
  if (m === null || r.status !== 0) failed += m === null ? 1 : Math.max(1, Number(m[2]))
  else passed += Number(m[1])
  if (m !== null && r.status !== 0) passed += Number(m[1])
}

/** Adds uvu's closing summary (the last one printed: a child process printing one came earlier). */
function countUvu(result) {
  const lastMatch = (re) => [...result.text.matchAll(re)].at(-1)?.[1]
  const total = Number(lastMatch(/Total:\s+(\d+)/g) ?? NaN)
  const ok = Number(lastMatch(/Passed:\s+(\d+)/g) ?? NaN)
  if (Number.isNaN(total) || Number.isNaN(ok)) {
    failed++
    console.error('could not read the uvu summary')
    return { total, ok }
  }
  passed += ok
  failed += total - ok
  return { total, ok }
}

/**
 * Installs test/engines/ from its lockfile when missing. Optional dependencies are left out:
 * they are node-llama-cpp's other platform and GPU builds (about 700 MB), while the CPU build
 * for this platform is a direct dependency. Install scripts are skipped: node-llama-cpp's
 * postinstall would look for or build a llama.cpp binary, and the tests load the prebuilt one
 * (`build: 'never'`).
 */
function ensureEngines() {
  if (existsSync('test/engines/node_modules')) return
  const r = run('install test/engines (npm ci)', 'npm', ['ci', '--prefix', 'test/engines', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund'])
  if (r.status !== 0) {
    failed++
    console.error('could not install test/engines: the engine-judged grammar tests will fail')
  }
}

const patterns = process.argv.slice(2)
if (patterns.length > 0) {
  const wanted = patterns.map((p) => new RegExp(p))
  const matches = (file) => wanted.some((re) => re.test(file.slice('test/'.length)))
  const all = filesUnder('test').filter((f) => !f.startsWith('test/json-schema-test-suite/'))
  const suites = all.filter((f) => SUITE.test(f) && !f.startsWith('test/no-eval/') && matches(f))
  const checks = all.filter((f) => f.startsWith('test/no-eval/') && NO_EVAL.test(f) && matches(f))
  if (suites.length === 0 && checks.length === 0) {
    failed++
    console.error(`no test file under test/ matches ${patterns.join(' or ')}`)
  }
  if (suites.some((f) => f.startsWith('test/engines/'))) ensureEngines()
  if (suites.length > 0) {
    // uvu takes one pattern: the chosen files, each matched exactly from the test/ folder.
    const exact = suites.map((f) => f.slice('test/'.length).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    const uvu = run(`uvu: ${suites.length} file(s)`, 'node', [...UVU, `^(${exact.join('|')})$`])
    const { total, ok } = countUvu(uvu)
    if (uvu.status !== 0 && ok === total) {
      failed++
      console.error('uvu exited non-zero although every case passed')
    }
  }
  for (const file of checks) noEval(file)
  console.log(`\n${passed} passed, ${failed} failed`)
  process.exit(failed > 0 ? 1 : 0)
}

ensureEngines()
step('type-check (tsc --noEmit)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
step('build (node scripts/build.mjs)', 'node', ['scripts/build.mjs'])

// uvu under c8: uvu's own summary gives the case counts; c8 enforces the coverage threshold.
const uvu = run('unit, table and official-suite tests (uvu under c8)', 'npx', [
  'c8',
  '--check-coverage',
  '--lines',
  '90',
  '--include',
  'core/**',
  '--include',
  'plugins/**',
  '--include',
  'regex/**',
  '--include',
  'convert/**',
  '--include',
  'formats/**',
  '--reporter',
  'text-summary',
  '--reporter',
  'text',
  'node',
  ...UVU,
  '\\.test\\.ts$',
  '-i',
  'json-schema-test-suite',
])
const { total, ok } = countUvu(uvu)
if (uvu.status !== 0 && ok === total) {
  // Every case passed but the run failed: the coverage threshold (or a crash after the summary).
  failed++
  console.error('uvu/c8 exited non-zero although every case passed (coverage below threshold?)')
}

// Checks that must run without code generation run under plain node against the build.
// (.mjs files import the build; .ts files run through tsx, which itself needs no code generation.)
for (const file of readdirSync('test/no-eval').filter((f) => NO_EVAL.test(f)).sort()) noEval(`test/no-eval/${file}`)

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
