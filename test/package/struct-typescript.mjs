#!/usr/bin/env node
/**
 * `npm run test:package`, second part: struct derivation's TypeScript instruction, tried as a
 * user would. Packs this checkout (`npm pack`, which builds), then makes three consumer projects
 * in a fresh temporary folder, each installing the tarball from the npm registry:
 *
 * - no TypeScript: deriving fails with one install command; running exactly that command (taken
 *   from the message) makes the derivation work, and the project gets no `tsc` (only `tsc6`);
 * - TypeScript 5.9 (pinned): deriving works as installed, and the project's `tsc` is its 5.9;
 * - TypeScript 7.0 (pinned): deriving fails naming 7.0 and giving the same command; after it the
 *   derivation works and the project's `tsc` is still 7.0, also after `rm -rf node_modules` and
 *   `npm ci` from the lockfile the command wrote.
 *
 * Prints `N passed, N failed` last and exits non-zero on a failure.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
/** Exact versions, so the check does not move with each TypeScript release. */
const TYPESCRIPT_5 = '5.9.3'
const TYPESCRIPT_7 = '7.0.2'
/** What the message must hand the user: one command, the same with no TypeScript and with 7. */
const INSTRUCTION = /Install TypeScript 6's API with: (npm install [^()]+?) \(/
let passed = 0
let failed = 0

