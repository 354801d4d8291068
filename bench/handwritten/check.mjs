// Compares the hand-written module (tool-input.mjs) with the runtime (dist/) and with the module
// `schemavet compile` writes today, on the valid example, every single-field mutation, extra
// keys, duplicates, cycles, hostile values and seeded random mutants: isValid, validate's
// issues, applyDefaults' copy (or what it threw), ~standard (validate and the JSON Schema
// views), and that the data is not mutated. Then the sizes, measured as bench/compiled.mjs does.
// Exits 1 on any difference.   node bench/handwritten/check.mjs   (after `npm run build`)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isDeepStrictEqual, inspect } from 'node:util'
import { gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { newJSONSchema, applyDefaults } = await import(pathToFileURL(join(root, 'dist/index.js')).href)
const { compileModule } = await import(pathToFileURL(join(root, 'dist/compile/index.js')).href)
const schemaText = readFileSync(join(root, 'examples/tool-input.schema.json'), 'utf8')
const runtime = newJSONSchema(JSON.parse(schemaText))
const hand = await import(pathToFileURL(join(root, 'bench/handwritten/tool-input.mjs')).href)
const dir = mkdtempSync(join(os.tmpdir(), 'schemavet-hand-'))
const generatedCode = compileModule(JSON.parse(schemaText)).code
writeFileSync(join(dir, 'generated.mjs'), generatedCode.replace('"schemavet/runtime"', JSON.stringify(pathToFileURL(join(root, 'dist/runtime.js')).href)))
const generated = await import(pathToFileURL(join(dir, 'generated.mjs')).href)

// Answers in a comparable form: thrown errors by message, functions and symbols by name.
let deepOnly = false
function depthOf(x) { let n = 0; while (Array.isArray(x) || (typeof x === 'object' && x !== null)) { x = Array.isArray(x) ? x[0] : x.attendees; n++ } return n }
function answers(subject, data) {
  const snapshot = inspect(data, { depth: 8 })
  const safely = (f) => { try { return { value: f() } } catch (e) { return { threw: e instanceof Error ? `${e.name}: ${e.message}` : String(e), errors: e?.errors } } }
  const out = subject === 'runtime'
    ? { isValid: safely(() => runtime.isValid(data)), errors: safely(() => runtime.validate(data)?.errors ?? null), defaults: safely(() => applyDefaults(data, runtime)), standard: safely(() => runtime['~standard'].validate(data)) }
    : { isValid: safely(() => subject.isValid(data)), errors: safely(() => subject.validate(data)?.errors ?? null), defaults: safely(() => subject.applyDefaults(data)), standard: safely(() => subject.standardSchema['~standard'].validate(data)) }
  out.mutated = inspect(data, { depth: 8 }) !== snapshot
  // The generated module's issue list carries its limit (`max`): compare the items.
  if (Array.isArray(out.errors.value)) out.errors.value = [...out.errors.value]
  if (deepOnly) out.defaults = depthOf(out.defaults.value)
  return out
}
let compared = 0, differences = 0, invalid = 0
function compare(data, label) {
  compared++
  const want = answers('runtime', data)
  if (want.isValid.value === false) invalid++
  for (const [name, m] of [['hand-written', hand], ['generated', generated]]) {
    const have = answers(m, data)
    if (isDeepStrictEqual(have, want)) continue
    if (++differences <= 10) console.log(`DIFFERENT ${name} on ${label}: ${inspect(data, { depth: 4 })}\n  runtime: ${inspect(want, { depth: 9 })}\n  ${name}: ${inspect(have, { depth: 9 })}`)
  }
}

const valid = { title: 'Planning', start: '2024-01-31T09:30:00Z', durationMinutes: 30, room: 'oslo', attendees: [{ email: 'ann@example.com', optional: false }, { email: 'bo@example.org', optional: true }] }
// A deep copy that keeps symbols, functions and BigInts (structuredClone refuses the first two).
const clone = (x) => (Array.isArray(x) ? x.map(clone) : typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, clone(v)])) : x)
const long = 'x'.repeat(70)
const DATES = ['2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', '2100-02-29T00:00:00Z', '2000-02-29T12:00:00+01:00', '2024-04-30T00:00:00Z', '2024-04-31T00:00:00Z', '2024-01-31T00:00:00Z', '2024-01-32T00:00:00Z', '2024-12-31T23:59:60Z', '2024-12-31T23:59:60+01:00', '2024-12-31T22:59:60-01:00', '2024-12-31T23:59:60.5z', '2024-01-01t00:00:00z', '2024-01-01 00:00:00Z', '2024-01-01T00:00:00.123+05:30', '2024-01-01T00:00:00.Z', '2024-13-01T00:00:00Z', '2024-00-10T00:00:00Z', '2024-01-00T00:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T23:60:00Z', '2024-01-01T00:00:61Z', '2024-01-01T00:00:00+24:00', '2024-01-01T00:00:00+23:59', '2024-01-01T00:00:00+05:60', '2024-01-01T00:00:00+0530', '2024-01-01T00:00:00', '٢٠٢٤-01-01T00:00:00Z', '2024-1-01T00:00:00Z', '2024-01-01T00:00:00ZZ', '2024-01-01', '00:00:00Z', '']
const EMAILS = ['a@b.c', 'a.b@c', '.a@b', 'a.@b', 'a..b@c', '"quoted x"@example.com', '"a\\"b"@c.d', 'a@[127.0.0.1]', 'a@[256.0.0.1]', 'a@[IPv6:::1]', 'a@[ipv6:2001:db8::1]', 'a@[IPv6:2001:db8::192.168.0.1]', 'a@[IPv6:1:2:3:4:5:6:7:8:9]', 'a@xn--bcher-kva.example', 'a@b.xn--p1ai', 'xn--a@b.com', 'a@-b.com', 'a@b-.com', `${'a'.repeat(64)}@b.c`, `${'a'.repeat(65)}@b.c`, `a@${'b'.repeat(63)}.c`, `a@${'b'.repeat(64)}.c`, `a@${('b'.repeat(60) + '.').repeat(4)}com`, 'a@b..c', 'ä@b.c', 'a@b.c.', '@b.c', 'a@', 'a b@c.d', "!#$%&'*+/=?^_`{|}~-@x.y", 'a@b_c.d', 'A@B.C', 'a@1.2.3.4']
const NUMBERS = [0, -0, 1, 14, 15, 16, 30, 45, 480, 481, 495, -15, 7.5, 15.0000001, 1e20, 1.5e20, 2 ** 60, 2 ** 53 + 2, 9e15, 3e21, 1e300, Number.MAX_VALUE, Number.MIN_VALUE, 0.1 + 0.2, NaN, Infinity, -Infinity]
const STRINGS = ['', 'ab', 'abc', 'a😀', 'a😀b', '😀😀', '😀😀😀', 'x'.repeat(80), 'x'.repeat(81), '😀'.repeat(80), '😀'.repeat(81), '\ud800ab', 'a\ud800', 'oslo', 'bergen', 'remote', 'OSLO', 'say "hi"\n', long, 'back\\slash', '\u0000']
const ODD = [undefined, null, true, false, 10n, Symbol('s'), () => 1, [], [1], [1, 1], {}, { a: 1 }, { email: 'a@b.c', optional: true }, new Date(0), Object.create(null), [[[[[[[[[[[]]]]]]]]]]], { [long]: long, b: [1, 'two', null, { c: [] }] }, Array.from({ length: 30 }, (_, i) => i)]
const POOL = [...NUMBERS, ...STRINGS, ...ODD, ...DATES.slice(0, 6), ...EMAILS.slice(0, 6)]

