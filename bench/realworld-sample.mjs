// The real-world suite's sample and its cold copies, shared by bench/realworld.mjs,
// bench/cold-stream.mjs and bench/cold-compare.mjs. Imports no library (cold-compare loads two
// builds of schemavet of its own choosing).
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Every EVERY-th corpus file by name (byte order) among those with a valid instance: fixed before the first measurement. */
export const EVERY = 12
export const corpusDir = fileURLToPath(new URL('../../shared/corpus/maskbench/', import.meta.url))
/** SchemaStore's schemas with the catalogue's own test documents (`{ schema, tests, remotes }` per file). */
export const schemaStoreDir = fileURLToPath(new URL('../../shared/corpus/schemastore/', import.meta.url))
/** Configuration-file schemas with documents from real repositories: a folder each, `schema.json` + `instances.jsonl`. */
export const catalogueDir = fileURLToPath(new URL('../../shared/corpus/catalogue/', import.meta.url))

/** `{ files, withValid: { file, doc }[], sample: { file, doc }[] }`; throws when the corpus is not beside the project. */
export function readSample() {
  if (!existsSync(corpusDir)) throw new Error(`no corpus at ${corpusDir}: the real-world suite needs ../shared/corpus beside the project`)
  const files = readdirSync(corpusDir).filter((f) => f.endsWith('.json')).sort()
  const withValid = []
  for (const file of files) {
    const doc = JSON.parse(readFileSync(corpusDir + file, 'utf8'))
    if (Array.isArray(doc.tests) && doc.tests.some((t) => t.valid === true)) withValid.push({ file, doc })
  }
  return { files, withValid, sample: withValid.filter((_, i) => i % EVERY === 0) }
}

/**
 * The catalogue: every folder, as `{ file, doc: { schema, tests } }` with every document labelled
 * valid (they were collected from repositories that use the schema). Read in place, never copied.
 */
export function readCatalogue() {
  if (!existsSync(catalogueDir)) throw new Error(`no catalogue at ${catalogueDir}: the real-world suite needs ../shared/corpus beside the project`)
  const out = []
  for (const name of readdirSync(catalogueDir).sort()) {
    const schemaFile = `${catalogueDir}${name}/schema.json`
    const instancesFile = `${catalogueDir}${name}/instances.jsonl`
    if (!existsSync(schemaFile) || !existsSync(instancesFile)) continue
    const tests = readFileSync(instancesFile, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => ({ data: JSON.parse(l), valid: true }))
    out.push({ file: name, doc: { schema: JSON.parse(readFileSync(schemaFile, 'utf8')), tests }, schemaFile, instancesFile })
  }
  return out
}

/**
 * SchemaStore's files with at least one valid document, except those whose schema references
 * another file (`remotes`): every library would need its own way of registering those (1 of 470).
 * `{ files, kept, skipped }`.
 */
export function readSchemaStore() {
  if (!existsSync(schemaStoreDir)) throw new Error(`no SchemaStore folder at ${schemaStoreDir}: the real-world suite needs ../shared/corpus beside the project`)
  const files = readdirSync(schemaStoreDir).filter((f) => f.endsWith('.json')).sort()
  const kept = []
  let skipped = 0
  for (const file of files) {
    const doc = JSON.parse(readFileSync(schemaStoreDir + file, 'utf8'))
    if (!Array.isArray(doc.tests) || !doc.tests.some((t) => t.valid === true)) continue
    if (doc.remotes !== undefined && Object.keys(doc.remotes).length > 0) {
      skipped++
      continue
    }
    kept.push({ file, doc })
  }
  return { files, kept, skipped }
}

let copies = 0
/**
 * A deep copy of `schema` that no library has seen: its root `$comment` names a fresh number, so
 * a cache keyed by the schema's text (ata-validator keeps one per process) or by the object
 * misses, as it does for a new tool's schema. Only an annotation changes (`$comment` is unknown
 * before draft-07, and every library here allows unknown keywords).
 */
export function unseenCopy(schema) {
  const copy = structuredClone(schema)
  if (typeof copy !== 'object' || copy === null || Array.isArray(copy)) return copy
  const mark = `cold copy ${++copies}`
  if (copy.$comment === undefined) copy.$comment = mark
  else if (typeof copy.$comment === 'string') copy.$comment += ` (${mark})`
  return copy
}