function check(name, f) {
  try {
    f()
    passed++
    console.log(`ok   ${name}`)
  } catch (e) {
    failed++
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : String(e)}`)
  }
}

function ensure(condition, message) {
  if (!condition) throw new Error(message)
}

/** Runs a command; throws with its output when it fails. */
function sh(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' }, maxBuffer: 1 << 28 })
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

function project(dir) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }, null, 2))
  // Arrays need the standard library: a compiler without its lib files would not get this right.
  writeFileSync(join(dir, 'types.ts'), 'export interface Trip {\n  city: string\n  /** @minimum 1 */\n  days?: number\n  tags: string[]\n}\n')
}

const npmInstall = (cwd, ...specs) => sh('npm', ['install', '--prefer-offline', ...specs], cwd)

/** Derives `Trip` in `dir`: its `required`, its `tags` schema and a validation, or the error's message. */
function derive(dir) {
  const code =
    "import { newStructSchema } from 'schemavet/struct'\n" +
    "const v = newStructSchema('./types.ts#Trip')\n" +
    "console.log(JSON.stringify({ required: v.jsonSchema().required, tags: v.jsonSchema().properties.tags, valid: v.validate({ city: 'Oslo', days: 0, tags: [] }) === null }))"
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' })
  if (r.status === 0) return { result: JSON.parse(r.stdout.trim()) }
  return { error: r.stderr }
}

/** The derivation works, with the schema TypeScript 5.x or 6.x derives. */
function derives(dir) {
  const d = derive(dir)
  ensure(d.result !== undefined, `derivation failed: ${d.error}`)
  const want = { required: ['city', 'tags'], tags: { type: 'array', items: { type: 'string' } }, valid: false }
  ensure(JSON.stringify(d.result) === JSON.stringify(want), JSON.stringify(d.result))
}

/** The project's own `tsc`, as `npx tsc` runs it: its version line, or undefined when there is none. */
function projectTsc(dir) {
  const bin = join(dir, 'node_modules/.bin/tsc')
  return existsSync(bin) ? sh(bin, ['--version'], dir).trim() : undefined
}

/** The derivation fails and the message gives one command; returns it. */
function instruction(dir, ...mustSay) {
  const d = derive(dir)
  ensure(d.error !== undefined, `expected a failure, derived ${JSON.stringify(d.result)}`)
  for (const s of mustSay) ensure(d.error.includes(s), `the message does not say ${JSON.stringify(s)}:\n${d.error}`)
  const m = INSTRUCTION.exec(d.error)
  ensure(m !== null, `no install command in:\n${d.error}`)
  return m[1]
}

/** Runs an install command exactly as the message spells it. */
function run(command, dir) {
  ensure(/^npm install [\w@/.=~^ -]+$/.test(command), `not a plain npm install: ${command}`)
  const [npm, ...args] = command.split(' ')
  sh(npm, args, dir)
}

const work = mkdtempSync(join(tmpdir(), 'schemavet-struct-ts-'))
try {
  const packed = sh('npm', ['pack', '--pack-destination', work], ROOT).trim().split('\n').pop()
  const tarball = join(work, packed)
  console.log(`packed ${packed} (${(statSync(tarball).size / 1024).toFixed(1)} KB)`)
  const commands = []

  // ── no TypeScript ─────────────────────────────────────────────────────────────────────────
  const none = join(work, 'none')
  project(none)
  npmInstall(none, tarball)
  check('no TypeScript: deriving fails with one install command', () => {
    commands.push(instruction(none, 'is not installed'))
  })
  check('no TypeScript: that command, run as written, makes the derivation work', () => {
    ensure(commands[0] !== undefined, 'no command to run')
    run(commands[0], none)
    derives(none)
  })
  check('no TypeScript: the command added no tsc or tsserver to the project (only tsc6)', () => {
    ensure(projectTsc(none) === undefined && !existsSync(join(none, 'node_modules/.bin/tsserver')), `tsc: ${projectTsc(none)}`)
    ensure(existsSync(join(none, 'node_modules/.bin/tsc6')), 'no tsc6')
  })

  // ── TypeScript 5.9 ────────────────────────────────────────────────────────────────────────
  const five = join(work, 'five')
  project(five)
  npmInstall(five, `typescript@${TYPESCRIPT_5}`, tarball)
  check(`TypeScript ${TYPESCRIPT_5}: deriving works as installed, with nothing to add`, () => derives(five))
  check(`TypeScript ${TYPESCRIPT_5}: the project's tsc is its own`, () => {
    ensure(projectTsc(five) === `Version ${TYPESCRIPT_5}`, String(projectTsc(five)))
    ensure(!existsSync(join(five, 'node_modules/@typescript/typescript6')), 'a compatibility package was installed')
  })

  // ── TypeScript 7.0 ────────────────────────────────────────────────────────────────────────
  const seven = join(work, 'seven')
  project(seven)
  npmInstall(seven, `typescript@${TYPESCRIPT_7}`, tarball)
  check(`TypeScript ${TYPESCRIPT_7}: deriving fails, naming the version, with the same command`, () => {
    const command = instruction(seven, `this project has TypeScript ${TYPESCRIPT_7}`)
    ensure(command === commands[0], `${command} is not ${commands[0]}`)
    commands.push(command)
  })
  check(`TypeScript ${TYPESCRIPT_7}: that command, run as written, makes the derivation work`, () => {
    ensure(commands[1] !== undefined, 'no command to run')
    run(commands[1], seven)
    derives(seven)
  })
  check(`TypeScript ${TYPESCRIPT_7}: the project's tsc is still its own ${TYPESCRIPT_7}`, () => {
    ensure(projectTsc(seven) === `Version ${TYPESCRIPT_7}`, String(projectTsc(seven)))
  })
  check(`TypeScript ${TYPESCRIPT_7}: the lockfile keeps TypeScript 6 inside the compatibility package`, () => {
    const { packages } = JSON.parse(readFileSync(join(seven, 'package-lock.json'), 'utf8'))
    const six = Object.keys(packages).filter((p) => /(^|\/)node_modules\/@typescript\/old$/.test(p))
    ensure(six.length === 1 && six[0] === 'node_modules/@typescript/typescript6/node_modules/@typescript/old', six.join(', '))
    ensure(packages['node_modules/typescript']?.version === TYPESCRIPT_7, JSON.stringify(packages['node_modules/typescript']))
  })
  check(`TypeScript ${TYPESCRIPT_7}: after rm -rf node_modules and npm ci, tsc is ${TYPESCRIPT_7} and the derivation works`, () => {
    rmSync(join(seven, 'node_modules'), { recursive: true, force: true })
    sh('npm', ['ci', '--prefer-offline'], seven)
    ensure(projectTsc(seven) === `Version ${TYPESCRIPT_7}`, String(projectTsc(seven)))
    derives(seven)
  })
} catch (e) {
  failed++
  console.log(`FAIL ${e instanceof Error ? e.message : String(e)}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
