/**
 * `schemavet compile` as built (`node dist/cli/main.js`, after `npm run build`) on files in a
 * temporary folder, and every export of the modules it writes, run by plain `node` with code
 * generation forbidden, from a folder where `schemavet` is installed (a link to this package)
 * and, for `--standalone`, from one where it is not.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { applyDefaults, newJSONSchema } from '../../index.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLI = join(ROOT, 'dist/cli/main.js')
const dir = mkdtempSync(join(tmpdir(), 'schemavet-compile-cli-'))
mkdirSync(join(dir, 'node_modules'))
symlinkSync(ROOT, join(dir, 'node_modules/schemavet'), 'dir')
const test = suite('compile: CLI and module exports')

function run(args: string[], cwd = dir) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

function file(name: string, content: unknown): string {
  mkdirSync(join(dir, name, '..'), { recursive: true })
  writeFileSync(join(dir, name), JSON.stringify(content))
  return name
}

/** Runs `script` (ESM) with code generation forbidden; its stdout parsed as JSON. */
function node(script: string, cwd = dir, ext = 'mjs'): unknown {
  const path = join(cwd, `probe.${ext}`)
  writeFileSync(path, script)
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', path], { cwd, encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

const trip = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, default: 3 },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  },
  required: ['city'],
  additionalProperties: false,
  $defs: { place: { description: 'A place on the trip.', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
}
file('schemas/trip.schema.json', trip)
file('schemas/point.schema.json', { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] })

/** What every module export gives for these values, as the probe prints it. */
const PROBE_BODY = `
const values = [{ city: 'Oslo' }, { city: '' }, { city: 'Oslo', days: 0, extra: 1 }, { city: 'Oslo', tags: ['a', 'a'] }, 'x', null]
const frozen = values.map((v) => JSON.stringify(v))
const out = values.map((v) => ({
  isValid: m.isValid(v),
  errors: m.validate(v)?.errors ?? null,
  defaults: m.applyDefaults(v),
  standard: m.standardSchema['~standard'].validate(v),
}))
console.log(JSON.stringify({ out, mutated: values.some((v, i) => JSON.stringify(v) !== frozen[i]), schema: m.schema, vendor: m.standardSchema['~standard'].vendor, version: m.standardSchema['~standard'].version, same: m.default === m.standardSchema, undef: [m.isValid(undefined), m.validate(undefined)] }))
`

function expected() {
  const v = newJSONSchema(trip)
  const values = [{ city: 'Oslo' }, { city: '' }, { city: 'Oslo', days: 0, extra: 1 }, { city: 'Oslo', tags: ['a', 'a'] }, 'x', null]
  const out = values.map((x) => ({ isValid: v.isValid(x), errors: v.validate(x)?.errors ?? null, defaults: applyDefaults(x, v), standard: v['~standard'].validate(x) }))
  return JSON.parse(JSON.stringify({ out, mutated: false, schema: trip, vendor: v['~standard'].vendor, version: 1, same: true, undef: [false, { errors: v.validate(undefined)!.errors }] }))
}

test('a glob of schema files: NAME.js and NAME.d.ts each, every export as the runtime answers', () => {
  const r = run(['compile', 'schemas/*.schema.json', '--out-dir', 'out'])
  assert.is(r.code, 0, r.stderr)
  assert.equal(readdirSync(join(dir, 'out')).sort(), ['point.schema.d.ts', 'point.schema.js', 'trip.schema.d.ts', 'trip.schema.js'])
  assert.match(r.stderr, /wrote out\/trip\.schema\.js and trip\.schema\.d\.ts \(generated code\)/)
  const code = readFileSync(join(dir, 'out/trip.schema.js'), 'utf8')
  assert.match(code, /from "schemavet\/runtime"/)
  const got = node(`import * as m from './out/trip.schema.js'\n${PROBE_BODY}`)
  assert.equal(got, expected())
  // The runtime's words, byte for byte.
  const first = (got as { out: { errors: { message: string }[] | null }[] }).out
  assert.is(first[1]!.errors![0]!.message, 'must be at least 1 character long (got "")')
  assert.equal(first[0]!.errors, null)
  assert.equal((first[0] as unknown as { defaults: unknown }).defaults, { city: 'Oslo', days: 3 })
})

test('--format cjs: NAME.cjs and NAME.d.cts, loaded with require', () => {
  const r = run(['compile', 'schemas/trip.schema.json', '--out-dir', 'cjs', '--format', 'cjs'])
  assert.is(r.code, 0, r.stderr)
  assert.equal(readdirSync(join(dir, 'cjs')).sort(), ['trip.schema.cjs', 'trip.schema.d.cts'])
  const got = node(`const m = require('./cjs/trip.schema.cjs')\n${PROBE_BODY}`, dir, 'cjs')
  assert.equal(got, expected())
})