// Every place in the valid document: its parent and key.
function places(doc) {
  const out = []
  const visit = (x, path) => {
    if (typeof x !== 'object' || x === null) return
    for (const k of Object.keys(x)) { out.push([...path, Array.isArray(x) ? Number(k) : k]); visit(x[k], [...path, Array.isArray(x) ? Number(k) : k]) }
  }
  visit(doc, [])
  return out
}
function at(doc, path) { let x = doc; for (const k of path.slice(0, -1)) x = x[k]; return x }
function set(doc, path, value) { const d = clone(doc); at(d, path)[path[path.length - 1]] = value; return d }
function remove(doc, path) { const d = clone(doc); const p = at(d, path); if (Array.isArray(p)) p.splice(path[path.length - 1], 1); else delete p[path[path.length - 1]]; return d }

compare(valid, 'the valid example')
for (const path of places(valid)) {
  compare(remove(valid, path), `without ${path.join('/')}`)
  for (const v of POOL) {
    compare(set(valid, path, v), `${path.join('/')} = ${inspect(v).slice(0, 40)}`)
  }
}
for (const v of DATES) compare(set(valid, ['start'], v), `start ${v}`)
for (const v of EMAILS) { compare(set(valid, ['attendees', 0, 'email'], v), `email ${v}`); compare(v, `email text ${v}`) }
for (const v of [...NUMBERS, ...ODD, ...STRINGS]) compare(v, `root ${inspect(v).slice(0, 40)}`)
// Extra keys, at the root and in an attendee (which allows them).
for (const k of ['extra', 'a/b~c', '', 'constructor', 'hasOwnProperty', long]) {
  compare({ ...clone(valid), [k]: 1 }, `extra ${k}`)
  compare({ ...clone(valid), [k]: undefined }, `extra undefined ${k}`)
  compare(set(valid, ['attendees', 0, k], 1), `attendee extra ${k}`)
}
compare(JSON.parse('{"__proto__":{"title":"x"},"title":"abc","start":"2024-01-01T00:00:00Z","attendees":[{"email":"a@b.c","optional":true,"__proto__":null}]}'), '__proto__ keys')
compare(JSON.parse('{"__proto__":1}'), '__proto__ only')
// Missing defaults, duplicates, long arrays.
compare({ title: 'abc', start: '2024-01-01T00:00:00Z', attendees: [{ email: 'a@b.c' }] }, 'defaults to fill')
const person = (i) => ({ email: `p${i}@x.io`, optional: i % 2 === 0 })
for (const n of [2, 3, 16, 17, 40]) {
  const list = Array.from({ length: n }, (_, i) => person(i))
  compare({ ...clone(valid), attendees: list }, `${n} attendees`)
  for (const [i, j] of [[0, n - 1], [n - 2, n - 1], [1, Math.floor(n / 2)]]) {
    if (i === j || i < 0) continue
    const d = clone(list); d[j] = clone(d[i]); compare({ ...clone(valid), attendees: d }, `${n} attendees, ${i} = ${j}`)
    const reordered = clone(list); reordered[j] = { optional: list[i].optional, email: list[i].email }; compare({ ...clone(valid), attendees: reordered }, `${n} attendees, ${i} = ${j} keys reordered`)
  }
  compare({ ...clone(valid), attendees: Array.from({ length: n }, () => NaN) }, `${n} NaN`)
  compare({ ...clone(valid), attendees: Array.from({ length: n }, (_, i) => [i % 3, 0]) }, `${n} arrays`)
  compare({ ...clone(valid), attendees: Array.from({ length: n }, (_, i) => (i % 2 ? 0 : -0)) }, `${n} zeros`)
  compare({ ...clone(valid), attendees: Array.from({ length: n }, (_, i) => (i === n - 1 ? '1' : i)) }, `${n} numbers and a string`)
  compare({ ...clone(valid), attendees: Array.from({ length: n }, () => undefined) }, `${n} undefined`)
  compare({ ...clone(valid), attendees: new Array(n) }, `${n} holes`)
}
// Cycles, shared subtrees, class instances, getters, prototypes.
{
  const a = clone(valid); a.self = a; a.attendees.push(a); compare(a, 'a cycle through the root')
  const b = clone(valid); b.attendees[0].me = b.attendees[0]; compare(b, 'a cycle in an attendee')
  const c = clone(valid); c.attendees = [c.attendees[0], c.attendees[0]]; compare(c, 'a shared attendee')
  const d = clone(valid); const x = [1]; x.push(x); const y = [1]; y.push(y); d.attendees = [x, y]; compare(d, 'equal cycles')
  class Point { constructor() { this.email = 'a@b.c'; this.optional = true } }
  compare({ ...clone(valid), attendees: [new Point()] }, 'a class instance')
  compare(new Point(), 'a class instance root')
  const nul = Object.assign(Object.create(null), clone(valid)); compare(nul, 'a null-prototype root')
  const g = clone(valid); Object.defineProperty(g, 'title', { get() { throw new Error('boom') }, enumerable: true }); compare(g, 'a throwing getter')
  const h = clone(valid); Object.defineProperty(h, 'hidden', { value: 1, enumerable: false }); compare(h, 'a non-enumerable key')
  const deep = clone(valid); let n = []; deep.attendees = [n, []]; for (let i = 0; i < 100000; i++) n = n[0] = []; deepOnly = true; compare(deep, 'nesting 100,000 deep'); deepOnly = false
  Object.prototype.title = 'polluted'; Object.prototype.email = 'a@b.c'
  try { compare({ start: '2024-01-01T00:00:00Z', durationMinutes: 30, room: 'oslo', attendees: [{ optional: true }] }, 'polluted Object.prototype') } finally { delete Object.prototype.title; delete Object.prototype.email }
}
// Seeded random mutants: one to four changes at random places.
let seed = 12345
const random = (n) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed % n }
const roots = [valid, { title: 'abc', start: '2024-01-01T00:00:00Z', attendees: Array.from({ length: 18 }, (_, i) => person(i)) }]
for (let r = 0; r < 4000; r++) {
  let d = clone(roots[random(roots.length)])
  const changes = 1 + random(4)
  for (let c = 0; c < changes; c++) {
    const ps = places(d)
    if (ps.length === 0) break
    const path = ps[random(ps.length)]
    const kind = random(4)
    const v = POOL[random(POOL.length)]
    if (kind === 0) d = remove(d, path)
    else if (kind === 3) { const p = at(d, path); if (typeof p === 'object' && p !== null && !Array.isArray(p)) p[`k${random(5)}`] = random(3) }
    else d = set(d, path, v)
  }
  compare(d, `random mutant ${r}`)
}
// The JSON Schema views.
for (const target of [undefined, 'draft-2020-12', 'draft-07', 'openapi-3.0', 'draft-04', 'toString', 5]) {
  for (const side of ['input', 'output']) {
    const run = (f) => { try { return { value: f() } } catch (e) { return { threw: e.message } } }
    const options = target === undefined ? undefined : { target }
    const want = run(() => runtime['~standard'].jsonSchema[side](options))
    for (const [name, m] of [['hand-written', hand], ['generated', generated]]) {
      compared++
      const have = run(() => m.standardSchema['~standard'].jsonSchema[side](options))
      if (!isDeepStrictEqual(have, want) && ++differences <= 10) console.log(`DIFFERENT ${name} view ${side} ${target}: ${inspect(have)} vs ${inspect(want)}`)
    }
  }
}
if (!isDeepStrictEqual(hand.schema, JSON.parse(schemaText))) { differences++; console.log('DIFFERENT schema export') }
console.log(`${compared} comparisons (${invalid} invalid values), ${differences} differences`)

// Sizes, as bench/compiled.mjs measures them.
const esbuild = await import(pathToFileURL(join(root, 'node_modules/esbuild/lib/main.js')).href)
async function bundled(file) {
  const r = await esbuild.build({ entryPoints: [file], bundle: true, minify: true, format: 'esm', platform: 'neutral', write: false, alias: { 'schemavet/runtime': join(root, 'dist/runtime.js'), 'schemavet/runtime/interpreter': join(root, 'dist/runtime/interpreter.js') }, external: ['node:*'], logLevel: 'silent', mainFields: ['module', 'main'] })
  const text = r.outputFiles[0].text
  return `${text.length} min, ${gzipSync(text).length} min+gzip bytes`
}
writeFileSync(join(dir, 'generated-plain.mjs'), generatedCode)
console.log(`hand-written: ${await bundled(join(root, 'bench/handwritten/tool-input.mjs'))}`)
console.log(`schemavet compile: ${await bundled(join(dir, 'generated-plain.mjs'))}`)
rmSync(dir, { recursive: true, force: true })
process.exit(differences === 0 ? 0 : 1)
