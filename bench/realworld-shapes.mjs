// The last real-world run (bench/realworld-results.json, written by `npm run bench:realworld`)
// grouped by schema shape: per shape, how many sample schemas have it and their geometric-mean
// ratios against the best correct peer. For saying on how many corpus schemas a mechanism acts,
// and for seeing whether a fix moved its group.
//
//   node bench/realworld-shapes.mjs [shape]     the table; with a shape name, its worst schemas
//   ... --lenient-invalid                       as bench/realworld.mjs --lenient-invalid
//
// No timing here: it reads the results file and the corpus schemas.
import { existsSync, readFileSync } from 'node:fs'

const results = new URL('./realworld-results.json', import.meta.url)
const dir = new URL('../../shared/corpus/maskbench/', import.meta.url)
if (!existsSync(results)) {
  console.error('no bench/realworld-results.json: run `npm run bench:realworld` first (the default run writes it)')
  process.exit(1)
}
const R = JSON.parse(readFileSync(results, 'utf8'))
const peers = Object.keys(R.correctCounts).filter((n) => n !== 'schemavet')

const STRICT_INVALID = !process.argv.includes('--lenient-invalid')

/** schemavet over the fastest correct peer on a measure, as bench/realworld.mjs computes it. */
function ratio(r, measure) {
  const sv = r.libs.schemavet?.[measure]
  let best
  for (const p of peers) {
    if (STRICT_INVALID && measure === 'invalid' && !r.libs[p]?.validOk) continue
    const v = r.libs[p]?.[measure]
    if (v !== undefined && (best === undefined || v > best)) best = v
  }
  return sv !== undefined && best !== undefined ? sv / best : undefined
}

/** Counts of the features the shapes below test, over every schema object in the document. */
function features(schema) {
  const f = { objects: 0, sparse: 0, compoundEnum: 0, decimalMultipleOf: 0, ref: 0, patternProperties: 0, format: 0, not: 0, if: 0, dependencies: 0, uniqueItems: 0, closed: 0, maxLength: 0 }
  const visit = (v, depth) => {
    if (depth > 200 || typeof v !== 'object' || v === null) return
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1))
    f.objects++
    const props = v.properties
    // plugins/applicator/properties.ts walks the object's keys for such a `properties` (SPARSE_FROM)
    if (typeof props === 'object' && props !== null && Object.keys(props).length >= 8 && !('required' in v) && !('additionalProperties' in v)) f.sparse++
    const values = [...(Array.isArray(v.enum) ? v.enum : []), ...('const' in v ? [v.const] : [])]
    if (values.some((x) => typeof x === 'object' && x !== null)) f.compoundEnum++
    if (typeof v.multipleOf === 'number' && !Number.isInteger(v.multipleOf) && !Number.isInteger(Math.log2(v.multipleOf))) f.decimalMultipleOf++
    if (typeof v.$ref === 'string') f.ref++
    if ('patternProperties' in v) f.patternProperties++
    if (typeof v.format === 'string') f.format++
    if ('not' in v) f.not++
    if ('if' in v) f.if++
    if ('dependencies' in v || 'dependentSchemas' in v || 'dependentRequired' in v) f.dependencies++
    if (v.uniqueItems === true) f.uniqueItems++
    if (v.additionalProperties === false) f.closed++
    if (typeof v.maxLength === 'number' || typeof v.minLength === 'number') f.maxLength++
    for (const x of Object.values(v)) visit(x, depth + 1)
  }
  visit(schema, 0)
  return f
}

const shapes = {
  all: () => true,
  sparse: (f) => f.sparse > 0,
  compoundEnum: (f) => f.compoundEnum > 0,
  decimalMultipleOf: (f) => f.decimalMultipleOf > 0,
  'tiny (<= 6 objects)': (f) => f.objects <= 6,
  '7-40 objects': (f) => f.objects > 6 && f.objects <= 40,
  '> 40 objects': (f) => f.objects > 40,
  '> 150 objects': (f) => f.objects > 150,
  ref: (f) => f.ref > 0,
  patternProperties: (f) => f.patternProperties > 0,
  format: (f) => f.format > 0,
  not: (f) => f.not > 0,
  if: (f) => f.if > 0,
  dependencies: (f) => f.dependencies > 0,
  uniqueItems: (f) => f.uniqueItems > 0,
  'additionalProperties: false': (f) => f.closed > 0,
  'minLength / maxLength': (f) => f.maxLength > 0,
}

const rows = R.results.map((r) => ({
  file: r.file,
  f: features(JSON.parse(readFileSync(new URL(r.file, dir), 'utf8')).schema),
  valid: ratio(r, 'valid'),
  invalid: ratio(r, 'invalid'),
  cold: ratio(r, 'cold'),
}))
const geomean = (xs) => (xs.length === 0 ? undefined : Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length))
const x = (v) => (v === undefined ? '-' : `${v.toFixed(2)}x`)
const pick = process.argv.slice(2).find((a) => !a.startsWith('--'))
if (pick !== undefined && shapes[pick] === undefined) {
  console.error(`unknown shape "${pick}"; one of: ${Object.keys(shapes).join(', ')}`)
  process.exit(2)
}
console.log(`${rows.length} schemas of bench/realworld-results.json; ratios against the best correct peer (geometric means)\n`)
console.log('| shape | schemas | valid | below 0.7x | invalid | cold |')
console.log('|---|---:|---:|---:|---:|---:|')
for (const [name, test] of Object.entries(shapes)) {
  const g = rows.filter((r) => test(r.f))
  const of = (m) => g.map((r) => r[m]).filter((v) => v !== undefined)
  console.log(`| ${name} | ${g.length} | ${x(geomean(of('valid')))} | ${of('valid').filter((v) => v < 0.7).length} | ${x(geomean(of('invalid')))} | ${x(geomean(of('cold')))} |`)
}
if (pick !== undefined) {
  console.log(`\nWorst fifteen with shape "${pick}" (by valid ratio):\n`)
  const worst = rows.filter((r) => shapes[pick](r.f) && r.valid !== undefined).sort((a, b) => a.valid - b.valid).slice(0, 15)
  for (const r of worst) console.log(`${r.file}  valid ${x(r.valid)}  invalid ${x(r.invalid)}  cold ${x(r.cold)}  (${r.f.objects} objects)`)
}