test('--standalone: a module importing nothing, run where schemavet is not installed', () => {
  const r = run(['compile', 'schemas/trip.schema.json', '--out-dir', 'alone', '--standalone'])
  assert.is(r.code, 0, r.stderr)
  const code = readFileSync(join(dir, 'alone/trip.schema.js'), 'utf8')
  // No import statement, no dynamic import, no require (message text may name an entry to import).
  assert.not.match(code, /^\s*import\b|[^\w.]import\s*\(|\brequire\s*\(\s*["'`]/m)
  assert.match(code, /var schemavetRuntime/)
  const bare = mkdtempSync(join(tmpdir(), 'schemavet-bare-'))
  try {
    writeFileSync(join(bare, 'trip.schema.js'), code)
    assert.equal(node(`import * as m from './trip.schema.js'\n${PROBE_BODY}`, bare), expected())
  } finally {
    rmSync(bare, { recursive: true, force: true })
  }
})

test('--schemas DIR: documents the $refs name, by $id and by file URL', () => {
  file('refs/name.json', { $id: 'https://example.com/name.json', type: 'string', minLength: 2 })
  file('withref.json', { type: 'object', properties: { name: { $ref: 'https://example.com/name.json' } } })
  const r = run(['compile', 'withref.json', '--out-dir', 'refout', '--schemas', 'refs'])
  assert.is(r.code, 0, r.stderr)
  const got = node(`import * as m from './refout/withref.js'\nconsole.log(JSON.stringify([m.isValid({ name: 'ab' }), m.validate({ name: 'a' })]))`) as unknown[]
  assert.is(got[0], true)
  const v = newJSONSchema({ type: 'object', properties: { name: { $ref: 'https://example.com/name.json' } } }, { schemas: { 'https://example.com/name.json': { $id: 'https://example.com/name.json', type: 'string', minLength: 2 } } })
  assert.equal(got[1], { errors: v.validate({ name: 'a' })!.errors })
  // Without the folder the reference does not resolve: the runtime's error, nothing written.
  const missing = run(['compile', 'withref.json', '--out-dir', 'norefs'])
  assert.is(missing.code, 2)
  assert.match(missing.stderr, /withref\.json: invalid schema/)
  assert.not.ok(existsSync(join(dir, 'norefs')))
})

test('two inputs writing one name, a bad option, a missing --out-dir: usage errors, nothing written', () => {
  file('a/same.json', { type: 'string' })
  file('b/same.json', { type: 'number' })
  const twice = run(['compile', 'a/same.json', 'b/same.json', '--out-dir', 'clash'])
  assert.is(twice.code, 2)
  assert.match(twice.stderr, /a\/same\.json and b\/same\.json would both write clash\/same\.js/)
  assert.not.ok(existsSync(join(dir, 'clash')))
  assert.is(run(['compile', 'a/same.json', '--out-dir', 'x', '--format', 'umd']).code, 2)
  assert.is(run(['compile', 'a/same.json']).code, 2)
  assert.is(run(['compile', 'nothing/*.json', '--out-dir', 'x']).code, 2)
})

test('--formats annotate and --all-errors mean what they mean at run time', () => {
  file('fmt.json', { type: 'object', properties: { at: { type: 'string', format: 'date' }, n: { type: 'integer' } } })
  assert.is(run(['compile', 'fmt.json', '--out-dir', 'ann', '--formats', 'annotate', '--all-errors']).code, 0)
  assert.is(run(['compile', 'fmt.json', '--out-dir', 'asr']).code, 0)
  const bad = { at: 'not a date', n: 1.5 }
  const probe = (f: string) => node(`import * as m from './${f}/fmt.js'\nconsole.log(JSON.stringify(m.validate(${JSON.stringify(bad)})))`)
  const schema = { type: 'object', properties: { at: { type: 'string', format: 'date' }, n: { type: 'integer' } } }
  assert.equal(probe('ann'), { errors: newJSONSchema(schema, { formats: 'annotate', allErrors: true }).validate(bad)!.errors })
  assert.equal(probe('asr'), { errors: newJSONSchema(schema).validate(bad)!.errors })
  assert.is((probe('asr') as { errors: unknown[] }).errors.length, 1)
})

test('the declarations type-check a consumer under tsc --strict', () => {
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import { isValid, validate, applyDefaults, standardSchema, schema } from './out/trip.schema.js'
import type { Data, Input, Output, ValidationIssue } from './out/trip.schema.js'
import type { Place } from './out/trip.schema.js'
const x: unknown = JSON.parse('{}')
if (isValid(x)) { const d: Data = x; const city: string = x.city; void d; void city }
const place: Place = { name: 'Oslo' }
// @ts-expect-error a declared property of the wrong JSON type
const wrong: Input = { city: 1 }
// @ts-expect-error applyDefaults takes its Input (or an unchecked unknown value)
applyDefaults({ city: 1 })
const unchecked: unknown = applyDefaults(x)
const days: number = applyDefaults({ city: 'Oslo' }).days
void place; void wrong; void unchecked; void days
const r = validate(x)
const issues: ValidationIssue[] = r === null ? [] : r.errors
const out: Output = applyDefaults({} as Input)
const s: 1 = standardSchema['~standard'].version
void issues; void out; void s; void schema
`,
  )
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false', 'consumer.ts'], { cwd: dir, encoding: 'utf8' })
  assert.is(tsc.status, 0, tsc.stdout + tsc.stderr)
  // JSDoc from description, in the declarations beside the named $defs type.
  assert.match(readFileSync(join(dir, 'out/trip.schema.d.ts'), 'utf8'), /\/\*\* A place on the trip\. \*\/\nexport type Place = /)
})

test.after(() => rmSync(dir, { recursive: true, force: true }))
test.run()
