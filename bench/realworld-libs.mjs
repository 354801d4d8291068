// The libraries of the real-world suite (bench/realworld.mjs, bench/realworld-one.mjs), each
// behind compile(schema, dialect) -> (data) => boolean, in the dialect the schema's `$schema`
// names, with format assertion on and unknown keywords allowed.
import { createRequire } from 'node:module'
import { newJSONSchema } from '../dist/index.js'
// The whole library, as before the optional parts had entries of their own.
import '../dist/idn.js'
import '../dist/linear-regex.js'

// ── peers, dialect-aware ─────────────────────────────────────────────────────────────────────
const require = createRequire(new URL('./package.json', import.meta.url))
const unwrap = (m) => m?.default ?? m
const load = (pkg) => {
  try {
    return require(pkg)
  } catch {
    return undefined
  }
}
const Ajv07 = unwrap(load('ajv'))
const Ajv2019 = unwrap(load('ajv/dist/2019'))
const Ajv2020 = unwrap(load('ajv/dist/2020'))
const AjvDraft04 = unwrap(load('ajv-draft-04'))
const addFormats = unwrap(load('ajv-formats'))
const ata = load('ata-validator')
const schemasafe = load('@exodus/schemasafe')
const cfworker = load('@cfworker/json-schema')
const typebox = await import('typebox/compile').catch(() => undefined)

/** `'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12'` from `$schema`; none: 2020-12. */
export function dialectOf(schema) {
  const s = typeof schema === 'object' && schema !== null && typeof schema.$schema === 'string' ? schema.$schema : ''
  if (s.includes('draft-04')) return 'draft-04'
  if (s.includes('draft-06')) return 'draft-06'
  if (s.includes('draft-07')) return 'draft-07'
  if (s.includes('2019-09')) return '2019-09'
  return '2020-12'
}

const ajvOptions = { strict: false, allErrors: false, logger: false }
const ajvs = {}
/** One ajv per dialect and format mode (`annotate`: no ajv-formats, an unknown format is ignored). */
function ajvFor(dialect, formats = 'assert') {
  const key = `${dialect} ${formats}`
  if (ajvs[key] !== undefined) return ajvs[key]
  const make = {
    'draft-04': AjvDraft04,
    'draft-06': Ajv07,
    'draft-07': Ajv07,
    '2019-09': Ajv2019,
    '2020-12': Ajv2020,
  }[dialect]
  if (make === undefined) throw new Error(`ajv for ${dialect} is not installed`)
  const a = new make(ajvOptions)
  if (dialect === 'draft-06') a.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'))
  if (formats === 'assert') addFormats(a)
  return (ajvs[key] = a)
}
const cfDraft = { 'draft-04': '4', 'draft-06': '7', 'draft-07': '7', '2019-09': '2019-09', '2020-12': '2020-12' }

// Cold copies: bench/realworld-sample.mjs (shared with the cold-stream scripts).
export { unseenCopy } from './realworld-sample.mjs'

// compile(schema, dialect, formats) -> (data) => boolean; release(schema, dialect, formats)
// forgets what compile kept. `formats`: 'assert' (default) or 'annotate' (the catalogue's rule);
// libraries without a switch for it keep their default (a peer that rejects a valid document is
// then not correct on that schema).
export const libraries = [
  // The boolean answer, as every peer here is timed (isValid builds no issue; the rows of
  // bench/harness.mjs time validate() with its issues).
  { name: 'schemavet', compile: (s, _dialect, formats = 'assert') => { const v = newJSONSchema(s, { formats }); return (d) => v.isValid(d) } },
  Ajv07 && addFormats && {
    name: 'ajv',
    compile: (s, dialect, formats) => ajvFor(dialect, formats).compile(s),
    release: (s, dialect, formats) => ajvFor(dialect, formats).removeSchema(s),
  },
  ata && { name: 'ata', compile: (s) => { const v = new ata.Validator(s, { useDefaults: false }); return (d) => v.isValidObject(d) } },
  schemasafe && { name: 'schemasafe', compile: (s) => schemasafe.validator(s, { allowUnusedKeywords: true }) },
  typebox && { name: 'typebox', compile: (s) => { const v = (typebox.Compile ?? typebox.default)(s); return (d) => v.Check(d) } },
  cfworker && { name: 'cfworker', compile: (s, dialect) => { const v = new cfworker.Validator(s, cfDraft[dialect]); return (d) => v.validate(d).valid } },
].filter(Boolean)
export const peers = libraries.filter((l) => l.name !== 'schemavet')

