#!/usr/bin/env node
/**
 * `npm run test:package`: the package as a user installs it. Packs this checkout with `npm pack`
 * (which runs `prepare`, the build), then installs the tarball into fresh projects with the npm
 * registry as the only network source and checks:
 *
 * - the tarball: README.md, SECURITY.md and every docs/*.md are in it, every relative link of a
 *   shipped Markdown file resolves to a file (and heading) inside it, and so does every docs/ path
 *   the command line prints (named in cli/ or in the shipped dist/);
 * - alone: no `typescript` package and no `.bin/tsc` / `.bin/tsserver` appear, the install is at
 *   most 8 MB, every entry imports, `require('schemavet')` returns the API, the bin runs;
 * - beside TypeScript 5.x: the project's own `tsc` is still 5.x and its build (which type-checks
 *   code using schemavet, `moduleResolution: nodenext` and `node`) passes, and struct derivation
 *   uses that TypeScript;
 * - beside TypeScript 5.3, below the floor: the compiler reports the floor, not errors inside;
 * - from git: a clean clone of HEAD installed as `git+file://<clone>#<commit>` (what
 *   `npm install github:owner/schemavet` does), with the consumer's `allowScripts` entry the README
 *   gives and `--strict-allow-scripts` (so an install script npm would skip fails the install
 *   instead): npm runs `prepare` in its temporary clone, the installed package holds the same
 *   files as the tarball, `import` and `require` work and `npx schemavet --help` runs.
 *
 * Prints `N passed, N failed` last and exits non-zero on a failure.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cliDocPaths, deadLinks } from './links.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
const MAX_INSTALLED = 8 * 1024 * 1024
const TYPESCRIPT_5 = 'typescript@~5.9.0'
const TYPESCRIPT_OLD = 'typescript@~5.3.0'
let passed = 0
let failed = 0

/** One check; `f` throws to fail, and may return a detail to print beside its name. */
function check(name, f) {
  try {
    const detail = f()
    passed++
    console.log(`ok   ${name}${typeof detail === 'string' ? ` (${detail})` : ''}`)
  } catch (e) {
    failed++
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : String(e)}`)
  }
}

function ensure(condition, message) {
  if (!condition) throw new Error(message)
}

/** Runs a command; throws with its output when it fails. */
function sh(command, args, cwd, env = {}) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 28 })
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

/** Bytes of every file under `dir` (symbolic links not followed). */
function du(dir) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    if (entry.isDirectory()) total += du(p)
    else if (entry.isFile()) total += statSync(p).size
  }
  return total
}

/** Every file under `dir` (a nested node_modules left out), as `/`-separated paths relative to it. */
function filesUnder(dir, top = dir) {
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...filesUnder(p, top))
    } else out.push(relative(top, p).split(sep).join('/'))
  }
  return out
}

function project(dir, pkg) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, ...pkg }, null, 2))
}

const npmInstall = (cwd, ...specs) => sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', ...specs], cwd)

const work = mkdtempSync(join(tmpdir(), 'schemavet-package-'))
try {
  // npm pack runs prepack (the build) and prints the tarball's name last.
  const packed = sh('npm', ['pack', '--pack-destination', work], ROOT).trim().split('\n').pop()
  const tarball = join(work, packed)
  console.log(`packed ${packed} (${(statSync(tarball).size / 1024).toFixed(1)} KB)`)
  const tarFiles = sh('tar', ['-tzf', tarball], work).trim().split('\n')
  const shipped = new Set(tarFiles.filter((f) => f.startsWith('package/') && !f.endsWith('/')).map((f) => f.slice('package/'.length)))
  const unpacked = join(work, 'unpacked')
  mkdirSync(unpacked)
  sh('tar', ['-xzf', tarball, '-C', unpacked], work)
  const readShipped = (path) => readFileSync(join(unpacked, 'package', path), 'utf8')

  // ── the tarball's documents ───────────────────────────────────────────────────────────────
  check('the package ships README.md, SECURITY.md and every docs/*.md', () => {
    const wanted = ['README.md', 'SECURITY.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
    ensure(wanted.length >= 8, `docs/ has only ${wanted.length - 2} documents`)
    const missing = wanted.filter((f) => !shipped.has(f))
    ensure(missing.length === 0, `not in the tarball: ${missing.join(', ')}`)
  })
  check('every relative link of a shipped Markdown file resolves inside the tarball', () => {
    const documents = [...shipped].filter((f) => f.endsWith('.md'))
    const { dead, checked } = deadLinks(documents, shipped, readShipped)
    ensure(checked >= 15, `only ${checked} relative links in ${documents.join(', ')}`)
    ensure(dead.length === 0, dead.join('; '))
    return `${checked} links in ${documents.length} documents`
  })
  check('every docs/ path the command line prints is in the tarball', () => {
    const cli = filesUnder(join(ROOT, 'cli')).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(ROOT, 'cli', f), 'utf8'))
    const built = [...shipped].filter((f) => f.startsWith('dist/') && f.endsWith('.js')).map(readShipped)
    const named = cliDocPaths([...cli, ...built].join('\n'))
    ensure(named.length >= 2, `found only ${named.join(', ') || 'no docs/ path'} in cli/ and dist/`)
    const missing = named.filter((p) => !shipped.has(p))
    ensure(missing.length === 0, `printed but not in the tarball: ${missing.join(', ')}`)
    return named.join(', ')
  })

  // ── alone ─────────────────────────────────────────────────────────────────────────────────
  const alone = join(work, 'alone')
  project(alone, { type: 'module' })
  npmInstall(alone, tarball)
  const modules = join(alone, 'node_modules')
  const size = du(modules)
  console.log(`installed size: ${(size / 1024 / 1024).toFixed(2)} MB (${readdirSync(modules).filter((n) => !n.startsWith('.')).length} top-level packages)`)

  check('installing schemavet adds no typescript package', () => {
    const found = sh('npm', ['ls', 'typescript', '--all', '--parseable'], alone).trim()
    ensure(found === '' && !existsSync(join(modules, 'typescript')), `found: ${found}`)
  })
  check('installing schemavet adds no tsc or tsserver binary', () => {
    const bins = existsSync(join(modules, '.bin')) ? readdirSync(join(modules, '.bin')) : []
    ensure(!bins.includes('tsc') && !bins.includes('tsserver'), `.bin: ${bins.join(', ')}`)
  })
  check(`the install is at most ${MAX_INSTALLED / 1024 / 1024} MB`, () => ensure(size <= MAX_INSTALLED, `${size} bytes`))
  check('the package ships LICENSE, no source maps and no TypeScript sources', () => {
    ensure(tarFiles.includes('package/LICENSE'), 'no LICENSE')
    const stray = tarFiles.filter((f) => /\.map$|(?<!\.d)\.ts$/.test(f))
    ensure(stray.length === 0, stray.join(', '))
  })
  check('every exports entry imports in Node', () => {
    const { exports } = JSON.parse(readFileSync(join(modules, 'schemavet/package.json'), 'utf8'))
    const names = Object.keys(exports).filter((k) => k !== './package.json').map((k) => `schemavet${k.slice(1)}`)
    const code = `for (const n of ${JSON.stringify(names)}) { const m = await import(n); if (Object.keys(m).length === 0) throw new Error(n + ' exports nothing') }`
    sh(process.execPath, ['--input-type=module', '-e', code], alone)
  })
  check("require('schemavet') returns the API (CommonJS)", () => {
    const out = sh(process.execPath, ['-e', "const s = require('schemavet'); const v = s.newJSONSchema({ type: 'object', properties: { n: { type: 'integer', default: 1 } } }); console.log(JSON.stringify([typeof s.applyDefaults, v.validate(s.applyDefaults({}, v)), require('schemavet/integrations').parseToolCall.name]))"], alone)
    ensure(out.trim() === '["function",null,"parseToolCall"]', out)
  })
  check('the schemavet bin runs', () => {
    writeFileSync(join(alone, 's.json'), JSON.stringify({ type: 'string', format: 'idn-hostname' }))
    writeFileSync(join(alone, 'd.json'), JSON.stringify('例え.テスト'))
    const out = sh(join(modules, '.bin/schemavet'), ['validate', 's.json', 'd.json'], alone)
    ensure(/^d\.json: valid$/m.test(out), out)
  })
  check('struct derivation without TypeScript says how to install it', () => {
    writeFileSync(join(alone, 'types.ts'), 'export interface T { a: string }\n')
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "import { newStructSchema } from 'schemavet'; newStructSchema('./types.ts#T')"], { cwd: alone, encoding: 'utf8' })
    ensure(r.status !== 0 && r.stderr.includes('npm install --save-dev --install-strategy=nested @typescript/typescript6'), r.stderr)
  })

  // ── beside TypeScript 5.x ─────────────────────────────────────────────────────────────────
  const typed = join(work, 'typed')
  project(typed, { type: 'module', scripts: { build: 'tsc -p tsconfig.json && tsc -p tsconfig.node10.json' } })
  npmInstall(typed, TYPESCRIPT_5)
  npmInstall(typed, tarball)
  mkdirSync(join(typed, 'src'))
  writeFileSync(
    join(typed, 'src/index.ts'),
    [
      "import { applyDefaults, newJSONSchema, SchemaError } from 'schemavet'",
      "import { parseToolCall } from 'schemavet/integrations'",
      "import { draft2020 } from 'schemavet/plugins'",
      "import 'schemavet/idn'",
      "const schema = newJSONSchema({ type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer', default: 3 } }, required: ['city'] } as const)",
      'const trip = applyDefaults({ city: "Oslo" }, schema)',
      'const days: number = trip.days',
      'export const summary = [days, schema.validate(trip) === null, typeof parseToolCall, draft2020.length, SchemaError.name]',
      '',
    ].join('\n'),
  )
  // Every entry's types, so node10 resolution (typesVersions) is checked for each of them.
  const subpaths = Object.keys(JSON.parse(readFileSync(join(typed, 'node_modules/schemavet/package.json'), 'utf8')).exports).filter((k) => k !== './package.json')
  writeFileSync(
    join(typed, 'src/entries.ts'),
    subpaths.map((k, i) => `import * as entry${i} from 'schemavet${k.slice(1)}'`).join('\n') + `\nexport const entries = [${subpaths.map((_, i) => `entry${i}`).join(', ')}]\n`,
  )
  writeFileSync(join(typed, 'src/types.ts'), 'export interface Trip {\n  city: string\n  /** @minimum 1 */\n  days?: number\n}\n')
  const compilerOptions = { target: 'ES2022', strict: true, outDir: 'out', skipLibCheck: false, types: [] }
  writeFileSync(join(typed, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, module: 'NodeNext', moduleResolution: 'NodeNext' }, include: ['src/index.ts', 'src/entries.ts'] }))
  writeFileSync(
    join(typed, 'tsconfig.node10.json'),
    JSON.stringify({ compilerOptions: { ...compilerOptions, module: 'ESNext', moduleResolution: 'node', noEmit: true }, include: ['src/index.ts', 'src/entries.ts'] }),
  )

  check("the project's tsc is still its own TypeScript 5.x", () => {
    const version = sh(join(typed, 'node_modules/.bin/tsc'), ['--version'], typed).trim()
    ensure(/^Version 5\./.test(version), version)
    const copies = sh('npm', ['ls', 'typescript', '--all', '--parseable'], typed).trim().split('\n')
    ensure(copies.length === 1, copies.join(', '))
  })
  check('the project still builds with its own tsc 5.x (nodenext and node10 resolution, skipLibCheck off)', () => {
    sh('npm', ['run', 'build'], typed)
    const out = sh(process.execPath, ['-e', "import('./out/index.js').then((m) => console.log(JSON.stringify(m.summary)))"], typed)
    const [days, valid, parse, keywords, error] = JSON.parse(out)
    ensure(days === 3 && valid === true && parse === 'function' && keywords > 0 && error === 'SchemaError', out)
  })
  check("struct derivation uses the project's TypeScript 5.x", () => {
    const code = "import { newStructSchema } from 'schemavet/struct'; const v = newStructSchema('./src/types.ts#Trip'); console.log(JSON.stringify([v.jsonSchema().required, v.validate({ city: 'Oslo', days: 0 }) === null]))"
    const out = sh(process.execPath, ['--input-type=module', '-e', code], typed)
    ensure(out.trim() === '[["city"],false]', out)
  })

  // ── below the TypeScript floor ────────────────────────────────────────────────────────────
  const old = join(work, 'old')
  project(old, { type: 'module' })
  npmInstall(old, TYPESCRIPT_OLD)
  npmInstall(old, tarball)
  writeFileSync(join(old, 'index.ts'), "import { newJSONSchema } from 'schemavet'\nexport const v = newJSONSchema({ type: 'string' })\n")
  for (const resolution of ['nodenext', 'node']) {
    check(`TypeScript 5.3 (moduleResolution ${resolution}) is told the floor instead of failing inside the types`, () => {
      const module = resolution === 'node' ? 'esnext' : 'nodenext'
      const r = spawnSync(join(old, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '--module', module, '--moduleResolution', resolution, 'index.ts'], { cwd: old, encoding: 'utf8' })
      ensure(r.status !== 0 && /needs-typescript-5\.4\.d\.ts/.test(r.stdout) && /need TypeScript 5\.4 or later/.test(r.stdout) && !/NoInfer/.test(r.stdout), r.stdout)
    })
  }

  // ── from git ──────────────────────────────────────────────────────────────────────────────
  // A clean clone of HEAD (what a user's `npm install github:…` fetches): uncommitted changes are
  // not in it, and a dist/ of this checkout cannot leak into it.
  const head = sh('git', ['rev-parse', 'HEAD'], ROOT).trim()
  if (sh('git', ['status', '--porcelain', '--untracked-files=no'], ROOT).trim() !== '') console.log(`note: the git install is of HEAD ${head.slice(0, 7)}; uncommitted changes are not in it`)
  const clone = join(work, 'clone')
  sh('git', ['clone', '--quiet', '--no-checkout', ROOT, clone], work)
  sh('git', ['checkout', '--quiet', '--detach', head], clone)
  const url = `git+file://${clone}`
  const fromGit = join(work, 'from-git')
  // The consumer approves schemavet's install script as the README says: a git dependency is
  // matched by its URL (a bare `schemavet` entry matches registry installs only).
  project(fromGit, { type: 'module', allowScripts: { [url]: true } })
  const started = Date.now()
  const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--strict-allow-scripts', `${url}#${head}`], { cwd: fromGit, encoding: 'utf8', maxBuffer: 1 << 28 })
  console.log(`installed from ${url}#${head.slice(0, 7)} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  const gitModules = join(fromGit, 'node_modules')
  check('npm install git+file://<clean clone>#HEAD succeeds with --strict-allow-scripts and the README\'s allowScripts entry', () => {
    ensure(installed.status === 0, `exited ${installed.status}:\n${installed.stdout}\n${installed.stderr}`)
    ensure(!/not yet covered by allowScripts/.test(installed.stderr), installed.stderr)
  })
  check("the git install ran prepare: dist/ and the bin are there, the same files as the tarball's", () => {
    ensure(existsSync(join(gitModules, 'schemavet/dist/index.js')), 'no dist/index.js: prepare did not run')
    ensure(existsSync(join(gitModules, '.bin/schemavet')), 'no node_modules/.bin/schemavet')
    const got = new Set(filesUnder(join(gitModules, 'schemavet')))
    const missing = [...shipped].filter((f) => !got.has(f))
    const extra = [...got].filter((f) => !shipped.has(f))
    ensure(missing.length === 0 && extra.length === 0, `missing: ${missing.slice(0, 10).join(', ')}; extra: ${extra.slice(0, 10).join(', ')}`)
  })
  check("import('schemavet') works in the git install", () => {
    const code = "const s = await import('schemavet'); const v = s.newJSONSchema({ type: 'object', properties: { n: { type: 'integer', default: 1 } } }); console.log(JSON.stringify([v.validate(s.applyDefaults({}, v)), v.validate({ n: 'x' }) === null]))"
    const out = sh(process.execPath, ['--input-type=module', '-e', code], fromGit)
    ensure(out.trim() === '[null,false]', out)
  })
  check("require('schemavet') works in the git install", () => {
    const out = sh(process.execPath, ['-e', "const s = require('schemavet'); console.log(JSON.stringify([typeof s.newJSONSchema, require('schemavet/integrations').parseToolCall.name]))"], fromGit)
    ensure(out.trim() === '["function","parseToolCall"]', out)
  })
  // --offline: npx may only run the installed bin, never fetch a `schemavet` from the registry.
  check('npx schemavet --help and --version run in the git install', () => {
    const help = sh('npx', ['--offline', 'schemavet', '--help'], fromGit)
    ensure(/^Usage: schemavet <command>/m.test(help), help)
    const version = sh('npx', ['--offline', 'schemavet', '--version'], fromGit).trim()
    ensure(version === JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version, version)
  })
} catch (e) {
  failed++
  console.log(`FAIL ${e instanceof Error ? e.message : String(e)}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
