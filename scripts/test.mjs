#!/usr/bin/env node
/**
 * The test command: type-check, build, run every uvu suite under c8 (coverage threshold on
 * core/, plugins/ and the libraries beside them: regex/, convert/, formats/), run the
 * no-code-generation checks with plain `node`, then print one
 * closing line `N passed, N failed` counting every test case, and exit non-zero on any failure.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

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
  '--import',
  'tsx',
  '--import',
  './test/support/optional-entries.ts',
  'node_modules/uvu/bin.js',
  'test',
  '\\.test\\.ts$',
  '-i',
  'json-schema-test-suite',
])
// uvu's own summary is the last one printed (a child process must not print another, but if
// one did, it came earlier).
const lastMatch = (re) => [...uvu.text.matchAll(re)].at(-1)?.[1]
const total = Number(lastMatch(/Total:\s+(\d+)/g) ?? NaN)
const ok = Number(lastMatch(/Passed:\s+(\d+)/g) ?? NaN)
if (Number.isNaN(total) || Number.isNaN(ok)) {
  failed++
  console.error('could not read the uvu summary')
} else {
  passed += ok
  failed += total - ok
}
if (uvu.status !== 0 && ok === total) {
  // Every case passed but the run failed: the coverage threshold (or a crash after the summary).
  failed++
  console.error('uvu/c8 exited non-zero although every case passed (coverage below threshold?)')
}

// Checks that must run without code generation run under plain node against the build.
// (.mjs files import the build; .ts files run through tsx, which itself needs no code generation.)
for (const file of readdirSync('test/no-eval').filter((f) => /\.(mjs|ts)$/.test(f)).sort()) {
  const loader = file.endsWith('.ts') ? ['--import', 'tsx', '--import', './test/support/optional-entries.ts'] : []
  const r = run(`no-eval: ${file}`, 'node', ['--disallow-code-generation-from-strings', ...loader, `test/no-eval/${file}`])
  const m = /(\d+) passed, (\d+) failed/.exec(r.text)
  if (m === null || r.status !== 0) failed += m === null ? 1 : Math.max(1, Number(m[2]))
  else passed += Number(m[1])
  if (m !== null && r.status !== 0) passed += Number(m[1])
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
